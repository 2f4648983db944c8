#!/usr/bin/env python3
# tc_rules.py: candidate rules for the tensor cores' f32-accumulator sum (D = C + sum_k a_k b_k with f16, bf16, tf32,
# e4m3 or e5m2 a_k, b_k), in exact integer arithmetic, for the offline analysis of H200 outputs (wgmma_match.py) and
# the expected words of traces/ubench_tc_numerics (probe_expect.py).
# A rule is a dict:
#   ref    "true": the alignment reference is the largest term's exponent (C or a product, floor(log2 |x|));
#          "nominal": a product's exponent counts as e(a) + e(b) (each input's floor(log2 |x|), subnormals at the
#          input format's minimum exponent), so a product in [2, 4) x 2^(e(a)+e(b)) keeps one more bit below its top
#          (the model of Khattak and Mikaitis, "Accurate models of NVIDIA tensor cores", arXiv 2512.07004: fpbits_IEEE2's
#          extra bit when the largest product's significand is >= 2); C's exponent is its own.
#   bits   the grid: each term is truncated toward zero to a multiple of 2^(ref - 23 - bits).
#   group  products per block (None: all K at once); blocks are summed in k order, each block's result rounded to f32
#          (`inter`) and fed as the next block's C.
#   cwhen  "first": C joins the first block's aligned sum; "last": the products' blocks first (from zero), C added
#          with the same aligned sum of two terms at the end.
#          "cbits": the grid bits of that last addition (default `bits`).
#   keep   a block's exact aligned sum is truncated to this many significant bits before its rounding to f32.
#   inter, final  "rz" or "rn": rounding of a block's sum / the last sum to f32.
# Leaves out: NaN and infinity inputs (callers skip them), f16 accumulators, the f32 subnormal output range.
import math
import struct

EMIN = {"f16": -14, "bf16": -126, "tf32": -126, "e4m3": -6, "e5m2": -14}


def f32_of_bits(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xffffffff))[0]


def d_of_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def exact(x):
    """(m, e) with x = m 2^e exactly, m an int."""
    if x == 0:
        return 0, 0
    f, e = math.frexp(x)
    return int(f * (1 << 53)), e - 53


def ilogb(x):
    return math.frexp(x)[1] - 1


def chop(m, e, p):
    """m 2^e truncated toward zero to p significant bits: (m', e')."""
    a = abs(m)
    w = a.bit_length()
    if w <= p:
        return m, e
    a >>= w - p
    return (-a if m < 0 else a), e + w - p


def to_f32(m, e, mode):
    """m 2^e (m int) rounded to f32 bits with `mode` ("rz" or "rn"), normal range only (subnormal outputs: rz/rn at
    2^-149 granularity)."""
    if m == 0:
        return 0
    neg = m < 0
    a = -m if neg else m
    w = a.bit_length()
    top = e + w - 1  # the exponent of the leading bit
    lsb = max(top - 23, -149)
    sh = lsb - e
    if sh > 0:
        q, r = a >> sh, a & ((1 << sh) - 1)
        if mode == "rn":
            half = 1 << (sh - 1)
            if r > half or (r == half and (q & 1)):
                q += 1
        a, e = q, lsb
    elif sh < 0:
        a <<= -sh
        e = lsb
    v = a * 2.0**e if e > -1000 else math.ldexp(a, e)
    bits = struct.unpack("<I", struct.pack("<f", v))[0]  # exact: a has at most 24 bits (or rounded to a power of 2)
    return bits | (0x80000000 if neg else 0)


def aligned(terms, bits, mode, keep=None):
    """terms: list of (value m, e, refexp). Truncate each toward zero to 2^(R - 23 - bits), R the largest refexp; sum;
    round to f32."""
    terms = [t for t in terms if t[0] != 0]
    if not terms:
        return 0
    R = max(t[2] for t in terms)
    q = R - 23 - bits
    s = 0
    for m, e, _ in terms:
        if e >= q:
            s += m << (e - q)
        else:
            a = abs(m) >> (q - e)
            s += -a if m < 0 else a
    if keep is not None:  # the sum normalised and truncated to `keep` significant bits first
        s, q = chop(s, q, keep)
    return to_f32(s, q, mode)


def product_term(a, b, ref, emin_a, emin_b):
    ma, ea = exact(a)
    mb, eb = exact(b)
    m, e = ma * mb, ea + eb
    if m == 0:
        return (0, 0, 0)
    if ref == "nominal":
        r = max(ilogb(a), emin_a) + max(ilogb(b), emin_b)
    else:  # the product's own exponent
        r = e + abs(m).bit_length() - 1
    return (m, e, r)


def c_term(c):
    if c == 0:
        return (0, 0, 0)
    m, e = exact(c)
    return (m, e, e + abs(m).bit_length() - 1)


def apply(rule, c, a, b, ta, tb, has_c=True):
    """f32 bits of D under `rule`; c a float (f32 value), a/b lists of floats (the elements' values; A already negated
    where imm-scale says)."""
    K = len(a)
    g = rule.get("group") or K
    ref, bits = rule["ref"], rule["bits"]
    ea, eb = EMIN[ta], EMIN[tb]
    prods = [product_term(a[k], b[k], ref, ea, eb) for k in range(K)]
    cwhen = rule.get("cwhen", "first")
    acc = c if has_c else 0.0
    started = False
    r = 0
    if cwhen == "last":
        acc = 0.0
    if cwhen == "fixed":  # the products summed on their own grid 2^(R - 23 - bits), R their largest reference
        # exponent; that exact sum (reference R, not normalised) then aligned with C on max(R, e(C))'s grid
        blk = [p for p in prods if p[0] != 0]
        if not blk:
            return to_f32(*exact(c), "rz") if (has_c and c != 0) else 0
        R = max(p[2] for p in blk)
        q = R - 23 - bits
        s = 0
        for m, e, _ in blk:
            a_ = abs(m) >> (q - e) if e < q else abs(m) << (e - q)
            s += -a_ if m < 0 else a_
        terms = [(s, q, R + rule.get("rshift", 0))] + ([c_term(c)] if (has_c and c != 0) else [])
        return aligned(terms, rule.get("cbits", bits), rule.get("final", "rz"))
    for s in range(0, K, g):
        blk = prods[s:s + g]
        terms = ([c_term(acc)] if (acc != 0) else []) + blk
        last = s + g >= K
        mode = rule.get("final", "rz") if (last and cwhen != "last") else rule.get("inter", "rz")
        r = aligned(terms, bits, mode, rule.get("keep"))
        acc = f32_of_bits(r)
        started = True
    if cwhen == "last":
        if has_c and c != 0:
            r = aligned([c_term(acc), c_term(c)], rule.get("cbits", bits), rule.get("final", "rz"))
        else:
            r = to_f32(*exact(acc), "rz") if acc != 0 else 0
        return r
    return r if started else 0


def to_f16(m, e, mode):
    """m 2^e rounded to f16 bits ("rz" or "rn"), subnormals at 2^-24; overflow to infinity (rn) or the largest
    finite (rz)."""
    if m == 0:
        return 0
    neg = m < 0
    a = -m if neg else m
    top = e + a.bit_length() - 1
    lsb = max(top - 10, -24)
    sh = lsb - e
    if sh > 0:
        q, r = a >> sh, a & ((1 << sh) - 1)
        if mode == "rn":
            half = 1 << (sh - 1)
            if r > half or (r == half and (q & 1)):
                q += 1
        a, e = q, lsb
    v = a * 2.0**e
    bits = struct.unpack("<H", struct.pack("<e", v))[0] if v < 65520 else (0x7c00 if mode == "rn" else 0x7bff)
    return bits | (0x8000 if neg else 0)


def apply_half(rule, c, a, b, ta, tb, has_c=True):
    """f16 bits of an f16-accumulator D: C (an f16 value) and the products aligned as `rule` says (one block), the
    exact sum truncated to rule["keep"] bits when given, then rounded to f16 (rule["final"], default "rn")."""
    ea, eb = EMIN[ta], EMIN[tb]
    terms = [product_term(a[k], b[k], rule["ref"], ea, eb) for k in range(len(a))]
    if has_c and c != 0:
        terms = [c_term(c)] + terms
    terms = [t for t in terms if t[0] != 0]
    if not terms:
        return 0
    R = max(t[2] for t in terms)
    q = R - 23 - rule["bits"]
    s = 0
    for m, e, _ in terms:
        x = abs(m) << (e - q) if e >= q else abs(m) >> (q - e)
        s += -x if m < 0 else x
    if rule.get("keep"):
        s, q = chop(s, q, rule["keep"])
    return to_f16(s, q, rule.get("final", "rn"))


def apply_fp8_mma_emulated(rule, c, a, b, has_c=True):
    """f32 bits of an e4m3/e5m2 mma.sync as ptxas emulates it on sm_90 (exec_matrix.cpp): two f16 MMAs, the first on
    the products of k % 4 < 2 from zero, the second on the rest with the first's f32 result as its C (each `rule`'s
    aligned sum, with f16's exponent range: the fp8 values are f16 values there), then C added by an FADD (round to
    nearest)."""
    lo = [k for k in range(len(a)) if k % 4 < 2]
    hi = [k for k in range(len(a)) if k % 4 >= 2]
    r1 = apply(rule, 0.0, [a[k] for k in lo], [b[k] for k in lo], "f16", "f16", False)
    r2 = apply(rule, f32_of_bits(r1), [a[k] for k in hi], [b[k] for k in hi], "f16", "f16", True)
    if not has_c or c == 0:
        return r2
    m1, e1 = exact(f32_of_bits(r2))
    m2, e2 = exact(c)
    if m1 == 0:
        return to_f32(m2, e2, "rn")
    e = min(e1, e2)
    return to_f32((m1 << (e1 - e)) + (m2 << (e2 - e)), e, "rn")
