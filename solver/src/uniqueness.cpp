// uniqueness.cpp - verdicts, redundant clues (incremental CaDiCaL under
// assumptions, or any backend), and DRAT proofs of uniqueness.
#include "budget.hpp"
#include "rules_instance.hpp"
#include "satdoku/uniqueness.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <fstream>
#include <system_error>

#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"
#include "satdoku/io.hpp"
#include "satdoku/varmap.hpp"
#include "satdoku/verify.hpp"

namespace satdoku {

std::string_view to_string(Uniqueness verdict) {
  switch (verdict) {
    case Uniqueness::unique: return "unique";
    case Uniqueness::multiple: return "multiple";
    case Uniqueness::none: return "none";
    case Uniqueness::invalid: return "invalid";
    case Uniqueness::unknown: return "unknown";
  }
  return "unknown";
}

Uniqueness uniqueness_of(const Result& result) {
  switch (result.status) {
    case Status::invalid: return Uniqueness::invalid;
    case Status::none: return Uniqueness::none;
    case Status::unknown:
    case Status::error: return Uniqueness::unknown;
    case Status::solved:
      if (result.solutions.size() >= 2) return Uniqueness::multiple;
      return result.exhausted ? Uniqueness::unique : Uniqueness::unknown;
  }
  return Uniqueness::unknown;
}

UniquenessCheck check_uniqueness(Solver& solver, const Grid& puzzle, Limits limits) {
  limits.max_solutions = std::max<std::uint64_t>(limits.max_solutions, 2);
  UniquenessCheck check;
  check.result = solver.solve(puzzle, limits);
  check.verdict = uniqueness_of(check.result);
  return check;
}

namespace {

using Clock = std::chrono::steady_clock;

void require_solution(const char* function, const Grid& puzzle, const Grid& solution) {
  if (auto violation = verify(puzzle, solution))
    throw UsageError(std::string(function) + ": not a solution of the puzzle: " +
                     violation->describe(puzzle.geometry()));
}

// Sends every clause to two sinks.
class Tee final : public ClauseSink {
 public:
  Tee(ClauseSink& a, ClauseSink& b) : a_(a), b_(b) {}
  void add_clause(std::span<const int> literals) override {
    a_.add_clause(literals);
    b_.add_clause(literals);
  }

 private:
  ClauseSink& a_;
  ClauseSink& b_;
};

// A temporary name beside `target`, unique per process and call.
std::filesystem::path temp_beside(const std::filesystem::path& target) {
  static std::atomic<unsigned> counter{0};
  return target.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

// CaDiCaL may log deletions after the empty clause (when it cleans up); a
// checker stops at the empty clause anyway, so the proof is cut after it.
// Returns false when the proof has no empty clause.
bool cut_after_empty_clause(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::uintmax_t offset = 0;
  for (std::string line; std::getline(in, line);) {
    offset += line.size() + 1;
    if (line == "0") {
      in.close();
      std::error_code error;
      std::filesystem::resize_file(path, offset, error);
      if (error) throw OutputError("cannot write " + path.string() + ": " + error.message());
      return true;
    }
  }
  return false;
}

void remove_quietly(const std::filesystem::path& path) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

}  // namespace

// ---------------------------------------------------------------------------
// ClueAnalyzer

SatChoice clue_analysis_choice(const SatConfig& config, int n) {
  SatChoice choice = config.resolve(n);
  choice.encoding = choice.instance_encoding;
  choice.reduction = Reduction::none;
  choice.mode = SatMode::incremental;
  return choice;
}

struct ClueAnalyzer::Impl {
  SatConfig config;
  std::unique_ptr<detail::RulesInstance> rules;
  std::uint64_t epoch = 0;  // Limits::reuse_epoch of the last analysis

  // Throws detail::LimitReached when `budget` runs out while a new
  // instance takes the rules.
  detail::RulesInstance& rules_for(const Grid& puzzle, const detail::Budget& budget) {
    const SatChoice choice = clue_analysis_choice(config, puzzle.size());
    if (!rules || !rules->fits(puzzle, choice) || rules->worn()) {
      rules.reset();
      rules = detail::RulesInstance::make(puzzle, choice, config, budget);
    }
    return *rules;
  }
};

ClueAnalyzer::ClueAnalyzer(SatConfig config) : impl_(std::make_unique<Impl>()) {
  SatSolver probe;  // invalid option names fail now, not per puzzle
  apply_options(probe, config.resolve(9), config);
  impl_->config = std::move(config);
}

ClueAnalyzer::~ClueAnalyzer() = default;

ClueAnalysis ClueAnalyzer::analyze(const Grid& puzzle, const Grid& solution, const Limits& limits) {
  require_solution("ClueAnalyzer::analyze", puzzle, solution);
  detail::Budget budget(limits);
  // Under a conflict limit the verdicts must not depend on the puzzles this
  // instance analysed before (see SatBackend::solve): a new one per puzzle.
  // A new block of the caller's input (Limits::reuse_epoch) gets a new one too.
  if (limits.conflict_budget || impl_->epoch != limits.reuse_epoch) impl_->rules.reset();
  impl_->epoch = limits.reuse_epoch;
  detail::RulesInstance* instance = nullptr;
  try {
    instance = &impl_->rules_for(puzzle, budget);
  } catch (const detail::LimitReached& stop) {
    ClueAnalysis none;
    none.complete = false;
    none.message = stop.why;
    return none;
  }
  detail::RulesInstance& rules = *instance;
  ++rules.puzzles;
  SatSolver& solver = rules.solver;
  solver.set_cancel(limits.cancel);
  const Geometry& g = puzzle.geometry();
  const VarMap map(g.size());

  // The activator guards "not this solution" (on every cell: without one
  // clue, another solution differs somewhere, maybe in that clue's cell).
  const int activator = rules.next_var++;
  std::vector<int> block{-activator};
  std::vector<int> clues;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    block.push_back(-map.var(cell, solution.at(cell)));
    if (puzzle.at(cell)) clues.push_back(cell);
  }
  solver.add_clause(block);

  // The search tries the known solution first: a witness (another
  // solution without one clue) mostly agrees with it.  sudoku-25-1's 253
  // clues: 14.9 -> 11.5 s; 17-clue puzzles 4% faster (RESULTS.md, session 26).
  for (int cell = 0; cell < g.cell_count(); ++cell)
    for (int d = 1; d <= g.size(); ++d) solver.phase(d == solution.at(cell) ? map.var(cell, d) : -map.var(cell, d));

  // "Every clue but this one" as assumptions.  From kGroupedFrom clues on,
  // they come in about sqrt(count) groups, each guarded by an activator of
  // its own (clauses "activator implies clue"): a call assumes the other
  // groups' activators and its own group's other clues, some 2 sqrt(count)
  // assumptions instead of count - 1, which CaDiCaL sets one decision level
  // each and sets again after every backjump below them (sudoku-25-1: 11.5
  // -> 9.1 s; 9x9 puzzles, with fewer clues, are faster one by one).
  constexpr std::size_t kGroupedFrom = 100;
  const std::size_t count = clues.size();
  std::size_t per = count;  // clues per group
  std::vector<int> group_activator;
  if (count >= kGroupedFrom) {
    per = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(count))));
    for (std::size_t start = 0; start < count; start += per) {
      const int group_var = rules.next_var++;
      group_activator.push_back(group_var);
      for (std::size_t i = start; i < std::min(start + per, count); ++i)
        solver.add_clause({-group_var, map.var(clues[i], puzzle.at(clues[i]))});
    }
  }

  ClueAnalysis analysis;
  std::vector<int> assumptions;
  for (std::size_t k = 0; k < count; ++k) {
    const int dropped = clues[k];
    if (!budget.arm(solver)) {
      analysis.complete = false;
      analysis.message = budget.why_unknown();
      break;
    }
    assumptions.assign(1, activator);
    const std::size_t own = k / per;
    for (std::size_t group = 0; group < group_activator.size(); ++group)
      if (group != own) assumptions.push_back(group_activator[group]);
    for (std::size_t i = own * per; i < count && i < (own + 1) * per; ++i)
      if (i != k) assumptions.push_back(map.var(clues[i], puzzle.at(clues[i])));
    const Verdict answer = solver.solve(assumptions);
    if (answer == Verdict::unknown) {
      analysis.complete = false;
      analysis.message = budget.why_unknown();
      break;
    }
    if (answer == Verdict::unsat) {
      analysis.redundant.push_back(dropped);
      continue;
    }
    // The witness is another solution, and most of its cells hold the
    // solution's digit: asking for that one first reads a 9x9 witness with
    // about 85 calls instead of about 405, at some 90 instructions each
    // (RESULTS.md, session 16: --minimal on 17-clue puzzles -5.6%).
    Grid witness(puzzle.geometry_ptr());
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const int likely = solution.at(cell);
      if (solver.value(map.var(cell, likely))) {
        witness.set(cell, likely);
        continue;
      }
      for (int d = 1; d <= g.size(); ++d)
        if (d != likely && solver.value(map.var(cell, d))) {
          witness.set(cell, d);
          break;
        }
    }
    analysis.needed.push_back(dropped);
    analysis.witnesses.push_back(std::move(witness));
  }
  solver.add_clause({-activator});  // retire this puzzle's blocking clause
  for (const int a : group_activator) solver.add_clause({-a});  // and the groups' clauses
  return analysis;
}

ClueAnalysis analyze_clues(Solver& solver, const Grid& puzzle, const Grid& solution, const Limits& limits) {
  require_solution("analyze_clues", puzzle, solution);
  Limits count = limits;
  count.max_solutions = 2;
  ClueAnalysis analysis;
  Grid reduced = puzzle;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    const int digit = puzzle.at(cell);
    if (!digit) continue;
    reduced.set(cell, 0);
    const Result r = solver.solve(reduced, count);
    reduced.set(cell, digit);
    const Uniqueness verdict = uniqueness_of(r);
    if (verdict == Uniqueness::unique) {
      analysis.redundant.push_back(cell);
    } else if (verdict == Uniqueness::multiple) {
      analysis.needed.push_back(cell);
      analysis.witnesses.push_back(r.solutions[0] == solution ? r.solutions[1] : r.solutions[0]);
    } else {
      analysis.complete = false;
      analysis.message = "the count without clue " + cell_name(puzzle.geometry(), cell) + " gave " +
                         std::string(to_string(verdict)) + (r.message.empty() ? "" : " (" + r.message + ")");
      break;
    }
  }
  return analysis;
}

// ---------------------------------------------------------------------------
// Proofs

SatChoice proof_choice(const SatConfig& config, int n) {
  SatChoice choice = config.resolve(n);
  choice.reduction = Reduction::none;
  choice.mode = SatMode::fresh;
  choice.instance_encoding = choice.encoding;
  return choice;
}

namespace {

// write_uniqueness_proof() under `budget`: throws detail::LimitReached when
// it is spent while the CNF is counted or written (every 4,096 clauses: a
// big board's CNF takes seconds, sudoku-81-1's 0.5 GB 5 s).
UniquenessProof prove_unique(const Grid& puzzle, const Grid& solution, const std::filesystem::path& cnf,
                             const std::filesystem::path& proof, const SatConfig& config, const Limits& limits,
                             detail::Budget& budget) {
  const Geometry& g = puzzle.geometry();
  const SatChoice choice = proof_choice(config, g.size());
  const Encoder encoder(puzzle, {choice.encoding, choice.amo, choice.reduction});
  ClauseCounter counted;  // (emit() says how many; the counter only receives them)
  detail::LimitedSink counter(counted, budget);
  const EncodeReport size = encoder.emit(counter);
  const VarMap& map = encoder.map();

  std::vector<int> block;
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (!puzzle.at(cell)) block.push_back(-map.var(cell, solution.at(cell)));

  UniquenessProof outcome;
  outcome.variables = size.variables;
  outcome.clauses = size.clauses + 1;

  const std::filesystem::path cnf_temp = temp_beside(cnf), proof_temp = temp_beside(proof);
  struct Cleanup {
    std::filesystem::path a, b;
    bool armed = true;
    ~Cleanup() {
      if (!armed) return;
      remove_quietly(a);
      remove_quietly(b);
    }
  } cleanup{cnf_temp, proof_temp};

  {
    SatSolver solver;
    apply_options(solver, choice, config);
    solver.set_option("binary", 0);  // text DRAT
    solver.trace_proof(proof_temp.string());  // before the first clause
    solver.set_cancel(limits.cancel);

    errno = 0;
    std::ofstream out(cnf_temp, std::ios::binary | std::ios::trunc);
    if (!out) throw OutputError("cannot write " + cnf.string() + errno_suffix(errno));
    DimacsWriter writer(out);
    for (const std::string& line : header_comments(encoder, size)) writer.comment(line);
    writer.comment("uniqueness: the rules, the clues as unit clauses, and as the last clause");
    writer.comment("\"not this solution\" on the " + std::to_string(block.size()) +
                   " empty cells; unsatisfiable when the solution is unique");
    writer.comment("solution " + format_line(solution));
    writer.problem(outcome.variables, outcome.clauses);
    Tee tee(writer, solver);
    detail::LimitedSink polled(tee, budget);
    encoder.emit(polled);
    polled.add_clause(block);
    try {
      writer.finish();
    } catch (const OutputError& e) {
      throw OutputError("cannot write " + cnf.string() + ": " + e.what());
    }
    errno = 0;
    out.close();
    if (!out) throw OutputError("cannot write " + cnf.string() + errno_suffix(errno));
    if (budget.arm(solver)) outcome.result = solver.solve();  // (else unknown: nothing is left)
    if (outcome.result == Verdict::unknown) outcome.message = budget.why_unknown();
  }  // the solver closes the proof file here
  if (outcome.result != Verdict::unsat) return outcome;

  if (!cut_after_empty_clause(proof_temp)) {
    // Every cell a clue: "not this solution" is the empty clause itself, in
    // the CNF, and CaDiCaL derives nothing; the proof is that clause.
    if (!block.empty()) throw OutputError("CaDiCaL's proof " + proof.string() + " has no empty clause");
    errno = 0;
    std::ofstream out(proof_temp, std::ios::binary | std::ios::trunc);
    out << "0\n";
    out.close();
    if (!out) throw OutputError("cannot write " + proof.string() + errno_suffix(errno));
  }
  std::error_code error;
  std::filesystem::rename(proof_temp, proof, error);
  if (!error) std::filesystem::rename(cnf_temp, cnf, error);
  if (error) {
    remove_quietly(proof);
    throw OutputError("cannot write " + cnf.string() + " and " + proof.string() + ": " + error.message());
  }
  cleanup.armed = false;
  return outcome;
}

}  // namespace

UniquenessProof write_uniqueness_proof(const Grid& puzzle, const Grid& solution, const std::filesystem::path& cnf,
                                       const std::filesystem::path& proof, const SatConfig& config,
                                       const Limits& limits) {
  require_solution("write_uniqueness_proof", puzzle, solution);
  // One file for both: the second rename would replace the first.  (Where
  // a path cannot be resolved, as written: the writing then says why.)
  std::error_code cnf_error, proof_error;
  const std::filesystem::path cnf_path = std::filesystem::weakly_canonical(cnf, cnf_error);
  const std::filesystem::path proof_path = std::filesystem::weakly_canonical(proof, proof_error);
  if (cnf_error || proof_error ? cnf.lexically_normal() == proof.lexically_normal() : cnf_path == proof_path)
    throw UsageError("write_uniqueness_proof: the CNF and the proof name the same file, " + cnf.string());
  detail::Budget budget(limits);  // for the whole call, the CNF included
  try {
    return prove_unique(puzzle, solution, cnf, proof, config, limits, budget);
  } catch (const detail::LimitReached& stop) {  // (the temporary files are gone)
    if (limits.cancel && limits.cancel->load(std::memory_order_relaxed))
      throw Cancelled("writing the proof was cancelled");
    UniquenessProof late;  // unknown: out of time
    late.message = stop.why + " while the proof's CNF was written";
    return late;
  }
}

}  // namespace satdoku
