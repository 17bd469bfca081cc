// native_general.cpp - the native engine for every board size.
//
// Each cell keeps its candidate digits in W 64-bit words (W = 1 up to N = 64,
// then 2, 4, 8 or 16 words), with their number.  For each unit and digit a
// counter holds how many cells of the unit still admit the digit (a placed
// cell keeps its own digit), so a counter reaching 0 is a contradiction and
// one reaching 1 a hidden single.  After the singles, locked candidates
// (a digit confined to one line of a box, or to one box of a line) remove
// more, and the singles run again; they look only at the (unit, digit)
// pairs whose places shrank since the last fixpoint, since the places of
// any other pair are as they were when it last removed all it could (a
// 25x25 board: 5x fewer instructions).  Every removal below the root goes on an
// undo trail; the depth-first search is iterative (a 400x400 board can be
// 160,000 levels deep) and branches on the open cell with the fewest
// candidates, or on the places of a unit's digit when there are fewer.
// Units, their cells and the units of each cell all come from Geometry.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "native_internal.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"

namespace satdoku::native_detail {
namespace {

template <int W>
class GeneralEngine {
 public:
  GeneralEngine(const Grid& puzzle, const Limits& limits, Result& result)
      : puzzle_(puzzle),
        g_(puzzle.geometry()),
        n_(g_.size()),
        cells_(g_.cell_count()),
        limits_(limits),
        result_(result),
        budget_(limits),
        cand_(static_cast<std::size_t>(cells_) * W, 0),
        count_(static_cast<std::size_t>(cells_), 0),  // counts and places: place_clues()
        value_(static_cast<std::size_t>(cells_), 0),
        places_(static_cast<std::size_t>(g_.unit_count()) * (n_ + 1), 0),
        longest_(std::max(g_.box().rows, g_.box().cols)),
        stale_(static_cast<std::size_t>(g_.unit_count()) * (n_ + 1), 0),
        units_of_(static_cast<std::size_t>(cells_) * 3) {
    for (int cell = 0; cell < cells_; ++cell) {
      std::uint64_t* m = mask(cell);
      for (int d = 1; d <= n_; ++d) m[word_of(d)] |= bit_of(d);
      units_of_[3 * static_cast<std::size_t>(cell)] = g_.row_unit(cell);
      units_of_[3 * static_cast<std::size_t>(cell) + 1] = g_.column_unit(cell);
      units_of_[3 * static_cast<std::size_t>(cell) + 2] = g_.box_unit(cell);
    }
  }

  void run() {
    result_.stats.nodes = 1;
    for (int u = 0; u < g_.unit_count(); ++u)
      for (int d = 1; d <= n_; ++d) mark_stale(u, d);  // the root checks every pair once
    const bool ok = place_clues() && propagate();
    if (interrupted_) return finish(result_, false, true, budget_.reason());
    if (ok && assigned_ == cells_) {
      record();
      result_.stats.by_propagation = true;
      return finish(result_, true, false, "");
    }
    if (!ok) {
      result_.stats.by_propagation = true;
      return finish(result_, true, false, "");
    }
    search();
    finish(result_, !unexplored_, interrupted_, budget_.reason());
  }

 private:
  // A branching point: alternatives_[first, end) are the (cell, digit)
  // placements to try in turn, which split the solutions into disjoint sets.
  struct Frame {
    std::size_t trail_mark;
    std::size_t first;
    std::size_t next;  // the next alternative to try
    std::size_t end;
  };
  struct Removal {
    int cell;
    int digit;  // removed candidate; 0 = the cell's assignment
  };

  // Digit d's word and bit in a set of digits (W words).
  static int word_of(int d) { return (d - 1) >> 6; }
  static std::uint64_t bit_of(int d) { return std::uint64_t{1} << ((d - 1) & 63); }
  std::uint64_t* mask(int cell) { return cand_.data() + static_cast<std::size_t>(cell) * W; }
  const std::uint64_t* mask(int cell) const { return cand_.data() + static_cast<std::size_t>(cell) * W; }
  bool has(int cell, int d) const {
    return (mask(cell)[word_of(d)] & bit_of(d)) != 0;
  }
  int& places(int unit, int d) { return places_[static_cast<std::size_t>(unit) * (n_ + 1) + d]; }

  // Queues (unit, d) for locked candidates, once.
  void mark_stale(int unit, int d) {
    char& flag = stale_[static_cast<std::size_t>(unit) * (n_ + 1) + d];
    if (flag) return;
    flag = 1;
    stale_pairs_.push_back({unit, d});
  }

  // Forgets the queued pairs (after a contradiction: the search backtracks
  // to a propagated state, where every pair has done what it can).
  void clear_stale() {
    for (const auto& [u, d] : stale_pairs_) stale_[static_cast<std::size_t>(u) * (n_ + 1) + d] = 0;
    stale_pairs_.clear();
  }
  const int* units(int cell) const { return units_of_.data() + 3 * static_cast<std::size_t>(cell); }

  // Removes candidate d from cell; false on a contradiction.
  bool remove(int cell, int d) {
    std::uint64_t& word = mask(cell)[word_of(d)];
    const std::uint64_t bit = bit_of(d);
    if (!(word & bit)) return true;
    word &= ~bit;
    ++removals_;
    if (!frames_.empty()) trail_.push_back({cell, d});  // the root is never undone
    bool ok = true;
    const int left = --count_[static_cast<std::size_t>(cell)];
    if (left == 0) ok = false;
    else if (left == 1 && value_[static_cast<std::size_t>(cell)] == 0) cell_queue_.push_back(cell);
    for (int i = 0; i < 3; ++i) {
      const int u = units(cell)[i];
      const int p = --places(u, d);
      if (p == 0) ok = false;
      else if (p == 1) unit_queue_.push_back({u, d});
      else if (p <= longest_) mark_stale(u, d);
    }
    return ok;
  }

  // Places every clue at once, reaching the state that assign() would reach
  // clue by clue, with the same cells and (unit, digit) pairs queued as
  // singles: a cell's candidates are the digits that no clue of its units
  // holds, and the places of each pair are counted from them.  One clue at a
  // time took 1.5 s on a 400x400 board (each clue removes its digit from
  // some 1,200 peers and its cell's other 399 digits, three counters each);
  // this pass touches each remaining candidate once (from the constructor's
  // state: every digit in every cell, every count 0).  False when two clues
  // of a unit clash (find_clash() has ruled that out) or some cell, or some
  // unit's digit, is left without a place, or when the budget runs out (then
  // interrupted_ is set).
  bool place_clues() {
    std::vector<std::uint64_t> held(static_cast<std::size_t>(g_.unit_count()) * W, 0);
    auto held_of = [&](int unit) { return held.data() + static_cast<std::size_t>(unit) * W; };
    for (int cell = 0; cell < cells_; ++cell)
      if (const int d = puzzle_.at(cell))
        for (int i = 0; i < 3; ++i) {
          std::uint64_t& word = held_of(units(cell)[i])[word_of(d)];
          if (word & bit_of(d)) return false;
          word |= bit_of(d);
        }
    for (int cell = 0; cell < cells_; ++cell) {
      // A huge board with few clues has ~N^3 candidates to count: the clock
      // and the cancel flag are watched here too (the first poll reads them,
      // so a cancel raised before the search outranks any contradiction).
      if (budget_.poll()) {
        interrupted_ = true;
        return false;
      }
      std::uint64_t* m = mask(cell);
      const int* us = units(cell);
      if (const int d = puzzle_.at(cell)) {
        std::fill(m, m + W, std::uint64_t{0});
        m[word_of(d)] = bit_of(d);
        count_[static_cast<std::size_t>(cell)] = 1;
        value_[static_cast<std::size_t>(cell)] = d;
        ++assigned_;
      } else {
        int left = 0;
        for (int w = 0; w < W; ++w) {
          m[w] &= ~(held_of(us[0])[w] | held_of(us[1])[w] | held_of(us[2])[w]);
          left += std::popcount(m[w]);
        }
        count_[static_cast<std::size_t>(cell)] = left;
        if (left == 0) return false;
        if (left == 1) cell_queue_.push_back(cell);
      }
      for (int w = 0; w < W; ++w)
        for (std::uint64_t bits = m[w]; bits; bits &= bits - 1) {
          const int d = 64 * w + std::countr_zero(bits) + 1;
          for (int i = 0; i < 3; ++i) ++places(us[i], d);
        }
    }
    for (int u = 0; u < g_.unit_count(); ++u)
      for (int d = 1; d <= n_; ++d) {
        const int p = places(u, d);
        if (p == 0) return false;
        // a clue's own digit has its one place already filled
        if (p == 1 && !(held_of(u)[word_of(d)] & bit_of(d))) unit_queue_.push_back({u, d});
      }
    return true;
  }

  // Places digit d in cell and removes d from its peers.
  bool assign(int cell, int d) {
    const int v = value_[static_cast<std::size_t>(cell)];
    if (v != 0) return v == d;
    if (!has(cell, d)) return false;
    value_[static_cast<std::size_t>(cell)] = d;
    ++assigned_;
    if (!frames_.empty()) trail_.push_back({cell, 0});
    const std::uint64_t* m = mask(cell);
    for (int w = 0; w < W; ++w)
      for (std::uint64_t bits = m[w]; bits; bits &= bits - 1) {
        const int e = 64 * w + std::countr_zero(bits) + 1;
        if (e != d && !remove(cell, e)) return false;
      }
    // The cell keeps d, so a unit whose places of d are down to 1 has no
    // other cell to clear (on a big board most are, or soon are).
    for (int i = 0; i < 3; ++i) {
      const int u = units(cell)[i];
      for (int peer : g_.unit(u)) {
        if (places(u, d) == 1) break;
        if (peer != cell && !remove(peer, d)) return false;
      }
    }
    return true;
  }

  // Singles and locked candidates to a fixpoint.  False on a contradiction
  // or an interruption (then interrupted_ is set).
  bool propagate() {
    for (;;) {
      if (!singles()) return false;
      const std::uint64_t before = removals_;
      if (!locked_candidates()) {
        cell_queue_.clear();
        unit_queue_.clear();
        return false;
      }
      if (removals_ == before) return true;
    }
  }

  // Locked candidates: when the places of a digit in a box all lie in one
  // row (column), the rest of that row (column) loses the digit; when its
  // places in a row or column all lie in one box, the rest of the box does.
  // Over the stale pairs; removals here queue more for the next round.
  bool locked_candidates() {
    checking_.swap(stale_pairs_);
    for (const auto& [u, d] : checking_) stale_[static_cast<std::size_t>(u) * (n_ + 1) + d] = 0;
    for (const auto& [u, d] : checking_) {
      if (budget_.poll()) {
        interrupted_ = true;
        checking_.clear();
        return false;
      }
      const bool is_box = g_.unit_kind(u) == UnitKind::box;
      {
        const int p = places(u, d);
        if (p < 2 || p > longest_) continue;
        int row = -1, col = -1, bx = -1;
        bool same_row = true, same_col = true, same_box = true;
        for (int cell : g_.unit(u)) {
          if (!has(cell, d)) continue;
          const int r = g_.row_of(cell), c = g_.col_of(cell), b = g_.box_of(cell);
          if (row < 0) {
            row = r;
            col = c;
            bx = b;
          }
          same_row = same_row && r == row;
          same_col = same_col && c == col;
          same_box = same_box && b == bx;
        }
        bool ok = true;
        if (is_box) {
          ok = (!same_row || clear_outside(row, u, d)) && (!same_col || clear_outside(n_ + col, u, d));
        } else if (same_box) {
          ok = clear_outside(2 * n_ + bx, u, d);
        }
        if (!ok) {
          checking_.clear();
          return false;
        }
      }
    }
    checking_.clear();
    return true;
  }

  // Removes d from the cells of `target` that are not in unit `keep`.
  bool clear_outside(int target, int keep, int d) {
    for (int cell : g_.unit(target)) {
      const int* us = units(cell);
      if (us[0] != keep && us[1] != keep && us[2] != keep && !remove(cell, d)) return false;
    }
    return true;
  }

  // Naked and hidden singles until the queues are empty.
  bool singles() {
    bool ok = true;
    while (ok && (!cell_queue_.empty() || !unit_queue_.empty())) {
      if (budget_.poll()) {
        interrupted_ = true;
        ok = false;
        break;
      }
      if (!cell_queue_.empty()) {
        const int cell = cell_queue_.back();
        cell_queue_.pop_back();
        if (value_[static_cast<std::size_t>(cell)] != 0) continue;
        const std::uint64_t* m = mask(cell);
        int w = 0;
        while (m[w] == 0) ++w;
        ok = assign(cell, 64 * w + std::countr_zero(m[w]) + 1);
      } else {
        const auto [u, d] = unit_queue_.back();
        unit_queue_.pop_back();
        if (places(u, d) != 1) continue;
        for (int cell : g_.unit(u))
          if (has(cell, d)) {
            ok = assign(cell, d);
            break;
          }
      }
    }
    cell_queue_.clear();
    unit_queue_.clear();
    return ok;
  }

  void undo_to(std::size_t mark) {
    while (trail_.size() > mark) {
      const Removal r = trail_.back();
      trail_.pop_back();
      if (r.digit == 0) {
        value_[static_cast<std::size_t>(r.cell)] = 0;
        --assigned_;
        continue;
      }
      mask(r.cell)[word_of(r.digit)] |= bit_of(r.digit);
      ++count_[static_cast<std::size_t>(r.cell)];
      for (int i = 0; i < 3; ++i) ++places(units(r.cell)[i], r.digit);
    }
  }

  void record() {
    Grid grid(puzzle_.geometry_ptr());
    for (int cell = 0; cell < cells_; ++cell) grid.set(cell, value_[static_cast<std::size_t>(cell)]);
    result_.solutions.push_back(std::move(grid));
  }

  // Pushes the alternatives of the next branching point: the digits of the
  // open cell with the fewest candidates (the first such), unless some unit
  // has a digit with strictly fewer places left, whose places are tried then
  // (on large boards this cuts the tree by orders of magnitude).
  void branch() {
    int best = -1, fewest = n_ + 1;
    for (int cell = 0; cell < cells_ && fewest > 2; ++cell) {
      if (value_[static_cast<std::size_t>(cell)] != 0) continue;
      const int c = count_[static_cast<std::size_t>(cell)];
      if (c < fewest) {
        fewest = c;
        best = cell;
      }
    }
    int best_unit = -1, best_digit = 0;
    for (int u = 0; u < g_.unit_count() && fewest > 2; ++u)
      for (int d = 1; d <= n_; ++d) {
        const int p = places(u, d);
        if (p > 1 && p < fewest) {
          fewest = p;
          best_unit = u;
          best_digit = d;
        }
      }
    if (best_unit >= 0) {
      for (int cell : g_.unit(best_unit))
        if (has(cell, best_digit)) alternatives_.push_back({cell, best_digit});
      return;
    }
    const std::uint64_t* m = mask(best);
    for (int w = 0; w < W; ++w)
      for (std::uint64_t bits = m[w]; bits; bits &= bits - 1)
        alternatives_.push_back({best, 64 * w + std::countr_zero(bits) + 1});
  }

  void search() {
    bool descend = true;  // the current state is consistent and propagated
    for (;;) {
      if (descend) {
        if (assigned_ == cells_) {
          record();
          if (result_.solutions.size() >= limits_.max_solutions) {
            for (const Frame& f : frames_) unexplored_ = unexplored_ || f.next != f.end;
            return;
          }
        } else {
          Frame f{trail_.size(), alternatives_.size(), alternatives_.size(), 0};
          branch();
          f.end = alternatives_.size();
          frames_.push_back(f);
        }
      }
      while (!frames_.empty() && frames_.back().next == frames_.back().end) {
        alternatives_.resize(frames_.back().first);
        frames_.pop_back();
      }
      if (frames_.empty()) return;
      Frame& f = frames_.back();
      undo_to(f.trail_mark);
      if (budget_.exceeded(result_.stats.nodes)) {
        interrupted_ = true;
        return;
      }
      ++result_.stats.nodes;
      if (f.next != f.first) ++result_.stats.guesses;
      const auto [cell, d] = alternatives_[f.next++];
      descend = assign(cell, d) && propagate();
      if (interrupted_) return;
      if (!descend) {
        cell_queue_.clear();
        unit_queue_.clear();
        clear_stale();
      }
    }
  }

  const Grid& puzzle_;
  const Geometry& g_;
  const int n_;
  const int cells_;
  const Limits& limits_;
  Result& result_;
  NodeBudget budget_;
  std::vector<std::uint64_t> cand_;  // W words per cell
  std::vector<int> count_;           // candidates per cell
  std::vector<int> value_;           // placed digit, 0 = open
  std::vector<int> places_;          // per unit and digit: cells admitting it
  const int longest_;                // the longer side of a box
  std::vector<char> stale_;          // per unit and digit: queued in stale_pairs_
  std::vector<std::pair<int, int>> stale_pairs_;  // (unit, digit) whose places shrank
  std::vector<std::pair<int, int>> checking_;     // the pairs locked_candidates() is on
  std::vector<int> units_of_;        // row, column and box unit of each cell
  std::vector<Removal> trail_;
  std::vector<int> cell_queue_;
  std::vector<std::pair<int, int>> unit_queue_;
  std::vector<Frame> frames_;
  std::vector<std::pair<int, int>> alternatives_;  // (cell, digit) of every frame, stacked
  int assigned_ = 0;
  std::uint64_t removals_ = 0;  // candidates removed so far (progress test)
  bool interrupted_ = false;
  bool unexplored_ = false;
};

template <int W>
Result run_engine(const Grid& puzzle, const Limits& limits) {
  Result result;
  GeneralEngine<W> engine(puzzle, limits, result);
  engine.run();
  return result;
}

}  // namespace

Result solve_general(const Grid& puzzle, const Limits& limits) {
  if (auto clash = find_clash(puzzle)) {
    Result result;
    result.status = Status::invalid;
    result.clash = clash;
    result.exhausted = true;
    return result;
  }
  const int words = (puzzle.size() + 63) / 64;
  if (words <= 1) return run_engine<1>(puzzle, limits);
  if (words <= 2) return run_engine<2>(puzzle, limits);
  if (words <= 4) return run_engine<4>(puzzle, limits);
  if (words <= 8) return run_engine<8>(puzzle, limits);
  return run_engine<16>(puzzle, limits);
}

}  // namespace satdoku::native_detail
