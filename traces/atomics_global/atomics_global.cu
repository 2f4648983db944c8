// Workload atomics_global: 512 threads (4 CTAs x 128) hammer a few global words with every atomic CUDA
// offers on u32, s32, u64, f32 and f64. All final values are independent of the order in which the atomics
// happen (the f32/f64 adds use values whose sums are exact), and the order-dependent return values are
// recorded so a test can check them as sets: atomicAdd(+1) returns a permutation of init..init+511, and the
// atomicExch returns plus the final value are the initial value plus every thread's exchanged value.
// Slots: u[0] add(+1, returns kept) u[1] min u[2] max u[3] inc(17) u[4] dec(13) u[5] and u[6] or u[7] xor
// u[8] CAS-loop add u[9] exch (returns kept) u[10] add_block u[11] add_system;
// s[0] add s[1] min s[2] max s[3] sub; q[0] add q[1] min q[2] max q[3] and q[4] or q[5] xor q[6] CAS-loop
// add q[7] signed 64-bit min; f[0] add (unused result) f[1] add 1.0 (returns kept); d[0] add d[1] add 0.5.
// Models: atom/red on .global with .u32/.s32/.u64/.s64/.f32/.f64, .cta/.sys scopes, CAS loops.
// Leaves out: f16/bf16 atomics, shared-memory atomics (see histogram), memory-order semantics.
extern "C" __global__ void atomics_global(const unsigned* x, unsigned* u, int* s, unsigned long long* q,
                                          float* f, double* d, unsigned* ret_add, unsigned* ret_exch,
                                          float* ret_fadd) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = x[tid];
  ret_add[tid] = atomicAdd(&u[0], 1u);
  atomicMin(&u[1], v);
  atomicMax(&u[2], v);
  atomicInc(&u[3], 17u);
  atomicDec(&u[4], 13u);
  atomicAnd(&u[5], ~(1u << (v & 31u)));
  atomicOr(&u[6], 1u << (v % 29u));
  atomicXor(&u[7], v);
  unsigned old = u[8], assumed;
  do {
    assumed = old;
    old = atomicCAS(&u[8], assumed, assumed + (v & 0xffu));
  } while (old != assumed);
  ret_exch[tid] = atomicExch(&u[9], tid + 1000u);
  atomicAdd_block(&u[10], v & 0xfu);
  atomicAdd_system(&u[11], 3u);

  int sv = (int)(v % 201u) - 100;
  atomicAdd(&s[0], sv);
  atomicMin(&s[1], sv);
  atomicMax(&s[2], sv);
  atomicSub(&s[3], sv);

  unsigned long long qv = ((unsigned long long)v << 21) | tid;
  atomicAdd(&q[0], qv);
  atomicMin(&q[1], qv);
  atomicMax(&q[2], qv);
  atomicAnd(&q[3], ~(1ull << (v & 63u)));
  atomicOr(&q[4], 1ull << (v % 61u));
  atomicXor(&q[5], qv);
  unsigned long long oq = q[6], aq;
  do {
    aq = oq;
    oq = atomicCAS(&q[6], aq, aq + (v & 0xffffu));
  } while (oq != aq);
  atomicMin((long long*)&q[7], (long long)sv * 1000000007ll);

  atomicAdd(&f[0], (float)(v & 63u) * 0.25f);
  ret_fadd[tid] = atomicAdd(&f[1], 1.0f);
  atomicAdd(&d[0], (double)(v & 0xfffffu) * 0x1p-10);
  atomicAdd(&d[1], 0.5);
}
