// Microbenchmark ubench_cluster: the costs the cluster timing parameters stand for, each timed with %clock64 by one
// thread of rank 0 of a cluster (and by the whole kernel's duration, Nsight's gpc__cycles_elapsed).
//   dsmem_chase     cluster of 2, one warp per CTA. Rank 1 builds next[i] = (i + stride) % 4096 in its shared memory;
//                   after a cluster barrier rank 0's thread 0 chases j = next[j] through rank 1's array (DSMEM:
//                   mapa + ld.shared::cluster per step), `warm` untimed steps then k timed ones: cyc[0] / k = cycles
//                   per dependent remote load (cluster.dsmem_latency + the port's time for 4 bytes). res[0] = final j.
//                   A last cluster barrier keeps rank 1 alive while rank 0 reads it.
//   cluster_sync    k iterations of barrier.cluster.arrive + wait (cg::cluster_group::sync) by every thread of a
//                   cluster of C CTAs (C = the launch's cluster size): cyc[1] / k = cycles per cluster barrier
//                   (cluster.barrier_cycles). res[1] = the number of iterations rank 0 counted.
// Leaves out: DSMEM bandwidth (one thread), a cluster barrier with a slow arrival.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define N 4096

extern "C" __global__ void dsmem_chase(unsigned* res, unsigned long long* cyc, unsigned stride, int warm, int k) {
  __shared__ unsigned next[N];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  if (rank == 1)
    for (unsigned i = threadIdx.x; i < N; i += blockDim.x) next[i] = (i + stride) % N;
  cluster.sync();
  if (rank == 0 && threadIdx.x == 0) {
    const unsigned* peer = cluster.map_shared_rank(next, 1);
    unsigned j = 0;
#pragma unroll 1
    for (int i = 0; i < warm; ++i) j = peer[j];
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < k; i += 4) {
      j = peer[j]; j = peer[j]; j = peer[j]; j = peer[j];
    }
    long long t1 = clock64();
    res[0] = j;
    cyc[0] = (unsigned long long)(t1 - t0);
  }
  cluster.sync();
}

extern "C" __global__ void cluster_sync(unsigned* res, unsigned long long* cyc, int k) {
  cg::cluster_group cluster = cg::this_cluster();
  unsigned n = 0;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; ++i) {
    cluster.sync();
    ++n;
  }
  long long t1 = clock64();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    res[1] = n;
    cyc[1] = (unsigned long long)(t1 - t0);
  }
}
