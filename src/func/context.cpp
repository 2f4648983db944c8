// Special registers, address translation and fault messages (see context.hpp).
#include "context.hpp"

#include <warpsim/common/cluster.hpp>
#include <warpsim/ir/program.hpp>

namespace warpsim::func {
namespace {

Dim3 thread_of(const Launch& L, const Warp& w, unsigned lane) {
  return thread_index(L, std::uint64_t{w.index} * kWarpSize + lane);
}

std::uint32_t comp(const Dim3& d, unsigned c) { return c == 0 ? d.x : (c == 1 ? d.y : d.z); }

const char* space_name(ir::Space s) {
  switch (s) {
    case ir::Space::Global: return "global";
    case ir::Space::Shared: return "shared";
    case ir::Space::SharedCluster: return "shared::cluster";
    case ir::Space::Local: return "local";
    case ir::Space::Const: return "const";
    case ir::Space::ParamKernel: return "kernel parameter";
    case ir::Space::ParamFunc: return "function parameter";
    case ir::Space::Generic: return "generic";
    default: return "?";
  }
}

}  // namespace

Dim3 thread_index(const Launch& L, std::uint64_t thread) {
  const Dim3& b = L.block;
  return Dim3{static_cast<std::uint32_t>(thread % b.x), static_cast<std::uint32_t>((thread / b.x) % b.y),
              static_cast<std::uint32_t>(thread / (std::uint64_t{b.x} * b.y))};
}

std::string thread_name(const Launch& L, const Dim3& cta, std::uint32_t thread, std::uint32_t pc) {
  const std::uint32_t warp = thread / kWarpSize, lane = thread % kWarpSize;
  const Dim3 t = thread_index(L, thread);
  return fmt::format("CTA ({},{},{}) warp {} lane {} (thread ({},{},{})) at {}", cta.x, cta.y, cta.z, warp, lane, t.x,
                     t.y, t.z, L.prog->where(pc));
}

std::string InstrContext::who(unsigned lane) const { return thread_name(L, cta.id, w.index * kWarpSize + lane, pc); }

std::uint64_t InstrContext::special(const ir::Operand& op, unsigned lane) const {
  using ir::Special;
  const unsigned c = op.component;
  switch (op.special) {
    case Special::Tid: return comp(thread_of(L, w, lane), c);
    case Special::Ntid: return comp(L.block, c);
    case Special::Ctaid: return comp(cta.id, c);
    case Special::Nctaid: return comp(L.grid, c);
    case Special::Laneid: return lane;
    case Special::Warpid: return w.index;
    case Special::Nwarpid: return 64;
    case Special::Smid: return cta.sm;
    case Special::Nsmid: return L.num_sms;
    case Special::Gridid: return L.gridid;
    case Special::LanemaskEq: return 1u << lane;
    case Special::LanemaskLe: return lane == 31 ? 0xffffffffu : (2u << lane) - 1u;
    case Special::LanemaskLt: return (1u << lane) - 1u;
    case Special::LanemaskGe: return ~((1u << lane) - 1u) & 0xffffffffu;
    case Special::LanemaskGt: return lane == 31 ? 0u : (~((2u << lane) - 1u) & 0xffffffffu);
    case Special::Clock: return L.clock->cycles(cta, w) & 0xffffffffu;
    case Special::Clock64: return L.clock->cycles(cta, w);
    case Special::Globaltimer: return L.clock->nanoseconds(cta, w);
    case Special::GlobaltimerLo: return L.clock->nanoseconds(cta, w) & 0xffffffffu;
    case Special::GlobaltimerHi: return L.clock->nanoseconds(cta, w) >> 32;
    case Special::Clusterid: {
      const Dim3 cl = L.cluster;
      return comp(Dim3{cta.id.x / cl.x, cta.id.y / cl.y, cta.id.z / cl.z}, c);
    }
    case Special::Nclusterid: {
      const Dim3 cl = L.cluster;
      return comp(Dim3{L.grid.x / cl.x, L.grid.y / cl.y, L.grid.z / cl.z}, c);
    }
    case Special::ClusterCtaid: {
      const Dim3 cl = L.cluster;
      return comp(Dim3{cta.id.x % cl.x, cta.id.y % cl.y, cta.id.z % cl.z}, c);
    }
    case Special::ClusterNctaid: return comp(L.cluster, c);
    case Special::ClusterCtarank: return ClusterGeometry{L.grid, L.cluster}.rank_of(cta.id);
    case Special::ClusterNctarank: return L.cluster.volume();
    case Special::IsExplicitCluster: return L.explicit_cluster ? 1 : 0;
    case Special::DynamicSmemSize: return L.dynamic_smem;
    case Special::TotalSmemSize:
    case Special::AggrSmemSize: return cta.smem.size();
    case Special::Envreg:
    case Special::Pm:
    case Special::ReservedSmemOffsetBegin:
    case Special::ReservedSmemOffsetEnd:
    case Special::ReservedSmemOffsetCap:
    case Special::CurrentGraphExec: return 0;
  }
  return 0;
}

std::uint8_t* InstrContext::translate_slow(ir::Space space, Addr a, std::uint64_t size, unsigned lane, bool write,
                                           ir::Space* resolved, Addr* offset) const {
  using ir::Space;
  if (space == Space::Generic) {
    auto in_window = [&](std::uint64_t base) { return a >= base && a < base + ir::kWindowSize; };
    if (in_window(ir::kSharedWindow)) {
      space = (a - ir::kSharedWindow) >> kDsmemRankShift != 0 ? Space::SharedCluster : Space::Shared;
      a -= ir::kSharedWindow;
    } else if (in_window(ir::kLocalWindow)) {
      space = Space::Local;
      a -= ir::kLocalWindow;
    } else if (in_window(ir::kParamWindow)) {
      space = Space::ParamKernel;
      a -= ir::kParamWindow;
    } else if (in_window(ir::kConstWindow)) {
      space = Space::Const;
      a -= ir::kConstWindow;
    } else {
      space = Space::Global;
    }
  }
  if (space == Space::SharedCluster) {
    // Distributed shared memory: the timing model sees a remote access as shared::cluster at its cluster address,
    // one to the CTA's own shared memory as a shared access at its offset.
    bool remote = false;
    std::uint8_t* p = dsmem(a, size, lane, write, &remote);
    if (resolved) *resolved = remote ? Space::SharedCluster : Space::Shared;
    if (offset) *offset = remote ? a : (a & kDsmemOffsetMask);
    return p;
  }
  if (resolved) *resolved = space;
  if (offset) *offset = a;
  auto oob = [&](std::uint64_t limit) {
    fault(lane, "out-of-bounds {} {} of {} bytes at offset 0x{:x} ({} space holds {} bytes)", space_name(space),
          write ? "write" : "read", size, a, space_name(space), limit);
  };
  if (size > 1 && (a % std::min<std::uint64_t>(size, 16)) != 0)
    fault(lane, "misaligned {} {} of {} bytes at address 0x{:x}", space_name(space), write ? "write" : "read", size, a);
  switch (space) {
    case Space::Global: {
      if (std::uint8_t* p = L.global->find(a, size)) return p;
      if (L.global->over_budget())
        throw Error(ErrorKind::Execution,
                    fmt::format("{}: {}\n  in: {}", who(lane), L.global->budget_message(), prog().text[pc]));
      const auto* r = L.global->region_near(a);
      std::string where = "no buffer is there";
      if (r != nullptr) {
        const Addr end = r->end();
        if (a >= end)
          where = fmt::format("{} bytes after the end of buffer '{}' [0x{:x}, 0x{:x})", a - end, r->name, r->base, end);
        else if (a < r->base)
          where = fmt::format("{} bytes before buffer '{}' [0x{:x}, 0x{:x})", r->base - a, r->name, r->base, end);
        else
          where = fmt::format("the access runs {} bytes past the end of buffer '{}' [0x{:x}, 0x{:x})", a + size - end,
                              r->name, r->base, end);
      }
      fault(lane, "out-of-bounds global {} of {} bytes at address 0x{:x}: {}", write ? "write" : "read", size, a,
            where);
    }
    case Space::Shared:
      if (a + size > cta.smem.size()) oob(cta.smem.size());
      return cta.smem.data() + a;
    case Space::Local: {
      const std::uint64_t n = prog().local_size;
      if (a + size > n) oob(n);
      return cta.local.data() + (std::uint64_t{w.index} * kWarpSize + lane) * n + a;
    }
    case Space::Const:
      if (write) fault(lane, "write to the constant space");
      if (a + size > L.const_bank->size()) oob(L.const_bank->size());
      return const_cast<std::uint8_t*>(L.const_bank->data() + a);
    case Space::ParamKernel:
      if (write) fault(lane, "write to a kernel parameter");
      if (a + size > L.params.size()) oob(L.params.size());
      return L.params.data() + a;
    case Space::ParamFunc: {
      const std::uint64_t n = prog().param_func_size;
      if (a + size > n) oob(n);
      return w.param_func.data() + std::uint64_t{lane} * n + a;
    }
    default: fault(lane, "access to the {} state space is not supported", space_name(space));
  }
}

}  // namespace warpsim::func
