#!/usr/bin/env python3
"""Writes ubench_dram_random.json (run from this folder: python3 gen.py). Launch list, slots and the table's
layout are described in ubench_dram_random.cu and in the description below."""
import json

MIB_WORDS = (1 << 20) // 4          # u32 words per MiB
TAB_WORDS = 1024 * MIB_WORDS        # 1 GiB table; its last 64 MiB are never read cold (the restore leaves them in L2)
STEPS = 1024
PTX = "ubench_dram_random.sm_90a.ptx"

def lines(mib):                     # line_mask for a window of `mib` MiB
    return mib * (1 << 20) // 128 - 1

kernels = []
def launch(entry, grid, block, args):
    kernels.append({"ptx": PTX, "entry": entry, "grid": [grid], "block": [block], "dynamic_smem": 0, "args": args})

# lat_walk: (lanes, window base MiB, window MiB, seed); cyc slots 0..7, lat rows (slot + pass) * STEPS
for slot, (lanes, base, win, seed) in enumerate([(1, 0, 16, 0x1000), (1, 0, 256, 0x2000),
                                                 (32, 256, 32, 0x3000), (32, 512, 256, 0x4000)]):
    launch("lat_walk", 1, 32, [{"buffer": "tab"}, {"u64": base * MIB_WORDS}, {"u32": lines(win)}, {"u32": lanes},
                               {"s32": STEPS}, {"u32": seed}, {"buffer": "lat"}, {"buffer": "cyc"},
                               {"u32": 2 * slot}, {"buffer": "out"}])
# tlb_walk: one line per stride; about 4096 timed steps; cyc slots 8..
slot = 8
for stride_kib, ns in ((2048, (8, 16, 32, 64, 128, 256, 512)), (64, (32, 128, 512, 2048))):
    for n in ns:
        launch("tlb_walk", 1, 32, [{"buffer": "tab"}, {"u32": n}, {"u64": stride_kib * 1024 // 4},
                                   {"s32": max(1, 4096 // n)}, {"buffer": "cyc"}, {"u32": slot}, {"buffer": "out"}])
        slot += 1
# rand_tput over [768, 896) MiB: (mode, grid, block, per_thread, seed)
for mode, grid, block, per, seed in ((0, 1056, 256, 4, 0x5000), (1, 1056, 256, 16, 0x6000),
                                     (0, 132, 256, 16, 0x7000), (0, 132, 32, 64, 0x8000)):
    launch("rand_tput", grid, block, [{"buffer": "tab"}, {"u64": 768 * MIB_WORDS}, {"u32": lines(128)},
                                      {"s32": per}, {"u32": seed}, {"u32": mode}, {"buffer": "out"}])
# rand_tput over [896, 900) MiB (L2-resident after the first touches): loads, then stores
for mode, seed in ((0, 0x9000), (2, 0xa000)):
    launch("rand_tput", 1056, 256, [{"buffer": "tab"}, {"u64": 896 * MIB_WORDS}, {"u32": lines(4)},
                                    {"s32": 4}, {"u32": seed}, {"u32": mode}, {"buffer": "out"}])

desc = ("Random accesses to cold lines, apart from streams and single chains (issue 9; the kernels are described in "
        "ubench_dram_random.cu). One 1 GiB table of zeros; every launch reads lines no earlier launch read. "
        "Launches 0-3 lat_walk (one warp, %d dependent steps, ld.global.cg, pass 0 cold then pass 1 over the same "
        "lines): 1 lane in a 16 MiB and a 256 MiB window, 32 lanes (32 lines a step) in a 32 MiB and a 256 MiB "
        "window; lat[(2 launch + pass) * %d + step] = each step's clock64 cycles, cyc[2 launch + pass] = the pass's. "
        "Launches 4-14 tlb_walk (one thread, n lines one stride apart, a warm pass then about 4096 timed L2-hit "
        "steps): stride 2 MiB with n 8..512 (16 MiB to 1 GiB), stride 64 KiB with n 32..2048 (2 to 128 MiB); "
        "cyc[8 + launch - 4] = the timed steps' cycles. Launches 15-18 rand_tput over a 128 MiB window: 1056 x 256 "
        "threads with 4 random 4-byte loads each (mode 0: 32 random sectors per warp load), 1056 x 256 with 16 "
        "random 16-byte loads (mode 1: 4 random whole lines per warp load), 132 x 256 with 16 and 132 x 32 with 64 "
        "(mode 0): throughput and latency under load. Launches 19-20 rand_tput over a 4 MiB window (L2 after the "
        "first touches): 1056 x 256 threads with 4 random 4-byte loads (mode 0), then 4 random 4-byte stores of zero "
        "(mode 2). Calibration set: the data for warpsim's DRAM latency spread and random-access rate; j_chase32, "
        "j_gather, j_scatter and j_bfs_step, judgement kernels, are only compared with it."
        % (STEPS, STEPS))
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc", "lat"],
       "kernels": kernels,
       "buffers": {"tab": {"type": "u32", "count": TAB_WORDS, "init": "zero"},
                   "lat": {"type": "u32", "count": 8 * STEPS, "init": "zero"},
                   "cyc": {"type": "u64", "count": 24, "init": "zero"},
                   "out": {"type": "u32", "count": 1056, "init": "zero"}}}
with open("ubench_dram_random.json", "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(len(kernels), "launches")
