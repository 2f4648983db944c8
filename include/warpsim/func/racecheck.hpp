// --racecheck: hazards between asynchronous copies and the generic proxy's accesses to shared memory, and between
// asynchronous copies themselves, as compute-sanitizer's racecheck reports them for real GPUs.
//
// Models: while an asynchronous copy (cp.async, cp.async.bulk, cp.async.bulk.tensor, cp.reduce.async.bulk{.tensor})
// is in flight, a generic-proxy access (ld/st/atom/red on shared memory, .shared::cluster or a generic address) by a
// thread to the bytes it writes, or a write to the bytes it reads, is a hazard:
//   read-after-async-write   a read of bytes the copy writes (a cp.async or TMA load's destination)
//   write-during-async-write a write of bytes the copy writes
//   write-after-async-read   a write of bytes the copy reads (a shared -> global copy's source)
// and so is another asynchronous copy issued while it is in flight whose shared-memory range overlaps it (the async
// proxy against itself; checked when the second copy issues, its source is read and its destination claimed then):
//   async-write-during-async-write  the new copy writes bytes the earlier one writes (two loads into one buffer)
//   async-read-after-async-write    the new copy reads bytes the earlier one writes (a shared -> global or shared::cta
//                                   -> shared::cluster copy of a buffer a load is still filling)
//   async-write-after-async-read    the new copy writes bytes the earlier one reads (a load into a buffer a store still
//                                   reads)
// A copy is in flight for a thread until it completed in simulated order AND the thread observed that: it passed a
// wait that covers the copy (a test_wait/try_wait that returned true on the mbarrier the copy completes its bytes on,
// after the phase its bytes completed in; its own cp.async.wait_group/wait_all or cp.async.bulk.wait_group{.read}
// over the copy's group; for a cp.async followed by cp.async.mbarrier.arrive, a wait on that mbarrier), or it
// synchronised with a thread that had: a CTA barrier (bar.sync/bar.red/barrier.sync: what an arriving thread had
// observed, bar.arrive included, every waiting thread observes), bar.warp.sync among its lanes, an mbarrier (what a
// thread had observed when it arrived, a thread that waits on it successfully observes) and barrier.cluster (every
// thread of the CTA). For a copy into another CTA's shared memory than the accessing (or issuing) thread's, a DSMEM
// access or a multicast, it is in flight only until it completed. A multicast copy (.multicast::cluster) is watched
// in every destination CTA: there, it is in flight for that CTA's threads until they observed its complete_tx on
// their own mbarrier, and a report names the issuing CTA, warp and lane.
// Each access of a lane (or copy of a lane) counts once per copy instruction it conflicts with; a launch keeps each
// distinct (kind, access pc, copy pc) once with its count and the first occurrence's description.
// Leaves out: hazards between generic accesses (compute-sanitizer's plain shared-memory races), on global memory,
// and through mbarrier arrivals of another CTA (a remote arrive carries nothing observed); shfl/vote/match/redux.sync
// order no memory (only bar.warp.sync does).
// With --racecheck off (Launch::race null) none of this runs: every hook is behind one null check.
#pragma once

#include <warpsim/common/types.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace warpsim::func {

enum class HazardKind : std::uint8_t {
  ReadAfterAsyncWrite,
  WriteDuringAsyncWrite,
  WriteAfterAsyncRead,
  AsyncWriteDuringAsyncWrite,
  AsyncReadAfterAsyncWrite,
  AsyncWriteAfterAsyncRead,
};

// "read-after-async-write", "write-during-async-write", "write-after-async-read", "async-write-during-async-write",
// "async-read-after-async-write", "async-write-after-async-read".
std::string_view hazard_name(HazardKind k);

// One distinct hazard of a launch: what, where the access (or the second copy) and the copy are, how many lane
// accesses hit it, and the description of the first.
struct Hazard {
  HazardKind kind = HazardKind::ReadAfterAsyncWrite;
  std::uint32_t access_pc = 0, copy_pc = 0;
  std::uint64_t count = 0;
  std::string first;
};

// The hazards a launch found, in the order of their first occurrence.
struct RaceLog {
  std::vector<Hazard> hazards;
  std::map<std::tuple<HazardKind, std::uint32_t, std::uint32_t>, std::size_t> index;

  // Counts one occurrence; `describe` is called for the first one only.
  template <class F>
  void add(HazardKind kind, std::uint32_t access_pc, std::uint32_t copy_pc, F&& describe) {
    const auto [it, fresh] = index.try_emplace({kind, access_pc, copy_pc}, hazards.size());
    if (fresh) hazards.push_back(Hazard{.kind = kind, .access_pc = access_pc, .copy_pc = copy_pc, .count = 0,
                                        .first = describe()});
    ++hazards[it->second].count;
  }
  std::uint64_t total() const {
    std::uint64_t n = 0;
    for (const auto& h : hazards) n += h.count;
    return n;
  }
};

// One asynchronous copy's range of a CTA's shared memory, kept while some thread may still access it unsynchronised.
// A multicast's copy into a peer is kept in the peer's CtaRaces: `thread` and `pc` are the issuer's, in CTA `from`.
struct AsyncRange {
  enum class Via : std::uint8_t { CpAsync, BulkGroup, Mbarrier };  // how its issuing thread waits for it
  std::uint32_t lo = 0, hi = 0;     // shared-memory offsets [lo, hi)
  bool writes = false;              // the copy writes the range (else it reads it)
  Via via = Via::Mbarrier;
  std::uint64_t id = 0;             // the copy's warp-instruction (source::AsyncId)
  std::uint32_t thread = 0, pc = 0;  // the issuing thread (warp * 32 + lane, in CTA `from`) and the copy's pc
  std::uint64_t group = 0;          // CpAsync, BulkGroup: the issuing thread's group
  bool completed = false;
  bool bound = false;               // its completion counts in a phase of `mbarrier` (Via::Mbarrier, or a cp.async
  std::uint32_t mbarrier = 0;       // whose cp.async.mbarrier.arrive fired)
  std::uint64_t phase = 0;          // that phase's serial (CtaRaces::phases)
  // What threads that observed it passed on and nobody has picked up yet: bits 0-15 the CTA barriers they arrived
  // at, bit 16 + i the mbarrier with CtaRaces::mbarrier_bits index i (up to 48 mbarriers; more carry nothing).
  std::uint64_t released = 0;
  std::vector<std::uint64_t> observers;  // by thread: observed its completion
  Dim3 from{};                      // the issuing CTA's id (race::watch sets it)
};

// A CTA's copies under watch (--racecheck only; empty otherwise).
struct CtaRaces {
  std::vector<AsyncRange> ranges;
  std::uint32_t lo = ~std::uint32_t{0}, hi = 0;    // the hull of `ranges`: accesses outside it need no look
  std::map<std::uint32_t, std::uint64_t> phases;   // per mbarrier offset: phases completed in the launch (init
                                                   // does not reset it)
  std::map<std::uint32_t, unsigned> mbarrier_bits;  // per mbarrier offset: its bit in AsyncRange::released
};

}  // namespace warpsim::func
