// The MMA operation counter (KernelSummary::mma_flops, `warpsim run`'s "MMA: N FLOPs" line): 2 M N K per
// wgmma.mma_async, summed as each warp of the warpgroup computes its 16 rows, on traces/wgmma's 35 forms (one
// warpgroup each, f16_n64_chain2 issuing two), the expected count computed here from the forms' names (N from "_n",
// K from the A type: 16 for f16/bf16, 8 for tf32, 32 for 8-bit, 256 for b1); the same count in functional and
// timing runs.
#include "workload_util.hpp"

#include <regex>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const char* const kForms[] = {
    "f16_n64_k_none",   "f16_n64_k_32",   "f16_n64_k_64",    "f16_n64_k_128",  "f16_n64_mn_none", "f16_n64_mn_32",
    "f16_n64_mn_64",    "f16_n64_mn_128", "f16_n128_mn64_b", "f16_n8_k_none",  "f16_n24_k_32",    "f16_n256_k_128_areg",
    "f16_n128_areg_mn", "f16_n64_hacc",   "f16_n64_neg",     "f16_n64_scale0", "f16_n64_chain2",  "bf16_n64_k",
    "bf16_n64_mn",      "bf16_n32_areg",  "tf32_n64",        "tf32_n16_areg",  "tf32_n64_none",   "e4m3_e4m3_n64",
    "e5m2_e4m3_n64",    "e4m3_e5m2_n64",  "e5m2_e5m2_n64",   "e4m3_n64_hacc",  "e4m3_n128_areg",  "s8_n64",
    "u8s8_n64_sat",     "s8u8_n32_areg",  "u8_n64_none",     "b1_n64",         "b1_n16_areg",
};

std::uint64_t expected_flops() {
  std::uint64_t total = 0;
  const std::regex n_re("_n([0-9]+)");
  for (const std::string f : kForms) {
    std::smatch m;
    REQUIRE(std::regex_search(f, m, n_re));
    const std::uint64_t n = std::stoull(m[1].str());
    const std::string t = f.substr(0, f.find('_'));
    const std::uint64_t k = t == "f16" || t == "bf16" ? 16 : t == "tf32" ? 8 : t == "b1" ? 256 : 32;
    const std::uint64_t issues = f.find("chain2") != std::string::npos ? 2 : 1;
    total += 2 * 64 * n * k * issues;
  }
  return total;
}

}  // namespace

TEST_CASE("mma_flops: 2 M N K per wgmma.mma_async of traces/wgmma, functional and timed", "[workloads][wgmma]") {
  const std::uint64_t want = expected_flops();
  CHECK(want == 8667136);  // the forms' sum, by hand: a check on the table above
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  const auto f = wl::sim::run_file(wl::trace_json("wgmma"), opts);
  REQUIRE(f.kernels.size() == 1);
  CHECK(f.kernels[0].mma_flops == want);
  const auto t = wl::sim::run_file(wl::trace_json("wgmma"), {});
  REQUIRE(t.kernels.size() == 1);
  CHECK(t.kernels[0].mma_flops == want);
}

}  // namespace WARPSIM_UNITY_ID
