// The syntax tree of one PTX module, as the parser produces it.
//
// Models: everything nvcc 13 emits for sm_90a/sm_100a (PTX ISA 9.0): module directives, global variables,
// .entry/.func with parameters and performance directives, register declarations, and the flattened
// instruction stream of each function body. Nested `{ }` scopes are resolved by the parser: a register,
// .param/.local/.shared variable or label declared in an inner scope is renamed to a unique name
// (`name$N`), and every operand refers to the declaration it resolves to, so later stages see one flat
// namespace per function.
// Leaves out: meaning. Opcodes and modifiers stay strings here; ir/ decodes them into a compact form.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpsim::ptx {

// 1-based source position inside the module's text.
struct Pos {
  std::uint32_t line = 0;
  std::uint32_t col = 0;
};

struct Operand {
  enum class Kind : std::uint8_t {
    Register,   // %r1, %p, r (inline-asm names without %), also special registers: name "%tid", component "x"
    Immediate,  // integer literal (decimal, hex 0x.., octal 0.., binary 0b..), optional U suffix; value in `ival`
    FloatImm,   // 0fXXXXXXXX (is_double = false) or 0dXXXXXXXXXXXXXXXX (is_double = true), or a decimal float
                // literal such as 1.5 (is_double = true, bits of the double); raw bits in `fbits`
    Symbol,     // a variable, function or label name used as a value: `name`, optional `ival` = +offset
    Address,    // [base], [base+off], [base+-off], [imm]; base is `name` (register or symbol, may be empty
                // for [imm]), offset in `ival`. [%rd, {%r1,%r2}] (texture-style) puts the vector in `elems`:
                // the operands after the base, in order ([tex, smp, {x, y}] -> {Symbol smp, Vector{x, y}}).
    Vector,     // {a, b, ...}, or a parenthesised list (call return values and arguments): elements in `elems`
                // (registers, immediates, sinks; call lists hold the Symbols of .param variables)
    Pipe,       // a|b: two destinations (setp, elect.sync); elems[0] and elems[1]
    Sink,       // _
  };
  Kind kind = Kind::Register;
  bool negated = false;           // !%p (operand of setp, selp, vote, ...)
  bool minus = false;             // -%r: arithmetic negation of a register operand (vmad's {-}a)
  bool base_is_register = false;  // Address: `name` is a register (declared .reg, or %-prefixed), not a symbol
  std::string name;               // register or symbol name (after scope renaming)
  std::string component;          // ".x" style suffix without the dot: %tid.x -> "x"; %r1.x -> "x"
  std::int64_t ival = 0;          // Immediate value, or Address/Symbol offset
  std::uint64_t fbits = 0;        // FloatImm bits
  bool is_double = false;         // FloatImm: 64-bit (0d or decimal) vs 32-bit (0f)
  std::vector<Operand> elems;
  Pos pos;
};

struct Instruction {
  std::optional<std::string> guard;  // predicate register name of @%p / @!%p
  bool guard_negated = false;
  std::string opcode;                  // "ld", "mma", "tcgen05", "cp"
  std::vector<std::string> modifiers;  // dot-separated parts after the opcode, without dots, in order:
                                       // "ld.global.nc.v4.f32" -> {"global","nc","v4","f32"};
                                       // "cp.async.bulk.tensor.2d.shared::cluster.global" ->
                                       // {"async","bulk","tensor","2d","shared::cluster","global"}
  std::vector<Operand> operands;
  Pos pos;
  std::string text;  // the instruction as written (trimmed, without the ';'), for messages and reports
};

// A variable in any state space: `.reg .b32 %r<10>` is expanded by the parser into one Variable per
// register only for .reg declarations; arrays stay single variables with dims.
struct Variable {
  std::string space;                // "reg", "param", "shared", "global", "const", "local", "tex"...
  std::string type;                 // "b32", "f64", "pred", "u8", "b128", "v2.f32" is split: type "f32", vec 2
  unsigned vec = 1;                 // .v2/.v4 vector variables
  std::string name;                 // after scope renaming
  std::vector<std::uint64_t> dims;  // array dimensions; 0 = unsized ([]), empty = scalar
  std::optional<unsigned> align;    // .align N
  bool is_extern = false, is_visible = false, is_weak = false;
  bool is_common = false;               // .common linkage
  bool is_ptr = false;                  // kernel parameter attribute `.ptr [.space] [.align N]`
  std::string ptr_space;                // "global", "shared", ... after .ptr; empty = generic
  std::optional<unsigned> ptr_align;    // .align N after .ptr (alignment of the pointee)
  std::vector<std::string> attributes;  // .attribute(.managed) -> {"managed"}
  std::vector<Operand> init;            // flattened initialiser elements (Immediate, FloatImm, Symbol for
                                        // generic(sym)/sym addresses), in order; empty = none
  bool init_generic = false;            // initialiser used generic(...)
  Pos pos;
};

struct Label {
  std::string name;  // after scope renaming
  Pos pos;
};

// One entry of a function body, in program order.
struct Statement {
  enum class Kind : std::uint8_t { Instruction, Label, Variable, Loc, Pragma, BranchTargets, CallPrototype };
  Kind kind = Kind::Instruction;
  Instruction instr;  // Kind::Instruction
  Label label;        // Kind::Label
  Variable var;       // Kind::Variable (.reg/.local/.shared/.param declared inside a body)
  std::uint32_t loc_file = 0, loc_line = 0, loc_col = 0;  // Kind::Loc (.loc file line col)
  std::string pragma;  // Kind::Pragma: the string, e.g. "nounroll"; Kind::CallPrototype: its text from
                       // `.callprototype` to before the ';', whitespace collapsed
  // Kind::BranchTargets (`$L_tab: .branchtargets L1, L2;`): label.name is the table's label, `targets`
  // the (scope-resolved) label names in order. Kind::CallPrototype (`proto: .callprototype ...;`): label.name.
  std::vector<std::string> targets;
};

struct Function {
  std::string name;
  bool is_entry = false;  // .entry (kernel) vs .func
  bool is_visible = false, is_extern = false, is_weak = false;
  std::vector<Variable> params;   // .param (entry and func), in order
  std::vector<Variable> returns;  // .func return parameters
  bool has_body = false;          // false for a prototype (`.extern .func foo(...);`)
  std::vector<Statement> body;
  // Performance directives, as written.
  std::vector<std::uint32_t> maxntid, reqntid, reqnctapercluster;
  std::optional<std::uint32_t> minnctapersm, maxnreg, maxclusterrank;
  bool explicitcluster = false, noreturn = false;
  bool blocksareclusters = false;
  std::optional<std::uint32_t> abi_preserve, abi_preserve_control;
  std::vector<std::string> pragmas;
  Pos pos;
};

struct FileEntry {
  std::uint32_t index = 0;
  std::string path;
};

// `.alias name, aliasee;`
struct Alias {
  std::string name;
  std::string aliasee;
  Pos pos;
};

struct Module {
  std::string path;     // where it was read from, for messages
  std::string version;  // "9.0"
  std::string target;   // "sm_90a" (first target; others in `target_flags`, e.g. "texmode_independent")
  std::vector<std::string> target_flags;
  unsigned address_size = 64;
  std::vector<Variable> globals;  // module-scope .global/.const/.shared/.local/.tex variables
  std::vector<Function> functions;
  std::vector<FileEntry> files;      // .file directives
  std::vector<Alias> aliases;        // .alias directives
  std::vector<std::string> pragmas;  // module-scope .pragma strings
};

}  // namespace warpsim::ptx
