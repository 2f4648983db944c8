// PTX sample for the parser tests: inline asm with nested { } scopes that declare their own registers
// (with and without %) and reuse labels; vectors, predicates and pipes.
// Regenerate: nvcc -arch=sm_90a -ptx -lineinfo inline_asm.cu -o inline_asm.sm_90a.ptx (and sm_100a); with
// -lineinfo, .loc lines of inlined code carry `, function_name ..., inlined_at ...` parts.
#include <cstdint>

__device__ __forceinline__ int clamp_loop(int x) {
  int r;
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      ".reg .b32 t;\n\t"
      "mov.b32 t, %1;\n"
      "LOOP:\n\t"
      "setp.gt.s32 p, t, 100;\n\t"
      "@!p bra DONE;\n\t"
      "sub.s32 t, t, 37;\n\t"
      "bra LOOP;\n"
      "DONE:\n\t"
      "mov.b32 %0, t;\n\t"
      "}\n"
      : "=r"(r)
      : "r"(x));
  return r;
}

__device__ __forceinline__ unsigned pack_pipe(unsigned a, unsigned b) {
  unsigned r;
  asm("{\n\t"
      ".reg .pred %%p<2>;\n\t"
      ".reg .b32 %%t<2>;\n\t"
      "setp.lt.u32 %%p0|%%p1, %1, %2;\n\t"
      "selp.b32 %%t0, %1, %2, %%p0;\n\t"
      "@%%p1 add.u32 %%t0, %%t0, 1;\n\t"
      "{\n\t"
      ".reg .b32 %%t<2>;\n\t"
      "mov.b32 %%t0, 5;\n\t"
      "mad.lo.u32 %%t1, %%t0, %%t0, 0x10;\n\t"
      "add.u32 %0, %%t1, %%t0;\n\t"
      "}\n\t"
      "add.u32 %0, %0, %%t0;\n\t"
      "}"
      : "=r"(r)
      : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ unsigned long long pack64(unsigned lo, unsigned hi) {
  unsigned long long r;
  asm("mov.b64 %0, {%1, %2};" : "=l"(r) : "r"(lo), "r"(hi));
  return r;
}

__device__ __forceinline__ void split64(unsigned long long v, unsigned& lo, unsigned& hi) {
  asm("mov.b64{%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "l"(v));
}

__device__ __forceinline__ unsigned lane_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ __forceinline__ unsigned long long global_timer() {
  unsigned long long r;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(r));
  return r;
}

__global__ void inline_asm_kernel(unsigned* out, unsigned long long* out64, const float4* in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  unsigned acc = clamp_loop(tid * 13);
  acc += clamp_loop(acc + 500);  // the same labels again, in a second copy of the block
  acc += pack_pipe(acc, tid);
  unsigned lo, hi;
  split64(pack64(acc, lane_id()), lo, hi);
  float4 v = in[tid];
  float s;
  asm("{\n\t"
      ".reg .f32 a, b;\n\t"
      "add.rn.f32 a, %1, %2;\n\t"
      "fma.rn.f32 b, %3, 0f3F800000, %4;\n\t"
      "mul.f32 %0, a, b;\n\t"
      "}"
      : "=f"(s)
      : "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w));
  unsigned lanes_lt;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lanes_lt));
  unsigned smid;
  asm("mov.u32 %0, %%smid;" : "=r"(smid));
  out[tid] = lo + hi + __float_as_uint(s) + lanes_lt + smid;
  out64[tid] = global_timer();
}
