// Workload test ubench_cluster_bw (traces/ubench_cluster_bw): dsmem_stream's res[slot + rank] must be the XOR a CPU
// walk of each thread's 128 loads gives (own array for mode 0, the peer's for modes 1 and 2, nothing for mode 2's
// rank 1). With 1024 threads the loads step 16 KB through a 32 KB array, so each thread reads two vectors 64 times
// each and every XOR is 0: res only shows the loads ran and returned the same words twice. cluster_sync_n's
// clusters of 2, 4, 8 and 16 (non-portable) each count 1024 barriers (res[6..9]); the six cluster_empty launches
// write out[cta] = cta ^ 0x5a5a for all 32,768 CTAs; every cycle count is nonzero. As configured (H200, sm_90a
// PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_cluster_bw/h200.json has the H200's; they calibrate
// cluster.dsmem_bytes_per_cycle, cluster.barrier_cycles(_per_cta) and cluster.dispatch_cycles).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

constexpr std::uint32_t kVecs = 2048, kThreads = 1024, kLoads = 128;

// Word c of vector i of rank `rank`'s array, as the kernel fills it.
std::uint32_t word(std::uint32_t rank, std::uint32_t i, std::uint32_t c) {
  return (((rank << 24) ^ (i * 4u)) + c) * 2654435761u;
}

// The XOR of every word the CTA's threads load from `rank`'s array.
std::uint32_t stream_xor(std::uint32_t rank) {
  std::uint32_t acc = 0;
  for (std::uint32_t t = 0; t < kThreads; ++t)
    for (std::uint32_t j = 0; j < kLoads; ++j) {
      const std::uint32_t i = (t + j * kThreads) % kVecs;
      for (std::uint32_t c = 0; c < 4; ++c) acc ^= word(rank, i, c);
    }
  return acc;
}

void check_run(const wl::sim::RunResult& r) {
  const std::vector<std::uint32_t> res{stream_xor(0), stream_xor(1), stream_xor(1), stream_xor(0), stream_xor(1), 0,
                                       1024,          1024,          1024,          1024};
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), res, "res");
  for (const std::uint64_t c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
  std::vector<std::uint32_t> out(32768);
  for (std::uint32_t c = 0; c < out.size(); ++c) out[c] = c ^ 0x5a5au;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (std::size_t i = 0; i < 3; ++i) wl::check_launch(r, i, "dsmem_stream", 2, 64);
  for (std::size_t i = 0; i < 4; ++i) wl::check_launch(r, 3 + i, "cluster_sync_n", 2u << i, 8u << i);
  for (std::size_t i = 7; i < 13; ++i) wl::check_launch(r, i, "cluster_empty", 32768, 32768);
}

TEST_CASE("ubench_cluster_bw: DSMEM streams, cluster barriers of 2-16 CTAs, empty clusters (H200, sm_90a PTX)",
          "[workloads][cluster]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_cluster_bw")));
}

TEST_CASE("ubench_cluster_bw: DSMEM streams, cluster barriers of 2-16 CTAs, empty clusters (B200, sm_100a PTX)",
          "[workloads][cluster]") {
  check_run(wl::run_b200("ubench_cluster_bw"));
}

}  // namespace WARPSIM_UNITY_ID
