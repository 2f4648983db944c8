// --racecheck: the shared-memory ranges of a CTA's asynchronous copies (a multicast's in every destination CTA), who
// has observed each one's completion, and the check of every generic-proxy shared-memory access, and of every new
// copy's ranges, against them (func/racecheck.hpp says what is modelled and what is left out; race_hooks.hpp lists
// where the executor calls in).
// A thread set is a bitset by thread (warp * 32 + lane): warp w's lanes are bits [32 (w % 2), +32) of word w / 2.
#include "race_hooks.hpp"

#include <algorithm>

namespace warpsim::func {

std::string_view hazard_name(HazardKind k) {
  switch (k) {
    case HazardKind::ReadAfterAsyncWrite: return "read-after-async-write";
    case HazardKind::WriteDuringAsyncWrite: return "write-during-async-write";
    case HazardKind::WriteAfterAsyncRead: return "write-after-async-read";
    case HazardKind::AsyncWriteDuringAsyncWrite: return "async-write-during-async-write";
    case HazardKind::AsyncReadAfterAsyncWrite: return "async-read-after-async-write";
    case HazardKind::AsyncWriteAfterAsyncRead: return "async-write-after-async-read";
  }
  return "hazard";
}

namespace race {
namespace {

using Bits = std::vector<std::uint64_t>;

std::size_t words(const Cta& cta) { return (cta.warps.size() * kWarpSize + 63) / 64; }

// The lanes of warp `w` in a thread set, as a lane mask.
LaneMask lanes_of(const Bits& b, std::uint32_t w) {
  return LaneMask(static_cast<std::uint32_t>(b[w / 2] >> (32 * (w % 2))));
}

void add_lanes(Bits& b, std::uint32_t w, LaneMask m) { b[w / 2] |= std::uint64_t{m.bits} << (32 * (w % 2)); }

bool has(const Bits& b, std::uint32_t thread) { return (b[thread / 64] >> (thread % 64)) & 1u; }

void add(Bits& b, std::uint32_t thread) { b[thread / 64] |= std::uint64_t{1} << (thread % 64); }

bool any(const Bits& b) {
  return std::any_of(b.begin(), b.end(), [](std::uint64_t x) { return x != 0; });
}

// The threads of the CTA that have not exited.
Bits live(const Cta& cta) {
  Bits b(words(cta), 0);
  for (const Warp& w : cta.warps) add_lanes(b, w.index, w.valid & ~w.exited);
  return b;
}

bool covers(const Bits& a, const Bits& b) {
  for (std::size_t i = 0; i < b.size(); ++i)
    if ((b[i] & ~a[i]) != 0) return false;
  return true;
}

void rehull(CtaRaces& rs) {
  rs.lo = ~std::uint32_t{0};
  rs.hi = 0;
  for (const AsyncRange& r : rs.ranges) {
    rs.lo = std::min(rs.lo, r.lo);
    rs.hi = std::max(rs.hi, r.hi);
  }
}

std::string_view copy_name(const ir::Instr& in) {
  using ir::CpAsyncOp;
  const bool tensor = in.sub_op<CpAsyncOp>() == CpAsyncOp::BulkTensor;
  if (in.sub_op<CpAsyncOp>() == CpAsyncOp::Copy) return "cp.async";
  if (in.sub2 != 0) return tensor ? "cp.reduce.async.bulk.tensor" : "cp.reduce.async.bulk";
  if (in.has(ir::kMulticast))
    return tensor ? "cp.async.bulk.tensor.multicast::cluster" : "cp.async.bulk.multicast::cluster";
  return tensor ? "cp.async.bulk.tensor" : "cp.async.bulk";
}

std::string thread_name(const Launch& L, std::uint32_t t) {
  const Dim3 i = thread_index(L, t);
  return fmt::format("({},{},{})", i.x, i.y, i.z);
}

// The thread that issued `r`, for a report about an access by a thread of CTA `by`: "thread (t)" in that CTA, else
// "CTA (c) warp w lane l (thread (t))".
std::string issuer_name(const Launch& L, const AsyncRange& r, const Dim3& by) {
  if (r.from == by) return "thread " + thread_name(L, r.thread);
  return fmt::format("CTA ({},{},{}) warp {} lane {} (thread {})", r.from.x, r.from.y, r.from.z, r.thread / kWarpSize,
                     r.thread % kWarpSize, thread_name(L, r.thread));
}

// " of CTA rank R" for a range in the shared memory of `target` when the thread a report is about is in another CTA.
std::string of_rank(const Cta& target, const Dim3& by) {
  return target.id == by ? std::string() : fmt::format(" of CTA rank {}", target.rank);
}

bool observed(const AsyncRange& r, std::uint32_t thread) { return r.completed && has(r.observers, thread); }

std::string_view state(const AsyncRange& r) {
  return r.completed ? "complete, but not yet observed by this thread (no wait that covers the copy, nor a barrier "
                       "after one)"
                     : "still in flight";
}

// A new copy `r` (issued by CTA `from`) against the copies already watched in `target`: each overlapping one that
// writes, or that reads where `r` writes, and that the issuing thread has not observed (one of another CTA: that has
// not completed), is a hazard, counted once per earlier copy instruction.
void check_copy(Launch& L, const Cta& from, const Cta& target, const AsyncRange& r) {
  const CtaRaces& rs = target.races;
  if (r.lo >= rs.hi || r.hi <= rs.lo) return;
  const bool remote = from.id != target.id;
  std::array<std::uint32_t, 8> seen{};
  unsigned nseen = 0;
  for (const AsyncRange& x : rs.ranges) {
    if (r.lo >= x.hi || r.hi <= x.lo || (!x.writes && !r.writes) || (x.id == r.id && x.thread == r.thread)) continue;
    if (remote ? x.completed : observed(x, r.thread)) continue;
    if (std::find(seen.begin(), seen.begin() + nseen, x.pc) != seen.begin() + nseen) continue;
    if (nseen < seen.size()) seen[nseen++] = x.pc;
    const HazardKind kind = !x.writes ? HazardKind::AsyncWriteAfterAsyncRead
                            : r.writes ? HazardKind::AsyncWriteDuringAsyncWrite
                                       : HazardKind::AsyncReadAfterAsyncWrite;
    L.race->add(kind, r.pc, x.pc, [&] {
      const std::string where = of_rank(target, from.id);
      return fmt::format("{}: {} issues a {} that {} shared [0x{:x}, 0x{:x}){} while the {} at {} by {} {} shared "
                         "[0x{:x}, 0x{:x}){}, {}",
                         hazard_name(kind), func::thread_name(L, from.id, r.thread, r.pc), copy_name(L.prog->code[r.pc]),
                         r.writes ? "writes" : "reads", r.lo, r.hi, where, copy_name(L.prog->code[x.pc]),
                         L.prog->where(x.pc), issuer_name(L, x, from.id), x.writes ? "writes" : "reads", x.lo, x.hi,
                         where, state(x));
    });
  }
}

}  // namespace

void watch(Launch& L, Cta& cta, AsyncRange r, const Cta* from) {
  CtaRaces& rs = cta.races;
  if (from == nullptr) from = &cta;
  r.from = from->id;
  r.observers.assign(words(cta), 0);
  check_copy(L, *from, cta, r);
  // A range every live thread observed is done with, and so is a completed one the new copy covers in the same
  // direction (an access there now meets the new copy).
  const Bits alive = live(cta);
  std::erase_if(rs.ranges, [&](const AsyncRange& x) {
    return x.completed && (covers(x.observers, alive) || (x.writes == r.writes && r.lo <= x.lo && x.hi <= r.hi));
  });
  rs.ranges.push_back(std::move(r));
  rehull(rs);
}

void access(Launch& L, Cta& cta, Warp& w, std::uint32_t pc, unsigned lane, Cta& target, std::uint64_t off,
            unsigned bytes, bool write) {
  const CtaRaces& rs = target.races;
  if (off >= rs.hi || off + bytes <= rs.lo) return;
  const std::uint32_t thread = w.index * kWarpSize + lane;
  const bool remote = &target != &cta;
  std::array<std::uint32_t, 8> seen{};  // copy pcs this access already counted against
  unsigned nseen = 0;
  for (const AsyncRange& r : rs.ranges) {
    if (off >= r.hi || off + bytes <= r.lo || (!r.writes && !write)) continue;
    if (remote ? r.completed : observed(r, thread)) continue;
    if (std::find(seen.begin(), seen.begin() + nseen, r.pc) != seen.begin() + nseen) continue;
    if (nseen < seen.size()) seen[nseen++] = r.pc;
    const HazardKind kind = !r.writes ? HazardKind::WriteAfterAsyncRead
                            : write   ? HazardKind::WriteDuringAsyncWrite
                                      : HazardKind::ReadAfterAsyncWrite;
    L.race->add(kind, pc, r.pc, [&] {
      const InstrContext cx{L, cta, w, L.prog->code[pc], pc};
      const std::string where = of_rank(target, cta.id);
      return fmt::format("{}: {} {} shared [0x{:x}, 0x{:x}){} while the {} at {} by {} {} shared [0x{:x}, 0x{:x}){}, {}",
                         hazard_name(kind), cx.who(lane), write ? "writes" : "reads", off, off + bytes, where,
                         copy_name(L.prog->code[r.pc]), L.prog->where(r.pc), issuer_name(L, r, cta.id),
                         r.writes ? "writes" : "reads", r.lo, r.hi, where, state(r));
    });
  }
}

void landed(Cta& cta, std::uint64_t id, std::uint32_t thread) {
  CtaRaces& rs = cta.races;
  for (AsyncRange& r : rs.ranges) {
    if (r.id != id || r.thread != thread) continue;
    r.completed = true;
    if (r.via == AsyncRange::Via::Mbarrier) {
      r.bound = true;
      r.phase = rs.phases[r.mbarrier];
    }
  }
}

void bind(Cta& cta, std::uint32_t thread, std::uint64_t before, std::uint32_t mbarrier) {
  CtaRaces& rs = cta.races;
  for (AsyncRange& r : rs.ranges) {
    if (r.thread != thread || r.via != AsyncRange::Via::CpAsync || r.id >= before || r.bound) continue;
    r.bound = true;
    r.mbarrier = mbarrier;
    r.phase = rs.phases[mbarrier];
  }
}

void phase_completed(Cta& cta, std::uint32_t mbarrier) { ++cta.races.phases[mbarrier]; }

void waited_group(Cta& cta, std::uint32_t thread, AsyncRange::Via via, std::uint64_t bound) {
  for (AsyncRange& r : cta.races.ranges)
    if (r.thread == thread && r.via == via && r.group < bound && r.completed) add(r.observers, thread);
}

void waited_mbarrier(Cta& cta, std::uint32_t thread, std::uint32_t mbarrier) {
  CtaRaces& rs = cta.races;
  const std::uint64_t done = rs.phases[mbarrier];
  const auto bit = rs.mbarrier_bits.find(mbarrier);
  const std::uint64_t carried = bit == rs.mbarrier_bits.end() ? 0 : std::uint64_t{1} << bit->second;
  for (AsyncRange& r : rs.ranges) {
    const bool mine = r.bound && r.mbarrier == mbarrier && r.phase < done;
    if (r.completed && (mine || (r.released & carried) != 0)) add(r.observers, thread);
  }
}

void arrived_mbarrier(Cta& cta, std::uint32_t thread, std::uint32_t mbarrier) {
  CtaRaces& rs = cta.races;
  auto bit = rs.mbarrier_bits.find(mbarrier);
  if (bit == rs.mbarrier_bits.end()) {
    if (rs.mbarrier_bits.size() >= 48) return;
    bit = rs.mbarrier_bits.emplace(mbarrier, 16 + static_cast<unsigned>(rs.mbarrier_bits.size())).first;
  }
  for (AsyncRange& r : rs.ranges)
    if (observed(r, thread)) r.released |= std::uint64_t{1} << bit->second;
}

void barrier_arrive(Cta& cta, const Warp& w, LaneMask lanes, unsigned id) {
  for (AsyncRange& r : cta.races.ranges)
    if (r.completed && (lanes_of(r.observers, w.index) & lanes).any()) r.released |= std::uint64_t{1} << id;
}

void barrier_open(Cta& cta, unsigned id) {
  CtaRaces& rs = cta.races;
  const std::uint64_t bit = std::uint64_t{1} << id;
  if (std::none_of(rs.ranges.begin(), rs.ranges.end(), [&](const AsyncRange& r) { return (r.released & bit) != 0; }))
    return;
  Bits waiters(words(cta), 0);
  for (const Warp& w : cta.warps)
    for (const Path& p : w.paths)
      if (p.wait == Wait::Barrier && p.barrier == id) add_lanes(waiters, w.index, p.mask);
  for (AsyncRange& r : rs.ranges) {
    if ((r.released & bit) == 0) continue;
    r.released &= ~bit;
    for (std::size_t i = 0; i < waiters.size(); ++i) r.observers[i] |= waiters[i];
  }
}

void warp_sync(Cta& cta, const Warp& w, LaneMask lanes) {
  for (AsyncRange& r : cta.races.ranges)
    if (r.completed && (lanes_of(r.observers, w.index) & lanes).any()) add_lanes(r.observers, w.index, lanes);
}

void cluster_barrier(Cta& cta) {
  for (AsyncRange& r : cta.races.ranges)
    if (r.completed && any(r.observers)) std::fill(r.observers.begin(), r.observers.end(), ~std::uint64_t{0});
}

}  // namespace race
}  // namespace warpsim::func
