// One puzzle's Limits applied to the successive solve() calls of a
// SatSolver (internal to the solver library).
#pragma once

#include <chrono>
#include <string>

#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::detail {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  // The clock starts now.
  explicit Budget(const Limits& limits) : limits_(limits), start_(Clock::now()) {}

  // Sets the conflict and time limits of the next solve() on `solver`;
  // false (nothing set) when the time budget is already spent.
  bool arm(SatSolver& solver) const {
    solver.set_conflict_limit(limits_.conflict_budget);
    if (limits_.time_budget > 0) {
      const double left = limits_.time_budget - std::chrono::duration<double>(Clock::now() - start_).count();
      if (left <= 0) return false;
      solver.set_time_limit(left);
    }
    return true;
  }

  // Why a solve() under this budget returned unknown.
  std::string why_unknown() const {
    return limits_.cancel && limits_.cancel->load() ? "cancelled" : "a SAT limit was hit";
  }

 private:
  const Limits& limits_;
  Clock::time_point start_;
};

}  // namespace satdoku::detail
