// Microbenchmark ubench_cluster_bw: the cluster costs that ubench_cluster's single-thread chase and cluster-of-4
// barrier leave open, each launch timed with %clock64 (cyc, one slot per CTA rank or per launch) and by the whole
// kernel's duration.
//   dsmem_stream    cluster of 2 CTAs of 1024 threads, each with a 32 KB array of uint4 in shared memory. After a
//                   cluster barrier every thread of a streaming CTA loads k 16-byte vectors, 4 independent loads per
//                   iteration, stepping 16 KB through the 32 KB array: mode 0 from its own array (ld.shared.v4, the
//                   local baseline), mode 1 from the peer's (rank ^ 1) through ld.shared::cluster.v4 (both CTAs
//                   stream, each SM's DSMEM port reads and serves), mode 2 like 1 with rank 0 alone streaming. Each
//                   CTA's thread 0 reads %clock64 after a __syncthreads before and after the loop: cyc[slot + rank]
//                   = cycles for 1024 x k x 16 bytes (bytes per cycle per SM = 16,384 x k / cyc). res[slot + rank] =
//                   XOR of every word the CTA loaded (0 for an idle CTA). A last cluster barrier keeps the peer's
//                   shared memory alive.
//   cluster_sync_n  k iterations of barrier.cluster.arrive + wait (cg::cluster_group::sync) by every thread of a
//                   cluster of C CTAs of 128 threads (C = the launch's cluster size, 16 with the non-portable
//                   opt-in): cyc[slot] / k = cycles per cluster barrier; res[slot] = iterations rank 0 counted.
//   cluster_empty   many CTAs of 32 threads launched in clusters of C (the launch's cluster size); thread 0 writes
//                   out[cta] = cta ^ 0x5a5a (as ubench_many_ctas): the kernel's duration is the dispatch rate.
// Leaves out: DSMEM stores and atomics, bank conflicts on the peer, a cluster barrier with a slow arrival, clusters
// with real work per CTA.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define BW_VECS 2048  // uint4 per CTA: 32 KB
#define BW_BYTES (BW_VECS * 16)

__device__ __forceinline__ unsigned fold(uint4 v) { return v.x ^ v.y ^ v.z ^ v.w; }

__device__ __forceinline__ uint4 ld_local(unsigned a) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(a));
  return v;
}

__device__ __forceinline__ uint4 ld_remote(unsigned a) {
  uint4 v;
  asm volatile("ld.shared::cluster.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(a));
  return v;
}

// k loads of 16 bytes by this thread from base (a shared or shared::cluster window address), 4 per iteration.
template <bool Remote>
__device__ __forceinline__ unsigned stream(unsigned base, int k) {
  const unsigned step = blockDim.x * 16;
  unsigned off = threadIdx.x * 16, acc = 0;
#pragma unroll 1
  for (int i = 0; i < k; i += 4) {
    uint4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
      v[u] = Remote ? ld_remote(base + off) : ld_local(base + off);
      off = (off + step) & (BW_BYTES - 1);
    }
#pragma unroll
    for (int u = 0; u < 4; ++u) acc ^= fold(v[u]);
  }
  return acc;
}

extern "C" __global__ void __launch_bounds__(1024) dsmem_stream(unsigned* res, unsigned long long* cyc, int slot,
                                                                 int mode, int k) {
  __shared__ uint4 buf[BW_VECS];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  for (unsigned i = threadIdx.x; i < BW_VECS; i += blockDim.x) {
    const unsigned w = (rank << 24) ^ (i * 4u);
    buf[i] = make_uint4(w * 2654435761u, (w + 1) * 2654435761u, (w + 2) * 2654435761u, (w + 3) * 2654435761u);
  }
  cluster.sync();
  const unsigned local = static_cast<unsigned>(__cvta_generic_to_shared(buf));
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank ^ 1u));
  const bool active = mode != 2 || rank == 0;
  __syncthreads();
  const long long t0 = clock64();
  unsigned acc = 0;
  if (active) acc = mode == 0 ? stream<false>(local, k) : stream<true>(remote, k);
  __syncthreads();
  const long long t1 = clock64();
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, d);
  if ((threadIdx.x & 31) == 0) atomicXor(&res[slot + rank], acc);
  if (threadIdx.x == 0) cyc[slot + rank] = static_cast<unsigned long long>(t1 - t0);
  cluster.sync();
}

extern "C" __global__ void cluster_sync_n(unsigned* res, unsigned long long* cyc, int slot, int k) {
  cg::cluster_group cluster = cg::this_cluster();
  unsigned n = 0;
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; ++i) {
    cluster.sync();
    ++n;
  }
  const long long t1 = clock64();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    res[slot] = n;
    cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  }
}

extern "C" __global__ void cluster_empty(unsigned* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = blockIdx.x ^ 0x5a5au;
}
