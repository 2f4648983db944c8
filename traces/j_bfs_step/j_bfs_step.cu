// Judgement workload j_bfs_step: level-synchronous breadth-first search, the vertex-centric
// ("topology-driven") GPU formulation found in Rodinia-style and textbook BFS codes: every launch gives one
// thread to every vertex; threads whose vertex is on the current frontier (level == cur) walk its adjacency
// list in CSR form and claim each unvisited neighbour with atomicCAS(level[nb], -1, cur + 1); the winner
// counts it with an integer atomicAdd into next_count[cur]. The claim makes both the final levels and the
// counts independent of thread order (each vertex is claimed once, with the same value).
// Graph: n = 393,216 vertices, deg(v) = 4 + (v mod 8) (4 to 11, 60 edges per 8 vertices, 2,949,120 in all);
// `graph_row_ptr` (a setup kernel standing in for the host-side CSR build) writes row_ptr in closed form;
// neighbours come from the run config (random u32 in [0, n - 1]: duplicates and self-loops allowed).
// `bfs_init` sets level = 0 on the sources (every 509th vertex: 773 of them, of mixed degrees) and -1 elsewhere.
// Launches: graph_row_ptr (1537 x 256), bfs_init (1536 x 256), then bfs_step for cur = 0, 1, 2 (1536 x 256
// each, about 1.5 waves at 8 CTAs per SM on 132 SMs); the frontier grows from 773 vertices by a factor of
// about 7 per step, so the three steps go from nearly idle threads to a busy, divergent, atomic-heavy one.
// Leaves out: queue-based (data-driven) frontiers, direction-optimising (bottom-up) steps, warp-cooperative
// neighbour expansion, the host loop that stops on an empty frontier.
extern "C" __global__ void graph_row_ptr(unsigned* __restrict__ row_ptr, unsigned n) {
  const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v > n) return;
  const unsigned k = v % 8;
  row_ptr[v] = (v / 8) * 60 + 4 * k + k * (k - 1) / 2;  // sum of deg(u) for u < v
}

extern "C" __global__ void bfs_init(int* __restrict__ level, unsigned n, unsigned source_stride) {
  const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) level[v] = (v % source_stride == 0) ? 0 : -1;
}

extern "C" __global__ void bfs_step(const unsigned* __restrict__ row_ptr, const unsigned* __restrict__ col,
                                    int* level, unsigned* __restrict__ next_count, unsigned n, int cur) {
  const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || level[v] != cur) return;
  const unsigned end = row_ptr[v + 1];
  for (unsigned e = row_ptr[v]; e < end; ++e) {
    const unsigned nb = col[e];
    if (level[nb] == -1 && atomicCAS(&level[nb], -1, cur + 1) == -1) atomicAdd(&next_count[cur], 1u);
  }
}
