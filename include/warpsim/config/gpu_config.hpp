// The GPU model: every hardware fact the simulator uses, read from configs/gpus/<name>.json.
//
// Models: a documented schema. Each parameter has a dotted name (its path in the JSON file, e.g.
// "sm.max_warps" is {"sm": {"max_warps": ...}}), a unit, a default and a one-line description; the table
// in gpu_config.cpp is the single source, and `warpsim gpu-params` prints it. Unknown keys, wrong types and
// out-of-range values are errors naming the JSON path. `--set name=value` overrides any parameter.
// Leaves out: per-run settings (run_config.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::config {

enum class Reconvergence { IpdomStack, Independent };
enum class SchedulerPolicy { Gto, Lrr, Gty };
enum class DispatchOrder { RoundRobin, Fill, GpcSpread };
// How the driver picks a launch's L1/shared carve-out when the kernel states no preference: the smallest one that
// holds the CTAs the occupancy allows (Occupancy), the smallest that also holds the headroom of a second set of
// CTAs less one, up to smem.carveout_headroom_max_kib (Headroom), or always the largest (Largest: L1 stays
// mem.l1_size).
enum class CarveoutChoice { Occupancy, Headroom, Largest };
enum class Replacement { Lru, Random };
enum class SetIndex { Modulo, Hashed };

// One execution pipeline class: dependent-result latency and issue-to-issue interval on one sub-partition.
struct PipeTiming {
  unsigned latency = 4;   // cycles from issue until a dependent instruction may issue
  unsigned interval = 1;  // cycles between two issues to this pipeline on one sub-partition
};

// One PTX instruction that ptxas expands into a sequence of SASS instructions (IEEE division, square root
// and reciprocal; integer division and remainder): its dependent-result latency and its issue slots.
// latency 0 means "not emulated": the instruction is timed by its pipe's PipeTiming instead.
struct EmulatedOp {
  unsigned latency = 0;       // cycles from issue until the result is ready (0: not emulated, use the pipe timing)
  unsigned instructions = 1;  // SASS instructions ptxas emits for it (issue slots it takes)
};

struct GpuConfig {
  std::string name;         // "h200"
  std::string source_path;  // the file it was read from ("" for built-in defaults)
  std::string description;  // free text from the file

  // identity and compilation targets
  std::vector<std::string> ptx_targets = {"sm_90a", "sm_90"};  // PTX .target values this model accepts
  unsigned compute_capability = 90;                            // major*10+minor
  double clock_mhz = 1980.0;                                   // SM clock, for converting cycles to time
  double tensor_clock_ratio = 1.0;  // sm.tensor_clock_ratio: the SM's clock / sm.clock_mhz in a kernel with HMMA/IMMA/GMMA

  // SM array and residency limits
  unsigned num_sms = 132;
  unsigned warp_size = 32;
  unsigned max_threads_per_sm = 2048;
  unsigned max_warps_per_sm = 64;
  unsigned max_ctas_per_sm = 32;
  unsigned max_threads_per_cta = 1024;
  unsigned max_block_dim_x = 1024, max_block_dim_y = 1024, max_block_dim_z = 64;
  std::uint64_t max_grid_dim_x = 2147483647ull;
  unsigned max_grid_dim_y = 65535, max_grid_dim_z = 65535;
  unsigned max_cluster_size = 8;  // portable cluster size limit (CTAs)
  unsigned max_cluster_size_nonportable = 16;
  // SM grouping (numbering order for CTA dispatch): SMs per TPC, GPCs, TPCs per GPC (the full die's count)
  unsigned sms_per_tpc = 2;
  unsigned gpc_count = 8;
  unsigned tpcs_per_gpc = 9;

  // registers
  unsigned regs_per_sm = 65536;  // 32-bit registers
  unsigned max_regs_per_thread = 255;
  unsigned max_regs_per_cta = 65536;
  unsigned reg_alloc_unit = 256;  // registers, allocated per warp in units of this size
  unsigned sub_partitions = 4;    // per SM

  // shared memory (bytes)
  unsigned smem_per_sm = 233472;          // 228 KiB
  unsigned smem_per_cta_max = 232448;     // 227 KiB opt-in limit
  unsigned smem_per_cta_default = 49152;  // 48 KiB without opt-in
  unsigned smem_reserved_per_cta = 1024;  // reserved by the system per CTA
  unsigned smem_alloc_unit = 128;         // allocation granularity
  std::vector<unsigned> smem_carveouts_kib = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};  // selectable carve-outs
  std::vector<unsigned> smem_default_carveouts_kib;  // those the driver picks without a preference (empty: all)
  unsigned carveout_headroom_max_kib = 128;          // KiB: the most the headroom (Headroom choice) may ask for

  Reconvergence reconvergence = Reconvergence::Independent;

  // timing model: pipelines (per sub-partition), memory latencies, scheduling
  PipeTiming pipe_int{4, 2}, pipe_fp32{4, 2}, pipe_fp64{8, 2}, pipe_f16{5, 2}, pipe_sfu{23, 8};
  PipeTiming pipe_branch{4, 1}, pipe_ldst{4, 4}, pipe_uniform{2, 1}, pipe_imad{4, 2};
  // mma.sync: latency of any shape; an mma holds the pipe tensor_issue_cycles + interval x its multiply-adds / 2048
  // over its type's rate relative to f16 (lower/lowered.hpp)
  PipeTiming pipe_tensor{35, 4};
  double tensor_issue_cycles = 2.6;
  double tensor_tf32_rate = 0.5, tensor_int8_rate = 2.0, tensor_f64_rate = 0.0361;
  // fp8 (e4m3/e5m2) mma.sync where ptxas emulates it (sm_90): F2FP unpacks of A and B to f16 before the two
  // HMMA.16816, tensor_fp8_unpack_instructions more SASS instructions per mma that keep the sub-partition's unpack
  // path tensor_fp8_unpack_cycles; the HMMAs start tensor_fp8_unpack_latency after it (0 cycles: not emulated).
  double tensor_fp8_unpack_cycles = 0;
  unsigned tensor_fp8_unpack_latency = 0, tensor_fp8_unpack_instructions = 0;
  // wgmma.mma_async (lower/lowered.hpp, timing/sm.cpp): each warp's part holds its sub-partition's tensor pipe
  // wgmma_issue_cycles + wgmma_cycles_per_n x N (every type: K shrinks as the rate grows); its operands in shared
  // memory (A's 16 rows of 32 bytes per warp, and a quarter of B's N rows of 32 bytes) pass the SM's shared memory
  // at gmma_smem_bytes_per_cycle, plus gmma_smem_request_cycles per warp; it lands wgmma_latency after both.
  double wgmma_cycles_per_n = 0.5, wgmma_issue_cycles = 1.4;
  unsigned wgmma_latency = 43;
  double gmma_smem_bytes_per_cycle = 128, gmma_smem_request_cycles = 0.25;
  unsigned fp32_units = 1;  // FMA units per sub-partition an FP32 instruction may issue to (the first takes IMAD too)
  // PTX instructions ptxas expands into SASS sequences (latency 0: not emulated, the pipe timing is used)
  EmulatedOp emul_div_f32, emul_rcp_f32, emul_sqrt_f32;  // div/rcp/sqrt.rn/rz/rm/rp.f32
  EmulatedOp emul_div_f64, emul_rcp_f64, emul_sqrt_f64;  // div/rcp/sqrt.rn/rz/rm/rp.f64
  EmulatedOp emul_div_u32, emul_div_s32;                 // div/rem .u32 and .u16; div/rem .s32 and .s16
  EmulatedOp emul_div_u32_invariant;                     // div/rem .u32, divisor loop-invariant (reciprocal hoisted)
  EmulatedOp emul_div_u64, emul_div_s64;                 // div/rem .u64; div/rem .s64
  unsigned smem_latency = 29;                            // cycles, shared-memory load without conflicts
  unsigned smem_banks = 32;
  unsigned smem_bank_bytes = 4;
  unsigned smem_phase_bytes = 0;  // a wide shared access is served in phases of this many bytes of lanes (0: whole warp)
  unsigned smem_wavefront_cycles = 1;             // latency each further wavefront adds (banks serve one per cycle)
  unsigned l1_hit_latency = 40;                   // cycles
  unsigned l1_miss_latency = 0;                   // cycles a load's L1 miss adds to the L2's answer
  unsigned l2_hit_latency = 263;                  // cycles
  double l2_requests_per_cycle_per_slice = 0;     // requests (lines) a slice takes per cycle, 0: no limit
  unsigned l2_hit_latency_spread = 0;             // cycles: hits take l2_hit_latency +- half of this (see the .cpp)
  unsigned dram_latency = 479;                    // cycles
  unsigned dram_access_bytes = 32;                // mem.dram_access_bytes: what one L2 miss reads from DRAM
  unsigned l1_size = 28672;                       // bytes of L1 data cache per SM
  unsigned l1_assoc = 4;                          // ways
  double l1_sectors_per_cycle = 4;                // 32-byte sectors the L1 passes per cycle per SM
  double l1_load_cycles_per_line = 0;             // L1 cycles per distinct 128-byte line of a warp load
  double l1_store_cycles_per_line = 0;            // L1 cycles per distinct 128-byte line of a warp store
  Replacement l1_replacement = Replacement::Lru;  // mem.l1_replacement
  SetIndex l1_set_index = SetIndex::Modulo;       // mem.l1_set_index
  double l1_tag_cycles_per_line = 0;              // the SM's L1 tag stage: cycles per distinct line, all warps together
  double cp_async_cycles_per_line = 0;            // the same for a cp.async (LDGSTS); 0: mem.l1_tag_cycles_per_line
  unsigned cp_async_zfill_latency = 4;            // cycles from issue until a cp.async whose lanes all zero-fill lands
  double cp_async_smem_write_cycles = 0;          // SM-wide cycles per 128-byte wavefront the LSU writes of a cp.async
                                                  // (zero fill, .ca); 0: no shared-memory write time
  unsigned l2_size = 52428800;                    // bytes, whole GPU
  unsigned l2_slices = 100;                       // address-interleaved by 128-byte line
  unsigned l2_assoc = 16;                         // ways
  double l2_sectors_per_cycle_per_slice = 1.232;
  double dram_bytes_per_cycle = 1691.9;          // whole GPU
  unsigned dram_banks = 0;                        // DRAM banks over the whole GPU (0: no bank model)
  double dram_bank_cycles = 0;                    // cycles a bank is busy with one access
  unsigned l2_partial_write_fill = 0;             // 1: a store of part of an absent sector reads it from DRAM
  std::uint64_t l2_partial_sectors = 0;           // partial sectors L2 holds before writing the oldest back (0: fill at once)
  double l2_partial_store_cycles = 0;              // slice cycles of a store into part of a sector (0: the sector rate)
  unsigned l2_store_queue = 0;                    // 1: a slice takes stores into a queue of their own (back-pressure)
  double l2_store_sectors_per_cycle_per_slice = 0;  // stores' rate at a slice (0: as loads)
  double l2_store_line_cycles = 0;                // more slice cycles per line of a store request
  double l2_fill_sectors_per_cycle_per_slice = 0;  // DRAM fills written into a slice per cycle (0: free)
  std::uint64_t atomic_unit_bytes = 128;          // aligned block of addresses one atomic unit serves
  std::uint64_t l2_dirty_max_lines = 0;           // dirty lines L2 holds before writing the oldest back (0: no cap)
  unsigned dram_write_batch_bytes = 0;            // writes drained together between reads (0: no turnaround)
  unsigned dram_burst_bytes = 0;                  // least bus bytes of one DRAM access
  unsigned dram_queue_cycles = 0;                 // DRAM backlog beyond which missing stores wait (0: none)
  double dram_turnaround_cycles = 0;              // bus cycles lost per write batch that follows reads
  unsigned dram_channels = 0;                     // DRAM channels that refresh on their own (0: no refresh)
  unsigned dram_channel_bytes = 1024;             // aligned block of addresses in one channel
  unsigned dram_refresh_interval_cycles = 0;      // one refresh per channel this often
  unsigned dram_refresh_cycles = 0;               // cycles a refresh keeps its channel's banks (0: no refresh)
  double dram_activate_cycles = 0;                // least cycles between two row activations of one channel (0: no limit)
  unsigned atomic_latency = 40;                  // cycles the L2 atomic unit adds
  unsigned atomic_cas_latency = 0;               // more cycles an atom.cas takes over the other global atomics
  double atomic_same_address_cycles = 0;         // cycles the L2 atomic unit spends per lane on one address
  double red_line_request_cycles = 0;            // one SM's REDs into one line, one after another: per request
  double red_line_lane_cycles = 0;               // ... and per lane
  double atomic_bytes_per_cycle = 0;             // operand bytes the L2 atomic unit takes per cycle (0: off)
  unsigned atomic_block_units = 1;               // atomic units sharing one atomic_unit_bytes block, in turn
  std::uint64_t atomic_interleave_bytes = 256;   // the pieces of a block that go to its units in turn
  unsigned atomic_units = 0;                     // L2 atomic units (0: one per L2 slice)
  unsigned atomic_group_blocks = 1;              // aligned blocks whose pieces all go to distinct units
  unsigned l2_partitions = 1;                    // mem.l2_partitions: 1 or 2
  std::vector<unsigned> l2_partition_hash_bits;  // mem.l2_partition_hash_bits: address bits XORed
  std::vector<unsigned> l2_partition0_sms;       // mem.l2_partition0_sms: SMs near partition 0
  unsigned l2_far_first_load_cycles = 0;         // mem.l2_far_first_load_cycles
  unsigned l2_far_atomic_cycles = 0;             // mem.l2_far_atomic_cycles
  unsigned l2_far_lookup = 0;                    // mem.l2_far_lookup: far accesses pass a near slice first
  unsigned l2_merge_cycles = 0;                  // mem.l2_merge_cycles: loads of a sector this close ride along
  unsigned l2_merge_load_cycles = 0;             // mem.l2_merge_load_cycles: the same for warps' loads (0: never)
  unsigned l2_merge_per_gpc = 0;                 // mem.l2_merge_per_gpc: only loads from SMs of one GPC merge
  double mem_reference_clock_mhz = 0;            // mem.reference_clock_mhz: the SM clock the L2/DRAM cycles are given at
  unsigned store_backpressure_cycles = 0;        // an SM's stores may be this far from their slice before it waits
  unsigned store_ack_cycles = 0;                 // mem.store_ack_cycles: a store's slice to its acknowledgement
  unsigned smem_store_read_cycles = 0;           // mem.smem_store_read_cycles: a shared store holds its registers
  unsigned global_store_read_cycles = 0;         // mem.global_store_read_cycles: a global store holds its registers
  unsigned global_data_pipe_wavefronts = 0;      // mem.global_data_pipe_wavefronts: per line of a global access
  unsigned const_latency = 4;                    // cycles per distinct address of an ld.const (constant-cache hit)
  unsigned barrier_latency = 20;                 // cycles from the last arrival to the release
  unsigned barrier_cycles_per_warp = 0;          // more release cycles per warp of the CTA beyond the first
  unsigned branch_taken_cycles = 0;              // a taken branch's issue to the warp's next issue
  unsigned yield_cycles = 0;                     // ptxas's YIELD before an mbarrier wait loop's try
  unsigned guard_predicate_cycles = 0;           // a setp's issue to an instruction guarded by its predicate
  unsigned reconverge_cycles = 0;                // a diverged warp reuniting at a warp-sync: cycles to its next issue
  unsigned reconverge_branch_cycles = 0;         // the same at a divergent branch's reconvergence point (BSYNC)
  unsigned warpsync_collective_cycles = 0;       // a warp-sync of paths not reunited (WARPSYNC.COLLECTIVE)
  unsigned fence_gpu_cycles = 0;                 // sm.fence_gpu_cycles: a GPU-scope fence after the acknowledgements
  unsigned mbarrier_latency = 20;                // sm.mbarrier_latency: an mbarrier instruction's issue to its result
  unsigned mbarrier_wake_cycles = 20;            // sm.mbarrier_wake_cycles: a phase's completion to its waiters' issue
  unsigned mbarrier_cluster_release_cycles = 0;  // sm.mbarrier_cluster_release_cycles: the fence before a
                                                 // .release.cluster mbarrier arrive, after the acknowledgements
  unsigned mbarrier_suspend_limit_ns = 1000;     // sm.mbarrier_suspend_limit_ns: try_wait's time limit without a hint
  unsigned mbarrier_suspend_hint_limit_ns = 1000000000;  // sm.mbarrier_suspend_hint_limit_ns: the most a hint waits
  unsigned tma_issue_cycles = 175;               // sm.tma_issue_cycles: a bulk/tensor copy's issue to the TMA starting it
  unsigned tma_descriptor_cycles = 39;           // sm.tma_descriptor_cycles: fetching a tensor map it has not cached
  unsigned tma_descriptor_first_cycles = 60;     // sm.tma_descriptor_first_cycles: more for the kernel's first fetch
  unsigned tma_descriptor_cache = 8;             // sm.tma_descriptor_cache: tensor maps the TMA unit keeps (LRU)
  double tma_bytes_per_cycle = 94;               // sm.tma_bytes_per_cycle: bytes the TMA unit moves per cycle
  unsigned tma_copy_cycles = 67;                 // sm.tma_copy_cycles: the fewest cycles the TMA unit spends on a copy
  unsigned tma_land_cycles = 10;                 // sm.tma_land_cycles: the last data back to bytes in shared + complete_tx
  unsigned tma_multicast_cycles = 70;            // sm.tma_multicast_cycles: the data back to a multicast's peer copies landed
  unsigned wgmma_fp8_sum_bits = 14;  // sm.wgmma_fp8_sum_bits: significand bits an fp8 wgmma's aligned sum keeps
  unsigned mma_align_bits = 2;  // sm.mma_align_bits: bits below C/D's f32 significand an mma's aligned sum keeps
  unsigned tma_nan_fill_pattern = 0x7ff7;        // sm.tma_nan_fill_pattern: 16 bits repeated over an OOB NaN element
  unsigned dsmem_latency = 200;                  // cluster.dsmem_latency: a distributed-shared-memory access's round trip
  double dsmem_bytes_per_cycle = 32;             // cluster.dsmem_bytes_per_cycle: one SM's DSMEM port
  unsigned cluster_barrier_cycles = 200;         // cluster.barrier_cycles: last barrier.cluster arrival to the release
  double cluster_barrier_cycles_per_cta = 0;     // cluster.barrier_cycles_per_cta: more per CTA beyond the first
  double cluster_dispatch_cycles = 0;            // cluster.dispatch_cycles: added to the CTA dispatch interval per cluster
  double cluster_single_dispatch_cycles = 0;     // cluster.single_dispatch_cycles: the same for clusters of one CTA
  std::vector<unsigned> cluster_group_of_sm;     // cluster.group_of_sm: each SM's cluster placement group (empty: GPCs)
  unsigned cluster_max_ctas_per_sm = 32;         // cluster.max_ctas_per_sm: CTAs of cluster launches resident per SM
  unsigned cluster_distinct_sms = 0;             // cluster.distinct_sms: a cluster's CTAs on distinct SMs
  unsigned printf_cycles = 0;                    // cycles a warp spends in one device printf (one lane printing)
  unsigned printf_cycles_per_lane = 0;           // more cycles per additional printing lane
  unsigned printf_instructions = 1;              // SASS warp-instructions one printf call executes
  SchedulerPolicy scheduler = SchedulerPolicy::Gto;
  unsigned kernel_launch_latency = 0;  // cycles added before the first CTA starts
  double cta_dispatch_interval = 0;  // cycles between two consecutive CTA launches, GPU-wide (an average)
  DispatchOrder dispatch_order = DispatchOrder::RoundRobin;
  CarveoutChoice carveout_choice = CarveoutChoice::Largest;  // smem.carveout_choice

  // compiler (ptxas) effects the timing model reproduces; 0 or 1
  unsigned compiler_schedule = 0;         // 1: list-schedule each basic block as ptxas would; 0: PTX order
  unsigned compiler_fold = 0;             // 1: instructions ptxas folds into others issue nothing of their own
  unsigned compiler_if_convert_max = 24;  // SASS instructions: longest side of a guarded block ptxas predicates
  unsigned compiler_min_region = 3;       // instructions: shortest fence-free run the list scheduler reorders
  unsigned compiler_nc_load_barriers = 3;  // CTA barriers a read-only global load (ld.global.nc) may move above
  unsigned compiler_register_limit = 0;    // 1: the list scheduler keeps live registers within the kernel's count
  unsigned compiler_reserved_registers = 3;  // registers of ptxas's count that hold no PTX value (R1, the last two)
  unsigned compiler_global_load_latency = 0;  // cycles ptxas's scheduler assumes for a global load (0: mem.l1_hit_latency)
  unsigned compiler_vector_chunk = 16;    // bytes: the widest shared access formed from adjacent ones
  unsigned compiler_unroll = 1;           // loop copies: ptxas's unroll factor for the loops it unrolls (1: none)
  unsigned compiler_unroll_max_body = 64;  // SASS instructions: the largest loop body ptxas unrolls
  unsigned compiler_uniform_datapath = 0;  // 1: warp-uniform integer arithmetic issues to the uniform pipe
  unsigned compiler_alu_fma_balance = 0;   // 1: integer adds and shifts are shared between the ALU and the FMA pipe

  // Every numeric parameter by dotted name, after defaults and overrides (for reports and stats files).
  std::map<std::string, double> values;
};

struct ParamInfo {
  std::string name;  // dotted name
  std::string unit;  // "count", "bytes", "registers", "cycles", "MHz", ...
  std::string default_value;
  std::string description;
  std::string range;  // "[1, 4096]", "one of ipdom_stack, independent", ... (what a value may be)
};
// The schema, in file order. Defaults are those of a default-constructed GpuConfig (the member
// initialisers above are the one place they are written).
const std::vector<ParamInfo>& gpu_params();

// Loads `name_or_path`: a name resolves to <configs_dir>/<name>.json; anything with a '/' or ending in
// .json is a path. `overrides` are name=value strings from --set, applied after the file.
// Throws warpsim::Error(ErrorKind::Config) naming the file and JSON path on any problem.
GpuConfig load_gpu_config(const std::string& name_or_path, const std::vector<std::string>& overrides = {});

// Every parameter of `cfg` as a GPU config file (nested JSON, table order, with "name" and "description"):
// loading the text gives back the same parameters. For reports and for recording what a run used.
std::string gpu_config_json(const GpuConfig& cfg);

// Where configs/gpus lives: $WARPSIM_CONFIGS if set, else the source tree's configs/gpus (compiled in),
// else ./configs/gpus. $WARPSIM_CONFIGS names the folder holding the <name>.json files itself.
std::string gpu_configs_dir();

}  // namespace warpsim::config
