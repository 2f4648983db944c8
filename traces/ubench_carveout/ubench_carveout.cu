// Microbenchmark ubench_carveout: how much of the SM's 256 KiB L1/shared pool the driver leaves to L1 for a
// launch, as a function of the kernel's shared memory per CTA, its block size (both set how many CTAs fit on an
// SM) and cudaFuncAttributePreferredSharedMemoryCarveout. One thread of one CTA walks a cyclic chain of 128-byte
// lines of footprint F (8 KiB to 320 KiB): a warm-up pass, then a timed pass; out[f] is the timed pass's cycles per
// load x 100. While F fits in L1 every load hits (about 40 cycles); past L1's capacity LRU order makes every load
// miss to L2 (about 280). The capacity is the largest F of the fast plateau. Each launch of the run config is one
// (dynamic shared memory, block size, preferred carve-out) point; `l1_capacity_static` has 16 KiB of static shared
// memory instead of dynamic.
// chain is "iota" (chain[k] = k): the next word index is chain[cur] + 32 (the next line), wrapped at the footprint,
// so every load depends on the one before.
// Leaves out: associativity and the replacement policy (a cyclic walk only shows the capacity), the texture path.
#define FOOTPRINTS 34

__device__ __forceinline__ unsigned footprint_kib(unsigned f) { return f < 32 ? 8 * (f + 1) : 256 + 32 * (f - 31); }

__device__ void walk(const unsigned* chain, unsigned* out) {
  if (threadIdx.x != 0) return;
  unsigned cur = 0;
  for (unsigned f = 0; f < FOOTPRINTS; ++f) {
    const unsigned words = footprint_kib(f) * 256;  // 1 KiB = 256 words
    const unsigned lines = words / 32;
    for (unsigned i = 0; i < lines; ++i) {  // warm-up pass
      cur = __ldca(&chain[cur]) + 32;
      if (cur >= words) cur -= words;
    }
    const long long t0 = clock64();
    for (unsigned i = 0; i < lines; ++i) {
      cur = __ldca(&chain[cur]) + 32;
      if (cur >= words) cur -= words;
    }
    const long long t1 = clock64();
    out[f] = static_cast<unsigned>((t1 - t0) * 100 / lines);
  }
  out[FOOTPRINTS] = cur;  // keeps the chain live
}

extern "C" __global__ void l1_capacity(const unsigned* chain, unsigned* out) {
  extern __shared__ unsigned dyn[];
  if (threadIdx.x == 0 && blockDim.x == 0) dyn[0] = 0;  // never true: the shared memory is only reserved
  walk(chain, out);
}

extern "C" __global__ void l1_capacity_static(const unsigned* chain, unsigned* out) {
  __shared__ unsigned stat[4096];
  if (threadIdx.x == 0 && blockDim.x == 0) { stat[chain[0]] = 1; out[0] = stat[chain[1]]; }  // never true
  walk(chain, out);
}
