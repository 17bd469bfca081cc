#define BOOST_TEST_MODULE verify
#include <boost/test/unit_test.hpp>

#include "satdoku/error.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku;
using Kind = Violation::Kind;

namespace {

// A 9x9 grid from 81 characters, '.' empty (independent of the readers).
Grid grid9(std::string_view text) {
  Grid g(Geometry::shared(9));
  for (int i = 0; i < 81; ++i) g.set(i, text[i] == '.' ? 0 : text[i] - '0');
  return g;
}

const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

}  // namespace

BOOST_AUTO_TEST_CASE(a_valid_completion_passes) {
  BOOST_TEST(!verify(grid9(kPuzzle), grid9(kSolution)));
  BOOST_TEST(!verify(grid9(std::string(81, '.')), grid9(kSolution)));
}

BOOST_AUTO_TEST_CASE(an_empty_cell_is_reported) {
  std::string s = kSolution;
  s[40] = '.';
  auto v = verify(grid9(kPuzzle), grid9(s));
  BOOST_REQUIRE(v);
  BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::empty_cell));
  BOOST_TEST(v->cell == 40);
  BOOST_TEST(v->describe(Geometry(9)) == "cell r5c5 is empty");
}

// A digit beyond N cannot reach the verifier: Grid refuses to hold one (the
// verifier's own range check stays, as its other checks repeat the rules).
BOOST_AUTO_TEST_CASE(a_digit_out_of_range_never_reaches_a_grid) {
  Grid g = grid9(kSolution);
  BOOST_CHECK_THROW(g.set(3, 10), UsageError);
  BOOST_TEST(!verify(grid9(kPuzzle), g));  // the grid is unchanged, still the solution
}

// Swapping two cells of a row keeps the row valid but breaks two columns;
// swapping two cells of a column breaks rows; a swap across boxes of one
// band row breaks the boxes and columns.  Each kind of unit is caught.
BOOST_AUTO_TEST_CASE(each_kind_of_duplicate_is_reported) {
  const Geometry& geo = *Geometry::shared(9);
  {  // row: overwrite r1c2 with r1c1's digit
    Grid g = grid9(kSolution);
    g.set(1, g.at(0));
    auto v = verify(grid9(std::string(81, '.')), g);
    BOOST_REQUIRE(v);
    BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::duplicate));
    BOOST_TEST((geo.unit_kind(v->unit) == UnitKind::row));
    BOOST_TEST(v->describe(geo) == "row 1 holds 5 twice: r1c1 and r1c2");
  }
  {  // column: row 2 becomes row 1 shifted by one cell, so rows stay valid
    Grid g = grid9(kSolution);
    for (int c = 0; c < 9; ++c) g.set(9 + c, grid9(kSolution).at(0 + (c + 1) % 9));
    g.set(0, grid9(kSolution).at(0));
    auto v = verify(grid9(std::string(81, '.')), g);
    BOOST_REQUIRE(v);
    BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::duplicate));
    BOOST_TEST((geo.unit_kind(v->unit) == UnitKind::column));
  }
  {  // box only: a Latin square whose rows and columns are fine but boxes are not
    Grid g(Geometry::shared(9));
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) g.set(r, c, (r + c) % 9 + 1);
    auto v = verify(Grid(Geometry::shared(9)), g);
    BOOST_REQUIRE(v);
    BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::duplicate));
    BOOST_TEST((geo.unit_kind(v->unit) == UnitKind::box));
  }
}

BOOST_AUTO_TEST_CASE(a_changed_clue_is_reported) {
  // A different valid grid: relabel digits 1<->2 of the solution.
  std::string s = kSolution;
  for (char& ch : s) ch = ch == '1' ? '2' : ch == '2' ? '1' : ch;
  auto sol = grid9(s);
  auto v = verify(grid9(kPuzzle), sol);
  BOOST_REQUIRE(v);
  BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::clue_mismatch));
  BOOST_TEST(grid9(kPuzzle).at(v->cell) == v->other);
  BOOST_TEST(sol.at(v->cell) == v->digit);
  BOOST_TEST(v->digit != v->other);
}

// A valid grid that breaks one clue, in each cell in turn (the last one
// too): a verifier that skipped a cell would pass a solver's wrong answer.
BOOST_AUTO_TEST_CASE(a_changed_clue_in_any_cell_is_reported) {
  const Grid sol = grid9(kSolution);
  for (int cell = 0; cell < 81; ++cell) {
    Grid puzzle(sol.geometry_ptr());
    const int clue = sol.at(cell) % 9 + 1;  // any digit but the solution's
    puzzle.set(cell, clue);
    const auto v = verify(puzzle, sol);
    BOOST_TEST_REQUIRE(v.has_value(), "cell " << cell);
    BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::clue_mismatch), "cell " << cell);
    BOOST_TEST(v->cell == cell);
    BOOST_TEST(v->other == clue);
    BOOST_TEST(v->digit == sol.at(cell));
  }
}

BOOST_AUTO_TEST_CASE(a_shape_mismatch_is_reported) {
  Grid a(Geometry::shared(6));
  Grid b(Geometry::shared(6, BoxShape{3, 2}));
  auto v = verify(a, b);
  BOOST_REQUIRE(v);
  BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::shape_mismatch));
}

namespace {

// The same digits on a board of another box shape.
Grid with_boxes(const Grid& g, BoxShape box) {
  Grid other(Geometry::shared(g.size(), box));
  for (int cell = 0; cell < g.cell_count(); ++cell) other.set(cell, g.at(cell));
  return other;
}

}  // namespace

// Beyond 9x9 and with boxes that are not square: the verifier is what
// vouches for a large board's answer when the reference gives up.
BOOST_AUTO_TEST_CASE(other_sizes_and_box_shapes) {
  for (const auto& [rows, cols] : {std::pair{2, 3}, {3, 2}, {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 5}}) {
    BOOST_TEST_CONTEXT(rows << "x" << cols << " boxes") {
      const Grid sol = test::pattern_solution(rows, cols);
      const Geometry& geo = sol.geometry();
      BOOST_TEST(!verify(Grid(sol.geometry_ptr()), sol));
      BOOST_TEST(!verify(sol, sol));
      // Valid for its own boxes, not for the transposed ones: only boxes break.
      if (rows != cols) {
        const Grid turned = with_boxes(sol, BoxShape{cols, rows});
        const auto v = verify(Grid(turned.geometry_ptr()), turned);
        BOOST_TEST_REQUIRE(v.has_value());
        BOOST_TEST(static_cast<int>(v->kind) == static_cast<int>(Kind::duplicate));
        BOOST_TEST((turned.geometry().unit_kind(v->unit) == UnitKind::box));
      }
      // A Latin square (rows and columns fine) breaks a box.
      Grid latin(sol.geometry_ptr());
      const int n = sol.size();
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) latin.set(r, c, (r + c) % n + 1);
      const auto v = verify(Grid(sol.geometry_ptr()), latin);
      BOOST_TEST_REQUIRE(v.has_value());
      BOOST_TEST((geo.unit_kind(v->unit) == UnitKind::box));
      // A clue the answer does not keep, in every cell; an empty cell, in every cell.
      for (int cell = 0; cell < sol.cell_count(); ++cell) {
        Grid puzzle(sol.geometry_ptr());
        puzzle.set(cell, sol.at(cell) % n + 1);
        const auto clue = verify(puzzle, sol);
        BOOST_TEST_REQUIRE(clue.has_value(), "cell " << cell);
        BOOST_TEST(static_cast<int>(clue->kind) == static_cast<int>(Kind::clue_mismatch), "cell " << cell);
        BOOST_TEST(clue->cell == cell);
        Grid holed = sol;
        holed.set(cell, 0);
        const auto empty = verify(Grid(sol.geometry_ptr()), holed);
        BOOST_TEST_REQUIRE(empty.has_value(), "cell " << cell);
        BOOST_TEST(static_cast<int>(empty->kind) == static_cast<int>(Kind::empty_cell), "cell " << cell);
        BOOST_TEST(empty->cell == cell);
      }
    }
  }
}
