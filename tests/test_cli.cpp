// Usage tests: run the built `satdoku` and check its output and exit codes.
#define BOOST_TEST_MODULE cli
#include <boost/test/unit_test.hpp>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <vector>
#include <nlohmann/json.hpp>
#include <iterator>
#include <set>
#include <sstream>

#include "satdoku/amo.hpp"
#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku::test;

namespace {

std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// Row 1 needs a 9 in column 9, which already holds one: no solution, no clash.
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');
// Two 5s in row 1.
const std::string kClash = "5...5" + std::string(76, '.');

// A folder holding kEasy's unreduced CNF, where a shell command line runs
// with its output caught: for what run_satdoku cannot set up (a memory
// limit, a closed standard input).
struct CnfScratch : ScratchDir {
  std::string cnf;  // the CNF's path, quoted for the shell
  explicit CnfScratch(const std::string& name) : ScratchDir(name), cnf(quoted(dir / "p.cnf")) {
    BOOST_REQUIRE(run_satdoku("encode -q --reduce none -o " + cnf, kEasy + "\n").exit_code == 0);
  }
  // Runs `line` with standard output and error redirected to files.
  RunResult run(const std::string& line) const {
    const std::string command = line + " > " + quoted(dir / "out") + " 2> " + quoted(dir / "err");
    const int status = std::system(command.c_str());
    return RunResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(help_version_and_unknown_commands) {
  auto help = run_satdoku("--help");
  BOOST_TEST(help.exit_code == 0);
  BOOST_TEST(help.out.find("solve") != std::string::npos);
  BOOST_TEST(help.out.find("Exit codes") != std::string::npos);
  BOOST_TEST(help.out.find("hit a limit (unknown),\n") != std::string::npos);  // --timeout fails a run too
  // compare's 1 is not the others' (it measures a puzzle with no solution).
  BOOST_TEST(help.out.find("compare measures a puzzle with no solution as any other and\n       calls clashing "
                           "clues an input error (2)") != std::string::npos, help.out);
  for (const std::string& line : lines_of(help.out))  // wrapped at 80
    BOOST_TEST(line.size() <= 80u, line);
  // So is every command's (its text is wrapped as it is printed).
  for (const char* command : {"solve", "check", "encode", "decode", "compare", "encodings"})
    for (const std::string& line : lines_of(run_satdoku(std::string(command) + " --help").out))
      BOOST_TEST(line.size() <= 80u, command << ": " << line);
  // A table row goes on under its own text, and the row after it stays a row.
  const std::string decode_help = run_satdoku("decode --help").out;
  BOOST_TEST(decode_help.find("v lines (cadical,\n" + std::string(27, ' ') + "kissat, picosat)\n  MiniSat's result file") !=
                 std::string::npos,
             decode_help);
  // An option of another command says which one has it.
  auto other = run_satdoku("solve --count 5");
  BOOST_TEST(other.exit_code == 2);
  BOOST_TEST(other.err == "satdoku solve: unrecognised option '--count'\n"
                          "--count is an option of 'satdoku check', not of 'satdoku solve'\n"
                          "Try 'satdoku solve --help'.\n",
             other.err);
  BOOST_TEST(run_satdoku("check --limit 2").err.find("--limit is an option of 'satdoku solve' and 'satdoku compare', "
                                                     "not of 'satdoku check'") != std::string::npos);
  BOOST_TEST(run_satdoku("decode -q").err.find("-q is an option of 'satdoku solve', 'satdoku encode' and "
                                               "'satdoku check'") != std::string::npos);
  BOOST_TEST(run_satdoku("solve --bogus").err.find("is an option of") == std::string::npos);
  // ... also with its value attached.
  BOOST_TEST(run_satdoku("solve --count=5").err.find("--count is an option of 'satdoku check'") != std::string::npos);
  BOOST_TEST(run_satdoku("encodings -o5").err.find("-o is an option of 'satdoku solve'") != std::string::npos);
  auto version = run_satdoku("--version");
  BOOST_TEST(version.exit_code == 0);
  BOOST_TEST(version.out.rfind("satdoku ", 0) == 0);
  // The second line names the CaDiCaL linked in, by its own string ("sc2021"
  // for Debian's 1.5.3, which the header once gave as "1.5.3").
  const std::size_t second = version.out.find('\n') + 1;
  BOOST_TEST(version.out.substr(second).rfind("CaDiCaL ", 0) == 0, version.out);
  BOOST_TEST(version.out.size() > second + 9);
  BOOST_TEST(version.out.back() == '\n');
  auto solve_help = run_satdoku("solve --help");
  BOOST_TEST(solve_help.exit_code == 0);
  BOOST_TEST(run_satdoku("help solve").out == solve_help.out);
  for (const char* word : {"help", "--help", "--version"}) {  // help about help: the top-level help
    const auto r = run_satdoku(std::string("help ") + word);
    BOOST_TEST(r.exit_code == 0, word << ": " << r.err);
    BOOST_TEST(r.out == help.out);
  }
  BOOST_TEST(solve_help.out.find("--limit") != std::string::npos);
  BOOST_TEST(solve_help.out.find("--input-format") != std::string::npos);
  // Each command's exit codes are its own.
  BOOST_TEST(run_satdoku("compare --help").out.find("  1    some row hit a limit") != std::string::npos);
  BOOST_TEST(run_satdoku("check --help").out.find("  1    some puzzle missed it") != std::string::npos);
  const std::string encode_help = run_satdoku("encode --help").out;
  BOOST_TEST(encode_help.find("  0    every CNF was written") != std::string::npos);
  BOOST_TEST(encode_help.find("  1    ") == std::string::npos);
  // encode prints no records: an interruption abandons the CNF instead.
  BOOST_TEST(encode_help.find("  130  stopped by SIGINT, SIGTERM or SIGHUP (the CNF being written is abandoned;") !=
             std::string::npos, encode_help);
  // (With --out-dir the earlier file at that position goes too.)
  BOOST_TEST(encode_help.find("--out-dir keeps this run's CNFs\n       before the signal and no earlier run's") !=
             std::string::npos, encode_help);
  BOOST_TEST(solve_help.out.find("  130  stopped by SIGINT, SIGTERM or SIGHUP (the records printed are complete)") !=
             std::string::npos);
  // compare prints no records: an interruption writes no table.
  BOOST_TEST(run_satdoku("compare --help").out.find("  130  stopped by SIGINT, SIGTERM or SIGHUP (no table nor document") !=
             std::string::npos);
  BOOST_TEST(encode_help.find("--jobs") == std::string::npos);
  // encode's help names encode's own defaults.
  BOOST_TEST(encode_help.find("(default: triads)") != std::string::npos, encode_help);
  BOOST_TEST(encode_help.find("(default: propagate)") != std::string::npos, encode_help);
  BOOST_TEST(encode_help.find("incremental") == std::string::npos, encode_help);
  auto unknown = run_satdoku("frobnicate");
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.err.find("unknown command 'frobnicate'") != std::string::npos);
  BOOST_TEST(unknown.err.find("Usage: satdoku COMMAND") != std::string::npos);  // nothing near it: the help
  BOOST_TEST(unknown.err.find("Did you mean") == std::string::npos);
  auto none = run_satdoku("");
  BOOST_TEST(none.exit_code == 2);
  // A slip of the keyboard gets the nearest names, and no help text.
  auto slip = run_satdoku("chek x");
  BOOST_TEST(slip.exit_code == 2);
  BOOST_TEST(slip.err == "satdoku: unknown command 'chek'\nDid you mean 'check'?\nTry 'satdoku --help'.\n", slip.err);
  BOOST_TEST(run_satdoku("sovle").err.find("Did you mean 'solve'?") != std::string::npos);  // neighbours swapped
  auto option_slip = run_satdoku("solve --lmit=2 x");
  BOOST_TEST(option_slip.exit_code == 2);
  BOOST_TEST(option_slip.err == "satdoku solve: unrecognised option '--lmit=2'\nDid you mean '--limit'?\n"
                                "Try 'satdoku solve --help'.\n",
             option_slip.err);
  BOOST_TEST(run_satdoku("check --minmal x").err.find("Did you mean '--minimal'?") != std::string::npos);
  // Only option names count, not words of the help's prose ("--nodes)").
  BOOST_TEST(run_satdoku("solve --nodess 1 x").err.find("Did you mean '--nodes'?\n") != std::string::npos);
  BOOST_TEST(run_satdoku("compare --reducee x").err.find("Did you mean '--reduce'?\n") != std::string::npos);
  BOOST_TEST(run_satdoku("solve --tiemout 3 x").err.find("Did you mean '--timeout'?") != std::string::npos);
  // Two edits are a slip only in a longer name; an option of another command
  // gets that hint alone.
  BOOST_TEST(run_satdoku("solve --lmt 2 x").err.find("Did you mean") == std::string::npos);
  BOOST_TEST(run_satdoku("solve --bogus x").err.find("Did you mean") == std::string::npos);
  BOOST_TEST(run_satdoku("encode --count 3 x").err.find("Did you mean") == std::string::npos);
  // Capitals count for nothing; a lost dash is a slip too, not the short
  // option it starts with.
  BOOST_TEST(run_satdoku("CHECK x").err.find("Did you mean 'check'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve --LIMIT 2 x").err.find("Did you mean '--limit'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve -limit 2 x").err.find("Did you mean '--limit'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve -lmit 2 x").err.find("Did you mean '--limit'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve -count 2 x").err.find("--count is an option of 'satdoku check', not of") !=
             std::string::npos);
  BOOST_TEST(run_satdoku("solve -x5 x").err.find("Did you mean") == std::string::npos);
  // Grouped switches: solve's own -q is not the unknown one, nor another command's.
  const auto grouped = run_satdoku("solve -ql x");
  BOOST_TEST(grouped.err ==
                 "satdoku solve: unrecognised option '-ql'\n-l is not an option of 'satdoku solve'\nTry 'satdoku solve --help'.\n",
             grouped.err);
  // A lost dash before an option whose first letter is a short option that
  // takes a value: a slip too, not -o with the value "utput".
  BOOST_TEST(run_satdoku("solve -output line x").err.find("Did you mean '--output'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve -jobs 2 x").err.find("Did you mean '--jobs'?") != std::string::npos);
  BOOST_TEST(run_satdoku("solve -q=false x").err.find("\n-q is a switch: it takes no value\n") != std::string::npos);
  // Before the command: a slip of --help or --version, or a command's option.
  const auto hepl = run_satdoku("--hepl");
  BOOST_TEST(hepl.exit_code == 2);
  BOOST_TEST(hepl.err == "satdoku: unknown option '--hepl'\nDid you mean '--help'?\nTry 'satdoku --help'.\n", hepl.err);
  BOOST_TEST(run_satdoku("--verison").err.find("Did you mean '--version'?") != std::string::npos);
  const auto early = run_satdoku("--jobs=2 solve x");
  BOOST_TEST(early.exit_code == 2);
  BOOST_TEST(early.err.find("--jobs is an option of 'satdoku solve', 'satdoku compare' and 'satdoku check': "
                            "options come after the command") != std::string::npos,
             early.err);
  BOOST_TEST(run_satdoku("--frobnicate").err.find("Usage: satdoku COMMAND") != std::string::npos);
  BOOST_TEST(run_satdoku("-j2 solve x").err.find("-j is an option of 'satdoku solve', 'satdoku compare' and "
                                                  "'satdoku check': options come after the command") != std::string::npos);
  BOOST_TEST(run_satdoku("HELP").err.find("Did you mean 'help'?") != std::string::npos);
  BOOST_TEST(run_satdoku("version").err.find("Did you mean '--version'?") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_options_are_usage_errors) {
  for (const char* args : {"solve --no-such-option", "solve --limit 0", "solve --output xml",
                           "solve --input-format xml", "solve --box 2by4", "solve --limit abc",
                           "solve --backend quantum", "solve --alphabet AA", "solve --encoding best",
                           "solve --amo ladder", "solve --reduce all", "solve --mode lazy",
                           "solve --sat-option nosuchoption=1", "solve --sat-option seed",
                           "solve --sat-option elim=7", "solve --sat-option restartint=0", "solve --limit -1",
                           "solve --jobs -1", "solve --jobs 5000", "solve --conflicts -3"}) {
    auto r = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(r.exit_code == 2, args << " gave " << r.exit_code);
    BOOST_TEST(r.err.find("satdoku solve:") != std::string::npos, args << ": " << r.err);
    BOOST_TEST(r.out.empty(), args << " printed " << r.out);
  }
  // A value that is no number, for an option of numbers, says what it takes:
  // counts take whole numbers, and a fraction is no count either.
  for (const std::string value : {"abc", "1.5"})
    for (const std::string option : {"--limit", "--jobs", "--timeout", "--conflicts"}) {
      const std::string takes = option == "--timeout" ? "a number" : "a whole number";
      const auto word = run_satdoku("solve " + option + " " + value, kEasy + "\n");
      const bool refused = option != "--timeout" || value == "abc";
      BOOST_TEST((word.exit_code == 2) == refused, option << " " << value);
      if (refused)
        BOOST_TEST(word.err.find("for option '" + option + "' is invalid: it takes " + takes + "\n") !=
                       std::string::npos, word.err);
    }
  // So do counts of a signed type.
  for (const std::string args : {"encodings --size 1.5", "compare --seed 1.5"}) {
    const auto fraction = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(fraction.exit_code == 2, args);
    BOOST_TEST(fraction.err.find("is invalid: it takes a whole number\n") != std::string::npos, fraction.err);
  }
  // A number too large for its option is said to be so, not to be no number;
  // one too small for a double is refused too, not read as 0 (no limit).
  for (const std::string args : {"solve --jobs 99999999999999999999", "solve --timeout 1e400", "solve --timeout 1e-400", "solve --timeout +1e-400", "solve --timeout +1e400",
                                 "check --reference-timeout 1e-999", "compare --timeout 2e-500",
                                 "check --count 99999999999999999999999",
                                 "encodings --size 99999999999", "encodings --size -2147483649",
                                 "compare --seed -99999999999999999999"}) {
    const auto large = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(large.exit_code == 2, args);
    BOOST_TEST(large.err.find("is invalid: the number is out of range\n") != std::string::npos, args << ": " << large.err);
  }
  BOOST_TEST(run_satdoku("check --count 1e999", kEasy + "\n").err.find("is invalid: it takes a whole number\n") !=
             std::string::npos);
  // A report that could not be written is refused before the run, not after it.
  for (const std::string args : {"check --junit /no/such/folder/r.xml", "compare --csv /no/such/folder/r.csv",
                                 "compare --plot /no/such/folder/p.svg"}) {
    const auto late = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(late.exit_code == 2, args);
    BOOST_TEST(late.out.empty(), args << " printed " << late.out);
    BOOST_TEST(late.err.find("there is no folder /no/such/folder") != std::string::npos, args << ": " << late.err);
  }
  // An empty value (an unset shell variable) names nothing, and is not taken
  // for the option left out: encode --out-dir "" wrote the CNF to standard
  // output, compare --csv "" wrote no table, both with exit code 0.
  const std::pair<std::string, std::string> empties[] = {{"encode --out-dir ''", "--out-dir"},
                                                         {"compare --encodings triads --csv ''", "--csv"},
                                                         {"check --junit ''", "--junit"},
                                                         {"solve --sat-option ''", "--sat-option"},
                                                         {"decode --alphabet ''", "--alphabet"}};
  for (const auto& [args, option] : empties) {
    const auto empty = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(empty.exit_code == 2, args);
    BOOST_TEST(empty.out.empty(), args << " printed " << empty.out);
    BOOST_TEST(empty.err.find(option + " needs a value, not an empty one\n") != std::string::npos, args << ": " << empty.err);
  }
  // encode's -o is a file; an output format's name there is a slip.
  const auto slip = run_satdoku("encode -o json", kEasy + "\n");
  BOOST_TEST(slip.exit_code == 2);
  BOOST_TEST(slip.err.find("-o names the CNF file in encode") != std::string::npos, slip.err);
  BOOST_TEST(!std::filesystem::exists("json"));
  // A puzzle typed where a file name goes gets a hint.
  const auto typed = run_satdoku("solve " + kEasy);
  BOOST_TEST(typed.exit_code == 2);
  BOOST_TEST(typed.err.find("a puzzle itself goes to standard input") != std::string::npos, typed.err);
  BOOST_TEST(run_satdoku("solve no-such-file.txt").err.find("standard input") == std::string::npos);
  BOOST_TEST(run_satdoku("solve hard_puzzles.txt").err.find("standard input") == std::string::npos);
  // CaDiCaL's options: the name checked against its list, the value against its range.
  BOOST_TEST(run_satdoku("solve --sat-option nosuchoption=1", kEasy + "\n").err.find(
                 "satdoku solve: 'nosuchoption' is not a CaDiCaL option") == 0u);
  BOOST_TEST(run_satdoku("solve --sat-option elim=7", kEasy + "\n").err.find(
                 "satdoku solve: CaDiCaL option elim=7 is out of its range 0..1") == 0u);
  // Options that one backend would ignore without a word, and a contradiction.
  struct Case {
    const char* args;
    const char* says;
  };
  for (const Case& c : {Case{"solve --backend native -e minimal", "--encoding applies to the SAT backend only"},
                        Case{"solve -b native --amo binary", "--amo applies"},
                        Case{"check -b native --reduce none", "--reduce applies"},
                        Case{"check -b native --mode fresh", "--mode applies"},
                        Case{"solve -b native --sat-option seed=2", "--sat-option applies"},
                        Case{"check -b native --conflicts 9", "--conflicts applies"},
                        Case{"solve --nodes 5", "--nodes budgets the native backend"},
                        Case{"check --nodes 5", "--nodes budgets the native backend"},
                        Case{"check --cross-check --no-cross-check", "not both"},
                        Case{"solve --no-cross-check --reference-timeout 5", "which --no-cross-check turns off"},
                        Case{"check --no-cross-check --reference-timeout 5", "which --no-cross-check turns off"},
                        Case{"solve -b native --reference-timeout 5", "which --backend native has none of"},
                        Case{"check -b native --reference-timeout 0", "which --backend native has none of"}}) {
    auto r = run_satdoku(c.args, kEasy + "\n");
    BOOST_TEST(r.exit_code == 2, c.args << " gave " << r.exit_code);
    BOOST_TEST(r.err.find(c.says) != std::string::npos, c.args << ": " << r.err);
  }
  BOOST_TEST(run_satdoku("solve -q -o line -b native --nodes 100000 --cross-check", kEasy + "\n").out ==
             kEasySolution + "\n");
  // The budget the cross-check runs under, given with the cross-check on, is taken.
  BOOST_TEST(run_satdoku("check -q -o json --reference-timeout 5", kEasy + "\n").exit_code == 0);
}

BOOST_AUTO_TEST_CASE(euler96_solves_to_the_known_sum) {
  auto r = run_satdoku("solve --output line " + quoted(source_dir() / "examples" / "euler96.txt"));
  BOOST_TEST(r.exit_code == 0, r.err);
  auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 50u);
  int sum = 0;
  for (const auto& line : lines) {
    BOOST_REQUIRE(line.size() == 81u);
    sum += std::stoi(line.substr(0, 3));
  }
  BOOST_TEST(sum == 24702);
  BOOST_TEST(r.err.find("50 puzzles: 50 solved") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(standard_input_and_each_status) {
  auto solved = run_satdoku("solve --output line", kEasy + "\n");
  BOOST_TEST(solved.exit_code == 0);
  BOOST_TEST(solved.out == kEasySolution + "\n");
  auto dash = run_satdoku("solve --output line -", kEasy + "\n");
  BOOST_TEST(dash.out == kEasySolution + "\n");

  auto none = run_satdoku("solve --output line", kNoSolution + "\n");
  BOOST_TEST(none.exit_code == 1);
  BOOST_TEST(none.out == "none\n");

  // A CSV collection with its solutions beside the puzzles (Kaggle's form).
  auto csv = run_satdoku("solve --output line", "quizzes,solutions\n" + kEasy + "," + kEasySolution + "\n");
  BOOST_TEST(csv.exit_code == 0, csv.err);
  BOOST_TEST(csv.out == kEasySolution + "\n");

  auto clash = run_satdoku("solve --output line", kClash + "\n");
  BOOST_TEST(clash.exit_code == 1);
  BOOST_TEST(clash.out == "invalid\n");
  BOOST_TEST(clash.err.find("r1c1 and r1c5 both hold 5") != std::string::npos, clash.err);
}

BOOST_AUTO_TEST_CASE(a_bad_line_is_reported_and_the_batch_goes_on) {
  const std::string input = kEasy + "\n" + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n" +
                            kNoSolution + "\n" + kEasy + "\n";
  auto r = run_satdoku("solve --output line", input);
  BOOST_TEST(r.exit_code == 2);
  auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 4u);
  BOOST_TEST(lines[0] == kEasySolution);
  BOOST_TEST(lines[1] == "error");
  BOOST_TEST(lines[2] == "none");
  BOOST_TEST(lines[3] == kEasySolution);
  BOOST_TEST(r.err.find("<stdin>:2:1: a one-line puzzle has N*N symbols (16, 36, 81, 256, ...): found 80") !=
                 std::string::npos,
             r.err);
  BOOST_TEST(r.err.find("1 none, 0 invalid, 0 unknown, 1 error;") != std::string::npos, r.err);
  auto two = run_satdoku("solve --output line", input + "12\n");
  BOOST_TEST(two.err.find("2 errors;") != std::string::npos, two.err);
  auto check = run_satdoku("check", input);
  BOOST_TEST(check.err.find("1 error;") != std::string::npos, check.err);
}

// A box shape that does not fit the puzzle is that puzzle's error, not a usage error.
BOOST_AUTO_TEST_CASE(a_box_that_does_not_fit_is_an_error_record) {
  auto r = run_satdoku("solve --output line --box 2x4", kEasy + "\n");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out == "error\n");
  BOOST_TEST(r.err.find("<stdin>:1:") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("2x4") != std::string::npos, r.err);
}

// A drawn grid whose first row lost two symbols is one error, with the
// board after it read whole, from a file or through a pipe (whose writer has
// closed it: its end is seen as a file's is).
BOOST_AUTO_TEST_CASE(a_first_row_short_of_symbols_is_one_error) {
  namespace fs = std::filesystem;
  std::string board;
  for (int r = 0; r < 9; ++r) board += kEasy.substr(static_cast<std::size_t>(9 * r), 9) + "\n";
  // A board of numbers too (the tokens format): its first row lost two.
  const std::string sixteen = slurp(shared_data() / "large" / "sudoku-16-1.txt");
  const std::string lost_two = sixteen.substr(sixteen.find(' ', sixteen.find(' ') + 1) + 1);
  const std::pair<std::string, std::string> cases[] = {
      {board.substr(2) + "\n" + board, "first row has 7 symbols, the next rows 9"},
      {lost_two + "\n" + sixteen, "first row has 14 numbers, the next rows 16"}};
  const fs::path file = fs::temp_directory_path() / ("satdoku-short-row-" + std::to_string(::getpid()) + ".txt");
  for (const auto& [text, message] : cases) {
    std::ofstream(file) << text;
    for (const bool pipe : {false, true}) {
      const std::string input = pipe ? "cat " + quoted(file) + " | " : "";
      const std::string name = pipe ? "<stdin>" : file.string();
      // (--reference-timeout: the reference confirms the 16x16 answer however
      // busy the machine, instead of stopping 10 ms after it with a note.)
      const RunResult r = run_shell(input + quoted(satdoku_binary()) + " solve -o line --reference-timeout 60 " +
                                    (pipe ? "" : quoted(file)) + " 2>&1");
      BOOST_TEST_CONTEXT(message << (pipe ? ", a pipe" : ", a file")) {
        BOOST_TEST(r.exit_code == 2);
        BOOST_TEST(count_of(r.out, name + ":") == 1u, r.out);
        BOOST_TEST(r.out.find(name + ":1:1: " + message + ": expected as many\n") != std::string::npos, r.out);
        const auto lines = lines_of(r.out);
        BOOST_REQUIRE(lines.size() >= 3u);
        BOOST_TEST(lines[1] == "error");
        BOOST_TEST(lines[2].size() == (message.find("16") != std::string::npos ? 256u : 81u), r.out);
        if (message.find("symbols") != std::string::npos) BOOST_TEST(lines[2] == kEasySolution);
      }
    }
  }
  fs::remove(file);
}

BOOST_AUTO_TEST_CASE(a_missing_file_does_not_stop_the_others) {
  const auto euler = source_dir() / "examples" / "euler96.txt";
  auto r = run_satdoku("solve --output line /no/such/file.txt " + quoted(euler));
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find("/no/such/file.txt: cannot open") != std::string::npos, r.err);
  const auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 51u);
  BOOST_TEST(lines[0] == "error");
  // The other file's answers follow, as it gives them alone.
  const auto alone = run_satdoku("solve --output line " + quoted(euler));
  BOOST_REQUIRE(alone.exit_code == 0);
  BOOST_TEST(std::vector<std::string>(lines.begin() + 1, lines.end()) == lines_of(alone.out));
}

BOOST_AUTO_TEST_CASE(json_records_carry_the_documented_fields) {
  auto r = run_satdoku("solve --output json", kEasy + "\n" + kClash + "\n" + kNoSolution + "\nxyz\n");
  BOOST_TEST(r.exit_code == 2);
  auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 4u);
  const char* statuses[] = {"solved", "invalid", "none", "error"};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto j = nlohmann::json::parse(lines[i]);
    BOOST_TEST(j["index"].get<int>() == static_cast<int>(i + 1));
    BOOST_TEST(j["source"].get<std::string>() == "<stdin>:" + std::to_string(i + 1));
    BOOST_TEST(j["status"].get<std::string>() == statuses[i]);
    BOOST_TEST(j.contains("puzzle"));
    BOOST_TEST(j.contains("solution"));
    BOOST_TEST(j.contains("stats"));
  }
  BOOST_TEST(nlohmann::json::parse(lines[0])["solution"].get<std::string>() == kEasySolution);
  BOOST_TEST(nlohmann::json::parse(lines[1])["clash"]["digit"].get<int>() == 5);
  BOOST_TEST(nlohmann::json::parse(lines[3])["message"].get<std::string>().find("<stdin>:4:") == 0);
}

BOOST_AUTO_TEST_CASE(the_comma_board_has_35_solutions) {
  const std::string board =
      "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005\n";
  auto r = run_satdoku("solve --limit 100 --output json", board);
  BOOST_TEST(r.exit_code == 0, r.err);
  auto j = nlohmann::json::parse(r.out);
  BOOST_TEST(j["solutions"].size() == 35u);
  std::set<std::string> distinct(j["solutions"].begin(), j["solutions"].end());
  BOOST_TEST(distinct.size() == 35u);
  // The largest --limit counts them all, cross-checked: the reference's
  // limit (one more) used to wrap to 0 and turn the comparison off.
  auto all = run_satdoku("solve --limit 18446744073709551615 --output json", board);
  BOOST_TEST(all.exit_code == 0, all.err);
  const auto k = nlohmann::json::parse(all.out);
  BOOST_TEST(k["solutions"].size() == 35u);
  BOOST_TEST(!k.contains("reference"), k.dump());
  BOOST_TEST(all.err.find("not compared") == std::string::npos, all.err);
}

BOOST_AUTO_TEST_CASE(jobs_do_not_change_the_output) {
  const auto file = shared_data() / "top1465.txt";
  auto one = run_satdoku("solve --output line --jobs 1 " + quoted(file));
  auto two = run_satdoku("solve --output line --jobs 2 " + quoted(file));
  BOOST_TEST(one.exit_code == 0);
  BOOST_TEST(two.exit_code == 0);
  BOOST_TEST(lines_of(one.out).size() == 1465u);
  BOOST_TEST(one.out == two.out);
}

// The solution a CSV record gives beside its puzzle is compared with the
// answer: agrees, differs (another solution of a puzzle with several),
// wrong (exit code 1, named on stderr; in check the puzzle fails).
BOOST_AUTO_TEST_CASE(solutions_given_in_a_csv_column_are_compared) {
  namespace fs = std::filesystem;
  auto contains = [](const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; };
  std::string multi;
  for (const std::string& p : lines_of(slurp(shared_data() / "serg_multi.txt")))
    if (!p.empty() && p[0] != '#') {
      multi = p;
      break;
    }
  const std::string found = lines_of(run_satdoku("solve -q -o line", multi + "\n").out).at(0);
  const auto two = nlohmann::json::parse(run_satdoku("check -q -o json --expect multiple", multi + "\n").out);
  std::string other;  // a solution of `multi` that solve does not give
  for (const auto& s : two["solutions"])
    if (s.get<std::string>() != found) other = s.get<std::string>();
  BOOST_REQUIRE_EQUAL(other.size(), 81u);
  std::string wrong = kEasySolution;
  wrong[2] = '3';  // r1c3 (not a clue): row 1 holds 3 twice
  const std::string csv = "quizzes,solutions\n" + kEasy + "," + kEasySolution + "\n" + kEasy + "," + wrong + "\n" +
                          multi + "," + other + "\n" + kEasy + ",\n";
  const auto solved = run_satdoku("solve -o json --input-format csv", csv);
  BOOST_TEST(solved.exit_code == 1, solved.err);
  const auto records = lines_of(solved.out);
  BOOST_REQUIRE_EQUAL(records.size(), 4u);
  const char* expected[] = {"agrees", "wrong", "differs", nullptr};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto j = nlohmann::json::parse(records[i]);
    BOOST_TEST(j["status"] == "solved");
    if (expected[i]) BOOST_TEST(j["given_solution"] == expected[i], records[i]);
    else BOOST_TEST(!j.contains("given_solution"), records[i]);
  }
  BOOST_TEST(contains(solved.err, "<stdin>:3: the solution given beside the puzzle is wrong: row 1 holds 3 twice: r1c2 "
                                  "and r1c3; it differs from the solution found in 1 cell: r1c3 holds 3, not 4\n"),
             solved.err);
  BOOST_TEST(contains(solved.err, "<stdin>:4: the solution given beside the puzzle is another one: the puzzle has more "
                                  "than one solution\n"),
             solved.err);
  BOOST_TEST(contains(solved.err, "1 given solution wrong;"), solved.err);
  // Without the wrong one, solve succeeds.
  const std::string right = "quizzes,solutions\n" + kEasy + "," + kEasySolution + "\n" + multi + "," + other + "\n";
  BOOST_TEST(run_satdoku("solve -q -o line", right).exit_code == 0);

  // check: the unique puzzle with a wrong solution beside it fails, by name
  // in the report, in JSON and in JUnit; the summary counts it apart.
  const ScratchDir scratch("given");
  const fs::path& dir = scratch.dir;
  const std::string unique = "quizzes,solutions\n" + kEasy + "," + kEasySolution + "\n" + kEasy + "," + wrong + "\n";
  const auto checked = run_satdoku("check --junit " + quoted(dir / "r.xml") + " --input-format csv", unique);
  BOOST_TEST(checked.exit_code == 1, checked.err);
  BOOST_TEST(contains(checked.err, "<stdin>:3: FAIL: the solution given beside the puzzle is wrong: row 1 holds 3 twice"),
             checked.err);
  BOOST_TEST(contains(checked.err, "0 failing --expect unique, 1 given solution wrong;"), checked.err);
  const std::string xml = slurp(dir / "r.xml");
  BOOST_TEST(contains(xml, "tests=\"2\" failures=\"1\""), xml);
  BOOST_TEST(contains(xml, "the solution given beside the puzzle is wrong"), xml);
  const auto as_json = lines_of(run_satdoku("check -q -o json --input-format csv", unique).out);
  BOOST_REQUIRE_EQUAL(as_json.size(), 2u);
  BOOST_TEST(nlohmann::json::parse(as_json[0])["met"] == true);
  BOOST_TEST(nlohmann::json::parse(as_json[1])["met"] == false);
  BOOST_TEST(nlohmann::json::parse(as_json[1])["given_solution"] == "wrong");
  BOOST_TEST(nlohmann::json::parse(as_json[1])["verdict"] == "unique");
  // A wrong given solution beside a missed expectation: the failure names both.
  const auto both = run_satdoku("check --expect multiple --junit " + quoted(dir / "both.xml") + " --input-format csv", unique);
  BOOST_TEST(both.exit_code == 1, both.err);
  BOOST_TEST(contains(both.err, "<stdin>:3: FAIL: expected multiple, got unique; the solution given beside the puzzle "
                                "is wrong: row 1 holds 3 twice"),
             both.err);
  BOOST_TEST(!contains(both.err, "<stdin>:3: the solution given"), both.err);  // said once
  BOOST_TEST(contains(slurp(dir / "both.xml"), "expected multiple, got unique; the solution given beside the puzzle is wrong"));
  // check --count K judges against the K solutions it reports: the third
  // solution of a puzzle with more, beside it, differs from the two shown.
  std::string three;
  for (const std::string& p : lines_of(slurp(shared_data() / "serg_multi.txt"))) {
    if (p.empty() || p[0] == '#') continue;
    const auto counted = nlohmann::json::parse(run_satdoku("check -q -o json --count 3 --expect multiple", p + "\n").out);
    if (counted["count"] == 3) {
      three = p + "," + counted["solutions"][2].get<std::string>();
      break;
    }
  }
  BOOST_REQUIRE(!three.empty());
  const auto two_shown = nlohmann::json::parse(
      run_satdoku("check -q -o json --count 2 --expect multiple", "puzzle,solution\n" + three + "\n").out);
  BOOST_TEST(two_shown["solutions"].size() == 2u);
  BOOST_TEST(two_shown["given_solution"] == "differs");
  const auto three_shown = nlohmann::json::parse(
      run_satdoku("check -q -o json --count 3 --expect multiple", "puzzle,solution\n" + three + "\n").out);
  BOOST_TEST(three_shown["given_solution"] == "agrees");
  // A puzzle with several solutions: whichever the given one is, check finds it no bug.
  const auto several = run_satdoku("check -q --expect multiple", "puzzle,solution\n" + multi + "," + other + "\n");
  BOOST_TEST(several.exit_code == 0, several.err);
}

// Puzzles with several solutions: which one `solve` prints, and which two
// `check` shows, must not depend on --jobs or on timing either (a reused
// solver starts anew at each block of 256 puzzles, and a block stays with
// one thread).  Also with other entries mixed in: 16x16 boards (a fresh
// instance each) and lines that are not puzzles.
BOOST_AUTO_TEST_CASE(jobs_do_not_change_which_solution_is_given) {
  const auto puzzles = lines_of(slurp(shared_data() / "serg_multi.txt"));
  std::string multi, mixed;
  int count = 0;
  for (const std::string& p : puzzles) {
    if (p.empty() || p[0] == '#') continue;
    multi += p + "\n";
    mixed += p + "\n";
    if (++count % 97 == 0) mixed += std::string(256, '.') + "\n";
    if (count % 131 == 0) mixed += "12x" + p.substr(3) + "\n";
    if (count == 1300) break;
  }
  for (const std::string command : {"solve -q -o line", "check -q --expect multiple"}) {
    const auto one = run_satdoku(command + " -j1", multi);
    BOOST_TEST_REQUIRE(one.exit_code == 0, command << ": " << one.err);
    BOOST_TEST(lines_of(one.out).size() == 1300u);
    for (const char* jobs : {" -j2", " -j3", " -j2"}) {
      const auto other = run_satdoku(command + jobs, multi);
      BOOST_TEST(other.out == one.out, command << jobs << " differs from -j1");
      BOOST_TEST(other.exit_code == one.exit_code, command << jobs);
      BOOST_TEST(other.err == one.err, command << jobs);
    }
  }
  // With bad lines among them: the same records, the same messages (file,
  // line and column) in the same order, the same exit code.
  const auto one = run_satdoku("solve -q -o line --input-format line -j1", mixed);
  BOOST_TEST(one.exit_code == 2, one.err);  // the lines that are not puzzles
  BOOST_TEST(lines_of(one.out).size() == 1300u + 13u + 9u);
  BOOST_TEST(count_of(one.err, "<stdin>:") == 9u, one.err);
  for (const char* jobs : {" -j2", " -j3"}) {
    const auto other = run_satdoku(std::string("solve -q -o line --input-format line") + jobs, mixed);
    BOOST_TEST(other.out == one.out, jobs);
    BOOST_TEST(other.exit_code == one.exit_code, jobs);
    BOOST_TEST(other.err == one.err, jobs);
  }

  // A folder or /dev/null among the inputs cannot make the batch wait, so it
  // keeps the answers of the other files the same too.
  namespace fs = std::filesystem;
  const ScratchDir scratch("jobs");
  const fs::path& dir = scratch.dir;
  fs::create_directories(dir / "folder");
  { std::ofstream(dir / "multi.txt") << multi; }
  const std::string inputs = " " + quoted(dir / "multi.txt") + " " + quoted(dir / "folder") + " /dev/null";
  const auto alone = run_satdoku("solve -q -o line -j1" + inputs);
  BOOST_TEST(alone.exit_code == 2, alone.err);  // the folder
  BOOST_TEST(lines_of(alone.out).size() == 1300u + 1u);
  BOOST_TEST(run_satdoku("solve -q -o line -j2" + inputs).out == alone.out);

  // Through a pipe, which is never read ahead (so every block is long and
  // the answers near the end may differ from the file's), the answers are
  // still the same for every --jobs.
  auto through_pipe = [&](const std::string& args) {
    const std::string command = "cat " + quoted(dir / "multi.txt") + " | '" + satdoku_binary().string() + "' " +
                                args + " > " + quoted(dir / "out.txt");
    BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, args);
    return slurp(dir / "out.txt");
  };
  for (const std::string command : {"solve -q -o line", "check -q --expect multiple"}) {
    const std::string one = through_pipe(command + " -j1");
    BOOST_TEST(lines_of(one).size() == 1300u);
    for (const char* jobs : {" -j2", " -j3", " -j2"})
      BOOST_TEST(through_pipe(command + jobs) == one, command << jobs << " through a pipe differs from -j1");
  }
}

BOOST_AUTO_TEST_CASE(a_node_budget_gives_unknown) {
  // An empty 25x25 board cannot be finished within 1 node.
  std::string row;
  for (int c = 0; c < 25; ++c) row += c ? " 0" : "0";
  std::string empty;
  for (int r = 0; r < 25; ++r) empty += row + "\n";
  auto r = run_satdoku("solve --backend native --nodes 1 --output json", empty);
  BOOST_TEST(r.exit_code == 1, r.err);
  BOOST_TEST(nlohmann::json::parse(r.out)["status"].get<std::string>() == "unknown");
}

BOOST_AUTO_TEST_CASE(grid_output_draws_boxes) {
  auto r = run_satdoku("solve", kEasy + "\n");
  BOOST_TEST(r.exit_code == 0);
  auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() >= 12u);
  BOOST_TEST(lines[0].rfind("# 1 <stdin>:1 solved", 0) == 0, lines[0]);
  BOOST_TEST(lines[1].find('|') != std::string::npos);
}

// The record line ends with the count where it is known: "(1 solution)"
// where the search proved there is no other, "(K solutions)" where it
// found all K, "(K+ solutions)" where --limit stopped it, nothing where it
// stopped at the first solution without looking further.
BOOST_AUTO_TEST_CASE(the_record_line_says_how_many_solutions) {
  const std::string hard = first_lines("forum_hardest_11plus.txt", 1), multi = first_lines("serg_multi.txt", 1);
  const std::string comma = "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005\n";
  const std::pair<std::string, std::string> cases[] = {
      {"solve " + std::string(""), "# 1 <stdin>:1 solved"},  // a search that stopped at the first
      {"solve --limit 2", "# 1 <stdin>:1 solved (1 solution)"},
      {"solve --limit 2 -o tokens", "# 1 <stdin>:1 solved (1 solution)"},
  };
  for (const auto& [args, head] : cases) {
    const auto r = run_satdoku(args, hard);
    BOOST_TEST(r.exit_code == 0, args);
    BOOST_TEST(lines_of(r.out).at(0) == head, args);
  }
  BOOST_TEST(lines_of(run_satdoku("solve --limit 2", multi).out).at(0) == "# 1 <stdin>:1 solved (2+ solutions)");
  BOOST_TEST(lines_of(run_satdoku("solve --limit 100", comma).out).at(0) == "# 1 <stdin>:1 solved (35 solutions)");
}

// -o tokens: the record line, then the solution as N lines of N numbers
// (the same solution as -o line gives), then a blank line.
BOOST_AUTO_TEST_CASE(tokens_output_is_the_solution_in_numbers) {
  const auto r = run_satdoku("solve -o tokens", kEasy + "\n" + first_lines("serg_multi.txt", 1));
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 22u);  // each record: its line, 9 rows, a blank line
  BOOST_TEST(lines[0] == "# 1 <stdin>:1 solved (1 solution)");
  std::string digits;
  for (std::size_t row = 1; row <= 9; ++row) {
    std::istringstream in(lines[row]);
    int count = 0;
    for (int value; in >> value; ++count) digits += static_cast<char>('0' + value);
    BOOST_TEST(count == 9, lines[row]);
  }
  BOOST_TEST(digits == kEasySolution);
  BOOST_TEST(lines[10].empty());
  BOOST_TEST(lines[11].starts_with("# 2 <stdin>:2 solved"), lines[11]);
  const std::string second = lines_of(run_satdoku("solve -o line", kEasy + "\n" + first_lines("serg_multi.txt", 1)).out).at(1);
  std::string tokens;
  for (std::size_t row = 12; row < 21; ++row)
    for (char ch : lines[row])
      if (ch != ' ') tokens += ch;
  BOOST_TEST(tokens == second);
}

// A limit hit after some of the --limit K solutions were found keeps them:
// the puzzle is solved (exit 0), "(N+ solutions)", and its JSON message
// names the limit.  Hit before the first, it is unknown (below).
BOOST_AUTO_TEST_CASE(a_limit_after_some_solutions_keeps_them) {
  const std::string multi = first_lines("serg_multi.txt", 1);
  const auto grid = run_satdoku("solve --limit 1000 --conflicts 3", multi);
  BOOST_TEST(grid.exit_code == 0, grid.err);
  BOOST_TEST(grid.err.find("1 solved, 0 none, 0 invalid, 0 unknown") != std::string::npos, grid.err);
  const auto json = run_satdoku("solve --limit 1000 --conflicts 3 -o json", multi);
  BOOST_TEST(json.exit_code == 0, json.err);
  const auto record = nlohmann::json::parse(json.out);
  BOOST_TEST(record["status"] == "solved");
  BOOST_TEST(record["message"] == "the conflict limit of 3 was reached");
  const std::size_t found = record["solutions"].size();
  BOOST_TEST(found >= 2u);
  BOOST_TEST(found < 1000u);
  BOOST_TEST(lines_of(grid.out).at(0) == "# 1 <stdin>:1 solved (" + std::to_string(found) + "+ solutions)");
}

// An input that cannot be read has a JSON record too: the file alone as its
// source, status error, and stats with by_propagation and seconds only.
BOOST_AUTO_TEST_CASE(an_unreadable_file_has_a_json_record) {
  const auto r = run_satdoku("solve -o json /no/such/file.txt -", kEasy + "\n");
  BOOST_TEST(r.exit_code == 2);
  const auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 2u);
  const auto record = nlohmann::json::parse(lines[0]);
  BOOST_TEST(record["source"] == "/no/such/file.txt");
  BOOST_TEST(record["status"] == "error");
  BOOST_TEST(record["message"] == "/no/such/file.txt: cannot open: No such file or directory");
  BOOST_TEST(record["stats"].size() == 2u);
  BOOST_TEST(record["stats"].contains("by_propagation"));
  BOOST_TEST(record["stats"].contains("seconds"));
  BOOST_TEST(nlohmann::json::parse(lines[1])["source"] == "<stdin>:1");
}

// `solve | head -1` ends satdoku by SIGPIPE, silently (status 141); with
// SIGPIPE ignored it says so and exits 2.
BOOST_AUTO_TEST_CASE(a_closed_pipe_ends_solve) {
  // The shell and satdoku inherit SIGPIPE as this process has it: some CI
  // runners start their jobs with it ignored, which no shell can undo.
  std::signal(SIGPIPE, SIG_DFL);
  const ScratchDir s("sigpipe");
  { std::ofstream(s.dir / "in.txt") << first_lines("17_clue.txt", 20000); }
  // satdoku's exit status and messages, with `before` run ahead of it in
  // the shell whose output `head -1` stops reading.
  auto with_head = [&](const std::string& before) {
    return run_shell("cd " + quoted(s.dir) + " && { " + before + quoted(satdoku_binary()) +
                     " solve -o line in.txt 2>err.txt; echo $? > rc.txt; } | head -1 > /dev/null; cat rc.txt err.txt")
        .out;
  };
  const std::string quiet = with_head("");
  BOOST_TEST(quiet == "141\n", quiet);
  const std::string said = with_head("trap '' PIPE; ");
  BOOST_TEST(said.starts_with("2\n"), said);
  BOOST_TEST(said.find("cannot write standard output: Broken pipe") != std::string::npos, said);
}

BOOST_AUTO_TEST_CASE(a_conflict_limit_gives_unknown_and_the_batch_goes_on) {
  const auto hard = shared_data() / "forum_hardest_11plus.txt";
  std::string first20;
  {
    std::istringstream in(slurp(hard));
    std::string line;
    for (int i = 0; i < 20 && std::getline(in, line);) if (!line.empty() && line[0] != '#') first20 += line + "\n", ++i;
  }
  // After the hard ones, an easy puzzle that needs no conflict at all.
  auto r = run_satdoku("solve --conflicts 1 --output line -j1", first20 + kEasy + "\n");
  BOOST_TEST(r.exit_code == 1, r.err);
  auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 21u);
  const auto puzzles = read_puzzles_text(first20 + kEasy + "\n");
  BOOST_REQUIRE(puzzles.size() == 21u);
  int unknown = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == "unknown") {
      ++unknown;
      continue;
    }
    // Any other answer is the puzzle's verified solution.
    const auto answer = read_puzzles_text(lines[i] + "\n");
    BOOST_TEST_REQUIRE(answer.size() == 1u, lines[i]);
    BOOST_TEST(!verify(puzzles[i], answer[0]).has_value(), "puzzle " << i + 1);
  }
  BOOST_TEST(unknown > 0);
  BOOST_TEST(lines.back() == kEasySolution);  // the batch went on past every unknown
  // The summary counts them as unknown, not as puzzles without a solution.
  BOOST_TEST(r.err.find("satdoku solve: 21 puzzles: " + std::to_string(21 - unknown) + " solved, 0 none, 0 invalid, " +
                        std::to_string(unknown) + " unknown, 0 errors;") != std::string::npos,
             r.err);
  // Each unknown names the limit that was reached.
  BOOST_TEST(count_of(r.err, ": unknown: the conflict limit of 1 was reached\n") == static_cast<std::size_t>(unknown),
             r.err);
  auto timed = run_satdoku("solve --timeout 0.000001 --output line -j1", first20);
  BOOST_TEST(timed.exit_code == 1, timed.err);
  const std::size_t timed_out = count_of(timed.out, "unknown\n");
  BOOST_TEST(timed_out > 0u);
  BOOST_TEST(count_of(timed.err, ": unknown: the time limit of 1e-06 s was reached\n") == timed_out, timed.err);
  // A budget too long for the clock is no budget (1e10 s overflowed it and
  // made every puzzle that needs search unknown at once); NaN is refused.
  for (const char* huge : {"1e10", "1e300", "inf"}) {
    auto r2 = run_satdoku(std::string("solve --output line -j1 --timeout ") + huge, first20);
    BOOST_TEST(r2.exit_code == 0, huge << ": " << r2.err);
    BOOST_TEST(count_of(r2.out, "unknown\n") == 0u, huge);
  }
  for (const char* command : {"solve", "check", "compare"}) {
    auto nan = run_satdoku(std::string(command) + " --timeout nan", first20);
    BOOST_TEST(nan.exit_code == 2, command);
    BOOST_TEST(nan.err.find("--timeout must be a number of seconds, 0 or more") != std::string::npos, nan.err);
  }
}

// In an instance reused across puzzles, the conflicts a puzzle needs depend on
// the puzzles before it; under --conflicts each puzzle gets its own instance,
// so the same puzzles end `unknown` in any order and with any --jobs.
BOOST_AUTO_TEST_CASE(a_conflict_limit_gives_the_same_verdicts_in_any_order_and_with_any_jobs) {
  std::vector<std::string> puzzles;
  {
    std::istringstream in(slurp(shared_data() / "forum_hardest_11plus.txt"));
    std::string line;
    while (puzzles.size() < 120 && std::getline(in, line))
      if (!line.empty() && line[0] != '#') puzzles.push_back(line);
  }
  // What must not change: each record's status or verdict, puzzle and
  // redundant clues (JSON records also carry times).
  auto verdicts = [](const std::string& out) {
    std::vector<std::string> v;
    for (const auto& line : lines_of(out)) {
      if (line.empty() || line.front() != '{') {
        v.push_back(line);
        continue;
      }
      const auto j = nlohmann::json::parse(line);
      std::string key = j.value("verdict", "?") + " " + j.value("puzzle", "?");
      if (j.contains("redundant")) key += " " + j["redundant"].dump();
      v.push_back(key);
    }
    return v;
  };
  for (const std::string command : {"solve --output line --conflicts 40", "check --output json --conflicts 40",
                                    "check --output json --minimal --conflicts 60"}) {
    const std::size_t count = command.find("minimal") != std::string::npos ? 30 : puzzles.size();
    std::string forward, backward;
    for (std::size_t i = 0; i < count; ++i) forward += puzzles[i] + "\n", backward += puzzles[count - 1 - i] + "\n";
    auto one = run_satdoku(command + " -q -j1", forward);
    auto two = run_satdoku(command + " -q -j2", forward);
    auto back = run_satdoku(command + " -q -j1", backward);
    BOOST_TEST(one.exit_code == 1, command << ": " << one.err);  // some end unknown
    const auto expected = verdicts(one.out);
    BOOST_TEST(expected.size() == count, command);
    const auto unknown = std::count_if(expected.begin(), expected.end(),
                                       [](const std::string& v) { return v.find("unknown") != std::string::npos; });
    BOOST_TEST(unknown > 0, command);
    BOOST_TEST(unknown < static_cast<long>(count), command);
    BOOST_TEST(verdicts(two.out) == expected, command << ": -j2 differs from -j1");
    auto reversed = verdicts(back.out);
    std::reverse(reversed.begin(), reversed.end());
    BOOST_TEST(reversed == expected, command << ": the input's order changes the verdicts");
  }
}

BOOST_AUTO_TEST_CASE(every_backend_mode_and_encoding_from_the_command_line) {
  // euler96 and hard puzzles, each answer compared with the native
  // reference.  Every option set hands CaDiCaL a formula for every puzzle
  // ("0 settled without search"): the default probe reduction would settle
  // most of euler96 before any at-most-one clause reached the solver.
  const std::string euler = " " + quoted(source_dir() / "examples" / "euler96.txt") + " -";
  const std::string puzzles = first_lines("forum_hardest_11plus.txt", 12);  // standard input, after euler96
  auto reference = run_satdoku("solve --backend native --output line" + euler, puzzles);
  BOOST_REQUIRE(reference.exit_code == 0);
  BOOST_REQUIRE(lines_of(reference.out).size() == 62u);
  for (const char* options :
       {"--mode fresh --reduce none", "--mode fresh --reduce clues -e triads",
        "--mode fresh --reduce none -e minimal", "--mode incremental -e natural",
        "--mode fresh --reduce clues -e triads --amo product", "--mode fresh --reduce none --amo bimander",
        "--mode incremental --amo binary", "--mode fresh --reduce clues --amo sequential --sat-option phase=0",
        "--mode incremental -e triads --amo commander"}) {
    auto r = run_satdoku(std::string("solve --output line ") + options + euler, puzzles);
    BOOST_TEST(r.exit_code == 0, options << ": " << r.err);
    BOOST_TEST(r.out == reference.out, options);
    BOOST_TEST(r.err.find("62 solved") != std::string::npos, options << ": " << r.err);
    BOOST_TEST(r.err.find("; 0 settled without search") != std::string::npos, options << ": " << r.err);
  }
  // Hybrid mode reduces every puzzle (probe up to 9x9), so the hard ones,
  // which the reduction does not settle, are the ones its instance solves.
  for (const char* options : {"--mode hybrid -e triads --amo product", "--mode hybrid --amo sequential",
                              "--mode hybrid -e natural --reduce propagate"}) {
    auto r = run_satdoku(std::string("solve --output line ") + options + euler, puzzles);
    BOOST_TEST(r.exit_code == 0, options << ": " << r.err);
    BOOST_TEST(r.out == reference.out, options);
    BOOST_TEST(r.err.find("; 62 settled without search") == std::string::npos, options << ": " << r.err);
  }
  // The at-most-one method reaches the formula: one puzzle's size (clauses
  // and variables) differs from method to method.
  std::set<std::pair<long, long>> sizes;
  for (const char* amo : {"pairwise", "binary", "sequential", "commander", "product", "bimander"}) {
    auto r = run_satdoku(std::string("solve --output json --mode fresh --reduce none --amo ") + amo,
                         first_lines("forum_hardest_11plus.txt", 1));
    BOOST_REQUIRE(r.exit_code == 0);
    const auto stats = nlohmann::json::parse(r.out)["stats"];
    sizes.emplace(stats["clauses"].get<long>(), stats["variables"].get<long>());
  }
  BOOST_TEST(sizes.size() == 6u);
}

BOOST_AUTO_TEST_CASE(json_stats_of_the_sat_backend) {
  auto r = run_satdoku("solve --output json -e extended --mode fresh --reduce none", kEasy + "\n");
  BOOST_REQUIRE(r.exit_code == 0);
  auto stats = nlohmann::json::parse(r.out)["stats"];
  BOOST_TEST(stats["variables"].get<int>() == 729);
  // The rules (a cell, row, column and box: 4 x 81 at-least-one clauses and
  // 4 x 81 x 36 pairwise at-most-one clauses) plus one unit clause per clue.
  const auto clues = std::count_if(kEasy.begin(), kEasy.end(), [](char ch) { return ch != '.'; });
  BOOST_TEST(stats["clauses"].get<long>() == 4 * 81 + 4 * 81 * 36 + clues);
  BOOST_TEST(stats.contains("conflicts"));
  // CaDiCaL 1.5.3 does not report its decisions and propagations: null, not
  // a 0 nobody counted.
  for (const char* field : {"decisions", "propagations"}) {
    BOOST_TEST_REQUIRE(stats.contains(field), field);
    BOOST_TEST(stats[field].is_null(), field);
  }
  // A puzzle the default reduction settles left CaDiCaL no formula: the SAT
  // fields are there, and 0; the native backend has none of them.
  auto settled = nlohmann::json::parse(run_satdoku("solve --output json", kEasy + "\n").out)["stats"];
  BOOST_TEST(settled["by_propagation"] == true);
  for (const char* field : {"variables", "clauses", "conflicts"}) BOOST_TEST(settled[field] == 0, field);
  for (const char* field : {"decisions", "propagations"}) BOOST_TEST(settled[field].is_null(), field);
  auto native = nlohmann::json::parse(run_satdoku("solve --output json -b native", kEasy + "\n").out)["stats"];
  BOOST_TEST(!native.contains("variables"));
  // The summary counts every puzzle propagation settled, with a solution or
  // without one (this 4x4 has none, though no two clues clash), and not a
  // puzzle that needed search.
  const std::string hard = first_lines("forum_hardest_11plus.txt", 1);
  auto summary = run_satdoku("solve --output line", "12........3...4.\n" + kEasy + "\n" + hard);
  BOOST_TEST(summary.exit_code == 1, summary.err);
  BOOST_TEST(summary.err.find("satdoku solve: 3 puzzles: 2 solved, 1 none, 0 invalid, 0 unknown, 0 errors; "
                              "2 settled without search;") != std::string::npos,
             summary.err);
}

BOOST_AUTO_TEST_CASE(encode_then_decode_round_trip) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("encode");
  const fs::path& dir = scratch.dir;
  const std::string cnf = (dir / "p.cnf").string();
  auto enc = run_satdoku("encode -e triads --reduce clues -o '" + cnf + "'", kEasy + "\n");
  BOOST_TEST(enc.exit_code == 0, enc.err);
  const std::string text = slurp(cnf);
  BOOST_TEST(text.find("c encoding triads") != std::string::npos);
  BOOST_TEST(text.find("\np cnf ") != std::string::npos);
  // A bare model: the solution's true literals, x(r,c,d) = 81r + 9c + d + 1.
  std::string model;
  for (int i = 0; i < 81; ++i) model += std::to_string(9 * i + (kEasySolution[i] - '0')) + " ";
  { std::ofstream(dir / "model.txt") << model << "0\n"; }
  auto dec = run_satdoku("decode --output line '" + cnf + "' '" + (dir / "model.txt").string() + "'");
  BOOST_TEST(dec.exit_code == 0, dec.err);
  BOOST_TEST(dec.out == kEasySolution + "\n");
  // Competition format, unsatisfiable.
  auto unsat = run_satdoku("decode '" + cnf + "' -", "s UNSATISFIABLE\n");
  BOOST_TEST(unsat.exit_code == 1);
  BOOST_TEST(unsat.out == "no solution\n");
  // As solve writes them: none in line output, null in LeetCode's.
  BOOST_TEST(run_satdoku("decode -o line '" + cnf + "' -", "s UNSATISFIABLE\n").out == "none\n");
  BOOST_TEST(run_satdoku("decode -o leetcode '" + cnf + "' -", "s UNSATISFIABLE\n").out == "null\n");
  // JSON names the puzzle whatever the answer; a solver stopped before it
  // spoke (an empty answer) is unknown.
  const auto none_json = nlohmann::json::parse(run_satdoku("decode -o json '" + cnf + "' -", "s UNSATISFIABLE\n").out);
  BOOST_TEST(none_json.at("status") == "none");
  BOOST_TEST(none_json.at("puzzle") == kEasy);
  const auto solved_json =
      nlohmann::json::parse(run_satdoku("decode -o json '" + cnf + "' '" + (dir / "model.txt").string() + "'").out);
  BOOST_TEST(solved_json.at("solution") == kEasySolution);
  BOOST_TEST(solved_json.at("puzzle") == kEasy);
  auto stopped = run_satdoku("decode '" + cnf + "' -", "");
  BOOST_TEST(stopped.exit_code == 1);
  BOOST_TEST(stopped.out == "unknown\n");
  BOOST_TEST(stopped.err.find("the solver gave no answer (no SATISFIABLE or UNSATISFIABLE: was it stopped?)") !=
                 std::string::npos,
             stopped.err);
  // The CNF on standard input, and another alphabet (digits 0-8 for 1-9).
  auto piped = run_satdoku("decode -o line --alphabet 0-8 - '" + (dir / "model.txt").string() + "'", text);
  BOOST_TEST(piped.exit_code == 0, piped.err);
  std::string shifted = kEasySolution;
  for (char& ch : shifted) --ch;
  BOOST_TEST(piped.out == shifted + "\n");
  BOOST_TEST(run_satdoku("decode - -").exit_code == 2);
  // Without MODEL the answer is read from standard input (a solver piped in).
  auto from_pipe = run_satdoku("decode -o line '" + cnf + "'", slurp(dir / "model.txt"));
  BOOST_TEST(from_pipe.exit_code == 0, from_pipe.err);
  BOOST_TEST(from_pipe.out == std::string(kEasySolution) + "\n");
  auto lone_dash = run_satdoku("decode -", text);
  BOOST_TEST(lone_dash.exit_code == 2);
  BOOST_TEST(lone_dash.err.find("needs the CNF as a file when the answer comes from standard input") !=
                 std::string::npos,
             lone_dash.err);
  // Answers the CNF itself rules out: unsatisfiable for a CNF that the
  // reduction solved (no clauses), satisfiable for one that holds the
  // empty clause.  Both are another CNF's answer, not this puzzle's verdict.
  const std::string settled = (dir / "settled.cnf").string(), emptied = (dir / "emptied.cnf").string();
  BOOST_TEST(run_satdoku("encode -e extended --reduce propagate -o '" + settled + "'", kEasy + "\n").exit_code == 0);
  BOOST_TEST(run_satdoku("encode -e minimal --reduce clues -o '" + emptied + "'", ".12..4..3.......\n").exit_code == 0);
  const auto unsat_settled = run_satdoku("decode -o json '" + settled + "' -", "s UNSATISFIABLE\n");
  BOOST_TEST(unsat_settled.exit_code == 1);
  BOOST_TEST(nlohmann::json::parse(unsat_settled.out).at("status") == "error");
  BOOST_TEST(unsat_settled.err.find("satdoku decode: <stdin>: the solver says unsatisfiable, but this CNF has a model") !=
                 std::string::npos,
             unsat_settled.err);
  const auto sat_emptied = run_satdoku("decode '" + emptied + "' -", "s SATISFIABLE\nv 1 0\n");
  BOOST_TEST(sat_emptied.exit_code == 1);
  BOOST_TEST(sat_emptied.err.find("the solver says satisfiable, but this CNF holds the empty clause") != std::string::npos,
             sat_emptied.err);
  const auto unsat_emptied = run_satdoku("decode -o line '" + emptied + "' -", "s UNSATISFIABLE\n");
  BOOST_TEST(unsat_emptied.exit_code == 1);
  BOOST_TEST(unsat_emptied.out == "none\n");
  BOOST_TEST(run_satdoku("decode").err.find("decode needs the CNF that `satdoku encode` wrote") != std::string::npos);
  BOOST_TEST(run_satdoku("decode a b c").err.find("decode takes two files, CNF and MODEL, not 3") != std::string::npos);
  auto missing = run_satdoku("decode '" + (dir / "none.cnf").string() + "' -", "s UNSATISFIABLE\n");
  BOOST_TEST(missing.exit_code == 2);
  BOOST_TEST(missing.err.find("none.cnf: cannot open: No such file or directory") != std::string::npos, missing.err);
  // A model that breaks a rule: two 5s in row 1.
  // r1c3 (not a clue, 2 still a candidate) holds 2 instead of 4: row 1 then holds 2 twice.
  std::string broken;
  for (int i = 0; i < 81; ++i)
    broken += std::to_string(9 * i + (i == 2 ? 2 : kEasySolution[i] - '0')) + " ";
  { std::ofstream(dir / "broken.txt") << "s SATISFIABLE\nv " << broken << "0\n"; }
  auto bad = run_satdoku("decode '" + cnf + "' '" + (dir / "broken.txt").string() + "'");
  BOOST_TEST(bad.exit_code == 1);
  BOOST_TEST(bad.out == "error\n");  // not "no solution": the puzzle has one
  BOOST_TEST(bad.err.find("breaks") != std::string::npos, bad.err);
  // A folder instead of a model file.
  auto folder = run_satdoku("decode '" + cnf + "' '" + dir.string() + "'");
  BOOST_TEST(folder.exit_code == 2);
  BOOST_TEST(folder.err.find("cannot read: Is a directory") != std::string::npos, folder.err);  // as solve says it
  // Malformed model: position reported.
  { std::ofstream(dir / "garbage.txt") << "s SATISFIABLE\nv 1 2 x3 0\n"; }
  auto garbage = run_satdoku("decode '" + cnf + "' '" + (dir / "garbage.txt").string() + "'");
  BOOST_TEST(garbage.exit_code == 2);
  BOOST_TEST(garbage.err.find("garbage.txt:2:") != std::string::npos, garbage.err);
  // A bare list cut short (no closing 0) is refused like the other forms (it was decoded).
  auto bare = run_satdoku("decode '" + cnf + "' -", "1 2 3\n");
  BOOST_TEST(bare.exit_code == 2);
  BOOST_TEST(bare.out.empty(), bare.out);
  BOOST_TEST(bare.err.find("<stdin>:1:6: the model ends without its closing 0") != std::string::npos, bare.err);
}

// decode under a memory limit of 400 MB of address space (not in the
// AddressSanitizer build: its shadow memory needs far more): reading a line
// that outgrew memory was taken for the end of the file.
#if !defined(__SANITIZE_ADDRESS__)
BOOST_AUTO_TEST_CASE(decode_reads_junk_and_long_lines_in_bounded_memory) {
  const CnfScratch s("longline");
  const std::string& cnf = s.cnf;
  std::string model;
  for (int i = 0; i < 81; ++i) model += std::to_string(9 * i + (kEasySolution[i] - '0')) + " ";
  auto limited = [&](const std::string& command) { return s.run("sh -c \"ulimit -v 400000; " + command + "\""); };
  const std::string satdoku = quoted(satdoku_binary());
  // A model whose v line holds 200 MB of blanks (it said 'satisfiable but
  // gives no model').
  const auto blanks = limited("{ echo 's SATISFIABLE'; printf 'v '; head -c 200000000 /dev/zero | tr '\\\\000' ' '; "
                              "echo '" + model + "0'; } | " + satdoku + " decode -o line " + cnf + " -");
  BOOST_TEST(blanks.exit_code == 0, blanks.err);
  BOOST_TEST(blanks.out == kEasySolution + "\n");
  // /dev/zero as the model is refused at its first byte (it said 'unknown').
  const auto zero = limited(satdoku + " decode " + cnf + " /dev/zero");
  BOOST_TEST(zero.exit_code == 2);
  BOOST_TEST(zero.out.empty(), zero.out);
  BOOST_TEST(zero.err == "/dev/zero:1:1: unexpected byte 0x00: a solver's answer is text\n", zero.err);
  // As the CNF, its first line is read up to the limit of a header line,
  // not until memory runs out (it said 'out of memory').
  const std::string limit = std::to_string(satdoku::kMaxHeaderLineLength);
  const auto header = limited(satdoku + " decode /dev/zero " + cnf);
  BOOST_TEST(header.exit_code == 2);
  BOOST_TEST(header.err == "/dev/zero:1: a line of more than " + limit +
                               " bytes before the 'p cnf' line (expected comments and the 'p cnf' line)\n",
             header.err);
  // A comment line of 100 MB in the CNF, someone else's before satdoku's
  // header or inside it, is skipped under a limit of 100 MB of address
  // space (it was held whole: 'out of memory'); a line of 100 MB that is no
  // comment is refused at its line.
  { std::ofstream(s.dir / "model") << "s SATISFIABLE\nv " << model << "0\n"; }
  const std::string answer = quoted(s.dir / "model");
  const std::string long_line = "head -c 100000000 /dev/zero | tr '\\\\000' x; echo";
  auto tiny = [&](const std::string& command) { return s.run("sh -c \"ulimit -v 100000; " + command + "\""); };
  for (const std::string& cnf_text : {"{ printf 'c '; " + long_line + "; cat " + cnf + "; }",
                                      "{ head -n 3 " + cnf + "; printf 'c note '; " + long_line + "; tail -n +4 " + cnf + "; }"}) {
    BOOST_TEST_CONTEXT(cnf_text) {
      const auto comment = tiny(cnf_text + " | " + satdoku + " decode -o line - " + answer);
      BOOST_TEST(comment.exit_code == 0, comment.err);
      BOOST_TEST(comment.out == kEasySolution + "\n");
    }
  }
  const auto junk = tiny("{ head -n 3 " + cnf + "; " + long_line + "; tail -n +4 " + cnf + "; } | " + satdoku +
                         " decode -o line - " + answer);
  BOOST_TEST(junk.exit_code == 2);
  BOOST_TEST(junk.err == "<stdin>:4: a line of more than " + limit +
                             " bytes before the 'p cnf' line (expected comments and the 'p cnf' line)\n",
             junk.err);
}
#endif

BOOST_AUTO_TEST_CASE(a_closed_standard_input_lends_its_number_to_no_file) {
  const CnfScratch s("closed");
  const std::string& cnf = s.cnf;
  auto closed = [&](const std::string& args) { return s.run(quoted(satdoku_binary()) + " " + args + " <&-"); };
  // decode opened its CNF as descriptor 0 and read it again as the model
  // ('<stdin>:2438:1: literal -19 contradicts 19 earlier in the model').
  const auto model = closed("decode " + cnf + " -");
  BOOST_TEST(model.exit_code == 2);
  BOOST_TEST(model.out.empty(), model.out);
  BOOST_TEST(model.err == "satdoku decode: <stdin>: cannot read: Bad file descriptor\n", model.err);
  const auto header = closed("decode - " + cnf);
  BOOST_TEST(header.exit_code == 2);
  BOOST_TEST(header.err == "satdoku decode: <stdin>: cannot read: Bad file descriptor\n", header.err);
  // solve says it as before.
  const auto solve = closed("solve -o line -");
  BOOST_TEST(solve.exit_code == 2);
  BOOST_TEST(solve.err.find("<stdin>: cannot read: Bad file descriptor") != std::string::npos, solve.err);
}

// decode checks the grid; with --check-clauses the model itself, against
// every clause: a model of another encoding of the same puzzle gives the
// right grid but leaves the triads' auxiliary clauses false.
BOOST_AUTO_TEST_CASE(decode_check_clauses_tests_the_model_against_every_clause) {
  const CnfScratch s("clauses");
  std::string natural_model = "v";  // kEasy's model of natural: every x(cell, digit), no auxiliary variable
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d)
      natural_model += (d == kEasySolution[cell] - '0' ? " " : " -") + std::to_string(9 * cell + d);
  natural_model = "s SATISFIABLE\n" + natural_model + " 0\n";
  const std::string triads = quoted(s.dir / "triads.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e triads --reduce none -o " + triads, kEasy + "\n").exit_code == 0);
  const auto grid_only = run_satdoku("decode -o line " + triads + " -", natural_model);
  BOOST_TEST(grid_only.exit_code == 0, grid_only.err);
  BOOST_TEST(grid_only.out == kEasySolution + "\n");
  const auto clauses = run_satdoku("decode --check-clauses -o line " + triads + " -", natural_model);
  BOOST_TEST(clauses.exit_code == 1, clauses.err);
  BOOST_TEST(clauses.out == "error\n");
  BOOST_TEST(clauses.err.find("satdoku decode: <stdin>: the model makes no literal of clause ") != std::string::npos,
             clauses.err);
  BOOST_TEST(clauses.err.find(", at " + (s.dir / "triads.cnf").string() + ":") != std::string::npos, clauses.err);
  // The same model against the natural CNF, whole or reduced, satisfies every clause.
  for (const char* reduce : {"none", "clues", "propagate"}) {
    const std::string natural = quoted(s.dir / "natural.cnf");
    BOOST_REQUIRE(run_satdoku("encode -q -e natural --reduce " + std::string(reduce) + " -o " + natural, kEasy + "\n")
                      .exit_code == 0);
    const auto fits = run_satdoku("decode --check-clauses -o line " + natural + " -", natural_model);
    BOOST_TEST(fits.exit_code == 0, reduce << ": " << fits.err);
    BOOST_TEST(fits.out == kEasySolution + "\n", reduce);
  }
  // A solver's own model of the triads CNF passes, the CNF read from standard input too.
  const std::string answer = quoted(s.dir / "triads.out");
  run_shell("cadical -q " + triads + " > " + answer);
  const auto own = s.run("'" + satdoku_binary().string() + "' decode --check-clauses -o line - " + answer + " < " + triads);
  BOOST_TEST(own.exit_code == 0, own.err);
  BOOST_TEST(own.out == kEasySolution + "\n");
  // A CNF cut short is an error of the CNF (exit code 2), said at its line.
  const auto cut = s.run("head -c 20000 " + triads + " | '" + satdoku_binary().string() +
                         "' decode --check-clauses - " + answer);
  BOOST_TEST(cut.exit_code == 2, cut.err);
  BOOST_TEST(cut.err.find("<stdin>:") == 0u, cut.err);
  BOOST_TEST(cut.out.empty());
  // The body is read a token at a time: a line that never ends, of binary
  // bytes or of digits, is said at once and briefly, in bounded memory.
  const std::string header = "sed '/^p cnf/q' " + triads;
#if defined(__SANITIZE_ADDRESS__)
  const std::string limit;  // its shadow memory needs far more address space
#else
  const std::string limit = "ulimit -v 400000; ";
#endif
  for (const std::string body : {"cat /dev/zero", "yes 1 | tr -d '\\n'"}) {
    const auto endless = s.run("(" + header + "; " + body + ") | (" + limit + "'" + satdoku_binary().string() +
                               "' decode --check-clauses - " + answer + ")");
    BOOST_TEST(endless.exit_code == 2, body << ": " << endless.err);
    BOOST_TEST(endless.err.size() < 300u, endless.err);
    BOOST_TEST(endless.err.find("<stdin>:") == 0u, endless.err);
  }
  // A proof CNF's forbidden solution is said so, not as a false clause.
  const std::string proofs = quoted(s.dir / "proofs");
  BOOST_REQUIRE(run_satdoku("check -q --proof " + proofs, kEasy + "\n").exit_code == 0);
  const auto forbidden =
      run_satdoku("decode --check-clauses " + quoted(s.dir / "proofs" / "1.cnf") + " -", natural_model);
  BOOST_TEST(forbidden.exit_code == 1, forbidden.err);
  BOOST_TEST(forbidden.err.find("the model is the solution the header names as forbidden") != std::string::npos,
             forbidden.err);
}

// Unsatisfiable because the clues clash: `invalid`, as solve and check say,
// with the two clues; the JSON names the box shape as solve's does.
BOOST_AUTO_TEST_CASE(decode_calls_clashing_clues_invalid) {
  const CnfScratch s("clash");
  const std::string cnf = quoted(s.dir / "clash.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -o " + cnf, kClash + "\n").exit_code == 0);
  const auto text = run_satdoku("decode " + cnf + " -", "s UNSATISFIABLE\n");
  BOOST_TEST(text.exit_code == 1);
  BOOST_TEST(text.out == "invalid\n");
  BOOST_TEST(text.err == "satdoku decode: <stdin>: unsatisfiable: the clues clash: r1c1 and r1c5 both hold 5 in row 1\n",
             text.err);
  const auto json = run_satdoku("decode -o json " + cnf + " -", "s UNSATISFIABLE\n");
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["status"] == "invalid");
  BOOST_TEST(j["box"] == "3x3");
  // A puzzle that has no solution without a clash is still `none`.
  const std::string none_cnf = quoted(s.dir / "none.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q --reduce none -o " + none_cnf, kNoSolution + "\n").exit_code == 0);
  BOOST_TEST(run_satdoku("decode -o line " + none_cnf + " -", "s UNSATISFIABLE\n").out == "none\n");
  // A 6x6 board's model gives its box shape.
  const std::string six = "123456456123231564564231312645645312";
  const std::string six_cnf = quoted(s.dir / "six.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q --box 3x2 --reduce none -o " + six_cnf, six.substr(0, 30) + "......\n").exit_code ==
                0);
  const auto solved = run_shell("cadical -q " + six_cnf + " | " + quoted(satdoku_binary()) + " decode -o json " +
                                six_cnf + " -");
  BOOST_TEST(nlohmann::json::parse(solved.out)["box"] == "3x2", solved.out);
}

BOOST_AUTO_TEST_CASE(decode_names_a_model_of_another_cnf) {
  const CnfScratch s("another");
  // kEasy's whole model (natural has no auxiliary variables): every x(cell, digit).
  std::string model = "s SATISFIABLE\nv";
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d) model += (d == kEasySolution[cell] - '0' ? " " : " -") + std::to_string(9 * cell + d);
  model += " 0\n";
  // The clues reduction drops the highest numbers too (kEasy's last cell is
  // a clue), yet a model of the full formula decodes the same way: it said
  // 'literal -709 exceeds the 708 variables of the CNF'.
  const std::string reduced = quoted(s.dir / "reduced.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e natural --reduce clues -o " + reduced, kEasy + "\n").exit_code == 0);
  BOOST_REQUIRE(slurp(s.dir / "reduced.cnf").find("\np cnf 708 ") != std::string::npos);
  const auto full = run_satdoku("decode -o line " + reduced + " -", model);
  BOOST_TEST(full.exit_code == 0, full.err);
  BOOST_TEST(full.out == kEasySolution + "\n");
  // Nor does a model of another encoding's full formula, whose helpers
  // come after 729 (it was 'literal 730 exceeds the 729 variables of the
  // CNF's encoding'); beyond the board's largest encoding a literal is
  // another board's.
  const std::string triads = quoted(s.dir / "triads.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e triads --amo sequential --reduce none -o " + triads, kEasy + "\n").exit_code == 0);
  const auto triads_model = run_shell("cadical -q " + triads);
  BOOST_REQUIRE(triads_model.exit_code == 10);
  BOOST_REQUIRE(triads_model.out.find(" 1216 ") != std::string::npos || triads_model.out.find(" -1216 ") != std::string::npos);
  const auto of_triads = run_satdoku("decode -o line " + reduced + " -", triads_model.out);
  BOOST_TEST(of_triads.exit_code == 0, of_triads.err);
  BOOST_TEST(of_triads.out == kEasySolution + "\n");
  std::uint64_t largest = 0;
  for (const satdoku::EncodingInfo& e : satdoku::encodings())
    for (const satdoku::AmoMethodInfo& m : satdoku::amo_methods())
      largest = std::max(largest, satdoku::encoding_size(e.encoding, satdoku::Geometry(9), m.method).variables);
  BOOST_TEST(largest > 1216u);
  for (const std::string& literal : {std::to_string(largest + 1), "-" + std::to_string(largest + 1), std::string("100000")}) {
    const auto beyond = run_satdoku("decode " + reduced + " -", "v " + literal + " 0\n");
    BOOST_TEST(beyond.exit_code == 2);
    BOOST_TEST(beyond.err == "<stdin>:1:3: literal " + literal + " exceeds the " + std::to_string(largest) +
                                 " variables of the largest encoding of this board (is the model another CNF's?)\n",
               beyond.err);
  }
  // A CNF the reduction solved whole ('p cnf 0 0') takes the model of the
  // full formula; another puzzle's such model is refused where it goes
  // against what the clues force (it was decoded as this CNF's solution).
  const std::string settled = quoted(s.dir / "settled.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e natural -o " + settled, kEasy + "\n").exit_code == 0);
  BOOST_REQUIRE(slurp(s.dir / "settled.cnf").find("\np cnf 0 0\n") != std::string::npos);
  BOOST_TEST(run_satdoku("decode -o line " + settled + " -", model).out == kEasySolution + "\n");
  std::string swapped_digits = kEasy;  // 1 and 2 trade places: another puzzle, settled alike
  for (char& ch : swapped_digits) ch = ch == '1' ? '2' : ch == '2' ? '1' : ch;
  const std::string relabelled = quoted(s.dir / "relabelled.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e natural -o " + relabelled, swapped_digits + "\n").exit_code == 0);
  const auto against = run_satdoku("decode " + relabelled + " -", model);
  BOOST_TEST(against.exit_code == 1);
  // kEasySolution's first 1 or 2 is the 1 of r1c8; each of its 18 ones and
  // twos goes against two forced values.
  BOOST_TEST(against.err == "satdoku decode: <stdin>: the model puts 1 in r1c8, which the clues rule out (and 35 more "
                            "values against the clues) (is the model another CNF's? it names variables up to 729, "
                            "beyond this CNF's 0, and a model of this puzzle's whole formula keeps what the clues "
                            "force)\n", against.err);
  // Another puzzle's model breaks a clue, not a rule.
  const std::string other = quoted(s.dir / "other.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e natural --reduce none -o " + other, "1" + std::string(80, '.') + "\n").exit_code == 0);
  const auto clue = run_satdoku("decode " + other + " -", model);
  BOOST_TEST(clue.exit_code == 1);
  BOOST_TEST(clue.err == "satdoku decode: <stdin>: the model breaks a clue: cell r1c1 holds 5 but the clue there is 1 (is "
                         "the model another CNF's? a model of this one keeps the clues)\n", clue.err);
  // Against a reduced CNF that keeps every number (p cnf 729), such a model
  // leaves cells without a digit once the reduction's values are laid over
  // it: its values against those say why (it said only which cells).
  const std::string propagated = quoted(s.dir / "propagated.cnf");
  BOOST_REQUIRE(run_satdoku("encode -q -e natural --reduce propagate -o " + propagated,
                            "1" + std::string(80, '.') + "\n")
                    .exit_code == 0);
  BOOST_REQUIRE(slurp(s.dir / "propagated.cnf").find("\np cnf 729 ") != std::string::npos);
  const auto fixed = run_satdoku("decode " + propagated + " -", model);
  BOOST_TEST(fixed.exit_code == 1);
  BOOST_TEST(fixed.err == "satdoku decode: <stdin>: the model puts 1 in r1c8, which the clues rule out (and 1 more value "
                          "against the clues) (is the model another CNF's? a model of this one and the values its "
                          "reduction fixed give each cell one digit)\n", fixed.err);
  // A cell the model gives several digits is named as such, though one of
  // them is a digit the clues rule out: here r1c2 holds every digit, and 1
  // (which the clue beside it rules out) said nothing of the other eight.
  const std::string sparse = "1" + std::string(80, '.');
  const auto sparse_solution = run_satdoku("solve -q -o line --no-cross-check", sparse + "\n");
  BOOST_REQUIRE(sparse_solution.exit_code == 0);
  std::string crowded = "s SATISFIABLE\nv";
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d)
      crowded += (cell == 1 || d == sparse_solution.out[static_cast<std::size_t>(cell)] - '0' ? " " : " -") +
                 std::to_string(9 * cell + d);
  const auto several = run_satdoku("decode " + propagated + " -", crowded + " 0\n");
  BOOST_TEST(several.exit_code == 1);
  BOOST_TEST(several.err.find("the model gives cell r1c2 8 digits (2, 3, 4, 5, 6, 7, 8 and 9)") != std::string::npos,
             several.err);
  // Every cell without one digit is named, up to five (only the first was).
  const auto cells = run_satdoku("decode " + s.cnf + " -", "1 2 0\n");
  BOOST_TEST(cells.exit_code == 1);
  BOOST_TEST(cells.err == "satdoku decode: <stdin>: the model gives 81 cells no digit or several: r1c1 2 (1 and 2), r1c2 "
                          "none, r1c3 none, r1c4 none, r1c5 none, and 76 more (is the model another CNF's? a model "
                          "of this one gives each cell one digit)\n", cells.err);
  std::string two = "s SATISFIABLE\nv 2";  // r1c1 holds 2 besides its 5
  for (int cell = 0; cell < 81; ++cell) two += " " + std::to_string(9 * cell + (kEasySolution[cell] - '0'));
  const auto one = run_satdoku("decode " + s.cnf + " -", two + " 0\n");
  BOOST_TEST(one.err.find(": the model gives cell r1c1 2 digits (2 and 5) (is the model another CNF's?") !=
                 std::string::npos, one.err);
  // A CNF given as the model says so, as a model given as the CNF does.
  const auto swapped = run_satdoku("decode " + s.cnf + " " + s.cnf);
  BOOST_TEST(swapped.exit_code == 2);
  BOOST_TEST(swapped.err.find(":9:1: this is a CNF, not a SAT solver's answer") != std::string::npos, swapped.err);
}

// An output file that names an input, or another output of the same run,
// is a usage error before anything is written: it used to replace the
// puzzles, or the other output, with exit code 0.
BOOST_AUTO_TEST_CASE(an_output_never_replaces_an_input_or_another_output) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("same");
  const fs::path& dir = scratch.dir;
  const fs::path input = dir / "in.txt";
  { std::ofstream(input) << kEasy << '\n'; }
  fs::create_symlink(input, dir / "link.txt");
  const std::string in = quoted(input);
  struct Case {
    std::string args, said;
  };
  const std::vector<Case> cases = {
      {"encode -o " + in + " " + in, "--output " + input.string() + " is also an input"},
      {"encode -o " + quoted(dir / "." / "in.txt") + " " + quoted(dir / "link.txt"), "is also an input"},
      {"check --junit " + in + " " + in, "--junit " + input.string() + " is also an input"},
      {"compare --csv " + in + " " + in, "--csv " + input.string() + " is also an input"},
      {"compare --csv " + quoted(dir / "t.out") + " --json " + quoted(dir / "." / "t.out") + " " + in,
       "--csv and --json name the same file"},
  };
  for (const Case& c : cases) {
    const auto r = run_satdoku(c.args);
    BOOST_TEST(r.exit_code == 2, c.args);
    BOOST_TEST(r.err.find(c.said) != std::string::npos, c.args + ": " + r.err);
    BOOST_TEST(slurp(input) == kEasy + "\n", c.args);
    BOOST_TEST(!fs::exists(dir / "t.out"), c.args);
  }
  // Standard input redirected from the output file is an input too.
  for (const std::string& args : {"encode -o " + in, "check --junit " + in, "compare --csv " + in}) {
    const RunResult r = run_shell(quoted(satdoku_binary()) + " " + args + " < " + in + " 2>&1");
    BOOST_TEST(r.exit_code == 2, args);
    BOOST_TEST(r.out.find(input.string() + " is also standard input: writing it would replace the puzzles") !=
                   std::string::npos,
               args + ": " + r.out);
    BOOST_TEST(slurp(input) == kEasy + "\n", args);
  }
  // A regular file is one wherever it is, under /dev/ too (/dev/shm).
  const fs::path shm = "/dev/shm";
  if (fs::is_directory(shm) && ::access(shm.c_str(), W_OK) == 0) {
    const fs::path there = shm / ("satdoku-same-" + std::to_string(::getpid()) + ".txt");
    { std::ofstream(there) << kEasy << '\n'; }
    const auto r = run_satdoku("encode -o " + quoted(there) + " " + quoted(there));
    BOOST_TEST(r.exit_code == 2, r.err);
    BOOST_TEST(slurp(there) == kEasy + "\n");
    fs::remove(there);
  }
  // Devices are no files here: both documents may go to /dev/null.
  BOOST_TEST(run_satdoku("compare --encodings triads --csv /dev/null --json /dev/null " + in).exit_code == 0);
}

// An input in the folder of encode --out-dir or check --proof under a name
// the run writes or sweeps there (INDEX.cnf; proof pairs INDEX.cnf and
// INDEX.drat, or FILE-INDEX) is a usage error before anything is written,
// and so is one that encode would write through a link of such a name:
// the run replaced the puzzles with exit code 0.  Other inputs in the
// folder stay allowed.
BOOST_AUTO_TEST_CASE(an_input_in_the_output_folder_is_never_written_or_removed) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("infolder");
  const fs::path& root = scratch.dir;
  const fs::path dir = root / "out", other = root / "puzzles.txt";
  struct Case {
    std::string command;  // with DIR for the folder
    std::string input;    // the puzzles: a name in DIR, or "puzzles.txt" beside it
    std::string link;     // a link made in DIR to the input, when not empty
    std::string said;     // with DIR and INPUT for the paths
  };
  const std::string encode_words = "--out-dir DIR writes and removes files named INDEX.cnf there, and the input ";
  const std::string proof_words =
      "--proof DIR writes and removes proof pairs INDEX.cnf and INDEX.drat (FILE-INDEX with several files) there, "
      "and the input ";
  const std::vector<Case> refused = {
      {"encode -q --out-dir DIR", "1.cnf", "", encode_words + "INPUT is one of them"},
      {"encode -q --out-dir DIR", "12.cnf", "", encode_words + "INPUT is one of them"},
      {"encode -q --out-dir DIR", "puzzles.txt", "1.cnf",
       "--out-dir DIR writes files named INDEX.cnf there through their links, and DIR/1.cnf leads to the input INPUT"},
      {"check -q --proof DIR", "1.cnf", "", proof_words + "INPUT is one of them"},
      {"check -q --proof DIR", "1.drat", "", proof_words + "INPUT is one of them"},
      {"check -q --proof DIR", "2-1.cnf", "", proof_words + "INPUT is one of them"},
  };
  auto spelled = [&](std::string text, const fs::path& input) {
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"DIR", dir.string()}, {"INPUT", input.string()}})
      for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
  };
  for (const Case& c : refused) {
    BOOST_TEST_CONTEXT(c.command << " " << c.input << " " << c.link) {
      fs::remove_all(root);
      fs::create_directories(dir);
      const fs::path input = c.input == "puzzles.txt" ? other : dir / c.input;
      { std::ofstream(input) << kEasy << '\n'; }
      if (!c.link.empty()) fs::create_symlink(input, dir / c.link);
      const auto run = run_satdoku(spelled(c.command, input) + " " + quoted(input));
      BOOST_TEST(run.exit_code == 2);
      BOOST_TEST(run.err.find(spelled(c.said, input)) != std::string::npos, run.err);
      BOOST_TEST(slurp(input) == kEasy + "\n");
      std::size_t files = 0;
      for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
      BOOST_TEST(files == (input.parent_path() == dir ? 1u : 0u) + (c.link.empty() ? 0u : 1u));  // nothing written
    }
  }
  // Also when the input is named through a link outside the folder, or
  // through the folder's own spelling.
  fs::remove_all(root);
  fs::create_directories(dir);
  { std::ofstream(dir / "1.cnf") << kEasy << '\n'; }
  fs::create_symlink(dir / "1.cnf", root / "link.txt");
  for (const std::string command : {"encode -q --out-dir DIR", "check -q --proof DIR"})
    for (const fs::path& input : {root / "link.txt", root / "." / "out" / "1.cnf"}) {
      const auto run = run_satdoku(spelled(command, input) + " " + quoted(input));
      BOOST_TEST(run.exit_code == 2, command);
      BOOST_TEST(run.err.find("the input " + input.string()) != std::string::npos, run.err);
      BOOST_TEST(slurp(dir / "1.cnf") == kEasy + "\n");
    }
  // Also when standard input is redirected from such a file.
  for (const std::string command : {"encode -q --out-dir DIR", "check -q --proof DIR"}) {
    const RunResult run = run_shell(spelled(command, dir / "1.cnf").replace(0, 0, quoted(satdoku_binary()) + " ") +
                                    " < " + quoted(dir / "1.cnf") + " 2>&1");
    BOOST_TEST(run.exit_code == 2, command);
    BOOST_TEST(run.out.find("and standard input is " + (dir / "1.cnf").string() + ", one of them") !=
                   std::string::npos,
               run.out);
    BOOST_TEST(slurp(dir / "1.cnf") == kEasy + "\n");
  }
  // Inputs in the folder under other names are read, and stay.
  const std::vector<std::pair<std::string, std::string>> allowed = {
      {"encode -q --out-dir DIR", "puzzles.txt"}, {"encode -q --out-dir DIR", "01.cnf"},
      {"check -q --proof DIR", "notes.cnf"}, {"check -q --proof DIR", "puzzles.txt"},
      {"check -q --proof DIR", "0-1.cnf"},   {"check -q --proof DIR", "1-01.drat"}};
  for (const auto& [command, name] : allowed) {
    BOOST_TEST_CONTEXT(command << " " << name) {
      fs::remove_all(root);
      fs::create_directories(dir);
      { std::ofstream(dir / name) << kEasy << '\n'; }
      const auto run = run_satdoku(spelled(command, dir / name) + " " + quoted(dir / name));
      BOOST_TEST(run.exit_code == 0, run.err);
      BOOST_TEST(slurp(dir / name) == kEasy + "\n");
      BOOST_TEST(fs::exists(dir / "1.cnf"));
    }
  }
}

BOOST_AUTO_TEST_CASE(encode_out_dir_and_unwritable_targets) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("outdir");
  const fs::path& dir = scratch.dir;
  auto r = run_satdoku("encode -q --out-dir '" + dir.string() + "'", kEasy + "\n" + kClash + "\nxyz\n" + kEasy + "\n");
  BOOST_TEST(r.exit_code == 2);  // the unreadable third puzzle
  BOOST_TEST(fs::exists(dir / "1.cnf"));
  BOOST_TEST(fs::exists(dir / "2.cnf"));
  BOOST_TEST(!fs::exists(dir / "3.cnf"));
  BOOST_TEST(fs::exists(dir / "4.cnf"));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  BOOST_TEST(files == 3u);  // no temporary file left behind
  // A file replaced keeps its permissions (it took the umask's).
  fs::permissions(dir / "1.cnf", fs::perms::owner_read | fs::perms::owner_write);
  auto again = run_satdoku("encode -q -o '" + (dir / "1.cnf").string() + "'", kEasy + "\n");
  BOOST_TEST(again.exit_code == 0, again.err);
  BOOST_TEST((fs::status(dir / "1.cnf").permissions() == (fs::perms::owner_read | fs::perms::owner_write)));
  // A missing folder is made; a path that is a file is an error.
  auto made = run_satdoku("encode -q --out-dir '" + (dir / "new" / "cnf").string() + "'", kEasy + "\n");
  BOOST_TEST(made.exit_code == 0, made.err);
  BOOST_TEST(fs::exists(dir / "new" / "cnf" / "1.cnf"));
  auto file = run_satdoku("encode -q --out-dir '" + (dir / "1.cnf").string() + "'", kEasy + "\n");
  BOOST_TEST(file.exit_code == 2);
  BOOST_TEST(file.err == "satdoku encode: --out-dir " + (dir / "1.cnf").string() +
                             " is a file, not a folder\nTry 'satdoku encode --help'.\n",
             file.err);
  auto under_a_file = run_satdoku("encode -o '" + (dir / "1.cnf" / "x.cnf").string() + "'", kEasy + "\n");
  BOOST_TEST(under_a_file.err == "satdoku encode: cannot write " + (dir / "1.cnf" / "x.cnf").string() + ": " +
                                     (dir / "1.cnf").string() + " is a file, not a folder\n",
             under_a_file.err);
  // A missing folder for -o is said before the encoding, as a usage error.
  auto missing = run_satdoku("encode -o /no/such/folder/p.cnf", kEasy + "\n");
  BOOST_TEST(missing.exit_code == 2);
  BOOST_TEST(missing.err == "satdoku encode: cannot write /no/such/folder/p.cnf: there is no folder /no/such/folder\n",
             missing.err);
  // One target takes one puzzle: several write nothing (not the first of them),
  // while an unreadable line beside the one puzzle costs only itself.
  auto two = run_satdoku("encode -q", kEasy + "\n" + kEasy + "\n");
  BOOST_TEST(two.exit_code == 2);
  BOOST_TEST(two.out.empty(), two.out);
  BOOST_TEST(two.err.find("<stdin>:2: a second puzzle (the first is <stdin>:1)") != std::string::npos, two.err);
  BOOST_TEST(two.err.find("--out-dir") != std::string::npos);
  auto two_file = run_satdoku("encode -q -o '" + (dir / "two.cnf").string() + "'", kEasy + "\n" + kEasy + "\n");
  BOOST_TEST(two_file.exit_code == 2);
  BOOST_TEST(!fs::exists(dir / "two.cnf"));
  auto beside = run_satdoku("encode -q", "xyz\n" + kEasy + "\n");
  BOOST_TEST(beside.exit_code == 2);
  BOOST_TEST(beside.err.find("<stdin>:1:") != std::string::npos, beside.err);
  BOOST_TEST(beside.err.find("second puzzle") == std::string::npos, beside.err);
  BOOST_TEST(beside.out.find("p cnf ") != std::string::npos);
  // A file that cannot be written costs its own puzzle, not the rest of the batch.
  fs::remove_all(dir);
  fs::create_directories(dir / "2.cnf");
  auto taken = run_satdoku("encode -q --out-dir '" + dir.string() + "'", kEasy + "\n" + kEasy + "\n" + kEasy + "\n");
  BOOST_TEST(taken.exit_code == 2);
  BOOST_TEST(taken.err.find("<stdin>:2: cannot write " + (dir / "2.cnf").string() + ": it is a directory, not a regular file") !=
                 std::string::npos,
             taken.err);
  BOOST_TEST(fs::exists(dir / "1.cnf"));
  BOOST_TEST(fs::exists(dir / "3.cnf"));
  // Nor is a file replaced that satdoku did not write, there or at the end
  // of a link of that name: its puzzle gets an error; an empty file and an
  // earlier run's CNF are replaced.
  fs::remove_all(dir);
  fs::create_directories(dir);
  { std::ofstream(dir / "1.cnf") << "my notes\n"; }
  { std::ofstream(dir / "notes.txt") << "precious\n"; }
  fs::create_symlink("notes.txt", dir / "2.cnf");
  { std::ofstream(dir / "3.cnf"); }
  auto foreign = run_satdoku("encode -q --out-dir '" + dir.string() + "'", kEasy + "\n" + kEasy + "\n" + kEasy + "\n");
  BOOST_TEST(foreign.exit_code == 2);
  BOOST_TEST(foreign.err == "<stdin>:1: cannot write " + (dir / "1.cnf").string() +
                                ": it holds a file satdoku did not write (remove it, or write into another folder)\n"
                                "<stdin>:2: cannot write " + (dir / "2.cnf").string() + " (a link to " +
                                (dir / "notes.txt").string() +
                                "): it holds a file satdoku did not write (remove it, or write into another folder)\n",
             foreign.err);
  BOOST_TEST(slurp(dir / "1.cnf") == "my notes\n");
  BOOST_TEST(slurp(dir / "notes.txt") == "precious\n");
  BOOST_TEST(slurp(dir / "3.cnf").starts_with("c satdoku "));
  auto replaced = run_satdoku("encode -q --out-dir '" + dir.string() + "'", kClash + "\n" + kClash + "\n" + kClash + "\n");
  BOOST_TEST(replaced.exit_code == 2);  // 1.cnf and 2.cnf, still
  BOOST_TEST(slurp(dir / "3.cnf").find("c puzzle " + kClash) != std::string::npos);
  // A missing input leaves no folder behind; a dangling symbolic link is named as such.
  auto none = run_satdoku("encode -q --out-dir '" + (dir / "never").string() + "' '" + (dir / "gone.txt").string() + "'");
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(none.err.find("gone.txt") != std::string::npos, none.err);
  BOOST_TEST(!fs::exists(dir / "never"));
  fs::create_symlink(dir / "gone", dir / "link");
  auto dangling = run_satdoku("encode -q --out-dir '" + (dir / "link").string() + "'", kEasy + "\n");
  BOOST_TEST(dangling.exit_code == 2);
  BOOST_TEST(dangling.err.find("cannot create folder " + (dir / "link").string() + ": it is a symbolic link to " +
                               (dir / "gone").string() + ", which does not exist") != std::string::npos,
             dangling.err);
  BOOST_TEST(!fs::exists(dir / "gone"));
  // A failed write names the file and the reason.
  auto full = run_satdoku("encode -q -o /dev/full", kEasy + "\n");
  BOOST_TEST(full.exit_code == 2);
  BOOST_TEST(full.err.find("cannot write /dev/full: No space left on device") != std::string::npos, full.err);
  // A file whose temporary file cannot be made beside it is named with that
  // file: /proc/version exists, and the folder takes no new file.  (It
  // said "cannot write /proc/version: No such file or directory".)
  BOOST_TEST_REQUIRE(fs::exists("/proc/version"));
  auto no_temporary = run_satdoku("encode -q -o /proc/version", kEasy + "\n");
  BOOST_TEST(no_temporary.exit_code == 2);
  BOOST_TEST(no_temporary.err.find("cannot write /proc/version: cannot create the temporary file /proc/version.tmp.") !=
                 std::string::npos,
             no_temporary.err);
  // So does a JUnit report written to a full disk, and the summary still follows.
  auto junit = run_satdoku("check --junit /dev/full", kEasy + "\n");
  BOOST_TEST(junit.exit_code == 2);
  BOOST_TEST(junit.err.find("satdoku check: cannot write /dev/full: No space left on device\nsatdoku check: 1 puzzle") !=
                 std::string::npos,
             junit.err);
  // Beyond `ulimit -f` a write fails (EFBIG) instead of SIGXFSZ killing
  // the process: a message, exit code 2, and no temporary file left.
  // (Standard error goes to a pipe, which the limit does not touch.)
  fs::create_directories(dir / "limited");
  { std::ofstream(dir / "limited" / "in.txt") << kEasy << '\n'; }
  const std::string limited = "cd " + quoted(dir / "limited") + " && ulimit -f 0 && exec " +
                              quoted(satdoku_binary()) + " encode -q -o out.cnf in.txt 2>&1 >/dev/null";
  const RunResult run = run_shell(limited);
  const std::string& said = run.out;
  BOOST_TEST(run.exit_code == 2, said);
  BOOST_TEST(said.find("cannot write out.cnf: File too large") != std::string::npos, said);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir / "limited")) left.push_back(e.path().filename().string());
  BOOST_TEST(left == std::vector<std::string>{"in.txt"});
  // So does a CNF of over 2^20 clauses, which is counted before it is
  // written (an empty 64x64 board, stopped at 1 MB).
  { std::ofstream(dir / "limited" / "empty.txt") << std::string(64 * 64, '.') << '\n'; }
  const RunResult big = run_shell("cd " + quoted(dir / "limited") + " && ulimit -f 1000 && exec " +
                                  quoted(satdoku_binary()) + " encode -q -o out.cnf empty.txt 2>&1 >/dev/null");
  BOOST_TEST(big.exit_code == 2, big.out);
  BOOST_TEST(big.out.find("cannot write out.cnf: File too large") != std::string::npos, big.out);
  BOOST_TEST(!fs::exists(dir / "limited" / "out.cnf"));
}

// probe works up to 64x64: --help says so where --reduce is offered, and a
// larger board is refused with the way forward.
BOOST_AUTO_TEST_CASE(probe_names_its_board_limit_and_the_alternative) {
  for (const char* command : {"encode", "solve", "check", "compare"}) {
    // As one line: the help wraps its columns.
    std::string help;
    for (char ch : run_satdoku(std::string(command) + " --help").out) {
      if (ch == '\n') ch = ' ';
      if (ch != ' ' || help.empty() || help.back() != ' ') help += ch;
    }
    BOOST_TEST(help.find("probe works on boards up to 64x64") != std::string::npos, command << ": " << help);
  }
  std::string empty81;  // an empty 81x81 board, tokens
  for (int row = 0; row < 81; ++row) {
    for (int col = 0; col < 81; ++col) empty81 += col ? " 0" : "0";
    empty81 += '\n';
  }
  const auto refused = run_satdoku("encode -q --reduce probe", empty81);
  BOOST_TEST(refused.exit_code == 2);
  BOOST_TEST(refused.out.empty());
  BOOST_TEST(refused.err.find("works on boards up to 64x64, not 81x81: use --reduce propagate") != std::string::npos,
             refused.err);
}

// --out-dir holds after a run only this run's CNFs under position names: an
// earlier run's at a position this run did not write (past the end of the
// input, an unreadable entry) is removed, and nothing that is not one.
BOOST_AUTO_TEST_CASE(encode_out_dir_removes_an_earlier_runs_cnfs) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("stale");
  const fs::path& dir = scratch.dir;
  auto first = run_satdoku("encode -q --out-dir " + quoted(dir), kEasy + "\n" + kClash + "\n" + kEasy + "\n" + kEasy + "\n");
  BOOST_REQUIRE(first.exit_code == 0);
  // Files that are not encode's: other names, another header, a proof CNF
  // of check --proof (it goes with its .drat), a link.
  fs::copy_file(dir / "1.cnf", dir / "01.cnf");
  fs::copy_file(dir / "1.cnf", dir / "keep.cnf");
  { std::ofstream(dir / "7.cnf") << "p cnf 1 1\n1 0\n"; }
  { std::ofstream(dir / "8.cnf") << "c satdoku 0.1.0 CNF\nc uniqueness: the rules\np cnf 1 1\n1 0\n"; }
  { std::ofstream(dir / "8.drat") << "0\n"; }
  fs::create_symlink("keep.cnf", dir / "9.cnf");
  auto second = run_satdoku("encode --out-dir " + quoted(dir), "xyz\n" + kClash + "\n");
  BOOST_TEST(second.exit_code == 2);  // the unreadable first entry
  BOOST_TEST(second.err.find("satdoku encode: removed 3 CNFs an earlier run left in " + dir.string() +
                             " at positions this run did not write") != std::string::npos,
             second.err);
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  BOOST_TEST((names == std::set<std::string>{"01.cnf", "2.cnf", "7.cnf", "8.cnf", "8.drat", "9.cnf", "keep.cnf"}));
  BOOST_TEST(slurp(dir / "2.cnf").find("c puzzle " + kClash) != std::string::npos);  // this run's
  // -q keeps the count to itself; with nothing to remove nothing is said.
  auto quiet = run_satdoku("encode -q --out-dir " + quoted(dir), kEasy + "\n");
  BOOST_TEST(quiet.exit_code == 0, quiet.err);
  BOOST_TEST(quiet.err.empty(), quiet.err);
  BOOST_TEST(!fs::exists(dir / "2.cnf"));
  BOOST_TEST(fs::exists(dir / "1.cnf"));
  auto again = run_satdoku("encode --out-dir " + quoted(dir), kEasy + "\n");
  BOOST_TEST(again.err.find("removed") == std::string::npos, again.err);
  // A run that wrote nothing (a mistyped input name) removes nothing.
  auto typo = run_satdoku("encode --out-dir " + quoted(dir) + " " + quoted(dir / "no-such-file.txt"));
  BOOST_TEST(typo.exit_code == 2, typo.err);
  BOOST_TEST(fs::exists(dir / "1.cnf"));
  BOOST_TEST(run_satdoku("encode --help").out.find("A CNF an earlier run left in DIR") != std::string::npos);
  // A temporary CNF a second signal left behind goes once its process has
  // ended; a running process's, and other names, stay.
  const std::string dead = run_shell("echo $$").out;  // the shell has ended once popen returns
  const std::string pid = dead.substr(0, dead.find('\n'));
  const std::string running = std::to_string(::getppid());
  for (const std::string& name : {"5.cnf.tmp." + pid, "6.cnf.tmp." + running, "keep.cnf.tmp." + pid})
    std::ofstream(dir / name) << "c satdoku 0.1.0 CNF\n";
  auto swept = run_satdoku("encode --out-dir " + quoted(dir), kEasy + "\n");
  BOOST_TEST(swept.exit_code == 0, swept.err);
  BOOST_TEST(swept.err.find("satdoku encode: removed 1 temporary CNF file of a run that has ended from " +
                            dir.string() + "\n") != std::string::npos,
             swept.err);
  BOOST_TEST(!fs::exists(dir / ("5.cnf.tmp." + pid)));
  BOOST_TEST(fs::exists(dir / ("6.cnf.tmp." + running)));
  BOOST_TEST(fs::exists(dir / ("keep.cnf.tmp." + pid)));
}

// An answer that never reached standard output (a full disk, a closed
// descriptor) is no success: exit code 2 and a message, for every command.
BOOST_AUTO_TEST_CASE(standard_output_that_cannot_be_written_is_an_error) {
  for (const std::string redirect : {"> /dev/full", ">&-"})
    for (const std::string command :
         {"encodings -n 16", "solve -q -o line", "check -q", "encode -q", "--help", "--version", "solve --help"}) {
      const std::string line = "printf '%s\\n' " + kEasy + " | '" + satdoku_binary().string() + "' " + command +
                               " " + redirect + " 2>/dev/null";
      const int status = std::system(("sh -c \"" + line + "\"").c_str());
      BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2), command + " " + redirect);
    }
  // Output of more than a kilobyte fails in the write itself, not in the
  // last flush; the reason is said all the same.  (It was not: "cannot
  // write standard output" alone.)
  {
    const ScratchDir scratch("kilobyte");
    const std::filesystem::path& dir = scratch.dir;
    const std::string bin = "'" + satdoku_binary().string() + "' ";
    const std::string d = "'" + dir.string() + "/";
    // A solved 16x16 board: its CNF is solved by the reduction, and a
    // solver's empty model of it decodes to the 1,026 bytes of the grid.
    BOOST_TEST_REQUIRE(std::system(("printf '%s\\n' " + std::string(256, '.') + " | " + bin + "solve -q -o line > " +
                                    d + "board.txt' && " + bin + "encode -q " + d + "board.txt' -o " + d + "board.cnf'")
                                       .c_str()) == 0);
    { std::ofstream(dir / "model.txt") << "s SATISFIABLE\nv 0\n"; }
    { std::ofstream(dir / "one.txt") << kEasy << '\n'; }
    for (const std::string& command : {"decode " + d + "board.cnf' " + d + "model.txt'",
                                      "compare --encodings triads " + d + "one.txt'", std::string("solve --help")}) {
      const int status = std::system((bin + command + " > /dev/full 2> " + d + "err.txt'").c_str());
      BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2), command);
      const std::string said = slurp(dir / "err.txt");
      BOOST_TEST(said.find("cannot write standard output: No space left on device\n") != std::string::npos,
                 command + ": " + said);
      BOOST_TEST(count_of(said, "cannot write standard output") == 1u, command + ": " + said);
    }
  }
  // A short batch fails only when its last records are flushed, and says why
  // and after how many puzzles as a long one does.
  // (From a file: a pipe's answers are flushed one by one.)
  const std::filesystem::path err = std::filesystem::temp_directory_path() /
                                    ("satdoku-flush-" + std::to_string(::getpid()) + ".txt");
  const std::filesystem::path in = err.string() + ".in";
  { std::ofstream(in) << kEasy << '\n'; }
  const std::string report = err.string() + ".xml";
  for (const std::string& command :
       {std::string("solve -q -o line"), std::string("check -q"), "check -q --junit '" + report + "'"}) {
    const std::string line = "'" + satdoku_binary().string() + "' " + command + " '" + in.string() +
                             "' > /dev/full 2> '" + err.string() + "'";
    const int status = std::system(line.c_str());
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2), command);
    const std::string said = slurp(err);
    BOOST_TEST(said.find("cannot write standard output: No space left on device after 1 puzzle (the records still "
                         "buffered are lost)") != std::string::npos,
               command + ": " + said);
    // Nor is a JUnit report written for records that were lost (it would
    // pass for the whole run in CI).
    BOOST_TEST(!std::filesystem::exists(report), command);
  }
  BOOST_TEST(slurp(err).find("no JUnit report: the records did not reach standard output") != std::string::npos,
             slurp(err));
  // The JUnit report on standard output reports its own failure, once.
  const std::string junit = "'" + satdoku_binary().string() + "' check -q --junit - '" + in.string() +
                            "' > /dev/full 2> '" + err.string() + "'";
  const int junit_status = std::system(junit.c_str());
  BOOST_TEST((WIFEXITED(junit_status) && WEXITSTATUS(junit_status) == 2));
  BOOST_TEST(count_of(slurp(err), "cannot write standard output") == 1u, slurp(err));
  std::filesystem::remove(err);
  std::filesystem::remove(in);
  std::filesystem::remove(report);
}

// Once standard output has failed, a batch stops reading (no later answer
// could reach it) and says why, with -j1 and with workers.
BOOST_AUTO_TEST_CASE(a_batch_stops_when_standard_output_fails) {
  namespace fs = std::filesystem;
  const ScratchDir scratch("full");
  const fs::path& dir = scratch.dir;
  constexpr int kPuzzles = 20000;
  {
    std::ofstream in(dir / "in.txt");
    for (int i = 0; i < kPuzzles; ++i) in << kEasy << '\n';
  }
  for (const std::string command :
       {"solve -q -o line -j1", "solve -q -o line -j2", "check -q -j1", "check -q -j2", "solve -o line -j1"}) {
    const std::string line = "'" + satdoku_binary().string() + "' " + command + " '" + (dir / "in.txt").string() +
                             "' > /dev/full 2> '" + (dir / "err.txt").string() + "'";
    const int status = std::system(line.c_str());
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2), command);
    const std::string err = slurp(dir / "err.txt");
    const std::string said = "cannot write standard output: No space left on device; stopped after ";
    const auto at = err.find(said);
    BOOST_TEST_REQUIRE(at != std::string::npos, command + ": " + err);
    const int processed = std::stoi(err.substr(at + said.size()));
    BOOST_TEST(processed >= 1);
    BOOST_TEST(processed < kPuzzles / 2, command + ": " + err);
    BOOST_TEST(err.find("cannot write standard output", at + said.size()) == std::string::npos, err);  // said once
    BOOST_TEST(err.find("their records from the failed write on are lost", at) != std::string::npos, err);
    // The summary it speaks of is there, or not spoken of (-q).
    const bool quiet = command.find(" -q") != std::string::npos;
    BOOST_TEST((err.find("(the summary counts them all;") != std::string::npos) == !quiet, err);
    BOOST_TEST((err.find(" puzzles: ") != std::string::npos) == !quiet, err);
  }
}

// Answers come back in the symbols the puzzles were written with.
BOOST_AUTO_TEST_CASE(answers_use_the_input_alphabet) {
  auto letters = [](std::string s) {
    for (char& ch : s)
      if (ch >= '1' && ch <= '9') ch = static_cast<char>('A' + (ch - '1'));
    return s;
  };
  auto solve = run_satdoku("solve -q --alphabet A-I -o line", letters(kEasy) + "\n");
  BOOST_TEST(solve.exit_code == 0, solve.err);
  BOOST_TEST(solve.out == letters(kEasySolution) + "\n");
  auto json = run_satdoku("solve -q --alphabet A-I -o json", letters(kEasy) + "\n");
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["puzzle"].get<std::string>() == letters(kEasy));
  BOOST_TEST(j["solution"].get<std::string>() == letters(kEasySolution));
  auto check = run_satdoku("check -q --alphabet A-I", letters(kEasy) + "\n");
  BOOST_TEST(check.exit_code == 0, check.err);
  BOOST_TEST(check.out == "<stdin>:1 unique " + letters(kEasySolution) + "\n");
  // A clash names the digit as the input wrote it.
  const std::string clash = "EE" + letters(kEasy).substr(2);
  auto invalid = run_satdoku("check -q --alphabet A-I", clash + "\n");
  BOOST_TEST(invalid.out == "<stdin>:1 invalid: r1c1 and r1c2 both hold 'E' in row 1\n", invalid.out);
  BOOST_TEST(run_satdoku("solve -q --alphabet A-I -o line", clash + "\n").err.find("both hold 'E' in row 1") !=
             std::string::npos);
  BOOST_TEST(run_satdoku("check -q", "55" + kEasy.substr(2) + "\n").out.find("both hold 5 in row 1") != std::string::npos);
  // A drawn grid too, so that it reads back with the same --alphabet.
  auto drawn = run_satdoku("solve -q --alphabet A-I -o grid", letters(kEasy) + "\n");
  BOOST_TEST(drawn.exit_code == 0, drawn.err);
  BOOST_TEST(drawn.out.find("| ") != std::string::npos, drawn.out);
  auto again = run_satdoku("solve -q --alphabet A-I -o line", drawn.out);
  BOOST_TEST(again.exit_code == 0, again.err);
  BOOST_TEST(again.out == letters(kEasySolution) + "\n");
  // The redundant clues are written as the solution beside them is.
  auto minimal = run_satdoku("check -q --minimal --alphabet A-I", letters(kEasy) + "\n");
  BOOST_TEST(minimal.exit_code == 0, minimal.err);
  const std::size_t list = minimal.out.find(" redundant ");
  BOOST_TEST_REQUIRE(list != std::string::npos, minimal.out);
  std::istringstream clues(minimal.out.substr(list + 11));
  std::string clue;
  int listed = 0;
  while (clues >> clue) {
    const std::size_t eq = clue.find('=');
    BOOST_TEST_REQUIRE(eq != std::string::npos, clue);
    BOOST_TEST((clue.size() == eq + 2 && clue[eq + 1] >= 'A' && clue[eq + 1] <= 'I'), clue);
    ++listed;
  }
  BOOST_TEST(listed > 0);
  // Beyond 9 in the standard alphabet a clash names the number and the symbol
  // (line input writes 'E', tokens input 14).
  auto sixteen = run_satdoku("check -q", "EE" + std::string(254, '.') + "\n");
  BOOST_TEST(sixteen.out == "<stdin>:1 invalid: r1c1 and r1c2 both hold 14 ('E') in row 1\n", sixteen.out);
  // A board in numbers reads without the alphabet; one too short for it is
  // named once, not dropped without a word.
  std::string board;
  for (int row = 0; row < 16; ++row) {
    for (int col = 0; col < 16; ++col) board += col ? " 0" : "0";
    board += '\n';
  }
  for (const char* command : {"solve -q -o line --alphabet A-I", "check -q --expect multiple --alphabet A-I"}) {
    auto numbers = run_satdoku(command, board + "\n" + board);
    BOOST_TEST(numbers.exit_code == 0, numbers.err);
    const std::string note = "<stdin>:1: note: --alphabet has 9 symbols, too few for a 16x16 board: answers to boards "
                             "above 9x9 are written in numbers\n";
    BOOST_TEST(numbers.err == note, numbers.err);
    BOOST_TEST(numbers.out.find(" 16 ") != std::string::npos);
  }
  BOOST_TEST(run_satdoku("solve -q -o line", board).err.empty());
}

// A 16x16 puzzle in the symbols 0-F, blanks '.': without --alphabet its '0'
// clues are read as blanks, and it has two solutions.  Said once per run by
// each command that reads puzzles; not with --alphabet, nor for a puzzle
// with one kind of blank.
BOOST_AUTO_TEST_CASE(zero_and_dot_blanks_together_are_named) {
  const satdoku::Grid solution = pattern_solution(4, 4);
  std::string hex;
  for (int cell = 0; cell < solution.cell_count(); ++cell)
    hex += cell % 3 == 0 ? '.' : "0123456789ABCDEF"[solution.at(cell) - 1];
  BOOST_REQUIRE(hex.find('0') != std::string::npos);
  const std::string note = "<stdin>:1: note: both '0' and '.' were read as blanks; if '0' is a digit here (symbols "
                           "0-F), give --alphabet 0-F\n";
  for (const std::string command : {"solve -q -o line", "check -q -o json", "encode -q --out-dir"}) {
    const ScratchDir scratch("zero-blanks");
    const std::string tail = command.starts_with("encode") ? " " + quoted(scratch.dir) : "";
    auto plain = run_satdoku(command + tail, hex + "\n" + hex + "\n");
    BOOST_TEST(plain.err.find(note) == 0u, command << ": " << plain.err);
    BOOST_TEST(count_of(plain.err, "note:") == 1u, command << ": " << plain.err);
    auto given = run_satdoku(command + tail + " --alphabet 0-F", hex + "\n");
    BOOST_TEST(given.err.find("note:") == std::string::npos, command << ": " << given.err);
  }
  // Read with 0-F, the puzzle has its one solution; without, more.
  BOOST_TEST(run_satdoku("check -q --alphabet 0-F", hex + "\n").exit_code == 0);
  BOOST_TEST(run_satdoku("check -q --expect multiple", hex + "\n").exit_code == 0);
  std::string dots = hex, zeros = hex;
  for (char& ch : dots) ch = ch == '0' ? 'G' : ch;
  for (char& ch : zeros) ch = ch == '.' ? '0' : ch;
  for (const std::string& one_kind : {dots, zeros})
    BOOST_TEST(run_satdoku("solve -q -o line", one_kind + "\n").err.find("note:") == std::string::npos, one_kind);
  // With the symbol of digit N there ('9' in a 9x9 puzzle, 'g' in a 16x16
  // one), '0' cannot be a digit of 0 to N-1: no note.
  std::string nine = kEasy;
  nine[2] = '0';
  BOOST_REQUIRE(nine.find('9') != std::string::npos);
  BOOST_TEST(run_satdoku("solve -q -o line", nine + "\n").err.find("note:") == std::string::npos);
  nine.erase(std::remove(nine.begin(), nine.end(), '9'), nine.end());
  nine.resize(81, '.');
  BOOST_TEST(run_satdoku("solve -q -o line", nine + "\n").err.find("--alphabet 0-8") != std::string::npos);
  std::string sixteen = hex;
  sixteen[sixteen.find('.')] = 'g';
  BOOST_TEST(run_satdoku("solve -q -o line", sixteen + "\n").err.find("note:") == std::string::npos);
}

// A board whose default boxes are not square is read with them, and a
// puzzle made for the other shape would be solved (or found invalid) as if
// made for them: said once per board size, unless --box was given (then a
// drawing of other boxes is named instead).  This
// 6x6 puzzle is one of 3 rows by 2 columns: read with the default 2 by 3
// boxes its answer breaks them.
BOOST_AUTO_TEST_CASE(rectangular_default_boxes_are_named) {
  const std::string six = ".23....4..1.5....42...6.............\n";
  const std::string note = "<stdin>:1: note: 6x6 boards are read with boxes of 2 rows by 3 columns; give --box 3x2 "
                           "(or another RxC) for other boxes\n";
  for (const char* command : {"solve -q -o line", "check -q --expect multiple"}) {
    auto twice = run_satdoku(command, six + six);
    BOOST_TEST(twice.err == note, command << ": " << twice.err);  // once
    auto given = run_satdoku(std::string(command) + " --box 3x2", six);
    BOOST_TEST(given.err.empty(), command << ": " << given.err);
  }
  // encode too (its CNF's header names the boxes: "c board 6x6 box 2x3").
  auto encoded = run_satdoku("encode -q", six);
  BOOST_TEST(encoded.exit_code == 0, encoded.err);
  BOOST_TEST(encoded.err == note, encoded.err);
  BOOST_TEST(encoded.out.find("c board 6x6 box 2x3\n") != std::string::npos);
  BOOST_TEST(run_satdoku("encode -q --box 3x2", six).err.empty());
  auto other = run_satdoku("solve -q -o line --box 3x2", six);
  BOOST_TEST(other.out == "123456345612561234214365436521652143\n", other.out);
  // JSON records name the boxes, which line and tokens output cannot carry.
  auto box_of = [](const RunResult& r) { return nlohmann::json::parse(r.out).value("box", std::string()); };
  BOOST_TEST(box_of(run_satdoku("solve -q -o json --box 3x2", six)) == "3x2");
  BOOST_TEST(box_of(run_satdoku("check -q -o json", six)) == "2x3");
  BOOST_TEST(box_of(run_satdoku("solve -q -o json", kEasy + "\n")) == "3x3");
  // A drawn grid's lines give its boxes, the default ones too: no word.
  for (const char* box : {"", " --box 3x2"}) {
    auto drawn = run_satdoku(std::string("solve -q -o grid") + box, six);
    BOOST_TEST_REQUIRE(drawn.exit_code == 0, drawn.err);
    auto back = run_satdoku("solve -q -o line", drawn.out);
    BOOST_TEST(back.exit_code == 0, back.err);
    BOOST_TEST(back.err.empty(), box << ": " << back.err);
  }
  // --box decides over a drawing of other boxes, and says so once per size.
  auto drawn = run_satdoku("solve -q -o grid --box 3x2", six);
  BOOST_TEST_REQUIRE(drawn.exit_code == 0, drawn.err);
  auto against = run_satdoku("solve -q -o line --box 2x3", drawn.out + "\n" + drawn.out);
  BOOST_TEST(against.out == "invalid\ninvalid\n");  // the answer breaks 2x3 boxes
  BOOST_TEST(against.err.find("<stdin>:2: note: the grid is drawn with boxes of 3 rows by 2 columns; read with boxes "
                              "of 2 by 3 as --box asks\n<stdin>:2: clues clash") == 0,
             against.err);
  BOOST_TEST(against.err.find("note:", 20) == std::string::npos, against.err);  // once
  // Lines that mark no boxes of the board are said to be ignored, once, also
  // for square boxes; under --box they do not matter.
  const std::string two_wide = "53 | .. | 7. | .. | .\n6. | .1 | 95 | .. | .\n.9 | 8. | .. | .6 | .\n"
                               "8. | .. | 6. | .. | 3\n4. | .8 | .3 | .. | 1\n7. | .. | 2. | .. | 6\n"
                               ".6 | .. | .. | 28 | .\n.. | .4 | 19 | .. | 5\n.. | .. | 8. | .7 | 9\n";
  auto ignored = run_satdoku("solve -q -o line", two_wide + "\n" + two_wide);
  BOOST_TEST(ignored.exit_code == 0, ignored.err);
  BOOST_TEST(ignored.err == "<stdin>:1: note: the lines drawn in the grid mark no boxes of a 9x9 board; read with "
                            "boxes of 3 rows by 3 columns (give --box RxC for others)\n",
             ignored.err);
  BOOST_TEST(run_satdoku("solve -q -o line --box 3x3", two_wide).err.empty());
  // Two lines in a row draw one rule; the note for an ignored drawing is
  // its own, beside the one for the default boxes of the same size.
  const std::string doubled = "53..7....\n6..195...\n.98....6.\n=========\n---------\n8...6...3\n4..8.3..1\n"
                              "7...2...6\n=========\n---------\n.6....28.\n...419..5\n....8..79\n";
  auto twice_ruled = run_satdoku("solve -q -o line", doubled);
  BOOST_TEST(twice_ruled.exit_code == 0, twice_ruled.err);
  BOOST_TEST(twice_ruled.err.empty(), twice_ruled.err);
  auto both_notes = run_satdoku("solve -q -o line", ".23...\n.4..1.\n5....4\n2...6.\n......\n......\n\n"
                                                    "1 2 3 4 | 5 6\n3 4 5 6 | 1 2\n5 6 1 2 | 3 4\n"
                                                    "2 1 4 3 | 6 5\n4 3 6 5 | 2 1\n6 5 2 1 | 4 3\n");
  BOOST_TEST(both_notes.err.find(note) == 0u, both_notes.err);
  BOOST_TEST(both_notes.err.find("<stdin>:8: note: the lines drawn in the grid mark no boxes of a 6x6 board") !=
                 std::string::npos,
             both_notes.err);
  // Square boxes need no word; each other size gets its own.
  BOOST_TEST(run_satdoku("solve -q -o line", kEasy + "\n").err.empty());
  auto sizes = run_satdoku("solve -q -o line", six + std::string(64, '.') + "\n" + six);
  BOOST_TEST(sizes.err == note + "<stdin>:2: note: 8x8 boards are read with boxes of 2 rows by 4 columns; give --box "
                                 "4x2 (or another RxC) for other boxes\n",
             sizes.err);
}

// Above 35x35 a solution is written as numbers separated by spaces, so two
// solutions on one line are separated by " | ", in solve and in check.
BOOST_AUTO_TEST_CASE(wide_boards_separate_their_solutions) {
  // A 36x36 solution pattern with every 1 and 2 blank: swapping them gives a
  // second solution.
  std::string board;
  for (int r = 0; r < 36; ++r) {
    for (int c = 0; c < 36; ++c) {
      const int digit = ((r % 6) * 6 + r / 6 + c) % 36 + 1;
      board += (c ? " " : "") + std::to_string(digit <= 2 ? 0 : digit);
    }
    board += '\n';
  }
  auto split = [](const std::string& text) {
    std::vector<std::size_t> sizes;
    std::size_t start = 0;
    for (std::size_t bar; (bar = text.find(" | ", start)) != std::string::npos; start = bar + 3) {
      std::istringstream part(text.substr(start, bar - start));
      sizes.push_back(std::distance(std::istream_iterator<std::string>(part), std::istream_iterator<std::string>()));
    }
    std::istringstream last(text.substr(start));
    sizes.push_back(std::distance(std::istream_iterator<std::string>(last), std::istream_iterator<std::string>()));
    return sizes;
  };
  const auto solve = run_satdoku("solve -q --limit 2 -o line", board);
  BOOST_TEST(solve.exit_code == 0, solve.err);
  BOOST_TEST(split(solve.out) == std::vector<std::size_t>({1296, 1296}));
  const auto check = run_satdoku("check -q --expect multiple", board);
  BOOST_TEST(check.exit_code == 0, check.err);
  const std::size_t differ = check.out.find(" differ at ");
  BOOST_TEST_REQUIRE(differ != std::string::npos, check.out.substr(0, 200));
  const std::string verdict = "<stdin>:1 multiple ";
  BOOST_TEST_REQUIRE(check.out.rfind(verdict, 0) == 0u, check.out.substr(0, 200));
  BOOST_TEST(split(check.out.substr(verdict.size(), differ - verdict.size())) ==
             std::vector<std::size_t>({1296, 1296}));
  // Up to 35x35 a space is enough: every solution is one word.
  const auto nine = run_satdoku("solve -q --limit 2 -o line", std::string(81, '.') + "\n");
  BOOST_TEST(nine.out.size() == 2 * 81 + 2u, nine.out);
  BOOST_TEST(nine.out.find(" | ") == std::string::npos);
}

// The README's tour runs on the files in examples/: check's verdicts and
// the redundant clues it shows are what these files give.
BOOST_AUTO_TEST_CASE(the_readme_tour_examples_give_what_it_shows) {
  const std::string examples = quoted(source_dir() / "examples") + "/";
  const auto collection = run_satdoku("check " + examples + "collection.txt");
  BOOST_TEST(collection.exit_code == 1, collection.err);
  BOOST_TEST(collection.out.find("collection.txt:2 multiple ") != std::string::npos, collection.out);
  BOOST_TEST(collection.out.find("collection.txt:3 unique ") != std::string::npos, collection.out);
  BOOST_TEST(collection.out.find("collection.txt:4 unique ") != std::string::npos, collection.out);
  BOOST_TEST(collection.err.find("3 puzzles: 2 unique, 1 multiple,") != std::string::npos, collection.err);
  const auto redundant = run_satdoku("check --expect minimal " + examples + "redundant.txt");
  BOOST_TEST(redundant.exit_code == 1, redundant.err);
  BOOST_TEST(redundant.out.find(" unique 953168742862734951417952836746893125281645397395271468138529674574386219629417583 "
                                "redundant r1c1=9 r1c2=5 r1c3=3") != std::string::npos,
             redundant.out);
  // The commands as the README gives them, run from a copy of examples/:
  // their output, line for line.
  namespace fs = std::filesystem;
  const ScratchDir scratch("readme");
  const fs::path& dir = scratch.dir;
  fs::copy(source_dir() / "examples", dir / "examples");
  const std::string satdoku = quoted(satdoku_binary());
  const RunResult proof = run_shell("cd " + quoted(dir) + " && " + satdoku +
                                    " check --expect minimal --proof proofs examples/redundant.txt 2>&1");
  BOOST_TEST(proof.out.starts_with("examples/redundant.txt:2 unique "
                                   "953168742862734951417952836746893125281645397395271468138529674574386219629417583 "
                                   "redundant r1c1=9 r1c2=5 r1c3=3 proof proofs/1.drat\n"
                                   "examples/redundant.txt:2: FAIL: not minimal: redundant r1c1 r1c2 r1c3\n"
                                   "satdoku check: 1 puzzle: 1 unique, "),
             proof.out);
  BOOST_TEST((fs::exists(dir / "proofs" / "1.drat") && fs::file_size(dir / "proofs" / "1.drat") > 0u));
  const RunResult encode = run_shell("cd " + quoted(dir) + " && sed -n 7p examples/mixed.txt > puzzle.txt && " + satdoku +
                                     " encode puzzle.txt -o puzzle.cnf 2>&1 && cadical -q puzzle.cnf > puzzle.out; " +
                                     satdoku + " decode puzzle.cnf puzzle.out --output line");
  BOOST_TEST(encode.out ==
                 "satdoku encode: puzzle.txt:1 -> puzzle.cnf: 1214 variables, 1811 clauses (triads/pairwise/propagate)\n"
                 "953168742862734951417952836746893125281645397395271468138529674574386219629417583\n",
             encode.out);
}

BOOST_AUTO_TEST_CASE(encodings_lists_the_table) {
  auto r = run_satdoku("encodings");
  BOOST_TEST(r.exit_code == 0);
  for (const char* expected : {"minimal", "729        8829", "natural", "11745", "extended", "11988", "triads",
                               "1215        7695", "bimander"})
    BOOST_TEST(r.out.find(expected) != std::string::npos, expected);
  auto json = run_satdoku("encodings --json --size 16");
  BOOST_TEST(json.exit_code == 0);
  auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["encodings"].size() == 4u);
  BOOST_TEST(j["encodings"][0]["variables"].get<int>() == 4096);
  // A size or box no board has is a usage error, with the hint at --help
  // as for any other option.
  for (const char* args : {"--size 7", "--size 1", "--size 6 --box 2x2", "--box 1x9", "--amo foo"}) {
    const auto refused = run_satdoku(std::string("encodings ") + args);
    BOOST_TEST(refused.exit_code == 2, args);
    BOOST_TEST(refused.err.ends_with("\nTry 'satdoku encodings --help'.\n"), args << ": " << refused.err);
  }
  // --box alone gives the board its size (the default 9 fits no 3x2 box).
  const auto boxed = run_satdoku("encodings --box 3x2");
  BOOST_TEST(boxed.exit_code == 0, boxed.err);
  BOOST_TEST(boxed.out.starts_with("Encodings, sizes for an empty 6x6 (3x2 boxes) board"), boxed.out);
  BOOST_TEST(run_satdoku("encodings --box 3x2 --size 9").exit_code == 2);  // a size given still counts
  const auto huge_box = run_satdoku("encodings --box 100000x100000");
  BOOST_TEST(huge_box.exit_code == 2);
  BOOST_TEST(huge_box.err.starts_with("satdoku encodings: box 100000x100000 makes a board 10000000000 cells wide, "
                                      "beyond the largest (1024)\n"),
             huge_box.err);
  const auto bare = run_satdoku("encodings 25");  // the size given as a word
  BOOST_TEST(bare.exit_code == 2);
  BOOST_TEST(bare.err.find("encodings takes options only, no FILE or other word (the sizes for an N x N board: "
                           "--size N)") != std::string::npos, bare.err);
  // 13-digit clause counts keep their column apart.
  const auto huge = run_satdoku("encodings --size 1024");
  BOOST_TEST(huge.out.find(" 1073741824 1647657877504  every cell") != std::string::npos);
  // Counts beyond what DIMACS can number are said to be so (2^30 cell
  // variables fit; a sequential at-most-one's helpers take them past 2^31).
  BOOST_TEST(huge.out.find("Beyond DIMACS") == std::string::npos, huge.out);
  const auto beyond = run_satdoku("encodings --size 1024 --amo sequential");
  BOOST_TEST(beyond.out.find("\nBeyond DIMACS: minimal, natural, extended, triads would need more than 2^31-1 "
                             "variables here") != std::string::npos, beyond.out);
  const auto beyond_json = nlohmann::json::parse(run_satdoku("encodings --size 1024 --amo sequential --json").out);
  BOOST_TEST(beyond_json["encodings"][0]["beyond_dimacs"].get<bool>());
  BOOST_TEST(!j["encodings"][0]["beyond_dimacs"].get<bool>());
}

// With several workers, an answer is printed as soon as it is ready, while
// the input is still open (a driver program waits for it before sending more);
// also when the pipe is named as a file.
BOOST_AUTO_TEST_CASE(answers_do_not_wait_for_more_input) {
  // The puzzle goes in through a FIFO that the shell keeps open until the
  // answer has arrived (polled for up to 30 s, so that a loaded machine does
  // not fail the test; each variant starts without an output file, which a
  // missing file counts as empty); only then does the input end.
  namespace fs = std::filesystem;
  const ScratchDir scratch("live");
  const fs::path& dir = scratch.dir;
  const std::string fifo = quoted(dir / "in");
  const std::string out = quoted(dir / "out");
  std::string spaced;  // the same puzzle as 81 numbers: detection reads no further than what has come
  for (char ch : kEasy) spaced += std::string(spaced.empty() ? "" : " ") + (ch == '.' ? '0' : ch);
  // A drawn board whose first row lost two symbols: one error record, said
  // once its rows are there, without waiting for a line after them.
  std::string short_row;
  for (std::size_t r = 0; r < 9; ++r) short_row += " '" + kEasy.substr(r == 0 ? 2 : 9 * r, r == 0 ? 7 : 9) + "'";
  for (const std::string variant : {"-j1", "-j2", "-j2 /dev/stdin", "-j1 spaced", "-j1 short row"}) {
    const bool spaced_input = variant == "-j1 spaced", short_input = variant == "-j1 short row";
    const std::string jobs = spaced_input || short_input ? "-j1" : variant;
    const std::string line = spaced_input ? "'" + spaced + "'" : short_input ? short_row : kEasy;
    const std::string answer = short_input ? "error\n" : kEasySolution + "\n";
    for (const char* name : {"in", "out", "early"}) fs::remove(dir / name);
    const std::string script = "mkfifo " + fifo + "\n" + quoted(satdoku_binary()) + " solve -q " + jobs +
                               " -o line < " + fifo + " > " + out + " 2> " + quoted(dir / "err") + " &\n" +
                               "exec 3> " + fifo + "\n" +
                               "printf '%s\\n' " + line + " >&3\n" +
                               "i=0; while [ \"$(cat " + out + " 2>/dev/null | wc -l)\" -lt 1 ] && [ $i -lt 300 ]; do sleep 0.1; "
                               "i=$((i+1)); done\n" +
                               "cp " + out + " " + quoted(dir / "early") + "\n" + "exec 3>&-\nwait $!\n";
    std::ofstream(dir / "live.sh") << script;
    BOOST_REQUIRE(run_shell("sh " + quoted(dir / "live.sh")).exit_code == (short_input ? 2 : 0));
    BOOST_TEST(slurp(dir / "early") == answer, variant);
    BOOST_TEST(slurp(dir / "out") == answer, variant);
  }
}

// The progress line on a terminal is erased before anything else is
// written there: records (standard output on the terminal too) and
// messages (standard error) each start a clean line.  It was drawn over by
// records and left in front of messages.
BOOST_AUTO_TEST_CASE(the_progress_line_is_erased_before_other_output) {
  // python3 runs a shell command with standard error (and, given "tty",
  // standard output) on a pseudo-terminal, replays what the terminal
  // received as a terminal shows it (a carriage return goes back to the
  // line's start), and prints the lines shown, then how often a progress
  // line was drawn.
  const std::string driver =
      "import os, subprocess, sys\n"
      "m, s = os.openpty()\n"
      "out = s if sys.argv[1] == 'tty' else subprocess.DEVNULL\n"
      "p = subprocess.Popen(['sh', '-c', sys.argv[2]], stdin=subprocess.DEVNULL, stdout=out, stderr=s)\n"
      "os.close(s)\n"
      "raw = b''\n"
      "try:\n"
      "    while chunk := os.read(m, 4096): raw += chunk\n"
      "except OSError:\n"
      "    pass\n"
      "p.wait(timeout=60)\n"
      "lines, line, col = [], [], 0\n"
      "for ch in raw.decode():\n"
      "    if ch == '\\r': col = 0\n"
      "    elif ch == '\\n': lines.append(''.join(line).rstrip()); line, col = [], 0\n"
      "    else:\n"
      "        line[col:col + 1] = [ch]; col += 1\n"
      "print('\\n'.join(lines))\n"
      "print(raw.count(b'/s   '))\n";
  const ScratchDir scratch("progress");
  const std::filesystem::path& dir = scratch.dir;
  std::ofstream(dir / "driver.py") << driver;
  // Hard puzzles, so that the run lasts long enough for the line to be
  // drawn again and again (at most 5 times a second).
  constexpr std::size_t kPuzzles = 600;
  { std::ofstream(dir / "p.txt") << first_lines("forum_hardest_11plus.txt", kPuzzles); }
  const std::string file = (dir / "p.txt").string(), satdoku = quoted(satdoku_binary());
  auto shown = [&](const std::string& where, const std::string& command) {
    return lines_of(run_shell("python3 " + quoted(dir / "driver.py") + " " + where + " \"" + command + "\"").out);  // (no \" nor $ in it)
  };
  // The first line that is not `prefix`'s record or message, nor the summary.
  auto unclean = [&](const std::vector<std::string>& lines, const std::string& prefix) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
      if (!lines[i].starts_with(prefix + ":") && !lines[i].starts_with("satdoku check: ")) return lines[i];
    return std::string();
  };
  auto draws = [](const std::vector<std::string>& lines) { return std::stoi(lines.back()); };
  // With one job the line moves with each record; with two, a block of
  // records at a time (so it may be drawn only once).
  const std::vector<std::string> cases[] = {
      // Records and messages both on the terminal: from a file (records
      // leave standard output's buffer a few KiB at a time), from a pipe
      // (each record flushed at once), and with two jobs.
      shown("tty", satdoku + " check -j1 " + quoted(dir / "p.txt")),
      shown("tty", "cat " + quoted(dir / "p.txt") + " | " + satdoku + " check -j1 -"),
      shown("tty", satdoku + " check -j2 " + quoted(dir / "p.txt")),
      // Messages only (each puzzle fails --expect multiple).
      shown("file", satdoku + " check -j1 --expect multiple " + quoted(dir / "p.txt")),
      // --no-progress: no line drawn at all.
      shown("file", satdoku + " check -j1 --no-progress --expect multiple " + quoted(dir / "p.txt")),
  };
  const std::string prefixes[] = {file, "<stdin>", file, file, file};
  for (std::size_t c = 0; c < std::size(cases); ++c) {
    BOOST_TEST_CONTEXT("case " << c) {
      const std::vector<std::string>& lines = cases[c];
      BOOST_REQUIRE(lines.size() == kPuzzles + 2);  // the records or FAIL lines, the summary, the driver's count
      if (c == 4)
        BOOST_TEST(draws(lines) == 0);
      else
        BOOST_TEST(draws(lines) >= (c == 2 ? 1 : 2));
      BOOST_TEST(unclean(lines, prefixes[c]).empty(), unclean(lines, prefixes[c]));
    }
  }
}

// Puzzles typed at a terminal: the prompt says how the input ends, on
// standard error only; piped input (every other test) gets no such line.
BOOST_AUTO_TEST_CASE(a_terminal_is_told_how_the_input_ends) {
  // python3 gives satdoku a pseudo-terminal as standard input and error,
  // types its first argument and Ctrl-D, and prints what the terminal showed.
  const std::string driver =
      "import os, subprocess, sys\n"
      "m, s = os.openpty()\n"
      "p = subprocess.Popen(sys.argv[2:], stdin=s, stderr=s, stdout=subprocess.PIPE)\n"
      "os.close(s)\n"
      "os.write(m, sys.argv[1].encode() + b'\\n\\x04')\n"
      "out = p.communicate(timeout=20)[0].decode()\n"
      "shown = b''\n"
      "try:\n"
      "    while chunk := os.read(m, 4096): shown += chunk\n"
      "except OSError:\n"
      "    pass\n"
      "print(p.returncode, out.strip(), shown.decode().replace('\\r', ''), sep='|')\n";
  const ScratchDir scratch("tty");
  const std::filesystem::path& dir = scratch.dir;
  std::ofstream(dir / "driver.py") << driver;
  auto typed = [&](const std::string& text, const std::string& args) {
    return run_shell("python3 " + quoted(dir / "driver.py") + " '" + text + "' " + quoted(satdoku_binary()) + " " + args)
        .out;
  };
  const std::string solved = typed(kEasy, "solve -o line --no-progress");
  BOOST_TEST(solved.starts_with("0|" + kEasySolution + "|"), solved);
  BOOST_TEST(solved.find("reading puzzles from the terminal; Ctrl-D ends the input") != std::string::npos, solved);
  BOOST_TEST(run_satdoku("solve -o line", kEasy + "\n").err.find("terminal") == std::string::npos);
  // decode waiting for the solver's answer says so too.
  BOOST_REQUIRE(run_satdoku("encode --reduce none -o " + quoted(dir / "p.cnf"), kEasy + "\n").exit_code == 0);
  const std::string decoded = typed("s UNSATISFIABLE", "decode -o line " + quoted(dir / "p.cnf"));
  BOOST_TEST(decoded.starts_with("1|none|"), decoded);
  BOOST_TEST(decoded.find("satdoku decode: reading the solver's answer from the terminal; Ctrl-D ends it") !=
                 std::string::npos,
             decoded);
  // Both named as files: nothing is read from the terminal, and nothing said.
  { std::ofstream(dir / "p.out") << "s UNSATISFIABLE\n"; }
  const std::string files = typed("", "decode -o line " + quoted(dir / "p.cnf") + " " + quoted(dir / "p.out"));
  BOOST_TEST(files.starts_with("1|none|"), files);
  BOOST_TEST(files.find("terminal") == std::string::npos, files);
}

// Found by mutation (round 6): readers and the JSON writer, each a case
// that no other test read.
BOOST_AUTO_TEST_CASE(csv_quoted_fields_keep_doubled_quotes_and_separators) {
  // A doubled quote inside a quoted field, then a separator in that field.
  const auto r = run_satdoku("solve -o line", "title,puzzle\n\"a \"\"b\"\", c\"," + kEasy + "\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out == kEasySolution + "\n");
}

BOOST_AUTO_TEST_CASE(an_alphabet_range_may_run_from_digits_to_small_letters) {
  const auto r = run_satdoku("solve -o line --alphabet 0-f", "0123........3210\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out == "0123230110323210\n");
}

BOOST_AUTO_TEST_CASE(a_rule_under_every_row_keeps_the_box_columns_the_bars_draw) {
  // Bars every 2 columns: boxes 3 rows by 2 columns (the default for 6x6
  // is 2 by 3, under which these clues clash).
  std::string board;
  const char* rows[] = {"1 2 | 3 4 | 5 .", "3 4 | 5 6 | 1 2", "5 6 | 1 2 | 3 4",
                        "2 1 | 4 3 | 6 5", "4 3 | 6 5 | 2 1", "6 5 | 2 1 | 4 3"};
  for (const char* row : rows) board += std::string(row) + "\n----+-----+----\n";
  const auto r = run_satdoku("solve -o line", board);
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out == "123456345612561234214365436521652143\n");
  BOOST_TEST(r.err.find("mark no boxes") == std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(json_records_keep_nodes_and_bad_bytes) {
  // Settled without a guess, the native solver still counts its one node.
  const auto native = run_satdoku("solve --backend native -o json", "1.3.........2..4\n");
  BOOST_TEST(native.exit_code == 0, native.err);
  BOOST_TEST(native.out.find("\"guesses\":0") != std::string::npos, native.out);
  BOOST_TEST(native.out.find("\"nodes\":1") != std::string::npos, native.out);
  // Bytes that are not UTF-8 are each written as U+FFFD, not dropped, so
  // that the message's column still points at them.
  const auto bad = run_satdoku("solve -o json", "1234\xc0\x80..........\n");
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(bad.out.find("\"puzzle\":\"1234\xEF\xBF\xBD\xEF\xBF\xBD..........\"") != std::string::npos, bad.out);
}
