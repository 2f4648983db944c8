// 700: an SM's REDs into one line go one request after another (timing/l1_cache.hpp, mem.red_line_request_cycles
// and mem.red_line_lane_cycles): a warp RED is one request per lane on its most-used address, each keeping the
// SM's chain on the line for the request cost plus the lane cost per lane; another line, or another SM's L1, has a
// chain of its own; atomics whose results are read (no red_lane_bytes) and configs with both costs 0 keep none.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
warpsim::config::GpuConfig l2_config() {
  auto g = warpsim::config::load_gpu_config("tiny");
  g.atomic_same_address_cycles = 0;  // the L2's atomic unit costs nothing: only the chain spaces the REDs
  g.atomic_bytes_per_cycle = 0;
  return g;
}
L1Config chained(const warpsim::config::GpuConfig& g) {
  L1Config c = L1Config::from(g);
  c.sectors_per_cycle = 32;
  c.red_request_cycles = 6;
  c.red_lane_cycles = 1;
  return c;
}
// A warp RED of 32 lanes on 32 distinct words of line `line` (4 sectors of 8 lanes, 4 bytes each).
struct Red {
  std::vector<std::uint64_t> sectors;
  std::vector<unsigned> same, operand;
};
Red words32(std::uint64_t line) {
  return {{line * 4, line * 4 + 1, line * 4 + 2, line * 4 + 3}, {1, 1, 1, 1}, {32, 32, 32, 32}};
}
// 32 lanes on one word of line `line`: 32 requests.
Red one_word(std::uint64_t line) { return {{line * 4}, {32}, {128}}; }
std::uint64_t red(L1Cache& l1, MemorySystem& l2, const Red& r, std::uint64_t at, unsigned lane_bytes = 4) {
  return l1.access(r.sectors, MemOp::Atomic, at, r.same, l2, 0, false, false, &r.operand, nullptr, lane_bytes).ready;
}
}  // namespace

TEST_CASE("700 REDs of one SM into one line wait for each other: 6 per request + 1 per lane") {
  const auto g = l2_config();
  MemorySystem l2(g);
  L1Cache l1(chained(g));
  red(l1, l2, words32(0), 0, 0);  // lines 0 and 1 into L2 (atomics without the chain), long before T
  red(l1, l2, one_word(1), 0, 0);
  const std::uint64_t T = 100000;
  const std::uint64_t first = red(l1, l2, words32(0), T);
  // One request of 32 lanes: the chain on line 0 is busy for 6 + 32 cycles.
  CHECK(red(l1, l2, words32(0), T) == first + 38);
  CHECK(red(l1, l2, words32(0), T) == first + 76);
  // Line 1 has a chain of its own: 32 lanes on one word are 32 requests, 32 x 6 + 32 = 224 cycles.
  // (at T + 1000, when the L2's queues are empty again; line 0's chain is still busy until T + 114).
  const std::uint64_t other = red(l1, l2, one_word(1), T + 1000);
  CHECK(other + 8 >= first + 1000);  // a one-sector RED: at most the L2 slice's pace apart
  CHECK(other <= first + 1000);
  CHECK(red(l1, l2, one_word(1), T + 1000) == other + 224);
  // Once the chain is idle a RED goes at once.
  CHECK(red(l1, l2, words32(0), 2 * T) == first + T);
}

TEST_CASE("700 another SM's L1, atomics whose result is read and a config without the chain do not wait") {
  const auto g = l2_config();
  const std::uint64_t T = 100000;
  {
    MemorySystem l2(g);
    L1Cache a(chained(g)), b(chained(g));
    red(a, l2, words32(0), 0, 0);
    const std::uint64_t first = red(a, l2, words32(0), T);
    CHECK(red(b, l2, words32(0), T) <= first + 8);
  }
  {
    MemorySystem l2(g);
    L1Cache l1(chained(g));
    red(l1, l2, words32(0), 0, 0);
    const std::uint64_t first = red(l1, l2, words32(0), T, 0);  // an ATOM: no chain
    CHECK(red(l1, l2, words32(0), T, 0) <= first + 8);
  }
  {
    MemorySystem l2(g);
    L1Config c = chained(g);
    c.red_request_cycles = 0;
    c.red_lane_cycles = 0;
    L1Cache l1(c);
    red(l1, l2, words32(0), 0, 0);
    const std::uint64_t first = red(l1, l2, words32(0), T);
    CHECK(red(l1, l2, words32(0), T) <= first + 8);
  }
}

}  // namespace WARPSIM_UNITY_ID
