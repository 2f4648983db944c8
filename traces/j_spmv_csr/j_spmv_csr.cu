// Judgement workload j_spmv_csr: sparse matrix-vector product y = A x with A in CSR form (f32 values, u32
// column indices), the core of iterative solvers (CG, GMRES), PageRank-style power iterations and GNN
// aggregation, in the two classic kernels:
// `spmv_csr_scalar`: one thread per row, a sequential fmaf over the row (rows longer than a few nonzeros make
// the warp's loads uncoalesced: each lane walks its own row).
// `spmv_csr_vector`: one warp per row: lane l takes nonzeros row_start + l, + 32, ..., then a
// __shfl_down_sync tree (offsets 16, 8, 4, 2, 1) sums the 32 partials and lane 0 stores y[row].
// The matrix: `csr_row_ptr` (a setup kernel standing in for the host-side CSR build) writes row_ptr for
// nnz(r) = 8 + (r * 7919) mod 25 (8 to 32 nonzeros, period 25 in r, 500 nonzeros per period); column indices
// and values come from the run config (random u32 in [0, ncols - 1], random f32), x is random f32.
// Launches: csr_row_ptr (nrows + 1 = 16385 entries, 65 x 256); spmv_csr_scalar (128 x 128, one row per
// thread: about one CTA per SM, well under one wave); spmv_csr_vector (2048 x 256, 8 rows per CTA: about 1.9
// waves at 8 CTAs per SM on 132 SMs). 16384 x 16384 matrix, 327,656 nonzeros.
// Leaves out: CSR-adaptive / merge-based load balancing, very long or empty rows, f64, texture reads of x.
extern "C" __global__ void csr_row_ptr(unsigned* __restrict__ row_ptr, unsigned nrows) {
  const unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r > nrows) return;
  // Rows come in periods of 25 with the same lengths; sum the full periods, then the rows before r in its own.
  const unsigned q = r / 25, k = r % 25;
  unsigned p = q * 500u;
  for (unsigned j = 0; j < k; ++j) p += 8u + (j * 7919u) % 25u;
  row_ptr[r] = p;
}

extern "C" __global__ void spmv_csr_scalar(const unsigned* __restrict__ row_ptr, const unsigned* __restrict__ col,
                                           const float* __restrict__ val, const float* __restrict__ x,
                                           float* __restrict__ y, unsigned nrows) {
  const unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrows) return;
  float sum = 0.0f;
  for (unsigned j = row_ptr[r]; j < row_ptr[r + 1]; ++j) sum = fmaf(val[j], x[col[j]], sum);
  y[r] = sum;
}

extern "C" __global__ void spmv_csr_vector(const unsigned* __restrict__ row_ptr, const unsigned* __restrict__ col,
                                           const float* __restrict__ val, const float* __restrict__ x,
                                           float* __restrict__ y, unsigned nrows) {
  const unsigned r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // one warp per row
  const unsigned lane = threadIdx.x % 32;
  if (r >= nrows) return;  // uniform per warp
  const unsigned begin = row_ptr[r], end = row_ptr[r + 1];
  float sum = 0.0f;
  for (unsigned j = begin + lane; j < end; j += 32) sum = fmaf(val[j], x[col[j]], sum);
  for (int off = 16; off > 0; off /= 2) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[r] = sum;
}
