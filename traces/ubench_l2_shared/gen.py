#!/usr/bin/env python3
# Writes ubench_l2_shared.json: the launches of ubench_l2_shared.cu's l2_shared, 128 CTAs of 256 threads each, over
# one 512 KiB iota buffer, groups of G CTAs reading the same unit at each step, warp loads then cp.async.
# Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = "ubench_l2_shared.sm_90a.ptx"
CTAS = 128
LAUNCHES = [(0, 1), (0, 16), (0, 128), (1, 1), (1, 16), (1, 128)]

kernels = []
slot = 0
for mode, g in LAUNCHES:
    kernels.append({"ptx": PTX, "entry": "l2_shared", "grid": [CTAS], "block": [256],
                    "args": [{"buffer": "buf"}, {"s32": g}, {"s32": mode}, {"buffer": "cyc"}, {"s32": slot},
                             {"buffer": "out"}]})
    slot += CTAS
desc = ("L2-resident lines read by several SMs at about the same time (issue 12; the kernel is described in "
        "ubench_l2_shared.cu): 128 CTAs of 256 threads, one 512 KiB buffer of 128 units of 4 KiB, groups of G CTAs "
        "reading the same unit at each step, 16 bytes a thread a step, each CTA's own unit first (warm), then a timed pass over all units. Launches (mode, "
        "G): " + "; ".join(f"{i}: {'LDG' if m == 0 else 'cp.async'}, {g}" for i, (m, g) in enumerate(LAUNCHES)) +
        ". cyc[slot + b] = CTA b's cycles for the timed pass (slot = 128 x the launch's index); out[(slot + b) 256 + "
        "thread] = the xor of the words the thread read (mode 1: of its last stage). Calibration set: the data for "
        "merging warp loads and cp.async of one line from several SMs in L2 (Nsight's lts__t_sectors against the "
        "sectors asked for).")
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc"],
       "buffers": {"buf": {"type": "u32", "count": 1 << 17, "init": "iota"},
                   "cyc": {"type": "u64", "count": slot, "init": "zero"},
                   "out": {"type": "u32", "count": slot * 256, "init": "zero"}},
       "kernels": kernels}
with open(os.path.join(HERE, "ubench_l2_shared.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(f"{len(kernels)} launches")
