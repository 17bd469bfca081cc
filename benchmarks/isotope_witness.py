#!/usr/bin/env python3
"""Look for a solution of a big Sudoku among the isotopes of a cyclic group.

Usage: benchmarks/isotope_witness.py PUZZLE [OUT]

PUZZLE is an N x N board as in ../shared/data/large (N lines of N numbers,
'.' or 0 for a blank) with square boxes.  Many generators fill a board from
the pattern digit(r, c) = (b * (r % b) + r // b + c) mod N and then shuffle
rows, columns and digits: every such grid is digit(r, c) = s(a(r) + g(c)) in
the integers mod N, for bijections a, g and s.  This script tries to fit the
clues to that form: it fixes a(r0) = g(c0) = 0 and g(c1) = 1 for two clues of
one row (the group's automorphisms leave no other freedom once g(c1) - g(c0)
generates it) and derives the rest from the equations a(r) + g(c) = s(d) of
the clues.  Rows, columns or digits no clue reaches are tried in every order
when there are at most three of them.

This is a diagnostic, not a solver: it says nothing when the puzzle was made
another way, and it finds one solution, not all.  What it found is checked
here against every rule and clue; `satdoku solve OUT` checks the rules again.
Exit status: 0 a solution was found (and written to OUT when given), 1 none.
"""

import itertools
import math
import sys


def read_board(path):
    with open(path) as f:
        rows = [[0 if t == "." else int(t) for t in line.split()] for line in f if line.strip()]
    n = len(rows)
    if any(len(r) != n for r in rows) or math.isqrt(n) ** 2 != n:
        sys.exit(f"{path}: expected an N x N board with square boxes")
    return rows


def fit(clues, n, r0, c0, c1):
    """Solve a(r) + g(c) = s(d) over the clues; None on a contradiction."""
    a, g, s = [None] * n, [None] * n, {}
    digit = {(r, c): d for r, c, d in clues}
    a[r0], g[c0], s[digit[r0, c0]] = 0, 0, 0
    g[c1], s[digit[r0, c1]] = 1, 1
    changed = True
    while changed:
        changed = False
        for r, c, d in clues:
            x, y, z = a[r], g[c], s.get(d)
            if x is not None and y is not None and z is not None:
                if (x + y) % n != z:
                    return None
            elif x is not None and y is not None:
                s[d] = (x + y) % n
                changed = True
            elif x is not None and z is not None:
                g[c] = (z - x) % n
                changed = True
            elif y is not None and z is not None:
                a[r] = (z - y) % n
                changed = True
    return a, g, s


def is_solution(grid, clues, n):
    b = math.isqrt(n)
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(b) for j in range(b)]
              for br in range(0, n, b) for bc in range(0, n, b)]
    return (all(sorted(grid[r][c] for r, c in u) == list(range(1, n + 1)) for u in units)
            and all(grid[r][c] == d for r, c, d in clues))


def completions(a, g, s, n):
    """Every way to give the unreached rows, columns and digits the unused values."""
    def choices(values):
        missing = [i for i, v in enumerate(values) if v is None]
        unused = sorted(set(range(n)) - {v for v in values if v is not None})
        if len(missing) > 3:
            return []
        return [dict(zip(missing, p)) for p in itertools.permutations(unused)]

    s_list = [s.get(d) for d in range(1, n + 1)]
    for fa, fg, fs in itertools.product(choices(a), choices(g), choices(s_list)):
        aa = [fa.get(i, v) for i, v in enumerate(a)]
        gg = [fg.get(i, v) for i, v in enumerate(g)]
        ss = [fs.get(i, v) for i, v in enumerate(s_list)]
        digit_of = {v: d + 1 for d, v in enumerate(ss)}
        yield [[digit_of[(aa[r] + gg[c]) % n] for c in range(n)] for r in range(n)]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    board = read_board(sys.argv[1])
    n = len(board)
    clues = [(r, c, d) for r in range(n) for c in range(n) if (d := board[r][c])]
    r0 = max(range(n), key=lambda r: sum(1 for d in board[r] if d))
    cols = [c for c in range(n) if board[r0][c]]
    for c1 in cols[1:]:
        found = fit(clues, n, r0, cols[0], c1)
        if found is None:
            continue
        for grid in completions(*found, n):
            if is_solution(grid, clues, n):
                print(f"{sys.argv[1]}: the clues fit a cyclic isotope; a solution satisfies "
                      f"every rule and all {len(clues)} clues")
                if len(sys.argv) == 3:
                    with open(sys.argv[2], "w") as out:
                        out.write("\n".join(" ".join(map(str, row)) for row in grid) + "\n")
                return 0
    print(f"{sys.argv[1]}: no solution of this form")
    return 1


if __name__ == "__main__":
    sys.exit(main())
