// Section 3 of warpsim report, "Occupancy is not speed": the kernel simulated over a range of one parameter, its
// cycles and its achieved and theoretical occupancy plotted together, with the H200's measured launches overlaid
// where traces/<w>/h200.json has launches of the same kernel shape; and where cycles stay flat while occupancy
// changes, said in words.
//   --sweep smem=FROM:TO:POINTS   dynamic shared memory per CTA (bytes; the launch's dynamic_smem overridden)
//   --sweep regs=FROM:TO:POINTS   registers per thread (the launch's "registers", overriding ptxas)
//   --sweep NAME=FROM:TO:POINTS   any GPU-model parameter (configs/README.md), as --set NAME=VALUE per point
// Without --sweep: a config whose launches are the same kernel shape with two or more different shared-memory sizes
// or register counts (traces/ubench_occupancy_sweep, occ_dyn_smem) is its own sweep (the timed run's launches, no
// extra simulation); otherwise a small kernel (at most 100,000 cycles, 100,000 warp-instructions and 1,000,000 L2
// sectors in the timed run) gets a shared-memory sweep with one point per CTA count the shared memory allows (at most
// 6, never less dynamic shared memory than launched), and a large one none (the page says which --sweep to pass).
//
// Models: nothing; every point is a timed run of the whole config (every launch: later launches may read what
// earlier ones wrote) and the occupancy calculator.
// Leaves out: sweeping the block size (the grid and the kernel's indexing depend on it), two-parameter sweeps.
#include "context.hpp"
#include "html.hpp"
#include "occ_launch.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warpsim::teach {
namespace {

constexpr const char* kAchieved = "sm__warps_active.avg.pct_of_peak_sustained_active";
// A default sweep runs only when the timed run is this small (whole config): a few seconds for all its points.
constexpr std::uint64_t kDefaultMaxWarpInstructions = 100000;
constexpr std::uint64_t kDefaultMaxCycles = 100000;
// ... and moves this few L2 sectors (lts__t_sectors.sum): a kernel of few instructions can still move tens of
// megabytes through bulk copies (traces/bulk_stream: 70 K warp-instructions, 3 M sectors, most of its run time).
constexpr double kDefaultMaxL2Sectors = 1000000;
constexpr unsigned kDefaultMaxPoints = 6;

struct Point {
  double x = 0;
  bool ok = false;
  std::string error;
  std::uint64_t cycles = 0;
  double achieved = 0;  // %
  timing::Occupancy occ;
  std::uint64_t waves = 0;
  std::optional<double> measured_cycles, measured_achieved;  // the H200's, where measured
  std::string what;  // the launch a point is (a config's own launches as the sweep), shown in the table
};

double stat(const sim::KernelSummary& k, const char* name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? 0.0 : it->second;
}

std::uint64_t waves_of(const config::LaunchSpec& l, const config::GpuConfig& g, unsigned ctas_per_sm) {
  const std::uint64_t ctas = std::uint64_t{l.grid.x} * l.grid.y * l.grid.z;
  const std::uint64_t per_wave = std::uint64_t{ctas_per_sm} * g.num_sms;
  return per_wave == 0 ? 0 : (ctas + per_wave - 1) / per_wave;
}

std::optional<double> measured_metric(const nlohmann::json& launch, const char* name) {
  if (!launch.contains("ncu") || !launch["ncu"].contains("metrics")) return std::nullopt;
  const auto& m = launch["ncu"]["metrics"];
  if (!m.contains(name) || !m[name].contains("value") || !m[name]["value"].is_number()) return std::nullopt;
  return m[name]["value"].get<double>();
}

bool same_shape(const config::LaunchSpec& a, const config::LaunchSpec& b) {
  return a.ptx == b.ptx && a.grid == b.grid && a.block == b.block;
}

// The rendered sweep: chart, table and the flat-region sentence.
std::string render(const std::string& axis_label, const std::string& unit, const std::vector<Point>& pts,
                   std::optional<double> launch_x, const std::string& how) {
  Series cyc{"cycles (sim)", {}, {}, "#1f77b4", true, true};
  Series mcyc{"cycles (H200)", {}, {}, "#1f77b4", true, true, true};
  Series ach{"achieved (sim)", {}, {}, "#d62728", true, true, false, true};
  Series mach{"achieved (H200)", {}, {}, "#d62728", true, true, true, true};
  Series theo{"theoretical", {}, {}, "#7f7f7f", true, false, true, true};
  for (const auto& p : pts) {
    if (!p.ok) continue;
    const std::string where = fmt::format("{} {}: {} CTAs/SM ({}), theoretical {}", num(p.x), unit, p.occ.ctas_per_sm,
                                          timing::limit_name(p.occ.limiter), percent(p.occ.occupancy));
    cyc.points.emplace_back(p.x, static_cast<double>(p.cycles));
    cyc.tips.push_back(
        fmt::format("{}: {} cycles simulated, {} waves", where, num(static_cast<double>(p.cycles)), p.waves));
    ach.points.emplace_back(p.x, p.achieved);
    ach.tips.push_back(fmt::format("{}: achieved {:.1f} % simulated", where, p.achieved));
    theo.points.emplace_back(p.x, 100.0 * p.occ.occupancy);
    if (p.measured_cycles) {
      mcyc.points.emplace_back(p.x, *p.measured_cycles);
      mcyc.tips.push_back(
          fmt::format("{}: {} cycles measured (gpc__cycles_elapsed.max)", where, num(*p.measured_cycles)));
    }
    if (p.measured_achieved) {
      mach.points.emplace_back(p.x, *p.measured_achieved);
      mach.tips.push_back(fmt::format("{}: achieved {:.1f} % measured", where, *p.measured_achieved));
    }
  }
  std::vector<Series> series = {cyc};
  if (!mcyc.points.empty()) series.push_back(mcyc);
  series.push_back(ach);
  if (!mach.points.empty()) series.push_back(mach);
  series.push_back(theo);
  Chart c;
  c.title = "Cycles and occupancy against " + axis_label;
  c.x_label = axis_label;
  c.y_label = "cycles";
  c.y2_label = "occupancy (%)";
  c.y2_min = 0;
  c.y2_max = 100;
  if (launch_x) c.x_marks = {{*launch_x, "as launched"}};
  std::string h = "<p>" + how + "</p>\n" + line_chart(c, series);

  bool whats = false;
  for (const auto& p : pts) whats = whats || !p.what.empty();
  h += "<div class=\"scroll\"><table class=\"sweep-points\"><tr>" +
       std::string(whats ? "<th class=\"l\">launch</th>" : "") + "<th>" + esc(axis_label) +
       "</th><th>CTAs/SM (limit)</th><th>theoretical</th><th>waves</th><th>simulated cycles</th><th>simulated "
       "achieved</th><th>measured cycles</th><th>measured achieved</th></tr>\n";
  for (const auto& p : pts) {
    if (!p.ok) {
      h += fmt::format("<tr data-x=\"{}\">{}<td>{}</td><td class=\"l\" colspan=\"7\">cannot run: {}</td></tr>\n",
                       num(p.x), whats ? "<td class=\"l\">" + esc(p.what) + "</td>" : "", num(p.x), esc(p.error));
      continue;
    }
    h += fmt::format(
        "<tr data-x=\"{}\" data-cycles=\"{}\" data-ctas=\"{}\">{}<td>{}</td><td>{} ({})</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{:.1f} %</td><td>{}</td><td>{}</td></tr>\n",
        num(p.x), p.cycles, p.occ.ctas_per_sm, whats ? "<td class=\"l\">" + esc(p.what) + "</td>" : "", num(p.x),
        p.occ.ctas_per_sm, timing::limit_name(p.occ.limiter), percent(p.occ.occupancy), p.waves,
        num(static_cast<double>(p.cycles)), p.achieved, p.measured_cycles ? num(*p.measured_cycles) : "&ndash;",
        p.measured_achieved ? fmt::format("{:.1f} %", *p.measured_achieved) : "&ndash;");
  }
  h += "</table></div>\n";

  // Where occupancy changed and time did not: neighbours in occupancy order whose cycles differ by under 3 %.
  std::vector<const Point*> by_occ;
  for (const auto& p : pts)
    if (p.ok) by_occ.push_back(&p);
  std::stable_sort(by_occ.begin(), by_occ.end(),
                   [](const Point* a, const Point* b) { return a->occ.ctas_per_sm < b->occ.ctas_per_sm; });
  std::string flats;
  for (std::size_t i = 1; i < by_occ.size(); ++i) {
    const Point& a = *by_occ[i - 1];
    const Point& b = *by_occ[i];
    if (a.occ.ctas_per_sm == b.occ.ctas_per_sm || a.cycles == 0) continue;
    const double d =
        100.0 * (static_cast<double>(b.cycles) - static_cast<double>(a.cycles)) / static_cast<double>(a.cycles);
    if (std::abs(d) >= 3.0) continue;
    std::string measured;
    if (a.measured_cycles && b.measured_cycles && *a.measured_cycles > 0)
      measured = fmt::format("; measured on the H200: {:+.1f} %",
                             100.0 * (*b.measured_cycles - *a.measured_cycles) / *a.measured_cycles);
    flats += fmt::format(
        "<li data-flat=\"{}-{}\">{} &rarr; {} CTAs per SM (theoretical {} &rarr; {}, {} &rarr; {} waves): simulated "
        "cycles {:+.1f} %{}: {}</li>\n",
        a.occ.ctas_per_sm, b.occ.ctas_per_sm, a.occ.ctas_per_sm, b.occ.ctas_per_sm, percent(a.occ.occupancy),
        percent(b.occ.occupancy), a.waves, b.waves, d, measured,
        a.waves == b.waves ? "the same number of waves, so each SM runs as many rounds of CTAs as before"
                           : "the warps already resident hide the latency, or another unit is the limit");
  }
  if (!flats.empty()) {
    h += "<p><b>Flat:</b> more resident warps, the same time, where</p><ul>\n" + flats +
         "</ul><p class=\"note\">Time follows what the warps wait for and how many rounds of CTAs each SM runs (the "
         "waves: the grid's CTAs over CTAs per SM times SMs, rounded up), not how many warps are resident. Once enough "
         "warps hide the latency, more of them only wait longer. Occupancy is a means to hide latency, not a "
         "speed.</p>\n";
  } else if (by_occ.size() > 1) {
    h += "<p class=\"note\">Here every change of CTAs per SM changed the time by 3 % or more: fewer waves, or "
         "more resident warps hiding more of the latency.</p>\n";
  }
  if (by_occ.size() > 1 && by_occ.front()->occ.ctas_per_sm < by_occ.back()->occ.ctas_per_sm &&
      by_occ.back()->cycles > 0) {
    const Point& lo = *by_occ.front();
    const Point& hi = *by_occ.back();
    h += fmt::format(
        "<p data-span=\"{}-{}\">From {} to {} CTAs per SM ({:.3g} times the resident warps, theoretical {} &rarr; {}) "
        "the simulated time goes from {} to {} cycles: {:.3g} times as fast, not {:.3g} times.</p>\n",
        lo.occ.ctas_per_sm, hi.occ.ctas_per_sm, lo.occ.ctas_per_sm, hi.occ.ctas_per_sm,
        static_cast<double>(hi.occ.ctas_per_sm) / lo.occ.ctas_per_sm, percent(lo.occ.occupancy),
        percent(hi.occ.occupancy), num(static_cast<double>(lo.cycles)), num(static_cast<double>(hi.cycles)),
        static_cast<double>(lo.cycles) / static_cast<double>(hi.cycles),
        static_cast<double>(hi.occ.ctas_per_sm) / lo.occ.ctas_per_sm);
  }
  return h;
}

// A point of an explicit or default sweep: the whole config simulated with the change, the chosen launch read.
Point simulate_point(Context& ctx, double x, const std::vector<std::string>& sets,
                     const std::function<void(config::RunConfig&)>& edit, const KernelSmem& k) {
  Point p;
  p.x = x;
  try {
    const sim::RunResult r = ctx.simulate_edited(sets, edit);
    const auto& ks = r.kernels.at(ctx.launch());
    const auto& l = r.config.kernels.at(ctx.launch());
    p.cycles = ks.cycles;
    p.achieved = stat(ks, kAchieved);
    const unsigned threads = static_cast<unsigned>(l.block.x * l.block.y * l.block.z);
    p.occ = occupancy_of(r.config.gpu, occupancy_request(l, k, threads, ks.registers_per_thread, l.dynamic_smem));
    p.waves = waves_of(l, r.config.gpu, p.occ.ctas_per_sm);
    p.ok = true;
  } catch (const Error& e) {
    p.error = e.what();
  }
  return p;
}

// The H200 launches of the same shape as the chosen one, by their value of the axis (dynamic smem or registers).
void overlay_measured(Context& ctx, const std::string& axis, std::vector<Point>& pts) {
  const auto* m = ctx.measured();
  if (m == nullptr || !m->contains("launches") || !(*m)["launches"].is_array()) return;
  const auto& launches = (*m)["launches"];
  const auto& cfg = ctx.config();
  for (std::size_t i = 0; i < launches.size() && i < cfg.kernels.size(); ++i) {
    if (!same_shape(cfg.kernels[i], ctx.launch_spec())) continue;
    const auto& ml = launches[i];
    std::optional<double> v;
    if (axis == "smem" && ml.contains("dynamic_smem") && ml["dynamic_smem"].is_number())
      v = ml["dynamic_smem"].get<double>();
    if (axis == "regs" && ml.contains("attributes") && ml["attributes"].contains("registers_per_thread"))
      v = ml["attributes"]["registers_per_thread"].get<double>();
    if (!v) continue;
    for (auto& p : pts)
      if (p.ok && p.x == *v) {
        p.measured_cycles = measured_metric(ml, "gpc__cycles_elapsed.max");
        p.measured_achieved = measured_metric(ml, kAchieved);
      }
  }
}

std::vector<double> sweep_values(const SweepSpec& s, bool integral) {
  std::vector<double> v;
  for (unsigned i = 0; i < s.points; ++i) {
    double x = s.from + (s.to - s.from) * i / (s.points - 1);
    if (integral) x = std::round(x);
    if (v.empty() || v.back() != x) v.push_back(x);
  }
  return v;
}

// Rejects a sweep this section cannot run before anything is simulated, naming --sweep.
void check_sweep(const Context& ctx, const SweepSpec& s) {
  if (s.name == "smem") {
    for (double x : sweep_values(s, true))
      if (x < 0 || x > 4294967295.0)
        fail(ErrorKind::Input, "--sweep {}: {} bytes of dynamic shared memory is out of range", s.text, x);
  } else if (s.name == "regs") {
    for (double x : sweep_values(s, true))
      if (x < 1 || x > 255) fail(ErrorKind::Input, "--sweep {}: {} registers per thread is not in 1..255", s.text, x);
  } else {
    const bool integral = s.from == std::round(s.from) && s.to == std::round(s.to);
    for (double x : sweep_values(s, integral)) {
      try {
        auto sets = ctx.options().sets;
        sets.push_back(fmt::format("{}={}", s.name, x));
        (void)config::load_run_config(ctx.options().config_path, sets);
      } catch (const Error& e) {
        fail(ErrorKind::Input,
             "--sweep {}: {} is neither a sweep axis (smem, regs) nor a GPU-model parameter accepting {}: {}", s.text,
             s.name, x, e.what());
      }
    }
  }
}

std::string explicit_sweep(Context& ctx, const SweepSpec& s, const KernelSmem& k) {
  const std::size_t li = ctx.launch();
  std::vector<Point> pts;
  std::string label, unit, how;
  std::optional<double> launch_x;
  if (s.name == "smem") {
    label = "dynamic shared memory per CTA (bytes)";
    unit = "B";
    launch_x = ctx.launch_spec().dynamic_smem;
    for (double x : sweep_values(s, true)) {
      pts.push_back(simulate_point(
          ctx, x, {}, [&](config::RunConfig& c) { c.kernels[li].dynamic_smem = static_cast<std::uint32_t>(x); }, k));
    }
    how =
        fmt::format("The config simulated {} times, the launch's dynamic shared memory set to each value.", pts.size());
  } else if (s.name == "regs") {
    label = "registers per thread";
    unit = "registers";
    launch_x = ctx.kernel().registers_per_thread;
    for (double x : sweep_values(s, true)) {
      pts.push_back(simulate_point(
          ctx, x, {}, [&](config::RunConfig& c) { c.kernels[li].registers = static_cast<unsigned>(x); }, k));
    }
    how = fmt::format(
        "The config simulated {} times with the launch's registers per thread set to each value (as the run config's "
        "\"registers\" key does: the occupancy changes, the kernel's instructions do not).",
        pts.size());
  } else {
    const bool integral = s.from == std::round(s.from) && s.to == std::round(s.to);
    const std::vector<double> xs = sweep_values(s, integral);
    label = s.name;
    unit = "";
    for (double x : xs) pts.push_back(simulate_point(ctx, x, {fmt::format("{}={}", s.name, x)}, nullptr, k));
    how = fmt::format("The config simulated {} times with <code>--set {}=VALUE</code> for each value.", pts.size(),
                      esc(s.name));
  }
  overlay_measured(ctx, s.name, pts);
  return "<h3>--sweep " + esc(s.text) + "</h3>\n" + render(label, unit, pts, launch_x, how);
}

}  // namespace

Section section_sweep(Context& ctx) {
  const config::RunConfig& cfg = ctx.config();
  const config::LaunchSpec& l = ctx.launch_spec();
  const config::GpuConfig& g = cfg.gpu;
  const KernelSmem k = kernel_smem(l);
  std::string h = "<div class=\"view\" data-view=\"sweep\">\n";
  if (!ctx.options().sweeps.empty()) {
    for (const auto& s : ctx.options().sweeps) check_sweep(ctx, s);
    for (const auto& s : ctx.options().sweeps) h += explicit_sweep(ctx, s, k);
    return {"sweep", "Occupancy is not speed", true, h + "</div>\n"};
  }
  const sim::RunResult& timed = ctx.timed();
  auto timed_point = [&](std::size_t i, double x) {
    const auto& li = cfg.kernels[i];
    const auto& ks = timed.kernels.at(i);
    Point p;
    p.x = x;
    p.ok = true;
    p.cycles = ks.cycles;
    p.achieved = stat(ks, kAchieved);
    const unsigned threads = static_cast<unsigned>(li.block.x * li.block.y * li.block.z);
    p.occ = occupancy_of(g, occupancy_request(li, i == ctx.launch() ? k : kernel_smem(li), threads,
                                              ks.registers_per_thread, li.dynamic_smem));
    p.waves = waves_of(li, g, p.occ.ctas_per_sm);
    return p;
  };

  // The config's own launches of this kernel shape, when they differ in shared memory or registers.
  // Shared memory: any entry of the same PTX and shape (ubench_occupancy_sweep's occ_chase_1..8 are one body);
  // registers: the same entry only (different entries differ in more than their registers).
  std::vector<std::size_t> same, same_entry;
  std::set<std::uint32_t> smems;
  std::set<unsigned> regs;
  for (std::size_t i = 0; i < cfg.kernels.size(); ++i)
    if (same_shape(cfg.kernels[i], l)) {
      same.push_back(i);
      smems.insert(cfg.kernels[i].dynamic_smem);
      if (cfg.kernels[i].entry == l.entry) {
        same_entry.push_back(i);
        regs.insert(timed.kernels.at(i).registers_per_thread);
      }
    }
  if (smems.size() >= 2 || regs.size() >= 2) {
    const bool by_smem = smems.size() >= 2;
    if (!by_smem) same = same_entry;
    std::vector<Point> pts;
    for (std::size_t i : same)
      pts.push_back(timed_point(i, by_smem ? static_cast<double>(cfg.kernels[i].dynamic_smem)
                                           : static_cast<double>(timed.kernels.at(i).registers_per_thread)));
    overlay_measured(ctx, by_smem ? "smem" : "regs", pts);
    // Plotted against CTAs per SM (what the launches change), each launch named in the table.
    for (std::size_t j = 0; j < pts.size(); ++j) {
      pts[j].what = fmt::format("{}: {}", cfg.kernels[same[j]].entry,
                                by_smem ? num(pts[j].x) + " B dynamic" : num(pts[j].x) + " registers");
      pts[j].x = pts[j].occ.ctas_per_sm;
    }
    std::sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    const std::string how = fmt::format(
        "This config launches the same kernel shape ({} CTAs of {} threads) {} times with different {}: the launches "
        "are the sweep, simulated once in the timed run{}. Each point is one launch.",
        num(static_cast<double>(std::uint64_t{l.grid.x} * l.grid.y * l.grid.z)), l.block.x * l.block.y * l.block.z,
        same.size(), by_smem ? "dynamic shared memory" : "registers per thread",
        ctx.measured() != nullptr ? " and measured on the H200 (dashed)" : "");
    h += render("CTAs per SM", "CTAs/SM", pts, std::nullopt, how);
    return {"sweep", "Occupancy is not speed", true, h + "</div>\n"};
  }

  // A default shared-memory sweep, for small kernels only.
  std::uint64_t warp_insts = 0, cycles = 0;
  double sectors = 0;
  for (const auto& ks : timed.kernels)
    warp_insts += ks.warp_instructions, cycles += ks.cycles, sectors += stat(ks, "lts__t_sectors.sum");
  const std::string hint = fmt::format(
      "Pass <code>--sweep smem=FROM:TO:POINTS</code> (dynamic shared memory per CTA, bytes), <code>--sweep "
      "regs=FROM:TO:POINTS</code> or <code>--sweep NAME=FROM:TO:POINTS</code> for a GPU-model parameter to simulate "
      "it, e.g. <code>warpsim report {} --html OUT.html --sweep smem={}:{}:6</code>.",
      esc(ctx.options().config_path), l.dynamic_smem, g.smem_per_cta_max - k.dynamic_offset);
  if (warp_insts > kDefaultMaxWarpInstructions || cycles > kDefaultMaxCycles || sectors > kDefaultMaxL2Sectors) {
    h += fmt::format(
        "<p>No sweep by default for this config: its timed run took {} cycles and {} warp-instructions and moved {} "
        "L2 sectors (a default sweep runs for at most {} cycles, {} warp-instructions and {} sectors), and every "
        "point of a sweep simulates it again. {}</p>\n</div>\n",
        num(static_cast<double>(cycles)), num(static_cast<double>(warp_insts)), num(sectors),
        num(static_cast<double>(kDefaultMaxCycles)), num(static_cast<double>(kDefaultMaxWarpInstructions)),
        num(kDefaultMaxL2Sectors), hint);
    return {"sweep", "Occupancy is not speed", false, h};
  }
  const unsigned threads = static_cast<unsigned>(l.block.x * l.block.y * l.block.z);
  const unsigned r = ctx.kernel().registers_per_thread;
  auto ctas_at = [&](std::uint64_t d) { return occupancy_of(g, occupancy_request(l, k, threads, r, d)).ctas_per_sm; };
  const unsigned c_max = ctas_at(l.dynamic_smem);
  const std::uint64_t d_max = g.smem_per_cta_max > k.dynamic_offset ? g.smem_per_cta_max - k.dynamic_offset : 0;
  if (c_max <= 1 || d_max <= l.dynamic_smem) {
    h += fmt::format(
        "<p>No sweep by default: {} CTA{} of this launch fit per SM already, so more shared memory cannot lower its "
        "occupancy. {}</p>\n</div>\n",
        c_max, c_max == 1 ? "" : "s", hint);
    return {"sweep", "Occupancy is not speed", false, h};
  }
  // One point per CTA count (at most kDefaultMaxPoints, the launch's own included): the most dynamic shared memory
  // that still lets c CTAs fit.
  std::set<unsigned> targets;
  const unsigned n = std::min(kDefaultMaxPoints - 1, c_max - 1);
  for (unsigned i = 0; i < n; ++i)
    targets.insert(n == 1 ? 1u : 1u + static_cast<unsigned>(std::lround(double(c_max - 2) * i / (n - 1))));
  const std::size_t li = ctx.launch();
  std::vector<Point> pts = {timed_point(li, static_cast<double>(l.dynamic_smem))};
  for (unsigned c : targets) {
    std::uint64_t lo = l.dynamic_smem, hi = d_max;  // ctas_at(lo) >= c; find the largest d with ctas_at(d) >= c
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo + 1) / 2;
      if (ctas_at(mid) >= c) lo = mid;
      else hi = mid - 1;
    }
    if (lo == l.dynamic_smem) continue;
    pts.push_back(simulate_point(
        ctx, static_cast<double>(lo), {},
        [&](config::RunConfig& c2) { c2.kernels[li].dynamic_smem = static_cast<std::uint32_t>(lo); }, k));
  }
  overlay_measured(ctx, "smem", pts);
  std::sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
  const std::uint64_t grid_ctas = std::uint64_t{l.grid.x} * l.grid.y * l.grid.z;
  const std::string one_each =
      grid_ctas <= g.num_sms
          ? fmt::format(
                " The grid's {} CTAs are fewer than the {} SMs: each CTA gets an SM of its own at any "
                "occupancy, so CTAs per SM cannot change the time here.",
                grid_ctas, g.num_sms)
          : std::string();
  const std::string how = fmt::format(
      "A default sweep for this small kernel: the config simulated again with the launch's dynamic shared memory "
      "raised to the most that still lets each CTA count fit ({} points, the launch itself included).{} {}",
      pts.size(), one_each, hint);
  h += render("dynamic shared memory per CTA (bytes)", "B", pts, static_cast<double>(l.dynamic_smem), how);
  return {"sweep", "Occupancy is not speed", true, h + "</div>\n"};
}

}  // namespace warpsim::teach
