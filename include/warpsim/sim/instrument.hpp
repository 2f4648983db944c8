// Instrumented copies of kernels for measuring per-warp timelines on a real GPU.
//
// Models: a PTX-to-PTX rewrite of one .entry that adds a last parameter `.param .u64 warpsim_trace` (a
// global buffer of 3 u64 per warp of the grid) and records, for each warp of the grid, %globaltimer when
// the warp starts (lane 0 of the warp, after the kernel's parameter loads would begin), the latest
// %globaltimer at which any of its threads reaches a `ret`/`exit` of the entry (the lowest lane taking that
// exit does an atom.max, so one atomic per warp and exit), and %smid. The
// rest of the kernel is unchanged, so its results are the same. A run config is rewritten to launch the
// instrumented copies with one zeroed trace buffer per launch.
// Leaves out: exits inside called .func bodies (a thread that exits there records no end), and clock
// skew between SMs (%globaltimer is a GPU-wide clock).
#pragma once

#include <warpsim/common/types.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::sim {

inline constexpr const char* kTraceParam = "warpsim_trace";

// Returns the instrumented module text. Throws warpsim::Error if `entry` is not a kernel of the module.
std::string instrument_ptx(const std::string& ptx_text, const std::string& path, const std::string& entry);

// Writes an instrumented copy of the run config `config_path` into `out_dir`: one instrumented PTX per
// (module, entry) and `<config stem>.instrumented.json` whose kernels take one more argument, the buffer
// `warpsim_trace_<k>` (u64, 3 per warp). Paths in the new config are relative to `out_dir`, so the folder
// can be moved. Returns the new config's path.
std::string instrument_run_config(const std::string& config_path, const std::string& out_dir);

struct WarpRecord {
  std::uint64_t cta = 0;             // linear CTA id
  std::uint32_t warp = 0;            // warp within the CTA
  std::uint64_t start = 0, end = 0;  // %globaltimer (ns)
  std::uint32_t smid = 0;
};
// Decodes a trace buffer of a launch with `grid` x `block`.
std::vector<WarpRecord> decode_trace(const std::vector<std::byte>& bytes, Dim3 grid, Dim3 block);

}  // namespace warpsim::sim
