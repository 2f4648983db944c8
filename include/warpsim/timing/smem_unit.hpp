// One SM's shared-memory unit: the banks, serving the wavefronts of each warp access in order.
//
// Models: an access needs smem_cost's wavefronts (timing/mem_cost.hpp: sm.smem_banks banks of sm.smem_bank_bytes);
// the banks serve one wavefront per cycle, so an access starts when the previous one's wavefronts are through,
// and its data lands mem.smem_latency + (wavefronts - 1) x mem.smem_wavefront_cycles after it starts.
// Counts wavefronts and bank conflicts (wavefronts beyond the conflict-free number) as Nsight does, shared
// atomics apart from loads and stores.
// Leaves out: the 128-byte-per-wavefront limit of wide accesses, shared atomics' read-modify-write passes (timed as
// plain accesses), distributed shared memory across a cluster.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/mem_cost.hpp>

#include <cstdint>

namespace warpsim::timing {

struct SmemStats {
  std::uint64_t wavefronts = 0;      // l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  std::uint64_t conflicts_ld = 0;    // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  std::uint64_t conflicts_st = 0;    // ..._op_st.sum
  std::uint64_t conflicts_atom = 0;  // ..._op_atom.sum
};

// Its parameters (GPU model names in parentheses).
struct SmemConfig {
  unsigned banks = 32;            // sm.smem_banks
  unsigned bank_bytes = 4;        // sm.smem_bank_bytes
  unsigned latency = 0;           // mem.smem_latency: first wavefront to data, cycles
  unsigned wavefront_cycles = 1;  // mem.smem_wavefront_cycles: each further wavefront
  static SmemConfig from(const config::GpuConfig& g) {
    return {g.smem_banks, g.smem_bank_bytes, g.smem_latency, g.smem_wavefront_cycles};
  }
};

class SmemUnit {
 public:
  explicit SmemUnit(const SmemConfig& cfg) : cfg_(cfg) {}
  explicit SmemUnit(const config::GpuConfig& g) : SmemUnit(SmemConfig::from(g)) {}
  // A warp access with `lanes` executing at `now`: when its data lands (`now` when no lane executes).
  Cycle access(const source::MemAccess& m, LaneMask lanes, Cycle now);
  const SmemStats& stats() const { return stats_; }

 private:
  SmemConfig cfg_;
  Cycle free_{0};  // when the banks can start the next access's first wavefront
  MemScratch scratch_;
  SmemStats stats_;
};

}  // namespace warpsim::timing
