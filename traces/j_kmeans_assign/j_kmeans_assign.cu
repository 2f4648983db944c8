// Judgement workload j_kmeans_assign: the assignment step of Lloyd's k-means. n points of DIMS = 8 f32
// coordinates (array of structures: point p at points[p * 8 .. p * 8 + 7]) and k <= 16 centroids (same
// layout). Each CTA first copies the centroids into shared memory; then each thread takes one point, computes
// its squared Euclidean distance to every centroid (diff = x - c; dist = fmaf(diff, diff, dist) over the 8
// dimensions in order) and writes the index of the nearest centroid (strict <, so ties go to the lowest index)
// and that distance.
// Launch: n = 65536 points, k = 16, one thread per point, 256 CTAs of 256 threads (ptxas gives 33 registers
// per thread, so 6 CTAs fit on an SM and 256 CTAs are about a third of a wave). Each point costs about 570
// thread-instructions, so n = 262144 would be 150 M, past the simulation budget of the suite.
// Stands for: k-means clustering (colour quantisation, vector-quantisation codebooks, the classic Rodinia
// kmeans kernel) and nearest-neighbour searches against a small codebook.
// Leaves out: the centroid update step (a reduction), structure-of-arrays layouts, large k that needs tiling.
#define DIMS 8
#define MAX_K 16

extern "C" __global__ void kmeans_assign(const float* __restrict__ points, const float* __restrict__ centroids,
                                         int* __restrict__ assign, float* __restrict__ min_dist, int n, int k) {
  __shared__ float cent[MAX_K * DIMS];
  if (k > MAX_K) k = MAX_K;
  for (int i = threadIdx.x; i < k * DIMS; i += blockDim.x) cent[i] = centroids[i];
  __syncthreads();

  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  float x[DIMS];
  for (int d = 0; d < DIMS; ++d) x[d] = points[p * DIMS + d];

  float best = 3.402823466e38f;  // FLT_MAX
  int best_c = 0;
  for (int c = 0; c < k; ++c) {
    float dist = 0.0f;
    for (int d = 0; d < DIMS; ++d) {
      const float diff = x[d] - cent[c * DIMS + d];
      dist = fmaf(diff, diff, dist);
    }
    if (dist < best) {
      best = dist;
      best_c = c;
    }
  }
  assign[p] = best_c;
  min_dist[p] = best;
}
