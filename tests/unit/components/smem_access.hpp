// Shared-memory warp accesses for the 772-773 tests: lane i at base + i x stride, `bytes` each.
#pragma once

#include <warpsim/source/instruction_source.hpp>

namespace smtest {

inline warpsim::source::MemAccess strided(std::uint64_t base, std::uint64_t stride, std::uint32_t bytes = 4) {
  warpsim::source::MemAccess m;
  m.space = warpsim::ir::Space::Shared;
  m.bytes = bytes;
  m.lanes = warpsim::LaneMask::all();
  for (unsigned i = 0; i < warpsim::kWarpSize; ++i) m.addr[i] = base + i * stride;
  return m;
}

}  // namespace smtest
