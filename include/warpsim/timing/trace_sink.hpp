// What the timing model's GPU loop (timing/grid_timing.hpp) tells a recorder while it runs: CTAs and warps starting and finishing, and
// (when the recorder asks for them) every issued warp-instruction. The runner calls a sink only when one is
// given, and on_issue only when wants_issues() is true, so a run without outputs pays one null test.
//
// Models: events in simulated cycles, in the order the runner produces them (deterministic for a given run).
// Leaves out: storage and file formats (report/ implements sinks that record and write timelines).
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/timing/stats.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace warpsim::source {
struct MemAccess;
}

namespace warpsim::timing {

struct IssueEvent {
  std::uint64_t cycle = 0;
  std::uint16_t sm = 0, subpartition = 0;  // 16 bits: the event stays 40 bytes for recorders that keep many
  // The active lanes whose guard predicate (@p / @!p) was true (the functional model's source::Issued::executed);
  // active_mask & ~exec_mask are the lanes predicated off, which issue but do nothing (Nsight counts them in
  // smsp__thread_inst_executed, not in ..._pred_on). For a conditional branch the guard is its condition: the
  // lanes that take it. Equal to active_mask for an unguarded instruction.
  std::uint32_t exec_mask = 0;
  std::uint64_t cta = 0;   // linear CTA id
  std::uint32_t warp = 0;  // warp index in the CTA
  std::uint32_t pc = 0, ptx_line = 0;
  std::uint32_t active_mask = 0;  // lanes of the path that issued
};
static_assert(sizeof(IssueEvent) == 40);

// One warp's shared, global or local memory access as the timing model charged it (on_mem; for sections 5 and 6
// of `warpsim report`, teach/sec_banks.cpp and teach/sec_coalescing.cpp). Valid during the call only.
struct MemEvent {
  std::uint64_t cta = 0;  // linear CTA id
  std::uint32_t warp = 0;
  std::uint32_t pc = 0, ptx_line = 0, src_line = 0;  // src_line: the CUDA line of the last .loc, 0 if none
  std::string_view text;                             // the PTX instruction as written
  const source::MemAccess* access = nullptr;         // space, store/atomic, bytes per lane, lane addresses
  std::uint32_t lanes = 0;                           // the lanes the model charged (a mask)
  bool merged = false;  // a later part of a wide access its group's first instruction issued
  // Shared: what smem_cost charged (wavefronts - ideal = bank conflicts as Nsight counts them).
  std::uint32_t wavefronts = 0, ideal_wavefronts = 0;
  // Global and local: distinct 32-byte sectors and 128-byte lines the coalescer sent (0 for a merged part: the
  // leader's event carries the wide access's, and its `access` has the wide bytes per lane).
  std::uint32_t sectors = 0, lines = 0;
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // Around each kernel (called by the launch runner, not the grid runner).
  virtual void on_kernel_begin(const std::string& entry) {}
  virtual void on_kernel_end(std::uint64_t cycles) {}
  // A CTA placed on an SM: its id, and then one on_warp_start per warp with the sub-partition of its slot.
  virtual void on_cta_start(std::uint32_t sm, std::uint64_t cta, Dim3 id, std::uint64_t cycle) {}
  virtual void on_warp_start(std::uint32_t sm, std::uint32_t subpartition, std::uint64_t cta, std::uint32_t warp,
                             std::uint64_t cycle) {}
  // A warp's end: the cycle after its last issue or when its last result landed, whichever is later.
  virtual void on_warp_end(std::uint64_t cta, std::uint32_t warp, std::uint64_t cycle, std::uint64_t issued) {}
  // A CTA retired: every thread exited (its slots are freed at this cycle).
  virtual void on_cta_end(std::uint64_t cta, std::uint64_t cycle) {}
  virtual bool wants_issues() const { return false; }
  virtual void on_issue(const IssueEvent& e) {}
  // Sections 5 and 6 of `warpsim report` (shared-memory banks, coalescing): every shared, global and local warp
  // access with executing lanes, as charged (on_mem is called only when wants_mem() is true).
  virtual bool wants_mem() const { return false; }
  virtual void on_mem(const MemEvent& e) {}
  // Warp states over time, for `warpsim report`'s "Latency hiding" section (teach/sec_latency.cpp): from cycle
  // `from` to `to`, `warps` of SM `sm`'s resident warps were in each state (WarpStateCycles's fields counted in
  // warps, not cycles). Called only when wants_warp_states(), each time an SM's counts change and at the grid's
  // end; the sum over calls of warps x (to - from) is the kernel's TimingStats::warp_states exactly.
  virtual bool wants_warp_states() const { return false; }
  virtual void on_warp_states(std::uint32_t sm, std::uint64_t from, std::uint64_t to, const WarpStateCycles& warps) {}
  // One warp's own state (same section): while wants_warp_states(), watches(cta, warp) is asked for each warp placed;
  // for the first it answers true, on_watched_warp(cycle, state) reports each change of the state it is counted in
  // from `cycle` on: 0 issued, 1 dependency, 2 memory, 3 barrier, 4 not selected, -1 not counted (exited).
  virtual bool watches(std::uint64_t cta, std::uint32_t warp) const { return false; }
  virtual void on_watched_warp(std::uint64_t cycle, int state) {}
};

}  // namespace warpsim::timing
