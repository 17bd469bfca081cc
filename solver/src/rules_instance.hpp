// The incremental instance: the rules of one board shape in one encoding,
// held by a SatSolver that puzzle after puzzle reuses through assumptions
// (internal to the solver library: the SAT backend's incremental and hybrid
// modes, and the clue analysis of --minimal).
#pragma once

#include <cstdint>
#include <memory>

#include "budget.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/grid.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/sat_solver.hpp"

namespace satdoku::detail {

struct RulesInstance {
  int size = 0;
  BoxShape box;
  Encoding encoding{};
  AmoMethod amo{};
  SatSolver solver;
  std::uint64_t variables = 0, clauses = 0;  // of the rules
  int next_var = 0;                          // the next activator variable
  std::uint64_t puzzles = 0;                 // solved with this instance (its owner counts)

  // Whether its owner should make a new one: learnt clauses and retired
  // activators pile up and slow every later call (measured with the SAT
  // backend: 7,500 puzzles/s on the first 2,000 17-clue puzzles, 2,700/s
  // over all 49,158 without renewal), while the rules cost ~2 ms to add.
  bool worn() const { return puzzles >= kRenewal; }
  static constexpr std::uint64_t kRenewal = 1000;

  // Whether it holds the rules `choice` asks for on `puzzle`'s board.
  bool fits(const Grid& puzzle, const SatChoice& choice) const {
    const Geometry& g = puzzle.geometry();
    return size == g.size() && box == g.box() && encoding == choice.instance_encoding && amo == choice.amo;
  }

  // A new instance with satdoku's and the user's CaDiCaL options and the
  // rules of `choice.instance_encoding` for `puzzle`'s board.  Throws
  // LimitReached when `budget` runs out while the rules are added (an empty
  // 64x64 board's take 4 s).
  static std::unique_ptr<RulesInstance> make(const Grid& puzzle, const SatChoice& choice, const SatConfig& config,
                                             const Budget& budget) {
    auto r = std::make_unique<RulesInstance>();
    r->size = puzzle.size();
    r->box = puzzle.geometry().box();
    r->encoding = choice.instance_encoding;
    r->amo = choice.amo;
    apply_options(r->solver, choice, config);
    LimitedSink limited(r->solver, budget);
    const EncodeReport report =
        encode(Grid(puzzle.geometry_ptr()), {choice.instance_encoding, choice.amo, Reduction::none}, limited);
    r->variables = report.variables;
    r->clauses = report.clauses;
    r->next_var = static_cast<int>(report.variables) + 1;
    return r;
  }
};

}  // namespace satdoku::detail
