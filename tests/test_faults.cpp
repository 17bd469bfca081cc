// The checks that guard every answer fire when a backend is wrong: each
// solution verified against the rules and the clues, no solution twice, the
// native reference agreeing.  A correct build never trips them, so the
// environment variable SATDOKU_TEST_FAULT (cli/test_fault.hpp) makes the
// backend of solve, check and compare spoil its answers, and each check must
// then report a bug with the puzzle, the answers and the source line, and
// end the run with exit code 3; without the fault the same runs pass.
#define BOOST_TEST_MODULE faults
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "satdoku/grid.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::test;

namespace {

constexpr int kDisagreement = 3;

// Sets SATDOKU_TEST_FAULT for the runs of one scope.
class Fault {
 public:
  explicit Fault(const char* name) { ::setenv("SATDOKU_TEST_FAULT", name, 1); }
  ~Fault() { ::unsetenv("SATDOKU_TEST_FAULT"); }
  Fault(const Fault&) = delete;
  Fault& operator=(const Fault&) = delete;
};

// A puzzle's single solution as the reference (in this process) finds it,
// written as a line; the runs below must name it.
std::string only_solution(const std::string& line) {
  const Grid puzzle = read_puzzles_text(line).at(0);
  const Result r = make_native_solver()->solve(puzzle, {.max_solutions = 2});
  BOOST_TEST_REQUIRE((r.status == Status::solved && r.exhausted && r.solutions.size() == 1));
  BOOST_TEST_REQUIRE(!verify(puzzle, r.solutions[0]).has_value());
  std::string text;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) text += static_cast<char>('0' + r.solutions[0].at(cell));
  return text;
}

// Without the reference a spoilt answer cannot be told from a true one: the
// run fails as for any puzzle that misses (exit code 1), and no bug is named.
void require_ordinary_failure(const std::string& command, const std::string& input) {
  const RunResult r = run_satdoku(command, input);
  BOOST_TEST_CONTEXT(command) {
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(r.err.find("BUG") == std::string::npos);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(without_a_fault_the_same_runs_pass) {
  const std::string input = first_lines("top1465.txt", 3);
  BOOST_TEST(run_satdoku("solve -q", input).exit_code == 0);
  BOOST_TEST(run_satdoku("check -q", input).exit_code == 0);
  const Fault empty("");  // set, but empty: no fault either
  const RunResult empty_value = run_satdoku("solve -o line", input);
  BOOST_TEST(empty_value.exit_code == 0, empty_value.err);
  BOOST_TEST(empty_value.err.find("BUG") == std::string::npos);
  BOOST_TEST(lines_of(empty_value.out).size() == 3u);
}

BOOST_AUTO_TEST_CASE(an_unknown_fault_is_a_usage_error) {
  const Fault fault("wrong-digits");
  for (const char* command : {"solve", "check", "compare"}) {
    const RunResult r = run_satdoku(command, first_lines("top1465.txt", 1));
    BOOST_TEST_CONTEXT(command) {
      BOOST_TEST(r.exit_code == 2);
      BOOST_TEST(r.err.find("SATDOKU_TEST_FAULT: unknown fault 'wrong-digits'") != std::string::npos);
      BOOST_TEST(r.out.empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(solve_verifies_every_answer_with_or_without_the_reference) {
  const std::string input = first_lines("top1465.txt", 3);
  const std::string first = lines_of(input).at(0);
  const Fault fault("wrong-digit");
  for (const char* options : {"solve -o line", "solve -o line --no-cross-check", "solve -o line --backend native"}) {
    const RunResult r = run_satdoku(options, input);
    BOOST_TEST_CONTEXT(options) {
      BOOST_TEST(r.exit_code == kDisagreement);
      BOOST_TEST(count_of(r.err, "answer fails verification") == 3u);
      BOOST_TEST(r.err.find("BUG: <stdin>:1: ") != std::string::npos);
      BOOST_TEST(r.err.find("BUG: <stdin>:3: ") != std::string::npos);
      BOOST_TEST(r.err.find("  puzzle: " + first) != std::string::npos);
      BOOST_TEST(r.err.find("3 DISAGREEMENTS") != std::string::npos);
      BOOST_TEST(lines_of(r.out).size() == 3u);  // every puzzle still has its record
      // and each is marked, not to be taken for a solution
      BOOST_TEST(count_of(r.out, " [BUG: see standard error]\n") == 3u, r.out);
    }
  }
  const RunResult board = run_satdoku("solve -o leetcode", input);
  BOOST_TEST(count_of(board.out, "]] [BUG: see standard error]\n") == 3u, board.out);
  // With two solutions a record, each board line is marked.
  const RunResult boards = run_satdoku("solve -o leetcode -k 2", first_lines("serg_multi.txt", 1));
  BOOST_TEST(boards.exit_code == kDisagreement);
  BOOST_TEST(lines_of(boards.out).size() == 2u, boards.out);
  BOOST_TEST(count_of(boards.out, "]] [BUG: see standard error]\n") == 2u, boards.out);
  // The grid layout's header marks the answer as not to be trusted.
  const RunResult drawn = run_satdoku("solve", input);
  BOOST_TEST(drawn.exit_code == kDisagreement);
  BOOST_TEST(count_of(drawn.out, " solved [BUG: see standard error]\n") == 3u, drawn.out);
  // A wrong answer outranks a standard output that cannot be written: exit
  // code 3, not the 2 of the output error, and both are said.
  for (const char* command : {"solve -o line", "check"}) {
    const RunResult full = run_shell("printf '%s\\n' '" + first + "' | '" + satdoku_binary().string() + "' " +
                                     command + " 2>&1 >/dev/full");
    BOOST_TEST_CONTEXT(command) {
      BOOST_TEST(full.exit_code == kDisagreement, full.out);
      BOOST_TEST(full.out.find("BUG: <stdin>:1: ") != std::string::npos, full.out);
      BOOST_TEST(full.out.find("cannot write standard output") != std::string::npos, full.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(solve_reports_an_answer_the_reference_contradicts) {
  const std::string input = first_lines("top1465.txt", 2);
  const std::vector<std::string> lines = lines_of(input);
  const Fault fault("no-solution");
  const RunResult r = run_satdoku("solve -o line", input);
  BOOST_TEST(r.exit_code == kDisagreement);
  BOOST_TEST(count_of(r.err, "the SAT answer and the native reference disagree") == 2u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    BOOST_TEST(r.err.find("BUG: <stdin>:" + std::to_string(i + 1) + ": ") != std::string::npos);
    BOOST_TEST(r.err.find("  puzzle: " + lines[i]) != std::string::npos);
    BOOST_TEST(r.err.find("  reference: " + only_solution(lines[i])) != std::string::npos);
  }
  BOOST_TEST(lines_of(r.out) ==
             (std::vector<std::string>{"none [BUG: see standard error]", "none [BUG: see standard error]"}));
  // The JSON record carries the problem too.
  const RunResult json = run_satdoku("solve -o json", lines[0] + "\n");
  BOOST_TEST(json.exit_code == kDisagreement);
  BOOST_TEST(json.out.find("\"problem\":\"the SAT answer and the native reference disagree") != std::string::npos);
  // Without the reference nothing can tell: an ordinary `none`.
  require_ordinary_failure("solve -o line --no-cross-check", input);
}

BOOST_AUTO_TEST_CASE(solve_refuses_a_solution_given_twice) {
  const std::string input = first_lines("top1465.txt", 1);
  const Fault fault("repeat-solution");
  for (const char* options : {"solve --limit 2", "solve --limit 2 --no-cross-check"}) {
    const RunResult r = run_satdoku(options, input);
    BOOST_TEST_CONTEXT(options) {
      BOOST_TEST(r.exit_code == kDisagreement);
      BOOST_TEST(r.err.find("BUG: <stdin>:1: sat returned the same solution twice") != std::string::npos);
    }
  }
}

BOOST_AUTO_TEST_CASE(check_reports_a_wrong_verdict) {
  const std::string multi = first_lines("serg_multi.txt", 2);
  const std::vector<std::string> lines = lines_of(multi);
  const std::filesystem::path junit =
      std::filesystem::temp_directory_path() / ("satdoku-faults-" + std::to_string(::getpid()) + ".xml");
  {
    const Fault fault("one-solution");  // a puzzle with two solutions looks unique
    const RunResult r = run_satdoku("check --junit '" + junit.string() + "'", multi);
    BOOST_TEST(r.exit_code == kDisagreement);
    BOOST_TEST(count_of(r.err, "different verdicts: answer unique with 1, reference multiple with 2") == 2u);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      BOOST_TEST(r.err.find("BUG: <stdin>:" + std::to_string(i + 1) + ": ") != std::string::npos);
      BOOST_TEST(r.err.find("  puzzle: " + lines[i]) != std::string::npos);
    }
    BOOST_TEST(count_of(r.err, "  reference: ") == 4u);  // both of each puzzle's solutions
    // Each is a disagreement, not also a puzzle that missed the expectation.
    BOOST_TEST(r.err.find("; 0 failing --expect unique, 2 DISAGREEMENTS") != std::string::npos, r.err);
    const std::string xml = slurp(junit);
    BOOST_TEST(xml.find("failures=\"2\"") != std::string::npos);
    BOOST_TEST(count_of(xml, "<failure message=\"a bug: the SAT answer and the native reference disagree") == 2u);
    std::filesystem::remove(junit);
  }
  {
    const Fault fault("no-solution");
    const std::string unique = first_lines("top1465.txt", 1);
    const RunResult r = run_satdoku("check -o json", unique);
    BOOST_TEST(r.exit_code == kDisagreement);
    BOOST_TEST(r.err.find("different verdicts: answer none with 0, reference unique with 1") != std::string::npos);
    BOOST_TEST(r.err.find("  reference: " + only_solution(lines_of(unique).at(0))) != std::string::npos);
    BOOST_TEST(r.out.find("\"problem\":") != std::string::npos);
    // Without the reference: the verdict `none` fails --expect unique.
    require_ordinary_failure("check --no-cross-check", unique);
  }
}

// compare's reference looks for one solution more than a row claims to
// know: a row that stops at the first of two solutions yet says it has
// them all is caught even where the reference would find that same one
// first (as it does for this serg_multi puzzle).
BOOST_AUTO_TEST_CASE(compare_catches_a_row_that_claims_too_few_solutions) {
  const Fault fault("one-solution");
  const RunResult r = run_satdoku(
      "compare --encodings extended --amo pairwise --reduce none --mode fresh -j1 --no-progress --csv -",
      "8.........95.......76.........692487...714532...853916...976.4....4287.3...531...\n");
  BOOST_TEST(r.exit_code == kDisagreement, r.err);
  BOOST_TEST(r.err.find("1 disagreements with the reference, first: the reference found a solution the answer does "
                        "not have") != std::string::npos,
             r.err);
}

BOOST_AUTO_TEST_CASE(check_verifies_every_solution_and_refuses_repeats) {
  const std::string input = first_lines("top1465.txt", 2);
  {
    const Fault fault("wrong-digit");
    for (const char* options : {"check", "check --no-cross-check", "check --backend native"}) {
      const RunResult r = run_satdoku(options, input);
      BOOST_TEST_CONTEXT(options) {
        BOOST_TEST(r.exit_code == kDisagreement);
        BOOST_TEST(count_of(r.err, "answer fails verification") == 2u);
        BOOST_TEST(count_of(r.out, " [BUG: see standard error]\n") == 2u, r.out);
      }
    }
  }
  {
    const Fault fault("repeat-solution");
    const RunResult r = run_satdoku("check --no-cross-check", input);
    BOOST_TEST(r.exit_code == kDisagreement);
    BOOST_TEST(count_of(r.err, "sat returned the same solution twice") == 2u);
  }
}

// check --minimal: a needed clue reported redundant is caught by the
// reference (the puzzle without it has two solutions), and a needed clue's
// witness (the other solution without it) is checked against the rules.
BOOST_AUTO_TEST_CASE(check_minimal_confirms_every_clue_verdict) {
  const std::string input = first_lines("17_clue.txt", 2);
  {
    const Fault fault("needed-as-redundant");
    const RunResult r = run_satdoku("check --minimal", input);
    BOOST_TEST(r.exit_code == kDisagreement);
    BOOST_TEST(count_of(r.err, "the SAT answer and the native reference disagree: without clue r") == 2u, r.err);
    BOOST_TEST(count_of(r.err, " the SAT solver finds the puzzle unique, the reference multiple\n") == 2u, r.err);
  }
  {
    const Fault fault("wrong-witness");
    const RunResult r = run_satdoku("check --minimal --no-cross-check", input);  // checked without the reference
    BOOST_TEST(r.exit_code == kDisagreement);
    BOOST_TEST(count_of(r.err, " is wrong: it is the solution\n") == 2u, r.err);
  }
  BOOST_TEST(run_satdoku("check -q --minimal", input).exit_code == 0);  // without a fault
}

// A row with puzzles unknown (a conflict limit) and answers that fail: each
// count quotes its own first message (the disagreements' report quoted the
// limit's, and the unknown ones went unsaid).
BOOST_AUTO_TEST_CASE(compare_quotes_each_kind_of_failure_apart) {
  const std::string input = first_lines("forum_hardest_11plus.txt", 3) + first_lines("17_clue.txt", 3);
  const Fault fault("wrong-digit");
  const RunResult r = run_satdoku("compare --encodings minimal --amo pairwise --reduce none --mode fresh --conflicts 10 "
                                  "-j1 --no-progress", input);
  BOOST_TEST(r.exit_code == kDisagreement);
  const std::size_t disagree = r.err.find(" disagreements with the reference, first: ");
  BOOST_TEST_REQUIRE(disagree != std::string::npos, r.err);
  BOOST_TEST(r.err.find("first: an answer fails verification", disagree) != std::string::npos, r.err);
  BOOST_TEST(r.err.find(" unknown, first: the conflict limit of 10 was reached") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(compare_counts_disagreements_per_row) {
  const std::string input = first_lines("top1465.txt", 2);
  const Fault fault("no-solution");
  const RunResult r = run_satdoku("compare --encodings minimal,extended --no-progress", input);
  BOOST_TEST(r.exit_code == kDisagreement);
  BOOST_TEST(r.err.find("minimal/pairwise/probe/hybrid: 2 disagreements with the reference") != std::string::npos);
  BOOST_TEST(r.err.find("extended/pairwise/probe/hybrid: 2 disagreements with the reference") != std::string::npos);
}
