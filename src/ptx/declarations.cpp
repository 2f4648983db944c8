// Variable declarations in every state space, at module scope, in function bodies and in parameter lists:
// `[.align N] .space [.align N] [.vN] .type [.ptr [.space] [.align N]] [.attribute(...)] name[<N>][dims]
// [= init] {, name...}`. `name<N>` expands into N variables name0..name{N-1}; arrays keep their dimensions
// (0 for `[]`); initialisers are flattened in order, `generic(sym)` and `sym+offset` becoming Symbol
// operands and `.samplerref` fields `key = value` becoming a Symbol `key` whose elems hold the value.
// Leaves out: checking that the initialiser fits the type or the array size.
#include "ptx/literals.hpp"
#include "ptx/parser_impl.hpp"

#include <fmt/format.h>

namespace warpsim::ptx::detail {

namespace {

// ".v4" -> 4; 0 if the directive is not a vector width.
unsigned vector_width(std::string_view d) {
  if (d.size() < 3 || d[1] != 'v') return 0;
  unsigned n = 0;
  for (char c : d.substr(2)) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  return n;
}

}  // namespace

void Parser::parse_var_decl(const Token& first, const Linkage& linkage, DeclContext ctx, std::vector<Variable>& out) {
  Variable proto;
  proto.space = std::string(first.text.substr(1));
  proto.is_extern = linkage.is_extern;
  proto.is_visible = linkage.is_visible;
  proto.is_weak = linkage.is_weak;
  proto.is_common = linkage.is_common;
  proto.align = linkage.align;
  proto.pos = first.pos;
  while (peek().kind == Tok::Directive) {
    Token d = take();
    if (d.text == ".align") {
      proto.align = static_cast<unsigned>(expect_uint("alignment", UINT32_MAX));
    } else if (unsigned w = vector_width(d.text); w != 0) {
      proto.vec = w;
    } else if (d.text == ".ptr") {
      proto.is_ptr = true;
      if (peek().kind == Tok::Directive && is_state_space(peek().text)) proto.ptr_space = take().text.substr(1);
      if (peek().is_directive(".align")) {
        take();
        proto.ptr_align = static_cast<unsigned>(expect_uint("pointee alignment", UINT32_MAX));
      }
    } else if (d.text == ".attribute") {
      expect_punct('(', "after .attribute");
      do {
        const Token& a = peek();
        if (a.kind != Tok::Directive)
          fail(a.pos, fmt::format("expected an attribute such as .managed, found {}", describe(a)));
        proto.attributes.emplace_back(take().text.substr(1));
      } while (accept(','));
      expect_punct(')', "after the attributes");
    } else if (proto.type.empty()) {
      proto.type = std::string(d.text.substr(1));
    } else {
      fail(d.pos, fmt::format("unexpected '{}' in a declaration of type .{}", d.text, proto.type));
    }
  }
  if (proto.type.empty()) fail(peek().pos, fmt::format("missing type in .{} declaration", proto.space));
  while (true) {
    Token name = expect_ident("a variable name");
    Variable v = proto;
    v.name = std::string(name.text);
    v.pos = name.pos;
    std::optional<std::uint64_t> count;
    if (accept('<')) {
      count = expect_uint("register count", 1U << 20);
      expect_punct('>', "after the register count");
    }
    while (accept('[')) {
      v.dims.push_back(peek().is(']') ? 0 : expect_uint("array dimension"));
      expect_punct(']', "after the array dimension");
    }
    if (accept('=')) parse_initializer(v);
    if (count) {
      for (std::uint64_t i = 0; i < *count; ++i) {
        Variable r = v;
        r.name = fmt::format("{}{}", v.name, i);
        out.push_back(std::move(r));
      }
    } else {
      out.push_back(std::move(v));
    }
    if (ctx == DeclContext::Param || !accept(',')) break;
  }
  if (ctx != DeclContext::Param) expect_semicolon("declaration");
}

void Parser::parse_initializer(Variable& v) {
  if (!peek().is('{')) {
    parse_init_element(v);
    return;
  }
  take();
  if (accept('}')) return;
  do {
    parse_initializer(v);
  } while (accept(','));
  expect_punct('}', "to close the initialiser list");
}

std::int64_t Parser::parse_signed_offset() {
  Token sign = take();  // '+' or '-'
  const bool negative = sign.is('-') != accept('-');
  const std::uint64_t magnitude = expect_uint("offset");
  return static_cast<std::int64_t>(negative ? 0 - magnitude : magnitude);
}

void Parser::parse_init_element(Variable& v) {
  const Token& t = peek();
  Operand op;
  op.pos = t.pos;
  bool negative = false;
  if (t.is('-')) {
    take();
    negative = true;
  }
  const Token& value = peek();
  if (value.kind == Tok::Int) {
    Token num = take();
    auto bits = decode_int(num.text);
    if (!bits) fail(num.pos, fmt::format("integer literal '{}' does not fit in 64 bits", num.text));
    op.kind = Operand::Kind::Immediate;
    op.ival = static_cast<std::int64_t>(negative ? 0 - *bits : *bits);
  } else if (value.kind == Tok::Float) {
    Token num = take();
    auto f = decode_float(num.text);
    if (!f) fail(num.pos, fmt::format("malformed float literal '{}'", num.text));
    op.kind = Operand::Kind::FloatImm;
    op.is_double = f->is_double;
    op.fbits = f->bits ^ (negative ? (f->is_double ? 1ULL << 63 : 1ULL << 31) : 0);
  } else if (value.kind == Tok::Ident && !negative) {
    Token name = take();
    op.kind = Operand::Kind::Symbol;
    if (name.text == "generic" && peek().is('(')) {
      take();
      op.name = std::string(expect_ident("a symbol inside generic( )").text);
      expect_punct(')', "to close generic(");
      v.init_generic = true;
    } else if (accept('=')) {  // .samplerref/.texref field: key = value
      op.name = std::string(name.text);
      const Token& val = peek();
      if (val.kind != Tok::Ident && val.kind != Tok::Int)
        fail(val.pos, fmt::format("expected a value for '{}', found {}", name.text, describe(val)));
      Token vt = take();
      Operand field;
      field.pos = vt.pos;
      if (vt.kind == Tok::Ident) {
        field.kind = Operand::Kind::Symbol;
        field.name = std::string(vt.text);
      } else {
        auto num = decode_int(vt.text);
        if (!num) fail(vt.pos, fmt::format("integer literal '{}' does not fit in 64 bits", vt.text));
        field.kind = Operand::Kind::Immediate;
        field.ival = static_cast<std::int64_t>(*num);
      }
      op.elems.push_back(std::move(field));
    } else {
      op.name = std::string(name.text);
    }
    if (peek().is('+') || peek().is('-')) op.ival = parse_signed_offset();
  } else {
    fail(value.pos, fmt::format("expected an initialiser value, found {}", describe(value)));
  }
  v.init.push_back(std::move(op));
}

}  // namespace warpsim::ptx::detail
