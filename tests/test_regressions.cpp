// Replays fuzzing inputs through every reader: the saved findings of
// tests/data/regressions and the committed seed corpora of fuzz/corpus.  Each
// input goes through every property of fuzz/checks.hpp (each input format and
// auto-detection, the write/read round trip, the DIMACS reader, the CNF header
// and solver-output readers of `decode`): no crash, no exception, a value.
#define BOOST_TEST_MODULE regressions
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "../fuzz/checks.hpp"
#include "test_support.hpp"

using namespace satdoku;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> files_under(const fs::path& folder) {
  std::vector<fs::path> files;
  if (fs::is_directory(folder))
    for (const auto& entry : fs::recursive_directory_iterator(folder))
      if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Every check on `data`; the failures as text (empty when all hold).
std::string run_every_check(const std::string& data) {
  std::string failures;
  auto record = [&](std::string_view check, auto&& run) {
    try {
      const std::string problem = run();
      if (!problem.empty()) failures.append(check).append(": ").append(problem).append("; ");
    } catch (const std::exception& e) {
      failures.append(check).append(": exception: ").append(e.what()).append("; ");
    }
  };
  for (InputFormat format : {InputFormat::automatic, InputFormat::line, InputFormat::euler, InputFormat::grid,
                             InputFormat::leetcode, InputFormat::comma, InputFormat::csv, InputFormat::tokens})
    record(std::string("reader ") + std::string(to_string(format)), [&] { return fuzz::check_reader(data, format); });
  record("roundtrip", [&] { return fuzz::check_roundtrip(data); });
  record("dimacs", [&] { return fuzz::check_dimacs(data); });
  record("decode", [&] { return fuzz::check_decode(data); });
  return failures;
}

}  // namespace

BOOST_AUTO_TEST_CASE(saved_findings_replay_clean) {
  std::vector<fs::path> files = files_under(test::test_data() / "regressions");
  std::erase_if(files, [](const fs::path& file) { return file.filename() == "README.md"; });
  BOOST_TEST_MESSAGE(files.size() << " saved findings");
  BOOST_TEST(files.size() >= 4u);  // the findings saved so far (README.md lists them)
  for (const fs::path& file : files) {
    BOOST_TEST_CONTEXT(file.filename().string()) { BOOST_TEST(run_every_check(test::slurp(file)) == ""); }
  }
}

BOOST_AUTO_TEST_CASE(seed_corpora_replay_clean) {
  const auto files = files_under(test::source_dir() / "fuzz" / "corpus");
  BOOST_TEST(files.size() >= 10u);  // every target has seeds
  for (const fs::path& file : files) {
    BOOST_TEST_CONTEXT(file.lexically_relative(test::source_dir()).string()) {
      BOOST_TEST(run_every_check(test::slurp(file)) == "");
    }
  }
}

BOOST_AUTO_TEST_CASE(checks_detect_what_they_claim) {
  // The checks are not vacuous: a well-formed puzzle reads as a grid in the
  // round trip, and the decode check reaches the decoder for a real header.
  const std::string puzzle = "1...\n..2.\n.3..\n...4\n";
  BOOST_TEST(fuzz::check_roundtrip(puzzle) == "");
  BOOST_TEST(test::read_puzzles_text(puzzle).size() == 1u);
  const fs::path seed = test::source_dir() / "fuzz" / "corpus" / "fuzz_decode" / "4x4-natural.txt";
  std::istringstream in(test::slurp(seed));
  auto header = read_cnf_header(in, seed.string());
  BOOST_REQUIRE(std::holds_alternative<CnfHeader>(header));
  auto answer = read_solver_output(in, seed.string(), std::get<CnfHeader>(header).variables);
  BOOST_REQUIRE(std::holds_alternative<SolverAnswer>(answer));
  const Decoded decoded = decode(std::get<CnfHeader>(header), std::get<SolverAnswer>(answer).model);
  BOOST_TEST(decoded.problems.empty());
  BOOST_TEST(decoded.grid.is_complete());
  BOOST_TEST(fuzz::check_decode(test::slurp(seed)) == "");
}
