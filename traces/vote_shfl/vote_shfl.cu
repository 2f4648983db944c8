// Workload vote_shfl: every warp-level vote, shuffle, match and reduce intrinsic on u32 data, with full masks
// and (in one divergent section) partial masks. 1 CTA x 64 threads; thread t writes NOUT = 24 words to
// out[t * 24 + j]; the slot meanings are listed below and mirrored in tests/integration/workloads.
// Models: vote.sync.{ballot,any,all}, shfl.sync.{idx,up,down,bfly} with and without sub-warp widths,
// match.{any,all}.sync, redux.sync.{add,min,max,and,or,xor}, partial member masks under divergence.
// Leaves out: __activemask (its value under divergence is scheduling dependent), f32 shuffles.
#define NOUT 24
extern "C" __global__ void vote_shfl(const unsigned* data, unsigned* out) {
  const unsigned full = 0xffffffffu;
  unsigned tid = threadIdx.x;
  unsigned lane = tid & 31;
  unsigned v = data[tid];
  unsigned* o = out + tid * NOUT;
  o[0] = __ballot_sync(full, (v & 1u) != 0);
  o[1] = __any_sync(full, v > 900u);
  o[2] = __all_sync(full, v > 20u);
  o[3] = __shfl_sync(full, v, (lane * 7u + 3u) & 31u);
  o[4] = __shfl_sync(full, v, lane + 5u, 8);  // width 8: source lane (lane + 5) mod 8 in the same segment
  o[5] = __shfl_xor_sync(full, v, 1);
  o[6] = __shfl_xor_sync(full, v, 18);
  o[7] = __shfl_up_sync(full, v, 3);
  o[8] = __shfl_down_sync(full, v, 5);
  o[9] = __shfl_up_sync(full, v, 2, 16);
  o[10] = __shfl_down_sync(full, v, 3, 8);
  o[11] = __match_any_sync(full, v % 4u);
  int pred = -1;
  o[12] = __match_all_sync(full, tid >> 5, &pred);  // same in the whole warp: mask = full, pred = 1
  o[13] = (unsigned)pred;
  o[14] = __match_all_sync(full, v % 2u, &pred);     // differs (almost surely): mask 0, pred 0
  o[15] = (unsigned)pred;
  o[16] = __reduce_add_sync(full, v);
  o[17] = __reduce_min_sync(full, v);
  o[18] = __reduce_max_sync(full, v);
  o[19] = (unsigned)__reduce_min_sync(full, (int)v - 500);
  o[20] = __reduce_and_sync(full, v | 0xff00u) ^ __reduce_or_sync(full, v) ^ (__reduce_xor_sync(full, v) << 1);
  if ((lane & 1u) == 0) {
    o[21] = __ballot_sync(0x55555555u, v > 500u);             // even lanes only
    o[22] = __shfl_sync(0x55555555u, v, (lane + 2u) & 31u);    // source lane is even, i.e. in the mask
  } else {
    o[21] = __reduce_add_sync(0xaaaaaaaau, v);                // sum over the odd lanes
    o[22] = __reduce_max_sync(0xaaaaaaaau, v ^ lane);
  }
  o[23] = __popc(__ballot_sync(full, v > 500u));
}
