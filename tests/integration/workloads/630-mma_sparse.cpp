// Workload test mma_sparse (traces/mma_sparse, written by its gen.py): warpsim's results against the H200's recorded
// ones (h200.json, the output buffers as inline hex): every word of mma_sp_exact (32 integer mma.sp /
// mma.sp::ordered_metadata forms: s8/u8, s4/u4, .satfinite, selectors 0 and 1), every word of mma_sp_float (24 f16,
// bf16, tf32, e4m3, e5m2 forms with f16 and f32 D: the tensor cores' sum, src/func/mma_numerics.hpp; before its
// alignment to e(a) + e(b) 89-100 % of the f32 words per form were equal) and every word of mma_m8n8k4 (12 forms: the
// four A/B layouts, f16/f32 C and D, emulated by ptxas in f32 on sm_90) must be bit-identical.
// Leaves out: timing (the launches are tiny).
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

TEST_CASE("mma_sparse: every mma.sp and m8n8k4 result equals the H200's (sm_90a PTX, functional)", "[workloads]") {
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
  // mma_sp_float: 24 forms (warps) x 32 lanes x 8 words (the D registers, the rest zero).
  const auto dfl = wl::final_contents<std::uint32_t>(r, "dfl");
  const auto hdfl = h200_words(h200, "dfl");
  REQUIRE(hdfl.size() == dfl.size());
  REQUIRE(dfl.size() == 24u * 32 * 8);
  std::size_t equal = 0;
  for (std::size_t i = 0; i < dfl.size(); ++i) {
    if (dfl[i] != hdfl[i])
      UNSCOPED_INFO("mma_sp_float form " << i / 256 << " lane " << i / 8 % 32 << " word " << i % 8);
    equal += dfl[i] == hdfl[i];
  }
  CHECK(equal == dfl.size());
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
