// The scoreboard of one warp slot: per register slot, when its pending write lands and whether a memory
// instruction produces it. An instruction may issue once every register it reads or writes has landed (reads:
// true dependences; writes: a later write must not land before an earlier one).
// Leaves out: register-bank conflicts and operand-collector ports, and a limit on pending writes.
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
  void reset(std::size_t slots);
  // When the registers of an instruction (`reads` and `writes`) have all landed. Ties keep the first register
  // in reads-then-writes order that reaches the latest time.
  Pending when(std::span<const std::uint32_t> reads, std::span<const std::uint32_t> writes) const;
  // When every register in `regs` has landed (Cycle(0) if none pending).
  Pending latest_of(std::span<const std::uint32_t> regs) const;
  // The instruction's results land at `at` (from memory when `memory`).
  void write(std::span<const std::uint32_t> writes, Cycle at, bool memory);
  // When the last pending write of the warp lands.
  Cycle last() const;

 private:
  std::vector<Cycle> ready_;
  std::vector<std::uint8_t> memory_;
};

}  // namespace warpsim::timing
