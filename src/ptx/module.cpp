// Module-scope parsing: .version, .target, .address_size, .file, .alias, .pragma, .section (skipped whole),
// linkage prefixes (.visible/.extern/.weak/.common), and dispatch to functions and global variables.
// Leaves out: checking that the directives come in the order PTX prescribes (.version first, ...); nvcc
// always emits them in order, and nothing downstream depends on it.
#include "ptx/parser_impl.hpp"

#include <fmt/format.h>

namespace warpsim::ptx::detail {

std::string unquote(std::string_view quoted) {
  std::string out;
  const std::string_view inner = quoted.substr(1, quoted.size() - 2);
  out.reserve(inner.size());
  for (std::size_t i = 0; i < inner.size(); ++i) {
    if (inner[i] == '\\' && i + 1 < inner.size()) {
      const char e = inner[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
    } else {
      out += inner[i];
    }
  }
  return out;
}

void Parser::parse_module_item() {
  Token d = take();  // taken before any error, so that recovery always moves on
  if (d.is('}')) fail(d.pos, "unexpected '}' at module scope");
  if (d.kind != Tok::Directive) fail(d.pos, fmt::format("expected a directive at module scope, found {}", describe(d)));
  Module& m = result_.module;
  const std::string_view name = d.text;
  if (name == ".version") {
    const Token& v = peek();
    if (v.kind != Tok::Float && v.kind != Tok::Int)
      fail(v.pos, fmt::format("expected a version number after .version, found {}", describe(v)));
    m.version = std::string(take().text);
  } else if (name == ".target") {
    parse_target();
  } else if (name == ".address_size") {
    const Token& at = peek();
    const std::uint64_t size = expect_uint("address size");
    if (size != 32 && size != 64) fail(at.pos, fmt::format("address size must be 32 or 64, not {}", size));
    m.address_size = static_cast<unsigned>(size);
  } else if (name == ".file") {
    parse_file_directive();
  } else if (name == ".loc") {
    Function scratch;  // line info outside a function describes nothing; parsed for syntax only
    parse_loc(scratch);
  } else if (name == ".pragma") {
    for (std::string& p : parse_pragma_strings()) m.pragmas.push_back(std::move(p));
    expect_semicolon(".pragma");
  } else if (name == ".alias") {
    parse_alias();
  } else if (name == ".section") {
    parse_section();
  } else {
    Linkage link;
    bool has_linkage = false;
    while (d.text == ".visible" || d.text == ".extern" || d.text == ".weak" || d.text == ".common" ||
           d.text == ".align") {
      if (d.text == ".align") link.align = static_cast<unsigned>(expect_uint("alignment", UINT32_MAX));
      link.is_visible |= d.text == ".visible";
      link.is_extern |= d.text == ".extern";
      link.is_weak |= d.text == ".weak";
      link.is_common |= d.text == ".common";
      has_linkage = true;
      const Token& nx = peek();
      if (nx.kind != Tok::Directive)
        fail(nx.pos, fmt::format("expected .entry, .func or a variable declaration after '{}', found {}", d.text,
                                 describe(nx)));
      d = take();
    }
    if ((d.text == ".entry" || d.text == ".func") && link.align) {
      fail(d.pos, fmt::format("'.align' cannot precede '{}'", d.text));
    } else if (d.text == ".entry" || d.text == ".func") {
      parse_function(d, link);
    } else if (is_state_space(d.text)) {
      parse_var_decl(d, link, DeclContext::Module, m.globals);
    } else if (has_linkage) {
      fail(d.pos, fmt::format("expected .entry, .func or a variable declaration, found '{}'", d.text));
    } else if (is_header_directive(d.text)) {
      fail(d.pos, fmt::format("'{}' is only allowed in a function header", d.text));
    } else if (is_body_directive(d.text)) {
      fail(d.pos, fmt::format("'{}' is only allowed inside a function body", d.text));
    } else {
      fail(d.pos, fmt::format("unknown directive '{}'", d.text));
    }
  }
}

void Parser::parse_target() {
  Module& m = result_.module;
  m.target = std::string(expect_ident("a target name after .target").text);
  while (accept(',')) m.target_flags.emplace_back(expect_ident("a target option").text);
}

void Parser::parse_file_directive() {
  FileEntry f;
  f.index = static_cast<std::uint32_t>(expect_uint("file index", UINT32_MAX));
  const Token& s = peek();
  if (s.kind != Tok::String) fail(s.pos, fmt::format("expected a quoted file name, found {}", describe(s)));
  f.path = unquote(take().text);
  if (accept(',')) {  // optional timestamp and file size
    expect_uint("file timestamp");
    expect_punct(',', "between the file timestamp and size");
    expect_uint("file size");
  }
  result_.module.files.push_back(std::move(f));
}

void Parser::parse_alias() {
  Alias a;
  Token name = expect_ident("an alias name");
  a.name = std::string(name.text);
  a.pos = name.pos;
  expect_punct(',', "between the alias and the aliased function");
  a.aliasee = std::string(expect_ident("the aliased function").text);
  expect_semicolon(".alias");
  result_.module.aliases.push_back(std::move(a));
}

void Parser::parse_section() {
  const Token& name = peek();
  if (name.kind != Tok::Directive && name.kind != Tok::Ident)
    fail(name.pos, fmt::format("expected a section name after .section, found {}", describe(name)));
  take();
  const Token& open = peek();
  if (!open.is('{')) fail(open.pos, fmt::format("expected '{{' after the section name, found {}", describe(open)));
  const Pos at = open.pos;
  if (!lex_.skip_braced_block()) fail(at, "'{' of this .section is never closed");
}

std::vector<std::string> Parser::parse_pragma_strings() {
  std::vector<std::string> out;
  do {
    const Token& s = peek();
    if (s.kind != Tok::String)
      fail(s.pos, fmt::format("expected a quoted string after .pragma, found {}", describe(s)));
    out.push_back(unquote(take().text));
  } while (accept(','));
  return out;
}

}  // namespace warpsim::ptx::detail
