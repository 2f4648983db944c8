// Private interface between the program loader (layouts, symbols, labels) and the per-instruction decoder.
#pragma once

#include "mods.hpp"

#include <warpsim/ir/program.hpp>

#include <string>
#include <unordered_map>

namespace warpsim::ir::detail {

struct RegInfo {
  std::uint32_t slot = kNoReg;
  ScalarType type = ScalarType::None;
};

// A name visible to instructions of one function and what it resolves to.
struct SymbolRef {
  enum class Kind { Var, Func, Label, Table, Proto } kind = Kind::Var;
  Space space = Space::None;
  std::uint64_t address = 0;  // offset in its space (absolute address for Global)
  std::uint32_t size = 0;
  std::uint32_t index = 0;  // Func: function index; Label: pc; Table: branch table index
};

struct FunctionScope {
  std::uint32_t func = 0;
  std::unordered_map<std::string, RegInfo> regs;
  std::unordered_map<std::string, SymbolRef> symbols;  // function-level: params, locals, labels, tables
};

struct ModuleScope {
  std::unordered_map<std::string, SymbolRef> symbols;  // module variables and functions
};

struct DecodeContext {
  Program& prog;
  const ptx::Module& module;
  const ModuleScope& mscope;
  const FunctionScope& fscope;
  // Functions referenced by name (call targets) get their index through this.
  const std::unordered_map<std::string, std::uint32_t>& func_index;
};

[[noreturn]] void decode_error(const DecodeContext& cx, const ptx::Instruction& in, const std::string& what);

// Decodes one instruction; the result's line/func/src fields are filled by the caller.
Instr decode_instruction(const DecodeContext& cx, const ptx::Instruction& in);

// Control-flow effect of a decoded instruction (targets are absolute pcs).
FlowInfo flow_of(const Program& prog, const Instr& in);

}  // namespace warpsim::ir::detail
