// A running thread-block cluster as the functional model sees it: its CTAs by rank, which of them exited, the
// cluster barrier (barrier.cluster.arrive/.wait), and the one function that turns a shared::cluster address into
// the CTA and shared-memory offset it names (distributed shared memory; the bulk-copy and TMA code calls it too).
//
// Models (PTX ISA, "Distributed shared memory", mapa, getctarank, barrier.cluster):
//   addresses  the shared::cta window lies inside the shared::cluster window. warpsim's encoding of a shared::cluster
//              address (the GPU's is not documented) is ((rank + 1) << 24) | offset for the shared memory of the
//              cluster's CTA `rank` at `offset`, and a plain shared::cta offset (below 2^24) for the executing CTA's
//              own; generic addresses put either in the shared window (ir::kSharedWindow + that). mapa builds the
//              first form, getctarank reads the rank back; ld/st/atom/red.shared::cluster and generic accesses decode
//              it with resolve_dsmem. Shared memory per CTA is at most 227 KiB < 2^24, ranks at most 16.
//   barrier    one per cluster: a phase completes when every thread of the cluster that has not exited arrived
//              (threads of CTAs not yet started count as expected: clusters are co-scheduled, so every CTA is
//              resident before any of it runs); a thread's wait returns once the phase it arrived in completed.
//   exit       a CTA whose threads all exited is gone: an access to its shared memory, or a remote arrive on its
//              mbarriers, is an error (on the GPU the memory may belong to another CTA by then).
// Leaves out: memory ordering (.release/.acquire/.relaxed change nothing: every access is visible at once here).
#pragma once

#include <warpsim/source/instruction_source.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::func {

struct Cta;

inline constexpr unsigned kDsmemRankShift = source::kRemoteSharedShift;  // the timing model reads it too
inline constexpr std::uint64_t kDsmemOffsetMask = (std::uint64_t{1} << kDsmemRankShift) - 1;
inline constexpr std::uint32_t kMaxClusterRanks = 255;  // what the 8 rank bits above bit 24 can name

// The shared::cluster address of `offset` in the shared memory of rank `rank`.
inline std::uint64_t encode_dsmem(std::uint32_t rank, std::uint64_t offset) {
  return (std::uint64_t{rank + 1} << kDsmemRankShift) | (offset & kDsmemOffsetMask);
}

struct ClusterState {
  std::uint64_t index = 0;             // linear %clusterid
  std::vector<Cta*> ctas;              // by rank: null before the CTA starts and after it finished
  std::vector<std::uint8_t> gone;      // by rank: 1 once every thread of the CTA exited
  std::uint32_t finished = 0;          // CTAs retired
  std::uint64_t threads = 0;           // threads of the whole cluster
  std::uint64_t threads_exited = 0;
  std::uint64_t barrier_phase = 0;     // barrier.cluster phases completed
  std::uint64_t barrier_arrived = 0;   // threads arrived in the current phase
};

// Where a shared::cluster access goes.
struct DsmemTarget {
  enum class Status : std::uint8_t { Ok, BadRank, Exited } status = Status::Ok;
  std::uint32_t rank = 0;    // the target CTA's rank
  std::uint64_t offset = 0;  // in its shared memory
  Cta* cta = nullptr;        // Ok: the target CTA
  bool remote = false;       // another CTA than `self`
};

// Decodes the shared::cluster address `a` (an offset in the shared window) issued by `self` (rank `self_rank` of
// `cluster`, which may be null for a launch without clusters: a cluster of one).
DsmemTarget resolve_dsmem(const ClusterState* cluster, Cta& self, std::uint32_t self_rank, std::uint64_t a);

}  // namespace warpsim::func
