// The GPU model's parameter table and loader: configs/gpus/<name>.json -> GpuConfig.
//
// Models: one table, kParams below, is the single source of every parameter's dotted name (= its JSON path),
// unit, range, description and place in GpuConfig; defaults are GpuConfig's member initialisers. Loading
// starts from those defaults, applies the file (nested objects, unknown keys rejected with suggestions,
// "sources" keys checked against the table), then --set overrides, then consistency checks between
// parameters. Adding a parameter: a member in GpuConfig and one line in the table.
// Leaves out: what the parameters do (the timing and functional models read GpuConfig).
#include <warpsim/config/gpu_config.hpp>

#include "config/gpu_files.hpp"
#include "config/json_util.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>

namespace warpsim::config {

namespace fs = std::filesystem;
using detail::JsonPath;
using detail::ojson;

namespace {

using G = GpuConfig;

struct Param {
  ParamInfo info;
  bool numeric = false;  // a scalar number: also lands in GpuConfig::values
  std::function<void(GpuConfig&, const ojson&, const JsonPath&)> set;
  std::function<ojson(const GpuConfig&)> get;
};

// ---- one builder per kind of value ----

template <typename T>
Param count(const char* name, T G::*m, const char* unit, std::uint64_t lo, std::uint64_t hi, const char* desc) {
  return {{name, unit, "", desc, fmt::format("[{}, {}]", lo, hi)},
          true,
          [=](G& g, const ojson& v, const JsonPath& at) { g.*m = static_cast<T>(detail::get_uint(v, at, lo, hi)); },
          [=](const G& g) { return ojson(g.*m); }};
}

template <typename S, typename T>
Param count(const char* name, S G::*outer, T S::*m, const char* unit, std::uint64_t lo, std::uint64_t hi,
            const char* desc) {
  return {{name, unit, "", desc, fmt::format("[{}, {}]", lo, hi)},
          true,
          [=](G& g, const ojson& v, const JsonPath& at) {
            (g.*outer).*m = static_cast<T>(detail::get_uint(v, at, lo, hi));
          },
          [=](const G& g) { return ojson((g.*outer).*m); }};
}

Param real(const char* name, double G::*m, const char* unit, double lo, double hi, const char* desc) {
  return {{name, unit, "", desc, fmt::format("[{}, {}]", lo, hi)},
          true,
          [=](G& g, const ojson& v, const JsonPath& at) {
            const double d = detail::get_number(v, at);
            if (d < lo || d > hi) at.fail("{} is out of range [{}, {}]", detail::describe(v), lo, hi);
            g.*m = d;
          },
          [=](const G& g) { return ojson(g.*m); }};
}

Param strings(const char* name, std::vector<std::string> G::*m, const char* desc) {
  return {{name, "-", "", desc, "non-empty list of strings"},
          false,
          [=](G& g, const ojson& v, const JsonPath& at) {
            if (!v.is_array() || v.empty())
              at.fail("expected a non-empty array of strings, got {}", detail::describe(v));
            std::vector<std::string> out;
            for (std::size_t i = 0; i < v.size(); ++i) out.push_back(detail::get_string(v[i], at.index(i)));
            g.*m = std::move(out);
          },
          [=](const G& g) { return ojson(g.*m); }};
}

Param counts(const char* name, std::vector<unsigned> G::*m, const char* unit, unsigned lo, unsigned hi,
             const char* desc, bool may_be_empty = false) {
  return {{name, unit, "", desc,
           fmt::format("{} increasing list, each in [{}, {}]", may_be_empty ? "an" : "non-empty", lo, hi)},
          false,
          [=](G& g, const ojson& v, const JsonPath& at) {
            if (!v.is_array() || (v.empty() && !may_be_empty))
              at.fail("expected a {}array of integers, got {}", may_be_empty ? "" : "non-empty ", detail::describe(v));
            std::vector<unsigned> out;
            for (std::size_t i = 0; i < v.size(); ++i) {
              out.push_back(static_cast<unsigned>(detail::get_uint(v[i], at.index(i), lo, hi)));
              if (i > 0 && out[i] <= out[i - 1]) at.index(i).fail("{} is not above the previous entry", out[i]);
            }
            g.*m = std::move(out);
          },
          [=](const G& g) { return ojson(g.*m); }};
}

// A list with one entry per SM, in any order (may be empty).
Param per_sm(const char* name, std::vector<unsigned> G::*m, const char* unit, unsigned hi, const char* desc) {
  return {{name, unit, "", desc, fmt::format("an empty list, or one entry per SM (sm.count), each in [0, {}]", hi)},
          false,
          [=](G& g, const ojson& v, const JsonPath& at) {
            if (!v.is_array()) at.fail("expected an array of integers, got {}", detail::describe(v));
            std::vector<unsigned> out;
            for (std::size_t i = 0; i < v.size(); ++i)
              out.push_back(static_cast<unsigned>(detail::get_uint(v[i], at.index(i), 0, hi)));
            g.*m = std::move(out);
          },
          [=](const G& g) { return ojson(g.*m); }};
}

template <typename E>
Param choice(const char* name, E G::*m, std::vector<std::pair<std::string, E>> options, const char* desc) {
  std::vector<std::string> names;
  for (const auto& o : options) names.push_back(o.first);
  return {{name, "-", "", desc, fmt::format("one of {}", fmt::join(names, ", "))},
          false,
          [=](G& g, const ojson& v, const JsonPath& at) {
            const std::string s = detail::get_string(v, at);
            for (const auto& o : options) {
              if (o.first == s) {
                g.*m = o.second;
                return;
              }
            }
            at.fail("expected one of {}, got {}", fmt::join(names, ", "), detail::describe(v));
          },
          [=](const G& g) {
            for (const auto& o : options) {
              if (o.second == g.*m) return ojson(o.first);
            }
            return ojson(nullptr);
          }};
}

constexpr std::uint64_t kU32 = std::numeric_limits<std::uint32_t>::max();

// The table. Order = documentation and gpu_config_json order.
std::vector<Param> make_params() {
  using R = Reconvergence;
  using S = SchedulerPolicy;
  using D = DispatchOrder;
  std::vector<Param> p = {
      strings("ptx_targets", &G::ptx_targets, "PTX .target values this model runs"),
      count("compute_capability", &G::compute_capability, "major*10+minor", 10, 1000,
            "CUDA compute capability (90 = 9.0)"),
      real("sm.clock_mhz", &G::clock_mhz, "MHz", 1, 100000, "SM clock, to turn cycles into time"),
      real("sm.tensor_clock_ratio", &G::tensor_clock_ratio, "ratio", 0.1, 1,
           "in a kernel whose code has HMMA, IMMA or GMMA instructions (mma.sync or wgmma.mma_async of a type other "
           "than f64) the SMs run at this fraction of sm.clock_mhz, the clock gpc__cycles_elapsed counts: the kernel "
           "is simulated in SM cycles at sm.clock_mhz x this (the L2 and DRAM keep their clock: "
           "mem.reference_clock_mhz), and its elapsed cycles are launch.kernel_latency + the rest / this; "
           "sm__cycles_active and %clock64 stay SM cycles; 1: no change"),
      count("sm.count", &G::num_sms, "SMs", 1, 4096, "streaming multiprocessors on the GPU"),
      count("sm.warp_size", &G::warp_size, "threads", 32, 32, "threads per warp (the simulator supports 32 only)"),
      count("sm.sub_partitions", &G::sub_partitions, "count", 1, 64, "sub-partitions (one warp scheduler each) per SM"),
      count("sm.max_threads", &G::max_threads_per_sm, "threads", 1, 1u << 20, "resident threads per SM"),
      count("sm.max_warps", &G::max_warps_per_sm, "warps", 1, 1u << 15, "resident warps per SM"),
      count("sm.max_ctas", &G::max_ctas_per_sm, "CTAs", 1, 1u << 15, "resident CTAs per SM"),
      count("sm.per_tpc", &G::sms_per_tpc, "SMs", 1, 16, "SMs per TPC (texture processing cluster)"),
      count("gpc.count", &G::gpc_count, "GPCs", 1, 1024, "GPCs (graphics processing clusters) of the full die"),
      count("gpc.tpcs", &G::tpcs_per_gpc, "TPCs", 1, 1024,
            "TPCs per GPC of the full die (the last GPCs hold fewer when sm.count is below the full die)"),
      choice("sm.reconvergence", &G::reconvergence, {{"ipdom_stack", R::IpdomStack}, {"independent", R::Independent}},
             "SIMT reconvergence: pre-Volta IPDOM stack, or Volta+ independent thread scheduling"),
      count("pipe.int.latency", &G::pipe_int, &PipeTiming::latency, "cycles", 1, 100000,
            "integer ALU (add, logic, shifts, compares): issue to dependent issue"),
      count("pipe.int.interval", &G::pipe_int, &PipeTiming::interval, "cycles", 1, 100000,
            "integer ALU (add, logic, shifts, compares): issue to next issue on one sub-partition"),
      count("pipe.imad.latency", &G::pipe_imad, &PipeTiming::latency, "cycles", 1, 100000,
            "integer multiply (IMAD, IMAD.WIDE, IMAD.HI): issue to dependent issue"),
      count("pipe.imad.interval", &G::pipe_imad, &PipeTiming::interval, "cycles", 1, 100000,
            "integer multiply: issue to the next issue to the same FMA unit, which it shares with FP32 (the first of "
            "pipe.fp32.units)"),
      count("pipe.tensor.latency", &G::pipe_tensor, &PipeTiming::latency, "cycles", 1, 100000,
            "warp-level matrix multiply-accumulate (mma.sync: HMMA, IMMA, DMMA): issue to dependent issue, every shape"),
      count("pipe.tensor.interval", &G::pipe_tensor, &PipeTiming::interval, "cycles", 1, 100000,
            "tensor pipe time per 2,048 f16 multiply-adds (one m16n8k16): an mma holds the pipe "
            "pipe.tensor.issue_cycles + this x its multiply-adds / 2,048 / its type's rate, rounded (at least 1)"),
      real("pipe.tensor.issue_cycles", &G::tensor_issue_cycles, "cycles", 0, 1000,
           "the part of an mma's hold on the tensor pipe that does not grow with its size"),
      real("pipe.tensor.tf32_rate", &G::tensor_tf32_rate, "1", 0.001, 1000,
           "tensor-core multiply-adds per cycle with tf32 inputs, relative to f16 and bf16"),
      real("pipe.tensor.int8_rate", &G::tensor_int8_rate, "1", 0.001, 1000,
           "tensor-core multiply-adds per cycle with 8-bit inputs (s8, u8, e4m3, e5m2; 4-bit and 1-bit too), relative "
           "to f16"),
      real("pipe.tensor.f64_rate", &G::tensor_f64_rate, "1", 0.001, 1000,
           "tensor-core multiply-adds per cycle with f64 inputs (DMMA), relative to f16"),
      real("pipe.tensor.fp8_unpack_cycles", &G::tensor_fp8_unpack_cycles, "cycles", 0, 100000,
           "fp8 (e4m3/e5m2) mma.sync where ptxas emulates it (sm_90: F2FP unpacks of A and B, then two HMMA.16816): "
           "the time one mma's unpacks keep its sub-partition's unpack path, which the sub-partition's fp8 mmas take "
           "in turn; the warp waits for its unpacks and the first HMMA before it issues again (0: not emulated)"),
      count("pipe.tensor.fp8_unpack_latency", &G::tensor_fp8_unpack_latency, "cycles", 0, 100000,
            "fp8 mma.sync where ptxas emulates it: from the end of its unpacks to the start of its first HMMA"),
      count("pipe.tensor.fp8_unpack_instructions", &G::tensor_fp8_unpack_instructions, "instructions", 0, 1000,
            "fp8 mma.sync where ptxas emulates it: the SASS instructions it adds to the mma (the unpacks, the second "
            "HMMA), counted in smsp__inst_executed"),
      real("pipe.tensor.wgmma_cycles_per_n", &G::wgmma_cycles_per_n, "cycles", 0, 1000,
           "tensor pipe time of one warp's part of a wgmma.mma_async per column of N (m64nNk*, any type: K is 16 for "
           "f16/bf16, 8 for tf32, 32 for 8-bit, 256 for b1)"),
      real("pipe.tensor.wgmma_issue_cycles", &G::wgmma_issue_cycles, "cycles", 0, 1000,
           "the part of a wgmma.mma_async's hold on each sub-partition's tensor pipe that does not grow with N"),
      count("pipe.tensor.wgmma_latency", &G::wgmma_latency, "cycles", 0, 100000,
            "a wgmma.mma_async's results land this long after its tensor-pipe time and its shared-memory operand "
            "reads are done (wgmma.wait_group waits for them)"),
      real("mem.gmma_smem_bytes_per_cycle", &G::gmma_smem_bytes_per_cycle, "bytes/cycle", 1, 100000,
           "the rate at which the SM's shared memory delivers wgmma.mma_async operands (A from a descriptor: 16 rows "
           "of 32 bytes per warp; B: N rows of 32 bytes per warpgroup, a quarter per warp), shared with the SM's other "
           "shared-memory traffic"),
      real("mem.gmma_smem_request_cycles", &G::gmma_smem_request_cycles, "cycles", 0, 1000,
           "shared-memory time each warp's wgmma.mma_async operand read adds to its bytes' time"),
      count("pipe.fp32.latency", &G::pipe_fp32, &PipeTiming::latency, "cycles", 1, 100000,
            "FP32 (FADD, FMUL, FFMA): issue to dependent issue"),
      count("pipe.fp32.interval", &G::pipe_fp32, &PipeTiming::interval, "cycles", 1, 100000,
            "FP32 (FADD, FMUL, FFMA): issue to the next issue to the same FMA unit"),
      count("pipe.fp32.units", &G::fp32_units, "units", 1, 2,
            "FMA units per sub-partition that FP32 instructions take in turn (the H200's fmaheavy and fmalite); "
            "integer multiplies use the first only; one warp issues at most one FP32 instruction per pipe.fp32.interval"),
      count("pipe.fp64.latency", &G::pipe_fp64, &PipeTiming::latency, "cycles", 1, 100000,
            "FP64: issue to dependent issue"),
      count("pipe.fp64.interval", &G::pipe_fp64, &PipeTiming::interval, "cycles", 1, 100000,
            "FP64: issue to next issue on one sub-partition"),
      count("pipe.f16.latency", &G::pipe_f16, &PipeTiming::latency, "cycles", 1, 100000,
            "half precision (f16, bf16): issue to dependent issue"),
      count("pipe.f16.interval", &G::pipe_f16, &PipeTiming::interval, "cycles", 1, 100000,
            "half precision (f16, bf16): issue to next issue on one sub-partition"),
      count("pipe.sfu.latency", &G::pipe_sfu, &PipeTiming::latency, "cycles", 1, 100000,
            "special functions (rcp, sqrt, ex2, sin, ...): issue to dependent issue"),
      count("pipe.sfu.interval", &G::pipe_sfu, &PipeTiming::interval, "cycles", 1, 100000,
            "special functions (rcp, sqrt, ex2, sin, ...): issue to next issue on one sub-partition"),
      count("pipe.branch.latency", &G::pipe_branch, &PipeTiming::latency, "cycles", 1, 100000,
            "branches, calls, exit, barriers: issue to dependent issue"),
      count("pipe.branch.interval", &G::pipe_branch, &PipeTiming::interval, "cycles", 1, 100000,
            "branches, calls, exit, barriers: issue to next issue on one sub-partition"),
      count("pipe.ldst.latency", &G::pipe_ldst, &PipeTiming::latency, "cycles", 1, 100000,
            "loads, stores and atomics (issue into the LSU): issue to dependent issue"),
      count("pipe.ldst.interval", &G::pipe_ldst, &PipeTiming::interval, "cycles", 1, 100000,
            "loads, stores and atomics (issue into the LSU): issue to next issue on one sub-partition"),
      count("pipe.uniform.latency", &G::pipe_uniform, &PipeTiming::latency, "cycles", 1, 100000,
            "moves and special-register reads: issue to dependent issue"),
      count("pipe.uniform.interval", &G::pipe_uniform, &PipeTiming::interval, "cycles", 1, 100000,
            "moves and special-register reads: issue to next issue on one sub-partition"),
      count(
          "emul.div_f32.latency", &G::emul_div_f32, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of div.rn/rz/rm/rp.f32 is ready: ptxas expands it into a SASS sequence"),
      count("emul.div_f32.instructions", &G::emul_div_f32, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div.rn/rz/rm/rp.f32 (issue slots it takes)"),
      count(
          "emul.rcp_f32.latency", &G::emul_rcp_f32, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of rcp.rn/rz/rm/rp.f32 is ready: ptxas expands it into a SASS sequence"),
      count("emul.rcp_f32.instructions", &G::emul_rcp_f32, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one rcp.rn/rz/rm/rp.f32 (issue slots it takes)"),
      count(
          "emul.sqrt_f32.latency", &G::emul_sqrt_f32, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of sqrt.rn/rz/rm/rp.f32 is ready: ptxas expands it into a SASS sequence"),
      count("emul.sqrt_f32.instructions", &G::emul_sqrt_f32, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one sqrt.rn/rz/rm/rp.f32 (issue slots it takes)"),
      count(
          "emul.div_f64.latency", &G::emul_div_f64, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of div.rn/rz/rm/rp.f64 is ready: ptxas expands it into a SASS sequence"),
      count("emul.div_f64.instructions", &G::emul_div_f64, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div.rn/rz/rm/rp.f64 (issue slots it takes)"),
      count(
          "emul.rcp_f64.latency", &G::emul_rcp_f64, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of rcp.rn/rz/rm/rp.f64 is ready: ptxas expands it into a SASS sequence"),
      count("emul.rcp_f64.instructions", &G::emul_rcp_f64, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one rcp.rn/rz/rm/rp.f64 (issue slots it takes)"),
      count(
          "emul.sqrt_f64.latency", &G::emul_sqrt_f64, &EmulatedOp::latency, "cycles", 0, 100000,
          "cycles from issue until the result of sqrt.rn/rz/rm/rp.f64 is ready: ptxas expands it into a SASS sequence"),
      count("emul.sqrt_f64.instructions", &G::emul_sqrt_f64, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one sqrt.rn/rz/rm/rp.f64 (issue slots it takes)"),
      count("emul.div_u32.latency", &G::emul_div_u32, &EmulatedOp::latency, "cycles", 0, 100000,
            "cycles from issue until the result of div/rem .u32 and .u16 is ready: ptxas expands it into a SASS "
            "sequence"),
      count("emul.div_u32.instructions", &G::emul_div_u32, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div/rem .u32 and .u16 (issue slots it takes)"),
      count("emul.div_u32_invariant.latency", &G::emul_div_u32_invariant, &EmulatedOp::latency, "cycles", 0, 100000,
            "cycles from issue until the result of div/rem .u32 and .u16 is ready inside a loop whose iterations "
            "leave the divisor register unchanged: ptxas computes the divisor's reciprocal before the loop and issues "
            "the rest here; 0: as emul.div_u32"),
      count("emul.div_u32_invariant.instructions", &G::emul_div_u32_invariant, &EmulatedOp::instructions,
            "instructions", 1, 10000, "SASS instructions of that remaining sequence (issue slots it takes)"),
      count("emul.div_s32.latency", &G::emul_div_s32, &EmulatedOp::latency, "cycles", 0, 100000,
            "cycles from issue until the result of div/rem .s32 and .s16 is ready: ptxas expands it into a SASS "
            "sequence"),
      count("emul.div_s32.instructions", &G::emul_div_s32, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div/rem .s32 and .s16 (issue slots it takes)"),
      count("emul.div_u64.latency", &G::emul_div_u64, &EmulatedOp::latency, "cycles", 0, 100000,
            "cycles from issue until the result of div/rem .u64 is ready: ptxas expands it into a SASS sequence"),
      count("emul.div_u64.instructions", &G::emul_div_u64, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div/rem .u64 (issue slots it takes)"),
      count("emul.div_s64.latency", &G::emul_div_s64, &EmulatedOp::latency, "cycles", 0, 100000,
            "cycles from issue until the result of div/rem .s64 is ready: ptxas expands it into a SASS sequence"),
      count("emul.div_s64.instructions", &G::emul_div_s64, &EmulatedOp::instructions, "instructions", 1, 10000,
            "SASS instructions ptxas emits for one div/rem .s64 (issue slots it takes)"),
      count("mem.smem_latency", &G::smem_latency, "cycles", 1, 100000, "shared-memory access without bank conflicts"),
      count("mem.smem_banks", &G::smem_banks, "banks", 1, 1024, "shared-memory banks"),
      count("mem.smem_bank_bytes", &G::smem_bank_bytes, "bytes", 1, 1024, "width of one shared-memory bank"),
      count("mem.smem_phase_bytes", &G::smem_phase_bytes, "bytes", 0, 4096,
            "a shared-memory access of more bytes than this per warp (64- and 128-bit accesses) is served in phases "
            "of this many bytes of consecutive lanes (a half-warp of 64-bit, a quarter-warp of 128-bit accesses), "
            "each phase's bank conflicts counted on its own lanes; 0: the whole warp at once"),
      count("mem.smem_wavefront_cycles", &G::smem_wavefront_cycles, "cycles", 1, 1024,
            "latency each wavefront after the first adds to a shared-memory access (the banks serve one wavefront per "
            "cycle)"),
      count("mem.smem_store_read_cycles", &G::smem_store_read_cycles, "cycles", 0, 100000,
            "from a shared-memory store's (or atomic's) issue until it has read its registers: an instruction that "
            "writes one of them waits until then (Nsight's short_scoreboard), and ptxas's scheduler puts such a "
            "writer that far behind it"),
      count("mem.l1_hit_latency", &G::l1_hit_latency, "cycles", 1, 100000, "global load that hits in L1"),
      count("mem.l1_miss_latency", &G::l1_miss_latency, "cycles", 0, 100000,
            "what a cached load's L1 miss adds to its L2 (or DRAM) answer: the fill is written into L1 and read "
            "out from there (loads that bypass L1, .cg and strong ones, do not pay it)"),
      count("mem.l2_hit_latency", &G::l2_hit_latency, "cycles", 1, 100000, "global load that hits in L2"),
      real("mem.l2_requests_per_cycle_per_slice", &G::l2_requests_per_cycle_per_slice, "requests/cycle", 0, 1000,
           "requests a slice takes per cycle, a request being one L1's (or TMA unit's) sectors of one line: the "
           "slice's tag stage, in front of its data stage (mem.l2_sectors_per_cycle_per_slice), so that loads of "
           "one sector per line are limited by it and whole lines by the data stage (0: no limit)"),
      count("mem.l2_hit_latency_spread", &G::l2_hit_latency_spread, "cycles", 0, 100000,
            "width of the spread of one L2 hit's latency around mem.l2_hit_latency: each lookup takes "
            "mem.l2_hit_latency - spread / 2 + a pseudo-random 0 .. spread (a hash of the sector, the cycle and the "
            "side; the same inputs give the same cycles), so that a warp whose lanes load many lines waits for the "
            "slowest of them, as on the GPU (0: every hit takes mem.l2_hit_latency)"),
      count("mem.l2_store_queue", &G::l2_store_queue, "bool", 0, 1,
            "1: each slice takes stores into a queue of their own, so that the SM's store back-pressure "
            "(mem.store_backpressure_cycles) sees only the stores' backlog (their sectors, line allocations, "
            "write-backs and waits for DRAM), not loads queued at the slice; the stores are still processed in "
            "arrival order with the loads (their data, acknowledgement and the kernel's end wait for that). 0: a "
            "store is taken when the slice reaches it behind every request that came before it"),
      count("mem.store_backpressure_cycles", &G::store_backpressure_cycles, "cycles", 0, 100000,
            "a sub-partition issues no memory instruction while its last store is more than this many cycles from "
            "being taken by its L2 slice (slices behind DRAM write-backs hold the SM back)"),
      count("mem.store_ack_cycles", &G::store_ack_cycles, "cycles", 0, 100000,
            "from a store's last sector reaching its L2 slice to the SM's acknowledgement: a warp that exits with "
            "stores unacknowledged keeps its CTA's resources until then (Nsight's drain stall), and the kernel ends "
            "after its last acknowledgement"),
      count("mem.global_data_pipe_wavefronts", &G::global_data_pipe_wavefronts, "wavefronts", 0, 64,
            "cycles of the SM's shared-memory banks (the L1 data pipe, one wavefront a cycle) that each distinct "
            "128-byte line of a global or local load or store takes beside the shared-memory accesses (Nsight counts "
            "both in l1tex__data_pipe_lsu_wavefronts); 0: global accesses leave the banks alone"),
      count("mem.global_store_read_cycles", &G::global_store_read_cycles, "cycles", 0, 100000,
            "from a global (or local) store's or atomic's issue until it has read its registers: an instruction that "
            "writes one of them waits until then (Nsight's long_scoreboard), and ptxas's scheduler puts such a "
            "writer that far behind it"),
      count("mem.dram_latency", &G::dram_latency, "cycles", 1, 100000, "global load that goes to DRAM"),
      count("mem.dram_access_bytes", &G::dram_access_bytes, "bytes", 32, 128,
            "bytes one L2 miss reads from DRAM: the aligned block of sectors holding the missed one (32, 64 or 128); "
            "the block's other sectors are filled too"),
      count("mem.l1_size", &G::l1_size, "bytes", 128, 1u << 30,
            "L1 data cache per SM (what the 256 KiB L1/shared pool leaves beside the largest carve-out)"),
      count("mem.l1_assoc", &G::l1_assoc, "ways", 1, 1024, "L1 associativity (128-byte lines of 32-byte sectors)"),
      real("mem.l1_sectors_per_cycle", &G::l1_sectors_per_cycle, "sectors/cycle", 0.001, 1e6,
           "32-byte sectors one SM's L1 serves per cycle"),
      real("mem.l1_load_cycles_per_line", &G::l1_load_cycles_per_line, "cycles", 0, 1000,
           "cycles one SM's L1 spends per distinct 128-byte line of a warp load (an access takes the longer of this "
           "and its sectors at mem.l1_sectors_per_cycle)"),
      choice("mem.l1_replacement", &G::l1_replacement,
             {{"lru", config::Replacement::Lru}, {"random", config::Replacement::Random}},
             "which line of a full L1 set a fill evicts: the least recently used, or one picked pseudo-randomly"),
      choice("mem.l1_set_index", &G::l1_set_index,
             {{"modulo", config::SetIndex::Modulo}, {"hashed", config::SetIndex::Hashed}},
             "how L1 picks a line's set: the line address modulo the number of sets (lines a power-of-two stride "
             "apart share few sets), or a hash of every address bit (no stride falls on a few sets)"),
      real("mem.l1_tag_cycles_per_line", &G::l1_tag_cycles_per_line, "cycles", 0, 1000,
           "cycles the SM's L1 tag stage spends per distinct 128-byte line of a warp access, hit or miss: the rate all "
           "sub-partitions together get (mem.l1_load_cycles_per_line is what one sub-partition's path gets)"),
      real("mem.cp_async_cycles_per_line", &G::cp_async_cycles_per_line, "cycles", 0, 1000,
           "cycles the SM's L1 stages spend per distinct 128-byte line a cp.async (LDGSTS) reads, instead of "
           "mem.l1_tag_cycles_per_line (the fill also writes the line into shared memory); 0: "
           "mem.l1_tag_cycles_per_line"),
      count("mem.cp_async_zfill_latency", &G::cp_async_zfill_latency, "cycles", 0, 100000,
            "issue to landing of a cp.async whose lanes all zero-fill (src-size 0 or ignore-src: no global read; "
            "the zeros still pass the L1's pipeline into shared memory)"),
      real("mem.cp_async_smem_write_cycles", &G::cp_async_smem_write_cycles, "cycles", 0, 1000,
           "cycles per wavefront (a store's, bank conflicts included) the SM's shared-memory banks spend on the "
           "bytes a cp.async (LDGSTS) writes through the LSU's data path: its zero-filled lanes and, for .ca "
           "(cache-access) copies, every lane (.cg copies' data from L2 is written by the L1's fill and takes none); "
           "0: no such time"),
      real("mem.l1_store_cycles_per_line", &G::l1_store_cycles_per_line, "cycles", 0, 1000,
           "cycles one SM's L1 spends per distinct 128-byte line of a warp store"),
      count("mem.l2_size", &G::l2_size, "bytes", 128, kU32, "L2 cache, whole GPU"),
      count("mem.l2_slices", &G::l2_slices, "slices", 1, 4096, "L2 slices; 128-byte lines are hashed over them"),
      count("mem.l2_assoc", &G::l2_assoc, "ways", 1, 1024, "L2 associativity per slice (LRU)"),
      real("mem.l2_sectors_per_cycle_per_slice", &G::l2_sectors_per_cycle_per_slice, "sectors/cycle", 0.001, 1e6,
           "32-byte sectors one L2 slice serves per cycle"),
      real("mem.dram_bytes_per_cycle", &G::dram_bytes_per_cycle, "bytes/cycle", 0.001, 1e9,
           "DRAM bandwidth of the whole GPU, per SM cycle"),
      count("mem.dram_banks", &G::dram_banks, "banks", 0, 1u << 20,
            "DRAM banks of the whole GPU; each DRAM access (mem.dram_access_bytes) goes to one, hashed from its "
            "address, and waits for it (0: no banks, the bus and mem.dram_latency only)"),
      count("mem.l2_partial_write_fill", &G::l2_partial_write_fill, "bool", 0, 1,
            "1: a store that writes part of a 32-byte sector not in L2 reads the sector from DRAM (its data is there "
            "when the read is back; the store does not wait); 0: a partial write counts as whole"),
      real("mem.l2_partial_store_cycles", &G::l2_partial_store_cycles, "cycles", 0, 1e6,
           "slice cycles a store spends on a sector it writes only part of when the slice does not hold the sector "
           "whole (absent or partly written); a line allocation (mem.l2_store_line_cycles) overlaps it, the longer "
           "of the two counts; 0: as a whole sector"),
      count("mem.l2_partial_sectors", &G::l2_partial_sectors, "sectors", 0, kU32,
            "with mem.l2_partial_write_fill: the partly written sectors the whole L2 holds (each slice its share); a "
            "store that makes one more writes the slice's oldest back through DRAM (read, merge, write: 32 bytes each "
            "way) and keeps it whole and clean; a load or atomic of a partly written sector reads the rest from DRAM; "
            "0: a partial store that misses reads its sector from DRAM at once"),
      real("mem.l2_store_sectors_per_cycle_per_slice", &G::l2_store_sectors_per_cycle_per_slice, "sectors/cycle", 0,
           1e6, "32-byte sectors of stores one L2 slice takes per cycle (0: mem.l2_sectors_per_cycle_per_slice)"),
      real("mem.l2_fill_sectors_per_cycle_per_slice", &G::l2_fill_sectors_per_cycle_per_slice, "sectors/cycle", 0,
           1e6,
           "32-byte sectors a DRAM read brings into L2 that one slice writes into its data array per cycle: a load "
           "that misses takes its slice that much longer per sector it fills (0: fills take no slice time)"),
      real(
          "mem.l2_store_line_cycles", &G::l2_store_line_cycles, "cycles", 0, 1e6,
          "more cycles an L2 slice spends on each 128-byte line a warp's store allocates (a line it does not hold), "
          "once per line whatever its sectors"),
      count("mem.atomic_unit_bytes", &G::atomic_unit_bytes, "bytes", 32, std::uint64_t{1} << 30,
            "aligned block of addresses whose atomics mem.atomic_block_units atomic units serve: atomics on lines of "
            "one block piece queue at one unit"),
      count("mem.atomic_block_units", &G::atomic_block_units, "units", 1, 64,
            "atomic units that share one mem.atomic_unit_bytes block: its consecutive mem.atomic_interleave_bytes "
            "pieces go to them in turn"),
      count("mem.atomic_interleave_bytes", &G::atomic_interleave_bytes, "bytes", 32, std::uint64_t{1} << 30,
            "aligned piece of a mem.atomic_unit_bytes block that one of its mem.atomic_block_units units serves"),
      count("mem.atomic_units", &G::atomic_units, "units", 0, 1u << 20,
            "L2 atomic units (0: one per L2 slice, mem.l2_slices)"),
      count("mem.atomic_group_blocks", &G::atomic_group_blocks, "blocks", 1, 1u << 20,
            "aligned run of mem.atomic_unit_bytes blocks whose pieces go to distinct atomic units (as many as there "
            "are, then again): each run takes a pseudo-random affine permutation of the units, so that runs of "
            "blocks spread their atomics evenly and runs far apart collide at random (1: each block on its own)"),
      count("mem.l2_dirty_max_lines", &G::l2_dirty_max_lines, "lines", 0, std::uint64_t{1} << 40,
            "128-byte lines with dirty sectors L2 keeps: beyond it, the dirty sectors of the line dirtied longest ago "
            "are written back to DRAM (the line stays, clean) while the kernel runs; 0: they leave only when evicted"),
      count("mem.dram_queue_cycles", &G::dram_queue_cycles, "cycles", 0, 1u << 30,
            "a store that misses L2 waits at its slice while the DRAM bus is more than this many cycles behind "
            "(its fill or the write-backs it causes have nowhere to go); 0: stores never wait for DRAM"),
      count("mem.dram_burst_bytes", &G::dram_burst_bytes, "bytes", 0, 1u << 20,
            "least DRAM bus time of one access, as bytes: a smaller read or write takes as long as this many "
            "(dram__bytes counts what was asked for); 0: every byte its own time"),
      count("mem.dram_write_batch_bytes", &G::dram_write_batch_bytes, "bytes", 0, 1u << 30,
            "DRAM writes wait in a buffer and go out together once this many bytes are waiting (0: each write at "
            "once, no turnaround)"),
      real("mem.dram_turnaround_cycles", &G::dram_turnaround_cycles, "cycles", 0, 1e6,
           "bus cycles lost switching from reads to a batch of writes and back (with mem.dram_write_batch_bytes; a "
           "batch with no read since the last costs nothing more)"),
      real("mem.dram_bank_cycles", &G::dram_bank_cycles, "cycles", 0, 1e6,
           "with mem.dram_banks: cycles a bank is busy with one access; a read's unloaded latency is this plus its "
           "bus transfer plus mem.dram_latency"),
      count("mem.dram_channels", &G::dram_channels, "channels", 0, 1u << 20,
            "DRAM channels (HBM pseudo-channels) that refresh one after another; the aligned blocks of "
            "mem.dram_channel_bytes are hashed over them (0: no refresh)"),
      count("mem.dram_channel_bytes", &G::dram_channel_bytes, "bytes", 1, 1u << 30,
            "aligned block of consecutive addresses that one DRAM channel holds"),
      count("mem.dram_refresh_interval_cycles", &G::dram_refresh_interval_cycles, "cycles", 0, 1u << 30,
            "each channel refreshes once per this many cycles (tREFI), the channels' refreshes spread evenly over it"),
      count("mem.dram_refresh_cycles", &G::dram_refresh_cycles, "cycles", 0, 1u << 30,
            "cycles one refresh keeps its channel (tRFC): a DRAM read that arrives during it waits for its end before "
            "its bank starts (0: no refresh)"),
      real("mem.dram_activate_cycles", &G::dram_activate_cycles, "cycles", 0, 1e6,
           "with mem.dram_channels: least cycles between two row activations in one channel (tRRD / tFAW / 4). A "
           "channel holds mem.dram_banks / mem.dram_channels open rows of mem.dram_channel_bytes; a read of a row "
           "that is not open waits for the channel's next activation (0: no limit)"),
      count("mem.atomic_latency", &G::atomic_latency, "cycles", 0, 100000,
            "a global atomic's extra cost at the L2 slice, over the L2 hit (or DRAM) latency"),
      count("mem.atomic_cas_latency", &G::atomic_cas_latency, "cycles", 0, 100000,
            "more cycles an atom.cas takes over the other global atomics (its round trip to the L2 slice)"),
      count("mem.l2_partitions", &G::l2_partitions, "partitions", 1, 2,
            "L2 partitions: with 2, each line has a home partition (mem.l2_partition_hash_bits) and each SM a near one "
            "(mem.l2_partition0_sms)"),
      counts("mem.l2_partition_hash_bits", &G::l2_partition_hash_bits, "bit", 7, 63,
             "byte-address bits whose XOR is a line's home partition (1 XOR parity: the line at address 0 is in "
             "partition 1)",
             true),
      counts("mem.l2_partition0_sms", &G::l2_partition0_sms, "SM", 0, 1u << 16,
             "SMs whose near L2 partition is partition 0 (the others are near partition 1)", true),
      count("mem.l2_far_first_load_cycles", &G::l2_far_first_load_cycles, "cycles", 0, 100000,
            "more for a load from an SM on the far side of the line's home partition that hits a line its side has no "
            "copy of; the near partition then keeps a copy, and later loads from that side take mem.l2_hit_latency "
            "(a miss fills the requesting side's copy at mem.dram_latency)"),
      count("mem.l2_far_lookup", &G::l2_far_lookup, "bool", 0, 1,
            "a far-side access its side cannot serve (no near copy: a load's first, a store, an atomic) is looked up "
            "in a near-partition slice first, taking that slice's time and counting as an L2 sector access there"),
      count("mem.l2_merge_cycles", &G::l2_merge_cycles, "cycles", 0, 100000,
            "a TMA unit's load (tensor or bulk copy) of a sector present in L2 that reaches the L2 at most this "
            "long after another such load of that sector from the same partition side was looked up at its slice "
            "(or while that one still waits there; warps' loads: mem.l2_merge_load_cycles) "
            "is merged with it before the slice: it takes no slice time, is not counted in lts__t_sectors, and its "
            "data is back when that load's is (not before its own mem.l2_hit_latency); a store or atomic to the sector "
            "ends the merging; 0: no merging"),
      count("mem.l2_merge_load_cycles", &G::l2_merge_load_cycles, "cycles", 0, 100000,
            "the same for warps' loads that miss L1 or bypass it (LDG, LDGSTS): one that reaches the L2 at most this "
            "long after another load of the sector (a warp's or the TMA unit's) from the same side (or GPC) was "
            "looked up rides on it; 0: warps' loads are never merged"),
      count("mem.l2_merge_per_gpc", &G::l2_merge_per_gpc, "bool", 0, 1,
            "1: loads merge only with loads from SMs of the same GPC (cluster.group_of_sm, else gpc.count x "
            "gpc.tpcs in SM order) and the same partition side (the L2's request coalescer answers one GPC at a "
            "time); 0: with loads from any SM on the same partition side"),
      real("mem.reference_clock_mhz", &G::mem_reference_clock_mhz, "MHz", 0, 100000,
           "the SM clock (sm.clock_mhz) at which the L2's and DRAM's cycle parameters are given: the L2 and HBM keep "
           "their own clocks when the SM clock changes (GPU boost under load), so at another sm.clock_mhz their "
           "latencies (mem.l2_hit_latency, mem.dram_latency, mem.atomic_latency, the far-partition and queue cycles) "
           "are taken times sm.clock_mhz / this and their rates (sectors, bytes per cycle) divided by it; 0: no "
           "scaling"),
      count("mem.l2_far_atomic_cycles", &G::l2_far_atomic_cycles, "cycles", 0, 100000,
            "more for an atomic from an SM on the far side of its line's home partition (atomics are done at the "
            "home partition every time)"),
      real("mem.atomic_same_address_cycles", &G::atomic_same_address_cycles, "cycles", 0, 1000,
           "cycles the L2 slice's atomic unit spends per lane of a warp's atomic on one address (lanes on the "
           "same address are served one after another; different words in parallel); with "
           "mem.atomic_bytes_per_cycle, per lane after the first"),
      real("mem.atomic_bytes_per_cycle", &G::atomic_bytes_per_cycle, "bytes/cycle", 0, 1e6,
           "operand bytes of a warp's atomic the L2 atomic unit takes per cycle, per sector the atomic fills (its "
           "distinct addresses cover all 32 bytes); such a sector keeps the unit for the longer of that and its "
           "same-address lanes after the first; a sector filled in part, or any with 0, costs every lane on one "
           "address at mem.atomic_same_address_cycles, operands free"),
      real("mem.red_line_request_cycles", &G::red_line_request_cycles, "cycles", 0, 100000,
           "an SM's REDs (atomics whose result nothing reads) into one 128-byte line are done one request after "
           "another: each request keeps the SM's chain on that line this long plus mem.red_line_lane_cycles per "
           "lane; a warp RED is one request per lane on its most-used address (lanes on one address go in "
           "separate requests); 0 with mem.red_line_lane_cycles 0: no chain"),
      real("mem.red_line_lane_cycles", &G::red_line_lane_cycles, "cycles", 0, 100000,
           "per lane of a RED request in the SM's chain on its line (mem.red_line_request_cycles)"),
      count("mem.const_latency", &G::const_latency, "cycles", 1, 100000,
            "ld.const: each distinct address of a warp access (constant-cache hit)"),
      count("sm.barrier_latency", &G::barrier_latency, "cycles", 0, 100000, "last arrival at a CTA barrier to release"),
      count("sm.barrier_cycles_per_warp", &G::barrier_cycles_per_warp, "cycles", 0, 100000,
            "added to the barrier release for each warp of the CTA beyond the first"),
      count("sm.fence_gpu_cycles", &G::fence_gpu_cycles, "cycles", 0, 1000000,
            "a GPU- or system-scope fence (membar.gl, fence.sc.gpu, ...): once the warp's stores are acknowledged, "
            "cycles until its next instruction may issue"),
      count("sm.mbarrier_latency", &G::mbarrier_latency, "cycles", 0, 100000,
            "an mbarrier instruction (init, arrive, expect_tx, complete_tx, test_wait, try_wait, ...) or "
            "cp.async.mbarrier.arrive: issue to its result (state token, predicate) being ready"),
      count("sm.mbarrier_wake_cycles", &G::mbarrier_wake_cycles, "cycles", 0, 100000,
            "an mbarrier phase completed by an instruction (arrive, complete_tx) to the issue of the warps whose "
            "try_wait it ends (a phase completed by a landing cp.async wakes them at once)"),
      count("sm.mbarrier_cluster_release_cycles", &G::mbarrier_cluster_release_cycles, "cycles", 0, 1000000,
            "an mbarrier arrive with .release.cluster semantics (arrive, arrive.expect_tx, arrive_drop, local or "
            "remote): once the warp's stores and bulk copies are acknowledged, cycles until the arrive may issue "
            "(ptxas's MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR, CGAERRBAR before the SYNCS.ARRIVE; 0: priced as the "
            ".cta form)"),
      count("sm.mbarrier_suspend_limit_ns", &G::mbarrier_suspend_limit_ns, "ns", 1, 1000000000,
            "mbarrier.try_wait's system-dependent time limit: a try_wait without a suspendTimeHint suspended on an "
            "incomplete phase returns false this long after it issued (converted with sm.clock_mhz)"),
      count("sm.mbarrier_suspend_hint_limit_ns", &G::mbarrier_suspend_hint_limit_ns, "ns", 1, 1000000000,
            "the longest a try_wait with a suspendTimeHint stays suspended on an incomplete phase: it returns false "
            "after the hint or this, whichever is shorter (the PTX ISA lets the time limit differ from the hint)"),
      count("sm.tma_issue_cycles", &G::tma_issue_cycles, "cycles", 0, 100000,
            "a bulk or tensor copy (cp.async.bulk*, cp.reduce.async.bulk*): its issue to the SM's TMA unit starting it "
            "(when the unit is free)"),
      count("sm.tma_descriptor_cycles", &G::tma_descriptor_cycles, "cycles", 0, 100000,
            "a tensor copy whose tensor map the TMA unit has not cached: the map's fetch before the copy starts"),
      count("sm.tma_descriptor_first_cycles", &G::tma_descriptor_first_cycles, "cycles", 0, 100000,
            "more for the TMA unit's first tensor-map fetch in a kernel (a copy's or a prefetch.tensormap's)"),
      count("sm.tma_descriptor_cache", &G::tma_descriptor_cache, "tensor maps", 0, 4096,
            "tensor maps (by address) the TMA unit caches, least recently used replaced first"),
      real("sm.tma_bytes_per_cycle", &G::tma_bytes_per_cycle, "bytes/cycle", 1, 4096,
           "bytes the TMA unit moves per cycle (the larger of a copy's shared-memory box and its global bytes): its "
           "requests to L2 leave at this rate and the next copy starts after them"),
      count("sm.tma_copy_cycles", &G::tma_copy_cycles, "cycles", 0, 100000,
            "the fewest cycles the TMA unit spends on one copy, however few its bytes: the next copy starts no sooner "
            "(its rate of copies)"),
      count("sm.tma_land_cycles", &G::tma_land_cycles, "cycles", 0, 100000,
            "a load's or shared-to-shared copy's last data at the SM to its bytes in shared memory and its complete_tx "
            "on the mbarrier"),
      count("sm.tma_multicast_cycles", &G::tma_multicast_cycles, "cycles", 0, 100000,
            "a .multicast::cluster load's last data back at the issuing SM to its copies in the other CTAs of the "
            "cluster landed (all at once, whatever their number and size) with their complete_tx"),
      count("sm.wgmma_fp8_sum_bits", &G::wgmma_fp8_sum_bits, "bits", 2, 60,
            "an e4m3/e5m2 wgmma.mma_async aligns C (by its exponent) and its products (by e(a) + e(b)) to the largest "
            "of those exponents, truncates each toward zero to a multiple of 2^(that exponent + 1 - this), adds them "
            "exactly and, for an f32 D, truncates the sum to this many significant bits (an f16 D: rounded to nearest "
            "f16) (QGMMA keeps fewer bits than the f16 path: sm.mma_align_bits)"),
      count("sm.mma_align_bits", &G::mma_align_bits, "bits", 0, 40,
            "mma.sync and wgmma.mma_async with f16, bf16 or tf32 inputs (and mma.sync's fp8, run as f16 MMAs): C "
            "(by its exponent) and the exact products (by e(a) + e(b), their factors' exponents, subnormals at the "
            "format's smallest) are aligned to the largest of those exponents and truncated toward zero this many "
            "bits below a 24-bit significand there, added, and the sum rounded toward zero to f32 (an f16 D: to "
            "nearest f16)"),
      count("sm.tma_nan_fill_pattern", &G::tma_nan_fill_pattern, "16-bit pattern", 0, 65535,
            "what a tensor load writes for an element outside the tensor when the map's oob_fill is nan (a float type; "
            "CUDA's \"special NaN constant\"): this 16-bit pattern repeated over the element's 2, 4 or 8 bytes"),
      count("cluster.dsmem_latency", &G::dsmem_latency, "cycles", 0, 100000,
            "a distributed-shared-memory access (ld/st/atom/red on another CTA's shared memory through a "
            "shared::cluster address; a remote mbarrier arrive): issue to its result, over the GPC's SM-to-SM network "
            "(multicast TMA copies: sm.tma_multicast_cycles)"),
      real("cluster.dsmem_bytes_per_cycle", &G::dsmem_bytes_per_cycle, "bytes/cycle", 1, 100000,
           "bytes an SM's distributed-shared-memory port moves per cycle (its remote accesses queue behind each "
           "other; multicast TMA copies do not use it)"),
      count("cluster.barrier_cycles", &G::cluster_barrier_cycles, "cycles", 0, 1000000,
            "the last barrier.cluster.arrive of a phase to the issue of the warps waiting in barrier.cluster.wait, on "
            "every SM of the cluster, for a cluster of one CTA"),
      real("cluster.barrier_cycles_per_cta", &G::cluster_barrier_cycles_per_cta, "cycles", 0, 100000,
           "more cycles from the last barrier.cluster.arrive to the release per CTA of the cluster beyond the first "
           "(the total rounded to a whole cycle)"),
      real("cluster.dispatch_cycles", &G::cluster_dispatch_cycles, "cycles", 0, 1000000,
           "cycles a cluster launch adds to the CTA dispatch interval (its CTAs start together, after the "
           "dispatcher found room for all of them on one GPC; fractional: kept as an average, like "
           "launch.cta_dispatch_interval)"),
      real("cluster.single_dispatch_cycles", &G::cluster_single_dispatch_cycles, "cycles", 0, 1000000,
           "cycles a launch in clusters of one CTA (an explicit cluster of 1: the run config's \"cluster\": [1, 1, 1], "
           ".reqnctapercluster 1, 1, 1 or .explicitcluster) adds to the CTA dispatch interval per cluster, in place "
           "of cluster.dispatch_cycles (a launch without a cluster shape adds nothing)"),
      per_sm("cluster.group_of_sm", &G::cluster_group_of_sm, "group", 4095,
             "for each SM by %smid, the group of SMs a cluster's CTAs are placed within (its GPC: groups are numbered "
             "from 0 without gaps); empty: gpc.count GPCs of gpc.tpcs TPCs of sm.per_tpc SMs, in SM order"),
      count("cluster.max_ctas_per_sm", &G::cluster_max_ctas_per_sm, "CTAs", 1, 1u << 15,
            "CTAs of a cluster launch resident on one SM at most (below the kernel's occupancy when that is higher)"),
      count("cluster.distinct_sms", &G::cluster_distinct_sms, "bool", 0, 1,
            "1: the CTAs of one cluster run on distinct SMs of its group (a group of fewer SMs than the cluster hosts "
            "none); 0: several may share an SM"),
      count("sm.branch_taken_cycles", &G::branch_taken_cycles, "cycles", 0, 100000,
            "a taken branch's issue to the warp's next issue (fetching the target)"),
      count("sm.guard_predicate_cycles", &G::guard_predicate_cycles, "cycles", 0, 100000,
            "a predicate a setp writes, read as a later instruction's guard (@p: a branch or a predicated "
            "instruction): the setp's issue to the earliest issue of the guarded instruction (a predicate read as "
            "data, by selp or another setp, waits the pipe's latency only); 0: as data"),
      count("sm.yield_cycles", &G::yield_cycles, "cycles", 0, 100000,
            "the YIELD ptxas puts before the SYNCS.PHASECHK of an mbarrier wait loop: cycles it holds the warp before "
            "the try (every try where ptxas keeps the loop inline, retries only where it peels the first try: "
            "ir::Program::yield_at); one more SASS instruction each time"),
      count("sm.reconverge_cycles", &G::reconverge_cycles, "cycles", 0, 100000,
            "a diverged warp coming together at the bar.warp.sync that ptxas reunites a divergent region with (the "
            "last path of the region reaching a reconvergence point that is a bar.warp.sync, with no wait loop or "
            "branch followed by more code inside the region: ir::Program::warpsync_reunion): cycles added between "
            "that path's last instruction and the reunited warp's next issue (the GPU's WARPSYNC)"),
      count("sm.reconverge_branch_cycles", &G::reconverge_branch_cycles, "cycles", 0, 100000,
            "the same where the last path of a divergent branch reaches any other reconvergence point (the GPU's "
            "BSYNC)"),
      count("sm.warpsync_collective_cycles", &G::warpsync_collective_cycles, "cycles", 0, 100000,
            "lanes of several paths that the compiler did not reunite (a path that yielded in a wait loop left its "
            "region's convergence barrier) completing a bar.warp.sync or .sync collective: ptxas's BRA.DIV to the "
            "out-of-line WARPSYNC.COLLECTIVE ... ENDCOLLECTIVE, after which the paths go on apart; cycles between the "
            "last path's arrival and the warp's next issue"),
      count("sm.printf_cycles", &G::printf_cycles, "cycles", 0, 10000000,
            "cycles a warp spends in one device printf (call to vprintf) when one lane prints"),
      count("sm.printf_cycles_per_lane", &G::printf_cycles_per_lane, "cycles", 0, 1000000,
            "more cycles per additional printing lane of the warp"),
      count("sm.printf_instructions", &G::printf_instructions, "instructions", 1, 1000000,
            "SASS warp-instructions one printf call executes (vprintf's body)"),
      choice("sm.scheduler", &G::scheduler, {{"gto", S::Gto}, {"lrr", S::Lrr}, {"gty", S::Gty}},
             "warp scheduler: greedy-then-oldest, loose round-robin or greedy-then-youngest"),
      count("regs.per_sm", &G::regs_per_sm, "registers", 1, 1u << 24, "32-bit registers per SM"),
      count("regs.max_per_thread", &G::max_regs_per_thread, "registers", 1, 1u << 16, "registers one thread may use"),
      count("regs.max_per_cta", &G::max_regs_per_cta, "registers", 1, 1u << 24, "registers one CTA may use"),
      count("regs.alloc_unit", &G::reg_alloc_unit, "registers", 1, 1u << 16,
            "per-warp register allocation granularity"),
      count("smem.per_sm", &G::smem_per_sm, "bytes", 0, 1u << 30, "shared memory per SM (the largest carve-out)"),
      count("smem.per_cta_max", &G::smem_per_cta_max, "bytes", 0, 1u << 30, "shared memory per CTA after opting in"),
      count("smem.per_cta_default", &G::smem_per_cta_default, "bytes", 0, 1u << 30,
            "shared memory per CTA without opting in"),
      count("smem.reserved_per_cta", &G::smem_reserved_per_cta, "bytes", 0, 1u << 20,
            "shared memory the system reserves per CTA"),
      count("smem.alloc_unit", &G::smem_alloc_unit, "bytes", 1, 1u << 20,
            "shared-memory allocation granularity per CTA"),
      counts("smem.carveouts_kib", &G::smem_carveouts_kib, "KiB", 0, 1u << 20,
             "shared-memory sizes the L1/shared split offers"),
      counts("smem.default_carveouts_kib", &G::smem_default_carveouts_kib, "KiB", 0, 1u << 20,
             "the carve-outs (of smem.carveouts_kib) the driver picks among for a launch without a preference; "
             "empty: all of smem.carveouts_kib",
             true),
      choice("smem.carveout_choice", &G::carveout_choice,
             {{"occupancy", config::CarveoutChoice::Occupancy},
              {"headroom", config::CarveoutChoice::Headroom},
              {"largest", config::CarveoutChoice::Largest}},
             "the carve-out a launch gets without a preference: the smallest that holds the CTAs per SM the occupancy "
             "allows (occupancy); the smallest that also holds 2 x those CTAs - 1 (at most sm.max_ctas) up "
             "to smem.carveout_headroom_max_kib (headroom); or the largest (largest); L1 is mem.l1_size plus what "
             "the carve-out leaves of smem.per_sm"),
      count("smem.carveout_headroom_max_kib", &G::carveout_headroom_max_kib, "KiB", 0, 1u << 20,
            "with smem.carveout_choice = headroom: the most shared memory the headroom CTAs may ask for (the CTAs "
            "the occupancy allows still get what they need beyond it)"),
      count("launch.max_threads_per_cta", &G::max_threads_per_cta, "threads", 1, 1u << 20, "threads per CTA (block)"),
      count("launch.max_block_dim_x", &G::max_block_dim_x, "threads", 1, kU32, "block dimension x"),
      count("launch.max_block_dim_y", &G::max_block_dim_y, "threads", 1, kU32, "block dimension y"),
      count("launch.max_block_dim_z", &G::max_block_dim_z, "threads", 1, kU32, "block dimension z"),
      count("launch.max_grid_dim_x", &G::max_grid_dim_x, "CTAs", 1, kU32, "grid dimension x"),
      count("launch.max_grid_dim_y", &G::max_grid_dim_y, "CTAs", 1, kU32, "grid dimension y"),
      count("launch.max_grid_dim_z", &G::max_grid_dim_z, "CTAs", 1, kU32, "grid dimension z"),
      count("launch.max_cluster_size", &G::max_cluster_size, "CTAs", 1, 1u << 10, "CTAs per cluster (portable limit)"),
      count("launch.max_cluster_size_nonportable", &G::max_cluster_size_nonportable, "CTAs", 1, 1u << 10,
            "CTAs per cluster with the non-portable opt-in"),
      count("launch.kernel_latency", &G::kernel_launch_latency, "cycles", 0, 100000000,
            "cycles from a kernel's launch to its first CTA's start"),
      real("launch.cta_dispatch_interval", &G::cta_dispatch_interval, "cycles", 0, 100000,
           "cycles between two consecutive CTA launches, GPU-wide (fractional: an average, launches at whole cycles)"),
      choice("launch.cta_dispatch_order", &G::dispatch_order,
             {{"round_robin", D::RoundRobin}, {"fill", D::Fill}, {"gpc_spread", D::GpcSpread}},
             "where the next CTA goes: the next SM with room, GPCs interleaved (round_robin), the "
             "lowest-numbered SM with room (fill), or the GPU's own placement (gpc_spread: a launch's first CTAs "
             "spread evenly over the GPCs and their TPCs, consecutive CTAs on one GPC; see timing/dispatcher.hpp)"),
      count("compiler.schedule", &G::compiler_schedule, "bool", 0, 1,
            "1: rewrite the code as ptxas does (guarded branches to the kernel's return become guarded exits, short "
            "guarded blocks are predicated, each basic block is list-scheduled: independent instructions move ahead "
            "of stalled ones); 0: PTX order and branches"),
      count("compiler.fold", &G::compiler_fold, "bool", 0, 1,
            "1: instructions that ptxas folds into others (cvta.to.<space>, register and immediate moves, shl/mul/"
            "mul.wide whose every use is an integer add, which becomes the LEA/IMAD, logic and integer min/max pairs "
            "(LOP3, VIMNMX3), a 64-bit base plus an immediate used only as an address, an unrolled copy's counter "
            "step) issue no instruction of their own, and a 64-bit integer add is two (IADD3, IADD3.X); 0: every PTX "
            "instruction issues once"),
      count("compiler.if_convert_max", &G::compiler_if_convert_max, "SASS instructions", 0, 1000,
            "with compiler.schedule: the longest side of a short guarded block (or of each side of an if/else) that "
            "is predicated instead of branched around, counted in SASS instructions"),
      count("compiler.min_region", &G::compiler_min_region, "instructions", 2, 1000,
            "with compiler.schedule: the shortest run of a basic block between fences that the list scheduler "
            "reorders (shorter runs keep the PTX order)"),
      count("compiler.nc_load_barriers", &G::compiler_nc_load_barriers, "barriers", 0, 1000,
            "with compiler.schedule: how many CTA barriers (bar.sync and its forms) the list scheduler may move a "
            "read-only global load (ld.global.nc) above; such loads also pass stores, and are scheduled before "
            "anything else that is ready (0: they stay below every barrier)"),
      count("compiler.register_limit", &G::compiler_register_limit, "bool", 0, 1,
            "with compiler.schedule: 1: the list scheduler keeps the 32-bit registers live at once (PTX values, "
            "predicates and warp-uniform values left out) within the kernel's registers per thread (ptxas -v) less "
            "compiler.reserved_registers: an instruction that would go beyond waits for one that frees registers, so "
            "loads are issued only as far ahead as registers allow; 0: no limit (also when the count is not known)"),
      count("compiler.reserved_registers", &G::compiler_reserved_registers, "registers", 0, 255,
            "with compiler.register_limit: registers of ptxas's count that hold no PTX value (the stack pointer R1 "
            "and the two ptxas adds beyond the highest register it uses)"),
      count("compiler.global_load_latency", &G::compiler_global_load_latency, "cycles", 0, 100000,
            "with compiler.schedule: the latency the list scheduler assumes for a load from global, local or generic "
            "memory (and an atomic's result), which decides how far ahead of their uses loads are issued (0: "
            "mem.l1_hit_latency)"),
      count("compiler.vector_chunk", &G::compiler_vector_chunk, "bytes", 4, 128,
            "with compiler.fold: adjacent shared loads (or stores) from one base register are merged into one wider "
            "access inside one chunk of this many bytes aligned to it (16: LDS/STS.128)"),
      count("compiler.unroll", &G::compiler_unroll, "loop copies", 1, 16,
            "with compiler.schedule: the factor by which ptxas unrolls a one-block loop whose trip count it can "
            "compute (a counter stepped by an immediate; not marked .pragma \"nounroll\"; a memory access and no "
            "subroutine-like emulated operation inside): that many renamed copies of the body run back to back "
            "while that many iterations remain (1: loops run as written)"),
      count("compiler.unroll_max_body", &G::compiler_unroll_max_body, "SASS instructions", 1, 100000,
            "with compiler.unroll: the largest loop body (its SASS instructions, branch included: PTX instructions "
            "less those compiler.fold folds away) that ptxas unrolls"),
      count("compiler.uniform_datapath", &G::compiler_uniform_datapath, "bool", 0, 1,
            "1: integer arithmetic whose results are the same in every lane of a warp (computed only from "
            "parameters, constants, block indices and uniformly stepped loop counters) issues to the uniform pipe "
            "(pipe.uniform), not the ALU, and with compiler.fold the add of a uniform register that only addresses "
            "ld/st.shared issues nothing (the [R+UR] address); 0: every integer instruction uses its own pipe"),
      count("compiler.alu_fma_balance", &G::compiler_alu_fma_balance, "bool", 0, 1,
            "1: a 32-bit integer add/subtract or shl by an immediate issues to the FMA pipe (pipe.imad: VIADD, "
            "IMAD.SHL) while that pipe has no more of its basic block's instructions than the ALU (pipe.int; the "
            "block's other instructions counted first), else to the ALU; 0: always the ALU"),
  };
  const GpuConfig defaults;
  for (auto& q : p) {
    const ojson d = q.get(defaults);
    q.info.default_value = d.is_string() ? d.get<std::string>() : d.dump();
  }
  return p;
}

const std::vector<Param>& params() {
  static const std::vector<Param> table = make_params();
  return table;
}

const Param* find_param(std::string_view name) {
  for (const auto& p : params()) {
    if (p.info.name == name) return &p;
  }
  return nullptr;
}

// A prefix of some parameter's name ("sm", "launch"): a nested object in the file.
bool is_group(const std::string& prefix) {
  return std::any_of(params().begin(), params().end(),
                     [&](const Param& p) { return p.info.name.rfind(prefix + ".", 0) == 0; });
}

std::vector<std::string> param_names() {
  std::vector<std::string> names;
  for (const auto& p : params()) names.push_back(p.info.name);
  return names;
}

void read_sources(const ojson& v, const JsonPath& at) {
  detail::get_object(v, at);
  const auto names = param_names();
  for (const auto& item : v.items()) {
    if (!find_param(item.key()))
      at.key(item.key()).fail("not a GPU parameter{}", detail::suggestion(item.key(), names));
    detail::get_string(item.value(), at.key(item.key()));
  }
}

// Applies one object level of the file; `prefix` is the dotted name of the object ("" at the root).
void apply_object(GpuConfig& g, const ojson& obj, const std::string& prefix, const JsonPath& at) {
  for (const auto& item : obj.items()) {
    const std::string& key = item.key();
    const std::string full = prefix.empty() ? key : prefix + "." + key;
    const JsonPath here = at.key(key);
    if (key.find('.') != std::string::npos) {
      here.fail("unknown key (write parameter groups as nested objects: {{\"sm\": {{\"max_warps\": 64}}}})");
    } else if (const Param* p = find_param(full)) {
      p->set(g, item.value(), here);
    } else if (is_group(full)) {
      if (!item.value().is_object())
        here.fail("expected an object (a group of parameters), got {}", detail::describe(item.value()));
      apply_object(g, item.value(), full, here);
    } else if (prefix.empty() && key == "name") {
      g.name = detail::get_string(item.value(), here);
    } else if (prefix.empty() && key == "description") {
      g.description = detail::get_string(item.value(), here);
    } else if (prefix.empty() && key == "sources") {
      read_sources(item.value(), here);
    } else {
      here.fail("unknown key{}", detail::suggestion(full, param_names()));
    }
  }
}

void apply_override(GpuConfig& g, const std::string& text) {
  const JsonPath set_at("--set");
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) set_at.fail("expected name=value, got \"{}\"", text);
  const std::string name = text.substr(0, eq);
  const std::string value_text = text.substr(eq + 1);
  const Param* p = find_param(name);
  if (p == nullptr) set_at.key(name).fail("unknown GPU parameter{}", detail::suggestion(name, param_names()));
  ojson value;
  try {
    value = ojson::parse(value_text);
  } catch (const ojson::parse_error&) {
    value = value_text;  // not JSON: the text itself, so --set sm.reconvergence=ipdom_stack works
  }
  p->set(g, value, set_at.key(name));
}

// Relations between parameters that every real GPU satisfies.
void check_consistency(const GpuConfig& g, const std::string& file) {
  auto at = [&](const char* name) { return JsonPath(file, name); };
  if (std::uint64_t{g.max_warps_per_sm} * g.warp_size < g.max_threads_per_sm) {
    at("sm.max_warps")
        .fail("{} warps of {} threads hold fewer than sm.max_threads ({})", g.max_warps_per_sm, g.warp_size,
              g.max_threads_per_sm);
  }
  if (g.max_warps_per_sm % g.sub_partitions != 0) {
    at("sm.max_warps").fail("{} is not a multiple of sm.sub_partitions ({})", g.max_warps_per_sm, g.sub_partitions);
  }
  if (g.max_threads_per_cta > g.max_threads_per_sm) {
    at("launch.max_threads_per_cta")
        .fail("{} exceeds sm.max_threads ({})", g.max_threads_per_cta, g.max_threads_per_sm);
  }
  const std::pair<const char*, unsigned> block_dims[] = {{"launch.max_block_dim_x", g.max_block_dim_x},
                                                         {"launch.max_block_dim_y", g.max_block_dim_y},
                                                         {"launch.max_block_dim_z", g.max_block_dim_z}};
  for (const auto& [name, dim] : block_dims) {
    if (dim > g.max_threads_per_cta) {
      at(name).fail("{} exceeds launch.max_threads_per_cta ({})", dim, g.max_threads_per_cta);
    }
  }
  if (std::uint64_t{g.gpc_count} * g.tpcs_per_gpc * g.sms_per_tpc < g.num_sms) {
    at("sm.count")
        .fail("{} SMs exceed gpc.count ({}) x gpc.tpcs ({}) x sm.per_tpc ({})", g.num_sms, g.gpc_count, g.tpcs_per_gpc,
              g.sms_per_tpc);
  }
  if (!g.cluster_group_of_sm.empty()) {
    const auto& m = g.cluster_group_of_sm;
    if (m.size() != g.num_sms)
      at("cluster.group_of_sm")
          .fail("lists {} SMs, sm.count is {} (with another SM count, set cluster.group_of_sm=[] too: GPCs of gpc.tpcs "
                "TPCs in SM order)",
                m.size(), g.num_sms);
    const unsigned groups = *std::max_element(m.begin(), m.end()) + 1;
    for (unsigned k = 0; k < groups; ++k)
      if (std::find(m.begin(), m.end(), k) == m.end())
        at("cluster.group_of_sm").fail("no SM is in group {} (groups are numbered 0 to {} without gaps)", k, groups - 1);
  }
  if (g.max_regs_per_cta > g.regs_per_sm) {
    at("regs.max_per_cta").fail("{} exceeds regs.per_sm ({})", g.max_regs_per_cta, g.regs_per_sm);
  }
  if (std::uint64_t{g.smem_per_cta_max} + g.smem_reserved_per_cta > g.smem_per_sm) {
    at("smem.per_cta_max")
        .fail("{} plus smem.reserved_per_cta ({}) exceeds smem.per_sm ({})", g.smem_per_cta_max,
              g.smem_reserved_per_cta, g.smem_per_sm);
  }
  if (g.smem_per_cta_default > g.smem_per_cta_max) {
    at("smem.per_cta_default").fail("{} exceeds smem.per_cta_max ({})", g.smem_per_cta_default, g.smem_per_cta_max);
  }
  if (std::uint64_t{g.smem_carveouts_kib.back()} * 1024 != g.smem_per_sm) {
    at("smem.carveouts_kib")
        .fail("the largest carve-out ({} KiB) is not smem.per_sm ({} bytes)", g.smem_carveouts_kib.back(),
              g.smem_per_sm);
  }
  for (std::size_t i = 0; i < g.smem_default_carveouts_kib.size(); ++i) {
    const unsigned kib = g.smem_default_carveouts_kib[i];
    if (std::find(g.smem_carveouts_kib.begin(), g.smem_carveouts_kib.end(), kib) == g.smem_carveouts_kib.end())
      at("smem.default_carveouts_kib").index(i).fail("{} KiB is not one of smem.carveouts_kib", kib);
  }
  if (g.max_cluster_size > g.max_cluster_size_nonportable) {
    at("launch.max_cluster_size")
        .fail("{} exceeds launch.max_cluster_size_nonportable ({})", g.max_cluster_size,
              g.max_cluster_size_nonportable);
  }
  if (std::uint64_t{g.max_cluster_size_nonportable} > std::uint64_t{g.num_sms} * g.max_ctas_per_sm) {
    at("launch.max_cluster_size_nonportable")
        .fail("{} CTAs cannot be resident at once on {} SMs of {} CTAs", g.max_cluster_size_nonportable, g.num_sms,
              g.max_ctas_per_sm);
  }
}

bool looks_like_path(const std::string& s) {
  return s.find('/') != std::string::npos || (s.size() >= 5 && s.compare(s.size() - 5, 5, ".json") == 0);
}

}  // namespace

namespace detail {

GpuFile locate_gpu_config(const std::string& name_or_path, const std::string& base_dir) {
  if (looks_like_path(name_or_path)) {
    fs::path p(name_or_path);
    if (p.is_relative() && !base_dir.empty()) p = fs::path(base_dir) / p;
    std::error_code ec;
    if (fs::is_directory(p, ec)) return {"", fmt::format("GPU config file {} is a directory, not a file", p.string())};
    if (!fs::is_regular_file(p)) return {"", fmt::format("GPU config file {} not found", p.string())};
    return {p.string(), ""};
  }
  const fs::path dir(gpu_configs_dir());
  const fs::path p = dir / (name_or_path + ".json");
  if (fs::is_regular_file(p)) return {p.string(), ""};
  std::vector<std::string> available;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".json") available.push_back(e.path().stem().string());
  }
  std::sort(available.begin(), available.end());
  return {"", fmt::format("unknown GPU model \"{}\" (no {}.json in {}; available: {})", name_or_path, name_or_path,
                          dir.string(), available.empty() ? "none" : fmt::format("{}", fmt::join(available, ", ")))};
}

}  // namespace detail

const std::vector<ParamInfo>& gpu_params() {
  static const std::vector<ParamInfo> infos = [] {
    std::vector<ParamInfo> out;
    for (const auto& p : params()) out.push_back(p.info);
    return out;
  }();
  return infos;
}

GpuConfig load_gpu_config(const std::string& name_or_path, const std::vector<std::string>& overrides) {
  const detail::GpuFile file = detail::locate_gpu_config(name_or_path, "");
  if (file.path.empty()) fail(ErrorKind::Config, "{}", file.error);
  const ojson root = detail::parse_json(detail::read_text_file(file.path), file.path);
  const JsonPath at(file.path);
  detail::get_object(root, at);

  GpuConfig g;
  g.source_path = file.path;
  g.name = fs::path(file.path).stem().string();
  apply_object(g, root, "", at);
  for (const auto& o : overrides) apply_override(g, o);
  check_consistency(g, overrides.empty() ? file.path : file.path + " (after --set)");
  for (const auto& p : params()) {
    if (p.numeric) g.values[p.info.name] = p.get(g).get<double>();
  }
  return g;
}

std::string gpu_config_json(const GpuConfig& cfg) {
  ojson root;
  root["name"] = cfg.name;
  root["description"] = cfg.description;
  for (const auto& p : params()) {
    ojson* node = &root;
    std::string_view rest = p.info.name;
    for (auto dot = rest.find('.'); dot != std::string_view::npos; dot = rest.find('.')) {
      node = &(*node)[std::string(rest.substr(0, dot))];
      rest.remove_prefix(dot + 1);
    }
    (*node)[std::string(rest)] = p.get(cfg);
  }
  return root.dump(2) + "\n";
}

std::string gpu_configs_dir() {
  if (const char* env = std::getenv("WARPSIM_CONFIGS"); env != nullptr && *env != '\0') return env;
  // The source tree's configs/gpus, compiled in by CMake (an absolute path: __FILE__ is not one under a compiler
  // cache that rewrites paths relative to a base directory, as ccache's base_dir does).
#ifdef WARPSIM_SOURCE_CONFIGS_DIR
  if (fs::is_directory(WARPSIM_SOURCE_CONFIGS_DIR)) return WARPSIM_SOURCE_CONFIGS_DIR;
#endif
  return "configs/gpus";
}

}  // namespace warpsim::config
