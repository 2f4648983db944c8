// Occupancy: how many CTAs of one kernel can be resident on an SM at once, and which resource decides it.
//
// Models: the residency rules of Volta and later GPUs, as NVIDIA's own occupancy calculator
// (cuda_occupancy.h, cudaOccMaxActiveBlocksPerMultiprocessor) applies them, with every hardware fact taken
// from the GpuConfig:
//   registers   regs/thread x warp size, rounded up to regs.alloc_unit, is what one warp gets; each of the
//               sm.sub_partitions holds regs.per_sm / sub_partitions registers and only whole warps, so a
//               CTA's warps must fit in (warps per sub-partition) x sub_partitions. A CTA may use at most
//               regs.max_per_cta, counting its warps rounded up to a multiple of sub_partitions (the
//               hardware's launch check) as well as its real warps.
//   shared mem  static + dynamic bytes plus smem.reserved_per_cta, rounded up to smem.alloc_unit, out of the
//               carve-out: the preferred one (a percentage of smem.per_sm rounded up to the next of
//               smem.carveouts_kib; the largest when there is no preference), or the smallest carve-out
//               that holds one CTA when the preferred one does not. A CTA may hold at most
//               smem.per_cta_max + smem.reserved_per_cta (the kernel is assumed to have opted in).
//   warps       whole warps per CTA against min(sm.max_warps, sm.max_threads / warp size) warp slots; a
//               CTA of more than launch.max_threads_per_cta threads cannot run.
//   blocks      sm.max_ctas CTA slots.
// The CTAs per SM are the smallest of the four. When several are equally small, the limiter is the first of
// warps, registers, shared_mem, blocks: the order in which CUDA's calculator tests them (and the order of
// its OCC_LIMIT_* bits); `limiting` lists all of them.
// Leaves out: pre-Volta rules (L1/shared cache config, partitioned global caching), the named-barrier and
// Blackwell virtual-resource limits (neither has a fact in GpuConfig; with one barrier per CTA the barrier
// limit is never the smallest), clusters (how many fit at once: timing/dispatcher.hpp's max_active_clusters), and
// registers the driver adds for tools.
#pragma once

#include <warpsim/config/gpu_config.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::timing {

// A kernel's per-CTA resource needs.
struct OccupancyRequest {
  unsigned threads_per_cta = 0;
  unsigned regs_per_thread = 0;
  std::uint64_t smem_per_cta = 0;  // static + dynamic shared memory, bytes (without the reserved part)
  // cudaFuncAttributePreferredSharedMemoryCarveout: percent of smem.per_sm in [0, 100]; none = the default
  // (the largest carve-out).
  std::optional<unsigned> carveout_percent;
};

// The four residency limits, in the order CUDA's calculator reports them (the tie order).
enum class Limit { Warps, Registers, SharedMem, Blocks };
std::string_view limit_name(Limit l);  // "warps", "registers", "shared_mem", "blocks"

// A per-limit CTA count for a resource the kernel does not use (0 registers; 0 shared bytes with nothing
// reserved).
inline constexpr unsigned kUnlimited = std::numeric_limits<unsigned>::max();

struct Occupancy {
  unsigned ctas_per_sm = 0;
  unsigned warps_per_sm = 0;
  unsigned threads_per_sm = 0;
  double occupancy = 0.0;        // warps_per_sm / warp_slots
  Limit limiter = Limit::Warps;  // the binding limit (first of `limiting`)
  std::vector<Limit> limiting;   // every limit equal to ctas_per_sm, in tie order

  unsigned ctas_by_warps = 0;
  unsigned ctas_by_registers = 0;   // kUnlimited when the kernel uses no registers
  unsigned ctas_by_shared_mem = 0;  // kUnlimited when a CTA needs no shared memory at all
  unsigned ctas_by_blocks = 0;

  // warps
  unsigned warps_per_cta = 0;  // threads rounded up to whole warps
  unsigned warp_slots = 0;     // resident warps an SM can hold
  // registers
  std::uint64_t regs_per_warp_used = 0;  // regs/thread x warp size, before rounding
  std::uint64_t regs_per_warp = 0;       // allocated per warp, rounded up to regs.alloc_unit
  std::uint64_t regs_per_cta = 0;        // allocated per CTA: regs_per_warp x warps_per_cta
  unsigned regs_per_sub_partition = 0;   // regs.per_sm / sub_partitions
  unsigned warps_per_sub_partition = 0;  // warps one sub-partition's registers hold (0 if no registers used)
  // shared memory
  std::uint64_t smem_per_cta = 0;    // allocated per CTA: request + reserved, rounded to smem.alloc_unit
  std::uint64_t smem_carveout = 0;   // bytes of the carve-out chosen
  std::uint64_t smem_preferred = 0;  // bytes of the carve-out the preference asked for
  // The carve-out the launch runs with (smem.carveout_choice): with a preference, smem_carveout; without, the
  // smallest of smem.default_carveouts_kib holding ctas_per_sm CTAs (occupancy), also holding 2 x ctas_per_sm - 1
  // CTAs (at most sm.max_ctas) as far as smem.carveout_headroom_max_kib (headroom), or the largest. L1 gets the
  // rest of the pool.
  std::uint64_t smem_launch_carveout = 0;

  std::string error;  // why the CTA cannot run at all ("" when ctas_per_sm > 0)
};

// The L1 per SM a launch with shared-memory carve-out `carveout` (bytes) gets: mem.l1_size (what is left beside the
// largest carve-out) plus what `carveout` leaves of smem.per_sm.
inline std::uint64_t launch_l1_bytes(const config::GpuConfig& gpu, std::uint64_t carveout) {
  return gpu.l1_size + (gpu.smem_per_sm - std::min<std::uint64_t>(carveout, gpu.smem_per_sm));
}

// The occupancy of `req` on `gpu`. When the CTA cannot run at all, ctas_per_sm is 0, the limits that are 0
// are named in `limiting`, and `error` says why in CUDA's words (for example "too many resources requested
// for launch (cudaErrorLaunchOutOfResources): 255 registers x 1024 threads exceeds the 65536 registers of
// an SM ..."). Throws warpsim::Error(ErrorKind::Input) for a carve-out preference above 100 %, and
// (ErrorKind::Config) when no configured carve-out can hold a CTA that passes the per-CTA limit.
Occupancy explain_occupancy(const config::GpuConfig& gpu, const OccupancyRequest& req);

// As explain_occupancy, but a CTA that cannot run is a warpsim::Error(ErrorKind::Launch) carrying `error`.
Occupancy compute_occupancy(const config::GpuConfig& gpu, const OccupancyRequest& req);

}  // namespace warpsim::timing
