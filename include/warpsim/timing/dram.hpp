// GPU-wide DRAM: one queue at mem.dram_bytes_per_cycle behind a fixed latency.
//
// Models: requests are served in arrival order; each takes bytes / bytes_per_cycle cycles of the shared bandwidth,
// and a read's data is back mem.dram_latency cycles after its transfer starts (so a stream of misses becomes
// bandwidth-bound). Write-backs take bandwidth but nobody waits for them.
// Leaves out: channels, banks, row buffers, refresh, read/write turnaround, the HBM clock domain.
#pragma once

#include <cstdint>

namespace warpsim::timing {

class Dram {
 public:
  Dram(double bytes_per_cycle, std::uint64_t latency) : bytes_per_cycle_(bytes_per_cycle), latency_(latency) {}
  // A read of `bytes` arriving at cycle `at`: the cycle its data is back.
  std::uint64_t read(std::uint64_t at, std::uint64_t bytes);
  // A write-back of `bytes` arriving at cycle `at` (0 bytes: nothing).
  void write(std::uint64_t at, std::uint64_t bytes);
  std::uint64_t bytes_read() const { return read_; }
  std::uint64_t bytes_written() const { return written_; }
  // Dirty data flushed at the kernel's end: counted, not timed.
  void count_flush(std::uint64_t bytes) { written_ += bytes; }

 private:
  double transfer(std::uint64_t at, std::uint64_t bytes);
  double bytes_per_cycle_;
  std::uint64_t latency_;
  double free_ = 0;
  std::uint64_t read_ = 0, written_ = 0;
};

}  // namespace warpsim::timing
