// The cost of one warp-wide memory access: shared-memory bank wavefronts and global-memory coalescing.
//
// Models: shared memory as `banks` banks of `bank_bytes`-wide words (word w lives in bank w mod banks); lanes
// reading the same word are served together (broadcast), and each bank serves one distinct word per
// wavefront, so the access takes as many wavefronts as the most-used bank has distinct words. Global
// accesses are split into 32-byte sectors and 128-byte lines; the coalescer sends each distinct sector once.
// Leaves out: the 128-byte-per-wavefront limit for wide accesses beyond bank conflicts, shared-memory atomics'
// read-modify-write passes, and what happens to the sectors (timing/memory_system.hpp).
#pragma once

#include <warpsim/func/executor.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

inline constexpr std::uint64_t kSectorBytes = 32, kLineBytes = 128;

struct SmemCost {
  std::uint32_t wavefronts = 0;        // >= 1 for an access with executed lanes
  std::uint32_t ideal_wavefronts = 0;  // distinct words / banks, rounded up: what a conflict-free access needs
};
SmemCost smem_cost(const func::MemAccess& m, LaneMask lanes, unsigned banks, unsigned bank_bytes);

struct GlobalCost {
  std::vector<std::uint64_t> sectors;  // distinct sector numbers (address / 32), sorted
  std::uint32_t lines = 0;             // distinct 128-byte lines
};
GlobalCost global_cost(const func::MemAccess& m, LaneMask lanes);

// For an atomic: per sector of `sectors` (global_cost's), the most lanes that target one address in it (the L2
// atomic unit serves lanes on one address one after another, different words in parallel).
std::vector<unsigned> same_address_lanes(const func::MemAccess& m, LaneMask lanes,
                                         const std::vector<std::uint64_t>& sectors);

}  // namespace warpsim::timing
