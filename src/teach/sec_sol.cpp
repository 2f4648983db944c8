// Section "Where the cycles went" of warpsim report: a Speed-of-Light table and chart (perf_sol.hpp) naming the
// unit that bounds the kernel, the H200's measured percentages beside the simulated ones.
#include "html.hpp"
#include "perf_sol.hpp"

#include <warpsim/lower/lowered.hpp>
#include <warpsim/ptx/parser.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace warpsim::teach {
namespace {

double value(const std::map<std::string, double>& m, const std::string& k) {
  const auto it = m.find(k);
  return it == m.end() ? 0 : it->second;
}

// The H200's counter `k` of the measured launch (ncu.metrics.<k>.value), if measured.
std::optional<double> measured_metric(const nlohmann::json* launch, const std::string& k) {
  if (launch == nullptr || !launch->contains("ncu")) return std::nullopt;
  const auto& ncu = (*launch)["ncu"];
  if (!ncu.contains("metrics") || !ncu["metrics"].contains(k)) return std::nullopt;
  const auto& v = ncu["metrics"][k];
  if (v.is_object() && v.contains("value") && v["value"].is_number()) return v["value"].get<double>();
  if (v.is_number()) return v.get<double>();
  return std::nullopt;
}

}  // namespace

std::vector<std::uint64_t> pipe_issues(Context& ctx) {
  std::vector<std::uint64_t> out(static_cast<std::size_t>(ir::PipeClass::Count_), 0);
  const auto& counts = ctx.pc_issues();
  if (counts.empty()) return out;
  const auto module = ptx::parse_file(ctx.launch_spec().ptx);
  const lower::Program prog = lower::lower(ir::load_program(module, ctx.launch_spec().entry), ctx.config().gpu,
                                           sim::schedule_registers(ctx.config(), ctx.launch_spec(), module));
  for (std::size_t pc = 0; pc < counts.size() && pc < prog.instrs.size(); ++pc)
    out[static_cast<std::size_t>(prog.instrs[pc].pipe)] += counts[pc];
  return out;
}

std::vector<SolRow> sol_rows(Context& ctx) {
  const auto& st = ctx.kernel().stats;
  const auto& v = ctx.config().gpu.values;
  const auto p = [&](const char* name) {
    const auto it = v.find(name);
    return it == v.end() ? 0.0 : it->second;
  };
  const double sms = p("sm.count"), subs = p("sm.sub_partitions");
  const double cycles = value(st, "gpc__cycles_elapsed.max");
  // The measured side only for the H200's model (its peaks are this model's).
  const nlohmann::json* m = ctx.config().gpu.name == "h200" ? ctx.measured_launch() : nullptr;
  const std::optional<double> mcycles = measured_metric(m, "gpc__cycles_elapsed.max");
  const double active = value(st, "sm__cycles_active.avg");
  const std::optional<double> mactive = measured_metric(m, "sm__cycles_active.avg");
  const auto pipes = pipe_issues(ctx);
  const auto pipe = [&](ir::PipeClass c) { return static_cast<double>(pipes[static_cast<std::size_t>(c)]); };

  std::vector<SolRow> rows;
  const auto add = [&](std::string unit, std::string work, std::string from, double achieved, double peak,
                       std::optional<double> measured, bool sm_unit = true) {
    SolRow r;
    r.unit = std::move(unit), r.work = std::move(work), r.peak_from = std::move(from);
    r.achieved = achieved, r.peak_per_cycle = peak, r.cycles = cycles, r.sm_unit = sm_unit;
    r.pct = peak > 0 && cycles > 0 ? 100.0 * achieved / (peak * cycles) : 0;
    const double act = sm_unit ? active : cycles;
    r.pct_active = peak > 0 && act > 0 ? 100.0 * achieved / (peak * act) : 0;
    if (measured && mcycles && *mcycles > 0 && peak > 0) {
      r.measured_pct = 100.0 * *measured / (peak * *mcycles);
      const std::optional<double> mact = sm_unit ? mactive : mcycles;
      if (mact && *mact > 0) r.measured_pct_active = 100.0 * *measured / (peak * *mact);
    }
    rows.push_back(std::move(r));
  };
  const auto both = [&](const char* a, const char* b) -> std::optional<double> {
    const auto x = measured_metric(m, a), y = measured_metric(m, b);
    if (!x || !y) return std::nullopt;
    return *x + *y;
  };
  add("Issue slots", "smsp__inst_executed.sum: warp-instructions issued",
      "sm.count x sm.sub_partitions: one warp-instruction per scheduler per cycle",
      value(st, "smsp__inst_executed.sum"), sms * subs, measured_metric(m, "smsp__inst_executed.sum"));
  // Nsight's FMA pipe (fmaheavy + fmalite) takes FADD, FMUL, FFMA, the packed half-precision HFMA2 and the integer
  // IMAD family; warpsim counts its PTX instructions of those classes (ptxas's IMAD.MOV / IMAD.SHL moves and shifts
  // are not PTX instructions, so the H200 counts more).
  add("FMA pipe", "warp-instructions issued to the FMA pipe (FADD, FMUL, FFMA, HFMA2, IMAD): sm__inst_executed_pipe_fma.sum",
      "sm.count x sm.sub_partitions x pipe.fp32.units / pipe.fp32.interval",
      pipe(ir::PipeClass::Fp32) + pipe(ir::PipeClass::F16) + pipe(ir::PipeClass::Imad),
      sms * subs * p("pipe.fp32.units") / std::max(p("pipe.fp32.interval"), 1.0),
      measured_metric(m, "sm__inst_executed_pipe_fma.sum"));
  add("FP64 pipe", "warp-instructions issued to the FP64 pipe: sm__inst_executed_pipe_fp64.sum",
      "sm.count x sm.sub_partitions / pipe.fp64.interval", pipe(ir::PipeClass::Fp64),
      sms * subs / std::max(p("pipe.fp64.interval"), 1.0), measured_metric(m, "sm__inst_executed_pipe_fp64.sum"));
  add("Tensor pipe", "sm__pipe_tensor_cycles_active.sum: cycles a sub-partition's tensor pipe works",
      "sm.count x sm.sub_partitions: every tensor pipe busy every cycle", value(st, "sm__pipe_tensor_cycles_active.sum"),
      sms * subs, measured_metric(m, "sm__pipe_tensor_cycles_active.sum"));
  add("Shared memory", "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum: wavefronts",
      "sm.count / mem.smem_wavefront_cycles: one wavefront per SM per cycle",
      value(st, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"), sms / std::max(p("mem.smem_wavefront_cycles"), 1.0),
      measured_metric(m, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"));
  add("L1", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum: global-load sectors", "sm.count x mem.l1_sectors_per_cycle",
      value(st, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"), sms * p("mem.l1_sectors_per_cycle"),
      measured_metric(m, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"));
  add("L2", "lts__t_sectors.sum: sectors", "mem.l2_slices x mem.l2_sectors_per_cycle_per_slice",
      value(st, "lts__t_sectors.sum"), p("mem.l2_slices") * p("mem.l2_sectors_per_cycle_per_slice"),
      measured_metric(m, "lts__t_sectors.sum"), false);
  add("DRAM", "dram__bytes_read.sum + dram__bytes_write.sum: bytes", "mem.dram_bytes_per_cycle",
      value(st, "dram__bytes_read.sum") + value(st, "dram__bytes_write.sum"), p("mem.dram_bytes_per_cycle"),
      both("dram__bytes_read.sum", "dram__bytes_write.sum"), false);
  return rows;
}

Section section_sol(Context& ctx) {
  Section sec{"sol", "Where the cycles went", true, ""};
  const auto rows = sol_rows(ctx);
  const bool measured = std::any_of(rows.begin(), rows.end(), [](const SolRow& r) { return r.measured_pct.has_value(); });
  const auto top = std::max_element(rows.begin(), rows.end(),
                                    [](const SolRow& a, const SolRow& b) { return a.pct_active < b.pct_active; });
  const auto& st = ctx.kernel().stats;
  const double elapsed = value(st, "gpc__cycles_elapsed.max"), active = value(st, "sm__cycles_active.avg");
  std::string& h = sec.html;
  h += "<div class=\"view\" data-view=\"sol\">\n";
  h += fmt::format(
      "<p>Every unit of the GPU has a peak rate: so many instructions, wavefronts, sectors or bytes per cycle. "
      "Dividing what the kernel made a unit do by that peak times the cycles gives how busy the unit was, as Nsight "
      "Compute's <em>Speed of Light</em> section does. The unit nearest its peak bounds the kernel; when none is "
      "near, the kernel is bound by latency: its warps wait (see <a href=\"#latency\">Latency hiding</a>). The "
      "kernel took {} cycles; its SMs held a CTA for {} of them on average (sm__cycles_active.avg), and the SMs' own "
      "units are measured against those active cycles (L2 and DRAM, shared by the GPU, against all of them).</p>\n",
      num(elapsed), num(active));
  if (elapsed > 0 && active < 0.5 * elapsed)
    h += fmt::format(
        "<p data-idle=\"yes\">The SMs were idle {} % of the time: too few CTAs to fill the GPU ({} CTAs for {} SMs), "
        "or a launch too short to hide the launch's own latency.</p>\n",
        num(100.0 * (1 - active / elapsed)), num(value(st, "launch__grid_size")), ctx.config().gpu.num_sms);
  if (top != rows.end()) {
    if (top->pct_active >= 60)
      h += fmt::format("<p data-bound=\"{0}\"><strong>Bound by the {0}</strong>: {1} % of its peak.</p>\n",
                       esc(top->unit), num(top->pct_active));
    else
      h += fmt::format(
          "<p data-bound=\"latency\"><strong>Latency-bound</strong>: the busiest unit, the {}, reaches {} % of its "
          "peak; no unit is near its limit, so the time goes to waiting.</p>\n",
          esc(top->unit), num(top->pct_active));
  }
  // Bars: simulated (and measured) % of peak per unit, over the active cycles.
  const double W = 860, left = 120, right = 30, rowh = measured ? 30 : 20, top_y = 28;
  const double ph = rowh * static_cast<double>(rows.size()), pw = W - left - right;
  h += fmt::format("<svg class=\"chart\" viewBox=\"0 0 {} {:.0f}\" width=\"100%\" xmlns=\"http://www.w3.org/2000/svg\">\n",
                   W, top_y + ph + 44);
  h += fmt::format("<rect x=\"{}\" y=\"8\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"17\" "
                   "class=\"tl\">simulated</text>\n",
                   left, palette(0), left + 16);
  if (measured)
    h += fmt::format("<rect x=\"{}\" y=\"8\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"17\" "
                     "class=\"tl\">measured on the H200</text>\n",
                     left + 100, palette(3), left + 116);
  for (double t = 0; t <= 100; t += 20)
    h += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" class=\"grid\"/><text x=\"{0:.1f}\" "
                     "y=\"{3:.0f}\" class=\"tl\" text-anchor=\"middle\">{4:.0f} %</text>\n",
                     left + pw * t / 100, top_y, top_y + ph, top_y + ph + 14, t);
  h += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" class=\"al\" text-anchor=\"middle\">% of the unit's peak (the SMs' "
                   "units over their active cycles)</text>\n",
                   left + pw / 2, top_y + ph + 34);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const double y = top_y + rowh * static_cast<double>(i);
    h += fmt::format("<text x=\"{}\" y=\"{:.0f}\" class=\"tl\" text-anchor=\"end\">{}</text>\n", left - 6, y + 13,
                     esc(r.unit));
    const double bh = measured ? 12 : 14;
    h += fmt::format("<rect x=\"{}\" y=\"{:.0f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{} simulated: {} "
                     "% of its peak over the {} cycles ({} % over all {} cycles)</title></rect>\n",
                     left, y + 3, std::max(pw * std::min(r.pct_active, 100.0) / 100, 0.5), bh, palette(0), esc(r.unit),
                     num(r.pct_active), r.sm_unit ? "SMs' active" : "elapsed", num(r.pct), num(r.cycles));
    if (r.measured_pct_active)
      h += fmt::format("<rect x=\"{}\" y=\"{:.0f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{} measured on "
                       "the H200: {} % ({} % over all its elapsed cycles)</title></rect>\n",
                       left, y + 3 + bh, std::max(pw * std::min(*r.measured_pct_active, 100.0) / 100, 0.5), bh,
                       palette(3), esc(r.unit), num(*r.measured_pct_active), num(*r.measured_pct));
  }
  h += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"frame\"/>\n</svg>\n", left, top_y, pw, ph);
  // The table with every number and where each peak comes from.
  h += "<div class=\"scroll\"><table><tr><th class=\"l\">unit: work counted</th><th>simulated</th><th class=\"l\">peak "
       "per cycle: from (configs/README.md)</th><th>% of peak, active</th><th>% of peak, elapsed</th>";
  if (measured) h += "<th>H200: active</th><th>H200: elapsed</th>";
  h += "</tr>\n";
  for (const auto& r : rows) {
    h += fmt::format("<tr><td class=\"l\"><strong>{}</strong><br><small>{}</small></td><td>{}</td><td class=\"l\">{}"
                     "<br><small>{}</small></td><td>{}</td><td>{}</td>",
                     esc(r.unit), esc(r.work), num(r.achieved), num(r.peak_per_cycle), esc(r.peak_from),
                     num(r.pct_active), num(r.pct));
    if (measured)
      h += "<td>" + (r.measured_pct_active ? num(*r.measured_pct_active) : std::string("not measured")) + "</td><td>" +
           (r.measured_pct ? num(*r.measured_pct) : std::string("not measured")) + "</td>";
    h += "</tr>\n";
  }
  h += "</table></div>\n";
  h += "<p class=\"note\">Percentages are of the whole GPU, so a unit saturated on a few SMs, or during part of the "
       "run, shows low. warpsim counts the FMA and FP64 pipes' work from the PTX instructions issued; the GPU counts "
       "its SASS, where ptxas also moves and shifts with IMAD (on the FMA pipe).";
  if (measured)
    h += " The measured percentages use the same peaks with the H200's own counters and cycles. The FMA and FP64 "
         "instruction counts were read on an H100 running the same SASS (tools/measure/merge_ncu_extra.py "
         "--check-equal smsp__inst_executed.sum): they depend on the code, not on the chip's clocks or memory.";
  else if (ctx.config().gpu.name != "h200") h += " Measured numbers are shown for the h200 model only.";
  else h += " No traces/&lt;workload&gt;/h200.json beside this config: no measured column.";
  h += "</p>\n</div>\n";
  return sec;
}

}  // namespace warpsim::teach
