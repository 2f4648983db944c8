// Stores under pressure at L2 (timing/memory_system.hpp, the store handling in grid_timing.cpp):
//  1. a store's sectors are taken by their slice at mem.l2_sectors_per_cycle_per_slice, in arrival order behind
//     what the slice already has; the kernel does not end before the last is taken, and the sub-partition issues
//     no further memory instruction (the Ldst pipe is held) until its last store is no more than
//     mem.store_backpressure_cycles cycles from being taken (accepted - that);
//  2. a dirty line evicted from a slice is written back through that slice's share of the DRAM bandwidth
//     (mem.dram_bytes_per_cycle / mem.l2_slices), and the slice takes nothing more until the write-back has
//     started; write-backs also queue in the GPU-wide DRAM queue that reads wait in.
// Every expected cycle below is derived by hand from tiny.json and the overrides named in each case.
#include "mem_test_util.hpp"

#include <warpsim/ir/program.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Records the cycle of every issued warp-instruction, in issue order (one warp: program order).
struct Issues : warpsim::timing::TraceSink {
  std::vector<std::uint64_t> cycles;
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override { cycles.push_back(e.cycle); }
};

// One warp; lane l's address is out + 128 l (32 lanes: 32 sectors in 32 lines). `stores` stores
// st [out + 128 l + 32 k], tid (k = 0 .. stores-1: store k writes sector k of each of the 32 lines), then if
// `load`, every lane loads out[1] (sector 0 of line 0).
std::string stores_then_load(unsigned stores, bool load) {
  std::string body;
  for (unsigned k = 0; k < stores; ++k) body += fmt::format("  st.global.u32 [%rd3+{}], %r1;\n", 32 * k);
  if (load) body += "  ld.global.u32 %r2, [%rd1+4];\n";
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 128;
  add.s64 %rd3, %rd1, %rd2;
)" + body +
         "  exit;\n}\n";
}

// tiny: ld.param at 0 (ldst, ready 4), cvta at 4 (uniform, ready 6), mov %tid at 5 (ready 7), mul.wide at 7 (int,
// ready 11), add.s64 at 11 (ready 15): the first store issues at 15.
const std::vector<std::uint64_t> kPrologue = {0, 4, 5, 7, 11};

std::vector<std::uint64_t> with_prologue(std::vector<std::uint64_t> rest) {
  std::vector<std::uint64_t> v = kPrologue;
  v.insert(v.end(), rest.begin(), rest.end());
  return v;
}

void check_stores(const std::vector<std::uint32_t>& out, unsigned stores) {
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned k = 0; k < stores; ++k) CHECK(out[32 * l + 8 * k] == l);
}

// Rule 1: one slice taking a sector every 4 cycles; 256 ways in one set, so nothing is evicted.
const std::vector<std::string> kSlowSlice = {"mem.l2_slices=1", "mem.l2_sectors_per_cycle_per_slice=0.25",
                                             "mem.l2_assoc=256"};

}  // namespace

TEST_CASE("a warp's stores queue at a slow L2 slice: the kernel ends when the last sector is taken") {
  // Each store is 32 sectors: L1 is busy 32 / 4 = 8 cycles and lets sector i go at issue + floor(i / 4) (from
  // when L1 is free); the slice takes one every 4 cycles, in arrival order.
  //   store 0 issues at 15: sector i taken at 15 + 4i, the last at 139 (slice free at 143). 139 <= 200
  //     (mem.store_backpressure_cycles): the Ldst pipe is not held; store 1 issues at 16.
  //   store 1 at 16: L1 from 23 (after store 0's 8 cycles) to 31, well before the slice is free: sectors taken
  //     at 143 + 4i, the last at 267 (slice free at 271). 267 - 200 = 67: no memory instruction before 67.
  //   store 2 at 67: L1 67..75; sectors at 271 + 4i, the last at 395 (slice free at 399). Held until 195.
  //   exit issues at 68 (a branch-class instruction: not held). Stores write no register, so without the rule
  //     the kernel would end at 69; it ends when the last sector is taken: 395.
  Issues is;
  const auto r = ttest::run(stores_then_load(3, false), 1, 32, 1024, true, kSlowSlice, {}, 0, &is);
  CHECK(is.cycles == with_prologue({15, 16, 67, 68}));
  CHECK(r.timing.cycles == 395);
  CHECK(r.timing.stats.mem.lts_sectors == 96);
  CHECK(r.timing.stats.mem.dram_bytes_write == 0);  // nothing was evicted:
  CHECK(r.timing.stats.mem.dram_bytes_flushed == 96 * 32);  // all flushed at the end
  check_stores(r.out, 3);
}

TEST_CASE("a load waits to issue until the last store is within mem.store_backpressure_cycles of being taken") {
  // The same three stores, then a load of out[1] (sector 0 of line 0: not in L1, since stores do not allocate
  // there; in L2, which store 0 made present).
  //   stores at 15, 16, 67 as above; the Ldst pipe is held until 395 - 200 = 195: the load issues at 195 (it
  //   depends on nothing, so it would otherwise issue at 68), exit at 196. L1 takes it at 195 (free since 75);
  //   the slice takes it at 399 (after the last store sector) and it hits: 399 + 200 = 599.
  Issues is;
  const auto r = ttest::run(stores_then_load(3, true), 1, 32, 1024, true, kSlowSlice, {}, 0, &is);
  CHECK(is.cycles == with_prologue({15, 16, 67, 195, 196}));
  CHECK(r.timing.cycles == 599);
  CHECK(r.timing.stats.mem.lts_sector_hits == 1);
  CHECK(r.timing.stats.mem.l1_sector_misses == 1);
  check_stores(r.out, 3);

  // The hold is accepted - mem.store_backpressure_cycles: with 100 (and an L2 hit latency of 100), store 0
  // (accepted 139) already holds the pipe to 39.
  //   store 1 at 39 (L1 39..47): taken 143 + 4i, last 267 -> held to 167; store 2 at 167 (L1 167..175): taken
  //   271 + 4i, last 395 -> held to 295; the load issues at 295, exit at 296; the slice takes the load at 399,
  //   a hit: 399 + 100 = 499.
  std::vector<std::string> o = kSlowSlice;
  o.push_back("mem.l2_hit_latency=100");
  o.push_back("mem.store_backpressure_cycles=100");
  Issues is100;
  const auto r100 = ttest::run(stores_then_load(3, true), 1, 32, 1024, true, o, {}, 0, &is100);
  CHECK(is100.cycles == with_prologue({15, 39, 167, 295, 296}));
  CHECK(r100.timing.cycles == 499);

  // One store does not hold the pipe (accepted 139 <= 200): the load issues at 16, enters L1 at 23 (after the
  // store's 8 cycles), and waits at the slice behind the store's sectors until 143: 143 + 200 = 343.
  Issues is1;
  const auto r1 = ttest::run(stores_then_load(1, true), 1, 32, 1024, true, kSlowSlice, {}, 0, &is1);
  CHECK(is1.cycles == with_prologue({15, 16, 17}));
  CHECK(r1.timing.cycles == 343);
}

TEST_CASE("an evicted dirty line is written back at the slice's share of DRAM bandwidth and the slice waits for it") {
  // One slice holding one line (mem.l2_size 128, 1 way): every sector of a new line evicts the line before.
  // mem.dram_bytes_per_cycle 2 with one slice: a 32-byte write-back takes 32 x 1 / 2 = 16 cycles of the slice's
  // path. The slice takes a sector per cycle (tiny's rate), the store's 32 sectors (one per line) leave L1 at
  // 15 + floor(i / 4).
  //   sector 0: taken at 15, a miss into the empty line, dirty. Slice free at 16.
  //   sector 1: taken at 16; evicts line 0 (1 dirty sector): write-back starts at 16 and holds the slice's
  //     path to 32; the slice itself is free at 17 (the write-back has started).
  //   sector 2: taken at 17; evicts line 1: its write-back starts when the path is free, 32 (to 48), and the
  //     slice takes nothing before 32.
  //   sector i >= 3: taken at 16 (i - 1) (when write-back i - 1 started), its own write-back starts at 16 i.
  //   The last, sector 31, is taken at 480 (write-back at 496; the slice is free at 496).
  // The store alone: the kernel ends when its last sector is taken, 480. 31 sectors written back, the last line
  // flushed at the end: 31 x 32 bytes written during the kernel (dram__bytes_write), 32 after it.
  const std::vector<std::string> o = {"mem.l2_slices=1", "mem.l2_size=128", "mem.l2_assoc=1",
                                      "mem.dram_bytes_per_cycle=2"};
  Issues is;
  const auto r = ttest::run(stores_then_load(1, false), 1, 32, 1024, true, o, {}, 0, &is);
  CHECK(is.cycles == with_prologue({15, 16}));
  CHECK(r.timing.cycles == 480);
  CHECK(r.timing.stats.mem.dram_bytes_write == 31 * 32);  // written back during the kernel
  CHECK(r.timing.stats.mem.dram_bytes_flushed == 32);     // the last line, after it
  CHECK(r.timing.stats.mem.lts_sector_misses == 32);
  check_stores(r.out, 1);

  // Then a load of out[1] (line 0, written back long ago): the Ldst pipe is held until 480 - 200 = 280, so it
  // issues at 280 (exit 281); L1 misses at 280; the slice takes it at 496 and misses. The GPU-wide DRAM queue
  // (2 bytes per cycle, 16 cycles a sector) holds the write-backs: write-back 1 queued at 16 runs 16..32, and
  // write-back i (queued at 17, then 16 (i - 1)) runs 16 i .. 16 (i + 1), so write-back 31 runs 496..512. The
  // read starts at 512: data at 512 + 500 (mem.dram_latency) = 1012. (Its fill evicts dirty line 31, written
  // back at 512, after the read.)
  Issues isl;
  const auto rl = ttest::run(stores_then_load(1, true), 1, 32, 1024, true, o, {}, 0, &isl);
  CHECK(isl.cycles == with_prologue({15, 280, 281}));
  CHECK(rl.timing.cycles == 1012);
  CHECK(rl.timing.stats.mem.dram_bytes_read == 32);
  CHECK(rl.timing.stats.mem.dram_bytes_write == 32 * 32);
}

TEST_CASE("a write-back takes 1/slices of the DRAM bandwidth") {
  // Single-thread stores (mtest::chain) to four lines that all fall in slice 0 of 2 (chosen here with the slices'
  // address hash), each slice holding one line (mem.l2_size 256, 1 way), mem.dram_bytes_per_cycle 2: the
  // slice's share is 1 byte per cycle, 32 cycles per 32-byte write-back.
  // Prologue: ld.param at 0 (ready 4), cvta at 4 (ready 6), mov %r3 at 5 (ready 7): store j issues at 7 + j and
  // L1 lets it go at once (one sector: a quarter cycle).
  //   store 0: taken at 7. store 1: at 8, evicts store 0's line, write-back 8..40 (slice free at 9).
  //   store 2: at 9, evicts line 1: write-back 40..72, the slice takes nothing before 40.
  //   store 3: taken at 40 (write-back 72..104): the kernel ends at 40.
  // With one slice (mem.l2_size 128: still one line per slice) the share is the whole 2 bytes per cycle, 16
  // cycles: store 1's write-back 8..24, store 2's 24..40, store 3 taken at 24.
  std::vector<std::string> ops;
  for (std::uint64_t off = 0; ops.size() < 4 && off < 4096 * 4; off += 128) {
    const std::uint64_t line = (warpsim::ir::kBufferBase + off) / 128;
    if ((warpsim::timing::address_hash(line) >> 40) % 2 == 0) ops.push_back(fmt::format("st {}", off));
  }
  REQUIRE(ops.size() == 4);
  const auto two =
      mtest::run_chain(ops, {"mem.l2_slices=2", "mem.l2_size=256", "mem.l2_assoc=1", "mem.dram_bytes_per_cycle=2"});
  CHECK(two.cycles == 40);
  const auto one =
      mtest::run_chain(ops, {"mem.l2_slices=1", "mem.l2_size=128", "mem.l2_assoc=1", "mem.dram_bytes_per_cycle=2"});
  CHECK(one.cycles == 24);
  // Three write-backs during the kernel, store 3's line flushed after it.
  CHECK(two.stats.mem.dram_bytes_write == 3 * 32);
  CHECK(one.stats.mem.dram_bytes_write == 3 * 32);
  CHECK(two.stats.mem.dram_bytes_flushed == 32);
  CHECK(one.stats.mem.dram_bytes_flushed == 32);
}

}  // namespace WARPSIM_UNITY_ID
