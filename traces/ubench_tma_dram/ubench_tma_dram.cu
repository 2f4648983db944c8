// Microbenchmark ubench_tma_dram: what a 2-D TMA tensor load of cold lines (from DRAM) costs, alone and under load.
// Written for issue 12 (2026-12-07): in warpsim a ws_gemm K tile's TMA copy (128 rows of 128 bytes, 2 KiB apart)
// takes about 1,300 cycles from the unit's start to its data, about 400 of them waiting for a DRAM refresh
// somewhere among the ~100 channels its rows land in (the copy waits for its slowest line); on an H100 the
// whole TMA issue -> full barrier took 1,450-1,700 cycles in ws_gemm_probe, 200-260 fewer than warpsim's. This
// kernel measures the pieces apart: one line, 8, 32 and 128 rows a copy, rows 2 KiB apart or contiguous, one
// copy at a time or four in flight, one CTA or one per SM.
//   tma_dram: one warp per CTA. Lane 0 issues `loads` 2-D tensor loads of a box of 32 words x `rows` rows
//             through a ring of `stages` stages (1 = one copy at a time: its latency; 4 = a stream), each stage
//             with its own full mbarrier (arrive.expect_tx, then the copy). Every lane waits for each stage in
//             turn and reads one word of it (row lane % rows, word lane), then lane 0 refills the stage with load
//             i + stages. Load g = b * loads + i of CTA b reads rows row0 + rows (g % bands) .. and words
//             32 (g / bands) .. of the map: `bands` row bands of the launch's own region, each band's columns
//             taken in turn, so that no two loads of a launch read the same line and one CTA's successive loads
//             lie in different bands (different DRAM rows). No earlier launch read the region (every launch has
//             its own), and the table is 512 MiB, restored by the measuring tool before each repetition, so the
//             lines are cold on the GPU as in warpsim.
// Stamps (lane 0's %clock64 relative to the kernel's first read): cyc[2 (slot + g)] = load g's issue (just before
// the arrive.expect_tx), cyc[2 (slot + g) + 1] = its full barrier passed. out[32 (oslot + b) + lane] = the u32 sum
// of the words lane read. The table holds iota (word k = k), so the CPU reference
// (tests/integration/workloads/728-ubench_tma_dram.cpp) knows every word.
// Leaves out: swizzled boxes (the bytes are the same), multicast, stores, L2-resident tiles (traces/ubench_tma),
// the descriptor fetch (every launch uses one map, prefetched and used once before the first stamp).
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

constexpr int kMaxStages = 4;

__device__ __forceinline__ void wait_parity(std::uint64_t* bar, unsigned parity) {
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) {
  }
}

extern "C" __global__ void __launch_bounds__(32)
    tma_dram(const __grid_constant__ CUtensorMap map, std::uint32_t* out, unsigned long long* cyc, int slot,
             int oslot, int rows, int stages, int loads, int bands, int row0) {
  extern __shared__ __align__(128) std::uint32_t ring[];  // stages x rows x 32 words
  __shared__ alignas(8) std::uint64_t full[kMaxStages];
  const unsigned lane = threadIdx.x;
  const int b = static_cast<int>(blockIdx.x);
  const unsigned bytes = static_cast<unsigned>(rows) * 128u;
  if (lane == 0) {
    for (int s = 0; s < stages; ++s) ptx::mbarrier_init(&full[s], 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    asm volatile("prefetch.tensormap [%0];" ::"l"(&map) : "memory");
  }
  __syncwarp();
  const long long t0 = clock64();
  auto issue = [&](int i) {  // lane 0: load i into stage i % stages
    const int g = b * loads + i;
    const int s = i % stages;
    cyc[2 * (slot + g)] = static_cast<unsigned long long>(clock64() - t0);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], bytes);
    const std::int32_t coords[2] = {32 * (g / bands), row0 + rows * (g % bands)};
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ring + s * rows * 32, &map, coords, &full[s]);
  };
  if (lane == 0) {
    for (int i = 0; i < stages && i < loads; ++i) issue(i);
  }
  std::uint32_t sum = 0;
  for (int i = 0; i < loads; ++i) {
    const int s = i % stages;
    wait_parity(&full[s], static_cast<unsigned>((i / stages) & 1));
    if (lane == 0) cyc[2 * (slot + b * loads + i) + 1] = static_cast<unsigned long long>(clock64() - t0);
    sum += ring[(s * rows + static_cast<int>(lane) % rows) * 32 + static_cast<int>(lane)];
    __syncwarp();  // every lane has read the stage before lane 0 refills it
    if (lane == 0 && i + stages < loads) {
      ptx::fence_proxy_async(ptx::space_shared);  // the generic reads before the async proxy's writes
      issue(i + stages);
    }
  }
  out[32 * (oslot + b) + static_cast<int>(lane)] = sum;
}
