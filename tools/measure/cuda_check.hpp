// CK(call): a CUDA runtime call that must succeed, for the standalone probes of tools/measure (cluster_occupancy.cu,
// atomic_unit_map.cu, smem_lockstep.cu, dram_pair.cu): on an error it prints the file, line, call and CUDA's
// message and exits with status 1.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CK(x)                                                                                  \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)
