#!/usr/bin/env python3
"""scripts/random_puzzles.py SEED COUNT SIZES

Prints COUNT random puzzles, one per line (symbols 1-9 then A-Z, '.' for an
empty cell), on boards of the sizes listed (comma separated, 4 to 35; the box
shape is the one satdoku assumes: R rows by C columns, R <= C, as square as
possible).  Each puzzle is a valid grid (a pattern shuffled by digit, band,
row, stack and column permutations) with 20% to 60% of its cells kept; one in
twenty gets a random symbol in a random cell, so some have no solution or
clashing clues.  The same SEED gives the same puzzles.
"""
import random
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def box_shape(n):
    rows = int(n ** 0.5)
    while n % rows:
        rows -= 1
    return rows, n // rows


def random_grid(n, rng):
    rows_per_box, cols_per_box = box_shape(n)
    pattern = [[(cols_per_box * (r % rows_per_box) + r // rows_per_box + c) % n for c in range(n)]
               for r in range(n)]
    digits = rng.sample(range(n), n)
    bands = rng.sample(range(n // rows_per_box), n // rows_per_box)
    rows = [b * rows_per_box + k for b in bands for k in rng.sample(range(rows_per_box), rows_per_box)]
    stacks = rng.sample(range(n // cols_per_box), n // cols_per_box)
    cols = [s * cols_per_box + k for s in stacks for k in rng.sample(range(cols_per_box), cols_per_box)]
    return [[digits[pattern[r][c]] for c in cols] for r in rows]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[0])
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    sizes = [int(s) for s in sys.argv[3].split(",")]
    if any(not 4 <= n <= len(SYMBOLS) for n in sizes):
        sys.exit("random_puzzles.py: sizes must be 4 to 35")
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.choice(sizes)
        grid = random_grid(n, rng)
        keep = rng.uniform(0.2, 0.6)
        cells = [SYMBOLS[grid[r][c]] if rng.random() < keep else "." for r in range(n) for c in range(n)]
        if rng.random() < 0.05:
            cells[rng.randrange(n * n)] = SYMBOLS[rng.randrange(n)]
        print("".join(cells))


if __name__ == "__main__":
    main()
