// Control-flow graphs of decoded functions and their immediate post-dominators.
//
// Models: basic blocks (leaders: the entry, branch targets, instructions after a branch, ret or exit),
// successor edges (fall-through, taken, brx.idx tables, ret/exit/trap to a virtual exit), and the
// post-dominator tree computed with Boost.Graph's Lengauer-Tarjan algorithm on the reverse graph rooted at
// the virtual exit. A block that cannot reach the exit (an infinite loop) has no post-dominator.
// Leaves out: calls (a call falls through; the callee has its own graph) and exceptions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::ir {

// What an instruction does to control flow, the only input the CFG needs.
struct FlowInfo {
  enum class Kind : std::uint8_t { Next, Branch, Exit } kind = Kind::Next;
  bool conditional = false;            // guarded: may also fall through
  std::vector<std::uint32_t> targets;  // Branch: target pcs (relative to the function's first pc)
};

struct Block {
  std::uint32_t first = 0, last = 0;  // instruction indices, inclusive, relative to the function
  std::vector<std::uint32_t> succs;   // block indices; kExitBlock for the virtual exit
  std::int32_t ipdom = -1;            // block index of the immediate post-dominator; -1 = virtual exit
                                      // or none
};

struct Cfg {
  static constexpr std::uint32_t kExitBlock = 0xffffffffu;
  std::vector<Block> blocks;
  std::vector<std::uint32_t> block_of;  // instruction index -> block index

  // Reconvergence point of the instruction ending block b: first instruction of its ipdom, or -1.
  std::int64_t reconvergence_of_block(std::uint32_t b) const;
};

Cfg build_cfg(const std::vector<FlowInfo>& flow);

// Graphviz rendering with the given instruction labels (one per instruction).
std::string cfg_to_dot(const Cfg& cfg, const std::string& name, const std::vector<std::string>& labels);

}  // namespace warpsim::ir
