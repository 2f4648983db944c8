// Microbenchmark ubench_warp_lat: how long a warp waits for a load as a function of how many distinct lines (and
// sectors) its 32 lanes touch, from DRAM and from L2, alone on the GPU, with one such warp on every SM, and with
// enough warps that the L2 is the limit. `walk`: every warp takes STEPS dependent ld.global.cg steps per lane,
// idx = (table[idx] + key) mod 2^20 over a random table of 1 Mi words (4 MiB), twice from the same start: the first
// pass finds its words in DRAM (the launch starts with the table out of L2, as under Nsight, which flushes the
// caches), the second finds the same words in L2. key is the lane's own constant, so that walks of different lanes
// do not merge into one (a random table alone maps many indices to one). Lanes l >= `lanes` take lane l % lanes's
// key and start (they load the same words), so a step touches `lanes` random sectors, each of its own line.
// With aset != ~0u only the CTAs on SMs whose flag active[aset * 132 + %smid] is set walk (the others record their SM
// and leave): the launches of 132 CTAs of 16 warps, one per SM (their dynamic shared memory allows no second), on the
// SMs of two GPCs against as many SMs spread over all eight, and of one GPC against one TPC of each, tell a limit per
// GPC (the crossbar's ports) from one per slice or for the whole L2.
// Lane 0 of each warp records: for the first 132 warps of the launch, the clock64 cycles of every step,
// lat[((slot * 132 + w) * 2 + pass) * STEPS + s]; for every warp, each pass's cycles, tot[(tbase + w) * 2 + pass],
// and its SM, smid[tbase + w]. out[(tbase + w) * 32 + lane] = the lane's last index plus 7 times pass 0's
// last (the functional check; pass 0's loads would otherwise be dead, and ptxas removes them).
// What it separates: the issue of `lanes` requests from one load (the LSU and L1 take about one line a cycle), the
// spread of single-sector latencies (lanes = 1), a warp's wait for the slowest of its sectors (lanes = 32), and
// (many warps) the rate at which the L2 serves random single sectors.
// Leaves out: which GPC an SM is in on another die (the flags are the H200's measured layout, cluster.group_of_sm,
// which the measured H100 shares), L1 hits (.cg bypasses L1), stores and atomics, loads of several sectors of one line.
#define STEPS 32
#define TABLE_MASK ((1u << 20) - 1)

extern "C" __global__ void walk(const unsigned* __restrict__ table, unsigned* __restrict__ lat,
                                unsigned* __restrict__ tot, unsigned* __restrict__ smid, unsigned* __restrict__ out,
                                const unsigned* __restrict__ active, unsigned lanes, unsigned slot, unsigned tbase,
                                unsigned aset) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const unsigned key = (lane % lanes) * 40503u + (tbase + w) * 2654435761u;
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  if (lane == 0) smid[tbase + w] = id;
  if (aset != ~0u && active[aset * 132 + id] == 0) return;
  const unsigned start = key & TABLE_MASK;
  unsigned idx = start, first = 0;
  for (int pass = 0; pass < 2; ++pass) {
    first = idx;  // pass 1: pass 0's last index (kept in out, so that ptxas keeps pass 0's loads)
    idx = start;
    const long long p0 = clock64();
    for (int s = 0; s < STEPS; ++s) {
      const long long t0 = clock64();
      idx = (__ldcg(table + idx) + key) & TABLE_MASK;
      const long long t1 = clock64();
      if (lane == 0 && w < 132) lat[((slot * 132 + w) * 2 + pass) * STEPS + s] = static_cast<unsigned>(t1 - t0);
    }
    const long long p1 = clock64();
    if (lane == 0) tot[(tbase + w) * 2 + pass] = static_cast<unsigned>(p1 - p0);
  }
  out[(tbase + w) * 32 + lane] = idx + 7 * first;
}
