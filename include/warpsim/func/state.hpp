// The architectural state of a running grid: warps (registers, per-lane control state, divergence paths),
// CTAs (shared memory, local memory, named barriers) and what a launch shares (program, parameters,
// global and constant memory, printf output).
//
// Models: SIMT divergence as a tree of paths. A path is a set of lanes at one pc with a reconvergence pc
// (rpc). A divergent branch turns the running path into a parent waiting at the branch's immediate
// post-dominator and creates one child per target; a child that reaches its rpc is done, and when the last
// child is done the parent runs again with every lane that has not exited. Under `ipdom_stack` only the
// newest path runs (a pre-Volta SIMT stack); under `independent` (Volta+ independent thread scheduling)
// sibling paths interleave: a path yields to the next runnable one when it takes a backward branch or
// blocks, so a lane spinning on another lane of its own warp lets that lane run. Reconvergence at the
// post-dominator models the convergence barriers the compiler inserts on sm_70 and later.
// Leaves out: time. Nothing here knows about cycles; %clock reads go through ClockSource.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/memory.hpp>
#include <warpsim/ir/program.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::func {

enum class Wait : std::uint8_t { None, Barrier, WarpSync };

struct Path {
  std::uint32_t id = 0;  // unique within the warp (indices shift as paths finish)
  std::uint32_t pc = 0;
  std::uint32_t rpc = ir::kNoPc;  // done when pc == rpc
  LaneMask mask;
  std::int32_t parent = -1;
  std::uint16_t children = 0;  // live children; a path with children is waiting at pc == their rpc
  bool is_call = false;        // created by a call: rpc is the return address
  Wait wait = Wait::None;
  std::uint8_t barrier = 0;  // Wait::Barrier: the barrier id
  LaneMask sync_lanes;       // Wait::WarpSync: the lanes that executed the .sync instruction
};

struct Warp {
  std::uint32_t index = 0;  // within the CTA
  LaneMask valid;           // lanes that exist (a partial last warp has fewer)
  LaneMask exited;
  std::vector<std::uint64_t> regs;       // slot * 32 + lane
  std::vector<std::uint8_t> param_func;  // lane * Program::param_func_size
  std::array<std::vector<std::uint32_t>, kWarpSize> ret_stack;
  std::vector<Path> paths;   // parents before children
  std::int32_t current = 0;  // the path that runs next
  std::uint32_t next_path_id = 1;
  std::uint64_t warp_insts = 0, thread_insts = 0;
  std::uint32_t printf_seq = 0;
  std::uint32_t last_pc = ir::kNoPc;  // the instruction it executed last (reports)

  bool done() const { return paths.empty(); }
  Path* find_path(std::uint32_t id) {
    for (auto& p : paths)
      if (p.id == id) return &p;
    return nullptr;
  }
  std::uint64_t& reg(std::uint32_t slot, unsigned lane) { return regs[std::size_t{slot} * kWarpSize + lane]; }
  std::uint64_t reg(std::uint32_t slot, unsigned lane) const { return regs[std::size_t{slot} * kWarpSize + lane]; }
};

struct NamedBarrier {
  std::uint32_t arrived = 0;   // threads arrived in this generation
  std::uint32_t expected = 0;  // from the instruction's count operand; 0 = every non-exited thread
  std::uint32_t red_popc = 0;
  bool red_and = true, red_or = false;
};

// The addresses a CTA has accessed in one memory region, [lo, hi): the watchdog counts an access outside it
// (memory the CTA had not touched) as progress.
struct TouchedRange {
  std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
  // Extends the range over [a, a + n); true if it grew.
  bool extend(std::uint64_t a, std::uint64_t n) {
    const bool grew = a < lo || a + n > hi;
    if (a < lo) lo = a;
    if (a + n > hi) hi = a + n;
    return grew;
  }
};

// What a CTA did since it last made progress (a thread exited or it touched memory it had not touched): the
// watchdog's counts.
struct IdleStats {
  std::uint64_t insts = 0;     // warp-instructions
  std::uint64_t barriers = 0;  // barrier openings
  std::uint64_t rewrites = 0;  // stores and atomics that changed memory the CTA had touched before
};

struct Cta {
  std::uint64_t linear = 0;  // linear CTA id in the grid (x fastest)
  Dim3 id;
  std::uint32_t sm = 0;
  std::vector<std::uint8_t> smem;   // static + dynamic shared memory
  std::vector<std::uint8_t> local;  // thread * Program::local_size
  std::vector<Warp> warps;
  std::uint32_t threads = 0, threads_exited = 0;
  std::array<NamedBarrier, 16> barriers{};
  IdleStats idle;                              // since this CTA last made progress (watchdog)
  TouchedRange touched_shared, touched_local;  // offsets this CTA has accessed (local: per-thread offsets)
  std::vector<TouchedRange> touched_global;    // per GlobalMemory region, in its order
  bool done() const { return threads_exited == threads; }
};

struct PrintfRecord {
  std::uint64_t cta = 0;
  std::uint32_t warp = 0, seq = 0, lane = 0;
  std::string text;
};

// Where %clock, %clock64 and %globaltimer come from: the timing model gives cycles; functional runs give a
// deterministic count of the warp's executed instructions.
class ClockSource {
 public:
  virtual ~ClockSource() = default;
  virtual std::uint64_t cycles(const Cta& cta, const Warp& warp) const = 0;
  virtual std::uint64_t nanoseconds(const Cta& cta, const Warp& warp) const = 0;
};

struct Launch {
  const ir::Program* prog = nullptr;
  Dim3 grid, block, cluster;
  std::vector<std::uint8_t> params;  // kernel parameter buffer
  GlobalMemory* global = nullptr;
  const std::vector<std::uint8_t>* const_bank = nullptr;
  std::uint32_t dynamic_smem = 0;
  int preferred_carveout = -1;  // cudaFuncAttributePreferredSharedMemoryCarveout, percent; -1 = not set (timing only)
  std::uint32_t num_sms = 1;
  std::uint64_t gridid = 1;
  config::Reconvergence model = config::Reconvergence::Independent;
  const ClockSource* clock = nullptr;
  std::vector<PrintfRecord> printf;
  // Set by a step, for the watchdog: progress (a lane exited, or the CTA touched memory it had not touched), a
  // barrier opened, a store or atomic changed memory.
  bool progress = false, barrier_opened = false, wrote = false;
};

}  // namespace warpsim::func
