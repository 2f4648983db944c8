// 766: the DRAM queue (timing/dram.hpp) on its own, with tiny's mem.dram_bytes_per_cycle 32 and mem.dram_latency 500:
// requests in arrival order, one transfer at a time, a read's data back latency cycles after its transfer starts
// (rounded up to a whole cycle); then the banks in front of the bus: one bank's queue, banks in parallel.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dram.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include <warpsim/timing/sector_cache.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::Dram;

namespace {
Dram tiny_dram() {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.dram_bytes_per_cycle == 32);
  REQUIRE(cfg.dram_latency == 500);
  REQUIRE(cfg.dram_banks == 0);  // no bank model: the bus alone
  return Dram(warpsim::timing::DramConfig{cfg.dram_bytes_per_cycle, cfg.dram_latency});
}
}  // namespace

TEST_CASE("766 n sector reads at cycle 0: the k-th is back at ceil(k x B / R) + latency") {
  // B = 32 (a sector), R = 32: one cycle each, read k (from 0) back at k + 500.
  Dram d = tiny_dram();
  for (std::uint64_t k = 0; k < 8; ++k) CHECK(d.read(0, 0, 32) == k + 500);
  CHECK(d.bytes_read() == 8 * 32);
}

TEST_CASE("766 a fractional transfer time rounds each start up, not the sum") {
  // B = 48: 1.5 cycles each, read k starts at 1.5k: 0, 1.5, 3, 4.5, 6 -> ceil 0, 2, 3, 5, 6, plus 500.
  Dram d = tiny_dram();
  const std::uint64_t expect[] = {500, 502, 503, 505, 506};
  for (unsigned k = 0; k < 5; ++k) {
    INFO("read " << k);
    REQUIRE(expect[k] == static_cast<std::uint64_t>(std::ceil(k * 48.0 / 32.0)) + 500);  // the table is the formula
    CHECK(d.read(0, 0, 48) == expect[k]);
  }
  // The queue is busy until 7.5: a read arriving at 7 starts at 7.5 (-> 508), one arriving at 100 at once.
  CHECK(d.read(7, 0, 48) == 508);
  CHECK(d.read(100, 0, 48) == 600);
  CHECK(d.bytes_read() == 7 * 48);
}

TEST_CASE("766 writes take bandwidth but return nothing, and a later read queues behind them") {
  Dram d = tiny_dram();
  d.write(0, 64);  // holds the queue for 2 cycles
  d.write(0, 0);   // nothing
  CHECK(d.read(0, 0, 32) == 502);
  CHECK(d.read(0, 0, 32) == 503);
  CHECK(d.bytes_written() == 64);
  CHECK(d.bytes_read() == 64);
  // A kernel-end flush is counted apart, not timed: the next read is not delayed by it.
  d.count_flush(4096);
  CHECK(d.bytes_written() == 64);
  CHECK(d.bytes_flushed() == 4096);
  CHECK(d.read(4, 0, 32) == 504);
}

namespace {
// 4 banks of 40 cycles each, tiny's bus (32 B/cycle) and latency (500).
Dram banked() { return Dram(warpsim::timing::DramConfig{32, 500, 4, 40}); }
std::uint64_t bank_of(std::uint64_t addr, std::uint64_t bytes) {
  return warpsim::timing::address_hash(addr / bytes) % 4;
}
}  // namespace

TEST_CASE("766 banks: a read waits for its bank, then the bus: reads in one bank queue, in others overlap") {
  // Two 64-byte blocks in one bank and one in another.
  std::uint64_t a = 0, same = 0, other = 0;
  for (std::uint64_t k = 1; k < 64 && (same == 0 || other == 0); ++k) {
    if (same == 0 && bank_of(k * 64, 64) == bank_of(a, 64)) same = k * 64;
    if (other == 0 && bank_of(k * 64, 64) != bank_of(a, 64)) other = k * 64;
  }
  REQUIRE(same != 0);
  REQUIRE(other != 0);
  Dram d = banked();
  // Bus slots in arrival order: 0-2, 2-4, 4-6. a: bank 0-40 -> 40 + 500. same: bank 40-80 -> 580. other: its
  // bank 0-40, its slot began at 4 -> 540.
  CHECK(d.read(0, a, 64) == 540);
  CHECK(d.read(0, same, 64) == 580);
  CHECK(d.read(0, other, 64) == 540);
  // Later, everything idle: 40 + 500 again.
  CHECK(d.read(1000, same, 64) == 1540);
  CHECK(d.bytes_read() == 4 * 64);
  // Writes take only the bus: 64 bytes at 2000 hold it until 2002; a read arriving then gets the slot 2002-2004
  // and its bank 2000-2040.
  d.write(2000, 64);
  CHECK(d.read(2000, other, 64) == 2540);
  // The bus alone can be the limit: 100 writes of 64 bytes hold it 200 cycles; a read behind them waits for its
  // slot (3200), not just for its bank (done at 3040).
  for (int k = 0; k < 100; ++k) d.write(3000, 64);
  CHECK(d.read(3000, a, 64) == 3200 + 500);
}

TEST_CASE("766 with many banks, reads in flight spread and the bus is the limit, with one bank they serialise") {
  Dram wide(warpsim::timing::DramConfig{32, 500, 1024, 40});
  Dram one(warpsim::timing::DramConfig{32, 500, 1, 40});
  std::uint64_t last_wide = 0, last_one = 0;
  for (std::uint64_t k = 0; k < 256; ++k) {
    last_wide = std::max(last_wide, wide.read(0, k * 64, 64));
    last_one = std::max(last_one, one.read(0, k * 64, 64));
  }
  // One bank: 256 x 40 cycles, the last read's bus transfer starts at 10240.
  CHECK(last_one == 10240 + 500);
  // 1024 banks: most reads get a bank of their own; the bus (2 cycles per read, the last slot at 510) sets the
  // pace, plus the waits of the few that share a bank.
  CHECK(last_wide >= 255 * 2 + 500);
  CHECK(last_wide < 40 * 4 + 256 * 2 + 500);
}

}  // namespace WARPSIM_UNITY_ID
