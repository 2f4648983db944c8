// Workload lane_loop: loops whose trip counts differ per lane. (1) a counted loop running (lane % 7) +
// data[tid] times; (2) a while loop counting Collatz steps of a per-thread start value, with a data-
// dependent break. 1 CTA x 64 threads.
// Models: divergent loop exits, lanes leaving a loop at different iterations and reconverging after it.
// Leaves out: barriers inside the loops.
extern "C" __global__ void lane_loop(const unsigned* data, unsigned* acc_out, unsigned* steps_out) {
  unsigned tid = threadIdx.x;
  unsigned lane = tid & 31;
  unsigned d = data[tid];
  unsigned trips = (lane % 7) + d;
  unsigned acc = tid;
  for (unsigned k = 0; k < trips; ++k) acc = acc * 3u + k;
  acc_out[tid] = acc;

  unsigned x = tid * 7u + d + 1u;
  unsigned steps = 0;
  while (x != 1u) {
    x = (x & 1u) ? 3u * x + 1u : x >> 1;
    ++steps;
    if (steps == 100u + d) break;  // cap, data dependent
  }
  steps_out[tid] = steps;
}
