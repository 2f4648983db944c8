// Small L2s for the memory-system component tests (78x): one slice of 1 MiB, 4 ways, one sector per cycle, hits
// 200 cycles, DRAM 32 bytes per cycle and 500 cycles; or two slices in two partitions by byte-address bit 12, DRAM
// 64 bytes per cycle. Tests change what they exercise.
#pragma once

#include <warpsim/timing/memory_system.hpp>

namespace l2test {

inline warpsim::timing::MemoryConfig one_slice() {
  warpsim::timing::MemoryConfig c;
  c.l2_slices = 1;
  c.l2_size = 1 << 20;
  c.l2_assoc = 4;
  c.l2_sectors_per_cycle_per_slice = 1;
  c.l2_hit_latency = 200;
  c.dram.bytes_per_cycle = 32;
  c.dram.latency = 500;
  return c;
}

inline warpsim::timing::MemoryConfig two_partitions() {
  warpsim::timing::MemoryConfig c = one_slice();
  c.l2_slices = 2;
  c.dram.bytes_per_cycle = 64;
  c.partitions = 2;
  c.partition_mask = std::uint64_t{1} << 12;  // byte-address bit 12
  return c;
}

}  // namespace l2test
