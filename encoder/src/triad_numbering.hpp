// How the `triads` encoding numbers its segments and triads, written once
// for the encoder, its propagations and the 9x9 one (internal to the encoder).
//
// A row segment is the cells of row r inside box column b (a row crosses
// N/C = R boxes, so b < R); a column segment the cells of column c inside
// box row b (b < C).  Row segments come first: row segment (r, b) is
// r*R + b, column segment (c, b) is N*R + c*C + b.  The triad of digit k
// (from 0) in segment s is s*N + k, and its variable is the one after the
// cell variables plus that number.
#pragma once

namespace satdoku::detail {

struct TriadNumbering {
  int n, box_rows, box_cols;

  constexpr int row_segment(int row, int box_col) const { return row * box_rows + box_col; }
  constexpr int column_segment(int col, int box_row) const { return n * box_rows + col * box_cols + box_row; }
  constexpr int triad(int segment, int digit_from_0) const { return segment * n + digit_from_0; }
  constexpr int row_triad(int row, int box_col, int k) const { return triad(row_segment(row, box_col), k); }
  constexpr int column_triad(int col, int box_row, int k) const { return triad(column_segment(col, box_row), k); }
  // In 64 bits: the encoder refuses a board whose variables would not fit an int.
  constexpr long long triad_count() const { return static_cast<long long>(n) * n * (box_rows + box_cols); }
};

}  // namespace satdoku::detail
