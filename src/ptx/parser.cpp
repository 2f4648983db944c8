// The parser's entry points and shared machinery: token helpers, error reporting and recovery, and the public
// API of parser.hpp (parse, parse_file, ParseResult::format_errors).
// Leaves out: the grammar itself, which lives in module.cpp, declarations.cpp, functions.cpp and
// instructions.cpp.
#include <warpsim/common/error.hpp>
#include <warpsim/ptx/parser.hpp>

#include "ptx/literals.hpp"
#include "ptx/parser_impl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace warpsim::ptx {

namespace detail {

Parser::Parser(std::string_view text, std::string path) : lex_(text), scopes_(collect_dollar_names(text)) {
  result_.module.path = std::move(path);
}

ParseResult Parser::run() {
  while (true) {
    try {
      if (peek().kind == Tok::End) break;
      parse_module_item();
    } catch (const Abort&) {
      sync_module();
    }
  }
  std::stable_sort(result_.errors.begin(), result_.errors.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
  });
  return std::move(result_);
}

const Token& Parser::peek() {
  const Token& t = lex_.peek();
  if (t.kind == Tok::Error) {
    Token bad = lex_.next();
    fail(bad.pos, error_message(bad));
  }
  return t;
}

Token Parser::take() {
  peek();
  Token t = lex_.next();
  last_end_ = Pos{t.pos.line, t.pos.col + static_cast<std::uint32_t>(t.text.size())};
  last_end_offset_ = t.end();
  return t;
}

void Parser::fail(Pos pos, std::string message) {
  report(pos, std::move(message));
  throw Abort{};
}

void Parser::report(Pos pos, std::string message) { result_.errors.push_back({pos, std::move(message)}); }

std::string Parser::describe(const Token& t) {
  if (t.kind == Tok::End) return "end of file";
  if (t.text.size() > 40) return fmt::format("'{}...'", t.text.substr(0, 40));
  return fmt::format("'{}'", t.text);
}

Token Parser::expect_punct(char c, std::string_view context) {
  const Token& t = peek();
  if (!t.is(c)) fail(t.pos, fmt::format("expected '{}' {}, found {}", c, context, describe(t)));
  return take();
}

Token Parser::expect_ident(std::string_view what) {
  const Token& t = peek();
  if (t.kind != Tok::Ident) fail(t.pos, fmt::format("expected {}, found {}", what, describe(t)));
  return take();
}

std::uint64_t Parser::expect_uint(std::string_view what, std::uint64_t max) {
  const Token& t = peek();
  if (t.kind != Tok::Int) fail(t.pos, fmt::format("expected {} (an integer), found {}", what, describe(t)));
  Token num = take();
  auto v = decode_int(num.text);
  if (!v) fail(num.pos, fmt::format("integer literal '{}' does not fit in 64 bits", num.text));
  if (*v > max) fail(num.pos, fmt::format("{} {} is out of range (at most {})", what, *v, max));
  return *v;
}

bool Parser::accept(char c) {
  if (!peek().is(c)) return false;
  take();
  return true;
}

void Parser::expect_semicolon(std::string_view after) {
  const Token& t = peek();
  if (t.is(';')) {
    take();
    return;
  }
  if (t.newline_before || t.kind == Tok::End || t.is('}')) {
    report(last_end_, fmt::format("expected ';' after {}", after));
    return;
  }
  fail(t.pos, fmt::format("expected ';' after {}, found {}", after, describe(t)));
}

void Parser::sync_statement() {
  int depth = open_lists_;
  open_lists_ = 0;
  while (true) {
    const Token& t = lex_.peek();
    if (t.kind == Tok::End) return;
    if (t.is('}') && depth == 0) return;
    Token taken = lex_.next();
    if (taken.is(';')) return;
    if (taken.is('{')) ++depth;
    if (taken.is('}')) --depth;
  }
}

void Parser::sync_module() {
  int depth = 0;
  while (true) {
    const Token& t = lex_.peek();
    if (t.kind == Tok::End) return;
    if (depth == 0 && t.newline_before && t.kind == Tok::Directive && starts_module_item(t.text)) return;
    Token taken = lex_.next();
    if (taken.is(';') && depth == 0) return;
    if (taken.is('{')) ++depth;
    if (taken.is('}') && --depth <= 0) return;
  }
}

std::string normalize_text(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  bool space = false;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '/' && i + 1 < raw.size() && raw[i + 1] == '/') {
      while (i + 1 < raw.size() && raw[i + 1] != '\n') ++i;
      space = true;
    } else if (c == '/' && i + 1 < raw.size() && raw[i + 1] == '*') {
      const std::size_t close = raw.find("*/", i + 2);
      i = close == std::string_view::npos ? raw.size() : close + 1;
      space = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
    } else {
      if (space && !out.empty()) out += ' ';
      space = false;
      out += c;
    }
  }
  return out;
}

}  // namespace detail

std::string ParseResult::format_errors() const {
  std::string out;
  for (const Diagnostic& d : errors) {
    if (!out.empty()) out += '\n';
    out += fmt::format("{}:{}:{}: {}", module.path, d.pos.line, d.pos.col, d.message);
  }
  return out;
}

ParseResult parse(std::string_view text, std::string path) { return detail::Parser(text, std::move(path)).run(); }

Module parse_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) fail(ErrorKind::Input, "cannot read {}: {}", path, std::strerror(errno));
  std::string text;
  std::array<char, 1 << 16> chunk{};
  std::size_t got = 0;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), f)) > 0) text.append(chunk.data(), got);
  const int read_errno = std::ferror(f) ? errno : 0;
  std::fclose(f);
  if (read_errno != 0) fail(ErrorKind::Input, "cannot read {}: {}", path, std::strerror(read_errno));
  ParseResult r = parse(text, path);
  if (!r.ok()) throw Error(ErrorKind::Ptx, r.format_errors());
  return std::move(r.module);
}

}  // namespace warpsim::ptx
