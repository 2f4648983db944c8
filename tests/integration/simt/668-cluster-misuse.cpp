// Misuses of the cluster instructions, each a named error with its exact message: mapa to a rank outside the
// cluster, a shared::cluster address naming a rank outside it, barrier.cluster.wait without an arrive, a second
// arrive before the wait, a try_wait on a peer's mbarrier, and load-time errors (mbarrier.init on .shared::cluster,
// a remote arrive that asks for a state, barrier.cluster without .arrive/.wait); launch errors for .explicitcluster
// without a cluster shape and .maxclusterrank exceeded.
#include "cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string kernel(const std::string& body, const std::string& directives = "") {
  return simt::header() + ".visible .entry k(.param .u64 out)" + directives + R"(
{
  .reg .pred %p<4>;
  .reg .b32 %r<20>;
  .reg .b64 %rd<8>;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, bar;
  mov.u32 %r2, %cluster_ctarank;
)" + body + R"(
  ret;
}
)";
}

std::string run_error(const std::string& name, const std::string& body, warpsim::ErrorKind want,
                      const std::string& cluster = "2", const std::string& directives = "") {
  warpsim::ErrorKind kind{};
  const std::string e =
      clusterx::error_of(name, kernel(body, directives), clusterx::Shape{"2", 32, cluster, 64}, false, &kind);
  CHECK(kind == want);
  return e;
}

}  // namespace

TEST_CASE("668 cluster misuse: each is a named error with its exact message", "[simt][cluster]") {
  using warpsim::ErrorKind;
  CHECK_THAT(run_error("cl-mapa-rank", "  mapa.shared::cluster.u32 %r3, %r1, 2;\n", ErrorKind::Execution),
             Catch::Contains("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at ") &&
                 Catch::Contains(": mapa to CTA rank 2, outside the cluster of 2 CTAs\n  in: mapa.shared::cluster.u32"));
  CHECK_THAT(run_error("cl-bad-rank", "  mov.u32 %r3, 0x5000010;\n  ld.shared::cluster.u32 %r4, [%r3];\n",
                       ErrorKind::Execution),
             Catch::Contains("shared::cluster read at address 0x5000010 names CTA rank 4, outside the cluster of 2 CTAs"));
  CHECK_THAT(run_error("cl-wait-alone", "  barrier.cluster.wait;\n", ErrorKind::Execution),
             Catch::Contains("barrier.cluster.wait without a preceding barrier.cluster.arrive by this thread"));
  CHECK_THAT(run_error("cl-arrive-twice", "  barrier.cluster.arrive;\n  barrier.cluster.arrive;\n", ErrorKind::Execution),
             Catch::Contains("barrier.cluster.arrive again before barrier.cluster.wait (the thread arrived in cluster "
                             "barrier phase 0 and has not waited for it)"));
  CHECK_THAT(run_error("cl-remote-wait",
                       "  mbarrier.init.shared::cta.b64 [bar], 1;\n  mov.u64 %rd1, bar;\n"
                       "  cvta.shared.u64 %rd2, %rd1;\n  mapa.u64 %rd3, %rd2, 1;\n"
                       "  mov.u32 %r4, 1;\n  setp.eq.u32 %p1, %r2, 0;\n"
                       "  @%p1 mbarrier.test_wait.parity.b64 %p2, [%rd3], %r4;\n"
                       "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n",
                       ErrorKind::Execution),
             Catch::Contains("mbarrier.test_wait needs an mbarrier of the executing CTA; address 0x100002000000 names "
                             "CTA rank 1 of the cluster"));
  CHECK_THAT(run_error("cl-init-remote", "  mbarrier.init.shared::cluster.b64 [%r1], 1;\n", ErrorKind::Ptx),
             Catch::Contains("only mbarrier.arrive, arrive_drop, expect_tx and complete_tx take .shared::cluster"));
  CHECK_THAT(run_error("cl-remote-state", "  mbarrier.arrive.shared::cluster.b64 %rd1, [%r1];\n", ErrorKind::Ptx),
             Catch::Contains("a .shared::cluster mbarrier arrive returns no state: its destination must be the sink _"));
  CHECK_THAT(run_error("cl-bar-op", "  barrier.cluster.aligned;\n", ErrorKind::Ptx),
             Catch::Contains("barrier.cluster needs .arrive or .wait"));
  CHECK_THAT(run_error("cl-explicit", "", ErrorKind::Launch, "", " .explicitcluster"),
             Catch::Contains("the kernel is declared .explicitcluster but the launch gives no \"cluster\" shape "
                             "(CUDA_ERROR_INVALID_CLUSTER_SIZE)"));
  CHECK_THAT(run_error("cl-maxrank", "", ErrorKind::Launch, "2", " .maxclusterrank 1"),
             Catch::Contains(".cluster: 2 CTAs per cluster exceed the kernel's .maxclusterrank 1 "
                             "(CUDA_ERROR_INVALID_CLUSTER_SIZE)"));
}

}  // namespace WARPSIM_UNITY_ID
