// satdoku/geometry.hpp - the shape of a board: size, boxes, units and peers.
//
// A board has N x N cells split into N boxes of R x C cells (N = R * C,
// R rows and C columns per box).  Cells are numbered row-major,
// cell = row * N + col, rows and columns from 0.  Digits are 1..N; 0 means
// an empty cell.
//
// The 3N units are numbered: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1,
// boxes numbered row-major over the grid of boxes.  This class is the one
// place where units and peers are computed; every other module asks it.
//
//   auto g = satdoku::Geometry::shared(9);          // 3x3 boxes inferred
//   for (int cell : g->unit(g->box_unit(40))) ...   // the centre box
//   g->for_each_peer(40, [](int peer) { ... });     // 20 peers
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace satdoku {

// Box dimensions: `rows` x `cols` cells.
struct BoxShape {
  int rows = 0;
  int cols = 0;

  bool operator==(const BoxShape&) const = default;
  std::string str() const;  // "RxC"
};

// Parses "RxC" (also "R*C" or "RXC"); throws UsageError when malformed or
// when a side is below 2.
BoxShape parse_box_shape(std::string_view text);

// The box shape satdoku uses for an N x N board when none is given: square
// when N is a perfect square, otherwise the most nearly square R x C with
// R < C.  Returns nullopt when no box of at least 2 x 2 exists (N prime, or
// N < 4).
std::optional<BoxShape> infer_box_shape(int n);

enum class UnitKind { row, column, box };

class Geometry {
 public:
  // Largest supported N; memory limits of each backend apply separately.
  static constexpr int kMaxSize = 1024;

  // Precondition: none.  Throws GeometryError when N is outside 4..kMaxSize,
  // when no box shape exists for N (a prime), or when `box` does not
  // multiply to N or has a side below 2.
  explicit Geometry(int n, std::optional<BoxShape> box = {});

  // A cached, immutable geometry shared by every grid of that shape
  // (thread-safe).  Same preconditions and errors as the constructor.  The
  // cache is keyed by the arguments as given: shared(9) and shared(9, {3,3})
  // are equal shapes (Grid's == compares shapes) but two objects.
  static std::shared_ptr<const Geometry> shared(int n, std::optional<BoxShape> box = {});

  int size() const { return n_; }           // N: digits per unit
  int cell_count() const { return n_ * n_; }
  BoxShape box() const { return box_; }
  int unit_count() const { return 3 * n_; }

  // The accessors below are unchecked (they serve the solvers' inner
  // loops): rows, columns and digits 0..N-1 or 1..N as named, cells
  // 0..N^2-1, units 0..3N-1.  Out of range they return numbers of other
  // cells (cell(0, N) is r2c1) or read past the tables.
  int cell(int row, int col) const { return row * n_ + col; }
  int row_of(int cell) const { return cell / n_; }
  int col_of(int cell) const { return cell % n_; }
  int box_of(int cell) const {
    return (row_of(cell) / box_.rows) * (n_ / box_.cols) + col_of(cell) / box_.cols;
  }

  int row_unit(int cell) const { return row_of(cell); }
  int column_unit(int cell) const { return n_ + col_of(cell); }
  int box_unit(int cell) const { return 2 * n_ + box_of(cell); }
  UnitKind unit_kind(int unit) const {
    return unit < n_ ? UnitKind::row : unit < 2 * n_ ? UnitKind::column : UnitKind::box;
  }
  // "row 3", "column 5", "box 2", 1-based as people count.  Throws
  // UsageError, naming the function, for a unit outside 0..3N-1.
  std::string unit_name(int unit) const;

  // The N cells of a unit, in row-major order.
  std::span<const int> unit(int u) const {
    return {units_.data() + static_cast<std::size_t>(u) * n_, static_cast<std::size_t>(n_)};
  }

  // Number of peers of every cell: 2(N-1) + (R-1)(C-1).
  int peer_count() const { return 2 * (n_ - 1) + (box_.rows - 1) * (box_.cols - 1); }

  // Calls f(peer) once for every other cell sharing a unit with `cell`:
  // the row, then the column, then the rest of the box.
  template <class F>
  void for_each_peer(int cell, F&& f) const {
    const int r = row_of(cell), c = col_of(cell);
    for (int x : unit(row_unit(cell)))
      if (x != cell) f(x);
    for (int x : unit(column_unit(cell)))
      if (x != cell) f(x);
    for (int x : unit(box_unit(cell)))
      if (row_of(x) != r && col_of(x) != c) f(x);
  }

  // "9x9 (3x3 boxes)".
  std::string describe() const;

 private:
  int n_;
  BoxShape box_;
  std::vector<int> units_;  // unit u occupies [u*N, (u+1)*N)
};

}  // namespace satdoku
