// satdoku/solver.hpp - the one interface every backend implements.
//
// A backend takes a puzzle and limits, and returns what it found: the
// solutions (up to `max_solutions`), whether the search was exhausted (so
// that the number found is the exact count), and statistics.  Tests and
// benchmarks loop over backends through this interface.
//
//   auto native = satdoku::make_native_solver();
//   satdoku::Result r = native->solve(puzzle, {.max_solutions = 2});
//   if (r.status == satdoku::Status::solved && r.exhausted && r.solutions.size() == 1) unique...
//
// (check_uniqueness() in satdoku/uniqueness.hpp does the counting to 2.)
// Every solution found is kept in `solutions`: to count many, mind the
// memory (a Grid each) and prefer the native backend, where a further
// solution costs a few search nodes; the SAT backend solves once more per
// solution, with one more clause forbidding the last (20,000 solutions of
// an empty 6x6 board: `satdoku check --count 20000` takes 0.09 s with the
// native backend, 2.8 s with SAT).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "satdoku/grid.hpp"

namespace satdoku {

struct Limits {
  std::uint64_t max_solutions = 1;  // stop after this many (>= 1; 0 is Status::error)
  std::uint64_t node_budget = 0;    // native: search nodes; 0 = none
  std::uint64_t conflict_budget = 0;  // SAT: conflicts per puzzle; 0 = none
  double time_budget = 0;           // seconds per puzzle, from the start of solve() (SAT: the
                                    // encoding included); 0, negative, NaN, infinity or a
                                    // century and more = none
  // When set and true, the backend stops as soon as it can (Ctrl-C).  It
  // must outlive the solve() calls given it.
  // Where the SAT backend looks at both: in fresh mode (the default above
  // 9x9) every 4,096 clauses handed to CaDiCaL, then CaDiCaL during its
  // search; the encoder's reduction runs to its end first (about 2 s for a
  // 400x400 board).  The native solver looks during its search, and while
  // it places a big board's clues.
  const std::atomic<bool>* cancel = nullptr;
  // Backends that keep one solver from puzzle to puzzle (SAT incremental and
  // hybrid modes: learnt clauses and phases steer the next search, so they
  // decide which solution a puzzle with several gets) start a new solver
  // whenever this changes.  A batch that numbers blocks of its input this
  // way gets the same answers however its puzzles are spread over threads.
  // 0: no such blocks (the solver is renewed every 1,000 puzzles).
  std::uint64_t reuse_epoch = 0;
};

enum class Status {
  solved,   // at least one solution found
  none,     // search exhausted, no solution
  invalid,  // clues clash (Result::clash says where)
  unknown,  // a budget or cancellation stopped the search before any solution, or
            // (Result::refused) a caller declined the puzzle before any search (the
            // command line's memory guard wraps a Solver so: cli/memory_guard.hpp)
  error,    // the backend could not run (message says why)
};
std::string_view to_string(Status status);

struct Stats {
  std::uint64_t nodes = 0;         // native: search nodes (propagation rounds)
  std::uint64_t guesses = 0;       // native: branches taken beyond the first
  std::uint64_t conflicts = 0;     // SAT
  std::optional<std::uint64_t> decisions;     // SAT: not reported (std::nullopt): CaDiCaL
  std::optional<std::uint64_t> propagations;  // 1.5.3 has no getter for either
  std::uint64_t variables = 0;     // SAT: encoding size (fresh: the puzzle's reduced formula;
  std::uint64_t clauses = 0;       // hybrid, incremental: the rules of the shared instance)
  bool sat = false;                // the SAT backend answered (its fields are 0 when
                                   // the reduction left CaDiCaL no formula)
  bool by_propagation = false;     // solved without any guess or decision
  double seconds = 0;              // wall time of solve()
  double encode_seconds = 0;       // SAT: the part of `seconds` before CaDiCaL's first
                                   // search (the reduction, the formula or the puzzle's
                                   // clauses handed over; a new instance's rules)
};

struct Result {
  Status status = Status::error;
  std::vector<Grid> solutions;     // distinct, at most max_solutions
  bool exhausted = false;          // search space fully explored: the count is exact
  bool interrupted = false;        // a budget or cancellation stopped the search
  bool refused = false;            // with unknown: declined before any search (by a
                                   // wrapper such as the command line's memory guard;
                                   // the backends never set it): nothing to cross-check
  std::optional<Clash> clash;      // with Status::invalid
  Stats stats;
  std::string message;             // with Status::error / unknown: why
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual std::string_view name() const = 0;
  // Thread-compatible: one Solver per thread.  Each backend honours the
  // limits that apply to it (native: node_budget; SAT: conflict_budget and
  // reuse_epoch; both: max_solutions, time_budget, cancel) and ignores the
  // others.  Precondition: limits.max_solutions >= 1; every backend answers
  // 0 alike, before looking at the puzzle: Status::error with the message
  // "max_solutions must be at least 1".  Bad input (a clash) is a Status,
  // not an exception; a backend that cannot run returns Status::error with
  // the reason in `message`.
  virtual Result solve(const Grid& puzzle, const Limits& limits) = 0;
};

// The native reference solver: candidate bitsets, naked and hidden singles,
// branching on the cell with the fewest candidates; exact for every size.
std::unique_ptr<Solver> make_native_solver();

}  // namespace satdoku
