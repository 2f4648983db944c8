// Per-kernel timelines of a timed run: a TraceSink that records when each CTA and warp ran on which SM and
// sub-partition (and optionally every issued instruction), and the writers of the files built from them.
//
// Models: the "warpsim-timeline/1" JSON format and a Chrome Trace Event (Perfetto) view, both described in
// README.md under "Timelines". Files are written completely or not at all (a temporary file renamed over
// the target). Everything is ordered by the simulator's event order, so two runs give identical bytes.
// Leaves out: measured timelines and their comparison (a later report), per-instruction latencies.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace warpsim::report {

struct CtaRecord {
  std::uint64_t linear = 0;
  Dim3 id;
  std::uint32_t sm = 0;
  std::uint64_t start = 0, end = 0;  // placed on the SM; retired (every thread exited)
  std::vector<std::size_t> warps;    // indices into KernelTimeline::warps
};

struct WarpRecord {
  std::uint64_t cta = 0;  // linear CTA id
  std::uint32_t warp = 0, sm = 0, subpartition = 0;
  std::uint64_t start = 0, end = 0, issued = 0;
};

struct KernelTimeline {
  static constexpr std::uint64_t kIssueBucket = 64;  // cycles per entry of issues_per_sm
  std::string entry;
  std::uint64_t cycles = 0;
  std::vector<CtaRecord> ctas;  // in placement order
  std::vector<WarpRecord> warps;
  std::vector<timing::IssueEvent> instructions;                       // with RecordOptions::instructions
  std::map<std::uint32_t, std::vector<std::uint64_t>> issues_per_sm;  // with RecordOptions::issue_counts
};

struct RecordOptions {
  bool instructions = false;  // keep every issued instruction (--trace-warps)
  bool issue_counts = false;  // count issues per SM per kIssueBucket cycles (IPC counters)
};

class TimelineRecorder : public timing::TraceSink {
 public:
  explicit TimelineRecorder(RecordOptions opts) : opts_(opts) {}
  const std::vector<KernelTimeline>& kernels() const { return kernels_; }

  void on_kernel_begin(const std::string& entry) override;
  void on_kernel_end(std::uint64_t cycles) override;
  void on_cta_start(std::uint32_t sm, std::uint64_t cta, Dim3 id, std::uint64_t cycle) override;
  void on_warp_start(std::uint32_t sm, std::uint32_t subpartition, std::uint64_t cta, std::uint32_t warp,
                     std::uint64_t cycle) override;
  void on_warp_end(std::uint64_t cta, std::uint32_t warp, std::uint64_t cycle, std::uint64_t issued) override;
  void on_cta_end(std::uint64_t cta, std::uint64_t cycle) override;
  bool wants_issues() const override { return opts_.instructions || opts_.issue_counts; }
  void on_issue(const timing::IssueEvent& e) override;

 private:
  KernelTimeline& current();
  CtaRecord& cta(std::uint64_t linear);

  RecordOptions opts_;
  std::vector<KernelTimeline> kernels_;
  std::unordered_map<std::uint64_t, std::size_t> cta_index_;  // linear id -> index in current().ctas
};

// The "warpsim-timeline/1" document (with instructions if the recorder kept them).
std::string timeline_json(const std::string& gpu, const std::vector<KernelTimeline>& kernels);
// The Chrome Trace Event document: one process per SM, threads per sub-partition and for CTAs, counters.
std::string perfetto_json(const std::string& gpu, const std::vector<KernelTimeline>& kernels);
// Writes text to path through a temporary sibling and a rename; throws ErrorKind::Input on failure.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace warpsim::report
