// `warpsim occupancy --gpu h200 --block 256 --regs 40 --smem 16384 [--carveout PCT] [--cluster X] [--set k=v]
// [--json]`: how many CTAs of a kernel fit on one SM, each residency limit with the arithmetic behind it, the binding
// one marked; with --cluster, how many clusters of X CTAs fit on the GPU at once (cuOccupancyMaxActiveClusters,
// timing/dispatcher.hpp's max_active_clusters); or the same as JSON. A CTA that cannot run is printed, then reported
// as an error (exit 1).
// Leaves out: the calculation itself (timing/occupancy.hpp).
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <optional>

namespace warpsim::cli {
namespace {

using timing::Limit;
using timing::Occupancy;
using timing::OccupancyRequest;

std::string count_text(unsigned ctas) { return ctas == timing::kUnlimited ? "unlimited" : std::to_string(ctas); }

std::string registers_line(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  std::string s =
      fmt::format("{}/thread x {} = {}/warp, rounded up to a multiple of {}: {}/warp, {}/CTA", r.regs_per_thread,
                  g.warp_size, o.regs_per_warp_used, g.reg_alloc_unit, o.regs_per_warp, o.regs_per_cta);
  if (o.regs_per_warp == 0) return s + "; no registers, no limit";
  if (o.ctas_by_registers == 0) return s + "; does not fit";
  const unsigned warps = o.warps_per_sub_partition * g.sub_partitions;
  return s + fmt::format(
                 "; {} sub-partitions of {} registers hold {} x {} = {} warps -> {} CTAs of {} warps use "
                 "{} of {} warp slots",
                 g.sub_partitions, o.regs_per_sub_partition, g.sub_partitions, o.warps_per_sub_partition, warps,
                 o.ctas_by_registers, o.warps_per_cta, std::min(o.ctas_by_registers * o.warps_per_cta, warps),
                 o.warp_slots);
}

std::string shared_mem_line(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  std::string s = fmt::format("{} + {} reserved, rounded up to a multiple of {}: {} B/CTA", r.smem_per_cta,
                              g.smem_reserved_per_cta, g.smem_alloc_unit, o.smem_per_cta);
  if (o.ctas_by_shared_mem == 0)
    return s + fmt::format("; more than {} + {} a CTA may hold", g.smem_per_cta_max, g.smem_reserved_per_cta);
  s += fmt::format("; {} KiB carve-out", o.smem_carveout / 1024);
  if (r.carveout_percent) {
    s += fmt::format(" ({} % preferred -> {} KiB{})", *r.carveout_percent, o.smem_preferred / 1024,
                     o.smem_carveout == o.smem_preferred ? "" : ", too small for one CTA");
  }
  if (o.smem_per_cta == 0) return s + "; no shared memory, no limit";
  return s + fmt::format(": {} / {} -> {} CTAs", o.smem_carveout, o.smem_per_cta, o.ctas_by_shared_mem);
}

std::string warps_line(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  if (r.threads_per_cta > g.max_threads_per_cta) {
    return fmt::format("{} threads: more than the {} a CTA may have", r.threads_per_cta, g.max_threads_per_cta);
  }
  return fmt::format("{} threads = {} warps/CTA; {} warp slots -> {} CTAs", r.threads_per_cta, o.warps_per_cta,
                     o.warp_slots, o.ctas_by_warps);
}

void print_text(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o) {
  fmt::print("occupancy on {}: {} threads/CTA, {} registers/thread, {} B shared memory/CTA{}\n", g.name,
             r.threads_per_cta, r.regs_per_thread, r.smem_per_cta,
             r.carveout_percent ? fmt::format(", carve-out preference {} %", *r.carveout_percent) : "");
  const std::pair<Limit, std::string> rows[] = {
      {Limit::Registers, registers_line(g, r, o)},
      {Limit::SharedMem, shared_mem_line(g, r, o)},
      {Limit::Warps, warps_line(g, r, o)},
      {Limit::Blocks, fmt::format("{} CTA slots per SM", g.max_ctas_per_sm)},
  };
  const unsigned counts[] = {o.ctas_by_registers, o.ctas_by_shared_mem, o.ctas_by_warps, o.ctas_by_blocks};
  for (std::size_t i = 0; i < 4; ++i) {
    const Limit l = rows[i].first;
    const bool ties = std::find(o.limiting.begin(), o.limiting.end(), l) != o.limiting.end();
    const char* mark = l == o.limiter ? "  <- binding" : ties ? "  <- ties" : "";
    fmt::print("  {:<11} {:>9} CTAs  {}{}\n", timing::limit_name(l), count_text(counts[i]), rows[i].second, mark);
  }
  fmt::print("  => {} CTAs/SM, {} warps/SM ({} threads), occupancy {:.1f} % (limited by {})\n", o.ctas_per_sm,
             o.warps_per_sm, o.threads_per_sm, 100.0 * o.occupancy, timing::limit_name(o.limiter));
}

nlohmann::ordered_json count_json(unsigned ctas) {
  return ctas == timing::kUnlimited ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ctas);
}

// The cluster line: how many clusters fit, GPC by GPC.
std::string cluster_text(const config::GpuConfig& g, const Occupancy& o, unsigned size) {
  const std::vector<unsigned> sms = timing::gpc_sizes(g);
  const unsigned ctas = timing::cluster_ctas_per_sm(g, o.ctas_per_sm, true);  // a cluster launch, even of 1 CTA
  std::string per;
  for (std::size_t i = 0; i < sms.size(); ++i) {
    const bool fits = !g.cluster_distinct_sms || sms[i] >= size;
    per += fmt::format("{}{}", i == 0 ? "" : " + ", fits ? std::uint64_t{sms[i]} * ctas / size : 0);
  }
  return fmt::format(
      "  => {} clusters of {} CTAs at once: each GPC holds floor(its SMs x {} CTAs/SM{} / {}){} = {} (SMs per GPC: "
      "{})\n",
      timing::max_active_clusters(g, o.ctas_per_sm, size), size, ctas,
      ctas < o.ctas_per_sm ? fmt::format(" (cluster.max_ctas_per_sm)") : "", size,
      g.cluster_distinct_sms ? ", 0 for a GPC of fewer SMs than the cluster (cluster.distinct_sms)" : "", per,
      fmt::join(sms, ", "));
}

void print_json(const config::GpuConfig& g, const OccupancyRequest& r, const Occupancy& o,
                std::optional<unsigned> cluster) {
  using J = nlohmann::ordered_json;
  J limiting = J::array();
  for (Limit l : o.limiting) limiting.push_back(timing::limit_name(l));
  J j = {
      {"gpu", g.name},
      {"request",
       {{"threads_per_cta", r.threads_per_cta},
        {"regs_per_thread", r.regs_per_thread},
        {"smem_per_cta", r.smem_per_cta},
        {"carveout_percent", r.carveout_percent ? J(*r.carveout_percent) : J(nullptr)}}},
      {"ctas_per_sm", o.ctas_per_sm},
      {"warps_per_sm", o.warps_per_sm},
      {"threads_per_sm", o.threads_per_sm},
      {"occupancy", o.occupancy},
      {"limiter", timing::limit_name(o.limiter)},
      {"limiting", limiting},
      {"limits",
       {{"registers",
         {{"ctas", count_json(o.ctas_by_registers)},
          {"regs_per_warp", o.regs_per_warp},
          {"regs_per_cta", o.regs_per_cta},
          {"warps_per_sub_partition", o.warps_per_sub_partition}}},
        {"shared_mem",
         {{"ctas", count_json(o.ctas_by_shared_mem)}, {"smem_per_cta", o.smem_per_cta}, {"carveout", o.smem_carveout}}},
        {"warps", {{"ctas", o.ctas_by_warps}, {"warps_per_cta", o.warps_per_cta}, {"warp_slots", o.warp_slots}}},
        {"blocks", {{"ctas", o.ctas_by_blocks}}}}},
      {"error", o.error.empty() ? J(nullptr) : J(o.error)},
  };
  if (cluster)
    j["cluster"] = {{"size", *cluster}, {"max_active_clusters", timing::max_active_clusters(g, o.ctas_per_sm, *cluster)}};
  fmt::print("{}\n", j.dump(2));
}

}  // namespace

Setup setup_occupancy(CLI::App& app) {
  struct Opts {
    std::string gpu = "h200";
    OccupancyRequest req;
    std::optional<unsigned> carveout;
    std::optional<unsigned> cluster;
    std::vector<std::string> sets;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("occupancy", "CTAs, warps and occupancy per SM for a kernel's resource needs");
  sub->add_option("--gpu", o->gpu, "GPU model: a name in configs/gpus or a path to a .json file")
      ->capture_default_str();
  sub->add_option("--block", o->req.threads_per_cta, "Threads per CTA (block)")->required();
  sub->add_option("--regs", o->req.regs_per_thread, "Registers per thread")->capture_default_str();
  sub->add_option("--smem", o->req.smem_per_cta, "Static + dynamic shared memory per CTA, bytes")
      ->capture_default_str();
  sub->add_option("--carveout", o->carveout, "Preferred shared-memory carve-out, percent of the largest")
      ->check(CLI::Range(0, 100));
  sub->add_option("--cluster", o->cluster, "CTAs per cluster: also how many clusters fit at once")
      ->check(CLI::Range(1, 1024));
  sub->add_option("--set", o->sets, "Override a GPU-model parameter: name=value (see configs/README.md)");
  sub->add_flag("--json", o->json, "Print JSON instead of a table");
  return {sub, [o]() {
            const config::GpuConfig gpu = config::load_gpu_config(o->gpu, o->sets);
            OccupancyRequest req = o->req;
            req.carveout_percent = o->carveout;
            const Occupancy occ = timing::explain_occupancy(gpu, req);
            if (o->cluster && *o->cluster > gpu.max_cluster_size_nonportable)
              throw Error(ErrorKind::Input,
                          fmt::format("--cluster {}: more than the {} CTAs per cluster {} allows with the non-portable "
                                      "opt-in (cudaErrorInvalidClusterSize)",
                                      *o->cluster, gpu.max_cluster_size_nonportable, gpu.name));
            if (o->json) {
              print_json(gpu, req, occ, o->cluster);
            } else {
              print_text(gpu, req, occ);
              if (o->cluster && occ.error.empty()) fmt::print("{}", cluster_text(gpu, occ, *o->cluster));
            }
            if (!occ.error.empty()) throw Error(ErrorKind::Launch, occ.error);
            return 0;
          }};
}

}  // namespace warpsim::cli
