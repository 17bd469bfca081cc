// satdoku/verdict.hpp - what a SAT solver says of a formula: satisfiable,
// unsatisfiable, or unknown (a limit stopped it, or it gave no answer).  One
// vocabulary for the embedded CaDiCaL (SatSolver::solve) and for another
// solver's output read back (read_solver_output).
#pragma once

#include <string_view>

namespace satdoku {

enum class Verdict { sat, unsat, unknown };

// "sat", "unsat", "unknown".
std::string_view to_string(Verdict verdict);

}  // namespace satdoku
