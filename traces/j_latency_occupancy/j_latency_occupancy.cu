// Judgement workload j_latency_occupancy: a latency-bound loop of dependent loads with a little integer work,
// run at full and at minimal occupancy. Each thread follows idx = table[idx] through a 4 MiB table of random
// indices (1,048,576 u32 in [0, 2^20 - 1], L2-resident after first touch) and folds what it reads into a
// hash (acc = acc * 33 + idx), then stores acc: the shape of hash-table probing, union-find / pointer jumping,
// random-walk sampling or tree descent, where each step's address comes from the previous load.
// `__launch_bounds__(256, 8)` keeps registers low so 8 CTAs (2048 threads) fit on an SM.
// Launches: the same kernel and per-thread work (20 steps, start idx = thread index) twice: 1056 x 256 (8 CTAs
// per SM on the H200's 132 SMs: one full wave, 64 warps per SM hiding each other's latency) and 132 x 256
// (1 CTA per SM: 8 warps per SM, latency exposed); a timing model should get the ratio of the two times
// (well under 8) right. Each launch writes its own output buffer.
// Leaves out: DRAM-resident tables (j_gather, j_chase32 cover DRAM), shared-memory use, divergence.
extern "C" __global__ void __launch_bounds__(256, 8)
    walk_accumulate(const unsigned* __restrict__ table, unsigned* __restrict__ out, int steps) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned idx = t, acc = 0;
  for (int s = 0; s < steps; ++s) {
    idx = table[idx];
    acc = acc * 33u + idx;
  }
  out[t] = acc;
}
