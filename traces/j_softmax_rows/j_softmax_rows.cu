// Judgement workload j_softmax_rows: a row-wise softmax over rows of 1024 f32, one warp per row (8 rows per CTA
// of 256 threads), with the exponential replaced by a fixed polynomial so that the result is bit-exact. Each
// lane keeps its 32 elements (columns lane, lane + 32, ..., lane + 992: coalesced) in registers; the row max
// is a __shfl_xor_sync butterfly of fmaxf (offsets 16, 8, 4, 2, 1); e = p(x - max) with
// p(t) = 1 + t (1 + t (1/2 + t (1/6 + t / 24))) evaluated as a chain of fmaf (x in [-1, 1], so t in [-2, 0]
// and p(t) >= 1/3); the row sum of e is summed per lane in column order, then by a __shfl_xor_sync butterfly
// of adds; out = e / sum (IEEE division) and lane 0 writes the row sum.
// Launch: 2048 rows, 256 CTAs of 256 threads (ptxas gives 55 registers per thread, so 4 CTAs fit on an SM and
// 256 CTAs are about half a wave; about 12,600 thread-instructions per row).
// Stands for: the hand-written "warp per row" softmax / layer-norm kernels of ML inference code.
// Leaves out: expf (its approximation is not bit-reproducible on the CPU), rows that do not fit in registers,
// half-precision inputs.
#define COLS 1024
#define PER_LANE (COLS / 32)

extern "C" __global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ out,
                                        float* __restrict__ row_sum, int rows) {
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float* xr = x + (size_t)row * COLS;
  float* outr = out + (size_t)row * COLS;

  float v[PER_LANE];
  float m = -3.402823466e38f;
#pragma unroll
  for (int j = 0; j < PER_LANE; ++j) {
    v[j] = xr[lane + 32 * j];
    m = fmaxf(m, v[j]);
  }
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset));

  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < PER_LANE; ++j) {
    const float t = v[j] - m;
    float e = fmaf(t, 1.0f / 24.0f, 1.0f / 6.0f);
    e = fmaf(e, t, 0.5f);
    e = fmaf(e, t, 1.0f);
    e = fmaf(e, t, 1.0f);
    v[j] = e;
    s += e;
  }
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) s += __shfl_xor_sync(0xffffffffu, s, offset);

#pragma unroll
  for (int j = 0; j < PER_LANE; ++j) outr[lane + 32 * j] = v[j] / s;
  if (lane == 0) row_sum[row] = s;
}
