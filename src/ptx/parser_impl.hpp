// The recursive-descent PTX parser shared by module.cpp (module directives), declarations.cpp (variables and
// initialisers), functions.cpp (headers and bodies) and instructions.cpp (instructions and operands).
// Models: the grammar of PTX ISA 9.0 modules as nvcc emits them; instructions are parsed generically as
// `[@[!]guard] opcode{.modifier} [operand {, operand}] ;`, so no opcode list is needed.
// Leaves out: `.calltargets` (nvcc never emits it; reported as unsupported) and constant expressions beyond
// a unary minus and `symbol+offset`.
// Errors: each is recorded with its position, then an internal Abort unwinds to the statement (or module
// item) being parsed, which skips to the next ';' or '}' and goes on.
#pragma once

#include <warpsim/ptx/parser.hpp>

#include "ptx/directives.hpp"
#include "ptx/lexer.hpp"
#include "ptx/scopes.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace warpsim::ptx::detail {

// What may precede a declaration's state space: linkage, and an alignment (`.align 8 .global ...`).
struct Linkage {
  bool is_extern = false, is_visible = false, is_weak = false, is_common = false;
  std::optional<unsigned> align;
};

enum class DeclContext : std::uint8_t { Module, Body, Param };

class Parser {
 public:
  Parser(std::string_view text, std::string path);
  ParseResult run();

 private:
  struct Abort {};

  // --- tokens and errors (parser.cpp) ---
  const Token& peek();  // the next token; a lexical error is reported, consumed and aborts here
  Token take();         // consumes the next token
  [[noreturn]] void fail(Pos pos, std::string message);
  void report(Pos pos, std::string message);
  static std::string describe(const Token& t);
  Token expect_punct(char c, std::string_view context);
  Token expect_ident(std::string_view what);
  std::uint64_t expect_uint(std::string_view what, std::uint64_t max = UINT64_MAX);
  bool accept(char c);
  // Consumes a ';'; a missing one before a line break is reported at the end of the previous token and
  // parsing goes on as if it were there.
  void expect_semicolon(std::string_view after);
  void sync_statement();
  void sync_module();  // parse_module_item has taken at least one token before it fails

  // --- module scope (module.cpp) ---
  void parse_module_item();
  void parse_target();
  void parse_file_directive();
  void parse_alias();
  void parse_section();
  std::vector<std::string> parse_pragma_strings();

  // --- declarations (declarations.cpp) ---
  // `first` is the state-space directive, already taken.
  void parse_var_decl(const Token& first, const Linkage& linkage, DeclContext ctx, std::vector<Variable>& out);
  void parse_initializer(Variable& v);
  void parse_init_element(Variable& v);
  std::int64_t parse_signed_offset();  // after '+' or '-': [-]integer, sign applied

  // --- functions (functions.cpp) ---
  void parse_function(const Token& kind, const Linkage& linkage);
  void parse_param_list(std::vector<Variable>& out);
  void parse_header_directives(Function& f);
  void parse_body(Function& f);
  // Returns false when the body ended early at a directive that only belongs at module scope.
  bool parse_body_statement(Function& f);
  void parse_loc(Function& f);
  void parse_label_statement(Function& f, const Token& name);
  void add_function(Function f);

  // --- instructions (instructions.cpp) ---
  // `ident` is the mnemonic's first token when the caller has taken it already; else the next is '@'.
  void parse_instruction(Function& f, const Token* ident);
  Operand parse_operand();
  Operand parse_primary();
  Operand parse_list(char close, Pos open);  // after '{' or '(': a Vector
  Operand parse_address(Pos open);           // after '['
  void resolve_operand(Operand& op, const LabelUse& where, bool branch_target, int depth);

  Lexer lex_;
  Scopes scopes_;
  ParseResult result_;
  Pos last_end_;  // just after the last consumed token
  std::size_t last_end_offset_ = 0;
  int open_lists_ = 0;            // '{'/'(' lists open in the current statement, for recovery
  std::vector<Pos> open_blocks_;  // '{' of the current function body and its nested blocks
  std::unordered_map<std::string, std::size_t> function_index_;
};

std::string unquote(std::string_view quoted);  // "a\"b" -> a"b

// Collapses runs of whitespace and comments into single spaces and trims the ends.
std::string normalize_text(std::string_view raw);

}  // namespace warpsim::ptx::detail
