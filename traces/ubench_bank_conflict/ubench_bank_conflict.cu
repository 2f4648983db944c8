// Microbenchmark ubench_bank_conflict: cost of shared-memory bank conflicts. One warp fills s[i] = i
// (1024 u32), then for each pattern p (0: broadcast, every lane reads word 0; then strides 1, 2, 4, 8, 16, 32
// words: lane l reads word l * stride, an stride-way conflict for stride <= 32 with 32 banks of 4 bytes)
// runs r dependent steps j = s[j] (s[j] = j, so each lane keeps re-reading its own word; unrolled by 8) between
// two %clock64 reads. Lane 0 writes end - start to cyc[p]; every lane writes its final j to out[p * 32 + lane].
// The extra cost per wavefront is (cyc[stride s] - cyc[stride 1]) / (r * (s - 1)).
// Leaves out: stores, 64/128-bit accesses, multi-warp contention for the shared-memory pipe.
#define WORDS 1024
extern "C" __global__ void bank_conflict(unsigned* out, unsigned long long* cyc, int r) {
  __shared__ unsigned s[WORDS];
  const unsigned lane = threadIdx.x & 31;
  for (unsigned i = lane; i < WORDS; i += 32) s[i] = i;
  __syncwarp();
  const unsigned strides[7] = {0, 1, 2, 4, 8, 16, 32};
#pragma unroll
  for (int p = 0; p < 7; ++p) {
    unsigned j = lane * strides[p];
    __syncwarp();
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < r; i += 8) {
      j = s[j]; j = s[j]; j = s[j]; j = s[j];
      j = s[j]; j = s[j]; j = s[j]; j = s[j];
    }
    long long t1 = clock64();
    out[p * 32 + lane] = j;
    if (lane == 0) cyc[p] = (unsigned long long)(t1 - t0);
  }
}
