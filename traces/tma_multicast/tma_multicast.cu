// tma_multicast: TMA multicast in thread-block clusters (Hopper and later), as CUTLASS's kernels share an operand tile
// among the CTAs of a cluster. Every CTA of a cluster of C needs the same 64 x 32-word tile; rank r loads only rows
// [r * 64 / C, (r + 1) * 64 / C) and multicasts them to every CTA of the cluster (ctaMask = all ranks), so each CTA
// holds the whole tile after waiting on its own mbarrier (one arrive.expect_tx of the tile's 8 KiB, completed by the
// C slices' transaction bytes). Each thread then reduces part of the tile (column tid % 32, rows r = tid / 32 mod 4:
// sum += v * (rank + 1) + r, in u32), and a cluster barrier makes sure every CTA has read the tile before the next
// multicast overwrites it. Cluster c reads tiles t = 0..tiles-1 at rows (c * tiles + t) * 64; CTA b writes its 128
// sums to out[128 b + tid].
//   tma_multicast   cp.async.bulk.tensor.2d ... .multicast::cluster (the tensor map's box is 32 x 64 / C rows)
//   bulk_multicast  cp.async.bulk ... .multicast::cluster of the slice's contiguous bytes
// The run config launches the tensor kernel with clusters of 2 and of 4 and the bulk kernel with clusters of 4 (16
// CTAs of 128 threads each). The CPU reference is in tests/integration/workloads/578-tma_multicast.cpp.
// Leaves out: a multi-stage ring with empty barriers (one tile buffer, cluster barriers between tiles), swizzling.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

constexpr int kThreads = 128, kRows = 64, kCols = 32;

template <bool kTensor>
__device__ void multicast_tiles(const CUtensorMap* map, const std::uint32_t* src, std::uint32_t* out, int tiles) {
  __shared__ alignas(128) std::uint32_t tile[kRows * kCols];
  __shared__ alignas(8) std::uint64_t full;
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), size = cluster.num_blocks();
  const unsigned cid = blockIdx.x / size;
  const unsigned slice = kRows / size;
  const std::uint16_t mask = static_cast<std::uint16_t>((1u << size) - 1);
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  cluster.sync();  // every CTA's mbarrier is initialized before any multicast reaches it
  const unsigned col = threadIdx.x % kCols, group = threadIdx.x / kCols;
  std::uint32_t sum = 0;
  for (int t = 0; t < tiles; ++t) {
    if (threadIdx.x == 0) {
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &full, sizeof(tile));
      const unsigned row = (cid * tiles + t) * kRows + rank * slice;
      if constexpr (kTensor) {
        const std::int32_t coords[2] = {0, static_cast<std::int32_t>(row)};
        ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile + rank * slice * kCols, map, coords,
                                  &full, mask);
      } else {
        ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile + rank * slice * kCols,
                           src + static_cast<std::size_t>(row) * kCols,
                           static_cast<std::uint32_t>(slice * kCols * sizeof(std::uint32_t)), &full, mask);
      }
    }
    while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &full, static_cast<std::uint32_t>(t & 1))) {
    }
    for (unsigned r = group; r < kRows; r += kThreads / kCols) sum += tile[r * kCols + col] * (rank + 1) + r;
    cluster.sync();  // every CTA of the cluster has read the tile before the next multicast overwrites it
  }
  out[blockIdx.x * kThreads + threadIdx.x] = sum;
}

extern "C" __global__ void __launch_bounds__(kThreads)
    tma_multicast(const __grid_constant__ CUtensorMap map, std::uint32_t* out, int tiles) {
  multicast_tiles<true>(&map, nullptr, out, tiles);
}

extern "C" __global__ void __launch_bounds__(kThreads)
    bulk_multicast(const std::uint32_t* __restrict__ src, std::uint32_t* out, int tiles) {
  multicast_tiles<false>(nullptr, src, out, tiles);
}
