#include "symmetry.hpp"

#include <numeric>

namespace satdoku::bench {

namespace {

// A permutation of `count` lines grouped `group` by `group`: the groups are
// permuted, and the lines inside each group.
std::vector<int> grouped_permutation(int count, int group, SplitMix& rng) {
  std::vector<int> groups(static_cast<std::size_t>(count / group));
  std::iota(groups.begin(), groups.end(), 0);
  rng.shuffle(groups);
  std::vector<int> lines;
  lines.reserve(static_cast<std::size_t>(count));
  for (int g : groups) {
    std::vector<int> inner(static_cast<std::size_t>(group));
    std::iota(inner.begin(), inner.end(), g * group);
    rng.shuffle(inner);
    lines.insert(lines.end(), inner.begin(), inner.end());
  }
  return lines;
}

}  // namespace

Symmetry::Symmetry(int n)
    : digit_(static_cast<std::size_t>(n) + 1), row_(static_cast<std::size_t>(n)), col_(static_cast<std::size_t>(n)) {
  std::iota(digit_.begin(), digit_.end(), 0);
  std::iota(row_.begin(), row_.end(), 0);
  std::iota(col_.begin(), col_.end(), 0);
}

Symmetry Symmetry::random(const Geometry& geometry, SplitMix& rng) {
  const int n = geometry.size();
  Symmetry s(n);
  std::vector<int> digits(static_cast<std::size_t>(n));
  std::iota(digits.begin(), digits.end(), 1);
  rng.shuffle(digits);
  for (int d = 1; d <= n; ++d) s.digit_[static_cast<std::size_t>(d)] = digits[static_cast<std::size_t>(d - 1)];
  const BoxShape box = geometry.box();
  s.row_ = grouped_permutation(n, box.rows, rng);
  s.col_ = grouped_permutation(n, box.cols, rng);
  s.transpose_ = box.rows == box.cols && rng.below(2) == 1;
  return s;
}

Grid Symmetry::apply(const Grid& grid) const {
  Grid out(grid.geometry_ptr());
  const int n = grid.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int sr = row_[static_cast<std::size_t>(r)];
      const int sc = col_[static_cast<std::size_t>(c)];
      const int v = transpose_ ? grid.at(sc, sr) : grid.at(sr, sc);
      out.set(r, c, digit_[static_cast<std::size_t>(v)]);
    }
  }
  return out;
}

}  // namespace satdoku::bench
