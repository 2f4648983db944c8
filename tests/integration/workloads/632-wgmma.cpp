// Workload test wgmma (traces/wgmma, written by its gen.py): 35 wgmma.mma_async forms, one warpgroup each, against
// the H200's own results (traces/wgmma/h200-out.json: the full `out` buffer measured on 2026-12-03). Every word of
// every form must equal the H200's bit for bit: integer and b1 forms (s8/u8 with .satfinite, A from registers,
// 128-byte-swizzled and core-matrix layouts), where any difference would be a layout or fragment error, and the
// floating forms (f16, bf16, tf32, e4m3, e5m2 with f32 and f16 accumulators, imm-scale -1, scale-d 0, two chained),
// which pin the tensor cores' sum (src/func/mma_numerics.hpp: alignment to e(a) + e(b), 2 bits below a 24-bit
// significand, or 13 fraction bits and 14 kept bits for fp8, sm.wgmma_fp8_sum_bits). Before that rule the f32 words
// were 93-96 % (f16/bf16/tf32) and 49-70 % (fp8) equal, e4m3's f16 words 50 % (tools/numerics/wgmma_match.py
// reports each candidate rule's share). The form table says what kind each form is, for the message. Run
// functionally (one instruction per CTA).
#include "workload_util.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Form {
  const char* name;
  unsigned words;  // D's words: 128 threads x N/2 (f32, s32) or N/4 (f16)
  int kind;        // 0 integer or b1, 1 f16/bf16/tf32 (f32 or f16 D), 2 e4m3/e5m2
};

// gen.py's order.
const Form kForms[] = {
    {"f16_n64_k_none", 4096, 1},   {"f16_n64_k_32", 4096, 1},    {"f16_n64_k_64", 4096, 1},
    {"f16_n64_k_128", 4096, 1},    {"f16_n64_mn_none", 4096, 1}, {"f16_n64_mn_32", 4096, 1},
    {"f16_n64_mn_64", 4096, 1},    {"f16_n64_mn_128", 4096, 1},  {"f16_n128_mn64_b", 8192, 1},
    {"f16_n8_k_none", 512, 1},     {"f16_n24_k_32", 1536, 1},    {"f16_n256_k_128_areg", 16384, 1},
    {"f16_n128_areg_mn", 8192, 1}, {"f16_n64_hacc", 2048, 1},    {"f16_n64_neg", 4096, 1},
    {"f16_n64_scale0", 4096, 1},   {"f16_n64_chain2", 4096, 1},  {"bf16_n64_k", 4096, 1},
    {"bf16_n64_mn", 4096, 1},      {"bf16_n32_areg", 2048, 1},   {"tf32_n64", 4096, 1},
    {"tf32_n16_areg", 1024, 1},    {"tf32_n64_none", 4096, 1},   {"e4m3_e4m3_n64", 4096, 2},
    {"e5m2_e4m3_n64", 4096, 2},    {"e4m3_e5m2_n64", 4096, 2},   {"e5m2_e5m2_n64", 4096, 2},
    {"e4m3_n64_hacc", 2048, 2},    {"e4m3_n128_areg", 8192, 2},  {"s8_n64", 4096, 0},
    {"u8s8_n64_sat", 4096, 0},     {"s8u8_n32_areg", 2048, 0},   {"u8_n64_none", 4096, 0},
    {"b1_n64", 4096, 0},           {"b1_n16_areg", 1024, 0},
};

std::vector<std::uint32_t> h200_out() {
  std::ifstream f(wl::trace_file("wgmma", "h200-out.json"));
  const auto j = nlohmann::json::parse(f);
  const std::string hex = j.at("hex").get<std::string>();
  std::vector<std::uint32_t> v(hex.size() / 8);
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::uint32_t w = 0;
    for (unsigned b = 0; b < 4; ++b)
      w |= static_cast<std::uint32_t>(std::stoul(hex.substr(8 * i + 2 * b, 2), nullptr, 16)) << (8 * b);
    v[i] = w;
  }
  return v;
}

}  // namespace

TEST_CASE("wgmma: 35 wgmma.mma_async forms against the H200's results (sm_90a PTX)", "[workloads][wgmma]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  const auto r = wl::sim::run_file(wl::trace_json("wgmma"), opts);
  const auto got = wl::final_contents<std::uint32_t>(r, "out");
  const auto want = h200_out();
  REQUIRE(got.size() == want.size());
  std::size_t at = 0;
  for (const Form& f : kForms) {
    std::size_t equal = 0;
    for (std::size_t i = at; i < at + f.words; ++i) equal += got[i] == want[i];
    INFO(f.name << " ("
                << (f.kind == 0   ? "integer"
                    : f.kind == 1 ? "f16/bf16/tf32"
                                  : "fp8")
                << "): " << equal << " of " << f.words << " equal");
    CHECK(equal == f.words);
    at += f.words;
  }
  CHECK(at == want.size());
}

}  // namespace WARPSIM_UNITY_ID
