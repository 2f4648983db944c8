// Section 5 "Shared-memory banks" of warpsim report: for the shared-memory instruction with the most bank
// conflicts, one warp's access drawn as its 32 lanes going to the banks, coloured by the wavefront that serves
// them; the per-instruction table of executions, wavefronts and conflicts with its sums beside the kernel's
// Nsight-named counters; and, for the transpose trio (traces/transpose_naive, _padded, _swizzled), the other two
// simulated too and shown with it.
//
// Models: nothing of its own: wavefronts are what the timing model charged (timing::smem_cost via
// TraceSink::on_mem, mem_profile.hpp). Which wavefront serves which word is drawn as the k-th distinct word of
// each bank in address order: the model counts wavefronts (the busiest bank's distinct words), not their order.
// Leaves out: distributed shared memory (shared::cluster accesses to another CTA), cp.async/TMA writes into
// shared memory and wgmma's operand reads (they use the banks but are not warp accesses with lane addresses).
#include "context.hpp"
#include "html.hpp"
#include "mem_profile.hpp"

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <filesystem>
#include <set>
#include <tuple>

namespace warpsim::teach {
namespace {

std::string wavefront_color(std::uint32_t k, std::uint32_t n) {
  if (n <= 10) return palette(k);
  return fmt::format("hsl({},70%,42%)", (k * 360 / n + (k % 2) * 180) % 360);
}

double stat(const sim::KernelSummary& k, const std::string& name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? 0.0 : it->second;
}

std::string where(const MemPc& p) {
  std::string s = fmt::format("PTX line {}", p.ptx_line);
  if (p.src_line != 0) s += fmt::format(", CUDA line {}", p.src_line);
  return s;
}

// The instruction with the most conflicts (then the most wavefronts, then loads before stores, then the lowest
// pc: a conflict-free transpose shows its column read, as the naive one does).
const MemPc* worst_of(const std::vector<MemPc>& insts) {
  const MemPc* w = nullptr;
  const auto key = [](const MemPc& p) { return std::make_tuple(p.conflicts(), p.wavefronts, !p.store && !p.atomic); };
  for (const auto& p : insts)
    if (w == nullptr || key(p) > key(*w)) w = &p;
  return w;
}

// One warp's access: lanes on top, banks below, a line per word a lane touches, coloured by wavefront.
std::string bank_svg(const MemPc& p, unsigned banks, unsigned bank_bytes) {
  banks = std::max(banks, 1u);
  bank_bytes = std::max(bank_bytes, 1u);
  struct Touch {
    unsigned lane;
    std::uint64_t addr, word;
  };
  std::vector<Touch> touches;
  std::set<std::uint64_t> words;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (((p.ex_lanes >> lane) & 1u) == 0) continue;
    const std::uint64_t a = p.ex_addr[lane];
    const std::uint64_t last = (a + std::max<std::uint32_t>(p.bytes, 1) - 1) / bank_bytes;
    for (std::uint64_t w = a / bank_bytes; w <= last; ++w) {
      touches.push_back({lane, a, w});
      words.insert(w);
    }
  }
  // Per bank, its distinct words in address order: the k-th is served in wavefront k.
  std::vector<std::vector<std::uint64_t>> per_bank(banks);
  for (const std::uint64_t w : words) per_bank[w % banks].push_back(w);
  std::uint32_t n = 1;
  for (const auto& b : per_bank) n = std::max<std::uint32_t>(n, static_cast<std::uint32_t>(b.size()));
  const auto wavefront = [&](std::uint64_t w) {
    const auto& b = per_bank[w % banks];
    return static_cast<std::uint32_t>(std::lower_bound(b.begin(), b.end(), w) - b.begin());
  };

  const unsigned cols = std::max(32u, banks);
  const double left = 56, width = 1000, col = width / cols;
  const double lane_y = 22, box = 18, bank_y = 190;
  const double legend_y = bank_y + box + 34;
  const int height = static_cast<int>(legend_y + 40);
  std::string s = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 1080 {}\" width=\"1080\" height=\"{}\" role=\"img\" "
      "aria-label=\"lanes to banks\">",
      height, height);
  s += fmt::format("<text class=\"al\" x=\"4\" y=\"{}\">lanes</text>", lane_y + 13);
  s += fmt::format("<text class=\"al\" x=\"4\" y=\"{}\">banks</text>", bank_y + 13);
  // Lines first, boxes over them.
  for (const auto& t : touches) {
    const std::uint32_t k = wavefront(t.word);
    const double x1 = left + (t.lane + 0.5) * col, x2 = left + (static_cast<double>(t.word % banks) + 0.5) * col;
    s += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"1.6\" opacity=\"0.85\">"
        "<title>lane {}: byte address {} (word {}) -&gt; bank {}, wavefront {} of {}</title></line>",
        x1, lane_y + box, x2, bank_y, wavefront_color(k, n), t.lane, t.addr, t.word, t.word % banks, k + 1, n);
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    const bool on = ((p.ex_lanes >> lane) & 1u) != 0;
    const double x = left + lane * col;
    s += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\" stroke=\"#888\">"
        "<title>lane {}{}</title></rect>",
        x + 1, lane_y, col - 2, box, on ? "#dfe9f5" : "#f4f4f4", lane,
        on ? fmt::format(": byte address {}, bank {}", p.ex_addr[lane], p.ex_addr[lane] / bank_bytes % banks)
           : std::string(" (not executing)"));
    s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + col / 2,
                     lane_y + 13, lane);
  }
  for (unsigned b = 0; b < banks; ++b) {
    const double x = left + b * col;
    const auto used = per_bank[b].size();
    const bool busiest = used == n && n > 1;
    s += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\" stroke=\"{}\">"
        "<title>bank {}: {} distinct word{}</title></rect>",
        x + 1, bank_y, col - 2, box, busiest ? "#fde2e1" : "#eef3ea", busiest ? "#c0392b" : "#888", b, used,
        used == 1 ? "" : "s");
    s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + col / 2,
                     bank_y + 13, b);
    if (used > 0)
      s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\"{}>{}</text>", x + col / 2,
                       bank_y + box + 14, busiest ? " fill=\"#c0392b\"" : "", used);
  }
  s += fmt::format("<text class=\"tl\" x=\"4\" y=\"{}\">words</text>", bank_y + box + 14);
  // Legend: one swatch per wavefront.
  s += fmt::format("<text class=\"al\" x=\"4\" y=\"{}\">wavefront</text>", legend_y + 12);
  const double sw = std::min(28.0, 1000.0 / n);
  for (std::uint32_t k = 0; k < n; ++k) {
    const double x = 80 + k * sw;
    s += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"10\" fill=\"{}\"><title>wavefront {} of {}</title></rect>",
        x, legend_y + 3, sw - 3, wavefront_color(k, n), k + 1, n);
    if (n <= 16 || k % 4 == 0 || k + 1 == n)
      s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{}\">{}</text>", x, legend_y + 26, k + 1);
  }
  s += "</svg>";
  return s;
}

std::string table(const std::vector<MemPc>& insts, const MemPc* worst) {
  std::string s =
      "<div class=\"scroll\"><table><tr><th>pc</th><th>PTX line</th><th>CUDA line</th><th class=\"l\">instruction</th>"
      "<th>executions</th><th>wavefronts</th><th>conflict-free</th><th>bank conflicts</th>"
      "<th>wavefronts per execution</th><th>worst access</th></tr>";
  for (const auto& p : insts) {
    const bool w = &p == worst;
    s += fmt::format(
        "<tr{}><td>{}</td><td>{}</td><td>{}</td><td class=\"l\"><code>{}</code>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td><td>{}</td></tr>",
        w ? " style=\"background:#fff4e5\"" : "", p.pc, p.ptx_line, p.src_line != 0 ? std::to_string(p.src_line) : "-",
        esc(p.text), p.merged ? " <span class=\"note\">(part of a wide access)</span>" : "", num(p.executions),
        num(p.wavefronts), num(p.ideal_wavefronts), num(p.conflicts()),
        num(static_cast<double>(p.wavefronts) / p.executions), p.worst);
  }
  return s + "</table></div>";
}

struct Variant {
  std::string name;
  std::vector<MemPc> insts;
  sim::KernelSummary kernel;
};

std::string totals(const std::vector<MemPc>& insts, const sim::KernelSummary& k) {
  std::uint64_t ld = 0, st = 0, atom = 0, wf = 0;
  for (const auto& p : insts) {
    (p.atomic ? atom : p.store ? st : ld) += p.conflicts();
    wf += p.wavefronts;
  }
  const std::string pre = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_";
  return fmt::format(
      "<p class=\"note\">The table's sums: {} bank conflicts on loads, {} on stores, {} on atomics, {} wavefronts. "
      "The kernel's counters: <code>{}ld.sum</code> = {}, <code>{}st.sum</code> = {}, <code>{}atom.sum</code> = {}, "
      "<code>l1tex__data_pipe_lsu_wavefronts_mem_shared.sum</code> = {} (this one also counts cp.async's writes "
      "into shared memory).</p>",
      num(ld), num(st), num(atom), num(wf), pre, num(stat(k, pre + "ld.sum")), pre, num(stat(k, pre + "st.sum")), pre,
      num(stat(k, pre + "atom.sum")), num(stat(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum")));
}

std::string example(const MemPc& p, unsigned banks, unsigned bank_bytes) {
  return fmt::format(
             "<p><code>{}</code> ({}), CTA {} warp {}: {} lanes of {} bytes need <b>{} wavefront{}</b> where {} "
             "would do without conflicts ({} bank conflict{}).</p>",
             esc(p.text), where(p), p.ex_cta, p.ex_warp, std::popcount(p.ex_lanes), p.bytes, p.ex_wavefronts,
             p.ex_wavefronts == 1 ? "" : "s", p.ex_ideal, p.ex_wavefronts - p.ex_ideal,
             p.ex_wavefronts - p.ex_ideal == 1 ? "" : "s") +
         bank_svg(p, banks, bank_bytes);
}

}  // namespace

Section section_banks(Context& ctx) {
  const auto& gpu = ctx.config().gpu;
  const unsigned banks = gpu.smem_banks, bank_bytes = gpu.smem_bank_bytes;
  const auto insts = ctx.mem_profile().shared();
  const std::string entry = ctx.launch_spec().entry;
  if (insts.empty())
    return {"banks", "Shared-memory banks", false,
            fmt::format("<p class=\"note\">Kernel <code>{}</code> makes no shared-memory access of its own "
                        "(ld/st/atom on shared memory), so no bank can conflict.</p>",
                        esc(entry))};
  const MemPc* worst = worst_of(insts);
  std::string h = "<div class=\"view\" data-view=\"banks\">";
  h += fmt::format(
      "<p>Shared memory is {} banks of {}-byte words: word <i>w</i> lives in bank <i>w</i> mod {}. Each bank "
      "reads or writes one distinct word per pass (a <i>wavefront</i>); lanes on the same word share it "
      "(broadcast). A warp's access therefore takes as many wavefronts as its busiest bank has distinct words; "
      "those beyond what a conflict-free access needs are <b>bank conflicts</b>, and each costs the warp a replay. "
      "Hover a line for its lane, address, bank and wavefront.</p>",
      banks, bank_bytes, banks);
  h += worst->conflicts() != 0 ? "<h3>The instruction with the most conflicts</h3>"
                               : "<h3>No bank conflicts: the busiest instruction</h3>";
  h += example(*worst, banks, bank_bytes);
  h += "<h3>Every shared-memory instruction</h3>" + table(insts, worst) + totals(insts, ctx.kernel());

  // The transpose trio: the other two simulated as well.
  const std::array<std::string, 3> trio = {"transpose_naive", "transpose_padded", "transpose_swizzled"};
  const std::filesystem::path cfg_path(ctx.options().config_path);
  const std::string stem = cfg_path.stem().string();
  if (std::find(trio.begin(), trio.end(), stem) != trio.end()) {
    std::vector<Variant> vs;
    std::string missing;
    for (const auto& name : trio) {
      if (name == stem) {
        vs.push_back({name, insts, ctx.kernel()});
        continue;
      }
      const auto path = cfg_path.parent_path().parent_path() / name / (name + ".json");
      if (!std::filesystem::exists(path)) {
        missing += (missing.empty() ? "" : ", ") + path.string() + " (not found)";
        continue;
      }
      MemRecorder rec(0);
      sim::RunOptions ro;
      ro.gpu_overrides = ctx.options().sets;
      ro.functional_only = false;
      ro.trace = &rec;
      try {
        auto r = sim::run(config::load_run_config(path.string(), ctx.options().sets), ro);
        if (!r.kernels.empty()) vs.push_back({name, rec.shared(), r.kernels[0]});
      } catch (const Error& e) {  // the page still shows this kernel's own; the note says why the other is missing
        missing += fmt::format("{}{} (its run failed: {})", missing.empty() ? "" : ", ", path.string(), e.what());
      }
    }
    h += "<h3>Naive, padded, swizzled</h3><p>The same transpose three ways: <code>tile[32][32]</code> (a column "
         "read hits one bank 32 times), <code>tile[32][33]</code> (the padding word shifts each row by one bank) "
         "and an XOR-swizzled index (each row's columns permuted, no extra memory).</p>";
    h += "<div class=\"scroll\"><table><tr><th class=\"l\"></th>";
    for (const auto& v : vs) h += fmt::format("<th>{}</th>", esc(v.name));
    h += "</tr>";
    const auto row = [&](const std::string& label, auto f) {
      h += fmt::format("<tr><td class=\"l\">{}</td>", label);
      for (const auto& v : vs) h += "<td>" + f(v) + "</td>";
      h += "</tr>";
    };
    row("worst access: wavefronts", [](const Variant& v) {
      const MemPc* w = worst_of(v.insts);
      return w == nullptr ? std::string("-") : num(w->worst);
    });
    row("bank conflicts (table)", [](const Variant& v) {
      std::uint64_t c = 0;
      for (const auto& p : v.insts) c += p.conflicts();
      return num(c);
    });
    row("wavefronts (table)", [](const Variant& v) {
      std::uint64_t c = 0;
      for (const auto& p : v.insts) c += p.wavefronts;
      return num(c);
    });
    row("kernel cycles", [](const Variant& v) { return num(v.kernel.cycles); });
    h += "</table></div>";
    for (const auto& v : vs) {
      const MemPc* w = worst_of(v.insts);
      h += fmt::format("<h3>{}</h3>", esc(v.name));
      if (v.name == stem) {
        h += "<p class=\"note\">This page's kernel: drawn above.</p>";
        continue;
      }
      h += w == nullptr ? std::string("<p class=\"note\">No shared-memory access.</p>") : example(*w, banks, bank_bytes);
    }
    if (!missing.empty()) h += fmt::format("<p class=\"note\">Not shown: {}.</p>", esc(missing));
  }
  h += "</div>";
  return {"banks", "Shared-memory banks", true, h};
}

}  // namespace warpsim::teach
