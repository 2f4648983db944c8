// Workload test ubench_pipe_tput (traces/ubench_pipe_tput): nine one-CTA launches of W warps whose threads run 256
// steps of 8 independent chains of IMAD, LOP3, IADD3 or FFMA (or 4 + 4 of two). The CPU replays them: thread t of
// launch k starts chain u at x = 8t + u (u32) or f = float(t + u) * 0.001f (f32), applies x * a + b, (x ^ a) & b,
// x + (a ^ 16u * u) or fmaf(f, fa, fb) 256 times and leaves the XOR of its chains (f32 as bits) in
// out[k * 1024 + t]; the rest of out stays zero; each launch's entry, CTAs and warps are checked, and every cyc[k]
// is nonzero.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_pipe_tput/h200.json; test 787 checks the FMA units).
#include "workload_util.hpp"

#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 9);
  std::vector<std::uint32_t> out(9 * 1024, 0);
  for (std::size_t k = 0; k < 9; ++k) {
    const auto& spec = r.config.kernels[k];
    const auto& args = spec.args;
    REQUIRE(args[7].bits == k);
    const auto rounds = static_cast<int>(args[2].bits);
    const auto a = static_cast<std::uint32_t>(args[3].bits), b = static_cast<std::uint32_t>(args[4].bits);
    const float fa = std::bit_cast<float>(static_cast<std::uint32_t>(args[5].bits));
    const float fb = std::bit_cast<float>(static_cast<std::uint32_t>(args[6].bits));
    const std::string entry = spec.entry;
    const auto threads = spec.block.x;
    wl::check_launch(r, k, entry, 1, threads / 32);
    const int kind = entry == "pipe_imad" ? 0 : entry == "pipe_lop3" ? 1 : entry == "pipe_iadd" ? 2
                     : entry == "pipe_ffma" ? 3 : entry == "pipe_imad_lop3" ? 4 : 5;
    REQUIRE((kind != 5 || entry == "pipe_ffma_imad"));
    for (std::uint32_t t = 0; t < threads; ++t) {
      std::uint32_t v = 0;
      for (std::uint32_t u = 0; u < 8; ++u) {
        std::uint32_t x = t * 8u + u;
        float f = static_cast<float>(t + u) * 0.001f;
        const bool fp = kind == 3 || (kind == 5 && u < 4);
        for (int i = 0; i < rounds; ++i) {
          if (fp) f = std::fmaf(f, fa, fb);
          else if (kind == 0 || kind == 5 || (kind == 4 && u < 4)) x = x * a + b;
          else if (kind == 1 || kind == 4) x = (x ^ a) & b;
          else x = x + (a ^ (16u * u));
        }
        v ^= fp ? std::bit_cast<std::uint32_t>(f) : x;
      }
      out[k * 1024 + t] = v;
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

TEST_CASE("ubench_pipe_tput: independent IMAD, LOP3, IADD3 and FFMA chains from 4 and 32 warps (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_pipe_tput")));
}

TEST_CASE("ubench_pipe_tput: independent IMAD, LOP3, IADD3 and FFMA chains from 4 and 32 warps (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_pipe_tput"));
}

}  // namespace WARPSIM_UNITY_ID
