// The asynchronous events of one kernel's run: when each pending effect the instruction source holds for the timing
// model happens. A cp.async warp-instruction's bytes land in shared memory when its global load returns (Land: the
// source's complete()), and a try_wait suspended on an incomplete mbarrier phase gives up when its time limit passes
// (Expire: the source's expire_wait()). Later asynchronous engines (bulk copies, TMA) add their completions here,
// at the cycle their model computes, and the source applies their effects (bytes, complete_tx) then.
//
// Models: a queue ordered by cycle, then by the order the events were scheduled (deterministic); the GPU loop
// (timing/grid_timing.cpp) applies the due ones before it scans a cycle and before it retires CTAs, and wakes the
// warps of the event's CTA (timing/sm.hpp: Sm::wake_cta).
// Leaves out: nothing of the hardware: this is the simulator's bookkeeping of effects that the components timed.
#pragma once

#include <warpsim/source/instruction_source.hpp>
#include <warpsim/timing/cycle.hpp>

#include <cstdint>
#include <queue>
#include <vector>

namespace warpsim::timing {

struct AsyncEvent {
  // Wake: another CTA of a cluster released warps of this one (barrier.cluster, a remote mbarrier arrive): its warps
  // are looked at again then.
  enum class Kind : std::uint8_t { Land, Expire, Wake };
  Cycle at{0};
  std::uint64_t seq = 0;  // scheduling order, for ties
  Kind kind = Kind::Land;
  std::uint32_t sm = 0;
  source::CtaSlot cta = 0;
  std::uint32_t warp = 0;  // Expire: the warp index in its CTA
  std::uint64_t id = 0;    // Land: the source::AsyncId; Expire: the suspension token
};

class AsyncEvents {
 public:
  void land(Cycle at, std::uint32_t sm, source::CtaSlot cta, source::AsyncId id) {
    push(AsyncEvent{at, 0, AsyncEvent::Kind::Land, sm, cta, 0, id});
  }
  void expire(Cycle at, std::uint32_t sm, source::CtaSlot cta, std::uint32_t warp, std::uint64_t token) {
    push(AsyncEvent{at, 0, AsyncEvent::Kind::Expire, sm, cta, warp, token});
  }
  void wake(Cycle at, std::uint32_t sm, source::CtaSlot cta) {
    push(AsyncEvent{at, 0, AsyncEvent::Kind::Wake, sm, cta, 0, 0});
  }
  // The earliest pending event's cycle (never: none).
  Cycle next() const { return q_.empty() ? Cycle::never() : q_.top().at; }
  bool empty() const { return q_.empty(); }
  // Removes and returns the earliest event if it is due at `now`.
  bool pop_due(Cycle now, AsyncEvent& out) {
    if (q_.empty() || q_.top().at > now) return false;
    out = q_.top();
    q_.pop();
    return true;
  }

 private:
  struct Later {
    bool operator()(const AsyncEvent& a, const AsyncEvent& b) const {
      return a.at != b.at ? a.at > b.at : a.seq > b.seq;
    }
  };
  void push(AsyncEvent e) {
    e.seq = seq_++;
    q_.push(e);
  }
  std::priority_queue<AsyncEvent, std::vector<AsyncEvent>, Later> q_;
  std::uint64_t seq_ = 0;
};

}  // namespace warpsim::timing
