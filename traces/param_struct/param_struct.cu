// Workload param_struct: a kernel that takes its arguments as one parameter struct by value, the way CUTLASS-style
// kernels do (`.param .align 64 .b8 param_struct_param_0[64]`), followed by a plain scalar parameter. The run
// config builds the struct with a "bytes" argument: three buffer addresses (one pointing into the middle of its
// buffer), and scalars of every size the struct holds (s32, f32, f64, u16, u8, s64, u64) at their C offsets.
// y[i] = (float)((double)(+-x[i] * scale) + bias) + (float)((idx[i * stride] >> shift) & mask) + (float)tag for
// i < n, where idx points at element 4 of the idx buffer and bit 0 of flags negates.
// Models: ld.param of every width at offsets inside one large parameter, a parameter placed after a 64-byte
// aligned one.
// Leaves out: tensor maps (no instruction reads one yet), shared memory, timing of interest.
struct alignas(64) Params {
  const float* x;          // 0
  float* y;                // 8
  const unsigned* idx;     // 16
  int n;                   // 24
  float scale;             // 28
  double bias;             // 32
  unsigned short shift;    // 40
  unsigned char flags;     // 42
  long long stride;        // 48 (elements of idx between consecutive threads)
  unsigned long long mask; // 56
};                         // 64 bytes, aligned to 64

static_assert(sizeof(Params) == 64, "the run config's \"size\"");

extern "C" __global__ void param_struct(const Params p, unsigned tag) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  float v = p.x[i] * p.scale;
  if (p.flags & 1) v = -v;
  const unsigned k = (p.idx[i * p.stride] >> p.shift) & static_cast<unsigned>(p.mask);
  p.y[i] = static_cast<float>(static_cast<double>(v) + p.bias) + static_cast<float>(k) + static_cast<float>(tag);
}
