// Microbenchmark ubench_exit_drain: what a warp's outstanding stores cost at its EXIT. Nsight Compute's "drain"
// stall is a warp stalled after EXIT until its memory instructions complete so that its resources can be freed.
// If a CTA's slot is freed only when its stores are acknowledged, every wave of a kernel that ends in stores is
// longer by that acknowledgement and the next wave starts later. Launches of 1 and 8 waves of 1056 CTAs x 256
// threads (8 CTAs per SM on an H200) differ only in what a thread does before it exits:
//   exit_store, flag 0   nothing (the store is behind a branch no thread takes): dispatch and retire only
//   exit_store, flag 1   one 4-byte store (out[i] = i ^ 0x5a5a; 8.6 MB at 8 waves, fits in L2)
//   exit_fence           the same store, then __threadfence(): the acknowledgement waited for explicitly
//   exit_load            one load of in[i] (DRAM after ncu's cache flush) that is stored only if it equals a
//                        value it never has: a load's round trip with no store
// (store - nothing) / waves is what one wave's stores add to it; exit_fence tells whether that is the store's
// acknowledgement; exit_load compares it with a load's round trip.
// Leaves out: stores that go on to DRAM (they fit in L2), several stores per thread, atomics at exit.
extern "C" __global__ void exit_store(unsigned* out, int flag) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (flag != 0) out[i] = i ^ 0x5a5au;
}

extern "C" __global__ void exit_fence(unsigned* out, int flag) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (flag != 0) {
    out[i] = i ^ 0x5a5au;
    __threadfence();
  }
}

extern "C" __global__ void exit_load(const unsigned* __restrict__ in, unsigned* out, int flag) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned v = in[i];
  if (v == 0xffffffffu - static_cast<unsigned>(flag)) out[i] = v;
}
