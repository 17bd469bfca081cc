#!/usr/bin/env bash
# Static analysis of the libraries and the CLI (core, encoder, solver, cli):
# clang-tidy with the checks named in .clang-tidy, then cppcheck.  Any finding
# fails the run (exit 1) and is printed with its file and line.  Configures
# build-lint (or $LINT_BUILD_DIR) for its compile commands; builds nothing.  About
# 4.5 minutes on 2 cores, nearly all of it clang-tidy.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${LINT_BUILD_DIR:-build-lint}
folders=(core encoder solver cli)  # also .clang-tidy's HeaderFilterRegex
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DSATDOKU_BENCHMARKS=OFF >/dev/null
log="$build_dir/clang-tidy.log"
status=0

# The sources to check: those of compile_commands.json in the folders
# (through links), named as run-clang-tidy names them (the entry's folder
# joined with its file, not resolved), in one pattern that matches exactly
# them.  Refuse to go on when there are none (nothing would be checked).
read -r count sources < <(python3 - "$build_dir/compile_commands.json" "${folders[@]}" <<'EOF'
import json, os, re, sys
folders = "|".join(re.escape(f) for f in sys.argv[2:])
inside = re.compile(re.escape(os.path.realpath(".")) + "/(" + folders + ")/")
names = sorted({os.path.normpath(os.path.join(e["directory"], e["file"]))
                for e in json.load(open(sys.argv[1]))})
names = [n for n in names if inside.match(os.path.realpath(n))]
print(len(names), "^(" + "|".join(re.escape(n) for n in names) + ")$")
EOF
)
if ((count == 0)); then
  echo "lint: no source of ${folders[*]} in $build_dir/compile_commands.json" >&2
  exit 1
fi

echo "lint: clang-tidy $(clang-tidy --version | sed -n 's/.*version \([0-9.]*\).*/\1/p') over $count files"
# run-clang-tidy prints every file's tally of header warnings; keep the findings.
run-clang-tidy -p "$build_dir" -j "$(nproc)" -quiet "$sources" >"$log" 2>&1 || status=1
findings=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^/.*: (warning|error): ' | sort -u || true)
if [[ -n $findings ]]; then echo "$findings"; fi
if ((status != 0)); then
  # No finding to show: clang-tidy itself failed; its last words say why.
  if [[ -z $findings ]]; then tail -n 20 "$log"; fi
  echo "lint: clang-tidy failed (whole output: $log)" >&2
fi

echo "lint: cppcheck $(cppcheck --version | sed 's/Cppcheck //')"
cppcheck --std=c++20 --enable=warning,performance,portability --error-exitcode=1 \
  --quiet -j "$(nproc)" -Icore/include -Iencoder/include -Isolver/include "${folders[@]}" ||
  status=1
if ((status == 0)); then echo "lint: no findings"; fi
exit "$status"
