// `warpsim ptx FILE.ptx`: parses a module and lists its kernels and functions, or prints every error as
// FILE:LINE:COL: message. `warpsim cfg FILE.ptx --entry NAME [--dot OUT.dot] [--ptxas GPU]`: basic blocks and
// each branch's reconvergence point; with --ptxas, of the code as the GPU model's ptxas model rewrites it (loops
// unrolled, guarded blocks predicated, blocks list-scheduled: lower/), followed by that code's listing.
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/ptx/parser.hpp>
#include <warpsim/sim/ptxas.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace warpsim::cli {
namespace {

ptx::Module read_module(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(ErrorKind::Input, "cannot read {}: Is a directory", path);
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(ErrorKind::Input, "cannot read {}", path);
  std::stringstream ss;
  ss << f.rdbuf();
  ptx::ParseResult r = ptx::parse(ss.str(), path);
  if (!r.ok()) {
    fmt::print(stderr, "{}\n", r.format_errors());
    fail(ErrorKind::Ptx, "{}: {} error(s)", path, r.errors.size());
  }
  return std::move(r.module);
}

}  // namespace

Setup setup_ptx(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand("ptx", "Parse a PTX module and list its kernels and functions");
  sub->add_option("file", *path, "PTX file")->required();
  return {sub, [path]() {
            ptx::Module m = read_module(*path);
            fmt::print("{}: PTX {} for {} ({}-bit addresses)\n", *path, m.version, m.target, m.address_size);
            for (const auto& fn : m.functions) {
              if (!fn.has_body) {
                fmt::print("  .extern .func {} (declaration)\n", fn.name);
                continue;
              }
              std::size_t ninstr = 0;
              for (const auto& st : fn.body) ninstr += st.kind == ptx::Statement::Kind::Instruction;
              fmt::print("  {} {}\n", fn.is_entry ? ".entry" : ".func ", fn.name);
              for (const auto& p : fn.params)
                fmt::print("      param {} .{}{}{}\n", p.name, p.type,
                           p.dims.empty() ? "" : fmt::format("[{}]", p.dims[0]),
                           p.align ? fmt::format(" .align {}", *p.align) : "");
              if (!fn.is_entry) {
                fmt::print("      {} instructions\n", ninstr);
                continue;
              }
              try {
                ir::Program prog = ir::load_program(m, fn.name);
                fmt::print(
                    "      {} instructions in {} function(s), {} PTX register slots, static shared {} B, "
                    "local {} B/thread, parameters {} B\n",
                    prog.code.size(), prog.functions.size(), prog.num_slots - 1, prog.static_smem, prog.local_size,
                    prog.param_kernel_size);
              } catch (const Error& e) {
                fmt::print("      {} instructions; not loadable: {}\n", ninstr, e.what());
              }
            }
            return 0;
          }};
}

Setup setup_cfg(CLI::App& app) {
  struct Opts {
    std::string file, entry, dot, ptxas;
    std::vector<std::string> set;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("cfg", "Print basic blocks and reconvergence points of a kernel");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--entry", o->entry, "Kernel name")->required();
  sub->add_option("--dot", o->dot, "Write the graph in Graphviz format");
  sub->add_option("--ptxas", o->ptxas,
                  "GPU model (name or JSON path): show the code as its ptxas model (compiler.*) rewrites it, "
                  "and list it: each instruction's pipe, or that ptxas folds it into another or fuses it into a "
                  "wider access");
  sub->add_option("--set", o->set, "With --ptxas: override a GPU-model parameter, name=value");
  return {sub, [o]() {
            ptx::Module m = read_module(o->file);
            ir::Program prog = ir::load_program(m, o->entry);
            std::vector<lower::InstrTiming> timing;  // with --ptxas: how each instruction issues
            if (!o->ptxas.empty()) {
              const config::GpuConfig gpu = config::load_gpu_config(o->ptxas, o->set);
              // The kernel's registers (ptxas -v) bound the list scheduler (compiler.register_limit), as in a run.
              unsigned regs = 0;
              if (gpu.compiler_schedule != 0 && gpu.compiler_register_limit != 0) {
                regs = sim::ptxas_entry_registers(o->file, m.target, o->entry);
                if (regs != 0)
                  fmt::print("{} registers per thread (ptxas -v): the list scheduler keeps at most {} live\n", regs,
                             regs > gpu.compiler_reserved_registers ? regs - gpu.compiler_reserved_registers : 0);
                else
                  fmt::print("registers per thread not known (no ptxas): the list scheduler has no register limit\n");
              }
              lower::Program low = lower::lower(std::move(prog), gpu, regs);
              prog = std::move(low.code);
              timing = std::move(low.instrs);
            }
            std::string dot;
            for (std::size_t f = 0; f < prog.functions.size(); ++f) {
              const auto& info = prog.functions[f];
              const auto& cfg = prog.cfgs[f];
              fmt::print("function {} ({} blocks)\n", info.name, cfg.blocks.size());
              std::vector<std::string> labels;
              for (auto pc = info.begin_pc; pc < info.end_pc; ++pc) labels.push_back(prog.text[pc]);
              for (std::size_t b = 0; b < cfg.blocks.size(); ++b) {
                const auto& blk = cfg.blocks[b];
                std::string succ;
                for (auto s : blk.succs) succ += s == ir::Cfg::kExitBlock ? " exit" : fmt::format(" B{}", s);
                fmt::print("  B{}: pc {}-{} (lines {}-{}) ->{}  ipdom {}\n", b, info.begin_pc + blk.first,
                           info.begin_pc + blk.last, prog.code[info.begin_pc + blk.first].line,
                           prog.code[info.begin_pc + blk.last].line, succ,
                           blk.ipdom < 0 ? std::string("exit") : fmt::format("B{}", blk.ipdom));
                const auto last = info.begin_pc + blk.last;
                const auto& in = prog.code[last];
                if (in.op == ir::Op::Bra || in.op == ir::Op::BrxIdx) {
                  if (in.guard == ir::kNoReg && in.op == ir::Op::Bra) continue;
                  const auto r = prog.reconverge[last];
                  fmt::print("      branch at line {} `{}` reconverges at {}\n", in.line, prog.text[last],
                             r == ir::kNoPc ? std::string("function exit")
                                            : fmt::format("pc {} (line {})", r, prog.code[r].line));
                }
              }
              dot += ir::cfg_to_dot(cfg, info.name, labels);
              if (o->ptxas.empty()) continue;
              fmt::print("  code as {}'s ptxas model issues it:\n", o->ptxas);
              for (auto pc = info.begin_pc; pc < info.end_pc; ++pc) {
                // What issues: ptxas folds some instructions into others and fuses adjacent accesses into one wide
                // access (lower/ptxas_model.hpp); the rest issue as they are.
                std::string note;
                if (pc < timing.size()) {
                  const lower::InstrTiming& t = timing[pc];
                  const ir::Instr& in = prog.code[pc];
                  const bool shared = in.space != ir::Space::Global;
                  if (t.issue == lower::Issue::Folded) {
                    note = "  [no SASS instruction: folded]";
                  } else if (t.issue == lower::Issue::Merged) {
                    note = t.wide_bytes != 0 ? fmt::format("  [part of the {}-bit access above]", 8 * t.wide_bytes)
                                             : "  [part of the access above]";
                  } else {
                    // The pipe it issues to, and what else ptxas makes of it.
                    std::vector<std::string> parts{std::string(lower::op_class_name(t.pipe))};
                    if (t.expanded && t.sass > 1) parts.push_back(fmt::format("{} SASS instructions", t.sass));
                    if (t.wide_bytes != 0)
                      parts.push_back(fmt::format("issues {}{}.{} for itself and the parts below",
                                                  ir::op_info(in.op).store ? "ST" : "LD", shared ? "S" : "G",
                                                  8 * t.wide_bytes));
                    if (t.warp_aggregate) parts.push_back("warp-aggregated: one lane's atomic of the warp's sum");
                    else if (t.red) parts.push_back("RED: its result is not read");
                    note = fmt::format("  [{}]", fmt::join(parts, "; "));
                  }
                }
                fmt::print("  {:5} line {:5}  {}{}\n", pc, prog.code[pc].line, prog.text[pc], note);
              }
            }
            if (!o->dot.empty()) {
              std::ofstream out(o->dot);
              out << dot;
              if (!out) fail(ErrorKind::Input, "cannot write {}", o->dot);
              fmt::print("wrote {}\n", o->dot);
            }
            return 0;
          }};
}

}  // namespace warpsim::cli
