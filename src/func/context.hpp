// What the per-instruction semantics see of one warp-instruction: operand reads and writes per lane,
// special registers, address translation into the state spaces with bounds checks, and fault messages
// naming the CTA, warp, lane, thread and PTX line.
#pragma once

#include <warpsim/common/error.hpp>
#include <warpsim/func/executor.hpp>

#include <fmt/format.h>

namespace warpsim::func {

struct InstrContext {
  Launch& L;
  Cta& cta;
  Warp& w;
  const ir::Instr& in;
  std::uint32_t pc;

  const ir::Program& prog() const { return *L.prog; }

  std::uint64_t special(const ir::Operand& op, unsigned lane) const;

  std::uint64_t read(const ir::Operand& op, unsigned lane) const {
    switch (op.kind) {
      case ir::Operand::Kind::Reg: {
        const std::uint64_t v = w.reg(op.reg, lane);
        return op.neg ? (v == 0 ? 1 : 0) : v;
      }
      case ir::Operand::Kind::Imm:
      case ir::Operand::Kind::Label:
      case ir::Operand::Kind::Func: return static_cast<std::uint64_t>(op.imm);
      case ir::Operand::Kind::Special: return special(op, lane);
      default: return 0;
    }
  }
  // Element i of a vector operand (or the operand itself when it is not a vector and i == 0).
  std::uint64_t read_elem(const ir::Operand& op, unsigned i, unsigned lane) const {
    if (op.kind != ir::Operand::Kind::Vec) return read(op, lane);
    const std::uint32_t s = prog().vec_slots[op.reg + i];
    if (s == ir::kNoReg) return 0;
    if (s & ir::Program::kVecImm) return prog().vec_imms[s & ~ir::Program::kVecImm];
    return w.reg(s, lane);
  }
  void write(const ir::Operand& op, unsigned lane, std::uint64_t v) const {
    if (op.kind == ir::Operand::Kind::Reg) w.reg(op.reg, lane) = v;
  }
  void write_elem(const ir::Operand& op, unsigned i, unsigned lane, std::uint64_t v) const {
    if (op.kind != ir::Operand::Kind::Vec) {
      if (i == 0) write(op, lane, v);
      return;
    }
    const std::uint32_t s = prog().vec_slots[op.reg + i];
    if (s != ir::kNoReg && !(s & ir::Program::kVecImm)) w.reg(s, lane) = v;
  }

  // "CTA (1,0,0) warp 2 lane 5 (thread (69,0,0)) at FILE:LINE (src:LINE)"
  std::string who(unsigned lane) const;
  template <typename... Args>
  [[noreturn]] void fault(unsigned lane, fmt::format_string<Args...> f, Args&&... args) const {
    throw Error(ErrorKind::Execution, fmt::format("{}: {}\n  in: {}", who(lane),
                                                  fmt::format(f, std::forward<Args>(args)...), prog().text[pc]));
  }

  // Resolves an address of `size` bytes in `space` (Generic is resolved through the windows) to host
  // memory; faults on anything outside the space's bounds. `resolved` receives the final space and
  // `offset` the address within it.
  std::uint8_t* translate(ir::Space space, Addr a, std::uint64_t size, unsigned lane, bool write,
                          ir::Space* resolved = nullptr, Addr* offset = nullptr) const {
    // Fast paths: aligned, in-bounds shared and global accesses.
    const std::uint64_t align_mask = (size < 16 ? size : 16) - 1;
    if ((a & align_mask) == 0) {
      if (space == ir::Space::Shared && a + size <= cta.smem.size()) {
        if (resolved) *resolved = space;
        if (offset) *offset = a;
        return cta.smem.data() + a;
      }
      if (space == ir::Space::Global || (space == ir::Space::Generic && a >= ir::kModuleGlobalBase)) {
        if (std::uint8_t* p = L.global->find(a, size)) {
          if (resolved) *resolved = ir::Space::Global;
          if (offset) *offset = a;
          return p;
        }
      }
    }
    return translate_slow(space, a, size, lane, write, resolved, offset);
  }
  std::uint8_t* translate_slow(ir::Space space, Addr a, std::uint64_t size, unsigned lane, bool write,
                               ir::Space* resolved, Addr* offset) const;
  // A shared::cluster access of `size` bytes at `a` (an offset in the shared window, func/cluster.hpp's encoding):
  // the bytes in the target CTA's shared memory; faults on a rank outside the cluster, an exited CTA, a misaligned
  // or out-of-bounds access. `remote`: whether the target is another CTA.
  std::uint8_t* dsmem(Addr a, std::uint64_t size, unsigned lane, bool write, bool* remote) const;
  // The address an Addr operand denotes for a lane (register base + offset, or symbol offset).
  Addr address(const ir::Operand& op, unsigned lane) const {
    Addr a = static_cast<Addr>(op.imm);
    if (op.reg != ir::kNoReg) a += w.reg(op.reg, lane);
    return a;
  }
  // The state space an Addr operand accesses for this instruction.
  ir::Space space_of(const ir::Operand& op) const {
    if (op.space != ir::Space::None &&
        (in.space == ir::Space::Generic || in.space == ir::Space::ParamKernel || in.space == ir::Space::ParamFunc))
      return op.space;
    return in.space;
  }
};

// The (x, y, z) index in its CTA of thread `thread` (warp * 32 + lane) of the launch's blocks.
Dim3 thread_index(const Launch& L, std::uint64_t thread);

// "CTA (1,0,0) warp 2 lane 5 (thread (69,0,0)) at FILE:LINE (src:LINE)": thread `thread` (warp * 32 + lane) of the
// CTA with id `cta`, at instruction `pc` (InstrContext::who; also for a CTA other than the one a context is about).
std::string thread_name(const Launch& L, const Dim3& cta, std::uint32_t thread, std::uint32_t pc);

// Whether adding `delta` to the tx-count of the initialized mbarrier at shared offset `off` of `cta` keeps it within
// the PTX ISA's range (exec_async.cpp; mbarrier_add_tx faults otherwise).
bool mbarrier_tx_fits(const Cta& cta, std::uint32_t off, std::int64_t delta);

// Adds `delta` to the tx-count of the initialized mbarrier at shared offset `off` (exec_async.cpp; a fault naming
// the thread of `cx` and `lane` if it leaves the PTX ISA's range), completing its phase if nothing is pending.
void mbarrier_add_tx(const InstrContext& cx, unsigned lane, std::uint32_t off, std::int64_t delta);

}  // namespace warpsim::func
