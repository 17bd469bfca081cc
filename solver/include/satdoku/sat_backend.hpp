// satdoku/sat_backend.hpp - the SAT backend: encode, solve with the embedded
// CaDiCaL, decode, behind the common Solver interface.
//
// Three modes:
//   fresh        one CaDiCaL instance per puzzle; the puzzle's clues are in
//                the formula (unit clauses, or removed by the reduction); its
//                variables are numbered densely, in the order they appear.
//                With a reduction that propagates and two encodings (the default
//                above 9x9: `extended` clauses, `triads` propagation), the
//                clauses' own encoding propagates first, then `encoding`
//                from the cells it decided, and the formula is the clauses
//                over what both left open (FreshFormula); when either
//                settles the puzzle, as in hybrid mode, no CaDiCaL instance
//                is made.
//   incremental  one instance per Solver object, made again for another
//                board shape or encoding (a batch that alternates sizes
//                rebuilds it for every puzzle), every 1,000 puzzles and
//                for each block of input (Limits::reuse_epoch): the rules
//                are added once, each puzzle's clues are passed as
//                assumptions, and learnt clauses are kept between puzzles.
//                The reduction does not apply (the formula has no clues).
//   hybrid       the puzzle is first reduced at encode time, part of the
//                encoding: Reduction::probe when asked for (the default up
//                to 9x9: propagation, then failed-literal probing), else
//                Reduction::propagate.  When the
//                reduction settles it (every cell decided, or a
//                contradiction), the residual formula is empty (or the empty
//                clause) and the answer is the encoding's fixed values
//                (Stats::by_propagation); every other puzzle goes to the
//                incremental instance, the cells the reduction decided as
//                clauses "activator implies cell" under one activator
//                literal, the only assumption.  An incremental CaDiCaL call
//                costs tens of microseconds even when nothing is left to
//                search, and a new instance more (benchmarks/RESULTS.md).
//                The first puzzle of each Limits::reuse_epoch (when set)
//                that is left to search is solved as in fresh mode with the
//                same reduction instead: building the rules instance costs
//                about as much as four fresh solves.
// The answer comes from CaDiCaL's model only (plus, with a reduction, the
// values the encoding itself fixed); further solutions are found by adding
// a clause that forbids the last one on the cells the formula left open (in
// the incremental instance guarded by the puzzle's activator literal,
// retired after the puzzle, so the instance stays reusable).
//
//   auto sat = satdoku::make_sat_solver();          // the defaults per board size
//   satdoku::Result r = sat->solve(puzzle, {.max_solutions = 2});
//   auto fresh = satdoku::make_sat_solver({.mode = satdoku::SatMode::fresh});
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "satdoku/amo.hpp"
#include "satdoku/clause_sink.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"

namespace satdoku {

enum class SatMode { fresh, incremental, hybrid };
std::string_view to_string(SatMode mode);
std::optional<SatMode> parse_sat_mode(std::string_view name);
std::string sat_mode_names();  // "fresh, incremental, hybrid"

// A configuration with every choice made, for one board size.
struct SatChoice {
  // What Reduction::propagate propagates with (hybrid mode; fresh mode
  // with that reduction, after `instance_encoding`'s own propagation), and
  // what `satdoku encode` and `check --proof` write.
  Encoding encoding = Encoding::extended;
  // The clauses CaDiCaL holds: the rules of the incremental instance
  // (incremental and hybrid modes), the puzzle's formula in fresh mode.
  // The same as `encoding` unless satdoku's defaults choose otherwise.
  Encoding instance_encoding = Encoding::extended;
  AmoMethod amo = AmoMethod::pairwise;
  Reduction reduction = Reduction::none;
  SatMode mode = SatMode::incremental;
  // CaDiCaL options satdoku sets before the user's (--sat-option).
  std::vector<std::pair<std::string, int>> options = {};

  // Whether the mode propagates with `encoding` before CaDiCaL searches:
  // hybrid, and fresh with a reduction that propagates.  Elsewhere
  // (incremental, fresh with none or clues) CaDiCaL gets the clauses of
  // `instance_encoding` alone, and `encoding` plays no part.
  bool uses_encoding() const;
  // The encodings the mode uses: `instance_encoding` (incremental, and
  // fresh without a reduction that propagates), else "triads+extended" (when they
  // differ).
  std::string encoding_label() const;
  // Equal choices run a puzzle the same way.
  bool operator==(const SatChoice&) const = default;
  // "extended/pairwise/none/incremental": encoding_label(), amo, reduction, mode.
  std::string str() const;
};

// Whether `reduction` propagates (propagate, or probe: propagate and more).
constexpr bool propagates(Reduction reduction) {
  return reduction == Reduction::propagate || reduction == Reduction::probe;
}
// The reduction hybrid mode applies before the incremental instance: probe
// when asked for, else propagate (whatever else was asked: the incremental
// instance takes the rest).
constexpr Reduction hybrid_reduction(const SatChoice& choice) {
  return choice.reduction == Reduction::probe ? Reduction::probe : Reduction::propagate;
}

// The choices satdoku makes for N x N boards when the user makes none,
// chosen by measurement (benchmarks/RESULTS.md).
SatChoice default_sat_choice(int n);

// What the user asked for; unset fields take default_sat_choice(N) for each
// puzzle's N, so one batch may mix board sizes.
struct SatConfig {
  std::optional<Encoding> encoding = std::nullopt;
  std::optional<AmoMethod> amo = std::nullopt;
  std::optional<Reduction> reduction = std::nullopt;
  std::optional<SatMode> mode = std::nullopt;
  // CaDiCaL options applied to every instance, after satdoku's own defaults.
  std::vector<std::pair<std::string, int>> options = {};

  SatChoice resolve(int n) const;
};

// The mode the SAT backend runs an N x N puzzle in: `config`'s choice, except
// that under a conflict limit and without a chosen mode every puzzle gets a
// fresh instance (whether it ends `unknown` must not depend on what an
// instance solved before).  All but fresh keep their solver between puzzles.
SatMode sat_mode_for(const SatConfig& config, int n, const Limits& limits);

// The formula fresh mode gives CaDiCaL for one puzzle (the SAT backend
// solves it; `compare` measures it).  The constructor runs the
// propagations: `instance_encoding`'s with the chosen reduction and, with
// a reduction that propagates and a different `encoding`, that one's next, from the
// cells the first decided (settled() when either settles the puzzle).  The
// formula is `instance_encoding`'s clauses without what the propagations
// fixed; its variables keep the encoding's numbers.
class FreshFormula {
 public:
  FreshFormula(const Grid& puzzle, const SatChoice& choice);
  ~FreshFormula();
  FreshFormula(const FreshFormula&) = delete;
  FreshFormula& operator=(const FreshFormula&) = delete;

  // With two encodings, the propagation that decided every cell or found a
  // contradiction (then there is no formula to solve), else nullptr.
  const Encoder* settled() const;
  // Whether the (first) propagation alone settled the puzzle.
  bool solved_by_reduction() const;
  // The digit the propagations put in `cell`, 0 when it is open.
  int digit_of_cell(int cell) const;
  // Emits the clauses; returns how many.
  std::uint64_t emit(ClauseSink& sink) const;

  struct Size {
    std::uint64_t variables = 0, clauses = 0, literals = 0;
  };
  // What CaDiCaL holds (the variables its clauses name, numbered densely);
  // all zero when settled().
  Size size() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Sets `choice.options` (satdoku's defaults for the board size), then the
// user's `config.options`, on a solver that has no clause yet.
void apply_options(SatSolver& solver, const SatChoice& choice, const SatConfig& config);

// Parses "NAME=VALUE" (VALUE an integer, or true/false); throws UsageError,
// also when NAME is not one of CaDiCaL's options.
std::pair<std::string, int> parse_sat_option(std::string_view text);

// A SAT backend.  Throws UsageError at once for an invalid CaDiCaL option;
// a choice that does not fit the puzzle (a formula whose variables would
// not fit an int, probing on a board above its limit) throws nothing: its
// solve() returns Status::error with the reason.
std::unique_ptr<Solver> make_sat_solver(SatConfig config = {});

}  // namespace satdoku
