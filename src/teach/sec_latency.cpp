// Section "Latency hiding" of warpsim report: how the resident warps spent their cycles, over time. Each cycle the
// timing model puts every resident warp in one state (timing/stats.hpp, WarpStateCycles): issuing, eligible but not
// selected (or its pipe busy), or stalled waiting on an ALU result, on memory, or at a barrier. The section shows
// the kernel's totals, a stacked chart of the GPU's warps per state over time (the issuing band, the eligible warps'
// top and the resident warps' top), the chosen warp's SM alone, a map of every SM's dominant state over time, and
// the chosen warp's own state over its life. The data come from the timed run (TraceSink::on_warp_states, recorded
// in perf_states.hpp's buckets, and on_watched_warp), so the section costs no extra simulation.
//
// Models: nothing new. Leaves out: per-warp states of warps other than the chosen one; for a warp with more than
// kStripDetail state changes or issues, each of them on its strip (drawn in columns instead, the page says so).
#include "context.hpp"
#include "html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace warpsim::teach {
namespace {

// Stacking order, bottom to top, as indices into StateCounts (issued, dependency, memory, barrier, not_selected).
constexpr std::array<std::size_t, kStates> kOrder = {0, 4, 1, 2, 3};
constexpr std::array<const char*, kStates> kName = {"issuing", "waiting on an ALU result (dependency)",
                                                    "waiting on memory", "at a barrier",
                                                    "eligible, not selected (or its pipe busy)"};
constexpr std::array<const char*, kStates> kShort = {"issuing", "dependency", "memory", "barrier", "not selected"};
constexpr std::array<const char*, kStates> kColor = {"#2ca02c", "#ff7f0e", "#d62728", "#9467bd", "#98df8a"};

// A stacked column chart: per bucket of `width` cycles the mean warps in each state.
std::string stacked(const std::string& title, const std::vector<StateCounts>& b, std::uint64_t width, std::size_t b0,
                    const std::string& y_label, std::optional<double> y_cap) {
  const double W = 860, H = 300, left = 70, right = 20, top = 30, bottom = 48;
  const double pw = W - left - right, ph = H - top - bottom;
  double ymax = 0;
  for (const auto& c : b) {
    double t = 0;
    for (const auto s : c) t += static_cast<double>(s);
    ymax = std::max(ymax, t / static_cast<double>(width));
  }
  if (y_cap) ymax = std::max(ymax, *y_cap);
  auto yt = nice_ticks(0, std::max(ymax, 1.0), 5);
  if (yt.size() > 1 && yt.back() < ymax) yt.push_back(yt.back() + (yt[1] - yt[0]));
  ymax = yt.back();
  // From the first bucket with a warp (the launch latency before it is empty) to the last.
  const double x0 = static_cast<double>(width * b0);
  const double x1 = static_cast<double>(width) * static_cast<double>(std::max<std::size_t>(b.size(), b0 + 1));
  const double span = x1 - x0;
  const auto xt = nice_ticks(x0, x1, 8);
  const auto X = [&](double x) { return left + pw * (x - x0) / span; };
  const auto Y = [&](double y) { return top + ph * (1 - y / ymax); };
  std::string svg = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n", W,
      H + 44);
  svg += fmt::format("<text x=\"{}\" y=\"18\" class=\"ct\">{}</text>\n", left, esc(title));
  for (const double t : yt)
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"grid\"/><text x=\"{3}\" "
                       "y=\"{4:.1f}\" class=\"tl\" text-anchor=\"end\">{5}</text>\n",
                       left, left + pw, Y(t), left - 6, Y(t) + 4, esc(num(t)));
  for (std::size_t k = b0; k < b.size(); ++k) {
    const auto& c = b[k];
    std::string tip = fmt::format("cycles {}-{}:", k * width, (k + 1) * width);
    double y = 0;
    std::string rects;
    for (const std::size_t s : kOrder) {
      const double v = static_cast<double>(c[s]) / static_cast<double>(width);
      tip += fmt::format(" {} {};", kShort[s], num(v));
      if (v <= 0) continue;
      rects += fmt::format("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\"/>",
                           X(static_cast<double>(k * width)), Y(y + v), pw / static_cast<double>(b.size() - b0),
                           Y(y) - Y(y + v), kColor[s]);
      y += v;
    }
    tip.back() = ' ';
    tip += fmt::format("(mean warps; resident {}, eligible {})", num(y),
                       num(static_cast<double>(c[0] + c[4]) / static_cast<double>(width)));
    if (!rects.empty()) svg += "<g><title>" + esc(tip) + "</title>" + rects + "</g>\n";
  }
  for (const double t : xt) {
    if (t > x1) break;
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"tick\"/><text "
                       "x=\"{0:.1f}\" y=\"{3:.1f}\" class=\"tl\" text-anchor=\"middle\">{4}</text>\n",
                       X(t), top + ph, top + ph + 5, top + ph + 18, esc(num(t)));
  }
  if (y_cap)
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"mark\"/><text x=\"{3}\" "
                       "y=\"{4:.1f}\" class=\"ml\">warp slots ({5})</text>\n",
                       left, left + pw, Y(*y_cap), left + 4, Y(*y_cap) - 3, num(*y_cap));
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"frame\"/>\n", left, top, pw, ph);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"al\" text-anchor=\"middle\">cycle (buckets of {} "
                     "cycles)</text>\n",
                     left + pw / 2, top + ph + 38, width);
  svg += fmt::format("<text transform=\"translate(16,{:.1f}) rotate(-90)\" class=\"al\" "
                     "text-anchor=\"middle\">{}</text>\n",
                     top + ph / 2, esc(y_label));
  double lx = left;
  for (const std::size_t s : kOrder) {
    svg += fmt::format("<rect x=\"{:.0f}\" y=\"{}\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" "
                       "y=\"{}\" class=\"tl\">{}</text>\n",
                       lx, H + 8, kColor[s], lx + 16, H + 17, kShort[s]);
    lx += 20 + 7.0 * static_cast<double>(std::string_view(kShort[s]).size()) + 20;
  }
  return svg + "</svg>\n";
}

// Per SM a row of cells: the state most warps were in, paler when few warps were resident.
std::string sm_map(const StateRecorder& rec, std::size_t b0, double warp_slots) {
  const auto& sms = rec.per_sm();
  std::vector<std::uint32_t> used;
  for (std::uint32_t s = 0; s < sms.size(); ++s)
    if (!sms[s].empty()) used.push_back(s);
  if (used.empty()) return "";
  const std::size_t merge = (rec.buckets() - b0 + 99) / 100;  // at most 100 columns, from bucket b0
  const std::size_t cols = (rec.buckets() - b0 + merge - 1) / merge;
  const double W = 1000, left = 64, right = 16, pw = W - left - right, top = 8;
  const double h = std::clamp(std::floor(400.0 / static_cast<double>(used.size())), 3.0, 14.0);
  const double bottom = top + h * static_cast<double>(used.size());
  const double cw = pw / static_cast<double>(cols);
  const double span = static_cast<double>(rec.width() * merge * cols);
  const double t0 = static_cast<double>(rec.width() * b0);
  std::string svg = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {:.0f}\" width=\"100%\" xmlns=\"http://www.w3.org/2000/svg\">\n", W,
      bottom + 66);
  const std::size_t every = static_cast<std::size_t>(std::ceil(11.0 / h));
  for (std::size_t r = 0; r < used.size(); ++r) {
    const auto& v = sms[used[r]];
    const double y = top + h * static_cast<double>(r);
    if (r % every == 0)
      svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" class=\"tl\" text-anchor=\"end\">SM {}</text>\n", left - 4,
                         y + std::min(h, 11.0) - 1, used[r]);
    StateCounts tot{};
    std::string cells;
    for (std::size_t c = 0; c < cols;) {
      // A run of columns with the same dominant state and shade.
      auto cell = [&](std::size_t col, std::size_t& state, int& shade) {
        StateCounts a{};
        for (std::size_t b = b0 + col * merge; b < std::min(b0 + (col + 1) * merge, v.size()); ++b)
          for (std::size_t s = 0; s < kStates; ++s) a[s] += v[b][s];
        std::uint64_t sum = 0;
        for (const auto x : a) sum += x;
        state = static_cast<std::size_t>(std::max_element(a.begin(), a.end()) - a.begin());
        const double resident = static_cast<double>(sum) / static_cast<double>(rec.width() * merge);
        shade = sum == 0 ? 0 : 1 + std::min(3, static_cast<int>(4 * resident / std::max(warp_slots, 1.0)));
        return a;
      };
      std::size_t st = 0, st2 = 0;
      int sh = 0, sh2 = 0;
      const auto a = cell(c, st, sh);
      for (std::size_t s = 0; s < kStates; ++s) tot[s] += a[s];
      std::size_t e = c + 1;
      while (e < cols) {
        const auto a2 = cell(e, st2, sh2);
        if (st2 != st || sh2 != sh) break;
        for (std::size_t s = 0; s < kStates; ++s) tot[s] += a2[s];
        ++e;
      }
      if (sh > 0)
        cells += fmt::format("<rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.1f}\" fill=\"{}\" "
                             "fill-opacity=\"{:.2f}\"/>",
                             left + cw * static_cast<double>(c), y, cw * static_cast<double>(e - c), h - 0.5,
                             kColor[st], 0.3 + 0.7 * (sh - 1) / 3.0);
      c = e;
    }
    std::uint64_t all = 0;
    for (const auto x : tot) all += x;
    std::string tip = fmt::format("SM {}: of its {} resident warp-cycles", used[r], all);
    for (const std::size_t s : kOrder)
      tip += fmt::format(", {} {} %", kShort[s], num(all == 0 ? 0 : 100.0 * static_cast<double>(tot[s]) / static_cast<double>(all)));
    svg += "<g><title>" + esc(tip) + "</title>" + cells + "</g>\n";
  }
  for (const double t : nice_ticks(t0, t0 + span, 8)) {
    if (t > t0 + span) break;
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"tick\"/><text "
                       "x=\"{0:.1f}\" y=\"{3:.1f}\" class=\"tl\" text-anchor=\"middle\">{4}</text>\n",
                       left + pw * (t - t0) / span, bottom, bottom + 5, bottom + 17, esc(num(t)));
  }
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{:.1f}\" class=\"frame\"/>\n", left, top, pw,
                     bottom - top);
  svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" class=\"al\" text-anchor=\"middle\">cycle (columns of {} "
                     "cycles); colour: the state most of the SM's warps were in; paler: fewer warps resident</text>\n",
                     left + pw / 2, bottom + 34, rec.width() * merge);
  double lx = left;
  for (const std::size_t s : kOrder) {
    svg += fmt::format("<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" "
                       "y=\"{:.0f}\" class=\"tl\">{}</text>\n",
                       lx, bottom + 46, kColor[s], lx + 16, bottom + 55, kShort[s]);
    lx += 40 + 7.0 * static_cast<double>(std::string_view(kShort[s]).size());
  }
  return svg + "</svg>\n";
}

// The chosen warp's life: its state at each cycle (from its sub-partition's scans) on a strip, its issues below
// (hover: the PTX line), and its cycles per state. `changes`: (cycle, state) as Context::warp_state_changes.
// A long-lived warp (a spin loop, a large kernel) can change state and issue hundreds of thousands of times, more
// than the strip has pixels: past kStripDetail state intervals or issues the strip is drawn in kStripColumns
// columns instead (each column coloured by the state the warp spent most of its cycles in, the issues counted per
// column), so the page stays small; `merged` says so. The cycles per state are always exact.
constexpr std::size_t kStripDetail = 4000;
constexpr std::size_t kStripColumns = 800;

struct StripMerge {
  bool merged = false;  // drawn in columns
  std::uint64_t column_cycles = 0;
  std::size_t columns = 0;
};

std::string warp_strip(const std::vector<std::pair<std::uint64_t, int>>& changes,
                       const std::vector<timing::IssueEvent>& issues, std::uint64_t start, std::uint64_t end,
                       StateCounts& per_state, StripMerge& merge) {
  const double W = 860, left = 70, right = 20, pw = W - left - right;
  per_state = StateCounts{};
  merge = StripMerge{};
  if (!changes.empty()) start = std::min(start, changes.front().first);
  const std::uint64_t len = std::max<std::uint64_t>(end - start, 1);
  const double span = static_cast<double>(len);
  const auto X = [&](std::uint64_t c) { return left + pw * static_cast<double>(std::max(c, start) - start) / span; };
  std::string svg = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} 96\" width=\"100%\" xmlns=\"http://www.w3.org/2000/svg\">\n", W);
  svg += fmt::format("<text x=\"{}\" y=\"23\" class=\"tl\" text-anchor=\"end\">state</text><text x=\"{}\" y=\"41\" "
                     "class=\"tl\" text-anchor=\"end\">issues</text>\n",
                     left - 6, left - 6);
  // Columns of `cw` cycles when merging: column k covers [start + k * cw, start + (k + 1) * cw).
  const std::uint64_t cw = (len + kStripColumns - 1) / kStripColumns;
  const std::size_t cols = static_cast<std::size_t>((len + cw - 1) / cw);
  const bool merge_states = (changes.size() > kStripDetail || issues.size() > kStripDetail) && cw > 1;
  const bool merge_issues = merge_states;
  merge = {merge_states, cw, cols};
  std::vector<StateCounts> col_states(merge_states ? cols : 0);
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const auto [c, state] = changes[i];
    const std::uint64_t to = i + 1 < changes.size() ? changes[i + 1].first : std::max(end, c);
    if (state < 0 || to <= c) continue;
    const auto si = static_cast<std::size_t>(state);
    per_state[si] += to - c;
    if (merge_states) {
      // Spread [c, to) over the columns it covers (clamped to the strip).
      for (std::uint64_t a = std::max(c, start); a < std::min(to, start + len);) {
        const std::uint64_t k = (a - start) / cw;
        const std::uint64_t b = std::min(std::min(to, start + len), start + (k + 1) * cw);
        col_states[static_cast<std::size_t>(k)][si] += b - a;
        a = b;
      }
      continue;
    }
    svg += fmt::format(
        "<rect x=\"{:.2f}\" y=\"10\" width=\"{:.2f}\" height=\"18\" fill=\"{}\"><title>cycles {}-{}: "
        "{}</title></rect>",
        X(c), std::max(X(to) - X(c), 0.4), kColor[si], c, to, kName[si]);
  }
  if (merge_states) {
    // A run of columns with the same dominant state is one rectangle.
    for (std::size_t k = 0; k < cols;) {
      const auto dominant = [&](std::size_t j) {
        const auto& a = col_states[j];
        std::uint64_t sum = 0;
        for (const auto x : a) sum += x;
        return sum == 0 ? -1 : static_cast<int>(std::max_element(a.begin(), a.end()) - a.begin());
      };
      const int d = dominant(k);
      std::size_t e = k + 1;
      while (e < cols && dominant(e) == d) ++e;
      if (d >= 0) {
        const std::uint64_t c0 = start + k * cw, c1 = std::min(start + e * cw, start + len);
        svg += fmt::format(
            "<rect x=\"{:.2f}\" y=\"10\" width=\"{:.2f}\" height=\"18\" fill=\"{}\"><title>cycles "
            "{}-{}: mostly {}</title></rect>",
            X(c0), std::max(X(c1) - X(c0), 0.4), kColor[static_cast<std::size_t>(d)], c0, c1,
            kName[static_cast<std::size_t>(d)]);
      }
      k = e;
    }
  }
  svg += "\n";
  if (merge_issues) {
    std::vector<std::uint64_t> n(cols, 0);
    std::vector<std::uint32_t> lo(cols, ~0u), hi(cols, 0);
    for (const auto& e : issues) {
      const auto k =
          static_cast<std::size_t>(std::min<std::uint64_t>((std::max(e.cycle, start) - start) / cw, cols - 1));
      ++n[k];
      lo[k] = std::min(lo[k], e.ptx_line);
      hi[k] = std::max(hi[k], e.ptx_line);
    }
    for (std::size_t k = 0; k < cols; ++k)
      if (n[k] > 0)
        svg += fmt::format(
            "<rect x=\"{:.2f}\" y=\"32\" width=\"{:.2f}\" height=\"12\" fill=\"#333\"><title>cycles "
            "{}-{}: {} issues (PTX lines {}-{})</title></rect>",
            X(start + k * cw), pw / static_cast<double>(cols), start + k * cw, start + (k + 1) * cw, n[k], lo[k],
            hi[k]);
  } else {
    for (const auto& e : issues)
    svg += fmt::format("<rect x=\"{:.2f}\" y=\"32\" width=\"{:.2f}\" height=\"12\" fill=\"#333\"><title>cycle {}: "
                       "issued PTX line {} (pc {})</title></rect>",
                       X(e.cycle), std::max(pw / span, 0.6), e.cycle, e.ptx_line, e.pc);
  }
  svg += "\n";
  for (const double t : nice_ticks(static_cast<double>(start), static_cast<double>(end), 8)) {
    if (t < static_cast<double>(start) || t > static_cast<double>(end)) continue;
    const double x = left + pw * (t - static_cast<double>(start)) / span;
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"46\" y2=\"51\" class=\"tick\"/><text x=\"{0:.1f}\" "
                       "y=\"63\" class=\"tl\" text-anchor=\"middle\">{1}</text>\n",
                       x, esc(num(t)));
  }
  svg += fmt::format("<text x=\"{:.0f}\" y=\"80\" class=\"al\" text-anchor=\"middle\">cycle</text>\n", left + pw / 2);
  double lx = left;
  for (const std::size_t s : kOrder) {
    svg += fmt::format("<rect x=\"{:.0f}\" y=\"84\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" "
                       "y=\"93\" class=\"tl\">{}</text>\n",
                       lx, kColor[s], lx + 16, kShort[s]);
    lx += 40 + 7.0 * static_cast<double>(std::string_view(kShort[s]).size());
  }
  return svg + "</svg>\n";
}

}  // namespace

Section section_latency(Context& ctx) {
  Section sec{"latency", "Latency hiding", true, ""};
  const auto& rec = ctx.warp_states();
  const auto& st = ctx.kernel().stats;
  const auto stat = [&](const char* k) {
    const auto it = st.find(k);
    return it == st.end() ? 0.0 : it->second;
  };
  const std::array<double, kStates> totals = {
      stat("warpsim__warp_cycles_issued.sum"), stat("warpsim__warp_cycles_dependency.sum"),
      stat("warpsim__warp_cycles_memory.sum"), stat("warpsim__warp_cycles_barrier.sum"),
      stat("warpsim__warp_cycles_not_selected.sum")};
  double all = 0;
  for (const double t : totals) all += t;
  if (all == 0 || rec.buckets() == 0) {
    sec.applies = false;
    sec.html = "<p class=\"note\">No warp was resident in the timed run (the launch ran no CTA).</p>";
    return sec;
  }
  const double slots = ctx.config().gpu.values.count("sm.max_warps") ? ctx.config().gpu.values.at("sm.max_warps") : 64;
  std::string& h = sec.html;
  h += "<div class=\"view\" data-view=\"latency\">\n";
  h += "<p>A warp waits for every result it needs: a few cycles for an ALU result, hundreds for a load from DRAM. "
       "The GPU hides that wait by keeping many warps resident and issuing, each cycle, from any warp that is ready "
       "(<em>eligible</em>). While enough warps are eligible, every scheduler issues every cycle and the waits cost "
       "nothing; when all of them wait at once, the schedulers idle. Below, each cycle of each resident warp is put "
       "in one state: <strong>issuing</strong>; <strong>not selected</strong> (eligible, but another warp issued, or "
       "its pipe was busy); or stalled waiting on an <strong>ALU result</strong>, on <strong>memory</strong>, or at "
       "a <strong>barrier</strong>.</p>\n";
  // Totals.
  h += "<table><tr><th class=\"l\">state</th><th class=\"l\">statistic</th><th>warp-cycles</th><th>% of resident "
       "warp-cycles</th></tr>\n";
  const char* keys[] = {"issued", "dependency", "memory", "barrier", "not_selected"};
  for (const std::size_t s : kOrder)
    h += fmt::format("<tr><td class=\"l\"><span style=\"color:{}\">&#9632;</span> {}</td><td "
                     "class=\"l\"><code>warpsim__warp_cycles_{}.sum</code></td><td>{}</td><td>{}</td></tr>\n",
                     kColor[s], esc(kName[s]), keys[s], num(totals[s]), num(100.0 * totals[s] / all));
  h += "</table>\n";
  const double cycles = static_cast<double>(ctx.kernel().cycles);
  const double issue_slots = cycles * ctx.config().gpu.values.at("sm.count") * ctx.config().gpu.values.at("sm.sub_partitions");
  h += fmt::format(
      "<p>Per resident warp, {} of its cycles issued; the schedulers issued in {} % of their slots ({} issues over {} "
      "cycles x {} schedulers).</p>\n",
      fmt::format("{} %", num(100.0 * totals[0] / all)), num(issue_slots > 0 ? 100.0 * totals[0] / issue_slots : 0),
      num(totals[0]), num(cycles), num(issue_slots / std::max(cycles, 1.0)));
  // Over time, the whole GPU, from the first bucket with a warp.
  const auto gpu = rec.gpu();
  std::size_t b0 = 0;
  while (b0 + 1 < gpu.size() && gpu[b0] == StateCounts{}) ++b0;
  h += stacked("All SMs: warps in each state over time", gpu, rec.width(), b0, "warps (mean over the bucket)",
               std::nullopt);
  h += "<p class=\"note\">The bottom band is the warps issuing; its top plus the light-green band gives the eligible "
       "warps; the top of the stack, the resident warps. Hover over a column for its numbers.</p>\n";
  // The chosen warp's SM.
  const auto& tl = ctx.timeline();
  const auto cta = std::find_if(tl.ctas.begin(), tl.ctas.end(),
                                [&](const report::CtaRecord& c) { return c.linear == ctx.chosen_cta(); });
  if (cta != tl.ctas.end() && cta->sm < rec.per_sm().size() && !rec.per_sm()[cta->sm].empty()) {
    auto one = rec.per_sm()[cta->sm];
    one.resize(rec.buckets(), StateCounts{});
    h += stacked(fmt::format("SM {} (where the chosen warp ran): warps in each state over time", cta->sm), one,
                 rec.width(), b0, "warps on the SM", slots);
  }
  h += "<h3>Every SM over time</h3>\n<div data-view=\"latency-sms\">\n" + sm_map(rec, b0, slots) + "</div>\n";
  // The chosen warp.
  if (cta != tl.ctas.end()) {
    std::uint64_t start = cta->start, end = cta->end;
    for (const auto wi : cta->warps)
      if (tl.warps[wi].warp == ctx.chosen_warp()) start = tl.warps[wi].start, end = tl.warps[wi].end;
    const auto& issues = ctx.warp_issues();
    StateCounts mine{};
    StripMerge merged;
    h += fmt::format("<h3>Warp {} of CTA {}</h3>\n", ctx.chosen_warp(), ctx.chosen_cta());
    h += "<div data-view=\"latency-warp\">\n" + warp_strip(ctx.warp_state_changes(), issues, start, end, mine, merged) +
         "</div>\n";
    if (merged.merged)
      h += fmt::format(
          "<p class=\"note\" data-strip-merged=\"1\">This warp changed state {} times and issued {} instructions, "
          "more than the strip has pixels: the strip is drawn in {} columns of {} cycles, each coloured by the state "
          "the warp spent most of that column in, with its issues counted per column (hover a column). The cycles "
          "per state below are exact.</p>\n",
          num(static_cast<double>(ctx.warp_state_changes().size())), num(static_cast<double>(issues.size())),
          merged.columns, num(static_cast<double>(merged.column_cycles)));
    std::uint64_t life = 0;
    for (const auto x : mine) life += x;
    std::string parts;
    for (const std::size_t s : kOrder)
      parts += fmt::format("{}{} {} ({} %)", parts.empty() ? "" : ", ", kShort[s], num(static_cast<double>(mine[s])),
                           num(life == 0 ? 0 : 100.0 * static_cast<double>(mine[s]) / static_cast<double>(life)));
    h += fmt::format(
        "<p class=\"note\" data-warp-cycles=\"{}\">It issued {} instructions; of its {} counted cycles: {}. Choose "
        "another warp with <code>--warp CTA:WARP</code>.</p>\n",
        life, num(static_cast<double>(issues.size())), num(static_cast<double>(life)), parts);
  }
  h += "</div>\n";
  return sec;
}

}  // namespace warpsim::teach
