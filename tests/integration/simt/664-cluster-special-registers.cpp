// The cluster special registers, exactly: %cluster_ctaid, %cluster_nctaid, %cluster_ctarank, %cluster_nctarank,
// %clusterid, %nclusterid and %is_explicit_cluster for a 4x2x2 grid in 2x2x1 clusters (functional and timed, both
// reconvergence models), and for a launch without a cluster (implicit 1x1x1 clusters, %is_explicit_cluster 0).
#include "cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kRegs = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ctaid.y;
  mov.u32 %r4, %ctaid.z;
  mov.u32 %r5, %nctaid.x;
  mov.u32 %r6, %nctaid.y;
  mad.lo.u32 %r7, %r4, %r6, %r3;
  mad.lo.u32 %r7, %r7, %r5, %r2;
  mul.wide.u32 %rd2, %r7, 64;
  add.u64 %rd3, %rd1, %rd2;
  mov.u32 %r10, %cluster_ctaid.x;
  mov.u32 %r11, %cluster_ctaid.y;
  mov.u32 %r12, %cluster_ctaid.z;
  mov.u32 %r13, %cluster_nctaid.x;
  mov.u32 %r14, %cluster_nctaid.y;
  mov.u32 %r15, %cluster_nctaid.z;
  mov.u32 %r16, %cluster_ctarank;
  mov.u32 %r17, %cluster_nctarank;
  mov.u32 %r18, %clusterid.x;
  mov.u32 %r19, %clusterid.y;
  mov.u32 %r20, %clusterid.z;
  mov.u32 %r21, %nclusterid.x;
  mov.u32 %r22, %nclusterid.y;
  mov.u32 %r23, %nclusterid.z;
  mov.pred %p1, %is_explicit_cluster;
  selp.u32 %r24, 1, 0, %p1;
  st.global.v4.u32 [%rd3], {%r10, %r11, %r12, %r13};
  st.global.v4.u32 [%rd3+16], {%r14, %r15, %r16, %r17};
  st.global.v4.u32 [%rd3+32], {%r18, %r19, %r20, %r21};
  st.global.v4.u32 [%rd3+48], {%r22, %r23, %r24, %r7};
DONE:
  ret;
}
)";

}  // namespace

TEST_CASE("664 cluster special registers of a 4x2x2 grid in 2x2x1 clusters, and without clusters",
          "[simt][cluster]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto out =
          clusterx::run("cl-sregs", kRegs, clusterx::Shape{"[4, 2, 2]", 32, "[2, 2, 1]", 16 * 16}, timed, model)
              .as<std::uint32_t>("out");
      for (unsigned z = 0; z < 2; ++z)
        for (unsigned y = 0; y < 2; ++y)
          for (unsigned x = 0; x < 4; ++x) {
            const unsigned lin = x + 4 * (y + 2 * z), o = lin * 16;
            INFO("CTA " << x << "," << y << "," << z);
            CHECK(out[o + 0] == x % 2);
            CHECK(out[o + 1] == y % 2);
            CHECK(out[o + 2] == 0);
            CHECK(out[o + 3] == 2);
            CHECK(out[o + 4] == 2);
            CHECK(out[o + 5] == 1);
            CHECK(out[o + 6] == x % 2 + 2 * (y % 2));  // rank: x fastest
            CHECK(out[o + 7] == 4);
            CHECK(out[o + 8] == x / 2);
            CHECK(out[o + 9] == y / 2);
            CHECK(out[o + 10] == z);
            CHECK(out[o + 11] == 2);
            CHECK(out[o + 12] == 1);
            CHECK(out[o + 13] == 2);
            CHECK(out[o + 14] == 1);  // launched with a cluster shape
            CHECK(out[o + 15] == lin);
          }
    }
  const auto out =
      clusterx::run("cl-sregs-none", kRegs, clusterx::Shape{"[2, 1, 1]", 32, "", 2 * 16}, false).as<std::uint32_t>("out");
  for (unsigned x = 0; x < 2; ++x) {
    const unsigned o = x * 16;
    CHECK(out[o + 0] == 0);
    CHECK(out[o + 3] == 1);
    CHECK(out[o + 6] == 0);
    CHECK(out[o + 7] == 1);
    CHECK(out[o + 8] == x);
    CHECK(out[o + 11] == 2);
    CHECK(out[o + 14] == 0);  // implicit 1x1x1 clusters
  }
}

TEST_CASE("664 a kernel's .reqnctapercluster gives the cluster shape when the launch has none", "[simt][cluster]") {
  std::string ptx = kRegs;
  const std::string entry = ".visible .entry k(.param .u64 out)";
  ptx.replace(ptx.find(entry), entry.size(), entry + " .reqnctapercluster 2, 1, 1");
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    const auto out =
        clusterx::run("cl-sregs-req", ptx, clusterx::Shape{"[4, 1, 1]", 32, "", 4 * 16}, timed).as<std::uint32_t>("out");
    for (unsigned x = 0; x < 4; ++x) {
      const unsigned o = x * 16;
      CHECK(out[o + 0] == x % 2);
      CHECK(out[o + 3] == 2);
      CHECK(out[o + 6] == x % 2);
      CHECK(out[o + 7] == 2);
      CHECK(out[o + 8] == x / 2);
      CHECK(out[o + 11] == 2);
      CHECK(out[o + 14] == 1);  // .reqnctapercluster makes the cluster explicit
    }
  }
}

}  // namespace WARPSIM_UNITY_ID
