#define BOOST_TEST_MODULE geometry
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "satdoku/error.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"

using namespace satdoku;

namespace {

// The message of the UsageError `call` throws, or "no exception".
template <class F>
std::string usage_message(F call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no exception";
}

}  // namespace

BOOST_AUTO_TEST_CASE(box_shapes_are_inferred) {
  const std::vector<std::tuple<int, int, int>> expected = {
      {4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5}, {12, 3, 4}, {15, 3, 5},
      {16, 4, 4}, {25, 5, 5}, {36, 6, 6}, {400, 20, 20}, {18, 3, 6}, {20, 4, 5}};
  for (auto [n, r, c] : expected) {
    auto box = infer_box_shape(n);
    BOOST_REQUIRE_MESSAGE(box, "no box for " << n);
    BOOST_TEST(box->rows == r);
    BOOST_TEST(box->cols == c);
  }
  for (int n : {1, 2, 3, 5, 7, 11, 13, 397}) BOOST_TEST(!infer_box_shape(n), "box for prime " << n);
}

BOOST_AUTO_TEST_CASE(bad_sizes_and_boxes_are_refused) {
  BOOST_CHECK_THROW(Geometry(7), GeometryError);
  BOOST_CHECK_THROW(Geometry(2), GeometryError);
  BOOST_CHECK_THROW(Geometry(Geometry::kMaxSize + 4), GeometryError);
  BOOST_CHECK_THROW(Geometry(9, BoxShape{2, 4}), GeometryError);
  BOOST_CHECK_THROW(Geometry(9, BoxShape{1, 9}), GeometryError);
  // A box read from a CNF header or --box may be huge: its area must not
  // overflow 32 bits (found by fuzz_decode), where 7 x 1840700271 would
  // wrap around to 9.
  BOOST_CHECK_THROW(Geometry(9, BoxShape{77258944, 32}), GeometryError);
  BOOST_CHECK_THROW(Geometry(9, BoxShape{7, 1840700271}), GeometryError);
  BOOST_CHECK_THROW(Geometry(9, BoxShape{2147483647, 2147483647}), GeometryError);
  try {
    Geometry g(7);
    BOOST_FAIL("7x7 accepted");
  } catch (const GeometryError& e) {
    BOOST_TEST(std::string(e.what()).find("prime") != std::string::npos);
  }
  BOOST_CHECK_NO_THROW(Geometry(12, BoxShape{4, 3}));
  BOOST_TEST((parse_box_shape("2x3") == BoxShape{2, 3}));
  BOOST_CHECK_THROW(parse_box_shape("2y3"), UsageError);
  BOOST_CHECK_THROW(parse_box_shape("x3"), UsageError);
  // Well formed but too thin: said as such, not as malformed.
  BOOST_CHECK_THROW(parse_box_shape("-2x3"), UsageError);
  for (const char* thin : {"0x9", "1x9", "3x1"}) {
    try {
      parse_box_shape(thin);
      BOOST_ERROR(thin);
    } catch (const UsageError& e) {
      BOOST_TEST(std::string(e.what()).find("is too thin: boxes need at least 2 rows and 2 columns") !=
                     std::string::npos,
                 e.what());
    }
  }
}

// Every unit holds N distinct cells, every cell lies in exactly one unit of
// each kind, and peers are exactly the cells sharing a unit.
BOOST_AUTO_TEST_CASE(units_and_peers_are_consistent) {
  for (auto [n, box] : std::vector<std::pair<int, std::optional<BoxShape>>>{
           {4, {}}, {6, {}}, {6, BoxShape{3, 2}}, {9, {}}, {12, {}}, {16, {}}}) {
    const Geometry g(n, box);
    std::vector<int> seen(static_cast<std::size_t>(g.cell_count()) * 3, 0);
    for (int u = 0; u < g.unit_count(); ++u) {
      std::set<int> cells(g.unit(u).begin(), g.unit(u).end());
      BOOST_TEST(cells.size() == static_cast<std::size_t>(n));
      for (int cell : g.unit(u)) {
        const int kind = static_cast<int>(g.unit_kind(u));
        ++seen[static_cast<std::size_t>(cell) * 3 + kind];
        const int own = kind == 0 ? g.row_unit(cell) : kind == 1 ? g.column_unit(cell) : g.box_unit(cell);
        BOOST_TEST(own == u);
      }
    }
    for (int v : seen) BOOST_TEST(v == 1);
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      std::set<int> peers;
      g.for_each_peer(cell, [&](int p) { BOOST_TEST(peers.insert(p).second); });
      BOOST_TEST(peers.size() == static_cast<std::size_t>(g.peer_count()));
      for (int other = 0; other < g.cell_count(); ++other) {
        const bool shares = other != cell && (g.row_of(other) == g.row_of(cell) ||
                                              g.col_of(other) == g.col_of(cell) ||
                                              g.box_of(other) == g.box_of(cell));
        BOOST_TEST(shares == (peers.count(other) == 1));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(shared_geometries_are_cached) {
  BOOST_TEST(Geometry::shared(9).get() == Geometry::shared(9).get());
  BOOST_TEST(Geometry::shared(6).get() != Geometry::shared(6, BoxShape{3, 2}).get());
}

BOOST_AUTO_TEST_CASE(clashing_clues_are_found) {
  Grid g(Geometry::shared(9));
  BOOST_TEST(!find_clash(g));
  g.set(0, 0, 5);
  g.set(1, 1, 5);  // same box
  auto clash = find_clash(g);
  BOOST_REQUIRE(clash);
  BOOST_TEST(clash->first == 0);
  BOOST_TEST(clash->second == 10);
  BOOST_TEST(clash->digit == 5);
  BOOST_TEST(clash->unit == g.geometry().box_unit(0));
}

// Misuse fails loudly, naming the function: a digit beyond N or below 0, or
// a cell off the board, used to be stored (65533 for -3) or written out of
// bounds.
BOOST_AUTO_TEST_CASE(grid_set_refuses_what_no_board_holds) {
  Grid g(Geometry::shared(4));
  g.set(15, 4);
  g.set(0, 0);
  BOOST_TEST(g.at(15) == 4);
  auto message_of = [&](int cell, int digit) { return usage_message([&] { g.set(cell, digit); }); };
  BOOST_TEST(message_of(0, 5) == "Grid::set: digit 5 is not 0 (empty) to 4");
  BOOST_TEST(message_of(0, -3) == "Grid::set: digit -3 is not 0 (empty) to 4");
  BOOST_TEST(message_of(16, 1) == "Grid::set: cell 16 is not on a 4x4 board (0 to 15)");
  BOOST_TEST(message_of(-1, 1) == "Grid::set: cell -1 is not on a 4x4 board (0 to 15)");
  BOOST_TEST(g.at(0) == 0);  // unchanged
}

// The (row, col) overloads refuse a row or column off the board: they passed
// row * N + col on, so set(0, 5, 1) on a 4x4 filled r2c2 and at(1, -1) read
// r1c4 (or, further off, memory outside the board).
BOOST_AUTO_TEST_CASE(grid_row_and_column_must_be_on_the_board) {
  Grid g(Geometry::shared(4));
  g.set(3, 3, 4);
  BOOST_TEST(g.at(3, 3) == 4);
  BOOST_TEST(g.at(15) == 4);
  const std::string board = " is not on a 4x4 board (rows and columns 0 to 3)";
  BOOST_TEST(usage_message([&] { g.set(0, 5, 1); }) == "Grid::set: row 0, column 5" + board);
  BOOST_TEST(usage_message([&] { g.set(1, -1, 2); }) == "Grid::set: row 1, column -1" + board);
  BOOST_TEST(usage_message([&] { g.set(4, 0, 1); }) == "Grid::set: row 4, column 0" + board);
  BOOST_TEST(usage_message([&] { g.set(-1, 2, 1); }) == "Grid::set: row -1, column 2" + board);
  BOOST_TEST(usage_message([&] { g.set(0, 0, 5); }) == "Grid::set: digit 5 is not 0 (empty) to 4");
  BOOST_TEST(g.clue_count() == 1);  // nothing landed anywhere
  BOOST_TEST(usage_message([&] { (void)g.at(0, 4); }) == "Grid::at: row 0, column 4" + board);
  BOOST_TEST(usage_message([&] { (void)g.at(-1, -1); }) == "Grid::at: row -1, column -1" + board);
  BOOST_TEST(usage_message([&] { (void)g.at(2147483647, 0); }) == "Grid::at: row 2147483647, column 0" + board);
}

// The order behind has_repeats and contains_grid agrees with ==: grids of
// other shapes never match, equal grids always do, wherever they stand.
BOOST_AUTO_TEST_CASE(repeated_and_contained_grids_are_found) {
  std::vector<Grid> grids;
  for (int k = 0; k < 40; ++k) {
    Grid g(Geometry::shared(6));
    g.set(k % 36, k / 36 + 1);  // 40 different grids
    g.set(35 - k % 36, 3);
    grids.push_back(g);
  }
  BOOST_TEST(!has_repeats(grids));
  // The same cells on another box shape (3x2 against 2x3) are another grid.
  Grid other(Geometry::shared(6, BoxShape{3, 2}));
  for (int cell = 0; cell < 36; ++cell) other.set(cell, grids[17].at(cell));
  const std::vector<const Grid*> sorted = sorted_grids(grids);
  BOOST_TEST(!contains_grid(sorted, other));
  for (const Grid& g : grids) BOOST_TEST(contains_grid(sorted, g));
  Grid absent(Geometry::shared(6));
  absent.set(35, 6);
  BOOST_TEST(!contains_grid(sorted, absent));
  BOOST_TEST(!contains_grid(sorted_grids({}), absent));
  grids.push_back(other);
  BOOST_TEST(!has_repeats(grids));
  grids.insert(grids.begin() + 5, grids[31]);  // far apart in input order
  BOOST_TEST(has_repeats(grids));
}

// Misuse of the checked calls fails with the function's name.
BOOST_AUTO_TEST_CASE(misuse_names_the_function) {
  auto message = [](auto&& call) {
    try {
      call();
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no UsageError");
  };
  BOOST_TEST(message([] { Grid g(nullptr); }) == "Grid: no geometry (a null pointer): use Geometry::shared(n)");
  const auto nine = Geometry::shared(9);
  BOOST_TEST(nine->unit_name(0) == "row 1");
  BOOST_TEST(nine->unit_name(8) == "row 9");
  BOOST_TEST(nine->unit_name(9) == "column 1");
  BOOST_TEST(nine->unit_name(17) == "column 9");
  BOOST_TEST(nine->unit_name(18) == "box 1");
  BOOST_TEST(nine->unit_name(26) == "box 9");
  BOOST_TEST(message([&] { (void)nine->unit_name(27); }) ==
             "Geometry::unit_name: unit 27 is not one of the 27 units of a 9x9 board");
  BOOST_TEST(message([&] { (void)nine->unit_name(-1); }).starts_with("Geometry::unit_name: unit -1"));
}
