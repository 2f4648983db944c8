// Launches the CUDA runtime would refuse: block and grid limits, zero dimensions, cluster shape and size,
// dynamic shared memory above the per-CTA limit. Exact limits: one past the limit fails, the limit passes.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

ojson kernel(ojson grid, ojson block) {
  return {{"ptx", "k.ptx"}, {"entry", "k"}, {"grid", std::move(grid)}, {"block", std::move(block)}};
}

RunConfig parse(const ojson& k, const std::vector<std::string>& overrides = {}) {
  const ojson cfg = {{"gpu", "h100"}, {"kernels", {k}}};
  return parse_run_config(cfg.dump(), "run.json", overrides);
}

const std::string kConfig = " (cudaErrorInvalidConfiguration / CUDA_ERROR_INVALID_VALUE)";
const std::string kCluster = " (cudaErrorInvalidClusterSize / CUDA_ERROR_INVALID_CLUSTER_SIZE)";

}  // namespace

TEST_CASE("threads per block") {
  CHECK_THROWS_WITH(parse(kernel(1, 2048)),
                    "run.json: kernels[0].block: 2048 threads per block exceeds the limit of 1024" + kConfig);
  CHECK_THROWS_WITH(parse(kernel(1, {32, 32, 2})),
                    "run.json: kernels[0].block: 2048 threads per block exceeds the limit of 1024" + kConfig);
  CHECK_THROWS_WITH(parse(kernel(1, {1025})),
                    "run.json: kernels[0].block: 1025 threads per block exceeds the limit of 1024" + kConfig);
  CHECK(parse(kernel(1, {32, 32})).kernels[0].block == warpsim::Dim3{32, 32, 1});
}

TEST_CASE("block and grid dimension limits") {
  CHECK_THROWS_WITH(parse(kernel(1, {1, 1, 65})),
                    "run.json: kernels[0].block[2]: block z of 65 exceeds the limit of 64" + kConfig);
  CHECK(parse(kernel(1, {1, 1, 64})).kernels[0].block.z == 64);
  CHECK_THROWS_WITH(parse(kernel({1, 65536}, 1)),
                    "run.json: kernels[0].grid[1]: grid y of 65536 exceeds the limit of 65535" + kConfig);
  CHECK_THROWS_WITH(parse(kernel({1, 1, 65536}, 1)),
                    "run.json: kernels[0].grid[2]: grid z of 65536 exceeds the limit of 65535" + kConfig);
  CHECK(parse(kernel({1, 65535, 65535}, 1)).kernels[0].grid == warpsim::Dim3{1, 65535, 65535});
  CHECK_THROWS_WITH(parse(kernel(2147483648u, 1)),
                    "run.json: kernels[0].grid: grid x of 2147483648 exceeds the limit of 2147483647" + kConfig);
  CHECK_THROWS_WITH(parse(kernel(4294967296ull, 1)),
                    "run.json: kernels[0].grid: grid x of 4294967296 exceeds the limit of 2147483647" + kConfig);
  CHECK(parse(kernel(2147483647u, 1)).kernels[0].grid.x == 2147483647u);
}

TEST_CASE("zero dimensions") {
  CHECK_THROWS_WITH(parse(kernel(1, {0})),
                    "run.json: kernels[0].block[0]: block x is 0 (every dimension must be at least 1)" + kConfig);
  CHECK_THROWS_WITH(parse(kernel(0, 1)),
                    "run.json: kernels[0].grid: grid x is 0 (every dimension must be at least 1)" + kConfig);
  CHECK_THROWS_WITH(parse(kernel({4, 0}, 1)),
                    "run.json: kernels[0].grid[1]: grid y is 0 (every dimension must be at least 1)" + kConfig);
}

TEST_CASE("clusters") {
  ojson k = kernel({8}, 32);
  k["cluster"] = {3};
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].cluster[0]: grid x (8) is not a multiple of cluster x (3)" + kCluster);
  k = kernel({4, 6}, 32);
  k["cluster"] = {2, 4};
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].cluster[1]: grid y (6) is not a multiple of cluster y (4)" + kCluster);
  k = kernel(32, 32);
  k["cluster"] = 16;
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].cluster: 16 CTAs per cluster exceeds the portable limit of 8 "
                    "(\"nonportable_cluster\": true allows 16)" +
                        kCluster);
  k["nonportable_cluster"] = true;
  CHECK(parse(k).kernels[0].cluster == warpsim::Dim3{16, 1, 1});
  CHECK(parse(k).kernels[0].nonportable_cluster);
  k = kernel(64, 32);
  k["cluster"] = {4, 1, 1};
  CHECK(parse(k).kernels[0].cluster == warpsim::Dim3{4, 1, 1});
  k["cluster"] = 32;
  k["nonportable_cluster"] = true;
  CHECK_THROWS_WITH(
      parse(k), "run.json: kernels[0].cluster: 32 CTAs per cluster exceeds the non-portable limit of 16" + kCluster);
  k["cluster"] = 0;
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].cluster: cluster x is 0 (every dimension must be at least 1)" + kCluster);
  k["cluster"] = 2;
  CHECK_THROWS_WITH(
      parse(k, {"compute_capability=80"}),
      "run.json: kernels[0].cluster: thread-block clusters need compute capability 9.0 or later; h100 is 8.0");
}

TEST_CASE("dynamic shared memory") {
  ojson k = kernel(1, 32);
  k["dynamic_smem"] = 232449;
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].dynamic_smem: 232449 bytes exceeds the per-CTA limit of 232448 bytes "
                    "(cudaErrorInvalidValue)");
  k["dynamic_smem"] = 232448;
  CHECK(parse(k).kernels[0].dynamic_smem == 232448);
  k["dynamic_smem"] = 8589934592ull;
  CHECK_THROWS_WITH(parse(k),
                    "run.json: kernels[0].dynamic_smem: 8589934592 bytes exceeds the per-CTA limit of 232448 "
                    "bytes (cudaErrorInvalidValue)");
}

}  // namespace WARPSIM_UNITY_ID
