// A scripted instruction source (source/instruction_source.hpp) and hand-built lowered programs, for driving the
// whole GPU loop (timing::run_grid_timed) without PTX or the functional model.
//
// Models: every warp of a CTA runs a fixed list of steps, each a pc of the lowered program and optionally a memory
// access with its lanes' addresses; after its last step the warp has exited. A `stuck` warp instead waits for ever
// once its steps are issued (next_pc kNoPc, not done: like a warp at a barrier nobody else reaches), and the
// source's deadlock() records the call (and the cycle on the attached clock) and throws ErrorKind::Deadlock as
// FunctionalSource does.
// The program: one default ir::Instr per pc (line 100 + pc, for trace events) and the timing facts the SM uses:
// pipe class, how it issues (Sass / Folded / Merged) and the register slots it reads and writes.
// Leaves out: divergence (every step runs the lanes it names, one path), barriers that open, asynchronous
// operations (complete() is never expected).
#pragma once

#include <warpsim/common/error.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/source/instruction_source.hpp>
#include <warpsim/timing/grid_timing.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <vector>

namespace mock {

using namespace warpsim;

// One instruction of a hand-built program.
struct Op {
  lower::OpClass pipe = lower::OpClass::Fp32;
  std::vector<std::uint32_t> reads, writes;  // register slots
  lower::Issue issue = lower::Issue::Sass;
};

inline constexpr std::uint32_t kFirstLine = 100;

// The lowered program of `ops` (pc = index) with `num_slots` register slots per thread.
inline lower::Program program(const std::vector<Op>& ops, std::uint32_t num_slots) {
  lower::Program p;
  p.code.num_slots = num_slots;
  for (std::size_t pc = 0; pc < ops.size(); ++pc) {
    const Op& op = ops[pc];
    ir::Instr in;
    in.line = kFirstLine + static_cast<std::uint32_t>(pc);
    p.code.code.push_back(in);
    lower::InstrTiming t;
    t.pipe = op.pipe;
    t.issue = op.issue;
    t.reads_at = static_cast<std::uint32_t>(p.slots.size());
    t.nreads = static_cast<std::uint32_t>(op.reads.size());
    p.slots.insert(p.slots.end(), op.reads.begin(), op.reads.end());
    t.writes_at = static_cast<std::uint32_t>(p.slots.size());
    t.nwrites = static_cast<std::uint32_t>(op.writes.size());
    p.slots.insert(p.slots.end(), op.writes.begin(), op.writes.end());
    for (const auto* regs : {&op.reads, &op.writes})
      for (const std::uint32_t s : *regs)
        if (s >= num_slots) fail(ErrorKind::Internal, "mock: pc {} uses slot {} of {}", pc, s, num_slots);
    p.instrs.push_back(t);
  }
  return p;
}

// One scripted issue.
struct Step {
  std::uint32_t pc = 0;
  LaneMask lanes = LaneMask::all();
  bool has_mem = false;
  source::MemAccess mem{};
};

// A global access by all 32 lanes at base + 4 x lane, 4 bytes each (one 128-byte line when base is aligned).
inline Step global_access(std::uint32_t pc, Addr base, bool store = false) {
  Step s;
  s.pc = pc;
  s.has_mem = true;
  s.mem.space = ir::Space::Global;
  s.mem.store = store;
  s.mem.bytes = 4;
  s.mem.lanes = s.lanes;
  for (unsigned i = 0; i < kWarpSize; ++i) s.mem.addr[i] = base + 4 * i;
  return s;
}

// The steps of a warp running pcs in order, no memory.
inline std::vector<Step> steps(const std::vector<std::uint32_t>& pcs) {
  std::vector<Step> out;
  for (const std::uint32_t pc : pcs) out.push_back(Step{pc});
  return out;
}

struct WarpScript {
  std::vector<Step> steps;
  bool stuck = false;  // after its steps: waits for ever instead of exiting
};

class ScriptedSource final : public source::InstructionSource {
 public:
  // `script(linear)`: the warps of CTA `linear` of the grid.
  explicit ScriptedSource(std::function<std::vector<WarpScript>(std::uint64_t)> script) : script_(std::move(script)) {}

  source::CtaSlot start_cta(std::uint64_t linear, std::uint32_t /*sm*/) override {
    auto slot = static_cast<source::CtaSlot>(ctas_.size());
    if (!free_.empty()) {
      slot = free_.back();
      free_.pop_back();
    } else {
      ctas_.emplace_back();
    }
    Cta& c = ctas_[slot];
    c = Cta{};
    c.linear = linear;
    for (auto& w : script_(linear)) c.warps.push_back({std::move(w), 0});
    counts_.warps += c.warps.size();
    started.push_back(linear);
    return slot;
  }
  std::uint32_t warps(source::CtaSlot cta) const override {
    return static_cast<std::uint32_t>(ctas_[cta].warps.size());
  }
  Dim3 cta_id(source::CtaSlot cta) const override { return Dim3{static_cast<std::uint32_t>(ctas_[cta].linear), 1, 1}; }
  std::uint64_t cta_linear(source::CtaSlot cta) const override { return ctas_[cta].linear; }
  bool cta_done(source::CtaSlot cta) const override {
    const auto& ws = ctas_[cta].warps;
    return std::all_of(ws.begin(), ws.end(), [](const Warp& w) { return w.done(); });
  }
  void finish_cta(source::CtaSlot cta) override {
    REQUIRE(cta_done(cta));
    for (const Warp& w : ctas_[cta].warps) {
      counts_.warp_instructions += w.next;
      for (std::size_t i = 0; i < w.next; ++i) counts_.thread_instructions += w.script.steps[i].lanes.count();
    }
    ++counts_.ctas;
    ctas_[cta].warps.clear();
    free_.push_back(cta);
  }

  std::uint32_t next_pc(source::CtaSlot cta, std::uint32_t warp) const override {
    const Warp& w = ctas_[cta].warps[warp];
    return w.at_end() ? source::kNoPc : w.script.steps[w.next].pc;
  }
  bool warp_runnable(source::CtaSlot cta, std::uint32_t warp) const override {
    return !ctas_[cta].warps[warp].at_end();
  }
  bool warp_done(source::CtaSlot cta, std::uint32_t warp) const override { return ctas_[cta].warps[warp].done(); }
  const source::Issued& issue(source::CtaSlot cta, std::uint32_t warp) override {
    Warp& w = ctas_[cta].warps[warp];
    source::Issued& r = last_;
    r = source::Issued{};
    if (w.at_end()) {
      r.kind = w.done() ? source::Issued::Kind::Done : source::Issued::Kind::Blocked;
      return r;
    }
    const Step& s = w.script.steps[w.next++];
    r.kind = source::Issued::Kind::Executed;
    r.pc = s.pc;
    r.active = r.executed = s.lanes;
    r.has_mem = s.has_mem;
    r.mem = s.mem;
    r.next_pc = next_pc(cta, warp);
    r.runnable = warp_runnable(cta, warp);
    r.done = w.done();
    return r;
  }
  std::uint64_t warp_instructions(source::CtaSlot cta, std::uint32_t warp) const override {
    return ctas_[cta].warps[warp].next;
  }
  [[noreturn]] void deadlock(source::CtaSlot cta) const override {
    deadlocked.push_back(ctas_[cta].linear);
    deadlock_at = time_ != nullptr ? time_->cycles() : 0;
    fail(ErrorKind::Deadlock, "mock: every warp of CTA {} waits", ctas_[cta].linear);
  }
  void complete(source::AsyncId) override { FAIL("mock: no asynchronous operation was started"); }
  void expire_wait(source::CtaSlot, std::uint32_t, std::uint64_t) override { FAIL("mock: no try_wait suspended"); }
  void attach(const source::Timebase* time) override { time_ = time; }
  const source::Counts& counts() const override { return counts_; }

  std::vector<std::uint64_t> started;             // CTAs, in start order
  mutable std::vector<std::uint64_t> deadlocked;  // CTAs deadlock() was called for
  mutable std::uint64_t deadlock_at = 0;          // the attached clock's cycle at the last deadlock() call

 private:
  struct Warp {
    WarpScript script;
    std::size_t next = 0;  // steps issued
    bool at_end() const { return next == script.steps.size(); }
    bool done() const { return at_end() && !script.stuck; }
  };
  struct Cta {
    std::uint64_t linear = 0;
    std::vector<Warp> warps;
  };
  std::function<std::vector<WarpScript>(std::uint64_t)> script_;
  std::vector<Cta> ctas_;
  std::vector<source::CtaSlot> free_;
  source::Counts counts_;
  const source::Timebase* time_ = nullptr;
  source::Issued last_;
};

// Every CTA of the grid gets the same warps.
inline ScriptedSource same_ctas(std::vector<WarpScript> warps) {
  return ScriptedSource([warps](std::uint64_t) { return warps; });
}

// Records every issue (cycle, SM, sub-partition, CTA, warp, pc, PTX line).
struct IssueLog final : timing::TraceSink {
  std::vector<timing::IssueEvent> issues;
  bool wants_issues() const override { return true; }
  void on_issue(const timing::IssueEvent& e) override { issues.push_back(e); }
  // The cycles warp `warp` of CTA `cta` issued at.
  std::vector<std::uint64_t> cycles_of(std::uint32_t warp, std::uint64_t cta = 0) const {
    std::vector<std::uint64_t> out;
    for (const auto& e : issues)
      if (e.warp == warp && e.cta == cta) out.push_back(e.cycle);
    return out;
  }
};

// Runs `ctas` CTAs of `warps_per_cta` warps of `src` over `prog` on `cfg`.
inline timing::GridTiming run(ScriptedSource& src, const lower::Program& prog, const config::GpuConfig& cfg,
                              std::uint64_t ctas, std::uint32_t warps_per_cta, timing::TraceSink* sink = nullptr) {
  timing::KernelShape shape;
  shape.ctas = ctas;
  shape.threads_per_cta = warps_per_cta * kWarpSize;
  return timing::run_grid_timed(src, prog, shape, cfg, sink);
}

}  // namespace mock
