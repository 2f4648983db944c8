// Microbenchmark ubench_l1_assoc: how L1 maps lines to sets and which line it evicts, the mechanism behind
// ubench_carveout's curve past capacity (the H200 misses more than random replacement in a 4-way L1 predicts just
// past the capacity, in steps). One thread of one CTA walks a cyclic chain of n lines spaced `stride` bytes apart
// with ld.global.ca, for n = 1 .. 48, 56, 64, 80, 96, 128, 160, 192, 256 (56 points, out[0..55]): a warm-up of
// max(2n, 512) loads, then a timed pass of n * ceil(512 / n) loads; out[p] = the timed pass's cycles per load x 100.
// Each launch is one stride (128 B .. 64 KiB). With a set index taken from the address bits just above the line
// offset, lines 2^k bytes apart share a set once 2^k is at least (number of sets) x 128 bytes, and the walk then
// misses from n = associativity + 1 on (with LRU every load; with random replacement a growing share). A hashed
// index spreads them instead: the capacity stays near L1's size at every stride. The chain is all zeros: the next
// index is chain[cur] + cur + stride_words, wrapped at n x stride_words, so every load depends on the one before.
// Leaves out: the carve-out (the default: one CTA of 32 threads with no shared memory), the texture path, stores.
#define POINTS 57

__device__ __forceinline__ unsigned lines_at(unsigned p) {
  if (p < 48) return p + 1;
  const unsigned tail[9] = {56, 64, 80, 96, 128, 160, 192, 256, 256};
  return tail[p - 48];
}

extern "C" __global__ void l1_stride(const unsigned* chain, unsigned* out, unsigned stride_words) {
  if (threadIdx.x != 0) return;
  unsigned cur = 0;
  for (unsigned p = 0; p < POINTS - 1; ++p) {
    const unsigned n = lines_at(p);
    const unsigned span = n * stride_words;
    const unsigned warm = 2 * n > 512 ? 2 * n : 512;
    const unsigned timed = n * ((512 + n - 1) / n);
    cur = 0;
    for (unsigned i = 0; i < warm; ++i) {
      cur = __ldca(&chain[cur]) + cur + stride_words;
      if (cur >= span) cur -= span;
    }
    const long long t0 = clock64();
    for (unsigned i = 0; i < timed; ++i) {
      cur = __ldca(&chain[cur]) + cur + stride_words;
      if (cur >= span) cur -= span;
    }
    const long long t1 = clock64();
    out[p] = static_cast<unsigned>((t1 - t0) * 100 / timed);
  }
  out[POINTS - 1] = cur;  // keeps the chain live
}
