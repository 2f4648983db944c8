// Microbenchmark ubench_printf: the cost of device printf (a call to vprintf that appends a record to the
// printf FIFO in global memory). One warp; `lanes` of its lanes each call printf n times in a loop (not
// unrolled), between two %clock64 reads; lane 0 writes end - start to cyc[slot]. Launches: 1 lane x 32 calls,
// 32 lanes x 8 calls, 8 lanes x 16 calls: with them the cost splits into a per-call part and a per-printing-lane
// part. Every record prints two ints; the text goes to the tool's stdout.
// Leaves out: the host side (the FIFO is copied out at the next synchronisation, outside kernel time), %f and
// %s conversions (the arguments are only packed; formatting happens on the host), FIFO overflow.
#include <cstdio>

extern "C" __global__ void printf_cost(unsigned long long* cyc, int n, int lanes, int slot) {
  long long t0 = clock64();
  if ((int)threadIdx.x < lanes) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) printf("s%d l%d i%d\n", slot, (int)threadIdx.x, i);
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
}
