// Tests of instruction statements: mnemonics split into opcode and modifiers (with `::` inside modifiers),
// guards, the kept text and position, and that the parser needs no opcode list.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::parse_instr;
using Mods = std::vector<std::string>;

TEST_CASE("mnemonics split at dots, '::' stays inside a modifier") {
  Instruction a = parse_instr("mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2");
  CHECK(a.opcode == "mbarrier");
  CHECK(a.modifiers == Mods{"try_wait", "parity", "shared::cta", "b64"});
  Instruction b = parse_instr("ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1]");
  CHECK(b.opcode == "ld");
  CHECK(b.modifiers == Mods{"global", "nc", "v4", "f32"});
  Instruction c = parse_instr(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4]");
  CHECK(c.opcode == "cp");
  CHECK(c.modifiers ==
        Mods{"async", "bulk", "tensor", "2d", "shared::cluster", "global", "mbarrier::complete_tx::bytes"});
  Instruction d = parse_instr("tcgen05.mma.cta_group::1.kind::f16 [%r5], %rd2, %rd3, %r6, %p1");
  CHECK(d.opcode == "tcgen05");
  CHECK(d.modifiers == Mods{"mma", "cta_group::1", "kind::f16"});
  Instruction e = parse_instr("tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r1, %r2, %r3, %r4}, [%r5]");
  CHECK(e.modifiers == Mods{"ld", "sync", "aligned", "32x32b", "x4", "b32"});
  Instruction f = parse_instr("tcgen05.wait::st.sync.aligned");
  CHECK(f.opcode == "tcgen05");
  CHECK(f.modifiers == Mods{"wait::st", "sync", "aligned"});
  CHECK(f.operands.empty());
  Instruction g = parse_instr("ld.global.L1::no_allocate.L2::256B.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1]");
  CHECK(g.modifiers == Mods{"global", "L1::no_allocate", "L2::256B", "v4", "u32"});
}

TEST_CASE("instructions without operands or modifiers") {
  Instruction r = parse_instr("ret");
  CHECK(r.opcode == "ret");
  CHECK(r.modifiers.empty());
  CHECK(r.operands.empty());
  CHECK(parse_instr("exit").opcode == "exit");
  Instruction w = parse_instr("wgmma.fence.sync.aligned");
  CHECK(w.modifiers == Mods{"fence", "sync", "aligned"});
}

TEST_CASE("guards") {
  Function f = ptx_test::parse_body(
      ".reg .pred %p<3>;\n@%p1 bra $L__BB0_2;\n@!%p2 bra.uni $L__BB0_2;\n$L__BB0_2:\n\tadd.s32 %r1, %r1, 1;");
  std::vector<const Instruction*> ins;
  for (const Statement& st : f.body)
    if (st.kind == Statement::Kind::Instruction) ins.push_back(&st.instr);
  REQUIRE(ins.size() == 3);
  CHECK(ins[0]->guard == std::optional<std::string>("%p1"));
  CHECK_FALSE(ins[0]->guard_negated);
  CHECK(ins[0]->opcode == "bra");
  CHECK(ins[0]->pos.line == 7);
  CHECK(ins[0]->pos.col == 6);  // the opcode, after the guard
  CHECK(ins[1]->guard == std::optional<std::string>("%p2"));
  CHECK(ins[1]->guard_negated);
  CHECK(ins[1]->modifiers == Mods{"uni"});
  CHECK_FALSE(ins[2]->guard.has_value());
}

TEST_CASE("the text is the instruction as written, whitespace and comments collapsed") {
  Instruction a = parse_instr("\t@%p1 add.s32 \t%r1,   %r2, /* c */ 1");
  CHECK(a.text == "@%p1 add.s32 %r1, %r2, 1");
  Function f = ptx_test::parse_body(
      "\tcall.uni (retval0), \n\t_Z7add_muliii, \n\t(\n\tparam0, \n\tparam1\n\t);\n"
      "\tfence.proxy.async.shared::cta; // 6.\n");
  REQUIRE(f.body.size() == 2);
  CHECK(f.body[0].instr.text == "call.uni (retval0), _Z7add_muliii, ( param0, param1 )");
  CHECK(f.body[1].instr.text == "fence.proxy.async.shared::cta");
}

TEST_CASE("several statements on one line, labels before instructions") {
  Function f = ptx_test::parse_body("L1: add.s32 %r1, %r1, 1; bra L1; L2: ret;");
  REQUIRE(f.body.size() == 5);
  CHECK(f.body[0].kind == Statement::Kind::Label);
  CHECK(f.body[0].label.name == "L1");
  CHECK(f.body[0].label.pos.col == 1);
  CHECK(f.body[1].instr.opcode == "add");
  CHECK(f.body[1].instr.pos.col == 5);
  CHECK(f.body[2].instr.operands[0].name == "L1");
  CHECK(f.body[3].label.name == "L2");
  CHECK(f.body[4].instr.opcode == "ret");
}

TEST_CASE("opcodes the parser has never heard of parse by their shape") {
  Instruction i = parse_instr("frobnicate.future.kind::x42.v8 {%r1, _}, [%rd1+8], 0f3F800000, !%p1, sym");
  CHECK(i.opcode == "frobnicate");
  CHECK(i.modifiers == Mods{"future", "kind::x42", "v8"});
  CHECK(i.operands.size() == 5);
}

TEST_CASE("a sampling of PTX 9.0 instructions") {
  const char* lines[] = {
      "activemask.b32 %r27",
      "redux.sync.max.s32 %r46, %r40, %r33",
      "match.any.sync.b32 %r48, %r47, %r33",
      "vote.sync.ballot.b32 %r41, %p7, %r33",
      "atom.global.cas.b32 %r56, [%rd26], %r36, %r3",
      "atom.global.add.v4.f32 {%f5, %f6, %f7, %f8}, [%rd12], {%f1, %f2, %f3, %f4}",
      "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r31], %r1, [%r33]",
      "cp.async.ca.shared.global [%r31], [%rd12], 16, 8",
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r41, %r42, %r43, %r44}, [%r31]",
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, "
      "{%f5, %f6, %f7, %f8}",
      "wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2 {%r41, %r42}, %rd13, %rd14, 1, -1, 1",
      "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r3], %rs1",
      "clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%r30, %r31, %r32, _}, %rq1",
      "tensormap.replace.tile.global_address.global.b1024.b64 [%rd12], %rd13",
      "setmaxnreg.inc.sync.aligned.u32 240",
      "barrier.cluster.arrive.release.aligned",
      "griddepcontrol.launch_dependents",
      "suld.b.2d.v2.b32.trap {%r51, %r52}, [surf_a, {%r1, %r2}]",
      "brx.idx.uni %r1, tab",
      "prmt.b32.f4e %r57, %r1, %r2, %r3",
      "cvt.rn.satfinite.e4m3x2.f32 %rs1, %f1, %f2",
  };
  for (const char* line : lines) {
    INFO(line);
    std::string body = std::string(line) + ";";
    if (std::string_view(line).starts_with("brx")) body = "tab: .branchtargets L0;\nL0:\n" + body;
    ptx_test::parse_body(body);
  }
}

}  // namespace WARPSIM_UNITY_ID
