#!/bin/sh
# fidelity.sh BUILD_DIR [DATA_FILE] [JOBS]
#
# Checks satdoku's propagation strength against the published figures, on
# all of 17_clue.txt (the default DATA_FILE: ../shared/data/17_clue.txt beside
# the repository, or $SATDOKU_SHARED_DATA/17_clue.txt):
#   unit propagation alone solves   0%          with minimal,
#                                   44.5-44.6%  with extended,
#                                   76.0-76.1%  with triads;
#   failed-literal probing solves   100%        with extended.
# Runs `satdoku compare --strength-only --probe` (satdoku's own propagation
# over the clauses each encoding emits; no SAT solver involved), prints the
# figures as a Markdown table for RESULTS.md and checks the ranges.
# Builds nothing: BUILD_DIR must hold cli/satdoku.  Exit code 0 when every
# figure is in range, 1 when one is not, 2 on a usage error.
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [DATA_FILE] [JOBS]" >&2
  exit 2
fi
satdoku=$1/cli/satdoku
data=${2:-${SATDOKU_SHARED_DATA:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data}/17_clue.txt}
jobs=${3:-2}
[ -x "$satdoku" ] || { echo "$0: no $satdoku (build target satdoku first)" >&2; exit 2; }
[ -r "$data" ] || { echo "$0: cannot read $data" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
"$satdoku" compare "$data" --strength-only --probe --encodings minimal,natural,extended,triads \
  --amo pairwise --jobs "$jobs" --no-progress --csv "$tmp/strength.csv" >/dev/null
seconds=$(( $(date +%s) - start ))

# Columns by name, so the script survives new CSV fields.
awk -F, -v data="$data" -v seconds="$seconds" '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    enc = $col["encoding"]; up[enc] = $col["up_solved_pct"]; fl[enc] = $col["fl_solved_pct"]
    n = $col["puzzles"]; order[++rows] = enc
  }
  function check(what, value, lo, hi) {
    ok = value + 0 >= lo && value + 0 <= hi
    printf "%-34s %7s%%  expected %s-%s%%  %s\n", what, value, lo, hi, ok ? "ok" : "OUT OF RANGE"
    if (!ok) bad = 1
  }
  END {
    printf "satdoku compare --strength-only --probe on %s (%d puzzles, %d s)\n\n", data, n, seconds
    print "| encoding | UP solves | FL solves |"
    print "| --- | ---: | ---: |"
    for (i = 1; i <= rows; ++i) printf "| %s | %s%% | %s%% |\n", order[i], up[order[i]], fl[order[i]]
    print ""
    check("unit propagation, minimal", up["minimal"], 0, 0)
    check("unit propagation, extended", up["extended"], 44.5, 44.6)
    check("unit propagation, triads", up["triads"], 76.0, 76.1)
    check("failed literals, extended", fl["extended"], 100, 100)
    exit bad
  }' "$tmp/strength.csv"
