#!/usr/bin/env bash
# Times `warpsim report` against `warpsim run` (timing mode, as `warpsim validate` runs it) on every run config
# under traces/*/ (issue 13: "warpsim report works on every workload in traces/: the teaching workloads in a few
# seconds each, the large ones in not much more than their timed run").
#
# A run config is a JSON object with "gpu" and "kernels" in traces/<workload>/; measurements (h200.json,
# *.h200*.json) and other JSON files are skipped. For each config it records the wall and user-CPU seconds and
# the exit status of `warpsim run CONFIG` and of `warpsim report CONFIG --html OUT/<workload>__<config>.html`,
# the page's size, and for each of the eight sections (the page's <section id=... data-applies=...>): "y" when it
# applies and holds a view (an element with data-view=...), "n" when it says it does not apply, "Y!" when it
# applies but has no view, "-" when it is missing. Prints a table and writes it to OUT/report_all.txt (and
# OUT/report_all.tsv, one row per config).
#
# Usage: tools/bench/report_all.sh [--warpsim PATH] [--out DIR] [--only REGEX] [--no-run] [--timeout SECONDS]
#   --only REGEX   configs whose path matches REGEX (grep -E), e.g. --only 'j_|ubench_dram'
#   --no-run       skip `warpsim run` (report only)
#   --timeout S    kill either command after S seconds (default 1800); recorded as exit 124
# User-CPU seconds (/usr/bin/time %U) are less sensitive to a loaded machine than wall seconds; report both.
# Exits 1 when any report failed or broke a section, 0 otherwise.
set -u
cd "$(dirname "$0")/../.." || exit 2

warpsim=./build/warpsim
out=build/report_all
only=.
do_run=1
limit=1800
while [ $# -gt 0 ]; do
  case "$1" in
    --warpsim) warpsim=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --no-run) do_run=0; shift ;;
    --timeout) limit=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "report_all.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$warpsim" ] || { echo "report_all.sh: no warpsim at $warpsim (build it: bash tools/build.sh)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "report_all.sh: needs /usr/bin/time (Debian's time package)" >&2; exit 2; }
mkdir -p "$out"

# The run configs: JSON objects with "gpu" and "kernels", measurements excluded.
mapfile -t configs < <(
  for f in traces/*/*.json; do
    case "$(basename "$f")" in h200*.json | *.h200*.json | validation-baseline.json) continue ;; esac
    echo "$f"
  done | grep -E -- "$only" | python3 -c '
import json, sys
for line in sys.stdin:
    path = line.strip()
    try:
        d = json.load(open(path))
    except ValueError:
        continue
    if isinstance(d, dict) and "kernels" in d and "gpu" in d:
        print(path)')
[ ${#configs[@]} -gt 0 ] || { echo "report_all.sh: no run config matches --only $only" >&2; exit 2; }

SECTIONS="divergence occupancy sweep latency banks coalescing timeline sol"
tsv=$out/report_all.tsv
txt=$out/report_all.txt
printf 'config\trun_wall\trun_user\trun_rc\treport_wall\treport_user\treport_rc\tpage_bytes\t%s\n' \
  "$(echo $SECTIONS | tr ' ' '\t')" >"$tsv"

# Runs "$@" under /usr/bin/time with the limit; prints "WALL USER RC".
timed() {
  local log=$1; shift
  /usr/bin/time -o "$log.time" -f '%e %U' timeout "$limit" "$@" >"$log" 2>&1
  local rc=$?
  local t
  t=$(tail -n 1 "$log.time" 2>/dev/null)
  case "$t" in *[0-9]\ *[0-9]) ;; *) t="- -" ;; esac
  echo "$t $rc"
}

fails=0
for cfg in "${configs[@]}"; do
  name=$(basename "$(dirname "$cfg")")__$(basename "$cfg" .json)
  if [ $do_run = 1 ]; then
    read -r rw ru rrc < <(timed "$out/$name.run.log" "$warpsim" run "$cfg")
  else
    rw=- ru=- rrc=-
  fi
  html=$out/$name.html
  rm -f "$html"
  read -r pw pu prc < <(timed "$out/$name.report.log" "$warpsim" report "$cfg" --html "$html")
  bytes=$( [ -f "$html" ] && stat -c %s "$html" || echo 0)
  marks=$(python3 - "$html" "$SECTIONS" <<'EOF'
import re, sys
path, sections = sys.argv[1], sys.argv[2].split()
try:
    page = open(path, encoding="utf-8").read()
except OSError:
    print(" ".join("-" for _ in sections)); sys.exit()
found = {}
for part in re.split(r"(?=<section )", page)[1:]:
    m = re.match(r'<section id="([a-z_]+)"[^>]*data-applies="(yes|no)"', part)
    if m:
        body = part[:part.find("</section>")]
        found[m.group(1)] = "n" if m.group(2) == "no" else ("y" if "data-view=" in body else "Y!")
print(" ".join(found.get(s, "-") for s in sections))
EOF
)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$cfg" "$rw" "$ru" "$rrc" "$pw" "$pu" "$prc" "$bytes" \
    "$(echo $marks | tr ' ' '\t')" >>"$tsv"
  case "$prc $marks" in 0\ *-* | 0\ *Y!*) fails=$((fails + 1)) ;; 0\ *) ;; *) fails=$((fails + 1)) ;; esac
  printf '%-52s run %7s s %3s  report %7s s %3s  %s\n' "$cfg" "$ru" "$rrc" "$pu" "$prc" "$marks" >&2
done

python3 - "$tsv" >"$txt" <<'EOF'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
head, rows = rows[0], rows[1:]
short = ["div", "occ", "swp", "lat", "bnk", "coa", "tl", "sol"]
print(f"{'config':<52} {'run wall':>8} {'run cpu':>8} {'rc':>3} {'rep wall':>8} {'rep cpu':>8} {'rc':>3} "
      f"{'ratio':>6} {'KiB':>6}  " + " ".join(f"{s:>3}" for s in short))
def num(s):
    try:
        return float(s)
    except ValueError:
        return None
for r in rows:
    ru, pu = num(r[2]), num(r[5])
    ratio = f"{pu / ru:.2f}" if ru and pu is not None and ru >= 0.05 else "-"
    print(f"{r[0]:<52} {r[1]:>8} {r[2]:>8} {r[3]:>3} {r[4]:>8} {r[5]:>8} {r[6]:>3} {ratio:>6} "
          f"{int(r[7]) / 1024:>6.0f}  " + " ".join(f"{m:>3}" for m in r[8:]))
tot = lambda i: sum(num(r[i]) or 0 for r in rows)
print(f"{len(rows)} configs; total CPU seconds: run {tot(2):.1f}, report {tot(5):.1f}; "
      f"wall seconds: run {tot(1):.1f}, report {tot(4):.1f}")
print("sections: y applies and draws a view, n does not apply (says why), Y! applies but draws no view, - missing;"
      " ratio = report CPU / run CPU (runs under 0.05 s CPU: -)")
EOF
cat "$txt"
echo "wrote $txt and $tsv; pages and logs in $out/"
[ $fails = 0 ] || { echo "$fails config(s) failed or broke a section (rc != 0, a section missing or viewless)"; exit 1; }
