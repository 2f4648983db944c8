// Microbenchmark ubench_l1_throughput: how fast one SM's L1 serves warp loads whose lanes touch many 128-byte
// lines, for hits and for misses separately, and how many misses it keeps in flight. One CTA (one SM) of W warps;
// each warp runs `iters` iterations of 4 independent loads (each lane's own line, `lanes_per_line` consecutive
// lanes sharing one, so 32 / lanes_per_line lines per load) and adds what it loads. clocks[w] = the timed
// loop's cycles of warp w (clock64 after a __syncthreads). `l1_tput_hit` (mode 0), hits: every warp reads the same 4 x 32 lines
// (16 KiB, loaded once before the timed loop). `l1_tput_cg` (mode 1), L2 hits through ld.global.cg (L1 not allocated): each
// warp its own lines of a region read once before (so they are in L2); `l1_tput_ca` (mode 2): the same with ld.global.ca (L1
// allocates the lines: misses in flight). Lines per cycle = W x iters x 4 x lines-per-load / cycles.
// Leaves out: stores, partial-sector accesses, more than one SM (L2 bandwidth is not the limit here).
// One kernel per mode (the mode is a template parameter, not a run-time branch, so the loads of an iteration are
// straight-line code in the PTX as well as in the SASS).
template <int Mode>
__device__ __forceinline__ unsigned load(const unsigned* p) {
  return Mode == 1 ? __ldcg(p) : __ldca(p);
}

template <int Mode>
__device__ void run(const unsigned* a, unsigned* out, unsigned* clocks, unsigned lanes_per_line, unsigned iters,
                    unsigned reuse_mask) {
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const unsigned lines = 32 / lanes_per_line;
  const unsigned word_in_line = lane % lanes_per_line;  // lanes of one line read its consecutive words
  const unsigned line_of_lane = lane / lanes_per_line;
  // Word offset of load u of iteration i: hits reuse the first 4 x 32 lines for every warp and iteration; misses
  // walk the warp's own lines (iters x 4 x lines of them) without reuse.
  auto offset = [&](unsigned i, unsigned u) -> unsigned {
    // (hits: i & reuse_mask with a mask of 0 from the config, which the compiler cannot see: it would otherwise
    // hoist the loop-invariant loads out of the loop)
    const unsigned step = Mode == 0 ? (i & reuse_mask) * 4 + u : (warp * iters + i) * 4 + u;
    return (step * lines + line_of_lane) * 32 + word_in_line;
  };
  unsigned s = 0;
  // Warm-up: mode 0 loads its 16 KiB into L1; modes 1 and 2 read each warp's lines once with .cg so that they are
  // in L2 but not in L1.
  for (unsigned i = 0; i < (Mode == 0 ? 1 : iters); ++i)
    for (unsigned u = 0; u < 4; ++u) s += Mode == 0 ? __ldca(&a[offset(i, u)]) : __ldcg(&a[offset(i, u)]);
  __syncthreads();
  const long long t0 = clock64();
  for (unsigned i = 0; i < iters; ++i) {
    const unsigned x0 = load<Mode>(&a[offset(i, 0)]);
    const unsigned x1 = load<Mode>(&a[offset(i, 1)]);
    const unsigned x2 = load<Mode>(&a[offset(i, 2)]);
    const unsigned x3 = load<Mode>(&a[offset(i, 3)]);
    s += x0 + x1 + x2 + x3;
  }
  const long long t1 = clock64();
  out[threadIdx.x] = s;
  if (lane == 0) clocks[warp] = static_cast<unsigned>(t1 - t0);
}

extern "C" __global__ void l1_tput_hit(const unsigned* a, unsigned* out, unsigned* clocks, unsigned lanes_per_line,
                                       unsigned iters, unsigned reuse_mask) {
  run<0>(a, out, clocks, lanes_per_line, iters, reuse_mask);
}
extern "C" __global__ void l1_tput_cg(const unsigned* a, unsigned* out, unsigned* clocks, unsigned lanes_per_line,
                                      unsigned iters) {
  run<1>(a, out, clocks, lanes_per_line, iters, 0);
}
extern "C" __global__ void l1_tput_ca(const unsigned* a, unsigned* out, unsigned* clocks, unsigned lanes_per_line,
                                      unsigned iters) {
  run<2>(a, out, clocks, lanes_per_line, iters, 0);
}
