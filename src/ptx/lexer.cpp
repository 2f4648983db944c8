// The PTX lexer (see lexer.hpp): a hand-written scanner over the module text, linear in its length.
// Leaves out: decoding literal values (literals.cpp) and deciding what a token means (the parser).
#include "ptx/lexer.hpp"

#include <fmt/format.h>

#include <cstring>

namespace warpsim::ptx::detail {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

constexpr std::string_view kPunct = ",;:{}[]()+-!@|<>=*/";

std::string printable(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string(1, c);
  return fmt::format("\\x{:02x}", u);
}

}  // namespace

std::string error_message(const Token& t) {
  if (t.text.starts_with("/*")) return "unterminated comment: '/*' has no matching '*/'";
  if (t.text.starts_with("\"")) return "unterminated string";
  if (is_digit(t.text[0])) return fmt::format("malformed number '{}'", t.text);
  return fmt::format("unexpected character '{}'", printable(t.text[0]));
}

bool is_ident_start(char c) { return is_alpha(c) || c == '_' || c == '$' || c == '%'; }
bool is_ident_char(char c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$'; }

const Token& Lexer::peek() {
  if (!has_peek_) {
    State saved = state_;
    peek_ = lex();
    after_peek_ = state_;
    state_ = saved;
    has_peek_ = true;
  }
  return peek_;
}

Token Lexer::next() {
  if (has_peek_) {
    has_peek_ = false;
    state_ = after_peek_;
    return std::move(peek_);
  }
  return lex();
}

void Lexer::newline_at(std::size_t offset) {
  ++state_.line;
  state_.line_start = offset + 1;
}

Pos Lexer::here(std::size_t offset) const {
  return Pos{state_.line, static_cast<std::uint32_t>(offset - state_.line_start + 1)};
}

void Lexer::skip_space_and_comments(Token& into) {
  std::size_t& p = state_.pos;
  const std::size_t n = text_.size();
  while (p < n) {
    char c = text_[p];
    if (c == '\n') {
      newline_at(p);
      ++p;
      into.newline_before = true;
    } else if (is_space(c)) {
      ++p;
    } else if (c == '/' && p + 1 < n && text_[p + 1] == '/') {
      const void* nl = std::memchr(text_.data() + p, '\n', n - p);
      p = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n;
    } else if (c == '/' && p + 1 < n && text_[p + 1] == '*') {
      const std::size_t start = p;
      const Pos start_pos = here(p);
      p += 2;
      bool closed = false;
      while (p < n) {
        if (text_[p] == '*' && p + 1 < n && text_[p + 1] == '/') {
          p += 2;
          closed = true;
          break;
        }
        if (text_[p] == '\n') {
          newline_at(p);
          into.newline_before = true;
        }
        ++p;
      }
      if (!closed) {
        into.kind = Tok::Error;
        into.offset = start;
        into.pos = start_pos;
        into.text = text_.substr(start, 2);
        return;
      }
    } else {
      break;
    }
  }
}

Token Lexer::lex() {
  Token t;
  t.newline_before = state_.pos == 0;
  skip_space_and_comments(t);
  if (t.kind == Tok::Error) return t;
  std::size_t& p = state_.pos;
  const std::size_t n = text_.size();
  t.offset = p;
  t.pos = here(p);
  if (p >= n) {
    t.kind = Tok::End;
    return t;
  }
  const std::size_t start = p;
  const char c = text_[p];
  if (is_ident_start(c) && (c != '%' || (p + 1 < n && is_ident_char(text_[p + 1])))) {
    ++p;
    while (p < n && is_ident_char(text_[p])) ++p;
    t.kind = Tok::Ident;
  } else if (c == '.' && p + 1 < n && is_ident_char(text_[p + 1])) {
    ++p;
    while (p < n && is_ident_char(text_[p])) ++p;
    t.kind = Tok::Directive;
  } else if (is_digit(c)) {
    lex_number(t);
  } else if (c == '"') {
    ++p;
    while (p < n && text_[p] != '"' && text_[p] != '\n') p += (text_[p] == '\\' && p + 1 < n) ? 2 : 1;
    if (p >= n || text_[p] != '"') {
      t.kind = Tok::Error;
    } else {
      ++p;
      t.kind = Tok::String;
    }
  } else if (kPunct.find(c) != std::string_view::npos) {
    ++p;
    t.kind = Tok::Punct;
  } else {
    ++p;
    t.kind = Tok::Error;
  }
  t.text = text_.substr(start, p - start);
  return t;
}

void Lexer::lex_number(Token& t) {
  std::size_t& p = state_.pos;
  const std::size_t n = text_.size();
  auto hex_run = [&](std::size_t from) {
    std::size_t q = from;
    while (q < n && is_hex(text_[q])) ++q;
    return q - from;
  };
  auto take_u = [&] {
    if (p < n && text_[p] == 'U') ++p;
  };
  const char c1 = p + 1 < n ? text_[p + 1] : '\0';
  if (text_[p] == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D')) {
    const std::size_t digits = hex_run(p + 2);
    const std::size_t want = (c1 == 'f' || c1 == 'F') ? 8 : 16;
    p += 2 + digits;
    t.kind = digits == want ? Tok::Float : Tok::Error;
  } else if (text_[p] == '0' && (c1 == 'x' || c1 == 'X')) {
    const std::size_t digits = hex_run(p + 2);
    p += 2 + digits;
    take_u();
    t.kind = digits > 0 ? Tok::Int : Tok::Error;
  } else if (text_[p] == '0' && (c1 == 'b' || c1 == 'B')) {
    p += 2;
    const std::size_t from = p;
    while (p < n && (text_[p] == '0' || text_[p] == '1')) ++p;
    take_u();
    t.kind = p > from ? Tok::Int : Tok::Error;
  } else {
    while (p < n && is_digit(text_[p])) ++p;
    bool is_float = false;
    if (p + 1 < n && text_[p] == '.' && is_digit(text_[p + 1])) {
      is_float = true;
      ++p;
      while (p < n && is_digit(text_[p])) ++p;
    }
    if (p < n && (text_[p] == 'e' || text_[p] == 'E')) {
      std::size_t q = p + 1;
      if (q < n && (text_[q] == '+' || text_[q] == '-')) ++q;
      if (q < n && is_digit(text_[q])) {
        is_float = true;
        p = q;
        while (p < n && is_digit(text_[p])) ++p;
      }
    }
    if (!is_float) take_u();
    t.kind = is_float ? Tok::Float : Tok::Int;
  }
  if (p < n && is_ident_char(text_[p])) {
    while (p < n && is_ident_char(text_[p])) ++p;
    t.kind = Tok::Error;
  }
}

std::string_view Lexer::take_mnemonic(const Token& ident) {
  has_peek_ = false;
  std::size_t p = ident.end();
  const std::size_t n = text_.size();
  while (p < n) {
    const char c = text_[p];
    if (is_ident_char(c) || c == '.') {
      ++p;
    } else if (c == ':' && p + 1 < n && text_[p + 1] == ':') {
      p += 2;
    } else {
      break;
    }
  }
  state_.pos = p;
  return text_.substr(ident.offset, p - ident.offset);
}

bool Lexer::skip_braced_block() {
  has_peek_ = false;
  std::size_t& p = state_.pos;
  const std::size_t n = text_.size();
  int depth = 0;
  while (p < n) {
    const char c = text_[p];
    if (c == '\n') {
      newline_at(p);
    } else if (c == '/' && p + 1 < n && text_[p + 1] == '/') {
      const void* nl = std::memchr(text_.data() + p, '\n', n - p);
      p = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n;
      continue;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth == 0) {
        ++p;
        return true;
      }
    }
    ++p;
  }
  return false;
}

}  // namespace warpsim::ptx::detail
