// tma_probe: single 2-D TMA tile loads (cp.async.bulk.tensor.2d ... .mbarrier::complete_tx::bytes) that settle two
// questions warpsim answers by hypothesis, each launch's shared memory then copied word for word to global memory.
//   tma_probe.json   the NaN out-of-bounds fill (CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA) of float16,
//                    bfloat16, float32 and float64 maps: each box lies partly outside its tensor (past the last
//                    column and the last row). The H200 wrote 0x7ff77ff7 for float32 (traces/tma_swizzle); warpsim
//                    assumes the 16-bit pattern 0x7ff7 repeated over every element size.
//   align_*.json     one launch each (a faulting launch ends the CUDA context): a box whose first element is or is not
//                    16-byte aligned in global memory, float32 at x0 = 1, 2, 4, 5 without swizzle and with the 128-byte
//                    swizzle, uint8 at x0 = 1, 3, 16. The PTX ISA requires a bounding box's address to be 16-byte
//                    aligned; the H200 faulted at x0 = 5 (float32, 128B). Which of these fault says whether the rule
//                    is the address (warpsim: x0 x element size a multiple of 16, any swizzle) or something else.
// Models: a tensor over the run config's buffer A (u32 iota: word i holds i, so a 2- or 8-byte element reads the
// little-endian bytes of those words). Each launch is one CTA of 128 threads: thread 0 initialises an mbarrier,
// arrives on it expecting `tx` bytes (the box's) and issues the load at (x0, y0) into a 1024-byte-aligned shared
// buffer whose first `words` words were set to 0xdeadbeef; every thread waits on phase 0, then the CTA copies the
// `words` words to out[base ...].
// Leaves out: stores and reductions (the same rule is assumed for them), prefetches, interleaved maps.
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

extern "C" __global__ void tma_box(const __grid_constant__ CUtensorMap map, unsigned* out, int x0, int y0, int words,
                                   int base, int tx) {
  __shared__ alignas(1024) unsigned tile[4096];
  __shared__ alignas(8) std::uint64_t bar;
  // Every word the box does not cover reads back as this marker.
  for (int i = threadIdx.x; i < words; i += blockDim.x) tile[i] = 0xdeadbeefu;
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_proxy_async(ptx::space_shared);
    std::int32_t coords[2] = {x0, y0};
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar,
                                   static_cast<std::uint32_t>(tx));
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile, &map, coords, &bar);
  }
  __syncthreads();
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  for (int i = threadIdx.x; i < words; i += blockDim.x) out[base + i] = tile[i];
}
