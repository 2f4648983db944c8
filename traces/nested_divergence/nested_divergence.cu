// Workload nested_divergence: two warps (1 CTA x 64 threads) go through a three-level if/else nest on the
// lane id and on per-thread data; some lanes return early from inside the nest. Every lane records which of
// the six paths it took (path[]) and a path-specific value (out[]); lanes that did not exit early add a
// common tail after the nest reconverges. Each path also runs a short data-dependent loop so nvcc keeps real
// branches instead of if-converting to selects.
// Models: nested divergence, reconvergence with fewer lanes than diverged (early exit), exited lanes.
// Leaves out: barriers after the early exit (undefined behaviour in CUDA).
__device__ __forceinline__ int mix(int v, int rounds) {
  for (int r = 0; r < rounds; ++r) v = v * 5 + r;
  return v;
}

extern "C" __global__ void nested_divergence(const int* data, int* out, int* path) {
  int tid = threadIdx.x;
  int lane = tid & 31;
  int v = data[tid];
  out[tid] = -1;
  if (lane < 20) {
    if (v & 1) {
      if (lane % 3 == 0) {
        path[tid] = 1;
        return;  // early exit from the innermost level
      }
      out[tid] = mix(v, (lane & 3) + 1);
      path[tid] = 2;
    } else {
      int w = v / 2;
      if (lane > 10) {
        w = mix(w, lane - 9);
        path[tid] = 4;
      } else {
        path[tid] = 3;
      }
      out[tid] = w;
    }
  } else {
    if (v > 0) {
      out[tid] = mix(v - lane, v & 3);
      path[tid] = 5;
    } else {
      path[tid] = 6;
      return;  // early exit from the outer else
    }
  }
  out[tid] += 1000 * ((tid >> 5) + 1);  // tail after reconvergence: only lanes that did not return
}
