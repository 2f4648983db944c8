// Workload test ubench_fp64_chain (traces/ubench_fp64_chain): dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001. Checks every element of out against a CPU
// mirror of the chain (launches: slot 0 one warp n = 1024, slot 1 one warp n = 2048, slot 2 four warps n = 1024,
// slot 3 the unroll-by-32 entry, one warp n = 1024; unwritten elements stay 0) and that cyc holds a nonzero
// cycle count exactly where lane 0 of a warp wrote one.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_fp64_chain/h200.json has the H200's).
#include "workload_util.hpp"

static void check_run(const wl::sim::RunResult& r) {
  using T = double;
  const int threads[4] = {32, 32, 128, 32};
  const int steps[4] = {1024, 2048, 1024, 1024};
  std::vector<T> out(512, T(0));
  std::vector<std::uint64_t> written(16, 0);
  for (int slot = 0; slot < 4; ++slot) {
    for (int tid = 0; tid < threads[slot]; ++tid) {
      T x = static_cast<double>(tid) * 0.001;
      for (int i = 0; i < steps[slot]; ++i) x = std::fma(x, 0.999, 0.5);
      out[slot * 128 + tid] = x;
    }
    for (int w = 0; w < threads[slot] / 32; ++w) written[slot * 4 + w] = 1;
  }
  wl::check_equal(wl::final_contents<T>(r, "out"), out, "out");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (int i = 0; i < 16; ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK((cyc[i] != 0) == (written[i] != 0));
  }
  wl::check_launch(r, 0, "fp64_chain", 1, 1);
  wl::check_launch(r, 1, "fp64_chain", 1, 1);
  wl::check_launch(r, 2, "fp64_chain", 1, 4);
  wl::check_launch(r, 3, "fp64_chain_u32", 1, 1);
}

TEST_CASE("ubench_fp64_chain: dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_fp64_chain")));
}

TEST_CASE("ubench_fp64_chain: dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_fp64_chain"));
}
