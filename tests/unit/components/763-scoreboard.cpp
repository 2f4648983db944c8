// 763: the per-warp scoreboard (timing/scoreboard.hpp). A register written to land at N is pending at N-1 and clear
// at N: the SM treats an instruction as waiting while when(...).at > now, so a reader may issue at N, not before.
#include <warpsim/timing/scoreboard.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <span>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::Cycle;
using warpsim::timing::Scoreboard;

namespace {

using Regs = std::span<const std::uint32_t>;
constexpr std::array<std::uint32_t, 0> kNone{};
// What the SM asks (timing/sm.cpp, Sm::ready): is an instruction reading `reads` and writing `writes` still waiting?
bool pending(const Scoreboard& sb, Regs reads, Regs writes, std::uint64_t now) {
  return sb.when(reads, writes).at > Cycle(now);
}

}  // namespace

TEST_CASE("763 a register landing at N is pending at N-1 and clear at N") {
  Scoreboard sb;
  sb.reset(4);
  const std::array<std::uint32_t, 1> r1{1}, r2{2};
  CHECK(sb.when(r1, kNone).at == Cycle(0));  // fresh: nothing pending
  sb.write(r1, Cycle(10), false);
  CHECK(sb.when(r1, kNone).at == Cycle(10));
  CHECK(pending(sb, r1, kNone, 9));
  CHECK_FALSE(pending(sb, r1, kNone, 10));
  CHECK_FALSE(pending(sb, r2, kNone, 0));  // another register is not affected
}

TEST_CASE("763 the memory flag follows the register that lands last") {
  Scoreboard sb;
  sb.reset(4);
  const std::array<std::uint32_t, 1> r1{1}, r2{2};
  const std::array<std::uint32_t, 2> r12{1, 2}, r21{2, 1};
  sb.write(r1, Cycle(10), false);  // an ALU result
  sb.write(r2, Cycle(20), true);   // a load
  CHECK(sb.when(r1, kNone).memory == false);
  CHECK(sb.when(r12, kNone).at == Cycle(20));
  CHECK(sb.when(r12, kNone).memory == true);
  // A tie keeps the first register, in reads-then-writes order, that reaches the latest time.
  sb.write(r1, Cycle(20), false);
  CHECK(sb.when(r12, kNone).memory == false);
  CHECK(sb.when(r21, kNone).memory == true);
  CHECK(sb.when(r1, r2).memory == false);  // r1 read, r2 written: the read comes first
  CHECK(sb.when(r2, r1).memory == true);
  CHECK(sb.latest_of(r21).at == Cycle(20));
  CHECK(sb.latest_of(r21).memory == true);
}

TEST_CASE("763 write after write: an instruction writing a pending register waits for it") {
  Scoreboard sb;
  sb.reset(4);
  const std::array<std::uint32_t, 1> r1{1}, r3{3};
  sb.write(r3, Cycle(30), true);
  // Reads nothing pending (r1), writes r3: waits until r3's earlier write has landed at 30.
  CHECK(sb.when(r1, r3).at == Cycle(30));
  CHECK(sb.when(r1, r3).memory == true);
  CHECK(pending(sb, r1, r3, 29));
  CHECK_FALSE(pending(sb, r1, r3, 30));
}

TEST_CASE("763 last() is the latest pending write of the warp, and reset clears it") {
  Scoreboard sb;
  sb.reset(4);
  CHECK(sb.last() == Cycle(0));
  const std::array<std::uint32_t, 1> r0{0}, r2{2};
  sb.write(r2, Cycle(25), false);
  sb.write(r0, Cycle(7), true);
  CHECK(sb.last() == Cycle(25));
  sb.reset(4);
  CHECK(sb.last() == Cycle(0));
  CHECK(sb.when(r2, kNone).at == Cycle(0));
}

}  // namespace WARPSIM_UNITY_ID
