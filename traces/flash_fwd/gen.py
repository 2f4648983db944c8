#!/usr/bin/env python3
# Writes flash_fwd.json (a judgement config: nothing is fitted to it) from the launches below: each launch gets its
# own Q, K, V ([BH x S, 64] f16, uniform in [-1, 1)) and O ([BH x S, 64] f32, zero, fully overwritten), the tensor
# maps of Q, K and V (dims 64 x BH S, box 64 x 64, 128B swizzle) and the softmax scale 1 / sqrt(64).
# Leaves out: nothing else is generated (the PTX comes from tools/regen_ptx.sh flash_fwd).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SMEM = 42048  # Q 8 KiB + 2 stages x (K 8 KiB + V 8 KiB) + barriers + 1 KiB alignment (flash_fwd.cu)
D = 64
SCALE = 0.125  # 1 / sqrt(64)

# (seq_len S, batch x heads BH)
LAUNCHES = [(128, 2), (512, 2), (2048, 1)]


def tmap(buf, rows):
    return {"tensor_map": {"buffer": buf, "dtype": "float16", "dims": [D, rows], "strides": [D * 2],
                           "box": [64, 64], "element_strides": [1, 1], "interleave": "none", "swizzle": "128B",
                           "l2_promotion": "128B", "oob_fill": "zero"}}


buffers, kernels = {}, []
for i, (s, bh) in enumerate(LAUNCHES):
    rows = s * bh
    for j, name in enumerate("QKV"):
        buffers[f"{name}{i}"] = {"type": "f16", "count": rows * D,
                                 "init": {"random": {"seed": 600 + 4 * i + j, "min": -1, "max": 1}}}
    buffers[f"O{i}"] = {"type": "f32", "count": rows * D, "init": "zero"}
    kernels.append({"ptx": "flash_fwd.sm_90a.ptx", "entry": "flash_fwd", "grid": [s // 64, bh], "block": [160],
                    "dynamic_smem": SMEM,
                    "args": [tmap(f"Q{i}", rows), tmap(f"K{i}", rows), tmap(f"V{i}", rows), {"buffer": f"O{i}"},
                             {"s32": s}, {"f32": SCALE}]})

cfg = {
    "description": "FlashAttention-2-style forward kernel (flash_fwd.cu): O = softmax(Q K^T / 8) V per batch x head, "
    "head dim 64, f16 Q/K/V, f32 O; one CTA per 64-row Q block and batch x head, 160 threads: a TMA producer warp "
    "fills a 2-stage ring of 64 x 64 K and V tiles (128B swizzle, full/empty mbarriers), one consumer warpgroup "
    "runs S = Q K^T (wgmma m64n64k16, both operands from shared memory), the online softmax in registers "
    "(ex2.approx.ftz, quad shuffles), and O += P V (wgmma with P from registers as f16, V MN-major). Launches: "
    "S = 128 x 2 heads, 512 x 2, 2048 x 1. Inputs uniform in [-1, 1).",
    "gpu": "h200",
    "validation_set": "judgement",
    "buffers": buffers,
    "kernels": kernels,
}
with open(os.path.join(HERE, "flash_fwd.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
