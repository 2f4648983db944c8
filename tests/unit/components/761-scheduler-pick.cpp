// 761: which of several ready warps each scheduling policy picks (timing/scheduler.hpp), called directly.
// The ready list is in slot order, as the sub-partition builds it; ages are deliberately not in slot order so that
// "oldest" (lowest age) and "lowest slot" differ.
#include <warpsim/timing/scheduler.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <memory>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::ReadyWarp;

namespace {

// Slots 1, 3, 5 ready; slot 3 is the oldest (age 2), slot 5 the youngest (age 9). The SM has 8 warp slots.
constexpr std::array<ReadyWarp, 3> kReady = {{{1, 5}, {3, 2}, {5, 9}}};
constexpr std::uint32_t kSlots = 8;

std::size_t pick(const std::unique_ptr<warpsim::timing::WarpScheduler>& s, std::int64_t last) {
  return s->pick(kReady, last, kSlots);
}

}  // namespace

TEST_CASE("761 gto: the last issued warp while it is ready, else the oldest") {
  const auto gto = warpsim::timing::make_gto_scheduler();
  CHECK(pick(gto, 1) == 0);   // slot 1 issued last and is ready: kept, although slot 3 is older
  CHECK(pick(gto, 5) == 2);   // likewise slot 5, the youngest
  CHECK(pick(gto, 7) == 1);   // slot 7 issued last but is not ready: the oldest, slot 3 (age 2)
  CHECK(pick(gto, -1) == 1);  // first pick on the sub-partition: the oldest
}

TEST_CASE("761 gty: the last issued warp while it is ready, else the youngest") {
  const auto gty = warpsim::timing::make_gty_scheduler();
  CHECK(pick(gty, 3) == 1);  // slot 3 issued last and is ready: kept, although slot 5 is younger
  CHECK(pick(gty, 1) == 0);
  CHECK(pick(gty, 7) == 2);   // not ready: the youngest, slot 5 (age 9)
  CHECK(pick(gty, -1) == 2);  // first pick: the youngest
}

TEST_CASE("761 lrr: the first ready slot after the last issued one, wrapping, ages ignored") {
  const auto lrr = warpsim::timing::make_lrr_scheduler();
  CHECK(pick(lrr, 1) == 1);   // after slot 1: slot 3
  CHECK(pick(lrr, 3) == 2);   // after slot 3: slot 5
  CHECK(pick(lrr, 5) == 0);   // after slot 5: 6, 7 not ready, wrap to 0, then slot 1
  CHECK(pick(lrr, 4) == 2);   // slot 4 (not ready) issued last: the next ready one is slot 5
  CHECK(pick(lrr, 7) == 0);   // the SM's last slot: wrap to slot 0, then slot 1
  CHECK(pick(lrr, -1) == 0);  // first pick: the lowest ready slot
  // The slot that issued last is the farthest, so it issues again only when it is the only one ready.
  const std::array<ReadyWarp, 2> two = {{{3, 0}, {5, 1}}};
  CHECK(lrr->pick(two, 3, kSlots) == 1);
  const std::array<ReadyWarp, 1> one = {{{3, 0}}};
  CHECK(lrr->pick(one, 3, kSlots) == 0);
}

}  // namespace WARPSIM_UNITY_ID
