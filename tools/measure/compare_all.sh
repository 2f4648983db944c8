#!/usr/bin/env bash
# compare_all.sh: the functional cross-check. For every committed GPU result (traces/<w>/<tag>.json,
# tools/bench/<b>.<tag>.json) it runs the same config in the simulator (`warpsim run --functional --dump`)
# and compares every output buffer's sha256 with the GPU's (compare_dump.py). Prints match/MISMATCH per
# buffer; exits 1 if any buffer differs. Leaves out: tolerance for approximate instructions and for
# buffers that depend on the order of atomics (the result JSON's buffers_varying_between_runs lists those).
# Usage (repository root): tools/measure/compare_all.sh [WARPSIM_BINARY] [TAG]   (defaults: build/warpsim, h200)
set -u
SIM=${1:-build/warpsim}
TAG=${2:-h200}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
rc=0
for h in traces/*/"$TAG".json tools/bench/*."$TAG".json; do
  [ -f "$h" ] || continue
  c=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['config'])" "$h")
  n=$(basename "$c" .json)
  varying=$(python3 -c "import json,sys; print(' '.join(json.load(open(sys.argv[1])).get('buffers_varying_between_runs', [])))" "$h")
  if ! "$SIM" run "$c" --functional --dump "$D/$n" >"$D/$n.log" 2>&1; then
    echo "## $n: simulator failed: $(tail -1 "$D/$n.log")"; rc=1; continue
  fi
  echo "## $n${varying:+ (varies between GPU runs: $varying)}"
  python3 tools/measure/compare_dump.py "$h" "$D/$n" || rc=1
done
exit $rc
