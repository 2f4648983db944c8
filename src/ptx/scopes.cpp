// Scope resolution inside one function (see scopes.hpp).
// Leaves out: module-scope names; they are never renamed and need no resolution.
#include "ptx/scopes.hpp"

#include "ptx/lexer.hpp"

#include <fmt/format.h>

#include <cstring>

namespace warpsim::ptx::detail {

NameSet collect_dollar_names(std::string_view text) {
  NameSet names;
  const char* base = text.data();
  const std::size_t n = text.size();
  std::size_t p = 0;
  while (p < n) {
    const void* hit = std::memchr(base + p, '$', n - p);
    if (!hit) break;
    const auto dollar = static_cast<std::size_t>(static_cast<const char*>(hit) - base);
    p = dollar + 1;
    if (dollar == 0 || p >= n || text[p] < '0' || text[p] > '9') continue;
    std::size_t begin = dollar;
    while (begin > 0 && (is_ident_char(text[begin - 1]) || text[begin - 1] == '%')) --begin;
    std::size_t end = p;
    while (end < n && is_ident_char(text[end])) ++end;
    names.emplace(text.substr(begin, end - begin));
    p = end;
  }
  return names;
}

void Scopes::begin_function() {
  scopes_.clear();
  open_.clear();
  label_uses_.clear();
  generated_.clear();
  scopes_.push_back(Scope{});
  open_.push_back(0);
}

void Scopes::open() {
  Scope s;
  s.parent = open_.back();
  s.ordinal = static_cast<std::uint32_t>(scopes_.size());
  scopes_.push_back(std::move(s));
  open_.push_back(static_cast<std::uint32_t>(scopes_.size() - 1));
}

void Scopes::close() {
  scopes_[open_.back()].vars.clear();  // variables resolve on use; only labels are needed later
  open_.pop_back();
}

std::string Scopes::unique_name(std::string_view name, std::uint32_t ordinal) {
  const std::string first = fmt::format("{}${}", name, ordinal);
  std::string candidate = first;
  for (unsigned k = 1; reserved_.contains(candidate) || generated_.contains(candidate); ++k)
    candidate = fmt::format("{}${}", first, k);
  generated_.insert(candidate);
  return candidate;
}

std::string Scopes::declare(Table& table, std::string_view name, bool is_reg, Pos pos, const char* what,
                            std::vector<Diagnostic>& errors) {
  if (auto it = table.find(name); it != table.end()) {
    errors.push_back({pos, fmt::format("{} '{}' is already {} in this scope (at {}:{})", what, name,
                                       std::string_view(what) == "label" ? "defined" : "declared", it->second.pos.line,
                                       it->second.pos.col)});
    return it->second.name;
  }
  const std::uint32_t ordinal = scopes_[open_.back()].ordinal;
  Declared d{ordinal == 0 ? std::string(name) : unique_name(name, ordinal), is_reg, pos};
  std::string renamed = d.name;
  table.emplace(std::string(name), std::move(d));
  return renamed;
}

std::string Scopes::declare_var(std::string_view name, bool is_reg, Pos pos, std::vector<Diagnostic>& errors) {
  return declare(scopes_[open_.back()].vars, name, is_reg, pos, is_reg ? "register" : "variable", errors);
}

std::string Scopes::declare_label(std::string_view name, Pos pos, std::vector<Diagnostic>& errors) {
  return declare(scopes_[open_.back()].labels, name, false, pos, "label", errors);
}

const Declared* Scopes::find_var(std::string_view name) const {
  // Innermost first (reverse iterators, not std::views::reverse: clang 14, which builds the fuzz targets, cannot
  // compile libstdc++ 12's views).
  for (auto it = open_.rbegin(); it != open_.rend(); ++it) {
    const Table& vars = scopes_[*it].vars;
    if (auto found = vars.find(name); found != vars.end()) return &found->second;
  }
  return nullptr;
}

void Scopes::end_function(std::vector<Statement>& body, std::vector<Diagnostic>& errors) {
  for (const LabelUse& use : label_uses_) {
    Statement& st = body[use.stmt];
    std::string* name = nullptr;
    switch (use.slot) {
      case LabelUse::Slot::Operand: name = &st.instr.operands[use.index].name; break;
      case LabelUse::Slot::Element: name = &st.instr.operands[use.index].elems[use.elem].name; break;
      case LabelUse::Slot::Target: name = &st.targets[use.index]; break;
    }
    const Declared* found = nullptr;
    for (std::uint32_t s = use.scope;; s = scopes_[s].parent) {
      const Table& labels = scopes_[s].labels;
      if (auto it = labels.find(*name); it != labels.end()) {
        found = &it->second;
        break;
      }
      if (s == 0) break;
    }
    if (found) {
      *name = found->name;
    } else if (use.must_be_label) {
      errors.push_back({use.pos, fmt::format("undefined label '{}'", *name)});
    }
  }
  label_uses_.clear();
  scopes_.clear();
  open_.clear();
}

}  // namespace warpsim::ptx::detail
