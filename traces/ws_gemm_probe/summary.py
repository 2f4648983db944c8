#!/usr/bin/env python3
"""Prints where ws_gemm_probe's CTAs spend their cycles, from a measured result (h200.json / h100.json, or the
--out JSON of warpsim-measure) or from `warpsim run ws_gemm_probe.json --dump DIR` (pass DIR). Per launch: the median
over CTAs of the producer's start to its first TMA issue, each K tile's TMA issue to the consumers' full barrier
passed (the load's latency as the consumer sees it, when it already waited), the consumers' K-tile period, the K
loop's length, and the epilogue (K loop end to TMA store issued, to the last wait). Usage: summary.py FILE|DIR
(PROBE_CFG: another copy of ws_gemm_probe.json to read the launches from, e.g. one with absolute ptx paths)."""
import json
import os
import statistics
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
cfg = json.load(open(os.environ.get("PROBE_CFG", os.path.join(HERE, "ws_gemm_probe.json"))))


def load(src):
    out = {}
    if os.path.isdir(src):
        for i in range(len(cfg["kernels"])):
            raw = open(os.path.join(src, f"stamps{i}.bin"), "rb").read()
            out[i] = list(struct.unpack(f"<{len(raw) // 8}Q", raw))
        return out
    d = json.load(open(src))
    bufs = d["buffers"]
    for i in range(len(cfg["kernels"])):
        b = bufs[f"stamps{i}"]
        if "hex" in b:
            raw = bytes.fromhex(b["hex"])
            out[i] = list(struct.unpack(f"<{len(raw) // 8}Q", raw))
        elif "values" in b:
            out[i] = [int(v) for v in b["values"]]
        else:
            raise SystemExit(f"stamps{i}: no inline data in {src} (measure with --inline-limit)")
    return out


def med(xs):
    return statistics.median(xs) if xs else float("nan")


data = load(sys.argv[1])
for i, k in enumerate(cfg["kernels"]):
    n = k["args"][3]["s32"]
    ktiles = n // 64
    tiles = (n // 128) ** 2
    grid = k["grid"][0]
    st = data[i]
    first, lat, period, loop, epi_issue, epi_done = [], [], [], [], [], []
    for b in range(grid):
        s = st[256 * b: 256 * (b + 1)]
        its = min(64, ktiles * len(range(b, tiles, grid)))
        issue = s[1:1 + its]
        first.append(issue[0] - s[0])
        for c in range(2):
            full = s[65 + 64 * c: 65 + 64 * c + its]
            lat += [full[t] - issue[t] for t in range(4, its)]  # past the ring's first fill
            period += [full[t] - full[t - 1] for t in range(1, its)]
            loop.append(s[193 + c] - full[0])
            epi_issue.append(s[195 + c] - s[193 + c])
            epi_done.append(s[197 + c] - s[195 + c])
    print(f"launch {i} ({n}^3, {grid} CTAs, {ktiles} K tiles a tile): producer start -> first TMA {med(first):.0f}; "
          f"TMA issue -> full passed {med(lat):.0f} (p10 {sorted(lat)[len(lat) // 10]:.0f}, p90 "
          f"{sorted(lat)[9 * len(lat) // 10]:.0f}); K-tile period {med(period):.0f}; K loop (first full -> end) "
          f"{med(loop):.0f} (last tile); loop end -> store issued {med(epi_issue):.0f}; -> last wait {med(epi_done):.0f}")
