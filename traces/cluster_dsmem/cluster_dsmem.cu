// cluster_dsmem: distributed shared memory between the CTAs of a thread-block cluster (Hopper and later).
// Each CTA of a cluster of C CTAs fills a 256-word shared array with x[...] values, then, after a cluster barrier:
//   ring        thread t reads word t of the next CTA's array ((rank + 1) % C) through DSMEM (map_shared_rank);
//   all-to-all  thread t < 256 writes x-derived word (rank, t) into CTA t % C's second array, slot rank * (256 / C)
//               + t / C (a transpose of ownership across the cluster);
//   atomics     every thread adds its value to a counter in rank 0's shared memory;
// after a second barrier each CTA writes what it received to global memory. Two launches: clusters of 2 and of 4
// CTAs (grid 16 CTAs of 256 threads each). The CPU reference is in tests/integration/workloads/572-cluster_dsmem.cpp.
// Shows: cluster launch, %cluster_ctarank, barrier.cluster, mapa, ld/st/atom on shared::cluster.
// Leaves out: timing-sensitive behaviour (the result does not depend on the interleaving).
#include <cooperative_groups.h>
#include <cstdint>

namespace cg = cooperative_groups;

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads) cluster_dsmem(const uint32_t* __restrict__ x, uint32_t* __restrict__ ring,
                                                         uint32_t* __restrict__ a2a, uint32_t* __restrict__ sums) {
  __shared__ uint32_t buf[kThreads];
  __shared__ uint32_t recv[kThreads];
  __shared__ uint32_t sum;
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const unsigned size = cluster.num_blocks();
  const unsigned t = threadIdx.x;
  const unsigned gid = blockIdx.x * kThreads + t;
  buf[t] = x[gid] * 3u + rank;
  recv[t] = 0;
  if (t == 0) sum = 0;
  cluster.sync();
  // ring
  const uint32_t* next = cluster.map_shared_rank(buf, (rank + 1) % size);
  const uint32_t from_next = next[t];
  // all-to-all
  const unsigned dst = t % size;
  uint32_t* peer = cluster.map_shared_rank(recv, dst);
  peer[rank * (kThreads / size) + t / size] = buf[t] ^ (dst << 16);
  // atomics on rank 0's counter
  uint32_t* total = cluster.map_shared_rank(&sum, 0);
  atomicAdd(total, x[gid] & 0xffu);
  cluster.sync();
  ring[gid] = from_next;
  a2a[gid] = recv[t];
  if (t == 0) sums[blockIdx.x] = sum;
}
