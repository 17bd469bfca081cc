// Uniqueness verdicts, redundant clues and DRAT proofs of uniqueness
// (satdoku/uniqueness.hpp).
#define BOOST_TEST_MODULE uniqueness
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "satdoku/dimacs.hpp"
#include "satdoku/error.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/uniqueness.hpp"
#include "satdoku/verify.hpp"
#include "drat_support.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::test;
namespace fs = std::filesystem;

namespace {

Limits count_to(std::uint64_t k) {
  Limits l;
  l.max_solutions = k;
  return l;
}

Grid unique_solution(Solver& solver, const Grid& puzzle) {
  const Result r = solver.solve(puzzle, count_to(2));
  BOOST_REQUIRE(uniqueness_of(r) == Uniqueness::unique);
  return r.solutions.front();
}

// `puzzle` plus `extra` clues copied from `solution`, at the first empty
// cells found stepping through the board with a stride.
Grid with_extra_clues(const Grid& puzzle, const Grid& solution, int extra, int seed) {
  Grid g = puzzle;
  int added = 0;
  for (int step = 0; added < extra && step < 4 * g.cell_count(); ++step) {
    const int cell = (seed * 7 + step * 29) % g.cell_count();
    if (g.at(cell)) continue;
    g.set(cell, solution.at(cell));
    ++added;
  }
  return g;
}

Grid without(const Grid& puzzle, int cell) {
  Grid g = puzzle;
  g.set(cell, 0);
  return g;
}

CnfFormula read_cnf(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  auto formula = read_dimacs(in, path.string());
  if (auto* d = std::get_if<Diagnostic>(&formula)) BOOST_FAIL(d->str());
  return std::move(std::get<CnfFormula>(formula));
}

}  // namespace

BOOST_AUTO_TEST_CASE(verdicts_from_counts) {
  auto sat = make_sat_solver();
  auto native = make_native_solver();
  for (const Grid& p : read_puzzles(shared_data() / "17_clue.txt", 50)) {
    BOOST_TEST(to_string(uniqueness_of(sat->solve(p, count_to(2)))) == "unique");
    BOOST_TEST(to_string(uniqueness_of(native->solve(p, count_to(2)))) == "unique");
    // A single solution asked for cannot tell unique from multiple, unless
    // the search was exhausted anyway (hybrid mode: settled by propagation).
    const Result one = sat->solve(p, count_to(1));
    BOOST_TEST(to_string(uniqueness_of(one)) == (one.exhausted ? "unique" : "unknown"));
    SatConfig incremental;
    incremental.mode = SatMode::incremental;
    BOOST_TEST(to_string(uniqueness_of(make_sat_solver(incremental)->solve(p, count_to(1)))) == "unknown");
  }
  for (const Grid& p : read_puzzles(shared_data() / "serg_multi.txt", 50))
    BOOST_TEST(to_string(uniqueness_of(sat->solve(p, count_to(2)))) == "multiple");
  const Grid clash = read_puzzles_text("55" + std::string(79, '.') + "\n").front();
  BOOST_TEST(to_string(uniqueness_of(sat->solve(clash, count_to(2)))) == "invalid");
  const Grid none = read_puzzles_text("12345678.........9" + std::string(63, '.') + "\n").front();
  BOOST_TEST(to_string(uniqueness_of(sat->solve(none, count_to(2)))) == "none");
  Result error;
  BOOST_TEST(to_string(uniqueness_of(error)) == "unknown");
  // check_uniqueness() counts to 2 whatever the limits ask (with one
  // solution asked for, a puzzle that needs search was 'unknown').
  for (Solver* backend : {sat.get(), native.get()}) {
    const Grid unique = read_puzzles(shared_data() / "forum_hardest_11plus.txt", 1).front();
    const UniquenessCheck u = check_uniqueness(*backend, unique);
    BOOST_TEST(to_string(u.verdict) == "unique");
    BOOST_TEST(u.result.solutions.size() == 1u);
    const Grid several = read_puzzles(shared_data() / "serg_multi.txt", 1).front();
    const UniquenessCheck m = check_uniqueness(*backend, several, count_to(1));
    BOOST_TEST(to_string(m.verdict) == "multiple");
    BOOST_TEST(m.result.solutions.size() == 2u);
    BOOST_TEST(to_string(check_uniqueness(*backend, none).verdict) == "none");
  }
}

BOOST_AUTO_TEST_CASE(seventeen_clue_puzzles_are_minimal) {
  ClueAnalyzer analyzer;
  auto native = make_native_solver();
  for (const Grid& p : read_puzzles(shared_data() / "17_clue.txt", 100)) {
    const Grid solution = unique_solution(*native, p);
    const ClueAnalysis a = analyzer.analyze(p, solution);
    BOOST_TEST(a.complete);
    BOOST_TEST(a.redundant.empty());
    BOOST_TEST(a.needed.size() == 17u);
    BOOST_REQUIRE(a.witnesses.size() == a.needed.size());
    for (std::size_t i = 0; i < a.needed.size(); ++i) {
      BOOST_TEST(!verify(without(p, a.needed[i]), a.witnesses[i]).has_value());
      BOOST_TEST(!(a.witnesses[i] == solution));
    }
  }
}

// One analyzer over more puzzles than its instance serves (a new one every
// 1,000): the verdicts go on the same across the renewal.
BOOST_AUTO_TEST_CASE(an_analyzer_renews_its_instance_and_goes_on) {
  ClueAnalyzer analyzer;
  auto native = make_native_solver();
  std::size_t minimal = 0;
  const std::vector<Grid> puzzles = read_puzzles(shared_data() / "17_clue.txt", 1002);
  for (const Grid& p : puzzles) {
    const ClueAnalysis a = analyzer.analyze(p, unique_solution(*native, p));
    if (a.complete && a.redundant.empty() && a.needed.size() == 17u) ++minimal;
  }
  BOOST_TEST(minimal == puzzles.size());
}

BOOST_AUTO_TEST_CASE(redundant_clues_are_redundant_and_needed_ones_needed) {
  ClueAnalyzer analyzer;
  auto native = make_native_solver();
  auto reference = make_native_solver();
  std::size_t puzzles_with_redundant = 0;
  int seed = 0;
  for (const Grid& original : read_puzzles(shared_data() / "17_clue.txt", 40)) {
    const Grid solution = unique_solution(*native, original);
    const Grid p = with_extra_clues(original, solution, 3, ++seed);
    BOOST_REQUIRE(p.clue_count() == 20);
    const ClueAnalysis a = analyzer.analyze(p, solution);
    BOOST_REQUIRE(a.complete);
    BOOST_TEST(a.redundant.size() + a.needed.size() == 20u);
    if (!a.redundant.empty()) ++puzzles_with_redundant;
    for (const int cell : a.redundant)
      BOOST_TEST(to_string(uniqueness_of(reference->solve(without(p, cell), count_to(2)))) == "unique");
    for (const int cell : a.needed)
      BOOST_TEST(to_string(uniqueness_of(reference->solve(without(p, cell), count_to(2)))) == "multiple");
    // The fallback with any backend gives the same lists.
    const ClueAnalysis b = analyze_clues(*native, p, solution);
    BOOST_TEST(b.complete);
    BOOST_TEST(a.redundant == b.redundant);
    BOOST_TEST(a.needed == b.needed);
  }
  // Three clues beyond a minimal set: every puzzle has one to spare.
  BOOST_TEST(puzzles_with_redundant == 40u);
}

// A budget that runs out while the instance takes its rules (a 25x25
// board's 752,500 clauses, a few tenths of a second) stops the analysis
// there, and the half-built instance is not used again: the next analysis
// of the same board is whole and right.  The puzzle: sudoku-25-1's solution
// without a few cells, so that the whole analysis is quick.
BOOST_AUTO_TEST_CASE(an_analysis_stopped_while_the_rules_are_added_leaves_no_instance) {
  auto native = make_native_solver();
  const Grid solution =
      unique_solution(*native, read_puzzles(shared_data() / "large" / "sudoku-25-1.txt", 1).front());
  Grid p = solution;
  for (int cell : {0, 26, 52, 300, 624}) p.set(cell, 0);
  const ClueAnalysis expected = analyze_clues(*native, p, solution);
  BOOST_REQUIRE(expected.complete);
  ClueAnalyzer analyzer;
  const ClueAnalysis stopped = analyzer.analyze(p, solution, {.time_budget = 0.02});
  BOOST_TEST(!stopped.complete);
  BOOST_TEST(stopped.message == "the time limit of 0.02 s was reached");
  const ClueAnalysis whole = analyzer.analyze(p, solution);
  BOOST_TEST(whole.complete);
  BOOST_TEST(whole.redundant == expected.redundant);
  BOOST_TEST(whole.needed == expected.needed);
}

// A puzzle of 100 clues or more passes "every clue but one" in groups,
// each behind an activator of its own (ClueAnalyzer::analyze): sudoku-16-1's
// 116 clues make 11 groups.  Its lists are those of the reference's
// analysis, and each witness is another solution without its clue; twice
// in one instance, so that the first puzzle's groups are retired.
BOOST_AUTO_TEST_CASE(clues_in_groups_give_the_same_analysis) {
  const Grid p = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt", 1).front();
  BOOST_REQUIRE(p.clue_count() >= 100);
  auto native = make_native_solver();
  const Grid solution = unique_solution(*native, p);
  const ClueAnalysis expected = analyze_clues(*native, p, solution);
  BOOST_REQUIRE(expected.complete);
  BOOST_REQUIRE(!expected.redundant.empty());
  BOOST_REQUIRE(!expected.needed.empty());
  ClueAnalyzer analyzer;
  for (int round = 0; round < 2; ++round) {
    BOOST_TEST_CONTEXT("round " << round) {
      const ClueAnalysis a = analyzer.analyze(p, solution);
      BOOST_REQUIRE(a.complete);
      BOOST_TEST(a.redundant == expected.redundant);
      BOOST_TEST(a.needed == expected.needed);
      BOOST_REQUIRE_EQUAL(a.witnesses.size(), a.needed.size());
      for (std::size_t i = 0; i < a.needed.size(); ++i) {
        BOOST_TEST(!verify(without(p, a.needed[i]), a.witnesses[i]));
        BOOST_TEST(!(a.witnesses[i] == solution));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(analyzer_is_reusable_across_board_shapes) {
  ClueAnalyzer analyzer;
  auto native = make_native_solver();
  const Grid nine = read_puzzles(shared_data() / "17_clue.txt", 1).front();
  const Grid sixteen = read_puzzles(source_dir() / "examples" / "sudoku-16.txt", 1).front();
  for (const Grid* p : {&nine, &sixteen, &nine}) {
    const Grid solution = unique_solution(*native, *p);
    const ClueAnalysis a = analyzer.analyze(*p, solution);
    const ClueAnalysis b = analyze_clues(*native, *p, solution);
    BOOST_TEST(a.complete);
    BOOST_TEST(a.redundant == b.redundant);
    BOOST_TEST(a.needed == b.needed);
  }
}

BOOST_AUTO_TEST_CASE(limits_and_preconditions) {
  ClueAnalyzer analyzer;
  auto native = make_native_solver();
  const Grid p = read_puzzles(shared_data() / "17_clue.txt", 1).front();
  const Grid solution = unique_solution(*native, p);
  std::atomic<bool> cancel{true};
  Limits limits;
  limits.cancel = &cancel;
  // The first analysis builds the instance: the flag stops it while the
  // rules are added, and the instance left half built is not used again.
  const ClueAnalysis stopped = analyzer.analyze(p, solution, limits);
  BOOST_TEST(!stopped.complete);
  BOOST_TEST(stopped.message == "cancelled");
  BOOST_TEST(stopped.redundant.empty());
  BOOST_TEST(stopped.needed.empty());
  limits.cancel = nullptr;
  limits.time_budget = 1e-9;
  const ClueAnalysis late = analyzer.analyze(p, solution, limits);
  BOOST_TEST(!late.complete);
  BOOST_TEST(late.message == "the time limit of 1e-09 s was reached");
  // A conflict limit is named as such, also where CaDiCaL stopped at
  // conflicts that learnt no clause (sudoku-25-1's analysis under 10: the
  // learnt clauses count 8 of them).
  {
    const Grid big = read_puzzles(shared_data() / "large" / "sudoku-25-1.txt", 1).front();
    const Grid big_solution = unique_solution(*native, big);
    ClueAnalyzer fresh;
    const ClueAnalysis counted = fresh.analyze(big, big_solution, {.conflict_budget = 10});
    BOOST_TEST(!counted.complete);
    BOOST_TEST(counted.message == "the conflict limit of 10 was reached");
  }
  // The instance still works after a stopped analysis.
  const ClueAnalysis whole = analyzer.analyze(p, solution);
  const ClueAnalysis reference = analyze_clues(*native, p, solution);
  BOOST_TEST(whole.complete);
  BOOST_TEST(whole.redundant == reference.redundant);
  BOOST_TEST(whole.needed == reference.needed);

  Grid wrong = solution;
  wrong.set(0, solution.at(0) % 9 + 1);
  BOOST_CHECK_THROW(analyzer.analyze(p, wrong), UsageError);
  BOOST_CHECK_THROW(analyze_clues(*native, p, Grid(p.geometry_ptr())), UsageError);
  const ScratchDir scratch("uniq-pre");
  const fs::path& dir = scratch.dir;
  BOOST_CHECK_THROW(write_uniqueness_proof(p, wrong, dir / "x.cnf", dir / "x.drat"), UsageError);
  BOOST_CHECK_THROW(write_uniqueness_proof(p, solution, dir / "no" / "x.cnf", dir / "no" / "x.drat"), OutputError);
  // One file named for both (the proof replaced the CNF, or the other way).
  BOOST_CHECK_THROW(write_uniqueness_proof(p, solution, dir / "x.cnf", dir / "x.cnf"), UsageError);
  BOOST_CHECK_THROW(write_uniqueness_proof(p, solution, dir / "x.cnf", dir / "." / "x.cnf"), UsageError);
  BOOST_TEST(fs::is_empty(dir));
}

// A proof's formula is the resolved encoding, whole, in a fresh instance,
// whatever reduction and mode the search used.
BOOST_AUTO_TEST_CASE(a_proof_is_written_in_the_whole_formula) {
  for (const int n : {9, 64}) {
    const SatConfig config{std::nullopt, AmoMethod::sequential, Reduction::probe, SatMode::hybrid};
    const SatChoice searched = config.resolve(n), proved = proof_choice(config, n);
    BOOST_TEST(to_string(proved.reduction) == "none");
    BOOST_TEST(to_string(proved.mode) == "fresh");
    BOOST_TEST(to_string(proved.encoding) == to_string(searched.encoding));
    BOOST_TEST(to_string(proved.instance_encoding) == to_string(searched.encoding));
    BOOST_TEST(to_string(proved.amo) == "sequential");
    BOOST_TEST(proved.options == searched.options);
  }
}

BOOST_AUTO_TEST_CASE(proofs_are_drat_and_the_cnf_is_what_it_says) {
  auto native = make_native_solver();
  const ScratchDir scratch("uniq-proof");
  const fs::path& dir = scratch.dir;
  int index = 0;
  for (const auto& [file, count] : {std::pair{"17_clue.txt", 3}, std::pair{"top1465.txt", 3}}) {
    for (const Grid& p : read_puzzles(shared_data() / file, static_cast<std::size_t>(count))) {
      const Grid solution = unique_solution(*native, p);
      const std::string stem = std::to_string(++index);
      const UniquenessProof proof = write_uniqueness_proof(p, solution, dir / (stem + ".cnf"), dir / (stem + ".drat"));
      BOOST_REQUIRE(proof.result == Verdict::unsat);

      // Well formed text DRAT ending with the empty clause.
      const DratProof drat = parse_drat(slurp(dir / (stem + ".drat")));
      BOOST_TEST(drat.ends_with_empty_clause);

      // The CNF: header as declared, blocking clause last, on the empty cells.
      CnfFormula cnf = read_cnf(dir / (stem + ".cnf"));
      BOOST_TEST(cnf.declared_clauses == proof.clauses);
      BOOST_TEST(cnf.variables == proof.variables);
      // ... and it is proof_choice()'s formula: what check's memory guard weighs.
      const SatChoice choice = proof_choice({}, 9);
      ClauseCounter counted;
      const EncodeReport whole = Encoder(p, {choice.encoding, choice.amo, choice.reduction}).emit(counted);
      BOOST_TEST(whole.clauses + 1 == proof.clauses);
      BOOST_TEST(whole.variables == proof.variables);
      const auto last = cnf.clauses[cnf.clauses.size() - 1];
      BOOST_TEST(last.size() == static_cast<std::size_t>(81 - p.clue_count()));
      const VarMap map(9);
      for (int lit : last) {
        BOOST_TEST(lit < 0);
        BOOST_TEST(p.at(map.cell_of(-lit)) == 0);
        BOOST_TEST(solution.at(map.cell_of(-lit)) == map.digit_of(-lit));
      }

      // Every lemma follows by unit propagation (an independent check of the proof).
      RupChecker checker(cnf.clauses);
      std::size_t failed = 0;
      for (const auto& lemma : drat.lemmas)
        if (!checker.check_and_add(lemma)) ++failed;
      BOOST_TEST(failed == 0u);

      // The checker is no rubber stamp: without the blocking clause the
      // empty clause does not follow.
      ClauseBuffer rules_and_clues;
      for (std::size_t i = 0; i + 1 < cnf.clauses.size(); ++i) rules_and_clues.add_clause(cnf.clauses[i]);
      BOOST_TEST(!RupChecker(rules_and_clues).check_and_add({}));

      // Without the blocking clause the CNF is satisfiable, and its model is the solution.
      SatSolver without_block;
      for (std::size_t i = 0; i + 1 < cnf.clauses.size(); ++i) without_block.add_clause(cnf.clauses[i]);
      BOOST_REQUIRE(without_block.solve() == Verdict::sat);
      for (int cell = 0; cell < 81; ++cell) BOOST_TEST(without_block.value(map.var(cell, solution.at(cell))));
      // With it, unsatisfiable.
      SatSolver with_block;
      for (std::size_t i = 0; i < cnf.clauses.size(); ++i) with_block.add_clause(cnf.clauses[i]);
      BOOST_TEST(to_string(with_block.solve()) == "unsat");

      // The header decodes as the puzzle.
      std::ifstream in(dir / (stem + ".cnf"));
      auto header = read_cnf_header(in, stem);
      BOOST_REQUIRE(std::holds_alternative<CnfHeader>(header));
      BOOST_TEST((std::get<CnfHeader>(header).puzzle == p));
    }
  }
}

// A cancel flag raised before the proof stops it while its CNF is counted,
// before any file is made: Cancelled, and no file is left, no temporary
// one either.  (A flag raised while the CNF is written, which this test
// does not reach, is tested through a signal to `check --proof` in
// test_batch: a_signal_abandons_the_proof_cnf_being_written.)
BOOST_AUTO_TEST_CASE(a_cancel_raised_before_a_proof_leaves_no_file) {
  auto native = make_native_solver();
  const Grid p = read_puzzles(shared_data() / "17_clue.txt", 1).front();
  const Grid solution = unique_solution(*native, p);
  const ScratchDir scratch("uniq-cancel");
  const fs::path& dir = scratch.dir;
  std::atomic<bool> cancel{true};
  Limits limits;
  limits.cancel = &cancel;
  BOOST_CHECK_THROW(write_uniqueness_proof(p, solution, dir / "1.cnf", dir / "1.drat", {}, limits), Cancelled);
  BOOST_TEST(fs::is_empty(dir));
  cancel = false;  // the flag down, the same call proves
  BOOST_TEST(to_string(write_uniqueness_proof(p, solution, dir / "1.cnf", dir / "1.drat", {}, limits).result) ==
             "unsat");
}

// The time budget covers the whole call, the CNF's writing included: spent
// before the CNF's file is made (here in a folder that does not exist, which
// would throw OutputError), the answer is unknown, says why, and no file is
// left.
BOOST_AUTO_TEST_CASE(a_time_budget_spent_on_the_proof_cnf_leaves_no_file) {
  auto native = make_native_solver();
  const Grid p = read_puzzles(shared_data() / "17_clue.txt", 1).front();
  const Grid solution = unique_solution(*native, p);
  const ScratchDir scratch("uniq-time");
  const fs::path& dir = scratch.dir;
  Limits limits;
  limits.time_budget = 1e-9;
  const UniquenessProof late =
      write_uniqueness_proof(p, solution, dir / "none" / "1.cnf", dir / "none" / "1.drat", {}, limits);
  BOOST_TEST(to_string(late.result) == "unknown");
  BOOST_TEST(late.message == "the time limit of 1e-09 s was reached while the proof's CNF was written");
  BOOST_TEST(fs::is_empty(dir));
  limits.time_budget = 60;
  BOOST_TEST(to_string(write_uniqueness_proof(p, solution, dir / "1.cnf", dir / "1.drat", {}, limits).result) ==
             "unsat");
}

BOOST_AUTO_TEST_CASE(no_proof_files_without_uniqueness) {
  auto native = make_native_solver();
  const ScratchDir scratch("uniq-multi");
  const fs::path& dir = scratch.dir;
  const Grid p = read_puzzles(shared_data() / "serg_multi.txt", 1).front();
  const Result r = native->solve(p, count_to(2));
  BOOST_REQUIRE(uniqueness_of(r) == Uniqueness::multiple);
  const UniquenessProof proof = write_uniqueness_proof(p, r.solutions[0], dir / "1.cnf", dir / "1.drat");
  BOOST_TEST(to_string(proof.result) == "sat");
  BOOST_TEST(fs::is_empty(dir));  // no target, no temporary left behind
}
