// atomic_unit_map: which 256-byte pieces of global memory share an L2 atomic unit, for warpsim's mapping of atomics
// onto units (mem.atomic_* in configs/gpus) to be fitted on. traces/ubench_atomic_units showed that a 1 KiB block's
// even 256-byte pieces share one unit and its odd pieces another; which units other blocks use was not known.
// Method: 16 CTAs (4 warps each, AUM_HAMMERS to change) keep a reference piece's unit busy with red.global.add.f32 of
// all 32 lanes to one word (46 cycles of the unit per instruction, far more than it can serve, so a queue builds
// there; one CTA built one on one H100 and not on another); one thread of one more CTA meanwhile times a one-lane
// atom.global.add.f32 (which returns) to word 32 of each piece still unclassified, twice in a row (the first warms
// the TLB; the second is the one kept). Pieces whose atomic waits in the reference unit's queue take far longer than
// the others; they form the reference's class. The next reference is the first piece not yet classified, until every
// piece has a class. The threshold is halfway between the launch's median probe and the reference piece's own
// probe (always queued); a launch where they are less than 150 cycles apart is tried twice more, then reported, and
// the run stops (no signal); when the median is queued (above halfway from the first launch's median to the own
// probe), the pieces left are one class. Two units that share a queue upstream show as one class of twice the size
// (on the H100: 20 pairs of its 80 units).
// Pieces probed: every 256-byte piece of the first SPAN bytes (default 4 MiB), plus the pieces at 2^k and 2^i + 2^j
// (8 <= i < j <= 29) for the address bits above (an allocation of 1 GiB + 256 bytes).
// Then a throughput check per class (phase 2 in main).
// Output: one JSON on stdout: provenance, the pieces' byte offsets from the allocation (2 MiB aligned: cudaMalloc's
// alignment on the GPUs measured; its address is printed), each one's class and probe latency, per reference
// the median, its own latency and the class size, and the throughput tests.
// Leaves out: which slice or partition a class is (only which pieces share a unit), units of other atomic kinds
// (CAS, 64-bit), and whether the probing SM matters (the two CTAs' %smid are listed per reference).
// AUM_DEBUG=1 prints each launch's first 48 probe latencies and the two CTAs' SMs on stderr.
// Build and run (any sm_90+ GPU; runs unchanged on a B200):
//   nvcc -O3 -arch=native -o atomic_unit_map tools/measure/atomic_unit_map.cu && ./atomic_unit_map [SPAN_MiB] > out.json
#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

constexpr unsigned kPieceWords = 64;  // 256 bytes of f32

__device__ __forceinline__ long long clk() {
  long long t;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
  return t;
}

// All CTAs but the last hammer; thread 0 of the last probes pieces[0 .. n) (byte offsets / 256) and writes lat[i].
__global__ void probe(float* base, unsigned long long ref, const unsigned long long* pieces, unsigned n, unsigned* lat,
                      volatile unsigned* stop, unsigned* smids, float* sink) {
  const bool prober = blockIdx.x == gridDim.x - 1;
  if (threadIdx.x == 0 && (blockIdx.x == 0 || prober)) {
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    smids[prober ? 1 : 0] = s;
  }
  if (!prober) {
    float* p = base + ref * kPieceWords;
    bool first = true;
    while (*stop == 0) {
      for (int i = 0; i < 16; ++i) asm volatile("red.global.add.f32 [%0], 0f3F800000;" ::"l"(p) : "memory");
      if (first && threadIdx.x == 0 && blockIdx.x == 0) stop[1] = 1;  // the probe starts once the hammer runs
      first = false;
    }
    return;
  }
  if (threadIdx.x != 0) return;
  while (stop[1] == 0) {
  }
  const long long start = clk();
  while (clk() - start < 40000) {
  }  // the reference unit's queue fills
  float acc = 0;
  for (unsigned i = 0; i < n; ++i) {
    float* q = base + pieces[i] * kPieceWords + 32;
    float v;
    asm volatile("atom.global.add.f32 %0, [%1], 0f00000000;" : "=f"(v) : "l"(q) : "memory");
    acc += v;
    const long long t0 = clk();
    asm volatile("atom.global.add.f32 %0, [%1], 0f00000000;" : "=f"(v) : "l"(q) : "memory");
    acc += v;  // the clock read below waits for v: in-order issue after the FADD that uses it
    asm volatile("add.f32 %0, %0, 0f00000000;" : "+f"(acc)::"memory");
    const long long t1 = clk();
    lat[i] = static_cast<unsigned>(t1 - t0);
  }
  *sink = acc;
  __threadfence();
  *stop = 1;
}

// Throughput: CTAs 2i add to piece a, CTAs 2i + 1 to piece b (8 warps each, all lanes to word 0, `reps` REDs per
// warp). Pieces served by one unit take as long as a == b; by two units, about half as long.
__global__ void tput(float* base, unsigned long long a, unsigned long long b, unsigned reps) {
  float* p = base + ((blockIdx.x & 1) != 0 ? b : a) * kPieceWords;
  for (unsigned i = 0; i < reps; ++i) asm volatile("red.global.add.f32 [%0], 0f3F800000;" ::"l"(p) : "memory");
}

float tput_ms(float* base, unsigned long long a, unsigned long long b, int ctas) {
  static cudaEvent_t e0 = nullptr, e1 = nullptr;
  if (e0 == nullptr) {
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
  }
  CK(cudaEventRecord(e0));
  tput<<<ctas, 256>>>(base, a, b, 64);
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  return ms;
}

int main(int argc, char** argv) {
  const unsigned long long span = (argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 4ull) << 20;
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0, clock_khz = 0, mem_khz = 0;
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  CK(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0));

  std::vector<unsigned long long> pieces;  // piece indices (byte offset / 256)
  for (unsigned long long p = 0; p < span / 256; ++p) pieces.push_back(p);
  for (int i = 8; i <= 29; ++i)
    for (int j = i; j <= 29; ++j) {
      const unsigned long long off = (1ull << i) | (1ull << j);  // i == j: the single bit
      if (off >= span) pieces.push_back(off / 256);
    }
  std::sort(pieces.begin(), pieces.end());
  pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());
  const unsigned long long bytes = std::max(span, (1ull << 30)) + 256;
  float* base;
  CK(cudaMalloc(&base, bytes));
  CK(cudaMemset(base, 0, bytes));
  unsigned long long* d_pieces;
  unsigned *d_lat, *d_stop, *d_smids;
  float* d_sink;
  CK(cudaMalloc(&d_pieces, pieces.size() * sizeof(unsigned long long)));
  CK(cudaMalloc(&d_lat, pieces.size() * sizeof(unsigned)));
  CK(cudaMalloc(&d_stop, 2 * sizeof(unsigned)));
  CK(cudaMalloc(&d_smids, 2 * sizeof(unsigned)));
  CK(cudaMalloc(&d_sink, sizeof(float)));

  std::vector<int> cls(pieces.size(), -1);
  std::vector<unsigned> lat_in_launch(pieces.size(), 0);  // each piece's probe in the launch that classified it
  struct Ref {
    unsigned long long piece;
    unsigned median, own, size, sm_hammer, sm_probe;
  };
  std::vector<Ref> refs;
  std::vector<unsigned long long> todo;
  std::vector<unsigned> idx, lat;
  bool failed = false;
  unsigned base_median = 0;
  // CTAs that hammer the reference (one per SM): one was enough on one H100 and not on another.
  const int hammers = std::getenv("AUM_HAMMERS") != nullptr ? std::atoi(std::getenv("AUM_HAMMERS")) : 16;
  const time_t t_start = std::time(nullptr);
  for (;;) {
    todo.clear();
    idx.clear();
    for (std::size_t i = 0; i < pieces.size(); ++i)
      if (cls[i] < 0) {
        todo.push_back(pieces[i]);
        idx.push_back(static_cast<unsigned>(i));
      }
    if (todo.empty()) break;
    const unsigned long long ref = todo[0];
    CK(cudaMemcpy(d_pieces, todo.data(), todo.size() * sizeof(unsigned long long), cudaMemcpyHostToDevice));
    unsigned median = 0, own = 0, sm[2] = {0, 0};
    for (int attempt = 0; attempt < 3; ++attempt) {  // a launch without signal is tried again, twice
      CK(cudaMemset(d_stop, 0, 2 * sizeof(unsigned)));
      probe<<<hammers + 1, 128>>>(base, ref, d_pieces, static_cast<unsigned>(todo.size()), d_lat, d_stop, d_smids, d_sink);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      lat.resize(todo.size());
      CK(cudaMemcpy(lat.data(), d_lat, todo.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(sm, d_smids, sizeof(sm), cudaMemcpyDeviceToHost));
      std::vector<unsigned> sorted = lat;
      std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
      median = sorted[sorted.size() / 2];
      own = lat[0];
      if (std::getenv("AUM_DEBUG") != nullptr) {
        std::fprintf(stderr, "ref %llu smids %u %u, first latencies:", ref, sm[0], sm[1]);
        for (std::size_t i = 0; i < std::min<std::size_t>(lat.size(), 48); ++i) std::fprintf(stderr, " %u", lat[i]);
        std::fprintf(stderr, "\n");
      }
      if (own >= median + 150 || todo.size() == 1) break;
      std::fprintf(stderr, "reference piece %llu, attempt %d: median %u, own %u\n", ref, attempt, median, own);
    }
    Ref r{ref, median, own, 0, sm[0], sm[1]};
    if (refs.empty()) base_median = median;
    if (median > own / 2 + base_median / 2 && own > base_median + 150) {  // what is left is one class
      for (std::size_t i = 0; i < todo.size(); ++i) {
        cls[idx[i]] = static_cast<int>(refs.size());
        lat_in_launch[idx[i]] = lat[i];
      }
      r.size = static_cast<unsigned>(todo.size());
      refs.push_back(r);
      std::fprintf(stderr, "class %zu: reference %llu, median %u, own %u: the %zu pieces left\n", refs.size() - 1, ref,
                   median, own, todo.size());
      break;
    }
    if (own < median + 150 && todo.size() > 1) {
      std::fprintf(stderr, "no signal for reference piece %llu: median %u, own %u\n", ref, median, own);
      refs.push_back(r);
      failed = true;
      break;
    }
    const unsigned threshold = todo.size() > 1 ? (median + own) / 2 : 0;
    const int c = static_cast<int>(refs.size());
    for (std::size_t i = 0; i < todo.size(); ++i)
      if (lat[i] >= threshold) {
        cls[idx[i]] = c;
        lat_in_launch[idx[i]] = lat[i];
        ++r.size;
      }
    refs.push_back(r);
    std::fprintf(stderr, "class %d: reference %llu, median %u, own %u, %u pieces, %zu left\n", c, ref, median, own,
                 r.size, todo.size() - r.size);
  }
  // Phase 2: throughput, as a check. For each class, its reference against up to four members and against the next
  // class's reference: the time of 2 x SMs CTAs (8 warps, 64 REDs of 32 lanes to one word each) half on each
  // piece, and the reference alone. (On an H100, members took 0.65-0.88 of the time alone and other classes'
  // pieces 0.50: one RMW chain per word, so two words of one unit overlap in part; the classes are the latency
  // probes' alone.)
  std::vector<float> alone_ms(refs.size(), 0);
  struct Test {
    int cls;
    unsigned long long piece;
    float ms;
  };
  std::vector<Test> tests;
  const int ctas = 2 * prop.multiProcessorCount;
  if (!failed) {
    tput_ms(base, 0, 0, ctas);  // warm-up
    for (std::size_t c = 0; c < refs.size(); ++c) {
      const unsigned long long ref = refs[c].piece;
      alone_ms[c] = std::min(tput_ms(base, ref, ref, ctas), tput_ms(base, ref, ref, ctas));
      unsigned tested = 0;
      for (std::size_t i = 0; i < pieces.size() && tested < 4; ++i) {
        if (cls[i] != static_cast<int>(c) || pieces[i] == ref) continue;
        tests.push_back({static_cast<int>(c), pieces[i], tput_ms(base, ref, pieces[i], ctas)});
        ++tested;
      }
      if (c + 1 < refs.size())
        tests.push_back({static_cast<int>(c), refs[c + 1].piece, tput_ms(base, ref, refs[c + 1].piece, ctas)});
    }
  }
  const time_t t_end = std::time(nullptr);
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t_start));
  std::printf("{\n  \"tool\": \"tools/measure/atomic_unit_map.cu\",\n  \"command\": \"");
  for (int i = 0; i < argc; ++i) std::printf("%s%s", i ? " " : "", argv[i]);
  std::printf("\",\n  \"gpu\": \"%s\",\n  \"sm_count\": %d,\n  \"l2_bytes\": %d,\n", prop.name,
              prop.multiProcessorCount, prop.l2CacheSize);
  std::printf("  \"driver_version\": %d,\n  \"runtime_version\": %d,\n  \"sm_clock_khz\": %d,\n  \"mem_clock_khz\": %d,\n",
              driver, runtime, clock_khz, mem_khz);
  std::printf("  \"date\": \"%s\",\n  \"seconds\": %ld,\n  \"allocation\": \"0x%llx\",\n  \"complete\": %s,\n", date,
              static_cast<long>(t_end - t_start), reinterpret_cast<unsigned long long>(base), failed ? "false" : "true");
  std::printf("  \"piece_bytes\": 256,\n  \"span_bytes\": %llu,\n", span);
  std::printf("  \"references\": [");
  for (std::size_t i = 0; i < refs.size(); ++i)
    std::printf("%s\n    {\"piece\": %llu, \"median\": %u, \"own\": %u, \"size\": %u, \"sm_hammer\": %u, \"sm_probe\": %u}",
                i ? "," : "", refs[i].piece, refs[i].median, refs[i].own, refs[i].size, refs[i].sm_hammer,
                refs[i].sm_probe);
  std::printf("\n  ],\n  \"alone_ms\": [");
  for (std::size_t i = 0; i < alone_ms.size(); ++i) std::printf("%s%.4f", i ? "," : "", alone_ms[i]);
  std::printf("],\n  \"tests\": [");
  for (std::size_t i = 0; i < tests.size(); ++i)
    std::printf("%s[%d,%llu,%.4f]", i ? "," : "", tests[i].cls, tests[i].piece, tests[i].ms);
  std::printf("],\n  \"latency\": [");
  for (std::size_t i = 0; i < pieces.size(); ++i) std::printf("%s%u", i ? "," : "", lat_in_launch[i]);
  std::printf("],\n  \"pieces\": [");
  for (std::size_t i = 0; i < pieces.size(); ++i) std::printf("%s%llu", i ? "," : "", pieces[i]);
  std::printf("],\n  \"class\": [");
  for (std::size_t i = 0; i < pieces.size(); ++i) std::printf("%s%d", i ? "," : "", cls[i]);
  std::printf("]\n}\n");
  return failed ? 2 : 0;
}
