// tma_swizzle: one 2-D TMA tile load (cp.async.bulk.tensor.2d ... .mbarrier::complete_tx::bytes) per launch, its
// shared memory then copied word for word to global memory, so that the layout the TMA wrote (each swizzle mode,
// several box shapes, an out-of-bounds box) can be compared bit for bit with the H200's.
// Models: a 64 x 256 float tensor (256 floats per row, row pitch 1024 bytes; element (x, y) = y * 256 + x as a
// float, from the run config's "iota" buffer). Each launch is one CTA of 128 threads: thread 0 initialises an
// mbarrier, arrives on it expecting the box's bytes and issues the load at coordinates (x0, y0); every thread waits on
// phase 0, then the CTA copies `words` 4-byte words of the 1024-byte-aligned shared buffer to out[base ...].
// Leaves out: multicast, 3-D and larger boxes (tests/integration/simt has those), element strides.
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

extern "C" __global__ void tma_tile(const __grid_constant__ CUtensorMap map, float* out, int x0, int y0, int words, int base) {
  __shared__ alignas(1024) float tile[8192];
  __shared__ alignas(8) std::uint64_t bar;
  // Every word the box does not cover reads back as this marker.
  for (int i = threadIdx.x; i < words; i += blockDim.x) tile[i] = -1.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_proxy_async(ptx::space_shared);
    std::int32_t coords[2] = {x0, y0};
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar,
                                   static_cast<std::uint32_t>(words * 4));
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile, &map, coords, &bar);
  }
  __syncthreads();
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  for (int i = threadIdx.x; i < words; i += blockDim.x) out[base + i] = tile[i];
}
