#!/usr/bin/env bash
# Regenerates the committed PTX of every workload: traces/<name>/<name>.cu -> <name>.sm_90a.ptx and
# <name>.sm_100a.ptx, next to the source.
# Flags: -ptx (stop at PTX), -O3 (host-side optimisation level; device code is optimised by default),
# -lineinfo (emit .file/.loc so simulator reports can name CUDA source lines), -arch=sm_90a / sm_100a
# (the architecture-specific targets warpsim's H200 / B200 models accept). No -use_fast_math: the
# workloads rely on IEEE-rounded f32 division and square root.
# A source containing "regen_ptx: sm_90a only" gets its sm_90a PTX only (wgmma and setmaxnreg do not exist on sm_100a).
# Usage: tools/regen_ptx.sh [name ...]   (no names = every folder under traces/)
# Leaves out: SASS / cubin generation (warpsim runs PTX only).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NVCC="${NVCC:-}"
if [[ -z "$NVCC" ]]; then
  if command -v nvcc >/dev/null 2>&1; then
    NVCC="$(command -v nvcc)"
  elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
    NVCC=/usr/local/cuda/bin/nvcc
  else
    echo "regen_ptx.sh: nvcc not found (put it on PATH, set NVCC=/path/to/nvcc, or install the CUDA toolkit)" >&2
    exit 1
  fi
fi

archs=(sm_90a sm_100a)
if [[ $# -gt 0 ]]; then
  names=("$@")
else
  names=()
  for d in "$root"/traces/*/; do
    names+=("$(basename "$d")")
  done
fi

echo "using $("$NVCC" --version | tail -n 1)"
for name in "${names[@]}"; do
  dir="$root/traces/$name"
  src="$dir/$name.cu"
  if [[ ! -f "$src" ]]; then
    echo "regen_ptx.sh: skipping $name (no $name.cu)" >&2
    continue
  fi
  for arch in "${archs[@]}"; do
    # A source that says "regen_ptx: sm_90a only" (wgmma: sm_100a has none) gets no sm_100a PTX.
    if [[ "$arch" != sm_90a ]] && grep -q "regen_ptx: sm_90a only" "$src"; then continue; fi
    out="$dir/$name.$arch.ptx"
    # Compile from inside the folder so the .file directive names the source relative to it.
    (cd "$dir" && "$NVCC" -arch="$arch" -ptx -O3 -lineinfo -o "$out.tmp" "$name.cu")
    # nvcc records the absolute source path in .file; make it relative to the PTX file so the output
    # does not depend on where the repository is checked out.
    sed -e "s|\"$dir/|\"|" "$out.tmp" >"$out"
    rm -f "$out.tmp"
    echo "  $name.$arch.ptx"
  done
done
