// Workload test ubench_data_pipe (traces/ubench_data_pipe): one CTA of 16 warps, warps 0-7 issuing 32-way conflicting
// ld.shared, warps 8-15 L1-hit ld.global.ca (32- and 128-bit) or st.global, each role alone and both together.
// The CPU reference replays every thread's xor (its warm-up reads of the global buffer, its shared words, its global
// words) and every store (each warp writes its own words; the last launch's last store to a word stays in dst).
// Timed: each shared-role warp's loop takes at least its own 2,048 wavefronts a step (one a cycle through the banks),
// and the data-pipe counters: l1tex__data_pipe_lsu_wavefronts.sum is the shared wavefronts plus one per 128-byte line
// of every global load and store.
// Leaves out: the cycle values against the GPU (traces/README.md, "The L1 data pipe").
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kThreads = 512, kSmemWords = 2048, kGlobalWords = 16384, kStep = 8;

TEST_CASE("ubench_data_pipe: shared and global accesses through one L1 data pipe (H200, sm_90a PTX), timed",
          "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_data_pipe"), wl::timed_run());
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 7);
  const auto src = wl::initial<std::uint32_t>(r.config, "src");
  std::vector<std::uint32_t> out(wl::buffer_spec(r.config, "out").count, 0);
  std::vector<std::uint32_t> dst(wl::buffer_spec(r.config, "dst").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  std::vector<std::uint32_t> smem(kSmemWords);
  for (unsigned i = 0; i < kSmemWords; ++i) smem[i] = i * 2654435761u;
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<std::uint32_t>(k.args.at(i).bits); };
    const int r_s = static_cast<int>(arg(4)), r_g = static_cast<int>(arg(5));
    const unsigned mode = arg(6), gkind = arg(7), slot = arg(8);
    wl::check_launch(r, launch, "data_pipe", 1, kThreads / 32);
    std::uint64_t global_lines = 0;
    for (unsigned tid = 0; tid < kThreads; ++tid) {
      const unsigned warp = tid / 32, lane = tid % 32;
      std::uint32_t v = tid;
      if (warp >= 8)
        for (unsigned i = tid - 256; i < kGlobalWords; i += 256) v ^= src.at(i);
      if (warp < 8 && (mode & 1u) != 0) {
        for (int i = 0; i < r_s; ++i)
          for (unsigned u = 0; u < kStep; ++u) v ^= smem.at((lane * 32 + ((kStep * i + u) & 31)) & (kSmemWords - 1));
      } else if (warp >= 8 && (mode & 2u) != 0) {
        const unsigned w = warp - 8;
        for (int i = 0; i < r_g; ++i) {
          for (unsigned u = 0; u < kStep; ++u) {
            const unsigned chunk = (kStep * static_cast<unsigned>(i) + u) * 8 + w;
            if (gkind == 0) {
              v ^= src.at(((chunk * 32) & (kGlobalWords - 1)) + lane);
            } else if (gkind == 1) {
              const unsigned q = ((chunk * 32) & (kGlobalWords / 4 - 1)) + lane;
              v ^= src.at(4 * q) ^ src.at(4 * q + 1) ^ src.at(4 * q + 2) ^ src.at(4 * q + 3);
            } else {
              dst.at(((chunk * 32) & (kGlobalWords - 1)) + lane) = v + u;
            }
          }
          if (gkind == 2) v = v * 3u + 1u;
        }
        if (lane == 0) global_lines += std::uint64_t{static_cast<unsigned>(r_g)} * kStep * (gkind == 1 ? 4 : 1);
      }
      out.at(std::size_t{slot} * kThreads + tid) = v;
    }
    for (unsigned warp = 0; warp < 16; ++warp) {
      const std::uint64_t c = cyc.at(16 * slot + warp);
      if (warp < 8 && (mode & 1u) != 0) CHECK(c >= std::uint64_t{static_cast<unsigned>(r_s)} * kStep * 32);
      if (warp >= 8 && (mode & 2u) != 0) CHECK(c >= std::uint64_t{static_cast<unsigned>(r_g)} * kStep);
    }
    // The warm-up reads of the global warps: 64 KiB, 512 lines; the final out store: 16 lines (512 x 4 bytes); the
    // clock stores: one 8-byte word from each warp's lane 0, a line each.
    const auto& st = r.kernels.at(launch).stats;
    const double shared = st.at("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum");
    CHECK(shared == 64 + (mode & 1u ? 8.0 * r_s * kStep * 32 : 0.0));  // + the fill: 64 conflict-free STS
    CHECK(st.at("l1tex__data_pipe_lsu_wavefronts.sum") == shared + static_cast<double>(global_lines) + 512 + 16 + 16);
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "dst"), dst, "dst");
  wl::check_unchanged<std::uint32_t>(r, "src");
}

}  // namespace

}  // namespace WARPSIM_UNITY_ID
