// Judgement workload j_gather: an indexed gather out[i] = in[idx[i]], f32 values, u32 indices; what an
// embedding lookup, a permutation apply (torch.index_select / thrust::gather), unstructured-mesh code reading
// node values through a connectivity list, or a particle code reading a sorted field does. One thread per
// output element (256-thread CTAs); idx is streamed (coalesced), in is read at random, out is written
// coalesced. The indices come from the run config (random u32 in [0, m - 1], m = the table's length), so the
// kernel takes them as they are, as real code trusts its index arrays.
// Launches: n = 917,504 outputs each (3584 CTAs, about 3.4 waves at 8 CTAs per SM on 132 SMs): first from a
// 4 MiB table (1,048,576 floats: fits the H200's 60 MiB L2), then from a 128 MiB table (33,554,432 floats:
// most random reads miss L2 and go to DRAM, one 32-byte sector per 4-byte element).
// Leaves out: vector-width gathers (float4 rows of an embedding), sorted/clustered indices, texture loads.
extern "C" __global__ void gather_f32(const float* __restrict__ in, const unsigned* __restrict__ idx,
                                      float* __restrict__ out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[idx[i]];
}
