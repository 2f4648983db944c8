// 784: the store path's rates and DRAM's write handling (timing/memory_system.hpp, timing/dram.hpp): a store
// takes its slice 1 / mem.l2_store_sectors_per_cycle_per_slice per sector plus mem.l2_store_line_cycles for the
// first sector of each line it misses; mem.l2_dirty_max_lines writes the oldest dirty line back while the kernel
// runs; DRAM writes wait in batches of mem.dram_write_batch_bytes and a batch after reads costs
// mem.dram_turnaround_cycles; every access takes at least mem.dram_burst_bytes of bus time; a missing store waits
// while DRAM is more than mem.dram_queue_cycles behind; atomics on lines of one mem.atomic_unit_bytes block queue at
// one atomic unit; the pieces of a run of mem.atomic_group_blocks blocks are on distinct units.
#include <warpsim/timing/dram.hpp>
#include <warpsim/timing/memory_system.hpp>

#include "l2_test_config.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

using l2test::one_slice;

TEST_CASE("784 stores: 1 / store rate per sector, the line cost on the first sector of a line that misses") {
  MemoryConfig c = one_slice();
  c.l2_store_sectors_per_cycle_per_slice = 0.5;  // 2 cycles per sector
  c.store_line_cycles = 3;
  MemorySystem m(c);
  CHECK(m.access(0, MemOp::Store, 0, 32, 0, true) == 0);    // line 0, miss: the slice is busy to 0 + 2 + 3
  CHECK(m.access(1, MemOp::Store, 0, 32, 0, false) == 5);   // same request, line 0 again: to 5 + 2
  CHECK(m.access(4, MemOp::Store, 0, 32, 0, true) == 7);    // line 1, miss: to 7 + 5
  CHECK(m.access(0, MemOp::Store, 0, 32, 0, true) == 12);   // line 0 present: to 12 + 2 only
  CHECK(m.access(9, MemOp::Store, 0, 32, 0, false) == 14);  // loads keep their own rate:
  CHECK(m.access(1, MemOp::Load, 0, 1, 0, true) == 16 + 200);
}

TEST_CASE("784 mem.l2_dirty_max_lines: the oldest dirty line is written back at once, and a read queues behind") {
  for (const std::uint64_t cap : {0u, 1u}) {
    MemoryConfig c = one_slice();
    c.dram.bytes_per_cycle = 1;  // 32 cycles per sector
    c.dirty_max_lines = cap;
    MemorySystem m(c);
    m.access(0, MemOp::Store, 0, 32);  // line 0 dirty
    m.access(4, MemOp::Store, 0, 32);  // taken at 1, line 1 dirty: over a cap of 1, line 0 goes out (bus 1..33)
    const std::uint64_t load = m.access(8, MemOp::Load, 2, 1);
    CHECK(load == (cap == 0 ? 2 + 500 : 33 + 500));  // its data: DRAM latency after its bus slot begins
    m.finish();
    // Line 0 is written back during the kernel (cap 1) or left dirty and flushed after its end (cap 0, not in
    // dram__bytes_write, as Nsight counts it); line 1 stays dirty either way.
    CHECK(m.stats().dram_bytes_write == (cap == 0 ? 0 : 32));
    CHECK(m.stats().dram_bytes_write + m.stats().dram_bytes_flushed == 64);
  }
}

TEST_CASE("784 DRAM write batches: a batch after reads costs the turnaround, writes alone do not") {
  DramConfig c{32, 100, 0, 0, 64, 0, 10};  // 1 cycle per 32 bytes, batches of 64 bytes, 10 cycles to turn
  Dram d(c);
  CHECK(d.read(0, 0, 32) == 100);    // bus 0..1
  d.write(0, 32);                    // waits in the buffer
  CHECK(d.read(2, 64, 32) == 102);   // bus 2..3: the write has not taken it
  d.write(2, 32);                    // 64 bytes wait: 3 + 10 turnaround, then 13..15
  CHECK(d.read(3, 128, 32) == 115);  // behind the batch
  CHECK(d.bytes_written() == 64);
  Dram w(c);
  w.write(0, 64);                  // no read before it: 0..2
  w.write(0, 64);                  // 2..4
  CHECK(w.read(0, 0, 32) == 104);  // then the read's turn, no turnaround
}

TEST_CASE("784 mem.dram_burst_bytes: a 32-byte access takes a 64-byte burst of bus time, counted as 32 bytes") {
  Dram d(DramConfig{32, 100, 0, 0, 0, 64, 0});
  CHECK(d.read(0, 0, 32) == 100);       // bus 0..2
  CHECK(d.read(0, 3200, 32) == 102);    // behind it
  d.write(0, 32);                       // 4..6
  CHECK(d.read(0, 6400, 128) == 106);   // a whole line: 6..10
  CHECK(d.bytes_read() == 192);
  CHECK(d.bytes_written() == 32);
}

TEST_CASE("784 mem.dram_queue_cycles: a store that misses waits while DRAM is that far behind") {
  for (const unsigned queue : {0u, 10u}) {
    MemoryConfig c = one_slice();
    c.dram.bytes_per_cycle = 1;
    c.partial_write_fill = true;
    c.dram_queue_cycles = queue;
    MemorySystem m(c);
    CHECK(m.access(0, MemOp::Store, 0, 4) == 0);  // its fill takes the bus 0..32
    // the next store is taken at 1, or once DRAM is at most 10 cycles behind: 32 - 10
    CHECK(m.access(4, MemOp::Store, 0, 4) == (queue == 0 ? 1 : 22));
  }
}

TEST_CASE("784 mem.atomic_unit_bytes: atomics on two lines of one block wait for each other") {
  for (const std::uint64_t unit : {128u, 512u}) {
    MemoryConfig c = one_slice();
    c.l2_slices = 64;
    c.l2_size = 64u << 20;
    c.dram.bytes_per_cycle = 1e6;
    c.atomic_same_address_cycles = 10;
    c.atomic_unit_bytes = unit;
    MemorySystem m(c);
    const std::uint64_t a = m.access(0, MemOp::Atomic, 0, 1);  // line 0, one lane: 10 cycles at its unit
    const std::uint64_t b = m.access(4, MemOp::Atomic, 0, 1);  // line 1 (its own slice with 128 bytes)
    CHECK(a == 500 + 10);
    // 128: line 1's own unit; its DRAM read begins a fraction of a cycle after line 0's (rounded up: 501)
    CHECK(b == (unit == 512 ? a + 10 : 501 + 10));
  }
}

TEST_CASE("784 mem.atomic_block_units: a block's 256-byte pieces go to its units in turn") {
  // 1 KiB blocks served by two units, pieces of 256 bytes: pieces 0 and 2 (sectors 0 and 16) at one unit, pieces 1
  // and 3 (sectors 8 and 24) at the other. Each atomic: its DRAM read (500), then 10 cycles at its unit.
  MemoryConfig c = one_slice();
  c.l2_slices = 64;
  c.l2_size = 64u << 20;
  c.dram.bytes_per_cycle = 1e6;
  c.atomic_same_address_cycles = 10;
  c.atomic_unit_bytes = 1024;
  c.atomic_block_units = 2;
  c.atomic_interleave_bytes = 256;
  MemorySystem m(c);
  CHECK(m.access(0, MemOp::Atomic, 0, 1) == 510);
  CHECK(m.access(8, MemOp::Atomic, 0, 1) == 511);   // piece 1: the other unit (its read a fraction later)
  CHECK(m.access(16, MemOp::Atomic, 0, 1) == 520);  // piece 2: piece 0's unit, after it
  CHECK(m.access(24, MemOp::Atomic, 0, 1) == 521);  // piece 3: piece 1's unit
}

TEST_CASE("784 mem.atomic_group_blocks: the 64 pieces of a run of 32 blocks are on 64 of 96 units") {
  // One atomic (one lane, 10 cycles at its unit) on the first sector of pieces 0 and 1 of each 1 KiB block of 32 KiB
  // (pieces 2 and 3 are 0's and 1's units again), all at cycle 1000 on sectors L2 holds (hit latency 200): with runs
  // of 32 blocks none waits for another (1000 + 200 + 10, or 1 more); with each block on its own, 64 pieces hashed onto 96
  // units share some (at least one waits 10 more).
  for (const unsigned run : {32u, 1u}) {
    MemoryConfig c = one_slice();
    c.l2_slices = 64;
    c.l2_size = 64u << 20;
    c.l2_sectors_per_cycle_per_slice = 1e6;
    c.atomic_same_address_cycles = 10;
    c.atomic_unit_bytes = 1024;
    c.atomic_block_units = 2;
    c.atomic_interleave_bytes = 256;
    c.atomic_units = 96;
    c.atomic_group_blocks = run;
    MemorySystem m(c);
    const auto first_sectors = [] {  // of pieces 0 and 1 of blocks 0 .. 31
      std::vector<std::uint64_t> v;
      for (std::uint64_t b = 0; b < 32; ++b) v.insert(v.end(), {32 * b, 32 * b + 8});
      return v;
    }();
    for (const std::uint64_t s : first_sectors) m.access(s, MemOp::Load, 0);
    std::uint64_t lo = ~0ull, hi = 0;
    for (const std::uint64_t s : first_sectors) {
      const std::uint64_t r = m.access(s, MemOp::Atomic, 1000, 1);
      lo = std::min(lo, r);
      hi = std::max(hi, r);
    }
    CHECK(lo == 1210);
    if (run == 32) CHECK(hi <= 1211);  // 1211: L2's slice pipeline, a fraction of a cycle per sector, rounded up
    else CHECK(hi >= 1220);
  }
}

}  // namespace WARPSIM_UNITY_ID
