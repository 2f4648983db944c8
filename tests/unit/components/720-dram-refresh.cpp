// 720: DRAM refresh (timing/dram.hpp: mem.dram_channels, mem.dram_channel_bytes, mem.dram_refresh_interval_cycles,
// mem.dram_refresh_cycles) on its own: an address's channel is (hash of its aligned channel block) >> 32 mod channels,
// channel c refreshes for R cycles from c x I / channels on (mod I); a read that arrives while its channel refreshes
// starts its bank at the refresh's end, any other read at once; the lines of one block share their channel; with the
// refresh off nothing changes. Bus 1 byte per cycle and reads of 1 byte, latency 100, banks busy 10 cycles: a read's
// data is back at (its bank's start) + 10 + 100.
#include <warpsim/timing/dram.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <catch2/catch.hpp>

#include <cstdint>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::Dram;
using warpsim::timing::DramConfig;

namespace {

constexpr unsigned kChannels = 4;
constexpr std::uint64_t kBlock = 1024, kInterval = 1000, kRefresh = 200;

DramConfig config(unsigned channels, std::uint64_t refresh) {
  DramConfig c;
  c.bytes_per_cycle = 1;
  c.latency = 100;
  c.banks = 64;
  c.bank_cycles = 10;
  c.channels = channels;
  c.channel_bytes = kBlock;
  c.refresh_interval = kInterval;
  c.refresh = refresh;
  return c;
}

// The first block-aligned address in channel `c` (the model's choice: address_hash(addr / block) >> 32 mod channels).
std::uint64_t block_in_channel(unsigned c) {
  for (std::uint64_t b = 0;; ++b)
    if ((warpsim::timing::address_hash(b) >> 32) % kChannels == c) return b * kBlock;
}

}  // namespace

TEST_CASE("720 a read during its channel's refresh waits for its end, other times do not") {
  // Channel c refreshes during [250 c, 250 c + 200) of every 1000 cycles.
  for (unsigned c = 0; c < kChannels; ++c) {
    INFO("channel " << c);
    const std::uint64_t a = block_in_channel(c), start = 250 * c;
    Dram d(config(kChannels, kRefresh));
    CHECK(d.read(start + 5, a, 1) == start + kRefresh + 10 + 100);  // 195 cycles before its bank may start
    Dram e(config(kChannels, kRefresh));
    CHECK(e.read(start + kRefresh, a, 1) == start + kRefresh + 10 + 100);  // the refresh has just ended
    Dram f(config(kChannels, kRefresh));
    CHECK(f.read(start + kInterval + 150, a + kBlock - 1, 1) ==
          start + kInterval + kRefresh + 10 + 100);  // the block's last byte, in the next interval
    Dram g(config(kChannels, kRefresh));
    const std::uint64_t other = (start + 400) % kInterval;  // outside this channel's refresh
    CHECK(g.read(other, a, 1) == other + 10 + 100);
  }
}

TEST_CASE("720 one channel refreshes everything at once, and refresh off or no channels changes nothing") {
  const std::uint64_t a0 = block_in_channel(0), a3 = block_in_channel(3);
  Dram one(config(1, kRefresh));  // every block in channel 0: [0, 200) of every interval
  CHECK(one.read(2050, a3, 1) == 2200 + 10 + 100);
  Dram off(config(kChannels, 0));
  CHECK(off.read(5, a0, 1) == 5 + 10 + 100);
  Dram none(config(0, kRefresh));
  CHECK(none.read(5, a0, 1) == 5 + 10 + 100);
}

TEST_CASE("720 reads that waited for a refresh start after it, each at its own bank") {
  // Channel 0 refreshes during [0, 200): reads of the block's bytes 0, 128 and 256 arriving at 10, 20, 30 (three
  // different one-byte blocks, so most likely three banks) all start at 200; the bus slots (one cycle each, taken
  // at arrival) are long done.
  const std::uint64_t a = block_in_channel(0);
  const auto bank = [](std::uint64_t x) { return warpsim::timing::address_hash(x) % 64; };
  REQUIRE(bank(a) != bank(a + 128));
  REQUIRE(bank(a) != bank(a + 256));
  REQUIRE(bank(a + 128) != bank(a + 256));
  Dram d(config(kChannels, kRefresh));
  CHECK(d.read(10, a, 1) == 200 + 10 + 100);
  CHECK(d.read(20, a + 128, 1) == 200 + 10 + 100);
  CHECK(d.read(30, a + 256, 1) == 200 + 10 + 100);
}

}  // namespace WARPSIM_UNITY_ID
