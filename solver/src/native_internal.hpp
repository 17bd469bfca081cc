// native_internal.hpp - the two search engines behind make_native_solver().
//
// Internal to the solver library (tests include it by relative path to
// cross-check the engines against each other).  Each engine is complete on
// its own: it reports clashes (through find_clash), honours every field of
// Limits and fills every field of Result except stats.seconds, which the
// Solver front end measures around the whole call.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "deadline.hpp"
#include "limit_text.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::native_detail {

// The 9x9 engine: per-digit candidate bitboards kept as three 27-bit bands,
// band-level box/line reasoning from a precomputed table, hidden singles in
// rows, boxes and columns, naked singles, branching on the cell with the
// fewest candidates.  Precondition: puzzle.size() == 9, digits 0..9.
Result solve_9x9(const Grid& puzzle, const Limits& limits);

// The general engine for every N: per-cell candidate bitsets (W 64-bit
// words), per unit and digit counts of candidate places, naked and hidden
// singles from a work queue plus locked candidates (box/line), undo trail
// instead of copies, iterative depth-first search on the cell with the
// fewest candidates (or on the places of a unit's digit when strictly fewer).
// Precondition: digits 0..N.
Result solve_general(const Grid& puzzle, const Limits& limits);

// Watches the node budget, the time budget and the cancel flag.  `poll`
// is cheap; the clock is read at the first call (a flag raised before the
// search stops it, as it stops the SAT backend) and then every 256 calls.
class NodeBudget {
 public:
  explicit NodeBudget(const Limits& limits) : deadline_(limits) {}

  // True when the search must stop before starting node number `nodes`+1.
  // Sets `reason()` then.
  bool exceeded(std::uint64_t nodes) {
    const std::uint64_t most = deadline_.limits().node_budget;
    if (most != 0 && nodes >= most) {
      reason_ = detail::count_limit_reached("node", most);
      return true;
    }
    return poll();
  }

  // Time and cancellation only (for long stretches of propagation).
  bool poll() {
    if ((calls_++ & 255u) != 0) return false;
    return check_now();
  }

  bool check_now() {
    std::optional<std::string> why = deadline_.passed();
    if (why) reason_ = std::move(*why);
    return why.has_value();
  }

  const std::string& reason() const { return reason_; }

 private:
  detail::Deadline deadline_;
  std::uint32_t calls_ = 0;
  std::string reason_;
};

// Fills status, exhausted, interrupted and message from what a search saw.
// `complete`: the search space was fully explored.
inline void finish(Result& r, bool complete, bool interrupted, const std::string& reason) {
  r.interrupted = interrupted;
  r.exhausted = complete && !interrupted;
  if (!r.solutions.empty()) {
    r.status = Status::solved;
  } else if (interrupted) {
    r.status = Status::unknown;
  } else {
    r.status = Status::none;
  }
  if (interrupted) r.message = reason;
}

}  // namespace satdoku::native_detail
