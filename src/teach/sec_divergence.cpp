// Section 1 of `warpsim report`: divergence and reconvergence of one warp. The warp is --warp's, or else the one
// Context chose from a functional run (the lowest lane utilisation of the launch; context.hpp), and the page says
// which and why. For that warp it shows a grid of the instructions it issued (rows, in issue order, with the PTX
// line and the CUDA line from .loc) by lanes (32 columns), each cell coloured by the path (the active mask) that
// issued it, shaded when the lane is on the path but the instruction's guard predicate is false (predicated off),
// grey for lanes not taking part; conditional branches and their reconvergence points (immediate
// post-dominators) are marked. Under the grid: the guarded instructions with their predicated-off lanes, lane
// utilisation per basic block counted as Nsight does (active lanes per issue, and predicated-on lanes per issue),
// and per branch the taken / not-taken lanes and how often it was uniform. The same warp is shown under both
// reconvergence models (sm.reconvergence ipdom_stack and independent) and with ptxas's code rewriting
// (compiler.schedule) off and on, side by side as lane strips and as full grids; a run that livelocks or
// deadlocks is shown up to the watchdog, labelled with its report.
//
// Models: nothing new: the timed run of the page (Context) and at most two more timed runs of the same config
// (the other reconvergence model, the other compiler.schedule value), each stopped as soon as the chosen warp's
// CTA retires (a large grid is not run to its end) and after a quarter of the timed run's warp-instructions (at
// least kMinCap), recorded by a TraceSink; under ipdom_stack with the watchdog lowered to kWatchdog. The base
// view is the page's timed run, or, when that run failed (barrier_deadlock), the warp's issues up to the failure
// with its report. Predicated-off lanes and the lanes a branch sent to its target come from each issue's
// exec_mask (the functional model's guard mask, timing::IssueEvent).
// Leaves out: which lanes a brx.idx sent where (shown as unknown); more than kGridRows rows per grid and kKeep
// issues per extra run (the page says how many were left out).
#include "context.hpp"
#include "html.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/func/functional_source.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/ptx/parser.hpp>
#include <warpsim/sim/simulation.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

namespace warpsim::teach {
namespace {

constexpr std::size_t kGridRows = 400;         // rows of each grid
constexpr std::size_t kStripCols = 400;        // issues in each lane strip
constexpr std::size_t kKeep = 50'000;          // issues of the chosen warp kept per extra run
constexpr std::uint64_t kStopIssues = 1 << 20;  // an extra run stops once the warp issued this many
constexpr std::uint64_t kWatchdog = 1 << 16;   // no_progress_limit of the extra runs under ipdom_stack
constexpr std::uint64_t kMinCap = 1 << 18;     // the least max_warp_instructions of an extra run (about 1 s)

// Thrown by the recorder once the chosen warp is done: the rest of the launch is not needed.
struct StopRun {};

// Keeps the chosen warp's issues in the chosen launch; stops the run when that warp's CTA retires.
class WarpRecorder : public timing::TraceSink {
 public:
  WarpRecorder(std::size_t launch, std::uint64_t cta, std::uint32_t warp) : launch_(launch), cta_(cta), warp_(warp) {}
  void on_kernel_begin(const std::string&) override { ++kernel_; }
  bool wants_issues() const override { return true; }
  void on_issue(const timing::IssueEvent& e) override {
    if (kernel_ != launch_ + 1 || e.cta != cta_ || e.warp != warp_) return;
    ++issued;
    if (events.size() < kKeep) events.push_back(e);
    if (issued >= kStopIssues) {
      capped = true;
      throw StopRun{};
    }
  }
  void on_warp_end(std::uint64_t cta, std::uint32_t warp, std::uint64_t, std::uint64_t) override {
    if (kernel_ == launch_ + 1 && cta == cta_ && warp == warp_) {
      ended = true;
      throw StopRun{};
    }
  }

  std::vector<timing::IssueEvent> events;
  std::uint64_t issued = 0;
  bool ended = false, capped = false;

 private:
  std::size_t launch_, kernel_ = 0;
  std::uint64_t cta_;
  std::uint32_t warp_;
};

enum class End { Finished, Livelock, Deadlock, Failed, Capped };

// One run of the chosen warp.
struct View {
  std::string key;    // data-view marker
  std::string label;  // the settings, in words
  config::Reconvergence model = config::Reconvergence::Independent;
  unsigned schedule = 0;
  std::shared_ptr<const ir::Program> prog;
  std::vector<timing::IssueEvent> events;
  std::uint64_t issued = 0;
  End end = End::Finished;
  std::string error;
  bool timed = false;  // the page's timed run
  std::uint64_t watchdog = func::GridLimits{}.no_progress_limit;  // the run's no_progress_limit
};

const char* model_name(config::Reconvergence m) {
  return m == config::Reconvergence::IpdomStack ? "ipdom_stack" : "independent";
}

// The program exactly as the simulator runs it for these settings (ptxas's rewriting when compiler.schedule).
std::shared_ptr<const ir::Program> build_program(const config::RunConfig& cfg, std::size_t launch) {
  const auto& k = cfg.kernels[launch];
  const ptx::Module m = ptx::parse_file(k.ptx);
  return std::make_shared<const ir::Program>(
      lower::lower(ir::load_program(m, k.entry), cfg.gpu, sim::schedule_registers(cfg, k, m)).code);
}

void classify(View& v, const Error& e) {
  v.error = e.what();
  if (e.kind() == ErrorKind::Execution && v.error.find("run limit: the kernel executed") != std::string::npos)
    v.end = End::Capped;
  else if (e.kind() != ErrorKind::Deadlock) v.end = End::Failed;
  else if (v.error.find("livelock") != std::string::npos) v.end = End::Livelock;
  else v.end = End::Deadlock;
}

View run_view(Context& ctx, const std::vector<std::string>& extra, std::uint64_t watchdog, std::uint64_t cap) {
  View v;
  auto sets = ctx.options().sets;
  sets.insert(sets.end(), extra.begin(), extra.end());
  const auto cfg = config::load_run_config(ctx.options().config_path, sets);
  v.model = cfg.gpu.reconvergence;
  v.schedule = cfg.gpu.compiler_schedule;
  v.prog = build_program(cfg, ctx.launch());
  WarpRecorder rec(ctx.launch(), ctx.chosen_cta(), ctx.chosen_warp());
  sim::RunOptions ro;
  ro.gpu_overrides = sets;
  ro.functional_only = false;
  ro.trace = &rec;
  ro.no_progress_limit = watchdog;
  if (watchdog != 0) v.watchdog = watchdog;
  ro.max_warp_instructions = cap;
  try {
    (void)sim::run(cfg, ro);
  } catch (const StopRun&) {
  } catch (const Error& e) {
    classify(v, e);
  }
  if (rec.capped) v.end = End::Capped;
  v.events = std::move(rec.events);
  v.issued = rec.issued;
  return v;
}

// What the CUDA lines say (the .cu beside the PTX, as named by .file), for hover text.
class Sources {
 public:
  explicit Sources(const ir::Program& p, const std::string& ptx) : prog_(p), dir_(std::filesystem::path(ptx).parent_path()) {}
  std::string where(const ir::Instr& in) const {
    if (in.src_line == 0 || in.src_file >= prog_.files.size()) return "";
    return fmt::format("{}:{}", std::filesystem::path(prog_.files[in.src_file]).filename().string(), in.src_line);
  }
  std::string text(const ir::Instr& in) {
    if (in.src_line == 0 || in.src_file >= prog_.files.size()) return "";
    auto& lines = cache_[in.src_file];
    if (!lines) {
      lines = std::make_unique<std::vector<std::string>>();
      std::ifstream f(dir_ / prog_.files[in.src_file]);
      for (std::string l; std::getline(f, l);) lines->push_back(l);
    }
    if (in.src_line > lines->size()) return "";
    std::string s = (*lines)[in.src_line - 1];
    const auto b = s.find_first_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b);
  }

 private:
  const ir::Program& prog_;
  std::filesystem::path dir_;
  std::map<std::uint32_t, std::unique_ptr<std::vector<std::string>>> cache_;
};

bool conditional_branch(const ir::Instr& in) {
  return (in.op == ir::Op::Bra && in.guard != ir::kNoReg) || in.op == ir::Op::BrxIdx;
}

std::int64_t branch_target(const ir::Instr& in) {
  if (in.op != ir::Op::Bra) return -1;
  for (unsigned i = 0; i < in.nops; ++i)
    if (in.ops[i].kind == ir::Operand::Kind::Label) return in.ops[i].imm;
  return -1;
}

// Per issue: for a conditional branch, the lanes it sent to its target and to the fall-through (a bra's guard is
// its condition: the issue's exec_mask), -1 when unknown (brx.idx, several targets).
struct Split {
  std::int64_t taken = -1, not_taken = -1;
};

// The basic block holding pc: (function, block), or (~0, ~0) when pc is outside the code.
std::pair<std::uint32_t, std::uint32_t> block_of(const ir::Program& prog, std::int64_t pc) {
  constexpr std::pair<std::uint32_t, std::uint32_t> none{~0u, ~0u};
  if (pc < 0 || static_cast<std::size_t>(pc) >= prog.code.size()) return none;
  const auto& in = prog.code[static_cast<std::size_t>(pc)];
  if (in.func >= prog.cfgs.size()) return none;
  const auto& fi = prog.functions[in.func];
  const auto& bo = prog.cfgs[in.func].block_of;
  const auto rel = static_cast<std::size_t>(pc) - fi.begin_pc;
  return rel < bo.size() ? std::pair{in.func, bo[rel]} : none;
}

std::vector<Split> branch_splits(const View& v) {
  const auto& ev = v.events;
  const auto& prog = *v.prog;
  std::vector<Split> out(ev.size());
  for (std::size_t i = 0; i < ev.size(); ++i) {
    const auto& in = prog.code[ev[i].pc];
    if (!conditional_branch(in)) continue;
    const std::int64_t t = branch_target(in);
    if (t < 0) continue;  // brx.idx: several targets, left unknown
    const std::uint32_t a = ev[i].active_mask;
    if (block_of(prog, t) == block_of(prog, std::int64_t{ev[i].pc} + 1)) out[i] = {a, 0};  // to the next instruction
    else out[i] = {ev[i].exec_mask & a, a & ~ev[i].exec_mask};
  }
  return out;
}

std::string lane_ranges(std::uint32_t m) {
  if (m == 0) return "none";
  std::string s;
  for (int l = 0; l < 32;) {
    if (!((m >> l) & 1)) {
      ++l;
      continue;
    }
    int e = l;
    while (e + 1 < 32 && ((m >> (e + 1)) & 1)) ++e;
    s += (s.empty() ? "" : ", ") + (e == l ? fmt::format("{}", l) : fmt::format("{}-{}", l, e));
    l = e + 1;
  }
  return s;
}

// Colours of paths: the whole warp one colour, every other active mask the next palette colour.
class Paths {
 public:
  std::size_t index(std::uint32_t m) {
    if (m == 0xffffffffu) {
      full_ = true;
      return 0;
    }
    auto [it, fresh] = ids_.try_emplace(m, ids_.size() + 1);
    if (fresh) order_.push_back(m);
    return it->second;
  }
  // The colours used so far and the lanes of each path.
  std::string legend() const {
    std::string h = "<p class=\"note dv-legend\">Path colours: ";
    auto item = [&](std::size_t i, const std::string& what) {
      h += fmt::format("<span class=\"dv-lanes\"><b class=\"q{}\">\u2588\u2588</b></span> {}; ", cls(i), what);
    };
    if (full_) item(0, "all 32 lanes");
    for (std::size_t k = 0; k < order_.size() && k < 9; ++k) item(k + 1, "lanes " + lane_ranges(order_[k]));
    if (order_.size() > 9) h += fmt::format("and {} more paths (the colours repeat); ", order_.size() - 9);
    h += "grey: lanes not on the path that issued.";
    if (pred_off)
      h += " <span class=\"dv-lanes\"><b class=\"q0 dv-po\">\u2591\u2591</b></span> (shaded, in the path's colour): "
           "<em>predicated off</em>: the lane is on the path, but the instruction's guard (<code>@p</code> / "
           "<code>@!p</code>) is false for it, so it issues with the warp and does nothing (on a conditional branch: "
           "the lane does not take it). Nsight counts these lanes in <code>smsp__thread_inst_executed</code> but not "
           "in <code>smsp__thread_inst_executed_pred_on</code>.";
    h += "</p>";
    return h;
  }
  static std::size_t cls(std::size_t i) { return i == 0 ? 0 : (i - 1) % 9 + 1; }  // CSS class q0-q9
  bool pred_off = false;  // some lane drawn predicated off (the legend explains it)

 private:
  std::map<std::uint32_t, std::size_t> ids_;
  std::vector<std::uint32_t> order_;
  bool full_ = false;
};

// The 32 lanes of one issue as runs of blocks: solid in the path's colour (class q0-q9) for the lanes that took
// part, shaded (\u2591, class dv-po) in the path's colour for lanes of the path whose guard was false (predicated
// off), grey (the cell's colour) for lanes not on the path.
std::string lanes_cell(std::uint32_t mask, std::uint32_t exec, Paths& paths) {
  std::string s;
  const std::size_t p = paths.index(mask);
  const auto state = [&](int l) { return !((mask >> l) & 1) ? 0 : ((exec >> l) & 1) ? 1 : 2; };
  for (int l = 0; l < 32;) {
    const int st = state(l);
    int e = l;
    while (e + 1 < 32 && state(e + 1) == st) ++e;
    std::string blocks;
    for (int k = l; k <= e; ++k) blocks += st == 2 ? "\u2591" : (k % 8 == 0 && k != 0) ? "\u258c" : "\u2588";
    if (st == 0) s += blocks;
    else if (st == 1) s += fmt::format("<b class=\"q{}\">{}</b>", Paths::cls(p), blocks);
    else {
      s += fmt::format("<b class=\"q{} dv-po\">{}</b>", Paths::cls(p), blocks);
      paths.pred_off = true;
    }
    l = e + 1;
  }
  return s;
}

std::string end_text(const View& v) {
  switch (v.end) {
    case End::Finished:
      return fmt::format("finished: the warp issued {} instructions", num(static_cast<double>(v.issued)));
    case End::Livelock:
      return fmt::format("livelock: stopped by the watchdog after {} warp-instructions without progress; this "
                         "warp issued {} instructions until then",
                         num(static_cast<double>(v.watchdog)), num(static_cast<double>(v.issued)));
    case End::Deadlock:
      return fmt::format("deadlock: stopped by the watchdog; this warp issued {} instructions until then",
                         num(static_cast<double>(v.issued)));
    case End::Failed:
      return fmt::format("the run failed after the warp issued {} instructions", num(static_cast<double>(v.issued)));
    case End::Capped:
      return fmt::format("stopped by the page's cap on this run (see above) after this warp issued {} instructions "
                         "(it had not finished)",
                         num(static_cast<double>(v.issued)));
  }
  return "";
}

// Lanes (vertical) by issue order (horizontal): one view's first kStripCols issues.
std::string lane_strip(const View& v, Paths& paths) {
  const std::size_t n = std::min(v.events.size(), kStripCols);
  const double cw = n == 0 ? 2 : std::max(1.0, std::min(6.0, 480.0 / static_cast<double>(n)));
  const double lh = 3, top = 4, left = 30;
  const double w = left + cw * static_cast<double>(n) + 6, h = top + 32 * lh + 18;
  std::string s = fmt::format(
      "<svg class=\"dv-strip\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\"><rect x=\"{2}\" "
      "y=\"{3}\" width=\"{4}\" height=\"{5}\" fill=\"#e3e3e3\"/>",
      w, h, left, top, cw * static_cast<double>(n), 32 * lh);
  s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tl\" text-anchor=\"end\">0</text>", left - 3, top + 7);
  s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tl\" text-anchor=\"end\">31</text>", left - 3, top + 32 * lh);
  // Per lane, runs of consecutive issues on the same path and equally predicated: one rectangle each (predicated
  // off: class po, pale).
  std::vector<std::size_t> path(n);
  for (std::size_t i = 0; i < n; ++i) path[i] = Paths::cls(paths.index(v.events[i].active_mask));
  for (int l = 0; l < 32; ++l) {
    const auto off = [&](std::size_t i) { return !((v.events[i].exec_mask >> l) & 1); };
    for (std::size_t i = 0; i < n;) {
      if (!((v.events[i].active_mask >> l) & 1)) {
        ++i;
        continue;
      }
      std::size_t e = i;
      while (e + 1 < n && ((v.events[e + 1].active_mask >> l) & 1) && path[e + 1] == path[i] && off(e + 1) == off(i))
        ++e;
      s += fmt::format("<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" class=\"q{}{}\"/>",
                       left + cw * static_cast<double>(i), top + l * lh, cw * static_cast<double>(e - i + 1), lh,
                       path[i], off(i) ? " po" : "");
      paths.pred_off = paths.pred_off || off(i);
      i = e + 1;
    }
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tl\">issue 1 .. {}{}</text></svg>", left, h - 3, n,
                   v.events.size() > n ? " (the rest left out)" : "");
  return s;
}

struct BranchStat {
  std::uint64_t execs = 0, divergent = 0, uniform_taken = 0, uniform_not = 0, unknown = 0;
  std::uint64_t taken_lanes = 0, not_taken_lanes = 0;
};

// Per-branch and per-block tables of one view.
std::string stats_tables(const View& v, const std::vector<Split>& splits, Sources& src) {
  const auto& prog = *v.prog;
  std::map<std::uint32_t, BranchStat> br;
  struct BlockStat {
    std::uint32_t first = 0, last = 0;
    std::uint64_t issues = 0, lanes = 0, on = 0;  // on: active lanes whose guard held (Nsight's pred_on)
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, BlockStat> blocks;  // (function, block)
  struct PredStat {
    std::uint64_t issues = 0, lanes = 0, off = 0;
  };
  std::map<std::uint32_t, PredStat> pred;  // guarded instructions other than branches, by pc
  for (std::size_t i = 0; i < v.events.size(); ++i) {
    const auto& e = v.events[i];
    const auto& in = prog.code[e.pc];
    const auto lanes = static_cast<std::uint64_t>(std::popcount(e.active_mask));
    const auto on = static_cast<std::uint64_t>(std::popcount(e.active_mask & e.exec_mask));
    const auto& fi = prog.functions[in.func];
    const auto& cfg = prog.cfgs[in.func];
    const std::uint32_t b = cfg.block_of[e.pc - fi.begin_pc];
    auto& bs = blocks[{in.func, b}];
    bs.first = fi.begin_pc + cfg.blocks[b].first, bs.last = fi.begin_pc + cfg.blocks[b].last;
    ++bs.issues, bs.lanes += lanes, bs.on += on;
    if (in.guard != ir::kNoReg && in.op != ir::Op::Bra && in.op != ir::Op::BrxIdx) {
      auto& ps = pred[e.pc];
      ++ps.issues, ps.lanes += lanes, ps.off += lanes - on;
    }
    if (!conditional_branch(in)) continue;
    auto& s = br[e.pc];
    ++s.execs;
    const auto& sp = splits[i];
    if (sp.taken < 0) {
      ++s.unknown;
      continue;
    }
    const auto t = static_cast<std::uint64_t>(std::popcount(static_cast<std::uint32_t>(sp.taken)));
    const auto nt = static_cast<std::uint64_t>(std::popcount(static_cast<std::uint32_t>(sp.not_taken)));
    s.taken_lanes += t, s.not_taken_lanes += nt;
    if (t != 0 && nt != 0) ++s.divergent;
    else if (t != 0) ++s.uniform_taken;
    else ++s.uniform_not;
  }
  std::string h;
  h += "<h3>Branches</h3>";
  if (br.empty()) {
    h += "<p class=\"note\" data-branches=\"0\">This warp issued no conditional branch in this run";
    h += v.schedule != 0 ? " (ptxas's model may have predicated short branches: see the compiler.schedule view)."
                         : ".";
    h += "</p>";
  } else {
    h += fmt::format(
        "<div class=\"scroll\"><table class=\"dv-branches\" data-branches=\"{}\"><tr><th>PTX line</th><th "
        "class=\"l\">CUDA line</th><th class=\"l\">branch</th><th>reconverges at</th><th>executed</th><th>uniform "
        "taken</th><th>uniform not taken</th><th>divergent</th><th>taken lanes</th><th>not-taken lanes</th><th>"
        "efficiency</th></tr>",
        br.size());
    for (const auto& [pc, s] : br) {
      const auto& in = prog.code[pc];
      const auto r = prog.reconverge[pc];
      const std::string rc = r == ir::kNoPc ? "function exit" : fmt::format("line {}", prog.code[r].line);
      const std::uint64_t known = s.execs - s.unknown;
      const std::string eff =
          known == 0 ? "-" : fmt::format("{:.0f} %", 100.0 * static_cast<double>(known - s.divergent) / known);
      h += fmt::format(
          "<tr data-pc=\"{}\"><td>{}</td><td class=\"l\" title=\"{}\">{}</td><td class=\"l\"><code>{}</code></td>"
          "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"dv-taken\">{}</td>"
          "<td class=\"dv-not\">{}</td><td>{}</td></tr>",
          pc, in.line, esc(src.text(in)), esc(src.where(in)), esc(prog.text[pc]), rc, s.execs, s.uniform_taken,
          s.uniform_not, s.divergent, s.taken_lanes, s.not_taken_lanes, eff);
    }
    h += "</table></div><p class=\"note\">Taken / not-taken lanes: summed over the branch's executions. "
         "Efficiency: the share of executions where every active lane went the same way (Nsight's branch "
         "efficiency, per branch); a divergent execution runs both sides one after the other with part of the "
         "warp idle.</p>";
  }
  h += "<h3>Predicated instructions</h3>";
  if (pred.empty()) {
    h += "<p class=\"note\" data-predicated=\"0\">This warp issued no guarded instruction other than branches in this "
         "run.</p>";
  } else {
    h += fmt::format(
        "<div class=\"scroll\"><table class=\"dv-pred\" data-predicated=\"{}\"><tr><th>PTX line</th><th class=\"l\">"
        "CUDA line</th><th class=\"l\">instruction</th><th>issued</th><th>active lanes</th><th>predicated off</th>"
        "<th>predicated-on lanes per issue</th></tr>",
        pred.size());
    std::size_t rows = 0;
    for (const auto& [pc, ps] : pred) {
      if (++rows > 60) break;
      const auto& in = prog.code[pc];
      h += fmt::format(
          "<tr data-pc=\"{}\"><td>{}</td><td class=\"l\" title=\"{}\">{}</td><td class=\"l\"><code>{}</code></td>"
          "<td>{}</td><td>{}</td><td class=\"dv-off\">{}</td><td>{:.1f}</td></tr>",
          pc, in.line, esc(src.text(in)), esc(src.where(in)), esc(prog.text[pc]), ps.issues, ps.lanes, ps.off,
          static_cast<double>(ps.lanes - ps.off) / static_cast<double>(ps.issues));
    }
    h += "</table></div>";
    if (pred.size() > 60) h += fmt::format("<p class=\"note\">{} more left out.</p>", pred.size() - 60);
    h += "<p class=\"note\">Active and predicated-off lanes: summed over the instruction's issues. A predicated-off "
         "lane takes the issue slot like the others and does nothing; ptxas predicates short branches instead of "
         "branching (compiler.schedule = 1), which trades divergence for these lanes.</p>";
  }
  h += "<h3>Lane utilisation per basic block</h3><div class=\"scroll\"><table class=\"dv-blocks\"><tr>"
       "<th class=\"l\">block</th><th>PTX lines</th><th class=\"l\">CUDA lines</th><th>issued</th>"
       "<th>active lanes per issue</th><th>utilisation</th><th>predicated-on lanes per issue</th>"
       "<th>utilisation (predicated on)</th></tr>";
  std::size_t shown = 0;
  for (const auto& [key, b] : blocks) {
    if (++shown > 60) break;
    const auto& a = prog.code[b.first];
    const auto& z = prog.code[b.last];
    std::string cuda = src.where(a);
    if (cuda.empty()) cuda = src.where(z);
    else if (z.src_line != a.src_line && !src.where(z).empty()) cuda += fmt::format(" .. {}", z.src_line);
    const double per = static_cast<double>(b.lanes) / static_cast<double>(b.issues);
    const double on = static_cast<double>(b.on) / static_cast<double>(b.issues);
    h += fmt::format(
        "<tr><td class=\"l\">{}B{}</td><td>{}-{}</td><td class=\"l\">{}</td><td>{}</td><td>{:.1f}</td>"
        "<td>{:.0f} %</td><td>{:.1f}</td><td>{:.0f} %</td></tr>",
        key.first == 0 ? "" : esc(prog.functions[key.first].name) + " ", key.second, a.line, z.line, esc(cuda),
        b.issues, per, 100.0 * per / 32.0, on, 100.0 * on / 32.0);
  }
  h += "</table></div><p class=\"note\">Active lanes: the lanes of the path that issued, as Nsight's "
       "<code>smsp__thread_inst_executed_per_inst_executed</code>; predicated on: those whose guard was true as well "
       "(<code>smsp__thread_inst_executed_pred_on</code> per issue; a conditional branch counts the lanes that take "
       "it). Utilisation: of 32 lanes.</p>";
  if (blocks.size() > 60) h += fmt::format("<p class=\"note\">{} more blocks left out.</p>", blocks.size() - 60);
  return h;
}

// The grid of one view: issued instructions by lanes.
std::string grid(const View& v, const std::vector<Split>& splits, Sources& src, Paths& paths) {
  const auto& prog = *v.prog;
  // Reconvergence points of the conditional branches this warp executed: a row that enters the block of one
  // is marked (its first instruction may be folded away and never issue).
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::set<std::uint32_t>> reconv;  // block -> branch lines
  for (const auto& e : v.events)
    if (conditional_branch(prog.code[e.pc]) && prog.reconverge[e.pc] != ir::kNoPc)
      reconv[block_of(prog, prog.reconverge[e.pc])].insert(prog.code[e.pc].line);
  const std::size_t n = std::min(v.events.size(), kGridRows);
  std::string h =
      "<div class=\"scroll\"><table class=\"dv-grid\"><tr><th>#</th><th>cycle</th><th>PTX</th>"
      "<th class=\"l\">CUDA</th><th class=\"l\">instruction</th><th class=\"l dv-lanes\">lanes "
      "0 .. 31</th><th>active</th><th>pred. on</th><th class=\"l\">mark</th></tr>";
  for (std::size_t i = 0; i < n; ++i) {
    const auto& e = v.events[i];
    const auto& in = prog.code[e.pc];
    std::string mark, cls;
    if (conditional_branch(in)) {
      cls = "dv-br";
      const auto& sp = splits[i];
      const auto r = prog.reconverge[e.pc];
      const std::string rc = r == ir::kNoPc ? "the function's exit" : fmt::format("line {}", prog.code[r].line);
      if (sp.taken < 0) mark = fmt::format("branch (reconverges at {})", rc);
      else
        mark = fmt::format("branch: {} taken, {} not taken; reconverges at {}",
                           std::popcount(static_cast<std::uint32_t>(sp.taken)),
                           std::popcount(static_cast<std::uint32_t>(sp.not_taken)), rc);
    }
    const auto blk = block_of(prog, e.pc);
    if (auto it = reconv.find(blk); it != reconv.end() && (i == 0 || block_of(prog, v.events[i - 1].pc) != blk)) {
      cls += cls.empty() ? "dv-rc" : " dv-rc";
      std::string lines;
      for (auto l : it->second) lines += (lines.empty() ? "" : ", ") + std::to_string(l);
      mark += fmt::format("{}reconvergence point (ipdom) of the branch at line {}", mark.empty() ? "" : "; ", lines);
    }
    const std::uint32_t off = e.active_mask & ~e.exec_mask;
    if (in.guard != ir::kNoReg && !conditional_branch(in) && in.op != ir::Op::Bra) {
      mark += mark.empty() ? "" : "; ";
      mark += "predicated: lanes whose guard is false do nothing";
      mark += off == 0 ? " (none here)" : fmt::format(" (here lanes {})", lane_ranges(off));
    }
    if (in.op == ir::Op::Nop && prog.text[e.pc].find("if-converted") != std::string::npos) {
      mark += mark.empty() ? "" : "; ";
      mark += "a branch ptxas's model predicated away";
    }
    std::string text = prog.text[e.pc];
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    // Hover: the path's lanes, and those predicated off (on a branch: the lanes that fall through).
    std::string tip = "lanes " + lane_ranges(e.active_mask);
    if (off != 0)
      tip +=
          fmt::format("; {}: lanes {}",
                      in.op == ir::Op::Bra ? "guard false, not taken (predicated off)" : "predicated off (guard false)",
                      lane_ranges(off));
    h += fmt::format(
        "<tr{}><td>{}</td><td>{}</td><td>{}</td><td class=\"l\" title=\"{}\">{}</td><td class=\"l\"><code>{}</code>"
        "</td><td class=\"l dv-lanes\" title=\"{}\">{}</td><td>{}</td><td>{}</td><td class=\"l\">{}</td></tr>",
        cls.empty() ? "" : fmt::format(" class=\"{}\"", cls), i + 1, e.cycle, in.line, esc(src.text(in)),
        esc(src.where(in)), esc(text), tip, lanes_cell(e.active_mask, e.exec_mask, paths), std::popcount(e.active_mask),
        std::popcount(e.active_mask & e.exec_mask), esc(mark));
  }
  h += "</table></div>";
  if (v.events.size() > n || v.issued > v.events.size())
    h += fmt::format("<p class=\"note\">The first {} issued instructions are shown; {} more were left out.</p>", n,
                     num(static_cast<double>(v.issued - n)));
  return h;
}

const char* kDivStyle =
    "<style>.dv-grid td{padding:1px 5px;font-size:.85em}.dv-grid tr.dv-br td{background:#fff4d6}"
    ".dv-grid tr.dv-rc td{background:#e4f4e4}.dv-grid tr.dv-br.dv-rc td{background:#f0f0d0}"
    ".dv-lanes{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:-1px;white-space:nowrap;"
    "font-size:.8em!important;color:#dcdcdc}.dv-lanes b{font-weight:normal}th.dv-lanes{color:#222}"
    ".dv-lanes b.dv-po{opacity:.75}rect.po{fill-opacity:.3}"
    "b.q0{color:#1f77b4}b.q1{color:#d62728}b.q2{color:#2ca02c}b.q3{color:#ff7f0e}b.q4{color:#9467bd}"
    "b.q5{color:#8c564b}b.q6{color:#e377c2}b.q7{color:#393b79}b.q8{color:#bcbd22}b.q9{color:#17becf}"
    "rect.q0{fill:#1f77b4}rect.q1{fill:#d62728}rect.q2{fill:#2ca02c}rect.q3{fill:#ff7f0e}rect.q4{fill:#9467bd}"
    "rect.q5{fill:#8c564b}rect.q6{fill:#e377c2}rect.q7{fill:#393b79}rect.q8{fill:#bcbd22}rect.q9{fill:#17becf}.dv-side{display:flex;flex-wrap:wrap;gap:10px 24px}"
    ".dv-side>div{flex:1 1 480px}.dv-bad{color:#a40000;font-weight:600}.dv-ok{color:#1a6b1a;font-weight:600}"
    "pre.dv-err{white-space:pre-wrap;font-size:.8em;background:#f6f6f6;padding:6px;max-height:16em;overflow:auto}"
    "details.view>summary{cursor:pointer;font-weight:600;margin:8px 0}</style>";

std::string status_html(const View& v) {
  const bool bad = v.end == End::Livelock || v.end == End::Deadlock || v.end == End::Failed;
  std::string h = fmt::format("<p class=\"{}\" data-end=\"{}\">{}</p>", bad ? "dv-bad" : "dv-ok",
                              v.end == End::Finished   ? "finished"
                              : v.end == End::Livelock ? "livelock"
                              : v.end == End::Deadlock ? "deadlock"
                              : v.end == End::Capped   ? "capped"
                                                       : "failed",
                              esc(end_text(v)));
  if (!v.error.empty()) h += fmt::format("<pre class=\"dv-err\">{}</pre>", esc(v.error));
  return h;
}

// Which warp the page shows and why: --warp, or the automatic choice (Context::warp_choice).
std::string choice_html(const Context& ctx) {
  const auto& c = ctx.warp_choice();
  if (!c.automatic)
    return fmt::format("<p class=\"note\" data-choice=\"option\">Chosen with <code>--warp {}:{}</code>.</p>",
                       ctx.chosen_cta(), ctx.chosen_warp());
  const auto first_line = [](const std::string& s) { return s.substr(0, s.find('\n')); };
  if (c.warps == 0)
    return fmt::format(
        "<p class=\"note\" data-choice=\"first\">The first warp is shown: the functional run that "
        "chooses the warp stopped before this launch executed anything ({}). <code>--warp CTA:WARP"
        "</code> picks another.</p>",
        esc(first_line(c.failure)));
  const auto pct = [](std::uint64_t x, std::uint64_t of) {
    return of == 0 ? 0.0 : 100.0 * static_cast<double>(x) / static_cast<double>(of);
  };
  const auto& w = c.chosen;
  const std::uint64_t slots = w.issues * w.lanes;
  std::string h = fmt::format(
      "<p class=\"note\" data-choice=\"auto\" data-chosen=\"{}:{}\">Chosen automatically (no <code>--warp</code>): "
      "a functional run of the config compared the {} warps of this launch, and warp {} of CTA {} has the lowest "
      "lane utilisation: {:.1f} active lanes per executed instruction of its {} ({:.1f} %; the launch: {:.1f} %), "
      "{:.1f} of them predicated on ({:.1f} %); {}. ",
      w.cta, w.warp, num(static_cast<double>(c.warps)), w.warp, w.cta,
      static_cast<double>(w.active) / static_cast<double>(w.issues), w.lanes, pct(w.active, slots),
      pct(c.active, c.slots), static_cast<double>(w.pred_on) / static_cast<double>(w.issues), pct(w.pred_on, slots),
      w.branches == 0 ? std::string("it executed no conditional branch")
                      : fmt::format("{} of its {} conditional-branch executions divergent", w.divergent, w.branches));
  if (c.below_full == 0)
    h += "No warp of this launch runs with fewer than all its lanes active, so the tie was decided by ";
  else
    h += fmt::format("{} of the {} warps {} part of the time with lanes idle. Ties go to ",
                     num(static_cast<double>(c.below_full)), num(static_cast<double>(c.warps)),
                     c.below_full == 1 ? "runs" : "run");
  h += "the fewest predicated-on lanes, then the lowest CTA, then the lowest warp. ";
  h += "<code>--warp CTA:WARP</code> shows another.";
  if (!c.failure.empty())
    h += fmt::format(" The functional run stopped early ({}): the choice is from what ran until then.",
                     esc(first_line(c.failure)));
  return h + "</p>";
}

}  // namespace

Section section_divergence(Context& ctx) {
  const auto& cfg = ctx.config();
  const auto& l = ctx.launch_spec();
  const std::uint32_t threads = l.block.x * l.block.y * l.block.z;
  const std::uint32_t first_thread = ctx.chosen_warp() * 32;
  const std::uint32_t lanes_in_warp = std::min<std::uint32_t>(32, threads - first_thread);

  // The base view: the page's timed run (or, if it failed, a run of our own that keeps the warp's issues up
  // to the failure).
  std::vector<View> views;
  {
    View base;
    base.model = cfg.gpu.reconvergence;
    base.schedule = cfg.gpu.compiler_schedule;
    base.timed = true;
    base.prog = build_program(cfg, ctx.launch());
    try {
      base.events = ctx.warp_issues();
      base.issued = base.events.size();
    } catch (const Error& e) {
      base.events = ctx.warp_issues_so_far();
      base.issued = base.events.size();
      classify(base, e);
    }
    views.push_back(std::move(base));
  }
  // The extra runs' cap: a quarter of the timed run's warp-instructions (at least 256 Ki), so that both together
  // cost at most about half a timed run; a small launch never reaches it.
  const std::uint64_t timed_instr = ctx.timed_failure() == nullptr ? ctx.kernel().warp_instructions : 0;
  const std::uint64_t cap = std::max<std::uint64_t>(kMinCap, timed_instr / 4);
  const auto other_model = cfg.gpu.reconvergence == config::Reconvergence::IpdomStack
                               ? config::Reconvergence::Independent
                               : config::Reconvergence::IpdomStack;
  {
    View v = run_view(ctx, {fmt::format("sm.reconvergence={}", model_name(other_model))},
                      other_model == config::Reconvergence::IpdomStack ? kWatchdog : 0, cap);
    views.push_back(std::move(v));
  }
  {
    View v = run_view(ctx, {fmt::format("compiler.schedule={}", cfg.gpu.compiler_schedule != 0 ? 0 : 1)},
                      cfg.gpu.reconvergence == config::Reconvergence::IpdomStack ? kWatchdog : 0, cap);
    views.push_back(std::move(v));
  }
  for (auto& v : views) {
    v.key = fmt::format("{}-schedule{}", model_name(v.model), v.schedule);
    v.label = fmt::format("sm.reconvergence = {}, compiler.schedule = {}{}", model_name(v.model), v.schedule,
                          v.timed ? " (the config's settings: the page's timed run)" : "");
  }

  Paths paths;
  std::string h = kDivStyle;
  h += fmt::format(
      "<div class=\"view\" data-view=\"divergence\"><p>Warp {} of CTA {} (threads {}-{}, {} lanes) of kernel "
      "<code>{}</code>. A warp issues one instruction for all its lanes that are on the same path; when a "
      "conditional branch sends some lanes one way and some the other (divergence), the warp runs one path with "
      "the other lanes idle, then the other, until the paths meet again at the branch's <em>reconvergence "
      "point</em> (its immediate post-dominator in the control-flow graph). Each row below is one issued "
      "instruction; each of the 32 columns a lane, coloured by the path (active mask) that issued it, grey when "
      "the lane took no part, shaded when the lane is on the path but its guard predicate is false (predicated "
      "off). Branch rows are yellow, reconvergence points green.</p>",
      ctx.chosen_warp(), ctx.chosen_cta(), first_thread, first_thread + lanes_in_warp - 1, lanes_in_warp, esc(l.entry));
  h += choice_html(ctx);
  h += fmt::format(
      "<p class=\"note\">The config runs with <code>sm.reconvergence = {}</code> and <code>compiler.schedule = "
      "{}</code>. The page also runs the same config with the other reconvergence model and with ptxas's "
      "rewriting {}: each of those runs is timed and stops as soon as this warp's CTA retires (a livelock stops "
      "at the watchdog, lowered to {} warp-instructions without progress under ipdom_stack), and after {} "
      "warp-instructions of the whole kernel (a quarter of the timed run's, at least {}), so a large grid is not "
      "simulated to its end and the page costs at most about one and a half timed runs.{}</p>",
      model_name(cfg.gpu.reconvergence), cfg.gpu.compiler_schedule,
      cfg.gpu.compiler_schedule != 0 ? "off" : "on", num(static_cast<double>(kWatchdog)),
      num(static_cast<double>(cap)), num(static_cast<double>(kMinCap)),
      ctx.launch() == 0 ? "" : " The launches before this one run to their end in each run.");

  // Side by side: the lane strips and the outcome of each view.
  std::vector<std::vector<Split>> splits;
  for (const auto& v : views) splits.push_back(branch_splits(v));
  bool any_divergent = false;
  for (const auto& sp : splits)
    for (const auto& x : sp) any_divergent = any_divergent || (x.taken > 0 && x.not_taken > 0);
  if (!any_divergent && ctx.warp_choice().automatic && ctx.warp_choice().warps != 0) {
    h += "<p class=\"note\" data-divergent=\"no\">This warp took no divergent branch in any of the runs below; it "
         "was chosen as the warp of this launch with the fewest active lanes (see above), so no other warp leaves "
         "more lanes idle. <code>--warp CTA:WARP</code> shows any other.</p>";
  } else if (!any_divergent) {
    const std::uint64_t ctas = std::uint64_t{l.grid.x} * l.grid.y * l.grid.z;
    const std::uint32_t warps = (threads + 31) / 32;
    h += fmt::format(
        "<p class=\"note\" data-divergent=\"no\">This warp took no divergent branch in any of the runs below. "
        "Another warp may: choose it with <code>--warp CTA:WARP</code> (this launch has CTAs 0-{} of warps "
        "0-{}; an <code>if (i &lt; n)</code> tail diverges in the warp that holds the last element, often the last "
        "warp: <code>--warp {}:{}</code>).</p>",
        ctas - 1, warps - 1, ctas - 1, warps - 1);
  }
  h += "<h3>The same warp under each model</h3><div class=\"dv-side\">";
  for (std::size_t i = 0; i < views.size(); ++i) {
    const auto& v = views[i];
    // Active lanes per issue and divergent executions of conditional branches, over the kept issues.
    std::uint64_t lanes = 0, on = 0, branches = 0, divergent = 0;
    for (std::size_t k = 0; k < v.events.size(); ++k) {
      lanes += static_cast<std::uint64_t>(std::popcount(v.events[k].active_mask));
      on += static_cast<std::uint64_t>(std::popcount(v.events[k].active_mask & v.events[k].exec_mask));
      if (!conditional_branch(v.prog->code[v.events[k].pc])) continue;
      ++branches;
      divergent += splits[i][k].taken > 0 && splits[i][k].not_taken > 0 ? 1 : 0;
    }
    const std::string summary =
        v.events.empty()
            ? ""
            : fmt::format(
                  "<p class=\"note\">{:.1f} active lanes per issued instruction ({:.0f} % of "
                  "32), {:.1f} predicated on ({:.0f} %); {} of {} conditional-branch executions "
                  "divergent{}.</p>",
                  static_cast<double>(lanes) / static_cast<double>(v.events.size()),
                  100.0 * static_cast<double>(lanes) / (32.0 * static_cast<double>(v.events.size())),
                  static_cast<double>(on) / static_cast<double>(v.events.size()),
                  100.0 * static_cast<double>(on) / (32.0 * static_cast<double>(v.events.size())), divergent, branches,
                  v.events.size() < v.issued ? fmt::format(" (over the first {} issues)", v.events.size()) : "");
    h += fmt::format("<div data-view=\"strip-{}\"><b>{}</b>{}{}{}</div>", v.key, esc(v.label), status_html(v), summary,
                     lane_strip(v, paths));
  }
  h += "</div>" + paths.legend() +
       "<p class=\"note\">Each strip: lanes 0-31 top to bottom, issued instructions left to right, "
       "coloured by path. Under ipdom_stack (pre-Volta SIMT stack) a divergent warp runs one side of a branch "
       "to the reconvergence point before the other, so a side that spins waiting for the other never ends. "
       "With independent thread scheduling (Volta and later) sibling paths interleave (a path yields at a "
       "backward branch or a wait), so the other side still runs; CUDA no longer promises that the paths "
       "meet again, but warpsim, like the convergence barriers ptxas inserts, reconverges them at the "
       "post-dominator. ptxas also turns short branches into predicated code (compiler.schedule = 1): no "
       "divergence, but every lane issues both sides, with the lanes whose guard is false doing nothing.</p>";

  // The full grids, one per view (the config's own open).
  for (std::size_t i = 0; i < views.size(); ++i) {
    const auto& v = views[i];
    Sources vs(*v.prog, l.ptx);
    h += fmt::format("<details class=\"view\" data-view=\"grid-{}\"{}><summary>{}</summary>{}", v.key,
                     i == 0 ? " open" : "", esc(v.label), status_html(v));
    h += grid(v, splits[i], vs, paths);
    h += stats_tables(v, splits[i], vs);
    h += "</details>";
  }
  h += "</div>";
  return {"divergence", "Divergence", true, h};
}

}  // namespace warpsim::teach
