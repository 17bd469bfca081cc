// SATDOKU_TEST_FAULT: a hook for the tests of satdoku's own safety checks.
//
// The checks that guard every answer (each solution verified against the
// rules and the clues, no solution twice, the native reference agreeing)
// only speak when a backend is wrong, which a correct build never is.  So
// that tests can still see them fire, with their messages and exit code 3,
// the environment variable SATDOKU_TEST_FAULT makes the backend of `solve`,
// `check` and `compare` (not the reference) spoil its answers one way:
//
//   wrong-digit      the first solution's first empty cell gets another digit
//   no-solution      a puzzle solved is reported as having none (exhausted)
//   one-solution     of several solutions only the first is kept, the search
//                    reported as exhausted (a puzzle with two looks unique)
//   repeat-solution  the first solution is reported twice
//
// and two spoil `check --minimal`'s clue analysis (spoil_clue_analysis):
//
//   needed-as-redundant  the first needed clue is reported redundant
//   wrong-witness        the first needed clue's witness (the other solution
//                        without it) is replaced by the known solution
//
// Unset or empty, answers are left alone; any other value is a usage error.
#pragma once

#include <memory>

#include "satdoku/solver.hpp"
#include "satdoku/uniqueness.hpp"

namespace satdoku::cli {

enum class TestFault {
  none,
  wrong_digit,
  no_solution,
  one_solution,
  repeat_solution,
  needed_as_redundant,
  wrong_witness
};

// The fault SATDOKU_TEST_FAULT names, read once per process; throws
// UsageError for an unknown one.
TestFault test_fault();

// `backend` itself without a fault, else a wrapper that spoils its answers.
std::unique_ptr<Solver> with_test_fault(std::unique_ptr<Solver> backend);

// Spoils `analysis` (of a puzzle whose only solution is `solution`) as the
// fault SATDOKU_TEST_FAULT names, if it is one of the clue analysis's.
void spoil_clue_analysis(ClueAnalysis& analysis, const Grid& solution);

}  // namespace satdoku::cli
