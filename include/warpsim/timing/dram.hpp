// GPU-wide DRAM: banks in front of one shared data bus, then a fixed latency.
//
// Models: an access at byte address A goes to bank hash(A / its size) mod mem.dram_banks (reads are
// mem.dram_access_bytes blocks, so consecutive blocks spread over the banks), which serves its accesses in arrival
// order, mem.dram_bank_cycles each (activate, access, precharge: one busy time, hit or miss). The bus shared by all
// banks gives each access bytes / mem.dram_bytes_per_cycle cycles in arrival order; a read's data is back
// mem.dram_latency cycles after both its bank is done and its bus slot has begun (a slot is not held back by
// an earlier access that waits for its bank). So a stream of misses is bus-bound, and reads in
// flight wait in the banks as in a queue: a read's latency grows with the reads in flight before the bus is the
// limit, as on the H200 (traces/ubench_dram_mlp: 821 cycles with 1,056 lines in flight, 1,078 with 8,448).
// With mem.dram_banks 0 there are no banks: bus and latency only.
// Write-backs take bus time (the evicted line's address is not tracked, so not bank time) and nobody waits for
// them.
// Leaves out: row buffers (a row model with hits and misses was fitted to ubench_dram_mlp and made walks of
// consecutive lines slower than strided ones, the opposite of the H200: the mapping of addresses to channels,
// banks and rows is not known), channels with their own share of the bandwidth (hashed channels cut the
// streaming bandwidth below ubench_dram_stream's), refresh, read/write turnaround, the controller's reordering,
// the HBM clock domain, ECC.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::timing {

struct DramConfig {
  double bytes_per_cycle = 1;  // mem.dram_bytes_per_cycle
  std::uint64_t latency = 0;   // mem.dram_latency
  unsigned banks = 0;          // mem.dram_banks (0: no banks)
  double bank_cycles = 0;      // mem.dram_bank_cycles
};

class Dram {
 public:
  explicit Dram(const DramConfig& cfg) : cfg_(cfg), banks_(cfg.banks, 0.0) {}
  // A read of `bytes` at byte address `addr` arriving at cycle `at`: the cycle its data is back.
  std::uint64_t read(std::uint64_t at, std::uint64_t addr, std::uint64_t bytes);
  // A write-back of `bytes` arriving at cycle `at` (0 bytes: nothing).
  void write(std::uint64_t at, std::uint64_t bytes);
  std::uint64_t bytes_read() const { return read_; }
  std::uint64_t bytes_written() const { return written_; }
  // Dirty data flushed at the kernel's end: counted, not timed.
  void count_flush(std::uint64_t bytes) { written_ += bytes; }

 private:
  double transfer(double at, std::uint64_t bytes);
  DramConfig cfg_;
  std::vector<double> banks_;  // when each bank is free
  double free_ = 0;            // when the bus is free
  std::uint64_t read_ = 0, written_ = 0;
};

}  // namespace warpsim::timing
