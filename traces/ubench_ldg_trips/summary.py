#!/usr/bin/env python3
# Prints, per launch of ubench_ldg_trips, the cycles per round trip (a warp's last trip's end minus its first load,
# over 32 trips: the median and the range over the launch's warps) and when the warps begin, from a measured result
# (warpsim-measure --once --inline-limit ... JSON, or an h200.json/h100.json with the stamps' hex) or a
# `warpsim run --dump DIR` folder (cyc.bin). Usage: summary.py RESULT.json|DUMPDIR [CONFIG]
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from clock_words import words  # noqa: E402 (traces/clock_words.py)
TRIPS = 32


def main():
    cyc = words(sys.argv[1], "cyc")
    cfg = json.load(open(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "ubench_ldg_trips.json")))
    layouts = {128: "gemm"}
    print(f"{'launch':>6} {'CTAs':>5} {'layout':>10} {'mode':>4} | {'trip min':>8} {'median':>7} {'max':>6} | "
          f"{'begin med':>9}")
    for li, k in enumerate(cfg["kernels"]):
        a = k["args"]
        sx, pitch, mode, slot = a[2]["u64"], a[4]["s32"], a[5]["s32"], a[7]["s32"]
        layout = "gemm" if sx == 128 else "contiguous" if pitch == 128 else "spread"
        warps = k["grid"][0] * k["grid"][1] * 8
        trip, begin = [], []
        for wi in range(warps):
            b, e = cyc[2 * (slot + wi)], cyc[2 * (slot + wi) + 1]
            trip.append((e - b) / TRIPS)
            begin.append(b)
        print(f"{li:>6} {warps // 8:>5} {layout:>10} {mode:>4} | {min(trip):>8.0f} {statistics.median(trip):>7.0f} "
              f"{max(trip):>6.0f} | {statistics.median(begin):>9.0f}")


main()
