#include "satdoku/grid.hpp"

#include <algorithm>

namespace satdoku {

Grid::Grid(std::shared_ptr<const Geometry> geometry)
    : geometry_(std::move(geometry)),
      cells_(static_cast<std::size_t>(geometry_->cell_count()), 0) {}

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
