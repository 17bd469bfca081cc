// How a solution given beside a puzzle (a CSV solution column) is judged
// against the answer: judge_given_solution() in cli/records.cpp, including
// the outcomes no working solver can produce from the command line (a valid
// given solution beside an answer that rules it out is a bug).
#define BOOST_TEST_MODULE records
#include <boost/test/unit_test.hpp>

#include "../cli/records.hpp"
#include "satdoku/io.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::cli;

// The command table lives in cli/main.cpp, which this test does not link;
// common.cpp refers to it, and nothing here calls it.
const std::vector<Command>& satdoku::cli::commands() {
  static const std::vector<Command> none;
  return none;
}

namespace {

const std::string kPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Grid line_grid(const std::string& text) {
  std::istringstream in(text + "\n");
  PuzzleReader reader(in, "t");
  return std::get<Grid>(reader.next()->content);
}

// A record of kPuzzle with `given` beside it and the answer `status` with `solutions`.
SolveRecord record(const std::string& given, Status status, std::vector<Grid> solutions, bool exhausted) {
  Entry entry{1, SourceLocation{"t", 2, 0}, {}, line_grid(kPuzzle), 0, line_grid(given)};
  SolveRecord r{std::move(entry), {}, {}, {}, {}, {}, {}, 1};
  r.result.status = status;
  r.result.solutions = std::move(solutions);
  r.result.exhausted = exhausted;
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_given_solution_is_judged_against_the_answer) {
  const Grid puzzle = line_grid(kPuzzle), solution = line_grid(kSolution);
  std::string broken = kSolution;
  broken[2] = '3';
  struct Case {
    std::string given;
    Status status;
    std::vector<Grid> solutions;
    bool exhausted;
    std::string word;     // to_string(r.given)
    std::string problem;  // a fragment of r.problem, or empty
  };
  const Case cases[] = {
      {kSolution, Status::solved, {solution}, false, "agrees", ""},
      {kSolution, Status::solved, {solution}, true, "agrees", ""},
      {broken, Status::solved, {solution}, true, "wrong", ""},
      {broken, Status::unknown, {}, false, "wrong", ""},
      {kSolution, Status::unknown, {}, false, "valid", ""},
      {kSolution, Status::error, {}, false, "valid", ""},
      // The answer rules out a grid that obeys the rules and keeps the clues: a bug.
      {kSolution, Status::none, {}, true, "", "but the answer is none"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.given << " " << to_string(c.status) << " " << c.exhausted) {
      SolveRecord r = record(c.given, c.status, c.solutions, c.exhausted);
      judge_given_solution(r, puzzle, Alphabet::standard());
      BOOST_TEST(to_string(r.given) == c.word);
      if (c.problem.empty()) BOOST_TEST(r.problem.empty(), r.problem);
      else BOOST_TEST(r.problem.find(c.problem) != std::string::npos, r.problem);
    }
  }
  // Another solution found, the given one valid: "differs" when the answer
  // may have more, a bug when it claims to have them all.  (kPuzzle has one
  // solution, so the other answer is made up: the judge compares with the
  // answer and does not verify it, which the pipeline did before.)
  Grid made_up = solution;
  made_up.set(0, 2, 9);  // not valid, but the judge does not verify the answer (the pipeline did)
  SolveRecord may_have_more = record(kSolution, Status::solved, {made_up}, false);
  judge_given_solution(may_have_more, puzzle, Alphabet::standard());
  BOOST_TEST(to_string(may_have_more.given) == "differs");
  BOOST_TEST(may_have_more.given_message.find("the puzzle has more than one solution") != std::string::npos);
  SolveRecord has_all = record(kSolution, Status::solved, {made_up}, true);
  judge_given_solution(has_all, puzzle, Alphabet::standard());
  BOOST_TEST(has_all.problem.find("but the answer found every solution without it") != std::string::npos, has_all.problem);
  // The message of a wrong one names the rule and the cells where it parts from the answer.
  SolveRecord wrong = record(broken, Status::solved, {solution}, true);
  judge_given_solution(wrong, puzzle, Alphabet::standard());
  BOOST_TEST(wrong.given_message ==
             "the solution given beside the puzzle is wrong: row 1 holds 3 twice: r1c2 and r1c3; it differs from the "
             "solution found in 1 cell: r1c3 holds 3, not 4");
  // A changed clue is named before the repeat it makes.
  std::string changed = kSolution;
  changed[0] = '6';  // r1c1, the clue 5
  SolveRecord clue = record(changed, Status::solved, {solution}, true);
  judge_given_solution(clue, puzzle, Alphabet::standard());
  BOOST_TEST(clue.given_message.starts_with("the solution given beside the puzzle is wrong: cell r1c1 holds 6 but the "
                                            "clue there is 5; it differs from the solution found in 1 cell: r1c1 "
                                            "holds 6, not 5"),
             clue.given_message);
  // Digits as the input's alphabet writes them.
  SolveRecord lettered = record(broken, Status::solved, {solution}, true);
  judge_given_solution(lettered, puzzle, Alphabet::parse("A-I"));
  BOOST_TEST(lettered.given_message ==
             "the solution given beside the puzzle is wrong: row 1 holds 'C' twice: r1c2 and r1c3; it differs from "
             "the solution found in 1 cell: r1c3 holds 'C', not 'D'");
  // Nothing to judge: no given solution, or a problem already found.
  SolveRecord plain = record(kSolution, Status::solved, {solution}, false);
  plain.entry.solution.reset();
  judge_given_solution(plain, puzzle, Alphabet::standard());
  BOOST_TEST(to_string(plain.given).empty());
  SolveRecord buggy = record(broken, Status::solved, {solution}, false);
  buggy.problem = "earlier";
  judge_given_solution(buggy, puzzle, Alphabet::standard());
  BOOST_TEST(to_string(buggy.given).empty());
  BOOST_TEST(buggy.problem == "earlier");
}

// A summary's rate says something also for slow puzzles: two significant
// digits below 10 a second (a 2.7 s puzzle read "0 puzzles/s").
BOOST_AUTO_TEST_CASE(a_slow_rate_keeps_its_digits) {
  using satdoku::cli::time_and_rate;
  BOOST_TEST(time_and_rate(2.704, 1) == "2.704 s, 0.37 puzzles/s");
  BOOST_TEST(time_and_rate(0.25, 1) == "0.250 s, 4.0 puzzles/s");
  BOOST_TEST(time_and_rate(0.5, 3) == "0.500 s, 6.0 puzzles/s");
  BOOST_TEST(time_and_rate(20000.0, 1) == "20000.000 s, 0.000050 puzzles/s");  // no "5e-05"
  BOOST_TEST(time_and_rate(0.1, 1) == "0.100 s, 10 puzzles/s");
  BOOST_TEST(time_and_rate(0.1006, 1) == "0.101 s, 9.9 puzzles/s");
  BOOST_TEST(time_and_rate(0.4, 3) == "0.400 s, 7.5 puzzles/s");
  BOOST_TEST(time_and_rate(1.0, 1234) == "1.000 s, 1234 puzzles/s");
  BOOST_TEST(time_and_rate(0.05, 1) == "0.050 s, 20 puzzles/s");
  BOOST_TEST(time_and_rate(0.0, 5) == "0.000 s, 0 puzzles/s");  // no time measured: no rate
  BOOST_TEST(time_and_rate(1.0, 0) == "1.000 s, 0 puzzles/s");
}
