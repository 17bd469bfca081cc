// The SAT backend: every encoding, mode and reduction agrees with the native
// reference; counting through blocking clauses; statuses and limits.
#define BOOST_TEST_MODULE sat
#include <algorithm>
#include <climits>
#include <limits>
#include <numeric>
#include <random>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "satdoku/cross_check.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"
#include "../solver/src/budget.hpp"

using namespace satdoku;
using namespace satdoku::test;

namespace {

// Every (encoding, mode, reduction) worth testing: the reduction only
// matters in fresh and hybrid modes (incremental keeps the clues out of the
// formula; hybrid propagates, or probes with Reduction::probe).
std::vector<SatConfig> all_configs() {
  std::vector<SatConfig> configs;
  for (const EncodingInfo& e : encodings()) {
    for (Reduction r : {Reduction::none, Reduction::clues, Reduction::propagate, Reduction::probe})
      configs.push_back({e.encoding, std::nullopt, r, SatMode::fresh, {}});
    configs.push_back({e.encoding, std::nullopt, Reduction::none, SatMode::incremental, {}});
    for (Reduction r : {Reduction::propagate, Reduction::probe})
      configs.push_back({e.encoding, std::nullopt, r, SatMode::hybrid, {}});
  }
  // The defaults' two encodings in fresh mode: `extended` propagates, then
  // `triads` probes.
  configs.push_back({std::nullopt, std::nullopt, Reduction::probe, SatMode::fresh, {}});
  return configs;
}

std::string name_of(const SatConfig& c, int n) { return c.resolve(n).str(); }

// Solves every puzzle with `config` and the reference (one solution more),
// verifying each answer and comparing the two.  Both must finish: a search
// that gave up (or failed) would compare with nothing.
void agree_with_reference(const std::vector<Grid>& puzzles, const SatConfig& config, std::uint64_t k) {
  auto sat = make_sat_solver(config);
  auto native = make_native_solver();
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Grid& p = puzzles[i];
    const Result answer = sat->solve(p, {.max_solutions = k});
    const Result reference = native->solve(p, {.max_solutions = k + 1});
    BOOST_TEST_REQUIRE((reference.status == Status::solved || reference.status == Status::none));
    BOOST_TEST((answer.status == reference.status && !answer.interrupted && !answer.refused),
               name_of(config, p.size()) << " puzzle " << i << ": " << to_string(answer.status) << " ("
                                         << answer.message << ") against " << to_string(reference.status));
    BOOST_TEST(answer.solutions.size() == std::min<std::size_t>(reference.solutions.size(), k),
               name_of(config, p.size()) << " puzzle " << i);
    for (const Grid& s : answer.solutions) {
      auto v = verify(p, s);
      // (Boost.Test builds the message even when the check passes.)
      BOOST_TEST(!v, name_of(config, p.size()) << " puzzle " << i << ": " << (v ? v->describe(p.geometry()) : ""));
    }
    const CrossCheck check = cross_check(answer, reference, k);
    BOOST_TEST(check.agree, name_of(config, p.size()) << " puzzle " << i << ": " << check.message);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(euler96_in_every_configuration) {
  const auto puzzles = read_puzzles(source_dir() / "examples" / "euler96.txt");
  BOOST_REQUIRE(puzzles.size() == 50u);
  for (const SatConfig& config : all_configs()) {
    auto sat = make_sat_solver(config);
    int sum = 0;
    for (const Grid& p : puzzles) {
      const Result r = sat->solve(p, {});
      BOOST_REQUIRE(r.status == Status::solved);
      BOOST_TEST(!verify(p, r.solutions.front()));
      sum += 100 * r.solutions.front().at(0) + 10 * r.solutions.front().at(1) + r.solutions.front().at(2);
    }
    BOOST_TEST(sum == 24702, name_of(config, 9));
    agree_with_reference(std::vector<Grid>(puzzles.begin(), puzzles.begin() + 10), config, 2);
  }
}

BOOST_AUTO_TEST_CASE(a_sample_of_every_collection_agrees_with_the_reference) {
  for (const char* file : {"17_clue.txt", "top1465.txt", "forum_hardest_11plus.txt", "qqwing_1000.txt",
                           "serg_multi.txt"}) {
    // 150 puzzles spread evenly over the file (its start is easier than the
    // whole in some collections), and 12 of them for every configuration.
    const auto all = read_puzzles(shared_data() / file);
    BOOST_TEST_REQUIRE(all.size() >= 1000u, file);
    std::vector<Grid> puzzles, few;
    for (std::size_t i = 0; i < 150; ++i) puzzles.push_back(all[i * all.size() / 150]);
    for (std::size_t i = 0; i < 150; i += 13) few.push_back(puzzles[i]);
    BOOST_TEST_CONTEXT(file) {
      agree_with_reference(puzzles, SatConfig{}, 2);  // the defaults
      for (const SatConfig& config : all_configs()) agree_with_reference(few, config, 2);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_empty_4x4_board_has_288_solutions_in_every_configuration) {
  const Grid empty(Geometry::shared(4));
  for (const SatConfig& config : all_configs()) {
    auto sat = make_sat_solver(config);
    const Result r = sat->solve(empty, {.max_solutions = 1000});
    BOOST_TEST(r.solutions.size() == 288u, name_of(config, 4));
    BOOST_TEST(r.exhausted, name_of(config, 4));
    // Twice in a row: the incremental instance retires its blocking clauses.
    const Result again = sat->solve(empty, {.max_solutions = 1000});
    BOOST_TEST(again.solutions.size() == 288u, name_of(config, 4) << " (second run)");
  }
}

BOOST_AUTO_TEST_CASE(the_comma_board_has_35_solutions) {
  const auto puzzles = read_puzzles_text(
      "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005\n");
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    auto sat = make_sat_solver({.mode = mode});
    const Result r = sat->solve(puzzles.front(), {.max_solutions = 100});
    BOOST_TEST(r.solutions.size() == 35u, to_string(mode));
    BOOST_TEST(r.exhausted);
    for (std::size_t i = 0; i < r.solutions.size(); ++i)
      for (std::size_t j = i + 1; j < r.solutions.size(); ++j) BOOST_TEST(!(r.solutions[i] == r.solutions[j]));
  }
}

// A puzzle's search for a second solution leaves nothing in an instance it
// shares: the same puzzle again, counted to 2 (check's question), is unique
// again in every mode, as is a third time counted to 1.  (Its blocking
// clause, left without an activator, made the repeat `none`.)
BOOST_AUTO_TEST_CASE(an_instance_forgets_the_solutions_it_blocked) {
  const Grid puzzle = read_puzzles_text(first_lines("top1465.txt", 1)).front();
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    auto sat = make_sat_solver({.mode = mode});
    for (const std::size_t limit : {2u, 2u, 1u}) {
      const Result r = sat->solve(puzzle, {.max_solutions = limit});
      BOOST_TEST(to_string(r.status) == "solved", to_string(mode));
      BOOST_TEST(r.solutions.size() == 1u, to_string(mode));
      BOOST_TEST(r.exhausted == (limit == 2u), to_string(mode));
    }
  }
}

// A puzzle unit propagation settles never reaches CaDiCaL: all of its time
// is encoding time (compare's encode and solve columns).
BOOST_AUTO_TEST_CASE(a_puzzle_settled_without_search_took_encoding_time_only) {
  const Grid puzzle = read_puzzles_text(first_lines("17_clue.txt", 1)).front();
  const Result r = make_sat_solver({})->solve(puzzle, {});
  BOOST_REQUIRE(r.stats.by_propagation);
  BOOST_TEST(r.stats.seconds > 0);
  BOOST_TEST(r.stats.encode_seconds == r.stats.seconds);
}

// The default at-most-one method: pairwise up to 144x144, commander above.
BOOST_AUTO_TEST_CASE(the_default_amo_method_changes_above_144) {
  for (const int n : {9, 16, 25, 64, 100, 144}) BOOST_TEST(to_string(default_sat_choice(n).amo) == "pairwise", n);
  for (const int n : {169, 196, 225, 400}) BOOST_TEST(to_string(default_sat_choice(n).amo) == "commander", n);
}

BOOST_AUTO_TEST_CASE(no_solution_and_clashing_clues) {
  const auto puzzles = read_puzzles_text("12345678.........9" + std::string(63, '.') + "\n" +  // no solution
                                         "5...5" + std::string(76, '.') + "\n");              // clash
  for (const SatConfig& config : all_configs()) {
    auto sat = make_sat_solver(config);
    const Result none = sat->solve(puzzles[0], {.max_solutions = 2});
    BOOST_TEST((none.status == Status::none), name_of(config, 9));
    BOOST_TEST(none.exhausted);
    const Result clash = sat->solve(puzzles[1], {});
    BOOST_TEST((clash.status == Status::invalid), name_of(config, 9));
    BOOST_REQUIRE(clash.clash);
    BOOST_TEST(clash.clash->first == 0);
    BOOST_TEST(clash.clash->second == 4);
  }
}

// A puzzle with no solution that only a search can tell: a hard puzzle with
// one wrong clue that clashes with no other.  `none` in every
// configuration, and CaDiCaL searches where the formula reaches it.
BOOST_AUTO_TEST_CASE(no_solution_found_by_search) {
  auto native = make_native_solver();
  std::vector<Grid> broken;
  for (const Grid& p : read_puzzles(shared_data() / "forum_hardest_11plus.txt", 3)) {
    const Result full = native->solve(p, {.max_solutions = 1});
    BOOST_TEST_REQUIRE((full.status == Status::solved));
    Grid wrong = p;
    for (int cell = 0; cell < wrong.cell_count() && wrong == p; ++cell) {
      if (p.at(cell)) continue;
      for (int d = 1; d <= 9; ++d) {
        if (d == full.solutions.front().at(cell)) continue;
        wrong.set(cell, d);
        if (!find_clash(wrong)) break;
        wrong.set(cell, 0);
      }
    }
    BOOST_TEST_REQUIRE(!(wrong == p));
    BOOST_TEST_REQUIRE((native->solve(wrong, {.max_solutions = 1}).status == Status::none));
    broken.push_back(wrong);
  }
  BOOST_REQUIRE(broken.size() == 3u);
  std::uint64_t searched = 0;
  for (const SatConfig& config : all_configs()) {
    auto sat = make_sat_solver(config);
    for (const Grid& p : broken) {
      const Result r = sat->solve(p, {.max_solutions = 2});
      BOOST_TEST((r.status == Status::none), name_of(config, 9) << ": " << to_string(r.status));
      BOOST_TEST(r.solutions.empty());
      if (config.mode == SatMode::incremental) searched += r.stats.conflicts;
    }
  }
  BOOST_TEST(searched > 0u);
}

BOOST_AUTO_TEST_CASE(every_backend_refuses_max_solutions_0_alike) {
  // An empty board (the SAT modes gave it one solution) and clashing clues
  // (the check comes before any look at the puzzle).
  const auto puzzles = read_puzzles_text(std::string(81, '.') + "\n" + "5...5" + std::string(76, '.') + "\n");
  std::vector<std::unique_ptr<Solver>> solvers;
  solvers.push_back(make_native_solver());
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid})
    solvers.push_back(make_sat_solver({.mode = mode}));
  for (const auto& solver : solvers)
    for (const Grid& puzzle : puzzles) {
      const Result r = solver->solve(puzzle, {.max_solutions = 0});
      BOOST_TEST((r.status == Status::error), solver->name());
      BOOST_TEST(r.message == "max_solutions must be at least 1");
      BOOST_TEST(r.solutions.empty());
    }
}

BOOST_AUTO_TEST_CASE(a_conflict_limit_gives_unknown_and_the_solver_stays_usable) {
  // The hardest puzzles need conflicts under every configuration.
  const auto hard = read_puzzles(shared_data() / "forum_hardest_11plus.txt", 5);
  const auto easy = read_puzzles(source_dir() / "examples" / "euler96.txt", 1);
  BOOST_REQUIRE(hard.size() == 5u);
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    auto sat = make_sat_solver({.mode = mode});
    int unknown = 0;
    for (const Grid& p : hard) {
      const Result r = sat->solve(p, {.conflict_budget = 1});
      if (r.status == Status::unknown) {
        ++unknown;
        BOOST_TEST(r.interrupted);
        BOOST_TEST(r.solutions.empty());
      } else {  // solved within the budget: a whole, right answer
        BOOST_TEST_REQUIRE((r.status == Status::solved), to_string(mode) << ": " << to_string(r.status));
        BOOST_TEST_REQUIRE(r.solutions.size() == 1u);
        BOOST_TEST(!verify(p, r.solutions.front()), to_string(mode));
      }
    }
    BOOST_TEST(unknown > 0, to_string(mode));
    const Result after = sat->solve(easy.front(), {});
    BOOST_TEST_REQUIRE((after.status == Status::solved));
    BOOST_TEST(!verify(easy.front(), after.solutions.front()), to_string(mode));
  }
}

// The conflict budget is the puzzle's, over all its solver calls: asked for
// two solutions, the second call gets what the first left, not the whole
// budget again (which let a puzzle spend 60 conflicts of 40 and be called
// unique).  CaDiCaL stops a call a conflict or so past its limit.
BOOST_AUTO_TEST_CASE(a_conflict_budget_covers_all_the_calls_of_a_puzzle) {
  const auto hard = read_puzzles(shared_data() / "forum_hardest_11plus.txt", 10);
  constexpr std::uint64_t kBudget = 40, kSlack = 4;
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    auto sat = make_sat_solver({.mode = mode});
    int went_on = 0;  // puzzles whose first solution left budget for a second call
    for (const Grid& p : hard) {
      const Result r = sat->solve(p, {.max_solutions = 2, .conflict_budget = kBudget});
      BOOST_TEST(r.stats.conflicts <= kBudget + kSlack, to_string(mode) << ": " << r.stats.conflicts);
      BOOST_TEST((r.status == Status::solved || r.status == Status::unknown), to_string(r.status));
      for (const Grid& solution : r.solutions) BOOST_TEST(!verify(p, solution), to_string(mode));
      went_on += !r.solutions.empty();
    }
    // Some puzzle found its solution within the budget and went on to a
    // second call, so the bound above concerns more than one call.
    BOOST_TEST(went_on > 0, to_string(mode));
  }
}

// A time budget the clock cannot add to now() is no budget at all (1e10 s
// used to overflow into a deadline already passed).
BOOST_AUTO_TEST_CASE(a_time_budget_beyond_the_clock_is_none) {
  const auto hard = read_puzzles(shared_data() / "forum_hardest_11plus.txt", 3);
  for (double seconds : {1e10, 1e300, std::numeric_limits<double>::infinity()}) {
    auto sat = make_sat_solver({.mode = SatMode::fresh});
    for (const Grid& p : hard) {
      const Result r = sat->solve(p, {.time_budget = seconds});
      BOOST_TEST((r.status == Status::solved), seconds << ": " << r.message);
    }
  }
}

// The time budget covers the whole solve(), the formula's encoding too: an
// empty 20x20 board takes its 305,600 extended clauses tens of milliseconds
// to encode (about 90 ms here) and CaDiCaL no conflict to solve, so 10 ms
// are spent before the search begins (the budget used to start with the
// search, and the board was solved).
BOOST_AUTO_TEST_CASE(the_time_budget_counts_the_encoding) {
  const Grid empty(Geometry::shared(20));
  auto sat = make_sat_solver(
      {.encoding = Encoding::extended, .amo = AmoMethod::pairwise, .reduction = Reduction::none, .mode = SatMode::fresh});
  const Result r = sat->solve(empty, {.time_budget = 0.01});
  BOOST_TEST((r.status == Status::unknown), r.message);
  BOOST_TEST(r.message == "the time limit of 0.01 s was reached");
  BOOST_TEST((sat->solve(empty, {}).status == Status::solved));
}

// The limits stop the building of the formula too, not only the search:
// a spent budget or a raised cancel flag ends solve() before the clauses
// reach CaDiCaL (an empty 64x64 board's took 4 s before they were looked
// at), so the formula's size in the statistics stays short of the whole.
// In every mode: the incremental and hybrid modes build their instance's
// rules under the puzzle's limits too, and an instance left half built is
// not used for the next puzzle.
BOOST_AUTO_TEST_CASE(limits_stop_the_formula_being_built) {
  const Grid empty(Geometry::shared(36));
  const std::uint64_t whole = encoding_size(Encoding::extended, empty.geometry(), AmoMethod::pairwise).clauses;
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    BOOST_TEST_CONTEXT(to_string(mode)) {
      auto sat = make_sat_solver(
          {.encoding = Encoding::extended, .amo = AmoMethod::pairwise, .reduction = Reduction::none, .mode = mode});
      const Result spent = sat->solve(empty, {.time_budget = 1e-9});
      BOOST_TEST((spent.status == Status::unknown));
      BOOST_TEST(spent.message == "the time limit of 1e-09 s was reached");
      BOOST_TEST(spent.stats.clauses < whole);
      const std::atomic<bool> stop{true};
      const Result cancelled = sat->solve(empty, {.cancel = &stop});
      BOOST_TEST((cancelled.status == Status::unknown));
      BOOST_TEST(cancelled.message == "cancelled");
      BOOST_TEST(cancelled.stats.clauses < whole);
      // A budget that runs out while the clauses are handed over (some 3.3
      // million of them, tenths of a second) stops there too.
      const Result midway = sat->solve(empty, {.time_budget = 0.02});
      BOOST_TEST((midway.status == Status::unknown));
      BOOST_TEST(midway.stats.clauses < whole);
      const Result solved = sat->solve(empty, {});
      BOOST_TEST((solved.status == Status::solved), solved.message);
      BOOST_TEST(solved.stats.clauses == whole);
      BOOST_TEST(!verify(empty, solved.solutions.front()));
    }
  }
}

// A budget already spent when a formula is about to be built stops it before
// the first clause, not after the first 4,096 (on an empty 49x49 board that
// was 70 ms and 20 MB of work for a puzzle already out of time).
BOOST_AUTO_TEST_CASE(a_spent_budget_builds_no_clause) {
  const std::atomic<bool> stop{true};
  for (const Limits& limits : {Limits{.cancel = &stop}, Limits{.time_budget = 1e-9}}) {
    const detail::Budget budget(limits);
    ClauseCounter counter;
    BOOST_CHECK_THROW(detail::LimitedSink(counter, budget), detail::LimitReached);
    BOOST_TEST(counter.clauses() == 0u);
  }
  // With budget left, clauses pass.
  const Limits none;  // (a Budget keeps a reference to its Limits)
  const detail::Budget open(none);
  ClauseCounter counter;
  detail::LimitedSink sink(counter, open);
  const int clause[] = {1, -2};
  sink.add_clause(clause);
  BOOST_TEST(counter.clauses() == 1u);
}

// A new Limits::reuse_epoch makes the reused instance start anew: from
// there, a puzzle with several solutions gets the answer it gets from a new
// backend, whatever the backend solved before.
BOOST_AUTO_TEST_CASE(a_new_epoch_forgets_the_puzzles_before) {
  std::vector<Grid> multi;
  for (const Grid& p : read_puzzles(shared_data() / "serg_multi.txt", 60)) multi.push_back(p);
  const std::vector<Grid> before(multi.begin(), multi.begin() + 30), after(multi.begin() + 30, multi.end());
  for (SatMode mode : {SatMode::hybrid, SatMode::incremental}) {
    auto answers = [&](const std::vector<Grid>& history, std::uint64_t history_epoch) {
      auto sat = make_sat_solver({.mode = mode});
      for (const Grid& p : history) sat->solve(p, {.reuse_epoch = history_epoch});
      std::vector<Grid> out;
      for (const Grid& p : after) {
        const Result r = sat->solve(p, {.reuse_epoch = 7});
        BOOST_TEST_REQUIRE((r.status == Status::solved));
        out.push_back(r.solutions.front());
      }
      return out;
    };
    const auto alone = answers({}, 0);
    BOOST_TEST((answers(before, 6) == alone), to_string(mode));
    BOOST_TEST((answers({before.rbegin(), before.rend()}, 1) == alone), to_string(mode));
  }
}

// 16x16 and 25x25 boards with each at-most-one method, in each mode, with
// formulas that reach CaDiCaL: the shared boards are settled by
// propagation, so fresh mode gets them unreduced, and a 16x16 cut from
// sudoku-16-1's solution (about 40% of its cells kept; several solutions)
// leaves CaDiCaL decisions to make, and conflicts in incremental mode,
// where the clues are assumptions.
BOOST_AUTO_TEST_CASE(large_boards_solve_with_every_amo_method) {
  std::vector<Grid> boards;
  for (const char* file : {"sudoku-16-1.txt", "sudoku-25-1.txt"}) {
    const auto puzzles = read_puzzles(shared_data() / "large" / file);
    BOOST_REQUIRE(puzzles.size() == 1u);
    boards.push_back(puzzles.front());
  }
  const Result full = make_native_solver()->solve(boards.front(), {.max_solutions = 1});
  BOOST_REQUIRE(full.status == Status::solved);
  Grid cut(boards.front().geometry_ptr());
  std::mt19937 rng(16);  // (the engine's numbers are the same everywhere; a distribution's need not be)
  for (int cell = 0; cell < cut.cell_count(); ++cell)
    if (rng() % 10 < 4) cut.set(cell, full.solutions.front().at(cell));
  boards.push_back(cut);
  for (const AmoMethodInfo& m : amo_methods()) {
    std::uint64_t cut_conflicts = 0;
    for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
      const Reduction reduction = mode == SatMode::hybrid ? Reduction::propagate : Reduction::none;
      const SatConfig config{Encoding::extended, m.method, reduction, mode, {}};
      for (std::size_t b = 0; b < boards.size(); ++b) {
        BOOST_TEST_CONTEXT("board " << b << " " << name_of(config, boards[b].size())) {
          agree_with_reference({boards[b]}, config, 1);
          const Result r = make_sat_solver(config)->solve(boards[b], {});
          BOOST_TEST_REQUIRE((r.status == Status::solved));
          if (mode != SatMode::hybrid) BOOST_TEST(!r.stats.by_propagation);
          if (b == 2 && mode == SatMode::incremental) cut_conflicts += r.stats.conflicts;
        }
      }
    }
    BOOST_TEST(cut_conflicts > 0u, to_string(m.method));
  }
}

BOOST_AUTO_TEST_CASE(bad_cadical_options_are_usage_errors) {
  BOOST_CHECK_THROW(parse_sat_option("nosuchoption=1"), UsageError);
  // A slip of the keyboard gets CaDiCaL's nearest names, capitals aside.
  for (const char* slip : {"phse=0", "PHASE=0", "pahse=0"}) {
    try {
      parse_sat_option(slip);
      BOOST_ERROR(slip);
    } catch (const UsageError& e) {
      BOOST_TEST(std::string(e.what()).find("(did you mean 'phase'? `cadical --help` lists them)") != std::string::npos,
                 e.what());
    }
  }
  try {
    parse_sat_option("xyz=1");
    BOOST_ERROR("xyz=1 taken");
  } catch (const UsageError& e) {
    BOOST_TEST(std::string(e.what()) == "'xyz' is not a CaDiCaL option (`cadical --help` lists them)", e.what());
  }
  BOOST_CHECK_THROW(parse_sat_option("seed"), UsageError);
  BOOST_CHECK_THROW(parse_sat_option("seed=x"), UsageError);
  BOOST_TEST(parse_sat_option("seed=7").second == 7);
  BOOST_TEST(parse_sat_option("lucky=false").second == 0);
  BOOST_CHECK_THROW(make_sat_solver({.options = {{"nosuchoption", 1}}}), UsageError);
}

// A phase is the value the search tries first: with one clause (1 or 2) and
// CaDiCaL's lucky pass off, the model follows the phases given.  Misuse is
// an error.
BOOST_AUTO_TEST_CASE(phases_are_what_the_search_tries_first) {
  for (const int first : {1, 2}) {
    SatSolver solver;
    solver.set_option("lucky", 0);
    solver.add_clause({1, 2});
    solver.phase(first == 1 ? 1 : -1);
    solver.phase(first == 2 ? 2 : -2);
    BOOST_REQUIRE(solver.solve() == Verdict::sat);
    BOOST_TEST(solver.value(1) == (first == 1));
    BOOST_TEST(solver.value(2) == (first == 2));
  }
  SatSolver solver;
  BOOST_CHECK_THROW(solver.phase(0), UsageError);
  BOOST_CHECK_THROW(solver.phase(INT_MIN), UsageError);
  BOOST_CHECK_THROW(solver.phase(INT_MAX), UsageError);
}

// CaDiCaL numbers variables up to INT_MAX - 1: a literal beyond, in a clause
// or an assumption, is misuse (it made CaDiCaL throw std::bad_alloc), and a
// clause holding one is not added in part.
BOOST_AUTO_TEST_CASE(literals_beyond_cadicals_numbering_are_refused) {
  SatSolver solver;
  BOOST_CHECK_THROW(solver.add_clause({3, INT_MAX}), UsageError);
  BOOST_CHECK_THROW(solver.add_clause({-INT_MAX}), UsageError);
  BOOST_TEST(solver.statistics().clauses == 0u);
  solver.add_clause({4});
  BOOST_CHECK_THROW(solver.solve({INT_MAX}), UsageError);
  // Had 3 reached CaDiCaL before the throw, the clause would be {3, 4}.
  BOOST_TEST((solver.solve({-4}) == Verdict::unsat));
  BOOST_TEST((solver.solve() == Verdict::sat));
}

// A literal CaDiCaL numbers but has no memory for (2e9 variables under a
// 2 GiB soft limit of address space, in a child process): std::bad_alloc,
// as callers expect of memory, before the clause goes in.  It used to leave
// the clause's first literal in CaDiCaL, joined to the next clause ({-1}
// became {1, -1}: sat below).  Not under AddressSanitizer, whose shadow
// memory needs more address space than that.
#if !defined(__SANITIZE_ADDRESS__)
BOOST_AUTO_TEST_CASE(a_literal_beyond_the_memory_leaves_no_half_clause) {
  const pid_t child = ::fork();
  BOOST_TEST_REQUIRE(child >= 0);
  if (child == 0) {
    rlimit limit{};
    int code = ::getrlimit(RLIMIT_AS, &limit) == 0 ? 0 : 10;
    limit.rlim_cur = std::min<rlim_t>(rlim_t{2} << 30, limit.rlim_max);
    if (!code && ::setrlimit(RLIMIT_AS, &limit) != 0) code = 10;
    try {
      SatSolver solver;
      try {
        solver.add_clause({1, 2'000'000'000});
        code = code ? code : 11;  // taken: no failure to check
      } catch (const std::bad_alloc&) {
      }
      solver.add_clause({-1});
      solver.add_clause({1});
      if (!code && solver.solve() != Verdict::unsat) code = 12;
    } catch (...) {
      code = code ? code : 13;
    }
    ::_exit(code);
  }
  int status = 0;
  BOOST_TEST_REQUIRE(::waitpid(child, &status, 0) == child);
  BOOST_TEST(WIFEXITED(status));
  BOOST_TEST(WEXITSTATUS(status) == 0, "child exit " << WEXITSTATUS(status) << " (10 no limit set, 11 clause taken, "
                                                      "12 sat, 13 another failure)");
}
#endif

// Options that would make CaDiCaL print on standard output, where the
// records go, are refused; the same options at their quiet values are not.
BOOST_AUTO_TEST_CASE(options_that_make_cadical_print_are_refused) {
  for (const auto& [name, value] : std::vector<std::pair<std::string, int>>{
           {"quiet", 0}, {"verbose", 1}, {"verbose", 3}, {"report", 1}, {"reportall", 1}}) {
    SatSolver solver;
    BOOST_CHECK_THROW(solver.set_option(name, value), UsageError);
    BOOST_CHECK_THROW(make_sat_solver({.options = {{name, value}}}), UsageError);
  }
  SatSolver solver;
  solver.set_option("quiet", 1);
  solver.set_option("verbose", 0);
  solver.set_option("report", 0);
  BOOST_TEST(solver.option("quiet") == 1);
  auto r = run_satdoku("solve --sat-option verbose=2", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out.empty(), r.out);
  BOOST_TEST(r.err.find("CaDiCaL option verbose=2 would make CaDiCaL print on standard output") != std::string::npos,
             r.err);
}

// satdoku's own CaDiCaL settings: up to 9x9 only, and the user's come after.
BOOST_AUTO_TEST_CASE(default_cadical_options_per_size_and_user_overrides) {
  const SatConfig user{.options = {{"chrono", 1}}};
  SatSolver small;
  apply_options(small, user.resolve(9), user);
  for (const char* name : {"probe", "elim", "subsume", "vivify", "eagersubsume", "shrinkreap", "radixsortlim"})
    BOOST_TEST(small.option(name) == 0, name);
  BOOST_TEST(small.option("forcephase") == 1);
  BOOST_TEST(small.option("emagluefast") == 8);
  BOOST_TEST(small.option("inprocessing") == 1);  // so that a user's elim=1 takes effect
  BOOST_TEST(small.option("chrono") == 1);        // the user's value wins
  SatSolver plain;  // without the user's: satdoku's chrono=0
  apply_options(plain, SatConfig{}.resolve(9), SatConfig{});
  BOOST_TEST(plain.option("chrono") == 0);
  SatSolver large;
  apply_options(large, SatConfig{}.resolve(25), SatConfig{});
  BOOST_TEST(large.option("elim") == 1);  // CaDiCaL's defaults
  BOOST_TEST(large.option("forcephase") == 0);
  BOOST_TEST(large.option("chrono") == 1);
  BOOST_TEST(default_sat_choice(25).options.empty());
  BOOST_CHECK_THROW((void)small.option("nosuchoption"), UsageError);
}

// The default propagates with triads (and probes, up to 9x9) and searches
// with extended rules (an incremental instance up to 9x9, fresh ones above);
// an encoding the user names is used for both.
BOOST_AUTO_TEST_CASE(the_default_instance_encoding_and_the_users_choice) {
  BOOST_TEST(SatConfig{}.resolve(9).str() == "triads+extended/pairwise/probe/hybrid");
  BOOST_TEST(SatConfig{}.resolve(6).str() == "triads+extended/pairwise/probe/hybrid");
  BOOST_TEST(SatConfig{.reduction = Reduction::propagate}.resolve(9).str() ==
             "triads+extended/pairwise/propagate/hybrid");
  BOOST_TEST(SatConfig{}.resolve(25).str() == "triads+extended/pairwise/propagate/fresh");
  BOOST_TEST(SatConfig{}.resolve(225).str() == "triads+extended/commander/propagate/fresh");
  const SatChoice named = SatConfig{.encoding = Encoding::triads}.resolve(9);
  BOOST_TEST((named.instance_encoding == Encoding::triads));
  BOOST_TEST(named.str() == "triads/pairwise/probe/hybrid");
  // Each mode names the encodings it uses.
  BOOST_TEST(SatConfig{.mode = SatMode::incremental}.resolve(9).encoding_label() == "extended");
  BOOST_TEST(SatConfig{.mode = SatMode::fresh}.resolve(9).encoding_label() == "triads+extended");
  // Without propagation fresh mode has no use for the first encoding.
  BOOST_TEST(SatConfig{.reduction = Reduction::clues}.resolve(25).str() == "extended/pairwise/clues/fresh");
}

// Above 9x9 the default propagates with triads and gives a fresh CaDiCaL
// the extended clauses over the candidates left open.  Puzzles cut at
// random from one solution (unique, with many solutions, or with a wrong
// clue) on square and rectangular boxes: the same solutions as the
// reference; propagation settles some, CaDiCaL searches the others.
BOOST_AUTO_TEST_CASE(triads_propagation_then_extended_clauses_above_9x9) {
  auto native = make_native_solver();
  // The default (pairwise), and commander, whose helper variables the
  // filter must leave alone (triad variables share their numbers).
  for (const SatConfig& config : {SatConfig{}, SatConfig{.amo = AmoMethod::commander}})
  for (int n : {12, 16}) {
    auto sat = make_sat_solver(config);
    const Grid empty(Geometry::shared(n));
    const Result full = native->solve(empty, {.max_solutions = 1});
    BOOST_REQUIRE(full.status == Status::solved);
    std::mt19937 rng(static_cast<unsigned>(n));
    std::vector<int> relabel(static_cast<std::size_t>(n));
    std::iota(relabel.begin(), relabel.end(), 1);
    int settled = 0, searched = 0, unique = 0, several = 0, none = 0;
    for (int i = 0; i < 60; ++i) {
      std::shuffle(relabel.begin(), relabel.end(), rng);
      Grid puzzle(empty.geometry_ptr());
      const double keep = std::uniform_real_distribution<double>(0.3, 0.8)(rng);
      for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        if (std::bernoulli_distribution(keep)(rng))
          puzzle.set(cell, relabel[static_cast<std::size_t>(full.solutions[0].at(cell) - 1)]);
      if (i % 4 == 3) {  // a wrong clue that clashes with no other
        const int cell = static_cast<int>(rng() % static_cast<unsigned>(puzzle.cell_count()));
        const int right = relabel[static_cast<std::size_t>(full.solutions[0].at(cell) - 1)];
        for (int d = 1; d <= n; ++d) {
          if (d == right) continue;
          puzzle.set(cell, d);
          if (!find_clash(puzzle)) break;
          puzzle.set(cell, 0);
        }
      }
      BOOST_TEST_CONTEXT(config.resolve(n).str() << " N=" << n << " puzzle " << i) {
        const Limits limits{.max_solutions = 3};
        const Result a = sat->solve(puzzle, limits);
        const Result r = native->solve(puzzle, limits);
        BOOST_REQUIRE(r.status != Status::unknown);
        BOOST_TEST(to_string(a.status) == to_string(r.status));
        BOOST_TEST(a.solutions.size() == r.solutions.size());
        BOOST_TEST(cross_check(a, r, limits.max_solutions).agree);
        for (const Grid& s : a.solutions) BOOST_TEST(!verify(puzzle, s));
        (a.stats.by_propagation ? settled : searched) += 1;
        (r.solutions.empty() ? none : r.solutions.size() == 1 ? unique : several) += 1;
      }
    }
    BOOST_TEST_MESSAGE(config.resolve(n).str() << " N=" << n << ": " << settled << " settled, " << searched << " searched; " << unique
                            << " unique, " << several << " with more, " << none << " none");
    BOOST_TEST(settled > 0);
    BOOST_TEST(searched > 0);
    BOOST_TEST(unique > 0);
    BOOST_TEST(several > 0);
    BOOST_TEST(none > 0);
  }
}

// The default hybrid path, and the fresh one (its variables numbered
// densely), on boards where propagation decides some cells and the puzzle has
// many solutions: every solution found once, the same set as the
// reference's (the blocking clauses cover only the cells left open).
BOOST_AUTO_TEST_CASE(hybrid_and_fresh_enumerate_what_the_reference_does) {
  const std::vector<std::string> boards = {
      // 6x6 (2x3 boxes): 20 and 1,200 solutions
      "1.4...\n..2.4.\n6.....\n...1.2\n2.....\n..5..6\n",
      "1.4...\n......\n6.....\n...1..\n2.....\n..5...\n",
      // 4x4 with one clue: propagation decides nothing; two clues in a unit
      "1...\n....\n....\n....\n",
      "12..\n....\n....\n....\n",
  };
  auto native = make_native_solver();
  for (SatMode mode : {SatMode::hybrid, SatMode::fresh})
    for (const std::string& text : boards) {
      auto sat = make_sat_solver({.mode = mode});
      const Grid puzzle = test::read_puzzles_text(text).at(0);
      BOOST_TEST_CONTEXT(to_string(mode) << "\n" << text) {
        const Limits limits{.max_solutions = 100000};
        const Result a = sat->solve(puzzle, limits);
        const Result r = native->solve(puzzle, limits);
        BOOST_REQUIRE(r.exhausted);
        BOOST_TEST(a.exhausted);
        BOOST_TEST(a.solutions.size() == r.solutions.size());
        BOOST_TEST(cross_check(a, r, limits.max_solutions).agree);
        for (const Grid& s : a.solutions) BOOST_TEST(!verify(puzzle, s));
      }
    }
}

// Regression: a puzzle with exactly 3 solutions, asked for 2 (the reference,
// asked for 3, knows all of them) once gave a false disagreement.
BOOST_AUTO_TEST_CASE(three_solutions_asked_for_two_agree) {
  const auto puzzles = read_puzzles_text(
      "8.........95.......67.........428.9....9714.2...536......714965...852713...693248\n");
  auto native = make_native_solver();
  BOOST_REQUIRE(native->solve(puzzles[0], {.max_solutions = 10}).solutions.size() == 3u);
  for (SatMode mode : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    SatConfig config;
    config.mode = mode;
    agree_with_reference(puzzles, config, 2);
  }
}

// cross_check itself: each kind of disagreement is caught.
BOOST_AUTO_TEST_CASE(cross_check_catches_disagreements) {
  const auto puzzles = read_puzzles(source_dir() / "examples" / "euler96.txt", 2);
  auto native = make_native_solver();
  const Result one = native->solve(puzzles[0], {.max_solutions = 2});
  const Result other = native->solve(puzzles[1], {.max_solutions = 2});
  BOOST_TEST(cross_check(one, one, 1).agree);
  // Results of boards of other shapes are of no one puzzle: misuse.
  const Result small = native->solve(Grid(Geometry::shared(4)), {.max_solutions = 1});
  BOOST_CHECK_EXCEPTION(cross_check(small, one, 1), UsageError, [](const UsageError& e) {
    return std::string(e.what()).starts_with("cross_check: solutions of a 9x9 board (box 3x3) beside ones of a 4x4");
  });
  Result none = one;
  none.status = Status::none;
  none.solutions.clear();
  none.exhausted = true;
  BOOST_TEST(!cross_check(none, one, 1).agree);   // answer says none, reference found one
  BOOST_TEST(!cross_check(other, one, 1).agree);  // a different solution
  Result invalid = one;
  invalid.status = Status::invalid;
  BOOST_TEST(!cross_check(invalid, one, 1).agree);
  Result twice = native->solve(puzzles[0], {.max_solutions = 1});
  twice.solutions.push_back(twice.solutions.front());  // the same solution twice
  twice.exhausted = true;
  Result both = one;
  both.solutions.push_back(other.solutions.front());  // stands in for a second solution
  both.exhausted = true;
  BOOST_TEST(!cross_check(twice, both, 2).agree);
  // The reference gave up, but not before finding a solution that an answer
  // claiming to be complete does not have.
  Result stopped = other;
  stopped.interrupted = true;
  stopped.exhausted = false;
  Result claims_unique = one;
  claims_unique.exhausted = true;
  BOOST_TEST(!cross_check(claims_unique, stopped, 1).agree);
  Result gave_up = one;
  gave_up.status = Status::unknown;
  gave_up.solutions.clear();
  gave_up.interrupted = true;
  gave_up.exhausted = false;
  const CrossCheck note = cross_check(one, gave_up, 1);
  BOOST_TEST(note.agree);
  BOOST_TEST(note.reference_gave_up);
  // An answer that stopped at its limit: a reference asked for as many
  // solutions agrees when it found them too, not when it proved there are fewer.
  Result first = one;
  first.exhausted = false;  // as if the search stopped at the first solution
  BOOST_TEST(cross_check(first, first, 1).agree);
  Result proved_none = none;
  BOOST_TEST(!cross_check(first, proved_none, 1).agree);
  // ... nor when the reference's complete search found one solution, another
  // (as many as the answer was asked for: both lists are then complete).
  Result first_other = other;
  first_other.exhausted = false;
  BOOST_TEST_REQUIRE(one.exhausted);
  const CrossCheck different = cross_check(first_other, one, 1);
  BOOST_TEST(!different.agree);
  BOOST_TEST(different.message.starts_with("different solutions"), different.message);
  // An answer a limit stopped after one solution that is not the one the
  // reference's complete search found (it was held to the count alone).
  Result stopped_other = other;
  stopped_other.status = Status::solved;
  stopped_other.interrupted = true;
  stopped_other.exhausted = false;
  Result complete = one;
  complete.exhausted = true;
  Result stopped_same = one;
  stopped_same.interrupted = true;
  stopped_same.exhausted = false;
  BOOST_TEST(cross_check(stopped_same, complete, 2).agree);
  const CrossCheck stranger = cross_check(stopped_other, complete, 2);
  BOOST_TEST(!stranger.agree);
  BOOST_TEST(stranger.message.find("the answer found a solution the reference does not have") != std::string::npos,
             stranger.message);
  // A formula declined before any search (over a memory budget) answers
  // nothing: no disagreement, on either side.
  Result refused;
  refused.status = Status::unknown;
  refused.refused = true;
  refused.message = "declined";
  using Pair = std::pair<const Result*, const Result*>;
  for (const auto& [answer, reference] : {Pair{&refused, &one}, Pair{&one, &refused}}) {
    const CrossCheck declined = cross_check(*answer, *reference, 1);
    BOOST_TEST(declined.agree, declined.message);
    BOOST_TEST(declined.message == "not compared: declined");
    BOOST_TEST(declined.reference_gave_up == (reference == &refused));
  }
}
