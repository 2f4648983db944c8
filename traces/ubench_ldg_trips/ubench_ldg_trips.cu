// Microbenchmark ubench_ldg_trips (issue 12, calibration set): wgmma_gemm's epilogue without the GEMM. On an H100
// (traces/wgmma_gemm_probe) the epilogue's 32 dependent round trips per thread to cold C lines take 750, 678 and 493
// cycles each with 16, 64 and 128 CTAs: shorter with more CTAs, where warpsim's trips get longer (592 -> 638). This
// kernel repeats exactly that access pattern and separates what could make the difference: how many CTAs walk at once,
// whether neighbouring CTAs' tiles share DRAM rows (the GEMM's layout) or lie far apart, and whether the trips store.
// 256 threads (8 warps) per CTA, as wgmma_gemm's; CTA (bx, by) owns a tile of 128 rows x 128 f32 columns at word
// base + by * sy + bx * sx of C (row pitch `pitch` words): the GEMM's layout is sx = 128, sy = 128 pitch; "spread"
// puts every tile 512 KiB from the next (no 4 KiB block holds two CTAs' words); "contiguous" makes each tile 64 KiB
// of consecutive words (pitch 128). Thread (warp w, lane g * 4 + t) handles element pairs i = 0, 2, ..., 62 at row
// 16 w + g + 8 ((i / 2) % 2), column 8 (i / 4) + 2 t + {0, 1}, the order of wgmma's m64n128 accumulator fragment in
// wgmma_gemm's epilogue, and for each pair:
//  - mode 0 (the epilogue): c = alpha d + beta c with d = tid + i, alpha = 1, beta = 0.5, through a reference into C,
//    as wgmma_gemm writes it; ptxas cannot tell the pairs' addresses apart (pitch is a parameter), so each pair's two
//    loads wait for the previous pair's stores to issue: 32 dependent round trips;
//  - mode 1 (loads only): the pair's two loads, the next pair's address offset by the sign bit of their sum (C holds
//    non-negative values: always 0, which ptxas cannot know), so the trips stay dependent; the sum goes to
//    out[(oslot + cta) * 256 + tid].
// Lane 0 of each warp stamps clock64 (from its own start) before the first load and after the last trip:
// cyc[2 (slot + cta * 8 + w)] and the word after it. `summary.py` prints the cycles per trip.
// Leaves out: per-trip stamps (a clock read inside the loop would change ptxas's code), the GEMM's main loop before the
// epilogue (its K tiles leave A and B lines in L2; here L2 holds nothing of C's region).
#include <cstdint>

extern "C" __global__ void __launch_bounds__(256) ldg_trips(float* C, unsigned long long base, unsigned long long sx,
                                                           unsigned long long sy, int pitch, int mode,
                                                           unsigned long long* __restrict__ cyc, int slot,
                                                           float* __restrict__ out, int oslot) {
  const long long t0 = clock64();
  const unsigned tid = threadIdx.x, w = tid / 32, lane = tid % 32, g = lane / 4, t = lane % 4;
  const unsigned cta = blockIdx.y * gridDim.x + blockIdx.x;
  float* tile = C + base + blockIdx.y * sy + blockIdx.x * sx;
  long long tb;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(tb)::"memory");
  if (mode == 0) {
    const float alpha = 1.0f, beta = 0.5f;
#pragma unroll
    for (int i = 0; i < 64; ++i) {
      const int row = 16 * w + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * t + i % 2;
      float& c = tile[(size_t)row * pitch + col];
      c = alpha * static_cast<float>(tid + i) + beta * c;
    }
  } else {
    float sum = 0.f;
    unsigned dep = 0;
#pragma unroll
    for (int i = 0; i < 64; i += 2) {
      const int row = 16 * w + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * t;
      const float* p = tile + (size_t)row * pitch + col + dep;
      const float a = p[0], b = p[1];
      const float s = a + b;
      sum += s;
      dep = __float_as_uint(s) >> 31;
    }
    out[((size_t)oslot + cta) * 256 + tid] = sum;
  }
  long long te;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(te)::"memory");
  if (lane == 0) {
    const size_t at = 2 * ((size_t)slot + (size_t)cta * 8 + w);
    cyc[at] = static_cast<unsigned long long>(tb - t0);
    cyc[at + 1] = static_cast<unsigned long long>(te - t0);
  }
}
