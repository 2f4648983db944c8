// Running a whole grid functionally (no timing): CTAs are made resident a window at a time, and the
// resident warps take turns, each running until it blocks or uses its quantum of instructions.
//
// Models: deadlock detection (every resident warp of a CTA blocked and no barrier can open) and the livelock
// watchdog, both those of the functional source (func/functional_source.hpp), reported with what every warp is
// waiting for and where.
// Clusters are started whole (the window is rounded up to a multiple of the cluster size), in cluster order.
// Leaves out: time, SM assignment policy (the i-th CTA started runs on SM i mod num_sms), occupancy.
#pragma once

#include <warpsim/func/functional_source.hpp>

#include <cstdint>

namespace warpsim::func {

using GridStats = source::Counts;  // CTAs, warps and instructions executed

GridStats run_grid(Launch& launch, const GridLimits& limits = {});

// A description of every warp of a CTA that has not finished: which lanes wait where (for deadlock and
// watchdog reports).
std::string describe_cta(const Launch& launch, const Cta& cta);

// Sorts printf records into (CTA, call number within its warp, warp, lane) order and concatenates their text.
std::string printf_text(std::vector<PrintfRecord> records);

}  // namespace warpsim::func
