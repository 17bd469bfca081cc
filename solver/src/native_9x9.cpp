// native_9x9.cpp - the dedicated 9x9 engine of the native solver.
//
// Representation.  For each digit d (0..8) and each band b (rows 3b..3b+2)
// one 27-bit word F[3d+b] holds the places of the band where d may still go,
// bit (row % 3) * 9 + col.  A placed digit keeps its bit, so every row, column
// and box of every digit always holds at least one bit, and exactly one when
// the digit is settled there.  U[b] holds the cells of band b not yet placed.
//
// Propagation, repeated until nothing changes:
//  * each digit-band that changed since it was last looked at is reduced by
//    one table look-up: its 3 x 3 pattern "row r has a place in box column j"
//    must contain a permutation (each row and each box of the band takes the
//    digit exactly once), so only places on some permutation survive.  This
//    subsumes hidden singles in boxes and box/line interactions; a row left
//    with one unplaced bit is a hidden single and is placed;
//  * columns of a changed digit with one place are hidden singles;
//  * cells with one candidate left (bit-sliced count over the 9 digits) are
//    naked singles; cells with none are a contradiction.
// Search branches on the cell with the fewest candidates, copying the
// 228-byte state per branch; nothing in the loop allocates.
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "native_internal.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"

namespace satdoku::native_detail {
namespace {

constexpr std::uint32_t kBandAll = (1u << 27) - 1;

// Every mask below is derived from the 9x9 Geometry (its units and peers).
struct Tables {
  std::shared_ptr<const Geometry> geometry = Geometry::shared(9);
  std::array<std::uint32_t, 81> peers_in_band{};  // band-relative peers of a cell in its band
  std::array<std::uint32_t, 9> column_in_band{};   // the 3 places of column k in a band
  std::array<std::uint8_t, 512> box_columns{};     // 9-bit row -> box columns (3 bits) it touches
  std::array<std::uint32_t, 512> permutation{};    // 3x3 pattern -> places surviving (0: none)

  static int band_of(const Geometry& g, int cell) { return g.row_of(cell) / g.box().rows; }
  static int place_of(const Geometry& g, int cell) {
    return (g.row_of(cell) % g.box().rows) * g.size() + g.col_of(cell);
  }

  Tables() {
    const Geometry& g = *geometry;
    for (int cell = 0; cell < 81; ++cell) {
      const int band = band_of(g, cell);
      g.for_each_peer(cell, [&](int peer) {
        if (band_of(g, peer) == band) peers_in_band[cell] |= 1u << place_of(g, peer);
      });
    }
    // Column k: the cells of column unit k that lie in band 0.
    for (int k = 0; k < 9; ++k)
      for (int cell : g.unit(9 + k))
        if (band_of(g, cell) == 0) column_in_band[k] |= 1u << place_of(g, cell);
    // Box column of column k: the box of its top cell.
    std::array<int, 9> box_column{};
    for (int k = 0; k < 9; ++k) box_column[k] = g.box_of(g.cell(0, k));
    for (unsigned row = 0; row < 512; ++row)
      for (int k = 0; k < 9; ++k)
        if (row >> k & 1u) box_columns[row] |= static_cast<std::uint8_t>(1u << box_column[k]);
    // Places of band 0 in row r and box column j.
    std::array<std::uint32_t, 9> block{};
    for (int cell = 0; cell < 27; ++cell)
      block[g.row_of(cell) * 3 + g.box_of(cell)] |= 1u << place_of(g, cell);
    static constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (unsigned pattern = 0; pattern < 512; ++pattern) {
      std::uint32_t keep = 0;
      for (const auto& perm : kPerms) {
        bool fits = true;
        for (int r = 0; r < 3; ++r) fits = fits && (pattern >> (3 * r + perm[r]) & 1u);
        if (fits)
          for (int r = 0; r < 3; ++r) keep |= block[3 * r + perm[r]];
      }
      permutation[pattern] = keep;
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

struct State {
  std::uint32_t F[27];     // F[3*d + b]: places of digit d in band b
  std::uint32_t seen[27];  // F as it was when last reduced
  std::uint32_t U[3];      // unplaced cells per band
};

class Engine {
 public:
  Engine(const Limits& limits, Result& result)
      : t_(tables()), limits_(limits), result_(result), budget_(limits) {}

  // Places digit d at place p of band b.  False when d is no longer possible
  // there.
  bool assign(State& s, int d, int b, int p) const {
    const std::uint32_t bit = 1u << p;
    std::uint32_t* F = s.F;
    if (!(F[3 * d + b] & bit)) return false;
    if (!(s.U[b] & bit)) return true;  // already placed, and then with d
    s.U[b] &= ~bit;
    for (int e = 0; e < 9; ++e) F[3 * e + b] &= ~bit;
    const std::uint32_t column = t_.column_in_band[static_cast<unsigned>(p) % 9];
    F[3 * d] &= ~column;
    F[3 * d + 1] &= ~column;
    F[3 * d + 2] &= ~column;
    F[3 * d + b] = (F[3 * d + b] & ~t_.peers_in_band[27 * b + p]) | bit;
    return true;
  }

  // Singles to a fixpoint.  False on a contradiction.
  bool propagate(State& s) const {
    for (;;) {
      bool changed = false;
      for (int d = 0; d < 9; ++d) {
        bool digit_changed = false;
        for (int b = 0; b < 3; ++b) {
          const int i = 3 * d + b;
          if (s.F[i] == s.seen[i]) continue;
          digit_changed = true;
          std::uint32_t a = s.F[i];
          const unsigned pattern = t_.box_columns[a & 511u] | t_.box_columns[(a >> 9) & 511u] << 3 |
                                   t_.box_columns[a >> 18] << 6;
          a &= t_.permutation[pattern];
          if (a == 0) return false;
          s.F[i] = a;
          s.seen[i] = a;
          for (int r = 0; r < 3; ++r) {
            const std::uint32_t x = a & (511u << (9 * r));
            if ((x & (x - 1)) == 0 && (x & s.U[b]))
              if (!assign(s, d, b, std::countr_zero(x))) return false;
          }
        }
        if (digit_changed) {
          changed = true;
          if (!columns(s, d)) return false;
        }
      }
      if (!changed) return true;
      if (!naked_singles(s)) return false;
    }
  }

  bool solved(const State& s) const { return (s.U[0] | s.U[1] | s.U[2]) == 0; }

  void record(const State& s) {
    Grid grid(t_.geometry);
    for (int d = 0; d < 9; ++d)
      for (int b = 0; b < 3; ++b)
        for (std::uint32_t m = s.F[3 * d + b]; m; m &= m - 1) grid.set(27 * b + std::countr_zero(m), d + 1);
    result_.solutions.push_back(std::move(grid));
    if (result_.solutions.size() >= limits_.max_solutions) stop_ = true;
  }

  // Depth-first search below a propagated, consistent, unsolved state.
  void search(State& s) {
    int band = 0, place = 0;
    std::uint32_t digits = choose(s, band, place);
    bool first = true;
    while (digits) {
      const int d = std::countr_zero(digits);
      digits &= digits - 1;
      if (budget_.exceeded(result_.stats.nodes)) {
        stop_ = interrupted_ = true;
        return;
      }
      ++result_.stats.nodes;
      if (!first) ++result_.stats.guesses;
      first = false;
      State child;
      State& next = digits ? child : s;  // the last branch reuses the parent
      if (digits) child = s;
      if (assign(next, d, band, place) && propagate(next)) {
        if (solved(next))
          record(next);
        else
          search(next);
      }
      if (stop_) {
        if (digits) unexplored_ = true;
        return;
      }
    }
  }

  bool interrupted() const { return interrupted_; }
  bool unexplored() const { return unexplored_; }
  bool stopped() const { return stop_; }
  const std::string& reason() const { return budget_.reason(); }

 private:
  // Hidden singles in the columns of digit d; false on an empty column.
  bool columns(State& s, int d) const {
    std::uint32_t one = 0, two = 0, placed = 0;
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t a = s.F[3 * d + b];
      for (int r = 0; r < 3; ++r) {
        const std::uint32_t x = (a >> (9 * r)) & 511u;
        two |= one & x;
        one |= x;
      }
      const std::uint32_t p = a & ~s.U[b];
      placed |= (p | p >> 9 | p >> 18) & 511u;
    }
    if (one != 511u) return false;
    for (std::uint32_t m = one & ~two & ~placed; m; m &= m - 1) {
      const std::uint32_t column = t_.column_in_band[std::countr_zero(m)];
      for (int b = 0; b < 3; ++b) {
        const std::uint32_t x = s.F[3 * d + b] & column;
        if (x) {
          if (!assign(s, d, b, std::countr_zero(x))) return false;
          break;
        }
      }
    }
    return true;
  }

  bool naked_singles(State& s) const {
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t open = s.U[b];
      if (!open) continue;
      std::uint32_t one = 0, two = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = s.F[3 * d + b];
        two |= one & x;
        one |= x;
      }
      if (open & ~one) return false;
      const std::uint32_t single = open & ~two;
      if (!single) continue;
      for (int d = 0; d < 9; ++d)
        for (std::uint32_t m = single & s.F[3 * d + b]; m; m &= m - 1)
          if (!assign(s, d, b, std::countr_zero(m))) return false;
    }
    return true;
  }

  // The unplaced cell with the fewest candidates (the first such); returns
  // its candidate digits as a bit mask.
  std::uint32_t choose(const State& s, int& band, int& place) const {
    for (int b = 0; b < 3; ++b) {
      if (!s.U[b]) continue;
      std::uint32_t one = 0, two = 0, three = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = s.F[3 * d + b] & s.U[b];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      if (const std::uint32_t pair = two & ~three) {
        band = b;
        place = std::countr_zero(pair);
        return digits_at(s, b, place);
      }
    }
    int best = 10;
    for (int b = 0; b < 3; ++b)
      for (std::uint32_t m = s.U[b]; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        const int count = std::popcount(digits_at(s, b, p));
        if (count < best) {
          best = count;
          band = b;
          place = p;
        }
      }
    return digits_at(s, band, place);
  }

  static std::uint32_t digits_at(const State& s, int b, int p) {
    std::uint32_t digits = 0;
    for (int d = 0; d < 9; ++d) digits |= ((s.F[3 * d + b] >> p) & 1u) << d;
    return digits;
  }

  const Tables& t_;
  const Limits& limits_;
  Result& result_;
  NodeBudget budget_;
  bool stop_ = false;
  bool interrupted_ = false;
  bool unexplored_ = false;
};

}  // namespace

Result solve_9x9(const Grid& puzzle, const Limits& limits) {
  Result result;
  Engine engine(limits, result);
  State s;
  for (int i = 0; i < 27; ++i) {
    s.F[i] = kBandAll;
    s.seen[i] = 0;
  }
  s.U[0] = s.U[1] = s.U[2] = kBandAll;
  const auto cells = puzzle.cells();
  for (int cell = 0; cell < 81; ++cell) {
    const int digit = cells[static_cast<std::size_t>(cell)];
    if (digit != 0 && !engine.assign(s, digit - 1, cell / 27, cell % 27)) {
      // Only a clue of the same digit among the peers removes a candidate
      // at this stage, so this is a clash.
      result.clash = find_clash(puzzle);
      result.status = result.clash ? Status::invalid : Status::none;
      result.exhausted = true;
      return result;
    }
  }
  result.stats.nodes = 1;
  if (!engine.propagate(s)) {
    result.stats.by_propagation = true;
    finish(result, true, false, "");
    return result;
  }
  if (engine.solved(s)) {
    engine.record(s);
    result.stats.by_propagation = true;
    finish(result, true, false, "");
    return result;
  }
  engine.search(s);
  finish(result, !engine.unexplored(), engine.interrupted(), engine.reason());
  return result;
}

}  // namespace satdoku::native_detail
