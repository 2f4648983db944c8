// The "warpsim-timeline/1" writer and the all-or-nothing file writer (formats: README.md "Timelines").
#include <warpsim/report/timeline.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace warpsim::report {
namespace {

using ojson = nlohmann::ordered_json;

ojson cta_json(const CtaRecord& c) {
  ojson j;
  j["id"] = {c.id.x, c.id.y, c.id.z};
  j["linear"] = c.linear;
  j["sm"] = c.sm;
  j["start"] = c.start;
  j["end"] = c.end;
  j["warps"] = c.warps;
  return j;
}

ojson warp_json(const WarpRecord& w) {
  ojson j;
  j["cta"] = w.cta;
  j["warp"] = w.warp;
  j["sm"] = w.sm;
  j["subpartition"] = w.subpartition;
  j["start"] = w.start;
  j["end"] = w.end;
  j["issued"] = w.issued;
  return j;
}

// Writes `"key": [` then one element per line, so large timelines stay readable and diffable.
template <typename T, typename F>
void write_array(std::string& out, const char* key, const std::vector<T>& items, F&& to_json, bool last) {
  out += fmt::format("      \"{}\": [", key);
  for (std::size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}\n        {}", i == 0 ? "" : ",", to_json(items[i]).dump());
  out += items.empty() ? "]" : "\n      ]";
  out += last ? "\n" : ",\n";
}

}  // namespace

std::string timeline_json(const std::string& gpu, const std::vector<KernelTimeline>& kernels) {
  std::string out = "{\n  \"format\": \"warpsim-timeline/1\",\n";
  out += fmt::format("  \"gpu\": {},\n  \"kernels\": [", ojson(gpu).dump());
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const KernelTimeline& kt = kernels[k];
    const bool instrs = !kt.instructions.empty();
    out += fmt::format("{}\n    {{\n      \"entry\": {},\n      \"cycles\": {},\n", k == 0 ? "" : ",",
                       ojson(kt.entry).dump(), kt.cycles);
    write_array(out, "ctas", kt.ctas, cta_json, false);
    write_array(out, "warps", kt.warps, warp_json, !instrs);
    if (instrs)
      write_array(
          out, "instructions", kt.instructions,
          [](const timing::IssueEvent& e) {
            return ojson::array({e.cycle, e.sm, e.cta, e.warp, e.pc, e.ptx_line, e.active_mask});
          },
          true);
    out += "    }";
  }
  out += kernels.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

void write_file_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path tmp = target.parent_path() / fmt::format(".{}.tmp-{}", target.filename().string(), ::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    f.close();
    if (!f) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      fail(ErrorKind::Input, "cannot write {}", path);
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    fail(ErrorKind::Input, "cannot write {}: {}", path, ec.message());
  }
}

}  // namespace warpsim::report
