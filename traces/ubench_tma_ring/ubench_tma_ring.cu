// Microbenchmark ubench_tma_ring: where a round of traces/ubench_tma's tma_ring goes on the H200. There a ring of 4
// stages took as long per load as a ring of 1 (933 against 936 cycles, 1 KiB and 8 KiB alike), so some part of a round
// does not overlap with the loads in flight. This kernel is tma_ring (one warp per CTA, rank 0 streams `loads` 2-D
// tensor loads of `bytes` into a ring of `stages` stages, every CTA consumes and releases each stage; .cta-scope
// mbarrier operations) with lane 0 of every CTA taking %clock64 at four points of each of its first kRecorded rounds:
// the top of the round, after its wait on the stage's full barrier, after its wait on the empty barrier (rank 0;
// the others: after their release arrive), and after rank 0's refill; and counting the try_waits that returned false.
//   mode 0: as tma_ring: each consumer arrives with expect_tx on its own full barrier before it waits (the refill's
//           complete_tx may come first).
//   mode 1: the producer arrives with expect_tx on the full barrier just before it issues the load (the CUTLASS
//           order); the consumers only wait (C = 1 only).
//   mode 2: mode 0 with the waits spinning on mbarrier.test_wait (never suspends) instead of try_wait.
// bytes = 0: rank 0's remote arrives on every CTA's full barrier stand in for the load (arrives alone).
// cyc[256 (slot + b) + ...] of CTA b: [0] the whole loop's cycles; [16 + 5 i + k], round i < kRecorded: k = 0..3 the
// four points' cycles since the loop's start, k = 4 the number of false try_waits (or test_waits) on the full barrier.
// Each load i reads tile i % 16 (rows 64 (i % 16) .., the first 128 KiB of A), which each CTA first reads with
// ld.global.cg. out[32 (slot + b) + lane] = as tma_ring: the warm-up's sum plus, for each load i, A[2048 (i % 16) +
// lane] + i (bytes = 0: + i alone). CPU reference: tests/integration/workloads/596-ubench_tma_ring.cpp.
// Leaves out: .cluster-scope forms (traces/ubench_tma), several producer warps, tiles from DRAM.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

constexpr int kWarmWords = 16 * 64 * 32;
constexpr int kStageWords = 64 * 32;  // 8 KiB
constexpr int kMaxStages = 4;
constexpr int kRecorded = 40;

__device__ __forceinline__ std::uint32_t warm_l2(const std::uint32_t* a, unsigned lane) {
  std::uint32_t s = 0;
#pragma unroll 8
  for (int k = lane; k < kWarmWords; k += 32) s += __ldcg(a + k);
  return s;
}

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Waits for phase `parity` of `bar`: returns how many checks said no.
__device__ __forceinline__ unsigned wait(std::uint64_t* bar, unsigned parity, bool spin) {
  unsigned no = 0;
  if (spin) {
    while (true) {
      unsigned ok;
      asm volatile(
          "{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
          : "=r"(ok)
          : "r"(smem(bar)), "r"(parity)
          : "memory");
      if (ok != 0) break;
      ++no;
    }
  } else {
    while (!ptx::mbarrier_try_wait_parity(bar, parity)) ++no;
  }
  return no;
}

__device__ __forceinline__ void arrive_remote(std::uint64_t* remote) {
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" ::"r"(smem(remote)) : "memory");
}

extern "C" __global__ void __launch_bounds__(32)
    ring_probe(const __grid_constant__ CUtensorMap map, const std::uint32_t* __restrict__ a, std::uint32_t* out,
               unsigned long long* cyc, int slot, int stages, int loads, int bytes, int mode) {
  __shared__ alignas(128) std::uint32_t ring[kMaxStages][kStageWords];
  __shared__ alignas(8) std::uint64_t full[kMaxStages], empty[kMaxStages];
  __shared__ long long stamp[kRecorded][4];
  __shared__ unsigned fails[kRecorded];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), size = cluster.num_blocks();
  const unsigned lane = threadIdx.x;
  const bool spin = mode == 2, producer_tx = mode == 1;
  const std::uint16_t mask = static_cast<std::uint16_t>((1u << size) - 1);
  if (lane == 0) {
    for (int s = 0; s < stages; ++s) {
      ptx::mbarrier_init(&full[s], bytes == 0 ? 2 : 1);
      ptx::mbarrier_init(&empty[s], size);
    }
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  std::uint32_t sum = warm_l2(a, lane);
  cluster.sync();
  auto produce = [&](int i) {
    const int s = i % stages;
    const std::int32_t coords[2] = {0, (i % 16) * 64};
    if (bytes == 0) {
      for (unsigned p = 0; p < size; ++p) arrive_remote(cluster.map_shared_rank(&full[s], p));
    } else if (size == 1) {
      if (producer_tx)
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], bytes);
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ring[s], &map, coords, &full[s]);
    } else {
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
    const long long top = clock64();
    if (lane == 0) {
      if (bytes == 0) {
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s]);
      } else if (!producer_tx) {
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], bytes);
      }
    }
    const unsigned no = wait(&full[s], parity, spin);
    const long long got = clock64();
    sum += (bytes == 0 ? 0u : ring[s][lane]) + static_cast<std::uint32_t>(i);
    __syncwarp();
    long long released = 0, refilled = 0;
    if (lane == 0) {
      if (size == 1) {
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &empty[s]);
      } else {
        arrive_remote(cluster.map_shared_rank(&empty[s], 0));
      }
      if (rank == 0 && i + stages < loads) {
        wait(&empty[s], parity, spin);
        released = clock64();
        produce(i + stages);
      } else {
        released = clock64();
      }
      refilled = clock64();
      if (i < kRecorded) {
        stamp[i][0] = top - t0;
        stamp[i][1] = got - t0;
        stamp[i][2] = released - t0;
        stamp[i][3] = refilled - t0;
        fails[i] = no;
      }
    }
    __syncwarp();
  }
  const long long t1 = clock64();
  const unsigned b = blockIdx.x;
  unsigned long long* mine = cyc + 256 * (slot + b);
  if (lane == 0) {
    mine[0] = static_cast<unsigned long long>(t1 - t0);
    const int n = loads < kRecorded ? loads : kRecorded;
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < 4; ++k) mine[16 + 5 * i + k] = static_cast<unsigned long long>(stamp[i][k]);
      mine[16 + 5 * i + 4] = fails[i];
    }
  }
  out[32 * (slot + b) + lane] = sum;
  cluster.sync();
}
