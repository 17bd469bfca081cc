// satdoku/sat_solver.hpp - a small facade over the embedded CaDiCaL solver.
//
// The facade keeps cadical.hpp out of every other file (pimpl), keeps the
// solver quiet (option "quiet" = 1: library code never prints), turns
// misuse into UsageError and exposes the few things satdoku needs:
//
//   satdoku::SatSolver solver;                 // state: configuring
//   solver.set_option("phase", 0);             // only before the first clause
//   satdoku::encode(puzzle, {}, solver);       // a ClauseSink: no copy
//   solver.set_conflict_limit(100000);         // for the next solve only
//   if (solver.solve() == satdoku::Verdict::sat) solver.value(v) ...
//
// States (as in cadical.hpp): configuring (new, no clause yet: options and
// proof tracing allowed) -> adding/ready (clauses, solve) -> after solve:
// sat (value() allowed), unsat, unknown (a limit stopped it).  Adding a
// clause after a solve is allowed (incremental use) and leaves the sat
// state.  One SatSolver per thread.
//
// When CaDiCaL runs out of memory while adding or solving (std::bad_alloc
// out of add_clause() or solve()), it may be left mid-search, where
// destroying it would abort the process.  Such a solver is never destroyed:
// its memory stays taken until the process ends, and every later call on it
// that would reach CaDiCaL throws UsageError (statistics() and the limit and
// cancel setters, which only store a value, do not).  Build a new one.
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "satdoku/clause_sink.hpp"
#include "satdoku/verdict.hpp"

namespace satdoku {

// Counters of the solver over its lifetime.
struct SatStatistics {
  std::uint64_t conflicts = 0;     // learned clauses, via CaDiCaL's Learner: one per conflict
                                   // that learns one (a few learn none: may fall short)
  std::optional<std::uint64_t> decisions;     // std::nullopt: CaDiCaL 1.5.3 ("sc2021") has no
  std::optional<std::uint64_t> propagations;  // getter for either (only prints them on stdout)
  std::uint64_t solves = 0;        // calls of solve()
  std::uint64_t clauses = 0;       // clauses added
  int variables = 0;               // highest variable seen
};

class SatSolver final : public ClauseSink {
 public:
  // A new, quiet solver in the configuring state.
  SatSolver();
  ~SatSolver() override;
  SatSolver(const SatSolver&) = delete;
  SatSolver& operator=(const SatSolver&) = delete;

  // CaDiCaL's version string, as the linked library reports it: not always a
  // number (Debian bookworm's CaDiCaL 1.5.3 says "sc2021", its SAT
  // Competition 2021 tag).  `satdoku --version` prints it on its second line.
  static std::string_view version();

  // Sets CaDiCaL option `name` (as in `cadical --help`, e.g. "phase",
  // "seed", "chrono").  Throws UsageError when the name is not a valid
  // CaDiCaL option, when the value is outside the option's range (the
  // message names the range; the option keeps its value), when clauses
  // were already added, or for the options that would make CaDiCaL print on
  // standard output (quiet=0, and verbose, report or reportall other than 0).
  void set_option(std::string_view name, int value);
  // The current value of a CaDiCaL option; throws UsageError for an unknown name.
  int option(std::string_view name) const;
  // Writes a DRAT proof of the next unsatisfiability results to `path`, in
  // CaDiCaL's binary DRAT unless option "binary" is set to 0 first (text
  // DRAT, as write_uniqueness_proof() writes it).  Precondition: no clause
  // added yet (UsageError).  OutputError when the file cannot be opened.
  void trace_proof(const std::string& path);

  // Adds a clause (empty: the formula becomes unsatisfiable).  Literals are
  // non-zero ints of magnitude below INT_MAX, as CaDiCaL numbers variables
  // (UsageError otherwise, before any literal is added).  CaDiCaL keeps a
  // few bytes for every variable up to the highest one named; when it cannot
  // have them, std::bad_alloc, and the clause is not added.
  void add_clause(std::span<const int> literals) override;
  void add_clause(std::initializer_list<int> literals) {
    add_clause(std::span<const int>(literals.begin(), literals.size()));
  }

  // Limits for the next solve() only: a number of conflicts (0 = none) and
  // seconds of wall time (0, a century or more, infinity or NaN = none).
  // A cancel flag, polled while solving, stays connected until replaced
  // (nullptr disconnects).
  void set_conflict_limit(std::uint64_t conflicts);
  void set_time_limit(double seconds);
  void set_cancel(const std::atomic<bool>* cancel);

  // Solves under `assumptions` (literals that hold for this call only).
  // unknown when a limit or the cancel flag stopped the search.
  Verdict solve(std::span<const int> assumptions = {});
  Verdict solve(std::initializer_list<int> assumptions) {
    return solve(std::span<const int>(assumptions.begin(), assumptions.size()));
  }

  // The value the search tries first for `lit`'s variable: `lit` true
  // (CaDiCaL's phase(); a hint only, every answer still follows from the
  // clauses).  Precondition: lit is a literal as add_clause() takes them
  // (UsageError).
  void phase(int lit);

  // The value of variable `var` (1 .. INT_MAX - 1, as CaDiCaL numbers them)
  // in the model.  Precondition: the last solve() returned sat and no clause
  // was added since (UsageError otherwise, and for a `var` out of range).  A
  // variable the solver never saw is false.
  bool value(int var) const;

  SatStatistics statistics() const;

 private:
  void require_usable(std::string_view what) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace satdoku
