#include "satdoku/sat_backend.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <new>
#include <optional>
#include <vector>

#include "budget.hpp"
#include "rules_instance.hpp"
#include "satdoku/error.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/varmap.hpp"

namespace satdoku {

std::string_view to_string(SatMode mode) {
  switch (mode) {
    case SatMode::fresh: return "fresh";
    case SatMode::incremental: return "incremental";
    case SatMode::hybrid: return "hybrid";
  }
  return "fresh";
}

constexpr std::array kSatModes{SatMode::fresh, SatMode::incremental, SatMode::hybrid};

std::optional<SatMode> parse_sat_mode(std::string_view name) {
  for (SatMode m : kSatModes)
    if (name == to_string(m)) return m;
  return std::nullopt;
}

std::string sat_mode_names() {
  std::string names;
  for (SatMode m : kSatModes) names += (names.empty() ? "" : ", ") + std::string(to_string(m));
  return names;
}

bool SatChoice::uses_encoding() const {
  switch (mode) {
    case SatMode::fresh: return propagates(reduction);
    case SatMode::incremental: return false;
    case SatMode::hybrid: return true;
  }
  return true;
}

std::string SatChoice::encoding_label() const {
  if (!uses_encoding()) return std::string(to_string(instance_encoding));
  std::string s(to_string(encoding));
  if (instance_encoding != encoding) s.append("+").append(to_string(instance_encoding));
  return s;
}

std::string SatChoice::str() const {
  std::string s = encoding_label();
  s.append("/").append(to_string(amo)).append("/").append(to_string(reduction)).append("/");
  return s.append(to_string(mode));
}

SatChoice default_sat_choice(int n) {
  // Measured (benchmarks/RESULTS.md): up to 9x9, `hybrid` with `triads` (76%
  // of 17-clue puzzles settled by the encoding's own propagation), the rest
  // by one warm incremental instance holding the `extended` rules (12% less
  // time than a `triads` instance, on 17-clue and on the hardest puzzles);
  // above, one fresh instance per puzzle (big boards come one at a time)
  // holding the `extended` clauses over the candidates `triads` propagation
  // left open: sudoku-25-1 gives CaDiCaL 7,417 clauses instead of 19,908,
  // and symmetric variants of the 64x64 and 81x81 boards solve 13% and 41%
  // faster in all.
  SatChoice c;
  c.amo = default_amo(n);
  c.reduction = Reduction::propagate;
  if (n <= 9) {
    c.encoding = Encoding::triads;
    c.instance_encoding = Encoding::extended;
    c.mode = SatMode::hybrid;
    // Failed-literal probing of the cells with at most three candidates
    // after `triads` propagation settles every top1465 and 17-clue puzzle:
    // callgrind (RESULTS.md, session 5) solve top1465 -50%, 17-clue -53%,
    // check -64% and -67%; forum_hardest, which it settles none of, +2 to
    // +4%, and serg_multi's check +29%.
    c.reduction = Reduction::probe;
    // A 9x9 puzzle takes CaDiCaL tens of conflicts: inprocessing (probing,
    // elimination, subsumption, vivification), eager subsumption of learnt
    // clauses and chronological backtracking cost more than they save.
    // Measured with callgrind (RESULTS.md): 44% fewer instructions on hard
    // puzzles, 15% on top1465, 6% on 17-clue puzzles.  Clause shrinking
    // orders its literals by sorting rather than with a radix heap: the same
    // search, 8% fewer instructions.  Each one by name (not `inprocessing=0`,
    // which would overrule a user's `elim=1`).
    // Each analysis sorts the variables it bumped, hundreds of them on
    // decision level 1 in hybrid mode: radix sort at every size instead of
    // std::sort up to 800 (`radixsortlim=0`) orders them the same way, so
    // the search and the answers are unchanged, and takes 10% off solve
    // and check of the hardest puzzles.  Decisions that always place a
    // digit (`forcephase=1`) and a faster glue average for restarts
    // (`emagluefast=8`) take another 9% off the hardest puzzles on three
    // slices of forum_hardest, 3% off serg_multi's check, and cost 3% on
    // check --minimal of 17-clue puzzles (RESULTS.md, session 20).
    c.options = {{"probe", 0},        {"elim", 0},   {"subsume", 0},   {"vivify", 0},
                 {"eagersubsume", 0}, {"chrono", 0}, {"shrinkreap", 0}, {"radixsortlim", 0},
                 {"forcephase", 1},   {"emagluefast", 8}};
  } else {
    c.encoding = Encoding::triads;
    c.instance_encoding = Encoding::extended;
    c.mode = SatMode::fresh;
    // After propagation a group keeps a few open candidates, where pairwise
    // at-most-ones add no variables and propagate best: on 14 64x64 to
    // 144x144 boards (symmetric variants of the shared ones) 30% less time
    // in all than commander, and the slowest 0.78 s against 1.39 s.  Above,
    // the unreduced size the memory guard starts from grows as N^4.
    if (n <= 144) c.amo = AmoMethod::pairwise;
  }
  return c;
}

SatChoice SatConfig::resolve(int n) const {
  SatChoice c = default_sat_choice(n);
  if (encoding) c.encoding = c.instance_encoding = *encoding;
  if (amo) c.amo = *amo;
  if (reduction) c.reduction = *reduction;
  if (mode) c.mode = *mode;
  return c;
}

SatMode sat_mode_for(const SatConfig& config, int n, const Limits& limits) {
  // Under a conflict limit, whether a puzzle ends `unknown` must not depend
  // on what its instance solved before (learnt clauses, scores and phases
  // steer the search), hence on the order of the input or on which worker
  // took the puzzle: unless a mode was chosen, each puzzle then gets an
  // instance of its own.
  if (limits.conflict_budget && !config.mode) return SatMode::fresh;
  return config.resolve(n).mode;
}

void apply_options(SatSolver& solver, const SatChoice& choice, const SatConfig& config) {
  for (const auto& [name, value] : choice.options) solver.set_option(name, value);
  for (const auto& [name, value] : config.options) solver.set_option(name, value);
}

std::pair<std::string, int> parse_sat_option(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw UsageError("CaDiCaL option '" + std::string(text) + "' is not of the form NAME=VALUE");
  std::string name(text.substr(0, eq));
  const std::string_view value = text.substr(eq + 1);
  int v = 0;
  if (value == "true") v = 1;
  else if (value == "false") v = 0;
  else {
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size())
      throw UsageError("CaDiCaL option '" + name + "' needs an integer value, not '" + std::string(value) + "'");
  }
  SatSolver probe;  // validates the name against CaDiCaL's own list
  probe.set_option(name, v);
  return {std::move(name), v};
}

namespace {

using Clock = std::chrono::steady_clock;

// Enumerates models of `solver` under `assumptions`, decoding each cell and
// blocking each model over the open cells; fills `result`.
class Enumeration {
 public:
  // `start`: when the puzzle's solve() began, from which --timeout runs.
  Enumeration(const Grid& puzzle, const Limits& limits, Result& result, Clock::time_point start)
      : puzzle_(puzzle), limits_(limits), result_(result), map_(puzzle.size()), start_(start) {}

  // `fixed_digit(cell)`: the digit of a cell the encoding decided (0: read
  // it from the model).  Clue cells are never part of a blocking clause.
  // `to_solver(var)`: the solver's number for a cell variable, 0 when the
  // variable is not read from the model (a reduction fixed it false, or fixed
  // its cell: such variables are left out of a reduced formula, and in hybrid
  // mode the decided cells are not read either).
  template <class FixedDigit, class ToSolver>
  void run(SatSolver& solver, std::vector<int>& assumptions, int activator, FixedDigit fixed_digit,
           ToSolver to_solver) {
    detail::Budget budget(limits_, start_);
    const Geometry& g = puzzle_.geometry();
    const int n = g.size();
    std::vector<int> block;
    for (;;) {
      if (!budget.arm(solver)) {
        result_.interrupted = true;
        result_.message = budget.why_unknown();
        return;
      }
      const Verdict answer = solver.solve(assumptions);
      if (answer == Verdict::unknown) {
        result_.interrupted = true;
        result_.message = budget.why_unknown();
        return;
      }
      if (answer == Verdict::unsat) {
        result_.exhausted = true;
        return;
      }
      Grid solution(puzzle_.geometry_ptr());
      block.clear();
      if (activator) block.push_back(-activator);
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        if (const int d = fixed_digit(cell)) {
          solution.set(cell, d);
          continue;
        }
        // The first digit the model makes true.  No model gives a cell two:
        // in a unit of N cells each digit is true at most once, and each
        // cell has at least one, so each cell has exactly one (in every
        // encoding).  Asking CaDiCaL for a value costs ~90 instructions, and
        // stopping at the first true one halves them (RESULTS.md: check
        // -2.3% instructions on serg_multi).
        int found = 0;
        for (int d = 1; d <= n && !found; ++d)
          if (const int v = to_solver(map_.var(cell, d)); v && solver.value(v)) found = d;
        if (!found) result_.message = "the model gives no digit to a cell";  // verification reports it
        solution.set(cell, found);
        if (found && puzzle_.at(cell) == 0) block.push_back(-to_solver(map_.var(cell, found)));
      }
      result_.solutions.push_back(std::move(solution));
      if (result_.solutions.size() >= limits_.max_solutions) return;
      solver.add_clause(block);  // forbid this solution on the open cells
      if (block.size() == (activator ? 1u : 0u)) {
        result_.exhausted = true;  // no open cell: the solution was the only one
        return;
      }
    }
  }

 private:
  const Grid& puzzle_;
  const Limits& limits_;
  Result& result_;
  VarMap map_;
  Clock::time_point start_;
};

// Numbers the variables of a formula 1, 2, 3, ... in the order they first
// appear and hands the clauses on (to a SatSolver, or a counter).  CaDiCaL keeps state for every
// variable up to the highest number it has seen, and the reduced formula of a
// big board uses a few percent of its N^3 cell variables (sudoku-100-1: 34,508
// of 1,000,000): the `cadical` binary solves it in 0.09 s numbered densely,
// 0.38 s as exported.
// Its table grows by doubling, but no further than the cell variables
// (`map`'s primary_count()) while only they come: a 400x400 board that
// needs search would otherwise reach 2 x 64M entries (512 MB) for 64M.
class DenseVariables final : public ClauseSink {
 public:
  DenseVariables(ClauseSink& next, const VarMap& map)
      : next_(next), cells_(static_cast<std::size_t>(map.primary_count()) + 1) {}

  void add_clause(std::span<const int> literals) override {
    clause_.clear();
    for (int lit : literals) {
      const auto var = static_cast<std::size_t>(lit < 0 ? -static_cast<long long>(lit) : lit);
      if (var >= dense_.size()) {
        std::size_t size = std::max(var + 1, 2 * dense_.size());
        if (var < cells_) size = std::min(size, cells_);
        dense_.resize(size, 0);
      }
      int& d = dense_[var];
      if (d == 0) d = ++count_;
      clause_.push_back(lit < 0 ? -d : d);
    }
    next_.add_clause(clause_);
  }

  // How many variables the clauses hold.
  int count() const { return count_; }

  // The solver's number for `var`, 0 when no clause holds it.
  int of(int var) const {
    return var > 0 && static_cast<std::size_t>(var) < dense_.size() ? dense_[static_cast<std::size_t>(var)] : 0;
  }

 private:
  ClauseSink& next_;
  std::size_t cells_;       // the cell variables and 0
  std::vector<int> dense_;  // by original variable
  std::vector<int> clause_;
  int count_ = 0;
};

// Hands on the clauses of a formula without the literals `by`'s reduction
// made false, and without the clauses it made true: the extended clauses
// over what a stronger propagation left open.  Every value the reduction
// fixed holds in every solution, so the models on the open variables are
// the same.
class WithoutFixed final : public ClauseSink {
 public:
  WithoutFixed(ClauseSink& next, const Encoder& by) : next_(next), by_(by) {}

  void add_clause(std::span<const int> literals) override {
    clause_.clear();
    for (int lit : literals) {
      if (const int value = by_.fixed(lit < 0 ? -lit : lit)) {
        if ((value > 0) == (lit > 0)) return;  // satisfied
        continue;                              // false
      }
      clause_.push_back(lit);
    }
    next_.add_clause(clause_);
    ++clauses_;
  }

  std::uint64_t clauses() const { return clauses_; }

 private:
  ClauseSink& next_;
  const Encoder& by_;
  std::vector<int> clause_;
  std::uint64_t clauses_ = 0;
};

}  // namespace

struct FreshFormula::Impl {
  Impl(const Grid& puzzle, const SatChoice& choice)
      : encoder(puzzle, {choice.instance_encoding, choice.amo, choice.reduction}) {
    if (!propagates(choice.reduction) || choice.encoding == choice.instance_encoding) return;
    if (encoder.solved() || encoder.conflict()) {
      settled = &encoder;
      return;
    }
    Grid decided = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
      if (!decided.at(cell)) decided.set(cell, encoder.digit_of_cell(cell));
    stronger.emplace(decided, EncodeOptions{choice.encoding, choice.amo, choice.reduction});
    if (stronger->solved() || stronger->conflict()) settled = &*stronger;
  }

  Encoder encoder;                 // its clauses are the formula
  std::optional<Encoder> stronger;  // what it fixed is left out of them
  const Encoder* settled = nullptr;
};

FreshFormula::FreshFormula(const Grid& puzzle, const SatChoice& choice)
    : impl_(std::make_unique<Impl>(puzzle, choice)) {}
FreshFormula::~FreshFormula() = default;

const Encoder* FreshFormula::settled() const { return impl_->settled; }

bool FreshFormula::solved_by_reduction() const { return impl_->encoder.solved(); }

int FreshFormula::digit_of_cell(int cell) const {
  return (impl_->stronger ? *impl_->stronger : impl_->encoder).digit_of_cell(cell);
}

FreshFormula::Size FreshFormula::size() const {
  if (settled()) return {};
  ClauseCounter counter;
  DenseVariables dense(counter, impl_->encoder.map());
  emit(dense);
  return {static_cast<std::uint64_t>(dense.count()), counter.clauses(), counter.literals()};
}

std::uint64_t FreshFormula::emit(ClauseSink& sink) const {
  if (!impl_->stronger) return impl_->encoder.emit(sink).clauses;
  WithoutFixed formula(sink, *impl_->stronger);
  impl_->encoder.emit(formula);
  return formula.clauses();
}

namespace {

// A counter's growth over one puzzle, when the solver reports the counter.
std::optional<std::uint64_t> counted_since(std::optional<std::uint64_t> before, std::optional<std::uint64_t> after) {
  if (!before || !after) return std::nullopt;
  return *after - *before;
}

class SatBackend final : public Solver {
 public:
  explicit SatBackend(SatConfig config) : config_(std::move(config)) {
    SatSolver probe;
    apply_options(probe, config_.resolve(9), config_);  // invalid option names fail now, not per puzzle
  }

  std::string_view name() const override { return "sat"; }

  Result solve(const Grid& puzzle, const Limits& limits) override {
    const auto start = start_ = Clock::now();
    Result result;
    try {
      // Refused before any work, in the native backend's words: a limit of
      // 0 would otherwise still be given the first solution found.
      if (limits.max_solutions == 0) {
        result.status = Status::error;
        result.message = "max_solutions must be at least 1";
      } else if (auto clash = find_clash(puzzle)) {
        result.status = Status::invalid;
        result.clash = clash;
        result.exhausted = true;
      } else {
        SatChoice choice = config_.resolve(puzzle.size());
        choice.mode = sat_mode_for(config_, puzzle.size(), limits);
        switch (choice.mode) {
          case SatMode::fresh:
            solve_fresh(puzzle, choice, limits, result);
            break;
          case SatMode::incremental:
            solve_incremental(puzzle, choice, limits, result);
            break;
          case SatMode::hybrid: {
            Encoder reduced(puzzle, {choice.encoding, choice.amo, hybrid_reduction(choice)});
            if (reduced.solved() || reduced.conflict()) settled_by_reduction(reduced, result);
            else if (first_search_of_epoch(limits)) {
              SatChoice fresh = choice;  // reduced as the incremental instance's puzzles are
              fresh.reduction = hybrid_reduction(choice);
              solve_fresh(puzzle, fresh, limits, result);
            } else {
              solve_incremental(puzzle, choice, limits, result, &reduced);
            }
            break;
          }
        }
        result.status = !result.solutions.empty() ? Status::solved
                        : result.exhausted        ? Status::none
                                                  : Status::unknown;
      }
    } catch (const Error& e) {
      result = Result{};
      result.status = Status::error;
      result.message = e.what();
    } catch (const std::bad_alloc&) {
      // This puzzle's record says so; the batch goes on (and a worker's
      // instance, possibly half built, is built anew for the next puzzle).
      rules_.reset();
      result = Result{};
      result.status = Status::error;
      result.message = "out of memory";
    }
    result.stats.sat = true;
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!searched_) result.stats.encode_seconds = result.stats.seconds;  // no search: all of it
    searched_ = false;
    return result;
  }

 private:
  // One CaDiCaL instance for the puzzle's FreshFormula.  With two
  // encodings (the default above 9x9: `extended` propagation, then `triads`
  // from the cells it decided), a puzzle either propagation settles gets no
  // instance; the `extended` one runs first because it is the cheaper one
  // (sudoku-400-1: 2.0 s against 3.0 s for triads).
  void solve_fresh(const Grid& puzzle, const SatChoice& choice, const Limits& limits, Result& result) {
    const FreshFormula formula(puzzle, choice);
    if (const Encoder* settled = formula.settled()) return settled_by_reduction(*settled, result);
    SatSolver solver;
    apply_options(solver, choice, config_);
    solver.set_cancel(limits.cancel);
    DenseVariables dense(solver, VarMap(puzzle.size()));
    try {
      const detail::Budget budget(limits, start_);
      // (Checked at once: the reduction runs to its end, a second or two at 400x400.)
      detail::LimitedSink limited(dense, budget);
      result.stats.clauses = formula.emit(limited);
    } catch (const detail::LimitReached& stop) {
      result.interrupted = true;
      result.message = stop.why;
      return;
    }
    result.stats.variables = static_cast<std::uint64_t>(dense.count());
    result.stats.by_propagation = formula.solved_by_reduction();
    std::vector<int> assumptions;
    search_starts(result);
    Enumeration(puzzle, limits, result, start_)
        .run(
            solver, assumptions, 0, [&](int cell) { return formula.digit_of_cell(cell); },
            [&](int var) { return dense.of(var); });
    const SatStatistics stats = solver.statistics();
    result.stats.conflicts = stats.conflicts;
    result.stats.decisions = stats.decisions;
    result.stats.propagations = stats.propagations;
  }

  // The encoding's unit propagation decided every cell (or found a
  // contradiction): the residual formula is empty (or the empty clause), so
  // its only model is the fixed values and there is no other solution.
  static void settled_by_reduction(const Encoder& encoder, Result& result) {
    result.exhausted = true;
    result.stats.by_propagation = true;
    if (encoder.conflict()) return;
    const Grid& puzzle = encoder.puzzle();  // may hold cells an earlier propagation decided
    Grid solution(puzzle.geometry_ptr());
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) solution.set(cell, encoder.digit_of_cell(cell));
    result.solutions.push_back(std::move(solution));
  }

  // Without `reduced` (incremental mode) the clues are assumptions, one
  // decision level each.  With `reduced` (hybrid mode: the puzzle's
  // propagated encoding, not settled) the cells the propagation decided enter
  // as binary clauses "activator implies cell", and the activator is the one
  // assumption: every decided cell then sits on decision level 1, where
  // CaDiCaL's clause shrinking replaces them in a learnt clause by the
  // activator alone.  Learnt clauses stay short (with one assumption per cell
  // they carried tens of them) and are satisfied for good once the activator
  // is retired.  Measured in RESULTS.md: 23% fewer instructions on the
  // hardest puzzles, 11-23% less time for `check`.  Only the candidates the
  // propagation left open are read from the model.
  void solve_incremental(const Grid& puzzle, const SatChoice& choice, const Limits& limits, Result& result,
                         const Encoder* reduced = nullptr) {
    const Geometry& g = puzzle.geometry();
    // A new instance for a new shape or encoding, and once worn
    // (RulesInstance::worn(): every 1,000 puzzles).
    // And whenever the caller starts a new block of its input
    // (Limits::reuse_epoch), so that the answers do not depend on which
    // puzzles this thread solved before.
    if (!rules_ || !rules_->fits(puzzle, choice) || rules_->worn() ||
        rules_epoch_ != limits.reuse_epoch) {
      rules_.reset();
      try {
        rules_ = detail::RulesInstance::make(puzzle, choice, config_, detail::Budget(limits, start_));
      } catch (const detail::LimitReached& stop) {
        result.interrupted = true;
        result.message = stop.why;
        return;
      }
      rules_epoch_ = limits.reuse_epoch;
    }
    ++rules_->puzzles;
    SatSolver& solver = rules_->solver;
    solver.set_cancel(limits.cancel);
    const VarMap map(g.size());
    std::vector<int> assumptions;
    int activator = 0;
    if (reduced || limits.max_solutions > 1) activator = rules_->next_var++;
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      if (reduced) {
        if (const int d = reduced->digit_of_cell(cell)) solver.add_clause({-activator, map.var(cell, d)});
      } else if (const int d = puzzle.at(cell)) {
        assumptions.push_back(map.var(cell, d));
      }
    }
    if (activator) assumptions.push_back(activator);
    const SatStatistics before = solver.statistics();
    search_starts(result);
    Enumeration(puzzle, limits, result, start_)
        .run(
            solver, assumptions, activator, [&](int cell) { return reduced ? reduced->digit_of_cell(cell) : 0; },
            [&](int var) { return !reduced || reduced->fixed(var) == 0 ? var : 0; });
    if (activator) solver.add_clause({-activator});  // retire this puzzle's clauses
    const SatStatistics after = solver.statistics();
    result.stats.variables = rules_->variables;
    result.stats.clauses = rules_->clauses;
    result.stats.conflicts = after.conflicts - before.conflicts;
    result.stats.decisions = counted_since(before.decisions, after.decisions);
    result.stats.propagations = counted_since(before.propagations, after.propagations);
  }

  // Whether this puzzle is the first of its Limits::reuse_epoch that the
  // reduction leaves to search.  That one gets a fresh instance: building the
  // rules instance costs about 2 ms, four fresh solves of a hard 9x9 puzzle,
  // and where most puzzles settle without search (17_clue: 59 of 49,158
  // need it) most epochs have a single such puzzle.
  bool first_search_of_epoch(const Limits& limits) {
    if (limits.reuse_epoch == 0 || limits.reuse_epoch == searched_epoch_) return false;
    searched_epoch_ = limits.reuse_epoch;
    return true;
  }

  // The formula is in CaDiCaL: what solve() spent so far is its encode time.
  void search_starts(Result& result) {
    result.stats.encode_seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    searched_ = true;
  }

  SatConfig config_;
  std::unique_ptr<detail::RulesInstance> rules_;
  std::uint64_t rules_epoch_ = 0;     // Limits::reuse_epoch of the puzzle that made rules_
  std::uint64_t searched_epoch_ = 0;  // of the last puzzle the reduction left to search
  Clock::time_point start_;  // of the current solve()
  bool searched_ = false;    // the current solve() reached search_starts()
};

}  // namespace

std::unique_ptr<Solver> make_sat_solver(SatConfig config) {
  return std::make_unique<SatBackend>(std::move(config));
}

}  // namespace satdoku
