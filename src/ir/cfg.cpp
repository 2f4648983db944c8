// Basic blocks and immediate post-dominators (see ir/cfg.hpp for the contract).
// The post-dominator tree is the dominator tree of the reverse CFG rooted at a virtual exit node, computed
// by boost::lengauer_tarjan_dominator_tree.
#include <warpsim/ir/cfg.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dominator_tree.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace warpsim::ir {

std::int64_t Cfg::reconvergence_of_block(std::uint32_t b) const {
  const std::int32_t p = blocks.at(b).ipdom;
  return p < 0 ? -1 : static_cast<std::int64_t>(blocks[static_cast<std::size_t>(p)].first);
}

Cfg build_cfg(const std::vector<FlowInfo>& flow) {
  Cfg cfg;
  const auto n = static_cast<std::uint32_t>(flow.size());
  if (n == 0) return cfg;
  std::vector<bool> leader(n, false);
  leader[0] = true;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (flow[i].kind == FlowInfo::Kind::Next) continue;
    for (auto t : flow[i].targets)
      if (t < n) leader[t] = true;
    if (i + 1 < n) leader[i + 1] = true;
  }
  cfg.block_of.assign(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (leader[i]) cfg.blocks.push_back(Block{i, i, {}, -1});
    cfg.blocks.back().last = i;
    cfg.block_of[i] = static_cast<std::uint32_t>(cfg.blocks.size() - 1);
  }
  for (std::uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    auto& blk = cfg.blocks[b];
    const FlowInfo& f = flow[blk.last];
    auto add = [&](std::uint32_t s) {
      if (std::find(blk.succs.begin(), blk.succs.end(), s) == blk.succs.end()) blk.succs.push_back(s);
    };
    const bool falls = f.kind == FlowInfo::Kind::Next || f.conditional;
    if (f.kind == FlowInfo::Kind::Branch)
      for (auto t : f.targets) add(t < n ? cfg.block_of[t] : Cfg::kExitBlock);
    if (f.kind == FlowInfo::Kind::Exit) add(Cfg::kExitBlock);
    if (falls) add(blk.last + 1 < n ? cfg.block_of[blk.last + 1] : Cfg::kExitBlock);
  }

  // Reverse graph: vertex nb is the virtual exit; an edge s -> b for every CFG edge b -> s.
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
  const auto nb = static_cast<std::uint32_t>(cfg.blocks.size());
  Graph g(nb + 1);
  for (std::uint32_t b = 0; b < nb; ++b)
    for (auto s : cfg.blocks[b].succs) boost::add_edge(s == Cfg::kExitBlock ? nb : s, b, g);
  std::vector<Vertex> idom(nb + 1, boost::graph_traits<Graph>::null_vertex());
  auto index = boost::get(boost::vertex_index, g);
  auto idom_map = boost::make_iterator_property_map(idom.begin(), index);
  boost::lengauer_tarjan_dominator_tree(g, boost::vertex(nb, g), idom_map);
  for (std::uint32_t b = 0; b < nb; ++b) {
    const Vertex d = idom[b];
    cfg.blocks[b].ipdom =
        (d == boost::graph_traits<Graph>::null_vertex() || d == nb) ? -1 : static_cast<std::int32_t>(d);
  }
  return cfg;
}

std::string cfg_to_dot(const Cfg& cfg, const std::string& name, const std::vector<std::string>& labels) {
  auto esc = [](const std::string& s) {
    std::string o;
    for (char c : s) {
      if (c == '"' || c == '\\' || c == '{' || c == '}' || c == '<' || c == '>' || c == '|') o += '\\';
      o += c;
    }
    return o;
  };
  std::string out = fmt::format("digraph \"{}\" {{\n  node [shape=record, fontname=\"monospace\"];\n", esc(name));
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b) {
    const auto& blk = cfg.blocks[b];
    std::string body;
    for (auto i = blk.first; i <= blk.last; ++i)
      body += fmt::format("{}: {}\\l", i, i < labels.size() ? esc(labels[i]) : "");
    out += fmt::format("  B{} [label=\"{{B{} (ipdom: {})|{}}}\"];\n", b, b,
                       blk.ipdom < 0 ? std::string("exit") : fmt::format("B{}", blk.ipdom), body);
  }
  out += "  EXIT [shape=doublecircle, label=\"exit\"];\n";
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b)
    for (auto s : cfg.blocks[b].succs)
      out += s == Cfg::kExitBlock ? fmt::format("  B{} -> EXIT;\n", b) : fmt::format("  B{} -> B{};\n", b, s);
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b)
    if (cfg.blocks[b].ipdom >= 0)
      out += fmt::format("  B{} -> B{} [style=dashed, color=gray, constraint=false];\n", b, cfg.blocks[b].ipdom);
  out += "}\n";
  return out;
}

}  // namespace warpsim::ir
