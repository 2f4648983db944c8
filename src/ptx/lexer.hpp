// The PTX lexer: turns module text into tokens on demand, one token of lookahead.
// Models: identifiers (`%r1`, `$L__BB0_1`, `_Z3fooi`), directives (`.reg`, `.b32`, `.x`), integer and float
// literals (kept as text; literals.hpp decodes them), strings, punctuation, `//` and `/* */` comments, and
// 1-based line:column positions. Two raw scans serve the parser: an instruction mnemonic, which may contain
// dots, digits and `::` (`tcgen05.ld.sync.aligned.32x32b.x4.b32`), and a `.section` block that is skipped
// unread.
// Leaves out: meaning. A bad character, an unterminated comment or string and a malformed number come back
// as Tok::Error tokens; error_message() says what is wrong and the parser reports it.
#pragma once

#include <warpsim/ptx/ast.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace warpsim::ptx::detail {

enum class Tok : std::uint8_t {
  End,
  Ident,      // [A-Za-z_$%][A-Za-z0-9_$]*
  Directive,  // .name (text includes the dot)
  Int,        // 42, 0x2A, 052, 0b101010, 42U
  Float,      // 0f3F800000, 0d3FF0000000000000, 1.5, 1e-3
  String,     // "..." (text includes the quotes)
  Punct,      // one of , ; : { } [ ] ( ) + - ! @ | < > = * /
  Error,      // error_message() says what is wrong
};

struct Token {
  Tok kind = Tok::End;
  std::string_view text;
  Pos pos;
  std::size_t offset = 0;       // of the first character in the module text
  bool newline_before = false;  // a line break (or the start of the text) lies between this and the last token

  bool is(char punct) const { return kind == Tok::Punct && text[0] == punct; }
  bool is_directive(std::string_view name) const { return kind == Tok::Directive && text == name; }
  std::size_t end() const { return offset + text.size(); }
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  const Token& peek();
  Token next();

  // `ident` was just taken with next(): extends it over the whole mnemonic (`mbarrier.try_wait.parity.
  // shared::cta.b64`), consuming the rest of it, and returns it.
  std::string_view take_mnemonic(const Token& ident);

  // Skips a `{ ... }` block (brace-balanced, comments honoured) starting at the next '{'. Returns false (and
  // skips to the end of the text) if the block is not closed.
  bool skip_braced_block();

  std::string_view text() const { return text_; }

 private:
  Token lex();
  void skip_space_and_comments(Token& into);
  void lex_number(Token& t);
  void newline_at(std::size_t offset);
  Pos here(std::size_t offset) const;

  // Where the next token starts to be looked for.
  struct State {
    std::size_t pos = 0;
    std::uint32_t line = 1;
    std::size_t line_start = 0;
  };

  std::string_view text_;
  State state_;
  bool has_peek_ = false;
  Token peek_;
  State after_peek_;
};

// What is wrong with a Tok::Error token.
std::string error_message(const Token& t);

// Character classes shared by the lexer and the parser.
bool is_ident_start(char c);
bool is_ident_char(char c);

}  // namespace warpsim::ptx::detail
