// Tests of the PTX lexer and literal decoding: token kinds, number shapes and values, comments, positions,
// the raw mnemonic and .section scans, and lexical errors.
#include "ptx/lexer.hpp"
#include "ptx/literals.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <bit>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using namespace warpsim::ptx::detail;

namespace {

std::vector<Token> lex_all(std::string_view text) {
  Lexer lex(text);
  std::vector<Token> out;
  while (true) {
    Token t = lex.next();
    if (t.kind == Tok::End) break;
    out.push_back(std::move(t));
    if (out.back().kind == Tok::Error) break;
  }
  return out;
}

Token single(std::string_view text) {
  auto t = lex_all(text);
  REQUIRE(t.size() == 1);
  return t[0];
}

}  // namespace

TEST_CASE("identifiers, directives and punctuation") {
  auto t = lex_all("%r1 $L__BB0_2 _Z3fooi .reg .b32 %tid.x, {a|b};");
  REQUIRE(t.size() == 14);
  CHECK(t[0].kind == Tok::Ident);
  CHECK(t[0].text == "%r1");
  CHECK(t[1].text == "$L__BB0_2");
  CHECK(t[2].text == "_Z3fooi");
  CHECK(t[3].kind == Tok::Directive);
  CHECK(t[3].text == ".reg");
  CHECK(t[5].text == "%tid");
  CHECK(t[6].kind == Tok::Directive);
  CHECK(t[6].text == ".x");
  CHECK(t[6].offset == t[5].end());
  CHECK(t[7].is(','));
  CHECK(t[8].is('{'));
  CHECK(t[9].text == "a");
  CHECK(t[10].is('|'));
  CHECK(t[12].is('}'));
  CHECK(t[13].is(';'));
  for (char c : std::string_view(",;:{}[]()+-!@|<>=*/")) CHECK(single(std::string(1, c)).is(c));
}

TEST_CASE("integer literal shapes and values") {
  for (const char* text : {"0", "42", "42U", "0x2A", "0X2aU", "052", "0b101010", "0B1U", "18446744073709551615"})
    CHECK(single(text).kind == Tok::Int);
  CHECK(decode_int("0") == 0u);
  CHECK(decode_int("42") == 42u);
  CHECK(decode_int("42U") == 42u);
  CHECK(decode_int("0x2A") == 42u);
  CHECK(decode_int("0X2aU") == 42u);
  CHECK(decode_int("052") == 42u);
  CHECK(decode_int("0b101010") == 42u);
  CHECK(decode_int("0xFFFFFFFFFFFFFFFF") == 0xFFFFFFFFFFFFFFFFull);
  CHECK(decode_int("18446744073709551615") == 18446744073709551615ull);
  CHECK_FALSE(decode_int("18446744073709551616").has_value());
  CHECK_FALSE(decode_int("0x10000000000000000").has_value());
  CHECK_FALSE(decode_int("09").has_value());  // not an octal digit
}

TEST_CASE("float literal shapes and bits") {
  for (const char* text : {"0f3F800000", "0F3f800000", "0d3FF0000000000000", "1.5", "1e-3", "2.5E+10", "9.0"})
    CHECK(single(text).kind == Tok::Float);
  auto f = decode_float("0f3F800000");
  REQUIRE(f);
  CHECK(f->bits == 0x3F800000u);
  CHECK_FALSE(f->is_double);
  auto d = decode_float("0d3FF0000000000000");
  REQUIRE(d);
  CHECK(d->bits == 0x3FF0000000000000ull);
  CHECK(d->is_double);
  auto dec = decode_float("1.5");
  REQUIRE(dec);
  CHECK(dec->bits == std::bit_cast<std::uint64_t>(1.5));
  CHECK(dec->is_double);
  CHECK(decode_float("1e-3")->bits == std::bit_cast<std::uint64_t>(1e-3));
}

TEST_CASE("malformed numbers are error tokens") {
  for (const char* text : {"0f3F80", "0d3FF0", "0x", "0b", "12ab", "0f3F800000G"}) {
    Token t = single(text);
    CHECK(t.kind == Tok::Error);
    CHECK(error_message(t) == fmt::format("malformed number '{}'", text));
  }
}

TEST_CASE("comments are skipped anywhere") {
  auto t = lex_all("add/* inline */.s32 // to the end\n%r1 /* multi\nline */ ,");
  REQUIRE(t.size() == 4);
  CHECK(t[0].text == "add");
  CHECK(t[1].text == ".s32");
  CHECK(t[2].text == "%r1");
  CHECK(t[2].pos.line == 2);
  CHECK(t[2].newline_before);
  CHECK(t[3].pos.line == 3);
  CHECK(t[3].pos.col == 9);
}

TEST_CASE("positions are 1-based lines and columns, a tab is one column") {
  auto t = lex_all("\n\tmov.u32 \t%r1,\n  42;");
  REQUIRE(t.size() == 6);
  CHECK(t[0].pos.line == 2);
  CHECK(t[0].pos.col == 2);
  CHECK(t[0].newline_before);
  CHECK(t[2].text == "%r1");
  CHECK(t[2].pos.col == 11);
  CHECK_FALSE(t[2].newline_before);
  CHECK(t[4].text == "42");
  CHECK(t[4].pos.line == 3);
  CHECK(t[4].pos.col == 3);
}

TEST_CASE("strings keep their quotes") {
  Token s = single("\"a \\\"b\\\" c\"");
  CHECK(s.kind == Tok::String);
  CHECK(s.text == "\"a \\\"b\\\" c\"");
}

TEST_CASE("lexical errors") {
  Token bad = single("#");
  CHECK(bad.kind == Tok::Error);
  CHECK(error_message(bad) == "unexpected character '#'");
  CHECK(error_message(single("\x01")) == "unexpected character '\\x01'");
  auto c = lex_all("a /* never closed\n\n");
  REQUIRE(c.size() == 2);
  CHECK(c[1].kind == Tok::Error);
  CHECK(error_message(c[1]) == "unterminated comment: '/*' has no matching '*/'");
  CHECK(c[1].pos.line == 1);
  CHECK(c[1].pos.col == 3);
  Token s = lex_all("\"open\n")[0];
  CHECK(s.kind == Tok::Error);
  CHECK(error_message(s) == "unterminated string");
  CHECK(error_message(single("%")) == "unexpected character '%'");
}

TEST_CASE("the mnemonic scan keeps dots, digits and '::' together") {
  Lexer lex("tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r1}, [%r2];\nmov.b64{%r1,%r2}, %rd1;\nL1: ret;");
  Token id = lex.next();
  CHECK(lex.peek().text == ".ld");  // a peeked token is dropped by take_mnemonic
  CHECK(lex.take_mnemonic(id) == "tcgen05.ld.sync.aligned.32x32b.x4.b32");
  CHECK(lex.next().is('{'));
  while (!lex.next().is(';')) {
  }
  Token mov = lex.next();
  CHECK(lex.take_mnemonic(mov) == "mov.b64");
  CHECK(lex.next().is('{'));
  while (!lex.next().is(';')) {
  }
  Token label = lex.next();
  CHECK(lex.take_mnemonic(label) == "L1");  // a single ':' ends it
  CHECK(lex.next().is(':'));

  Lexer mb("mbarrier.try_wait.parity.shared::cta.b64 P, [%r1];");
  Token m = mb.next();
  CHECK(mb.take_mnemonic(m) == "mbarrier.try_wait.parity.shared::cta.b64");
  CHECK(mb.next().text == "P");
}

TEST_CASE("a braced block is skipped whole, lines counted") {
  Lexer lex(".section .debug_info\n{\n.b8 1, 2 // {\n{ nested }\n}\nnext");
  CHECK(lex.next().text == ".section");
  CHECK(lex.next().text == ".debug_info");
  CHECK(lex.peek().is('{'));
  CHECK(lex.skip_braced_block());
  Token after = lex.next();
  CHECK(after.text == "next");
  CHECK(after.pos.line == 6);
  CHECK(after.pos.col == 1);
  Lexer open("{ never closed");
  CHECK_FALSE(open.skip_braced_block());
  CHECK(open.next().kind == Tok::End);
}

}  // namespace WARPSIM_UNITY_ID
