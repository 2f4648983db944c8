// Judgement workload j_chase32: a pointer chase with 32 independent chains per warp: every thread follows its
// own linked list, so each warp-wide load touches 32 different 128-byte lines (32 sectors), and a warp can
// only go as fast as its slowest lane's miss. It stands for linked-list / tree traversal with one structure
// per thread (hash-chain probing, BVH or octree walks with incoherent rays, per-particle neighbour lists),
// memory-latency bound with little parallelism: 4 CTAs x 128 threads (16 warps on 4 SMs).
// Layout: nodes of 32 u32 (128 bytes, one line; word 0 is the next node's word index, the rest is padding).
// Thread t owns the L consecutive nodes t * L .. t * L + L - 1 (disjoint from every other thread's, so no
// two chains share a line); `chain_setup` links them into one cycle of length L per thread with the
// full-period LCG k -> (1103515245 k + 12345) mod L (L a power of two: multiplier = 1 mod 4, odd increment).
// `chase32` starts thread t at local node (t * 2654435761) mod L (different offsets, so lanes do not walk in
// lockstep through equal offsets of their regions), takes `steps` steps j = next[j] and stores the final j.
// Launches: chain_setup over 8 MiB (65,536 nodes, L = 128; 256 x 256), chase32 over it (4 x 128, 1024
// steps: 8 laps of each cycle, so after the first lap every line has been touched: L2-resident);
// chain_setup over 128 MiB (1,048,576 nodes, L = 2048; 4096 x 256), chase32 over it (4 x 128, 1024 steps:
// half a lap, every step a line never touched before in this kernel: DRAM latency, plus TLB misses).
// Leaves out: chains that share lines (coalescing between lanes), payload work per node, any use of L1
// beyond what the default ld.global.nc gives.
extern "C" __global__ void chain_setup(unsigned* __restrict__ next, unsigned nodes, unsigned nodes_per_chain) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= nodes) return;
  const unsigned base = g & ~(nodes_per_chain - 1), k = g & (nodes_per_chain - 1);
  const unsigned succ = base + ((1103515245u * k + 12345u) & (nodes_per_chain - 1));
  next[g * 32] = succ * 32;
}

extern "C" __global__ void chase32(const unsigned* __restrict__ next, unsigned* __restrict__ out,
                                   unsigned nodes_per_chain, int steps) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = (t * nodes_per_chain + ((t * 2654435761u) & (nodes_per_chain - 1))) * 32;
  for (int s = 0; s < steps; ++s) j = next[j];
  out[t] = j;
}
