// Workload barrier_deadlock: a __syncthreads() that not every thread reaches, built so that it hangs on
// real hardware. 1 CTA x 64 threads. Warp 0 (tid < 32) calls __syncthreads() (bar.sync 0, which waits for
// all 64 threads) and only then sets a shared flag; warp 1 spins until that flag is set (an atomic read,
// so the loop is not optimised away) and never reaches the barrier. Warp 0 waits forever at the barrier,
// warp 1 spins forever: expected outcome is a deadlock report naming the barrier, its PTX line and warp 0.
// Models: the classic conditional-barrier bug.
// Leaves out: named barriers with explicit thread counts (bar.sync id, count).
extern "C" __global__ void barrier_deadlock(int* out) {
  __shared__ int flag;
  int tid = threadIdx.x;
  if (tid == 0) flag = 0;
  __syncwarp();
  if (tid < 32) {
    __syncthreads();
    if (tid == 0) atomicExch(&flag, 1);
    out[tid] = 1;
  } else {
    while (atomicAdd(&flag, 0) == 0) {
    }
    out[tid] = 2;
  }
}
