// Workload warp_neighbor: each lane writes a value to shared memory, __syncwarp(), then reads its
// neighbour's (lane + 1 mod 32) value; a second round, separated by __syncwarp(), reads the value of the
// mirrored lane (31 - lane). 1 CTA x 64 threads (2 warps, each with its own 32-slot window).
// Models: warp-level synchronisation (bar.warp.sync) ordering shared-memory accesses between lanes.
// Leaves out: CTA-wide barriers and shuffles.
extern "C" __global__ void warp_neighbor(const int* in, int* out_next, int* out_mirror) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  int lane = tid & 31;
  int base = tid & ~31;
  s[tid] = in[tid] * 2 + lane;
  __syncwarp();
  int next = s[base + ((lane + 1) & 31)];
  out_next[tid] = next;
  __syncwarp();
  s[tid] = next + 7;
  __syncwarp();
  out_mirror[tid] = s[base + (31 - lane)];
}
