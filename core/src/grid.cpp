#include "satdoku/grid.hpp"

#include <algorithm>
#include <string>

#include "satdoku/error.hpp"

namespace satdoku {

namespace {

std::shared_ptr<const Geometry> required(std::shared_ptr<const Geometry> geometry) {
  if (!geometry) throw UsageError("Grid: no geometry (a null pointer): use Geometry::shared(n)");
  return geometry;
}

}  // namespace

Grid::Grid(std::shared_ptr<const Geometry> geometry)
    : geometry_(required(std::move(geometry))),
      cells_(static_cast<std::size_t>(geometry_->cell_count()), 0) {}

void Grid::misuse(int cell, int digit) const {
  const std::string n = std::to_string(size());
  if (static_cast<unsigned>(cell) >= cells_.size())
    throw UsageError("Grid::set: cell " + std::to_string(cell) + " is not on a " + n + "x" + n + " board (0 to " +
                     std::to_string(cell_count() - 1) + ")");
  throw UsageError("Grid::set: digit " + std::to_string(digit) + " is not 0 (empty) to " + n);
}

void Grid::off_board(const char* function, int row, int col) const {
  const std::string n = std::to_string(size());
  throw UsageError(std::string(function) + ": row " + std::to_string(row) + ", column " + std::to_string(col) +
                   " is not on a " + n + "x" + n + " board (rows and columns 0 to " + std::to_string(size() - 1) +
                   ")");
}

int Grid::clue_count() const {
  return static_cast<int>(std::count_if(cells_.begin(), cells_.end(), [](auto v) { return v != 0; }));
}

bool Grid::is_complete() const {
  return std::none_of(cells_.begin(), cells_.end(), [](auto v) { return v == 0; });
}

bool Grid::operator==(const Grid& other) const {
  return (geometry_ == other.geometry_ ||
          (geometry_->size() == other.geometry_->size() && geometry_->box() == other.geometry_->box())) &&
         cells_ == other.cells_;
}

bool grid_less(const Grid& a, const Grid& b) {
  const Geometry& ga = a.geometry();
  const Geometry& gb = b.geometry();
  if (ga.size() != gb.size()) return ga.size() < gb.size();
  if (ga.box().rows != gb.box().rows) return ga.box().rows < gb.box().rows;
  if (ga.box().cols != gb.box().cols) return ga.box().cols < gb.box().cols;
  const auto ca = a.cells(), cb = b.cells();
  return std::lexicographical_compare(ca.begin(), ca.end(), cb.begin(), cb.end());
}

std::vector<const Grid*> sorted_grids(std::span<const Grid> grids) {
  std::vector<const Grid*> sorted;
  sorted.reserve(grids.size());
  for (const Grid& g : grids) sorted.push_back(&g);
  std::sort(sorted.begin(), sorted.end(), [](const Grid* a, const Grid* b) { return grid_less(*a, *b); });
  return sorted;
}

bool contains_grid(const std::vector<const Grid*>& sorted, const Grid& grid) {
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), &grid,
                                   [](const Grid* a, const Grid* b) { return grid_less(*a, *b); });
  return it != sorted.end() && **it == grid;
}

bool has_repeats(std::span<const Grid> grids) {
  if (grids.size() < 2) return false;  // (most answers hold one solution: no sorting for them)
  const std::vector<const Grid*> sorted = sorted_grids(grids);
  return std::adjacent_find(sorted.begin(), sorted.end(), [](const Grid* a, const Grid* b) { return *a == *b; }) !=
         sorted.end();
}

std::optional<Clash> find_clash(const Grid& puzzle) {
  const Geometry& g = puzzle.geometry();
  const int n = g.size();
  // seen[u * (n+1) + d] = the first cell of unit u holding digit d, plus one.
  std::vector<int> seen(static_cast<std::size_t>(g.unit_count()) * (n + 1), 0);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int d = puzzle.at(cell);
    if (d == 0) continue;
    for (int u : {g.row_unit(cell), g.column_unit(cell), g.box_unit(cell)}) {
      int& first = seen[static_cast<std::size_t>(u) * (n + 1) + d];
      if (first != 0) return Clash{first - 1, cell, d, u};
      first = cell + 1;
    }
  }
  return std::nullopt;
}

}  // namespace satdoku
