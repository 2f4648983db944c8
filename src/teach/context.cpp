// The report's shared state (see context.hpp).
#include "context.hpp"

#include "mem_profile.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/ptx/parser.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <unordered_map>

namespace warpsim::teach {
namespace {

// Forwards every event to the timeline recorder and keeps the chosen warp's issues in the chosen launch.
class Tee : public timing::TraceSink {
 public:
  Tee(report::TimelineRecorder& rec, std::size_t launch, std::uint64_t cta, std::uint32_t warp,
      std::vector<timing::IssueEvent>& out, StateRecorder* states = nullptr,
      std::vector<std::uint64_t>* pc_issues = nullptr,
      std::vector<std::pair<std::uint64_t, int>>* watched = nullptr)
      : rec_(rec), launch_(launch), cta_(cta), warp_(warp), out_(out), states_(states), pc_issues_(pc_issues),
        watched_(watched) {}
  void on_kernel_begin(const std::string& entry) override {
    ++kernel_;
    rec_.on_kernel_begin(entry);
    if (mem != nullptr) mem->on_kernel_begin(entry);
  }
  void on_kernel_end(std::uint64_t cycles) override { rec_.on_kernel_end(cycles); }
  void on_cta_start(std::uint32_t sm, std::uint64_t cta, Dim3 id, std::uint64_t cycle) override {
    rec_.on_cta_start(sm, cta, id, cycle);
  }
  void on_warp_start(std::uint32_t sm, std::uint32_t sp, std::uint64_t cta, std::uint32_t warp,
                     std::uint64_t cycle) override {
    rec_.on_warp_start(sm, sp, cta, warp, cycle);
  }
  void on_warp_end(std::uint64_t cta, std::uint32_t warp, std::uint64_t cycle, std::uint64_t issued) override {
    rec_.on_warp_end(cta, warp, cycle, issued);
  }
  void on_cta_end(std::uint64_t cta, std::uint64_t cycle) override { rec_.on_cta_end(cta, cycle); }
  bool wants_issues() const override { return true; }
  void on_issue(const timing::IssueEvent& e) override {
    rec_.on_issue(e);
    if (kernel_ != launch_ + 1) return;
    if (e.cta == cta_ && e.warp == warp_) out_.push_back(e);
    if (pc_issues_ != nullptr) {
      if (pc_issues_->size() <= e.pc) pc_issues_->resize(e.pc + 1, 0);
      ++(*pc_issues_)[e.pc];
    }
  }
  // The chosen launch's warp states over time (the "Latency hiding" section).
  bool wants_warp_states() const override { return states_ != nullptr; }
  void on_warp_states(std::uint32_t sm, std::uint64_t from, std::uint64_t to,
                      const timing::WarpStateCycles& w) override {
    if (kernel_ == launch_ + 1) states_->add(sm, from, to, w);
  }
  bool watches(std::uint64_t cta, std::uint32_t warp) const override {
    return watched_ != nullptr && kernel_ == launch_ + 1 && cta == cta_ && warp == warp_;
  }
  void on_watched_warp(std::uint64_t cycle, int state) override {
    if (watched_ != nullptr && kernel_ == launch_ + 1) watched_->emplace_back(cycle, state);
  }
  // Sections 5 and 6 (mem_profile.hpp): memory accesses go to this recorder.
  MemRecorder* mem = nullptr;
  bool wants_mem() const override { return mem != nullptr; }
  void on_mem(const timing::MemEvent& e) override { mem->on_mem(e); }

 private:
  report::TimelineRecorder& rec_;
  std::size_t launch_, kernel_ = 0;
  std::uint64_t cta_;
  std::uint32_t warp_;
  std::vector<timing::IssueEvent>& out_;
  StateRecorder* states_;
  std::vector<std::uint64_t>* pc_issues_;
  std::vector<std::pair<std::uint64_t, int>>* watched_;
};

// Tallies every warp of one launch in a functional run (Context::warp_choice) and keeps the best as CTAs end, so
// that only resident CTAs' warps are held.
class WarpChooser : public func::StepObserver {
 public:
  using Tally = Context::WarpTally;
  WarpChooser(const ir::Program& prog, std::uint32_t threads, Context::WarpChoice& out)
      : prog_(prog), threads_(threads), out_(out) {}
  void on_step(std::uint64_t cta, std::uint32_t warp, const source::Issued& r) override {
    if (cur_ == nullptr || cur_cta_ != cta) {
      cur_ = &resident_[cta];
      cur_cta_ = cta;
      if (cur_->empty()) {
        const std::uint32_t n = (threads_ + 31) / 32;
        cur_->resize(n);
        for (std::uint32_t w = 0; w < n; ++w)
          (*cur_)[w].cta = cta, (*cur_)[w].warp = w, (*cur_)[w].lanes = std::min<std::uint32_t>(32, threads_ - w * 32);
      }
    }
    Tally& t = (*cur_)[warp];
    ++t.issues;
    t.active += r.active.count();
    t.pred_on += r.executed.count();
    const ir::Instr& in = prog_.code[r.pc];
    if (in.op == ir::Op::Bra && in.guard != ir::kNoReg) {
      ++t.branches;
      if (r.executed.any() && r.executed != r.active) ++t.divergent;
    }
  }
  void on_cta_end(std::uint64_t cta) override {
    const auto it = resident_.find(cta);
    if (it == resident_.end()) return;
    for (const Tally& t : it->second) fold(t);
    resident_.erase(it);
    cur_ = nullptr;
  }
  // The CTAs that had not ended (a run that stopped early), in CTA order.
  void finish() {
    std::vector<std::uint64_t> left;
    for (const auto& [c, ws] : resident_) left.push_back(c);
    std::sort(left.begin(), left.end());
    for (auto c : left) on_cta_end(c);
  }

 private:
  // a before b: lower active-lane utilisation, then lower predicated-on utilisation, then lower CTA, warp.
  static bool before(const Tally& a, const Tally& b) {
    using W = unsigned __int128;
    const W sa = W{a.issues} * a.lanes, sb = W{b.issues} * b.lanes;
    const W aa = W{a.active} * sb, ba = W{b.active} * sa;
    if (aa != ba) return aa < ba;
    const W ap = W{a.pred_on} * sb, bp = W{b.pred_on} * sa;
    if (ap != bp) return ap < bp;
    return std::tie(a.cta, a.warp) < std::tie(b.cta, b.warp);
  }
  void fold(const Tally& t) {
    if (t.issues == 0) return;
    ++out_.warps;
    out_.issues += t.issues;
    out_.slots += t.issues * t.lanes;
    out_.active += t.active;
    if (t.active < t.issues * t.lanes) ++out_.below_full;
    if (out_.warps == 1 || before(t, out_.chosen)) out_.chosen = t;
  }

  const ir::Program& prog_;
  std::uint32_t threads_;
  Context::WarpChoice& out_;
  std::unordered_map<std::uint64_t, std::vector<Tally>> resident_;
  std::vector<Tally>* cur_ = nullptr;  // resident_[cur_cta_]
  std::uint64_t cur_cta_ = 0;
};

}  // namespace

void Context::choose_warp() {
  choice_.automatic = true;
  const auto& l = cfg_.kernels[launch_];
  // Only the launches up to the chosen one run; their expectations are not checked here.
  config::RunConfig cfg = cfg_;
  cfg.kernels.resize(launch_ + 1);
  cfg.expects.clear();
  sim::RunOptions ro;
  ro.gpu_overrides = opts_.sets;
  ro.functional_only = true;
  ro.observe_launch = launch_;
  try {
    const ptx::Module module = ptx::parse_file(l.ptx);
    const lower::Program prog =
        lower::lower(ir::load_program(module, l.entry), cfg_.gpu, sim::schedule_registers(cfg_, l, module));
    WarpChooser chooser(prog.code, l.block.x * l.block.y * l.block.z, choice_);
    ro.observer = &chooser;
    try {
      (void)sim::run(cfg, ro);
    } catch (const Error& e) {
      choice_.failure = e.what();
    }
    chooser.finish();
  } catch (const Error& e) {  // the PTX does not load: the timed run reports it
    choice_.failure = e.what();
  }
  if (choice_.warps != 0) cta_ = choice_.chosen.cta, warp_ = choice_.chosen.warp;
}

Context::Context(ReportOptions opts) : opts_(std::move(opts)) {
  cfg_ = config::load_run_config(opts_.config_path, opts_.sets);
  if (cfg_.kernels.empty()) fail(ErrorKind::Input, "{}: the run config launches no kernel", opts_.config_path);
  if (!opts_.kernel.empty()) {
    bool found = false;
    for (std::size_t i = 0; i < cfg_.kernels.size() && !found; ++i)
      if (cfg_.kernels[i].entry == opts_.kernel) launch_ = i, found = true;
    if (!found) {
      std::string names;
      for (const auto& k : cfg_.kernels) names += (names.empty() ? "" : ", ") + k.entry;
      fail(ErrorKind::Input, "--kernel {}: {} launches no such kernel (it launches {})", opts_.kernel,
           opts_.config_path, names);
    }
  }
  const auto& l = cfg_.kernels[launch_];
  const std::uint64_t ctas = std::uint64_t{l.grid.x} * l.grid.y * l.grid.z;
  const std::uint32_t warps = (l.block.x * l.block.y * l.block.z + 31) / 32;
  if (!opts_.cta || !opts_.warp) {
    choose_warp();
    return;
  }
  cta_ = *opts_.cta;
  warp_ = *opts_.warp;
  if (cta_ >= ctas)
    fail(ErrorKind::Input, "--warp {}:{}: kernel {} has {} CTAs (linear ids 0..{})", cta_, warp_, l.entry, ctas,
         ctas - 1);
  if (warp_ >= warps)
    fail(ErrorKind::Input, "--warp {}:{}: kernel {} has {} warps per CTA (0..{})", cta_, warp_, l.entry, warps,
         warps - 1);
}

const sim::RunResult& Context::timed() {
  if (timed_failure_) throw *timed_failure_;
  if (!timed_) {
    recorder_ = std::make_unique<report::TimelineRecorder>(report::RecordOptions{.issue_counts = true});
    Tee tee(*recorder_, launch_, cta_, warp_, warp_issues_, &states_, &pc_issues_, &watched_);
    mem_ = std::make_shared<MemRecorder>(launch_);
    tee.mem = mem_.get();
    try {
      timed_ = simulate({}, false, &tee);
    } catch (const Error& e) {
      timed_failure_ = e;
      throw;
    }
  }
  return *timed_;
}

const report::KernelTimeline& Context::timeline() {
  timed();
  return recorder_->kernels().at(launch_);
}

const std::vector<timing::IssueEvent>& Context::warp_issues() {
  timed();
  return warp_issues_;
}

sim::RunResult Context::simulate(const std::vector<std::string>& extra_sets, bool functional, timing::TraceSink* sink,
                                 std::uint64_t no_progress_limit) const {
  return run_with(extra_sets, nullptr, functional, sink, no_progress_limit);
}

sim::RunResult Context::run_with(const std::vector<std::string>& extra_sets,
                                 const std::function<void(config::RunConfig&)>& edit, bool functional,
                                 timing::TraceSink* sink, std::uint64_t no_progress_limit) const {
  auto sets = opts_.sets;
  sets.insert(sets.end(), extra_sets.begin(), extra_sets.end());
  sim::RunOptions ro;
  ro.gpu_overrides = sets;
  ro.functional_only = functional;
  ro.trace = sink;
  ro.no_progress_limit = no_progress_limit;
  config::RunConfig cfg = config::load_run_config(opts_.config_path, sets);
  if (edit) edit(cfg);
  return sim::run(cfg, ro);
}

const nlohmann::json* Context::measured() {
  if (!measured_loaded_) {
    measured_loaded_ = true;
    std::string path = opts_.measured;
    if (path.empty()) {
      const auto p = std::filesystem::path(opts_.config_path).parent_path() / "h200.json";
      if (std::filesystem::exists(p)) path = p.string();
    }
    if (!path.empty()) {
      std::ifstream f(path);
      if (!f) fail(ErrorKind::Input, "--measured: cannot read {}", path);
      try {
        measured_ = nlohmann::json::parse(f);
      } catch (const nlohmann::json::exception& e) {
        fail(ErrorKind::Input, "{}: not valid JSON: {}", path, e.what());
      }
    }
  }
  return measured_ ? &*measured_ : nullptr;
}

const StateRecorder& Context::warp_states() {
  timed();
  return states_;
}

const std::vector<std::uint64_t>& Context::pc_issues() {
  timed();
  return pc_issues_;
}

const std::vector<std::pair<std::uint64_t, int>>& Context::warp_state_changes() {
  timed();
  return watched_;
}

const nlohmann::json* Context::measured_launch() {
  const auto* m = measured();
  if (m == nullptr || !m->contains("launches") || !(*m)["launches"].is_array()) return nullptr;
  const auto& ls = (*m)["launches"];
  return launch_ < ls.size() ? &ls[launch_] : nullptr;
}

sim::RunResult Context::simulate_edited(const std::vector<std::string>& extra_sets,
                                        const std::function<void(config::RunConfig&)>& edit,
                                        timing::TraceSink* sink) const {
  return run_with(extra_sets, edit, false, sink, 0);
}

const MemRecorder& Context::mem_profile() {
  timed();
  return *mem_;
}

}  // namespace warpsim::teach
