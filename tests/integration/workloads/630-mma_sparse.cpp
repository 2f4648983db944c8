// Workload test mma_sparse (traces/mma_sparse, written by its gen.py): warpsim's results against the H200's recorded
// ones (h200.json, the output buffers as inline hex): every word of mma_sp_exact (32 integer mma.sp /
// mma.sp::ordered_metadata forms: s8/u8, s4/u4, .satfinite, selectors 0 and 1), every f16 D word of mma_sp_float
// (f16 m16n8k16/k32, both variants) and every word of mma_m8n8k4 (12 forms: the four A/B layouts, f16/f32 C and D,
// emulated by ptxas in f32 on sm_90) must be bit-identical.
// Leaves out: the f32 D words of the float forms (the tensor cores' f32 rounding is matched on 89-100 % of them, not
// all: traces/mma_sparse/compare.py prints the per-form counts), and timing (the launches are tiny).
#include "workload_util.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::vector<std::uint32_t> h200_words(const nlohmann::json& j, const std::string& name) {
  const std::string hex = j.at("buffers").at(name).at("hex").get<std::string>();
  std::vector<std::uint32_t> w(hex.size() / 8);
  for (std::size_t i = 0; i < w.size(); ++i)
    for (unsigned b = 0; b < 4; ++b)
      w[i] |= static_cast<std::uint32_t>(std::stoul(hex.substr(8 * i + 2 * b, 2), nullptr, 16)) << (8 * b);
  return w;
}

}  // namespace

TEST_CASE("mma_sparse: integer mma.sp forms and f16 results equal the H200's (sm_90a PTX, functional)",
          "[workloads]") {
  std::ifstream in(wl::trace_file("mma_sparse", "h200.json"));
  REQUIRE(in.good());
  const nlohmann::json h200 = nlohmann::json::parse(in);
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  const auto r = wl::sim::run_file(wl::trace_json("mma_sparse"), opts);
  const auto di = wl::final_contents<std::uint32_t>(r, "di");
  const auto hdi = h200_words(h200, "di");
  REQUIRE(hdi.size() == di.size());
  for (unsigned w = 0; w < 32; ++w)
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned k = 0; k < 4; ++k) {
        const std::size_t i = (w * 32 + l) * 8 + k;
        INFO("mma_sp_exact form " << w << " lane " << l << " register " << k);
        CHECK(di[i] == hdi[i]);
      }
  // f16 D forms: mma_sp_float warps 0, 1 (.sp) and 12, 13 (::ordered_metadata).
  const auto dfl = wl::final_contents<std::uint32_t>(r, "dfl");
  const auto hdfl = h200_words(h200, "dfl");
  for (unsigned w : {0u, 1u, 12u, 13u})
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned k = 0; k < 2; ++k) {
        const std::size_t i = (w * 32 + l) * 8 + k;
        INFO("mma_sp_float form " << w << " lane " << l << " register " << k);
        CHECK(dfl[i] == hdfl[i]);
      }
  const auto d884 = wl::final_contents<std::uint32_t>(r, "d884");
  const auto hd884 = h200_words(h200, "d884");
  for (unsigned w = 0; w < 12; ++w)
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned k = 0; k < (w % 3 == 0 ? 4u : 8u); ++k) {  // every third form has an f16 D (4 registers)
        const std::size_t i = (w * 32 + l) * 8 + k;
        INFO("mma_m8n8k4 form " << w << " lane " << l << " register " << k);
        CHECK(d884[i] == hd884[i]);
      }
}

}  // namespace WARPSIM_UNITY_ID
