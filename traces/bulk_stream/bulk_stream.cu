// bulk_stream: a 1-D bulk-copy stream (cp.async.bulk) of a large buffer through shared memory, the HBM-bandwidth
// workload of the TMA's non-tensor copies. Each CTA copies `chunks` consecutive 16 KiB chunks of `in` to `out`: one
// thread loads chunk c into stage c % 2 with cp.async.bulk global -> shared (complete_tx on that stage's mbarrier),
// waits for it, stores it with cp.async.bulk shared -> global (.bulk_group) and commits; before loading into a stage
// again it waits (cp.async.bulk.wait_group.read 1) until the store that last read it has read its source.
// out must equal in bit for bit.
// Leaves out: tensor maps (traces/tma_pipeline), reductions.
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

constexpr int kChunkBytes = 16384, kStages = 2;

extern "C" __global__ void bulk_stream(const float* in, float* out, int chunks) {
  __shared__ alignas(128) float stage[kStages][kChunkBytes / 4];
  __shared__ alignas(8) std::uint64_t full[kStages];
  if (threadIdx.x != 0) return;
  for (int s = 0; s < kStages; ++s) ptx::mbarrier_init(&full[s], 1);
  ptx::fence_proxy_async(ptx::space_shared);
  const long long first = static_cast<long long>(blockIdx.x) * chunks * (kChunkBytes / 4);
  for (int c = 0; c < chunks; ++c) {
    const int s = c % kStages;
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<1>());
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], kChunkBytes);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, stage[s], in + first + c * (kChunkBytes / 4),
                       kChunkBytes, &full[s]);
    while (!ptx::mbarrier_try_wait_parity(&full[s], static_cast<std::uint32_t>((c / kStages) & 1))) {
    }
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + first + c * (kChunkBytes / 4), stage[s],
                       kChunkBytes);
    ptx::cp_async_bulk_commit_group();
  }
  ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
}
