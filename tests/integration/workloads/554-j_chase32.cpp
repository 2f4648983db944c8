// Workload test j_chase32 (traces/j_chase32, judgement set). chain_setup(next, nodes, L) writes, for every
// node g < nodes, next[32 g] = 32 (base + (1103515245 k + 12345) mod L) with base = g - g mod L, k = g mod L
// (L a power of two), and leaves the other 31 words of each 128-byte node at zero; chase32(next, out, L, steps)
// starts thread t at word 32 (t L + (t * 2654435761 mod 2^32) mod L), takes `steps` steps j = next[j] and
// stores j in out[t]. Launches: setup over chain_l2 (65,536 nodes, L = 128), chase (4 x 128, 1024 steps) into
// out_l2; setup over chain_dram (1,048,576 nodes, L = 2048), chase (4 x 128, 1024 steps) into out_dram. The test
// checks both chain buffers word by word, that each thread's cycle has full length L inside its own L nodes
// (so no two lanes share a line), and both out buffers against a CPU walk of the reference chains.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_pair(const wl::sim::RunResult& r, std::size_t setup, const std::string& chain_name,
                       const std::string& out_name, std::uint32_t want_nodes, std::uint32_t want_l) {
  const auto& s = r.config.kernels[setup];
  const auto& c = r.config.kernels[setup + 1];
  REQUIRE(s.args.size() == 3);
  REQUIRE(c.args.size() == 4);
  const std::uint32_t nodes = static_cast<std::uint32_t>(s.args[1].bits);
  const std::uint32_t l = static_cast<std::uint32_t>(s.args[2].bits);
  const std::uint32_t steps = static_cast<std::uint32_t>(c.args[3].bits);
  CHECK(nodes == want_nodes);
  CHECK(l == want_l);
  CHECK(c.args[2].bits == l);
  CHECK(steps == 1024u);
  REQUIRE((l & (l - 1)) == 0);

  std::vector<std::uint32_t> next = wl::initial<std::uint32_t>(r.config, chain_name);
  REQUIRE(next.size() == std::size_t{nodes} * 32);
  for (std::uint32_t g = 0; g < nodes; ++g) {
    const std::uint32_t base = g - g % l, k = g % l;
    next[std::size_t{g} * 32] = 32 * (base + (1103515245u * k + 12345u) % l);
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, chain_name), next, chain_name);

  const std::uint32_t threads = 4 * 128;
  REQUIRE(std::uint64_t{threads} * l <= nodes);
  // Thread 0's cycle (every thread's has the same shape, offset by t L) visits all L nodes of its region.
  {
    std::vector<std::uint8_t> seen(l, 0);
    std::uint32_t j = 0, len = 0;
    do {
      CHECK(j / 32 < l);
      seen[j / 32] = 1;
      j = next[j];
      ++len;
    } while (j != 0 && len <= l);
    CHECK(len == l);
    CHECK(std::all_of(seen.begin(), seen.end(), [](std::uint8_t b) { return b == 1; }));
  }
  std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, out_name);
  REQUIRE(out.size() == threads);
  for (std::uint32_t t = 0; t < threads; ++t) {
    std::uint32_t j = (t * l + ((t * 2654435761u) & (l - 1))) * 32;
    for (std::uint32_t i = 0; i < steps; ++i) {
      j = next[j];
      REQUIRE(j / 32 / l == t);  // stays in the thread's own nodes
    }
    out[t] = j;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, out_name), out, out_name);
  wl::check_launch(r, setup, "chain_setup", (nodes + 255) / 256, (nodes + 255) / 256 * 8);
  wl::check_launch(r, setup + 1, "chase32", 4, 16);
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 4);
  check_pair(r, 0, "chain_l2", "out_l2", 65536u, 128u);
  check_pair(r, 2, "chain_dram", "out_dram", 1u << 20, 2048u);
}

TEST_CASE("j_chase32: 32 independent pointer chains per warp over 8 MiB and 128 MiB (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_chase32")));
}

TEST_CASE("j_chase32: 32 independent pointer chains per warp over 8 MiB and 128 MiB (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_chase32"));
}

}  // namespace WARPSIM_UNITY_ID
