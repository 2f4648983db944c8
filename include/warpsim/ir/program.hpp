// A kernel ready to run: the entry function and every function it can call, decoded into one code array
// with program counters, register slots, state-space layouts and reconvergence points.
//
// Models: what the driver's module loader and ptxas decide before a launch: where each variable lives
// (kernel parameter buffer, per-thread .func parameter area, per-thread local memory, static shared
// memory, module .global/.const variables), which register slot each PTX register uses, and where each
// branch reconverges (its immediate post-dominator).
// Leaves out: physical register allocation (ptxas's register count comes from `ptxas -v`, see sim/).
#pragma once

#include <warpsim/ir/cfg.hpp>
#include <warpsim/ir/instr.hpp>
#include <warpsim/ptx/ast.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::ir {

// Generic address windows (see README "Memory map").
inline constexpr std::uint64_t kSharedWindow = 0x0000'1000'0000'0000ull;      // + shared offset
inline constexpr std::uint64_t kLocalWindow = 0x0000'2000'0000'0000ull;       // + local offset (per thread)
inline constexpr std::uint64_t kParamWindow = 0x0000'3000'0000'0000ull;       // + kernel parameter offset
inline constexpr std::uint64_t kConstWindow = 0x0000'4000'0000'0000ull;       // + constant bank offset
inline constexpr std::uint64_t kWindowSize = 0x0000'0001'0000'0000ull;        // 4 GiB each
inline constexpr std::uint64_t kModuleGlobalBase = 0x0000'6000'0000'0000ull;  // module .global variables
inline constexpr std::uint64_t kBufferBase = 0x0000'7000'0000'0000ull;        // run-config buffers

struct ParamInfo {
  std::string name;
  std::uint32_t size = 0, align = 1, offset = 0;  // offset in the kernel parameter buffer or ParamFunc area
};

struct FunctionInfo {
  std::string name;
  bool is_entry = false;
  std::uint32_t begin_pc = 0, end_pc = 0;  // [begin, end) in Program::code
  std::vector<ParamInfo> params, returns;
  std::uint32_t ptx_line = 0;
};

// A module-scope .global or .const variable, with its bytes as initialised.
struct ModuleVar {
  std::string name;
  Space space = Space::Global;
  std::uint64_t address = 0;  // global: absolute address; const: offset in the constant bank
  std::uint64_t size = 0;
  std::vector<std::uint8_t> init;  // the first init.size() <= size bytes, as initialised; the rest are zero
  std::uint32_t line = 0;
};

// One `call`: which function, and which .param bytes to copy in and out.
struct CallSite {
  std::uint32_t callee = 0;  // function index
  enum class Builtin : std::uint8_t { None, Vprintf, Assertfail } builtin = Builtin::None;
  struct Copy {
    std::uint32_t from = 0, to = 0, size = 0;  // offsets in the ParamFunc area
  };
  std::vector<Copy> args, rets;
};

struct Program {
  std::string module_path;
  std::string target;  // .target of the module, e.g. "sm_90a"
  std::string entry;

  std::vector<Instr> code;
  std::vector<std::string> text;          // per pc: the instruction as written
  std::vector<std::uint32_t> reconverge;  // per pc: the branch's reconvergence pc, kNoPc = function exit
  // per pc: where ptxas puts a YIELD (kYieldEveryTry, kYieldOnRetry; 0 none): the first instruction of an mbarrier
  // wait loop (compute_control_flow); empty when the program has no wait loop. The timing model charges its cycles; under independent thread scheduling the
  // functional model lets the warp's other paths run there, and the yielding lanes leave their convergence region.
  std::vector<std::uint8_t> yield_at;
  // per pc of a conditional branch: 1 where ptxas reunites the lanes of its divergent region with the WARPSYNC of a
  // bar.warp.sync at its reconvergence point instead of a convergence barrier (BSSY/BSYNC): the point's basic block
  // holds a bar.warp.sync and every branch inside the region reconverges there or in straight-line code just before
  // it (compute_control_flow; SASS of traces/ubench_mbar_lanes, ubench_branch_lat against ubench_tma_ring).
  std::vector<std::uint8_t> warpsync_reunion;
  std::vector<std::uint32_t> vec_slots;   // Operand::Kind::Vec elements: a slot, kNoReg for `_`, or
                                          // kVecImm | index into vec_imms
  std::vector<std::uint64_t> vec_imms;
  static constexpr std::uint32_t kVecImm = 0x8000'0000u;
  std::vector<std::vector<std::uint32_t>> branch_tables;  // brx.idx tables: target pcs
  std::vector<CallSite> calls;
  std::vector<FunctionInfo> functions;  // [0] is the entry
  std::vector<Cfg> cfgs;                // per function

  std::uint32_t num_slots = 0;            // 64-bit register slots per thread
  std::uint32_t cc_slot = kNoReg;         // the carry flag of .cc instructions (a hidden slot)
  std::vector<std::string> slot_names;    // for messages
  // per slot: the 32-bit SASS registers its value takes (0 for a predicate and the carry flag, 2 for a 64-bit
  // register and for each half of a .b128 one, else 1); the list scheduler's register pressure (ptxas_model.hpp)
  std::vector<std::uint8_t> slot_words;
  std::uint32_t param_kernel_size = 0;    // bytes of the kernel parameter buffer
  std::uint32_t param_func_size = 0;      // bytes of the per-thread ParamFunc area
  std::uint32_t local_size = 0;           // bytes of per-thread local memory (.local variables)
  std::uint32_t static_smem = 0;          // bytes of static shared memory
  std::uint32_t dynamic_smem_offset = 0;  // where `extern .shared` arrays start (aligned)
  std::vector<ModuleVar> module_vars;     // every module .global/.const variable
  std::uint64_t const_size = 0;           // bytes of the constant bank
  std::vector<std::string> files;         // .file index -> path (index 0 unused when absent)

  // Directives of the entry.
  std::vector<std::uint32_t> reqntid, maxntid, reqnctapercluster;
  std::uint32_t maxnreg = 0, minnctapersm = 0;
  std::uint32_t maxclusterrank = 0;  // 0: not given
  bool explicitcluster = false;

  // "FILE:LINE" of the instruction at pc (the PTX file and line), plus " (src.cu:LINE)" when known.
  std::string where(std::uint32_t pc) const;
};

// Decodes `entry` of `module` and everything it calls. Throws warpsim::Error(ErrorKind::Ptx) naming the
// file and line of the first instruction or operand that cannot be decoded or is not implemented.
// `module_base` is where the module's .global variables start (each loaded module gets its own range).
Program load_program(const ptx::Module& module, const std::string& entry,
                     std::uint64_t module_base = kModuleGlobalBase);

// ptxas's spin-loop YIELD (Program::yield_at). kYieldEveryTry: the loop stays inline and every arrival runs the
// YIELD; kYieldOnRetry: ptxas peels the first try and the YIELD is in the out-of-line retry loop, so only an arrival
// through the loop's back edge runs it.
inline constexpr std::uint8_t kYieldEveryTry = 1, kYieldOnRetry = 2;

// (Re)computes prog.cfgs, prog.reconverge, prog.yield_at and prog.warpsync_reunion from prog.code (load_program calls it; so does any pass that
// changes control flow).
void compute_control_flow(Program& prog);

// Module-scope variable layout (shared by every kernel of the module).
std::vector<ModuleVar> layout_module_vars(const ptx::Module& module, std::uint64_t* const_size,
                                          std::uint64_t module_base = kModuleGlobalBase);

}  // namespace warpsim::ir
