// Thread-block clusters in the functional model: distributed-shared-memory address translation (resolve_dsmem),
// mapa, getctarank and the cluster barrier (barrier.cluster.arrive/.wait), per lane in increasing lane order.
//
// Models (PTX ISA 9.x, "mapa", "getctarank", "barrier.cluster", "Distributed shared memory"; the address encoding
// and barrier rules are in func/cluster.hpp):
//   mapa        mapa.shared::cluster.{u32,u64} d, a, r: a is a shared::cta (or shared::cluster) address, d the
//               shared::cluster address of the same offset in the shared memory of rank r; the generic form maps a
//               generic address in the shared window to the generic address of that location. A rank outside the
//               cluster, or a generic address outside the shared window, is a fault.
//   getctarank  the rank of the CTA whose shared memory a shared::cluster (or generic) address names.
//   barrier     arrive (.release/.relaxed, .aligned) counts the thread in the current phase; wait (.acquire,
//               .aligned) returns once the phase the thread arrived in completed. A second arrive before the wait,
//               or a wait without an arrive, is a fault (the PTX ISA leaves both undefined).
// Leaves out: memory ordering (.release/.acquire/.relaxed: every access is visible at once here).
#include "race_hooks.hpp"

#include <warpsim/func/cluster.hpp>

namespace warpsim::func {

DsmemTarget resolve_dsmem(const ClusterState* cluster, Cta& self, std::uint32_t self_rank, std::uint64_t a) {
  DsmemTarget t;
  const std::uint64_t tag = a >> kDsmemRankShift;
  t.offset = a & kDsmemOffsetMask;
  if (tag == 0) {  // the shared::cta window inside shared::cluster: the CTA's own
    t.rank = self_rank;
    t.cta = &self;
    return t;
  }
  const std::uint64_t size = cluster != nullptr ? cluster->ctas.size() : 1;
  if (tag - 1 >= size) {
    t.status = DsmemTarget::Status::BadRank;
    t.rank = static_cast<std::uint32_t>(std::min<std::uint64_t>(tag - 1, 0xffffffffu));
    return t;
  }
  t.rank = static_cast<std::uint32_t>(tag - 1);
  if (t.rank == self_rank) {
    t.cta = &self;
    return t;
  }
  Cta* peer = cluster->ctas[t.rank];
  if (peer == nullptr || cluster->gone[t.rank] != 0 || peer->done()) {
    t.status = DsmemTarget::Status::Exited;
    return t;
  }
  t.cta = peer;
  t.remote = true;
  return t;
}

std::uint8_t* InstrContext::dsmem(Addr a, std::uint64_t size, unsigned lane, bool write, bool* remote) const {
  const DsmemTarget t = resolve_dsmem(cta.cluster, cta, cta.rank, a);
  const std::uint32_t n = cta.cluster != nullptr ? static_cast<std::uint32_t>(cta.cluster->ctas.size()) : 1;
  if (t.status == DsmemTarget::Status::BadRank)
    fault(lane, "shared::cluster {} at address 0x{:x} names CTA rank {}, outside the cluster of {} CTAs",
          write ? "write" : "read", a, t.rank, n);
  if (t.status == DsmemTarget::Status::Exited)
    fault(lane,
          "shared::cluster {} of {} bytes at address 0x{:x}: CTA rank {} of the cluster has exited, its shared "
          "memory is gone (keep a CTA alive with barrier.cluster until its peers stop accessing it)",
          write ? "write" : "read", size, a, t.rank);
  if (size > 1 && (t.offset % std::min<std::uint64_t>(size, 16)) != 0)
    fault(lane, "misaligned shared::cluster {} of {} bytes at address 0x{:x}", write ? "write" : "read", size, a);
  if (t.offset + size > t.cta->smem.size())
    fault(lane,
          "out-of-bounds shared::cluster {} of {} bytes at offset 0x{:x} of CTA rank {} (its shared space holds {} "
          "bytes)",
          write ? "write" : "read", size, t.offset, t.rank, t.cta->smem.size());
  if (remote != nullptr) *remote = t.remote;
  return t.cta->smem.data() + t.offset;
}

namespace {

std::uint32_t cluster_size(const Cta& cta) {
  return cta.cluster != nullptr ? static_cast<std::uint32_t>(cta.cluster->ctas.size()) : 1;
}

}  // namespace

void Executor::exec_cluster_addr(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes) {
  const InstrContext cx{L_, cta, w, in, w.paths[static_cast<std::size_t>(w.current)].pc};
  const bool generic = in.space == ir::Space::Generic;
  const std::uint64_t mask = in.type == ir::ScalarType::U32 ? 0xffffffffull : ~0ull;
  const std::string_view name = in.op == ir::Op::Mapa ? "mapa" : "getctarank";
  lanes.for_each([&](unsigned lane) {
    std::uint64_t a = cx.read(in.ops[1], lane) & mask;
    if (generic) {
      if (a < ir::kSharedWindow || a >= ir::kSharedWindow + ir::kWindowSize)
        cx.fault(lane, "{} of generic address 0x{:x}, which is not in the shared window", name, a);
      a -= ir::kSharedWindow;
    }
    const std::uint64_t tag = a >> kDsmemRankShift;
    if (tag > cluster_size(cta))
      cx.fault(lane, "{} of shared::cluster address 0x{:x}, which names CTA rank {} outside the cluster of {} CTAs",
               name, a, tag - 1, cluster_size(cta));
    if (in.op == ir::Op::Getctarank) {
      cx.write(in.ops[0], lane, tag == 0 ? cta.rank : tag - 1);
      return;
    }
    const std::uint64_t rank = cx.read(in.ops[2], lane) & 0xffffffffu;
    if (rank >= cluster_size(cta))
      cx.fault(lane, "mapa to CTA rank {}, outside the cluster of {} CTAs", rank, cluster_size(cta));
    const std::uint64_t d = encode_dsmem(static_cast<std::uint32_t>(rank), a & kDsmemOffsetMask);
    cx.write(in.ops[0], lane, (generic ? d + ir::kSharedWindow : d) & mask);
  });
}

bool Executor::do_cluster_barrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes) {
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const InstrContext cx{L_, cta, w, in, p.pc};
  if (cta.cluster == nullptr) fail(ErrorKind::Internal, "barrier.cluster in a CTA without a cluster state");
  ClusterState& cl = *cta.cluster;
  if (cta.cluster_arrived.empty()) cta.cluster_arrived.assign(cta.warps.size() * kWarpSize, 0);
  const auto thread = [&](unsigned lane) { return w.index * kWarpSize + lane; };
  if (in.sub_op<ir::BarOp>() == ir::BarOp::ClusterArrive) {
    lanes.for_each([&](unsigned lane) {
      std::uint64_t& t = cta.cluster_arrived[thread(lane)];
      if (t != 0)
        cx.fault(lane, "barrier.cluster.arrive again before barrier.cluster.wait (the thread arrived in cluster "
                       "barrier phase {} and has not waited for it)",
                 t - 1);
      t = cl.barrier_phase + 1;
      ++cl.barrier_arrived;
    });
    release_cluster_barrier(cta);
    return true;
  }
  // wait: the lanes whose phase completed go on; otherwise the path waits for it.
  bool all = true;
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t t = cta.cluster_arrived[thread(lane)];
    if (t == 0)
      cx.fault(lane, "barrier.cluster.wait without a preceding barrier.cluster.arrive by this thread");
    if (cl.barrier_phase < t) all = false;
  });
  if (all) {
    lanes.for_each([&](unsigned lane) { cta.cluster_arrived[thread(lane)] = 0; });
    return true;
  }
  p.wait = Wait::ClusterBarrier;
  return false;
}

void Executor::release_cluster_barrier(Cta& cta) {
  if (cta.cluster == nullptr) return;
  ClusterState& cl = *cta.cluster;
  if (cl.barrier_arrived == 0 || cl.barrier_arrived < cl.threads - cl.threads_exited) return;
  ++cl.barrier_phase;
  cl.barrier_arrived = 0;
  L_.barrier_opened = true;
  L_.cluster_phase = true;
  for (Cta* c : cl.ctas) {
    if (c == nullptr) continue;
    // Every other CTA of the cluster learns of the phase (the timing model releases its waits from then on).
    if (c != &cta) L_.woke.push_back(Launch::Woke{c, true});
    if (L_.race != nullptr) race::cluster_barrier(*c);
    if (c->cluster_arrived.empty()) continue;
    for (auto& w : c->warps) {
      bool any = false;
      for (auto& p : w.paths) {
        if (p.wait != Wait::ClusterBarrier) continue;
        p.mask.for_each([&](unsigned lane) { c->cluster_arrived[w.index * kWarpSize + lane] = 0; });
        p.wait = Wait::None;
        ++p.pc;
        any = true;
      }
      if (any) complete_paths(w);
    }
  }
}

void Executor::cluster_threads_exited(Cta& cta, std::uint32_t n) {
  if (cta.cluster == nullptr) return;
  cta.cluster->threads_exited += n;
  release_cluster_barrier(cta);
}

}  // namespace warpsim::func
