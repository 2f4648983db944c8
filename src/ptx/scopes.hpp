// Scope resolution inside one function: nested `{ }` blocks (inline asm, call sequences) may declare
// registers, variables and labels that shadow outer ones and reuse the same names block after block.
// Models: one scope per block, the function's own parameters and body in the root scope. A declaration in
// an inner scope is renamed to `name$N`, N the block's 1-based ordinal in the function (extended with
// `$K` if that spelling already occurs in the module); every use is resolved to the innermost visible
// declaration. Variables must be declared before use; labels may be used before their definition and are
// resolved when the function ends. Names declared nowhere (globals, functions, special registers) stay as
// written.
// Leaves out: types and state spaces of what is declared (beyond "is a register").
#pragma once

#include <warpsim/ptx/ast.hpp>
#include <warpsim/ptx/parser.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace warpsim::ptx::detail {

struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using NameSet = std::unordered_set<std::string, NameHash, std::equal_to<>>;

// Every identifier of the form `X$<digits>` in the text: spellings a generated name must avoid.
NameSet collect_dollar_names(std::string_view text);

struct Declared {
  std::string name;  // after renaming
  bool is_reg = false;
  Pos pos;
};

// A symbol operand (or .branchtargets entry) waiting for the function's labels.
struct LabelUse {
  enum class Slot : std::uint8_t { Operand, Element, Target };
  Slot slot = Slot::Operand;
  std::uint32_t stmt = 0;   // index in Function::body
  std::uint32_t index = 0;  // operand index, or target index
  std::uint32_t elem = 0;   // element index for Slot::Element
  std::uint32_t scope = 0;
  bool must_be_label = false;  // a branch target: an error if no label of that name is visible
  Pos pos;                     // where the name is written
};

class Scopes {
 public:
  explicit Scopes(NameSet reserved) : reserved_(std::move(reserved)) {}

  void begin_function();  // opens the root scope
  void open();
  void close();
  std::size_t depth() const { return open_.size(); }
  std::uint32_t current() const { return open_.back(); }

  // Declares a register/variable or a label in the current scope and returns its (renamed) name. A second
  // declaration of the same name in one scope is reported and resolves to the first.
  std::string declare_var(std::string_view name, bool is_reg, Pos pos, std::vector<Diagnostic>& errors);
  std::string declare_label(std::string_view name, Pos pos, std::vector<Diagnostic>& errors);

  // The innermost visible variable of that name, or nullptr.
  const Declared* find_var(std::string_view name) const;

  void use_label(const LabelUse& use) { label_uses_.push_back(use); }

  // Resolves the recorded label uses in `body`, reports undefined branch targets, and forgets the function.
  void end_function(std::vector<Statement>& body, std::vector<Diagnostic>& errors);

 private:
  using Table = std::unordered_map<std::string, Declared, NameHash, std::equal_to<>>;
  struct Scope {
    std::uint32_t parent = 0;
    std::uint32_t ordinal = 0;  // 0 for the root
    Table vars;
    Table labels;
  };
  std::string unique_name(std::string_view name, std::uint32_t ordinal);
  std::string declare(Table& table, std::string_view name, bool is_reg, Pos pos, const char* what,
                      std::vector<Diagnostic>& errors);

  NameSet reserved_;
  NameSet generated_;
  std::vector<Scope> scopes_;
  std::vector<std::uint32_t> open_;
  std::vector<LabelUse> label_uses_;
};

}  // namespace warpsim::ptx::detail
