// Reading and writing puzzles: every input format, auto-detection, the bad
// inputs of tests/data/bad (message and position of each), streaming,
// hostile input, the writers and their round trips.
#define BOOST_TEST_MODULE io
#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <streambuf>

#include "test_support.hpp"

namespace fs = std::filesystem;
using namespace satdoku;
using satdoku::test::read_puzzles;
using satdoku::test::read_puzzles_text;
using satdoku::test::shared_data;
using satdoku::test::slurp;
using satdoku::test::source_dir;
using satdoku::test::test_data;

namespace {

// The puzzle (and its solution) that tests/data/good holds in every format.
const std::string kPuzzle =
    "....548.....86.........17.9...2..9.62...4..7.....79...65....2.17...12..8...6...9.";
const std::string kSolution =
    "167954823923867514485321769571283946298146375346579182654798231739412658812635497";

Grid grid_of(const std::string& line) {
  auto grids = read_puzzles_text(line + "\n", ReadOptions{InputFormat::line, {}, {}});
  BOOST_REQUIRE_EQUAL(grids.size(), 1u);
  return grids.front();
}

// Every entry of a text, grids and diagnostics alike.
std::vector<Entry> read_all(const std::string& text, ReadOptions options = {}, std::string name = "<text>") {
  std::istringstream in(text);
  PuzzleReader reader(in, std::move(name), options);
  std::vector<Entry> out;
  while (auto entry = reader.next()) out.push_back(std::move(*entry));
  return out;
}

const Diagnostic* diagnostic(const Entry& e) { return std::get_if<Diagnostic>(&e.content); }
const Grid* grid(const Entry& e) { return std::get_if<Grid>(&e.content); }
// The diagnostic's text, or "" for a grid (for failure messages).
std::string why(const Entry& e) { return diagnostic(e) ? diagnostic(e)->str() : std::string(); }

std::string position(const Diagnostic& d) {
  return std::to_string(d.where.line) + ":" + std::to_string(d.where.column);
}

// A deterministic N x N puzzle: a valid solution pattern with some cells blank.
Grid pattern(int n, std::optional<BoxShape> box = {}) {
  Grid g(Geometry::shared(n, box));
  const BoxShape b = g.geometry().box();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int value = (r % b.rows) * b.cols + r / b.rows + c;
      g.set(r, c, (r * 7 + c * 3) % 5 == 0 ? 0 : value % n + 1);
    }
  return g;
}

}  // namespace

// ------------------------------------------------------------- names --

BOOST_AUTO_TEST_CASE(format_names_round_trip) {
  for (auto f : {InputFormat::automatic, InputFormat::line, InputFormat::euler, InputFormat::grid,
                 InputFormat::leetcode, InputFormat::comma, InputFormat::csv, InputFormat::tokens}) {
    const auto parsed = parse_input_format(to_string(f));
    BOOST_REQUIRE(parsed);
    BOOST_TEST((*parsed == f));
    BOOST_TEST(input_format_names().find(std::string(to_string(f))) != std::string::npos);
  }
  BOOST_TEST(input_format_names() == "auto, line, euler, grid, leetcode, comma, csv, tokens");
  BOOST_TEST(!parse_input_format("automatic"));
  BOOST_TEST(!parse_input_format(""));
  for (auto f : {OutputFormat::grid, OutputFormat::line, OutputFormat::tokens, OutputFormat::leetcode,
                 OutputFormat::json}) {
    const auto parsed = parse_output_format(to_string(f));
    BOOST_REQUIRE(parsed);
    BOOST_TEST((*parsed == f));
  }
  BOOST_TEST(output_format_names() == "grid, line, tokens, leetcode, json");
  BOOST_TEST(!parse_output_format("csv"));
}

// ---------------------------------------------------------- alphabet --

BOOST_AUTO_TEST_CASE(default_alphabet) {
  const Alphabet a;
  BOOST_TEST(a.max_digit() == 35);
  BOOST_TEST(a.digit_of('1') == 1);
  BOOST_TEST(a.digit_of('9') == 9);
  BOOST_TEST(a.digit_of('A') == 10);
  BOOST_TEST(a.digit_of('a') == 10);
  BOOST_TEST(a.digit_of('Z') == 35);
  BOOST_TEST(a.digit_of('z') == 35);
  for (char blank : {'.', '0', '_'}) BOOST_TEST(a.digit_of(blank) == 0);
  for (char other : {'!', ' ', '|', '\0', '\xff'}) BOOST_TEST(a.digit_of(other) == -1);
  BOOST_TEST(a.symbol_of(1) == '1');
  BOOST_TEST(a.symbol_of(16) == 'G');
}

BOOST_AUTO_TEST_CASE(parsed_alphabets) {
  const Alphabet hex = Alphabet::parse("0-F");
  BOOST_TEST(hex.max_digit() == 16);
  BOOST_TEST(hex.digit_of('0') == 1);
  BOOST_TEST(hex.digit_of('9') == 10);
  BOOST_TEST(hex.digit_of('F') == 16);
  BOOST_TEST(hex.digit_of('f') == 16);
  BOOST_TEST(hex.digit_of('G') == -1);
  BOOST_TEST(hex.digit_of('.') == 0);
  BOOST_TEST(hex.digit_of('_') == 0);
  BOOST_TEST(hex.symbol_of(11) == 'A');
  BOOST_TEST(hex.spec() == "0-F");

  const Alphabet letters = Alphabet::parse("A-P");
  BOOST_TEST(letters.max_digit() == 16);
  BOOST_TEST(letters.digit_of('A') == 1);
  BOOST_TEST(letters.digit_of('p') == 16);
  BOOST_TEST(letters.digit_of('0') == 0);  // 0 is a blank when it is not a digit
  BOOST_TEST(letters.digit_of('1') == -1);

  BOOST_TEST(Alphabet::parse("1-9A-G").max_digit() == 16);
  const Alphabet list = Alphabet::parse("123456789");
  BOOST_TEST(list.max_digit() == 9);
  BOOST_TEST(list.digit_of('A') == -1);

  const Alphabet both = Alphabet::parse("a-zA-Z");  // both cases: case-sensitive
  BOOST_TEST(both.max_digit() == 52);
  BOOST_TEST(both.digit_of('a') == 1);
  BOOST_TEST(both.digit_of('A') == 27);

  for (const char* bad : {"", "F-0", "0-9A-0", "1.2", "12_", "1-91", "1 2", "1-!"})
    BOOST_CHECK_THROW(Alphabet::parse(bad), UsageError);
}

// A symbol the reader gives a meaning of its own is refused: a board written
// with it did not read back (io.hpp promises format_line's and format_grid's
// output does), '1-3|' made '123|3|12...' a line of 12 symbols.
BOOST_AUTO_TEST_CASE(alphabets_refuse_the_readers_own_symbols) {
  const std::pair<char, std::string> reserved[] = {
      {'|', "draws the box lines of the grid format"}, {'-', "draws the box lines of the grid format"},
      {'+', "draws the box lines of the grid format"}, {'*', "draws the box lines of the grid format"},
      {'=', "draws the box lines of the grid format"},
      {',', "separates the cells of the comma format"}, {'#', "starts a comment"},
      {'[', "starts a section title or a leetcode board at the start of a line"},
      {'{', "starts a leetcode board at the start of a line"}};
  for (const auto& [ch, why] : reserved)
    for (const std::string& spec : {"1-3" + std::string(1, ch), std::string(1, ch) + "1-3"}) {
      try {
        Alphabet::parse(spec);
        BOOST_ERROR("alphabet '" << spec << "' accepted");
      } catch (const UsageError& e) {
        BOOST_TEST(std::string(e.what()).starts_with("alphabet '" + spec + "': '" + ch + "' cannot be a digit: it " +
                                                     why + " ("),
                   e.what());
      }
    }
  // Other punctuation reads back, in either writer, first or last.
  int solution[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  Grid g(Geometry::shared(4));
  for (int cell = 0; cell < 16; ++cell) g.set(cell, solution[cell]);
  for (const char* spec : {"!1-3", "1-3!", "\"1-3", "1-3]", "}1-3", "1-3~", "@1-3", "1-3;"}) {
    const Alphabet a = Alphabet::parse(spec);
    for (const std::string& text : {format_line(g, a) + "\n", format_grid(g, a)}) {
      const auto back = read_puzzles_text(text, ReadOptions{InputFormat::automatic, {}, a});
      BOOST_TEST_REQUIRE(back.size() == 1u, spec << ": " << text);
      BOOST_TEST((back[0] == g), spec);
    }
  }
}

// ------------------------------------------------------- good files --

BOOST_AUTO_TEST_CASE(good_files_in_every_format) {
  struct Case {
    const char* file;
    InputFormat format;
    std::size_t count;
  };
  // Each 9x9 file holds kPuzzle first and kSolution second (when count is 2).
  const Case cases[] = {
      {"line.txt", InputFormat::line, 2},
      {"bom-crlf.txt", InputFormat::line, 2},
      {"euler.txt", InputFormat::euler, 2},
      {"grid-qqwing.txt", InputFormat::grid, 2},
      {"grid-compact.txt", InputFormat::grid, 2},
      {"grid-boxed.txt", InputFormat::grid, 1},
      {"simple-sudoku.ss", InputFormat::grid, 1},
      {"sudocue.sdk", InputFormat::grid, 1},
      {"sadman.sdk", InputFormat::grid, 1},  // its [Solution] section is skipped
      {"leetcode-lines.json", InputFormat::leetcode, 2},
      {"leetcode-pretty.json", InputFormat::leetcode, 1},
      {"comma.txt", InputFormat::comma, 2},
      {"kaggle.csv", InputFormat::csv, 2},          // a header names the puzzle column; 0 blanks
      {"kaggle-ratings.csv", InputFormat::csv, 2},  // no header: the record's puzzle and solution tell
  };
  const Grid puzzle = grid_of(kPuzzle), solution = grid_of(kSolution);
  BOOST_TEST(puzzle.clue_count() == 26);
  BOOST_TEST(solution.is_complete());
  std::set<std::string> seen;
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.file) {
      const fs::path path = test_data() / "good" / c.file;
      seen.insert(c.file);
      std::ifstream in(path, std::ios::binary);
      BOOST_REQUIRE(in);
      PuzzleReader reader(in, path.string());
      BOOST_TEST((reader.format() == InputFormat::automatic));
      std::vector<Grid> grids;
      while (auto e = reader.next()) {
        BOOST_REQUIRE_MESSAGE(grid(*e), why(*e));
        grids.push_back(*grid(*e));
      }
      BOOST_TEST(to_string(reader.format()) == to_string(c.format));
      BOOST_REQUIRE_EQUAL(grids.size(), c.count);
      BOOST_TEST((grids[0] == puzzle));
      if (c.count == 2) BOOST_TEST((grids[1] == solution));
      // The same file read with its format given explicitly.
      const auto forced = read_puzzles(path, 0, ReadOptions{c.format, {}, {}});
      BOOST_TEST(forced.size() == c.count);
    }
  }
  // tokens.txt: sudoku-16-1 twice, once with 0 and once with aligned '.' blanks.
  const auto sixteen = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt");
  const auto tokens = read_puzzles(test_data() / "good" / "tokens.txt");
  BOOST_REQUIRE_EQUAL(tokens.size(), 2u);
  BOOST_TEST((tokens[0] == sixteen.at(0)));
  BOOST_TEST((tokens[1] == sixteen.at(0)));
  seen.insert("tokens.txt");
  // The same 16x16 puzzle drawn with letters, spaces and | - + layout.
  const auto letters = read_puzzles(test_data() / "good" / "grid-16-letters.txt");
  BOOST_REQUIRE_EQUAL(letters.size(), 1u);
  BOOST_TEST((letters[0] == sixteen.at(0)));
  seen.insert("grid-16-letters.txt");
  for (const auto& entry : fs::directory_iterator(test_data() / "good"))
    BOOST_TEST(seen.count(entry.path().filename().string()) == 1, "untested good file " << entry.path());
}

// --------------------------------------------------------- bad files --

BOOST_AUTO_TEST_CASE(bad_files_report_message_and_position) {
  struct Case {
    const char* file;
    const char* where;    // "line:col" of the first diagnostic
    const char* message;  // a fragment of its message
  };
  // One file per defect, named after it.  Every file of tests/data/bad is listed.
  const Case cases[] = {
      {"missing-row.txt", "9:1", "expected row 9 of 9, found a blank line"},
      {"row-too-long.txt", "3:10", "row 3 has 10 symbols, expected 9"},
      {"row-too-short.txt", "5:8", "row 5 has 7 symbols, expected 9"},
      {"question-mark-in-grid.txt", "6:4", "unexpected '?'"},
      {"section-inside-grid.sdk", "6:1", "expected row 5 of 9, found a section header"},
      {"letter-in-9x9.txt", "1:10", "symbol 'X' stands for 33, beyond 9"},
      {"prime-size-7x7.txt", "1:1", "7 is prime"},
      {"line-80-symbols.txt", "1:1", "N*N symbols (16, 36, 81, 256, ...): found 80"},
      {"digit-5-in-4x4.txt", "3:14", "symbol '5' stands for 5, beyond 4 in a 4x4 board"},
      {"nul-byte.txt", "1:5", "unexpected byte 0x00"},
      {"binary-garbage.txt", "1:1", "unexpected byte 0x89"},
      {"negative-number.txt", "2:7", "negative number '-3'"},
      {"tokens-plus-sign.txt", "2:7", "number '+3' has a sign"},
      {"tokens-minus-zero.txt", "2:1", "number '-0' has a sign"},
      {"number-out-of-range.txt", "3:1", "number 17 is out of range for a 16x16 board"},
      {"huge-number.txt", "4:6", "'123456789012345' is too large"},
      {"letter-in-tokens.txt", "5:12", "unexpected 'x': expected a number 0 (blank) to 16"},
      {"tokens-row-too-short.txt", "7:31", "row 7 has 15 numbers, expected 16"},
      {"tokens-row-too-long.txt", "8:37", "row 8 has 17 numbers, expected 16"},
      {"tokens-missing-row.txt", "16:1", "expected row 16 of 16, found the end of the input"},
      {"tokens-blank-line-inside.txt", "9:1", "expected row 9 of 16, found a blank line"},
      {"bad-euler-header.txt", "11:1", "expected a header 'Grid NN', found 'Gird 02'"},
      {"euler-missing-row.txt", "10:1", "expected row 9 of 9, found the next header"},
      {"euler-letter.txt", "4:3", "symbol 'A' stands for 10, beyond 9"},
      {"leetcode-not-an-array.json", "1:1", "expected '[' starting a board"},
      {"leetcode-short-row.json", "1:110", "row 3 has 8 cells, expected 9"},
      {"leetcode-bad-cell.json", "1:172", "unexpected cell '?'"},
      {"leetcode-plus-sign.json", "1:172", "number '+3' has a sign: cells are written without one"},
      {"leetcode-unterminated.json", "11:1", "unterminated board"},
      {"leetcode-missing-row.json", "1:305", "the board has 8 rows, expected 9"},
      {"comma-missing-row.txt", "1:80", "found 8 rows separated by commas, expected 9"},
      {"comma-row-too-short.txt", "1:39", "row 4 has 8 symbols, expected 9"},
      {"comma-empty-first-row.txt", "2:1", "the first row is empty: expected its symbols before the first comma"},
      {"csv-quoted-line-break.csv", "4:1", "(line 3 opens a quoted field that it does not close"},
      {"comma-second-row-of-one-symbol.txt", "1:7", "row 2 has 1 symbol and row 1 has 4 (the rows"},
      {"comma-row-of-1025-symbols.txt", "1:1",
       "first row has 1025 symbols, so the board would be 1025x1025: board size 1025 is out of range (4 to 1024)"},
      {"minus-glued-to-a-digit.txt", "4:3", "unexpected '-' glued to '3'"},
      {"grid-numbers-with-a-word.txt", "5:8",
       "unexpected 'x': expected a number 1-10 or a blank (. 0), as in the first row"},
      {"csv-record-without-the-puzzle.csv", "3:1", "this CSV line has 1 field and the header on line 1 (column "
                                                   "'puzzle') has 3"},
      {"csv-puzzle-of-80-symbols.csv", "2:1", "N*N symbols (16, 36, 81, 256, ...): found 80"},
      {"line-of-two-solutions.txt", "2:38", "unexpected '265431413256132645654123...' after the 36 symbols of the puzzle"},
  };
  std::set<std::string> listed;
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.file) {
      listed.insert(c.file);
      const fs::path path = test_data() / "bad" / c.file;
      std::ifstream in(path, std::ios::binary);
      BOOST_REQUIRE(in);
      PuzzleReader reader(in, path.string());
      const Diagnostic* first = nullptr;
      std::vector<Entry> entries;
      while (auto e = reader.next()) entries.push_back(std::move(*e));
      for (const auto& e : entries)
        if ((first = diagnostic(e))) break;
      BOOST_REQUIRE_MESSAGE(first, "no diagnostic");
      BOOST_TEST(position(*first) == c.where);
      BOOST_TEST(first->message.find(c.message) != std::string::npos, first->message);
      BOOST_TEST(first->where.file == path.string());
      BOOST_TEST(first->str().rfind(path.string() + ":" + c.where + ": ", 0) == 0);
    }
  }
  for (const auto& entry : fs::directory_iterator(test_data() / "bad"))
    BOOST_TEST(listed.count(entry.path().filename().string()) == 1,
               "no expectation for " << entry.path().filename());
}

BOOST_AUTO_TEST_CASE(reader_resynchronises_after_a_bad_puzzle) {
  // Line format: good, bad, good in order, with 1-based indexes.
  const std::string bad = kPuzzle.substr(0, 40) + "?" + kPuzzle.substr(41);
  const auto entries = read_all("# batch\n" + kPuzzle + "\n" + bad + "\n\n" + kSolution + "\n");
  BOOST_REQUIRE_EQUAL(entries.size(), 3u);
  BOOST_TEST(grid(entries[0]));
  BOOST_REQUIRE(diagnostic(entries[1]));
  BOOST_TEST(diagnostic(entries[1])->str() == "<text>:3:41: unexpected '?': expected a symbol 1-9 or a blank (. 0 _)");
  BOOST_TEST(grid(entries[2]));
  for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(entries[i].index == i + 1);
  BOOST_TEST(entries[0].where.line == 2u);
  BOOST_TEST(entries[2].where.line == 5u);
  BOOST_TEST(entries[0].text == kPuzzle);
  BOOST_TEST(entries[1].text == bad);

  // The euler reader skips to the next header; the grid reader to N rows.
  const auto euler = read_puzzles(test_data() / "bad" / "bad-euler-header.txt", 1);
  BOOST_TEST(euler.size() == 1u);
  auto rows = [](const std::string& s) {
    std::string out;
    for (int r = 0; r < 9; ++r) out += s.substr(static_cast<std::size_t>(r) * 9, 9) + "\n";
    return out;
  };
  std::string long_row = rows(kPuzzle);
  long_row.insert(19, "5");  // the end of row 2
  const auto grids = read_all(rows(kPuzzle) + "\n" + long_row + "\n" + rows(kSolution));
  BOOST_REQUIRE_EQUAL(grids.size(), 3u);
  BOOST_TEST((*grid(grids[0]) == grid_of(kPuzzle)));
  BOOST_REQUIRE(diagnostic(grids[1]));
  BOOST_TEST(diagnostic(grids[1])->str() ==
             "<text>:12:10: row 2 has 10 symbols and row 1 has 9 (the rows of a board must be equally long)");
  BOOST_TEST((*grid(grids[2]) == grid_of(kSolution)));
  // On row 2 either row may be wrong: an Euler grid whose first row lost a
  // digit names both counts.  A later row is measured against those before it.
  std::string euler_text = "Grid 01\n" + rows(kPuzzle);
  euler_text.erase(8, 1);
  const auto short_first = read_all(euler_text);
  BOOST_REQUIRE_EQUAL(short_first.size(), 1u);
  BOOST_REQUIRE(diagnostic(short_first[0]));
  BOOST_TEST(diagnostic(short_first[0])->str() ==
             "<text>:3:9: row 2 has 9 digits and row 1 has 8 (the rows of a board must be equally long)");
  std::string late_text = rows(kPuzzle);
  late_text.insert(49, "5");  // the end of row 5
  const auto late = read_all(late_text);
  BOOST_REQUIRE(diagnostic(late.at(0)));
  BOOST_TEST(diagnostic(late[0])->str() ==
             "<text>:5:10: row 5 has 10 symbols, expected 9 (as many as the rows before it)");

  // Tokens: a bad 4x4 between good ones.
  const auto tokens = read_all(
      "1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n\n1 0 0 0\n0 0 9 0\n0 3 0 0\n0 0 0 4\n\n1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n",
      ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(tokens.size(), 3u);
  BOOST_TEST(grid(tokens[0]));
  BOOST_REQUIRE(diagnostic(tokens[1]));
  BOOST_TEST(position(*diagnostic(tokens[1])) == "7:5");
  BOOST_TEST(grid(tokens[2]));

  // Tokens back to back: a stray number in a first row (5 numbers: no board)
  // costs that board only; the next row's count says how many rows it has.
  const std::string board = "1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n";
  const auto stray = read_all("1 0 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n" + board + board,
                              ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(stray.size(), 3u);
  BOOST_REQUIRE(diagnostic(stray[0]));
  BOOST_TEST(diagnostic(stray[0])->str().find("first row has 5 numbers") != std::string::npos, why(stray[0]));
  BOOST_TEST(grid(stray[1]), why(stray[1]));
  BOOST_TEST(grid(stray[2]), why(stray[2]));
  BOOST_TEST(stray[1].where.line == 5u);
  BOOST_TEST(stray[2].where.line == 9u);
  // A title line before the boards is a stray line, not their first row;
  // a row with a typo is still a row.
  const auto titled = read_all("Board one\n" + board + board, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(titled.size(), 3u);
  BOOST_TEST(why(titled[0]) == "<text>:1:1: unexpected 'Board': expected a number (0 or '.' for a blank) (if this "
                               "line is a title or a note, start it with '#' to make it a comment)");
  BOOST_TEST(titled[1].where.line == 2u);
  BOOST_TEST(titled[2].where.line == 6u);
  BOOST_TEST((grid(titled[1]) && grid(titled[2])));
  const auto typo = read_all("1 0 x 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n" + board, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(typo.size(), 2u);
  BOOST_TEST(position(*diagnostic(typo[0])) == "1:5");
  BOOST_TEST(typo[1].where.line == 5u);
  // A stray line of numbers, more than one away from the rows after it,
  // costs itself only (it used to be taken for the first row of the board
  // after it, which then lost its last row and the board after that).
  const std::string twelve = format_tokens(Grid(Geometry::shared(12)));
  for (const std::string& line : {std::string("1 2 3"), std::string("1 2 3 4 5 6 7 8 9 10")}) {
    const auto lost = read_all(line + "\n" + twelve + "\n" + twelve, ReadOptions{InputFormat::tokens, {}, {}});
    BOOST_REQUIRE_EQUAL(lost.size(), 3u);
    BOOST_REQUIRE(diagnostic(lost[0]));
    BOOST_TEST(position(*diagnostic(lost[0])) == "1:1", why(lost[0]));
    BOOST_TEST(diagnostic(lost[0])->message.find(" numbers where the rows after it have 12: not a row of their board") !=
                   std::string::npos,
               why(lost[0]));
    BOOST_TEST((grid(lost[1]) && grid(lost[1])->size() == 12), why(lost[1]));
    BOOST_TEST((grid(lost[2]) && grid(lost[2])->size() == 12), why(lost[2]));
    BOOST_TEST(lost[1].where.line == 2u);
    BOOST_TEST(lost[2].where.line == 15u);
  }
  // Also when the stray count is a board size (10 numbers: 2x5 boxes): the
  // next two rows agree on 9.
  const std::string nine = format_tokens(grid_of(kPuzzle));
  const auto ten = read_all("0 " + nine + nine + nine, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(ten.size(), 3u);
  BOOST_TEST(why(ten[0]) == "<text>:1:1: first row has 10 numbers, the next rows 9: expected as many");
  BOOST_TEST((grid(ten[1]) && *grid(ten[1]) == grid_of(kPuzzle)), why(ten[1]));
  BOOST_TEST((grid(ten[2]) && *grid(ten[2]) == grid_of(kPuzzle)), why(ten[2]));
  // A 16x16 board's first row that lost or gained numbers, two or more,
  // before a board after a blank line or at the end: the rest of its board
  // after it tells, as in a drawn grid; one record, whatever the row's count
  // makes of it alone (a 14x14 board the row's 16 is beyond, a prime 13, a
  // 25x25 board) and whatever else is wrong with it (a 27 on a 16x16 board).
  // Before, it was a stray line and its board a row short, or it took two
  // rows of the board after it.
  const Grid sixteen = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt").at(0);
  const std::string rows16 = format_tokens(sixteen);
  const std::string rest16 = rows16.substr(rows16.find('\n'));
  std::string zeros16;
  for (int i = 0; i < 16; ++i) zeros16 += " 0";
  const std::pair<std::string, int> firsts[] = {
      {"16 1 0 2 0 0 0 0 3 0 0 0 0 4", 14},
      {"0 1 0 2 0 0 0 0 3 0 0 0 0", 13},
      {"0 1 0 2 0 0 0 0 3" + zeros16, 25},
      {"0 1 0 2 0 0 0 0 3 0 0 0 0 0 0 0 27 4", 18}};
  for (const auto& [first, count] : firsts)
    for (const std::string& after : {std::string(), "\n" + rows16})
      BOOST_TEST_CONTEXT(first << (after.empty() ? ", last" : ", a board after it")) {
        const auto read = read_all(first + rest16 + after, ReadOptions{InputFormat::tokens, {}, {}});
        BOOST_REQUIRE_EQUAL(read.size(), after.empty() ? 1u : 2u);
        BOOST_TEST(why(read[0]) == "<text>:1:1: first row has " + std::to_string(count) +
                                       " numbers, the next rows 16: expected as many");
        if (!after.empty())
          BOOST_TEST((grid(read[1]) && *grid(read[1]) == sixteen && read[1].where.line == 18u), why(read[1]));
      }
  // Boards of numbers up to 100x100 (drawn grids: 32x32) are looked at so.
  const Grid sixty_four = read_puzzles(shared_data() / "large" / "sudoku-64-1.txt").at(0);
  const std::string rows64 = format_tokens(sixty_four);
  const std::string lost64 = rows64.substr(rows64.find(' ', rows64.find(' ') + 1) + 1);
  const auto big = read_all(lost64 + "\n" + rows64, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(big.size(), 2u);
  BOOST_TEST(why(big[0]) == "<text>:1:1: first row has 62 numbers, the next rows 64: expected as many");
  BOOST_TEST((grid(big[1]) && *grid(big[1]) == sixty_four && big[1].where.line == 66u), why(big[1]));
  // Stacked with no line between them, such a row stays a stray line.
  const auto stacked = read_all("0 1 0 2 0 0 0 0 3 0 0 0 0 0" + rest16 + rows16, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE(!stacked.empty());
  BOOST_TEST(why(stacked[0]) == "<text>:1:1: a line of 14 numbers where the rows after it have 16: not a row of their board");
}

// A line of numbers too large for the one-line puzzle its count makes, but
// not for a board as wide as the line, may be a row of such a board read
// as line puzzles (a 16x16 board whose first row alone reached the reader
// through a slow pipe, "1 2 3 4 0 ... 0", became a 4x4 puzzle): the message
// says how to read such rows.
BOOST_AUTO_TEST_CASE(a_row_of_a_wide_board_read_as_a_line_says_so) {
  const ReadOptions line{InputFormat::line, {}, {}};
  const auto row = read_all("0 0 7 8 0 0 0 12 0 0 0 16 1 2 0 0\n", line);
  BOOST_REQUIRE_EQUAL(row.size(), 1u);
  BOOST_TEST(why(row[0]) == "<text>:1:5: number 7, beyond 4 in a 4x4 board: expected a symbol 1-4 or a blank (. 0 _) "
                            "(if the lines are the rows of a 16x16 board, give --input-format tokens)",
             why(row[0]));
  // A number beyond the line's width too: no such row, no such words; nor
  // for a single number beyond the puzzle's size, more likely a typo.
  for (const std::string text : {"0 0 7 8 0 0 0 12 0 0 0 17 1 2 0 0\n", "0 0 3 4 0 0 0 2 0 0 0 1 1 12 0 0\n"}) {
    const auto other = read_all(text, line);
    BOOST_TEST(why(other[0]).find("beyond 4 in a 4x4 board") != std::string::npos, why(other[0]));
    BOOST_TEST(why(other[0]).find("--input-format tokens") == std::string::npos, why(other[0]));
  }
}

// A stray blank inside a one-line puzzle is named at its column, whether
// the line is read as a line puzzle (a puzzle after it settles the format)
// or as a grid's first row (alone): the same error, at the same place.
BOOST_AUTO_TEST_CASE(a_stray_blank_in_a_line_puzzle_is_named) {
  const std::string split = kPuzzle.substr(0, 36) + " " + kPuzzle.substr(36);
  const std::string words = "the blank at column 37 splits a one-line puzzle of 81 symbols: write them together";
  const auto before = read_all(split + "\n" + kPuzzle + "\n");
  BOOST_REQUIRE_EQUAL(before.size(), 2u);
  BOOST_TEST(why(before[0]) == "<text>:1:37: " + words, why(before[0]));
  BOOST_TEST((grid(before[1]) && *grid(before[1]) == grid_of(kPuzzle)));
  for (const std::string& end : {std::string(), std::string("\n")}) {
    const auto alone = read_all(split + "\n" + end);
    BOOST_REQUIRE_EQUAL(alone.size(), 1u);
    BOOST_TEST(why(alone[0]) == "<text>:1:37: " + words, why(alone[0]));
  }
  // Two such lines, and a puzzle: each its own record, not rows of one grid.
  const auto lines = read_all(split + "\n" + split + "\n" + kPuzzle + "\n");
  BOOST_REQUIRE_EQUAL(lines.size(), 3u);
  BOOST_TEST(why(lines[0]) == "<text>:1:37: " + words, why(lines[0]));
  BOOST_TEST(why(lines[1]) == "<text>:2:37: " + words, why(lines[1]));
  BOOST_TEST((grid(lines[2]) && *grid(lines[2]) == grid_of(kPuzzle)), why(lines[2]));
  // Two stray blanks: the first is named.
  const auto twice = read_all(kPuzzle.substr(0, 10) + " " + kPuzzle.substr(10, 30) + "  " + kPuzzle.substr(40) + "\n" +
                              kPuzzle + "\n");
  BOOST_TEST(why(twice[0]).find(":1:11: the blank at column 11 splits") != std::string::npos, why(twice[0]));
}

// A first line puzzle short of a symbol (35: the first row of a 35x35
// grid, as far as that line goes) used to make the whole file such a grid,
// one error record in all; the puzzles below it, of another width, vote.
BOOST_AUTO_TEST_CASE(a_short_first_line_puzzle_is_not_a_grid_row) {
  const std::string six = "....426....3...4...63.....1......3.4", five = six.substr(0, 35);
  for (const std::string& first : {five, six.substr(0, 34) + "\n# a comment\n"}) {
    const auto entries = read_all(first + "\n" + six + "\n" + six + "\n" + six + "\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 4u);
    BOOST_TEST(why(entries[0]).find("a one-line puzzle has N*N symbols") != std::string::npos, why(entries[0]));
    for (std::size_t i = 1; i < 4; ++i) BOOST_TEST((grid(entries[i]) && *grid(entries[i]) == grid_of(six)));
  }
  // 4x4 puzzles under one of 15 symbols.
  const auto fours = read_all("1.3.....2.4....\n1.3.....2.4.....\n..3.....2.4.....\n");
  BOOST_REQUIRE_EQUAL(fours.size(), 3u);
  BOOST_TEST(diagnostic(fours[0]));
  BOOST_TEST((grid(fours[1]) && grid(fours[2])));
  // The same with blank-separated numbers, with and without --box.
  std::string numbers, short_numbers;
  for (std::size_t i = 0; i < six.size(); ++i) numbers += (i ? " " : "") + std::string(1, six[i] == '.' ? '0' : six[i]);
  short_numbers = numbers.substr(0, numbers.size() - 2);
  for (const ReadOptions& options : {ReadOptions{}, ReadOptions{InputFormat::automatic, BoxShape{3, 2}}}) {
    const auto spaced = read_all(short_numbers + "\n" + numbers + "\n" + numbers + "\n", options);
    BOOST_REQUIRE_EQUAL(spaced.size(), 3u);
    BOOST_TEST(why(spaced[0]).find("a one-line puzzle") != std::string::npos, why(spaced[0]));
    BOOST_TEST(why(spaced[0]).find("found 35") != std::string::npos, why(spaced[0]));
    BOOST_TEST((grid(spaced[1]) && grid(spaced[2])));
  }
  // Alone under --box 3x2: nearer a 6x6 line puzzle's 36 symbols than a row's 6.
  const ReadOptions boxed{InputFormat::automatic, BoxShape{3, 2}};
  const auto alone = read_all(five + "\n", boxed);
  BOOST_REQUIRE_EQUAL(alone.size(), 1u);
  BOOST_TEST(why(alone[0]) == "<text>:1:1: a one-line puzzle of a 6x6 board (box 3x2) has 36 symbols: found 35",
             why(alone[0]));
  const auto spaced_alone = read_all(short_numbers + "\n", boxed);
  BOOST_REQUIRE_EQUAL(spaced_alone.size(), 1u);
  BOOST_TEST(why(spaced_alone[0]) == "<text>:1:1: a one-line puzzle of a 6x6 board (box 3x2) has 36 entries: found 35",
             why(spaced_alone[0]));
  // ... but a title is no line puzzle, under --box 2x2 (its 11 letters are
  // nearer 16 than 4) as without it: its own error, the grids read.
  for (const ReadOptions& options : {ReadOptions{}, ReadOptions{InputFormat::automatic, BoxShape{2, 2}}}) {
    const auto titled = read_all("Hardpuzzles\n1.3.\n..1.\n.1..\n...1\n\n12..\n....\n....\n..21\n", options);
    BOOST_REQUIRE_EQUAL(titled.size(), 3u);
    BOOST_TEST(diagnostic(titled[0]));
    BOOST_TEST((grid(titled[1]) && grid(titled[2])), why(titled[1]) << why(titled[2]));
  }
  // A --box beyond every board (R*C*R*C past 64 bits) gives no such message.
  const auto huge = read_all(five + "\n", ReadOptions{InputFormat::automatic, BoxShape{65536, 65536}});
  BOOST_REQUIRE_EQUAL(huge.size(), 1u);
  BOOST_TEST(why(huge[0]).find("one-line puzzle of a") == std::string::npos, why(huge[0]));
  // A grid whose second row has a typo is still a grid: its other rows are
  // as wide as its first.
  std::string rows35;
  for (int r = 0; r < 4; ++r) rows35 += std::string(r == 1 ? 36 : 35, '.') + "\n";
  const auto typo = read_all(rows35);
  BOOST_REQUIRE(!typo.empty());
  BOOST_TEST(why(typo[0]) == "<text>:2:36: row 2 has 36 symbols and row 1 has 35 (the rows of a board must be equally long)",
             why(typo[0]));
}

// Line puzzles that write their blanks with a drawing's character ('-',
// '='): each line is its own error, at that character.  Read as a grid's
// first row, the first line's error took the next lines with it, and three
// of five puzzles had no record.
BOOST_AUTO_TEST_CASE(line_puzzles_with_drawn_blanks_keep_a_record_each) {
  for (const char blank : {'-', '='}) {
    std::string puzzle = kPuzzle, text;
    std::replace(puzzle.begin(), puzzle.end(), '.', blank);
    for (int i = 0; i < 5; ++i) text += puzzle + "\n";
    const auto entries = read_all(text);
    BOOST_REQUIRE_EQUAL(entries.size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) {
      BOOST_TEST_REQUIRE(diagnostic(entries[i]));
      BOOST_TEST(position(*diagnostic(entries[i])) == std::to_string(i + 1) + ":" + std::to_string(puzzle.find(blank) + 1));
      BOOST_TEST(why(entries[i]).find(std::string("unexpected '") + blank + "'") != std::string::npos, why(entries[i]));
    }
  }
  // A rule line of a 4x4 puzzle's length (16 characters, no symbol) still
  // draws a grid.
  const auto ruled = read_all("----------------\n1 2 | 3 4\n3 4 | 1 2\n----------------\n2 1 | 4 3\n4 3 | 2 1\n");
  BOOST_REQUIRE_EQUAL(ruled.size(), 1u);
  BOOST_TEST(grid(ruled[0]), why(ruled[0]));
}

// Sixteen symbols read as a 4x4 line puzzle or as a 16x16 grid's first row.
// A typo ('5') in a first 4x4 line used to make the whole file a 16x16 grid,
// swallowing the puzzles after it as rows.
BOOST_AUTO_TEST_CASE(a_typo_in_a_first_4x4_line_is_not_a_16x16_grid) {
  const auto mixed = read_all("1.3.....2.4.5...\n" + kPuzzle + "\n" + kSolution + "\n");
  BOOST_REQUIRE_EQUAL(mixed.size(), 3u);
  BOOST_REQUIRE(diagnostic(mixed[0]));
  BOOST_TEST(position(*diagnostic(mixed[0])) == "1:13");
  BOOST_TEST(why(mixed[0]).find("symbol '5' stands for 5, beyond 4 in a 4x4 board") != std::string::npos,
             why(mixed[0]));
  BOOST_TEST((grid(mixed[1]) && *grid(mixed[1]) == grid_of(kPuzzle)));
  BOOST_TEST((grid(mixed[2]) && *grid(mixed[2]) == grid_of(kSolution)));
  // Followed by 4x4 puzzles (the same length as a 16x16 row).
  const auto fours = read_all("1.3.....2.4.5...\n1.3.....2.4.....\n..3.....2.4.....\n1...4...........\n");
  BOOST_REQUIRE_EQUAL(fours.size(), 4u);
  BOOST_TEST(position(*diagnostic(fours[0])) == "1:13");
  for (std::size_t i = 1; i < 4; ++i) BOOST_TEST((grid(fours[i]) && grid(fours[i])->size() == 4), why(fours[i]));
  // Alone, or with only comments after it.
  for (const std::string text : {"1.3.....2.4.5...\n", "  1.3.....2.4.5...\n\n# end\n"}) {
    const auto alone = read_all(text);
    BOOST_REQUIRE_EQUAL(alone.size(), 1u);
    BOOST_TEST(why(alone[0]).find("beyond 4 in a 4x4 board") != std::string::npos, why(alone[0]));
  }
  // A 16x16 grid of 16-symbol rows is still one grid, also with a comment
  // after its first row.
  std::istringstream drawn(slurp(test_data() / "good" / "grid-16-letters.txt"));
  std::string compact, line;
  for (int row = 0; std::getline(drawn, line);) {
    if (line.empty() || line[0] == '#' || line.find_first_not_of("-+ ") == std::string::npos) continue;
    line.erase(std::remove_if(line.begin(), line.end(), [](char ch) { return ch == ' ' || ch == '|'; }), line.end());
    BOOST_REQUIRE_EQUAL(line.size(), 16u);
    compact += line + (++row == 1 ? "\n# row 2 next\n" : "\n");
  }
  const auto sixteen = read_all(compact);
  BOOST_REQUIRE_EQUAL(sixteen.size(), 1u);
  BOOST_REQUIRE(grid(sixteen[0]));
  BOOST_TEST((*grid(sixteen[0]) == read_puzzles(test_data() / "good" / "grid-16-letters.txt").at(0)));
}

// A title or a damaged first line must not decide how the whole file is
// read: the next lines decide, and the line is reported alone.  (Taken for
// the first row of a 7x7 or an 81x81 grid, "Puzzles" or a line puzzle with a
// stray blank used to swallow the puzzles after it, with false verdicts.)
BOOST_AUTO_TEST_CASE(a_title_or_a_stray_blank_costs_its_own_line_only) {
  const std::string lines = kPuzzle + "\n" + kSolution + "\n" + kPuzzle + "\n";
  const std::string spaced = kPuzzle.substr(0, 9) + " " + kPuzzle.substr(9);
  for (const std::string& first : std::vector<std::string>{"Puzzles", "Easy puzzles", "Level: easy", "sudoku list 2024",
                                                           "1 2 3", spaced, "Grid puzzles, week 12", "Puzzles, week 12"}) {
    BOOST_TEST_CONTEXT(first) {
      const auto entries = read_all(first + "\n" + lines);
      BOOST_REQUIRE_EQUAL(entries.size(), 4u);
      BOOST_TEST((diagnostic(entries[0]) && diagnostic(entries[0])->where.line == 1u), why(entries[0]));
      // Words get a hint how to keep them; a damaged puzzle does not.
      const bool words = first.find_first_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos;
      BOOST_TEST((why(entries[0]).find("start it with '#' to make it a comment") != std::string::npos) == words,
                 why(entries[0]));
      for (std::size_t i = 1; i < 4; ++i)
        BOOST_TEST((grid(entries[i]) && entries[i].where.line == i + 1), why(entries[i]));
      BOOST_TEST((grid(entries[2]) && *grid(entries[2]) == grid_of(kSolution)));
    }
  }
  // A damaged lower-case 16x16 line puzzle (a symbol too many) gets no such hint.
  std::string lower;
  for (int i = 0; i < 257; ++i) lower += static_cast<char>('a' + (i * 7) % 16);
  const auto damaged = read_all(lower + "\n");
  BOOST_REQUIRE_EQUAL(damaged.size(), 1u);
  BOOST_TEST(why(damaged[0]).find("found 257") != std::string::npos, why(damaged[0]));
  BOOST_TEST(why(damaged[0]).find("title or a note") == std::string::npos, why(damaged[0]));
  // Drawn grids after a title, with and without blank lines between them.
  auto rows = [](const std::string& s) {
    std::string out;
    for (int r = 0; r < 9; ++r) out += s.substr(static_cast<std::size_t>(r) * 9, 9) + "\n";
    return out;
  };
  for (const std::string gap : {"\n", ""}) {
    BOOST_TEST_CONTEXT("gap '" << gap << "'") {
      const auto grids = read_all("My grids\n" + rows(kPuzzle) + gap + rows(kSolution) + gap + rows(kPuzzle));
      BOOST_REQUIRE_EQUAL(grids.size(), 4u);
      BOOST_TEST(why(grids[0]).find("<text>:1:1: a line of words, not a row of the grid after it") == 0u,
                 why(grids[0]));
      BOOST_TEST(why(grids[0]).find("(if this line is a title or a note, start it with '#'") != std::string::npos, why(grids[0]));
      BOOST_TEST((grid(grids[1]) && *grid(grids[1]) == grid_of(kPuzzle)), why(grids[1]));
      BOOST_TEST((grid(grids[2]) && *grid(grids[2]) == grid_of(kSolution)), why(grids[2]));
      BOOST_TEST((grid(grids[3]) && *grid(grids[3]) == grid_of(kPuzzle)), why(grids[3]));
    }
  }
  // A title and a subtitle: each line its own record, the grid after them
  // read (the title, 12 symbols, was a 12x12 board's first row that took in
  // the subtitle and the grid).
  for (const std::string subtitle : {"from the book", "Hard", "No. 2, page 40"}) {
    BOOST_TEST_CONTEXT(subtitle) {
      const auto titled = read_all(rows(kPuzzle) + "\nSecond puzzle\n" + subtitle + "\n" + rows(kSolution));
      BOOST_REQUIRE_EQUAL(titled.size(), 4u);
      BOOST_TEST(why(titled[1]).find("<text>:11:1: a line of words, not a row") == 0u, why(titled[1]));
      BOOST_TEST(why(titled[2]).find("<text>:12:1: ") == 0u, why(titled[2]));
      BOOST_TEST((grid(titled[3]) && *grid(titled[3]) == grid_of(kSolution)), why(titled[3]));
    }
  }
  // Rows of lower-case letters are no title, though they read as words:
  // under the default alphabet each grid is one record ('a' stands for 10),
  // and under --alphabet a-i a grid with typos in two rows costs itself only.
  std::string letters = kSolution;
  for (char& ch : letters) ch = static_cast<char>('a' + (ch - '1'));
  const auto lettered = read_all(rows(letters) + "\n" + rows(letters));
  BOOST_REQUIRE_EQUAL(lettered.size(), 2u);
  BOOST_TEST(why(lettered[0]).find("<text>:1:1: symbol '" + letters.substr(0, 1) + "' stands for ") == 0u,
             why(lettered[0]));
  std::string typos = rows(letters);
  typos[7] = 'z';
  typos[11] = 'z';
  const ReadOptions a_to_i{InputFormat::automatic, {}, Alphabet::parse("a-i")};
  const auto typoed = read_all(typos + rows(letters), a_to_i);
  BOOST_REQUIRE_EQUAL(typoed.size(), 2u);
  BOOST_TEST(position(*diagnostic(typoed[0])) == "1:8");
  BOOST_TEST((grid(typoed[1]) && typoed[1].where.line == 10u), why(typoed[1]));
  // A short title reads as words, not as a 4x4 row whose 'E' would be 14;
  // words among bytes that are no text keep the message about the byte.
  const auto easy = read_all("  Easy\n" + rows(kPuzzle));
  BOOST_REQUIRE_EQUAL(easy.size(), 2u);
  BOOST_TEST(why(easy[0]).find("<text>:1:3: a line of words, not a row of the grid after it (if this line is a title") ==
                 0u, why(easy[0]));
  BOOST_TEST((grid(easy[1]) && *grid(easy[1]) == grid_of(kPuzzle)));
  const auto binary = read_all(std::string("Easy\x01\n") + rows(kPuzzle), ReadOptions{InputFormat::grid, {}, {}});
  BOOST_REQUIRE_EQUAL(binary.size(), 2u);
  BOOST_TEST(why(binary[0]).find("unexpected byte 0x01") != std::string::npos, why(binary[0]));
  // Between grids stacked without blank lines, a stray line costs itself
  // only, while a first row with a typo costs its grid only.
  const auto between = read_all(rows(kPuzzle) + "Next:\n" + rows(kSolution));
  BOOST_REQUIRE_EQUAL(between.size(), 3u);
  BOOST_TEST(why(between[1]).find("<text>:10:1: a line of words, not a row of the grid after it") == 0u, why(between[1]));
  BOOST_TEST((grid(between[2]) && *grid(between[2]) == grid_of(kSolution)), why(between[2]));
  std::string typo = rows(kSolution);
  typo[0] = '?';
  const auto typo_grid = read_all(rows(kPuzzle) + typo + rows(kPuzzle));
  BOOST_REQUIRE_EQUAL(typo_grid.size(), 3u);
  BOOST_TEST(position(*diagnostic(typo_grid[1])) == "10:1");
  BOOST_TEST((grid(typo_grid[2]) && typo_grid[2].where.line == 19u), why(typo_grid[2]));
  // Also when its second row is damaged too (a cell short): one board, one record.
  std::string twice = typo;
  twice.erase(11, 1);
  const auto twice_grid = read_all(rows(kPuzzle) + twice + rows(kPuzzle));
  BOOST_REQUIRE_EQUAL(twice_grid.size(), 3u);
  BOOST_TEST(position(*diagnostic(twice_grid[1])) == "10:1");
  BOOST_TEST((grid(twice_grid[2]) && twice_grid[2].where.line == 19u), why(twice_grid[2]));
  // A first row of digits a symbol too long or too short (a 10x10 or an 8x8
  // row taken alone) is its grid's first row with a typo: one record for the
  // grid, and the next grid is read from its own first row.
  for (const int change : {+1, -1}) {
    BOOST_TEST_CONTEXT("first row changed by " << change) {
      std::string off_by_one = rows(kSolution);
      if (change > 0) off_by_one.insert(0, "1");
      else off_by_one.erase(0, 1);
      const auto shifted = read_all(rows(kPuzzle) + off_by_one + rows(kSolution) + rows(kPuzzle));
      BOOST_REQUIRE_EQUAL(shifted.size(), 4u);
      for (std::size_t i = 0; i < 4; ++i) BOOST_TEST(shifted[i].index == i + 1);  // one record, one index
      BOOST_TEST((grid(shifted[0]) && *grid(shifted[0]) == grid_of(kPuzzle)), why(shifted[0]));
      BOOST_TEST(why(shifted[1]).find("<text>:10:1: first row has " + std::to_string(9 + change) +
                                      " symbols, the next rows 9: expected as many") == 0u,
                 why(shifted[1]));
      BOOST_TEST((grid(shifted[2]) && *grid(shifted[2]) == grid_of(kSolution) && shifted[2].where.line == 19u),
                 why(shifted[2]));
      BOOST_TEST((grid(shifted[3]) && *grid(shifted[3]) == grid_of(kPuzzle) && shifted[3].where.line == 28u),
                 why(shifted[3]));
    }
  }
  // More symbols lost or added: the rest of the board after it tells, where
  // that board then ends (at a blank line or the end of the input). Before,
  // the row was a stray line, and the board after it a row short: two
  // records for one typo.
  for (const int change : {-2, -5, +2})
    for (const std::string& after : {std::string(), "\n" + rows(kPuzzle)})
      BOOST_TEST_CONTEXT("first row changed by " << change << (after.empty() ? ", last" : ", a board after it")) {
        std::string changed = rows(kSolution);
        if (change > 0) changed.insert(0, std::string(static_cast<std::size_t>(change), '1'));
        else changed.erase(0, static_cast<std::size_t>(-change));
        const auto read = read_all(changed + after);
        BOOST_REQUIRE_EQUAL(read.size(), after.empty() ? 1u : 2u);
        BOOST_TEST(why(read[0]).find("<text>:1:1: first row has " + std::to_string(9 + change) +
                                     " symbols, the next rows 9: expected as many") == 0u,
                   why(read[0]));
        if (!after.empty())
          BOOST_TEST((grid(read[1]) && *grid(read[1]) == grid_of(kPuzzle) && read[1].where.line == 11u),
                     why(read[1]));
      }
  // Stacked boards with no line between them do not tell where the first
  // ends: such a row stays a stray line, and the boards are read on.
  {
    std::string lost = rows(kSolution);
    lost.erase(0, 2);
    const auto stacked = read_all(lost + rows(kPuzzle));
    BOOST_REQUIRE(!stacked.empty());
    BOOST_TEST(why(stacked[0]).find("<text>:1:1: a line of 7 symbols") == 0u, why(stacked[0]));
  }
  // A rule or a title as wide as a row before each grid, stacked: mostly no
  // digits, before a row that reads whole, it costs its own line only.
  // (Taken for first rows with typos, they shifted every board after them.)
  // The line's first defect is named: its first symbol, or a '-' glued to
  // one (a defect found while the line is split into cells); a line that
  // reads as words is named as such, from its start.
  for (const std::string rule : {"~~~~~~~~~", "PUZZLE-01", "Sudoku-01"}) {
    BOOST_TEST_CONTEXT(rule) {
      const auto ruled = read_all(rule + "\n" + rows(kPuzzle) + rule + "\n" + rows(kSolution));
      const bool words = rule == "Sudoku-01";
      const std::string column =
          words || rule.find('-') == std::string::npos ? "1" : std::to_string(rule.find('-') + 1);
      BOOST_TEST((why(ruled[0]).find("a line of words") != std::string::npos) == words, why(ruled[0]));
      BOOST_REQUIRE_EQUAL(ruled.size(), 4u);
      BOOST_TEST(position(*diagnostic(ruled[0])) == "1:" + column);
      BOOST_TEST((grid(ruled[1]) && *grid(ruled[1]) == grid_of(kPuzzle)), why(ruled[1]));
      BOOST_TEST(position(*diagnostic(ruled[2])) == "11:" + column);
      BOOST_TEST((grid(ruled[3]) && *grid(ruled[3]) == grid_of(kSolution)), why(ruled[3]));
    }
  }
  // A first row mostly damaged, among grids that are not: still its own grid's
  // first row when the row after it does not read whole.
  std::string smudged = rows(kSolution);
  smudged.replace(0, 5, "?????");
  smudged[10] = '?';
  const auto smudged_grid = read_all(rows(kPuzzle) + smudged + rows(kPuzzle));
  BOOST_REQUIRE_EQUAL(smudged_grid.size(), 3u);
  BOOST_TEST(position(*diagnostic(smudged_grid[1])) == "10:1");
  BOOST_TEST((grid(smudged_grid[2]) && smudged_grid[2].where.line == 19u), why(smudged_grid[2]));
  // A damaged first line of a format that the next lines confirm keeps it:
  // a comma-separated puzzle a row short, a Project Euler header without its
  // number (the grids after it are read).
  const std::string comma_row = "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005";
  const auto commas = read_all(comma_row.substr(0, comma_row.size() - 10) + "\n" + comma_row + "\n" + comma_row + "\n");
  BOOST_REQUIRE_EQUAL(commas.size(), 3u);
  BOOST_TEST(why(commas[0]).find("found 8 rows separated by commas") != std::string::npos, why(commas[0]));
  BOOST_TEST((grid(commas[1]) && grid(commas[2])));
  const auto lone = read_all("1234\n", {InputFormat::comma, {}, {}});
  BOOST_TEST(why(lone.at(0)) == "<text>:1:5: found one row and no comma, expected 4 (as many as symbols in a row)");
  const auto euler = read_all("Grid\n" + rows(kPuzzle) + "Grid 02\n" + rows(kSolution) + "Grid 03\n" + rows(kPuzzle));
  BOOST_REQUIRE_EQUAL(euler.size(), 3u);
  BOOST_TEST(why(euler[0]).find("expected a header 'Grid NN', found 'Grid'") != std::string::npos, why(euler[0]));
  BOOST_TEST((grid(euler[1]) && *grid(euler[1]) == grid_of(kSolution)), why(euler[1]));
  BOOST_TEST((grid(euler[2]) && *grid(euler[2]) == grid_of(kPuzzle)), why(euler[2]));
  // Stray lines between grids: a record each (the first took the others
  // with it up to the next header), and so have one-line puzzles there,
  // whose 81 symbols make no row of a grid.
  const auto strays = read_all("Grid 01\n" + rows(kPuzzle) + "stray a\nstray b\n" + kPuzzle + "\n" + kPuzzle +
                               "\nGrid 02\n" + rows(kSolution));
  BOOST_REQUIRE_EQUAL(strays.size(), 6u);
  for (std::size_t i = 1; i <= 4; ++i)
    BOOST_TEST(why(strays[i]).find("<text>:" + std::to_string(10 + i) + ":1: expected a header 'Grid NN', found '") == 0u,
               why(strays[i]));
  BOOST_TEST((grid(strays[5]) && *grid(strays[5]) == grid_of(kSolution)), why(strays[5]));
  // A header gone wrong takes its grid with it, rows with typos included
  // (a digit lost, one added, a letter): one record.
  std::string typed = rows(kPuzzle);
  typed.erase(10, 1);            // row 2 a digit short
  typed.insert(36, "1");         // row 5 a digit long
  typed[typed.size() - 15] = 'x';
  const auto bad_header = read_all("Grid 01\n" + rows(kPuzzle) + "Grid O2\n" + typed + "Grid 03\n" + rows(kSolution));
  BOOST_REQUIRE_EQUAL(bad_header.size(), 3u);
  BOOST_TEST(why(bad_header[1]).find("<text>:11:1: expected a header 'Grid NN', found 'Grid O2'") == 0u,
             why(bad_header[1]));
  BOOST_TEST((grid(bad_header[2]) && *grid(bad_header[2]) == grid_of(kSolution)), why(bad_header[2]));
  // So does a grid that fails under a good header; a stray line after it
  // still has a record of its own.
  const auto after_typo = read_all("Grid 01\n" + typed + "a stray line\nGrid 02\n" + rows(kSolution));
  BOOST_REQUIRE_EQUAL(after_typo.size(), 3u);
  BOOST_TEST(why(after_typo[1]).find("<text>:11:1: expected a header 'Grid NN', found 'a stray line'") == 0u,
             why(after_typo[1]));
  BOOST_TEST((grid(after_typo[2]) && *grid(after_typo[2]) == grid_of(kSolution)), why(after_typo[2]));
  // Also when the grids are drawn with separator lines (12 lines from header
  // to header) and the first header has a letter O for a zero.
  auto drawn = [](const std::string& s) {
    std::string out;
    for (int r = 0; r < 9; ++r) {
      if (r == 3 || r == 6) out += "---+---+---\n";
      for (int c = 0; c < 9; ++c) out += std::string(c == 3 || c == 6 ? "|" : "") + s[static_cast<std::size_t>(r * 9 + c)];
      out += "\n";
    }
    return out;
  };
  const auto ruled_euler = read_all("Grid O1\n" + drawn(kPuzzle) + "Grid 02\n" + drawn(kSolution) + "Grid 03\n" + drawn(kPuzzle));
  BOOST_REQUIRE_EQUAL(ruled_euler.size(), 3u);
  BOOST_TEST(why(ruled_euler[0]).find("expected a header 'Grid NN', found 'Grid O1'") != std::string::npos,
             why(ruled_euler[0]));
  BOOST_TEST((grid(ruled_euler[1]) && *grid(ruled_euler[1]) == grid_of(kSolution)), why(ruled_euler[1]));
  BOOST_TEST((grid(ruled_euler[2]) && *grid(ruled_euler[2]) == grid_of(kPuzzle)), why(ruled_euler[2]));
  // A title before one-line puzzles written as blank-separated numbers.
  std::string spaced_lines;
  for (int i = 0; i < 3; ++i) {
    std::string line;
    for (char ch : kPuzzle) line += std::string(line.empty() ? "" : " ") + (ch == '.' ? '0' : ch);
    spaced_lines += line + "\n";
  }
  const auto numbers = read_all("Puzzles\n" + spaced_lines);
  BOOST_REQUIRE_EQUAL(numbers.size(), 4u);
  BOOST_TEST(diagnostic(numbers[0]));
  for (std::size_t i = 1; i < 4; ++i) BOOST_TEST((grid(numbers[i]) && *grid(numbers[i]) == grid_of(kPuzzle)), why(numbers[i]));
}

// 81 blank-separated numbers: a whole 9x9 puzzle, or the first row of an
// 81x81 tokens board.  Lines of small numbers are puzzles; a board's rows soon
// hold numbers beyond 9.
BOOST_AUTO_TEST_CASE(spaced_one_line_puzzles_are_not_a_tokens_board) {
  auto spaced = [](const std::string& line) {
    std::string out;
    for (char ch : line) out += std::string(out.empty() ? "" : " ") + (ch == '.' ? '0' : ch);
    return out;
  };
  const auto three = read_all(spaced(kPuzzle) + "\n# a comment\n" + spaced(kSolution) + "\n" + spaced(kPuzzle) + "\n");
  BOOST_REQUIRE_EQUAL(three.size(), 3u);
  BOOST_TEST((grid(three[0]) && *grid(three[0]) == grid_of(kPuzzle)), why(three[0]));
  BOOST_TEST((grid(three[1]) && *grid(three[1]) == grid_of(kSolution)), why(three[1]));
  BOOST_TEST(three[2].where.line == 4u);
  // Compact lines after a spaced one, and a spaced line with a number out of range.
  std::string typo = spaced(kPuzzle);
  typo.replace(typo.find(" 0 "), 3, " 10 ");
  const auto mixed = read_all(spaced(kPuzzle) + "\n" + typo + "\n" + kSolution + "\n" + kPuzzle + "\n");
  BOOST_REQUIRE_EQUAL(mixed.size(), 4u);
  BOOST_TEST(grid(mixed[0]), why(mixed[0]));
  BOOST_TEST(why(mixed[1]).find("number 10, beyond 9 in a 9x9 board") != std::string::npos, why(mixed[1]));
  BOOST_TEST(grid(mixed[2]), why(mixed[2]));
  BOOST_TEST(grid(mixed[3]), why(mixed[3]));
  const auto alone = read_all(spaced(kPuzzle) + "\n");
  BOOST_REQUIRE_EQUAL(alone.size(), 1u);
  BOOST_TEST((grid(alone[0]) && *grid(alone[0]) == grid_of(kPuzzle)), why(alone[0]));
  // A 16x16 tokens board whose first row holds only numbers up to 4 is still a board.
  const Grid sixteen = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt").at(0);
  std::string board = "1 0 0 2 0 0 0 0 3 0 0 0 0 0 0 4\n";
  const std::string tokens = format_tokens(sixteen);
  board += tokens.substr(tokens.find('\n') + 1);
  const auto one = read_all(board);
  BOOST_REQUIRE_EQUAL(one.size(), 1u);
  BOOST_TEST(grid(one[0]) != nullptr, why(one[0]));
  BOOST_TEST(grid(one[0])->size() == 16);
  // Lines of puzzles with few clues, or none, stay puzzles: they have many
  // solutions, as solve -k and check are asked about.
  const std::string sparse4 = "1 0 0 0 0 0 2 0 0 0 0 0 0 0 0 3\n";
  const auto fours = read_all(sparse4 + sparse4 + sparse4 + sparse4 + sparse4 + sparse4 + sparse4 + sparse4);
  BOOST_REQUIRE_EQUAL(fours.size(), 8u);
  for (const Entry& e : fours) BOOST_TEST((grid(e) && grid(e)->size() == 4), why(e));
  const std::string empty9 = spaced(std::string(81, '.')) + "\n";
  const auto nines = read_all(spaced(kPuzzle) + "\n" + empty9 + empty9 + empty9 + empty9 + empty9);
  BOOST_REQUIRE_EQUAL(nines.size(), 6u);
  for (const Entry& e : nines) BOOST_TEST((grid(e) && grid(e)->size() == 9), why(e));
}

// read_entries(): a file's entries in one call, and a missing file an
// InputError at once (a PuzzleReader says so at its first next()).
BOOST_AUTO_TEST_CASE(read_entries_reads_a_whole_file) {
  const auto euler = read_entries(source_dir() / "examples" / "euler96.txt");
  BOOST_REQUIRE_EQUAL(euler.size(), 50u);
  for (const Entry& e : euler) BOOST_TEST(grid(e) != nullptr, why(e));
  BOOST_TEST((*grid(euler[0]) == read_puzzles(source_dir() / "examples" / "euler96.txt").front()));
  // Diagnostics come in their place, named after the path.
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("satdoku-entries-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(file) << "xyz\n" << kPuzzle << "\n";
  const auto two = read_entries(file);
  std::filesystem::remove(file);
  BOOST_REQUIRE_EQUAL(two.size(), 2u);
  BOOST_TEST(why(two[0]).find(file.string() + ":1:1: ") == 0u, why(two[0]));
  BOOST_TEST((grid(two[1]) && *grid(two[1]) == grid_of(kPuzzle)));
  const std::filesystem::path missing = std::filesystem::temp_directory_path() / "satdoku-no-such-file.txt";
  try {
    read_entries(missing);
    BOOST_FAIL("no InputError");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()) == missing.string() + ": cannot open: No such file or directory");
  }
}

BOOST_AUTO_TEST_CASE(clashing_clues_are_not_parse_errors) {
  const auto grids = read_puzzles_text("11" + std::string(79, '.') + "\n");
  BOOST_REQUIRE_EQUAL(grids.size(), 1u);
  BOOST_TEST(find_clash(grids[0]).has_value());
}

// A CNF or a SAT solver's answer given where puzzles go is one error for
// the file, which says what to do, not one per line of bogus boards.
BOOST_AUTO_TEST_CASE(a_cnf_or_a_solvers_answer_is_no_puzzle_file) {
  const std::string cnf_said = "this is a DIMACS CNF, not puzzles";
  const std::string dimacs_said = "this is a DIMACS file (a CNF or a SAT solver's answer), not puzzles";
  const std::string answer_said = "this is a SAT solver's answer, not puzzles";
  const std::vector<std::pair<std::string, std::string>> files = {
      {"p cnf 729 3000\n1 2 0\n-1 -2 0\n", cnf_said},
      {"\n  p  cnf 3 1\n1 2 0\n", cnf_said},
      {"c satdoku 0.1 CNF\nc board 9x9\np cnf 729 2\n1 0\n2 0\n", dimacs_said},
      {"c --- [ banner ] ------\nc\ns SATISFIABLE\nv 1 -2 0\n", dimacs_said},
      {"s UNSATISFIABLE\n", answer_said},
      {"SAT\n1 -2 3 0\n", answer_said},
      {"UNSAT\n", answer_said},
  };
  for (const auto& [text, said] : files) {
    BOOST_TEST_CONTEXT(text) {
      const auto entries = read_all(text);
      BOOST_REQUIRE_EQUAL(entries.size(), 1u);
      BOOST_REQUIRE(diagnostic(entries[0]));
      BOOST_TEST(diagnostic(entries[0])->message.find(said) != std::string::npos, diagnostic(entries[0])->message);
      BOOST_TEST(diagnostic(entries[0])->message.find("'satdoku decode CNF ANSWER'") != std::string::npos);
    }
  }
  // Rows of symbols that start with those letters are still rows, and a
  // format given by the caller is read as given.
  const std::string grid4 = "c . | . .\n. . | . .\n------+----\n. . | . .\n. . | . .\n";
  ReadOptions letters;
  letters.alphabet = Alphabet::parse("a-d");
  const auto rows = read_all(grid4, letters);
  BOOST_REQUIRE_EQUAL(rows.size(), 1u);
  BOOST_TEST(!diagnostic(rows[0]));
  ReadOptions line;
  line.format = InputFormat::line;
  const auto forced = read_all("SAT\n", line);
  BOOST_REQUIRE_EQUAL(forced.size(), 1u);
  BOOST_REQUIRE(diagnostic(forced[0]));
  BOOST_TEST(diagnostic(forced[0])->message.find(answer_said) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(bom_and_crlf_in_every_format) {
  const std::string bom = "\xEF\xBB\xBF";
  auto crlf = [](std::string s) {
    std::string out;
    for (char ch : s) {
      if (ch == '\n') out += '\r';
      out += ch;
    }
    return out;
  };
  for (const char* file : {"line.txt", "euler.txt", "grid-qqwing.txt", "leetcode-pretty.json", "comma.txt",
                           "tokens.txt", "sadman.sdk"}) {
    BOOST_TEST_CONTEXT(file) {
      const std::string text = slurp(test_data() / "good" / file);
      const auto plain = read_puzzles_text(text);
      const auto dressed = read_puzzles_text(bom + crlf(text));
      BOOST_REQUIRE(!plain.empty());
      BOOST_REQUIRE_EQUAL(plain.size(), dressed.size());
      for (std::size_t i = 0; i < plain.size(); ++i) BOOST_TEST((plain[i] == dressed[i]));
      // Two such files concatenated (`cat a.txt b.txt`): the second mark
      // starts a line too.
      const auto twice = read_puzzles_text(bom + crlf(text) + bom + crlf(text));
      BOOST_REQUIRE_EQUAL(twice.size(), 2 * plain.size());
      for (std::size_t i = 0; i < twice.size(); ++i) BOOST_TEST((twice[i] == plain[i % plain.size()]));
    }
  }
  // Positions count columns after the byte order mark, on any line.
  const std::string easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  for (const std::string& before : {std::string(), easy + "\r\n"}) {
    const auto entries = read_all(before + bom + "..?\r\n");
    BOOST_REQUIRE_EQUAL(entries.size(), before.empty() ? 1u : 2u);
    BOOST_REQUIRE(diagnostic(entries.back()));
    BOOST_TEST(position(*diagnostic(entries.back())) == (before.empty() ? "1:3" : "2:3"));
  }
}

BOOST_AUTO_TEST_CASE(alphabet_option_for_16x16_lines) {
  const Grid sixteen = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt").at(0);
  for (const char* spec : {"0-F", "A-P", "1-9A-G"}) {
    BOOST_TEST_CONTEXT(spec) {
      const Alphabet alphabet = Alphabet::parse(spec);
      const std::string line = format_line(sixteen, alphabet);
      BOOST_TEST(line.size() == 256u);
      const auto back = read_puzzles_text(line + "\n", ReadOptions{InputFormat::automatic, {}, alphabet});
      BOOST_REQUIRE_EQUAL(back.size(), 1u);
      BOOST_TEST((back[0] == sixteen));
    }
  }
  // Read with the default alphabet, a 0-F line has 0 as a blank and 'G' missing.
  const std::string hex = format_line(sixteen, Alphabet::parse("0-F"));
  const auto entries = read_all(hex + "\n");
  BOOST_REQUIRE_EQUAL(entries.size(), 1u);
  BOOST_TEST(!(grid(entries[0]) && *grid(entries[0]) == sixteen));
  // An alphabet too short for the board says so.
  const auto short_alphabet = read_all(kPuzzle + "\n", ReadOptions{InputFormat::automatic, {}, Alphabet::parse("1-8")});
  BOOST_REQUIRE_EQUAL(short_alphabet.size(), 1u);
  BOOST_TEST(why(short_alphabet[0]).find("unexpected '9': expected a number 1-9 separated by blanks (or a blank: . 0 "
                                         "_), since the 8 symbols of --alphabet (1-8) are too few to write a 9x9 "
                                         "board in symbols") != std::string::npos,
             why(short_alphabet[0]));
}

// An alphabet too short for the board: format_line writes numbers, and they
// read back as numbers, their single digits too (under 0-9, "9 2 ... 12 10"
// read its 9 as the alphabet's 10, and a 12x12 puzzle "1 2 3 . ..." its 1
// as 2).  Likewise where the line holds a number of two digits.
BOOST_AUTO_TEST_CASE(a_line_in_numbers_reads_as_numbers_under_any_alphabet) {
  for (const auto& [rows, cols, spec] : std::vector<std::tuple<int, int, std::string>>{
           {3, 4, "0-9"}, {4, 5, "0-9"}, {6, 7, "0-9A-Z"}, {3, 4, "0-8"}}) {
    BOOST_TEST_CONTEXT(rows << "x" << cols << " boxes, --alphabet " << spec) {
      const Alphabet alphabet = Alphabet::parse(spec);
      const Grid solution = pattern(rows * cols, BoxShape{rows, cols});
      const std::string line = format_line(solution, alphabet);
      BOOST_TEST(line.find(' ') != std::string::npos, line);  // in numbers
      const auto back = read_puzzles_text(line + "\n", ReadOptions{InputFormat::automatic, BoxShape{rows, cols}, alphabet});
      BOOST_REQUIRE_EQUAL(back.size(), 1u);
      BOOST_TEST((back[0] == solution), format_line(back[0]));
      // A puzzle of single digits only, its board beyond the alphabet.
      Grid clues(solution.geometry_ptr());
      for (int c = 0; c < 3; ++c) clues.set(0, c, solution.at(0, c) % 9 + 1);
      std::string text;
      for (int i = 0; i < clues.cell_count(); ++i) text += (i ? " " : "") + std::string(1, i < 3 ? static_cast<char>('0' + clues.at(i)) : '.');
      const auto puzzle = read_puzzles_text(text + "\n", ReadOptions{InputFormat::automatic, BoxShape{rows, cols}, alphabet});
      BOOST_REQUIRE_EQUAL(puzzle.size(), 1u);
      BOOST_TEST((puzzle[0] == clues), format_line(puzzle[0]));
    }
  }
  // Not where the alphabet covers the board and no entry has two digits: a
  // line of its symbols, spaced, reads them as symbols (under 0-8, 0 is 1).
  for (const auto& [n, spec] : {std::pair{9, "0-8"}, std::pair{9, "0-9"}, std::pair{16, "0-F"}, std::pair{16, "1-9A-G"}}) {
    BOOST_TEST_CONTEXT(n << "x" << n << ", --alphabet " << spec) {
      const Alphabet alphabet = Alphabet::parse(spec);
      const Grid solution = pattern(n);
      std::string spaced;
      for (const char symbol : format_line(solution, alphabet)) spaced += (spaced.empty() ? "" : " ") + std::string(1, symbol);
      const auto back = read_puzzles_text(spaced + "\n", ReadOptions{InputFormat::line, {}, alphabet});
      BOOST_REQUIRE_EQUAL(back.size(), 1u);
      BOOST_TEST((back[0] == solution), format_line(back[0]));
    }
  }
}

BOOST_AUTO_TEST_CASE(box_option_and_geometry_errors) {
  // 6x6 with 3x2 boxes given explicitly.
  const Grid three_by_two = pattern(6, BoxShape{3, 2});
  const auto back = read_puzzles_text(format_line(three_by_two) + "\n", ReadOptions{{}, BoxShape{3, 2}, {}});
  BOOST_REQUIRE_EQUAL(back.size(), 1u);
  BOOST_TEST((back[0].geometry().box() == BoxShape{3, 2}));
  BOOST_TEST((back[0] == three_by_two));
  // A box that does not fit is a diagnostic for each puzzle, not an exception.
  for (auto format : {InputFormat::line, InputFormat::grid, InputFormat::comma}) {
    const std::string text = format == InputFormat::line    ? kPuzzle + "\n" + kSolution + "\n"
                             : format == InputFormat::comma ? "000000007,008000400,003801600,804306201,000000000,"
                                                              "105407908,007603800,006000100,400000005\n"
                                                            : slurp(test_data() / "good" / "grid-compact.txt");
    std::vector<Entry> entries;
    BOOST_REQUIRE_NO_THROW(entries = read_all(text, ReadOptions{format, BoxShape{2, 3}, {}}));
    BOOST_REQUIRE(!entries.empty());
    for (const auto& e : entries) {
      BOOST_REQUIRE(diagnostic(e));
      BOOST_TEST(diagnostic(e)->message.find("box 2x3 does not fit a 9x9 board") != std::string::npos);
      BOOST_TEST(diagnostic(e)->where.line == e.where.line);
      BOOST_TEST(diagnostic(e)->where.column >= 1u);
    }
  }
  // Prime sizes in the token and LeetCode formats.
  std::string seven;
  for (int r = 0; r < 7; ++r) seven += "0 0 0 0 0 0 0\n";
  const auto tokens = read_all(seven, ReadOptions{InputFormat::tokens, {}, {}});
  BOOST_REQUIRE_EQUAL(tokens.size(), 1u);
  BOOST_REQUIRE(diagnostic(tokens[0]));
  BOOST_TEST(diagnostic(tokens[0])->message.find("7 is prime") != std::string::npos);
  const auto leet = read_all(R"([["1","."],[".","2"]])");
  BOOST_REQUIRE_EQUAL(leet.size(), 1u);
  BOOST_REQUIRE(diagnostic(leet[0]));
  BOOST_TEST(diagnostic(leet[0])->message.find("out of range") != std::string::npos);
}

// ------------------------------------------------------ collections --

BOOST_AUTO_TEST_CASE(euler96_reads_50_grids) {
  for (const fs::path& path : {shared_data() / "euler96.txt", source_dir() / "examples" / "euler96.txt"}) {
    std::ifstream in(path, std::ios::binary);
    PuzzleReader reader(in, path.string());
    std::size_t count = 0;
    while (auto e = reader.next()) {
      BOOST_REQUIRE(grid(*e));
      BOOST_TEST(grid(*e)->size() == 9);
      BOOST_TEST(e->where.line == 1 + 10 * count);  // "Grid NN" every ten lines
      BOOST_TEST(e->text.empty());
      ++count;
    }
    BOOST_TEST((reader.format() == InputFormat::euler));
    BOOST_TEST(count == 50u);
  }
}

BOOST_AUTO_TEST_CASE(seventeen_clue_collection) {
  const auto grids = read_puzzles(shared_data() / "17_clue.txt");
  BOOST_TEST(grids.size() == 49158u);
  BOOST_TEST(std::all_of(grids.begin(), grids.end(), [](const Grid& g) { return g.clue_count() == 17; }));
  // Entry::text holds the raw line.
  std::ifstream in(shared_data() / "17_clue.txt", std::ios::binary);
  PuzzleReader reader(in, "17_clue.txt");
  auto first = reader.next();
  BOOST_REQUIRE(first);
  BOOST_TEST(first->text.size() == 81u);
  BOOST_TEST(format_line(std::get<Grid>(first->content)) == first->text);
}

BOOST_AUTO_TEST_CASE(large_boards_read_with_their_size) {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(shared_data() / "large")) {
    const std::string name = entry.path().filename().string();  // sudoku-N-K.txt
    const int n = std::stoi(name.substr(7));
    BOOST_TEST_CONTEXT(name) {
      std::ifstream in(entry.path(), std::ios::binary);
      PuzzleReader reader(in, entry.path().string());
      auto e = reader.next();
      BOOST_REQUIRE(e);
      BOOST_REQUIRE_MESSAGE(grid(*e), why(*e));
      BOOST_TEST(grid(*e)->size() == n);
      const BoxShape box = grid(*e)->geometry().box();
      BOOST_TEST(box.rows == box.cols);  // square boxes, as the README says
      BOOST_TEST(grid(*e)->clue_count() > 0);
      BOOST_TEST(!reader.next());
      BOOST_TEST((reader.format() == InputFormat::tokens));
    }
    ++files;
  }
  BOOST_TEST(files >= 8u);
  // The examples are copies.
  BOOST_TEST((read_puzzles(source_dir() / "examples" / "sudoku-25.txt").at(0) ==
              read_puzzles(shared_data() / "large" / "sudoku-25-1.txt").at(0)));
  BOOST_TEST(read_puzzles(source_dir() / "examples" / "sudoku-16.txt").at(0).size() == 16);
}

BOOST_AUTO_TEST_CASE(examples_read) {
  const auto leet = read_puzzles(source_dir() / "examples" / "leetcode37.json");
  BOOST_REQUIRE_EQUAL(leet.size(), 1u);
  BOOST_TEST(leet[0].at(0, 0) == 5);
  BOOST_TEST(leet[0].at(0, 1) == 3);
  BOOST_TEST(leet[0].at(8, 8) == 9);
  BOOST_TEST(leet[0].clue_count() == 30);
  const std::string file = slurp(source_dir() / "examples" / "leetcode37.json");
  BOOST_TEST(format_leetcode(leet[0]) + "\n" == file);
  const auto entries = read_all(file);
  BOOST_REQUIRE_EQUAL(entries.size(), 1u);
  BOOST_TEST(entries[0].text + "\n" == file);  // a one-line board keeps its text
  const auto mixed = read_puzzles(source_dir() / "examples" / "mixed.txt");
  BOOST_TEST(mixed.size() >= 5u);
  for (const auto& g : mixed) BOOST_TEST(g.size() == 9);
  // README's comma example.
  const auto comma = read_puzzles_text(
      "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005\n");
  BOOST_REQUIRE_EQUAL(comma.size(), 1u);
  BOOST_TEST(comma[0].at(0, 8) == 7);
  BOOST_TEST(comma[0].at(8, 0) == 4);
}

// --------------------------------------------------------- streaming --

namespace {

// Serves a text in small pieces and counts how much has been handed out.
class TrickleBuf : public std::streambuf {
 public:
  explicit TrickleBuf(std::string text) : text_(std::move(text)) {}
  std::size_t served() const { return served_; }

 protected:
  int_type underflow() override {
    if (served_ >= text_.size()) return traits_type::eof();
    const std::size_t n = std::min<std::size_t>(4096, text_.size() - served_);
    char* p = text_.data() + served_;
    setg(p, p, p + n);
    served_ += n;
    return traits_type::to_int_type(*p);
  }

 private:
  std::string text_;
  std::size_t served_ = 0;
};

}  // namespace

BOOST_AUTO_TEST_CASE(first_answer_does_not_wait_for_the_whole_file) {
  const std::string text = slurp(shared_data() / "17_clue.txt");
  TrickleBuf buf(text);
  std::istream in(&buf);
  PuzzleReader reader(in, "17_clue.txt");
  auto e = reader.next();
  BOOST_REQUIRE(e);
  BOOST_TEST(grid(*e));
  BOOST_TEST(buf.served() < 100000u);
  BOOST_TEST(text.size() > 4000000u);
}

// ----------------------------------------------------- hostile input --

BOOST_AUTO_TEST_CASE(empty_and_comment_only_inputs) {
  for (auto format : {InputFormat::automatic, InputFormat::line, InputFormat::euler, InputFormat::grid,
                      InputFormat::leetcode, InputFormat::comma, InputFormat::csv, InputFormat::tokens}) {
    BOOST_TEST(read_all("", ReadOptions{format, {}, {}}).empty());
    BOOST_TEST(read_all("\xEF\xBB\xBF\n\r\n# only a comment\n   \n", ReadOptions{format, {}, {}}).empty());
  }
  std::istringstream in("");
  PuzzleReader reader(in, "-");
  BOOST_TEST(!reader.next());
  BOOST_TEST(!reader.next());  // stays at the end
  BOOST_TEST((reader.format() == InputFormat::automatic));
  const auto entries = read_all("12\n", {}, "-");
  BOOST_REQUIRE_EQUAL(entries.size(), 1u);
  BOOST_TEST(diagnostic(entries[0])->where.file == "<stdin>");
}

BOOST_AUTO_TEST_CASE(ten_megabyte_line) {
  const std::string text = std::string(10 << 20, '1') + "\n" + kPuzzle + "\n";
  for (auto format : {InputFormat::automatic, InputFormat::line}) {
    const auto entries = read_all(text, ReadOptions{format, {}, {}});
    BOOST_REQUIRE_EQUAL(entries.size(), 2u);
    BOOST_REQUIRE(diagnostic(entries[0]));
    BOOST_TEST(position(*diagnostic(entries[0])) == "1:1");
    BOOST_TEST(diagnostic(entries[0])->message.find("longer than the limit") != std::string::npos);
    BOOST_TEST(entries[0].text.size() < 1000u);
    BOOST_TEST(grid(entries[1]));
  }
  // Other formats report it and stop or go on, but neither crash nor hang.
  for (auto format :
       {InputFormat::euler, InputFormat::grid, InputFormat::leetcode, InputFormat::tokens, InputFormat::comma, InputFormat::csv}) {
    const auto entries = read_all(text, ReadOptions{format, {}, {}});
    BOOST_REQUIRE(!entries.empty());
    BOOST_REQUIRE(diagnostic(entries[0]));
    BOOST_TEST(position(*diagnostic(entries[0])) == "1:1");
  }
}

BOOST_AUTO_TEST_CASE(a_line_at_the_length_limit_is_read_and_one_byte_more_is_not) {
  // kMaxLineLength bytes are read whatever ends the line (LF, CR LF, the
  // end of the input) and with line 1's byte order mark before them; one
  // byte more is skipped, its length counted the same way, and so is a line
  // too long to buffer whole.
  const std::string bom = "\xEF\xBB\xBF";
  for (const std::string& before : {std::string(), bom}) {
    for (const std::string& end : {std::string("\n"), std::string("\r\n"), std::string()}) {
      for (const std::size_t length : {kMaxLineLength, kMaxLineLength + 1, std::size_t{10} << 20}) {
        BOOST_TEST_CONTEXT("BOM " << before.size() << ", end of " << end.size() << ", length " << length) {
          std::string text = before + std::string(length, '1') + end;
          if (!end.empty()) text += kPuzzle + end;
          const auto entries = read_all(text, ReadOptions{InputFormat::line, {}, {}});
          BOOST_REQUIRE_EQUAL(entries.size(), end.empty() ? 1u : 2u);
          BOOST_REQUIRE(diagnostic(entries[0]));
          BOOST_TEST(position(*diagnostic(entries[0])) == "1:1");
          const std::string& message = diagnostic(entries[0])->message;
          if (length == kMaxLineLength)
            BOOST_TEST(message.find("N*N symbols (16, 36, 81, 256, ...): found 8388608 (between") != std::string::npos,
                       message);
          else
            BOOST_TEST(message == "line of " + std::to_string(length) +
                                      " bytes is longer than the limit of 8388608 bytes: expected one puzzle of N*N symbols");
          if (!end.empty()) BOOST_TEST(grid(entries[1]));
        }
      }
    }
  }
}

// A stream of one byte, as /dev/zero is, without storing what it hands out;
// counts the bytes read.  It does end, after 4 GiB, so that a reader that
// reads on fails the test below instead of hanging it.
class EndlessBuffer : public std::streambuf {
 public:
  explicit EndlessBuffer(char byte) { std::fill(std::begin(data_), std::end(data_), byte); }
  std::uint64_t handed_out = 0;

 protected:
  int_type underflow() override {
    if (handed_out >= 4 * kMaxSkippedLength) return traits_type::eof();
    setg(data_, data_, data_ + sizeof data_);
    handed_out += sizeof data_;
    return traits_type::to_int_type(data_[0]);
  }

 private:
  char data_[1 << 16]{};
};

BOOST_AUTO_TEST_CASE(a_line_that_never_ends_is_reported_and_ends_the_input) {
  for (auto format : {InputFormat::automatic, InputFormat::line, InputFormat::grid, InputFormat::euler,
                      InputFormat::leetcode, InputFormat::tokens, InputFormat::comma, InputFormat::csv}) {
    for (const char byte : {'\0', '1'}) {
      BOOST_TEST_CONTEXT("format " << static_cast<int>(format) << ", byte " << int(byte)) {
        EndlessBuffer endless(byte);
        std::istream in(&endless);
        PuzzleReader reader(in, "endless", ReadOptions{format, {}, {}});
        const auto entry = reader.next();
        BOOST_REQUIRE(entry);
        BOOST_REQUIRE(diagnostic(*entry));
        BOOST_TEST(position(*diagnostic(*entry)) == "1:1");
        BOOST_TEST(diagnostic(*entry)->message.find("line of more than 1073741824 bytes is longer than the limit "
                                                    "of 8388608 bytes (the rest of the input is not read)") !=
                       std::string::npos,
                   diagnostic(*entry)->message);
        BOOST_TEST(entry->text.size() < 1000u);
        BOOST_TEST(!reader.next());
        // It read the limit and a little more, not on and on.
        BOOST_TEST(endless.handed_out > kMaxSkippedLength);
        BOOST_TEST(endless.handed_out < kMaxSkippedLength + (std::uint64_t{1} << 20));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(garbage_and_truncation_never_crash) {
  std::mt19937 random(12345);
  std::string garbage(200000, '\0');
  for (auto& ch : garbage) ch = static_cast<char>(random() % 256);
  std::vector<std::string> texts = {garbage};
  // Random mixtures of the characters the readers care about.
  const std::string alphabet = "0123456789.,[]{}\" \t\r\n|-+*#GridXx_\xEF\xBB\xBF";
  for (int k = 0; k < 20; ++k) {
    std::string t(2000, ' ');
    for (auto& ch : t) ch = alphabet[random() % alphabet.size()];
    texts.push_back(t);
  }
  // Every prefix of every good file.
  for (const auto& entry : fs::directory_iterator(test_data() / "good")) {
    const std::string text = slurp(entry.path());
    for (std::size_t cut = 0; cut < text.size(); cut += 7) texts.push_back(text.substr(0, cut));
  }
  std::size_t entries = 0;
  for (const auto& text : texts)
    for (auto format : {InputFormat::automatic, InputFormat::line, InputFormat::euler, InputFormat::grid,
                        InputFormat::leetcode, InputFormat::comma, InputFormat::csv, InputFormat::tokens}) {
      std::vector<Entry> got;
      BOOST_REQUIRE_NO_THROW(got = read_all(text, ReadOptions{format, {}, {}}));
      const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      BOOST_TEST(got.size() <= lines);
      for (const auto& e : got)
        if (auto* d = diagnostic(e)) {
          BOOST_TEST(d->where.line >= 1u);
          BOOST_TEST(d->where.column >= 1u);
          BOOST_TEST(!d->message.empty());
        }
      entries += got.size();
    }
  BOOST_TEST(entries > 0u);
}

// ------------------------------------------------------------ writers --

BOOST_AUTO_TEST_CASE(writer_output) {
  Grid g(Geometry::shared(4));
  g.set(0, 0, 1);
  g.set(1, 2, 2);
  g.set(3, 3, 4);
  BOOST_TEST(format_line(g) == "1.....2........4");
  BOOST_TEST(format_grid(g) ==
             "1 . | . .\n"
             ". . | 2 .\n"
             "----+----\n"
             ". . | . .\n"
             ". . | . 4\n");
  BOOST_TEST(format_tokens(g) == "1 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 4\n");
  BOOST_TEST(format_leetcode(g) == R"([["1",".",".","."],[".",".","2","."],[".",".",".","."],[".",".",".","4"]])");
  BOOST_TEST(format_line(g, Alphabet::parse("A-D")) == "A.....B........D");

  // Boxes wider than tall, and taller than wide: a rule as long as a row,
  // crossed where the bars are, after each band of box rows.
  struct Drawn {
    BoxShape box;
    std::string rule;
    std::vector<std::size_t> rules_at;  // line indices
  };
  for (const Drawn& d : {Drawn{{2, 3}, "------+------", {2, 5}}, Drawn{{3, 2}, "----+-----+----", {3}}}) {
    const std::string text = format_grid(pattern(6, d.box));
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string row; std::getline(in, row);) lines.push_back(row);
    BOOST_TEST_REQUIRE(lines.size() == 6 + d.rules_at.size(), text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const bool rule = std::find(d.rules_at.begin(), d.rules_at.end(), i) != d.rules_at.end();
      BOOST_TEST(lines[i].size() == d.rule.size(), text);
      if (rule) BOOST_TEST(lines[i] == d.rule, text);
      else BOOST_TEST(std::count(lines[i].begin(), lines[i].end(), '|') == 6 / d.box.cols - 1, text);
    }
  }

  // 16x16: numbers, columns aligned.
  const Grid sixteen = read_puzzles(shared_data() / "large" / "sudoku-16-1.txt").at(0);
  const std::string drawn = format_grid(sixteen);
  std::istringstream lines(drawn);
  std::string line;
  std::set<std::size_t> widths;
  int count = 0;
  while (std::getline(lines, line)) {
    widths.insert(line.size());
    ++count;
  }
  BOOST_TEST(count == 16 + 3);  // 16 rows and 3 rules
  BOOST_TEST(widths.size() == 1u);
  BOOST_TEST(drawn.find(" 15 ") != std::string::npos);
  BOOST_TEST(format_line(sixteen).size() == 256u);
  // Beyond the 35 symbols of the alphabet: numbers separated by spaces.
  const std::string wide = format_line(pattern(36));
  BOOST_TEST(wide.find(' ') != std::string::npos);
  BOOST_TEST(wide.find("36") != std::string::npos);
  BOOST_TEST(wide.back() != '\n');
  const std::string leet = format_leetcode(sixteen);
  BOOST_TEST(leet.find("\"15\"") != std::string::npos);
}

// A grid drawn with boxes of another shape than its size implies reads with
// the boxes drawn, so that satdoku's own drawing of it reads back; --box
// still decides when given, and an irregular drawing changes nothing.
BOOST_AUTO_TEST_CASE(drawn_boxes_give_the_box_shape) {
  for (const BoxShape box : {BoxShape{3, 2}, BoxShape{5, 3}, BoxShape{4, 3}, BoxShape{4, 2}}) {
    const Grid g = pattern(box.rows * box.cols, box);
    BOOST_TEST_CONTEXT(box.str()) {
      BOOST_TEST_REQUIRE(!(g.geometry().box() == Geometry::shared(g.size())->box()));  // not the default
      const auto entries = read_all(format_grid(g));
      BOOST_TEST_REQUIRE(entries.size() == 1u);
      BOOST_TEST_REQUIRE(grid(entries[0]), why(entries[0]));
      BOOST_TEST((grid(entries[0])->geometry().box() == box));
      BOOST_TEST((entries[0].drawn_box == box));
      BOOST_TEST(format_line(*grid(entries[0])) == format_line(g));
      // Given, --box decides (here: the default shape).
      ReadOptions given;
      given.box = Geometry::shared(g.size())->box();
      const auto forced = read_all(format_grid(g), given);
      BOOST_TEST_REQUIRE(grid(forced[0]));
      BOOST_TEST((grid(forced[0])->geometry().box() == *given.box));
      BOOST_TEST((forced[0].drawn_box == box));  // still said, for the command to compare
    }
  }
  // Bars alone give the width, rules alone the height.
  const auto bars = read_all("1 2 | 3 4 | 5 6\n3 4 | 5 6 | 1 2\n5 6 | 1 2 | 3 4\n2 1 | 4 3 | 6 5\n4 3 | 6 5 | 2 1\n6 5 | 2 1 | 4 3\n");
  BOOST_TEST_REQUIRE(grid(bars[0]), why(bars[0]));
  BOOST_TEST((grid(bars[0])->geometry().box() == BoxShape{3, 2}));
  const auto ruled = read_all("123456\n456123\n------\n231564\n564231\n------\n312645\n645312\n");
  BOOST_TEST_REQUIRE(grid(ruled[0]), why(ruled[0]));
  BOOST_TEST((grid(ruled[0])->geometry().box() == BoxShape{2, 3}));
  BOOST_TEST((ruled[0].drawn_box == BoxShape{2, 3}));  // the default shape, drawn
  BOOST_TEST(!read_all("123456456123231564564231312645645312\n").at(0).drawn_box);  // a line: nothing drawn
  // '=' draws rules as '-' does (a drawing's thick lines), also as the first
  // line and mixed with '+'; such a board read as three bad ones before.
  const auto thick = read_all("+=======+=======+\n| 1 2 3 | 4 5 6 |\n| 4 5 6 | 1 2 3 |\n+=======+=======+\n"
                              "| 2 3 1 | 5 6 4 |\n| 5 6 4 | 2 3 1 |\n+=======+=======+\n| 3 1 2 | 6 4 5 |\n"
                              "| 6 4 5 | 3 1 2 |\n+=======+=======+\n");
  BOOST_TEST_REQUIRE(thick.size() == 1u);
  BOOST_TEST_REQUIRE(grid(thick[0]), why(thick[0]));
  BOOST_TEST((grid(thick[0])->geometry().box() == BoxShape{2, 3}));
  BOOST_TEST((*grid(thick[0]) == grid_of("123456456123231564564231312645645312")));
  // Bars of uneven groups: the default shape.
  const auto uneven = read_all("1 2 3 4 | 5 6\n3 4 5 6 | 1 2\n5 6 1 2 | 3 4\n2 1 4 3 | 6 5\n4 3 6 5 | 2 1\n"
                               "6 5 2 1 | 4 3\n");
  BOOST_TEST_REQUIRE(grid(uneven[0]), why(uneven[0]));
  BOOST_TEST((grid(uneven[0])->geometry().box() == BoxShape{2, 3}));
  BOOST_TEST(!uneven[0].drawn_box);
  BOOST_TEST(uneven[0].drawing_ignored);  // for the command to say
  BOOST_TEST(!ruled[0].drawing_ignored);
  BOOST_TEST(!bars[0].drawing_ignored);
  BOOST_TEST(!read_all("123456456123231564564231312645645312\n").at(0).drawing_ignored);
  // A bar around every cell draws cells, not boxes: the rules give them, and
  // a rule under every row with them draws no boxes, and nothing is ignored.
  const auto cells = read_all("|1|2|3|4|5|6|\n|3|4|5|6|1|2|\n|5|6|1|2|3|4|\n-------------\n|2|1|4|3|6|5|\n"
                              "|4|3|6|5|2|1|\n|6|5|2|1|4|3|\n");
  BOOST_TEST_REQUIRE(grid(cells[0]), why(cells[0]));
  BOOST_TEST((grid(cells[0])->geometry().box() == BoxShape{3, 2}));
  const auto boxed = read_all("|1|2|3|4|5|6|\n---\n|3|4|5|6|1|2|\n---\n|5|6|1|2|3|4|\n---\n|2|1|4|3|6|5|\n---\n"
                              "|4|3|6|5|2|1|\n---\n|6|5|2|1|4|3|\n");
  BOOST_TEST_REQUIRE(grid(boxed[0]), why(boxed[0]));
  BOOST_TEST((grid(boxed[0])->geometry().box() == BoxShape{2, 3}));
  BOOST_TEST(!boxed[0].drawn_box);
  BOOST_TEST(!boxed[0].drawing_ignored);
}

// In a drawn grid - + * draw lines apart from the cells: one glued to a
// cell ("-3", "3-", "+5") is an error at its column, not a silent 3.  '|'
// may touch a cell, a rule line is any mix of - + | * and blanks, and - + *
// with blanks around them stay layout inside a row.
BOOST_AUTO_TEST_CASE(a_sign_glued_to_a_cell_of_a_drawn_grid_is_an_error) {
  // kPuzzle drawn in a +---+ frame (its rows on lines 2-4, 6-8, 10-12),
  // with its first row written as `first` when given.
  const auto drawn = [](const std::string& first, const std::string& rule = "+-------+-------+-------+") {
    std::string out = rule + "\n";
    for (int r = 0; r < 9; ++r) {
      if (r == 3 || r == 6) out += rule + "\n";
      std::string row = "|";
      for (int c = 0; c < 9; ++c) {
        row += ' ';
        row += kPuzzle[static_cast<std::size_t>(r * 9 + c)];
        if (c % 3 == 2) row += " |";
      }
      out += (r == 0 && !first.empty() ? first : row) + "\n";
    }
    return out + rule + "\n";
  };
  for (const std::string& first : {std::string(), std::string("|. . .|. 5 4|8 . .|"), std::string("|...|.54|8..|"),
                                   std::string("| . . . - . 5 4 + 8 . . |"), std::string("|...|.54|8..")}) {
    BOOST_TEST_CONTEXT(first) {
      for (const std::string rule : {"+-------+-------+-------+", "|-------+-------+-------|", "*-----*-----*-----*"}) {
        const auto entries = read_all(drawn(first, rule));
        BOOST_TEST_REQUIRE(entries.size() == 1u);
        BOOST_TEST_REQUIRE(grid(entries[0]), why(entries[0]));
        BOOST_TEST(format_line(*grid(entries[0])) == kPuzzle);
      }
    }
  }
  const std::pair<std::string, std::string> glued[] = {
      {"| . . . | . 5 4 | -8 . . |", "'-' glued to '8'"}, {"| . . . | . 5 4 | 8- . . |", "'-' glued to '8'"},
      {"| . . . | . +5 4 | 8 . . |", "'+' glued to '5'"}, {"| . . . | . 5 4*| 8 . . |", "'*' glued to '4'"},
      {"|...|.54-|8..|", "'-' glued to '4'"},            {"|...|-.54|8..|", "'-' glued to '.'"},
  };
  for (const auto& [first, message] : glued) {
    BOOST_TEST_CONTEXT(first) {
      const auto entries = read_all(drawn(first));
      BOOST_TEST_REQUIRE(entries.size() == 1u);
      BOOST_TEST_REQUIRE(diagnostic(entries[0]));
      BOOST_TEST(position(*diagnostic(entries[0])) == "2:" + std::to_string(first.find_first_of("-+*") + 1));
      BOOST_TEST(why(entries[0]).find("unexpected " + message) != std::string::npos, why(entries[0]));
    }
  }
  // A stray character glued to a rule line is named itself, not the rule's
  // end as glued to it.
  const auto stray = read_all(drawn("", "*-----*-----*-----*;"));
  BOOST_TEST_REQUIRE(diagnostic(stray.at(0)));
  BOOST_TEST(why(stray[0]).find(":1:20: unexpected ';'") != std::string::npos, why(stray[0]));
  // A grid of numbers (N > 9): "-4" is no 4 either.
  std::string numbers = slurp(test_data() / "bad" / "grid-numbers-with-a-word.txt");
  const std::size_t x = numbers.find(" x");
  BOOST_TEST_REQUIRE(grid(read_all(numbers.replace(x, 2, " 4"))[0]));
  const auto negative = read_all(numbers.replace(x, 2, "-4"));
  BOOST_TEST_REQUIRE(diagnostic(negative[0]));
  BOOST_TEST(position(*diagnostic(negative[0])) == "5:7");
  BOOST_TEST(why(negative[0]).find("unexpected '-' glued to '4'") != std::string::npos, why(negative[0]));
}

// - + * standing apart in a row of cells are lines of the drawing, so a
// board that writes its blanks with them ("1 * * 4") has too few cells: the
// message says which character was taken for a line, and what the blanks are.
BOOST_AUTO_TEST_CASE(spaced_line_characters_are_named_when_the_row_is_too_short) {
  for (const char sign : {'*', '-', '=', '+'}) {
    std::string text = "1 * * 4\n* 4 1 *\n* 1 4 *\n4 * * 1\n";
    for (char& ch : text)
      if (ch == '*') ch = sign;
    const auto entries = read_all(text);
    BOOST_TEST_REQUIRE(!entries.empty());
    const auto* d = diagnostic(entries[0]);
    BOOST_TEST_REQUIRE(d);
    BOOST_TEST(position(*d) == "1:1");
    BOOST_TEST(d->str().find("first row has 2 symbols") != std::string::npos, d->str());
    BOOST_TEST(d->str().find(std::string("(the '") + sign + "' at column 3 is taken for a line of the drawing: - = + * "
                             "draw the grid, blanks are . 0 _)") != std::string::npos,
               d->str());
  }
  // A row too short without such a character says nothing of lines.
  const auto plain = read_all("1 2\n3 4\n");
  BOOST_TEST_REQUIRE(!plain.empty());
  BOOST_TEST(why(plain[0]).find("line of the drawing") == std::string::npos, why(plain[0]));
}

// A grid written with one blank line between its rows is one board, in
// every grid layout; a blank line after a board's first row alone still
// ends that board, and two blank lines end a double-spaced one.
BOOST_AUTO_TEST_CASE(double_spaced_grids_are_one_board) {
  auto double_spaced = [](const std::string& text) {
    std::string out;
    for (const char ch : text) out += ch == '\n' ? std::string("\n\n") : std::string(1, ch);
    return out;
  };
  const Grid puzzle = grid_of(kPuzzle);
  const std::string drawn = format_grid(puzzle);
  std::string compact, spaced;
  for (int r = 0; r < 9; ++r) {
    compact += kPuzzle.substr(static_cast<std::size_t>(r) * 9, 9) + "\n";
    for (int c = 0; c < 9; ++c) spaced += std::to_string(puzzle.at(r, c)) + (c < 8 ? " " : "\n");
  }
  const Grid big = pattern(16);
  std::string numbers;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) numbers += std::to_string(big.at(r, c)) + (c < 15 ? " " : "\n");
  const std::vector<std::pair<std::string, const Grid*>> layouts = {
      {compact, &puzzle}, {spaced, &puzzle}, {drawn, &puzzle}, {numbers, &big}};
  for (const auto& [text, expected] : layouts) {
    BOOST_TEST_CONTEXT(text) {
      const auto once = read_all(double_spaced(text));
      BOOST_TEST_REQUIRE(once.size() == 1u);
      BOOST_TEST_REQUIRE(grid(once[0]), why(once[0]));
      BOOST_TEST(format_line(*grid(once[0])) == format_line(*expected));
      // Two of them, after one blank line or after two.
      for (const std::string gap : {"", "\n"}) {
        const auto twice = read_all(double_spaced(text) + gap + double_spaced(text));
        BOOST_TEST_REQUIRE(twice.size() == 2u);
        BOOST_TEST(grid(twice[0]));
        BOOST_TEST(grid(twice[1]));
      }
    }
  }
  // A board cut short after its first row does not take the next one.
  const auto cut = read_all(compact.substr(0, 10) + "\n" + compact);
  BOOST_TEST_REQUIRE(cut.size() == 2u);
  BOOST_TEST(why(cut[0]).find("<text>:2:1: expected row 2 of 9, found a blank line") != std::string::npos, why(cut[0]));
  BOOST_TEST_REQUIRE(grid(cut[1]), why(cut[1]));
  BOOST_TEST(format_line(*grid(cut[1])) == kPuzzle);
  // Rule lines and comments between the rows of a double-spaced board (a 6x6
  // drawing has its first rule after row 2, inside the look-ahead).
  const Grid six = pattern(6);
  const auto drawn_six = read_all(double_spaced(format_grid(six)));
  BOOST_TEST_REQUIRE(drawn_six.size() == 1u);
  BOOST_TEST_REQUIRE(grid(drawn_six[0]), why(drawn_six[0]));
  BOOST_TEST(format_line(*grid(drawn_six[0])) == format_line(six));
  for (const InputFormat format : {InputFormat::grid, InputFormat::tokens}) {
    const auto commented = read_all("1 2 3 4\n\n3 4 1 2\n\n# a note\n\n2 1 4 3\n\n4 3 2 1\n", {format, {}, {}});
    BOOST_TEST_REQUIRE(commented.size() == 1u);
    BOOST_TEST(grid(commented[0]), why(commented[0]));
  }
  // A double-spaced board whose first row fails is one record, not two: the
  // blank line after that row is its gap, not the end of a stray line.
  for (const std::string& text : {compact, spaced, drawn}) {
    std::string typo = double_spaced(text);
    typo[typo.find_first_of("123456789")] = 'x';
    const auto typos = read_all(typo + "\n" + double_spaced(text));
    BOOST_TEST_REQUIRE(typos.size() == 2u, typo);
    BOOST_TEST(why(typos[0]).find("'x'") != std::string::npos, why(typos[0]));
    BOOST_TEST(grid(typos[1]), why(typos[1]));
  }
  // A stray line of a row's width, then a blank line and a whole
  // double-spaced board: the line alone is the error, the board is read.
  for (const std::string stray : {"~~~~~~~~~", "x........", "Puzzle 1!"}) {
    const auto above = read_all(stray + "\n\n" + double_spaced(compact));
    BOOST_REQUIRE_EQUAL(above.size(), 2u);
    BOOST_TEST(diagnostic(above[0]) != nullptr);
    BOOST_TEST((grid(above[1]) && *grid(above[1]) == puzzle), why(above[1]));
  }
  // Two blank lines inside a double-spaced board end it.
  std::string broken = double_spaced(compact);
  broken.insert(broken.find("\n\n", 40), "\n");
  const auto ended = read_all(broken);
  BOOST_TEST_REQUIRE(!ended.empty());
  BOOST_TEST(why(ended[0]).find("found a blank line") != std::string::npos, why(ended[0]));
}

// With --box, a file of one-line puzzles of several sizes is read line by
// line: those of another size are reported each on its line (a 4x4
// puzzle's 16 symbols are no row of a 9x9 board), and the others read,
// instead of the first line starting a 16x16 grid that swallows the rest.
BOOST_AUTO_TEST_CASE(line_puzzles_of_other_sizes_than_box_are_reported_each) {
  const std::string text = format_line(pattern(4)) + "\n" + format_line(pattern(6)) + "\n" + kPuzzle + "\n" +
                           format_line(pattern(4)) + "\n" + kSolution + "\n";
  const auto entries = read_all(text, ReadOptions{{}, BoxShape{3, 3}, {}});
  BOOST_TEST_REQUIRE(entries.size() == 5u);
  for (const std::size_t k : {0u, 1u, 3u}) {
    BOOST_TEST(!grid(entries[k]));
    BOOST_TEST(entries[k].where.line == k + 1);
    BOOST_TEST(why(entries[k]).find("box 3x3 does not fit a " + std::string(k == 1 ? "6x6" : "4x4") + " board") !=
                   std::string::npos,
               why(entries[k]));
  }
  BOOST_TEST(grid(entries[2]), why(entries[2]));
  BOOST_TEST(grid(entries[4]), why(entries[4]));
  // A 4x4 puzzle's lines with --box 3x2 (boxes of six cells): one record each.
  std::string fours;
  for (int k = 0; k < 20; ++k) fours += format_line(pattern(4)) + "\n";
  BOOST_TEST(read_all(fours, ReadOptions{{}, BoxShape{3, 2}, {}}).size() == 20u);
  // A row that --box's board has is still a grid's row (16 symbols, --box 4x4).
  const std::string line = format_line(pattern(16));
  std::string rows;
  for (std::size_t r = 0; r < 16; ++r) rows += line.substr(16 * r, 16) + "\n";
  const auto sixteen = read_all(rows, ReadOptions{{}, BoxShape{4, 4}, {}});
  BOOST_TEST_REQUIRE(sixteen.size() == 1u);
  BOOST_TEST(grid(sixteen[0]), why(sixteen[0]));
}

// A 16x16 grid whose first row holds clues up to 4 only reads as a 4x4 line
// puzzle too; the rows after it decide, in compact and in spaced layout, and
// with --box 4x4 it can only be the grid.
BOOST_AUTO_TEST_CASE(a_grid_whose_first_row_reads_as_a_small_puzzle) {
  auto first_row_up_to = [](int limit) {
    Grid g = pattern(16);
    for (int c = 0; c < 16; ++c)
      if (g.at(0, c) > limit) g.set(0, c, 0);
    return g;
  };
  auto rows_of = [](const Grid& g, bool spaced) {
    const std::string line = format_line(g);
    std::string text;
    for (int r = 0; r < 16; ++r) {
      for (int c = 0; c < 16; ++c) {
        if (spaced && c) text += ' ';
        text += line[static_cast<std::size_t>(r * 16 + c)];
      }
      text += '\n';
    }
    return text;
  };
  const Grid low = first_row_up_to(4), digits = first_row_up_to(9);
  BOOST_TEST_REQUIRE(format_line(low).substr(0, 16).find_first_not_of(".1234") == std::string::npos);
  ReadOptions box;
  box.box = BoxShape{4, 4};
  const std::tuple<std::string, ReadOptions, const Grid*> cases[] = {
      {rows_of(low, false) + "\n" + rows_of(low, false), {}, &low},
      {rows_of(low, true) + "\n" + rows_of(low, true), {}, &low},
      {rows_of(digits, true) + "\n" + rows_of(digits, true), {}, &digits},
      {rows_of(low, false) + rows_of(low, false), box, &low},
  };
  for (const auto& [text, options, expected] : cases) {
    const auto entries = read_all(text, options);
    BOOST_TEST_REQUIRE(entries.size() == 2u, text);
    for (const Entry& e : entries) {
      BOOST_TEST_REQUIRE(grid(e), why(e));
      BOOST_TEST(format_line(*grid(e)) == format_line(*expected));
    }
  }
  // A 10x10 grid, blanks between its symbols, digits only in its first row:
  // few of its rows hold an A (10), and one is enough.
  Grid ten = pattern(10);
  for (int c = 0; c < 10; ++c)
    if (ten.at(0, c) == 10) ten.set(0, c, 0);
  std::string spaced_ten;
  for (int r = 0; r < 10; ++r) {
    const std::string line = format_line(ten).substr(static_cast<std::size_t>(r * 10), 10);
    for (std::size_t c = 0; c < line.size(); ++c) spaced_ten += std::string(c ? " " : "") + line[c];
    spaced_ten += '\n';
  }
  const auto tens = read_all(spaced_ten);
  BOOST_TEST_REQUIRE(tens.size() == 1u);
  BOOST_TEST_REQUIRE(grid(tens[0]), why(tens[0]));
  BOOST_TEST(format_line(*grid(tens[0])) == format_line(ten));
  // After a title line the same: the title alone is an error.
  for (const std::string& text : {"Puzzle 1\n" + rows_of(low, false), "Puzzle 1\n" + rows_of(digits, true)}) {
    const auto entries = read_all(text);
    BOOST_TEST_REQUIRE(entries.size() == 2u, text);
    BOOST_TEST(diagnostic(entries[0]));
    BOOST_TEST_REQUIRE(grid(entries[1]), why(entries[1]));
    BOOST_TEST(grid(entries[1])->size() == 16);
  }
  // --box 4x4 makes sixteen symbols a grid row; a file of 4x4 puzzles then
  // ends short, and the message says why.
  const std::string four = "1..4..2.3..1.4..\n.2..3..14..2..3.\n";
  const auto boxed = read_all(four, box);
  BOOST_TEST_REQUIRE(boxed.size() == 1u);
  BOOST_TEST(why(boxed[0]).find("(--box 4x4 makes the board 16x16: 16 rows of 16)") != std::string::npos,
             why(boxed[0]));
  // One such line alone, before the end or before a blank line: the same
  // words (not that a line alone needs N*N symbols: it has them).
  for (const std::string after : {"", "\n"}) {
    const auto alone = read_all(four.substr(0, 17) + after, box);
    BOOST_TEST_REQUIRE(alone.size() == 1u);
    BOOST_TEST(why(alone[0]).find("expected row 2 of 16, found ") != std::string::npos, why(alone[0]));
    BOOST_TEST(why(alone[0]).ends_with("(--box 4x4 makes the board 16x16: 16 rows of 16)"), why(alone[0]));
  }
}

// What must stay line puzzles, whatever the lines after the first look like:
// a letter typo among spaced 9x9 puzzles, typos in three 4x4 puzzles in a
// row, 4x4 puzzles written with blanks after a compact one.
BOOST_AUTO_TEST_CASE(typos_do_not_make_line_puzzles_a_grid) {
  auto spaced = [](const std::string& line) {
    std::string out;
    for (char ch : line) out += std::string(out.empty() ? "" : " ") + ch;
    return out;
  };
  const std::string p9 = format_line(grid_of(kPuzzle)), s9 = format_line(grid_of(kSolution));
  std::string nine;
  for (int k = 0; k < 8; ++k) nine += spaced(k == 2 ? "A" + p9.substr(1) : k % 2 ? s9 : p9) + "\n";
  const std::string p4 = "1..4..2.3..1.4..", s4 = "1234341221434321";
  const std::string typos = p4 + "\n" + "5" + p4.substr(1) + "\n" + "6" + p4.substr(1) + "\n" + "7" + p4.substr(1) +
                            "\n" + s4 + "\n" + p4 + "\n";
  const std::string mixed = p4 + "\n" + spaced(s4) + "\n" + spaced(p4) + "\n" + spaced(s4) + "\n";
  for (const auto& [text, errors, total] :
       {std::tuple{nine, 1u, 8u}, std::tuple{typos, 3u, 6u}, std::tuple{mixed, 0u, 4u}}) {
    const auto entries = read_all(text);
    BOOST_TEST(entries.size() == total, text);
    std::size_t failed = 0;
    for (const Entry& e : entries) failed += diagnostic(e) != nullptr;
    BOOST_TEST(failed == errors, text);
  }
}

// Collections often carry a rating or a note after each puzzle.  A note
// after '#' is a comment; anything else is an error at its own column, one
// per line (such a file used to read as an 85x85 grid, its puzzles
// `invalid`).
BOOST_AUTO_TEST_CASE(text_after_a_one_line_puzzle) {
  const std::string p9 = format_line(grid_of(kPuzzle));
  for (const ReadOptions& options : {ReadOptions{}, ReadOptions{InputFormat::line, {}, {}}}) {
    std::string rated, noted;
    for (int k = 0; k < 12; ++k) {
      rated += p9 + " 11.9\n";
      noted += p9 + (k % 2 ? "\t# note " : "  #") + std::to_string(k) + "\n";
    }
    const auto errors = read_all(rated, options);
    BOOST_REQUIRE_EQUAL(errors.size(), 12u);
    for (std::size_t k = 0; k < errors.size(); ++k) {
      const Diagnostic* d = diagnostic(errors[k]);
      BOOST_REQUIRE(d != nullptr);
      BOOST_TEST(position(*d) == std::to_string(k + 1) + ":83");
      BOOST_TEST(d->message.find("unexpected '11.9' after the 81 symbols of the puzzle") != std::string::npos,
                 d->message);
    }
    const auto puzzles = read_all(noted, options);
    BOOST_REQUIRE_EQUAL(puzzles.size(), 12u);
    for (const Entry& e : puzzles) {
      BOOST_REQUIRE_MESSAGE(grid(e) != nullptr, why(e));
      BOOST_TEST(format_line(*grid(e)) == p9);
    }
  }
  // A note without the blank before '#' is named as such, at its column.
  for (const ReadOptions& options : {ReadOptions{}, ReadOptions{InputFormat::line, {}, {}}}) {
    for (const std::string note : {"#note", "#source:magictour.free.fr", "#a note with spaces"}) {
      const auto glued = read_all(p9 + note + "\n", options);
      BOOST_REQUIRE_EQUAL(glued.size(), 1u);
      const Diagnostic* d = diagnostic(glued[0]);
      BOOST_REQUIRE_MESSAGE(d != nullptr, note);
      BOOST_TEST(position(*d) == "1:82", note);
      BOOST_TEST(d->message == "unexpected '#' right after the 81 symbols of the puzzle (a comment needs a blank "
                               "before #)",
                 note);
    }
  }
  // Other text glued on is named at its first character, also when the
  // file is that one line: "PUZZLE,x" was read as a comma-separated board
  // and blamed on "row 2".
  for (const ReadOptions& options : {ReadOptions{}, ReadOptions{InputFormat::line, {}, {}}}) {
    for (const std::string tail : {",x", ", 5 stars", ",", ";rated 11.9", "!"}) {
      for (const std::string& text : {p9 + tail + "\n", p9 + "\n" + p9 + tail + "\n"}) {
        const auto entries = read_all(text, options);
        BOOST_REQUIRE(!entries.empty());
        const Diagnostic* d = diagnostic(entries.back());
        BOOST_REQUIRE_MESSAGE(d != nullptr, tail);
        BOOST_TEST(position(*d) == std::to_string(entries.size()) + ":82", tail);
        const bool csv = tail[0] == ',' || tail[0] == ';';
        BOOST_TEST(d->message == "unexpected '" + tail.substr(0, 1) +
                                     "' right after the 81 symbols of the puzzle (a comment after it starts with a "
                                     "blank and #" +
                                     (csv ? "; a CSV file reads with --input-format csv" : "") + ")",
                   tail);
      }
    }
  }
  // A one-line puzzle written as its rows with blanks between them is named
  // so, at its line: in the grid the format vote makes of it (an 81x81
  // board's first row), alone or before a blank line, and in the line format.
  {
    std::string apart;
    for (int r = 0; r < 9; ++r) apart += (r ? " " : "") + p9.substr(static_cast<std::size_t>(9 * r), 9);
    const std::string hint = "this line's 81 symbols come in 9 groups of 9: write them without blanks, or separate "
                             "the rows with commas";
    for (const std::string& text : {apart + "\n", apart + "\n\n" + apart + "\n"}) {
      const auto entries = read_all(text);
      BOOST_REQUIRE(!entries.empty());
      for (const Entry& e : entries) {
        BOOST_REQUIRE(diagnostic(e));
        BOOST_TEST(diagnostic(e)->message == "a one-line puzzle has no blanks between its rows: " + hint, why(e));
        BOOST_TEST(position(*diagnostic(e)) == std::to_string(e.where.line) + ":1", why(e));
      }
    }
    const auto line = read_all(apart + "\n", ReadOptions{InputFormat::line, {}, {}});
    BOOST_REQUIRE(diagnostic(line.at(0)));
    BOOST_TEST(why(line[0]) == "<text>:1:1: a one-line puzzle has no blanks between its rows: " + hint);
  }
  // A 16x16 comma board whose first row is also a whole 4x4 puzzle, and
  // whose second row has a typo, costs itself only: the boards after it are
  // read (the whole file used to be taken for one-line puzzles).
  {
    std::string good;
    for (int r = 0; r < 16; ++r) good += std::string(r ? "," : "") + (r ? std::string(16, '.') : "1..2...3...4....");
    std::string cut = good;
    cut.erase(cut.find(',') + 1, 1);  // row 2: 15 symbols
    const auto entries = read_all(cut + "\n" + good + "\n" + good + "\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 3u);
    BOOST_TEST(diagnostic(entries[0]) != nullptr);
    BOOST_TEST((grid(entries[1]) && grid(entries[1])->size() == 16), why(entries[1]));
    BOOST_TEST((grid(entries[2]) && grid(entries[2])->size() == 16), why(entries[2]));
  }
  // A comma-separated board whose first row would be a whole one-line
  // puzzle is still a board when its second row is as long.
  {
    std::string rows;
    for (int r = 0; r < 81; ++r) rows += std::string(r ? "," : "") + (r ? std::string(81, '.') : p9);
    const auto board = read_all(rows + "\n");
    BOOST_REQUIRE_EQUAL(board.size(), 1u);
    BOOST_REQUIRE_MESSAGE(grid(board[0]) != nullptr, why(board[0]));
    BOOST_TEST(grid(board[0])->size() == 81);
  }
  // Other text is "right after the puzzle" only where a whole puzzle ends the
  // line's symbols: a 257-symbol line with a typo in it is not a 4x4 puzzle
  // followed by text.
  {
    const auto typo = read_all("1" + std::string(15, '.') + "!" + std::string(240, '.') + "\n",
                               ReadOptions{InputFormat::line, {}, {}});
    BOOST_REQUIRE(diagnostic(typo.at(0)));
    BOOST_TEST(diagnostic(typo[0])->message.find("right after") == std::string::npos, why(typo[0]));
    BOOST_TEST(position(*diagnostic(typo[0])) == "1:17", why(typo[0]));
  }
  // Spaced numbers on one line take a comment too.
  const auto spaced = read_all("1 0 0 4 0 0 2 0 3 0 0 1 0 4 0 0 # a 4x4\n", {InputFormat::line, {}, {}});
  BOOST_REQUIRE_EQUAL(spaced.size(), 1u);
  BOOST_TEST(grid(spaced[0]) != nullptr, why(spaced[0]));
}

// A LeetCode board cut short does not swallow the boards after it: a line
// that can only start a board ends it (it used to run to the end of the
// input, with one error for all of them).
BOOST_AUTO_TEST_CASE(a_cut_leetcode_board_costs_itself_only) {
  const std::string board = format_leetcode(grid_of(kPuzzle));
  std::string pretty = "[\n";
  for (int r = 0; r < 9; ++r) {
    const std::string row = board.substr(1 + static_cast<std::size_t>(r) * 38, 37);  // ["5",".",...]
    pretty += "  " + row + (r < 8 ? ",\n" : "\n");
  }
  pretty += "]\n";
  BOOST_REQUIRE(read_all(pretty).size() == 1u);
  BOOST_REQUIRE(grid(read_all(pretty)[0]) != nullptr);
  const std::string cut_in_row = board.substr(0, 11), cut_between_rows = board.substr(0, 39);
  const std::string pretty_cut = pretty.substr(0, pretty.find("\n", 60) + 1);  // "[", row 1, row 2
  for (const auto& [cut, where, what] : {std::tuple{cut_in_row, "3:1", "its row"},
                                         std::tuple{cut_between_rows, "3:1", "closes it"}}) {
    const auto entries = read_all(board + "\n" + cut + "\n" + board + "\n\n" + pretty + board + "\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 5u);
    BOOST_TEST(grid(entries[0]) != nullptr);
    BOOST_REQUIRE(diagnostic(entries[1]) != nullptr);
    BOOST_TEST(position(*diagnostic(entries[1])) == where);
    BOOST_TEST(diagnostic(entries[1])->message.find("the board begun on line 2 is cut short") != std::string::npos);
    BOOST_TEST(diagnostic(entries[1])->message.find(what) != std::string::npos, diagnostic(entries[1])->message);
    for (std::size_t k = 2; k < 5; ++k) BOOST_TEST((grid(entries[k]) && *grid(entries[k]) == grid_of(kPuzzle)), k);
  }
  const auto after_pretty = read_all(pretty_cut + board + "\n");
  BOOST_REQUIRE_EQUAL(after_pretty.size(), 2u);
  BOOST_TEST(diagnostic(after_pretty[0]) != nullptr);
  BOOST_TEST(grid(after_pretty[1]) != nullptr);
  // A quote missing keeps the board from closing: the message names the
  // string that ran to its line's end (here the last, which the missing
  // quote paired wrongly), alone or before another board.
  std::string unquoted = board;
  unquoted.erase(unquoted.find("\",\""), 1);  // [["5",".", ... becomes [["5,".", ...
  const std::string runaway = " (the string opened on line 1 at column " + std::to_string(unquoted.rfind('"') + 1) +
                              " runs to the end of its line: a quote missing or one too many?)";
  for (const std::string& after : {std::string(), board + "\n"}) {
    const auto entries = read_all(unquoted + "\n" + after);
    BOOST_REQUIRE(!entries.empty());
    BOOST_TEST(why(entries[0]).ends_with(runaway), why(entries[0]));
    BOOST_TEST(entries.size() == (after.empty() ? 1u : 2u));
  }
  // A cell beyond the board is reported at its first character, quoted or not.
  const std::string small = "[[\"1\",\".\",\".\",\".\"],[\".\",\".\",X,\".\"],[\".\",\"1\",\".\",\".\"],[\".\",\".\",\".\",\"3\"]]";
  for (const std::string cell : {"\"16\"", "\"G\"", "16"}) {
    std::string text = small;
    text.replace(text.find('X'), 1, cell);
    const auto beyond = read_all(text + "\n");
    BOOST_TEST(why(beyond.at(0)).starts_with("<text>:1:" + std::to_string(small.find('X') + 1 + (cell[0] == '"'))),
               why(beyond.at(0)));
  }
}

// leetcode output writes `null` for a puzzle without an answer: read back,
// such a line is named for what it is, in a file of boards and alone.
BOOST_AUTO_TEST_CASE(leetcode_null_lines_are_named) {
  const std::string board = format_leetcode(grid_of(kPuzzle));
  for (const std::string& text : {board + "\nnull\n" + board + "\n", std::string("null\nnull\n")}) {
    const auto entries = read_all(text);
    const std::size_t boards = text.front() == '[' ? 2 : 0;
    BOOST_TEST_REQUIRE(entries.size() == boards + (boards ? 1 : 2));
    for (const Entry& e : entries) {
      if (grid(e)) continue;
      BOOST_TEST(why(e).find("'null' is no board") != std::string::npos, why(e));
      BOOST_TEST(why(e).find("start it with '#'") != std::string::npos, why(e));
    }
    if (boards) BOOST_TEST((grid(entries[0]) && diagnostic(entries[1]) && grid(entries[2])));
  }
  // A space where a symbol belongs is quoted like any other character.
  ReadOptions comma;
  comma.format = InputFormat::comma;
  const auto spaced = read_all("1 2.,....,....,....\n", comma);
  BOOST_TEST_REQUIRE(spaced.size() == 1u);
  BOOST_TEST(why(spaced[0]).find("unexpected ' ' (a space)") != std::string::npos, why(spaced[0]));
}

// With an alphabet of the user's, a drawn grid is written in its symbols
// and reads back with the same alphabet; the standard one keeps numbers.
BOOST_AUTO_TEST_CASE(drawn_grids_use_a_chosen_alphabet) {
  const Alphabet letters = Alphabet::parse("A-I");
  const std::string drawn = format_grid(grid_of(kSolution), letters);
  BOOST_TEST(drawn.find_first_of("123456789") == std::string::npos, drawn);
  BOOST_TEST(drawn.find_first_of("ABCDEFGHI") != std::string::npos, drawn);
  BOOST_TEST(format_grid(pattern(16)).find_first_of("ABCDEFG") == std::string::npos);  // standard: numbers
  const std::pair<Grid, const char*> cases[] = {
      {grid_of(kSolution), "A-I"}, {grid_of(kPuzzle), "a-i"},  {pattern(6), "a-f"},
      {pattern(10), "0-9"},        {pattern(16), "0-F"},        {pattern(25), "A-Y"},
  };
  for (const auto& [g, spec] : cases) {
    BOOST_TEST_CONTEXT(spec << " " << g.geometry().describe()) {
      ReadOptions options;
      options.alphabet = Alphabet::parse(spec);
      const std::string once = format_grid(g, *options.alphabet);
      BOOST_TEST(once.find("10") == std::string::npos, once);  // one symbol a cell
      std::vector<Grid> back;
      BOOST_REQUIRE_NO_THROW(back = read_puzzles_text(once + "\n" + once, options));
      BOOST_REQUIRE_EQUAL(back.size(), 2u);
      BOOST_TEST((back[0] == g));
      BOOST_TEST((back[1] == g));
    }
  }
}

// The tokens and leetcode layouts write numbers under any alphabet, and
// read them back as numbers: with 0-3 the digit 1 is written "1", not "0"
// (leetcode output read back as symbols had every full grid `invalid`, and
// a tokens board of single digits under A-D was taken for a grid).
BOOST_AUTO_TEST_CASE(number_layouts_read_back_under_any_alphabet) {
  using Writer = std::string (*)(const Grid&);
  const std::pair<const char*, Writer> writers[] = {
      {"tokens", format_tokens},
      {"leetcode", [](const Grid& g) { return format_leetcode(g) + "\n"; }},
  };
  for (const auto& [spec, n] : {std::pair{"0-3", 4}, std::pair{"A-D", 4}, std::pair{"a-f", 6}, std::pair{"0-8", 9},
                                std::pair{"A-I", 9}, std::pair{"0-F", 16}}) {
    const Grid g = pattern(n);
    for (const auto& [name, write] : writers) {
      BOOST_TEST_CONTEXT(spec << " " << name) {
        const std::string once = write(g);
        const std::string text = once + (std::string(name) == "tokens" ? "\n" : "") + once;
        for (InputFormat format : {InputFormat::automatic, *parse_input_format(name)}) {
          std::vector<Grid> back;
          BOOST_REQUIRE_NO_THROW(back = read_puzzles_text(text, ReadOptions{format, {}, Alphabet::parse(spec)}));
          BOOST_REQUIRE_EQUAL(back.size(), 2u);
          BOOST_TEST((back[0] == g));
          BOOST_TEST((back[1] == g));
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(round_trips) {
  std::vector<Grid> grids = {grid_of(kPuzzle), grid_of(kSolution), pattern(4), pattern(6), pattern(8),
                             pattern(12), pattern(36), pattern(64)};
  for (const char* name : {"sudoku-16-1.txt", "sudoku-25-1.txt", "sudoku-100-1.txt"})
    grids.push_back(read_puzzles(shared_data() / "large" / name).at(0));
  using Writer = std::string (*)(const Grid&);
  const std::pair<const char*, Writer> writers[] = {
      {"line", [](const Grid& g) { return format_line(g) + "\n"; }},
      {"grid", [](const Grid& g) { return format_grid(g); }},
      {"tokens", format_tokens},
      {"leetcode", [](const Grid& g) { return format_leetcode(g) + "\n"; }},
  };
  for (const auto& g : grids)
    for (const auto& [name, write] : writers) {
      BOOST_TEST_CONTEXT(name << " " << g.geometry().describe()) {
        const std::string once = write(g);
        // Two copies in one file read back as two equal grids, auto-detected.
        const std::string text = once + (std::string(name) == "line" || std::string(name) == "leetcode" ? "" : "\n") + once;
        std::vector<Grid> back;
        BOOST_REQUIRE_NO_THROW(back = read_puzzles_text(text));
        BOOST_REQUIRE_EQUAL(back.size(), 2u);
        BOOST_TEST((back[0] == g));
        BOOST_TEST((back[1] == g));
      }
    }
}

// Comma-separated values with a column of line puzzles, as the large public
// collections are published ("quizzes,solutions";
// "id,puzzle,solution,clues,difficulty"): the header or the first record
// picks the column, the other columns are not read.
// A CSV record's solution column travels with its puzzle (Entry::solution),
// to be compared with the answer; one that is no complete grid of the
// puzzle's size costs the record, at its field.
BOOST_AUTO_TEST_CASE(csv_solution_columns_come_with_their_puzzles) {
  const Grid solution = grid_of(kSolution);
  // `count` entries, each kPuzzle with kSolution beside it.
  auto pairs = [&](const std::vector<Entry>& entries, std::size_t count) {
    BOOST_REQUIRE_EQUAL(entries.size(), count);
    for (const Entry& e : entries) {
      BOOST_REQUIRE(grid(e) != nullptr);
      BOOST_TEST((*grid(e) == grid_of(kPuzzle)));
      BOOST_REQUIRE(e.solution.has_value());
      BOOST_TEST((*e.solution == solution));
    }
  };
  // Named by the header, wherever it stands; "answer" too.
  for (const std::string header : {"quizzes,solutions", "id,puzzle,answer", "Solution;Puzzle"}) {
    BOOST_TEST_CONTEXT(header) {
      std::string record = kPuzzle + "," + kSolution;
      if (header.starts_with("id")) record = "7," + record;
      if (header.starts_with("Solution")) record = kSolution + ";" + kPuzzle;
      const auto entries = read_all(header + "\n" + record + "\n" + record + "\n");
      pairs(entries, 2);
      BOOST_TEST(entries[1].index == 2u);  // reading the solution takes no index
    }
  }
  // Quoted names with another separator than a comma (pandas' QUOTE_ALL):
  // the separator that gives the most fields.
  for (const char* sep : {";", "\t"}) {
    const std::string q = "\"";
    pairs(read_all(q + "puzzle" + q + sep + q + "solution" + q + sep + q + "level" + q + "\n" + q + kPuzzle + q + sep + q +
                   kSolution + q + sep + "3\n"),
          1);
  }
  // Without a header: in the record that chose the column, the first whole
  // puzzle with a blank is the puzzle and the first other one without is
  // the solution, in either order; two puzzles with blanks give none.
  pairs(read_all("0," + kPuzzle + "," + kSolution + ",26,2.2\n"), 1);
  pairs(read_all(kSolution + "," + kPuzzle + "\n" + kSolution + "," + kPuzzle + "\n"), 2);
  std::string fewer = kPuzzle;
  fewer[0] = '.';
  const auto two_puzzles = read_all(kPuzzle + "," + fewer + "\n", ReadOptions{InputFormat::csv, {}, {}});
  BOOST_REQUIRE_EQUAL(two_puzzles.size(), 1u);
  BOOST_TEST((*grid(two_puzzles[0]) == grid_of(kPuzzle)));
  BOOST_TEST(!two_puzzles[0].solution.has_value());
  // Placeholders of data frames and spreadsheets: no solution given.
  for (const std::string placeholder : {"NaN", "null", "None", "NA", "N/A", "-", "?", "unknown", "No solution"}) {
    const auto entries = read_all("puzzle,solution\n" + kPuzzle + "," + placeholder + "\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 1u);
    BOOST_TEST(grid(entries[0]) != nullptr, placeholder);
    BOOST_TEST(!entries[0].solution.has_value(), placeholder);
  }
  // No solution column, or an empty field: nothing to compare.
  BOOST_TEST(!read_all("id,puzzle,rating\n1," + kPuzzle + "," + kSolution + "\n").at(0).solution.has_value());
  const ReadOptions csv{InputFormat::csv, {}, {}};
  BOOST_TEST(!read_all("puzzle,solution\n" + kPuzzle + ",\n", csv).at(0).solution.has_value());
  BOOST_TEST(!read_all(kPuzzle + "\n").at(0).solution.has_value());  // line format
  // A solution that is no complete grid of the puzzle's size.
  std::string blank = kSolution, typo = kSolution;
  blank[10] = '.';
  typo[20] = '?';
  const std::string four = "1234341221434321";
  const std::pair<std::string, std::pair<std::string, std::string>> bad[] = {
      {blank, {"2:93", "has a blank at r2c2: a solution fills every cell"}},
      {typo, {"2:103", "is unreadable: unexpected '?'"}},
      {four, {"2:83", "has 16 symbols, but its puzzle has 81 cells"}},
      {"1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1", {"2:83", "is a 4x4 grid, but its puzzle is 9x9"}},
  };
  for (const auto& [field, expected] : bad) {
    BOOST_TEST_CONTEXT(field) {
      const auto entries = read_all("puzzle,solution\n" + kPuzzle + "," + field + "\n" + kPuzzle + "," + kSolution + "\n");
      BOOST_REQUIRE_EQUAL(entries.size(), 2u);
      BOOST_REQUIRE(diagnostic(entries[0]));
      BOOST_TEST(position(*diagnostic(entries[0])) == expected.first);
      BOOST_TEST(why(entries[0]).find("the solution (field 2) of this CSV line " + expected.second) != std::string::npos,
                 why(entries[0]));
      BOOST_TEST(entries[0].index == 1u);
      BOOST_TEST(entries[1].index == 2u);
      BOOST_TEST(entries[1].solution.has_value());
    }
  }
}

BOOST_AUTO_TEST_CASE(csv_collections_read_their_puzzle_column) {
  const Grid puzzle = grid_of(kPuzzle), solution = grid_of(kSolution);
  // `count` entries, each kPuzzle with kSolution beside it.
  auto pairs_read = [&](const std::vector<Entry>& entries, std::size_t count) {
    BOOST_REQUIRE_EQUAL(entries.size(), count);
    for (const Entry& e : entries) {
      BOOST_REQUIRE(grid(e) != nullptr);
      BOOST_TEST((*grid(e) == puzzle));
      BOOST_TEST((e.solution && *e.solution == solution));
    }
  };
  auto grids_of = [](const std::vector<Entry>& entries) {
    std::vector<Grid> grids;
    for (const Entry& e : entries) {
      BOOST_TEST_REQUIRE(grid(e) != nullptr, why(e));
      grids.push_back(*grid(e));
    }
    return grids;
  };
  // A field with a stray character after its puzzle is said so, without the
  // line format's hints (a comment, reading the file as CSV).
  const auto stray = read_all("puzzle,solution\n\"" + kPuzzle + ";x\",\n");
  BOOST_REQUIRE_EQUAL(stray.size(), 1u);
  BOOST_REQUIRE(diagnostic(stray[0]));
  BOOST_TEST(diagnostic(stray[0])->message == "unexpected ';' right after the 81 symbols of the puzzle");
  // The header names the column, wherever it stands; a second header (two
  // files joined) is passed over, and may move the column.
  const std::string rated = "id,puzzle,solution,clues,difficulty\n7," + kPuzzle + "," + kSolution + ",26,2.2\n";
  const std::string pair = "quizzes,solutions\n" + kSolution + "," + kSolution + "\n";
  const auto joined = read_all(rated + pair);
  BOOST_REQUIRE_EQUAL(joined.size(), 2u);
  BOOST_TEST((grids_of(joined) == std::vector<Grid>{puzzle, solution}));
  BOOST_TEST(joined[0].where.line == 2u);
  BOOST_TEST(joined[1].where.line == 4u);
  // Blanks around fields, quotes, CRLF line ends.
  const auto quoted = read_all("\"id\", \"Puzzle\"\r\n1, \"" + kPuzzle + "\"\r\n");
  BOOST_TEST((grids_of(quoted) == std::vector<Grid>{puzzle}));
  // A mistake inside the puzzle field is reported at its column in the line.
  std::string typo = kPuzzle;
  typo[4] = '?';
  const auto bad = read_all("id,puzzle\n12," + typo + "\n3," + kPuzzle + "\n");
  BOOST_REQUIRE_EQUAL(bad.size(), 2u);
  BOOST_REQUIRE(diagnostic(bad[0]));
  BOOST_TEST(position(*diagnostic(bad[0])) == "2:8");
  BOOST_TEST(grid(bad[1]) != nullptr);
  // Given as --input-format csv, a file without header takes its column from
  // the first record with a whole puzzle, and other text beside it is fine.
  const ReadOptions csv{InputFormat::csv, {}, {}};
  const auto rating = read_all(kPuzzle + ", 5 stars\n" + kSolution + ",3 stars\n", csv);
  BOOST_TEST((grids_of(rating) == std::vector<Grid>{puzzle, solution}));
  const auto none = read_all("a,12\n" + kPuzzle + ",x\n", csv);
  BOOST_REQUIRE_EQUAL(none.size(), 2u);
  BOOST_REQUIRE(diagnostic(none[0]));
  BOOST_TEST(why(none[0]).find("no field of this CSV line is a puzzle") != std::string::npos, why(none[0]));
  BOOST_TEST(grid(none[1]) != nullptr);
  // A header whose names say nothing of puzzles, above a record of as many
  // fields with a puzzle in it, is passed over: the records choose the
  // column (and the solution column); above a record of other width, or
  // with no puzzle, it is reported.
  for (const std::string header : {"unsolved,solved", "id,quiz_text"}) {
    BOOST_TEST_CONTEXT(header) {
      const bool pair = header == "unsolved,solved";
      const auto unnamed =
          read_all(header + "\n" + (pair ? kPuzzle + "," + kSolution : "7," + kPuzzle) + "\n", csv);
      BOOST_REQUIRE_EQUAL(unnamed.size(), 1u);
      BOOST_TEST((grids_of(unnamed) == std::vector<Grid>{puzzle}));
      BOOST_TEST(unnamed[0].where.line == 2u);
      BOOST_TEST(unnamed[0].solution.has_value() == pair);
    }
  }
  BOOST_TEST(read_all("unsolved,solved\n" + kPuzzle + "," + kSolution + "\n").size() == 1u);  // detected too
  // In files joined with cat, each such header is passed over; pandas'
  // index column leaves its name empty.
  const std::string unnamed_file = "unsolved,solved\n" + kPuzzle + "," + kSolution + "\n";
  pairs_read(read_all(unnamed_file + unnamed_file + "puzzle,solution\n" + kPuzzle + "," + kSolution + "\n" +
                      unnamed_file),
             4);
  pairs_read(read_all(",unsolved,solved\n0," + kPuzzle + "," + kSolution + "\n"), 1);
  // A puzzle written in letters is no header, though its fields look like names.
  const ReadOptions letters{InputFormat::csv, {}, Alphabet::parse("A-I")};
  std::string lettered = kPuzzle, lettered_solution = kSolution;
  for (std::string* t : {&lettered, &lettered_solution})
    for (char& ch : *t)
      if (ch >= '1' && ch <= '9') ch = static_cast<char>('A' + (ch - '1'));
  BOOST_TEST(read_all(lettered + "," + lettered_solution + "\n" + lettered + "," + lettered_solution + "\n", letters)
                 .size() == 2u);
  // Commands that compare no solution pass the column over: a malformed
  // one costs nothing there.
  ReadOptions without = csv;
  without.solutions = false;
  const auto unread = read_all("puzzle,solution\n" + kPuzzle + ",12345\n", without);
  BOOST_REQUIRE_EQUAL(unread.size(), 1u);
  BOOST_TEST(grid(unread[0]) != nullptr);
  BOOST_TEST(!unread[0].solution.has_value());
  for (const std::string& text : {"a,b,c\n7," + kPuzzle + "\n", "a,b\nx,y\n" + kPuzzle + ",z\n"}) {
    const auto reported = read_all(text, csv);
    BOOST_REQUIRE(!reported.empty());
    BOOST_TEST(diagnostic(reported[0]) != nullptr, text);
  }
  // Headers as programs and spreadsheets write them: pandas' index column
  // (unnamed, or "Unnamed: 0"), a trailing separator, Excel's "sep=;"
  // line, semicolons, tabs, quoted names with blanks inside the quotes, a
  // lone column in lower case; records with an empty solution.
  const std::string both = kPuzzle + "," + kSolution;
  for (const std::string& text :
       {",quizzes,solutions\n0," + both + "\n", "Unnamed: 0,quizzes,solutions\n0," + both + "\n",
        "quizzes,solutions,\n" + both + "\n", "sep=;\nquizzes;solutions\n" + kPuzzle + ";" + kSolution + "\n",
        "quizzes;solutions\n" + kPuzzle + ";" + kSolution + "\n", kPuzzle + "\t" + kSolution + "\n",
        "\" quizzes \",\" solutions \"\n\" " + kPuzzle + " \"," + kSolution + "\n", "puzzle\n" + kPuzzle + "\n",
        "quizzes,solutions\n" + kPuzzle + ",\n", "source,puzzle\n\"Royle, G.\"," + kPuzzle + "\n"}) {
    BOOST_TEST_CONTEXT(text) {
      const auto entries = read_all(text);
      BOOST_TEST((grids_of(entries) == std::vector<Grid>{puzzle}));
    }
  }
  // The same lone name above a drawn grid is a title, reported alone.
  const std::string drawn = slurp(test_data() / "good" / "grid-boxed.txt");
  const auto titled = read_all("sudoku\n" + drawn);
  BOOST_REQUIRE_EQUAL(titled.size(), 2u);
  BOOST_TEST(diagnostic(titled[0]) != nullptr);
  BOOST_TEST((grid(titled[1]) && *grid(titled[1]) == puzzle), why(titled[1]));
  // Without a header, a record with a puzzle and its solution chooses the
  // column: a damaged puzzle in the first record is reported there, and
  // does not make the solutions the column of the records after it.
  std::string damaged = kPuzzle;
  damaged.pop_back();
  for (const std::string& first : {damaged + "," + kSolution, "," + kSolution, "x" + damaged + "," + kSolution}) {
    const auto entries = read_all(first + "\n" + both + "\n" + both + "\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 3u);
    BOOST_TEST(diagnostic(entries[0]) != nullptr, first);
    BOOST_TEST((grid(entries[1]) && *grid(entries[1]) == puzzle), why(entries[1]));
    BOOST_TEST((grid(entries[2]) && *grid(entries[2]) == puzzle), why(entries[2]));
  }
  BOOST_TEST(why(read_all("," + kSolution + "\n" + both + "\n")[0]) ==
             "<text>:1:1: the puzzle field (field 1) of this CSV line is empty");
  // The record that chose the column is named by its line, comments and
  // blank lines counted.
  const auto wider = read_all(damaged + "," + kSolution + "\n# note\n\n" + both + "\n" + both + ",x\n");
  BOOST_REQUIRE_EQUAL(wider.size(), 3u);
  BOOST_TEST(why(wider[2]).find("this CSV line has 3 fields and line 4 (which chose field 1) has 2") !=
                 std::string::npos,
             why(wider[2]));
  // With no record of a puzzle and its solution to tell, a record whose
  // whole puzzle may be the solution of a damaged one is reported, not read.
  const auto untold = read_all(damaged + "," + kSolution + "\n", csv);
  BOOST_REQUIRE_EQUAL(untold.size(), 1u);
  BOOST_TEST(why(untold[0]).find("cannot tell which field of this CSV line holds the puzzle: field 1 is no whole "
                                 "puzzle, and field 2 may be its solution") != std::string::npos,
             why(untold[0]));
  // Other separators settle from the records too (a rating beside the puzzle).
  const auto rated_semi = read_all(kPuzzle + ";11.5\n" + kSolution + ";2\n", csv);
  BOOST_TEST((grids_of(rated_semi) == std::vector<Grid>{puzzle, solution}));
  // A title with a comma, or a lone "grid", above one-line puzzles: a title
  // reported alone for the one, a header for the other.
  const auto title = read_all("sudoku,hard\n" + kPuzzle + "\n" + kSolution + "\n");
  BOOST_REQUIRE_EQUAL(title.size(), 3u);
  BOOST_TEST(diagnostic(title[0]) != nullptr);
  BOOST_TEST((grid(title[1]) && grid(title[2])));
  BOOST_TEST((grids_of(read_all("grid\n" + kPuzzle + "\n")) == std::vector<Grid>{puzzle}));
  // A file without its header joined to one (cat) is not read from the
  // header's column: its records are as wide as the header no more.
  const auto joined_bare = read_all(rated + both + "\n");
  BOOST_REQUIRE_EQUAL(joined_bare.size(), 2u);
  BOOST_TEST(grid(joined_bare[0]) != nullptr);
  BOOST_TEST(why(joined_bare[1]).find("this CSV line has 2 fields and the header on line 1 (column 'puzzle') has 5") !=
                 std::string::npos,
             why(joined_bare[1]));
  // A quoted line break splits its record: the line that fails names the
  // quote left open, and the records after it are read as before.
  const auto split = read_all("id,puzzle,note\n1," + kPuzzle + ",\"two\nlines\"\n2," + kSolution + ",x\n");
  BOOST_REQUIRE_EQUAL(split.size(), 3u);
  BOOST_TEST((grid(split[0]) && *grid(split[0]) == puzzle));
  BOOST_TEST(why(split[1]) == "<text>:3:1: this CSV line has 1 field and the header on line 1 (column 'puzzle') has 3 (line 2 "
                              "opens a quoted field that it does not close; a CSV record is one line here, so a "
                              "field that holds a line break splits its record)");
  BOOST_TEST((grid(split[2]) && *grid(split[2]) == solution));
  const auto opened = read_all("id,puzzle,note,x\n1," + kPuzzle + ",\"two\nlines\",x\n");
  BOOST_REQUIRE_EQUAL(opened.size(), 2u);
  BOOST_TEST(why(opened[0]).find("has 4 (this line opens a quoted field") != std::string::npos, why(opened[0]));
  BOOST_TEST(why(opened[1]).find("(line 2 opens a quoted field") != std::string::npos, why(opened[1]));
  // A whole record after the open quote, with a fault of its own: no word
  // of the quote.
  const auto whole = read_all("id,puzzle,note\n1," + kPuzzle + ",\"two\n2," + kPuzzle.substr(1) + ",x\n");
  BOOST_REQUIRE_EQUAL(whole.size(), 2u);
  BOOST_TEST(why(whole[1]).find("N*N symbols") != std::string::npos, why(whole[1]));
  BOOST_TEST(why(whole[1]).find("quoted") == std::string::npos, why(whole[1]));
  // A header above lines that hold the puzzles alone is no CSV file: the
  // header's line says why it is no puzzle.
  const auto bare = read_all("id,puzzle,solution\n" + kPuzzle + "\n" + kSolution + "\n");
  BOOST_REQUIRE_EQUAL(bare.size(), 3u);
  BOOST_TEST(why(bare[0]).ends_with("(a CSV header naming the puzzle column 'puzzle' among 3 fields, but the lines "
                                    "after it are no such records: remove it, or write its fields in each record)"),
             why(bare[0]));
  BOOST_TEST((grids_of({bare[1], bare[2]}) == std::vector<Grid>{puzzle, solution}));
  const auto bare_semi = read_all("puzzle;solution\n" + kPuzzle + "\n");
  BOOST_TEST(why(bare_semi.at(0)).ends_with("among 2 fields, but the lines after it are no such records: remove it, "
                                            "or write its fields in each record)"),
             why(bare_semi.at(0)));  // (and nothing about comments after it)
  const auto bare_sep = read_all("sep=;\npuzzle;solution\n" + kPuzzle + "\n");
  BOOST_TEST(why(bare_sep.at(0)).ends_with("has 2 (it holds a puzzle alone: write the other fields in each record, "
                                           "or remove the header)"),
             why(bare_sep.at(0)));
  const auto as_lines = read_all("id,puzzle\n1," + kPuzzle + "\n", {InputFormat::line, {}, {}});
  BOOST_TEST(why(as_lines.at(0)).ends_with("(a CSV header: a CSV file reads with --input-format csv)"),
             why(as_lines.at(0)));
  // Kaggle's rated layout on 4x4 boards, without a header: four fields,
  // two of them puzzles as long as the rows of a 16x16 comma board.
  const auto small = read_all("0,1..4.4...1..2..1,1234341241232341,7,1.0\n");
  BOOST_REQUIRE_EQUAL(small.size(), 1u);
  BOOST_TEST((grid(small[0]) && grid(small[0])->size() == 4), why(small[0]));
  // Automatic detection needs a header or a puzzle with its solution: a
  // 16x16 comma board a row short stays a comma board (its rows are as long
  // as 4x4 puzzles), reported as such, and is not read as a 4x4 puzzle.
  std::string short_board;
  for (int r = 0; r < 15; ++r) short_board += std::string(r ? "," : "") + (r ? std::string(16, '.') : "1..2...3...4....");
  const auto board = read_all(short_board + "\n");
  BOOST_REQUIRE_EQUAL(board.size(), 1u);
  BOOST_TEST(why(board[0]).find("found 15 rows separated by commas, expected 16") != std::string::npos, why(board[0]));
}

// A file that did not open is no empty input, and a failed read (a folder)
// is said in satdoku's words, not as a stream exception.
BOOST_AUTO_TEST_CASE(unreadable_inputs_throw_input_errors) {
  const std::string missing = (std::filesystem::temp_directory_path() / "satdoku-no-such-file.txt").string();
  std::ifstream absent(missing);
  PuzzleReader unopened(absent, missing);
  BOOST_CHECK_EXCEPTION(unopened.next(), InputError, [&](const InputError& e) {
    return std::string(e.what()) == missing + ": cannot read: the stream's file is not open (does it exist?)";
  });
  std::ifstream folder(std::filesystem::temp_directory_path());
  BOOST_REQUIRE(folder.is_open());  // (opening a folder succeeds; reading it fails)
  PuzzleReader reader(folder, "tmp");
  BOOST_CHECK_EXCEPTION(reader.next(), InputError, [](const InputError& e) {
    return std::string(e.what()) == "tmp: cannot read: Is a directory";
  });
  // An empty stream that is no file is simply empty.
  std::istringstream empty;
  BOOST_TEST(!PuzzleReader(empty, "empty").next());
  // Alphabet::symbol_of is checked too.
  BOOST_TEST(Alphabet::standard().symbol_of(35) == 'Z');
  BOOST_CHECK_EXCEPTION((void)Alphabet::standard().symbol_of(0), UsageError, [](const UsageError& e) {
    return std::string(e.what()) == "Alphabet::symbol_of: digit 0 is not one of this alphabet's 1-35";
  });
}

// parse_puzzle: the one puzzle of a text, or an InputError saying why not.
BOOST_AUTO_TEST_CASE(parse_puzzle_reads_one_puzzle) {
  const Grid p = parse_puzzle("1..4..1..4..3..2");
  BOOST_TEST(p.size() == 4);
  BOOST_TEST(format_line(p) == "1..4..1..4..3..2");
  BOOST_TEST(parse_puzzle(kPuzzle + "\n").size() == 9);
  BOOST_TEST(parse_puzzle("1 2 . .\n. . 1 2\n2 1 . .\n. . 2 1\n").at(0, 1) == 2);  // a grid of rows
  auto message = [](std::string_view text) {
    try {
      (void)parse_puzzle(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no InputError");
  };
  BOOST_TEST(message("1..4..1..4..3..X").starts_with("<text>:1:16: "), message("1..4..1..4..3..X"));
  BOOST_TEST(message("") == "<text>: parse_puzzle: no puzzle in the text");
  BOOST_TEST(message("1..4..1..4..3..2\n1..4..1..4..3..2\n") ==
             "<text>:2: parse_puzzle: a second puzzle (parse_puzzle reads one; PuzzleReader reads them all)");
}
