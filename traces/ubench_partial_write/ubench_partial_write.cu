// Microbenchmark ubench_partial_write: what stores that cover only part of a 32-byte sector cost once the data
// leaves L2. 1056 CTAs x 256 threads (8 per SM) store into a 96 MiB buffer (more than the 60 MiB L2, so most of
// it is written back to DRAM during the kernel; cold: Nsight flushes the caches first) with a grid-stride loop:
//   write_lines: each warp store covers one whole 128-byte line (lane l writes word l): full sectors only
//   write_words: each lane writes one 4-byte word of its own line (lines k, k+1, ... of the buffer, word 0 of
//                each): every sector written is 4 of its 32 bytes, one sector per line
//   write_sectors: lanes 8j .. 8j+7 write the 8 words of sector 0 of one line: one whole sector per line, 4 lines
//                per warp store (whole sectors but the lines of write_words, not the full lines of write_lines)
// write_words and write_sectors also run over the first 8 MiB only (65,536 lines: they stay in L2), and
// write_words over 8 MiB with 66 x 1024 threads (half the SMs): whether partial sectors cost at L2 or in the SM.
// dram__bytes_read shows whether L2 reads the rest of a partly written sector from DRAM (a read-modify-write of
// the line or sector) and dram__bytes_write how much goes back; cycles show what that costs.
// Leaves out: partial writes that a later store completes before the line leaves L2, atomics, byte stores.
extern "C" __global__ void write_lines(unsigned* __restrict__ b, unsigned nwords) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = tid; i < nwords; i += stride) b[i] = i;
}

extern "C" __global__ void write_sectors(unsigned* __restrict__ b, unsigned nlines) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned t = tid; t < nlines * 8; t += stride) b[static_cast<size_t>(t >> 3) * 32 + (t & 7u)] = t;
}

extern "C" __global__ void write_words(unsigned* __restrict__ b, unsigned nlines) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned k = tid; k < nlines; k += stride) b[static_cast<size_t>(k) * 32] = k;
}
