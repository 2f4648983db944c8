// PTX sample for the parser tests (sm_100a only): tcgen05 Tensor Memory allocation, loads, stores and commits
// through <cuda/ptx> wrappers.
// Regenerate: nvcc -arch=sm_100a -ptx blackwell_tcgen05.cu -o blackwell_tcgen05.sm_100a.ptx
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

__global__ void tcgen05_kernel(uint32_t* out, int n) {
  __shared__ alignas(16) uint32_t tmem_base;
  __shared__ alignas(8) uint64_t bar;
  if (threadIdx.x < 32) {
    ptx::tcgen05_alloc(ptx::cta_group_1, &tmem_base, 32);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  }
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, 1);
  __syncthreads();
  uint32_t taddr = tmem_base;
  uint32_t vals[4] = {threadIdx.x, threadIdx.x * 2u, threadIdx.x * 3u, (uint32_t)n};
  ptx::tcgen05_st_32x32b(taddr, vals);
  ptx::tcgen05_wait_st();
  uint32_t back[4];
  ptx::tcgen05_ld_32x32b(back, taddr);
  ptx::tcgen05_wait_ld();
  if (threadIdx.x == 0) ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = back[0] + back[1] + back[2] + back[3];
  __syncthreads();
  if (threadIdx.x < 32) ptx::tcgen05_dealloc(ptx::cta_group_1, taddr, 32);
}
