// DRAM banks and the shared bus (see timing/dram.hpp).
#include <warpsim/timing/dram.hpp>

#include <warpsim/timing/sector_cache.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

Dram::Dram(const DramConfig& cfg) : cfg_(cfg), banks_(cfg.banks, 0.0) {
  if (cfg_.activate > 0 && cfg_.channels > 0) {
    rows_per_channel_ = std::max<std::uint64_t>(cfg_.banks / cfg_.channels, 1);
    activate_free_.assign(cfg_.channels, 0.0);
    open_rows_.assign(cfg_.channels * rows_per_channel_, 0);
  }
}

double Dram::transfer(double at, std::uint64_t bytes) {
  const double start = std::max(free_, at);
  free_ = start + static_cast<double>(std::max(bytes, cfg_.burst)) / cfg_.bytes_per_cycle;
  return start;
}

std::uint64_t Dram::read(std::uint64_t at, std::uint64_t addr, std::uint64_t bytes) {
  read_ += bytes;
  read_since_ = true;
  // The bus slot is taken in arrival order (the bandwidth limit); the data moves once the bank has it.
  double ready = transfer(static_cast<double>(at), bytes);
  const std::uint64_t h = address_hash(addr / std::max<std::uint64_t>(bytes, 1));
  // The aligned mem.dram_channel_bytes block around the read: its row, and its hash, which picks its channel.
  const std::uint64_t block = addr / std::max<std::uint64_t>(cfg_.channel_bytes, 1);
  const std::uint64_t block_hash = cfg_.channels != 0 ? address_hash(block) : 0;
  const double start = after_activate(after_refresh(at, block_hash), block, block_hash);
  if (!banks_.empty()) {
    double& bank = banks_[h % banks_.size()];
    bank = std::max(bank, start) + cfg_.bank_cycles;
    ready = std::max(ready, bank);
  } else {
    ready = std::max(ready, start);
  }
  return static_cast<std::uint64_t>(std::ceil(ready)) + cfg_.latency;
}

double Dram::after_refresh(std::uint64_t at, std::uint64_t block_hash) const {
  if (cfg_.refresh == 0 || cfg_.channels == 0 || cfg_.refresh_interval == 0) return static_cast<double>(at);
  const std::uint64_t channel = channel_of(block_hash);
  const std::uint64_t phase = channel * cfg_.refresh_interval / cfg_.channels;
  const std::uint64_t pos = (at + cfg_.refresh_interval - phase) % cfg_.refresh_interval;  // phase < the interval
  return static_cast<double>(pos < cfg_.refresh ? at + (cfg_.refresh - pos) : at);
}

double Dram::after_activate(double at, std::uint64_t row, std::uint64_t block_hash) {
  if (activate_free_.empty()) return at;
  // The row's slot among its channel's open rows: from the hash's lower bits.
  const std::uint64_t channel = channel_of(block_hash);
  std::uint64_t& open = open_rows_[channel * rows_per_channel_ + (block_hash & 0xffffffffu) % rows_per_channel_];
  if (open == row + 1) return at;
  open = row + 1;
  double& next = activate_free_[channel];
  const double t = std::max(at, next);
  next = t + cfg_.activate;
  return t;
}

void Dram::write(std::uint64_t at, std::uint64_t bytes) {
  if (bytes == 0) return;
  written_ += bytes;
  if (cfg_.write_batch == 0) {
    transfer(static_cast<double>(at), bytes);
    return;
  }
  waiting_ += std::max(bytes, cfg_.burst);
  if (waiting_ < cfg_.write_batch) return;
  if (read_since_) free_ = std::max(free_, static_cast<double>(at)) + cfg_.turnaround;
  transfer(static_cast<double>(at), waiting_);
  waiting_ = 0;
  read_since_ = false;
}

}  // namespace warpsim::timing
