// Workload occ_dyn_smem: the seed article's launch with the third execution-configuration value, dynamic shared
// memory in bytes per CTA (kernel<<<grid, block, bytes>>>): the same kernel launched with 1 KB (1,024 B) and with
// 48 KB (49,152 B, the most a launch may ask for without cudaFuncAttributeMaxDynamicSharedMemorySize). Each thread
// writes a value into the dynamic array, the CTA synchronises, and each thread adds a neighbour's value to its
// input: out[i] = in[i] * 2 + buf[(tid * 3 + 1) % blockDim.x] with buf[t] = in[i_t] ^ t (all u32, exact).
// The kernel touches only blockDim.x words either way: what changes between the launches is the occupancy (1 KB:
// 8 CTAs of 256 threads per SM, warp-limited, 100 %; 48 KB: 4 CTAs, shared-memory-limited, 50 %), and with
// 1,056 CTAs the grid needs one wave at 1 KB and two at 48 KB.
// Models: extern __shared__, bytes per CTA (not per thread, not per grid).
// Leaves out: the opt-in above 48 KB (traces/ubench_occupancy_sweep launches up to 227 KB).
extern "C" __global__ void dyn_smem(const unsigned* in, unsigned* out, unsigned n) {
  extern __shared__ unsigned buf[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + tid;
  const unsigned v = i < n ? in[i] : 0u;
  buf[tid] = v ^ tid;
  __syncthreads();
  if (i < n) out[i] = v * 2u + buf[(tid * 3u + 1u) % blockDim.x];
}
