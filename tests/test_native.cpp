// Tests of the native solver: exact counts on known boards, every collection
// fact of the data README, every Limits field and Result field, and the 9x9
// engine cross-checked against the general engine.
#define BOOST_TEST_MODULE native
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "../solver/src/native_internal.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

namespace satdoku {
// Lets Boost.Test print a Status that fails a comparison.
inline std::ostream& operator<<(std::ostream& out, Status status) { return out << to_string(status); }
}  // namespace satdoku

using namespace satdoku;
namespace fs = std::filesystem;

namespace {

// A grid from symbols 1-9 ('.' or '0' blank), row-major.
Grid grid_from(const std::string& text, int n = 9, std::optional<BoxShape> box = {}) {
  Grid grid(Geometry::shared(n, box));
  int cell = 0;
  for (char ch : text) {
    if (ch >= '1' && ch <= '9') grid.set(cell++, ch - '0');
    else if (ch == '.' || ch == '0') grid.set(cell++, 0);
  }
  BOOST_REQUIRE_EQUAL(cell, n * n);
  return grid;
}

// The first `limit` puzzles of a shared collection, through the reader.
std::vector<Grid> collection(const std::string& name, std::size_t limit = 0) {
  return test::read_puzzles(test::shared_data() / name, limit);
}

// The one puzzle of a text (README examples).
Grid only_puzzle(const std::string& text) {
  auto puzzles = test::read_puzzles_text(text);
  BOOST_REQUIRE_EQUAL(puzzles.size(), 1u);
  return puzzles.front();
}

// Checks what every answer must satisfy; returns the number of solutions.
std::size_t check(const Grid& puzzle, const Result& r, const Limits& limits) {
  BOOST_TEST(r.solutions.size() <= limits.max_solutions);
  for (std::size_t a = 0; a < r.solutions.size(); ++a) {
    const auto v = verify(puzzle, r.solutions[a]);
    BOOST_TEST(!v.has_value(), (v ? v->describe(puzzle.geometry()) : ""));
    for (std::size_t b = 0; b < a; ++b) BOOST_TEST(!(r.solutions[a] == r.solutions[b]));
  }
  if (r.status == Status::invalid) {
    BOOST_TEST(r.clash.has_value());
    BOOST_TEST(r.solutions.empty());
    BOOST_TEST(r.stats.nodes == 0u);  // no search on clashing clues
  } else {
    BOOST_TEST(r.stats.nodes >= 1u);
    BOOST_TEST(r.stats.guesses < r.stats.nodes);
    // A guess is a branch beyond a node's first: the root is none, and
    // neither is the first branch of the first node that branched, so a
    // search that branched at all has at least two nodes that are not
    // guesses (a count of every branch taken gave nodes - 1).
    if (r.stats.nodes >= 2) BOOST_TEST(r.stats.guesses <= r.stats.nodes - 2);
  }
  BOOST_TEST(r.stats.seconds >= 0.0);
  BOOST_TEST(!(r.exhausted && r.interrupted));
  if (r.status == Status::solved) BOOST_TEST(!r.solutions.empty());
  if (r.status == Status::none) BOOST_TEST((r.solutions.empty() && r.exhausted));
  if (!r.interrupted && r.solutions.size() < limits.max_solutions) BOOST_TEST(r.exhausted);
  return r.solutions.size();
}

Result solve(const Grid& puzzle, std::uint64_t max_solutions) {
  Limits limits;
  limits.max_solutions = max_solutions;
  Result r = make_native_solver()->solve(puzzle, limits);
  check(puzzle, r, limits);
  return r;
}

// The README line that starts with `prefix` (the LeetCode and comma boards).
std::string readme_line(const std::string& prefix) {
  const std::string readme = test::slurp(test::shared_data() / "README.md");
  const auto begin = readme.find("\n" + prefix);
  BOOST_REQUIRE(begin != std::string::npos);
  const auto end = readme.find('\n', begin + 1);
  return readme.substr(begin + 1, end - begin - 1);
}
Grid leetcode_board() { return only_puzzle(readme_line("[[\"5\"")); }
Grid comma_board() { return only_puzzle(readme_line("`000000007").substr(1, 89)); }

}  // namespace

BOOST_AUTO_TEST_CASE(name_and_misuse) {
  auto solver = make_native_solver();
  BOOST_TEST(solver->name() == "native");
  Limits limits;
  limits.max_solutions = 0;
  const Result r = solver->solve(Grid(Geometry::shared(9)), limits);
  BOOST_TEST(r.status == Status::error);
  BOOST_TEST(!r.message.empty());
}

BOOST_AUTO_TEST_CASE(empty_4x4_has_288_solutions) {
  const Grid empty(Geometry::shared(4));
  const Result r = solve(empty, 1000);
  BOOST_TEST(r.status == Status::solved);
  BOOST_TEST(r.exhausted);
  BOOST_TEST(!r.interrupted);
  BOOST_TEST(r.solutions.size() == 288u);
  // Stopping at the limit leaves the count open.
  const Result some = solve(empty, 10);
  BOOST_TEST(some.solutions.size() == 10u);
  BOOST_TEST(!some.exhausted);
}

BOOST_AUTO_TEST_CASE(euler96_unique_and_corner_sum) {
  const auto puzzles = collection("euler96.txt");
  BOOST_REQUIRE_EQUAL(puzzles.size(), 50u);
  int sum = 0;
  for (const Grid& p : puzzles) {
    const Result r = solve(p, 2);
    BOOST_REQUIRE(r.status == Status::solved);
    BOOST_TEST(r.solutions.size() == 1u);
    BOOST_TEST(r.exhausted);
    const Grid& s = r.solutions.front();
    sum += 100 * s.at(0) + 10 * s.at(1) + s.at(2);
  }
  BOOST_TEST(sum == 24702);
}

BOOST_AUTO_TEST_CASE(leetcode_37) {
  const Grid puzzle = leetcode_board();
  BOOST_TEST(puzzle.clue_count() == 30);
  const Result r = solve(puzzle, 2);
  BOOST_REQUIRE(r.status == Status::solved);
  BOOST_TEST(r.exhausted);
  BOOST_REQUIRE_EQUAL(r.solutions.size(), 1u);
  BOOST_TEST((r.solutions.front() ==
              grid_from("534678912672195348198342567859761423426853791713924856961537284287419635345286179")));
}

BOOST_AUTO_TEST_CASE(comma_board_has_35_solutions) {
  const Grid puzzle = comma_board();
  BOOST_TEST(puzzle.clue_count() == 27);
  const Result r = solve(puzzle, 1000);
  BOOST_TEST(r.status == Status::solved);
  BOOST_TEST(r.exhausted);
  BOOST_TEST(r.solutions.size() == 35u);
}

BOOST_AUTO_TEST_CASE(serg_multi_first_500_have_two) {
  const auto puzzles = collection("serg_multi.txt", 500);
  BOOST_REQUIRE_EQUAL(puzzles.size(), 500u);
  for (const Grid& p : puzzles) {
    const Result r = solve(p, 2);
    BOOST_TEST(r.status == Status::solved);
    BOOST_TEST(check(p, r, {.max_solutions = 2}) == 2u);  // two different, verified
  }
}

// Asked for one solution, a search that finds it in the last branch left
// open knows there is no other: exhausted, as a search for two would find.
// (An engine that called every stopped search unexplored passed before.)
BOOST_AUTO_TEST_CASE(a_first_solution_in_the_last_branch_is_all_there_is) {
  const auto puzzles = test::read_puzzles(test::source_dir() / "examples" / "euler96.txt");
  BOOST_REQUIRE_EQUAL(puzzles.size(), 50u);
  std::size_t searched_and_exhausted = 0;
  for (const Grid& p : puzzles) {
    const Result one = solve(p, 1);
    BOOST_TEST_REQUIRE(one.solutions.size() == 1u);
    if (!one.exhausted) continue;
    BOOST_TEST(solve(p, 2).solutions.size() == 1u);  // it claims no other: there is none
    if (one.stats.guesses > 0) ++searched_and_exhausted;
  }
  BOOST_TEST(searched_and_exhausted >= 1u);
}

BOOST_AUTO_TEST_CASE(clue17_first_2000_unique) {
  const auto puzzles = collection("17_clue.txt", 2000);
  BOOST_REQUIRE_EQUAL(puzzles.size(), 2000u);
  std::size_t by_propagation = 0;
  for (const Grid& p : puzzles) {
    const Result r = solve(p, 2);
    BOOST_TEST(r.status == Status::solved);
    BOOST_TEST(r.exhausted);
    BOOST_TEST(r.solutions.size() == 1u);
    if (r.stats.by_propagation) {
      ++by_propagation;
      BOOST_TEST(r.stats.guesses == 0u);
      BOOST_TEST(r.stats.nodes == 1u);
    }
  }
  BOOST_TEST(by_propagation > 0u);  // singles alone settle some of them
}

BOOST_AUTO_TEST_CASE(large_boards_solve) {
  for (const char* name : {"sudoku-16-1.txt", "sudoku-25-1.txt"}) {
    BOOST_TEST_CONTEXT(name) {
      const Grid puzzle = only_puzzle(test::slurp(test::shared_data() / "large" / name));
      const Result r = solve(puzzle, 1);
      BOOST_TEST(r.status == Status::solved);
      BOOST_TEST(check(puzzle, r, {.max_solutions = 1}) == 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(rectangular_boxes) {
  // A full grid from the empty board, then a puzzle keeping two cells of
  // every three; exhaustively, the original is among its solutions.
  for (int n : {6, 12}) {
    BOOST_TEST_CONTEXT("N=" << n) {
      const Grid empty(Geometry::shared(n));
      BOOST_TEST(empty.geometry().box().rows * empty.geometry().box().cols == n);
      BOOST_TEST(empty.geometry().box().rows != empty.geometry().box().cols);
      const Result full = solve(empty, 1);
      BOOST_REQUIRE(full.status == Status::solved);
      Grid puzzle(empty.geometry_ptr());
      for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        if (cell % 3 != 0) puzzle.set(cell, full.solutions[0].at(cell));
      const Result r = solve(puzzle, 10000);
      BOOST_TEST(r.status == Status::solved);
      BOOST_TEST(r.exhausted);
      BOOST_TEST((std::find(r.solutions.begin(), r.solutions.end(), full.solutions[0]) != r.solutions.end()));
    }
  }
  // 2x3 boxes given explicitly on a 6x6 board: 3x2 is another geometry.
  Grid tall(Geometry::shared(6, BoxShape{3, 2}));
  const Result r = solve(tall, 1);
  BOOST_TEST(r.status == Status::solved);
}

BOOST_AUTO_TEST_CASE(clash_is_invalid) {
  // Two 5s in row 1 (cells 2 and 7), on a 9x9 and on a 4x4 board.
  Grid nine(Geometry::shared(9));
  nine.set(0, 2, 5);
  nine.set(0, 7, 5);
  nine.set(4, 4, 1);
  for (const auto& r : {solve(nine, 2), native_detail::solve_general(nine, Limits{.max_solutions = 2})}) {
    BOOST_TEST(r.status == Status::invalid);
    BOOST_REQUIRE(r.clash.has_value());
    BOOST_TEST(r.clash->first == 2);
    BOOST_TEST(r.clash->second == 7);
    BOOST_TEST(r.clash->digit == 5);
    BOOST_TEST(r.solutions.empty());
  }
  Grid four(Geometry::shared(4));
  four.set(0, 0, 3);
  four.set(1, 1, 3);  // same box
  const Result r = solve(four, 1);
  BOOST_TEST(r.status == Status::invalid);
  BOOST_REQUIRE(r.clash.has_value());
  BOOST_TEST(r.clash->first == 0);
  BOOST_TEST(r.clash->second == 5);
}

BOOST_AUTO_TEST_CASE(no_solution_without_clash) {
  // Row 1 lacks only 9, which column 9 already holds further down.
  Grid nine = grid_from("12345678." + std::string(72, '.'));
  nine.set(5, 8, 9);
  BOOST_TEST(!find_clash(nine).has_value());
  for (const auto& r : {solve(nine, 2), native_detail::solve_general(nine, Limits{.max_solutions = 2})}) {
    BOOST_TEST(r.status == Status::none);
    BOOST_TEST(r.exhausted);
    BOOST_TEST(!r.clash.has_value());
  }
  Grid four(Geometry::shared(4));  // 1 2 3 . / . . . 4
  four.set(0, 0, 1);
  four.set(0, 1, 2);
  four.set(0, 2, 3);
  four.set(1, 3, 4);
  BOOST_TEST(!find_clash(four).has_value());
  BOOST_TEST(solve(four, 1).status == Status::none);
}

BOOST_AUTO_TEST_CASE(budgets_interrupt) {
  const Grid empty25(Geometry::shared(25));
  Limits limits;
  limits.node_budget = 3;
  Result r = make_native_solver()->solve(empty25, limits);
  check(empty25, r, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.interrupted);
  BOOST_TEST(!r.exhausted);
  BOOST_TEST(!r.message.empty());
  BOOST_TEST(r.stats.nodes <= 3u);

  // A hard 9x9 that singles alone cannot settle, allowed only its root.
  const Grid hard = collection("forum_hardest_11plus.txt", 1).front();
  limits = Limits{.max_solutions = 2, .node_budget = 1};
  r = make_native_solver()->solve(hard, limits);
  check(hard, r, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.interrupted);

  // Solutions found before the budget ran out are kept: status solved.
  const Grid empty4(Geometry::shared(4));
  limits = Limits{.max_solutions = 1000, .node_budget = 40};
  r = make_native_solver()->solve(empty4, limits);
  check(empty4, r, limits);
  BOOST_TEST(r.status == Status::solved);
  BOOST_TEST(r.interrupted);
  BOOST_TEST(!r.exhausted);
  BOOST_TEST(r.solutions.size() < 288u);

  // Cancellation and a time budget.
  const std::atomic<bool> cancel{true};
  limits = Limits{.max_solutions = 1, .cancel = &cancel};
  r = make_native_solver()->solve(empty25, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.interrupted);
  // A flag raised before the call stops a search of a few nodes too, as it
  // stops the SAT backend (the first of every 256 nodes looked at it).
  r = make_native_solver()->solve(hard, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.interrupted);
  BOOST_TEST(r.message == "cancelled");
  // And a board whose clues already leave a cell without a candidate (r1c3:
  // its row holds 1 and 2, its column 3, its box 4; no two clues clash): the
  // flag is seen before the contradiction, as by a search that starts later.
  const Grid stuck = test::read_puzzles_text("12.....4..3.....\n").at(0);
  r = make_native_solver()->solve(stuck, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.message == "cancelled");
  r = make_native_solver()->solve(stuck, Limits{.max_solutions = 1});
  BOOST_TEST(r.status == Status::none);
  BOOST_TEST(r.stats.by_propagation);
  limits = Limits{.max_solutions = 1, .time_budget = 1e-9};
  r = make_native_solver()->solve(empty25, limits);
  BOOST_TEST(r.status == Status::unknown);
  BOOST_TEST(r.interrupted);
}

BOOST_AUTO_TEST_CASE(engines_agree) {
  const Limits two{.max_solutions = 2};
  std::vector<Grid> sample = collection("top1465.txt", 300);
  for (const Grid& p : collection("17_clue.txt", 300)) sample.push_back(p);
  for (const Grid& p : collection("serg_multi.txt", 100)) sample.push_back(p);
  for (const Grid& p : sample) {
    const Result fast = native_detail::solve_9x9(p, two);
    const Result general = native_detail::solve_general(p, two);
    BOOST_TEST(fast.status == general.status);
    BOOST_TEST(fast.exhausted == general.exhausted);
    BOOST_REQUIRE_EQUAL(fast.solutions.size(), general.solutions.size());
    if (fast.exhausted && fast.solutions.size() == 1) BOOST_TEST((fast.solutions[0] == general.solutions[0]));
  }
  // Exhaustive enumeration yields the same sets.
  const Limits all{.max_solutions = 100000};
  std::vector<Grid> multi = collection("serg_multi.txt", 20);
  multi.push_back(comma_board());
  for (const Grid& p : multi) {
    Result fast = native_detail::solve_9x9(p, all);
    Result general = native_detail::solve_general(p, all);
    BOOST_REQUIRE(fast.exhausted);
    BOOST_REQUIRE(general.exhausted);
    auto key = [](const Grid& g) { return std::vector<std::uint16_t>(g.cells().begin(), g.cells().end()); };
    std::set<std::vector<std::uint16_t>> a, b;
    for (const Grid& g : fast.solutions) a.insert(key(g));
    for (const Grid& g : general.solutions) b.insert(key(g));
    BOOST_TEST(a.size() == fast.solutions.size());
    BOOST_TEST((a == b));
  }
}
