// cluster_occupancy: what the GPU says about clusters, for warpsim's cluster occupancy and GPC model to be judged
// against. Two measurements, one JSON on stdout:
//  1. "sweep": cudaOccupancyMaxActiveClusters (the runtime's form of cuOccupancyMaxActiveClusters) and
//     cudaOccupancyMaxActiveBlocksPerMultiprocessor for a trivial kernel over block sizes x dynamic shared memory x
//     cluster sizes 1-16 (sizes above 8 with the non-portable opt-in), default carve-out;
//  2. "gpcs": which SMs share a GPC. CTAs of one cluster always run on one GPC, so every launch of clusters (sizes
//     2 to 16, one CTA per SM, the whole GPU filled, many repetitions) joins the %smid of a cluster's CTAs; the
//     connected groups are the GPCs (SMs of a GPC too small to ever share a cluster would stay alone: listed).
// Leaves out: register-limited kernels (the CTAs-per-SM part is judged against cuda_occupancy.h by test 604),
// clusters of more than one dimension, and cluster launch timing.
// Build and run (any sm_90+ GPU; runs unchanged on a B200):
//   nvcc -O2 -arch=native -o cluster_occupancy tools/measure/cluster_occupancy.cu && ./cluster_occupancy > out.json
#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <numeric>
#include <set>
#include <string>
#include <vector>

__global__ void probe(unsigned* smid_of_cta) {
  extern __shared__ unsigned char pad[];
  if (threadIdx.x == 0) {
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    smid_of_cta[blockIdx.x] = s;
    pad[0] = static_cast<unsigned char>(s);  // keeps the dynamic shared memory in use
  }
}

namespace {

cudaLaunchConfig_t config(unsigned grid, unsigned block, size_t smem, cudaLaunchAttribute* attr, unsigned cluster) {
  cudaLaunchConfig_t c{};
  c.gridDim = dim3(grid);
  c.blockDim = dim3(block);
  c.dynamicSmemBytes = smem;
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = cluster;
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  c.attrs = attr;
  c.numAttrs = 1;
  return c;
}

unsigned find(std::vector<unsigned>& p, unsigned x) {
  while (p[x] != x) x = p[x] = p[p[x]];
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  int dev = 0, driver = 0, runtime = 0;
  CK(cudaSetDevice(dev));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, dev));
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  int clock_khz = 0, max_smem_optin = 0;
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
  CK(cudaDeviceGetAttribute(&max_smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, max_smem_optin));
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaFuncAttributes fa{};
  CK(cudaFuncGetAttributes(&fa, probe));
  const unsigned sms = static_cast<unsigned>(prop.multiProcessorCount);

  std::string cmd;
  for (int i = 0; i < argc; ++i) cmd += (i ? " " : "") + std::string(argv[i]);
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  std::printf("{\n  \"tool\": \"tools/measure/cluster_occupancy.cu\",\n  \"command\": \"%s\",\n  \"date_utc\": \"%s\",\n",
              cmd.c_str(), date);
  std::printf("  \"device\": {\"name\": \"%s\", \"cc\": \"%d.%d\", \"sms\": %u, \"clock_khz\": %d, \"driver\": %d, "
              "\"runtime\": %d, \"smem_per_sm\": %zu, \"smem_per_block_optin\": %d, \"max_threads_per_sm\": %d},\n",
              prop.name, prop.major, prop.minor, sms, clock_khz, driver, runtime, prop.sharedMemPerMultiprocessor,
              max_smem_optin, prop.maxThreadsPerMultiProcessor);
  std::printf("  \"kernel\": {\"registers_per_thread\": %d, \"static_smem\": %zu},\n", fa.numRegs, fa.sharedSizeBytes);

  // 1. The sweep.
  const unsigned blocks[] = {32, 64, 96, 128, 192, 256, 384, 512, 640, 768, 1024};
  const size_t smems[] = {0, 1024, 8192, 20000, 24576, 40000, 49152, 60000, 73728, 100000, 116736, 150000, 200000,
                          static_cast<size_t>(max_smem_optin)};
  const unsigned clusters[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  std::printf("  \"sweep_columns\": [\"block\", \"dynamic_smem\", \"cluster\", \"ctas_per_sm\", \"max_active_clusters\"],\n");
  std::printf("  \"sweep\": [");
  bool first = true;
  for (unsigned b : blocks)
    for (size_t s : smems) {
      int per_sm = 0;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, probe, static_cast<int>(b), s));
      for (unsigned c : clusters) {
        cudaLaunchAttribute attr;
        cudaLaunchConfig_t cfg = config(c * 4, b, s, &attr, c);
        int n = 0;
        const cudaError_t e = cudaOccupancyMaxActiveClusters(&n, probe, &cfg);
        if (e != cudaSuccess) {
          (void)cudaGetLastError();
          n = -1;  // the runtime refused the query (recorded as -1)
        }
        std::printf("%s\n    [%u, %zu, %u, %d, %d]", first ? "" : ",", b, s, c, per_sm, n);
        first = false;
      }
    }
  std::printf("\n  ],\n");

  // 2. The GPCs: one CTA per SM (the largest dynamic shared memory), all clusters the GPU holds, repeated.
  std::vector<unsigned> parent(1024);
  std::iota(parent.begin(), parent.end(), 0u);
  std::set<unsigned> seen;
  unsigned* d = nullptr;
  const unsigned max_grid = 16 * sms;
  CK(cudaMalloc(&d, max_grid * sizeof(unsigned)));
  std::vector<unsigned> h(max_grid);
  std::printf("  \"gpc_launches\": [");
  first = true;
  for (unsigned c : {16u, 12u, 8u, 6u, 4u, 3u, 2u}) {
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t q = config(c, 32, max_smem_optin, &attr, c);
    int active = 0;
    if (cudaOccupancyMaxActiveClusters(&active, probe, &q) != cudaSuccess || active <= 0) {
      (void)cudaGetLastError();
      continue;
    }
    const unsigned grid = static_cast<unsigned>(active) * c;
    std::set<unsigned> used;
    for (int rep = 0; rep < 200; ++rep) {
      cudaLaunchConfig_t l = config(grid, 32, max_smem_optin, &attr, c);
      CK(cudaLaunchKernelEx(&l, probe, d));
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(h.data(), d, grid * sizeof(unsigned), cudaMemcpyDeviceToHost));
      for (unsigned i = 0; i < grid; ++i) {
        used.insert(h[i]);
        seen.insert(h[i]);
        const unsigned a = find(parent, h[i]), r = find(parent, h[i - i % c]);
        parent[a] = r;
      }
    }
    std::printf("%s\n    {\"cluster\": %u, \"active_clusters\": %d, \"repetitions\": 200, \"sms_used\": %zu}",
                first ? "" : ",", c, active, used.size());
    first = false;
  }
  std::printf("\n  ],\n  \"gpcs\": [");
  std::vector<std::vector<unsigned>> groups(1024);
  for (unsigned s : seen) groups[find(parent, s)].push_back(s);
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
    if (a.size() != b.size()) return a.size() > b.size();
    return a < b;
  });
  first = true;
  for (const auto& g : groups) {
    if (g.empty()) continue;
    std::printf("%s\n    [", first ? "" : ",");
    for (size_t i = 0; i < g.size(); ++i) std::printf("%s%u", i ? ", " : "", g[i]);
    std::printf("]");
    first = false;
  }
  std::printf("\n  ]\n}\n");
  CK(cudaFree(d));
  return 0;
}
