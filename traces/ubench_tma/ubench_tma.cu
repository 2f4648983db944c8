// Microbenchmark ubench_tma: what the SM's Tensor Memory Accelerator costs (the GPU-model parameters
// sm.tma_issue_cycles, sm.tma_descriptor_cycles, sm.tma_descriptor_cache, sm.tma_bytes_per_cycle,
// sm.tma_land_cycles, and the delivery of a .multicast::cluster load to the cluster's other CTAs).
//   tma_serial: one warp; lane 0 issues a burst of `burst` 2-D tensor loads (tile mode, box 32 words x rows,
//               each into its own part of a 32 KiB buffer) after one mbarrier arrive.expect_tx of their bytes, and
//               the whole warp waits for them: one burst at a time. burst = 1 is a load's latency, the growth with
//               burst the unit's time per copy (bytes per cycle, or its issue rate for small boxes). The tensor
//               maps are n of the 32 in the `maps` parameter (all alike, over A); optionally
//               prefetch.tensormap'ed first. Pass 0 steps through maps 0..n-1 once (each map's first use: a cold
//               descriptor unless prefetched): cyc[2 slot]; passes 1..r step through them again in the same order
//               (a descriptor cache holding n maps hits every time, a smaller LRU one misses every time):
//               cyc[2 slot + 1]. With several CTAs (one per SM), CTA b uses slot + b.
//   tma_ring:   rank 0 of each cluster of C CTAs (C = 1, 2, 4; one warp per CTA) streams `loads` tensor loads
//               into a ring of `stages` shared-memory stages, each multicast to every CTA of the cluster (C > 1)
//               or a plain load (C = 1). Every CTA's warp consumes each stage in order (arrive.expect_tx on its
//               own full barrier, wait, read a word per lane) and releases it with an arrive on rank 0's empty
//               barrier (remote for C > 1); rank 0 refills the stage once all C released it. stages = 1 is the
//               serial round trip (load, delivery to the farthest CTA, its release arrive back); stages = 4 the
//               throughput. bytes = 0 replaces the load by rank 0's remote arrive on every CTA's full barrier:
//               the round trip of the arrives alone. cluster_scope = 1: the consumers' arrive.expect_tx and every
//               try_wait are .release/.acquire.cluster and the remote arrives .release.cluster (as CCCL's
//               cluster-scope forms write them); 0: the default .cta forms (as CUTLASS's ClusterBarrier writes
//               them, remote arrives too). cyc[2 (slot + cluster)] = rank 0's cycles for all loads.
// Every load i reads tile i % 16 (rows 64 (i % 16) .., the first 128 KiB of A), which each CTA first reads with
// ld.global.cg so that the tiles are in L2. Lane l of CTA b writes out[32 (slot + b) + l] = the sum of the words
// it read while warming (A[k], k = l mod 32, k < 32768) plus, for each load i, A[2048 (i % 16) + l] + i (bytes =
// 0: + i alone), in u32. The CPU reference is tests/integration/workloads/580-ubench_tma.cpp.
// Leaves out: swizzled and out-of-bounds boxes (traces/tma_swizzle), stores and reductions, tiles from DRAM,
// several producer warps per SM, multicast to a subset of the cluster.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

constexpr int kWarmWords = 16 * 64 * 32;  // the 16 tiles every load reads from
constexpr int kStageWords = 64 * 32;      // the largest box: 32 words x 64 rows (8 KiB)
constexpr int kMaxStages = 4;

struct Maps {
  CUtensorMap m[32];
};

__device__ __forceinline__ std::uint32_t warm_l2(const std::uint32_t* a, unsigned lane) {
  std::uint32_t s = 0;
#pragma unroll 8
  for (int k = lane; k < kWarmWords; k += 32) s += __ldcg(a + k);
  return s;
}

__device__ __forceinline__ void load_tile(std::uint32_t* dst, const CUtensorMap* map, int i, std::uint64_t* bar) {
  const std::int32_t coords[2] = {0, (i % 16) * 64};
  ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, dst, map, coords, bar);
}

__device__ __forceinline__ void wait_parity(std::uint64_t* bar, unsigned parity) {
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, bar, parity)) {
  }
}

// The default-semantics forms CUTLASS's ClusterBarrier uses (.release/.acquire at CTA scope).
__device__ __forceinline__ void wait_parity_cta(std::uint64_t* bar, unsigned parity) {
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) {
  }
}
__device__ __forceinline__ void arrive_remote_cta(std::uint64_t* remote) {
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(remote)))
               : "memory");
}

extern "C" __global__ void __launch_bounds__(32)
    tma_serial(const __grid_constant__ Maps maps, const std::uint32_t* __restrict__ a, std::uint32_t* out,
               unsigned long long* cyc, int slot, int n, int r, int bytes, int prefetch, int burst) {
  __shared__ alignas(128) std::uint32_t tile[kMaxStages * kStageWords];
  __shared__ alignas(8) std::uint64_t full;
  const unsigned lane = threadIdx.x;
  if (lane == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  std::uint32_t sum = warm_l2(a, lane);
  if (prefetch != 0 && lane == 0) {
    for (int k = 0; k < n; ++k) asm volatile("prefetch.tensormap [%0];" ::"l"(&maps.m[k]) : "memory");
  }
  const long long settle = clock64();
  while (clock64() - settle < 4000) {
  }
  __syncwarp();
  int i = 0, step = 0;  // loads and bursts so far
  long long t[3];
  for (int pass = 0; pass <= r; ++pass) {
    if (pass <= 1) t[pass] = clock64();
    for (int k = 0; k < n; ++k, ++step) {
      if (lane == 0) {
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, bytes * burst);
        for (int j = 0; j < burst; ++j) load_tile(tile + j * (bytes / 4), &maps.m[k], i + j, &full);
      }
      wait_parity(&full, static_cast<unsigned>(step & 1));
      for (int j = 0; j < burst; ++j, ++i) sum += tile[j * (bytes / 4) + lane] + static_cast<std::uint32_t>(i);
      __syncwarp();  // every lane has read the tiles before the next burst overwrites them
    }
  }
  t[2] = clock64();
  const int at = slot + static_cast<int>(blockIdx.x);
  if (lane == 0) {
    cyc[2 * at] = static_cast<unsigned long long>(t[1] - t[0]);
    cyc[2 * at + 1] = static_cast<unsigned long long>(t[2] - t[1]);
  }
  out[32 * at + lane] = sum;
}

extern "C" __global__ void __launch_bounds__(32)
    tma_ring(const __grid_constant__ CUtensorMap map, const std::uint32_t* __restrict__ a, std::uint32_t* out,
             unsigned long long* cyc, int slot, int stages, int loads, int bytes, int cluster_scope) {
  __shared__ alignas(128) std::uint32_t ring[kMaxStages][kStageWords];
  __shared__ alignas(8) std::uint64_t full[kMaxStages], empty[kMaxStages];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), size = cluster.num_blocks();
  const unsigned lane = threadIdx.x;
  const std::uint16_t mask = static_cast<std::uint16_t>((1u << size) - 1);
  if (lane == 0) {
    for (int s = 0; s < stages; ++s) {
      ptx::mbarrier_init(&full[s], bytes == 0 ? 2 : 1);  // bytes = 0: the consumer's and rank 0's arrive
      ptx::mbarrier_init(&empty[s], size);
    }
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  std::uint32_t sum = warm_l2(a, lane);
  cluster.sync();  // every CTA's mbarriers are initialized before rank 0 loads into them
  // Rank 0's refill of stage i % stages with load i.
  auto produce = [&](int i) {
    const int s = i % stages;
    if (bytes == 0) {
      for (unsigned p = 0; p < size; ++p) {
        std::uint64_t* remote = cluster.map_shared_rank(&full[s], p);
        if (cluster_scope != 0) {
          ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster, remote);
        } else {
          arrive_remote_cta(remote);
        }
      }
    } else if (size == 1) {
      load_tile(ring[s], &map, i, &full[s]);
    } else {
      const std::int32_t coords[2] = {0, (i % 16) * 64};
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ring[s], &map, coords, &full[s], mask);
    }
  };
  const long long t0 = clock64();
  if (rank == 0 && lane == 0) {
    for (int i = 0; i < stages && i < loads; ++i) produce(i);
  }
  for (int i = 0; i < loads; ++i) {
    const int s = i % stages;
    const unsigned parity = static_cast<unsigned>((i / stages) & 1);
    if (lane == 0) {
      if (bytes == 0) {
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s]);
      } else if (cluster_scope != 0) {
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &full[s], bytes);
      } else {
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], bytes);
      }
    }
    if (cluster_scope != 0) {
      wait_parity(&full[s], parity);
    } else {
      wait_parity_cta(&full[s], parity);
    }
    sum += (bytes == 0 ? 0u : ring[s][lane]) + static_cast<std::uint32_t>(i);
    __syncwarp();  // every lane has read the stage before it is released
    if (lane == 0) {
      if (size == 1) {
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &empty[s]);
      } else if (cluster_scope != 0) {
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster,
                             cluster.map_shared_rank(&empty[s], 0));
      } else {
        arrive_remote_cta(cluster.map_shared_rank(&empty[s], 0));
      }
      if (rank == 0 && i + stages < loads) {
        // every CTA of the cluster released the stage
        if (cluster_scope != 0) {
          wait_parity(&empty[s], parity);
        } else {
          wait_parity_cta(&empty[s], parity);
        }
        produce(i + stages);
      }
    }
    __syncwarp();
  }
  const long long t1 = clock64();
  const unsigned b = blockIdx.x;
  if (rank == 0 && lane == 0) cyc[2 * (slot + b / size)] = static_cast<unsigned long long>(t1 - t0);
  out[32 * (slot + b) + lane] = sum;
  cluster.sync();  // no CTA exits while a peer may still arrive on its barriers
}
