// Microbenchmark ubench_cas_contention: an atomicCAS retry loop under contention, the pattern of a lock-free
// update (atomics_global's two CAS loops). Every thread adds its own value to one word with
// `do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);` and records how many
// CAS it issued in iters[thread]; lane 0 of CTA 0 writes the loop's cycles (%clock64) to cyc[slot]. Only one CAS
// on the word can succeed per round trip, so the loop measures the round trip under contention. Launches: one
// warp (32 successes, slot 0), 4 CTAs x 128 threads (512 successes, slot 1).
// Leaves out: 64-bit CAS, contention on several words, backoff.
extern "C" __global__ void cas_loop(unsigned* word, unsigned* iters, unsigned long long* cyc, int slot) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned v = tid + 1;
  long long t0 = clock64();
  unsigned old = word[slot], assumed, n = 0;
  do {
    assumed = old;
    old = atomicCAS(&word[slot], assumed, assumed + v);
    ++n;
  } while (old != assumed);
  long long t1 = clock64();
  iters[slot * 512 + tid] = n;
  if (tid == 0) cyc[slot] = (unsigned long long)(t1 - t0);
}
