#!/usr/bin/env bash
# run_instrumented.sh: measures per-warp timelines on the GPU. For every instrumented run config under DIR
# (made here with `warpsim instrument CONFIG --out DIR/<name>`), it runs warpsim-measure with the trace
# buffers kept in full (--inline-limit), timing REPEAT launches so the instrumentation's overhead can be
# compared with the plain runs' times; results land in $OUT/instrumented.tgz. tools/measure/import_timeline.py
# turns each result into traces/<name>/h200.timeline.json.
# Usage (repository root, on the GPU machine): tools/measure/run_instrumented.sh [DIR]   (default .measure/inst)
set -u
DIR=${1:-.measure/inst}
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
OUT=${OUT:-/tmp/measure-out}
W=${MEASURE_WORK:-/tmp/measure-inst}
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
rm -rf "$W"; mkdir -p "$W" "$OUT"
for cfg in "$DIR"/*/*.instrumented.json; do
  name=$(basename "$(dirname "$cfg")")
  echo "== $name"
  "$BIN" "$cfg" --repeat "${REPEAT:-20}" --warmup "${WARMUP:-2}" --inline-limit 100000000 --out "$W/$name.json" \
    > "$W/$name.log" 2>&1 || { echo "FAILED $name"; tail -5 "$W/$name.log"; }
done
# Keep the contents of the trace buffers only (the other buffers keep their hashes).
python3 - "$W" <<'PY'
import json, pathlib, sys
for f in pathlib.Path(sys.argv[1]).glob("*.json"):
    d = json.loads(f.read_text())
    for name, b in d.get("buffers", {}).items():
        if not name.startswith("warpsim_trace_"):
            b.pop("hex", None)
    f.write_text(json.dumps(d))
PY
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$W/nvidia-smi.csv" 2>&1
tar -czf "$OUT/instrumented.tgz" -C "$W" .
ls -la "$OUT"
