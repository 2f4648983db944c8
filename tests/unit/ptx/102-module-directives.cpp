// Tests of module-scope directives: .version, .target (with options), .address_size, .file, .alias, .pragma,
// .section blocks (skipped whole, however large) and comments between directives.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::parse_ok;

TEST_CASE("version, target and address size") {
  Module m = parse_ok(".version 9.0\n.target sm_100a\n.address_size 64\n");
  CHECK(m.path == "test.ptx");
  CHECK(m.version == "9.0");
  CHECK(m.target == "sm_100a");
  CHECK(m.target_flags.empty());
  CHECK(m.address_size == 64);
  CHECK(m.functions.empty());
  CHECK(m.globals.empty());
}

TEST_CASE("target options after the first target") {
  Module m = parse_ok(".version 8.7\n.target sm_90a, debug, texmode_independent\n.address_size 32\n");
  CHECK(m.version == "8.7");
  CHECK(m.target == "sm_90a");
  CHECK(m.target_flags == std::vector<std::string>{"debug", "texmode_independent"});
  CHECK(m.address_size == 32);
}

TEST_CASE("an empty module and one of only comments") {
  CHECK(parse_ok("").functions.empty());
  Module m = parse_ok("// nothing\n/* at\nall */\n");
  CHECK(m.version.empty());
  CHECK(m.address_size == 64);
}

TEST_CASE(".file entries, with and without timestamp and size") {
  Module m = parse_ok(std::string(ptx_test::kHeader) +
                      "\t.file\t1 \"/src/a.cu\"\n\t.file\t2 \"/usr/include/b.h\", 1700000000, 4096\n");
  REQUIRE(m.files.size() == 2);
  CHECK(m.files[0].index == 1);
  CHECK(m.files[0].path == "/src/a.cu");
  CHECK(m.files[1].index == 2);
  CHECK(m.files[1].path == "/usr/include/b.h");
}

TEST_CASE(".alias and module-scope .pragma") {
  Module m =
      parse_ok(std::string(ptx_test::kHeader) + ".func foo() { ret; }\n.alias bar, foo;\n.pragma \"nounroll\";\n");
  REQUIRE(m.aliases.size() == 1);
  CHECK(m.aliases[0].name == "bar");
  CHECK(m.aliases[0].aliasee == "foo");
  CHECK(m.aliases[0].pos.line == 5);
  CHECK(m.aliases[0].pos.col == 8);
  CHECK(m.pragmas == std::vector<std::string>{"nounroll"});
}

TEST_CASE(".section blocks are skipped entirely") {
  std::string text(ptx_test::kHeader);
  text += ".visible .entry k() { ret; }\n\t.file\t1 \"k.cu\"\n";
  text += "\t.section\t.debug_str\n\t{\n$L__info_string0:\n.b8 95,90,0\n\t}\n";
  text += "\t.section\t.debug_info\n\t{\n";
  for (int i = 0; i < 200000; ++i) text += ".b8 1, 2, 3, 4\n.b32 .debug_abbrev\n";
  text += "\t}\n";
  text += ".global .u32 after_sections;\n";
  Module m = parse_ok(text);
  REQUIRE(m.functions.size() == 1);
  REQUIRE(m.globals.size() == 1);
  CHECK(m.globals[0].name == "after_sections");
  CHECK(m.globals[0].pos.line == 12 + 400000 + 2);  // after 12 lines, the block, and its closing brace
}

TEST_CASE("comments between and inside directives") {
  Module m = parse_ok("/* lead */ .version /* x */ 9.0 // trailing\n.target // y\n sm_90a\n.address_size 64 /* z */\n");
  CHECK(m.version == "9.0");
  CHECK(m.target == "sm_90a");
}

}  // namespace WARPSIM_UNITY_ID
