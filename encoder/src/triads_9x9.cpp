#include "triads_9x9.hpp"

#include <algorithm>
#include <array>
#include <bit>

// The board, one digit at a time: for digit k, three 27-bit words, one per
// band, bit 9i + c for the cell in row 3b + i, column c: the cells where
// x(cell, k+1) is not false.  Cell 27b + p is bit p of band b.
//
// What unit propagation over the `triads` clauses of one digit can derive,
// said with these words (a triad is "open" while its segment, the three
// cells of one row in one box or one column in one box, has a candidate):
//   - a false triad empties its segment (x -> t read backwards), and a
//     triad with an empty segment is false (t -> OR(segment));
//   - each row's three row triads and each box's three row triads are
//     exactly one (and the same with column triads): a group with no open
//     triad is a conflict, a group with one makes it true, and a true triad
//     makes the other triads of both its groups false;
//   - a true triad whose segment has one candidate puts the digit there.
// Per band, the row segments form a 3x3 matrix (rows of the band by
// stacks): a matrix row is a row's group, a matrix column a box's group.
// Per stack, the column segments do too (bands by the stack's columns): a
// matrix row is a box's group, a matrix column a column's group.  One table
// answers both.  Across digits: a cell with one candidate digit takes it,
// with none is a conflict, and a placed digit leaves the cell's other
// digits and the row, column and box of the cell.
//
// Every step is one unit propagation could make, and the loop stops only
// when no rule applies, so the result is unit propagation's fixpoint.

namespace satdoku::detail {
namespace {

constexpr std::uint32_t kAll = (1u << 27) - 1;
constexpr std::uint32_t kSegmentBase = 0x1249249;  // bits 0, 3, 6, ..., 24: each row segment's first cell
constexpr std::uint32_t kMatrixColumn = 0x49;      // bits 0, 3, 6: column 0 of a 3x3 matrix
constexpr std::uint16_t kConflict = 1u << 9;

struct Tables {
  std::array<std::uint8_t, 512> segments{};      // the 9 cells of a row -> its non-empty segments
  std::array<std::uint16_t, 512> sole{};         // 3x3 matrix -> the bits alone in their row or column,
                                                 // with kConflict when a row or column is empty
  std::array<std::uint32_t, 512> row_clear{};    // true row triads -> the cells of the band they empty
  std::array<std::uint16_t, 512> column_clear{}; // true column triads -> the column segments they empty
  std::array<std::uint32_t, 512> segment_base{}; // row triads -> the first cell of each one's segment
  std::array<std::array<std::uint32_t, 3>, 81> peers{};  // per cell, per band: its row, column and box mates
  std::array<std::uint8_t, 512> bits{};          // 9-bit mask -> how many bits it has (a portable
                                                 // build has no popcount instruction: a library call)
};

constexpr Tables make_tables() {
  Tables t;
  for (unsigned m = 0; m < 512; ++m) {
    for (int s = 0; s < 3; ++s)
      if (m >> (3 * s) & 7u) t.segments[m] |= static_cast<std::uint8_t>(1u << s);
    std::uint16_t sole = 0;
    for (int i = 0; i < 3; ++i) {
      const unsigned row = m >> (3 * i) & 7u;
      if (row == 0) sole |= kConflict;
      else if ((row & (row - 1)) == 0) sole |= static_cast<std::uint16_t>(row << (3 * i));
      const unsigned col = (m >> i & 1u) | (m >> (i + 2) & 2u) | (m >> (i + 4) & 4u);
      if (col == 0) sole |= kConflict;
      else if ((col & (col - 1)) == 0) sole |= static_cast<std::uint16_t>(1u << (3 * std::countr_zero(col) + i));
    }
    t.sole[m] = sole;
    t.bits[m] = static_cast<std::uint8_t>(std::popcount(m));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (!(m >> (3 * i + j) & 1u)) continue;
        const std::uint32_t segment = 7u << (9 * i + 3 * j);
        const std::uint32_t box = (7u | 7u << 9 | 7u << 18) << (3 * j);
        t.row_clear[m] |= ((0x1ffu << (9 * i)) | box) & ~segment;
        t.segment_base[m] |= 1u << (9 * i + 3 * j);
        t.column_clear[m] |= static_cast<std::uint16_t>(((7u << (3 * i)) | (kMatrixColumn << j)) & ~(1u << (3 * i + j)));
      }
  }
  for (int cell = 0; cell < 81; ++cell) {
    const int r = cell / 9, c = cell % 9;
    for (int other = 0; other < 81; ++other) {
      const int r2 = other / 9, c2 = other % 9;
      if (other != cell && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3)))
        t.peers[static_cast<std::size_t>(cell)][static_cast<std::size_t>(other / 27)] |= 1u << (other % 27);
    }
  }
  return t;
}

constexpr Tables kTables = make_tables();

// The column segments of a band that are not empty: bit c for column c.
constexpr std::uint32_t open_columns(std::uint32_t w) { return (w | w >> 9 | w >> 18) & 0x1ffu; }
// The row segments of a band as a 3x3 matrix, bit 3i + s for row i, stack s.
constexpr unsigned row_matrix(std::uint32_t w) {
  return static_cast<unsigned>(kTables.segments[w & 0x1ffu]) | kTables.segments[w >> 9 & 0x1ffu] << 3 |
         kTables.segments[w >> 18] << 6;
}
// The column segments of stack s as a 3x3 matrix, bit 3b + i for band b,
// column 3s + i, from the bands' open_columns.
constexpr unsigned column_matrix(const std::uint32_t* cols, int s) {
  return (cols[0] >> (3 * s) & 7u) | (cols[1] >> (3 * s) & 7u) << 3 | (cols[2] >> (3 * s) & 7u) << 6;
}
constexpr std::uint32_t whole_columns(std::uint32_t cols) { return cols | cols << 9 | cols << 18; }

// Small enough to copy for every probe (about 300 bytes).
class Propagator {
 public:
  Propagator() {
    for (auto& d : w_) d.fill(kAll);
  }

  // Puts digit k+1 in `cell`; false on a conflict.
  bool place(int cell, int k) {
    const int b = cell >= 54 ? 2 : cell >= 27 ? 1 : 0;
    const std::uint32_t m = 1u << (cell - 27 * b);
    if (!(w_[k][b] & m)) return false;
    if (placed_[b] & m) return true;
    placed_[b] |= m;
    digit_[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(k + 1);
    ++placed_count_;
    for (int j = 0; j < 9; ++j)
      if (j != k && (w_[j][b] & m)) {
        w_[j][b] &= ~m;
        dirty_ |= 1u << j;
      }
    const auto& peers = kTables.peers[static_cast<std::size_t>(cell)];
    for (int i = 0; i < 3; ++i) w_[k][i] &= ~peers[i];
    dirty_ |= 1u << k;
    return true;
  }

  // Propagates to the fixpoint; false on a conflict.
  bool run() {
    while (dirty_) {
      for (int k = 0; k < 9; ++k)
        if (dirty_ >> k & 1u) {
          dirty_ &= ~(1u << k);
          if (!digit_pass(k)) return false;
        }
      if (!naked_singles()) return false;
    }
    return true;
  }

  int placed() const { return placed_count_; }
  // The digit in `cell` (1..9), 0 while none is placed.
  int digit(int cell) const { return digit_[static_cast<std::size_t>(cell)]; }

  // Makes digit k+1 false in `cell`, which holds no digit yet.  run() then
  // propagates it.
  void eliminate(int cell, int k) {
    const int b = cell / 27;
    w_[k][b] &= ~(1u << (cell - 27 * b));
    dirty_ |= 1u << k;
  }

  // The cells placed here and not in `base` (a state this one grew from),
  // per band.
  std::uint32_t placed_since(const Propagator& base, int b) const { return placed_[b] & ~base.placed_[b]; }

  // Per cell, the digits still possible (bit k: digit k+1).
  std::uint64_t open(int cell) const {
    const int b = cell / 27, p = cell % 27;
    std::uint64_t o = 0;
    for (int k = 0; k < 9; ++k) o |= static_cast<std::uint64_t>(w_[k][b] >> p & 1u) << k;
    return o;
  }

  // +1 / -1 / 0 for each triad of digit k (after run() succeeded).
  void triads(int k, std::array<std::int8_t, kTriads9x9>& state) const {
    const auto& w = w_[k];
    std::uint32_t cols[3];
    for (int b = 0; b < 3; ++b) {
      cols[b] = open_columns(w[b]);
      const unsigned m = row_matrix(w[b]), sole = kTables.sole[m];
      for (int i = 0; i < 3; ++i)
        for (int s = 0; s < 3; ++s) {
          const int bit = 3 * i + s;
          state[static_cast<std::size_t>(kTriadNumbering9x9.row_triad(3 * b + i, s, k))] = value(m, sole, bit);
        }
    }
    for (int s = 0; s < 3; ++s) {
      const unsigned m = column_matrix(cols, s), sole = kTables.sole[m];
      for (int b = 0; b < 3; ++b)
        for (int i = 0; i < 3; ++i)
          state[static_cast<std::size_t>(kTriadNumbering9x9.column_triad(3 * s + i, b, k))] = value(m, sole, 3 * b + i);
    }
  }

 private:
  // -1 for an empty segment, +1 for a true triad (`sole` is within `matrix`).
  static std::int8_t value(unsigned matrix, unsigned sole, int bit) {
    return static_cast<std::int8_t>(static_cast<int>(sole >> bit & 1u) - static_cast<int>(~matrix >> bit & 1u));
  }

  // The triad rules of digit k, then the cells its true triads fill.
  bool digit_pass(int k) {
    auto& w = w_[k];
    std::uint32_t row_true[3], column_true[3];
    for (;;) {
      const std::uint32_t before[3] = {w[0], w[1], w[2]};
      for (int b = 0; b < 3; ++b) {
        const unsigned sole = kTables.sole[row_matrix(w[b])];
        if (sole & kConflict) return false;
        row_true[b] = sole & 0x1ffu;
        w[b] &= ~kTables.row_clear[row_true[b]];
      }
      const std::uint32_t cols[3] = {open_columns(w[0]), open_columns(w[1]), open_columns(w[2])};
      std::uint32_t clear[3] = {0, 0, 0};
      column_true[0] = column_true[1] = column_true[2] = 0;
      for (int s = 0; s < 3; ++s) {
        const unsigned sole = kTables.sole[column_matrix(cols, s)];
        if (sole & kConflict) return false;
        const unsigned t = sole & 0x1ffu, c = kTables.column_clear[t];
        for (int b = 0; b < 3; ++b) {
          column_true[b] |= (t >> (3 * b) & 7u) << (3 * s);
          clear[b] |= (c >> (3 * b) & 7u) << (3 * s);
        }
      }
      for (int b = 0; b < 3; ++b) w[b] &= ~whole_columns(clear[b]);
      if (w[0] == before[0] && w[1] == before[1] && w[2] == before[2]) break;
    }
    // A true triad with one candidate left: hidden single.
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t x = w[b];
      const std::uint32_t any = (x | x >> 1 | x >> 2) & kSegmentBase;
      const std::uint32_t two = (x & x >> 1) | (x & x >> 2) | (x >> 1 & x >> 2);
      const std::uint32_t lone = any & ~two & kTables.segment_base[row_true[b]];
      const std::uint32_t cany = open_columns(x);
      const std::uint32_t ctwo = (x & x >> 9) | (x & x >> 18) | (x >> 9 & x >> 18);
      const std::uint32_t clone = cany & ~ctwo & column_true[b];
      std::uint32_t cells = x & (lone | lone << 1 | lone << 2 | whole_columns(clone)) & ~placed_[b];
      for (; cells; cells &= cells - 1)
        if (!place(27 * b + std::countr_zero(cells), k)) return false;
    }
    return true;
  }

  // A cell with one candidate digit takes it; with none, a conflict.
  bool naked_singles() {
    for (int b = 0; b < 3; ++b) {
      std::uint32_t ones = 0, twos = 0;
      for (int k = 0; k < 9; ++k) {
        twos |= ones & w_[k][b];
        ones |= w_[k][b];
      }
      if (ones != kAll) return false;
      for (std::uint32_t single = ones & ~twos & ~placed_[b]; single; single &= single - 1) {
        const int p = std::countr_zero(single);
        int k = 0;
        while (k < 8 && !(w_[k][b] >> p & 1u)) ++k;
        if (!place(27 * b + p, k)) return false;
      }
    }
    return true;
  }

  std::array<std::array<std::uint32_t, 3>, 9> w_;
  std::uint32_t placed_[3] = {0, 0, 0};
  int placed_count_ = 0;
  unsigned dirty_ = 0x1ff;
  std::array<std::uint16_t, 81> digit_{};
};

// Failed-literal probing from `p` (at its fixpoint) to a fixpoint: every
// candidate of a cell with at most kProbeCellLimit left is placed on a copy
// of `p` and propagated; when that conflicts, the candidate is false in `p`,
// which is propagated at once.
// Rounds repeat until one finds nothing.  A candidate that a successful
// probe of this round placed is not probed: its propagation is part of that
// probe's, so it cannot conflict while `p` is unchanged (after a failed
// literal the set is cleared, and the last round changes nothing, so the
// fixpoint is exact).  False when `p` itself conflicts.
bool probe(Propagator& p) {
  for (;;) {
    bool found = false;
    std::array<std::uint16_t, 81> implied{};  // bit k: digit k+1 placed by a successful probe
    for (int cell = 0; cell < 81; ++cell) {
      const std::uint64_t candidates = p.open(cell);
      if (p.digit(cell) || kTables.bits[candidates] > kProbeCellLimit) continue;
      for (std::uint64_t left = candidates; left; left &= left - 1) {
        const int k = std::countr_zero(left);
        if (implied[static_cast<std::size_t>(cell)] >> k & 1u || !(p.open(cell) >> k & 1u)) continue;
        Propagator q = p;
        if (q.place(cell, k) && q.run()) {
          for (int b = 0; b < 3; ++b)
            for (std::uint32_t m = q.placed_since(p, b); m; m &= m - 1) {
              const int c = 27 * b + std::countr_zero(m);
              implied[static_cast<std::size_t>(c)] |= static_cast<std::uint16_t>(1u << (q.digit(c) - 1));
            }
          continue;
        }
        found = true;
        implied.fill(0);
        p.eliminate(cell, k);
        if (!p.run()) return false;
        if (p.digit(cell)) break;
      }
    }
    if (!found || p.placed() == 81) return true;
  }
}

}  // namespace

Triads9x9 propagate_triads_9x9(std::span<const std::uint16_t, 81> clues, std::uint64_t* open, std::uint16_t* digit,
                               std::array<std::int8_t, kTriads9x9>& triad_state, bool failed_literals) {
  Triads9x9 result;
  Propagator p;
  for (int cell = 0; cell < 81; ++cell)
    if (const int d = clues[static_cast<std::size_t>(cell)]; d && !p.place(cell, d - 1)) {
      result.conflict = true;
      return result;
    }
  if (!p.run() || (failed_literals && p.placed() < 81 && !probe(p))) {
    result.conflict = true;
    return result;
  }
  for (int cell = 0; cell < 81; ++cell) digit[cell] = static_cast<std::uint16_t>(p.digit(cell));
  std::uint64_t fixed = static_cast<std::uint64_t>(p.placed());
  for (int cell = 0; cell < 81; ++cell) {
    open[cell] = digit[cell] ? std::uint64_t{1} << (digit[cell] - 1) : p.open(cell);
    fixed += static_cast<std::uint64_t>(9 - kTables.bits[open[cell]]);
  }
  for (int k = 0; k < 9; ++k) p.triads(k, triad_state);
  result.fixed_primary = fixed;
  result.solved = p.placed() == 81;
  return result;
}

}  // namespace satdoku::detail
