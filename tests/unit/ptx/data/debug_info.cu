// PTX sample for the parser tests: a debug build (-G), whose PTX carries .file/.loc line info and large
// .section .debug_* blocks that the parser skips.
// Regenerate: nvcc -arch=sm_90a -ptx -G debug_info.cu -o debug_info.sm_90a.ptx
__device__ __forceinline__ int scale(int x) { return x * 3 + 1; }

__global__ void debug_kernel(int* out, int x) {
  int acc = 0;
  for (int i = 0; i < x; ++i) acc += scale(i) ^ threadIdx.x;
  out[threadIdx.x] = acc + scale(x + 1);
}
