#!/usr/bin/env python3
# Writes ubench_l2_merge.json: the launches of ubench_l2_merge.cu's l2_merge, 128 CTAs of 256 threads each (the last
# four 16 to 96), over one
# 512 KiB iota buffer, the SMs grouped by a mask of their %smid (SMs whose ids agree on the mask's bits read the same
# unit at each step), warp loads then cp.async.
# Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = "ubench_l2_merge.sm_90a.ptx"
CTAS = 128
# (mask, what the groups are on the H200's layout, traces/cluster_occupancy)
MASKS = [(0xFFFFFFFF, "each SM alone"),
         (0xFFFFFFFE, "the two SMs of a TPC"),
         (0xFFFFFFEF, "SMs s and s ^ 16: one GPC, two TPCs"),
         (0xFFFFFFFD, "SMs s and s ^ 2: two GPCs"),
         (0xFFFFFFBF, "SMs s and s ^ 64: two GPCs, far apart"),
         (0xFFFFFFEE, "4 SMs: two TPCs of one GPC"),
         (0xFFFFFFCE, "8 SMs: four TPCs of one GPC"),
         (0xFFFFFFF1, "8 SMs: one of each of 8 TPCs in 8 GPCs"),
         (0x00000000, "all SMs")]
LAUNCHES = [(mode, m) for mode in (0, 1) for m, _ in MASKS] + [(mode, m) for mode in (2, 3) for m in (0xFFFFFFFF, 0)]
# Then LDG.128 with each SM alone on fewer CTAs (the GPU places 16 CTAs on the single-TPC groups and one SM of each GPC,
# 64 on one SM of each TPC): whether what limits the 128-CTA launch is shared (the slices, a GPC's crossbar port) or
# each SM's own.
GRIDS = [CTAS] * len(LAUNCHES) + [16, 32, 64, 96]
LAUNCHES += [(0, 0xFFFFFFFF)] * 4

kernels = []
slot = 0
for (mode, m), ctas in zip(LAUNCHES, GRIDS):
    kernels.append({"ptx": PTX, "entry": "l2_merge", "grid": [ctas], "block": [256],
                    "args": [{"buffer": "buf"}, {"u32": m}, {"s32": mode}, {"buffer": "cyc"}, {"buffer": "sm"},
                             {"s32": slot}, {"buffer": "out"}]})
    slot += ctas
names = dict(MASKS)
PATHS = {0: "LDG.128", 1: "cp.async", 2: "LDG.32 of each line's first sector", 3: "LDG.32 of each line's first two sectors"}
desc = ("Which SMs' loads of one L2-resident line reach L2 combined (issue 12; the kernel is described in "
        "ubench_l2_merge.cu): 128 CTAs of 256 threads, one 512 KiB buffer of 128 units of 4 KiB; SMs whose %smid agree "
        "on a mask's bits read the same unit at each step, 16 bytes a thread a step, each CTA's own unit first (warm), "
        "then a timed pass over all units (modes 2 and 3: part of each line, 4 bytes a thread). Launches (mode, mask): " +
        "; ".join(f"{i}: {PATHS[mo]}, {m:#010x} ({names[m]}), {g} CTAs" for i, ((mo, m), g) in enumerate(zip(LAUNCHES, GRIDS))) +
        ". cyc[slot + b] = CTA b's cycles for the timed pass and sm[slot + b] its %smid (slot = the CTAs of the "
        "launches before); out[(slot + b) 256 + thread] = the xor of the words the thread read. Calibration set: the data for "
        "the group of SMs within which the GPU combines warp loads and cp.async of one line (Nsight's lts__t_sectors "
        "against the sectors asked for).")
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc", "sm"],
       "buffers": {"buf": {"type": "u32", "count": 1 << 17, "init": "iota"},
                   "cyc": {"type": "u64", "count": slot, "init": "zero"},
                   "sm": {"type": "u32", "count": slot, "init": "zero"},
                   "out": {"type": "u32", "count": slot * 256, "init": "zero"}},
       "kernels": kernels}
with open(os.path.join(HERE, "ubench_l2_merge.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(f"{len(kernels)} launches")
