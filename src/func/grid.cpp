// The functional grid runner and CTA construction (see func/grid.hpp).
#include <warpsim/func/grid.hpp>

#include <warpsim/common/cluster.hpp>
#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <new>

namespace warpsim::func {

namespace {
constexpr std::size_t kZeroedMmapBytes = std::size_t{1} << 20;
}

void* zeroed_alloc(std::size_t bytes) {
  if (bytes >= kZeroedMmapBytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
  }
  void* p = std::calloc(bytes == 0 ? 1 : bytes, 1);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void zeroed_free(void* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
  if (bytes >= kZeroedMmapBytes) munmap(p, bytes);
  else std::free(p);
}

namespace {

// The path a SIMT stack would run: the newest one without children.
const Path* top_leaf(const Warp& w) {
  for (auto it = w.paths.rbegin(); it != w.paths.rend(); ++it)
    if (it->children == 0) return &*it;
  return nullptr;
}

}  // namespace

void Executor::init_cta(Cta& cta, std::uint64_t linear, std::uint32_t sm) const {
  const ir::Program& prog = *L_.prog;
  const Dim3 g = L_.grid;
  cta.linear = linear;
  cta.id = Dim3{static_cast<std::uint32_t>(linear % g.x), static_cast<std::uint32_t>((linear / g.x) % g.y),
                static_cast<std::uint32_t>(linear / (std::uint64_t{g.x} * g.y))};
  cta.sm = sm;
  cta.threads = static_cast<std::uint32_t>(L_.block.volume());
  cta.threads_exited = 0;
  cta.barriers = {};
  cta.idle = {};
  cta.touched_shared = cta.touched_local = {};
  cta.touched_global.assign(L_.global != nullptr ? L_.global->regions().size() : 0, TouchedRange{});
  const std::size_t smem =
      std::max<std::size_t>(prog.static_smem, std::size_t{prog.dynamic_smem_offset} + L_.dynamic_smem);
  cta.smem.assign(smem, 0);
  cta.local.assign(std::size_t{cta.threads} * prog.local_size, 0);
  const std::uint32_t nwarps = (cta.threads + kWarpSize - 1) / kWarpSize;
  cta.warps.clear();
  cta.warps.resize(nwarps);
  for (std::uint32_t i = 0; i < nwarps; ++i) {
    Warp& w = cta.warps[i];
    w.index = i;
    w.valid = LaneMask::first(std::min<std::uint32_t>(kWarpSize, cta.threads - i * kWarpSize));
    // Zeros from calloc, no memset (state.hpp, ZeroedAllocator): a new vector, never a reused one's capacity.
    w.regs = decltype(w.regs)(std::size_t{prog.num_slots} * kWarpSize);
    w.param_func.assign(std::size_t{prog.param_func_size} * kWarpSize, 0);
    Path root;
    root.id = w.next_path_id++;
    root.pc = prog.functions[0].begin_pc;
    root.mask = w.valid;
    w.paths.push_back(root);
    w.current = 0;
  }
}

std::string describe_cta(const Launch& launch, const Cta& cta) {
  const ir::Program& prog = *launch.prog;
  std::string s = fmt::format("CTA ({},{},{}) on SM {}: {} of {} threads exited", cta.id.x, cta.id.y, cta.id.z, cta.sm,
                              cta.threads_exited, cta.threads);
  if (launch.cluster.volume() > 1) s += fmt::format(" (rank {} of its cluster)", cta.rank);
  for (unsigned id = 0; id < cta.barriers.size(); ++id) {
    const auto& b = cta.barriers[id];
    if (b.arrived == 0) continue;
    s += fmt::format("\n  barrier {}: {} of {} threads arrived", id, b.arrived,
                     b.expected != 0 ? b.expected : cta.threads - cta.threads_exited);
  }
  s += describe_mbarriers(cta);
  for (const auto& w : cta.warps) {
    if (w.done()) continue;
    for (const auto& p : w.paths) {
      if (p.children != 0 || p.mask.none()) continue;
      std::string state;
      switch (p.wait) {
        case Wait::Barrier: state = fmt::format("wait at barrier {} ({})", unsigned{p.barrier}, prog.text[p.pc]); break;
        case Wait::WarpSync: state = fmt::format("wait for other lanes at {}", prog.text[p.pc]); break;
        case Wait::Mbarrier:
          state = fmt::format("wait for a phase of the mbarrier at shared 0x{:x} ({})",
                              mbarrier_offset_of(launch, w, prog.code[p.pc], static_cast<unsigned>(std::countr_zero(p.mask.bits))),
                              prog.text[p.pc]);
          break;
        case Wait::AsyncCopy:
          state = fmt::format("wait for their {} ({})",
                              prog.code[p.pc].op == ir::Op::Wgmma        ? "wgmma.mma_async groups"
                              : prog.code[p.pc].op == ir::Op::Setmaxnreg ? "registers (setmaxnreg.inc beyond the CTA's pool)"
                                                                          : "cp.async copies",
                              prog.text[p.pc]);
          break;
        case Wait::ClusterBarrier:
          state = fmt::format("wait at the cluster barrier ({}; {} of {} threads of cluster {} arrived)", prog.text[p.pc],
                              cta.cluster != nullptr ? cta.cluster->barrier_arrived : 0,
                              cta.cluster != nullptr ? cta.cluster->threads - cta.cluster->threads_exited : 0,
                              cta.cluster != nullptr ? cta.cluster->index : 0);
          break;
        case Wait::None:
          state = launch.model == config::Reconvergence::IpdomStack && &p != top_leaf(w)
                      ? fmt::format("wait below the top of the SIMT stack (next: {})", prog.text[p.pc])
                      : fmt::format("are running (next: {})", prog.text[p.pc]);
          break;
      }
      s += fmt::format("\n  warp {} lanes {} {} at {}", w.index, lane_ranges(p.mask), state, prog.where(p.pc));
    }
    if (w.last_pc != ir::kNoPc)
      s += fmt::format("\n  warp {} last executed {} at {}", w.index, prog.text[w.last_pc], prog.where(w.last_pc));
  }
  return s;
}

std::string printf_text(std::vector<PrintfRecord> records) {
  std::stable_sort(records.begin(), records.end(), [](const PrintfRecord& a, const PrintfRecord& b) {
    return std::tie(a.cta, a.seq, a.warp, a.lane) < std::tie(b.cta, b.seq, b.warp, b.lane);
  });
  std::string out;
  for (const auto& r : records) out += r.text;
  return out;
}

GridStats run_grid(Launch& L, const GridLimits& limits, StepObserver* observer) {
  FunctionalSource src(L, limits);
  const std::uint64_t total = L.grid.volume();
  // Whole clusters at a time (co-scheduled, as the GPU does), in cluster order: the window is rounded up to them.
  const ClusterGeometry geo{L.grid, L.cluster};
  const std::uint32_t csize = geo.size();
  const std::uint32_t want = limits.window != 0 ? limits.window : std::max<std::uint32_t>(L.num_sms, 1);
  const std::uint32_t window = (want + csize - 1) / csize * csize;
  std::deque<source::CtaSlot> resident;
  std::uint64_t next = 0;
  while (next < total || !resident.empty()) {
    while (next < total && resident.size() + csize <= window) {
      for (std::uint32_t r = 0; r < csize; ++r, ++next)
        resident.push_back(src.start_cta(geo.linear_of_dispatch(next), static_cast<std::uint32_t>(next % L.num_sms)));
    }
    bool any = false;
    for (const source::CtaSlot c : resident) {
      for (std::uint32_t w = 0; w < src.warps(c); ++w) {
        for (std::uint32_t q = 0; q < limits.quantum && !src.warp_done(c, w); ++q) {
          const source::Issued& r = src.issue(c, w);
          if (r.kind != source::Issued::Kind::Executed) break;
          any = true;
          if (observer != nullptr) [[unlikely]]
            observer->on_step(src.cta_linear(c), w, r);
        }
      }
    }
    // Retire finished CTAs; a CTA where nothing can run is a deadlock.
    for (auto it = resident.begin(); it != resident.end();) {
      if (src.cta_done(*it)) {
        if (observer != nullptr) observer->on_cta_end(src.cta_linear(*it));
        src.finish_cta(*it);
        it = resident.erase(it);
        continue;
      }
      ++it;
    }
    // A blocked CTA with try_waits suspended gets their time limit first (FunctionalSource::time_out_waits). In a
    // cluster launch a CTA waiting at the cluster barrier may be released by a peer whose waits just timed out, so
    // there a blocked CTA is a deadlock only when no resident CTA's waits timed out.
    if (!any) {
      bool timed_out = false;
      for (const source::CtaSlot c : resident) {
        const bool expired = src.blocked(c) && src.time_out_waits(c);
        if (!expired && csize == 1 && src.blocked(c)) src.deadlock(c);
        timed_out = timed_out || expired;
      }
      if (!timed_out)
        for (const source::CtaSlot c : resident)
          if (src.blocked(c)) src.deadlock(c);
    }
  }
  return src.counts();
}

}  // namespace warpsim::func
