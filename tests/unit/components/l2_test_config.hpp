// A small L2 for the memory-system component tests (78x): one slice of 1 MiB, 4 ways, one sector per cycle, hits
// 200 cycles, DRAM 32 bytes per cycle and 500 cycles; tests change what they exercise.
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

}  // namespace l2test
