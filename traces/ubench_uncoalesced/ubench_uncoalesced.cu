// Microbenchmark ubench_uncoalesced: the L1's cost per distinct 128-byte line of one warp access. One warp;
// lane l touches word l * stride + i of a 16 KiB buffer in step i, so each warp-instruction touches 32 lines
// (stride 32 words) or 1 line (stride 1). Loads: the buffer is read once untimed (L1-resident after that), then
// n timed steps x += a[l * stride + (i & 31)] (independent loads, their sum kept). Stores: n timed steps
// b[l * stride + (i & 31)] = i. %clock64 around each loop; lane 0 writes the cycles to cyc[slot * 2 + {0 load,
// 1 store}] and every lane its sum to out[slot * 32 + lane].
// Leaves out: L2 and DRAM (everything is L1-resident or written through), partial-line accesses other than
// one word per lane, atomics.
extern "C" __global__ void uncoalesced(const unsigned* a, unsigned* b, unsigned* out, unsigned long long* cyc,
                                       int stride, int n, int slot) {
  const unsigned lane = threadIdx.x & 31u;
  unsigned x = 0;
  for (int i = 0; i < 32; ++i) x += a[lane * stride + i];  // warm L1
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 4) {
    x += a[lane * stride + ((i + 0) & 31)];
    x += a[lane * stride + ((i + 1) & 31)];
    x += a[lane * stride + ((i + 2) & 31)];
    x += a[lane * stride + ((i + 3) & 31)];
  }
  long long t1 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 4) {
    b[lane * stride + ((i + 0) & 31)] = i;
    b[lane * stride + ((i + 1) & 31)] = i + 1;
    b[lane * stride + ((i + 2) & 31)] = i + 2;
    b[lane * stride + ((i + 3) & 31)] = i + 3;
  }
  long long t2 = clock64();
  out[slot * 32 + lane] = x;
  if (lane == 0) {
    cyc[slot * 2] = (unsigned long long)(t1 - t0);
    cyc[slot * 2 + 1] = (unsigned long long)(t2 - t1);
  }
}
