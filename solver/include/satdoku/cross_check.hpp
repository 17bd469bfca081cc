// satdoku/cross_check.hpp - comparing an answer with the reference's.
//
// The reference (the native solver) is asked for one solution more than the
// backend under test, so that it knows whether the backend's count is the
// whole story (when the answer stopped at its limit and claims nothing about
// further solutions, asking for as many as the answer is enough):
//
//   Limits ref = limits; ref.max_solutions = limits.max_solutions + 1;
//   Result reference = native->solve(puzzle, ref);
//   CrossCheck check = cross_check(answer, reference, limits.max_solutions);
//   if (!check.agree) ... a bug: check.message says what differs
#pragma once

#include <cstdint>
#include <string>

#include "satdoku/solver.hpp"

namespace satdoku {

struct CrossCheck {
  bool agree = true;
  bool reference_gave_up = false;  // the reference hit its budget: less was compared
  std::string message;             // what disagrees, or why less was compared
};

// Precondition: both results are for the same puzzle; `answer` was asked for
// up to `max_solutions` solutions and `reference` for max_solutions + 1 (or
// for max_solutions when the answer is not `exhausted`).
// Checks the status, the number of solutions and, when the reference knows
// every solution, that both found the same ones.  A result with status
// `error`, or `refused` (declined before any search), is compared with
// nothing: the check agrees, and says why in its message.  Solutions themselves are
// not verified here (verify() does that).  Throws UsageError, naming the
// function, when the solutions are of boards of different shapes (the
// limits each result was asked for cannot be checked).
CrossCheck cross_check(const Result& answer, const Result& reference, std::uint64_t max_solutions);

}  // namespace satdoku
