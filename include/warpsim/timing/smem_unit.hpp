// One SM's shared-memory unit: each sub-partition's port into it, and the banks, serving the wavefronts of each warp
// access in order.
//
// Models: an access needs smem_cost's wavefronts (timing/mem_cost.hpp: sm.smem_banks banks of sm.smem_bank_bytes,
// wide accesses in phases of mem.smem_phase_bytes).
// Its sub-partition's port passes the conflict-free ones one per cycle and each bank-conflict replay in
// mem.smem_wavefront_cycles, and the banks, shared by the SM's sub-partitions, serve one wavefront per cycle in
// arrival order. So one warp's conflicting accesses go at the port's rate and several sub-partitions' at the banks'
// (traces/ubench_smem_tput: 32-way conflicts take 2.24 cycles per wavefront from one warp, 1.13 from one warp on
// each of the four sub-partitions, 1.00 from 8 or more warps, loads and stores alike). An access starts when its
// port and the banks are free; its data lands mem.smem_latency after the port or the banks pass its last
// wavefront, whichever is later (for one warp alone: mem.smem_latency + replays x mem.smem_wavefront_cycles, as
// ubench_bank_conflict measured). The port starts the sub-partition's next shared access only then, and while it
// replays a conflicting access the sub-partition issues no other memory instruction, shared or global (Nsight's
// mio_throttle: ubench_smem_tput's warps of conflicting stores wait at each store; in j_transpose_2048 the LDGs and
// STGs wait behind the conflicting LDS too: timing/sm.cpp, lower::InstrTiming::mio; its new CTAs' S2R wait there as
// well, which warpsim leaves out). Conflict-free accesses hold nothing: they queue at the port (holding them too made
// the 16x16 SGEMM of the judgement set 7 points slower, and nothing measured asks for it).
// Counts wavefronts and bank conflicts (wavefronts beyond the conflict-free number) as Nsight does, shared
// atomics apart from loads and stores.
// A cp.async (LDGSTS) whose data does not come from L2 through the L1's fill (zero-filled lanes, .ca copies) has
// the LSU write its bytes into shared memory: the wavefronts of that write as a store at the lanes' destinations (bank
// conflicts included: wavefronts()) keep the banks mem.cp_async_smem_write_cycles each (async_write;
// traces/ubench_cp_async: 2,048 zero-fill LDGSTS of 512 bytes take 10.25 cycles each from 16 warps).
// Global and local loads and stores pass their data through the same pipe, a wavefront per distinct 128-byte line
// (Nsight's l1tex__data_pipe_lsu_wavefronts counts them with the shared ones): each keeps the banks
// mem.global_data_pipe_wavefronts cycles at the access's issue (traces/ubench_data_pipe), so a kernel that is bound
// by conflicting shared accesses also pays for its global ones there (j_transpose_2048: 35,660 data-pipe wavefronts
// per SM on the H200, 33,530 of them shared).
// Leaves out: the 128-byte-per-wavefront limit of wide accesses, shared atomics' read-modify-write passes (timed as
// plain accesses), distributed shared memory across a cluster.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/mem_cost.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

struct SmemStats {
  std::uint64_t wavefronts = 0;      // l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  std::uint64_t conflicts_ld = 0;    // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  std::uint64_t conflicts_st = 0;    // ..._op_st.sum
  std::uint64_t conflicts_atom = 0;  // ..._op_atom.sum
  std::uint64_t global_wavefronts = 0;  // global and local loads' and stores' data-pipe wavefronts (global_data)
};

// Its parameters (GPU model names in parentheses).
struct SmemConfig {
  unsigned banks = 32;            // sm.smem_banks
  unsigned bank_bytes = 4;        // sm.smem_bank_bytes
  unsigned latency = 0;           // mem.smem_latency: first wavefront to data, cycles
  unsigned wavefront_cycles = 1;  // mem.smem_wavefront_cycles: each further wavefront
  unsigned phase_bytes = 0;       // mem.smem_phase_bytes: wide accesses in phases of lanes (timing/mem_cost.hpp)
  static SmemConfig from(const config::GpuConfig& g) {
    return {g.smem_banks, g.smem_bank_bytes, g.smem_latency, g.smem_wavefront_cycles, g.smem_phase_bytes};
  }
};

class SmemUnit {
 public:
  explicit SmemUnit(const SmemConfig& cfg) : cfg_(cfg) {}
  explicit SmemUnit(const config::GpuConfig& g) : SmemUnit(SmemConfig::from(g)) {}
  // A warp access with `lanes` executing at `now` from sub-partition `sub`: when its data lands (`now` when no lane
  // executes).
  Cycle access(const source::MemAccess& m, LaneMask lanes, Cycle now, unsigned sub);
  // A cp.async's bytes written through the LSU's data path (mem.cp_async_smem_write_cycles): `wavefronts` 128-byte
  // wavefronts that keep the banks `cycles_per` cycles each, after what the banks already took: when the last is
  // written. Counted as shared-memory wavefronts.
  Cycle async_write(unsigned wavefronts, double cycles_per, Cycle now);
  // A global or local load's or store's data through the same data pipe: `lines` wavefronts (one per distinct
  // 128-byte line), counted apart from the shared ones, each keeping the banks `cycles_per` cycles
  // (mem.global_data_pipe_wavefronts) after what they already took at `now`.
  void global_data(unsigned lines, unsigned cycles_per, Cycle now);
  // The wavefronts an access of `lanes` would take (smem_cost with this unit's banks and phases), charging nothing.
  unsigned wavefronts(const source::MemAccess& m, LaneMask lanes) {
    return smem_cost(m, lanes, cfg_.banks, cfg_.bank_bytes, scratch_, cfg_.phase_bytes).wavefronts;
  }
  // A warp's wgmma.mma_async operand read: `bytes` at mem.gmma_smem_bytes_per_cycle plus mem.gmma_smem_request_cycles,
  // after what the banks already took (fractions carry to the next read): when the last byte is read.
  Cycle gmma_read(std::uint64_t bytes, double bytes_per_cycle, double request_cycles, Cycle now);
  // When sub-partition `sub`'s port takes its next access.
  Cycle port_free(unsigned sub) const { return sub < port_free_.size() ? port_free_[sub] : Cycle{0}; }
  // Until when sub-partition `sub` issues no shared-memory instruction: the end of a conflicting access at its port.
  Cycle hold(unsigned sub) const { return sub < hold_.size() ? hold_[sub] : Cycle{0}; }
  const SmemStats& stats() const { return stats_; }
  // What the last access() charged (for TraceSink::on_mem).
  const SmemCost& last() const { return last_; }

 private:
  SmemConfig cfg_;
  Cycle free_{0};  // when the banks can start the next access's first wavefront
  std::vector<Cycle> port_free_;  // per sub-partition: when its port passes the next access
  std::vector<Cycle> hold_;       // per sub-partition: no shared-memory issue before (a conflicting access replays)
  MemScratch scratch_;
  SmemStats stats_;
  double gmma_carry_ = 0;  // gmma_read's fraction of a cycle not yet taken
  SmemCost last_;
};

}  // namespace warpsim::timing
