// satdoku/grid.hpp - a board's contents: a puzzle (with empty cells) or a
// solution (complete).
//
// Cells hold 0 (empty) or a digit 1..N.  A Grid shares its Geometry with
// every other grid of the same shape.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "satdoku/geometry.hpp"

namespace satdoku {

class Grid {
 public:
  // An empty board of the given shape.  Throws UsageError, naming the
  // constructor, for a null geometry.
  explicit Grid(std::shared_ptr<const Geometry> geometry);

  const Geometry& geometry() const { return *geometry_; }
  const std::shared_ptr<const Geometry>& geometry_ptr() const { return geometry_; }
  int size() const { return geometry_->size(); }
  int cell_count() const { return geometry_->cell_count(); }

  // The digit in `cell`, 0 when empty.  Precondition (unchecked: solvers
  // and encoders read cells in their inner loops; the sanitizer builds'
  // _GLIBCXX_ASSERTIONS check it): 0 <= cell < cell_count().
  int at(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  // The digit at (row, col).  Throws UsageError, naming the function, unless
  // 0 <= row < N and 0 <= col < N: a column past the end of its row would
  // otherwise read a cell of the next row.  Checked because no inner loop
  // uses it (its callers are the writers and a benchmark's board
  // transforms, each a pass over a board); those that need speed use
  // at(cell).
  int at(int row, int col) const { return at(cell_of("Grid::at", row, col)); }
  // Puts `digit` (0 empties the cell) into `cell`.  Throws UsageError,
  // naming the function, unless 0 <= cell < cell_count() and 0 <= digit <= N.
  void set(int cell, int digit) {
    if (static_cast<unsigned>(cell) >= cells_.size() || static_cast<unsigned>(digit) > static_cast<unsigned>(size()))
      misuse(cell, digit);
    cells_[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(digit);
  }
  // The same at (row, col).  Throws UsageError, naming the function, unless
  // 0 <= row < N and 0 <= col < N (set(0, N, d) would fill r2c1) and
  // 0 <= digit <= N.
  void set(int row, int col, int digit) { set(cell_of("Grid::set", row, col), digit); }

  std::span<const std::uint16_t> cells() const { return cells_; }
  int clue_count() const;      // non-empty cells
  bool is_complete() const;    // no empty cell

  // Same shape and same contents.
  bool operator==(const Grid& other) const;

 private:
  [[noreturn]] void misuse(int cell, int digit) const;
  // The cell at (row, col), or UsageError from `function` when either is
  // off the board.
  int cell_of(const char* function, int row, int col) const {
    const auto n = static_cast<unsigned>(size());
    if (static_cast<unsigned>(row) >= n || static_cast<unsigned>(col) >= n) off_board(function, row, col);
    return geometry_->cell(row, col);
  }
  [[noreturn]] void off_board(const char* function, int row, int col) const;

  std::shared_ptr<const Geometry> geometry_;
  std::vector<std::uint16_t> cells_;
};

// A strict weak order of grids that agrees with ==: by size, box shape,
// then cells.
bool grid_less(const Grid& a, const Grid& b);

// Pointers to the grids of `grids`, in grid_less order.
std::vector<const Grid*> sorted_grids(std::span<const Grid> grids);

// Whether `sorted` (from sorted_grids) holds a grid equal to `grid`.
bool contains_grid(const std::vector<const Grid*>& sorted, const Grid& grid);

// Whether two of `grids` are equal.  O(K log K): a count of many thousand
// solutions is checked in milliseconds, where comparing each pair took seconds.
bool has_repeats(std::span<const Grid> grids);

// Two clues that break a rule: the same digit twice in one unit.
struct Clash {
  int first = -1;   // the earlier cell in row-major order
  int second = -1;  // the later cell
  int digit = 0;
  int unit = -1;    // a unit containing both
};

// The first clash among the clues of `puzzle` (by the later cell in
// row-major order), or nullopt when the clues obey the rules.  Solvers use it
// to report `invalid`; the verifier has its own, independent check.
std::optional<Clash> find_clash(const Grid& puzzle);

}  // namespace satdoku
