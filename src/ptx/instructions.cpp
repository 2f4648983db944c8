// Instructions and operands, parsed generically: `[@[!]guard] opcode{.modifier} [operand {, operand}] ;`.
// The mnemonic is split at '.', `::` staying inside a modifier (`shared::cta`). Operands: registers with an
// optional `.x` component, symbols (with `+offset`), integer and float immediates, `_`, `!p`, `-r`, `a|b`
// pipes, `{...}` vectors, `(...)` lists (call arguments; also Vectors), and `[base+offset]` addresses with an
// optional `, operand...` tail (`[tex, {x, y}]`, `[tmap, {c0, c1}]`). After parsing, every name is resolved
// through the scopes: registers and variables at once, labels when the function ends.
// Leaves out: any knowledge of particular opcodes, except that the last operand of `bra` and `brx` must name
// a label.
#include "ptx/literals.hpp"
#include "ptx/parser_impl.hpp"

#include <fmt/format.h>

namespace warpsim::ptx::detail {

void Parser::parse_instruction(Function& f, const Token* ident) {
  open_lists_ = 0;
  Instruction ins;
  Token head;
  std::size_t start = 0;
  if (ident) {
    head = *ident;
    start = head.offset;
  } else {
    start = take().offset;  // '@'
    ins.guard_negated = accept('!');
    const Token& g = peek();
    if (g.kind != Tok::Ident) fail(g.pos, fmt::format("expected a predicate after '@', found {}", describe(g)));
    ins.guard = std::string(take().text);
    const Token& m = peek();
    if (m.kind != Tok::Ident)
      fail(m.pos, fmt::format("expected an instruction after the guard, found {}", describe(m)));
    head = take();
  }
  const std::string_view mnemonic = lex_.take_mnemonic(head);
  last_end_ = Pos{head.pos.line, head.pos.col + static_cast<std::uint32_t>(mnemonic.size())};
  last_end_offset_ = head.offset + mnemonic.size();
  ins.pos = head.pos;
  const std::size_t dot = mnemonic.find('.');
  ins.opcode = std::string(mnemonic.substr(0, dot));
  if (dot != std::string_view::npos) {
    std::size_t from = dot + 1;
    while (true) {
      const std::size_t next = mnemonic.find('.', from);
      const std::string_view part = mnemonic.substr(from, next == std::string_view::npos ? next : next - from);
      if (part.empty()) fail(head.pos, fmt::format("empty modifier in '{}'", mnemonic));
      ins.modifiers.emplace_back(part);
      if (next == std::string_view::npos) break;
      from = next + 1;
    }
  }

  if (!peek().is(';') && !peek().is('}') && peek().kind != Tok::End) {
    do {
      ins.operands.push_back(parse_operand());
    } while (accept(','));
  }
  std::size_t end = 0;
  const Token& t = peek();
  if (t.is(';')) {
    end = t.offset;
    take();
  } else if (t.newline_before || t.kind == Tok::End || t.is('}')) {
    report(last_end_, "expected ';' after instruction");
    end = last_end_offset_;
  } else {
    fail(t.pos, fmt::format("expected ',' or ';' after an operand, found {}", describe(t)));
  }
  ins.text = normalize_text(lex_.text().substr(start, end - start));

  if (ins.guard) {
    if (const Declared* d = scopes_.find_var(*ins.guard)) ins.guard = d->name;
  }
  const auto index = static_cast<std::uint32_t>(f.body.size());
  const bool is_branch = ins.opcode == "bra" || ins.opcode == "brx";
  for (std::size_t i = 0; i < ins.operands.size(); ++i) {
    LabelUse where;
    where.slot = LabelUse::Slot::Operand;
    where.stmt = index;
    where.index = static_cast<std::uint32_t>(i);
    resolve_operand(ins.operands[i], where, is_branch && i + 1 == ins.operands.size(), 0);
  }
  Statement& st = f.body.emplace_back();
  st.kind = Statement::Kind::Instruction;
  st.instr = std::move(ins);
}

Operand Parser::parse_operand() {
  const Token& t = peek();
  const Pos at = t.pos;
  if (t.is('!')) {
    take();
    Operand op = parse_primary();
    op.negated = true;
    op.pos = at;
    return op;
  }
  Operand op;
  if (t.is('-')) {
    take();
    const Token& v = peek();
    if (v.kind == Tok::Int) {
      Token num = take();
      auto bits = decode_int(num.text);
      if (!bits) fail(num.pos, fmt::format("integer literal '{}' does not fit in 64 bits", num.text));
      op.kind = Operand::Kind::Immediate;
      op.ival = static_cast<std::int64_t>(0 - *bits);
    } else if (v.kind == Tok::Float) {
      op = parse_primary();
      op.fbits ^= op.is_double ? 1ULL << 63 : 1ULL << 31;
    } else if (v.kind == Tok::Ident) {
      op = parse_primary();
      op.minus = true;
    } else {
      fail(v.pos, fmt::format("expected a number or register after '-', found {}", describe(v)));
    }
    op.pos = at;
  } else {
    op = parse_primary();
  }
  if (peek().is('|')) {
    take();
    Operand pipe;
    pipe.kind = Operand::Kind::Pipe;
    pipe.pos = at;
    pipe.elems.push_back(std::move(op));
    pipe.elems.push_back(parse_primary());
    return pipe;
  }
  return op;
}

Operand Parser::parse_primary() {
  const Token& t = peek();
  Operand op;
  op.pos = t.pos;
  switch (t.kind) {
    case Tok::Ident: {
      Token name = take();
      if (name.text == "_") {
        op.kind = Operand::Kind::Sink;
        return op;
      }
      op.kind = name.text[0] == '%' ? Operand::Kind::Register : Operand::Kind::Symbol;
      op.name = std::string(name.text);
      const Token& after = peek();
      if (after.kind == Tok::Directive && after.offset == name.end()) {
        op.component = std::string(take().text.substr(1));
      } else if (op.kind == Operand::Kind::Symbol && (after.is('+') || after.is('-'))) {
        op.ival = parse_signed_offset();
      }
      return op;
    }
    case Tok::Int: {
      Token num = take();
      auto bits = decode_int(num.text);
      if (!bits) fail(num.pos, fmt::format("integer literal '{}' does not fit in 64 bits", num.text));
      op.kind = Operand::Kind::Immediate;
      op.ival = static_cast<std::int64_t>(*bits);
      return op;
    }
    case Tok::Float: {
      Token num = take();
      auto f = decode_float(num.text);
      if (!f) fail(num.pos, fmt::format("malformed float literal '{}'", num.text));
      op.kind = Operand::Kind::FloatImm;
      op.fbits = f->bits;
      op.is_double = f->is_double;
      return op;
    }
    case Tok::Punct:
      if (t.is('{')) return parse_list('}', take().pos);
      if (t.is('(')) return parse_list(')', take().pos);
      if (t.is('[')) return parse_address(take().pos);
      break;
    default: break;
  }
  fail(t.pos, fmt::format("expected an operand, found {}", describe(t)));
}

Operand Parser::parse_list(char close, Pos open) {
  Operand vec;
  vec.kind = Operand::Kind::Vector;
  vec.pos = open;
  if (close == '}') ++open_lists_;
  if (!accept(close)) {
    do {
      vec.elems.push_back(parse_operand());
    } while (accept(','));
    expect_punct(close, close == '}' ? "to close the vector" : "to close the list");
  }
  if (close == '}') --open_lists_;
  return vec;
}

Operand Parser::parse_address(Pos open) {
  Operand op;
  op.kind = Operand::Kind::Address;
  op.pos = open;
  const Token& t = peek();
  if (t.kind == Tok::Int || t.is('-')) {
    const bool negative = t.is('-');
    if (negative) take();
    const std::uint64_t v = expect_uint("address");
    op.ival = static_cast<std::int64_t>(negative ? 0 - v : v);
  } else if (t.kind == Tok::Ident) {
    op.name = std::string(take().text);
    if (peek().is('+') || peek().is('-')) op.ival = parse_signed_offset();
    if (accept(',')) {
      do {
        op.elems.push_back(parse_operand());
      } while (accept(','));
    }
  } else {
    fail(t.pos, fmt::format("expected a register, symbol or integer inside '[ ]', found {}", describe(t)));
  }
  expect_punct(']', "to close the address");
  return op;
}

namespace {

// The PTX ISA's numbered special registers: %envreg0..%envreg31, %pm0..%pm7 and %pm0_64..%pm7_64. Returns why
// `name` is not one of them although it is spelled like one ("" when it is one, or is spelled otherwise).
std::string numbered_special_error(std::string_view name) {
  struct Family {
    std::string_view prefix, suffix;
    unsigned count;
    const char* range;
  };
  static constexpr Family kFamilies[] = {{"%envreg", "", 32, "%envreg0 to %envreg31"},
                                         {"%pm", "_64", 8, "%pm0_64 to %pm7_64"},
                                         {"%pm", "", 8, "%pm0 to %pm7"}};
  for (const Family& f : kFamilies) {
    std::string_view digits = name;
    if (!digits.starts_with(f.prefix) || !digits.ends_with(f.suffix)) continue;
    digits.remove_prefix(f.prefix.size());
    digits.remove_suffix(f.suffix.size());
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) continue;
    const bool canonical = digits.size() == 1 || (digits.size() == 2 && digits[0] != '0');
    if (canonical && static_cast<unsigned>(std::stoi(std::string(digits))) < f.count) return {};
    return fmt::format("special register {} does not exist ({})", name, f.range);
  }
  return {};
}

}  // namespace

void Parser::resolve_operand(Operand& op, const LabelUse& where, bool branch_target, int depth) {
  switch (op.kind) {
    case Operand::Kind::Register:
      if (const Declared* d = scopes_.find_var(op.name)) {
        op.name = d->name;
        if (!d->is_reg) op.kind = Operand::Kind::Symbol;  // a %-named .param/.shared/... variable
      } else if (const std::string why = numbered_special_error(op.name); !why.empty()) {
        report(op.pos, why);
      }
      break;
    case Operand::Kind::Symbol:
      if (!branch_target) {
        if (const Declared* d = scopes_.find_var(op.name)) {
          op.name = d->name;
          if (d->is_reg) op.kind = Operand::Kind::Register;
          break;
        }
      }
      if (depth <= 1) {  // labels are only looked for where the statement can point at them later
        LabelUse use = where;
        use.scope = scopes_.current();
        use.must_be_label = branch_target;
        use.pos = op.pos;
        scopes_.use_label(use);
      }
      break;
    case Operand::Kind::Address:
      if (!op.name.empty()) {
        if (const Declared* d = scopes_.find_var(op.name)) {
          op.name = d->name;
          op.base_is_register = d->is_reg;
        } else {
          op.base_is_register = op.name[0] == '%';
        }
      }
      for (Operand& e : op.elems) resolve_operand(e, where, false, depth + 2);
      break;
    case Operand::Kind::Vector:
    case Operand::Kind::Pipe:
      for (std::size_t i = 0; i < op.elems.size(); ++i) {
        LabelUse inner = where;
        if (depth == 0) {
          inner.slot = LabelUse::Slot::Element;
          inner.elem = static_cast<std::uint32_t>(i);
        }
        resolve_operand(op.elems[i], inner, false, depth + 1);
      }
      break;
    default: break;
  }
}

}  // namespace warpsim::ptx::detail
