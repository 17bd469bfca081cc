// The verifier deliberately re-derives everything it checks from the
// geometry's units, with no help from the solvers, encoders or find_clash().
#include "satdoku/verify.hpp"

#include <sstream>
#include <vector>

namespace satdoku {

std::string cell_name(const Geometry& geometry, int cell) {
  std::string s = "r";
  s.append(std::to_string(geometry.row_of(cell) + 1)).append("c").append(std::to_string(geometry.col_of(cell) + 1));
  return s;
}

std::string Violation::describe(const Geometry& g, const std::function<std::string(int)>& digit_text) const {
  auto d = [&](int value) { return digit_text ? digit_text(value) : std::to_string(value); };
  std::ostringstream s;
  switch (kind) {
    case Kind::shape_mismatch:
      s << "the grid's shape does not match the puzzle's (" << g.describe() << ")";
      break;
    case Kind::empty_cell:
      s << "cell " << cell_name(g, cell) << " is empty";
      break;
    case Kind::bad_digit:
      s << "cell " << cell_name(g, cell) << " holds " << digit << ", outside 1.." << g.size();
      break;
    case Kind::duplicate:
      s << g.unit_name(unit) << " holds " << d(digit) << " twice: " << cell_name(g, other) << " and "
        << cell_name(g, cell);
      break;
    case Kind::missing_digit:
      s << g.unit_name(unit) << " lacks " << d(digit);
      break;
    case Kind::clue_mismatch:
      s << "cell " << cell_name(g, cell) << " holds " << d(digit) << " but the clue there is " << d(other);
      break;
  }
  return s.str();
}

std::optional<Violation> verify(const Grid& puzzle, const Grid& solution) {
  using Kind = Violation::Kind;
  const Geometry& g = puzzle.geometry();
  const Geometry& s = solution.geometry();
  if (g.size() != s.size() || !(g.box() == s.box())) return Violation{Kind::shape_mismatch};
  const int n = g.size();

  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int v = solution.at(cell);
    if (v == 0) return Violation{Kind::empty_cell, cell};
    if (v < 1 || v > n) return Violation{Kind::bad_digit, cell, -1, v};
  }
  std::vector<int> where(static_cast<std::size_t>(n) + 1);
  for (int u = 0; u < g.unit_count(); ++u) {
    std::fill(where.begin(), where.end(), -1);
    for (int cell : g.unit(u)) {
      const int v = solution.at(cell);
      if (where[v] >= 0) return Violation{Kind::duplicate, cell, where[v], v, u};
      where[v] = cell;
    }
    // N cells without a duplicate hold every digit; this is a second guard.
    for (int d = 1; d <= n; ++d)
      if (where[d] < 0) return Violation{Kind::missing_digit, -1, -1, d, u};
  }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int clue = puzzle.at(cell);
    if (clue != 0 && solution.at(cell) != clue)
      return Violation{Kind::clue_mismatch, cell, clue, solution.at(cell)};
  }
  return std::nullopt;
}

}  // namespace satdoku
