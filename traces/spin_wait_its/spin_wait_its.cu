// Workload spin_wait_its: an intra-warp handshake that terminates only with Volta+ independent thread
// scheduling. One warp (1 CTA x 32 threads). Lanes 0-15 raise flag A, then spin until flag B is set;
// lanes 16-31 raise flag B, then spin until flag A is set. Both halves of the divergent branch spin, so a
// pre-Volta SIMT stack (which runs one side of the branch to the reconvergence point before the other)
// livelocks whichever side it runs first; with independent thread scheduling both sides make progress.
// The two sides use different atomics so that nvcc cannot merge them into one select-based path.
// Output: out[lane] = 1 for lanes 0-15 (seen B), 2 for lanes 16-31 (seen A); flags end as {1, 1}.
// Models: forward-progress guarantee of independent thread scheduling for divergent paths in one warp.
// Leaves out: spin waits across warps (any scheduler handles those).
extern "C" __global__ void spin_wait_its(int* flags, int* out) {
  int lane = threadIdx.x & 31;
  if (lane < 16) {
    atomicOr(&flags[0], 1);
    while (atomicAdd(&flags[1], 0) == 0) {
    }
    out[lane] = 1;
  } else {
    atomicExch(&flags[1], 1);
    while (atomicCAS(&flags[0], 1, 1) != 1) {
    }
    out[lane] = 2;
  }
}
