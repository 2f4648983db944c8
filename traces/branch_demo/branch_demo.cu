// Workload branch_demo: one warp (1 CTA x 32 threads) diverges on the lane id: lanes 0-15 take one path and
// lanes 16-31 the other; each path writes values that identify it, then the warp reconverges and every
// lane writes a common tail value.
// Models: a single if/else divergence and reconvergence inside one warp.
// Leaves out: nested divergence, loops, early exit (see nested_divergence, lane_loop).
extern "C" __global__ void branch_demo(const int* in, int* out, int* which) {
  int t = threadIdx.x;
  int v = in[t];
  if (t < 16) {
    // path A: a small loop so the compiler keeps a real branch instead of a select
    int acc = v;
    for (int k = 0; k < 3; ++k) acc = acc * 2 + t;
    out[t] = acc;
    which[t] = 1;
  } else {
    out[t] = v - 1000 * t;
    which[t] = 2;
  }
  // after reconvergence
  out[t + 32] = v + t;
}
