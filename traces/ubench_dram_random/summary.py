#!/usr/bin/env python3
"""Summarises ubench_dram_random's clock buffers, measured or simulated.

  python3 summary.py RESULT.json          a warpsim-measure result (buffers inline: run with --inline-limit)
  python3 summary.py DUMP_DIR             `warpsim run ubench_dram_random.json --dump DUMP_DIR`

Prints, per lat_walk launch and pass, cycles per step and the percentiles of the per-step latencies; per tlb_walk
launch, cycles per timed step."""
import json
import os
import struct
import sys

# The launches as gen.py wrote them (lat_walk: tab, base, line_mask, lanes, steps, ...; tlb_walk: tab, n,
# stride_words, rounds, cyc, slot, ...).
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = json.load(open(os.path.join(HERE, "ubench_dram_random.json")))["kernels"]
WALKS = [k["args"] for k in KERNELS if k["entry"] == "lat_walk"]
TLB = [k["args"] for k in KERNELS if k["entry"] == "tlb_walk"]
STEPS = WALKS[0][4]["s32"]


def load(src):
    if os.path.isdir(src):
        return open(os.path.join(src, "cyc.bin"), "rb").read(), open(os.path.join(src, "lat.bin"), "rb").read()
    b = json.load(open(src))["buffers"]
    if "hex" not in b["lat"]:
        sys.exit("lat is not inline in %s: measure with --inline-limit 100000000" % src)
    return bytes.fromhex(b["cyc"]["hex"]), bytes.fromhex(b["lat"]["hex"])


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p / 100 * len(v)))]


def main():
    cyc_raw, lat_raw = load(sys.argv[1])
    cyc = struct.unpack("<%dQ" % (len(cyc_raw) // 8), cyc_raw)
    lat = struct.unpack("<%dI" % (len(lat_raw) // 4), lat_raw)
    print("lat_walk: cycles per step; per-step percentiles 0/10/25/50/75/90/99/100")
    for w, a in enumerate(WALKS):
        name = "%d lane%s, %d MiB" % (a[3]["u32"], "s" if a[3]["u32"] > 1 else "", (a[2]["u32"] + 1) * 128 >> 20)
        for p in range(2):
            row = lat[(2 * w + p) * STEPS:(2 * w + p + 1) * STEPS]
            print("  %-18s %-4s %7.1f  %s" % (name, "cold" if p == 0 else "hot", cyc[2 * w + p] / STEPS,
                                              " ".join("%5d" % pct(row, q) for q in (0, 10, 25, 50, 75, 90, 99, 100))))
    print("tlb_walk: cycles per timed step (L2 hits), by stride and lines")
    for a in TLB:
        n, kib, steps = a[1]["u32"], a[2]["u64"] * 4 // 1024, a[3]["s32"] * a[1]["u32"]
        print("  stride %4d KiB  n %4d  span %6.0f MiB  %7.1f" % (kib, n, kib * n / 1024, cyc[a[5]["u32"]] / steps))


main()
