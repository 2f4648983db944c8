// Tests of operand forms: registers (with components), special registers, immediates in every base,
// negatives, float immediates, symbols, addresses with offsets and tails, vectors (including `mov.b64{`),
// pipes, sinks, `!p` and `-r` operands, and operand positions.
#include "ptx_test_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::parse_instr;
using K = Operand::Kind;

TEST_CASE("registers, special registers and components") {
  Instruction i = parse_instr("mad.lo.s32 %r1, %ctaid.x, %ntid.y, %tid.z");
  REQUIRE(i.operands.size() == 4);
  CHECK(i.operands[0].kind == K::Register);
  CHECK(i.operands[0].name == "%r1");
  CHECK(i.operands[0].component.empty());
  CHECK(i.operands[1].kind == K::Register);
  CHECK(i.operands[1].name == "%ctaid");
  CHECK(i.operands[1].component == "x");
  CHECK(i.operands[2].component == "y");
  CHECK(i.operands[3].name == "%tid");
  CHECK(i.operands[3].component == "z");
  for (const char* sreg : {"%laneid", "%clock64", "%globaltimer", "%smid", "%cluster_ctarank", "%envreg3",
                           "%lanemask_lt", "%dynamic_smem_size"}) {
    Instruction m = parse_instr(fmt::format("mov.u64 %rd1, {}", sreg));
    CHECK(m.operands[1].kind == K::Register);
    CHECK(m.operands[1].name == sreg);
  }
  Instruction v = parse_instr("vadd.s32.u32.s32.sat %r1, %r2.b0, %r3.h1, %r4");
  CHECK(v.operands[1].name == "%r2");
  CHECK(v.operands[1].component == "b0");
  CHECK(v.operands[2].component == "h1");
}

TEST_CASE("integer immediates in every base") {
  Instruction i = parse_instr("foo.b64 %rd1, 42, -16, 0x2A, 0XffffffffffffffFF, 052, 0b101, 7U, -0x10");
  REQUIRE(i.operands.size() == 9);
  const std::int64_t want[] = {42, -16, 42, -1, 42, 5, 7, -16};
  for (int k = 0; k < 8; ++k) {
    CHECK(i.operands[k + 1].kind == K::Immediate);
    CHECK(i.operands[k + 1].ival == want[k]);
  }
  Instruction big = parse_instr("mul.lo.s64 %rd32, %rd31, 4886718345");
  CHECK(big.operands[2].ival == 4886718345);
  Instruction u64max = parse_instr("mov.u64 %rd1, 18446744073709551615");
  CHECK(static_cast<std::uint64_t>(u64max.operands[1].ival) == 18446744073709551615ull);
}

TEST_CASE("float immediates: 0f, 0d, decimal, negated") {
  Instruction i = parse_instr("fma.rn.f32 %f1, 0f3F800000, 0d3FF0000000000000, 1.5, -0f3F800000, -2.0");
  REQUIRE(i.operands.size() == 6);
  CHECK(i.operands[1].kind == K::FloatImm);
  CHECK(i.operands[1].fbits == 0x3F800000u);
  CHECK_FALSE(i.operands[1].is_double);
  CHECK(i.operands[2].fbits == 0x3FF0000000000000ull);
  CHECK(i.operands[2].is_double);
  CHECK(i.operands[3].fbits == std::bit_cast<std::uint64_t>(1.5));
  CHECK(i.operands[3].is_double);
  CHECK(i.operands[4].fbits == 0xBF800000u);
  CHECK(i.operands[5].fbits == std::bit_cast<std::uint64_t>(-2.0));
}

TEST_CASE("symbols, with and without offsets") {
  Instruction i = parse_instr("mov.u64 %rd1, g_counter");
  CHECK(i.operands[1].kind == K::Symbol);
  CHECK(i.operands[1].name == "g_counter");
  CHECK(i.operands[1].ival == 0);
  Instruction o = parse_instr("mov.u64 %rd1, tbl+8");
  CHECK(o.operands[1].name == "tbl");
  CHECK(o.operands[1].ival == 8);
  Instruction s = parse_instr("mov.u64 %rd23, $str$2");
  CHECK(s.operands[1].name == "$str$2");
}

TEST_CASE("addresses") {
  Instruction i = parse_instr("foo [%rd1], [%rd1+16], [%rd1+-16], [%rd1-8], [name], [name+4], [0x100], [-4]");
  REQUIRE(i.operands.size() == 8);
  for (const Operand& a : i.operands) CHECK(a.kind == K::Address);
  CHECK(i.operands[0].name == "%rd1");
  CHECK(i.operands[0].ival == 0);
  CHECK(i.operands[0].base_is_register);
  CHECK(i.operands[1].ival == 16);
  CHECK(i.operands[2].ival == -16);
  CHECK(i.operands[3].ival == -8);
  CHECK(i.operands[4].name == "name");
  CHECK_FALSE(i.operands[4].base_is_register);
  CHECK(i.operands[5].ival == 4);
  CHECK(i.operands[6].name.empty());
  CHECK(i.operands[6].ival == 0x100);
  CHECK_FALSE(i.operands[6].base_is_register);
  CHECK(i.operands[7].ival == -4);
  for (const Operand& a : i.operands) CHECK(a.elems.empty());
}

TEST_CASE("addresses with a tail: textures, surfaces, tensor maps") {
  Instruction t = parse_instr("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex_a, {%f5, %f6}]");
  const Operand& a = t.operands[1];
  CHECK(a.kind == K::Address);
  CHECK(a.name == "tex_a");
  REQUIRE(a.elems.size() == 1);
  CHECK(a.elems[0].kind == K::Vector);
  REQUIRE(a.elems[0].elems.size() == 2);
  CHECK(a.elems[0].elems[1].name == "%f6");
  Instruction s = parse_instr("tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex_a, smp_a, {%f5, %f6}]");
  REQUIRE(s.operands[1].elems.size() == 2);
  CHECK(s.operands[1].elems[0].kind == K::Symbol);
  CHECK(s.operands[1].elems[0].name == "smp_a");
  Instruction c = parse_instr(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd3, {%r2, %r3}], [%r4]");
  REQUIRE(c.operands.size() == 3);
  CHECK(c.operands[1].name == "%rd3");
  CHECK(c.operands[1].base_is_register);
  CHECK(c.operands[1].elems.at(0).elems.size() == 2);
}

TEST_CASE("vectors, also right after the mnemonic") {
  Instruction a = parse_instr("mov.b64 %rd1, {%r1,%r2}");
  CHECK(a.opcode == "mov");
  CHECK(a.modifiers == std::vector<std::string>{"b64"});
  REQUIRE(a.operands.size() == 2);
  CHECK(a.operands[1].kind == K::Vector);
  REQUIRE(a.operands[1].elems.size() == 2);
  CHECK(a.operands[1].elems[0].name == "%r1");
  Instruction b = parse_instr("mov.b64{%r1,%r2}, %rd1");
  CHECK(b.opcode == "mov");
  CHECK(b.modifiers == std::vector<std::string>{"b64"});
  REQUIRE(b.operands.size() == 2);
  CHECK(b.operands[0].kind == K::Vector);
  CHECK(b.operands[0].elems[1].name == "%r2");
  CHECK(b.operands[0].pos.col == 8);
  Instruction c = parse_instr("ld.local.v2.u32 {%r33, _}, [depot]");
  CHECK(c.operands[0].elems[1].kind == K::Sink);
  Instruction d = parse_instr("st.global.v2.u32 [%rd1], {%r1, 0}");
  CHECK(d.operands[1].elems[1].kind == K::Immediate);
  Instruction e = parse_instr("mov.b128 %rq1, {%rd1, %rd2}", ".reg .b128 %rq<2>;\n.reg .b64 %rd<3>;");
  CHECK(e.operands[0].name == "%rq1");
}

TEST_CASE("pipes join two destinations") {
  Instruction e = parse_instr("elect.sync %r1|%p1, -1");
  REQUIRE(e.operands.size() == 2);
  CHECK(e.operands[0].kind == K::Pipe);
  REQUIRE(e.operands[0].elems.size() == 2);
  CHECK(e.operands[0].elems[0].name == "%r1");
  CHECK(e.operands[0].elems[1].name == "%p1");
  CHECK(e.operands[1].ival == -1);
  Instruction s = parse_instr("setp.lt.s32 %p|%q, %r1, 5");
  CHECK(s.operands[0].kind == K::Pipe);
  CHECK(s.operands[0].elems[1].name == "%q");
  Instruction sink = parse_instr("elect.sync _|P1, 0xffffffff");
  CHECK(sink.operands[0].elems[0].kind == K::Sink);
  CHECK(sink.operands[0].elems[1].kind == K::Symbol);  // undeclared here; declared, it is a Register
  CHECK(sink.operands[1].ival == 0xffffffff);
  Instruction shfl = parse_instr("shfl.sync.down.b32 %r31|%p3, %r3, %r30, %r29, %r27");
  CHECK(shfl.operands.size() == 5);
  CHECK(shfl.operands[0].kind == K::Pipe);
}

TEST_CASE("sinks, negated predicates and negated registers") {
  Instruction m = parse_instr("mbarrier.arrive.shared::cluster.b64 _, [%r34]");
  CHECK(m.operands[0].kind == K::Sink);
  Instruction s = parse_instr("selp.f32 %f16, %f1, %f2, !%p1");
  CHECK(s.operands[3].kind == K::Register);
  CHECK(s.operands[3].negated);
  CHECK(s.operands[3].name == "%p1");
  CHECK(s.operands[3].pos.col == 26);
  CHECK_FALSE(s.operands[2].negated);
  Instruction v = parse_instr("vmad.s32.u32.u32 %r59, -%r1, %r2, %r3");
  CHECK(v.operands[1].kind == K::Register);
  CHECK(v.operands[1].minus);
  CHECK_FALSE(v.operands[1].negated);
  CHECK_FALSE(v.operands[2].minus);
}

TEST_CASE("operand positions") {
  Instruction i = parse_instr("\tadd.s32 \t%r1, %r2, [x+4], {%r3}");
  CHECK(i.pos.line == 7);
  CHECK(i.pos.col == 2);
  CHECK(i.operands[0].pos.col == 11);
  CHECK(i.operands[1].pos.col == 16);
  CHECK(i.operands[2].pos.col == 21);
  CHECK(i.operands[3].pos.col == 28);
  CHECK(i.operands[3].elems[0].pos.col == 29);
}

TEST_CASE("a very long operand list") {
  std::string regs;
  for (int k = 0; k < 128; ++k) regs += fmt::format("{}%f{}", k ? ", " : "", k);
  Instruction w =
      parse_instr("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {" + regs + "}, %rd1, %rd2, 1, 1, 1, 0, 0");
  REQUIRE(w.operands.size() == 8);
  REQUIRE(w.operands[0].elems.size() == 128);
  CHECK(w.operands[0].elems[127].name == "%f127");
}

}  // namespace WARPSIM_UNITY_ID
