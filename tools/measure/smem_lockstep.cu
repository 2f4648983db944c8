// smem_lockstep: do the shared-memory banks serve the sub-partitions' conflicting accesses wavefront by wavefront
// (round robin), so that warps on different sub-partitions finish their accesses together and the gaps between
// their steps line up, or an access at a time (first come, first served), so that the sub-partitions drift apart
// and one's gap is covered by the others' accesses? traces/ubench_smem_tput's 4-warp launch (one warp per
// sub-partition, 32-way conflicting loads) takes 1.14 cycles per wavefront on the H200 where 2 warps per
// sub-partition take 1.00, and j_transpose_2048 is 10 % slower on the GPU than in warpsim.
// One CTA of W warps (W = 4: one per sub-partition; W = 8: two); every warp runs r steps of 8 independent 32-way
// conflicting ld.shared.u32 (256 wavefronts a step), XORs them into v, then L dependent IMADs on v (a gap of about
// 4 L cycles before its next step's loads). If the banks go round robin, the W / 4 warps of each sub-partition end
// their steps together and the gap adds to every step: cycles per step = 256 W + gap, rising with L from L = 0.
// If they go an access at a time, the sub-partitions' steps are staggered by about 3 accesses (96 cycles) and the
// gap is hidden until it is longer than that. Lane 0 of warp 0 times the loop with %clock64 between two
// __syncthreads; every thread writes v so nothing is dead. Output: one JSON line per (W, L) on stdout.
// Leaves out: stores, conflict-free accesses, more than 8 warps.
// Build and run (any sm_90+ GPU): nvcc -O3 -arch=native -o smem_lockstep tools/measure/smem_lockstep.cu &&
//   ./smem_lockstep > out.json
#include "cuda_check.hpp"

#include <cstdio>

constexpr int kWords = 2048, kStep = 8;

template <int L>
__global__ void lockstep(unsigned* out, unsigned long long* cyc, int r) {
  __shared__ unsigned s[kWords];
  for (unsigned i = threadIdx.x; i < kWords; i += blockDim.x) s[i] = i * 2654435761u;
  __syncthreads();
  const unsigned base = (threadIdx.x & 31u) * 32u;  // stride 32 words: every lane on bank 0, 32-way
  unsigned v = threadIdx.x;
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) {
    unsigned x[kStep];
#pragma unroll
    for (int u = 0; u < kStep; ++u) x[u] = s[(base + ((kStep * i + u) & 31)) & (kWords - 1)];
#pragma unroll
    for (int u = 0; u < kStep; ++u) v ^= x[u];
#pragma unroll
    for (int k = 0; k < L; ++k) v = v * v + 1013904223u;  // not affine: the compiler cannot fold the chain
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) *cyc = static_cast<unsigned long long>(t1 - t0);
  out[threadIdx.x] = v;
}

template <int L>
void run(int warps, int r, unsigned* out, unsigned long long* cyc) {
  for (int rep = 0; rep < 3; ++rep) {
    lockstep<L><<<1, 32 * warps>>>(out, cyc, r);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    unsigned long long c = 0;
    CK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    const double wavefronts = 32.0 * kStep * r * warps;
    std::printf("{\"warps\": %d, \"imads\": %d, \"steps\": %d, \"rep\": %d, \"cycles\": %llu, "
                "\"cycles_per_wavefront\": %.4f, \"cycles_per_step\": %.1f}\n",
                warps, L, r, rep, c, c / wavefronts, static_cast<double>(c) / r);
  }
}

int main() {
  unsigned* out;
  unsigned long long* cyc;
  CK(cudaMalloc(&out, 1024 * sizeof(unsigned)));
  CK(cudaMalloc(&cyc, sizeof(unsigned long long)));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  int khz = 0;
  CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
  std::fprintf(stderr, "%s, SM clock %d kHz\n", p.name, khz);
  for (const int w : {4, 8, 1}) {
    const int r = 256;
    run<0>(w, r, out, cyc);
    run<4>(w, r, out, cyc);
    run<8>(w, r, out, cyc);
    run<16>(w, r, out, cyc);
    run<32>(w, r, out, cyc);
    run<64>(w, r, out, cyc);
  }
  return 0;
}
