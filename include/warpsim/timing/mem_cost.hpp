// The cost of one warp-wide memory access: shared-memory bank wavefronts and global-memory coalescing.
//
// Models: shared memory as `banks` banks of `bank_bytes`-wide words (word w lives in bank w mod banks); lanes
// reading the same word are served together (broadcast), and each bank serves one distinct word per
// wavefront, so the access takes as many wavefronts as the most-used bank has distinct words; a wide access
// (64 or 128 bits per lane) in phases of lanes, each counted so (smem_cost's phase_bytes). Global
// accesses are split into 32-byte sectors and 128-byte lines; the coalescer sends each distinct sector once.
// Local memory as the hardware lays it out: consecutive lanes' words at one local offset are adjacent.
// Every function writes into buffers the caller keeps (MemScratch), so a warp access allocates nothing.
// Leaves out: phases for the wide accesses ptxas makes of scalar ones (lower/ptxas_model.hpp: each part is counted as
// its own 4-byte access), the 128-byte-per-wavefront limit without phases, shared-memory atomics'
// read-modify-write passes, and what happens to the sectors (timing/l1_cache.hpp, timing/memory_system.hpp).
#pragma once

#include <warpsim/source/instruction_source.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

// The memory hierarchy's granularity on every NVIDIA GPU since Volta: 128-byte cache lines of four 32-byte sectors
// (CUDA C++ Best Practices Guide, "Coalesced Access to Global Memory"; Nsight Compute's l1tex/lts sector metrics).
// SectorCache's per-line sector masks are built for this shape, so it is a constant, not a GPU parameter.
inline constexpr std::uint64_t kSectorBytes = 32, kLineBytes = 128;

// Local memory: each warp's window sits above every global address (kLocalBase), kLocalWindow bytes per warp = 32
// lanes x 512 KiB, CUDA's maximum local memory per thread (CUDA C++ Programming Guide, "Features and Technical
// Specifications": 512 KB local memory per thread).
inline constexpr std::uint64_t kLocalBase = std::uint64_t{1} << 56;
inline constexpr std::uint64_t kLocalWindow = std::uint64_t{32} << 19;

// Buffers reused across accesses.
struct MemScratch {
  std::vector<std::uint64_t> words, sectors, addrs;
  std::vector<std::uint32_t> per_bank;
  std::vector<unsigned> same;
  std::vector<unsigned> operand_bytes;  // atomics: per sector, the bytes of the lanes' operands in it
  std::vector<unsigned> covered_bytes;  // atomics: per sector, the bytes of its distinct addresses; stores: byte masks
};

struct SmemCost {
  std::uint32_t wavefronts = 0;        // >= 1 for an access with executed lanes
  std::uint32_t ideal_wavefronts = 0;  // distinct words / banks, rounded up: what a conflict-free access needs
};
// With phase_bytes (mem.smem_phase_bytes) non-zero, an access of more than phase_bytes per warp (32 lanes x its
// bytes per lane) is served in phases of phase_bytes / (bytes per lane) consecutive lanes, one after another: its
// wavefronts and conflict-free wavefronts are the sums of its phases' (the H200 serves 64-bit accesses a half-warp
// and 128-bit ones a quarter-warp at a time). A load's two neighbouring phases (lanes 0-15 and 16-31 of a 64-bit
// access, 0-15 or 16-31 of a 128-bit one) are one phase when each lane pair (2l, 2l + 1) in them reads one address:
// a 128-bit load whose half-warps each read one address takes 2 wavefronts, not 4 (traces/ubench_smem_wide's 27
// patterns on an H100, 2026-12-06; stores were not measured and keep their phases). 0: the whole warp at once.
SmemCost smem_cost(const source::MemAccess& m, LaneMask lanes, unsigned banks, unsigned bank_bytes, MemScratch& s,
                   unsigned phase_bytes = 0);

// The distinct sectors (address / 32) of a global access, sorted, into s.sectors.
void global_sectors(const source::MemAccess& m, LaneMask lanes, MemScratch& s);
// The same for a local access of grid warp number `warp`, at the addresses the hardware's interleaving gives.
void local_sectors(const source::MemAccess& m, LaneMask lanes, std::uint64_t warp, MemScratch& s);
// Distinct 128-byte lines among sorted sectors.
std::uint32_t distinct_lines(const std::vector<std::uint64_t>& sectors);

// For an atomic: per sector of s.sectors, the most lanes that target one address in it (the L2 atomic unit serves
// lanes on one address one after another, different words in parallel), into s.same.
void same_address_lanes(const source::MemAccess& m, LaneMask lanes, MemScratch& s);
// Stores: per sector of s.sectors (global_sectors first), how many of its 32 bytes the warp writes, into s.same, and
// which (bit b: byte b), into s.covered_bytes.
void store_bytes(const source::MemAccess& m, LaneMask lanes, MemScratch& s);

}  // namespace warpsim::timing
