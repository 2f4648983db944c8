// cta_placement: which SM the GPU gives each CTA of a launch (its %smid by blockIdx.x), for warpsim's CTA dispatch
// order (launch.cta_dispatch_order) to be judged against. One JSON on stdout: for each case (block size, dynamic
// shared memory per CTA, so 1, 2 or 4 CTAs fit an SM; grid size from a few CTAs to two waves), the runtime's
// occupancy, then the %smid of every CTA and its %globaltimer at entry relative to the launch's earliest, for
// REPS launches (the order may change from launch to launch). Each CTA stays long enough (a spin of SPIN_NS
// nanoseconds on %globaltimer) that the first wave is fully placed before any CTA ends.
// Leaves out: clusters (cluster_occupancy.cu), streams running side by side, MPS.
// Build and run (any sm_90+ GPU; runs unchanged on a B200):
//   nvcc -O2 -arch=native -o cta_placement tools/measure/cta_placement.cu && ./cta_placement > out.json
#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

namespace {
constexpr unsigned long long kSpinNs = 20000;
constexpr int kReps = 3;
}  // namespace

__global__ void probe(unsigned* smid_of_cta, unsigned long long* t_of_cta) {
  extern __shared__ unsigned char pad[];
  unsigned long long t0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  if (threadIdx.x == 0) {
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    smid_of_cta[blockIdx.x] = s;
    t_of_cta[blockIdx.x] = t0;
    pad[0] = static_cast<unsigned char>(s);
  }
  unsigned long long t = t0;
  while (t - t0 < kSpinNs) asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
}

int main() {
  int dev = 0, sms = 0, smem_per_sm = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaDeviceGetAttribute(&smem_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_per_sm - 1024));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, dev));
  std::printf("{\"gpu\": \"%s\", \"sms\": %d, \"spin_ns\": %llu, \"cases\": [\n", prop.name, sms, kSpinNs);
  // (threads, CTAs per SM wanted): dynamic shared memory sized so that exactly that many fit
  const int per_sm[] = {1, 2, 4};
  bool first = true;
  for (int want : per_sm) {
    const size_t dyn = static_cast<size_t>(smem_per_sm / want - 1024 - 1024);
    int occ = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, probe, 128, dyn));
    const int grids[] = {8, 16, 64, sms - 4, sms, sms * want, 2 * sms * want};
    for (int grid : grids) {
      unsigned* d_s = nullptr;
      unsigned long long* d_t = nullptr;
      CK(cudaMalloc(&d_s, grid * sizeof(unsigned)));
      CK(cudaMalloc(&d_t, grid * sizeof(unsigned long long)));
      for (int rep = 0; rep < kReps; ++rep) {
        probe<<<grid, 128, dyn>>>(d_s, d_t);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        std::vector<unsigned> s(grid);
        std::vector<unsigned long long> t(grid);
        CK(cudaMemcpy(s.data(), d_s, grid * sizeof(unsigned), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(t.data(), d_t, grid * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
        unsigned long long t_min = t[0];
        for (auto v : t) t_min = v < t_min ? v : t_min;
        std::printf("%s  {\"ctas_per_sm\": %d, \"dyn_smem\": %zu, \"grid\": %d, \"rep\": %d,\n   \"smid\": [",
                    first ? "" : ",\n", occ, dyn, grid, rep);
        first = false;
        for (int i = 0; i < grid; ++i) std::printf("%s%u", i ? "," : "", s[i]);
        std::printf("],\n   \"t_ns\": [");
        for (int i = 0; i < grid; ++i) std::printf("%s%llu", i ? "," : "", t[i] - t_min);
        std::printf("]}");
      }
      CK(cudaFree(d_s));
      CK(cudaFree(d_t));
    }
  }
  std::printf("\n]}\n");
  return 0;
}
