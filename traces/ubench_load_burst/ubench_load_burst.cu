// Microbenchmark ubench_load_burst: does it matter how the DRAM reads in flight on an SM are spread over its warps?
// Each warp reads N consecutive 128-byte lines of its own chunk of a cold buffer with N independent coalesced
// loads issued back to back (lane l reads word l of each line; fully unrolled, so ptxas issues the N LDGs before
// the first add), sums them and stores one word per thread. Launches (one wave each; 256-thread CTAs):
//   burst32: 256 CTAs  x 8 warps x 32 lines (2 CTAs per SM: 512 lines in flight per SM; j_softmax_rows' shape)
//   burst8:  1024 CTAs x 8 warps x 8 lines  (8 CTAs per SM: the same 512 lines per SM from 4 times the warps)
//   burst32: 132 CTAs  x 2 warps x 32 lines (64 lines per SM: low load, the latency of a burst)
//   burst8:  132 CTAs  x 8 warps x 8 lines  (the same 64 lines per SM from 4 times the warps)
// The first two read the same 8 MiB and the last two the same 1 MiB. If the H200 limited loads in flight per warp
// or per sub-partition (Nsight's lg_throttle: the LSU's instruction queue), burst32 would take longer than burst8.
// Leaves out: L2 hits (ubench_l1_throughput's .cg launches), stores (ubench_store_drain), partial lines.
template <int N>
__device__ __forceinline__ void burst(const unsigned* __restrict__ in, unsigned* __restrict__ out) {
  const unsigned lane = threadIdx.x % 32;
  const size_t g = (static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const unsigned* p = in + g * N * 32 + lane;
  unsigned v[N];
#pragma unroll
  for (int j = 0; j < N; ++j) v[j] = p[32 * j];
  unsigned s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j) s = s * 3u + v[j];
  out[g * 32 + lane] = s;
}

extern "C" __global__ void burst32(const unsigned* __restrict__ in, unsigned* __restrict__ out) { burst<32>(in, out); }
extern "C" __global__ void burst8(const unsigned* __restrict__ in, unsigned* __restrict__ out) { burst<8>(in, out); }
