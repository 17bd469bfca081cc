// Usage tests of `satdoku check`: verdicts, counts, minimality, proofs,
// JUnit XML and exit codes, run through the built executable.
#define BOOST_TEST_MODULE check
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "satdoku/dimacs.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/uniqueness.hpp"
#include "satdoku/varmap.hpp"
#include "satdoku/verify.hpp"
#include "drat_support.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::test;
namespace fs = std::filesystem;

namespace {

std::vector<nlohmann::json> records_of(const std::string& text) {
  std::vector<nlohmann::json> records;
  for (const std::string& line : lines_of(text)) records.push_back(nlohmann::json::parse(line));
  return records;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

Grid grid_of(const std::string& line) { return read_puzzles_text(line + "\n").front(); }

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// Row 1 needs a 9 in column 9, which already holds one: no solution, no clash.
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');
// Two 5s in row 1.
const std::string kClash = "5...5" + std::string(76, '.');
// From the shared data README: 35 solutions.
const std::string kComma =
    "000000007,008000400,003801600,804306201,000000000,105407908,007603800,006000100,400000005";

}  // namespace

BOOST_AUTO_TEST_CASE(seventeen_clue_puzzles_are_unique_and_minimal) {
  const std::string input = first_lines("17_clue.txt", 2000);
  auto r = run_satdoku("check --expect minimal --output json -j2", input);
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto records = records_of(r.out);
  BOOST_REQUIRE(records.size() == 2000u);
  std::istringstream lines(input);
  std::size_t unique = 0, minimal = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& j = records[i];
    BOOST_TEST(j["index"].get<std::size_t>() == i + 1);  // input order kept
    std::string line;
    std::getline(lines, line);
    const auto& solutions = j["solutions"];
    if (j["verdict"] == "unique" && solutions.size() == 1 &&
        !verify(grid_of(line), grid_of(solutions[0].get<std::string>())).has_value())
      ++unique;
    if (j["redundant"].is_array() && j["redundant"].empty() && j["met"] == true) ++minimal;
  }
  BOOST_TEST(unique == 2000u);
  BOOST_TEST(minimal == 2000u);
  BOOST_TEST(r.err.find("2000 puzzles: 2000 unique") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(serg_multi_puzzles_have_two_verified_different_solutions) {
  const std::string input = first_lines("serg_multi.txt", 1000);
  auto r = run_satdoku("check --expect multiple --output json -j2", input);
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto records = records_of(r.out);
  BOOST_REQUIRE(records.size() == 1000u);
  std::istringstream lines(input);
  std::size_t good = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& j = records[i];
    // Verified against the puzzle as the input gives it, not as the record
    // repeats it.
    std::string line;
    std::getline(lines, line);
    BOOST_TEST(j["index"].get<std::size_t>() == i + 1);
    BOOST_TEST(j["puzzle"].get<std::string>() == line);
    const Grid puzzle = grid_of(line);
    const auto& solutions = j["solutions"];
    if (j["verdict"] != "multiple" || solutions.size() != 2) continue;
    const Grid a = grid_of(solutions[0].get<std::string>()), b = grid_of(solutions[1].get<std::string>());
    if (verify(puzzle, a) || verify(puzzle, b) || a == b) continue;
    // `differ` lists exactly the cells where they differ.
    std::set<int> differ;
    for (const auto& c : j["differ"]) differ.insert(c["row"].get<int>() * 9 + c["col"].get<int>());
    bool exact = true;
    for (int cell = 0; cell < 81; ++cell) exact = exact && ((a.at(cell) != b.at(cell)) == (differ.count(cell) == 1));
    if (exact) ++good;
  }
  BOOST_TEST(good == 1000u);
  // The default expectation fails for each of them, named by file:line.
  auto text = run_satdoku("check -j2", first_lines("serg_multi.txt", 20));
  BOOST_TEST(text.exit_code == 1);
  for (int line = 1; line <= 20; ++line)
    BOOST_TEST(text.err.find("<stdin>:" + std::to_string(line) + ": FAIL: expected unique, got multiple") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_comma_board_has_35_solutions) {
  for (const char* backend : {"sat", "native"}) {
    auto r = run_satdoku(std::string("check --count 100 --output json --backend ") + backend, kComma + "\n");
    BOOST_TEST(r.exit_code == 1, backend << ": " << r.err);  // not unique
    const auto records = records_of(r.out);
    BOOST_REQUIRE(records.size() == 1u);
    const auto& j = records[0];
    BOOST_TEST(j["verdict"] == "multiple");
    BOOST_TEST(j["count"].get<int>() == 35);
    BOOST_TEST(j["count_exact"] == true);
    const Grid puzzle = grid_of(j["puzzle"].get<std::string>());
    std::set<std::string> distinct;
    for (const auto& s : j["solutions"]) {
      BOOST_TEST(!verify(puzzle, grid_of(s.get<std::string>())).has_value());
      distinct.insert(s.get<std::string>());
    }
    BOOST_TEST(distinct.size() == 35u);
  }
  auto expect_multiple = run_satdoku("check --count 100 --expect multiple", kComma + "\n");
  BOOST_TEST(expect_multiple.exit_code == 0, expect_multiple.err);
  BOOST_TEST(expect_multiple.out.find(" count 35\n") != std::string::npos, expect_multiple.out);
  // At the limit both backends tell "exactly K" from "more than K" alike
  // (each is asked for one solution more than it reports).
  for (const char* backend : {"sat", "native"})
    for (const auto& [k, tail] : {std::pair{35, " count 35\n"}, std::pair{34, " count 34+\n"}}) {
      auto r = run_satdoku("check -q --expect multiple -b " + std::string(backend) + " --count " + std::to_string(k),
                           kComma + "\n");
      BOOST_TEST(r.exit_code == 0, r.err);
      BOOST_TEST(r.out.ends_with(tail), backend << " " << k << ": " << r.out);
      auto j = run_satdoku("check -q --expect multiple -o json -b " + std::string(backend) + " --count " +
                               std::to_string(k),
                           kComma + "\n");
      const auto record = records_of(j.out).at(0);
      BOOST_TEST(record["count"].get<int>() == k);
      BOOST_TEST(record["solutions"].size() == static_cast<std::size_t>(k));
      BOOST_TEST(record["count_exact"] == (k == 35));
    }
  // The largest K there is (K + 1 would wrap around to 0).
  for (const char* backend : {"sat", "native"}) {
    auto r = run_satdoku("check -q --expect multiple --count 18446744073709551615 -b " + std::string(backend),
                         kComma + "\n");
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.ends_with(" count 35\n"), backend << ": " << r.out);
  }
}

BOOST_AUTO_TEST_CASE(euler96_is_all_unique) {
  auto r = run_satdoku("check " + quoted(shared_data() / "euler96.txt"));
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == 50u);
  for (const auto& line : lines) BOOST_TEST(line.find(" unique ") != std::string::npos, line);
  BOOST_TEST(r.err.find("50 puzzles: 50 unique") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(clash_none_and_their_expectations) {
  auto clash = run_satdoku("check --output json", kClash + "\n");
  BOOST_TEST(clash.exit_code == 1);
  const auto j = records_of(clash.out).at(0);
  BOOST_TEST(j["verdict"] == "invalid");
  BOOST_TEST(j["clash"]["cells"][0] == "r1c1");
  BOOST_TEST(j["clash"]["cells"][1] == "r1c5");
  auto clash_text = run_satdoku("check", kClash + "\n");
  BOOST_TEST(clash_text.out.find("invalid: r1c1 and r1c5 both hold 5 in row 1") != std::string::npos, clash_text.out);

  auto none = run_satdoku("check", kNoSolution + "\n");
  BOOST_TEST(none.exit_code == 1);
  BOOST_TEST(none.out == "<stdin>:1 none\n");
  BOOST_TEST(run_satdoku("check --expect none", kNoSolution + "\n").exit_code == 0);
  BOOST_TEST(run_satdoku("check --expect none --backend native", kNoSolution + "\n").exit_code == 0);
  // Clues that clash leave no solution either: they meet --expect none.
  for (const char* backend : {"sat", "native"}) {
    const auto clash_none = run_satdoku("check --expect none --backend " + std::string(backend), kClash + "\n");
    BOOST_TEST(clash_none.exit_code == 0, backend << ": " << clash_none.err);
    BOOST_TEST(clash_none.err.find("FAIL") == std::string::npos, clash_none.err);
  }
  BOOST_TEST(run_satdoku("check --expect unique", kClash + "\n").exit_code == 1);
  BOOST_TEST(run_satdoku("check --expect multiple", kEasy + "\n").exit_code == 1);
  BOOST_TEST(run_satdoku("check --no-cross-check", kEasy + "\n").exit_code == 0);
}

BOOST_AUTO_TEST_CASE(redundant_clues_are_reported_and_true) {
  // 17-clue puzzles with three more clues taken from their solutions.
  auto native = make_native_solver();
  Limits two;
  two.max_solutions = 2;
  std::string input;
  std::vector<Grid> puzzles;
  int seed = 0;
  for (const Grid& original : read_puzzles(shared_data() / "17_clue.txt", 30)) {
    const Grid solution = native->solve(original, two).solutions.at(0);
    Grid p = original;
    for (int added = 0, step = 0; added < 3; ++step) {
      const int cell = (++seed * 13 + step * 31) % 81;
      if (!p.at(cell)) {
        p.set(cell, solution.at(cell));
        ++added;
      }
    }
    puzzles.push_back(p);
    input += format_line(p) + "\n";
  }
  std::vector<std::vector<int>> by_backend;
  for (const char* backend : {"sat", "native"}) {
    auto r = run_satdoku(std::string("check --minimal --output json --backend ") + backend, input);
    BOOST_TEST(r.exit_code == 0, r.err);  // all unique (the default expectation)
    const auto records = records_of(r.out);
    BOOST_REQUIRE(records.size() == puzzles.size());
    std::vector<int> counts;
    for (std::size_t i = 0; i < records.size(); ++i) {
      const Grid& p = puzzles[i];
      std::set<int> redundant;
      for (const auto& c : records[i]["redundant"]) {
        const int cell = c["row"].get<int>() * 9 + c["col"].get<int>();
        BOOST_TEST(c["digit"].get<int>() == p.at(cell));
        redundant.insert(cell);
      }
      BOOST_TEST(!redundant.empty());
      counts.push_back(static_cast<int>(redundant.size()));
      for (int cell = 0; cell < 81; ++cell) {
        if (!p.at(cell)) continue;
        Grid less = p;
        less.set(cell, 0);
        const Uniqueness v = uniqueness_of(native->solve(less, two));
        BOOST_TEST((v == Uniqueness::unique) == (redundant.count(cell) == 1), "puzzle " << i << " cell " << cell);
      }
    }
    by_backend.push_back(counts);
  }
  BOOST_TEST(by_backend[0] == by_backend[1]);
  auto minimal = run_satdoku("check --expect minimal", input);
  BOOST_TEST(minimal.exit_code == 1);
  BOOST_TEST(minimal.err.find("<stdin>:1: FAIL: not minimal: redundant") != std::string::npos, minimal.err);
}

// The proofs `check --proof` writes under other choices than the library
// test's defaults (test_uniqueness: proofs_are_drat_and_the_cnf_is_what_it_says),
// each pair checked the same way: strict text DRAT ending with the empty
// clause, every lemma RUP against the CNF beside it, and that CNF
// satisfiable by the reported solution without its last (blocking) clause
// and unsatisfiable with it.
BOOST_AUTO_TEST_CASE(proofs_from_the_command_line_hold_under_other_choices) {
  const std::string six = "..3.5.4.612..31....6.2.1..264.6....2\n";  // 6x6, boxes 2x3, unique
  const std::pair<const char*, std::string> runs[] = {
      {"--backend native", first_lines("17_clue.txt", 2)},
      {"--encoding minimal --amo sequential --mode incremental", first_lines("top1465.txt", 2)},
      {"--encoding triads --amo commander", first_lines("17_clue.txt", 3).substr(82)},
      {"--encoding natural --amo product", six}};
  for (const auto& [options, input] : runs) {
    BOOST_TEST_CONTEXT(options) {
      const ScratchDir scratch("check-proof-choices");
      const fs::path& dir = scratch.dir;
      auto r = run_satdoku(std::string("check -o json ") + options + " --proof " + quoted(dir), input);
      BOOST_TEST(r.exit_code == 0, r.err);
      const auto records = records_of(r.out);
      BOOST_REQUIRE(!records.empty());
      for (std::size_t i = 0; i < records.size(); ++i) {
        BOOST_TEST_REQUIRE(records[i]["verdict"] == "unique");
        const std::string solution = records[i]["solution"].get<std::string>();
        const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(solution.size()))));
        const std::string stem = std::to_string(i + 1);
        const DratProof drat = parse_drat(slurp(dir / (stem + ".drat")));
        BOOST_TEST(drat.ends_with_empty_clause);
        std::ifstream in(dir / (stem + ".cnf"), std::ios::binary);
        auto read = read_dimacs(in, stem + ".cnf");
        BOOST_REQUIRE(std::holds_alternative<CnfFormula>(read));
        const CnfFormula& cnf = std::get<CnfFormula>(read);
        BOOST_REQUIRE(cnf.clauses.size() >= 1u);
        RupChecker checker(cnf.clauses);
        std::size_t failed = 0;
        for (const auto& lemma : drat.lemmas) failed += !checker.check_and_add(lemma);
        BOOST_TEST(failed == 0u);
        // The blocking clause excludes the reported solution on the empty cells.
        const VarMap map(n);
        const auto last = cnf.clauses[cnf.clauses.size() - 1];
        BOOST_TEST(!last.empty());
        for (const int lit : last) BOOST_TEST((lit < 0 && solution[static_cast<std::size_t>(map.cell_of(-lit))] - '0' ==
                                              map.digit_of(-lit)));
        SatSolver without_block, with_block;
        for (std::size_t c = 0; c + 1 < cnf.clauses.size(); ++c) without_block.add_clause(cnf.clauses[c]);
        for (std::size_t c = 0; c < cnf.clauses.size(); ++c) with_block.add_clause(cnf.clauses[c]);
        BOOST_REQUIRE(without_block.solve() == Verdict::sat);
        for (int cell = 0; cell < n * n; ++cell)
          BOOST_TEST(without_block.value(map.var(cell, solution[static_cast<std::size_t>(cell)] - '0')));
        BOOST_TEST(to_string(with_block.solve()) == "unsat");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(proofs_are_written_for_unique_puzzles_only) {
  const ScratchDir scratch("check-proofs");
  const fs::path& dir = scratch.dir;
  const std::string input = first_lines("17_clue.txt", 2) + first_lines("serg_multi.txt", 1) + kNoSolution + "\n";
  auto r = run_satdoku("check --output json --proof " + quoted(dir), input);
  BOOST_TEST(r.exit_code == 1, r.err);
  const auto records = records_of(r.out);
  BOOST_REQUIRE(records.size() == 4u);
  for (const char* stem : {"1", "2"}) {
    BOOST_TEST(fs::exists(dir / (std::string(stem) + ".cnf")));
    const std::string drat = slurp(dir / (std::string(stem) + ".drat"));
    BOOST_TEST(drat.size() >= 2u);
    BOOST_TEST((drat == "0\n" || drat.ends_with("\n0\n")));
  }
  BOOST_TEST(records[0]["proof"]["drat"] == (dir / "1.drat").string());
  BOOST_TEST(!records[2].contains("proof"));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.is_regular_file();
  BOOST_TEST(files == 4u);  // two puzzles, two files each, no temporaries
  // A second run into the same folder: the proof of the puzzle that was
  // first (now a multiple one's position) goes, the second's is rewritten.
  const auto again = run_satdoku("check -q --expect multiple --proof " + quoted(dir),
                                 first_lines("serg_multi.txt", 1) + first_lines("17_clue.txt", 2).substr(82));
  BOOST_TEST(again.exit_code == 1, again.err);
  BOOST_TEST(!fs::exists(dir / "1.cnf"));
  BOOST_TEST(!fs::exists(dir / "1.drat"));
  BOOST_TEST(slurp(dir / "2.drat").ends_with("0\n"));
  // Files of those names that are no proof (encode --out-dir writes N.cnf)
  // are not touched.
  const fs::path encoded = dir / "encoded";
  BOOST_TEST_REQUIRE(run_satdoku("encode -q --out-dir " + quoted(encoded), first_lines("serg_multi.txt", 1)).exit_code ==
                     0);
  const auto beside = run_satdoku("check -q --expect multiple --proof " + quoted(encoded),
                                  first_lines("serg_multi.txt", 1));
  BOOST_TEST(beside.exit_code == 0, beside.err);
  BOOST_TEST(fs::exists(encoded / "1.cnf"));
  fs::remove_all(encoded);
  // A shorter input's run leaves no proof of the longer one's beyond its
  // end (a proof pair not of this run goes, wherever it stands), and says so.
  const fs::path shorter = dir / "shorter";
  BOOST_TEST_REQUIRE(run_satdoku("check -q --proof " + quoted(shorter), first_lines("17_clue.txt", 3)).exit_code == 0);
  const auto one = run_satdoku("check --proof " + quoted(shorter), first_lines("17_clue.txt", 1));
  BOOST_TEST(one.exit_code == 0, one.err);
  BOOST_TEST(one.err.find("removed 2 proof pairs without a record of this run from") != std::string::npos, one.err);
  std::set<std::string> left;
  for (const auto& entry : fs::directory_iterator(shorter)) left.insert(entry.path().filename().string());
  BOOST_TEST((left == std::set<std::string>{"1.cnf", "1.drat"}));
  // A run that read no puzzle (a mistyped input name) removes nothing.
  const auto typo = run_satdoku("check --proof " + quoted(shorter) + " " + quoted(dir / "no-such-file.txt"));
  BOOST_TEST(typo.exit_code == 2, typo.err);
  BOOST_TEST(fs::exists(shorter / "1.cnf"));
  BOOST_TEST(fs::exists(shorter / "1.drat"));
  fs::remove_all(shorter);
  // Put the first run's files back for what follows.
  const auto rerun = run_satdoku("check -q --output json --proof " + quoted(dir), input);
  BOOST_TEST(rerun.exit_code == 1, rerun.err);

  // With several inputs, FILENUMBER-INDEX: the same file named twice, and a
  // missing one between, still give every puzzle its own proof.
  const fs::path two = dir / "two.txt";
  { std::ofstream(two) << first_lines("17_clue.txt", 2); }
  fs::remove_all(dir / "several");
  auto several = run_satdoku("check -q --proof " + quoted(dir / "several") + " " + quoted(two) + " " +
                             quoted(dir / "missing.txt") + " " + quoted(two));
  BOOST_TEST(several.exit_code == 2, several.err);  // the missing file
  for (const char* stem : {"1-1", "1-2", "3-1", "3-2"})
    BOOST_TEST((fs::exists(dir / "several" / (std::string(stem) + ".drat"))), stem);
  files = 0;
  for (const auto& entry : fs::directory_iterator(dir / "several")) files += entry.is_regular_file();
  BOOST_TEST(files == 8u);

  // `decode` reads a proof CNF's answer the other way round: unsatisfiable
  // is the one solution (unique, exit 0), a model a second one (exit 1).
  { std::ofstream(dir / "unsat.out") << "s UNSATISFIABLE\n"; }
  const auto unique = run_satdoku("decode -o json " + quoted(dir / "1.cnf") + " " + quoted(dir / "unsat.out"));
  BOOST_TEST(unique.exit_code == 0, unique.err);
  const auto decoded = nlohmann::json::parse(unique.out);
  BOOST_TEST(decoded["status"] == "unique");
  BOOST_TEST(decoded["solution"] == records[0]["solution"]);
  BOOST_TEST(unique.err.find("only solution") != std::string::npos, unique.err);
  // The header made to name one of two solutions of a serg_multi puzzle, and
  // the model the other: a second solution.
  const auto pair = records[2]["solutions"];
  std::string cnf;
  {
    std::istringstream lines(slurp(dir / "1.cnf"));
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("c puzzle ", 0) == 0) line = "c puzzle " + records[2]["puzzle"].get<std::string>();
      if (line.rfind("c solution ", 0) == 0) line = "c solution " + pair[0].get<std::string>();
      cnf += line + "\n";
    }
  }
  { std::ofstream(dir / "multi.cnf") << cnf; }
  auto model_of = [](const std::string& grid) {
    std::string v = "s SATISFIABLE\nv";
    for (int cell = 0; cell < 81; ++cell)
      for (int d = 1; d <= 9; ++d) v += " " + std::string(grid[cell] - '0' == d ? "" : "-") + std::to_string(9 * cell + d);
    return v + " 0\n";
  };
  { std::ofstream(dir / "second.out") << model_of(pair[1].get<std::string>()); }
  const auto second = run_satdoku("decode -o line " + quoted(dir / "multi.cnf") + " " + quoted(dir / "second.out"));
  BOOST_TEST(second.exit_code == 1, second.err);
  BOOST_TEST(second.out == pair[1].get<std::string>() + "\n");
  BOOST_TEST(second.err.find("a second solution: the puzzle is not unique") != std::string::npos, second.err);
  { std::ofstream(dir / "same.out") << model_of(pair[0].get<std::string>()); }
  const auto same = run_satdoku("decode -o json " + quoted(dir / "multi.cnf") + " " + quoted(dir / "same.out"));
  BOOST_TEST(same.exit_code == 1, same.err);
  BOOST_TEST(nlohmann::json::parse(same.out)["status"] == "error");
  BOOST_TEST(same.err.find("the model is the solution the header names as forbidden") != std::string::npos, same.err);
  // A header solution that does not solve its puzzle is the CNF's fault: an
  // input error at its line, not an answer.
  {
    std::string broken = slurp(dir / "1.cnf");
    const auto at = broken.find("c solution ") + 11;
    broken[at] = broken[at] == '1' ? '2' : '1';
    std::ofstream(dir / "broken.cnf") << broken;
  }
  const auto broken = run_satdoku("decode " + quoted(dir / "broken.cnf") + " " + quoted(dir / "unsat.out"));
  BOOST_TEST(broken.exit_code == 2, broken.err);
  BOOST_TEST(broken.err.find("broken.cnf:11:12: the solution does not solve the puzzle: ") != std::string::npos,
             broken.err);
  BOOST_TEST(broken.out.empty(), broken.out);
  // A plain CNF's unsatisfiable answer is 'none', with a message in JSON too.
  const auto plain = run_satdoku("encode -o " + quoted(dir / "none.cnf"), kNoSolution + "\n");
  BOOST_TEST_REQUIRE(plain.exit_code == 0, plain.err);
  const auto none = run_satdoku("decode -o json " + quoted(dir / "none.cnf") + " " + quoted(dir / "unsat.out"));
  BOOST_TEST(none.exit_code == 1, none.err);
  const auto none_json = nlohmann::json::parse(none.out);
  BOOST_TEST(none_json["status"] == "none");
  BOOST_TEST(!none_json["message"].get<std::string>().empty());

  // A full grid (every cell a clue): its "not this solution" clause is empty,
  // and so is the proof's one clause; with several jobs too.
  const std::string solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  const auto full = run_satdoku("check -q -j2 --proof " + quoted(dir / "full"), solved + "\n");
  BOOST_TEST(full.exit_code == 0, full.err);
  BOOST_TEST(slurp(dir / "full" / "1.drat") == "0\n");
  const std::string full_cnf = slurp(dir / "full" / "1.cnf");
  BOOST_TEST(full_cnf.ends_with("\n0\n"));
  // --proof writes with the SAT options even beside the native backend.
  const auto native = run_satdoku("check -q -b native --encoding minimal --proof " + quoted(dir / "native"),
                                  first_lines("17_clue.txt", 1));
  BOOST_TEST(native.exit_code == 0, native.err);
  BOOST_TEST(slurp(dir / "native" / "1.cnf").find("c encoding minimal") != std::string::npos);
}

// --minimal's SAT instance holds the whole rules, the clues being
// assumptions (a 64x64 board's took 2.4 GB whatever --max-memory said):
// --max-memory is asked for them too, and a refusal leaves the clues
// undecided with the reason, the verdict standing.
BOOST_AUTO_TEST_CASE(a_clue_analysis_beyond_max_memory_is_refused_and_said) {
  const fs::path board = shared_data() / "large" / "sudoku-25-1.txt";
  const auto refused = run_satdoku("check -q -j1 --minimal --max-memory 20M -o json " + quoted(board));
  BOOST_TEST(refused.exit_code == 0, refused.err);
  const auto records = records_of(refused.out);
  BOOST_REQUIRE(records.size() == 1u);
  BOOST_TEST(records[0].value("verdict", std::string()) == "unique");
  BOOST_TEST(records[0]["minimal"].is_null());
  const std::string why = records[0].value("clues_message", std::string());
  BOOST_TEST(why.rfind("no clue analysis: the extended/pairwise formula of a 25x25 board needs up to ", 0) == 0, why);
  BOOST_TEST(why.find("more than the 20.0 MiB that --max-memory allows; refused before building it (raise "
                      "--max-memory, or give --amo commander, whose rules take less)") != std::string::npos,
             why);
  // In incremental mode the search's instance holds the rules as well,
  // beside the analyzer's: the budget is what it leaves.
  const auto both = run_satdoku("check -q -j1 --mode incremental --minimal --max-memory 100M -o json " + quoted(board));
  const std::string left = records_of(both.out).at(0).value("clues_message", std::string());
  BOOST_TEST(left.find("that --max-memory, less the 57.2 MiB of the search's incremental instance, allows") !=
                 std::string::npos,
             left);
  // Expected minimal, the undecided puzzle fails; with room, it is analysed.
  const auto expected = run_satdoku("check -q -j1 --expect minimal --max-memory 20M " + quoted(board));
  BOOST_TEST(expected.exit_code == 1, expected.err);
  BOOST_TEST(expected.out.find("clues undecided (no clue analysis: ") != std::string::npos, expected.out);
  const auto analysed = run_satdoku("check -q -j1 --minimal --conflicts 10 --max-memory 200M -o json " + quoted(board));
  BOOST_TEST(records_of(analysed.out).at(0).value("clues_message", std::string()) ==
             "the conflict limit of 10 was reached");
}

// The proof CNF is the whole formula (no reduction), bigger than what the
// search holds: --max-memory is asked for it again, and a proof it refuses
// is named on standard error, the verdict standing (sudoku-144-1's proof
// took about 23 GB before).
BOOST_AUTO_TEST_CASE(a_proof_beyond_max_memory_is_refused_and_said) {
  const ScratchDir scratch("check-proof-memory");
  const fs::path& dir = scratch.dir;
  const fs::path board = shared_data() / "large" / "sudoku-25-1.txt";
  const fs::path xml = dir.string() + ".xml";
  const auto refused = run_satdoku("check -j1 --max-memory 10M --proof " + quoted(dir) + " --junit " + quoted(xml) +
                                   " " + quoted(board));
  BOOST_TEST(refused.exit_code == 0, refused.err);
  // The JUnit test case passes, and says why it has no proof.
  const std::string report = slurp(xml);
  BOOST_TEST(report.find("failures=\"0\" errors=\"0\"") != std::string::npos, report);
  BOOST_TEST(report.find("<system-out>no proof: the triads/pairwise formula of a 25x25 board needs up to") !=
                 std::string::npos,
             report);
  fs::remove(xml);
  BOOST_TEST(refused.out.find(" unique ") != std::string::npos, refused.out);
  BOOST_TEST(refused.err.find("sudoku-25-1.txt:1: note: no proof: the triads/pairwise formula of a 25x25 board needs "
                              "up to") != std::string::npos,
             refused.err);
  BOOST_TEST(refused.err.find("more than the 10.0 MiB that --max-memory allows") != std::string::npos, refused.err);
  BOOST_TEST(fs::is_empty(dir));
  // With room for it, the same run writes the proof.
  const auto written = run_satdoku("check -q -j1 --max-memory 100M --proof " + quoted(dir) + " " + quoted(board));
  BOOST_TEST(written.exit_code == 0, written.err);
  BOOST_TEST(fs::exists(dir / "1.drat"));
}

BOOST_AUTO_TEST_CASE(a_full_grids_proof_that_cannot_be_written_is_an_error) {
  // A full grid's proof, "0", is written by satdoku itself after the solver.
  // Here no regular file may grow (ulimit -f 0, the signal ignored: writes
  // fail with EFBIG), so the CNF goes to /dev/null through a link at its
  // temporary name, the first of a fresh process (1.cnf.tmp.PID.0; if that
  // name changes, the CNF write fails instead and so does this test), and
  // standard error to a pipe.
  const ScratchDir scratch("check-unwritable");
  const fs::path& dir = scratch.dir;
  fs::create_directories(dir / "full");
  std::ofstream(dir / "full.txt") << "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
  const std::string command = "cd " + quoted(dir) + " && ln -s /dev/null full/1.cnf.tmp.$$.0 && trap '' XFSZ && " +
                              "ulimit -f 0 && exec " + quoted(satdoku_binary()) +
                              " check --proof full full.txt 2>&1 >/dev/null";
  const RunResult run = run_shell(command);
  const std::string& err = run.out;
  BOOST_TEST(run.exit_code == 2, err);
  BOOST_TEST(err.find("full.txt:1: no proof: cannot write full/1.drat: File too large") != std::string::npos, err);
  BOOST_TEST(!fs::exists(dir / "full" / "1.drat"));  // (an empty proof was renamed into place)
}

BOOST_AUTO_TEST_CASE(a_proof_that_cannot_be_written_is_an_error_in_every_report) {
  // Files may grow to 100 KiB at most (ulimit -f 200 in dash's 512-byte
  // blocks, or 200 KiB in bash's; the signal ignored: writes fail with
  // EFBIG): a 4x4 puzzle's proof fits, a 16x16 one's CNF (some 870 KB)
  // does not.  The verdict stands, but the run's exit code is 2, and the
  // JUnit report, the summary and the message say why.
  const ScratchDir scratch("check-proof_too_large");
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "a.txt") << ".1....4....32...\n"; }
  fs::copy_file(shared_data() / "large" / "sudoku-16-1.txt", dir / "b.txt");
  const RunResult run = run_shell("cd " + quoted(dir) + " && trap '' XFSZ && ulimit -f 200 && exec " +
                                  quoted(satdoku_binary()) + " check -j1 --proof p --junit r.xml a.txt b.txt 2>&1 >/dev/null");
  BOOST_TEST(run.exit_code == 2, run.out);
  BOOST_TEST(run.out.find("b.txt:1: no proof: cannot write p/2-1.cnf: writing the CNF failed: File too large\n") !=
                 std::string::npos,
             run.out);
  BOOST_TEST(run.out.find("2 unique, 0 multiple, 0 none, 0 invalid, 0 unknown, 0 errors; 0 failing --expect unique, 1 proof, "
                          "1 proof not written;") != std::string::npos,
             run.out);
  BOOST_TEST(fs::exists(dir / "p" / "1-1.drat"));
  BOOST_TEST(!fs::exists(dir / "p" / "2-1.cnf"));
  const std::string xml = slurp(dir / "r.xml");
  BOOST_TEST(xml.find("tests=\"2\" failures=\"0\" errors=\"1\"") != std::string::npos, xml);
  BOOST_TEST(xml.find("<error message=\"no proof: cannot write p/2-1.cnf: writing the CNF failed: File too large\">") !=
                 std::string::npos,
             xml);
  // Missing the expectation as well: a failure, as the summary counts it,
  // which says both (the exit code is still 2).
  const RunResult both = run_shell("cd " + quoted(dir) + " && trap '' XFSZ && ulimit -f 200 && exec " +
                                   quoted(satdoku_binary()) +
                                   " check -j1 --expect multiple --proof p --junit r.xml a.txt b.txt 2>&1 >/dev/null");
  BOOST_TEST(both.exit_code == 2, both.out);
  const std::string both_xml = slurp(dir / "r.xml");
  BOOST_TEST(both_xml.find("tests=\"2\" failures=\"2\" errors=\"0\"") != std::string::npos, both_xml);
  BOOST_TEST(both.out.find("; 2 failing --expect multiple, 1 proof, 1 proof not written;") != std::string::npos, both.out);
  BOOST_TEST(both_xml.find("<failure message=\"expected multiple, got unique; no proof: cannot write p/2-1.cnf") !=
                 std::string::npos,
             both_xml);
}

// A proof is renamed into place over an earlier run's proof or an empty
// file only: a user's file of that name stays, and the puzzle says why it
// has no proof.
BOOST_AUTO_TEST_CASE(a_proof_replaces_no_file_satdoku_did_not_write) {
  const ScratchDir scratch("check-proof_foreign");
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "a.txt") << kEasy << '\n' << kEasy << '\n' << kEasy << '\n'; }
  fs::create_directories(dir / "p");
  { std::ofstream(dir / "p" / "1.cnf") << "my notes\n"; }
  { std::ofstream(dir / "p" / "2.drat") << "my proof\n"; }
  { std::ofstream(dir / "p" / "3.drat"); }
  const RunResult run = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                  " check -q -j1 --proof p a.txt 2>&1 >/dev/null");
  BOOST_TEST(run.exit_code == 2, run.out);
  BOOST_TEST(run.out == "a.txt:1: no proof: cannot write p/1.cnf: it holds a file satdoku did not write (remove it, "
                        "or write into another folder)\na.txt:2: no proof: cannot write p/2.drat: it holds a file "
                        "satdoku did not write (remove it, or write into another folder)\n",
             run.out);
  BOOST_TEST(slurp(dir / "p" / "1.cnf") == "my notes\n");
  BOOST_TEST(slurp(dir / "p" / "2.drat") == "my proof\n");
  BOOST_TEST(fs::file_size(dir / "p" / "3.drat") > 0);  // the empty file replaced
  // Without them, and over the proofs of the run before, all three are written.
  fs::remove(dir / "p" / "1.cnf");
  fs::remove(dir / "p" / "2.drat");
  for (int round = 0; round < 2; ++round) {
    const RunResult again = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                      " check -q -j1 --proof p a.txt 2>&1 >/dev/null");
    BOOST_TEST(again.exit_code == 0, again.out);
    BOOST_TEST(fs::exists(dir / "p" / "1.drat"));
    BOOST_TEST(fs::exists(dir / "p" / "2.cnf"));
  }
  // Nor does the sweep of proofs without a record take a user's file beside
  // a stale proof CNF: the CNF goes, the notes stay.
  { std::ofstream(dir / "p" / "3.drat", std::ios::trunc) << "my notes\n"; }
  { std::ofstream(dir / "one.txt") << kEasy << '\n'; }
  const RunResult swept = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                    " check -j1 --proof p one.txt 2>&1 >/dev/null");
  BOOST_TEST(swept.exit_code == 0, swept.out);
  BOOST_TEST(!fs::exists(dir / "p" / "2.cnf"));
  BOOST_TEST(!fs::exists(dir / "p" / "2.drat"));
  BOOST_TEST(!fs::exists(dir / "p" / "3.cnf"));
  BOOST_TEST(slurp(dir / "p" / "3.drat") == "my notes\n");
}

BOOST_AUTO_TEST_CASE(proofs_stay_only_for_records_sent) {
  // Standard output on a full disk: no record is sent, so no proof stays,
  // and the summary counts none.
  const ScratchDir scratch("check-proofs_unsent");
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "in.txt") << kEasy << '\n' << kEasy << '\n'; }
  const RunResult full = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                   " check --proof p in.txt 2>&1 >/dev/full");
  BOOST_TEST(full.exit_code == 2, full.out);
  BOOST_TEST(full.out.find("satdoku check: removed 2 proof pairs without a record of this run from p\n") != std::string::npos,
             full.out);
  BOOST_TEST(full.out.find("0 failing --expect unique; ") != std::string::npos, full.out);  // no "2 proofs"
  BOOST_TEST(!fs::exists(dir / "p" / "1.drat"));
  const RunResult sent = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                   " check --proof p in.txt 2>&1 >/dev/null");
  BOOST_TEST(sent.exit_code == 0, sent.out);
  BOOST_TEST(sent.out.find("0 failing --expect unique, 2 proofs; ") != std::string::npos, sent.out);
  BOOST_TEST(fs::exists(dir / "p" / "2.drat"));
  // --junit -: the report is what standard output carries, so the same.
  const RunResult report = run_shell("cd " + quoted(dir) + " && exec " + quoted(satdoku_binary()) +
                                     " check --proof p --junit - in.txt 2>&1 >/dev/full");
  BOOST_TEST(report.exit_code == 2, report.out);
  BOOST_TEST(report.out.find("removed 2 proof pairs without a record of this run from p\n") != std::string::npos,
             report.out);
  BOOST_TEST(report.out.find("0 failing --expect unique; ") != std::string::npos, report.out);
  BOOST_TEST(!fs::exists(dir / "p" / "2.drat"));
}

BOOST_AUTO_TEST_CASE(temporary_proof_files_of_an_ended_run_are_removed) {
  // A second signal ends a run before it removes its temporary files; the
  // next run in the folder removes those of a process that has ended, and
  // leaves a running process's and other files alone.
  const ScratchDir scratch("check-stale_temporaries");
  const fs::path& dir = scratch.dir;
  fs::create_directories(dir / "p");
  const std::string dead = run_shell("echo $$").out;  // the shell has ended once popen returns
  const std::string pid = dead.substr(0, dead.find('\n'));
  BOOST_REQUIRE(!pid.empty());
  const std::string running = std::to_string(::getppid());  // this test's parent, alive
  for (const std::string& name : {"1.cnf.tmp." + pid + ".0", "1.drat.tmp." + pid + ".1", "3-2.cnf.tmp." + pid + ".7",
                                 "2.cnf.tmp." + running + ".0", "notes.txt.tmp." + pid + ".0", "1.cnf.tmp." + pid})
    std::ofstream(dir / "p" / name) << "c partial\n";
  auto r = run_satdoku("check --proof " + quoted(dir / "p"), kEasy + "\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.err.find("satdoku check: removed 4 temporary proof files of a run that has ended from " +
                        (dir / "p").string() + "\n") != std::string::npos,
             r.err);
  BOOST_TEST(!fs::exists(dir / "p" / ("1.cnf.tmp." + pid + ".0")));
  BOOST_TEST(!fs::exists(dir / "p" / ("3-2.cnf.tmp." + pid + ".7")));
  BOOST_TEST(fs::exists(dir / "p" / ("2.cnf.tmp." + running + ".0")));
  BOOST_TEST(fs::exists(dir / "p" / ("notes.txt.tmp." + pid + ".0")));
  BOOST_TEST(!fs::exists(dir / "p" / ("1.cnf.tmp." + pid)));  // (AtomicFile's form of the name)
  BOOST_TEST(fs::exists(dir / "p" / "1.drat"));
}

BOOST_AUTO_TEST_CASE(junit_xml_parses_and_names_every_puzzle) {
  const ScratchDir scratch("check-junit");
  const fs::path& dir = scratch.dir;
  const fs::path input = dir / "mixed & <\"odd\">.txt";  // each character XML escapes
  {
    std::ofstream out(input);
    out << kEasy << '\n' << kClash << '\n' << kNoSolution << '\n' << first_lines("serg_multi.txt", 1) << "xyz\n";
  }
  const fs::path xml = dir / "report.xml";
  auto r = run_satdoku("check --junit " + quoted(xml) + " " + quoted(input));
  BOOST_TEST(r.exit_code == 2, r.err);  // an unreadable line: input error
  BOOST_REQUIRE(fs::exists(xml));
  const int lint = std::system(("xmllint --noout " + quoted(xml) + " 2>/dev/null").c_str());
  BOOST_TEST(lint == 0);
  const std::string text = slurp(xml);
  for (int line = 1; line <= 5; ++line)
    BOOST_TEST(text.find("name=\"" + (dir / "mixed &amp; &lt;&quot;odd&quot;&gt;.txt").string() + ":" + std::to_string(line) +
                         "\"") != std::string::npos,
               "line " << line);
  BOOST_TEST(text.find("classname=\"" + (dir / "mixed &amp; &lt;&quot;odd&quot;&gt;.txt").string() + "\"") !=
                 std::string::npos,
             text);
  BOOST_TEST(text.find("tests=\"5\" failures=\"3\" errors=\"1\"") != std::string::npos, text);
  BOOST_TEST(text.find("expected unique, got multiple") != std::string::npos);
  // A failure's body has the text report's line: the clashing cells, the
  // two solutions and where they differ.
  BOOST_TEST(text.find("\nreport: " + (dir / "mixed &amp; &lt;&quot;odd&quot;&gt;.txt").string() +
                       ":2 invalid: r1c1 and r1c5 both hold 5") != std::string::npos, text);
  BOOST_TEST(text.find(" differ at r") != std::string::npos, text);
  // xmllint can count the test cases too.
  const std::string count_cmd = "xmllint --xpath 'count(//testcase)' " + quoted(xml) + " > " + quoted(dir / "n");
  BOOST_TEST(std::system(count_cmd.c_str()) == 0);
  BOOST_TEST(slurp(dir / "n").substr(0, 1) == "5");
  // A file named twice: each test case keeps a name of its own.
  const fs::path easy = dir / "easy.txt";
  { std::ofstream(easy) << kEasy << '\n'; }
  auto twice = run_satdoku("check --junit " + quoted(xml) + " " + quoted(easy) + " " + quoted(easy));
  BOOST_TEST(twice.exit_code == 0, twice.err);
  const std::string both = slurp(xml);
  for (const char* input : {"1", "2"})
    BOOST_TEST(both.find("name=\"" + easy.string() + ":1 (input " + input + ")\"") != std::string::npos, both);
  // A file that cannot be read has no puzzle to show: the body is its
  // message (it began "puzzle " and an empty line).
  const std::string missing = (dir / "missing.txt").string();
  BOOST_TEST(run_satdoku("check --junit " + quoted(xml) + " " + quoted(easy) + " " + quoted(dir / "missing.txt")).exit_code == 2);
  const std::string unread = slurp(xml);
  BOOST_TEST(unread.find("\">" + missing + ": cannot open: No such file or directory</error>") != std::string::npos,
             unread);
  BOOST_TEST(unread.find("puzzle \n") == std::string::npos, unread);
  // A report that cannot be written (no file may grow: ulimit -f 0, the
  // signal ignored) takes the earlier run's report at its path with it, so
  // that CI does not read that one's verdicts for this run's.
  const std::string limited = "cd " + quoted(dir) + " && trap '' XFSZ && ulimit -f 0 && exec " +
                              quoted(satdoku_binary()) + " check --junit report.xml easy.txt 2>&1 >/dev/null";
  const RunResult unwritten = run_shell(limited);
  BOOST_TEST(unwritten.exit_code == 2, unwritten.out);
  BOOST_TEST(unwritten.out.find("satdoku check: cannot write report.xml: File too large (report.xml, an earlier run's "
                                "report, removed)\n") != std::string::npos,
             unwritten.out);
  BOOST_TEST(!fs::exists(xml));
  // The report replaces only a report (or an empty file): --junit given the
  // puzzles' file by mistake keeps the puzzles.
  const std::string puzzles = slurp(easy);
  const auto mistaken = run_satdoku("check --junit " + quoted(easy), kEasy + "\n");
  BOOST_TEST(mistaken.exit_code == 2);
  BOOST_TEST(mistaken.err.find("--junit names the report check writes, and " + easy.string() +
                               " holds something else: it would be replaced (puzzles to check go after the options") !=
                 std::string::npos, mistaken.err);
  BOOST_TEST(mistaken.out.empty());
  BOOST_TEST(slurp(easy) == puzzles);
  const fs::path link = dir / "link.xml";  // judged by the file it leads to
  fs::create_symlink(easy, link);
  const auto through = run_satdoku("check --junit " + quoted(link), kEasy + "\n");
  BOOST_TEST(through.exit_code == 2);
  BOOST_TEST(through.err.find("holds something else") != std::string::npos, through.err);
  BOOST_TEST(slurp(easy) == puzzles);
  { std::ofstream{xml}; }  // empty: replaced
  BOOST_TEST(run_satdoku("check -q --junit " + quoted(xml) + " " + quoted(easy)).exit_code == 0);
  BOOST_TEST(slurp(xml).find("<testsuite name=\"satdoku check\"") != std::string::npos);
  BOOST_TEST(run_satdoku("check -q --junit " + quoted(xml) + " " + quoted(easy)).exit_code == 0);  // a report: too
}

// A count that stopped early (a SAT limit, the reference's budget) is a lower
// bound: it is no disagreement with a longer one, and the exit code stays 1.
BOOST_AUTO_TEST_CASE(a_count_cut_short_is_no_disagreement) {
  auto sat_limit = run_satdoku("check --count 100 --conflicts 1 --output json", kComma + "\n");
  BOOST_TEST(sat_limit.exit_code == 1, sat_limit.err);
  BOOST_TEST(sat_limit.err.find("BUG") == std::string::npos, sat_limit.err);
  const auto a = records_of(sat_limit.out).at(0);
  BOOST_TEST(a["verdict"] == "multiple");
  BOOST_TEST(a["count"].get<int>() < 35);
  BOOST_TEST(a["count_exact"] == false);
  // The text line says that a limit, not the number of solutions, ended the count.
  auto text = run_satdoku("check --count 100 --conflicts 1", kComma + "\n");
  BOOST_TEST(text.out.find("+ (counting stopped: the conflict limit of 1 was reached)") != std::string::npos, text.out);
  // Stopped before the first solution, the count is 0+, not "0" (no solution).
  const std::string hard = "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";
  for (const std::string limit : {"--conflicts 1", "-b native --nodes 1"}) {
    auto none_yet = run_satdoku("check --count 5 " + limit, hard + "\n");
    BOOST_TEST(none_yet.out.find("was reached; count 0+\n") != std::string::npos, limit + ": " + none_yet.out);
  }
  // The summary counts such a puzzle as unknown, not as one without a solution.
  auto unknown = run_satdoku("check --conflicts 1", hard + "\n");
  BOOST_TEST(unknown.exit_code == 1, unknown.err);
  BOOST_TEST(unknown.err.find("satdoku check: 1 puzzle: 0 unique, 0 multiple, 0 none, 0 invalid, 1 unknown, 0 errors; "
                              "1 failing --expect unique;") != std::string::npos,
             unknown.err);
  // The comma board without its first five clues has tens of thousands of
  // solutions: the reference cannot count 3,000 of them in 0.1 ms.
  const std::string wide = ".......................16..8.43.62.1.........1.54.79.8..76.38....6...1..4.......5";
  auto reference_limit =
      run_satdoku("check --count 3000 --reference-timeout 0.0001 --output json", wide + "\n");
  BOOST_TEST(reference_limit.exit_code == 1, reference_limit.err);
  BOOST_TEST(reference_limit.err.find("BUG") == std::string::npos, reference_limit.err);
  BOOST_TEST(reference_limit.err.find("the reference gave up after") != std::string::npos, reference_limit.err);
  BOOST_TEST(records_of(reference_limit.out).at(0)["count"] == 3000);
}

// A clue analysis that a limit stopped says neither minimal nor not: JSON
// `minimal` is null (it was false), the text line says why, and the summary
// counts the puzzle apart.
BOOST_AUTO_TEST_CASE(an_unfinished_clue_analysis_is_undecided) {
  const std::string hard = first_lines("forum_hardest_11plus.txt", 1);
  auto json = run_satdoku("check --expect minimal --conflicts 100 -o json", hard);
  BOOST_TEST(json.exit_code == 1, json.err);
  const auto r = records_of(json.out).at(0);
  BOOST_TEST(r["verdict"] == "unique");
  BOOST_TEST(r["minimal"].is_null(), r.dump());
  BOOST_TEST(r["clues_message"] == "the conflict limit of 100 was reached");
  BOOST_TEST(json.err.find("1 failing --expect minimal (1 of them with clues undecided)") != std::string::npos, json.err);
  auto text = run_satdoku("check --minimal --conflicts 100", hard);
  BOOST_TEST(text.exit_code == 0, text.err);  // expected unique, and it is
  BOOST_TEST(text.out.find(" clues undecided (the conflict limit of 100 was reached)\n") != std::string::npos, text.out);
  BOOST_TEST(text.err.find("0 failing --expect unique, 1 with clues undecided") != std::string::npos, text.err);
  // Without the limit the same puzzle is minimal.
  auto whole = run_satdoku("check --expect minimal -o json", hard);
  BOOST_TEST(whole.exit_code == 0, whole.err);
  BOOST_TEST(records_of(whole.out).at(0)["minimal"] == true);
}

// On a board the reference cannot exhaust, it gives up after check's default
// second (solve's 10 s made each such puzzle wait 10 s), says which limit it
// met, and the SAT verdict stands, verified.  The puzzle: a random 25x25 with
// several solutions that CaDiCaL settles in about 10 ms and the reference
// cannot count to two in 60 s (scripts/random_puzzles.py 7 40 25, the 12th).
BOOST_AUTO_TEST_CASE(the_reference_gives_up_after_a_second_by_default) {
  const auto board = test_data() / "check" / "reference-cannot-count-25x25.txt";
  auto r = run_satdoku("check --expect multiple --output json '" + board.string() + "'");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.err.find("note: the reference gave up (the time limit of 1 s was reached)") != std::string::npos, r.err);
  BOOST_TEST(records_of(r.out).at(0)["verdict"] == "multiple");
}

// Once the reference gives up confirming a redundant clue, it tries no more
// of them: the puzzles without the others are as hard, and each would wait
// out its budget (sudoku-25-1 spent 3.3 s so).  The note keeps the verdict's
// own note before it.  The puzzle: the one above with clues added from a
// solution until unique (476 clues, 405 of them redundant); a budget of 1 us
// runs out while the reference places them.
BOOST_AUTO_TEST_CASE(the_reference_stops_confirming_clues_at_its_first_give_up) {
  const auto board = test_data() / "check" / "unique-25x25-405-redundant-clues.txt";
  auto r = run_satdoku("check --minimal --reference-timeout 0.000001 --output json '" + board.string() + "'");
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto record = records_of(r.out).at(0);
  BOOST_TEST(record["redundant"].size() == 405u);
  const std::string note = record.value("reference", std::string());
  BOOST_TEST(note.rfind("the reference gave up (the time limit of 1e-06 s was reached)", 0) == 0, note);
  BOOST_TEST(note.find("; the reference gave up on the clue analysis: it could not confirm that clue r1c1 is "
                       "redundant (the time limit of 1e-06 s was reached); the 404 redundant clues after it not "
                       "tried (a larger --reference-timeout may confirm them)") != std::string::npos,
             note);
}

// Beside an unknown verdict the reference is not run: it has nothing to
// confirm, and its budget came on top of the limit that ran out (check
// --timeout 2 took 3 s).  sudoku-64-1, which the reference does not finish,
// with a budget of 60 s it would wait out.
BOOST_AUTO_TEST_CASE(an_unknown_verdict_does_not_wait_for_the_reference) {
  const auto board = shared_data() / "large" / "sudoku-64-1.txt";
  const auto start = std::chrono::steady_clock::now();
  auto r = run_satdoku("check -o json --conflicts 1 --reference-timeout 60 '" + board.string() + "'");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(r.exit_code == 1, r.err);
  const auto record = records_of(r.out).at(0);
  BOOST_TEST(record["verdict"] == "unknown");
  BOOST_TEST(!record.contains("reference"), r.out);
  BOOST_TEST(seconds < 30.0);  // (about 0.2 s; 60 s with the reference)
}

// From 64x64 on, where the reference has never finished a count, the default
// second would only be added to every puzzle: the reference gets the SAT
// side's time plus 10 ms, as in `solve`.  A --reference-timeout given is
// kept, however long.
BOOST_AUTO_TEST_CASE(on_boards_of_64x64_and_up_the_reference_gets_the_sat_time) {
  const auto board = shared_data() / "large" / "sudoku-100-1.txt";
  auto r = run_satdoku("check --output json '" + board.string() + "'");
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto record = records_of(r.out).at(0);
  BOOST_TEST(record["verdict"] == "unique");
  const std::string note = record.value("reference", std::string());
  const double sat_seconds = record["stats"]["seconds"].get<double>();
  if (sat_seconds + 0.010 >= 1.0) {
    // A machine so loaded that the SAT side took a second (0.2 s idle):
    // the default second is then the shorter budget, and names itself.
    BOOST_TEST(note == "the reference gave up (the time limit of 1 s was reached)", note);
  } else {
    // Named as such: the user set no limit of that length.
    const std::string prefix = "the reference gave up (given the SAT side's time plus 10 ms, ";
    BOOST_REQUIRE_MESSAGE(note.rfind(prefix, 0) == 0, note);
    BOOST_TEST(note.find(" s; --reference-timeout gives it more)") != std::string::npos, note);
    const double limit = std::stod(note.substr(prefix.size()));  // in whole milliseconds
    BOOST_TEST(limit < 1.0, note);
    BOOST_TEST(limit >= 0.010, note);
    BOOST_TEST(limit <= sat_seconds + 0.011, note);
  }
  auto longer = run_satdoku("check --reference-timeout 1.5 --output json '" + board.string() + "'");
  BOOST_TEST(longer.err.find("(the time limit of 1.5 s was reached)") != std::string::npos, longer.err);
}

// A big board that propagation settled is proven unique by it: the reference
// gets the SAT side's time plus 10 ms, as beside CaDiCaL in `solve`, not the
// whole second.  Since the native engine places all clues in one pass it
// mostly confirms sudoku-144-1 within that time (0.03 s), but whether it does
// depends on the machine's load: so the capped note is checked when there is
// one, and a budget of 1 us makes the reference give up for certain.
BOOST_AUTO_TEST_CASE(a_settled_big_board_does_not_wait_out_the_reference) {
  const auto board = shared_data() / "large" / "sudoku-144-1.txt";
  auto r = run_satdoku("check --output json '" + board.string() + "'");
  BOOST_TEST(r.exit_code == 0, r.err);
  const auto record = records_of(r.out).at(0);
  BOOST_TEST(record["verdict"] == "unique");
  BOOST_TEST(record["stats"]["by_propagation"] == true);
  if (record.contains("reference")) {  // the capped budget's words: see the test above, on 100-1
    const std::string note = record["reference"];
    BOOST_TEST(note.rfind("the reference gave up (", 0) == 0, note);
    BOOST_TEST(note.find("; unit propagation alone settled the puzzle, which proves the verdict") !=
                   std::string::npos,
               note);
  }
  // Propagation's proof is named, so the note does not read as a gap.
  auto stopped = run_satdoku("check --output json --reference-timeout 0.000001 '" + board.string() + "'");
  BOOST_TEST(stopped.exit_code == 0, stopped.err);
  BOOST_TEST(records_of(stopped.out).at(0).value("reference", std::string()) ==
             "the reference gave up (the time limit of 1e-06 s was reached); unit propagation alone settled the "
             "puzzle, which proves the verdict");
  // `solve` runs the reference beside CaDiCaL and stops it 10 ms after the
  // answer: the note says so, not the reference's own word ("cancelled").
  // The reference does not finish sudoku-100-1 in seconds.
  auto solved = run_satdoku("solve --output json '" + (shared_data() / "large" / "sudoku-100-1.txt").string() + "'");
  BOOST_TEST(solved.exit_code == 0, solved.err);
  BOOST_TEST(records_of(solved.out).at(0).value("reference", std::string()) ==
             "the reference gave up (stopped 10 ms after the SAT answer)");
  BOOST_TEST(solved.err.find("cancelled") == std::string::npos, solved.err);
  // Beside an answer that is itself unknown, no note: it would add nothing.
  const auto hard = shared_data() / "large" / "sudoku-64-1.txt";
  auto unknown = run_satdoku("solve --output json --conflicts 1 '" + hard.string() + "'");
  BOOST_TEST(unknown.exit_code == 1, unknown.err);
  BOOST_TEST(records_of(unknown.out).at(0)["status"] == "unknown");
  BOOST_TEST(!records_of(unknown.out).at(0).contains("reference"), unknown.out);
  BOOST_TEST(unknown.err.find("reference") == std::string::npos, unknown.err);
  auto checked = run_satdoku("check --output json --conflicts 1 '" + hard.string() + "'");
  BOOST_TEST(checked.exit_code == 1, checked.err);
  BOOST_TEST(records_of(checked.out).at(0)["verdict"] == "unknown");
  BOOST_TEST(checked.err.find("reference") == std::string::npos, checked.err);
  // With --reference-timeout given, its budget alone stops the reference,
  // on a board it does not finish within it, long after the SAT answer
  // (some 0.3 s here; 10 ms after it, the reference was stopped before).
  const auto searched = shared_data() / "large" / "sudoku-64-2.txt";
  auto given = run_satdoku("solve --output json --reference-timeout 1.5 '" + searched.string() + "'");
  BOOST_TEST(given.exit_code == 0, given.err);
  BOOST_TEST(records_of(given.out).at(0).value("reference", std::string()) ==
             "the reference gave up (the time limit of 1.5 s was reached)");
}

// --junit through a symbolic link replaces the link's target and keeps the
// link; a device is written, never replaced; a directory is a clear error.
// A JUnit report may not take the proof folder's place, nor a proof's:
// refused before anything is written (the report overwrote 1.cnf, exit 0).
BOOST_AUTO_TEST_CASE(junit_and_proofs_never_share_a_path) {
  const ScratchDir scratch("check-junit-proof");
  const fs::path& dir = scratch.dir;
  const std::string input = first_lines("17_clue.txt", 3);
  for (const std::string report : {"P/1.cnf", "P/2-1.drat", "P", "P/", "P/../P/3.cnf"}) {
    BOOST_TEST_CONTEXT(report) {
      const auto r = run_satdoku("check -q --proof " + quoted(dir / "P") + " --junit " + quoted(dir / report), input);
      BOOST_TEST(r.exit_code == 2, r.err);
      BOOST_TEST(r.err.find(report == "P" || report == "P/" ? "names the --proof folder" : "names a proof file of --proof") !=
                     std::string::npos,
                 r.err);
      BOOST_TEST(!fs::exists(dir / "P"));
    }
  }
  // Another name in the folder is the report's own.
  fs::create_directories(dir / "P");
  const auto fine = run_satdoku("check -q --proof " + quoted(dir / "P") + " --junit " + quoted(dir / "P" / "report.xml"), input);
  BOOST_TEST(fine.exit_code == 0, fine.err);
  BOOST_TEST(fs::exists(dir / "P" / "1.cnf"));
  BOOST_TEST(slurp(dir / "P" / "report.xml").find("<testsuites") != std::string::npos);
  // A missing folder for the report is made when the proof folder is made
  // within it, and refused otherwise, before the run.
  const auto fresh = run_satdoku("check -q --proof " + quoted(dir / "art" / "proofs") + " --junit " +
                                 quoted(dir / "art" / "report.xml"), input);
  BOOST_TEST(fresh.exit_code == 0, fresh.err);
  BOOST_TEST(slurp(dir / "art" / "report.xml").find("<testsuites") != std::string::npos);
  BOOST_TEST(fs::exists(dir / "art" / "proofs" / "1.drat"));
  const auto apart = run_satdoku("check -q --proof " + quoted(dir / "new" / "proofs") + " --junit " +
                                 quoted(dir / "elsewhere" / "report.xml"), input);
  BOOST_TEST(apart.exit_code == 2);
  BOOST_TEST(apart.err.find("there is no folder") != std::string::npos, apart.err);
  BOOST_TEST(!fs::exists(dir / "new"));
}

// Any usage error leaves no proof folder behind, as no input does (the
// folder used to be made before --jobs and --backend were looked at).
BOOST_AUTO_TEST_CASE(a_usage_error_makes_no_proof_folder) {
  const ScratchDir scratch("check-proof-usage");
  const fs::path& dir = scratch.dir;
  for (const std::string options : {"--jobs 0", "--backend foo", "--timeout -1", "--sat-option nosuch=1", "--input-format nosuch"}) {
    BOOST_TEST_CONTEXT(options) {
      const auto r = run_satdoku("check -q --proof " + quoted(dir / "P") + " " + options, kEasy + "\n");
      BOOST_TEST(r.exit_code == 2, r.err);
      BOOST_TEST(!fs::exists(dir / "P"));
    }
  }
}

BOOST_AUTO_TEST_CASE(junit_follows_links_and_writes_devices) {
  const ScratchDir scratch("check-junit-targets");
  const fs::path& dir = scratch.dir;
  const fs::path target = dir / "target.xml", link = dir / "link.xml";
  { std::ofstream(target) << "<testsuites>\n  <testsuite name=\"satdoku check\" tests=\"0\">\n"; }  // an earlier report
  fs::create_symlink("target.xml", link);
  auto r = run_satdoku("check --junit " + quoted(link), kEasy + "\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(fs::is_symlink(fs::symlink_status(link)));
  BOOST_TEST(slurp(target).find("<testsuite name=\"satdoku check\" tests=\"1\"") != std::string::npos);
  // Standard output appended to a log: written after it, never refused as
  // a file that is no report (it is not replaced).
  const fs::path log = dir / "log.txt";
  { std::ofstream(log) << "log\n"; }
  { std::ofstream(dir / "easy.txt") << kEasy << '\n'; }
  const auto appended = run_shell("cd " + quoted(dir) + " && " + quoted(satdoku_binary()) +
                                  " check -q --junit /dev/stdout easy.txt >> log.txt");
  BOOST_TEST(appended.exit_code == 0, appended.err);
  BOOST_TEST(slurp(log).rfind("log\neasy.txt:1 unique", 0) == 0, slurp(log));
  BOOST_TEST(slurp(log).find("<testsuites") != std::string::npos);
  // Standard output redirected to a file: the records, then the report.
  auto to_stdout = run_satdoku("check --junit /dev/stdout", kEasy + "\n");
  BOOST_TEST(to_stdout.exit_code == 0, to_stdout.err);
  BOOST_TEST(to_stdout.out.rfind("<stdin>:1 unique", 0) == 0, to_stdout.out);
  BOOST_TEST(to_stdout.out.find("<testsuites") != std::string::npos, to_stdout.out);
  BOOST_TEST(to_stdout.out.find("</testsuites>\n") == to_stdout.out.size() - 14, to_stdout.out);
  // "-": the report alone, in place of the records.
  auto dash = run_satdoku("check --junit - --expect multiple", kEasy + "\n");
  BOOST_TEST(dash.exit_code == 1, dash.err);
  BOOST_TEST(dash.out.rfind("<?xml", 0) == 0, dash.out);
  BOOST_TEST(dash.out.find("<failure") != std::string::npos, dash.out);
  BOOST_TEST(dash.err.find("<stdin>:1: FAIL") != std::string::npos, dash.err);
  BOOST_TEST(!fs::exists("-"));
  {
    const fs::path input = dir / "easy.txt", err = dir / "full.err";
    std::ofstream(input) << kEasy << '\n';
    const std::string command = "'" + satdoku_binary().string() + "' check --junit - '" + input.string() +
                                "' > /dev/full 2> '" + err.string() + "'";
    const int status = std::system(command.c_str());
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 2));
    BOOST_TEST(slurp(err).find("cannot write standard output: No space left on device") != std::string::npos,
               slurp(err));
  }
  auto to_null = run_satdoku("check --junit /dev/null", kEasy + "\n");
  BOOST_TEST(to_null.exit_code == 0, to_null.err);
  BOOST_TEST(fs::is_character_file("/dev/null"));
  auto to_dir = run_satdoku("check --junit " + quoted(dir), kEasy + "\n");
  BOOST_TEST(to_dir.exit_code == 2);
  BOOST_TEST(to_dir.err.find("is a directory") != std::string::npos, to_dir.err);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_with_2) {
  // A sign in a count, a limit or --jobs is refused, not wrapped to 2^64 - 5.
  for (const char* args : {"check --expect sometimes", "check --count 1", "check --count 0", "check --count -5",
                           "check --count +3", "check --conflicts -1", "check --nodes -2", "check --jobs -1",
                           "check --jobs 4294967295", "check --output grid", "check --backend quantum",
                           "check --no-such-option", "check --jobs 0", "check --mode lazy",
                           "check --junit - --output json", "check --junit - -o text", "check --junit ''",
                           "check --proof ''", "check --proof -"}) {
    auto r = run_satdoku(args, kEasy + "\n");
    BOOST_TEST(r.exit_code == 2, args << " gave " << r.exit_code);
    BOOST_TEST(r.err.find("satdoku check:") != std::string::npos, args << ": " << r.err);
    BOOST_TEST(r.out.empty(), args << " printed " << r.out);
  }
  auto help = run_satdoku("check --help");
  BOOST_TEST(help.exit_code == 0);
  BOOST_TEST(help.out.find("--expect") != std::string::npos);
  BOOST_TEST(run_satdoku("--help").out.find("check") != std::string::npos);
}

// The text report says why a record is an error, not only that it is one.
BOOST_AUTO_TEST_CASE(text_errors_carry_their_reason) {
  auto r = run_satdoku("check", "xyz\n");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out.rfind("<stdin>:1 error: ", 0) == 0, r.out);
  // An error counts as an error, not also as a puzzle that missed --expect;
  // yet it is named on a FAIL line as every puzzle that fails is, after the
  // error itself, which it points to.
  BOOST_TEST(r.err.find("1 error; 0 failing --expect unique;") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("<stdin>:1:1: first row has 3 symbols") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("\n<stdin>:1: FAIL: the puzzle could not be read (<stdin>:1:1, above)\n") != std::string::npos,
             r.err);
  // An input never opened is no puzzle with a place in it.
  auto missing = run_satdoku("check /no/such/file.txt -", kEasy + "\n");
  BOOST_TEST(missing.exit_code == 2);
  BOOST_TEST(missing.err.find("/no/such/file.txt: FAIL: the input could not be read (above)\n") != std::string::npos,
             missing.err);
  auto both = run_satdoku("check --expect multiple", "xyz\n" + kEasy + "\n");
  BOOST_TEST(both.exit_code == 2);
  BOOST_TEST(both.err.find("1 unique, 0 multiple, 0 none, 0 invalid, 0 unknown, 1 error; 1 failing --expect multiple;") !=
                 std::string::npos,
             both.err);
}

// A puzzle read but not decided (here a reduction the board is too large
// for) is named as an error on its FAIL line too, as the summary counts it.
BOOST_AUTO_TEST_CASE(a_failing_error_is_called_an_error) {
  auto r = run_satdoku("check -q --reduce probe " + quoted(shared_data() / "large" / "sudoku-81-1.txt"));
  BOOST_TEST(r.out.find("sudoku-81-1.txt:1 error: ") != std::string::npos, r.out);
  BOOST_TEST(r.err.find("sudoku-81-1.txt:1: FAIL: expected unique, got an error") != std::string::npos, r.err);
}

// A reader that stops reading (`| head`) ends satdoku by SIGPIPE as before
// (status 141, nothing said), but tidily: no proof left half written under
// a temporary name, the proofs in the folder those of the records sent,
// and no JUnit report (an earlier one removed).
BOOST_AUTO_TEST_CASE(a_broken_pipe_ends_the_run_tidily) {
  std::signal(SIGPIPE, SIG_DFL);  // as the shell below and satdoku inherit it (some CI runners ignore it)
  const ScratchDir scratch("check-pipe");
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "in.txt") << first_lines("17_clue.txt", 3000); }
  { std::ofstream(dir / "report.xml") << "<testsuites><testsuite name=\"satdoku check\" tests=\"1\"/></testsuites>\n"; }
  { std::ofstream(dir / "other.xml") << "<old/>\n"; }  // not satdoku's: kept
  const RunResult kept = run_shell("cd " + quoted(dir) + " && " + quoted(satdoku_binary()) +
                                   " check --junit other.xml in.txt > /dev/full 2>&1");
  BOOST_TEST(kept.exit_code == 2);
  BOOST_TEST(slurp(dir / "other.xml") == "<old/>\n");
  const RunResult r = run_shell("cd " + quoted(dir) + " && { " + quoted(satdoku_binary()) +
                                " check -o json --proof proofs --junit report.xml in.txt 2>err.txt; echo $? > rc.txt; }"
                                " | head -c 1000 > /dev/null; cat rc.txt err.txt");
  BOOST_TEST(r.out == "141\n", r.out);
  BOOST_TEST(!fs::exists(dir / "report.xml"));
  std::size_t pairs = 0;
  for (const auto& entry : fs::directory_iterator(dir / "proofs")) {
    const std::string name = entry.path().filename().string();
    BOOST_TEST(name.find(".tmp.") == std::string::npos, name);
    if (name.ends_with(".cnf")) {
      ++pairs;
      BOOST_TEST(fs::exists(fs::path(entry.path()).replace_extension(".drat")), name);
    }
  }
  BOOST_TEST(pairs > 0u);
  BOOST_TEST(pairs < 3000u);
  // A caller that ignores SIGPIPE gets the failed write as an output error.
  const RunResult ignored = run_shell("cd " + quoted(dir) + " && trap '' PIPE && { " + quoted(satdoku_binary()) +
                                      " check -o json in.txt 2>err.txt; echo $? > rc.txt; } | head -c 1000 > /dev/null;"
                                      " cat rc.txt err.txt");
  BOOST_TEST(ignored.out.starts_with("2\n"), ignored.out);
  BOOST_TEST(ignored.out.find("cannot write standard output: Broken pipe") != std::string::npos, ignored.out);
}

// Found by mutation (round 6): the summary's invalid count, and the JUnit
// report of an unknown puzzle and of bytes that are not UTF-8.
BOOST_AUTO_TEST_CASE(check_counts_clashes_as_invalid_and_junit_names_limits) {
  const auto clash = run_satdoku("check --expect none", "11..............\n");
  BOOST_TEST(clash.exit_code == 0, clash.err);
  BOOST_TEST(clash.err.find("1 puzzle: 0 unique, 0 multiple, 0 none, 1 invalid, ") != std::string::npos, clash.err);
  const ScratchDir scratch("check-junit-limits");
  const fs::path& dir = scratch.dir;
  const auto limited = run_satdoku("check --conflicts 1 --junit " + quoted(dir / "r.xml"),
                                   first_lines("forum_hardest_11plus.txt", 2));
  BOOST_TEST(limited.exit_code == 1, limited.err);
  const std::string report = slurp(dir / "r.xml");
  BOOST_TEST(report.find("<failure message=\"expected unique, got unknown: the conflict limit of 1 was reached\">") !=
                 std::string::npos,
             report);
  // Overlong lead bytes (C0, C1) are no UTF-8: shown as '?', so that the
  // report stays well-formed XML.
  for (const std::string lead : {"\xc0\x80", "\xc1\xbf"}) {
    const auto bad = run_satdoku("check --junit " + quoted(dir / "b.xml"), "1234" + lead + "..........\n");
    BOOST_TEST(bad.exit_code == 2);
    const std::string xml = slurp(dir / "b.xml");
    BOOST_TEST(xml.find("puzzle 1234??..........") != std::string::npos, xml);
    BOOST_TEST(xml.find(lead) == std::string::npos);
  }
}
