// satdoku check: one verdict per puzzle (unique, multiple, none, invalid,
// unknown), cross-checked with the native reference; optionally the
// redundant clues of unique puzzles, DRAT proofs of uniqueness, and a JUnit
// report for CI.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "atomic_file.hpp"
#include "batch.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "memory_guard.hpp"
#include "pipeline.hpp"
#include "records.hpp"
#include "sat_options.hpp"
#include "test_fault.hpp"
#include "satdoku/cross_check.hpp"
#include "satdoku/error.hpp"
#include "satdoku/uniqueness.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

namespace {

namespace fs = std::filesystem;

// Whether the file at `path` begins as a text DRAT proof does: lines of
// numbers, some after "d " (a deletion).
bool looks_like_drat(const fs::path& path) {
  return file_head(path).find_first_not_of("0123456789- d\n") == std::string::npos;
}

// The board size from which the native reference has never finished a count
// within check's default second (RESULTS.md, session 18: sudoku-64-2,
// 81-1, 100-1 and 144-2 each gave up, as with 10 s).
constexpr int kReferenceNeverCounts = 64;

enum class Expect { unique, multiple, none, minimal };

struct CheckConfig {
  InputConfig input;
  SatOptionsConfig sat;
  std::string output = "text";
  std::string backend = "sat";
  std::string expect = "unique";
  std::uint64_t count = 0;  // 0: not asked
  bool minimal = false;
  std::string proof_dir;
  std::string junit;
  RunConfig run;
};

// Everything the workers need, fixed before the batch starts.
struct CheckPlan {
  PipelineConfig pipeline;  // backend, SAT config, limits (max_solutions: 2, or count + 1)
  Expect expect = Expect::unique;
  bool count = false;
  std::uint64_t count_limit = 0;  // --count K: K
  bool minimal = false;     // analyse clues of unique puzzles
  fs::path proof_dir;       // empty: no proofs
  std::vector<std::string> files;
  Alphabet alphabet;        // the input's symbols (--alphabet), for every line of output
};

struct CheckRecord {
  explicit CheckRecord(Entry&& entry) : base{std::move(entry), {}, {}, {}, {}, {}, {}, 0} {}
  SolveRecord base;
  Uniqueness verdict = Uniqueness::unknown;
  std::vector<int> differ;               // multiple: cells where the first two solutions differ
  std::optional<ClueAnalysis> clues;     // with --minimal, for unique puzzles
  std::string proof_cnf, proof_drat;     // with --proof, for unique puzzles
  std::string proof_note;                // why no proof was written
  bool proof_failed = false;             // it could not be written (an output error)
  bool met = false;                      // the expectation holds
  bool given_failed = false;             // it held but for a wrong solution given beside the puzzle
  std::string failure;                   // why it does not
  double seconds = 0;                    // the whole work for the puzzle (verdict, clues, proof)
};

std::optional<Expect> parse_expect(std::string_view name) {
  if (name == "unique") return Expect::unique;
  if (name == "multiple") return Expect::multiple;
  if (name == "none") return Expect::none;
  if (name == "minimal") return Expect::minimal;
  return std::nullopt;
}

std::string_view to_string(Expect e) {
  switch (e) {
    case Expect::unique: return "unique";
    case Expect::multiple: return "multiple";
    case Expect::none: return "none";
    case Expect::minimal: return "minimal";
  }
  return "unique";
}

std::string cells_text(const Geometry& g, const std::vector<int>& cells) {
  std::string s;
  for (const int cell : cells) s.append(s.empty() ? "" : " ").append(cell_name(g, cell));
  return s;
}

// The work for one puzzle; one per worker thread.
class Checker {
 public:
  explicit Checker(const CheckPlan& plan)
      : plan_(plan),
        backend_(make_backend(plan.pipeline)),
        reference_(plan.pipeline.cross_check && plan.pipeline.backend != "native" ? make_native_solver() : nullptr) {}

  // `block`: the entry's block of the input (Pipeline::run).
  CheckRecord run(Entry&& entry, std::uint64_t block) {
    const auto start = std::chrono::steady_clock::now();
    CheckRecord r = check(std::move(entry), block);
    // (A proof an earlier run left at this position goes at the end of the
    // run, with every other one not of this run: sweep_proofs.)
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }

 private:
  CheckRecord check(Entry&& entry, std::uint64_t block) {
    CheckRecord r(std::move(entry));
    const auto* puzzle = std::get_if<Grid>(&r.base.entry.content);
    if (!puzzle) {
      r.base.result.status = Status::error;
      r.failure = "the puzzle could not be read";
      if (const auto* d = std::get_if<Diagnostic>(&r.base.entry.content)) {
        if (d->where.line == 0) r.failure = "the input could not be read (above)";  // not opened, or a folder
        else r.failure += " (" + d->where.str() + ", above)";
      }
      return r;
    }
    Limits limits = plan_.pipeline.limits;
    limits.reuse_epoch = epoch_ = block;
    Result& result = r.base.result;
    result = backend_->solve(*puzzle, limits);
    r.verdict = uniqueness_of(result);
    if (!verify_answer(r, *puzzle)) return finish(std::move(r));
    if (r.verdict == Uniqueness::multiple)
      for (int cell = 0; cell < puzzle->cell_count(); ++cell)
        if (result.solutions[0].at(cell) != result.solutions[1].at(cell)) r.differ.push_back(cell);
    // (Beside an unknown verdict the reference has nothing to confirm: it
    // would only add its budget to the --timeout or --conflicts run out.)
    if (reference_ && result.status != Status::error && !result.refused && r.verdict != Uniqueness::unknown)
      cross_check(r, *puzzle);
    if (!r.base.problem.empty()) return finish(std::move(r));
    // --count K asks both backends for K + 1 solutions, so that either tells
    // "exactly K" from "more than K" alike; the (K + 1)-th is not reported.
    if (plan_.count && result.solutions.size() > plan_.count_limit) {
      result.solutions.erase(result.solutions.begin() + static_cast<std::ptrdiff_t>(plan_.count_limit),
                             result.solutions.end());
      result.exhausted = false;
    }
    // Against the solutions reported (with --count, the K shown).
    judge_given_solution(r.base, *puzzle, plan_.alphabet);
    if (!r.base.problem.empty()) return finish(std::move(r));
    // Out of memory in the clue analysis or the proof costs that part of
    // this record only: the verdict stands, and the batch goes on.
    if (r.verdict == Uniqueness::unique && plan_.minimal) {
      try {
        analyse_clues(r, *puzzle);
      } catch (const std::bad_alloc&) {
        analyzer_.reset();  // possibly half built: a new one for the next puzzle
        r.clues.emplace();
        r.clues->complete = false;
        r.clues->message = "out of memory";
      }
    }
    if (r.verdict == Uniqueness::unique && !plan_.proof_dir.empty() && r.base.problem.empty()) {
      try {
        prove(r, *puzzle);
      } catch (const std::bad_alloc&) {
        r.proof_note = "no proof: out of memory";
      } catch (const Cancelled&) {  // a signal while the CNF was written: the batch stops
        r.proof_note = "no proof: the run was interrupted";
      } catch (const Error& e) {  // in a worker thread: it must not escape
        r.proof_note = std::string("no proof: ") + e.what();
        r.proof_failed = true;
      }
    }
    return finish(std::move(r));
  }

  // Every solution must obey the rules and keep the clues, and no two may be
  // equal.
  bool verify_answer(CheckRecord& r, const Grid& puzzle) {
    r.base.problem = answer_problem(backend_->name(), puzzle, r.base.result, false);
    return r.base.problem.empty();
  }

  // The reference's budget for a search about `puzzle`, whose SAT verdict
  // is `sat`.  Unless --reference-timeout says otherwise, it gets what
  // `solve` gives it beside CaDiCaL, the SAT side's time plus 10 ms, and not
  // the whole default second where that second buys nothing: on a big board
  // that propagation settled (proven unique by it; sudoku-400-1 took 1.34 s,
  // 0.36 s of it the SAT side's), and on boards of 64x64 and up, where it has
  // never finished a count and so could only add its second to every search
  // (sudoku-64-2 1.17 s for a 0.17 s verdict).
  Limits reference_limits(const Grid& puzzle, const Result& sat) const {
    Limits limits = plan_.pipeline.reference_limits;
    limits.cancel = plan_.pipeline.limits.cancel;
    const bool big_and_settled = puzzle.size() >= 16 && settled_by_propagation(sat);
    // (Not when --reference-timeout was given: its budget is never shortened.)
    if (plan_.pipeline.reference_grace && (big_and_settled || puzzle.size() >= kReferenceNeverCounts)) {
      cap_time_budget(limits, std::ceil((sat.stats.seconds + kReferenceGrace) * 1000) / 1000);  // whole ms
    }
    return limits;
  }

  // Whether propagation alone found the one solution (which proves it unique).
  static bool settled_by_propagation(const Result& sat) {
    return sat.stats.by_propagation && sat.status == Status::solved;
  }

  // Why a reference under `limits` (from reference_limits()) stopped, in
  // words that name where a capped budget came from (its own words name a
  // limit the user never set).
  std::string stop_reason(const Result& reference, const Limits& limits) const {
    const bool capped = limits.time_budget != plan_.pipeline.reference_limits.time_budget;
    if (!capped || reference.message.rfind("the time limit", 0) != 0) return reference.message;
    std::ostringstream budget;
    budget << limits.time_budget;
    return "given the SAT side's time plus 10 ms, " + budget.str() + " s; --reference-timeout gives it more";
  }

  // The reference counts up to the same limit; verdicts, counts and (when
  // the reference knows every solution) the solutions themselves must agree.
  void cross_check(CheckRecord& r, const Grid& puzzle) {
    const Result& ours = r.base.result;
    Limits limits = reference_limits(puzzle, ours);
    limits.max_solutions = plan_.pipeline.limits.max_solutions;
    Result reference = reference_->solve(puzzle, limits);
    reference.message = stop_reason(reference, limits);
    const Uniqueness theirs = uniqueness_of(reference);
    auto disagree = [&](const std::string& what) {
      r.base.problem = "the SAT answer and the native reference disagree: " + what + ": answer " +
                       std::string(to_string(r.verdict)) + " with " + std::to_string(ours.solutions.size()) +
                       ", reference " + std::string(to_string(theirs)) + " with " +
                       std::to_string(reference.solutions.size());
      r.base.reference_solutions = reference.solutions;
    };
    if (theirs == Uniqueness::unknown) {
      r.base.reference_note = "the reference gave up" + (reference.message.empty() ? "" : " (" + reference.message + ")");
      // Not a gap in the evidence: the cells propagation derived from the
      // clues are the only solution.
      if (settled_by_propagation(ours))
        r.base.reference_note += "; unit propagation alone settled the puzzle, which proves the verdict";
      return;
    }
    if (theirs != r.verdict) return disagree("different verdicts");
    // Counts and solutions as `solve` compares them: a count that stopped
    // early (a SAT limit, the reference's budget, Ctrl-C) is a lower bound.
    const CrossCheck check = satdoku::cross_check(ours, reference, limits.max_solutions);
    if (!check.agree) {
      r.base.problem = "the SAT answer and the native reference disagree: " + check.message;
      r.base.reference_solutions = reference.solutions;
    } else if (check.reference_gave_up) {
      const std::size_t known = reference.solutions.size();
      r.base.reference_note = "the reference gave up after " + std::to_string(known) + " solution" +
                              (known == 1 ? "" : "s") + (reference.message.empty() ? "" : " (" + reference.message + ")");
    }
  }

  // The largest clue analyzer's instance kept from one puzzle to the next.
  static constexpr std::uint64_t kKeptAnalyzerBytes = std::uint64_t{64} << 20;

  void analyse_clues(CheckRecord& r, const Grid& puzzle) {
    const Grid& solution = r.base.result.solutions.front();
    Limits limits = plan_.pipeline.limits;
    limits.reuse_epoch = epoch_;
    // The SAT side's instance holds the whole rules, the clues being
    // assumptions: much more than the reduced formula the verdict took
    // (a 64x64 board's pairwise rules, 2.4 GB), so --max-memory is asked
    // again, for them, less what the backend's own instance holds meanwhile
    // (in incremental and hybrid mode, the rules again).
    const SatChoice clue_choice = clue_analysis_choice(plan_.pipeline.sat, puzzle.size());
    if (const PipelineConfig& p = plan_.pipeline; p.backend == "sat" && p.max_memory > 0) {
      const unsigned workers = std::max(1u, p.workers);
      std::uint64_t budget = p.max_memory / workers;
      std::string name = worker_budget_name(p.max_memory, workers);
      SatChoice held = p.sat.resolve(puzzle.size());
      held.mode = sat_mode_for(p.sat, puzzle.size(), p.limits);
      if (held.mode != SatMode::fresh) {
        const std::uint64_t bytes = sat_memory_estimate(puzzle.geometry(), held).bytes;
        budget = budget > bytes ? budget - bytes : 0;
        name += ", less the " + format_bytes(bytes) + " of the search's " + std::string(to_string(held.mode)) +
                " instance,";
      }
      if (auto refusal = memory_refusal(puzzle, clue_choice, budget, name, MemoryUse::clues)) {
        ClueAnalysis none;
        none.complete = false;
        none.message = "no clue analysis: " + *refusal;
        r.clues = std::move(none);
        return;
      }
    }
    if (!analyzer_ && plan_.pipeline.backend == "sat") analyzer_ = std::make_unique<ClueAnalyzer>(plan_.pipeline.sat);
    ClueAnalysis a = analyzer_ ? analyzer_->analyze(puzzle, solution, limits)
                               : analyze_clues(*backend_, puzzle, solution, limits);
    spoil_clue_analysis(a, solution);  // SATDOKU_TEST_FAULT only
    // A big instance is not kept for the next puzzle, whose own search
    // --max-memory weighs without it (a 64x64 board's: 2.4 GB).
    if (analyzer_ && sat_memory_estimate(puzzle.geometry(), clue_choice).bytes > kKeptAnalyzerBytes) analyzer_.reset();
    // A needed clue comes with a witness, checked here independently.
    Grid reduced = puzzle;
    for (std::size_t i = 0; i < a.needed.size() && r.base.problem.empty(); ++i) {
      const int cell = a.needed[i];
      reduced.set(cell, 0);
      const auto violation = verify(reduced, a.witnesses[i]);
      reduced.set(cell, puzzle.at(cell));
      if (violation || a.witnesses[i] == solution)
        r.base.problem = "the witness for needed clue " + cell_name(puzzle.geometry(), cell) + " is wrong" +
                         (violation ? ": " + violation->describe(puzzle.geometry()) : ": it is the solution");
    }
    // A redundant clue is confirmed by the reference.
    if (reference_ && r.base.problem.empty()) {
      Limits ref = reference_limits(puzzle, r.base.result);
      ref.max_solutions = 2;
      for (std::size_t i = 0; i < a.redundant.size(); ++i) {
        const int cell = a.redundant[i];
        reduced.set(cell, 0);
        Result reference = reference_->solve(reduced, ref);
        reduced.set(cell, puzzle.at(cell));
        const Uniqueness theirs = uniqueness_of(reference);
        if (theirs == Uniqueness::unknown) {
          if (!r.base.reference_note.empty()) r.base.reference_note += "; ";  // the verdict's own note
          r.base.reference_note += "the reference gave up on the clue analysis: it could not confirm that clue " +
                                  cell_name(puzzle.geometry(), cell) + " is redundant (" +
                                  stop_reason(reference, ref) + ")";
          // The puzzles without the other clues are about as hard, and each
          // would likely wait out the budget too (sudoku-25-1: 16 redundant
          // clues, 3.3 s of the reference's for nothing).
          if (const std::size_t left = a.redundant.size() - i - 1) {
            r.base.reference_note += "; the " + count_text(left, "redundant clue") +
                                     " after it not tried (a larger --reference-timeout may confirm them)";
          }
          break;
        } else if (theirs != Uniqueness::unique) {
          r.base.problem = "the SAT answer and the native reference disagree: without clue " +
                           cell_name(puzzle.geometry(), cell) + " the SAT solver finds the puzzle unique, "
                           "the reference " + std::string(to_string(theirs));
          break;
        }
      }
    }
    r.clues = std::move(a);
  }

  // The proof files of entry `e`: INDEX.cnf and INDEX.drat (with several
  // files, FILENUMBER-INDEX).
  std::pair<fs::path, fs::path> proof_paths(const Entry& e) const {
    std::string stem = std::to_string(e.index);
    if (plan_.files.size() > 1) stem = std::to_string(e.input) + "-" + stem;
    return {plan_.proof_dir / (stem + ".cnf"), plan_.proof_dir / (stem + ".drat")};
  }

  void prove(CheckRecord& r, const Grid& puzzle) {
    // The proof CNF is the whole formula, clues as units (no reduction),
    // held by one CaDiCaL: a big board's may need more memory than the
    // search did (sudoku-144-1's about 23 GB), so --max-memory is asked
    // again, for that formula.
    if (const PipelineConfig& p = plan_.pipeline; p.max_memory > 0) {
      const SatChoice whole = proof_choice(p.sat, puzzle.size());
      const unsigned workers = std::max(1u, p.workers);
      if (auto refusal =
              memory_refusal(puzzle, whole, p.max_memory / workers, worker_budget_name(p.max_memory, workers),
                             MemoryUse::proof)) {
        r.proof_note = "no proof: " + *refusal;
        return;
      }
    }
    const auto [cnf, drat] = proof_paths(r.base.entry);
    // A proof file renamed into place replaces what has its name: only a
    // proof of an earlier run, or an empty file.
    check_replaces_own_file(cnf, false, is_satdoku_cnf);
    check_replaces_own_file(drat, false, looks_like_drat);
    const UniquenessProof proof = write_uniqueness_proof(puzzle, r.base.result.solutions.front(), cnf, drat,
                                                         plan_.pipeline.sat, plan_.pipeline.limits);
    if (proof.result == Verdict::unsat) {
      r.proof_cnf = cnf.string();
      r.proof_drat = drat.string();
    } else if (proof.result == Verdict::sat) {
      r.base.problem = "the proof solver found a second solution to a puzzle found unique";
    } else {
      r.proof_note =
          "no proof: " + (proof.message.empty() ? std::string("a limit stopped the proof solver") : proof.message);
    }
  }

  CheckRecord finish(CheckRecord&& r) {
    if (!r.base.problem.empty()) {
      r.failure = "a bug: " + r.base.problem;
      return std::move(r);
    }
    const bool counted_exactly = !plan_.count || r.verdict != Uniqueness::unique || r.base.result.exhausted;
    switch (plan_.expect) {
      case Expect::unique: r.met = r.verdict == Uniqueness::unique && counted_exactly; break;
      case Expect::multiple: r.met = r.verdict == Uniqueness::multiple; break;
      // Clues that clash leave no solution either.
      case Expect::none: r.met = r.verdict == Uniqueness::none || r.verdict == Uniqueness::invalid; break;
      case Expect::minimal:
        r.met = r.verdict == Uniqueness::unique && r.clues && r.clues->complete && r.clues->redundant.empty();
        break;
    }
    if (r.met && r.base.given == Given::wrong) {
      r.met = false;
      r.given_failed = true;
      r.failure = r.base.given_message;
      return std::move(r);
    }
    if (r.met) return std::move(r);
    // An error (out of memory, a formula refused) is one in the summary too, not a verdict.
    r.failure = "expected " + std::string(to_string(plan_.expect)) + ", got " +
                (r.base.result.status == Status::error ? "an error" : std::string(to_string(r.verdict)));
    if (plan_.expect == Expect::minimal && r.verdict == Uniqueness::unique && r.clues) {
      const Geometry& g = std::get<Grid>(r.base.entry.content).geometry();
      r.failure = r.clues->complete ? "not minimal: redundant " + cells_text(g, r.clues->redundant)
                                    : "clue analysis incomplete: " + r.clues->message;
    }
    if (r.base.given == Given::wrong) r.failure += "; " + r.base.given_message;  // in the report too
    return std::move(r);
  }

  const CheckPlan& plan_;
  std::unique_ptr<Solver> backend_;
  std::unique_ptr<Solver> reference_;
  std::uint64_t epoch_ = 0;  // Limits::reuse_epoch of the current entry
  std::unique_ptr<ClueAnalyzer> analyzer_;  // with --minimal and the sat backend, made on first use
};

// Counts per verdict, for the summary line and the exit code.
struct CheckTally {
  std::size_t puzzles = 0, unique = 0, multiple = 0, none = 0, invalid = 0, unknown = 0, errors = 0;
  std::size_t unread = 0;  // inputs not read (unread_input), not counted as puzzles
  std::size_t failed = 0, problems = 0, proof_errors = 0;
  std::size_t undecided = 0;  // unique, but a limit stopped the clue analysis
  std::size_t wrong_given = 0;  // solutions given beside the puzzles that are wrong

  void add(const CheckRecord& r) {
    if (unread_input(r.base.entry)) {
      ++unread;
      return;
    }
    ++puzzles;
    const bool error = std::holds_alternative<Diagnostic>(r.base.entry.content) || r.base.result.status == Status::error;
    if (error) ++errors;
    else switch (r.verdict) {
        case Uniqueness::unique: ++unique; break;
        case Uniqueness::multiple: ++multiple; break;
        case Uniqueness::none: ++none; break;
        case Uniqueness::invalid: ++invalid; break;
        case Uniqueness::unknown: ++unknown; break;
      }
    if (!r.base.problem.empty()) ++problems;
    if (r.clues && !r.clues->complete) ++undecided;
    // An error is counted (and named on stderr) as one, a bug as a disagreement.
    if (!r.met && !error && !r.given_failed && r.base.problem.empty()) ++failed;
    if (r.base.given == Given::wrong) ++wrong_given;
    if (r.proof_failed) ++proof_errors;
  }

  ExitCode exit_code() const {
    ExitCode code = ExitCode::ok;
    if (failed || wrong_given) code = worst(code, ExitCode::unsolved);
    if (errors || unread || proof_errors) code = worst(code, ExitCode::usage);
    if (problems) code = worst(code, ExitCode::disagreement);
    return code;
  }

  // `proofs`: the proof pairs kept (those of the records sent).
  std::string summary(double seconds, Expect expect, std::size_t proofs) const {
    const std::string rate = time_and_rate(seconds, puzzles);
    std::string s = puzzles_text(puzzles) + ": " +
                    std::to_string(unique) + " unique, " + std::to_string(multiple) + " multiple, " +
                    std::to_string(none) + " none, " + std::to_string(invalid) + " invalid, " +
                    std::to_string(unknown) + " unknown, " + count_text(errors, "error") +
                    (unread ? ", " + count_text(unread, "input") + " not read" : "") + "; " +
                    std::to_string(failed) + " failing --expect " + std::string(to_string(expect));
    if (undecided && expect == Expect::minimal)  // counted among those not minimal
      s += " (" + std::to_string(undecided) + " of them with clues undecided)";
    if (wrong_given) s += ", " + count_text(wrong_given, "given solution") + " wrong";
    if (undecided && expect != Expect::minimal) s += ", " + std::to_string(undecided) + " with clues undecided";
    if (proofs) s += ", " + count_text(proofs, "proof");
    if (proof_errors) s += ", " + count_text(proof_errors, "proof") + " not written";
    if (problems) s += ", " + count_text(problems, "DISAGREEMENT", "DISAGREEMENTS");
    return s + "; " + rate;
  }
};

nlohmann::json redundant_json(const Grid& puzzle, const std::vector<int>& cells) {
  nlohmann::json list = nlohmann::json::array();
  const Geometry& g = puzzle.geometry();
  for (const int cell : cells)
    list.push_back({{"row", g.row_of(cell)}, {"col", g.col_of(cell)}, {"digit", puzzle.at(cell)}});
  return list;
}

nlohmann::json check_json(const CheckRecord& r, const CheckPlan& plan) {
  nlohmann::json j = record_json(r.base, plan.alphabet);
  const auto* puzzle = std::get_if<Grid>(&r.base.entry.content);
  j["verdict"] = puzzle && r.base.result.status != Status::error ? std::string(to_string(r.verdict)) : "error";
  auto& solutions = j["solutions"] = nlohmann::json::array();
  for (const Grid& s : r.base.result.solutions) solutions.push_back(format_line(s, plan.alphabet));
  if (!r.differ.empty()) {
    auto& differ = j["differ"] = nlohmann::json::array();
    for (const int cell : r.differ) differ.push_back({{"row", puzzle->geometry().row_of(cell)}, {"col", puzzle->geometry().col_of(cell)}});
  }
  if (plan.count && puzzle) {
    j["count"] = r.base.result.solutions.size();
    j["count_exact"] = r.base.result.exhausted;
  }
  if (plan.minimal && r.clues) {
    j["redundant"] = redundant_json(*puzzle, r.clues->redundant);
    if (r.clues->complete) j["minimal"] = r.clues->redundant.empty();
    else j["minimal"] = nullptr;  // undecided: a limit stopped the analysis
    if (!r.clues->complete) j["clues_message"] = r.clues->message;
  }
  if (!r.proof_drat.empty()) j["proof"] = {{"cnf", r.proof_cnf}, {"drat", r.proof_drat}};
  if (!r.proof_note.empty()) j["proof_note"] = r.proof_note;
  j["expected"] = std::string(to_string(plan.expect));
  j["met"] = r.met;
  return j;
}

// One line per puzzle: "file:line verdict details".
void print_text(std::ostream& out, const CheckRecord& r, const CheckPlan& plan) {
  out << source_of(r.base.entry) << ' ';
  const auto* puzzle = std::get_if<Grid>(&r.base.entry.content);
  if (!puzzle || r.base.result.status == Status::error) {
    out << "error";
    if (const auto* d = std::get_if<Diagnostic>(&r.base.entry.content)) out << ": " << d->message;
    else if (!r.base.result.message.empty()) out << ": " << r.base.result.message;
    out << '\n';
    return;
  }
  const Geometry& g = puzzle->geometry();
  const auto& solutions = r.base.result.solutions;
  out << to_string(r.verdict);
  switch (r.verdict) {
    case Uniqueness::unique: out << ' ' << format_line(solutions[0], plan.alphabet); break;
    case Uniqueness::multiple:
      out << ' ' << format_line(solutions[0], plan.alphabet) << solution_separator(g.size(), plan.alphabet)
          << format_line(solutions[1], plan.alphabet)
          << " differ at "
          << cells_text(g, r.differ);
      break;
    case Uniqueness::invalid:
      if (const auto& c = r.base.result.clash) out << ": " << clash_text(*puzzle, *c, plan.alphabet);
      break;
    case Uniqueness::unknown:
      if (!r.base.result.message.empty()) out << ": " << r.base.result.message;
      break;
    case Uniqueness::none: break;
  }
  // After a message ("unknown: the conflict limit of 5 was reached") the
  // count is set off from it.
  const bool after_message = (r.verdict == Uniqueness::invalid && r.base.result.clash) ||
                             (r.verdict == Uniqueness::unknown && !r.base.result.message.empty());
  if (plan.count && after_message) out << ';';
  if (plan.count) {
    // "5+" because a limit stopped the count, not because there are more
    // than K; "0+" when a limit stopped it before the first solution (an
    // invalid puzzle's 0 is exact).
    const bool open_ended = !r.base.result.exhausted && (!solutions.empty() || r.verdict == Uniqueness::unknown);
    out << " count " << solutions.size() << (open_ended ? "+" : "");
    if (!r.base.result.exhausted && r.base.result.interrupted && r.verdict != Uniqueness::unknown &&
        !r.base.result.message.empty())
      out << " (counting stopped: " << r.base.result.message << ')';
  }
  if (r.clues) {
    if (!r.clues->complete) out << " clues undecided (" << r.clues->message << ')';
    else if (r.clues->redundant.empty()) out << " minimal";
    else {
      out << " redundant";
      for (const int cell : r.clues->redundant)  // each digit written as the solution is
        out << ' ' << cell_name(g, cell) << '=' << digit_symbol(puzzle->at(cell), g.size(), plan.alphabet);
    }
  }
  if (!r.proof_drat.empty()) out << " proof " << r.proof_drat;
  if (!r.base.problem.empty()) out << ' ' << kBugMark;
  out << '\n';
}

// Length of the well-formed UTF-8 sequence that starts text[i] and is allowed
// in XML 1.0, or 0.
std::size_t xml_utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (c >= 0xC2 && c <= 0xDF) length = 2;
  else if (c >= 0xE0 && c <= 0xEF) length = 3, low = c == 0xE0 ? 0xA0 : 0x80, high = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) length = 4, low = c == 0xF0 ? 0x90 : 0x80, high = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;  // a continuation byte, an overlong lead or beyond U+10FFFF
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  if (length == 3 && c == 0xEF && byte(i + 1) == 0xBF && byte(i + 2) >= 0xBE) return 0;  // U+FFFE, U+FFFF
  return length;
}

// Text for an XML attribute or element: markup escaped; control characters
// that XML 1.0 forbids even escaped, and bytes that are not UTF-8 (a line of
// a binary file), become '?'.
std::string xml_escape(std::string_view text) {
  std::string s;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    switch (c) {
      case '&': s += "&amp;"; break;
      case '<': s += "&lt;"; break;
      case '>': s += "&gt;"; break;
      case '"': s += "&quot;"; break;
      case '\'': s += "&apos;"; break;
      default: {
        const bool forbidden = static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r';
        const std::size_t length = forbidden ? 0 : xml_utf8_length(text, i);
        if (length == 0) {
          s += '?';
          break;
        }
        s.append(text.substr(i, length));
        i += length;
        continue;
      }
    }
    ++i;
  }
  return s;
}

// How a JUnit report of check's starts (after the XML declaration): only a
// file that holds it is taken for an earlier run's report and removed.
constexpr std::string_view kReportMarker = "<testsuite name=\"satdoku check\"";

// JUnit XML: one <testcase> per puzzle, kept in memory until the end (the
// <testsuite> element carries the totals).  A case fails when its puzzle
// missed the expectation, and is an error when it could not be read or
// solved, or when its proof could not be written; the body gives the puzzle,
// why, and the text report's line for it (the clashing cells, the two
// solutions and where they differ, the redundant clues).
class JUnitReport {
 public:
  // `files`: the inputs as given; a file named twice gets its position in
  // its test cases' names, which CI tools would otherwise merge.
  JUnitReport(const CheckPlan& plan, const std::vector<std::string>& files) : plan_(plan) {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (std::count(files.begin(), files.end(), files[i]) > 1) repeated_.push_back(files[i]);
  }

  void add(const CheckRecord& r) {
    ++tests_;
    const double seconds = r.seconds;
    std::string source = source_of(r.base.entry);
    if (std::find(repeated_.begin(), repeated_.end(), r.base.entry.where.file) != repeated_.end())
      source += " (input " + std::to_string(r.base.entry.input) + ")";
    cases_ += "    <testcase classname=\"" + xml_escape(r.base.entry.where.file) + "\" name=\"" +
              xml_escape(source) + "\" time=\"" + std::to_string(seconds) + "\"";
    if (r.met && !r.proof_failed) {
      // A proof asked for and not made (a limit, memory) passes, as the
      // verdict stands; the test case says why, where CI shows it.
      if (r.proof_note.empty()) cases_ += "/>\n";
      else cases_ += ">\n      <system-out>" + xml_escape(r.proof_note) + "</system-out>\n    </testcase>\n";
      return;
    }
    const auto* diagnostic = std::get_if<Diagnostic>(&r.base.entry.content);
    const bool unsolved = diagnostic || r.base.result.status == Status::error;
    std::string why;
    if (diagnostic) why = diagnostic->str();
    else if (unsolved) why = r.base.result.message;
    else if (!r.met) {
      why = r.failure;
      if (r.base.result.status == Status::unknown && !r.base.result.message.empty()) why += ": " + r.base.result.message;
    }
    if (r.proof_failed) why += (why.empty() ? "" : "; ") + r.proof_note;
    // A missed expectation is a failure, its lost proof said in `why` too;
    // a proof lost alone is an error.
    const bool error = unsolved || (r.met && r.proof_failed);
    const char* tag = error ? "error" : "failure";
    (error ? errors_ : failures_)++;
    std::ostringstream line;
    if (!diagnostic) print_text(line, r, plan_);
    // (An input that could not be read has no puzzle text to show.)
    const std::string puzzle = puzzle_text(r.base.entry, plan_.alphabet);
    cases_ += ">\n      <" + std::string(tag) + " message=\"" + xml_escape(why) + "\">" +
              xml_escape((puzzle.empty() ? "" : "puzzle " + puzzle + "\n") + why +
                         (diagnostic ? "" : "\nreport: " + line.str())) +
              "</" + tag + ">\n    </testcase>\n";
  }

  // `seconds`: the whole run's, for the suite.
  void write(const fs::path& path, double seconds) const {
    AtomicFile file(path);
    write(file.stream(), seconds);
    file.commit();
  }

  void write(std::ostream& out, double seconds) const {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  " << kReportMarker << " tests=\""
        << tests_ << "\" failures=\"" << failures_ << "\" errors=\"" << errors_ << "\" time=\"" << seconds << "\">\n"
        << cases_ << "  </testsuite>\n</testsuites>\n";
  }

 private:
  const CheckPlan& plan_;
  std::vector<std::string> repeated_;  // files named more than once
  std::size_t tests_ = 0, failures_ = 0, errors_ = 0;
  std::string cases_;
};

// Whether `stem` names a proof position: INDEX or FILENUMBER-INDEX.
bool is_proof_stem(std::string_view stem) {
  const std::size_t dash = stem.find('-');
  if (dash == std::string_view::npos) return parse_position(stem) > 0;
  return parse_position(stem.substr(0, dash)) > 0 && parse_position(stem.substr(dash + 1)) > 0;
}

// `path` made absolute, through its links, without "." or ".." ("P/" is P),
// so that two options' paths compare.
fs::path resolved(const std::string& path) {
  std::error_code ignored;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ignored), ignored);
  return p.has_filename() ? p : p.parent_path();
}

// Whether `report`'s folder is missing and making the proof folder makes it
// (`--proof art/proofs --junit art/report.xml` in a fresh tree), so that
// the two options need no folder made beforehand.
bool made_with_proof_folder(const std::string& report, const std::string& proof_dir) {
  if (proof_dir.empty()) return false;
  const fs::path folder = resolved(report).parent_path(), proofs = resolved(proof_dir);
  std::error_code ignored;
  if (folder.empty() || fs::exists(folder, ignored)) return false;
  return std::mismatch(folder.begin(), folder.end(), proofs.begin(), proofs.end()).first == folder.end();
}

// Whether `name` is one of a proof pair's (STEM.cnf, STEM.drat).
bool is_proof_file(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view extension = name.substr(dot);
  return (extension == ".cnf" || extension == ".drat") && is_proof_stem(name.substr(0, dot));
}

// After the run, also an interrupted one: removes from `dir` every proof
// pair (STEM.cnf, a proof CNF by its header, and STEM.drat) that this run
// did not report (`reported`), so that the folder holds this run's proofs
// only: an earlier run's at a position that gets no proof now or beyond
// this input's end or past the interruption, and one a worker wrote for a
// puzzle whose record the interruption kept back.  Also the temporary
// files of an ended run's proofs.
ExitCode sweep_proofs(const fs::path& dir, const std::set<std::string>& reported, bool quiet) {
  auto unreported = [&](const fs::path& path) -> std::vector<fs::path> {
    const std::string stem = path.stem().string();
    std::error_code error;
    if (path.extension() != ".cnf" || !is_proof_stem(stem) || reported.count(stem) ||
        !fs::is_regular_file(fs::symlink_status(path, error)) || !is_proof_header(leading_comments(path)))
      return {};
    // Its .drat goes with it, unless that is no proof (a user's notes stay).
    const fs::path drat = fs::path(path).replace_extension(".drat");
    if (!fs::is_regular_file(fs::symlink_status(drat, error)) || !looks_like_drat(drat)) return {path};
    return {path, drat};
  };
  const ExitCode pairs = remove_leftovers(
      dir, unreported, {"check", "proof pair", "a proof not of this run", "without a record of this run from " + dir.string()}, quiet);
  return worst(pairs, remove_stale_temporaries(dir, is_proof_file, "check", "temporary proof file", quiet));
}

constexpr std::string_view kDescription =
    "Gives every puzzle of the FILEs (standard input when none or -) one verdict, in input order:\n"
    "  unique    exactly one solution (printed)\n"
    "  multiple  at least two: two different solutions and the cells where they differ\n"
    "  none      no solution\n"
    "  invalid   two clues clash (the two cells)\n"
    "  unknown   a limit was hit first\n"
    "  error     the puzzle could not be read (file:line:column on standard error)\n\n"
    "The SAT backend solves, forbids the solution found on the empty cells (under an activator\n"
    "literal, so the solver stays reusable) and solves again. Every solution is verified and,\n"
    "unless --no-cross-check, the native reference counts too and must agree (exit code 3);\n"
    "it gets 1 s per search (--reference-timeout), or, unless that option is given, the SAT\n"
    "side's time plus 10 ms on boards of 64x64 and up and on boards of 16x16 and up settled\n"
    "by propagation.\n\n"
    "--minimal decides for every clue of a unique puzzle whether it is redundant (the puzzle\n"
    "without it is still unique) or needed, one incremental SAT call per clue.\n\n"
    "--proof DIR writes, per unique puzzle, INDEX.cnf (rules + clues + not this solution) and\n"
    "INDEX.drat, CaDiCaL's text DRAT proof that the CNF is unsatisfiable; check with\n"
    "`drat-trim INDEX.cnf INDEX.drat` (with several FILEs: FILENUMBER-INDEX); at the end,\n"
    "also of an interrupted run, every proof pair in DIR not of this run is removed.\n\n"
    "Output (--output): text (one line per puzzle: file:line verdict details) or json (JSON\n"
    "Lines: solve's fields plus verdict, solutions, differ, count, count_exact, redundant,\n"
    "minimal, clues_message, proof, proof_note, expected, met).\n\n"
    "Puzzles that miss --expect are named on stderr with file:line. An interrupted run, or one\n"
    "whose standard output failed, writes no --junit report (and removes an earlier satdoku\n"
    "report there); a --junit path that holds any other file (not empty) is refused before the\n"
    "run. A proof that cannot be written is an error (exit code 2, JUnit <error>).";

int check(const std::vector<std::string>& args) {
  CheckConfig config;
  // The reference must prove what the SAT search did (no other solution),
  // and on boards of 64x64 and up it never does: 10 s per puzzle, solve's
  // budget, made a check of sudoku-81-1 take 10.3 s for a 0.3 s verdict.  A
  // second covers most 16x16 and 25x25 counts it finishes at all (RESULTS.md:
  // on 40 random 25x25 puzzles it gives up on 9 instead of 6).
  config.run.reference_timeout = 1;
  po::options_description options("Options");
  options.add_options()
      ("expect", po::value(&config.expect)->default_value(config.expect),
       "unique, multiple, none (invalid meets it too: clues that clash leave no solution) or minimal: exit code 0 "
       "when every puzzle meets it, 1 otherwise")
      ("backend,b", po::value(&config.backend)->default_value(config.backend),
       ("solver: " + backend_names()).c_str())
      ("count", po::value(&config.count)->value_name("K")->notifier([](std::uint64_t k) {
         if (k < 2) throw UsageError("--count must be at least 2");
       }),
       "count solutions up to K (>= 2) instead of 2, for both backends")
      ("minimal", po::bool_switch(&config.minimal), "report the redundant clues of unique puzzles")
      ("proof", po::value(&config.proof_dir)->value_name("DIR"),
       "write a CNF and a DRAT proof of uniqueness per unique puzzle into DIR (in the triads "
       "encoding unless --encoding names one)")
      ("junit", po::value(&config.junit)->value_name("FILE"), "write a JUnit XML report, one test case per puzzle (-: on standard output, instead of the records)")
      ("output,o", po::value(&config.output)->default_value(std::string(), config.output),  // "": not given
       "output format: text, json");
  config.sat.add_options(options);
  config.run.add_options(options);
  config.input.add_options(options);
  po::variables_map values;
  if (!parse_command("check", "[OPTIONS] [FILE...]", kDescription, options, args, &config.input.files, &values))
    return 0;

  if (config.output.empty()) {
    config.output = CheckConfig{}.output;
  } else if (config.junit == "-") {
    throw UsageError("--junit - writes the XML report on standard output instead of the records: give --junit a FILE "
                     "to keep -o " + config.output);
  }
  const bool json = config.output == "json";
  if (!json && config.output != "text")
    throw UsageError("unknown output format '" + config.output + "' (choose from text, json)");
  CheckPlan plan;
  const auto expect = parse_expect(config.expect);
  if (!expect) throw UsageError("unknown expectation '" + config.expect + "' (choose from unique, multiple, none, minimal)");
  plan.expect = *expect;
  plan.count = config.count > 0;
  plan.minimal = config.minimal || plan.expect == Expect::minimal;
  check_distinct_outputs({{"--junit", config.junit}}, config.input.files, true);
  if (config.proof_dir == "-") throw UsageError("--proof takes a folder to write the proofs into, not '-'");
  if (!config.junit.empty() && config.junit != "-" && !config.proof_dir.empty()) {
    // The report must not take the proof folder's place, nor a proof's.
    const fs::path report = resolved(config.junit), folder = resolved(config.proof_dir);
    if (report == folder)
      throw UsageError("--junit " + config.junit + " names the --proof folder: give the report a file of its own");
    if (report.parent_path() == folder && is_proof_file(report.filename().string()))
      throw UsageError("--junit " + config.junit + " names a proof file of --proof " + config.proof_dir +
                       " (proof pairs INDEX.cnf and INDEX.drat): give the report another name");
  }
  if (!config.junit.empty() && config.junit != "-") {
    if (!made_with_proof_folder(config.junit, config.proof_dir)) check_writable(config.junit);  // now, not after the run
    // `check --junit puzzles.txt` takes --junit for an input.
    check_replaces_only_its_own("--junit", config.junit, kReportMarker, "the report check writes", "puzzles to check");
  }
  if (!config.proof_dir.empty()) {
    // Every proof pair in the folder may be written or swept; a proof
    // replaces a link of its name (it is renamed into place).
    check_inputs_outside({"--proof", config.proof_dir, is_proof_file,
                          "proof pairs INDEX.cnf and INDEX.drat (FILE-INDEX with several files)", false},
                         config.input.files, true);
    plan.proof_dir = config.proof_dir;
  }
  plan.files = config.input.files;
  config.run.reference_timeout_given = !values["reference-timeout"].defaulted();

  PipelineConfig& pipeline = plan.pipeline;
  pipeline.backend = config.backend;
  if (config.proof_dir.empty()) config.sat.check_backend(config.backend);  // --proof uses the SAT options
  pipeline.sat = config.sat.sat_config();
  plan.count_limit = config.count;
  pipeline.limits.max_solutions =
      !plan.count ? 2 : config.count + (config.count < std::numeric_limits<std::uint64_t>::max());
  pipeline.limits.conflict_budget = config.sat.conflicts;
  config.run.apply(pipeline);
  pipeline.max_memory = config.sat.encoding.max_memory_bytes();
  pipeline.workers = config.run.jobs;
  make_backend(pipeline);  // validates the backend before any input is read
  const ReadOptions read_options = config.input.read_options();
  plan.alphabet = read_options.alphabet.value_or(Alphabet::standard());
  // Last: a usage error above leaves no new folder behind.
  if (!plan.proof_dir.empty()) make_folder(plan.proof_dir, "proof folder");

  install_interrupt_handlers();
  EntrySource source(config.input.files, read_options);
  std::size_t sequence = 0;
  CheckTally tally;
  std::optional<JUnitReport> junit;
  if (!config.junit.empty()) junit.emplace(plan, config.input.files);
  const bool records_on_stdout = config.junit != "-";  // else the report takes standard output
  auto make_worker = [&] {
    return [c = std::make_shared<Checker>(plan)](Entry&& entry, std::uint64_t block) {
      return c->run(std::move(entry), block);
    };
  };
  bool said_alphabet = false;
  ReadingNotes reading_notes(config.input);
  std::set<std::string> proofs_reported;  // stems of this run's proof pairs (kept: their records were sent)
  auto sink = [&](CheckRecord&& r) {
    r.base.sequence = ++sequence;
    note_short_alphabet(std::cerr, r.base, plan.alphabet, said_alphabet);
    reading_notes.say(std::cerr, r.base.entry);
    if (junit) junit->add(r);
    if (const auto* d = std::get_if<Diagnostic>(&r.base.entry.content)) std::cerr << d->str() << '\n';
    if (!r.base.problem.empty()) report_problem(std::cerr, r.base, plan.alphabet);
    if (!r.base.reference_note.empty())
      std::cerr << source_of(r.base.entry) << ": note: " << r.base.reference_note << '\n';
    // Why a unique puzzle got no proof: an output error, or a note (a limit,
    // memory, an interruption), so that no proof goes missing unsaid.
    if (!r.proof_note.empty())
      std::cerr << source_of(r.base.entry) << (r.proof_failed ? ": " : ": note: ") << r.proof_note << '\n';
    if (records_on_stdout) {
      if (json) std::cout << json_text(check_json(r, plan)) << '\n';
      else print_text(std::cout, r, plan);
    }
    // A proof is kept when its record was sent: flushed at once (a proof
    // costs far more than the write), so that a failed standard output
    // keeps the proofs of the records it took and no others.
    const bool proof_kept = !r.proof_cnf.empty() && (!records_on_stdout || std::cout.flush());
    if (proof_kept) proofs_reported.insert(fs::path(r.proof_cnf).stem().string());
    tally.add(r);
    if (!r.met && r.base.problem.empty()) std::cerr << source_of(r.base.entry) << ": FAIL: " << r.failure << '\n';
  };
  BatchOptions batch = config.run.batch(plan.pipeline);
  batch.records_on_output = records_on_stdout;
  const BatchTotals totals = run_batch(source, make_worker, sink, batch);
  ExitCode code = tally.exit_code();
  // A report of part of the run would pass for the whole run in CI: none
  // when the run was interrupted or its records could not all be written,
  // as with any output file not written whole, and an earlier run's report
  // in its place goes too.
  auto no_report = [&](std::string_view why) {
    std::cerr << "satdoku check: no JUnit report: " << why << earlier_output_removed(config.junit, kReportMarker, "report")
              << '\n';
  };
  if (junit && totals.interrupted) {
    no_report("the run was interrupted");
  } else if (junit && records_on_stdout && totals.output_failed) {
    no_report("standard output failed, the run stopped");
  } else if (junit && !records_on_stdout) {
    errno = 0;
    junit->write(std::cout, totals.seconds);
    if (!std::cout.flush()) {
      std::cerr << "satdoku check: cannot write standard output: " << write_error_text(errno) << '\n';
      stdout_failure_reported();
      code = worst(code, ExitCode::usage);
      proofs_reported.clear();  // the report was the records: none was sent
    }
  } else if (junit) {
    // The records come first when --junit is /dev/stdout.
    if (!flush_records("check", totals.records)) {
      code = worst(code, ExitCode::usage);
      no_report("the records did not reach standard output");
    } else {
      try {
        junit->write(config.junit, totals.seconds);
      } catch (const OutputError& e) {  // said here, and the summary still follows
        // An earlier run's report in its place would pass for this run's.
        std::cerr << "satdoku check: " << e.what() << earlier_output_removed(config.junit, kReportMarker, "report")
                  << '\n';
        code = worst(code, ExitCode::usage);
      }
    }
  }
  // Not when no input could be read: a mistyped input name would empty the folder.
  if (!plan.proof_dir.empty() && some_input_readable(config.input.files))
    code = worst(code, sweep_proofs(plan.proof_dir, proofs_reported, config.run.quiet));
  return finish_batch("check", totals, tally.summary(totals.seconds, plan.expect, proofs_reported.size()),
                      config.run.quiet, code);
}

}  // namespace

int run_check(const std::vector<std::string>& args) { return check(args); }

}  // namespace satdoku::cli
