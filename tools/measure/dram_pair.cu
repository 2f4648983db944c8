// DRAM pair probe (issue 9; see traces/README.md, "Read-only loads above barriers"): how long the second of two cold
// 128-byte lines takes when a warp asks for both at once, as a function of the distance D between them, for one
// warp alone and for a burst of 132 CTAs x 16 warps (j_sgemm16_256's first tiles: every warp of the GPU asks for its
// lines within a few hundred cycles). In j_sgemm16_256 on an H100 the STS of tile 1's B (rows 16 KiB after tile 0's)
// waits as long as tile 0's, while tile 1's A (the other half of tile 0's lines) is there; warpsim's DRAM banks are
// hashed 64-byte blocks and serve such pairs in parallel. This probe asks whether distance alone makes the second
// line late. Second part: the same pair (D = 16 KiB) asked for by S warps on S different SMs at once (S = 1 to 32;
// in j_sgemm16_256 16 CTAs ask for each line of A and B at about the same time): whether the later askers of a cold
// line wait for the first one's fill (MSHR merging, as warpsim's L2 does) or longer.
//
// Kernel: warp w (numbered CTA-first: s = warp-in-CTA x CTAs + CTA, so that consecutive s are on different SMs) reads
// line L0 = base + (s / S) * 2 KiB (lane l: word l) and line L1 = L0 + D, both with ld.global.cg (L2
// only), then records t1 - t0 after an add that reads the first value and t2 - t0 after one that reads the second
// (in-order issue: the clock read after the add issues once the value is there; ptxas keeps clock reads in place).
// Before each measurement a 512 MiB sweep evicts the L2 (60 MiB on an H200, 50 on an H100), so both lines come from
// DRAM. Output (stdout, JSON): per (D, S, warps) the median, mean and 90th percentile of t1 - t0 and t2 - t0 over
// the warps, their maximum, and the kernel's elapsed time by events.
// Leaves out: which banks or channels the lines map to (not observable here), row-buffer state between runs.
#include "cuda_check.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void pair_probe(const int* __restrict__ buf, unsigned long long d_words, unsigned sharers, long long* out,
                           int* sink) {
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32 * gridDim.x + blockIdx.x;
  const int* p0 = buf + static_cast<unsigned long long>(warp / sharers) * 512 + lane;  // 2 KiB per line pair
  const int* p1 = p0 + d_words;
  int v0, v1, a, b;
  long long t0, t1, t2;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0)::"memory");
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v0) : "l"(p0) : "memory");
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v1) : "l"(p1) : "memory");
  asm volatile("add.s32 %0, %1, 1;" : "=r"(a) : "r"(v0) : "memory");
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1)::"memory");
  asm volatile("add.s32 %0, %1, 1;" : "=r"(b) : "r"(v1) : "memory");
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t2)::"memory");
  if (lane == 0) {
    out[2 * warp] = t1 - t0;
    out[2 * warp + 1] = t2 - t0;
  }
  if (a + b == 0x7fffffff) sink[0] = a;  // keeps the loads
}

__global__ void sweep(const int4* __restrict__ p, unsigned long long n, int* sink) {
  int acc = 0;
  for (unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc ^= __ldcg(p + i).x;
  if (acc == 0x12345678) sink[1] = acc;
}

int main() {
  const unsigned long long buf_bytes = 1ull << 30, flush_bytes = 512ull << 20;
  int *buf, *flush, *sink;
  long long* out;
  CK(cudaMalloc(&buf, buf_bytes));
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMalloc(&sink, 64));
  CK(cudaMemset(buf, 1, buf_bytes));
  CK(cudaMemset(flush, 2, flush_bytes));
  const unsigned max_warps = 132 * 16;
  CK(cudaMalloc(&out, max_warps * 2 * sizeof(long long)));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  struct Run { unsigned long long d; unsigned sharers, ctas, threads; };
  std::vector<Run> runs;
  for (unsigned threads : {32u, 512u})  // one warp alone, then 132 CTAs x 16 warps
    for (unsigned long long d : {16, 32, 256, 1024, 4096, 8192, 16384, 65536, 262144})  // words: 64 B .. 1 MiB
      runs.push_back({d, 1, threads == 32 ? 1u : 132u, threads});
  for (unsigned threads : {32u, 512u})  // one warp per SM, then 16
    for (unsigned sharers : {1u, 2u, 4u, 8u, 16u, 32u}) runs.push_back({4096, sharers, 132, threads});
  std::printf("{\"gpu\": \"%s\", \"sms\": %d, \"results\": [\n", prop.name, prop.multiProcessorCount);
  bool first = true;
  for (int rep = 0; rep < 3; ++rep)
    for (const Run& ld : runs) {
      const unsigned long long d = ld.d;
      sweep<<<1024, 256>>>(reinterpret_cast<const int4*>(flush), flush_bytes / 16, sink);
      CK(cudaDeviceSynchronize());
      CK(cudaEventRecord(e0));
      pair_probe<<<ld.ctas, ld.threads>>>(buf, d, ld.sharers, out, sink);
      CK(cudaEventRecord(e1));
      CK(cudaDeviceSynchronize());
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      const unsigned warps = ld.ctas * ld.threads / 32;
      std::vector<long long> h(2 * warps);
      CK(cudaMemcpy(h.data(), out, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
      std::vector<long long> a(warps), b(warps);
      double sa = 0, sb = 0;
      for (unsigned w = 0; w < warps; ++w) a[w] = h[2 * w], b[w] = h[2 * w + 1], sa += a[w], sb += b[w];
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      std::printf("%s  {\"rep\": %d, \"d_bytes\": %llu, \"sharers\": %u, \"warps\": %u, \"first_median\": %lld, "
                  "\"second_median\": %lld, \"first_mean\": %.1f, \"second_mean\": %.1f, \"first_p90\": %lld, "
                  "\"second_p90\": %lld, \"second_max\": %lld, \"elapsed_us\": %.2f}",
                  first ? "" : ",\n", rep, d * 4, ld.sharers, warps, a[warps / 2], b[warps / 2], sa / warps,
                  sb / warps, a[warps * 9 / 10], b[warps * 9 / 10], b[warps - 1], ms * 1000.0);
      first = false;
    }
  std::printf("\n]}\n");
  return 0;
}
