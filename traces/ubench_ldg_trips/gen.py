#!/usr/bin/env python3
# Writes ubench_ldg_trips.json: the launches of ubench_ldg_trips.cu's ldg_trips, each over its own region of one
# 256 MiB f32 iota table (no launch reads a line an earlier one touched; the last 64 MiB stay unused, where the
# measurement's restore copy leaves lines in L2). Slots: cyc holds two stamps per warp, out 256 words per CTA of the
# loads-only launches, launch after launch. Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = "ubench_ldg_trips.sm_90a.ptx"
TABLE_WORDS = 64 << 20  # 256 MiB of f32
MIB_WORDS = 1 << 18
SPREAD_WORDS = 128 << 10  # 512 KiB between spread tiles

# (grid x, grid y, layout, pitch in words, mode): layouts "gemm" (wgmma_gemm's C), "spread", "contiguous"
LAUNCHES = [
    (1, 1, "gemm", 1024, 0),       # one CTA alone
    (4, 4, "gemm", 512, 0),        # wgmma_gemm's 512^3 sw128 launch
    (8, 8, "gemm", 1024, 0),       # its 1024^3
    (8, 16, "gemm", 1024, 0),      # its 2048 x 1024 x 512
    (4, 4, "spread", 1024, 0),     # 16 tiles 512 KiB apart
    (8, 16, "spread", 1024, 0),    # 128 tiles 512 KiB apart
    (8, 16, "contiguous", 128, 0),  # 128 tiles of 64 consecutive KiB
    (1, 1, "gemm", 1024, 1),       # loads only: one CTA
    (4, 4, "gemm", 512, 1),        # 16 CTAs
    (8, 16, "gemm", 1024, 1),      # 128 CTAs
    (8, 16, "spread", 1024, 1),    # 128 spread tiles
]

kernels = []
slot = oslot = 0
offset = 4 * MIB_WORDS  # words: each region starts on a MiB boundary after a 1 MiB gap
for gx, gy, layout, pitch, mode in LAUNCHES:
    if layout == "gemm":
        sx, sy, span = 128, 128 * pitch, gy * 128 * pitch
    elif layout == "spread":
        sx, sy, span = SPREAD_WORDS, gx * SPREAD_WORDS, gx * gy * SPREAD_WORDS
    else:
        sx, sy, span = 128 * 128, gx * 128 * 128, gx * gy * 128 * 128
    assert 128 * pitch <= (SPREAD_WORDS if layout == "spread" else span)
    assert offset + span <= TABLE_WORDS - 64 * MIB_WORDS, "region in the table's last 64 MiB"
    kernels.append({"ptx": PTX, "entry": "ldg_trips", "grid": [gx, gy], "block": [256],
                    "args": [{"buffer": "C"}, {"u64": offset}, {"u64": sx}, {"u64": sy}, {"s32": pitch},
                             {"s32": mode}, {"buffer": "cyc"}, {"s32": slot}, {"buffer": "out"},
                             {"s32": oslot}]})
    slot += gx * gy * 8
    if mode == 1:
        oslot += gx * gy
    offset += -(-span // MIB_WORDS) * MIB_WORDS + MIB_WORDS

desc = ("wgmma_gemm's epilogue without the GEMM (issue 12; the kernel is described in ubench_ldg_trips.cu): CTAs of 8 "
        "warps walk 128 x 128 f32 tiles of cold C lines in 32 dependent round trips a thread, in wgmma's fragment "
        "order, each launch over its own region of a 256 MiB iota table. Launches (grid, layout, row pitch in words, "
        "mode 0 = read-modify-write as the epilogue, 1 = loads only): " +
        "; ".join(f"{i}: {x} x {y}, {l}, {p}, {m}" for i, (x, y, l, p, m) in enumerate(LAUNCHES)) +
        ". cyc[2 (slot + cta * 8 + warp)] = the warp's first load, the next word its last trip's end (lane 0's "
        "clock64 from the warp's start; slot = the warps of earlier launches). Calibration set: DRAM round trips "
        "of one to 128 SMs, with and without DRAM rows shared by neighbouring CTAs.")
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc"],
       "buffers": {"C": {"type": "f32", "count": TABLE_WORDS, "init": "iota"},
                   "cyc": {"type": "u64", "count": 2 * slot, "init": "zero"},
                   "out": {"type": "f32", "count": 256 * oslot, "init": "zero"}},
       "kernels": kernels}
with open(os.path.join(HERE, "ubench_ldg_trips.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(f"{len(kernels)} launches, regions end at {offset / MIB_WORDS:.0f} MiB, {slot} warps")
