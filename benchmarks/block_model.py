#!/usr/bin/env python3
"""A model of how `--jobs N` shares a file of hard puzzles among its threads.

satdoku's batches give every block of entries that keeps solver state to one
thread (cli/batch.hpp, StateBlocks).  Here each puzzle costs one unit, each new
solver `BUILD` units, and a free thread takes the next block.  The model prints
the mean speed-up of `--jobs N` over `--jobs 1` under the same rule, for input
lengths in three ranges, for each rule of cutting the last blocks:

  256 only          blocks of 256 (session 13)
  cut last          the block in which the input ends cut into blocks of 64 (session 15)
  cut last two      every block from which fewer than 512 entries remain cut
                    into blocks of 64 (needs 512 entries of look-ahead; dropped)
  cut short inputs  "cut last", and an input of at most 512 entries cut into
                    blocks of 64 throughout (512 entries of look-ahead once, at
                    the start; session 17, the rule satdoku follows)

Usage: benchmarks/block_model.py
"""
import statistics

BUILD = 6  # a new 9x9 solver: about 4 ms, six puzzles of forum_hardest


def blocks(entries, cut_within, short_input=0):
    sizes, start = [], 0
    short_until = 512 if entries <= short_input else 0
    while start < entries:
        if start >= short_until and cut_within and entries <= start + cut_within:
            short_until = start + 256
        size = 64 if start < short_until else 256
        sizes.append(min(size, entries - start))
        start += size
    return sizes


def makespan(entries, rule, jobs):
    busy = [0.0] * jobs
    for size in blocks(entries, *rule):
        i = busy.index(min(busy))
        busy[i] += size + BUILD
    return max(busy)


RULES = {"256 only": (0,), "cut last": (256,), "cut last two": (511,), "cut short inputs": (256, 512)}

if __name__ == "__main__":
    print(f"{'jobs':>4} {'entries':>11}  " + "  ".join(f"{name:>16}" for name in RULES))
    for jobs in (2, 3, 4):
        for low, high in ((20, 256), (256, 513), (256, 1024), (1024, 4096)):
            row = []
            for cut in RULES.values():
                ratios = [makespan(n, cut, 1) / makespan(n, cut, jobs) for n in range(low, high)]
                row.append(f"{statistics.mean(ratios):16.3f}")
            print(f"{jobs:>4} {low:>5}-{high:<5}  " + "  ".join(row))
