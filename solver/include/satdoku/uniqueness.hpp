// satdoku/uniqueness.hpp - verdicts on uniqueness, redundant clues, and
// proofs that a solution is the only one.
//
// A puzzle's verdict comes from counting its solutions up to 2 with any
// backend (Solver::solve with max_solutions >= 2):
//
//   satdoku::Result r = backend->solve(puzzle, {.max_solutions = 2});
//   switch (satdoku::uniqueness_of(r)) { case satdoku::Uniqueness::unique: ... }
//
// or, with the count of 2 set for you:
//
//   satdoku::UniquenessCheck c = satdoku::check_uniqueness(*backend, puzzle);
//
// For a unique puzzle, a ClueAnalyzer decides for every clue whether it is
// redundant (the puzzle without it still has exactly one solution) or
// needed (without it there is another solution, returned as a witness).
// It keeps one incremental CaDiCaL instance holding the rules only, made
// again when the board shape changes; per puzzle it adds one clause forbidding the known solution,
// guarded by a fresh activator literal, and makes one call per clue with
// the other clues and the activator as assumptions (unsat: redundant).
// From 100 clues on, the clues are put in groups of about sqrt(count), each
// behind an activator of its own, and a call assumes the other groups'
// activators and its own group's other clues.  The activators are retired
// afterwards, so the instance stays reusable (it is renewed every 1,000
// puzzles, and whenever Limits::reuse_epoch changes):
//
//   satdoku::ClueAnalyzer analyzer;
//   satdoku::ClueAnalysis a = analyzer.analyze(puzzle, solution);
//   if (a.complete && a.redundant.empty()) minimal...
//
// write_uniqueness_proof() writes the evidence for a `unique` verdict that
// an outside checker can confirm: the CNF "rules + clues + not this
// solution" and CaDiCaL's DRAT proof (text format) that it is
// unsatisfiable.  Check it with `drat-trim FILE.cnf FILE.drat`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "satdoku/grid.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"

namespace satdoku {

enum class Uniqueness {
  unique,    // exactly one solution
  multiple,  // at least two solutions
  none,      // no solution
  invalid,   // clues clash (Result::clash)
  unknown,   // a limit stopped the count first (or the backend failed)
};
std::string_view to_string(Uniqueness verdict);

// The verdict a Result supports.  Precondition: the result was asked for at
// least 2 solutions (otherwise a single solution is `unique` only when the
// search was exhausted with it, as when propagation alone settled the
// puzzle).  Status::error counts as unknown.
Uniqueness uniqueness_of(const Result& result);

// A verdict with the Result it rests on (its solutions: one for `unique`,
// two for `multiple`).
struct UniquenessCheck {
  Uniqueness verdict = Uniqueness::unknown;
  Result result;
};

// Counts `puzzle`'s solutions with `solver` up to 2 (limits.max_solutions
// is raised to 2 when it is lower; the other limits apply as given) and
// gives the verdict.
UniquenessCheck check_uniqueness(Solver& solver, const Grid& puzzle, Limits limits = {});

// Per clue of a unique puzzle: redundant or needed.
struct ClueAnalysis {
  std::vector<int> redundant;   // clue cells (row-major) whose removal keeps the solution unique
  std::vector<int> needed;      // clue cells without which there is another solution
  std::vector<Grid> witnesses;  // witnesses[i]: a solution of the puzzle without needed[i],
                                // different from the known solution
  bool complete = true;         // false: a limit stopped the analysis; the clues not in
                                // either list were not decided
  std::string message;          // why the analysis is incomplete
};

class ClueAnalyzer {
 public:
  // `config` gives the encoding, at-most-one method and CaDiCaL options;
  // its reduction and mode are not used (the instance holds the rules
  // only).  Throws UsageError for an invalid CaDiCaL option.
  explicit ClueAnalyzer(SatConfig config = {});
  ~ClueAnalyzer();
  ClueAnalyzer(const ClueAnalyzer&) = delete;
  ClueAnalyzer& operator=(const ClueAnalyzer&) = delete;

  // Preconditions: `solution` is a complete grid of the puzzle's shape that
  // keeps every clue (UsageError otherwise), and it is the puzzle's only
  // solution (not checked: with another solution every clue is reported
  // needed).  Limits: conflict_budget and time_budget for the whole puzzle
  // (one budget spent by the solver calls for all its clues, not one per
  // clue; the conflicts are counted through the learnt clauses, which a few
  // conflicts do not make, so the calls may spend a little more), cancel,
  // and reuse_epoch (a new one makes a new instance, so that the verdicts do
  // not depend on the puzzles of earlier blocks; so does a conflict budget,
  // for every puzzle); max_solutions and node_budget are not used.  Clues are
  // decided in row-major order; when a limit stops the analysis the result
  // is incomplete.  One ClueAnalyzer per thread.
  ClueAnalysis analyze(const Grid& puzzle, const Grid& solution, const Limits& limits = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The same analysis with any backend (for the native solver): one count up
// to 2 solutions per clue, on the puzzle without it.  Same preconditions;
// `limits` apply to each count (max_solutions is set to 2).
ClueAnalysis analyze_clues(Solver& solver, const Grid& puzzle, const Grid& solution, const Limits& limits = {});

// What write_uniqueness_proof() did.
struct UniquenessProof {
  Verdict result = Verdict::unknown;  // unsat: both files were written
  std::string message;                // with unknown: the limit that was reached
  std::uint64_t variables = 0;        // of the CNF
  std::uint64_t clauses = 0;          // of the CNF, the blocking clause included
};

// The formula a proof is written in for an n x n board under `config`: the
// encoding `config` resolves to, whole (reduction none: every clue a unit
// clause), in one fresh CaDiCaL.  write_uniqueness_proof() uses it; so may
// a caller that first weighs what the proof will cost (as the command line
// does: memory_refusal() in cli/memory_guard.hpp).
SatChoice proof_choice(const SatConfig& config, int n);

// The formula a ClueAnalyzer under `config` holds for an n x n board: the
// rules of the encoding its instance takes, whole, the clues being
// assumptions (incremental mode, reduction none).  For a caller that weighs
// its memory first (the command line's memory_refusal()): a 64x64 board's
// pairwise rules take CaDiCaL some 2.4 GB.
SatChoice clue_analysis_choice(const SatConfig& config, int n);

// Writes the CNF "rules + clues + not `solution`" to `cnf` and CaDiCaL's DRAT
// proof of its unsatisfiability (text DRAT: lemma lines "l1 l2 0", deletion
// lines "d l1 l2 0", the last line "0", the empty clause) to `proof`.
//
// The CNF is proof_choice(config, n)'s formula, with satdoku's header
// comments (so `satdoku decode` reads it), a comment naming the solution,
// and as its LAST clause the blocking clause: the disjunction of "cell c
// does not hold its digit in `solution`" over every empty cell c of the
// puzzle.  The proof shows that no grid obeys the rules, keeps the clues
// and differs from `solution` in an empty cell; together with `solution`
// satisfying the rules and clues (which verify() checks) this proves the
// solution unique.
//
// Both files are written under temporary names beside the targets and
// renamed into place only when the solver answered unsat, so a target
// exists only with a complete proof.  With `sat` (the solution is not
// unique) or `unknown` (a limit: conflict_budget, time_budget or cancel of
// `limits`; time_budget covers the whole call, the CNF's writing included)
// nothing is written.  The cancel flag and the clock are also looked at
// while the CNF is counted and written (every 4,096 clauses): once the flag
// is raised, Cancelled is thrown, and once the time is spent the answer is
// `unknown`; neither file nor a temporary one is left.  Preconditions: `solution`
// is a complete grid of the puzzle's shape keeping its clues, and `cnf` and
// `proof` name two different files (UsageError).
// Throws OutputError when a file cannot be written.  Threads: calls with
// different target files may run at once (each has its own solver; the
// temporary names carry the process id and a shared counter).
UniquenessProof write_uniqueness_proof(const Grid& puzzle, const Grid& solution,
                                       const std::filesystem::path& cnf, const std::filesystem::path& proof,
                                       const SatConfig& config = {}, const Limits& limits = {});

}  // namespace satdoku
