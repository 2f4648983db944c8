// Tests of variable declarations: state spaces, linkage, .align, vector types, arrays (multi-dimensional,
// unsized), initialisers (nested braces flattened, generic(sym), sym+offset, floats, negatives), register
// ranges `%r<N>`, several names in one declaration, .ptr parameter attributes and .attribute(.managed).
#include "ptx_test_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::parse_ok;

namespace {

std::vector<Variable> globals(std::string_view decls) {
  return parse_ok(std::string(ptx_test::kHeader) + std::string(decls)).globals;
}

}  // namespace

TEST_CASE("scalar globals in each state space with alignment and linkage") {
  auto g = globals(
      ".global .align 4 .u32 g_counter;\n"
      ".visible .const .align 8 .f64 c_pi;\n"
      ".extern .shared .align 16 .b8 dyn_smem[];\n"
      ".weak .global .b64 w;\n"
      ".common .global .u16 c;\n"
      ".local .s8 l;\n");
  REQUIRE(g.size() == 6);
  CHECK(g[0].space == "global");
  CHECK(g[0].type == "u32");
  CHECK(g[0].name == "g_counter");
  CHECK(g[0].align == 4u);
  CHECK(g[0].vec == 1);
  CHECK(g[0].dims.empty());
  CHECK(g[0].init.empty());
  CHECK_FALSE(g[0].is_visible);
  CHECK(g[0].pos.line == 4);
  CHECK(g[0].pos.col == 23);
  CHECK(g[1].space == "const");
  CHECK(g[1].is_visible);
  CHECK(g[1].type == "f64");
  CHECK(g[2].space == "shared");
  CHECK(g[2].is_extern);
  CHECK(g[2].dims == std::vector<std::uint64_t>{0});
  CHECK(g[3].is_weak);
  CHECK(g[4].is_common);
  CHECK(g[5].space == "local");
  CHECK_FALSE(g[5].align.has_value());
}

TEST_CASE("align before the state space, vector types") {
  auto g = globals(".align 8 .global .v2 .f32 pair;\n.global .v4.u32 quad = {1, 2, 3, 4};\n");
  REQUIRE(g.size() == 2);
  CHECK(g[0].align == 8u);
  CHECK(g[0].vec == 2);
  CHECK(g[0].type == "f32");
  CHECK(g[1].vec == 4);
  CHECK(g[1].type == "u32");
  CHECK(g[1].init.size() == 4);
}

TEST_CASE("multi-dimensional arrays and flattened nested initialisers") {
  auto g = globals(".global .u32 grid[2][3] = {{1, 2, 3}, {4, -5, 0x6}};\n");
  REQUIRE(g.size() == 1);
  CHECK(g[0].dims == std::vector<std::uint64_t>{2, 3});
  REQUIRE(g[0].init.size() == 6);
  const std::int64_t want[] = {1, 2, 3, 4, -5, 6};
  for (int i = 0; i < 6; ++i) {
    CHECK(g[0].init[i].kind == Operand::Kind::Immediate);
    CHECK(g[0].init[i].ival == want[i]);
  }
  CHECK_FALSE(g[0].init_generic);
}

TEST_CASE("byte arrays as nvcc emits them") {
  auto g = globals(".global .align 1 .b8 $str[6] = {97, 108, 112, 104, 97};\n");
  REQUIRE(g.size() == 1);
  CHECK(g[0].name == "$str");
  CHECK(g[0].dims == std::vector<std::uint64_t>{6});
  CHECK(g[0].init.size() == 5);
  CHECK(g[0].init[4].ival == 97);
}

TEST_CASE("address initialisers: generic(sym), sym, sym+offset") {
  auto g = globals(
      ".global .align 8 .u64 g_ptr = generic(g_counter);\n"
      ".global .align 8 .u64 g_names[2] = {generic($str), generic($str$1)+4};\n"
      ".global .align 8 .u64 g_fns[2] = {_Z5twicef, tbl+16};\n");
  REQUIRE(g.size() == 3);
  REQUIRE(g[0].init.size() == 1);
  CHECK(g[0].init_generic);
  CHECK(g[0].init[0].kind == Operand::Kind::Symbol);
  CHECK(g[0].init[0].name == "g_counter");
  CHECK(g[0].init[0].ival == 0);
  REQUIRE(g[1].init.size() == 2);
  CHECK(g[1].init[1].name == "$str$1");
  CHECK(g[1].init[1].ival == 4);
  CHECK_FALSE(g[2].init_generic);
  CHECK(g[2].init[0].name == "_Z5twicef");
  CHECK(g[2].init[1].name == "tbl");
  CHECK(g[2].init[1].ival == 16);
}

TEST_CASE("float initialisers keep their bits") {
  auto g = globals(".global .f32 f[3] = {0f3F800000, -0f3F800000, 0fBF800000};\n.global .f64 d = -1.5;\n");
  REQUIRE(g.size() == 2);
  CHECK(g[0].init[0].kind == Operand::Kind::FloatImm);
  CHECK(g[0].init[0].fbits == 0x3F800000u);
  CHECK_FALSE(g[0].init[0].is_double);
  CHECK(g[0].init[1].fbits == 0xBF800000u);
  CHECK(g[0].init[2].fbits == 0xBF800000u);
  CHECK(g[1].init[0].fbits == std::bit_cast<std::uint64_t>(-1.5));
  CHECK(g[1].init[0].is_double);
}

TEST_CASE("several names in one declaration") {
  auto g = globals(".global .u32 a, b[4], c = 7;\n");
  REQUIRE(g.size() == 3);
  CHECK(g[0].name == "a");
  CHECK(g[1].name == "b");
  CHECK(g[1].dims == std::vector<std::uint64_t>{4});
  CHECK(g[2].name == "c");
  CHECK(g[2].init[0].ival == 7);
  CHECK(g[2].type == "u32");
}

TEST_CASE("texture, surface and sampler references") {
  auto g = globals(
      ".global .texref tex_a;\n.global .surfref surf_a;\n"
      ".global .samplerref smp = { addr_mode_0 = clamp_to_edge, filter_mode = nearest, max_anisotropy = 4 };\n");
  REQUIRE(g.size() == 3);
  CHECK(g[0].type == "texref");
  CHECK(g[1].type == "surfref");
  CHECK(g[2].type == "samplerref");
  REQUIRE(g[2].init.size() == 3);
  CHECK(g[2].init[0].kind == Operand::Kind::Symbol);
  CHECK(g[2].init[0].name == "addr_mode_0");
  REQUIRE(g[2].init[0].elems.size() == 1);
  CHECK(g[2].init[0].elems[0].name == "clamp_to_edge");
  CHECK(g[2].init[2].elems[0].kind == Operand::Kind::Immediate);
  CHECK(g[2].init[2].elems[0].ival == 4);
}

TEST_CASE(".attribute(.managed)") {
  auto g = globals(".global .attribute(.managed) .align 4 .u32 m;\n");
  REQUIRE(g.size() == 1);
  CHECK(g[0].attributes == std::vector<std::string>{"managed"});
  CHECK(g[0].align == 4u);
}

TEST_CASE("register ranges expand into one Variable per register") {
  auto f =
      ptx_test::parse_body(".reg .pred %p<3>;\n.reg .b32 %r<12>;\n.reg .b128 %rq<2>;\n.reg .b64 %SP;\n.reg .f32 a, b;");
  std::vector<std::string> names;
  for (const Statement& st : f.body) {
    REQUIRE(st.kind == Statement::Kind::Variable);
    CHECK(st.var.space == "reg");
    names.push_back(st.var.name);
  }
  REQUIRE(names.size() == 3 + 12 + 2 + 1 + 2);
  CHECK(names[0] == "%p0");
  CHECK(names[2] == "%p2");
  CHECK(names[3] == "%r0");
  CHECK(names[14] == "%r11");
  CHECK(names[15] == "%rq0");
  CHECK(f.body[16].var.type == "b128");
  CHECK(names[17] == "%SP");
  CHECK(names[18] == "a");
  CHECK(names[19] == "b");
  CHECK(f.body[19].var.type == "f32");
  CHECK(f.body[4].var.pos.line == 7);
  CHECK(f.body[4].var.pos.col == 11);
}

TEST_CASE("variables declared in a body: local depot, shared arrays") {
  auto f = ptx_test::parse_body(
      ".local .align 8 .b8 __local_depot5[24];\n.shared .align 128 .b8 tile[4096];\n.shared .align 8 .u64 bar;");
  REQUIRE(f.body.size() == 3);
  CHECK(f.body[0].var.space == "local");
  CHECK(f.body[0].var.name == "__local_depot5");
  CHECK(f.body[0].var.align == 8u);
  CHECK(f.body[0].var.dims == std::vector<std::uint64_t>{24});
  CHECK(f.body[1].var.space == "shared");
  CHECK(f.body[1].var.dims == std::vector<std::uint64_t>{4096});
  CHECK(f.body[2].var.type == "u64");
}

TEST_CASE(".ptr parameter attributes") {
  Module m = parse_ok(std::string(ptx_test::kHeader) +
                      ".visible .entry k(\n\t.param .u64 .ptr .align 1 p0,\n\t.param .u64 .ptr .global .align 16 p1,\n"
                      "\t.param .align 64 .b8 tmap[128]\n)\n{\nret;\n}\n");
  const auto& p = m.functions.at(0).params;
  REQUIRE(p.size() == 3);
  CHECK(p[0].is_ptr);
  CHECK(p[0].ptr_space.empty());
  CHECK(p[0].ptr_align == 1u);
  CHECK_FALSE(p[0].align.has_value());
  CHECK(p[1].ptr_space == "global");
  CHECK(p[1].ptr_align == 16u);
  CHECK_FALSE(p[2].is_ptr);
  CHECK(p[2].align == 64u);
  CHECK(p[2].dims == std::vector<std::uint64_t>{128});
}

}  // namespace WARPSIM_UNITY_ID
