// PTX sample for the parser tests: <cuda/ptx> wrappers for mbarriers, bulk copies and proxy fences,
// elect.sync through cooperative groups, clusters, and (sm_90a only) wgmma through inline asm.
// Regenerate: nvcc -arch=sm_90a -ptx hopper_tma.cu -o hopper_tma.sm_90a.ptx (and sm_100a).
#include <cooperative_groups.h>
#include <cuda/ptx>
#include <cstdint>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

__device__ __forceinline__ bool elect_one() {
  unsigned pred = 0;
  asm volatile(
      "{\n\t"
      ".reg .pred P1;\n\t"
      "elect.sync _|P1, 0xffffffff;\n\t"
      "selp.b32 %0, 1, 0, P1;\n\t"
      "}\n"
      : "+r"(pred));
  return pred != 0;
}

__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128) tma_kernel(float* out, const float* in, int n) {
  __shared__ alignas(128) float tile[1024];
  __shared__ alignas(8) uint64_t bar;
  cg::thread_block block = cg::this_thread_block();
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned bytes = 1024 * sizeof(float);
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release_t{}, ptx::scope_cluster_t{});
    ptx::fence_proxy_async(ptx::space_shared_t{});
  }
  block.sync();
  uint64_t state = 0;
  if (elect_one() && threadIdx.x < 32) {
    state = ptx::mbarrier_arrive_expect_tx(ptx::sem_release_t{}, ptx::scope_cta_t{}, ptx::space_shared_t{}, &bar, bytes);
    ptx::cp_async_bulk(ptx::space_cluster_t{}, ptx::space_global_t{}, tile, in + blockIdx.x * 1024, bytes, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  float v = tile[threadIdx.x] * 2.0f + (float)cluster.block_rank();
  cg::invoke_one(cg::tiled_partition<32>(block), [&] { tile[threadIdx.x] = v; });
  ptx::fence_proxy_async(ptx::space_shared_t{});
  block.sync();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global_t{}, ptx::space_shared_t{}, out + blockIdx.x * 1024, tile, bytes);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
  }
  cluster.sync();
  out[n + threadIdx.x] = v + (float)(state & 1);
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// One m64n8k16 wgmma with both operands in shared memory (descriptors passed in), accumulating in f32.
__global__ void wgmma_kernel(float* out, uint64_t desc_a, uint64_t desc_b) {
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  asm volatile("wgmma.fence.sync.aligned;\n");
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %6, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
      "{%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n"
      "}\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "l"(desc_a), "l"(desc_b), "r"(1));
  asm volatile("wgmma.commit_group.sync.aligned;\n");
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(0));
  out[threadIdx.x * 4 + 0] = d0;
  out[threadIdx.x * 4 + 1] = d1;
  out[threadIdx.x * 4 + 2] = d2;
  out[threadIdx.x * 4 + 3] = d3;
}
#endif
