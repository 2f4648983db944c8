#!/usr/bin/env python3
# Writes ubench_tc_numerics.cu and ubench_tc_numerics.json: a targeted-input probe of the tensor cores' f32-accumulator
# sum (issue 12). Five forms, one kernel each, one case per CTA: mma.sync m16n8k16 f16, m16n8k8 tf32, m16n8k32 e4m3
# (one warp per CTA; ptxas emulates fp8 mma.sync with two f16 HMMA) and wgmma m64n8k16 f16, m64n8k32 e4m3 (one
# warpgroup, A from registers, B from shared memory, K-major, no swizzle). Each thread reads its A, B and C registers
# from `in` (the fragments laid out by this script from the PTX ISA's fragment figures) and writes D's four
# registers to `out`, so every D element is C + sum_k A[i][k] B[k][j] of crafted matrices:
#   B's eight columns are multipliers: 1, 1.5 (products whose significands multiply to 2 or more), -1, +-1 by k
#     parity, 1.75, a small power of two, 1 on the first half of K only, 1 on the second half only (which k
#     positions a term sits in);
#   A's rows are test vectors (ROWS below): one large term and one small one 2^-d below it (d swept across the
#     alignment window, the small one positive or negative, at different k), many near-maximal terms (carries past
#     the top bit), cancellation of two large terms leaving small ones, subnormal inputs, exact ties for the last
#     rounding, and random values over a wide exponent range;
#   C per case (CMODES): zero, tiny, comparable, large, and a power of two 2^c for c swept around the products.
# probe_expect.py (tools/numerics) rebuilds the matrices from this file and computes each D word under each
# candidate rule (tools/numerics/tc_rules.py); given the H200's `out` it reports which rule matches each category.
# Usage: python3 gen.py   (writes both files next to it)
# Leaves out: f16 accumulators, bf16, e5m2, NaN and infinity inputs, timing (a calibration of numerics only).
import json
import math
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

# form: name, kind (mma|wgmma), input type, K, cases
FORMS = [
    ("mma_f16", "mma", "f16", 16, 16),
    ("mma_tf32", "mma", "tf32", 8, 16),
    ("mma_e4m3", "mma", "e4m3", 32, 16),
    ("wgmma_f16", "wgmma", "f16", 16, 4),
    ("wgmma_e4m3", "wgmma", "e4m3", 32, 4),
]
PTX = {
    "mma_f16": "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    "mma_tf32": "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma_e4m3": "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32",
    "wgmma_f16": "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",
    "wgmma_e4m3": "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3",
}


# ---- element encodings (exact: a value that does not fit is an error) ----
def enc_f16(v):
    b = struct.unpack("<H", struct.pack("<e", v))[0]
    assert struct.unpack("<e", struct.pack("<H", b))[0] == v, v
    return b


def enc_tf32(v):
    b = struct.unpack("<I", struct.pack("<f", v))[0]
    assert b & 0x1fff == 0 and struct.unpack("<f", struct.pack("<I", b))[0] == v, v
    return b


def e4m3_value(b):
    s = -1.0 if b & 0x80 else 1.0
    e, m = (b >> 3) & 15, b & 7
    if e == 0:
        return s * m * 2.0**-9
    return s * (1 + m / 8) * 2.0**(e - 7)


E4M3 = {e4m3_value(b): b for b in range(256) if not (b & 0x7f) == 0x7f}
E4M3[0.0] = 0


def enc_e4m3(v):
    assert v in E4M3, v
    return E4M3[v]


ENC = {"f16": enc_f16, "tf32": enc_tf32, "e4m3": enc_e4m3}
BITS = {"f16": 16, "tf32": 32, "e4m3": 8}


def q_f16(v):
    return struct.unpack("<e", struct.pack("<e", v))[0]


def q_tf32(v):
    b = struct.unpack("<I", struct.pack("<f", v))[0] & 0xffffe000
    return struct.unpack("<f", struct.pack("<I", b))[0]


def q_e4m3(v):
    return min(E4M3, key=lambda x: (abs(x - v), x))


QUANT = {"f16": q_f16, "tf32": q_tf32, "e4m3": q_e4m3}


# ---- B's columns: multipliers of every product in that column ----
def b_columns(t, K):
    small = {"f16": 2.0**-10, "tf32": 2.0**-20, "e4m3": 2.0**-6}[t]
    cols = [
        ("one", [1.0] * K),
        ("x1.5", [1.5] * K),
        ("neg", [-1.0] * K),
        ("alt", [1.0 if k % 2 == 0 else -1.0 for k in range(K)]),
        ("x1.75", [1.75] * K),
        ("small", [small] * K),
        ("lo_half", [1.0 if k < K // 2 else 0.0 for k in range(K)]),
        ("hi_half", [0.0 if k < K // 2 else 1.0 for k in range(K)]),
    ]
    return cols


# ---- A's rows: test vectors (label, values) ----
def rows_for(t, K):
    """The structured rows of a type (build() spreads them over the cases and fills up with random rows)."""
    # the largest term's magnitude and the deepest small term the type holds
    if t == "e4m3":
        big, depths, sub = 64.0, range(10, 16), 2.0**-9  # 64 x 2^-d: d up to 15 (2^-9 is e4m3's smallest)
    elif t == "tf32":
        big, depths, sub = 1.0, range(22, 30), 2.0**-130
    else:
        big, depths, sub = 16.0, range(21, 29), 2.0**-24  # f16: 2^-24 is the smallest subnormal
    out = []
    # window: one large term at kL, one small +-big 2^-d at kS
    for d in depths:
        for sgn in (1, -1):
            for kL, kS in ((0, K - 1), (K - 1, 0), (K // 2, 1)):
                v = [0.0] * K
                v[kL] = big
                v[kS] = QUANT[t](sgn * big * 2.0**-d)
                if v[kS] != sgn * big * 2.0**-d:
                    continue
                out.append((f"window d{d} {'+' if sgn > 0 else '-'} kL{kL} kS{kS}", v))
    # the same with a large term whose significand is 1.5 (with B's x1.5 column: 2.25, nominal exponent one lower)
    for d in depths:
        v = [0.0] * K
        v[0] = 1.5 * big
        v[K - 1] = QUANT[t](big * 2.0**-d)
        if v[K - 1] == big * 2.0**-d:
            out.append((f"window1.5 d{d} + kL0 kS{K - 1}", v))
    # two small terms that only count together (their sum reaches the window, each alone does not)
    for d in list(depths)[::2]:
        v = [0.0] * K
        v[0] = big
        for k in (3, K - 2):
            v[k] = QUANT[t](big * 2.0**-d)
        out.append((f"pair d{d}", v))
    # carries: every term near the largest significand
    top = {"f16": 1.9990234375, "tf32": 1.9990234375, "e4m3": 1.875}[t]
    out.append(("carry all max", [top * big] * K))
    out.append(("carry all max, one tiny", [top * big] * (K - 1) + [QUANT[t](big * 2.0**-list(depths)[2])]))
    # cancellation: big (1 + 2^-m) - big, plus small terms
    m = {"f16": 10, "tf32": 10, "e4m3": 3}[t]
    for d in list(depths)[::2]:
        v = [0.0] * K
        v[0] = QUANT[t](big * (1 + 2.0**-m))
        v[K // 2] = -big
        v[K - 1] = QUANT[t](big * 2.0**-d)
        out.append((f"cancel d{d}", v))
    # ties for the last rounding: big + big 2^-24 + big 2^-25 (f32's last bit and half of it)
    for extra in ((-24, -25), (-24,), (-25,), (-23, -25)):
        v = [0.0] * K
        v[0] = big
        for i, e in enumerate(extra):
            v[1 + i] = QUANT[t](big * 2.0**e)
        out.append(("tie " + " ".join(str(e) for e in extra), v))
    # subnormal inputs: a subnormal times B's column (the largest term when alone; with a normal one beside it)
    v = [0.0] * K
    v[0] = sub
    v[5 % K] = QUANT[t](sub * 3)
    out.append(("subnormal alone", v))
    v = [0.0] * K
    v[0] = big * 2.0**-4
    v[1] = sub
    out.append(("subnormal beside normal", v))
    return out


def random_row(t, K, rng):
    """A random row over a wide exponent range (every rule's match rate on general data)."""
    emin, emax = {"f16": (-14, 3), "tf32": (-30, 3), "e4m3": (-6, 6)}[t]
    return ("random", [QUANT[t](rng.choice((-1, 1)) * rng.uniform(1, 2) * 2.0**rng.randint(emin, emax))
                       for _ in range(K)])


CMODES = ["zero", "tiny", "comparable", "large", "pow2 sweep"]


def c_value(mode, i, j, rng, t):
    if mode == "zero":
        return 0.0
    if mode == "tiny":
        return struct.unpack("<f", struct.pack("<f", rng.choice((-1, 1)) * rng.uniform(1, 2) * 2.0**rng.randint(-40, -24)))[0]
    if mode == "comparable":
        return struct.unpack("<f", struct.pack("<f", rng.choice((-1, 1)) * rng.uniform(1, 2) * 2.0**rng.randint(-3, 3)))[0]
    if mode == "large":
        return struct.unpack("<f", struct.pack("<f", rng.choice((-1, 1)) * rng.uniform(1, 2) * 2.0**rng.randint(4, 20)))[0]
    # a power of two 2^c, c = -30 .. +25 across the elements
    return 2.0**((i * 8 + j) % 56 - 30) * (1 if (i + j) % 3 else -1)


def build():
    """Every form's cases: (form, [case: dict(A rows x K values, B K x 8 values, C rows x 8 values, labels)])."""
    rng = random.Random(12)
    out = []
    for name, kind, t, K, ncases in FORMS:
        rows_per_case = 16 if kind == "mma" else 64
        cols = b_columns(t, K)
        cases = []
        # the structured rows twice (so each meets two C modes), in a fixed shuffled order, then random rows
        structured = rows_for(t, K) * 2
        rng.shuffle(structured)
        for c in range(ncases):
            rows = structured[c * rows_per_case:(c + 1) * rows_per_case]
            while len(rows) < rows_per_case:
                rows.append(random_row(t, K, rng))
            mode = CMODES[c % len(CMODES)]
            C = [[c_value(mode, i, j, rng, t) for j in range(8)] for i in range(rows_per_case)]
            cases.append(dict(A=[r[1] for r in rows], row_labels=[r[0] for r in rows],
                              B=[[cols[j][1][k] for j in range(8)] for k in range(K)],
                              col_labels=[cl[0] for cl in cols], C=C, cmode=mode))
        out.append(((name, kind, t, K, ncases), cases))
    return out


# ---- fragment layouts (PTX ISA, "Matrix fragments for mma.m16n8k*"; warpsim's exec_matrix.cpp says the same) ----
def epr(t):
    return 32 // BITS[t]


def a_regs(t, A, lane):
    """Lane's four A registers of an m16 x K tile (rows g, g + 8; e elements per register)."""
    e = epr(t)
    g, tt = lane // 4, lane % 4
    regs = []
    for r in range(4):
        w = 0
        for i in range(e):
            row, col = g + 8 * (r % 2), e * tt + i + 4 * e * (r // 2)
            w |= ENC[t](A[row][col]) << (BITS[t] * i)
        regs.append(w)
    return regs


def b_regs(t, B, lane):
    e = epr(t)
    g, tt = lane // 4, lane % 4
    regs = []
    for r in range(2):
        w = 0
        for i in range(e):
            w |= ENC[t](B[e * tt + i + 4 * e * r][g]) << (BITS[t] * i)
        regs.append(w)
    return regs


def d_cell(lane, r):
    """Row and column of C/D register r (f32) of a lane in a 16 x 8 tile."""
    g, tt = lane // 4, lane % 4
    return g + 8 * (r // 2), 2 * tt + r % 2


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def b_smem(t, B, K):
    """B (K x 8) in shared memory, K-major, no swizzle: core matrices of 8 rows (n) x 16 bytes; the 16-byte K chunks
    LBO = 128 bytes apart (SBO unused for N = 8)."""
    eb = BITS[t] // 8
    data = bytearray(256)
    for n in range(8):
        for k in range(K):
            kb = k * eb
            addr = (kb // 16) * 128 + n * 16 + kb % 16
            data[addr:addr + eb] = ENC[t](B[k][n]).to_bytes(eb, "little")
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, 256, 4)]


# record sizes (words) and where each form's cases start in `in` and `out`
MMA_REC = 32 * 10  # per lane: A 4, B 2, C 4
WG_REC = 128 * 8 + 64  # per thread: A 4, C 4; then B's 256 bytes
D_WORDS = {"mma": 128, "wgmma": 512}


def layout():
    ins, outs, i, o = [], [], 0, 0
    for name, kind, t, K, ncases in FORMS:
        ins.append(i)
        outs.append(o)
        i += ncases * (MMA_REC if kind == "mma" else WG_REC)
        o += ncases * D_WORDS[kind]
    return ins, outs, i, o


def in_words(built):
    words = []
    for (name, kind, t, K, ncases), cases in built:
        for cs in cases:
            if kind == "mma":
                for lane in range(32):
                    c = [f32_bits(cs["C"][d_cell(lane, r)[0]][d_cell(lane, r)[1]]) for r in range(4)]
                    words += a_regs(t, cs["A"], lane) + b_regs(t, cs["B"], lane) + c
            else:
                for th in range(128):
                    w, lane = th // 32, th % 32
                    A16 = cs["A"][16 * w:16 * w + 16]
                    c = []
                    for r in range(4):
                        row, col = d_cell(lane, r)
                        c.append(f32_bits(cs["C"][16 * w + row][col]))
                    words += a_regs(t, A16, lane) + c
                words += b_smem(t, cs["B"], K)
    return words


def d_element(kind, rec_word):
    """(row, col) of the D element of word `rec_word` of one case's output (thread-major, 4 registers each)."""
    th, r = rec_word // 4, rec_word % 4
    w, lane = th // 32, th % 32
    row, col = d_cell(lane, r)
    return 16 * w + row, col


def cuda_source():
    ins, outs, _, _ = layout()
    s = ["""// Generated by gen.py: targeted-input probe of the tensor cores' f32-accumulator sum (issue 12). One kernel per
// form, one case per CTA: each thread loads its A, B and C fragment registers from `in` (laid out by gen.py), runs one
// mma.sync (one warp) or one wgmma.mma_async m64n8 (one warpgroup, A from registers, B through a no-swizzle K-major
// descriptor over 256 bytes of shared memory) and writes D's four registers to `out`, thread-major.
// regen_ptx: sm_90a only (wgmma).
// Leaves out: timing; every other shape and type (traces/mma_sync, traces/wgmma).
#include <cstdint>
"""]
    for fi, (name, kind, t, K, ncases) in enumerate(FORMS):
        if kind == "mma":
            s.append(f"""
extern "C" __global__ void __launch_bounds__(32) {name}(const unsigned* __restrict__ in, unsigned* __restrict__ out) {{
  const unsigned l = threadIdx.x, c = blockIdx.x;
  const unsigned* p = in + {ins[fi]} + c * {MMA_REC} + l * 10;
  float d0, d1, d2, d3;
  asm volatile("{PTX[name]} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, {{%10, %11, %12, %13}};"
               : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
               : "r"(p[0]), "r"(p[1]), "r"(p[2]), "r"(p[3]), "r"(p[4]), "r"(p[5]),
                 "f"(__uint_as_float(p[6])), "f"(__uint_as_float(p[7])), "f"(__uint_as_float(p[8])),
                 "f"(__uint_as_float(p[9])));
  unsigned* o = out + {outs[fi]} + c * 128 + l * 4;
  o[0] = __float_as_uint(d0);
  o[1] = __float_as_uint(d1);
  o[2] = __float_as_uint(d2);
  o[3] = __float_as_uint(d3);
}}
""")
        else:
            s.append(f"""
extern "C" __global__ void __launch_bounds__(128) {name}(const unsigned* __restrict__ in, unsigned* __restrict__ out) {{
  __shared__ __align__(1024) unsigned bs[64];
  const unsigned t = threadIdx.x, c = blockIdx.x;
  const unsigned* rec = in + {ins[fi]} + c * {WG_REC};
  if (t < 64) bs[t] = rec[128 * 8 + t];
  __syncthreads();
  const unsigned* p = rec + t * 8;
  const unsigned a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3];
  float d0 = __uint_as_float(p[4]), d1 = __uint_as_float(p[5]), d2 = __uint_as_float(p[6]), d3 = __uint_as_float(p[7]);
  const unsigned sa = static_cast<unsigned>(__cvta_generic_to_shared(bs));
  // descriptor: start >> 4, LBO 128 >> 4 (bits 16-29), SBO 256 >> 4 (bits 32-45), no swizzle
  const std::uint64_t db = (std::uint64_t)((sa & 0x3ffff) >> 4) | ((std::uint64_t)(128 >> 4) << 16) |
                           ((std::uint64_t)(256 >> 4) << 32);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("{{\\n .reg .pred q;\\n setp.ne.b32 q, %9, 0;\\n {PTX[name]} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, %8, q, 1, 1{', 0' if t == 'f16' else ''};\\n}}\\n"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(db), "r"(1) : "memory");
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  unsigned* o = out + {outs[fi]} + c * 512 + t * 4;
  o[0] = __float_as_uint(d0);
  o[1] = __float_as_uint(d1);
  o[2] = __float_as_uint(d2);
  o[3] = __float_as_uint(d3);
}}
""")
    return "".join(s)


def config(words, out_words):
    kernels = []
    for name, kind, t, K, ncases in FORMS:
        kernels.append({"ptx": "ubench_tc_numerics.sm_90a.ptx", "entry": name, "grid": [ncases],
                        "block": [32 if kind == "mma" else 128], "args": [{"buffer": "in"}, {"buffer": "out"}]})
    return {
        "description": "targeted-input probe of the tensor cores' f32-accumulator sum (issue 12), written by gen.py: "
                       "mma.sync m16n8k16 f16, m16n8k8 tf32, m16n8k32 e4m3 and wgmma m64n8k16 f16, m64n8k32 e4m3 "
                       "(A from registers) on crafted A/B/C (alignment window, significands past 2, carries, "
                       "cancellation, subnormals, ties, C far above and below the products, k positions); one case "
                       "per CTA; tools/numerics/probe_expect.py gives each D word under each candidate rule",
        "gpu": "h200",
        "validation_set": "calibration",
        "buffers": {
            "in": {"type": "u32", "count": len(words), "init": {"values": words}},
            "out": {"type": "u32", "count": out_words, "init": "zero"},
        },
        "kernels": kernels,
    }


if __name__ == "__main__":
    built = build()
    words = in_words(built)
    _, _, nin, nout = layout()
    assert len(words) == nin
    open(os.path.join(HERE, "ubench_tc_numerics.cu"), "w").write(cuda_source())
    text = json.dumps(config(["@WORDS@"], nout), indent=1)  # the input words on one line
    text = text.replace('"values": [\n     "@WORDS@"\n    ]', '"values": [' + ", ".join(map(str, words)) + "]")
    text = text.replace('"count": 1,', f'"count": {len(words)},', 1)
    with open(os.path.join(HERE, "ubench_tc_numerics.json"), "w") as f:
        f.write(text + "\n")
    print(f"{nin} input words, {nout} output words")
