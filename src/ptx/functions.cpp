// Functions: `.entry`/`.func` headers (return and parameter lists, performance directives), prototypes
// (`.func (...) f (...);`) and bodies with their statements: declarations, labels, `.loc`, `.pragma`,
// `.branchtargets`, `.callprototype`, nested `{ }` blocks and instructions. A prototype followed by a
// definition of the same name yields one Function (the definition, at the prototype's place).
// Leaves out: `.attribute(...)` on functions (parsed and dropped) and the `.loc` parts after the column
// (`function_name`, `inlined_at`: parsed and dropped).
#include "ptx/parser_impl.hpp"

#include <fmt/format.h>

namespace warpsim::ptx::detail {

void Parser::parse_function(const Token& kind, const Linkage& linkage) {
  Function f;
  f.is_entry = kind.text == ".entry";
  f.is_visible = linkage.is_visible;
  f.is_extern = linkage.is_extern;
  f.is_weak = linkage.is_weak;
  f.pos = kind.pos;
  scopes_.begin_function();
  if (!f.is_entry && peek().is_directive(".attribute")) {  // e.g. .attribute(.unified(0x1, 0x2)): dropped
    take();
    const Token open = expect_punct('(', "after .attribute");
    for (int depth = 1; depth > 0;) {
      const Token& t = peek();
      if (t.kind == Tok::End) fail(open.pos, "'(' of this .attribute is never closed");
      if (t.is('(')) ++depth;
      if (t.is(')')) --depth;
      take();
    }
  }
  if (!f.is_entry && peek().is('(')) parse_param_list(f.returns);
  f.name = std::string(expect_ident("a function name").text);
  if (peek().is('(')) parse_param_list(f.params);
  for (const auto* list : {&f.returns, &f.params})
    for (const Variable& p : *list) scopes_.declare_var(p.name, p.space == "reg", p.pos, result_.errors);
  parse_header_directives(f);
  const Token& t = peek();
  if (t.is('{')) {
    parse_body(f);
  } else if (!t.is(';')) {
    fail(t.pos, fmt::format("expected '{{' or ';' after the header of '{}', found {}", f.name, describe(t)));
  } else {
    take();
    scopes_.end_function(f.body, result_.errors);
  }
  add_function(std::move(f));
}

void Parser::parse_param_list(std::vector<Variable>& out) {
  expect_punct('(', "to open the parameter list");
  if (accept(')')) return;
  do {
    const Token& d = peek();
    if (d.kind != Tok::Directive || (d.text != ".param" && d.text != ".reg"))
      fail(d.pos, fmt::format("expected a parameter (.param or .reg), found {}", describe(d)));
    Token space = take();
    parse_var_decl(space, Linkage{}, DeclContext::Param, out);
  } while (accept(','));
  expect_punct(')', "to close the parameter list");
}

void Parser::parse_header_directives(Function& f) {
  auto dims = [&](std::vector<std::uint32_t>& out, std::string_view what) {
    out.clear();
    do {
      out.push_back(static_cast<std::uint32_t>(expect_uint(what, UINT32_MAX)));
    } while (out.size() < 3 && accept(','));
  };
  auto number = [&](std::optional<std::uint32_t>& out, std::string_view what) {
    out = static_cast<std::uint32_t>(expect_uint(what, UINT32_MAX));
  };
  while (peek().kind == Tok::Directive) {
    const std::string_view d = peek().text;
    if (d == ".maxntid") {
      take();
      dims(f.maxntid, ".maxntid");
    } else if (d == ".reqntid") {
      take();
      dims(f.reqntid, ".reqntid");
    } else if (d == ".reqnctapercluster") {
      take();
      dims(f.reqnctapercluster, ".reqnctapercluster");
    } else if (d == ".minnctapersm" || d == ".maxnctapersm") {  // .maxnctapersm: the deprecated spelling
      take();
      number(f.minnctapersm, ".minnctapersm");
    } else if (d == ".maxnreg") {
      take();
      number(f.maxnreg, ".maxnreg");
    } else if (d == ".maxclusterrank") {
      take();
      number(f.maxclusterrank, ".maxclusterrank");
    } else if (d == ".abi_preserve") {
      take();
      number(f.abi_preserve, ".abi_preserve");
    } else if (d == ".abi_preserve_control") {
      take();
      number(f.abi_preserve_control, ".abi_preserve_control");
    } else if (d == ".explicitcluster") {
      take();
      f.explicitcluster = true;
    } else if (d == ".blocksareclusters") {
      take();
      f.blocksareclusters = true;
    } else if (d == ".noreturn") {
      take();
      f.noreturn = true;
    } else if (d == ".pragma") {
      take();
      for (std::string& p : parse_pragma_strings()) f.pragmas.push_back(std::move(p));
      accept(';');
    } else {
      return;
    }
  }
}

void Parser::parse_body(Function& f) {
  f.has_body = true;
  open_blocks_.assign(1, take().pos);
  auto report_unclosed = [&] {
    for (const Pos& p : open_blocks_) report(p, "'{' is never closed");
    open_blocks_.clear();
  };
  while (!open_blocks_.empty()) {
    try {
      const Token& t = peek();
      if (t.kind == Tok::End) {
        report_unclosed();
      } else if (t.is('}')) {
        take();
        open_blocks_.pop_back();
        if (!open_blocks_.empty()) scopes_.close();
      } else if (t.is('{')) {
        open_blocks_.push_back(take().pos);
        scopes_.open();
      } else if (!parse_body_statement(f)) {
        report_unclosed();
      }
    } catch (const Abort&) {
      sync_statement();
    }
  }
  scopes_.end_function(f.body, result_.errors);
}

bool Parser::parse_body_statement(Function& f) {
  const Token& t = peek();
  if (t.is('@')) {
    parse_instruction(f, nullptr);
    return true;
  }
  if (t.kind == Tok::Ident) {
    Token ident = take();
    if (lex_.peek().is(':')) {  // the raw lexer: whatever follows a mnemonic is rescanned by take_mnemonic
      parse_label_statement(f, ident);
    } else {
      parse_instruction(f, &ident);
    }
    return true;
  }
  if (t.kind != Tok::Directive) fail(t.pos, fmt::format("expected a statement, found {}", describe(t)));
  const std::string_view d = t.text;
  if (is_module_only(d)) return false;
  if (is_state_space(d) || d == ".align") {
    Linkage prefix;
    if (d == ".align") {
      take();
      prefix.align = static_cast<unsigned>(expect_uint("alignment", UINT32_MAX));
      const Token& sp = peek();
      if (sp.kind != Tok::Directive || !is_state_space(sp.text))
        fail(sp.pos, fmt::format("expected a state space after '.align', found {}", describe(sp)));
    }
    Token space = take();
    std::vector<Variable> vars;
    parse_var_decl(space, prefix, DeclContext::Body, vars);
    for (Variable& v : vars) {
      v.name = scopes_.declare_var(v.name, v.space == "reg", v.pos, result_.errors);
      Statement& st = f.body.emplace_back();
      st.kind = Statement::Kind::Variable;
      st.var = std::move(v);
    }
  } else if (d == ".loc") {
    take();
    parse_loc(f);
  } else if (d == ".pragma") {
    take();
    for (std::string& p : parse_pragma_strings()) {
      Statement& st = f.body.emplace_back();
      st.kind = Statement::Kind::Pragma;
      st.pragma = std::move(p);
    }
    expect_semicolon(".pragma");
  } else if (d == ".file") {
    take();
    parse_file_directive();
  } else if (d == ".calltargets") {
    fail(t.pos, "'.calltargets' is not supported");
  } else if (is_body_directive(d)) {
    fail(t.pos, fmt::format("'{}' must follow a label (name: {} ...;)", d, d));
  } else if (is_header_directive(d)) {
    fail(t.pos, fmt::format("'{}' is only allowed in a function header", d));
  } else {
    fail(t.pos, fmt::format("unknown directive '{}'", d));
  }
  return true;
}

void Parser::parse_loc(Function& f) {
  Statement st;
  st.kind = Statement::Kind::Loc;
  st.loc_file = static_cast<std::uint32_t>(expect_uint(".loc file index", UINT32_MAX));
  st.loc_line = static_cast<std::uint32_t>(expect_uint(".loc line", UINT32_MAX));
  st.loc_col = static_cast<std::uint32_t>(expect_uint(".loc column", UINT32_MAX));
  while (peek().is(',') && !peek().newline_before) {
    take();
    Token key = expect_ident("function_name or inlined_at after ',' in .loc");
    if (key.text == "function_name") {
      expect_ident("a label after function_name");
      if (accept('+')) expect_uint("function_name offset");
    } else if (key.text == "inlined_at") {
      for (const char* what : {"inlined_at file index", "inlined_at line", "inlined_at column"}) expect_uint(what);
    } else {
      fail(key.pos, fmt::format("expected function_name or inlined_at in .loc, found {}", describe(key)));
    }
  }
  f.body.push_back(std::move(st));
}

void Parser::parse_label_statement(Function& f, const Token& name) {
  take();  // ':'
  Statement st;
  st.label.pos = name.pos;
  st.label.name = scopes_.declare_label(name.text, name.pos, result_.errors);  // even if what follows fails
  std::vector<Pos> target_pos;
  if (peek().is_directive(".branchtargets")) {
    take();
    st.kind = Statement::Kind::BranchTargets;
    do {
      Token target = expect_ident("a label in .branchtargets");
      st.targets.emplace_back(target.text);
      target_pos.push_back(target.pos);
    } while (accept(','));
    expect_semicolon(".branchtargets");
  } else if (peek().is_directive(".callprototype")) {
    const std::size_t start = peek().offset;
    while (!peek().is(';')) {
      const Token& t = peek();
      if (t.kind == Tok::End || t.is('}'))
        fail(t.pos, fmt::format("expected ';' to end .callprototype, found {}", describe(t)));
      take();
    }
    st.kind = Statement::Kind::CallPrototype;
    st.pragma = normalize_text(lex_.text().substr(start, peek().offset - start));
    take();
  } else {
    st.kind = Statement::Kind::Label;
  }
  // Only now that nothing can fail is the statement added and are its targets queued for resolution.
  const auto index = static_cast<std::uint32_t>(f.body.size());
  f.body.push_back(std::move(st));
  for (std::size_t i = 0; i < target_pos.size(); ++i) {
    LabelUse use;
    use.slot = LabelUse::Slot::Target;
    use.stmt = index;
    use.index = static_cast<std::uint32_t>(i);
    use.scope = scopes_.current();
    use.must_be_label = true;
    use.pos = target_pos[i];
    scopes_.use_label(use);
  }
}

void Parser::add_function(Function f) {
  auto [it, inserted] = function_index_.try_emplace(f.name, result_.module.functions.size());
  if (inserted) {
    result_.module.functions.push_back(std::move(f));
    return;
  }
  Function& old = result_.module.functions[it->second];
  if (old.has_body && f.has_body) {
    report(f.pos, fmt::format("function '{}' is already defined (at {}:{})", f.name, old.pos.line, old.pos.col));
  } else if (f.has_body) {
    old = std::move(f);
  }
}

}  // namespace warpsim::ptx::detail
