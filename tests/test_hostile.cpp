// Hostile and broken input through the command line: each case checks the
// exact message (a fragment of stderr, with its position) and the exit code.
// Exit codes: 0 ok, 1 unsolved, 2 usage or input error (docs/manual.md).
#define BOOST_TEST_MODULE hostile
#include <boost/test/unit_test.hpp>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../cli/memory_guard.hpp"
#include "satdoku/encoding.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::test;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

bool contains(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

// A scratch folder removed at the end of the test; write() puts a file in it
// and returns its path, quoted for the shell.
struct Scratch : ScratchDir {
  Scratch() : ScratchDir("hostile") {}
  std::string write(const std::string& name, const std::string& content) const {
    std::ofstream(dir / name, std::ios::binary) << content;
    return "'" + (dir / name).string() + "'";
  }
};

// `solve --output line` on stdin: one record line per puzzle.
RunResult solve(const std::string& input, const std::string& options = "") {
  return run_satdoku("solve --output line --no-progress " + options, input);
}

}  // namespace

BOOST_AUTO_TEST_CASE(empty_file) {
  Scratch s;
  const std::string empty = s.write("empty.txt", "");
  auto r = run_satdoku("solve --output line " + empty);
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(contains(r.err, "satdoku solve: 0 puzzles"), r.err);
  BOOST_TEST(contains(r.err, "satdoku solve: warning: the input holds no puzzle"), r.err);
  // Among inputs that hold puzzles, each empty one is named.
  const std::string comments = s.write("comments-only.txt", "# nothing\n\n");
  for (const char* command : {"solve -q", "check -q"}) {
    auto among = run_satdoku(std::string(command) + " " + empty + " - " + comments, kPuzzle + "\n");
    BOOST_TEST(among.exit_code == 0, among.err);
    const std::string said = "satdoku " + std::string(command).substr(0, 5) + ": warning: ";
    auto path = [](const std::string& quoted) { return quoted.substr(1, quoted.size() - 2); };
    BOOST_TEST(among.err == said + path(empty) + " holds no puzzle\n" + said + path(comments) + " holds no puzzle\n",
               among.err);
    // A name given again is said once, and standard input read twice not at all.
    auto again = run_satdoku(std::string(command) + " - - " + empty + " " + empty, kPuzzle + "\n");
    BOOST_TEST(again.exit_code == 0, again.err);
    BOOST_TEST(again.err == said + path(empty) + " holds no puzzle\n", again.err);
  }
  // An empty collection passes check, but not without a word, even with -q.
  auto check = run_satdoku("check -q " + empty);
  BOOST_TEST(check.exit_code == 0, check.err);
  BOOST_TEST(check.err == "satdoku check: warning: the input holds no puzzle\n");
  // encode was asked for a CNF and has none to write.
  auto encode = run_satdoku("encode " + empty);
  BOOST_TEST(encode.exit_code == 2, encode.err);
  BOOST_TEST(encode.out == "");
  BOOST_TEST(contains(encode.err, "satdoku encode: the input holds no puzzle: no CNF written"), encode.err);
  const fs::path cnf = s.dir / "none.cnf";
  auto to_file = run_satdoku("encode -o '" + cnf.string() + "' " + s.write("comments.txt", "# only a comment\n\n"));
  BOOST_TEST(to_file.exit_code == 2, to_file.err);
  BOOST_TEST(!fs::exists(cnf));
  // compare has nothing to measure: no table of zeros.
  const fs::path csv = s.dir / "none.csv";
  auto compare = run_satdoku("compare --csv '" + csv.string() + "' " + empty);
  BOOST_TEST(compare.exit_code == 2, compare.err);
  BOOST_TEST(compare.out == "");
  BOOST_TEST(contains(compare.err, "satdoku compare: the input holds no puzzle to compare"), compare.err);
  BOOST_TEST(!fs::exists(csv));
}

BOOST_AUTO_TEST_CASE(ten_megabyte_line_between_good_puzzles) {
  const std::string input = kPuzzle + "\n" + std::string(10u << 20, '1') + "\n" + kPuzzle + "\n";
  auto r = solve(input);
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(lines_of(r.out) == (std::vector<std::string>{kSolution, "error", kSolution}), r.out);
  BOOST_TEST(contains(r.err, "<stdin>:2:1: line of 10485760 bytes is longer than the limit of 8388608 bytes"), r.err);
}

// /dev/zero is one line that never ends: it gets its error record, and
// every command that reads puzzles ends.
BOOST_AUTO_TEST_CASE(dev_zero_is_reported_and_the_program_ends) {
  for (const char* command : {"solve --no-progress", "check --no-progress", "solve -j2 --mode fresh", "encode",
                              "compare"}) {
    BOOST_TEST_CONTEXT(command) {
      auto r = run_satdoku(std::string(command) + " /dev/zero");
      BOOST_TEST(r.exit_code == 2, r.err);
      BOOST_TEST(contains(r.err, "/dev/zero:1:1: line of more than 1073741824 bytes is longer than the limit of "
                                 "8388608 bytes (the rest of the input is not read)"),
                 r.err);
    }
  }
  // After a puzzle, which is still answered.
  auto after = solve(kPuzzle + "\n", "- /dev/zero");
  BOOST_TEST(after.exit_code == 2, after.err);
  BOOST_TEST(lines_of(after.out) == (std::vector<std::string>{kSolution, "error"}), after.out);
  // From a pipe, read through poll().
  auto piped = run_shell("cat /dev/zero | '" + satdoku_binary().string() + "' check -j2 -q 2>&1");
  BOOST_TEST(piped.exit_code == 2, piped.out);
  BOOST_TEST(contains(piped.out, "<stdin>:1:1: line of more than 1073741824 bytes"), piped.out);
}

// A compressed file or UTF-16 text is one error for the whole file that
// says what to do, not one unreadable record per line.
BOOST_AUTO_TEST_CASE(compressed_and_utf16_files_are_named_once) {
  std::string garbage;
  for (int i = 0; i < 300; ++i) garbage.push_back(static_cast<char>(i % 7 == 0 ? '\n' : (i * 37 + 11) % 256));
  std::string utf16le = "\xff\xfe", utf16be;  // with a byte order mark, and without
  for (const char ch : kPuzzle + "\r\n" + kPuzzle + "\r\n") {
    utf16le += std::string{ch, '\0'};
    utf16be += std::string{'\0', ch};
  }
  const std::pair<std::string, std::string> files[] = {
      {std::string("\x1f\x8b\x08\x00", 4) + garbage, "this is a gzip-compressed file, not puzzles: decompress it"},
      {std::string("\xfd" "7zXZ\x00", 6) + garbage, "this is an xz-compressed file, not puzzles: decompress it first (xzcat FILE"},
      {std::string("\x28\xb5\x2f\xfd") + garbage, "this is a zstd-compressed file, not puzzles: decompress it first (zstdcat FILE"},
      {"BZh91AY&SY" + garbage, "this is a bzip2-compressed file, not puzzles: decompress it first (bzcat FILE"},
      {"PK\x03\x04" + garbage, "this is a zip archive, not puzzles: unzip it first"},
      {utf16le, "this is UTF-16 text (as Windows Notepad or PowerShell may save it), not UTF-8 or ASCII"},
      {utf16be, "this is UTF-16 text"},
      {"\xff\xfe\r" + std::string(1, '\0') + "\n" + utf16le.substr(2), "this is UTF-16 text"},  // a blank line first
      {std::string("9\0\n\0", 4) + utf16le.substr(2), "this is UTF-16 text"}};  // one character, no mark
  for (const auto& [input, message] : files) {
    BOOST_TEST_CONTEXT(message) {
      const auto r = solve(input);
      BOOST_TEST(r.exit_code == 2);
      BOOST_TEST(lines_of(r.out) == std::vector<std::string>{"error"});
      BOOST_TEST(contains(r.err, "<stdin>: " + message), r.err);  // the file's, no line's
      BOOST_TEST(contains(r.err, "0 puzzles: 0 solved, 0 none, 0 invalid, 0 unknown, 0 errors, 1 input not read"), r.err);
    }
  }
  // The whole signature is needed: a line that merely starts with "PK" is
  // a puzzle with bad symbols, not an archive.
  const auto pk = solve("PK" + kPuzzle.substr(2) + "\n");
  BOOST_TEST(pk.exit_code == 2);
  BOOST_TEST(contains(pk.err, "<stdin>:1:1: symbol 'P' stands for 25, beyond 9"), pk.err);
}

BOOST_AUTO_TEST_CASE(binary_garbage_and_nul_bytes) {
  std::string garbage = "\x89PNG\r\n\x1a\n";
  for (int i = 0; i < 512; ++i) garbage.push_back(static_cast<char>((i * 131 + 7) % 256));
  auto r = solve(garbage);
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(contains(r.err, "<stdin>:1:1: unexpected byte 0x89"), r.err);
  BOOST_TEST(!lines_of(r.out).empty());
  for (const auto& line : lines_of(r.out)) BOOST_TEST(line == "error");

  std::string with_nul = kPuzzle;
  with_nul[4] = '\0';
  auto nul = solve(with_nul + "\n" + kPuzzle + "\n");
  BOOST_TEST(nul.exit_code == 2);
  BOOST_TEST(lines_of(nul.out) == (std::vector<std::string>{"error", kSolution}), nul.out);
  BOOST_TEST(contains(nul.err, "<stdin>:1:5: unexpected byte 0x00"), nul.err);
}

// JSON and JUnit XML quote the bad line: bytes that are not UTF-8 must not
// abort the program (nlohmann::json throws on them by default) nor make the
// XML unreadable.
BOOST_AUTO_TEST_CASE(bytes_that_are_not_utf8_in_json_and_junit) {
  Scratch s;
  const std::string input = s.write("bad.txt", "\xff\xfe" + kPuzzle.substr(2) + "\n" + kPuzzle + "\n" +
                                                   "\xc3\xa9\xed\xa0\x80" + kPuzzle.substr(5) + "\n");
  for (const char* command : {"solve --output json --no-progress", "check --output json --no-progress"}) {
    auto r = run_satdoku(std::string(command) + " " + input);
    BOOST_TEST(r.exit_code == 2, command << ": " << r.exit_code << " " << r.err);
    BOOST_TEST(contains(r.err, "bad.txt:1:1: unexpected byte 0xFF"), r.err);
    const auto lines = lines_of(r.out);
    BOOST_REQUIRE_MESSAGE(lines.size() == 3u, command << ": " << r.out);
    for (const auto& line : lines) BOOST_TEST(nlohmann::json::accept(line), line);
    BOOST_TEST(nlohmann::json::parse(lines[1])["solution"] == kSolution);
  }
  const fs::path xml = s.dir / "report.xml";
  auto r = run_satdoku("check --no-progress --junit '" + xml.string() + "' " + input);
  BOOST_TEST(r.exit_code == 2, r.err);
  BOOST_REQUIRE(fs::exists(xml));
  BOOST_TEST(std::system(("xmllint --noout '" + xml.string() + "' 2>/dev/null").c_str()) == 0);
}

BOOST_AUTO_TEST_CASE(utf8_bom_and_crlf_are_accepted) {
  auto r = solve("\xEF\xBB\xBF" + kPuzzle + "\r\n" + kPuzzle + "\r\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(lines_of(r.out) == (std::vector<std::string>{kSolution, kSolution}), r.out);
  // The same in the grid format, one row per CRLF line.
  std::string grid = "\xEF\xBB\xBF";
  for (int row = 0; row < 9; ++row) grid += kPuzzle.substr(9 * row, 9) + "\r\n";
  auto g = solve(grid);
  BOOST_TEST(g.exit_code == 0, g.err);
  BOOST_TEST(g.out == kSolution + "\n");
}

BOOST_AUTO_TEST_CASE(rows_too_short_or_too_long) {
  auto shorter = solve(kPuzzle.substr(0, 80) + "\n");
  BOOST_TEST(shorter.exit_code == 2);
  BOOST_TEST(shorter.out == "error\n");
  BOOST_TEST(contains(shorter.err, "<stdin>:1:1:"), shorter.err);
  BOOST_TEST(contains(shorter.err, "found 80"), shorter.err);
  auto longer = solve(kPuzzle + ".\n");
  BOOST_TEST(longer.exit_code == 2);
  BOOST_TEST(contains(longer.err, "found 82"), longer.err);

  std::string grid;
  for (int row = 0; row < 9; ++row) grid += kPuzzle.substr(9 * row, 9) + (row == 2 ? "." : "") + "\n";
  auto g = solve(grid);
  BOOST_TEST(g.exit_code == 2);
  BOOST_TEST(contains(g.err, "<stdin>:3:10: row 3 has 10 symbols, expected 9"), g.err);
  std::string short_row;
  for (int row = 0; row < 9; ++row) short_row += kPuzzle.substr(9 * row, row == 4 ? 7 : 9) + "\n";
  auto sr = solve(short_row);
  BOOST_TEST(sr.exit_code == 2);
  BOOST_TEST(contains(sr.err, "<stdin>:5:8: row 5 has 7 symbols, expected 9"), sr.err);
}

BOOST_AUTO_TEST_CASE(symbol_out_of_range_for_the_board) {
  auto r = solve("1...\n..2.\n.5..\n...4\n");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out == "error\n");
  BOOST_TEST(contains(r.err, "<stdin>:3:2: symbol '5' stands for 5, beyond 4 in a 4x4 board"), r.err);
}

BOOST_AUTO_TEST_CASE(numbers_too_large_or_negative_in_tokens) {
  // A 16x16 board of tokens; one number replaced per case.
  auto board = [](const std::string& bad) {
    std::string text;
    for (int row = 0; row < 16; ++row) {
      for (int col = 0; col < 16; ++col) {
        if (col) text += ' ';
        text += row == 3 && col == 2 ? bad : "0";
      }
      text += '\n';
    }
    return text;
  };
  auto large = solve(board("123456789012345678901234567890"), "--input-format tokens");
  BOOST_TEST(large.exit_code == 2);
  BOOST_TEST(large.out == "error\n");
  BOOST_TEST(contains(large.err, "<stdin>:4:5: number '123456789012345678901234...' is too large: expected 0 (blank) to 16"), large.err);
  auto beyond = solve(board("17"), "--input-format tokens");
  BOOST_TEST(beyond.exit_code == 2);
  BOOST_TEST(contains(beyond.err, "<stdin>:4:5: number 17 is out of range for a 16x16 board"), beyond.err);
  auto negative = solve(board("-3"), "--input-format tokens");
  BOOST_TEST(negative.exit_code == 2);
  BOOST_TEST(contains(negative.err, "<stdin>:4:5: negative number '-3'"), negative.err);
}

BOOST_AUTO_TEST_CASE(no_box_shape_and_a_box_that_does_not_multiply) {
  auto prime = solve(std::string(49, '.') + "\n");
  BOOST_TEST(prime.exit_code == 2);
  BOOST_TEST(prime.out == "error\n");
  BOOST_TEST(contains(prime.err, "7 is prime"), prime.err);
  auto box = solve(kPuzzle + "\n", "--box 2x4");
  BOOST_TEST(box.exit_code == 2);
  BOOST_TEST(box.out == "error\n");
  BOOST_TEST(contains(box.err, "box 2x4 does not fit a 9x9 board"), box.err);
  auto malformed = solve(kPuzzle + "\n", "--box 3by3");
  BOOST_TEST(malformed.exit_code == 2);
  BOOST_TEST(malformed.out == "");
}

BOOST_AUTO_TEST_CASE(empty_400x400_board_is_refused_before_building) {
  // 400 rows of 400 zeros: 64 million variables, far beyond the budget given.
  std::string board;
  const std::string row = "0" + [] { std::string r; for (int i = 1; i < 400; ++i) r += " 0"; return r; }() + "\n";
  for (int i = 0; i < 400; ++i) board += row;
  auto r = solve(board, "--max-memory 1G -j 1 --no-cross-check");
  BOOST_TEST(r.exit_code == 1);  // a limit reached, as with --timeout
  BOOST_TEST(r.out == "unknown\n");
  BOOST_TEST(contains(r.err, "formula of a 400x400 board needs up to "), r.err);
  BOOST_TEST(contains(r.err, "<stdin>:1: unknown: the "), r.err);
  BOOST_TEST(contains(r.err, " variables, "), r.err);
  BOOST_TEST(contains(r.err, "more than the 1.0 GiB that --max-memory allows; refused before building it"), r.err);
  // The commander rules do not fit either: no such hint.
  BOOST_TEST(!contains(r.err, "--amo commander"), r.err);
  // With its clues the same board fits in far less: the estimate counts the
  // reduced formula (which itself takes memory by the candidates left open).
  const std::string clued = (shared_data() / "large" / "sudoku-400-1.txt").string();
  auto fits = run_satdoku("solve -q -o line -j 1 --no-cross-check --max-memory 512M '" + clued + "'");
  BOOST_TEST(fits.exit_code == 0, fits.err);
}

// An empty 100x100 board: its pairwise rules (the default) would take 14 GiB,
// its commander rules 1.3 GiB, and the refusal says so.
BOOST_AUTO_TEST_CASE(a_refusal_names_the_smaller_method_when_it_fits) {
  std::string board;
  const std::string row = "0" + [] { std::string r; for (int i = 1; i < 100; ++i) r += " 0"; return r; }() + "\n";
  for (int i = 0; i < 100; ++i) board += row;
  auto pairwise = solve(board, "--max-memory 4G -j 1 --no-cross-check");
  BOOST_TEST(pairwise.exit_code == 1);
  BOOST_TEST(contains(pairwise.err, "refused before building it (raise --max-memory, or give --amo commander, "
                                    "whose rules take less, or try --backend native)"),
             pairwise.err);
  // Too little memory for commander rules as well: only the other two hints.
  auto tight = solve(board, "--max-memory 256M -j 1 --no-cross-check");
  BOOST_TEST(tight.exit_code == 1);
  BOOST_TEST(contains(tight.err, "(raise --max-memory, or try --backend native)"), tight.err);
}

// Beyond 400x400 the reader still reads a board; the guard refuses an empty
// 1024x1024 one from its size alone (counting its formula would take more
// memory than the budget: it used to, and was killed), and the puzzles
// around it are solved.
BOOST_AUTO_TEST_CASE(empty_1024x1024_board_between_two_puzzles) {
  const std::string input = kPuzzle + "\n" + std::string(1024 * 1024, '.') + "\n" + kPuzzle + "\n";
  auto r = solve(input, "--max-memory 8G -j 1");
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out == kSolution + "\nunknown\n" + kSolution + "\n");
  BOOST_TEST(contains(r.err, "<stdin>:2: unknown: the "), r.err);
  BOOST_TEST(contains(r.err, "formula of a 1024x1024 board needs up to "), r.err);
}

// Memory that runs out anyway (the guard told to allow a terabyte, the
// process limited to 1 GB of address space) costs the puzzle its record,
// not the batch.  Not in the AddressSanitizer build: its shadow memory needs
// far more address space than any such limit allows.
#if !defined(__SANITIZE_ADDRESS__)
BOOST_AUTO_TEST_CASE(running_out_of_memory_costs_one_record) {
  Scratch s;
  const std::string input = s.write("mix.txt", kPuzzle + "\n" + std::string(100 * 100, '.') + "\n" + kPuzzle + "\n");
  const std::string out = (s.dir / "out").string(), err = (s.dir / "err").string();
  const std::string command = "sh -c \"ulimit -v 1000000; '" + satdoku_binary().string() +
                              "' solve -o line -j 1 --max-memory 1T " + input + " > '" + out + "' 2> '" + err + "'\"";
  const int status = std::system(command.c_str());
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2), status);
  BOOST_TEST(slurp(out) == kSolution + "\nerror\n" + kSolution + "\n");
  BOOST_TEST(contains(slurp(err), "mix.txt:2: error: out of memory"), slurp(err));
}

// Memory that runs out inside CaDiCaL's search, in check --minimal's clue
// analysis of sudoku-25-1 (here 70-140 MB of address space): CaDiCaL is left
// mid-search, and destroying it aborted the process ("invalid API usage
// ... disconnect_terminator", exit 134).  The instance is now kept, the
// clues are undecided, and the verdict stands.
BOOST_AUTO_TEST_CASE(memory_that_runs_out_mid_search_costs_the_clue_analysis_only) {
  Scratch s;
  const std::string out = (s.dir / "out").string(), err = (s.dir / "err").string();
  const std::string board = (shared_data() / "large" / "sudoku-25-1.txt").string();
  // (Limits from 70 to 140 MB: on another machine the clue analysis may
  // run out at other ones; below them the search itself does, and the run
  // says "out of memory", exit code 2.)
  int ran_out = 0;
  for (int kilobytes = 70000; kilobytes <= 140000; kilobytes += 10000) {
    BOOST_TEST_CONTEXT("ulimit -v " << kilobytes) {
      const std::string command = "sh -c \"ulimit -v " + std::to_string(kilobytes) + "; '" +
                                  satdoku_binary().string() + "' check --minimal -q -j 1 -o json '" + board + "' > '" +
                                  out + "' 2> '" + err + "'\"";
      const int status = std::system(command.c_str());
      BOOST_TEST_REQUIRE(WIFEXITED(status), status << ": " << slurp(err));
      if (WEXITSTATUS(status) == 2) {
        BOOST_TEST(slurp(err) == "satdoku check: out of memory\n");
        continue;
      }
      BOOST_TEST(WEXITSTATUS(status) == 0, slurp(err));
      const std::vector<std::string> lines = lines_of(slurp(out));
      BOOST_TEST_REQUIRE(lines.size() == 1u, slurp(out));
      const auto record = nlohmann::json::parse(lines[0]);
      BOOST_TEST(record["verdict"] == "unique", lines[0]);
      if (record.value("clues_message", "") == "out of memory") ++ran_out;
    }
  }
  BOOST_TEST(ran_out > 0, "no limit made the clue analysis run out of memory: nothing was tested");
}

// A system that refuses every worker thread (here: each thread's 100 MB
// stack beyond a 60 MB address space) leaves the batch to the main thread,
// with the same answers, from a file and from a pipe (where the schedule
// that needs two workers would run), for every command with --jobs.
BOOST_AUTO_TEST_CASE(no_thread_for_the_workers_leaves_the_work_to_one) {
  Scratch s;
  std::string text;
  for (int i = 0; i < 40; ++i) text += kPuzzle + "\n";
  const std::string input = s.write("in.txt", text);
  const std::string out = (s.dir / "out").string(), err = (s.dir / "err").string();
  for (const std::string command : {"solve -o line", "check -q", "compare --encodings triads --csv -"})
    for (const std::string& feed : {" " + input, " < " + input, " - < " + input})
      BOOST_TEST_CONTEXT(command << feed) {
        const std::string line = "sh -c \"ulimit -s 100000; ulimit -v 60000; '" + satdoku_binary().string() + "' " +
                                 command + " -j 2" + feed + " > '" + out + "' 2> '" + err + "'\"";
        const int status = std::system(line.c_str());
        BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), slurp(err));
        const std::vector<std::string> lines = lines_of(slurp(out));
        if (command.starts_with("compare")) {
          BOOST_TEST(lines.size() == 2u, slurp(out));  // the head and the row
        } else {
          BOOST_TEST(lines.size() == 40u);
          for (const std::string& l : lines) BOOST_TEST(contains(l, kSolution), l);
        }
      }
}
#endif

BOOST_AUTO_TEST_CASE(unreadable_files) {
  Scratch s;
  auto missing = run_satdoku("solve --output line '" + (s.dir / "missing.txt").string() + "'");
  BOOST_TEST(missing.exit_code == 2);
  BOOST_TEST(contains(missing.err, (s.dir / "missing.txt").string() + ": cannot open"), missing.err);
  // Counted apart: no puzzle was read.
  BOOST_TEST(contains(missing.err, "satdoku solve: 0 puzzles: 0 solved, 0 none, 0 invalid, 0 unknown, 0 errors, 1 "
                                   "input not read;"), missing.err);
  // A folder opens but cannot be read (unlike permissions, this holds for
  // root too); the next file is still read.
  const std::string good = s.write("good.txt", kPuzzle + "\n");
  auto folder = run_satdoku("solve --output line '" + s.dir.string() + "' " + good);
  BOOST_TEST(folder.exit_code == 2);
  BOOST_TEST(contains(folder.err, s.dir.string() + ": cannot read: Is a directory"), folder.err);
  BOOST_TEST(lines_of(folder.out) == (std::vector<std::string>{"error", kSolution}), folder.out);
  BOOST_TEST(contains(folder.err, "satdoku solve: 1 puzzle: 1 solved, 0 none, 0 invalid, 0 unknown, 0 errors, 1 "
                                  "input not read;"), folder.err);
  auto check = run_satdoku("check '" + s.dir.string() + "' " + good);
  BOOST_TEST(check.exit_code == 2);
  BOOST_TEST(contains(check.err, "satdoku check: 1 puzzle: 1 unique, 0 multiple, 0 none, 0 invalid, 0 unknown, 0 "
                                 "errors, 1 input not read;"), check.err);
  BOOST_TEST(contains(check.err, s.dir.string() + ": cannot read: Is a directory"), check.err);
  auto encode = run_satdoku("encode '" + s.dir.string() + "'");
  BOOST_TEST(encode.exit_code == 2);
  BOOST_TEST(contains(encode.err, s.dir.string() + ": cannot read: Is a directory"), encode.err);
}

BOOST_AUTO_TEST_CASE(output_path_in_a_missing_folder) {
  Scratch s;
  const fs::path target = s.dir / "no-such-folder" / "p.cnf";
  auto encode = run_satdoku("encode -o '" + target.string() + "'", kPuzzle + "\n");
  BOOST_TEST(encode.exit_code == 2);
  BOOST_TEST(contains(encode.err, target.string()), encode.err);
  BOOST_TEST(!fs::exists(target.parent_path()));
  const fs::path junit = s.dir / "no-such-folder" / "report.xml";
  auto check = run_satdoku("check --junit '" + junit.string() + "'", kPuzzle + "\n");
  BOOST_TEST(check.exit_code == 2);
  BOOST_TEST(contains(check.err, junit.string()), check.err);
  // --out-dir (like check --proof) makes its folder.
  auto out_dir = run_satdoku("encode --out-dir '" + target.parent_path().string() + "'", kPuzzle + "\n");
  BOOST_TEST(out_dir.exit_code == 0, out_dir.err);
  BOOST_TEST(fs::exists(target.parent_path() / "1.cnf"));
}

BOOST_AUTO_TEST_CASE(memory_guard_counts_what_the_clues_leave_open_as_the_encoder_does) {
  // The guard's cheap count against the clue reduction's own, on boards of
  // several sizes and box shapes (6x6 has 2x3 boxes), full and sparse.
  std::vector<Grid> puzzles = read_puzzles(shared_data() / "17_clue.txt", 50);
  for (const char* name : {"sudoku-16-1.txt", "sudoku-25-1.txt", "sudoku-100-1.txt"})
    for (Grid& p : read_puzzles(shared_data() / "large" / name, 1)) puzzles.push_back(std::move(p));
  for (Grid& p : read_puzzles_text("1 0 0 0 0 0\n0 0 3 0 0 0\n0 0 0 0 5 0\n0 6 0 0 0 0\n0 0 0 2 0 0\n0 0 0 0 0 4\n"))
    puzzles.push_back(std::move(p));
  BOOST_REQUIRE(puzzles.size() == 54);
  for (const Grid& p : puzzles) {
    const auto n = static_cast<std::uint64_t>(p.size());
    const Encoder clues(p, {Encoding::extended, AmoMethod::pairwise, Reduction::clues});
    BOOST_REQUIRE(!clues.conflict());
    BOOST_TEST(cli::open_after_clues(p) == n * n * n - clues.fixed_primary(), p.size());
  }
  // An empty board leaves every variable open, a full one none.
  const Grid empty(Geometry::shared(16));
  BOOST_TEST(cli::open_after_clues(empty) == 16u * 16u * 16u);
  Grid full = read_puzzles_text(kSolution + "\n").at(0);
  BOOST_TEST(cli::open_after_clues(full) == 0u);
}

// encode --max-memory counts what the reduction holds of its own, before
// building: probing keeps the propagated formula twice over (an empty 64x64
// board's natural formula: 1.07 GB), which the guard took for nothing, so
// that --max-memory 512M ran out of memory under a 700 MB address space
// instead of refusing; propagation its counters and queues (sudoku-225-1:
// 32 MB beyond the process's own, the guard's byte per variable said
// 29 MiB).  A puzzle whose propagation leaves little to probe is counted and
// fits.
BOOST_AUTO_TEST_CASE(encode_guard_counts_what_the_reduction_holds) {
  Scratch s;
  std::string rows;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 64; ++c) rows += c < 63 ? "0 " : "0\n";
  const std::string empty = s.write("empty-64.txt", rows);
  const std::string cnf = "'" + (s.dir / "p.cnf").string() + "'";
#if defined(__SANITIZE_ADDRESS__)
  const std::string limit;  // its shadow memory needs far more address space
#else
  const std::string limit = "ulimit -v 700000; ";
#endif
  const RunResult probe = run_shell("sh -c \"" + limit + "'" + satdoku_binary().string() +
                                    "' encode -e natural --reduce probe --max-memory 512M -o " + cnf + " " + empty +
                                    "; echo exit \\$?\" 2>&1");
  BOOST_TEST(contains(probe.out, "empty-64.txt:1: the natural/pairwise formula of a 64x64 board needs up to "),
             probe.out);
  BOOST_TEST(contains(probe.out, " with --reduce probe ("), probe.out);
  BOOST_TEST(contains(probe.out, "refused before building it (raise --max-memory, or use --reduce propagate: "),
             probe.out);
  BOOST_TEST(!contains(probe.out, "out of memory"), probe.out);
  BOOST_TEST(contains(probe.out, "exit 2"), probe.out);
  BOOST_TEST(!fs::exists(s.dir / "p.cnf"));
  const std::string board64 = "'" + (shared_data() / "large" / "sudoku-64-1.txt").string() + "'";
  const RunResult clued = run_satdoku("encode -q --reduce probe --max-memory 64M -o /dev/null " + board64);
  BOOST_TEST(clued.exit_code == 0, clued.err);
  const std::string board225 = "'" + (shared_data() / "large" / "sudoku-225-1.txt").string() + "'";
  const RunResult tight = run_satdoku("encode --reduce propagate --max-memory 32M -o /dev/null " + board225);
  BOOST_TEST(tight.exit_code == 2);
  BOOST_TEST(contains(tight.err, "formula of a 225x225 board needs up to "), tight.err);
  BOOST_TEST(contains(tight.err, " with --reduce propagate ("), tight.err);
  const RunResult roomy = run_satdoku("encode -q --reduce propagate --max-memory 64M -o /dev/null " + board225);
  BOOST_TEST(roomy.exit_code == 0, roomy.err);
}

BOOST_AUTO_TEST_CASE(sizes_that_round_alike_are_written_apart) {
  using satdoku::cli::format_bytes_apart;
  const std::uint64_t gib = std::uint64_t{1} << 30;
  using Pair = std::pair<std::string, std::string>;
  BOOST_TEST((format_bytes_apart(3 * gib, gib) == Pair{"3.0 GiB", "1.0 GiB"}));
  // 2.01 GiB against 2 GiB: "2.0 GiB" twice would say a size exceeds itself.
  BOOST_TEST((format_bytes_apart(2 * gib + gib / 100, 2 * gib) == Pair{"2.01 GiB", "2.00 GiB"}));
  BOOST_TEST((format_bytes_apart(2 * gib + 1, 2 * gib) == Pair{"2147483649 bytes", "2147483648 bytes"}));
  BOOST_TEST((format_bytes_apart(gib, gib) == Pair{"1.0 GiB", "1.0 GiB"}));
  BOOST_TEST((format_bytes_apart(900, 512) == Pair{"900 bytes", "512 bytes"}));
}

// Sizes as satdoku's own messages write them ("1.0 GiB") are sizes too.
BOOST_AUTO_TEST_CASE(memory_sizes_take_binary_suffixes) {
  using satdoku::cli::parse_memory_size;
  BOOST_TEST(parse_memory_size("512M") == std::uint64_t{512} << 20);
  BOOST_TEST(parse_memory_size("512MiB") == std::uint64_t{512} << 20);
  BOOST_TEST(parse_memory_size("4GiB") == std::uint64_t{4} << 30);
  BOOST_TEST(parse_memory_size("4GB") == std::uint64_t{4} << 30);
  BOOST_TEST(parse_memory_size("1.5Gi") == std::uint64_t{3} << 29);
  BOOST_TEST(parse_memory_size("2048k") == std::uint64_t{2} << 20);
  BOOST_TEST(parse_memory_size("1000") == 1000u);
  BOOST_CHECK_THROW(parse_memory_size("4Gx"), UsageError);
  BOOST_CHECK_THROW(parse_memory_size("4iB"), UsageError);
}

BOOST_AUTO_TEST_CASE(max_memory_option) {
  auto bad = solve(kPuzzle + "\n", "--max-memory lots");
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(contains(bad.err, "--max-memory 'lots' is not a size"), bad.err);
  BOOST_TEST(bad.out == "");
  auto zero = solve(kPuzzle + "\n", "--max-memory 0");
  BOOST_TEST(zero.exit_code == 2);
  BOOST_TEST(contains(zero.err, "--max-memory must be more than 0 (without it: half the machine's memory, "), zero.err);
  BOOST_TEST(contains(solve(kPuzzle + "\n", "--max-memory -1G").err, "--max-memory '-1G' is not a size"));
  BOOST_TEST(contains(solve(kPuzzle + "\n", "--max-memory 0abc").err, "--max-memory '0abc' is not a size"));
  // Well-formed sizes out of range say so.
  BOOST_TEST(contains(solve(kPuzzle + "\n", "--max-memory 0.5").err, "--max-memory '0.5' is less than a byte"));
  BOOST_TEST(satdoku::cli::parse_memory_size("16777215T") == std::uint64_t{16777215} << 40);  // 1 TiB under 16 EiB
  BOOST_TEST(contains(solve(kPuzzle + "\n", "--max-memory 20000000T").err, "'20000000T' is 16 EiB or more"));
  // A whole 9x9 formula (no reduction) needs far more than 1K: refused, the
  // batch goes on; native is not guarded.
  const std::string whole = " --mode fresh --reduce none";
  auto tiny = solve(kPuzzle + "\n" + kPuzzle + "\n", "--max-memory 1K -j 1" + whole);
  BOOST_TEST(tiny.exit_code == 1);
  BOOST_TEST(lines_of(tiny.out) == (std::vector<std::string>{"unknown", "unknown"}), tiny.out);
  BOOST_TEST(contains(tiny.err, "<stdin>:1: unknown: the "), tiny.err);
  BOOST_TEST(contains(tiny.err, "formula of a 9x9 board needs up to "), tiny.err);
  BOOST_TEST(contains(tiny.err, "more than the 1.0 KiB that --max-memory allows"), tiny.err);
  auto shared = solve(kPuzzle + "\n", "--max-memory 1K -j 2" + whole);
  BOOST_TEST(shared.exit_code == 1);
  BOOST_TEST(contains(shared.err, "more than the 512 bytes that --max-memory (1.0 KiB shared by 2 workers) allows"),
             shared.err);
  auto native = solve(kPuzzle + "\n", "--max-memory 1K --backend native");
  BOOST_TEST(native.exit_code == 0, native.err);
  auto enough = solve(kPuzzle + "\n", "--max-memory 1G" + whole);
  BOOST_TEST(enough.exit_code == 0, enough.err);
  BOOST_TEST(enough.out == kSolution + "\n");
  auto encode = run_satdoku("encode --max-memory 1K --reduce none -e natural", kPuzzle + "\n");
  BOOST_TEST(encode.exit_code == 2);
  BOOST_TEST(contains(encode.err, "<stdin>:1: the natural/pairwise formula of a 9x9 board needs up to "), encode.err);
  BOOST_TEST(encode.out == "");
  auto check = run_satdoku("check --max-memory 1K -j 1 --output json" + whole, kPuzzle + "\n");
  BOOST_TEST(check.exit_code == 1);
  BOOST_TEST(contains(check.out, "\"status\":\"unknown\""), check.out);
  BOOST_TEST(contains(check.out, "\"verdict\":\"unknown\""), check.out);
  BOOST_TEST(contains(check.out, "formula of a 9x9 board needs up to "), check.out);
  // A refused puzzle has no answer to cross-check: the reference is not run
  // (it would note that it gave up, and in check search for nothing).
  const std::string board16 = "'" + (shared_data() / "large" / "sudoku-16-1.txt").string() + "'";
  for (const std::string command : {"solve", "check"}) {
    auto refused = run_satdoku(command + " -o json -j 1 --max-memory 1K --reference-timeout 0.000001" + whole + " " +
                               board16);
    BOOST_TEST(refused.exit_code == 1, command + ": " + refused.err);
    BOOST_TEST(contains(refused.out, "\"status\":\"unknown\""), refused.out);
    BOOST_TEST(!contains(refused.out, "\"reference\""), refused.out);
    BOOST_TEST(!contains(refused.err, "note:"), refused.err);
  }
  // With the reduction, a puzzle that propagation settles needs no formula.
  auto settled = solve(kPuzzle + "\n", "--max-memory 1K -j 1 --mode fresh --reduce propagate");
  BOOST_TEST(settled.exit_code == 0, settled.err);
  BOOST_TEST(settled.out == kSolution + "\n");
}

// Without --max-memory the budget is half the machine's memory, shared among
// the workers.  The machine's memory is asked of sysconf() here as the
// program asks it (in some containers /proc/meminfo gives the container's
// limit instead); the formula of sudoku-400-1 without reduction (3.5 TiB)
// exceeds any machine's half.
BOOST_AUTO_TEST_CASE(default_budget_is_half_the_memory_shared_by_the_jobs) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
  BOOST_TEST_REQUIRE(pages > 0);
  BOOST_TEST_REQUIRE(page_size > 0);
  const std::uint64_t half = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 2;
  const std::string board = "'" + (shared_data() / "large" / "sudoku-400-1.txt").string() + "'";
  const std::string whole = "solve -o line --no-progress --no-cross-check --mode fresh --reduce none --amo pairwise ";
  auto one = run_satdoku(whole + "-j 1 " + board);
  BOOST_TEST(one.exit_code == 1, one.err);
  BOOST_TEST(contains(one.err, "more than the " + cli::format_bytes(half) + " that --max-memory allows"), one.err);
  auto two = run_satdoku(whole + "-j 2 " + board);
  BOOST_TEST(two.exit_code == 1, two.err);
  BOOST_TEST(contains(two.err, "more than the " + cli::format_bytes(half / 2) + " that --max-memory (" +
                                   cli::format_bytes(half) + " shared by 2 workers) allows"),
             two.err);
  // The help text names the same default.
  auto help = run_satdoku("solve --help");
  BOOST_TEST(contains(help.out, cli::format_bytes(half)), help.out);
}

// Standard output redirected to an input, or to a file an option names:
// `solve F >> F` read its own answers back as puzzles until the disk was
// full, and `check --junit r.xml F > r.xml` lost the records to the report
// renamed over them, with exit code 0.  Both are refused before the run,
// and the file is left as it was; a run that writes nothing on standard
// output (encode -o FILE) is not concerned.
BOOST_AUTO_TEST_CASE(standard_output_into_an_input_or_an_output_is_refused) {
  Scratch s;
  const std::string puzzles = kPuzzle + "\n" + kPuzzle + "\n";
  const std::string in = s.write("in.txt", puzzles);
  const std::string satdoku = "'" + satdoku_binary().string() + "' ";
  const std::string cd = "cd '" + s.dir.string() + "' && ";
  for (const std::string command : {"solve -o line in.txt >> in.txt", "solve -o line < in.txt >> in.txt",
                                    "check in.txt - < in.txt >> in.txt", "encode in.txt >> in.txt",
                                    "compare --encodings triads in.txt >> in.txt"}) {
    BOOST_TEST_CONTEXT(command) {
      const RunResult r = run_shell(cd + satdoku + command + " 2> err; echo \"exit $?\"; cat err");
      BOOST_TEST(contains(r.out, "exit 2"), r.out);
      BOOST_TEST(contains(r.out, "standard output"), r.out);
      BOOST_TEST(slurp(s.dir / "in.txt") == puzzles);
    }
  }
  for (const std::string command : {"check --junit r.xml in.txt > r.xml", "compare --csv r.csv in.txt > r.csv"}) {
    BOOST_TEST_CONTEXT(command) {
      const RunResult r = run_shell(cd + satdoku + command + " 2> err; echo \"exit $?\"; cat err");
      BOOST_TEST(contains(r.out, "exit 2"), r.out);
      BOOST_TEST(contains(r.out, "is also standard output: one would be lost to the other"), r.out);
    }
  }
  // Into the proof folder under a proof's name: the first proof was renamed
  // over the records, with exit code 0.
  fs::create_directories(s.dir / "proofs");
  const RunResult proof =
      run_shell(cd + satdoku + "check --proof proofs in.txt > proofs/1.cnf 2> err; echo \"exit $?\"; cat err");
  BOOST_TEST(contains(proof.out, "exit 2"), proof.out);
  BOOST_TEST(contains(proof.out, "and standard output is proofs/1.cnf, one of them"), proof.out);
  BOOST_TEST(fs::is_empty(s.dir / "proofs" / "1.cnf"));
  BOOST_TEST(!fs::exists(s.dir / "proofs" / "1.drat"));
  // encode --out-dir prints nothing there: its CNF may take that place.
  fs::create_directories(s.dir / "cnfs");
  const RunResult cnfs = run_shell(cd + satdoku + "encode -q --out-dir cnfs in.txt > cnfs/1.cnf 2> err; echo \"exit $?\"");
  BOOST_TEST(cnfs.out == "exit 0\n", cnfs.out + slurp(s.dir / "err"));
  BOOST_TEST(fs::is_regular_file(s.dir / "cnfs" / "2.cnf"));
  s.write("one.txt", kPuzzle + "\n");
  const RunResult cnf = run_shell(cd + satdoku + "encode -q -o p.cnf one.txt >> one.txt 2> err; echo \"exit $?\"");
  BOOST_TEST(cnf.out == "exit 0\n", cnf.out + slurp(s.dir / "err"));
  BOOST_TEST(fs::is_regular_file(s.dir / "p.cnf"));
  BOOST_TEST(slurp(s.dir / "one.txt") == kPuzzle + "\n");
}

// A pipe (or anything else than a regular file) under a name a folder's run
// writes: encode --out-dir waited for a reader for ever, check --proof
// renamed its proof over the pipe.  Now that puzzle gets an error, the pipe
// stays, and the other puzzles are written.
BOOST_AUTO_TEST_CASE(a_pipe_in_an_output_folder_is_left_alone) {
  Scratch s;
  const std::string in = s.write("in.txt", kPuzzle + "\n" + kPuzzle + "\n");
  for (const std::string option : {"encode --out-dir", "check --proof"}) {
    BOOST_TEST_CONTEXT(option) {
      const fs::path folder = s.dir / (option.starts_with("encode") ? "cnfs" : "proofs");
      fs::create_directories(folder);
      BOOST_REQUIRE(::mkfifo((folder / "1.cnf").c_str(), 0644) == 0);
      const RunResult r = run_shell("timeout 20 '" + satdoku_binary().string() + "' " + option + " '" +
                                    folder.string() + "' " + in + " 2>&1; echo \"exit $?\"");
      BOOST_TEST(contains(r.out, "exit 2"), r.out);
      BOOST_TEST(contains(r.out, "cannot write " + (folder / "1.cnf").string() + ": it is a pipe, not a regular file"), r.out);
      BOOST_TEST(fs::is_fifo(folder / "1.cnf"));
      BOOST_TEST(fs::is_regular_file(folder / "2.cnf"));
    }
  }
}

// SIGINT while a report's or a CNF's open waits for a pipe's reader (after
// the batch) is an interruption, exit code 130, not an output error (2).
BOOST_AUTO_TEST_CASE(a_signal_while_a_report_waits_for_its_pipe_is_an_interruption) {
  Scratch s;
  const std::string in = s.write("in.txt", kPuzzle + "\n");
  const fs::path fifo = s.dir / "report";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  for (const std::string option : {"check --junit", "compare --csv", "encode -o"}) {
    BOOST_TEST_CONTEXT(option) {
      const RunResult r = run_shell("timeout --preserve-status -s INT 1 '" + satdoku_binary().string() + "' " + option +
                                    " '" + fifo.string() + "' " + in + " 2>&1 > /dev/null; echo \"exit $?\"");
      BOOST_TEST(r.out.ends_with("exit 130\n"), r.out);
      // (encode had read its input whole: it said "before the input ended".)
      if (option.starts_with("encode"))
        BOOST_TEST(contains(r.out, "satdoku encode: interrupted before the CNF was written\n"), r.out);
    }
  }
}

// With no file descriptor left to read them (`ulimit -n 4`), an earlier
// run's CNFs in --out-dir were called files satdoku did not write; the
// message now says what failed.  Not under AddressSanitizer, whose own
// start needs descriptors of its own.
#if !defined(__SANITIZE_ADDRESS__)
BOOST_AUTO_TEST_CASE(an_output_folder_file_that_cannot_be_read_is_not_called_foreign) {
  Scratch s;
  const std::string in = s.write("in.txt", kPuzzle + "\n");
  const std::string encode = "'" + satdoku_binary().string() + "' encode -q --out-dir '" + (s.dir / "cnfs").string() +
                             "' " + in;
  BOOST_REQUIRE(run_shell(encode).exit_code == 0);
  // (Descriptor 3 closed first: one inherited there left none for the
  // dynamic loader.)
  const RunResult r = run_shell("sh -c \"exec 3<&-; ulimit -n 4 && exec " + encode + "\" 2>&1; echo \"exit $?\"");
  BOOST_TEST(contains(r.out, "exit 2"), r.out);
  BOOST_TEST(contains(r.out, "cannot read it to tell whether satdoku wrote it: Too many open files"), r.out);
  BOOST_TEST(!contains(r.out, "did not write"), r.out);
}
#endif
