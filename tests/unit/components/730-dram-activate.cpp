// 730: DRAM row activations (timing/dram.hpp: mem.dram_activate_cycles) on their own: a channel holds
// mem.dram_banks / mem.dram_channels open rows (a row is an aligned mem.dram_channel_bytes block, in the channel the
// refresh model gives it: address_hash(block) >> 32 mod channels, in the slot address_hash(block) mod 2^32 mod rows per
// channel); a read of an open row starts at once, a read of any other row opens it in its slot (closing the row there)
// and waits for the channel's next activation, the channel's activations at least mem.dram_activate_cycles apart;
// channels do not share the limit, and with it off (0) nothing changes. Bus 1 byte per cycle, reads of 1 byte taken
// in arrival order (read k's bus slot starts at k), latency 100, banks busy 0 cycles (so only activations and bus
// slots decide): a read's data is back at max(its bus slot, its start) + 100.
#include <warpsim/timing/dram.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::address_hash;
using warpsim::timing::Dram;
using warpsim::timing::DramConfig;

namespace {

constexpr unsigned kChannels = 4, kBanks = 64, kRowsPerChannel = kBanks / kChannels;
constexpr std::uint64_t kRow = 1024;
constexpr double kActivate = 50;

DramConfig config(double activate) {
  DramConfig c;
  c.bytes_per_cycle = 1;
  c.latency = 100;
  c.banks = kBanks;
  c.bank_cycles = 0;
  c.channels = kChannels;
  c.channel_bytes = kRow;
  c.activate = activate;
  return c;
}

unsigned channel_of(std::uint64_t row) { return static_cast<unsigned>((address_hash(row) >> 32) % kChannels); }
unsigned slot_of(std::uint64_t row) { return static_cast<unsigned>((address_hash(row) & 0xffffffffu) % kRowsPerChannel); }

// The first row after `after` in channel `c` (and in slot `slot` unless it is negative, in another slot than `not_slot`
// unless that is negative).
std::uint64_t row_in(unsigned c, int slot, int not_slot = -1, std::uint64_t after = 0) {
  for (std::uint64_t r = after + 1;; ++r)
    if (channel_of(r) == c && (slot < 0 || slot_of(r) == static_cast<unsigned>(slot)) &&
        (not_slot < 0 || slot_of(r) != static_cast<unsigned>(not_slot)))
      return r;
}

}  // namespace

TEST_CASE("730 rows of one channel open at most one per mem.dram_activate_cycles, an open row needs none") {
  const std::uint64_t r1 = row_in(0, -1);
  const std::uint64_t r2 = row_in(0, static_cast<int>(slot_of(r1)), -1, r1);  // r1's slot: opening it closes r1
  const std::uint64_t r3 = row_in(0, -1, static_cast<int>(slot_of(r1)));       // another slot of channel 0
  const std::uint64_t r4 = row_in(1, -1);                                       // channel 1
  Dram d(config(kActivate));
  CHECK(d.read(0, r1 * kRow, 1) == 0 + 100);          // bus slot 0, activation at 0
  CHECK(d.read(0, r2 * kRow + 5, 1) == 50 + 100);     // the channel's next activation
  CHECK(d.read(0, r1 * kRow + 9, 1) == 100 + 100);    // r2 closed r1: opened again
  CHECK(d.read(0, r3 * kRow, 1) == 150 + 100);        // another slot, same channel: same limit
  CHECK(d.read(0, r3 * kRow + 128, 1) == 4 + 100);    // r3 is open: at once (bus slot 4)
  CHECK(d.read(0, r4 * kRow, 1) == 5 + 100);          // channel 1 activates on its own
  CHECK(d.read(300, r1 * kRow + 200, 1) == 300 + 100);  // still open
  CHECK(d.read(300, r2 * kRow, 1) == 301 + 100);  // closed by r1, the channel free by then: the bus slot (301) decides
}

TEST_CASE("730 with mem.dram_activate_cycles 0 or no channels nothing waits for an activation") {
  const std::uint64_t r1 = row_in(0, -1);
  const std::uint64_t r2 = row_in(0, static_cast<int>(slot_of(r1)), -1, r1);
  for (const bool channels : {true, false}) {
    DramConfig c = config(channels ? 0 : kActivate);
    if (!channels) c.channels = 0;
    Dram d(c);
    CHECK(d.read(0, r1 * kRow, 1) == 0 + 100);
    CHECK(d.read(0, r2 * kRow, 1) == 1 + 100);
    CHECK(d.read(0, r1 * kRow, 1) == 2 + 100);
  }
}

}  // namespace WARPSIM_UNITY_ID
