// The geometry of a launch's thread-block clusters: which CTAs form a cluster, each CTA's rank in it, and the order
// in which whole clusters are dispatched. Shared by the functional model (special registers, distributed shared
// memory) and the timing model's dispatcher, which must agree on it.
//
// Models (PTX ISA, "Cluster of cooperative thread arrays" and the %cluster_* special registers): a grid of
// `grid` CTAs is tiled by clusters of `cluster` CTAs (grid a multiple of cluster on each axis: the run-config check).
// A CTA's %cluster_ctaid is its ctaid modulo the cluster shape, %clusterid its ctaid divided by it, and its rank
// (%cluster_ctarank) the linear index of %cluster_ctaid, x fastest. A launch without clusters is made of implicit
// 1x1x1 clusters. Clusters are dispatched in linear %clusterid order (x fastest), each one's CTAs in rank order, so
// dispatch index i is CTA rank i % size of cluster i / size.
// Leaves out: the hardware's actual cluster order across GPCs (unknown: the dispatcher places whole clusters).
#pragma once

#include <warpsim/common/types.hpp>

#include <cstdint>

namespace warpsim {

struct ClusterGeometry {
  Dim3 grid, cluster;

  std::uint32_t size() const { return static_cast<std::uint32_t>(cluster.volume()); }
  Dim3 clusters() const { return Dim3{grid.x / cluster.x, grid.y / cluster.y, grid.z / cluster.z}; }
  // %cluster_ctarank of the CTA with ctaid `cta`.
  std::uint32_t rank_of(const Dim3& cta) const {
    return (cta.x % cluster.x) + cluster.x * ((cta.y % cluster.y) + cluster.y * (cta.z % cluster.z));
  }
  // The linear index of the CTA's cluster (%clusterid, x fastest).
  std::uint64_t cluster_of(const Dim3& cta) const {
    const Dim3 n = clusters();
    return std::uint64_t{cta.x / cluster.x} + std::uint64_t{n.x} * (cta.y / cluster.y + std::uint64_t{n.y} * (cta.z / cluster.z));
  }
  // The ctaid of rank `rank` in linear cluster `c`.
  Dim3 cta_at(std::uint64_t c, std::uint32_t rank) const {
    const Dim3 n = clusters();
    const Dim3 cid{static_cast<std::uint32_t>(c % n.x), static_cast<std::uint32_t>((c / n.x) % n.y),
                   static_cast<std::uint32_t>(c / (std::uint64_t{n.x} * n.y))};
    const Dim3 in{rank % cluster.x, (rank / cluster.x) % cluster.y, rank / (cluster.x * cluster.y)};
    return Dim3{cid.x * cluster.x + in.x, cid.y * cluster.y + in.y, cid.z * cluster.z + in.z};
  }
  // The linear grid index (x fastest) of the CTA dispatched `i`-th.
  std::uint64_t linear_of_dispatch(std::uint64_t i) const {
    const std::uint32_t n = size();
    if (n == 1) return i;  // clusters of one: linear order
    const Dim3 c = cta_at(i / n, static_cast<std::uint32_t>(i % n));
    return std::uint64_t{c.x} + std::uint64_t{grid.x} * (c.y + std::uint64_t{grid.y} * c.z);
  }
};

}  // namespace warpsim
