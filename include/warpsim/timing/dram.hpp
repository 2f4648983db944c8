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
// them. With mem.dram_write_batch_bytes, writes wait in a buffer and take the bus together once that many bytes
// wait; a batch that follows reads costs mem.dram_turnaround_cycles more (the bus switching direction twice), so
// a stream that mixes reads and writes gets less than one that only reads or only writes (traces/
// ubench_store_drain's copy: 1,414 bytes per cycle against 1,877 for reads alone). Only the ratio of the two is
// fitted: the batch size stands for the controller's write queue and is assumed. Every access takes the bus for at
// least mem.dram_burst_bytes (a 32-byte write or partial-sector fill costs a 64-byte burst: traces/
// ubench_partial_write's write_words moves 46 MB in 53,000 cycles, 870 bytes per cycle); the byte counters count
// what was asked for.
// Refresh (all-bank refresh of each HBM pseudo-channel): the aligned blocks of mem.dram_channel_bytes are hashed over
// mem.dram_channels channels; each channel refreshes for mem.dram_refresh_cycles (tRFC) once every
// mem.dram_refresh_interval_cycles (tREFI), the channels' refreshes spread evenly over the interval (channel c starts
// at c / channels of it), and a read that arrives while its channel refreshes waits for the refresh to end before its
// bank starts. Lines of one block share a channel, so they meet a refresh together or not at all. Most reads never
// meet a refresh, a few wait up to its length: a warp whose load touches many lines waits for the slowest of them,
// so the more lines a load touches, the more surely one of them meets a refresh (traces/ubench_dram_random's
// lat_walk: one line at a time against 32 random lines at once; ubench_dram_mlp: 8 lines in flight per warp,
// consecutive (one block) or far apart).
// Activations (mem.dram_activate_cycles): a row is an aligned mem.dram_channel_bytes block, in the channel the refresh
// gives it; each channel holds mem.dram_banks / mem.dram_channels open rows (a row's slot from its hash). A read of an
// open row goes on at once; a read of another row opens it in its slot (closing the row that was there) and first
// waits for its channel's next activation, a channel's activations at least mem.dram_activate_cycles apart (the
// four-activate window, tFAW / 4). Streams and sweeps read every row whole and hardly activate; random accesses open
// a row each and run at channels / mem.dram_activate_cycles accesses a cycle (traces/ubench_dram_random's rand_tput:
// random 4-byte loads over 128 MiB take about 1.5 times what the bus alone allows). Only the rate is modelled: an access's
// bank time (mem.dram_bank_cycles) is the same hit or miss, write-backs (no address) activate nothing.
// Leaves out: row-buffer hit latency (a row model with cheaper hits, fitted to ubench_dram_mlp, made walks of
// consecutive lines slower than strided ones, the opposite of the H200: the mapping of addresses to channels,
// banks and rows is not known), channels with their own share of the bandwidth (hashed channels cut the
// streaming bandwidth below ubench_dram_stream's; here channels only refresh), per-bank refresh, a controller that
// postpones refreshes under load, per-channel read/write turnaround (one GPU-wide batch model stands for it), the
// controller's reordering, the HBM clock domain, ECC, per-channel write queues.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::timing {

struct DramConfig {
  double bytes_per_cycle = 1;  // mem.dram_bytes_per_cycle
  std::uint64_t latency = 0;   // mem.dram_latency
  unsigned banks = 0;          // mem.dram_banks (0: no banks)
  double bank_cycles = 0;      // mem.dram_bank_cycles
  std::uint64_t write_batch = 0;  // mem.dram_write_batch_bytes (0: writes go out at once)
  std::uint64_t burst = 0;        // mem.dram_burst_bytes: least bus bytes one access takes
  double turnaround = 0;          // mem.dram_turnaround_cycles
  unsigned channels = 0;          // mem.dram_channels (0: no refresh)
  std::uint64_t channel_bytes = 1;  // mem.dram_channel_bytes
  std::uint64_t refresh_interval = 0;  // mem.dram_refresh_interval_cycles
  std::uint64_t refresh = 0;           // mem.dram_refresh_cycles (0: no refresh)
  double activate = 0;                 // mem.dram_activate_cycles (0: no activation limit)
};

class Dram {
 public:
  explicit Dram(const DramConfig& cfg);
  // A read of `bytes` at byte address `addr` arriving at cycle `at`: the cycle its data is back.
  std::uint64_t read(std::uint64_t at, std::uint64_t addr, std::uint64_t bytes);
  // A write-back of `bytes` arriving at cycle `at` (0 bytes: nothing).
  void write(std::uint64_t at, std::uint64_t bytes);
  // When the bus has moved everything asked of it so far.
  double bus_free() const { return free_; }
  std::uint64_t bytes_read() const { return read_; }
  // Bytes written back while the kernel runs (Nsight's dram__bytes_write).
  std::uint64_t bytes_written() const { return written_; }
  // Dirty data left in L2 at the kernel's end, written back after it: counted apart, not timed (Nsight counts none
  // of it: ubench_store_rand's whole-line launch writes 8 MiB into L2 and 0 bytes to DRAM on the H100).
  void count_flush(std::uint64_t bytes) { flushed_ += bytes; }
  std::uint64_t bytes_flushed() const { return flushed_; }

 private:
  double transfer(double at, std::uint64_t bytes);
  // A read's channel: from the upper bits of the hash of its aligned mem.dram_channel_bytes block (channels != 0).
  std::uint64_t channel_of(std::uint64_t block_hash) const { return (block_hash >> 32) % cfg_.channels; }
  // The cycle from which a read of the block with hash `block_hash` arriving at `at` may use its bank: `at`, or the
  // end of its channel's refresh if one is under way then.
  double after_refresh(std::uint64_t at, std::uint64_t block_hash) const;
  // The cycle from which a read of row `row` (its block) that may start at `at` (after any refresh) may use its bank:
  // `at` when the row is open, else its channel's next activation slot (which it takes).
  double after_activate(double at, std::uint64_t row, std::uint64_t block_hash);
  DramConfig cfg_;
  std::vector<double> banks_;  // when each bank is free
  std::vector<double> activate_free_;      // per channel: the first cycle it may activate a row again
  std::vector<std::uint64_t> open_rows_;   // per channel, its open-row slots: row number + 1 (0: none)
  std::uint64_t rows_per_channel_ = 0;
  double free_ = 0;            // when the bus is free
  std::uint64_t waiting_ = 0;  // write bytes in the buffer (as bus bytes: each write at least a burst)
  bool read_since_ = false;    // a read took the bus since the last write batch
  std::uint64_t read_ = 0, written_ = 0, flushed_ = 0;
};

}  // namespace warpsim::timing
