#!/usr/bin/env python3
"""Writes hgemm_mma_sync.json, the run config of the tensor-core HGEMM (hgemm_mma_sync.cu): one place for the
launch list, which tests/integration/workloads/626-hgemm_mma_sync.cpp mirrors. A (2048 x 1024 f16, lda 1024) and
B (1024 x 2304 f16, ldb 2304) serve every launch as sub-matrices; each launch writes its own C (random, f32 or f16).
Usage: python3 traces/hgemm_mma_sync/gen.py  (rewrites the JSON next to it)."""
import json
import os

LDA, LDB = 1024, 2304
ALPHA, BETA = 1.25, -0.5  # beta a power of two: beta * c is exact
# (entry, M, N, K, C buffer, C type, stages)
LAUNCHES = [
    ("hgemm_s3", 256, 256, 256, "C0", "f32", 3),
    ("hgemm_s3", 512, 512, 512, "C1", "f32", 3),
    ("hgemm_s4", 1024, 1024, 1024, "C2", "f32", 4),
    ("hgemm_s3", 384, 1536, 768, "C3", "f32", 3),
    ("hgemm_s3", 2048, 2304, 128, "C4", "f32", 3),
    ("hgemm_f16acc_s3", 512, 512, 512, "C5", "f16", 3),
]


def main():
    kernels, buffers = [], {
        "A": {"type": "f16", "count": 2048 * LDA, "init": {"random": {"seed": 6261, "min": -1.0, "max": 1.0}}},
        "B": {"type": "f16", "count": 1024 * LDB, "init": {"random": {"seed": 6262, "min": -1.0, "max": 1.0}}},
    }
    for n, (entry, m, nn, k, c, ctype, stages) in enumerate(LAUNCHES):
        assert m % 128 == 0 and nn % 128 == 0 and k % 32 == 0 and m <= 2048 and k <= 1024 and nn <= LDB
        kernels.append({
            "ptx": "hgemm_mma_sync.sm_90a.ptx", "entry": entry, "grid": [nn // 128, m // 128], "block": [256],
            "dynamic_smem": stages * 16384,
            "args": [{"buffer": "A"}, {"buffer": "B"}, {"buffer": c}, {"s32": k}, {"s32": LDA}, {"s32": LDB},
                     {"s32": nn}, {"f32": ALPHA}, {"f32": BETA}],
        })
        buffers[c] = {"type": ctype, "count": m * nn,
                      "init": {"random": {"seed": 6263 + n, "min": -1.0, "max": 1.0}}}
    desc = ("Ampere-style multi-stage HGEMM on the tensor cores, C = 1.25 * A * B - 0.5 * C, f16 A (row-major) and B "
            "(row-major, ldmatrix .trans), 128 x 128 x 32 CTA tiles of 8 warps, each warp 64 x 32 of m16n8k16 "
            "mma.sync, stages filled by 16-byte cp.async.cg into an XOR-swizzled ring, fragments by ldmatrix.x4. "
            "Launches (entry, M x N x K, grid): " +
            ", ".join(f"{e} {m} x {nn} x {k} ({nn // 128} x {m // 128}{', f16 accumulators and C' if t == 'f16' else ''})"
                      for e, m, nn, k, _, t, _ in LAUNCHES) +
            f". A (2048 x {LDA}) and B (1024 x {LDB}) serve every launch as sub-matrices (lda {LDA}, ldb {LDB}); "
            "inputs random in [-1, 1] rounded to f16, C random in [-1, 1].")
    cfg = {"description": desc, "gpu": "h200", "validation_set": "judgement", "kernels": kernels, "buffers": buffers}
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hgemm_mma_sync.json")
    with open(out, "w") as f:
        json.dump(cfg, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
