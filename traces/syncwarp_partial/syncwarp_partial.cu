// Workload syncwarp_partial: __syncwarp with a partial mask inside a divergent branch. 1 CTA x 64 threads
// (2 warps, each with its own 32-slot window of shared memory). In each warp, lanes 0-15 and lanes 16-31 take
// the two sides of a branch on the lane id; each half exchanges values with its own lanes through shared
// memory, ordered by a __syncwarp whose mask names only that half (0x0000ffff or 0xffff0000: the other half
// is on the other path and must not be named). After the branch the halves reconverge, a full __syncwarp()
// orders a read across the halves (lane reads 31 - lane).
// Output: out_half[t] = the value of a lane of t's own half; out_cross[t] = the value of the mirrored lane.
// Models: warp-level barriers with partial masks under divergence (bar.warp.sync with a mask).
// Leaves out: CTA-wide barriers (see barrier_deadlock) and shuffles (see vote_shfl).
extern "C" __global__ void syncwarp_partial(const int* in, int* out_half, int* out_cross) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  int lane = tid & 31;
  int base = tid & ~31;
  if (lane < 16) {
    s[tid] = in[tid] * 3 + 1;
    __syncwarp(0x0000ffffu);
    out_half[tid] = s[base + ((lane + 1) & 15)];  // the next lane of the low half
  } else {
    s[tid] = in[tid] - 5;
    __syncwarp(0xffff0000u);
    out_half[tid] = s[base + 16 + ((lane + 3) & 15)];  // three lanes along in the high half
  }
  __syncwarp();
  out_cross[tid] = s[base + (31 - lane)];
}
