// satdoku/probing.hpp - how much an encoding lets a solver deduce without
// search, measured by satdoku's own propagation over the generated clauses.
//
// Two measures, both over exactly the clauses the encoder emits with
// Reduction::none (the rules of the board, then one unit clause per clue):
//
//   unit propagation (UP)   the clue units are propagated to a fixpoint;
//   failed literals (FL)    then, repeatedly until nothing changes: for every
//                           unassigned primary variable x, assume x and
//                           propagate; when that conflicts, x is a failed
//                           literal and -x is asserted (and propagated).
//
// A puzzle is *solved* by a measure when afterwards every cell has exactly
// one true digit variable.  None of this uses CaDiCaL: the numbers are a
// property of the encoding, not of a solver's internals.
//
//   satdoku::StrengthMeter meter(puzzle.geometry_ptr(), satdoku::Encoding::extended,
//                                satdoku::AmoMethod::pairwise);
//   satdoku::PropagationStrength s = meter.measure(puzzle, /*probe=*/true);
//   if (s.up_solved) ...  // hidden and naked singles were enough
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "satdoku/amo.hpp"
#include "satdoku/clause_sink.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"

namespace satdoku {

// Unit propagation with two watched literals over a fixed clause set, with
// assignments undone by trail position (for probing).  Literals are DIMACS
// integers.  Not thread-safe; one per thread.
class UnitPropagator {
 public:
  // Compiles `clauses` over variables 1..max(variables, clauses.max_var()).
  // Unit clauses and an empty clause are kept and applied by reset().  Each
  // clause is normalised as it is compiled (ClauseBuffer and read_dimacs
  // keep clauses as written): a repeated literal counts once, so {1 1} is
  // the unit 1, and a clause with both x and -x, always true, is ignored;
  // propagation is that of the equivalent formula.  UsageError for more
  // than 2^30-1 variables, 2^31-1 clauses of three literals or more, or
  // 2^32-1 literals in them (a 1024x1024 board's formula; the memory guard
  // refuses far smaller ones first).
  UnitPropagator(const ClauseBuffer& clauses, int variables);

  // Undoes every assignment, then asserts and propagates the formula's own
  // unit clauses.  Returns false when that already conflicts.
  bool reset();
  // Asserts `literal` (|literal| <= variables()) and propagates.  Returns
  // false on a conflict; the propagator then stays in conflict until reset().
  // Asserting a literal that is already true does nothing.
  bool assert_literal(int literal);
  // True when a conflict was found since the last reset().
  bool conflict() const { return conflict_; }
  // +1 / -1 when `var` is assigned true / false, 0 when unassigned.
  // Precondition: 1 <= var <= variables().
  int value(int var) const { return values_[2 * static_cast<std::size_t>(var)]; }
  int variables() const { return variables_; }
  // Number of assigned variables.
  std::size_t assigned() const { return trail_.size(); }

  // Failed-literal probing to a fixpoint over the positive literals of
  // `candidates` (variables): each unassigned candidate x is assumed true and
  // propagated; when that conflicts, -x is asserted.  Rounds repeat until a
  // round asserts nothing.  Returns false when the formula is found
  // unsatisfiable.  `probes` / `failed` (when non-null) are incremented by
  // the number of probes made and of failed literals found.
  // Precondition: every candidate is a variable, 1 <= var <= variables();
  // UsageError otherwise, before anything is assumed.
  bool probe(std::span<const int> candidates, std::uint64_t* probes = nullptr,
             std::uint64_t* failed = nullptr);

 private:
  struct Watch {
    int clause;   // index into starts_, or -1 for a binary clause
    int blocker;  // literal index: the other literal of a binary clause, or
                  // one whose truth satisfies the clause
  };
  static int index(int literal) { return literal > 0 ? 2 * literal : -2 * literal + 1; }
  void assign(int lit_index);
  bool propagate();
  void backtrack(std::size_t trail_size);

  int variables_ = 0;
  std::vector<int> literals_;            // long clauses, literal indices, flat
  std::vector<std::uint32_t> starts_;    // start of each long clause in literals_
  std::vector<std::uint32_t> sizes_;     // size of each long clause
  std::vector<std::vector<Watch>> watches_;  // by literal index: clauses watching it
  std::vector<int> units_;               // literal indices of unit clauses
  bool empty_clause_ = false;
  std::vector<signed char> values_;      // by literal index: +1 true, -1 false, 0 open
  std::vector<int> trail_;               // assigned literal indices, in order
  std::size_t head_ = 0;                 // next trail entry to propagate
  bool conflict_ = false;
};

// What unit propagation and failed-literal probing achieve on one puzzle.
struct PropagationStrength {
  bool up_solved = false;      // UP alone gave every cell exactly one digit
  bool up_conflict = false;    // UP alone found the clues contradictory
  bool probed = false;         // failed-literal probing was run
  bool fl_solved = false;      // UP + failed literals gave every cell one digit
  bool fl_conflict = false;    // ... or found a contradiction
  int up_cells = 0;            // cells with exactly one true digit after UP
  int fl_cells = 0;            // the same after probing (when probed)
  std::uint64_t probes = 0;    // literals probed
  std::uint64_t failed = 0;    // failed literals found
};

// Measures PropagationStrength for puzzles of one board shape, encoding and
// at-most-one method.  The rules (the Reduction::none formula of an empty
// board) are encoded and compiled once; each puzzle adds its clues as the
// unit clauses Reduction::none would emit, so the result is that of the
// puzzle's own Reduction::none formula.  Throws what Encoder throws for a
// combination that cannot be encoded, and UsageError for a null geometry.
class StrengthMeter {
 public:
  StrengthMeter(std::shared_ptr<const Geometry> geometry, Encoding encoding, AmoMethod amo);

  // Precondition: `puzzle` has the meter's geometry (same N and box shape;
  // UsageError otherwise).  With `probe` false, only the UP fields are set.
  PropagationStrength measure(const Grid& puzzle, bool probe);

  const Geometry& geometry() const { return *geometry_; }
  Encoding encoding() const { return encoding_; }
  AmoMethod amo() const { return amo_; }

 private:
  int solved_cells() const;

  std::shared_ptr<const Geometry> geometry_;
  Encoding encoding_;
  AmoMethod amo_;
  VarMap map_;
  std::unique_ptr<UnitPropagator> propagator_;
  std::vector<int> primary_;  // 1..N^3, the probing candidates
};

}  // namespace satdoku
