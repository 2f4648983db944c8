// Helpers shared by the PTX parser tests: parse a module, a function body or a single instruction and fail
// the test with the parser's messages if it does not parse.
#pragma once

#include <warpsim/ptx/parser.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <string_view>

namespace ptx_test {

inline constexpr std::string_view kHeader = ".version 9.0\n.target sm_90a\n.address_size 64\n";

// Parses `text`, which must succeed.
inline warpsim::ptx::Module parse_ok(std::string_view text) {
  warpsim::ptx::ParseResult r = warpsim::ptx::parse(text, "test.ptx");
  INFO(r.format_errors());
  REQUIRE(r.ok());
  return std::move(r.module);
}

// The module text with `body` as the body of `.entry k` (after the header lines 1-3, `.entry k()` is line 4
// and `{` line 5, so the body starts on line 6).
inline std::string kernel(std::string_view body) {
  return std::string(kHeader) + ".visible .entry k()\n{\n" + std::string(body) + "\n}\n";
}

// The body of `.entry k` containing `body`, which must parse.
inline warpsim::ptx::Function parse_body(std::string_view body) {
  warpsim::ptx::Module m = parse_ok(kernel(body));
  REQUIRE(m.functions.size() == 1);
  return std::move(m.functions[0]);
}

// The only instruction of a body made of `decls` and `instruction` (which needs no trailing ';').
inline warpsim::ptx::Instruction parse_instr(std::string_view instruction, std::string_view decls = "") {
  warpsim::ptx::Function f = parse_body(std::string(decls) + "\n" + std::string(instruction) + ";");
  const warpsim::ptx::Instruction* found = nullptr;
  for (const auto& st : f.body)
    if (st.kind == warpsim::ptx::Statement::Kind::Instruction) {
      REQUIRE(found == nullptr);
      found = &st.instr;
    }
  REQUIRE(found != nullptr);
  return *found;
}

// The errors of a module that must fail, as format_errors() writes them.
inline std::string errors_of(std::string_view text) {
  warpsim::ptx::ParseResult r = warpsim::ptx::parse(text, "bad.ptx");
  REQUIRE_FALSE(r.ok());
  return r.format_errors();
}

}  // namespace ptx_test
