// Per-instruction memory profile for sections 5 (shared-memory banks) and 6 (coalescing) of `warpsim report`:
// a TraceSink that receives every shared, global and local warp access of one launch as the timing model charged
// it (TraceSink::on_mem: wavefronts and ideal wavefronts from timing::smem_cost, distinct sectors and lines from
// the coalescer) and sums them per instruction (pc and state space), keeping the lane addresses of one example
// access per instruction: the first with the highest cost (wavefronts for shared, sectors for global and local).
//
// Models: nothing of its own; every number is what the timing model charged, so the sums equal the kernel's
// Nsight-named counters (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*, l1tex__t_sectors_..._global_op_ld).
// Leaves out: per-access storage (only per-instruction sums and one example each), distributed shared memory
// (shared::cluster accesses to other CTAs), cp.async's and TMA's writes into shared memory, and ld.const.
#pragma once

#include <warpsim/ir/instr.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::teach {

struct MemPc {
  std::uint32_t pc = 0, ptx_line = 0, src_line = 0;
  std::string text;  // the PTX instruction
  ir::Space space = ir::Space::None;
  bool store = false, atomic = false, merged = false;
  std::uint32_t bytes = 0;  // per lane
  std::uint64_t executions = 0;  // warp accesses with charged lanes (global loads: Nsight's requests)
  std::uint64_t wavefronts = 0, ideal_wavefronts = 0;  // shared
  std::uint64_t sectors = 0, lines = 0;                // global and local
  std::uint64_t lanes = 0;                             // charged lanes, summed
  // The example access: the first with the highest cost.
  std::uint32_t worst = 0;
  std::uint64_t ex_cta = 0;
  std::uint32_t ex_warp = 0, ex_lanes = 0;
  std::uint32_t ex_wavefronts = 0, ex_ideal = 0, ex_sectors = 0, ex_lines = 0;
  std::array<std::uint64_t, 32> ex_addr{};

  bool shared() const { return space == ir::Space::Shared; }
  std::uint64_t conflicts() const { return wavefronts - ideal_wavefronts; }
  const char* kind() const { return atomic ? "atom" : store ? "st" : "ld"; }
};

class MemRecorder : public timing::TraceSink {
 public:
  // Records launch number `launch` (0-based, counted by on_kernel_begin) only.
  explicit MemRecorder(std::size_t launch) : launch_(launch) {}
  void on_kernel_begin(const std::string& entry) override;
  bool wants_mem() const override { return true; }
  void on_mem(const timing::MemEvent& e) override;

  std::vector<MemPc> shared() const;  // shared-memory instructions, by pc
  std::vector<MemPc> global() const;  // global and local instructions, by pc

 private:
  std::size_t launch_, kernel_ = 0;
  std::vector<MemPc> by_slot_;  // index pc * 2 + (shared ? 0 : 1); executions == 0: unused
};

}  // namespace warpsim::teach
