// Section 2 of warpsim report, "Occupancy": how many CTAs of the chosen launch are resident per SM and the limit
// each resource sets (registers with the per-warp allocation arithmetic and the sub-partitions, shared memory with
// the carve-out, warp slots, CTA slots) drawn as bars with the binding one named; the theoretical occupancy beside
// the achieved one of the timed run (and the H200's, where measured); three charts of occupancy against block
// size, registers per thread and shared memory per CTA with the launch marked (as Nsight Compute's occupancy
// graphs); and the seed article's worked example (H100, 256 threads, 40 registers, 16 KB) recomputed step by step:
// 75 %, not the article's 100 %.
//
// Models: nothing; every number is timing/occupancy.hpp's calculator (the one the timing model runs) on the GPU
// model's facts, and the timed run's statistics.
// Leaves out: cluster residency (timing/dispatcher.hpp; `warpsim occupancy --cluster`), and the block-size chart's
// effect on the grid (it keeps the grid: only the residency per SM is drawn).
#include "context.hpp"
#include "html.hpp"
#include "occ_launch.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::teach {
namespace {

using timing::Limit;
using timing::Occupancy;
using timing::OccupancyRequest;

std::string count_text(unsigned c) { return c == timing::kUnlimited ? "no limit" : std::to_string(c); }

bool is_limiting(const Occupancy& o, Limit l) {
  return o.ctas_per_sm > 0 && std::find(o.limiting.begin(), o.limiting.end(), l) != o.limiting.end();
}

std::string registers_text(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  if (r.regs_per_thread == 0) return "no registers counted for this kernel: no limit";
  std::string s = fmt::format(
      "{} registers/thread &times; {} threads = {} per warp, rounded up to a multiple of {} (registers are "
      "allocated per warp in units of {}): <b>{} per warp</b>",
      r.regs_per_thread, g.warp_size, num(static_cast<double>(o.regs_per_warp_used)), g.reg_alloc_unit,
      g.reg_alloc_unit, num(static_cast<double>(o.regs_per_warp)));
  if (o.ctas_by_registers == 0) return s + ". " + esc(o.error);
  const unsigned warps = o.warps_per_sub_partition * g.sub_partitions;
  return s + fmt::format(
                 ". Each of the {} sub-partitions holds {} registers and only whole warps: &lfloor;{} / {}&rfloor; = "
                 "{} warps, &times; {} = {} warps per SM &rarr; &lfloor;{} / {} warps per CTA&rfloor; = <b>{} CTAs</b>",
                 g.sub_partitions, num(o.regs_per_sub_partition), num(o.regs_per_sub_partition),
                 num(static_cast<double>(o.regs_per_warp)), o.warps_per_sub_partition, g.sub_partitions, warps, warps,
                 o.warps_per_cta, o.ctas_by_registers);
}

std::string smem_text(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o, const KernelSmem& k,
                      std::uint64_t dynamic) {
  std::string s =
      fmt::format("{} B ({} B static{}) + {} B reserved per CTA, rounded up to a multiple of {}: <b>{} B per CTA</b>",
                  num(static_cast<double>(r.smem_per_cta)), num(static_cast<double>(k.static_bytes)),
                  dynamic > 0 ? fmt::format(", {} B dynamic", num(static_cast<double>(dynamic))) : std::string(),
                  num(g.smem_reserved_per_cta), g.smem_alloc_unit, num(static_cast<double>(o.smem_per_cta)));
  if (o.ctas_by_shared_mem == 0) return s + ". " + esc(o.error);
  s += fmt::format(". Carve-out: {} KiB of the {} KiB L1/shared pool", o.smem_carveout / 1024, g.smem_per_sm / 1024);
  if (r.carveout_percent)
    s += fmt::format(" (the launch prefers {} % &rarr; {} KiB{})", *r.carveout_percent, o.smem_preferred / 1024,
                     o.smem_carveout == o.smem_preferred ? "" : ", too small for one CTA");
  if (o.ctas_by_shared_mem == timing::kUnlimited) return s + "; a CTA needs no shared memory: no limit";
  return s + fmt::format(": &lfloor;{} / {}&rfloor; = <b>{} CTAs</b>", num(static_cast<double>(o.smem_carveout)),
                         num(static_cast<double>(o.smem_per_cta)), o.ctas_by_shared_mem);
}

std::string warps_text(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  if (o.ctas_by_warps == 0) return esc(o.error);
  return fmt::format("{} threads = {} warps per CTA; {} warp slots per SM: &lfloor;{} / {}&rfloor; = <b>{} CTAs</b>",
                     r.threads_per_cta, o.warps_per_cta, o.warp_slots, o.warp_slots, o.warps_per_cta, o.ctas_by_warps);
}

// The four limits as a table of bars, the binding one highlighted.
std::string limit_bars(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o, const KernelSmem& k,
                       std::uint64_t dynamic) {
  struct Row {
    Limit limit;
    const char* label;
    unsigned ctas;
    std::string how;
  };
  const std::array<Row, 4> rows = {{
      {Limit::Registers, "registers", o.ctas_by_registers, registers_text(g, r, o)},
      {Limit::SharedMem, "shared memory", o.ctas_by_shared_mem, smem_text(g, r, o, k, dynamic)},
      {Limit::Warps, "warp slots", o.ctas_by_warps, warps_text(g, r, o)},
      {Limit::Blocks, "CTA slots", o.ctas_by_blocks, fmt::format("{} CTAs per SM at most", g.max_ctas_per_sm)},
  }};
  unsigned scale = 1;
  for (const auto& row : rows)
    if (row.ctas != timing::kUnlimited) scale = std::max(scale, row.ctas);
  std::string h =
      "<table class=\"occ-bars\" style=\"width:100%\"><tr><th class=\"l\">limit</th><th>CTAs per SM</th>"
      "<th class=\"l\" style=\"width:32%\">&nbsp;</th><th class=\"l\">arithmetic</th></tr>\n";
  for (const auto& row : rows) {
    const bool binding = o.ctas_per_sm > 0 && row.limit == o.limiter;
    const bool ties = !binding && is_limiting(o, row.limit);
    const bool unlimited = row.ctas == timing::kUnlimited;
    const double w = unlimited ? 100.0 : 100.0 * row.ctas / scale;
    const char* colour = binding ? "#d62728" : ties ? "#ff7f0e" : "#8fb3d9";
    h += fmt::format(
        "<tr data-limit=\"{}\" data-ctas=\"{}\"{}><td class=\"l\">{}{}</td><td>{}</td>"
        "<td class=\"l\"><div style=\"background:#f0f0f0;width:100%;height:16px\"><div style=\"width:{:.1f}%;"
        "height:16px;background:{};{}\" title=\"{}: {} CTAs per SM\"></div></div></td><td class=\"l\">{}</td></tr>\n",
        timing::limit_name(row.limit), unlimited ? std::string("none") : std::to_string(row.ctas),
        binding ? " class=\"binding\"" : "", row.label,
        binding ? " <b>&larr; binding</b>"
        : ties  ? " (ties)"
                : "",
        count_text(row.ctas), w, colour, unlimited ? "opacity:.35" : "", row.label, count_text(row.ctas), row.how);
  }
  return h + "</table>\n";
}

// One chart of occupancy against one resource, the launch's value marked: a line through every point, markers
// with the details where CTAs per SM change.
struct Point {
  double x;
  Occupancy o;
};
std::string occupancy_chart(const std::string& title, const std::string& x_label, const std::string& unit,
                            const std::vector<Point>& pts, double launch_x) {
  Series line{"theoretical occupancy", {}, {}, "#1f77b4", true, false};
  Series marks{"where it changes", {}, {}, "#0b3d6b", false, true};
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    const double y = 100.0 * p.o.occupancy;
    line.points.emplace_back(p.x, y);
    const bool change = i == 0 || i + 1 == pts.size() || pts[i - 1].o.ctas_per_sm != p.o.ctas_per_sm ||
                        pts[i - 1].o.warps_per_sm != p.o.warps_per_sm;
    if (change) {
      marks.points.emplace_back(p.x, y);
      marks.tips.push_back(p.o.ctas_per_sm == 0 ? fmt::format("{} {}: cannot run", num(p.x), unit)
                                                : fmt::format("{} {}: {} CTAs/SM, {} warps, {} (limited by {})",
                                                              num(p.x), unit, p.o.ctas_per_sm, p.o.warps_per_sm,
                                                              percent(p.o.occupancy), timing::limit_name(p.o.limiter)));
    }
  }
  Chart c;
  c.title = title;
  c.x_label = x_label;
  c.y_label = "theoretical occupancy (%)";
  c.height = 240;
  c.y_min = 0;
  c.y_max = 100;
  c.x_marks = {{launch_x, "this launch"}};
  return line_chart(c, {line, marks});
}

// The seed article's worked example on the H100 model, recomputed by the calculator.
std::string worked_example() {
  const config::GpuConfig g = config::load_gpu_config("h100");
  OccupancyRequest r;
  r.threads_per_cta = 256;
  r.regs_per_thread = 40;
  r.smem_per_cta = 16384;
  const Occupancy o = timing::explain_occupancy(g, r);
  // The most registers per thread that still reach the occupancy the warp slots allow (100 % here).
  unsigned best_regs = 0;
  OccupancyRequest q = r;
  q.regs_per_thread = 0;
  const Occupancy no_regs = timing::explain_occupancy(g, q);
  for (unsigned regs = 1; regs <= g.max_regs_per_thread; ++regs) {
    q.regs_per_thread = regs;
    if (timing::explain_occupancy(g, q).ctas_per_sm >= no_regs.ctas_per_sm) best_regs = regs;
  }
  const double regs_per_sm = g.regs_per_sm;
  const unsigned naive_warps = static_cast<unsigned>(regs_per_sm / static_cast<double>(o.regs_per_warp_used));
  std::string h = "<div class=\"view\" data-view=\"occupancy-worked-example\">\n";
  h += fmt::format(
      "<h3>Worked example: the seed article's H100 kernel (256 threads, 40 registers, 16 KB shared memory)</h3>\n"
      "<p>The article computes: 40 registers &times; 32 threads = 1,280 registers per warp; \"256 KB &divide; 1,280 = "
      "204,800 &divide; 1,280 = 160 warps\", capped at 64; shared memory 228 KB &divide; 16 KB = 14 CTAs = 112 warps, "
      "capped at 64; 32 CTA slots = 256 warps, capped at 64; so 64 / 64 = <b>100 %</b>. CUDA's own calculator "
      "(<code>cuda_occupancy.h</code>), and warpsim's on the {} model, say <b data-worked=\"occupancy\">{}</b>, "
      "limited by <b data-worked=\"limiter\">{}</b>:</p>\n<ol>\n",
      esc(g.name), percent(o.occupancy), timing::limit_name(o.limiter));
  h += fmt::format(
      "<li><b>Registers are counted in registers, not bytes.</b> The 256 KB register file holds {} registers of 4 "
      "bytes (not 204,800 nor 262,144). Even without any rounding, {} / {} = {:.1f} warps, not 160.</li>\n",
      num(regs_per_sm), num(regs_per_sm), num(static_cast<double>(o.regs_per_warp_used)),
      regs_per_sm / static_cast<double>(o.regs_per_warp_used));
  h += fmt::format(
      "<li><b>Registers are allocated per warp, in units of {}.</b> {} &times; {} = {} registers per warp, rounded up "
      "to a multiple of {}: {} per warp.</li>\n",
      g.reg_alloc_unit, r.regs_per_thread, g.warp_size, num(static_cast<double>(o.regs_per_warp_used)),
      g.reg_alloc_unit, num(static_cast<double>(o.regs_per_warp)));
  h += fmt::format(
      "<li><b>Each of the {} sub-partitions (one warp scheduler each) owns a quarter of the register file and holds "
      "only whole warps.</b> {} / {} = {} registers per sub-partition: &lfloor;{} / {}&rfloor; = {} warps each, "
      "&times; {} = <b>{} warps</b> per SM (not the {} of step 1: a warp cannot straddle two sub-partitions).</li>\n",
      g.sub_partitions, num(regs_per_sm), g.sub_partitions, num(o.regs_per_sub_partition),
      num(o.regs_per_sub_partition), num(static_cast<double>(o.regs_per_warp)), o.warps_per_sub_partition,
      g.sub_partitions, o.warps_per_sub_partition * g.sub_partitions, naive_warps);
  h += fmt::format(
      "<li><b>Whole CTAs only.</b> A CTA of 256 threads is {} warps: &lfloor;{} / {}&rfloor; = <b>{} CTAs</b> by "
      "registers.</li>\n",
      o.warps_per_cta, o.warps_per_sub_partition * g.sub_partitions, o.warps_per_cta, o.ctas_by_registers);
  h += fmt::format(
      "<li><b>Shared memory reserves {} B more per CTA.</b> 16,384 + {} = {} B per CTA; the largest carve-out is {} "
      "B ({} KiB): &lfloor;{} / {}&rfloor; = {} CTAs (the article's 14 leaves out the reserved part). Warp slots: "
      "&lfloor;{} / {}&rfloor; = {} CTAs. CTA slots: {}.</li>\n",
      num(g.smem_reserved_per_cta), num(g.smem_reserved_per_cta), num(static_cast<double>(o.smem_per_cta)),
      num(static_cast<double>(o.smem_carveout)), o.smem_carveout / 1024, num(static_cast<double>(o.smem_carveout)),
      num(static_cast<double>(o.smem_per_cta)), o.ctas_by_shared_mem, o.warp_slots, o.warps_per_cta, o.ctas_by_warps,
      o.ctas_by_blocks);
  h += fmt::format(
      "<li><b>The smallest limit binds:</b> min({}, {}, {}, {}) = {} CTAs ({}) &times; {} warps = {} warps of {} "
      "slots = <b>{}</b>.</li>\n</ol>\n",
      o.ctas_by_registers, o.ctas_by_shared_mem, o.ctas_by_warps, o.ctas_by_blocks, o.ctas_per_sm,
      timing::limit_name(o.limiter), o.warps_per_cta, o.warps_per_sm, o.warp_slots, percent(o.occupancy));
  h += fmt::format(
      "<p class=\"note\">To reach {} this kernel needs at most <b>{} registers per thread</b> "
      "(<code>__launch_bounds__(256, {})</code> or <code>-maxrregcount={}</code>), and that may spill. Check any "
      "case with <code>warpsim occupancy --gpu h100 --block 256 --regs 40 --smem 16384</code>.</p>\n</div>\n",
      percent(no_regs.occupancy), best_regs, no_regs.ctas_per_sm, best_regs);
  return h;
}

}  // namespace

Section section_occupancy(Context& ctx) {
  const config::GpuConfig& g = ctx.config().gpu;
  const config::LaunchSpec& l = ctx.launch_spec();
  const sim::KernelSummary& ks = ctx.kernel();
  const KernelSmem k = kernel_smem(l);
  const unsigned threads = static_cast<unsigned>(l.block.x * l.block.y * l.block.z);
  const unsigned regs = ks.registers_per_thread;
  const OccupancyRequest req = occupancy_request(l, k, threads, regs, l.dynamic_smem);
  const Occupancy o = occupancy_of(g, req);

  std::string h = "<div class=\"view\" data-view=\"occupancy\">\n";
  const std::uint64_t ctas = std::uint64_t{l.grid.x} * l.grid.y * l.grid.z;
  if (o.ctas_per_sm == 0) {
    h += fmt::format("<p>This launch cannot run on {}: {}</p>\n", esc(g.name), esc(o.error));
  } else {
    const std::uint64_t per_wave = std::uint64_t{o.ctas_per_sm} * g.num_sms;
    h += fmt::format(
        "<p data-occupancy=\"{:.4f}\">Kernel <code>{}</code>: {} threads per CTA, {} registers per thread ({}), {} B "
        "of shared memory per CTA. On {} an SM holds <b>{} CTAs</b> &times; {} warps = {} warps of its {} warp slots: "
        "theoretical occupancy <b>{}</b>, limited by <b>{}</b>. The grid's {} CTAs run in {} wave{} of up to {} "
        "({} SMs &times; {}).</p>\n",
        o.occupancy, esc(l.entry), threads, regs, esc(ks.registers_source), num(static_cast<double>(req.smem_per_cta)),
        esc(g.name), o.ctas_per_sm, o.warps_per_cta, o.warps_per_sm, o.warp_slots, percent(o.occupancy),
        timing::limit_name(o.limiter), num(static_cast<double>(ctas)), (ctas + per_wave - 1) / per_wave,
        (ctas + per_wave - 1) / per_wave == 1 ? "" : "s", num(static_cast<double>(per_wave)), g.num_sms, o.ctas_per_sm);
  }
  h += limit_bars(g, req, o, k, l.dynamic_smem);
  if (o.ctas_per_sm > 0) {
    const std::uint64_t l1 = timing::launch_l1_bytes(g, o.smem_launch_carveout);
    h += fmt::format(
        "<p class=\"note\">The driver runs this launch with a {} KiB shared-memory carve-out; the rest of the SM's "
        "L1/shared memory, {} KiB, is L1 cache. Registers per thread come from {}; <code>warpsim occupancy --gpu {} "
        "--block {} --regs {} --smem {}</code> prints the same limits.</p>\n",
        o.smem_launch_carveout / 1024, l1 / 1024, esc(ks.registers_source), esc(g.name), threads, regs,
        req.smem_per_cta);
  }

  if (l.cluster) {
    const unsigned size = l.cluster->x * l.cluster->y * l.cluster->z;
    h += fmt::format(
        "<p class=\"note\">This launch runs in clusters of {} CTAs, which also need their CTAs on SMs of one GPC at "
        "once: <code>warpsim occupancy --gpu {} --block {} --regs {} --smem {} --cluster {}</code> says how many "
        "clusters fit (not drawn here).</p>\n",
        size, esc(g.name), threads, regs, req.smem_per_cta, size);
  }
  // Theoretical against achieved (timed run; the H200's measurement where there is one), with the CTA limits as
  // Nsight Compute reports them (launch__occupancy_limit_*: shared memory counted against the launch's carve-out).
  auto stat = [&](const char* name) -> std::string {
    const auto it = ks.stats.find(name);
    return it == ks.stats.end() ? std::string("&ndash;") : num(it->second);
  };
  const auto it = ks.stats.find("sm__warps_active.avg.pct_of_peak_sustained_active");
  const double achieved = it == ks.stats.end() ? 0.0 : it->second;
  h += "<table class=\"occ-achieved\"><tr><th class=\"l\"></th><th>CTA limits as Nsight Compute reports them "
       "(registers, shared_mem, warps, blocks)</th><th>theoretical occupancy</th><th>achieved occupancy "
       "(sm__warps_active)</th><th>cycles</th></tr>\n";
  h += fmt::format(
      "<tr><td class=\"l\">simulated ({})</td><td>{}, {}, {}, {}</td><td>{}</td>"
      "<td data-achieved=\"{:.2f}\">{:.1f} %</td><td>{}</td></tr>\n",
      esc(g.name), stat("launch__occupancy_limit_registers"), stat("launch__occupancy_limit_shared_mem"),
      stat("launch__occupancy_limit_warps"), stat("launch__occupancy_limit_blocks"), percent(o.occupancy), achieved,
      achieved, num(static_cast<double>(ks.cycles)));
  if (const auto* m = ctx.measured_launch(); m != nullptr && m->contains("ncu") && (*m)["ncu"].contains("metrics")) {
    const auto& mm = (*m)["ncu"]["metrics"];
    auto metric = [&](const char* name) -> std::string {
      if (!mm.contains(name) || !mm[name].contains("value") || !mm[name]["value"].is_number()) return "&ndash;";
      return num(mm[name]["value"].get<double>());
    };
    h += fmt::format(
        "<tr><td class=\"l\">measured (H200, Nsight Compute)</td><td>{}, {}, {}, {}</td><td></td>"
        "<td>{} %</td><td>{}</td></tr>\n",
        metric("launch__occupancy_limit_registers"), metric("launch__occupancy_limit_shared_mem"),
        metric("launch__occupancy_limit_warps"), metric("launch__occupancy_limit_blocks"),
        metric("sm__warps_active.avg.pct_of_peak_sustained_active"), metric("gpc__cycles_elapsed.max"));
  }
  h += "</table>\n<p class=\"note\">Theoretical occupancy is what the resources allow; achieved occupancy is the "
       "average of the warps actually resident over the SMs' active cycles. A grid smaller than one wave, a tail "
       "wave, or CTAs that finish at different times keep it lower.</p>\n";

  // Occupancy against block size, registers per thread and shared memory per CTA (Nsight Compute's graphs).
  if (o.ctas_per_sm > 0) {
    std::vector<Point> by_block, by_regs, by_smem;
    for (unsigned t = g.warp_size; t <= g.max_threads_per_cta; t += g.warp_size)
      by_block.push_back({static_cast<double>(t), occupancy_of(g, occupancy_request(l, k, t, regs, l.dynamic_smem))});
    for (unsigned r = 1; r <= g.max_regs_per_thread; ++r)
      by_regs.push_back({static_cast<double>(r), occupancy_of(g, occupancy_request(l, k, threads, r, l.dynamic_smem))});
    const std::uint64_t step = 1024;
    for (std::uint64_t s = 0; s <= g.smem_per_cta_max; s += step) {
      OccupancyRequest q = req;
      q.smem_per_cta = s;
      by_smem.push_back({static_cast<double>(s) / 1024.0, occupancy_of(g, q)});
    }
    h += "<h3>Occupancy against block size, registers and shared memory</h3>\n"
         "<p class=\"note\">Each chart changes one resource and keeps the other two as launched (as Nsight Compute's "
         "occupancy graphs do); hover a marker for CTAs per SM and the binding limit.</p>\n";
    h += occupancy_chart("Occupancy against threads per CTA", "threads per CTA", "threads", by_block, threads);
    h += occupancy_chart("Occupancy against registers per thread", "registers per thread", "registers", by_regs, regs);
    h += occupancy_chart("Occupancy against shared memory per CTA",
                         "shared memory per CTA (KiB, before the reserved "
                         "part)",
                         "KiB", by_smem, static_cast<double>(req.smem_per_cta) / 1024.0);
  }
  h += "</div>\n";
  h += worked_example();
  return {"occupancy", "Occupancy", true, h};
}

}  // namespace warpsim::teach
