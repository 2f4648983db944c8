// Workload test j_spmv_csr (traces/j_spmv_csr, judgement set): CSR y = A x for a 16384 x 16384 matrix.
// Launch 0, `csr_row_ptr` (65 x 256): row_ptr[r] = sum of nnz(s) for s < r with nnz(s) = 8 + (s * 7919) mod 25;
// the test builds it by a running sum (not the kernel's closed form) and compares all 16385 entries; the last
// one must equal the length of col and val (327,656). Launch 1, `spmv_csr_scalar` (128 x 128, a row per
// thread): y_scalar[r] = fma chain over the row in order from 0. Launch 2, `spmv_csr_vector` (2048 x 256, a
// warp per row): lane l's partial is the fma chain over nonzeros begin + l, + 32, ... from 0; then five
// steps of sum += shfl.down(sum, off) for off = 16, 8, 4, 2, 1 (a lane whose source lane l + off is past 31
// gets its own value back, as shfl.sync.down with clamp 31 does) and lane 0's sum is y_vector[r]. Both outputs
// are compared bit for bit; col, val and x must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 3);
  const std::uint32_t nrows = static_cast<std::uint32_t>(r.config.kernels[0].args[1].bits);
  CHECK(nrows == 16384u);
  for (std::size_t k = 1; k < 3; ++k) {
    REQUIRE(r.config.kernels[k].args.size() == 6);
    CHECK(r.config.kernels[k].args[5].bits == nrows);
  }
  std::vector<std::uint32_t> row_ptr(nrows + 1, 0);
  for (std::uint32_t s = 0; s < nrows; ++s) row_ptr[s + 1] = row_ptr[s] + 8u + (s * 7919u) % 25u;
  const auto col = wl::initial<std::uint32_t>(r.config, "col");
  const auto val = wl::initial<float>(r.config, "val");
  const auto x = wl::initial<float>(r.config, "x");
  REQUIRE(row_ptr[nrows] == 327656u);
  REQUIRE(col.size() == row_ptr[nrows]);
  REQUIRE(val.size() == row_ptr[nrows]);
  REQUIRE(x.size() == nrows);
  for (std::uint32_t c : col) REQUIRE(c < nrows);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "row_ptr"), row_ptr, "row_ptr");

  std::vector<float> ys(nrows), yv(nrows);
  for (std::uint32_t row = 0; row < nrows; ++row) {
    const std::uint32_t begin = row_ptr[row], end = row_ptr[row + 1];
    float sum = 0.0f;
    for (std::uint32_t j = begin; j < end; ++j) sum = std::fma(val[j], x[col[j]], sum);
    ys[row] = sum;
    float lane[32];
    for (std::uint32_t l = 0; l < 32; ++l) {
      float p = 0.0f;
      for (std::uint32_t j = begin + l; j < end; j += 32) p = std::fma(val[j], x[col[j]], p);
      lane[l] = p;
    }
    for (std::uint32_t off = 16; off > 0; off /= 2) {
      float next[32];
      for (std::uint32_t l = 0; l < 32; ++l) next[l] = lane[l] + (l + off < 32 ? lane[l + off] : lane[l]);
      std::copy(next, next + 32, lane);
    }
    yv[row] = lane[0];
  }
  wl::check_equal(wl::final_contents<float>(r, "y_scalar"), ys, "y_scalar");
  wl::check_equal(wl::final_contents<float>(r, "y_vector"), yv, "y_vector");
  wl::check_unchanged<std::uint32_t>(r, "col");
  wl::check_unchanged<float>(r, "val");
  wl::check_unchanged<float>(r, "x");

  wl::check_launch(r, 0, "csr_row_ptr", 65, 65 * 8);
  wl::check_launch(r, 1, "spmv_csr_scalar", 128, 128 * 4);
  wl::check_launch(r, 2, "spmv_csr_vector", 2048, 2048 * 8);
}

TEST_CASE("j_spmv_csr: scalar and vector CSR SpMV over 16384 rows of 8 to 32 nonzeros (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_spmv_csr")));
}

TEST_CASE("j_spmv_csr: scalar and vector CSR SpMV over 16384 rows of 8 to 32 nonzeros (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_spmv_csr"));
}

}  // namespace WARPSIM_UNITY_ID
