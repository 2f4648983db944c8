// DRAM bandwidth queue (see timing/dram.hpp).
#include <warpsim/timing/dram.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

double Dram::transfer(std::uint64_t at, std::uint64_t bytes) {
  const double start = std::max(free_, static_cast<double>(at));
  free_ = start + static_cast<double>(bytes) / bytes_per_cycle_;
  return start;
}

std::uint64_t Dram::read(std::uint64_t at, std::uint64_t bytes) {
  read_ += bytes;
  return static_cast<std::uint64_t>(std::ceil(transfer(at, bytes))) + latency_;
}

void Dram::write(std::uint64_t at, std::uint64_t bytes) {
  if (bytes == 0) return;
  written_ += bytes;
  transfer(at, bytes);
}

}  // namespace warpsim::timing
