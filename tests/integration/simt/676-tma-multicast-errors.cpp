// Misuse of .multicast::cluster, each a fault naming the issuing thread and PTX line: a ctaMask bit outside the
// cluster (also without a cluster launch: a cluster of one), a destination CTA that has exited, a destination
// without an initialized mbarrier at the offset, an empty mask; and at load, multicast forms the PTX ISA does not
// define.
#include "mcast_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// One thread per CTA: rank 0 multicasts 256 bytes of src into `buf` of the CTAs of `mask` and waits for its own copy;
// the other ranks exit at once (`peer_exits`; rank 0 first spins for longer than a functional run's quantum), or skip mbarrier.init (`!peer_inits`), and stay
// until rank 0 is done (barrier.cluster).
std::string kernel(bool peer_exits, bool peer_inits) {
  return simt::header() + fmt::format(R"(
.visible .entry k(.param .u64 src, .param .u32 mask)
{{
  .reg .pred %p<6>;
  .reg .b16 %rs<2>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<4>;
  .shared .align 128 .b8 buf[256];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [src];
  ld.param.u32 %r1, [mask];
  cvt.u16.u32 %rs1, %r1;
  mov.u32 %r3, %cluster_ctarank;
  mov.u32 %r4, buf;
  mov.u32 %r5, bar;
  setp.ne.u32 %p1, %r3, 0;
  {}
  {}
  mbarrier.init.shared::cta.b64 [%r5], 1;
SYNC:
  {}
  @%p1 bra END;
  mov.u32 %r6, 0;
SPIN:
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p2, %r6, {};
  @%p2 bra SPIN;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r5], 256;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r4], [%rd1], 256, [%r5], %rs1;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 0;
  @!%p3 bra WAIT;
END:
  {}
DONE:
  ret;
}}
)",
                                      peer_exits ? "@%p1 bra DONE;" : "", peer_inits ? "" : "@%p1 bra SYNC;",
                                      peer_exits ? "" : "barrier.cluster.arrive.aligned;\n  barrier.cluster.wait.aligned;",
                                      peer_exits ? 2000 : 1,
                                      peer_exits ? "" : "barrier.cluster.arrive.aligned;\n  barrier.cluster.wait.aligned;");
}

// The line of the multicast in `ptx`.
unsigned copy_line(const std::string& ptx) {
  const auto at = ptx.find("cp.async.bulk.shared::cluster");
  return static_cast<unsigned>(std::count(ptx.begin(), ptx.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}

std::string error_of(const std::string& name, const std::string& ptx, unsigned grid, unsigned cluster, unsigned mask,
                     bool timed) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const std::string shape = cluster == 0 ? "" : fmt::format(R"("cluster": {}, )", cluster);
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": 1, {}"registers": 32,
           "args": [{{"buffer": "A"}}, {{"u32": {}}}]}}],
          "buffers": {{"A": {{"type": "u32", "count": 64, "init": "iota"}}}}}})",
      grid, shape, mask);
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"compiler.schedule=0"};
  opts.functional_only = !timed;
  try {
    warpsim::sim::run_file(dir + "/run.json", opts);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "";
}

// The fault of rank 0's thread at the multicast: "<who>: <what>\n  in: <instruction>".
std::string fault(const std::string& ptx, const std::string& what) {
  return fmt::format("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at k.ptx:{}: {}\n  in: "
                     "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r4], "
                     "[%rd1], 256, [%r5], %rs1",
                     copy_line(ptx), what);
}

// The message from the fault on (the part after the run config's path and the kernel's name), without the
// temporary folder of k.ptx.
std::string tail(const std::string& e) {
  const auto at = e.find("CTA (");
  if (at == std::string::npos) return e;
  std::string s = e.substr(at);
  const auto from = s.find(" at /"), to = s.find("/k.ptx:");
  if (from != std::string::npos && to != std::string::npos && from < to) s.erase(from + 4, to + 1 - (from + 4));
  return s;
}

}  // namespace

TEST_CASE("676 a multicast mask naming a rank outside the cluster is a fault", "[simt][tma][cluster]") {
  const std::string ptx = kernel(false, true);
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    CHECK(tail(error_of("mc-err-rank", ptx, 2, 2, 0x5, timed)) ==
          fault(ptx, "cp.async.bulk.multicast::cluster's ctaMask 0x0005 names CTA rank 2, outside the cluster of 2 "
                     "CTAs"));
    // Without a cluster launch every CTA is a cluster of one.
    CHECK(tail(error_of("mc-err-one", kernel(true, true), 1, 0, 0x2, timed)) ==
          fault(kernel(true, true), "cp.async.bulk.multicast::cluster's ctaMask 0x0002 names CTA rank 1, outside the cluster of 1 "
                     "CTAs"));
    CHECK(tail(error_of("mc-err-zero", ptx, 2, 2, 0, timed)) ==
          fault(ptx, "cp.async.bulk.multicast::cluster's ctaMask is 0: it names no destination CTA"));
  }
}

TEST_CASE("676 a multicast into a CTA that has exited is a fault", "[simt][tma][cluster]") {
  const std::string ptx = kernel(true, true);
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    CHECK(tail(error_of("mc-err-exited", ptx, 2, 2, 0x3, timed)) ==
          fault(ptx, "cp.async.bulk.multicast::cluster's ctaMask 0x0003 names CTA rank 1 of the cluster, which has "
                     "exited: its shared memory is gone (keep a CTA alive with barrier.cluster until the copies it "
                     "receives have landed)"));
  }
}

TEST_CASE("676 a multicast into a CTA without an initialized mbarrier at the offset is a fault",
          "[simt][tma][cluster]") {
  const std::string ptx = kernel(false, false);
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    CHECK(tail(error_of("mc-err-mbar", ptx, 4, 4, 0x9, timed)) ==
          fault(ptx, "cp.async.bulk.multicast::cluster's mbarrier at shared 0x100 of CTA rank 3 is not an initialized "
                     "mbarrier (used before mbarrier.init, or after mbarrier.inval)"));
  }
}

TEST_CASE("676 multicast forms the PTX ISA does not define are refused at load", "[simt][tma][cluster]") {
  const auto load_error = [](const std::string& instr) {
    const std::string ptx = simt::header() +
                            ".visible .entry k(.param .u64 src, .param .u32 mask)\n{\n  .reg .b16 %rs<2>;\n"
                            "  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n  " +
                            instr + ";\n  ret;\n}\n";
    return error_of("mc-err-load", ptx, 1, 0, 1, false);
  };
  CHECK(load_error("cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster."
                   "add.u32 [%r1], [%r2], 16, [%r3], %rs1")
            .find(".multicast::cluster is defined only for loads from .global into .shared::cluster") !=
        std::string::npos);
  CHECK(load_error("cp.async.bulk.prefetch.L2.global.multicast::cluster [%rd1], 16")
            .find("a prefetch has no .multicast::cluster form") != std::string::npos);
  CHECK(load_error("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%rd1], "
                   "16, [%r2]")
            .find("expected 5 operands, found 4: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes."
                  "multicast::cluster [%r1], [%rd1], 16, [%r2]") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
