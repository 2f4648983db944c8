// Immediate post-dominators on hand-built control-flow graphs: if/else, if without else, nested loops with
// breaks, early return, a switch through brx.idx, and an infinite loop (no post-dominator).
#include <warpsim/ir/cfg.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::ir::build_cfg;
using warpsim::ir::Cfg;
using warpsim::ir::FlowInfo;

namespace {
FlowInfo next() { return FlowInfo{}; }
FlowInfo br(std::uint32_t t, bool cond) { return FlowInfo{FlowInfo::Kind::Branch, cond, {t}}; }
FlowInfo brx(std::vector<std::uint32_t> t) { return FlowInfo{FlowInfo::Kind::Branch, false, std::move(t)}; }
FlowInfo ret(bool cond = false) { return FlowInfo{FlowInfo::Kind::Exit, cond, {}}; }
// Reconvergence pc of the instruction at `pc` (which must end a block), -1 for the function exit.
std::int64_t rpc(const Cfg& g, std::uint32_t pc) { return g.reconvergence_of_block(g.block_of.at(pc)); }
}  // namespace

TEST_CASE("if/else reconverges at the join", "[ir][postdom]") {
  // 0: @p bra 3; 1: then; 2: bra 4; 3: else; 4: join; 5: ret
  const Cfg g = build_cfg({br(3, true), next(), br(4, false), next(), next(), ret()});
  REQUIRE(g.blocks.size() == 4);
  CHECK(rpc(g, 0) == 4);
  CHECK(rpc(g, 2) == 4);
  CHECK(rpc(g, 3) == 4);
  CHECK(rpc(g, 5) == -1);
}

TEST_CASE("if without else reconverges at the branch target", "[ir][postdom]") {
  // 0: @p bra 2; 1: then; 2: join; 3: ret
  const Cfg g = build_cfg({br(2, true), next(), next(), ret()});
  CHECK(rpc(g, 0) == 2);
}

TEST_CASE("nested loops with a break reconverge after the outer loop", "[ir][postdom]") {
  // 0: outer head
  // 1: inner head
  // 2: @brk bra 6       (break out of both loops)
  // 3: @inner bra 1     (inner back edge)
  // 4: @outer bra 0     (outer back edge)
  // 5: nop
  // 6: after loops; 7: ret
  const Cfg g = build_cfg({next(), next(), br(6, true), br(1, true), br(0, true), next(), next(), ret()});
  CHECK(rpc(g, 2) == 6);  // the break: both paths meet only after the loops
  // The back edges too: a path through the break skips each latch, so only pc 6 post-dominates them.
  CHECK(rpc(g, 3) == 6);
  CHECK(rpc(g, 4) == 6);
  // Without the break, each back edge reconverges at its own loop's exit.
  const Cfg h = build_cfg({next(), next(), next(), br(1, true), br(0, true), next(), next(), ret()});
  CHECK(rpc(h, 3) == 4);
  CHECK(rpc(h, 4) == 5);
}

TEST_CASE("an early return reconverges only at the function exit", "[ir][postdom]") {
  // 0: @p bra 2; 1: ret; 2: work; 3: ret
  const Cfg g = build_cfg({br(2, true), ret(), next(), ret()});
  CHECK(rpc(g, 0) == -1);
  // A guarded return: the lanes that stay meet the returned ones only at the exit.
  const Cfg h = build_cfg({next(), ret(true), next(), ret()});
  CHECK(h.blocks[0].succs.size() == 2);
  CHECK(rpc(h, 1) == -1);
}

TEST_CASE("a switch through brx.idx reconverges after its cases", "[ir][postdom]") {
  // 0: brx {1, 3, 5}; 1: case0; 2: bra 7; 3: case1; 4: bra 7; 5: case2; 6: nop (falls to 7); 7: join; 8: ret
  const Cfg g = build_cfg({brx({1, 3, 5}), next(), br(7, false), next(), br(7, false), next(), next(), next(), ret()});
  REQUIRE(g.blocks[0].succs.size() == 3);
  CHECK(rpc(g, 0) == 7);
}

TEST_CASE("blocks of an infinite loop have no post-dominator", "[ir][postdom]") {
  // 0: @p bra 2; 1: bra 1 (spins forever); 2: ret
  const Cfg g = build_cfg({br(2, true), br(1, false), ret()});
  CHECK(rpc(g, 1) == -1);
  CHECK(g.blocks[g.block_of[1]].ipdom == -1);
}

TEST_CASE("Graphviz output names blocks, edges and post-dominators", "[ir][cfg]") {
  const Cfg g = build_cfg({br(2, true), next(), next(), ret()});
  const std::string dot = warpsim::ir::cfg_to_dot(g, "k", {"@p bra L", "a", "b", "ret"});
  CHECK(dot.find("digraph \"k\"") != std::string::npos);
  CHECK(dot.find("B0 -> B2;") != std::string::npos);
  CHECK(dot.find("B0 -> B1;") != std::string::npos);
  CHECK(dot.find("B2 -> EXIT;") != std::string::npos);
  CHECK(dot.find("ipdom: B2") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
