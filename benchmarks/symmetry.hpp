// benchmarks/symmetry.hpp - random validity-preserving transforms of a
// puzzle, so that no solver profits from the order or the orientation of the
// puzzles in a file.
//
// A transform of a board with square boxes (R = C, as 9x9) is drawn from the
// symmetry group of Sudoku: a relabelling of the digits, a permutation of
// the rows inside each band and of the bands, of the columns inside each
// stack and of the stacks, and a transposition (with probability 1/2).
// Every transform maps a puzzle with k solutions to one with k solutions and
// keeps the clue count.  Boards with R != C get the digit relabelling and
// the row/column permutations only (a transposition would change the box
// shape).
//
//   SplitMix rng(seed);
//   Symmetry s = Symmetry::random(geometry, rng);
//   Grid t = s.apply(puzzle);
#pragma once

#include <cstdint>
#include <vector>

#include "satdoku/grid.hpp"

namespace satdoku::bench {

// A small, fully specified random generator (SplitMix64), so that a seed
// gives the same puzzles on every platform and standard library.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in 0..n-1 (n >= 1; the modulo bias is below 2^-50 for boards).
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  // Fisher-Yates shuffle.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<std::size_t>(below(static_cast<int>(i)))]);
  }

 private:
  std::uint64_t state_;
};

class Symmetry {
 public:
  // The identity on boards of size n.
  explicit Symmetry(int n);
  // A uniformly drawn transform for boards of `geometry`'s shape.
  static Symmetry random(const Geometry& geometry, SplitMix& rng);

  // The transformed grid: cell (r, c) of the result holds
  // digit_[source(r, c)] where source undoes the row/column maps.
  // Precondition: grid of the size this transform was made for.
  Grid apply(const Grid& grid) const;

 private:
  std::vector<int> digit_;  // digit_[d] for d = 0..N (digit_[0] = 0)
  std::vector<int> row_;    // result row r takes source row row_[r]
  std::vector<int> col_;    // result column c takes source column col_[c]
  bool transpose_ = false;  // source read as (col, row)
};

}  // namespace satdoku::bench
