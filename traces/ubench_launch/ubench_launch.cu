// Microbenchmark ubench_launch: launch overhead. One CTA of 32 threads, each writes out[tid] = tid: the kernel's
// own work is a few cycles, so the CUDA-event time is launch plus teardown and ncu's gpc__cycles_elapsed is the
// GPU-side span of an almost empty kernel.
// Leaves out: host-side API cost separately, back-to-back launch throughput, graph launches.
extern "C" __global__ void launch_empty(unsigned* out) { out[threadIdx.x] = threadIdx.x; }
