// 766: the DRAM queue (timing/dram.hpp) on its own, with tiny's mem.dram_bytes_per_cycle 32 and mem.dram_latency 500:
// requests in arrival order, one transfer at a time, a read's data back latency cycles after its transfer starts
// (rounded up to a whole cycle).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dram.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using warpsim::timing::Dram;

namespace {
Dram tiny_dram() {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.dram_bytes_per_cycle == 32);
  REQUIRE(cfg.dram_latency == 500);
  return Dram(cfg.dram_bytes_per_cycle, cfg.dram_latency);
}
}  // namespace

TEST_CASE("766 n sector reads at cycle 0: the k-th is back at ceil(k x B / R) + latency") {
  // B = 32 (a sector), R = 32: one cycle each, read k (from 0) back at k + 500.
  Dram d = tiny_dram();
  for (std::uint64_t k = 0; k < 8; ++k) CHECK(d.read(0, 32) == k + 500);
  CHECK(d.bytes_read() == 8 * 32);
}

TEST_CASE("766 a fractional transfer time rounds each start up, not the sum") {
  // B = 48: 1.5 cycles each, read k starts at 1.5k: 0, 1.5, 3, 4.5, 6 -> ceil 0, 2, 3, 5, 6, plus 500.
  Dram d = tiny_dram();
  const std::uint64_t expect[] = {500, 502, 503, 505, 506};
  for (unsigned k = 0; k < 5; ++k) {
    INFO("read " << k);
    REQUIRE(expect[k] == static_cast<std::uint64_t>(std::ceil(k * 48.0 / 32.0)) + 500);  // the table is the formula
    CHECK(d.read(0, 48) == expect[k]);
  }
  // The queue is busy until 7.5: a read arriving at 7 starts at 7.5 (-> 508), one arriving at 100 at once.
  CHECK(d.read(7, 48) == 508);
  CHECK(d.read(100, 48) == 600);
  CHECK(d.bytes_read() == 7 * 48);
}

TEST_CASE("766 writes take bandwidth but return nothing, and a later read queues behind them") {
  Dram d = tiny_dram();
  d.write(0, 64);  // holds the queue for 2 cycles
  d.write(0, 0);   // nothing
  CHECK(d.read(0, 32) == 502);
  CHECK(d.read(0, 32) == 503);
  CHECK(d.bytes_written() == 64);
  CHECK(d.bytes_read() == 64);
  // A kernel-end flush is counted, not timed: the next read is not delayed by it.
  d.count_flush(4096);
  CHECK(d.bytes_written() == 64 + 4096);
  CHECK(d.read(4, 32) == 504);
}
