// Section 6 "Memory coalescing" of warpsim report: per global (and local) memory instruction, the requests, the
// 32-byte sectors and 128-byte lines the coalescer sent and the sectors per request, with the table's sums beside
// the kernel's Nsight-named counters; and for the instructions that moved the most sectors, one warp's lane
// addresses drawn against the 128-byte lines they fall in, each split into its four 32-byte sectors, the touched
// sectors highlighted.
//
// Models: nothing of its own: sectors and lines are what the timing model charged (timing::global_sectors via
// TraceSink::on_mem, mem_profile.hpp). A request is one warp's access (Nsight's l1tex__t_requests counts one per
// warp-instruction).
// Leaves out: TMA and bulk copies (no lane addresses), ld.const, and the drawing of local accesses (their addresses
// are interleaved per lane by the hardware; the table counts their sectors as charged).
#include "context.hpp"
#include "html.hpp"
#include "mem_profile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace warpsim::teach {
namespace {

constexpr std::uint64_t kLine = 128, kSector = 32;
constexpr std::size_t kMaxDrawings = 4, kMaxRows = 32;

double stat(const sim::KernelSummary& k, const std::string& name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? 0.0 : it->second;
}

std::string hex(std::uint64_t a) { return fmt::format("0x{:x}", a); }

// One warp's access: a row per 128-byte line it touches (four 32-byte sectors, touched ones highlighted), each
// lane's bytes marked in its row with the lane number.
std::string line_svg(const MemPc& p) {
  const std::uint64_t size = std::max<std::uint32_t>(p.bytes, 1);
  std::map<std::uint64_t, std::vector<unsigned>> lines;  // line -> lanes that touch it
  std::set<std::uint64_t> sectors;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (((p.ex_lanes >> lane) & 1u) == 0) continue;
    const std::uint64_t a = p.ex_addr[lane];
    for (std::uint64_t s = a / kSector; s <= (a + size - 1) / kSector; ++s) sectors.insert(s);
    for (std::uint64_t l = a / kLine; l <= (a + size - 1) / kLine; ++l) lines[l].push_back(lane);
  }
  const std::size_t rows = std::min(lines.size(), kMaxRows);
  const double left = 130, width = 920, px = width / kLine, row_h = 26, gap = 6, top = 24;
  const int height = static_cast<int>(top + rows * (row_h + gap) + 8);
  std::string s = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 1080 {}\" width=\"1080\" height=\"{}\" role=\"img\" "
      "aria-label=\"lane addresses against lines and sectors\">",
      height, height);
  for (unsigned k = 0; k < 4; ++k)
    s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"14\" text-anchor=\"middle\">sector {} (bytes {}-{})</text>",
                     left + (k + 0.5) * kSector * px, k, k * kSector, k * kSector + kSector - 1);
  std::size_t r = 0;
  for (const auto& [line, lanes] : lines) {
    if (r == rows) break;
    const double y = top + r * (row_h + gap);
    s += fmt::format("<text class=\"tl\" x=\"4\" y=\"{:.1f}\">line {}</text>", y + 17, hex(line * kLine));
    for (unsigned k = 0; k < 4; ++k) {
      const std::uint64_t sec = line * (kLine / kSector) + k;
      const bool hit = sectors.count(sec) != 0;
      s += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\" stroke=\"#888\">"
          "<title>line {} sector {} (addresses {}-{}): {}</title></rect>",
          left + k * kSector * px, y, kSector * px, row_h, hit ? "#ffd98a" : "#f4f4f4", hex(line * kLine), k,
          hex(sec * kSector), hex(sec * kSector + kSector - 1), hit ? "fetched" : "not touched");
    }
    // Lanes on the same address share one block (a broadcast), labelled with their lanes.
    std::map<std::uint64_t, std::uint32_t> by_addr;  // address -> lane mask
    for (const unsigned lane : lanes) by_addr[p.ex_addr[lane]] |= 1u << lane;
    for (const auto& [a, mask] : by_addr) {
      const std::uint64_t lo = std::max(a, line * kLine) - line * kLine;
      const std::uint64_t hi = std::min(a + size, (line + 1) * kLine) - line * kLine;
      const double x = left + lo * px, w = std::max(1.0, (hi - lo) * px);
      const std::string who = lane_ranges(LaneMask(mask));
      const bool many = std::popcount(mask) > 1;
      s += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"#2f6fab\" opacity=\"0.75\" "
          "stroke=\"#fff\" stroke-width=\"0.5\"><title>lane{} {}: address {}, {} bytes, sector {} of line {}</title>"
          "</rect>",
          x, y + 7, w, row_h - 14, many ? "s" : "", who, hex(a), size, (a % kLine) / kSector, hex(line * kLine));
      const double label_w = 6.5 * static_cast<double>(who.size()) + 4;
      if (w >= label_w)  // inside the block
        s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
                         x + w / 2, y + 17, who);
      else if (many && by_addr.size() == 1)  // a broadcast: beside it
        s += fmt::format("<text class=\"tl\" x=\"{:.1f}\" y=\"{:.1f}\">lanes {}</text>", x + w + 3, y + 17, who);
    }
    ++r;
  }
  s += "</svg>";
  if (lines.size() > rows)
    s += fmt::format("<p class=\"note\">First {} of {} lines drawn.</p>", rows, lines.size());
  return s;
}

std::string space_name(const MemPc& p) { return p.space == ir::Space::Local ? "local" : "global"; }

}  // namespace

Section section_coalescing(Context& ctx) {
  const auto insts = ctx.mem_profile().global();
  const std::string entry = ctx.launch_spec().entry;
  if (insts.empty())
    return {"coalescing", "Memory coalescing", false,
            fmt::format("<p class=\"note\">Kernel <code>{}</code> makes no global or local access through the "
                        "load/store unit (TMA bulk copies and constant loads are not coalesced there), so there is "
                        "nothing to coalesce.</p>",
                        esc(entry))};
  std::string h = "<div class=\"view\" data-view=\"coalescing\">";
  h += "<p>The load/store unit turns one warp's global access (a <i>request</i>) into the distinct 32-byte "
       "<i>sectors</i> its lanes touch; memory moves whole sectors, in 128-byte lines of four. When the 32 lanes "
       "read 32 consecutive 4-byte words the request needs 4 sectors of one line (coalesced); when each lane "
       "lands in a different line it needs 32 sectors for the same useful bytes, 8 times the traffic.</p>";
  h += "<div class=\"scroll\"><table><tr><th>pc</th><th>PTX line</th><th>CUDA line</th><th class=\"l\">instruction"
       "</th><th class=\"l\">space</th><th>bytes per lane</th><th>requests</th><th>sectors</th>"
       "<th>sectors per request</th><th>lines per request</th><th>worst request: sectors</th></tr>";
  std::uint64_t ld_requests = 0, ld_sectors = 0;
  for (const auto& p : insts) {
    if (p.space == ir::Space::Global && !p.store && !p.atomic) {
      ld_requests += p.executions;
      ld_sectors += p.sectors;
    }
    h += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"l\"><code>{}</code></td><td class=\"l\">{} {}</td>"
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        p.pc, p.ptx_line, p.src_line != 0 ? std::to_string(p.src_line) : "-", esc(p.text), space_name(p), p.kind(),
        p.bytes, num(p.executions), num(p.sectors), num(static_cast<double>(p.sectors) / p.executions),
        num(static_cast<double>(p.lines) / p.executions), p.worst);
  }
  h += "</table></div>";
  const auto& k = ctx.kernel();
  h += fmt::format(
      "<p class=\"note\">Global loads in the table: {} requests, {} sectors. The kernel's counters: "
      "<code>l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum</code> = {}, "
      "<code>l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum</code> = {}.</p>",
      num(ld_requests), num(ld_sectors), num(stat(k, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")),
      num(stat(k, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")));

  // Drawings: the global instructions that moved the most sectors, one per pattern (kind, bytes per lane, worst
  // request's sectors and lines), at most kMaxDrawings, in pc order.
  std::vector<const MemPc*> order;
  for (const auto& p : insts)
    if (p.space == ir::Space::Global) order.push_back(&p);
  std::stable_sort(order.begin(), order.end(), [](const MemPc* a, const MemPc* b) { return a->sectors > b->sectors; });
  std::vector<const MemPc*> drawn;
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t, std::uint32_t>> patterns;
  for (const MemPc* p : order)
    if (drawn.size() < kMaxDrawings && patterns.insert({p->kind(), p->bytes, p->worst, p->ex_lines}).second)
      drawn.push_back(p);
  std::sort(drawn.begin(), drawn.end(), [](const MemPc* a, const MemPc* b) { return a->pc < b->pc; });
  if (!drawn.empty())
    h += fmt::format("<h3>One warp's addresses</h3><p class=\"note\">{}: the request of one warp with the most "
                     "sectors, each lane's bytes (blue, numbered by lane) in its 128-byte line, the sectors fetched "
                     "in yellow. Hover for addresses.</p>",
                     drawn.size() == 1 ? std::string("The global instruction that moved the most sectors")
                                       : fmt::format("The {} global instructions that moved the most sectors, one "
                                                     "per access pattern",
                                                     drawn.size()));
  for (const MemPc* p : drawn) {
    h += fmt::format(
        "<p><code>{}</code> (PTX line {}{}), CTA {} warp {}: {} lanes of {} bytes, <b>1 request, {} sector{}</b> in "
        "{} line{}.</p>",
        esc(p->text), p->ptx_line, p->src_line != 0 ? fmt::format(", CUDA line {}", p->src_line) : "", p->ex_cta,
        p->ex_warp, std::popcount(p->ex_lanes), p->bytes, p->ex_sectors, p->ex_sectors == 1 ? "" : "s", p->ex_lines,
        p->ex_lines == 1 ? "" : "s");
    h += line_svg(*p);
  }
  h += "</div>";
  return {"coalescing", "Memory coalescing", true, h};
}

}  // namespace warpsim::teach
