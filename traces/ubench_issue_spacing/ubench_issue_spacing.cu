// Microbenchmark ubench_issue_spacing (issue 12, calibration set): how closely one warp can issue memory instructions
// that each move a whole warp's worth of lines, when nothing but the instruction itself is in the way. In
// traces/ubench_cp_async one warp's batch of 8 cp.async (LDGSTS.128, L2 hits) takes 692 cycles on the H200 against a
// single copy's 334-cycle round trip: about 51 cycles per further copy (66 with one warp on each sub-partition, 22
// once 4 warps share one), where warpsim spends 33; and wgmma_gemm's K loop on an H100 spends about 760 cycles issuing
// a tile's 8 copies per thread. But ptxas put three predicated-off LDS before each of those LDGSTS (each starts a
// basic block there), so the spacing may be theirs. Here every kernel is one straight block of 16 independent
// instructions per round (fully unrolled, no branch inside), each on its own line(s), then the wait:
//   spacing_ldgsts16: 16 cp.async.cg of 16 bytes a lane (4 lines an instruction, L2 hits after the untimed first
//                     round) into the warp's own 16 x 512 bytes of dynamic shared memory, commit_group, wait_group 0;
//   spacing_ldgsts4:  16 cp.async.ca of 4 bytes a lane (one line an instruction, L1 hits after the first round);
//   spacing_ldg16:    16 ld.global.cg.v4 (4 lines an instruction, L2 hits), the words xor-ed after all 16.
// W warps of one CTA (W = 1, 4, 8: one warp on one sub-partition, one on each, two on each), `rounds` timed rounds
// after one untimed; lane 0 of warp 0 writes the timed rounds' cycles (clock64) to cyc[slot]; out[slot * 256 + tid]
// = the xor of the thread's words of its last round (the copies from shared memory after the wait).
// Leaves out: copies that miss L2, several CTAs per SM, mbarrier-tracked copies.
#include <cstdint>

namespace {

constexpr int kPerRound = 16;

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Word offset of instruction i's data for lane `lane` of warp `w`: each instruction its own 512-byte block (4 lines)
// of the warp's 16 blocks; the blocks of different warps apart.
__device__ __forceinline__ unsigned block_word(unsigned w, int i) { return (w * kPerRound + i) * 128u; }

}  // namespace

extern "C" __global__ void spacing_ldgsts16(const uint4* __restrict__ src, int rounds,
                                            unsigned long long* __restrict__ cyc, int slot, unsigned* __restrict__ out) {
  extern __shared__ uint4 dst16[];
  const unsigned tid = threadIdx.x, w = tid / 32, lane = tid % 32;
  long long t0 = 0;
#pragma unroll 1
  for (int r = 0; r <= rounds; ++r) {
    if (r == 1) t0 = clock64();
#pragma unroll
    for (int i = 0; i < kPerRound; ++i) {
      const unsigned at = block_word(w, i) / 4 + lane;  // in uint4
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(dst16 + at)), "l"(src + at) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
  }
  const long long t1 = clock64();
  __syncwarp();
  unsigned acc = 0;
  for (int i = 0; i < kPerRound; ++i) {
    const uint4 v = dst16[block_word(w, i) / 4 + lane];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (tid == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[slot * 256 + tid] = acc;
}

extern "C" __global__ void spacing_ldgsts4(const unsigned* __restrict__ src, int rounds,
                                           unsigned long long* __restrict__ cyc, int slot, unsigned* __restrict__ out) {
  extern __shared__ unsigned dst4[];
  const unsigned tid = threadIdx.x, w = tid / 32, lane = tid % 32;
  long long t0 = 0;
#pragma unroll 1
  for (int r = 0; r <= rounds; ++r) {
    if (r == 1) t0 = clock64();
#pragma unroll
    for (int i = 0; i < kPerRound; ++i) {
      const unsigned at = block_word(w, i) + lane;  // the first line of the block
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(dst4 + at)), "l"(src + at) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
  }
  const long long t1 = clock64();
  __syncwarp();
  unsigned acc = 0;
  for (int i = 0; i < kPerRound; ++i) acc ^= dst4[block_word(w, i) + lane];
  if (tid == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[slot * 256 + tid] = acc;
}

extern "C" __global__ void spacing_ldg16(const uint4* __restrict__ src, int rounds,
                                         unsigned long long* __restrict__ cyc, int slot, unsigned* __restrict__ out) {
  const unsigned tid = threadIdx.x, w = tid / 32, lane = tid % 32;
  long long t0 = 0;
  unsigned acc = 0;
#pragma unroll 1
  for (int r = 0; r <= rounds; ++r) {
    if (r == 1) t0 = clock64();
    unsigned x = 0;
    uint4 v[kPerRound];
#pragma unroll
    for (int i = 0; i < kPerRound; ++i) v[i] = __ldcg(src + block_word(w, i) / 4 + lane + (acc >> 31));
#pragma unroll
    for (int i = 0; i < kPerRound; ++i) x ^= v[i].x ^ v[i].y ^ v[i].z ^ v[i].w;
    acc = x;  // the next round's addresses wait for this round's words (acc < 2^31: iota words)
  }
  const long long t1 = clock64();
  if (tid == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[slot * 256 + tid] = acc;
}
