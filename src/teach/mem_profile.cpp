// The per-instruction memory profile of sections 5 and 6 (see mem_profile.hpp).
#include "mem_profile.hpp"

#include <warpsim/source/instruction_source.hpp>

#include <bit>

namespace warpsim::teach {

void MemRecorder::on_kernel_begin(const std::string&) { ++kernel_; }

void MemRecorder::on_mem(const timing::MemEvent& e) {
  if (kernel_ != launch_ + 1 || e.access == nullptr) return;
  const source::MemAccess& m = *e.access;
  const bool shared = m.space == ir::Space::Shared;
  if (!shared && m.space != ir::Space::Global && m.space != ir::Space::Local) return;
  const std::size_t slot = std::size_t{e.pc} * 2 + (shared ? 0 : 1);
  if (slot >= by_slot_.size()) by_slot_.resize(slot + 1);
  MemPc& p = by_slot_[slot];
  if (p.executions == 0) {
    p.pc = e.pc;
    p.ptx_line = e.ptx_line;
    p.src_line = e.src_line;
    p.text = std::string(e.text);
    p.space = m.space;
    p.store = m.store;
    p.atomic = m.atomic;
    p.merged = e.merged;
    p.bytes = m.bytes;
  }
  ++p.executions;
  p.wavefronts += e.wavefronts;
  p.ideal_wavefronts += e.ideal_wavefronts;
  p.sectors += e.sectors;
  p.lines += e.lines;
  p.lanes += static_cast<unsigned>(std::popcount(e.lanes));
  const std::uint32_t cost = shared ? e.wavefronts : e.sectors;
  if (p.executions == 1 || cost > p.worst) {
    p.worst = cost;
    p.ex_cta = e.cta;
    p.ex_warp = e.warp;
    p.ex_lanes = e.lanes;
    p.ex_wavefronts = e.wavefronts;
    p.ex_ideal = e.ideal_wavefronts;
    p.ex_sectors = e.sectors;
    p.ex_lines = e.lines;
    p.ex_addr = m.addr;
  }
}

std::vector<MemPc> MemRecorder::shared() const {
  std::vector<MemPc> out;
  for (std::size_t i = 0; i < by_slot_.size(); i += 2)
    if (by_slot_[i].executions != 0) out.push_back(by_slot_[i]);
  return out;
}

std::vector<MemPc> MemRecorder::global() const {
  std::vector<MemPc> out;
  for (std::size_t i = 1; i < by_slot_.size(); i += 2)
    if (by_slot_[i].executions != 0) out.push_back(by_slot_[i]);
  return out;
}

}  // namespace warpsim::teach
