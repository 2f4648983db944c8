// tma_store: the shared -> global direction of the Tensor Memory Accelerator. Each CTA fills one box of shared
// memory from its slice of a source buffer and one thread writes it out with a single asynchronous copy, so the
// H200's result shows exactly what a tensor store, a tensor reduction and a 1-D bulk reduction do: where a swizzled
// box lands in global memory, which elements of a box hanging over the tensor's edge are skipped, and how each
// element combines with what was there.
// Models: a 256 x 64 tensor (dims 256, 64; row pitch 1024 bytes), boxes of `inner` x `rows` elements; CTA i's box is
// at (x, y) = ((i % 8) * inner + xoff, (i / 8) * rows + yoff). Modes:
//   0  cp.async.bulk.tensor.2d.global.shared::cta.bulk_group (store), after a cp.async.bulk.prefetch.tensor of the box;
//   1  cp.reduce.async.bulk.tensor.2d ... .add (f32 map);
//   2  cp.reduce.async.bulk.tensor.2d ... .min (u32 map);
//   3  cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 of the box's bytes to flat[i * inner * rows ...],
//      after a cp.async.bulk.prefetch.L2 of that range.
// Shared memory is filled with generic stores in plain row-major order (fence.proxy.async before the copy), so a
// swizzled map permutes the 16-byte chunks of each row on their way out. The issuing thread waits for the copy to
// finish reading shared memory (cp.async.bulk.wait_group.read 0) and then for its writes (wait_group 0).
// Leaves out: multicast (loads only), 3-D and larger boxes, im2col.
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

extern "C" __global__ void tma_store(const __grid_constant__ CUtensorMap map, std::uint32_t* flat,
                                     const std::uint32_t* src, int mode, int inner, int rows, int xoff, int yoff) {
  __shared__ alignas(1024) std::uint32_t tile[32 * 16];
  const int words = inner * rows;
  for (int k = threadIdx.x; k < words; k += blockDim.x) tile[k] = src[blockIdx.x * words + k];
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    const std::int32_t coords[2] = {static_cast<std::int32_t>((blockIdx.x % 8) * inner + xoff),
                                    static_cast<std::int32_t>((blockIdx.x / 8) * rows + yoff)};
    if (mode == 0) {
      asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(&map), "r"(coords[0]),
                   "r"(coords[1])
                   : "memory");
      ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &map, coords, tile);
    } else if (mode == 1) {
      ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_add, &map, coords, tile);
    } else if (mode == 2) {
      ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_min, &map, coords, tile);
    } else {
      std::uint32_t* dst = flat + blockIdx.x * words;
      asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(dst), "r"(words * 4) : "memory");
      ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, dst, tile,
                                static_cast<std::uint32_t>(words * 4));
    }
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>{});
  }
}
