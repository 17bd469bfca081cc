// satdoku/varmap.hpp - the one map between Sudoku facts and SAT variables.
//
// Primary variable x(r,c,d) means "cell (r,c) holds digit d+1" (r, c, d from
// 0) and is numbered
//
//     var = N*N*r + N*c + d + 1        (1 .. N^3)
//
// With cell = r*N + c (Geometry's numbering) and digit = d+1 in 1..N this is
// simply var = cell*N + digit.  Auxiliary variables (triads, at-most-one
// helpers) are numbered after N^3.  Encoding and decoding both go through
// this class; nobody re-derives the formula elsewhere.
//
//   satdoku::VarMap map(9);
//   int v = map.var(40, 5);          // 365: the centre cell holds 5
//   map.cell_of(v), map.digit_of(v); // 40, 5
#pragma once

#include <cstdint>
#include <string>

namespace satdoku {

class VarMap {
 public:
  // Throws UsageError, naming the constructor, unless 1 <= n <= 1024
  // (Geometry::kMaxSize), so that N^3 fits an int.
  explicit VarMap(int n) : n_(n) {
    if (n < 1 || n > 1024) misuse(n);
  }

  int size() const { return n_; }
  // N^3: the number of primary variables, also the highest one.
  int primary_count() const { return n_ * n_ * n_; }
  // The first auxiliary variable, N^3 + 1.
  int first_aux() const { return primary_count() + 1; }

  // x(cell, digit).  Preconditions: 0 <= cell < N*N, 1 <= digit <= N.
  int var(int cell, int digit) const { return cell * n_ + digit; }
  // x(row, col, digit) with row, col from 0 and digit from 1.
  int var(int row, int col, int digit) const { return var(row * n_ + col, digit); }

  // Whether `var` (> 0) is a primary variable.
  bool is_primary(int var) const { return var >= 1 && var <= primary_count(); }
  // Inverse of var().  Precondition: is_primary(var).
  int cell_of(int var) const { return (var - 1) / n_; }
  int digit_of(int var) const { return (var - 1) % n_ + 1; }

  // The formula as written into CNF headers:
  // "x(r,c,d) = 81*r + 9*c + d + 1 (r, c, d from 0)".
  std::string formula() const {
    return "x(r,c,d) = " + std::to_string(n_ * n_) + "*r + " + std::to_string(n_) +
           "*c + d + 1 (r, c, d from 0)";
  }

 private:
  [[noreturn]] static void misuse(int n);
  int n_;
};

}  // namespace satdoku
