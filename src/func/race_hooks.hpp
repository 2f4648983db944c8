// The executor's hooks into --racecheck (func/racecheck.hpp says what it models): each is called only when
// Launch::race is set, at the point where the executor does what the hook's name says.
#pragma once

#include "context.hpp"

namespace warpsim::func::race {

// A copy starts: check its shared-memory range of `cta` against the copies watched there, then watch it
// (`r.observers` and `r.from` are set here). `from`: the issuing CTA when another than `cta` (a multicast's peer copy).
void watch(Launch& L, Cta& cta, AsyncRange r, const Cta* from = nullptr);
// A generic-proxy access by `lane` of `w` (at `pc`) to `bytes` bytes at offset `off` of `target`'s shared memory.
void access(Launch& L, Cta& cta, Warp& w, std::uint32_t pc, unsigned lane, Cta& target, std::uint64_t off,
            unsigned bytes, bool write);
// The copy `id` of `thread` completed (before its complete_tx, so a bound one takes the mbarrier's current phase).
void landed(Cta& cta, std::uint64_t id, std::uint32_t thread);
// A cp.async.mbarrier.arrive of `thread` fires: its cp.async copies below `before` complete in `mbarrier`'s phase.
void bind(Cta& cta, std::uint32_t thread, std::uint64_t before, std::uint32_t mbarrier);
// The phase of `mbarrier` completed.
void phase_completed(Cta& cta, std::uint32_t mbarrier);
// `thread` passed its wait for its own copies of kind `via` in groups below `bound`.
void waited_group(Cta& cta, std::uint32_t thread, AsyncRange::Via via, std::uint64_t bound);
// `thread` passed a wait on `mbarrier` (the wait returned true).
void waited_mbarrier(Cta& cta, std::uint32_t thread, std::uint32_t mbarrier);
// `thread` arrived on its CTA's `mbarrier`.
void arrived_mbarrier(Cta& cta, std::uint32_t thread, std::uint32_t mbarrier);
// Lanes of `w` arrived at CTA barrier `id`; the barrier `id` opens (before its waiters are released).
void barrier_arrive(Cta& cta, const Warp& w, LaneMask lanes, unsigned id);
void barrier_open(Cta& cta, unsigned id);
// Lanes of `w` completed a bar.warp.sync together.
void warp_sync(Cta& cta, const Warp& w, LaneMask lanes);
// A barrier.cluster phase completed: every thread of the CTA observes what any of its threads observed.
void cluster_barrier(Cta& cta);

}  // namespace warpsim::func::race
