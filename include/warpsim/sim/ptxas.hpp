// Registers per thread from NVIDIA's ptxas: the timing model's occupancy needs the registers the real
// compiler allocates (PTX registers are virtual and unlimited).
//
// Models: `ptxas -arch=<target> -v FILE -o /dev/null`, its "Compiling entry function 'NAME'" and "Used N
// registers[, ...] [, M bytes smem]" lines per entry. ptxas is looked for on PATH, then in /usr/local/cuda/bin.
// Results are cached on disk by sha256 of the PTX text + target + ptxas version, in $WARPSIM_CACHE, else
// $XDG_CACHE_HOME/warpsim, else ~/.cache/warpsim; a cache that cannot be read or written is skipped silently.
// Leaves out: ptxas options (-O levels, -maxrregcount), device functions' own counts (only entries launch).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace warpsim::sim {

struct PtxasKernel {
  unsigned registers = 0;
  std::uint64_t static_smem = 0;  // bytes
};

struct PtxasReport {
  std::string version;                         // "13.0"
  bool cached = false;                         // read from the disk cache
  std::map<std::string, PtxasKernel> kernels;  // by entry name
};

// The ptxas executable ("" when none is installed).
std::string find_ptxas();
// The entries of `ptxas -v` output.
std::map<std::string, PtxasKernel> parse_ptxas_output(const std::string& text);
// The cache folder (see above; "" when no variable names one).
std::string ptxas_cache_dir();
// Runs (or recalls) ptxas on the PTX file `path` with text `ptx_text` for `target` ("sm_90a"). nullopt
// when ptxas is not installed; throws warpsim::Error(ErrorKind::Launch) with ptxas's output when it fails.
std::optional<PtxasReport> ptxas_resources(const std::string& path, const std::string& ptx_text,
                                           const std::string& target);
// The registers per thread ptxas gives `entry` of the PTX file `path` for `target`; 0 when ptxas is not installed
// or reports no such entry (throws as ptxas_resources when ptxas fails).
unsigned ptxas_entry_registers(const std::string& path, const std::string& target, const std::string& entry);

}  // namespace warpsim::sim
