#!/usr/bin/env python3
# Writes ubench_tma_dram.json: the launches of ubench_tma_dram.cu's tma_dram, each reading its own region of one
# 512 MiB iota table (no launch reads a line an earlier one read). Slots: cyc holds two stamps per load, out 32
# words per CTA, both laid out launch after launch. Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = "ubench_tma_dram.sm_90a.ptx"
TABLE_WORDS = 128 << 20  # 512 MiB of u32
MIB = 1 << 20

# (ctas, rows per copy, row pitch in bytes, stages, loads per CTA)
LAUNCHES = [
    (1, 1, 2048, 1, 16),     # one line a copy
    (1, 8, 2048, 1, 16),     # 8 lines, 2 KiB apart
    (1, 32, 2048, 1, 16),    # 32 lines
    (1, 128, 2048, 1, 16),   # 128 lines: a ws_gemm K tile at K = 1024
    (1, 128, 128, 1, 16),    # 128 contiguous lines (16 KiB)
    (1, 128, 2048, 4, 16),   # one SM streaming through 4 stages
    (132, 128, 2048, 1, 8),  # one copy at a time on every SM
    (132, 128, 2048, 4, 16),  # every SM streaming: ws_gemm's producers, without the shared A tiles
    (132, 128, 128, 4, 16),  # the same over contiguous 16 KiB tiles
]

kernels = []
slot = oslot = 0
offset = 4 * MIB  # bytes: each region starts on a MiB boundary after a 1 MiB gap
for ctas, rows, pitch, stages, loads in LAUNCHES:
    cols = pitch // 128
    bands = max(-(-ctas * loads // cols), loads)  # one CTA's successive loads in different bands
    region = bands * rows * pitch
    row0 = offset // pitch
    assert offset % pitch == 0 and (row0 + bands * rows) * pitch <= TABLE_WORDS, "region past the first quarter of the table"
    tmap = {"tensor_map": {"buffer": "tab", "dtype": "uint32", "dims": [pitch // 4, TABLE_WORDS * 4 // pitch],
                           "strides": [pitch], "box": [32, rows], "element_strides": [1, 1], "interleave": "none",
                           "swizzle": "none", "l2_promotion": "128B", "oob_fill": "zero"}}
    kernels.append({"ptx": PTX, "entry": "tma_dram", "grid": [ctas], "block": [32],
                    "dynamic_smem": stages * rows * 128,
                    "args": [tmap, {"buffer": "out"}, {"buffer": "cyc"}, {"s32": slot}, {"s32": oslot},
                             {"s32": rows}, {"s32": stages}, {"s32": loads}, {"s32": bands}, {"s32": row0}]})
    slot += ctas * loads
    oslot += ctas
    offset += -(-region // MIB) * MIB + MIB

desc = ("2-D TMA tensor loads of cold lines (issue 12; the kernel is described in ubench_tma_dram.cu): one warp per "
        "CTA, lane 0 streams `loads` copies of 32 words x R rows through S stages, each launch over its own region "
        "of a 512 MiB iota table. Launches (CTAs, R, row pitch, S, loads): " +
        "; ".join(f"{i}: {c} x {r} rows, {p} B, {s} stage{'s' if s > 1 else ''}, {n}"
                  for i, (c, r, p, s, n) in enumerate(LAUNCHES)) +
        ". cyc[2 (slot + g)] = load g's issue, cyc[2 (slot + g) + 1] = its full barrier passed (lane 0's clock64 "
        "from the kernel's start; slot = the loads of earlier launches). Calibration set: the data for warpsim's "
        "TMA copy from DRAM (latency by rows per copy, the refresh wait of a copy spread over many channels).")
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc"],
       "buffers": {"tab": {"type": "u32", "count": TABLE_WORDS, "init": "iota"},
                   "cyc": {"type": "u64", "count": 2 * slot, "init": "zero"},
                   "out": {"type": "u32", "count": 32 * oslot, "init": "zero"}},
       "kernels": kernels}
with open(os.path.join(HERE, "ubench_tma_dram.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(f"{len(kernels)} launches, regions end at {offset / MIB:.0f} MiB, {slot} loads")
