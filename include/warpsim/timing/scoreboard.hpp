// The scoreboard of one warp slot: per register slot, when its pending write lands and whether a memory
// instruction produces it. An instruction may issue once every register it reads or writes has landed (reads:
// true dependences; writes: a later write must not land before an earlier one). A predicate also has the time it may
// serve as another instruction's guard (@p), which a setp's comes later than its value (sm.guard_predicate_cycles).
// And until when a store still reads a register (mem.smem_store_read_cycles, mem.global_store_read_cycles): an
// instruction that writes it waits until then too (write after read), as on a memory result.
// Leaves out: register-bank conflicts and operand-collector ports, and a limit on pending writes.
// (Defined here: the scheduler asks it for every warp it scans.)
#pragma once

#include <warpsim/timing/cycle.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace warpsim::timing {

class Scoreboard {
 public:
  struct Pending {
    Cycle at;             // when the last of the registers lands (Cycle(0): none pending)
    bool memory = false;  // that register comes from memory
  };

  // A fresh warp: `slots` registers, none pending.
  void reset(std::size_t slots) {
    ready_.assign(slots, Cycle(0));
    guard_.assign(slots, Cycle(0));
    memory_.assign(slots, 0);
    reading_.assign(slots, Cycle(0));
  }
  // When the registers of an instruction (`reads` and `writes`) have all landed. Ties keep the first register
  // in reads-then-writes order that reaches the latest time.
  Pending when(std::span<const std::uint32_t> reads, std::span<const std::uint32_t> writes) const {
    Pending p = latest_of(reads);
    for (const std::uint32_t r : writes) {
      if (ready_[r] > p.at) p = {ready_[r], memory_[r] != 0};
      if (reading_[r] > p.at) p = {reading_[r], true};
    }
    return p;
  }
  // When every register in `regs` has landed (Cycle(0) if none pending).
  Pending latest_of(std::span<const std::uint32_t> regs) const {
    Pending p;
    for (const std::uint32_t r : regs)
      if (ready_[r] > p.at) p = {ready_[r], memory_[r] != 0};
    return p;
  }
  // When register `slot` may serve as an instruction's guard predicate.
  Cycle guard_ready(std::uint32_t slot) const { return guard_[slot]; }
  // The instruction's results land at `at` (from memory when `memory`); as guards they serve from `guard_at` (at the
  // earliest `at`).
  void write(std::span<const std::uint32_t> writes, Cycle at, bool memory, Cycle guard_at = Cycle(0)) {
    const Cycle g = guard_at > at ? guard_at : at;
    for (const std::uint32_t r : writes) {
      ready_[r] = at;
      guard_[r] = g;
      memory_[r] = memory ? 1 : 0;
    }
  }
  // A store reads `regs` until `until`.
  void reading(std::span<const std::uint32_t> regs, Cycle until) {
    for (const std::uint32_t r : regs)
      if (reading_[r] < until) reading_[r] = until;
  }
  // When the last pending write of the warp lands.
  Cycle last() const;

 private:
  std::vector<Cycle> ready_;
  std::vector<Cycle> guard_;
  std::vector<std::uint8_t> memory_;
  std::vector<Cycle> reading_;  // per slot: until when a store reads it
};

}  // namespace warpsim::timing
