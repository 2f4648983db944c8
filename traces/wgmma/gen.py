#!/usr/bin/env python3
# Writes wgmma.cu: a functional probe of wgmma.mma_async on sm_90a. Each CTA (one warpgroup, 128 threads) runs one
# form: it copies 48 KiB of raw input bytes into shared memory (A's region at +0, B's at +16 KiB, 1024-byte aligned),
# builds the shared-memory matrix descriptors of its layout (swizzle mode, leading and stride byte offsets, a start
# offset inside the swizzle atom), loads D's registers from the C buffer (and A's from the input bytes when A comes
# from registers), runs wgmma.fence / wgmma.mma_async (one or two, chained) / commit_group / wait_group 0, and writes
# D's registers out. The CUDA code assumes no layout: the GPU and warpsim must agree on what the descriptor and the
# fragment layouts mean.
# Usage: python3 gen.py > wgmma.cu   (python3 gen.py --json prints the kernel list for wgmma.json)
import json
import sys

SW = {"none": 0, "128": 1, "64": 2, "32": 3}  # the descriptor's bits 62-63
WIDTH = {"none": 16, "32": 32, "64": 64, "128": 128}  # the bytes of one row of the swizzle atom

# form: name, type tag, d type, N, A source, swizzle, transpose A/B (f16/bf16 only), atom start offset (bytes),
#       scale-d, imm-scale-a, imm-scale-b, chained count, satfinite
forms = []
def form(name, t, dt, n, a="smem", sw="128", ta=0, tb=0, koff=0, sd=1, sa=1, sb=1, chain=1, sat=False):
    forms.append(dict(name=name, t=t, dt=dt, n=n, a=a, sw=sw, ta=ta, tb=tb, koff=koff, sd=sd, sa=sa, sb=sb,
                      chain=chain, sat=sat))

for sw in ("none", "32", "64", "128"):
    form(f"f16_n64_k_{sw}", "f16", "f32", 64, sw=sw, koff={"none": 0, "32": 0, "64": 32, "128": 64}[sw])
for sw in ("none", "32", "64", "128"):
    form(f"f16_n64_mn_{sw}", "f16", "f32", 64, sw=sw, ta=1, tb=1)
form("f16_n128_mn64_b", "f16", "f32", 128, sw="64", tb=1)
form("f16_n8_k_none", "f16", "f32", 8, sw="none")
form("f16_n24_k_32", "f16", "f32", 24, sw="32")
form("f16_n256_k_128_areg", "f16", "f32", 256, a="reg", sw="128", koff=96)
form("f16_n128_areg_mn", "f16", "f32", 128, a="reg", sw="128", tb=1)
form("f16_n64_hacc", "f16", "f16", 64, sw="128", koff=32)
form("f16_n64_neg", "f16", "f32", 64, sw="128", sa=-1, sb=-1)
form("f16_n64_scale0", "f16", "f32", 64, sw="64", sd=0)
form("f16_n64_chain2", "f16", "f32", 64, sw="128", chain=2)
form("bf16_n64_k", "bf16", "f32", 64, sw="128", koff=32)
form("bf16_n64_mn", "bf16", "f32", 64, sw="128", ta=1, tb=1)
form("bf16_n32_areg", "bf16", "f32", 32, a="reg", sw="64")
form("tf32_n64", "tf32", "f32", 64, sw="128", koff=64)
form("tf32_n16_areg", "tf32", "f32", 16, a="reg", sw="32")
form("tf32_n64_none", "tf32", "f32", 64, sw="none")
for at, bt in (("e4m3", "e4m3"), ("e5m2", "e4m3"), ("e4m3", "e5m2"), ("e5m2", "e5m2")):
    form(f"{at}_{bt}_n64", f"{at}.{bt}", "f32", 64, sw="128", koff=32)
form("e4m3_n64_hacc", "e4m3.e4m3", "f16", 64, sw="128")
form("e4m3_n128_areg", "e4m3.e4m3", "f32", 128, a="reg", sw="64")
form("s8_n64", "s8.s8", "s32", 64, sw="128", koff=64)
form("u8s8_n64_sat", "u8.s8", "s32", 64, sw="128", sat=True)
form("s8u8_n32_areg", "s8.u8", "s32", 32, a="reg", sw="none")
form("u8_n64_none", "u8.u8", "s32", 64, sw="none")
form("b1_n64", "b1", "s32", 64, sw="128", koff=32)
form("b1_n16_areg", "b1", "s32", 16, a="reg", sw="32")

def ab_types(t):
    if "." in t:
        return t.split(".")
    return t, t

def k_of(t):
    a, _ = ab_types(t)
    return {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "e5m2": 32, "s8": 32, "u8": 32, "b1": 256}[a]

def image(t):
    a, _ = ab_types(t)
    return {"f16": "ih", "bf16": "ib", "tf32": "if32", "e4m3": "iq", "e5m2": "iq", "s8": "ii", "u8": "ii", "b1": "ii"}[a]

def d_regs(f):
    return f["n"] // 4 if f["dt"] == "f16" else f["n"] // 2

def desc_params(f, rows, mn_major):
    """(lbo, sbo) in bytes for an operand of `rows` rows (M or N) and 32 bytes of K per row (K-major), or K rows of
    `rows` elements (MN-major). The canonical layouts (PTX ISA, "Shared memory matrix layout"): K-major: core matrices
    of 8 rows x 16 bytes; no swizzle: the two 16-byte K halves LBO apart, 8-row groups SBO apart; swizzled: rows of
    the atom's width, K contiguous, 8-row groups SBO apart (LBO unused). MN-major: no swizzle: 8 K-rows x 16 bytes
    of MN per core matrix, MN blocks SBO apart, K blocks of 8 LBO apart; swizzled: rows of the atom's width along
    MN, 8 K-rows per atom, MN atoms LBO apart, K groups of 8 rows SBO apart."""
    w = WIDTH[f["sw"]]
    if not mn_major:
        if f["sw"] == "none":
            return 128, 256  # K halves adjacent, 8-row groups after both
        return 16, 8 * w  # LBO unused
    eb = elem_bytes(f)
    if f["sw"] == "none":
        # MN blocks of 16 bytes (8 f16) SBO apart, K blocks of 8 rows LBO apart: put MN blocks first.
        mn_blocks = rows * eb // 16
        return mn_blocks * 128, 128
    return 8 * w * 2, 8 * w  # MN atoms after both K groups (K = 16 f16: 2 groups of 8 rows)

def elem_bytes(f):
    a, _ = ab_types(f["t"])
    return {"f16": 2, "bf16": 2, "tf32": 4}.get(a, 1)

out = []
out.append("""// Generated by gen.py: a functional probe of wgmma.mma_async (sm_90a), one form per CTA of one warpgroup.
// Kernel wgmma_probe(ih, ib, if32, iq, ii, cf, ch, ci, out): ih/ib/if32/iq/ii are 64 KiB of raw input bytes per A/B
// type (f16, bf16, f32 for tf32, fp8 bytes, integer and b1 bits); CTA b copies 48 KiB of its type's bytes, starting
// at ((b x 1024) mod 16 KiB), into shared memory (fp8 bytes get a pseudo-random sign), A's region at +0 and B's at
// +16 KiB. cf/ch/ci hold C (f32, packed f16, s32) per thread: thread t of CTA b takes words from (((b mod 2) x 128 + t) x 128).
// D's registers go to out at a per-form offset (FORM_OUT), thread-major.
// regen_ptx: sm_90a only (sm_100a has no wgmma).
// Leaves out: timing (one instruction per CTA), the descriptor's base offset (always 0 here), wgmma's sparse forms.
#include <cstdint>
""")
offs = []
o = 0
for f in forms:
    offs.append(o)
    o += 128 * d_regs(f)
total_out = o

out.append(r"""__device__ __forceinline__ std::uint64_t desc(unsigned addr, unsigned lbo, unsigned sbo, unsigned sw) {
  return (std::uint64_t)((addr & 0x3ffff) >> 4) | ((std::uint64_t)((lbo & 0x3ffff) >> 4) << 16) |
         ((std::uint64_t)((sbo & 0x3ffff) >> 4) << 32) | ((std::uint64_t)sw << 62);
}

extern "C" __global__ void __launch_bounds__(128) wgmma_probe(
    const unsigned char* __restrict__ ih, const unsigned char* __restrict__ ib, const unsigned char* __restrict__ if32,
    const unsigned char* __restrict__ iq, const unsigned char* __restrict__ ii, const unsigned* __restrict__ cf,
    const unsigned* __restrict__ ch, const unsigned* __restrict__ ci, unsigned* __restrict__ out) {
  extern __shared__ unsigned char dyn[];
  const unsigned t = threadIdx.x, b = blockIdx.x;
  const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(dyn));
  const unsigned base = (raw + 1023u) & ~1023u;  // the swizzle atoms repeat every 1024 bytes of shared address
  unsigned char* sm = dyn + (base - raw);
  const unsigned char* img;
  bool fp8 = false;
  switch (b) {
""")
for i, f in enumerate(forms):
    im = image(f["t"])
    out.append(f"    case {i}: img = {im}; fp8 = {'true' if im == 'iq' else 'false'}; break;")
out.append(r"""    default: return;
  }
  const unsigned start = (b * 1024u) % 16384u;
  for (unsigned i = t * 16; i < 49152; i += 128 * 16) {
    uint4 v = *reinterpret_cast<const uint4*>(img + start + i);
    if (fp8) {  // byte j of the 16 gets its sign flipped when bit 13 of (its index x 2654435761) is set
      unsigned w[4] = {v.x, v.y, v.z, v.w};
      for (unsigned j = 0; j < 16; ++j) w[j / 4] ^= (((start + i + j) * 2654435761u) >> 13 & 1u) << (8 * (j % 4) + 7);
      v = make_uint4(w[0], w[1], w[2], w[3]);
    }
    *reinterpret_cast<uint4*>(sm + i) = v;
  }
  __syncthreads();
  const unsigned abase = base, bbase = base + 16384;
  const unsigned cw = ((b % 2) * 128 + t) * 128;
  switch (b) {
""")

for i, f in enumerate(forms):
    n, dt = f["n"], f["dt"]
    nd = d_regs(f)
    at, bt = ab_types(f["t"])
    k = k_of(f["t"])
    amn, bmn = f["ta"], f["tb"]
    alb, asb = desc_params(f, 64, amn)
    blb, bsb = desc_params(f, n, bmn)
    # MN-major with a swizzle: K rows of the atom's width; the operand's K (16 f16) spans two 8-row groups.
    swv = SW[f["sw"]]
    if f["t"] in ("f16", "bf16"):
        kind = f"{dt}.{at}.{bt}"
    elif f["t"] == "tf32":
        kind = "f32.tf32.tf32"
    elif f["t"] == "b1":
        kind = "s32.b1.b1"
    else:
        kind = f"{dt}.{at}.{bt}"
    sat = ".satfinite" if f["sat"] else ""
    ptx_op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}{sat}.{kind}"
    if f["t"] == "b1":
        ptx_op += ".and.popc"
    cty = {"f32": "float", "f16": "unsigned", "s32": "unsigned"}[dt]
    cons = "f" if dt == "f32" else "r"
    csrc = {"f32": "cf", "f16": "ch", "s32": "ci"}[dt]
    body = []
    body.append(f"  case {i}: {{  // {f['name']}: {ptx_op}, A from {f['a']}, swizzle {f['sw']}, "
                f"trans-a {amn}, trans-b {bmn}, start +{f['koff']}")
    body.append(f"    {cty} d[{nd}];")
    body.append(f"    for (int r = 0; r < {nd}; ++r) d[r] = " +
                ("__uint_as_float(cf[cw + r]);" if dt == "f32" else f"{csrc}[cw + r];"))
    body.append(f"    const std::uint64_t da = desc(abase + {f['koff']}, {alb}, {asb}, {swv});")
    body.append(f"    const std::uint64_t db = desc(bbase + {f['koff']}, {blb}, {bsb}, {swv});")
    if f["a"] == "reg":
        body.append(f"    const unsigned* ar = reinterpret_cast<const unsigned*>({image(f['t'])} + 32768) + t * 4;")
        body.append("    unsigned a0 = ar[0], a1 = ar[1], a2 = ar[2], a3 = ar[3];")
    body.append('    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");')
    # operands: d (nd), then a (desc or 4 regs), b desc, scale-d pred, immediates
    dv = "{" + ", ".join(f"%{j}" for j in range(nd)) + "}"
    nxt = nd
    ins = []
    if f["a"] == "reg":
        av = "{" + ", ".join(f"%{nxt + j}" for j in range(4)) + "}"
        ins += ['"r"(a0)', '"r"(a1)', '"r"(a2)', '"r"(a3)']
        nxt += 4
    else:
        av = f"%{nxt}"
        ins.append('"l"(da)')
        nxt += 1
    bv = f"%{nxt}"
    ins.append('"l"(db)')
    nxt += 1
    sdv = f"%{nxt}"
    ins.append(f'"r"({f["sd"]})')
    imms = ""
    if f["t"] in ("f16", "bf16"):
        imms = f", {f['sa']}, {f['sb']}" + (f", {amn}" if f["a"] == "smem" else "") + f", {bmn}"
    elif f["t"] not in ("b1",) and at not in ("s8", "u8"):
        imms = f", {f['sa']}, {f['sb']}"
    outs = ", ".join(f'"+{cons}"(d[{j}])' for j in range(nd))
    for c in range(f["chain"]):
        adv = "" if c == 0 else " + 2"  # the next 32 bytes of K: +2 in the descriptor's 16-byte address units
        body.append("    asm volatile(\"{\\n .reg .pred p;\\n setp.ne.b32 p, " + sdv + ", 0;\\n " + ptx_op + " " + dv +
                    ", " + av + ", " + bv + ", p" + imms + ";\\n}\\n\"")
        ins_c = [s.replace("(da)", f"(da{adv})").replace("(db)", f"(db{adv})") for s in ins]
        body.append(f"                 : {outs}")
        body.append(f"                 : {', '.join(ins_c)} : \"memory\");")
    body.append('    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");')
    body.append('    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");')
    body.append(f"    for (int r = 0; r < {nd}; ++r) out[{offs[i]} + t * {nd} + r] = " +
                ("__float_as_uint(d[r]);" if dt == "f32" else "d[r];"))
    body.append("    break;\n  }")
    out.append("\n".join(body))
out.append("  default: break;\n  }\n}")
out.append(f"// forms: {len(forms)}; out words: {total_out}")

if "--json" in sys.argv:
    print(json.dumps({"forms": [f["name"] for f in forms], "out_words": total_out, "offsets": offs}))
else:
    print("\n".join(out))
