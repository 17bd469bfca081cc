#!/usr/bin/env bash
# scripts/differential.sh [SEED] [COUNT]
#
# A differential campaign over every SAT configuration: COUNT random puzzles
# (default 200) on each of the board sizes 4, 6, 8, 9, 10 and 12
# (scripts/random_puzzles.py with seed SEED+N for size N; SEED defaults to 1),
# each file run
# through `satdoku check --count 3 -o json -j2` with every encoding, every
# at-most-one method, every mode and every reduction (4 x 6 x 3 x 4 = 288
# configurations a size), the native reference cross-checking each answer.
# Every configuration must give every puzzle the same verdict, the same count
# and, when unique, the same solution, and no run may end with exit code 3 (an
# answer that failed verification or disagreed with the reference).  Prints
# one line per size and a summary; exits 1 at the first disagreement.
# Builds satdoku (Release) into build, or runs $SATDOKU when set.  About
# eight minutes on two cores.
set -euo pipefail

seed=${1:-1}
count=${2:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ -n ${SATDOKU:-} ]]; then
  satdoku=$SATDOKU
else
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build" -j 2 --target satdoku >/dev/null
  satdoku=$root/build/cli/satdoku
fi

configurations=0
for n in 4 6 8 9 10 12; do
  python3 "$root/scripts/random_puzzles.py" $((seed + n)) "$count" "$n" >"$work/p$n.txt"
  reference=
  for encoding in minimal natural extended triads; do
    for amo in pairwise sequential commander product bimander binary; do
      for mode in fresh incremental hybrid; do
        for reduce in none clues propagate probe; do
          config="--encoding $encoding --amo $amo --mode $mode --reduce $reduce"
          code=0
          # shellcheck disable=SC2086
          "$satdoku" check -q -j2 --count 3 -o json $config "$work/p$n.txt" >"$work/out.json" 2>"$work/err.txt" || code=$?
          configurations=$((configurations + 1))
          if ((code != 0 && code != 1)); then
            echo "${n}x$n, $config: exit code $code" >&2
            head -5 "$work/err.txt" >&2
            exit 1
          fi
          # one line per puzzle: verdict, count, and the solution when unique
          python3 -c '
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    unique = r.get("verdict") == "unique"
    print(r.get("verdict"), r.get("count"), r["solutions"][0] if unique else "-")
' "$work/out.json" >"$work/answers.txt"
          if [[ -z $reference ]]; then
            reference=$config
            mv "$work/answers.txt" "$work/reference.txt"
          elif ! cmp -s "$work/answers.txt" "$work/reference.txt"; then
            echo "${n}x$n: '$config' and '$reference' disagree:" >&2
            diff "$work/reference.txt" "$work/answers.txt" | head -10 >&2
            exit 1
          fi
        done
      done
    done
  done
  echo "${n}x$n: $count puzzles, 288 configurations agree ($(cut -d' ' -f1 "$work/reference.txt" | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}'))"
done
echo "differential: $configurations runs, every configuration agrees with every other and with the reference"
