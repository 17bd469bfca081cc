// One puzzle's Limits applied to the successive solve() calls of a
// SatSolver, and to the clauses handed to it (internal to the solver
// library).
#pragma once

#include <chrono>
#include <climits>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "deadline.hpp"
#include "limit_text.hpp"
#include "satdoku/clause_sink.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::detail {

class Budget {
 public:
  using Clock = Deadline::Clock;

  // The clock runs from `start` (by default now): the time budget covers the
  // whole solve() of the puzzle, its encoding included.
  explicit Budget(const Limits& limits, Clock::time_point start = Clock::now())
      : deadline_(limits, start) {}

  // Sets the conflict and time limits of the next solve() on `solver` (one
  // solver per Budget) to what is left of the puzzle's budget; false when
  // either is already spent.
  bool arm(SatSolver& solver) {
    if (limits().conflict_budget > 0) {  // per puzzle, across all its calls
      const std::uint64_t now = solver.statistics().conflicts;
      if (!counting_) {
        counting_ = true;
        base_ = now;
      }
      const std::uint64_t used = now - base_;
      if (used >= limits().conflict_budget) return false;
      solver.set_conflict_limit(limits().conflict_budget - used);
    } else {
      solver.set_conflict_limit(0);
    }
    if (limits().time_budget > 0) {
      const double left = deadline_.seconds_left();
      if (left <= 0) return false;
      solver.set_time_limit(left);
    }
    return true;
  }

  // Whether the puzzle must stop now, cancelled or out of time, and which;
  // nullopt when neither (the conflicts are counted by arm()).
  std::optional<std::string> spent() const { return deadline_.passed(); }

  // Why a solve() on `solver` under this budget returned unknown, or arm()
  // refused: the limit that was reached.
  // The conflicts are counted through the learnt clauses, and a few
  // conflicts learn none (CaDiCaL's chronological backtracking may repair
  // one without a clause), so the count may fall short of the limit that
  // CaDiCaL reached: with neither the clock nor the cancel flag to blame,
  // a conflict limit is what stopped it (sudoku-25-1's clue analysis under
  // --conflicts 10 stopped at 8 counted).
  std::string why_unknown() const {
    if (std::optional<std::string> why = spent()) return *why;
    // (A budget beyond INT_MAX reached CaDiCaL as INT_MAX: not named.)
    if (limits().conflict_budget > 0 && limits().conflict_budget <= INT_MAX && counting_)
      return count_limit_reached("conflict", limits().conflict_budget);
    return "a SAT limit was reached";
  }

 private:
  const Limits& limits() const { return deadline_.limits(); }

  Deadline deadline_;
  bool counting_ = false;    // base_ is set
  std::uint64_t base_ = 0;  // the solver's conflict count at the first call
};

// Why a formula was not built to its end: a limit was reached.
struct LimitReached {
  std::string why;
};

// Hands clauses on to `inner` and, once made and then every 4,096 clauses,
// asks `budget` whether the puzzle is cancelled or out of time: a big
// board's formula takes seconds to build (an empty 64x64 board's, 4 s), and
// neither Ctrl-C nor --timeout may wait for it.  Throws LimitReached, from
// the constructor too (a budget already spent: no clause is handed on).
class LimitedSink final : public ClauseSink {
 public:
  LimitedSink(ClauseSink& inner, const Budget& budget) : inner_(inner), budget_(budget) { check(budget_); }

  void add_clause(std::span<const int> literals) override {
    if (--countdown_ == 0) {
      countdown_ = kPollClauses;
      check(budget_);
    }
    inner_.add_clause(literals);
  }

 private:
  // Throws LimitReached when `budget` is spent.
  static void check(const Budget& budget) {
    if (std::optional<std::string> why = budget.spent()) throw LimitReached{std::move(*why)};
  }

  static constexpr std::uint64_t kPollClauses = 4096;
  ClauseSink& inner_;
  const Budget& budget_;
  std::uint64_t countdown_ = kPollClauses;
};

}  // namespace satdoku::detail
