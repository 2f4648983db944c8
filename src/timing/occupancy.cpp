// The occupancy calculator: the four residency limits of occupancy.hpp, each computed from GpuConfig facts
// only, then the smallest one and the tie rule.
// Leaves out: formatting (the CLI explains the numbers); everything occupancy.hpp leaves out.
#include <warpsim/timing/occupancy.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace warpsim::timing {
namespace {

using config::GpuConfig;
using u64 = std::uint64_t;

constexpr const char* kOutOfResources = "too many resources requested for launch (cudaErrorLaunchOutOfResources)";

u64 round_up(u64 x, u64 unit) { return (x + unit - 1) / unit * unit; }
u64 div_up(u64 x, u64 unit) { return (x + unit - 1) / unit; }
unsigned clamp_count(u64 n) { return n >= kUnlimited ? kUnlimited - 1 : static_cast<unsigned>(n); }

// The smallest carve-out of `kibs` of at least `bytes`, or none when even the largest is smaller.
std::optional<u64> carveout_at_least(const std::vector<unsigned>& kibs, u64 bytes) {
  std::optional<u64> best;
  for (unsigned kib : kibs) {
    const u64 c = u64{kib} * 1024;
    if (c >= bytes && (!best || c < *best)) best = c;
  }
  return best;
}

void warps_limit(const GpuConfig& gpu, const OccupancyRequest& req, Occupancy& o, std::vector<std::string>& why) {
  o.warps_per_cta = clamp_count(div_up(req.threads_per_cta, gpu.warp_size));
  o.warp_slots = std::min(gpu.max_warps_per_sm, gpu.max_threads_per_sm / gpu.warp_size);
  if (req.threads_per_cta > gpu.max_threads_per_cta) {
    o.ctas_by_warps = 0;
    why.push_back(
        fmt::format("invalid configuration argument (cudaErrorInvalidConfiguration): block of {} threads "
                    "exceeds the {} threads a block may have (launch.max_threads_per_cta)",
                    req.threads_per_cta, gpu.max_threads_per_cta));
    return;
  }
  o.ctas_by_warps = o.warp_slots / o.warps_per_cta;
  if (o.ctas_by_warps == 0) {
    why.push_back(
        fmt::format("invalid configuration argument (cudaErrorInvalidConfiguration): block of {} threads "
                    "({} warps) exceeds the {} warp slots of an SM",
                    req.threads_per_cta, o.warps_per_cta, o.warp_slots));
  }
}

void registers_limit(const GpuConfig& gpu, const OccupancyRequest& req, Occupancy& o, std::vector<std::string>& why) {
  const u64 warps = o.warps_per_cta;
  o.regs_per_warp_used = u64{req.regs_per_thread} * gpu.warp_size;
  o.regs_per_warp = round_up(o.regs_per_warp_used, gpu.reg_alloc_unit);
  o.regs_per_cta = o.regs_per_warp * warps;
  o.regs_per_sub_partition = gpu.regs_per_sm / gpu.sub_partitions;
  o.warps_per_sub_partition = o.regs_per_warp == 0 ? 0 : clamp_count(o.regs_per_sub_partition / o.regs_per_warp);

  if (req.regs_per_thread > gpu.max_regs_per_thread) {
    o.ctas_by_registers = 0;
    why.push_back(fmt::format("{}: {} registers per thread exceeds the {} a thread may use (regs.max_per_thread)",
                              kOutOfResources, req.regs_per_thread, gpu.max_regs_per_thread));
    return;
  }
  // The launch check counts the CTA's warps rounded up to a multiple of the sub-partitions.
  const u64 warps_checked = round_up(warps, gpu.sub_partitions);
  const u64 regs_checked = o.regs_per_warp * warps_checked;
  if (regs_checked > gpu.max_regs_per_cta) {
    o.ctas_by_registers = 0;
    const std::string of = gpu.max_regs_per_cta == gpu.regs_per_sm ? "of an SM" : "a block may use";
    const std::string counted = warps_checked == warps ? ""
                                                       : fmt::format(", counted as {} for {} sub-partitions",
                                                                     warps_checked, gpu.sub_partitions);
    why.push_back(
        fmt::format("{}: {} registers x {} threads exceeds the {} registers {} ({} per warp after "
                    "rounding {} up to a multiple of {}, x {} warps{} = {})",
                    kOutOfResources, req.regs_per_thread, req.threads_per_cta, gpu.max_regs_per_cta, of,
                    o.regs_per_warp, o.regs_per_warp_used, gpu.reg_alloc_unit, warps, counted, regs_checked));
    return;
  }
  if (o.regs_per_warp == 0) {
    o.ctas_by_registers = kUnlimited;
    return;
  }
  const u64 warps_by_regs = u64{o.warps_per_sub_partition} * gpu.sub_partitions;
  o.ctas_by_registers = clamp_count(warps_by_regs / warps);
  if (o.ctas_by_registers == 0) {
    why.push_back(
        fmt::format("{}: {} registers x {} threads needs {} warps of {} registers, but the {} "
                    "sub-partitions of {} registers hold only {} such warps",
                    kOutOfResources, req.regs_per_thread, req.threads_per_cta, warps, o.regs_per_warp,
                    gpu.sub_partitions, o.regs_per_sub_partition, warps_by_regs));
  }
}

void shared_mem_limit(const GpuConfig& gpu, const OccupancyRequest& req, Occupancy& o, std::vector<std::string>& why) {
  const u64 reserved = gpu.smem_reserved_per_cta;
  const u64 limit = u64{gpu.smem_per_cta_max} + reserved;
  const u64 cap = u64{1} << 62;  // far above any limit; keeps the sums below from overflowing
  o.smem_per_cta = round_up(std::min(req.smem_per_cta, cap) + reserved, gpu.smem_alloc_unit);

  const u64 preferred_bytes =
      req.carveout_percent ? u64{*req.carveout_percent} * gpu.smem_per_sm / 100 : u64{gpu.smem_per_sm};
  const auto preferred = carveout_at_least(gpu.smem_carveouts_kib, preferred_bytes);
  if (!preferred) {
    fail(ErrorKind::Config, "{}: no carve-out in smem.carveouts_kib holds the preferred {} bytes", gpu.name,
         preferred_bytes);
  }
  o.smem_preferred = *preferred;

  if (o.smem_per_cta > limit) {
    o.ctas_by_shared_mem = 0;
    o.smem_carveout = o.smem_preferred;
    why.push_back(
        fmt::format("invalid argument (cudaErrorInvalidValue): {} bytes of shared memory per block "
                    "exceeds the {} bytes a block may use (smem.per_cta_max; with the {} reserved, "
                    "rounded to {}: {} > {})",
                    req.smem_per_cta, gpu.smem_per_cta_max, reserved, gpu.smem_alloc_unit, o.smem_per_cta, limit));
    return;
  }
  // The preference holds unless it is too small for one CTA; then the smallest carve-out that fits is used.
  if (o.smem_preferred >= o.smem_per_cta) {
    o.smem_carveout = o.smem_preferred;
  } else {
    const auto fits = carveout_at_least(gpu.smem_carveouts_kib, o.smem_per_cta);
    if (!fits) {
      fail(ErrorKind::Config, "{}: no carve-out in smem.carveouts_kib holds a CTA's {} bytes of shared memory",
           gpu.name, o.smem_per_cta);
    }
    o.smem_carveout = *fits;
  }
  o.ctas_by_shared_mem = o.smem_per_cta == 0 ? kUnlimited : clamp_count(o.smem_carveout / o.smem_per_cta);
}

}  // namespace

std::string_view limit_name(Limit l) {
  switch (l) {
    case Limit::Warps: return "warps";
    case Limit::Registers: return "registers";
    case Limit::SharedMem: return "shared_mem";
    case Limit::Blocks: return "blocks";
  }
  return "?";
}

Occupancy explain_occupancy(const GpuConfig& gpu, const OccupancyRequest& req) {
  if (req.threads_per_cta == 0) {
    fail(ErrorKind::Input, "invalid configuration argument (cudaErrorInvalidConfiguration): a block of 0 threads");
  }
  if (req.carveout_percent && *req.carveout_percent > 100) {
    fail(ErrorKind::Input, "shared-memory carve-out preference {} % is not in [0, 100]", *req.carveout_percent);
  }
  Occupancy o;
  std::vector<std::string> why;
  warps_limit(gpu, req, o, why);
  registers_limit(gpu, req, o, why);
  shared_mem_limit(gpu, req, o, why);
  o.ctas_by_blocks = gpu.max_ctas_per_sm;

  const std::array<std::pair<Limit, unsigned>, 4> limits = {{{Limit::Warps, o.ctas_by_warps},
                                                             {Limit::Registers, o.ctas_by_registers},
                                                             {Limit::SharedMem, o.ctas_by_shared_mem},
                                                             {Limit::Blocks, o.ctas_by_blocks}}};
  o.ctas_per_sm = kUnlimited;
  for (const auto& [limit, ctas] : limits) o.ctas_per_sm = std::min(o.ctas_per_sm, ctas);
  for (const auto& [limit, ctas] : limits) {
    if (ctas == o.ctas_per_sm) o.limiting.push_back(limit);
  }
  o.limiter = o.limiting.front();
  o.warps_per_sm = o.ctas_per_sm * o.warps_per_cta;
  o.threads_per_sm = o.ctas_per_sm * req.threads_per_cta;
  o.occupancy = static_cast<double>(o.warps_per_sm) / o.warp_slots;
  o.smem_launch_carveout = o.smem_carveout;
  if (!req.carveout_percent && gpu.carveout_choice != config::CarveoutChoice::Largest && o.ctas_per_sm > 0 &&
      o.ctas_per_sm != kUnlimited) {
    u64 need = u64{o.ctas_per_sm} * o.smem_per_cta;
    if (gpu.carveout_choice == config::CarveoutChoice::Headroom) {
      // The driver leaves room for a second set of CTAs less one (at most sm.max_ctas in all), as far as
      // smem.carveout_headroom_max_kib; measured on the H200 by traces/ubench_carveout (all 30 launches without a
      // preference: e.g. 8 CTAs of 256 threads with 1 KiB each get 32 KiB, with 5 KiB 100, with 9 KiB 132).
      const u64 headroom_ctas = std::min<u64>(2 * u64{o.ctas_per_sm} - 1, o.ctas_by_blocks);
      const u64 headroom = std::min(headroom_ctas * o.smem_per_cta, u64{gpu.carveout_headroom_max_kib} * 1024);
      need = std::max(need, headroom);
    }
    const auto& kibs = gpu.smem_default_carveouts_kib.empty() ? gpu.smem_carveouts_kib : gpu.smem_default_carveouts_kib;
    if (const auto c = carveout_at_least(kibs, need)) {
      o.smem_launch_carveout = *c;
    } else if (const auto d = carveout_at_least(gpu.smem_carveouts_kib, need)) {
      o.smem_launch_carveout = *d;
    }
  }
  for (const auto& w : why) o.error += (o.error.empty() ? "" : "; ") + w;
  return o;
}

Occupancy compute_occupancy(const GpuConfig& gpu, const OccupancyRequest& req) {
  Occupancy o = explain_occupancy(gpu, req);
  if (!o.error.empty()) throw Error(ErrorKind::Launch, o.error);
  return o;
}

}  // namespace warpsim::timing
