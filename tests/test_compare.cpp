// Tests of propagation strength (satdoku/probing.hpp) and of `satdoku compare`.
#define BOOST_TEST_MODULE compare
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "satdoku/probing.hpp"
#include "satdoku/sat_backend.hpp"
#include "test_support.hpp"

using namespace satdoku;
namespace fs = std::filesystem;

namespace {

ClauseBuffer formula(std::initializer_list<std::initializer_list<int>> clauses) {
  ClauseBuffer b;
  for (auto c : clauses) b.add_clause(std::span<const int>(c.begin(), c.size()));
  return b;
}

// The number of cells with exactly one true digit after propagating the
// puzzle's own Reduction::none formula (built from scratch: no shared rules).
int own_formula_cells(const Grid& puzzle, Encoding encoding, bool* conflict) {
  const Encoder encoder(puzzle, {encoding, AmoMethod::pairwise, Reduction::none});
  ClauseBuffer clauses;
  const EncodeReport r = encoder.emit(clauses);
  UnitPropagator up(clauses, static_cast<int>(r.variables));
  *conflict = up.conflict();
  int cells = 0;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    int on = 0;
    for (int d = 1; d <= puzzle.size(); ++d) on += up.value(encoder.map().var(cell, d)) > 0;
    cells += on == 1;
  }
  return cells;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(line);
  while (std::getline(in, item, sep)) out.push_back(item);
  if (!line.empty() && line.back() == sep) out.push_back("");
  return out;
}

// Removes, when the test module ends, the temporary files first_puzzles()
// wrote (they are shared by several tests).
struct TemporaryInputs {
  std::vector<fs::path> paths;
  ~TemporaryInputs() {
    std::error_code ignored;
    for (const fs::path& p : paths) fs::remove(p, ignored);
  }
};
TemporaryInputs temporary_inputs;

// The first `count` puzzles of a shared collection, written to a temporary file.
fs::path first_puzzles(const std::string& collection, int count, const std::string& tag) {
  const fs::path p = fs::temp_directory_path() / ("satdoku-compare-" + tag + std::to_string(::getpid()) + ".txt");
  temporary_inputs.paths.push_back(p);
  std::ifstream in(test::shared_data() / collection);
  std::ofstream out(p);
  std::string line;
  for (int n = 0; n < count && std::getline(in, line);)
    if (!line.empty() && line.front() != '#') out << line << '\n', ++n;
  return p;
}

// `satdoku compare ARGS --json -`, which must succeed, as JSON.
nlohmann::json compare_json(const std::string& args) {
  const auto r = test::run_satdoku("compare " + args + " --json -");
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  return nlohmann::json::parse(r.out);
}

const fs::path& small_input() {
  static const fs::path path = first_puzzles("17_clue.txt", 12, "");  // written once
  return path;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(propagator)

BOOST_AUTO_TEST_CASE(chains_units_and_finds_conflicts) {
  // 1, 1 -> 2, 2 -> 3 | 4, -4: everything follows.
  UnitPropagator up(formula({{1}, {-1, 2}, {-2, 3, 4}, {-4}}), 4);
  BOOST_TEST(!up.conflict());
  BOOST_TEST(up.value(1) == 1);
  BOOST_TEST(up.value(2) == 1);
  BOOST_TEST(up.value(3) == 1);
  BOOST_TEST(up.value(4) == -1);

  UnitPropagator clash(formula({{-1, 2}, {-1, -2}}), 2);
  BOOST_TEST(clash.value(1) == 0);
  BOOST_TEST(!clash.assert_literal(1));
  BOOST_TEST(clash.conflict());
  BOOST_TEST(clash.reset());  // back to the formula's own consequences
  BOOST_TEST(clash.value(1) == 0);
  BOOST_TEST(clash.assert_literal(-1));
  BOOST_TEST(clash.value(2) == 0);
  BOOST_CHECK_THROW(clash.assert_literal(3), UsageError);
}

BOOST_AUTO_TEST_CASE(probing_asserts_failed_literals_to_a_fixpoint) {
  // x1 fails (1 -> 2, 1 -> -2), so -1 holds, then (1 | 3) gives 3; x3 -> x4
  // through a ternary clause with -5 (a fact); nothing is open in the end.
  ClauseBuffer f = formula({{-1, 2}, {-1, -2}, {1, 3}, {-3, 4, 5}, {-5}});
  UnitPropagator up(f, 5);
  BOOST_TEST(up.value(1) == 0);
  std::uint64_t probes = 0, failed = 0;
  const int candidates[] = {1, 2, 3, 4, 5};
  BOOST_TEST(up.probe(candidates, &probes, &failed));
  BOOST_TEST(failed == 1u);
  BOOST_TEST(probes >= 1u);
  BOOST_TEST(up.value(1) == -1);
  BOOST_TEST(up.value(3) == 1);
  BOOST_TEST(up.value(4) == 1);
  // Unsatisfiable by probing: both 1 and -1 fail.
  UnitPropagator unsat(formula({{-1, 2}, {-1, -2}, {1, 3}, {1, -3}}), 3);
  const int all[] = {1, 2, 3};
  BOOST_TEST(!unsat.probe(all));
  BOOST_TEST(unsat.conflict());
}

BOOST_AUTO_TEST_CASE(clauses_are_normalised_before_propagation) {
  // {1 1} is the unit 1 (it was watched as a binary clause on 1 twice and
  // never asserted), as {1} is; the same for longer clauses that shrink.
  for (const ClauseBuffer& f : {formula({{1, 1}, {-1, 2}}), formula({{1}, {-1, 2}}),
                                formula({{1, 1, 1}, {-1, 2, -1, 2}})}) {
    UnitPropagator up(f, 2);
    BOOST_TEST(up.reset());
    BOOST_TEST(up.value(1) == 1);
    BOOST_TEST(up.value(2) == 1);
  }
  // {-1 -1 3 3} is the binary -1 | 3: asserting 1 gives 3.
  UnitPropagator binary(formula({{-1, -1, 3, 3}}), 3);
  BOOST_TEST(binary.assert_literal(1));
  BOOST_TEST(binary.value(3) == 1);
  // A tautology is always true: {1 -1} and {2 3 -2} force nothing, and with
  // -2 and -3 asserted, {2 3 -2} is no conflict (nor a reason for anything).
  UnitPropagator tautology(formula({{1, -1}, {2, 3, -2}, {1, 1, -1}}), 3);
  BOOST_TEST(tautology.reset());
  BOOST_TEST(tautology.assigned() == 0u);
  BOOST_TEST(tautology.assert_literal(-2));
  BOOST_TEST(tautology.assert_literal(-3));
  BOOST_TEST(tautology.value(1) == 0);
  BOOST_TEST(!tautology.conflict());
}

// A literal's index is an int: 2^30 variables (a 1024x1024 board's cells)
// are refused before any memory is taken for them.
BOOST_AUTO_TEST_CASE(the_propagator_refuses_more_variables_than_it_numbers) {
  BOOST_CHECK_THROW(UnitPropagator(formula({{1, 2}}), 1 << 30), UsageError);
  const UnitPropagator fits(formula({{1, 2}}), 3);
  BOOST_TEST(fits.variables() == 3);
}

BOOST_AUTO_TEST_CASE(probe_refuses_candidates_that_are_not_variables) {
  // 1 -> 2 and 1 -> -2: probing 1 would assert -1, so a refusal must come
  // before any probe, whichever candidate is the bad one.
  for (const int bad : {4, 100000, 0, -1}) {
    UnitPropagator up(formula({{-1, 2}, {-1, -2}, {3, 2}}), 3);
    const int candidates[] = {1, bad};
    std::uint64_t probes = 0;
    BOOST_CHECK_THROW(up.probe(candidates, &probes), UsageError);
    BOOST_TEST(probes == 0u);
    BOOST_TEST(up.value(1) == 0);
    BOOST_TEST(!up.conflict());
  }
}

BOOST_AUTO_TEST_CASE(empty_clause_is_a_conflict) {
  UnitPropagator up(formula({{1, 2}, {}}), 2);
  BOOST_TEST(up.conflict());
  BOOST_TEST(!up.reset());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(strength)

// The meter (shared rules + clue units) sees exactly what the puzzle's own
// Reduction::none formula gives.
BOOST_AUTO_TEST_CASE(meter_matches_the_puzzles_own_formula) {
  const auto puzzles = test::read_puzzles(test::shared_data() / "17_clue.txt", 25);
  for (const EncodingInfo& e : encodings()) {
    StrengthMeter meter(puzzles.front().geometry_ptr(), e.encoding, AmoMethod::pairwise);
    for (const Grid& p : puzzles) {
      bool conflict = false;
      const int cells = own_formula_cells(p, e.encoding, &conflict);
      const PropagationStrength s = meter.measure(p, false);
      BOOST_TEST(s.up_cells == cells, e.name);
      BOOST_TEST(s.up_conflict == conflict);
      BOOST_TEST(!s.probed);
    }
  }
}

// Figures of the first 200 puzzles of 17_clue.txt, computed once with
// `satdoku compare --strength-only --probe` and checked by hand against the
// full-set figures of benchmarks/fidelity.sh (RESULTS.md), which match the
// published ones: UP solves 0% with minimal, 44.5-44.6% with extended and
// 76.0-76.1% with triads; failed literals solve 100% with extended.  The
// subset is easier than the whole set (48.0% / 86.5% here), as its first
// puzzles are.
BOOST_AUTO_TEST_CASE(pinned_rates_on_a_fixed_subset) {
  const auto puzzles = test::read_puzzles(test::shared_data() / "17_clue.txt", 200);
  BOOST_REQUIRE(puzzles.size() == 200u);
  struct Expect {
    Encoding encoding;
    int up, fl;
  };
  const Expect expect[] = {{Encoding::minimal, 0, 48},
                           {Encoding::natural, 0, 48},
                           {Encoding::extended, 96, 200},
                           {Encoding::triads, 173, 200}};
  for (const Expect& x : expect) {
    StrengthMeter meter(puzzles.front().geometry_ptr(), x.encoding, AmoMethod::pairwise);
    int up = 0, fl = 0;
    for (const Grid& p : puzzles) {
      const PropagationStrength s = meter.measure(p, true);
      BOOST_TEST(!s.up_conflict);
      BOOST_TEST((!s.up_solved || s.fl_solved));  // probing never loses what UP found
      up += s.up_solved;
      fl += s.fl_solved;
    }
    BOOST_TEST(up == x.up, to_string(x.encoding));
    BOOST_TEST(fl == x.fl, to_string(x.encoding));
  }
}

// The at-most-one method does not change what propagation reaches on the
// primary variables (every method here is propagation-complete).
BOOST_AUTO_TEST_CASE(amo_methods_agree_on_strength) {
  const auto puzzles = test::read_puzzles(test::shared_data() / "17_clue.txt", 20);
  for (AmoMethod amo : {AmoMethod::sequential, AmoMethod::commander}) {
    StrengthMeter pairwise(puzzles.front().geometry_ptr(), Encoding::extended, AmoMethod::pairwise);
    StrengthMeter other(puzzles.front().geometry_ptr(), Encoding::extended, amo);
    for (const Grid& p : puzzles) BOOST_TEST(pairwise.measure(p, false).up_cells == other.measure(p, false).up_cells);
  }
}

BOOST_AUTO_TEST_CASE(wrong_board_shape_is_misuse) {
  StrengthMeter meter(Geometry::shared(9), Encoding::extended, AmoMethod::pairwise);
  BOOST_CHECK_THROW(meter.measure(Grid(Geometry::shared(4)), false), UsageError);
  BOOST_CHECK_THROW(StrengthMeter(nullptr, Encoding::extended, AmoMethod::pairwise), UsageError);  // (it crashed)
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cli)

BOOST_AUTO_TEST_CASE(rows_agree_and_every_format_carries_every_field) {
  const test::ScratchDir scratch("compare-out");
  const fs::path& dir = scratch.dir;
  const std::string args = "compare '" + small_input().string() +
                           "' --encodings all --mode fresh,hybrid --amo pairwise --limit 2 --probe -j 2 --seed 7"
                           " --csv '" + (dir / "c.csv").string() + "' --json '" + (dir / "c.json").string() +
                           "' --markdown '" + (dir / "c.md").string() + "' --plot '" + (dir / "c.svg").string() + "'";
  const auto r = test::run_satdoku(args);
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("decisions and propagations are not reported") != std::string::npos);
  BOOST_TEST(r.out.find("fastest") != std::string::npos);
  BOOST_TEST(r.out.find("strongest") != std::string::npos);

  // CSV: the header, 4 encodings x 2 modes rows, no unknown, no disagreement.
  std::istringstream csv(test::slurp(dir / "c.csv"));
  std::string line;
  std::getline(csv, line);
  const auto header = split(line, ',');
  for (const char* field : {"encoding", "amo", "reduce", "mode", "vars", "vars_max", "clauses", "literals",
                            "encode_mean_s", "solve_median_s", "total_p90_s", "total_max_s", "total_sum_s",
                            "conflicts_mean", "decisions_mean", "propagations_mean", "up_solved_pct",
                            "fl_solved_pct", "unknown", "disagreements", "fastest", "strongest"})
    BOOST_TEST((std::find(header.begin(), header.end(), field) != header.end()), field);
  auto column = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  int rows = 0, fastest = 0;
  while (std::getline(csv, line)) {
    const auto f = split(line, ',');
    BOOST_TEST_REQUIRE(f.size() == header.size());
    BOOST_TEST(f[column("unknown")] == "0");
    BOOST_TEST(f[column("disagreements")] == "0");
    BOOST_TEST(f[column("puzzles")] == "12");
    BOOST_TEST(!f[column("fl_solved_pct")].empty());
    BOOST_TEST(!f[column("conflicts_mean")].empty());
    // Not reported by CaDiCaL 1.5.3: empty, not a 0 nobody counted.
    BOOST_TEST(f[column("decisions_mean")].empty());
    BOOST_TEST(f[column("propagations_mean")].empty());
    if (f[column("encoding")] == "minimal") BOOST_TEST(f[column("up_solved_pct")] == "0.00");
    // encode is part of total, and solve the rest of it.
    const double encode = std::stod(f[column("encode_sum_s")]), solve = std::stod(f[column("solve_sum_s")]),
                 total = std::stod(f[column("total_sum_s")]);
    BOOST_TEST(encode <= total * 1.0001 + 1e-9, line);
    BOOST_TEST(std::abs(encode + solve - total) <= total * 1e-3 + 1e-6, line);
    BOOST_TEST(std::stod(f[column("encode_max_s")]) <= std::stod(f[column("total_max_s")]) * 1.0001 + 1e-9, line);
    fastest += f[column("fastest")] == "1";
    ++rows;
  }
  BOOST_TEST(rows == 8);
  BOOST_TEST(fastest == 1);

  // JSON: the same rows and fields, numbers as numbers.
  const auto json = nlohmann::json::parse(test::slurp(dir / "c.json"));
  BOOST_TEST(json["puzzles"] == 12);
  BOOST_TEST_REQUIRE(json["rows"].size() == 8u);
  for (const auto& row : json["rows"]) {
    for (const std::string& field : header) BOOST_TEST(row.contains(field), field);
    BOOST_TEST(row["disagreements"] == 0);
    BOOST_TEST(row["vars"].is_number());
    BOOST_TEST(row["fl_solved_pct"].is_number());
    BOOST_TEST(row["decisions_mean"].is_null());
    BOOST_TEST(row["propagations_mean"].is_null());
  }

  // Markdown: a header, a separator and one line per row.
  std::istringstream md(test::slurp(dir / "c.md"));
  int table_lines = 0;
  std::string last;
  while (std::getline(md, line)) {
    table_lines += !line.empty() && line.front() == '|';
    if (!line.empty()) last = line;
  }
  BOOST_TEST(table_lines == 10);
  BOOST_TEST(last == "CaDiCaL options for every row: seed=7.");  // the run's settings end the document

  // SVG: well-formed XML with one line per row and a legend entry each.
  BOOST_TEST(std::system(("xmllint --noout '" + (dir / "c.svg").string() + "'").c_str()) == 0);
  const std::string svg = test::slurp(dir / "c.svg");
  std::size_t lines = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++lines;
  BOOST_TEST(lines == 8u);
  BOOST_TEST(svg.find("triads/pairwise/probe/fresh") != std::string::npos);  // auto: probe for 9x9
}

BOOST_AUTO_TEST_CASE(rows_other_than_time_are_deterministic) {
  const std::string base =
      "'" + small_input().string() + "' --encodings extended,triads --mode incremental --amo pairwise --seed 3 ";
  const auto ja = compare_json(base + "-j 1"), jb = compare_json(base + "-j 2");
  BOOST_REQUIRE(ja["rows"].size() == 2u);
  BOOST_REQUIRE(jb["rows"].size() == 2u);
  for (std::size_t i = 0; i < 2; ++i)
    for (const char* field : {"conflicts_mean", "vars", "clauses", "literals_max", "up_solved_pct"})
      BOOST_TEST(ja["rows"][i][field] == jb["rows"][i][field], field);
  // Counts are integers in JSON, as in the CSV.
  for (const char* field : {"puzzles", "unknown", "disagreements", "vars_max", "clauses_max"})
    BOOST_TEST(ja["rows"][0][field].is_number_integer(), field);
  BOOST_TEST(ja["puzzles"].is_number_integer());
  // The SVG alone on standard output; two documents there are refused.
  // A plot named otherwise is still SVG, and the run says so.
  const fs::path png = fs::temp_directory_path() / ("satdoku-plot-" + std::to_string(::getpid()) + ".png");
  const auto named = test::run_satdoku("compare '" + small_input().string() + "' --encodings natural --plot '" +
                                       png.string() + "'");
  BOOST_TEST(named.exit_code == 0, named.err);
  BOOST_TEST(named.err.find("note: --plot writes SVG; " + png.string() + " will hold SVG, not png") != std::string::npos,
             named.err);
  BOOST_TEST(test::slurp(png).find("<svg") != std::string::npos);
  fs::remove(png);
  const auto device = test::run_satdoku("compare '" + small_input().string() + "' --encodings natural --plot /dev/null");
  BOOST_TEST(device.err.find("--plot writes SVG") == std::string::npos, device.err);  // a device has no name to mind
  const auto svg = test::run_satdoku("compare '" + small_input().string() + "' --encodings natural --plot -");
  BOOST_TEST(svg.exit_code == 0, svg.err);
  BOOST_TEST(svg.out.rfind("<?xml", 0) == 0u, svg.out.substr(0, 100));
  BOOST_TEST(svg.out.substr(svg.out.size() - 7) == "</svg>\n", svg.out.substr(svg.out.size() - 100));
  // The vertical axis is labelled with whole counts, each at its own height
  // (with two puzzles the labels read 0 1 1 2 2, the "1"s at 0.5 and 0.75).
  for (const std::size_t count : {2u, 3u, 37u}) {
    std::string puzzles;
    std::istringstream lines(test::slurp(test::shared_data() / "top1465.txt"));
    for (std::string line; puzzles.size() < 82 * count && std::getline(lines, line);)
      if (!line.empty() && line[0] != '#') puzzles += line + "\n";
    const auto plot = test::run_satdoku("compare - --encodings triads --amo pairwise --plot -", puzzles);
    BOOST_TEST_REQUIRE(plot.exit_code == 0, plot.err);
    // Each label: <text x="72" y="Y" text-anchor="end">K</text>, Y - 4 = 50 + 500 (1 - K / count).
    std::vector<long long> labels;
    for (std::size_t at = 0; (at = plot.out.find("<text x=\"72\" y=\"", at)) != std::string::npos; ++at) {
      const double y = std::stod(plot.out.substr(at + 16));
      const std::size_t gt = plot.out.find('>', at);
      const long long k = std::stoll(plot.out.substr(gt + 1));
      BOOST_TEST(std::abs(y - 4 - (50 + 500 * (1 - static_cast<double>(k) / static_cast<double>(count)))) < 0.01,
                 count << ": label " << k << " at " << y);
      labels.push_back(k);
    }
    BOOST_TEST(labels.size() >= 3u, count);
    BOOST_TEST((std::adjacent_find(labels.begin(), labels.end()) == labels.end()), count);  // no label twice
  }
  const auto two = test::run_satdoku("compare '" + small_input().string() + "' --csv - --json -");
  BOOST_TEST(two.exit_code == 2);
  BOOST_TEST(two.err.find("only one of --csv, --json, --markdown and --plot") != std::string::npos, two.err);
}

// compare keeps to --max-memory: a puzzle whose formula would not fit is
// unknown (and says why), a strength measurement that would not fit is '-',
// the other puzzles are measured.
BOOST_AUTO_TEST_CASE(max_memory_skips_what_does_not_fit) {
  const test::ScratchDir scratch("compare-memory");
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "empty16.txt") << std::string(256, '.') << '\n'; }
  const auto r = test::run_satdoku("compare --encodings natural --amo pairwise --mode fresh --max-memory 1M -j 1 "
                                   "--no-progress --csv - '" + (test::shared_data() / "large" / "sudoku-16-1.txt").string() +
                                   "' '" + (dir / "empty16.txt").string() + "'");
  BOOST_TEST(r.exit_code == 1, r.err);
  BOOST_TEST(r.err.find("1 unknown, first: the natural/pairwise formula of a 16x16 board needs up to") !=
                 std::string::npos, r.err);
  BOOST_TEST(r.err.find("--backend") == std::string::npos, r.err);
  std::istringstream csv(r.out);
  std::string line;
  std::getline(csv, line);
  const auto header = split(line, ',');
  std::getline(csv, line);
  const auto row = split(line, ',');
  BOOST_REQUIRE_EQUAL(row.size(), header.size());
  auto field = [&](const char* name) { return row[std::find(header.begin(), header.end(), name) - header.begin()]; };
  BOOST_TEST(field("puzzles") == "2");
  BOOST_TEST(field("unknown") == "1");
  BOOST_TEST(field("up_solved_pct") == "");  // the whole 16x16 formula needs 9.6 MiB
  BOOST_TEST(std::stod(field("clauses_max")) > 0);  // the clued puzzle was measured
  // The means are those of the measured puzzle: the refused one has no
  // formula, and counted as zeros it halved them.
  BOOST_TEST(field("clauses") == field("clauses_max") + ".0");
  BOOST_TEST(field("vars") == field("vars_max") + ".0");
}

// The reference runs under a budget (it had none, and compare waited for ever
// on a board it cannot count); where it gives up, the rows' answers are
// still verified, and a note says so.  The board: a 25x25 that CaDiCaL
// settles in about 10 ms and the reference cannot count to two in 60 s.
BOOST_AUTO_TEST_CASE(the_reference_gives_up_within_its_budget) {
  const fs::path board = test::source_dir() / "tests" / "data" / "check" / "reference-cannot-count-25x25.txt";
  const auto r = test::run_satdoku("compare '" + board.string() +
                                   "' --encodings triads --amo pairwise --reference-timeout 0.2 --no-progress --csv -");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.err.find("satdoku compare: note: the reference gave up on 1 of 1 puzzle (--reference-timeout 0.2 s)") !=
                 std::string::npos,
             r.err);
  BOOST_TEST(test::lines_of(r.out).size() == 2u, r.out);  // the header and the row
  const auto refused = test::run_satdoku("compare '" + board.string() + "' --reference-timeout -1");
  BOOST_TEST(refused.exit_code == 2, refused.err);
}

// incremental ignores --reduce: one row for it, not one per reduction.
BOOST_AUTO_TEST_CASE(incremental_and_hybrid_rows_name_the_reduction_they_use) {
  const auto r = test::run_satdoku("compare '" + small_input().string() +
                                   "' --encodings natural --amo pairwise --mode incremental,fresh --reduce probe,clues "
                                   "--json -");
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  BOOST_TEST_REQUIRE(j["rows"].size() == 3u);  // incremental + fresh x 2 reductions
  BOOST_TEST(j["rows"][0]["mode"] == "incremental");
  BOOST_TEST(j["rows"][0]["reduce"] == "none");
  BOOST_TEST(j["rows"][1]["mode"] == "fresh");
  BOOST_TEST(j["rows"][1]["reduce"] == "probe");  // the modes after incremental keep their reduction
  BOOST_TEST(j["rows"][2]["reduce"] == "clues");

  // hybrid reduces with probe when asked for it, else with propagate: its
  // rows say so, once each.
  const auto h = test::run_satdoku("compare '" + small_input().string() +
                                   "' --encodings natural --amo pairwise --mode hybrid --reduce none,clues,propagate,probe "
                                   "--json -");
  BOOST_TEST_REQUIRE(h.exit_code == 0, h.err);
  const auto hj = nlohmann::json::parse(h.out);
  BOOST_TEST_REQUIRE(hj["rows"].size() == 2u);
  BOOST_TEST(hj["rows"][0]["reduce"] == "propagate");
  BOOST_TEST(hj["rows"][1]["reduce"] == "probe");
}

// A row whose `auto` resolves, on every board size of the input, to what
// another row lists measures the same thing: it appears once, the first in
// the order asked for.  What `auto` resolves to depends on the board size.
BOOST_AUTO_TEST_CASE(auto_rows_that_resolve_to_a_listed_choice_appear_once) {
  const std::string nine = "'" + small_input().string() + "'";
  const std::string big = "'" + (test::shared_data() / "large" / "sudoku-25-1.txt").string() + "'";
  auto labels = [](const nlohmann::json& j) {
    std::vector<std::string> out;
    for (const auto& row : j["rows"]) out.push_back(row["label"]);
    return out;
  };
  using Labels = std::vector<std::string>;
  // The at-most-one method: pairwise up to 144x144.
  BOOST_TEST(labels(compare_json(nine + " --encodings triads --amo auto,pairwise --mode fresh")) ==
             (Labels{"triads/pairwise/probe/fresh"}));
  BOOST_TEST(labels(compare_json(nine + " " + big + " --encodings triads --amo pairwise,auto --mode fresh")) ==
             (Labels{"triads/pairwise/auto/fresh"}));
  // The mode: hybrid up to 9x9, fresh above.
  BOOST_TEST(labels(compare_json(nine + " --encodings triads --amo pairwise --mode hybrid,auto,fresh")) ==
             (Labels{"triads/pairwise/probe/hybrid", "triads/pairwise/probe/fresh"}));
  BOOST_TEST(labels(compare_json(big + " --encodings triads --amo pairwise --mode hybrid,auto,fresh")) ==
             (Labels{"triads/pairwise/propagate/hybrid", "triads/pairwise/propagate/fresh"}));
  // The reduction: probe up to 9x9, propagate above.
  BOOST_TEST(labels(compare_json(nine + " --encodings triads --amo pairwise --mode fresh --reduce auto,propagate")) ==
             (Labels{"triads/pairwise/probe/fresh", "triads/pairwise/propagate/fresh"}));
  BOOST_TEST(labels(compare_json(big + " --encodings triads --amo pairwise --mode fresh --reduce auto,propagate")) ==
             (Labels{"triads/pairwise/propagate/fresh"}));
  // An `auto` mode that runs hybrid applies hybrid's reduction, and is named so.
  BOOST_TEST(labels(compare_json(nine + " --encodings triads --amo pairwise --reduce clues,propagate")) ==
             (Labels{"triads/pairwise/propagate/hybrid"}));
  // Under a conflict limit an `auto` mode runs each puzzle fresh.
  BOOST_TEST(labels(compare_json(nine + " --encodings triads --amo pairwise --reduce probe --mode auto,fresh "
                                        "--conflicts 100000")) == (Labels{"triads/pairwise/probe/fresh"}));
  // The encoding: in incremental mode CaDiCaL gets auto's extended rules
  // alone, and the row measures their strength (it measured triads').
  const auto incremental = compare_json(nine + " --encodings auto,extended --amo pairwise --mode incremental");
  BOOST_TEST(labels(incremental) == (Labels{"extended/pairwise/none/incremental"}));
  const auto extended = compare_json(nine + " --encodings extended --amo pairwise --mode incremental");
  BOOST_TEST(incremental["rows"][0]["up_solved_pct"] == extended["rows"][0]["up_solved_pct"]);
  // --strength-only measures the encoding auto propagates with, triads, at
  // every size: one row, named after what it measures (not after the
  // triads+extended a search would run).
  for (const std::string& input : {nine, big}) {
    BOOST_TEST(labels(compare_json(input + " --strength-only --encodings auto,triads --amo pairwise")) ==
               (Labels{"triads/pairwise"}));
    BOOST_TEST(labels(compare_json(input + " --strength-only --encodings auto --amo pairwise")) ==
               (Labels{"triads/pairwise"}));
    BOOST_TEST(labels(compare_json(input + " --strength-only --encodings triads,auto,extended --amo pairwise")) ==
               (Labels{"triads/pairwise", "extended/pairwise"}));
  }
}

// --strength-only measures per encoding and method: one row each, and the
// table shows only what was measured.  The options of the SAT runs it skips
// are usage errors, not ignored.
BOOST_AUTO_TEST_CASE(strength_only_rows_are_per_encoding_and_method) {
  const std::string in = "'" + small_input().string() + "'";
  const auto table = test::run_satdoku("compare " + in + " --strength-only --probe --encodings extended,triads "
                                       "--amo pairwise");
  BOOST_TEST_REQUIRE(table.exit_code == 0, table.err);
  const auto lines = test::lines_of(table.out);
  BOOST_TEST_REQUIRE(lines.size() >= 3u);
  BOOST_TEST(lines[0].rfind("encoding  amo", 0) == 0, lines[0]);
  BOOST_TEST(lines[0].find("UP %") != std::string::npos, lines[0]);
  BOOST_TEST(lines[0].find("FL %") != std::string::npos, lines[0]);
  for (const char* absent : {"reduce", "mode", "vars", "solve ms", "conflicts"})
    BOOST_TEST(lines[0].find(absent) == std::string::npos, absent);
  BOOST_TEST(lines[1].rfind("extended", 0) == 0, lines[1]);
  BOOST_TEST(lines[2].rfind("triads", 0) == 0, lines[2]);
  BOOST_TEST(lines[3].empty(), lines[3]);  // two rows, then the notes
  const auto json = test::run_satdoku("compare " + in + " --strength-only --encodings extended,triads "
                                      "--amo pairwise --json -");
  BOOST_TEST_REQUIRE(json.exit_code == 0, json.err);
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST_REQUIRE(j["rows"].size() == 2u);
  // Keys in the order written: the counts first, a row's as the CSV's columns.
  const auto ordered = nlohmann::ordered_json::parse(json.out);
  BOOST_TEST(ordered.begin().key() == "puzzles");
  BOOST_TEST(ordered["rows"][0].begin().key() == "encoding");
  BOOST_TEST(json.out.find("\"encoding\"") < json.out.find("\"amo\""));
  // The documents, like the table, hold only what was measured: no zeros
  // for the sizes, times and search of the SAT runs it skips.
  for (const char* absent : {"limit", "seed", "sat_options", "notes"}) BOOST_TEST(!j.contains(absent), absent);
  BOOST_TEST(j["strength_only"] == true);
  for (const auto& row : j["rows"]) {
    for (const char* absent : {"reduce", "mode", "vars", "solve_sum_s", "conflicts_mean", "disagreements", "fastest"})
      BOOST_TEST(!row.contains(absent), absent);
    BOOST_TEST(row["up_solved_pct"].is_number());
    BOOST_TEST(row["label"] == row["encoding"].get<std::string>() + "/pairwise");
  }
  const auto csv = test::run_satdoku("compare " + in + " --strength-only --encodings extended,triads "
                                     "--amo pairwise --csv -");
  BOOST_TEST_REQUIRE(csv.exit_code == 0, csv.err);
  const auto csv_lines = test::lines_of(csv.out);
  BOOST_TEST_REQUIRE(csv_lines.size() == 3u);
  BOOST_TEST(csv_lines[0] == "encoding,amo,puzzles,up_solved_pct,fl_solved_pct,unknown,strongest");
  BOOST_TEST(csv_lines[1].rfind("extended,pairwise,", 0) == 0, csv_lines[1]);
  // triads propagates further than extended on these puzzles: only its row is
  // the strongest.  On the hardest puzzles, which no encoding's propagation
  // settles, every row ties at 0% and none is marked.
  BOOST_TEST(csv_lines[1].ends_with(",0"), csv_lines[1]);
  BOOST_TEST(csv_lines[2].ends_with(",1"), csv_lines[2]);
  const fs::path hard = first_puzzles("forum_hardest_11plus.txt", 5, "hard5-");
  const auto tie = test::run_satdoku("compare '" + hard.string() + "' --strength-only --encodings minimal,triads "
                                     "--amo pairwise --csv -");
  BOOST_TEST_REQUIRE(tie.exit_code == 0, tie.err);
  for (const std::string& line : test::lines_of(tie.out)) BOOST_TEST(!line.ends_with(",1"), line);
  // A measurement the memory budget refuses is the row's only figure
  // missing: the puzzle counts as unknown, named, and the exit code is 1.
  const auto refused_memory = test::run_satdoku("compare " + in + " --strength-only --encodings extended "
                                                "--amo pairwise --max-memory 1K");
  BOOST_TEST(refused_memory.exit_code == 1, refused_memory.err);
  BOOST_TEST(refused_memory.err.find("satdoku compare: extended/pairwise: ") != std::string::npos, refused_memory.err);
  BOOST_TEST(refused_memory.err.find("no strength measured: the extended/pairwise formula") != std::string::npos,
             refused_memory.err);
  const auto plot = test::run_satdoku("compare " + in + " --strength-only --plot -");
  BOOST_TEST(plot.exit_code == 2);
  BOOST_TEST(plot.err.find("--plot has nothing to draw") != std::string::npos, plot.err);
  const auto refused = test::run_satdoku("compare " + in + " --strength-only --reduce all --timeout 5");
  BOOST_TEST(refused.exit_code == 2);
  BOOST_TEST(refused.out.empty(), refused.out);
  BOOST_TEST(refused.err.find("--strength-only measures propagation without solving, so --reduce, --timeout do not "
                              "apply") != std::string::npos,
             refused.err);
  const auto limits = test::run_satdoku("compare " + in + " --strength-only --conflicts 5 --reference-timeout 2");
  BOOST_TEST(limits.exit_code == 2);
  BOOST_TEST(limits.out.empty(), limits.out);
  BOOST_TEST(limits.err.find("so --conflicts, --reference-timeout do not apply") != std::string::npos, limits.err);
}

// A puzzle with no solution is measured as any other (exit 0): CaDiCaL
// and the reference agree that it has none, so it counts in every row,
// neither unknown nor a disagreement nor left out.
BOOST_AUTO_TEST_CASE(a_puzzle_with_no_solution_is_measured) {
  const fs::path in = first_puzzles("top1465.txt", 3, "none-");
  { std::ofstream(in, std::ios::app) << "12345678.........9" << std::string(63, '.') << "\n"; }
  const auto r = test::run_satdoku("compare '" + in.string() +
                                   "' --encodings natural,triads --amo pairwise --mode fresh -j 1 --json -");
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  const auto json = nlohmann::json::parse(r.out);
  BOOST_TEST(json["puzzles"] == 4);
  BOOST_TEST(json["left_out"] == 0);
  BOOST_TEST_REQUIRE(json["rows"].size() == 2u);
  for (const auto& row : json["rows"]) {
    BOOST_TEST(row["puzzles"] == 4);
    BOOST_TEST(row["unknown"] == 0);
    BOOST_TEST(row["disagreements"] == 0);
  }
}

// compare reads boards as solve does, and says so as solve does: a 6x6
// board's default boxes (2 rows by 3 columns), unless --box decides.
BOOST_AUTO_TEST_CASE(default_boxes_are_named_as_solve_names_them) {
  const std::string six = ".23....4..1.5....42...6.............\n";
  const std::string note = "<stdin>:1: note: 6x6 boards are read with boxes of 2 rows by 3 columns; give --box 3x2 "
                           "(or another RxC) for other boxes\n";
  const auto r = test::run_satdoku("compare --strength-only --encodings triads --amo pairwise --json -", six + six);
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.err == note);
  const auto boxed = test::run_satdoku("compare --strength-only --encodings triads --amo pairwise --box 3x2 --json -", six);
  BOOST_TEST(boxed.exit_code == 0, boxed.err);
  BOOST_TEST(boxed.err.empty(), boxed.err);
  BOOST_TEST(test::run_satdoku("solve -q -o line", six).err == note);
}

// A row that gives up on puzzles is quick for nothing: the fastest is the
// quickest of the rows with the fewest unknown.
BOOST_AUTO_TEST_CASE(the_fastest_row_answered_the_most_puzzles) {
  const fs::path in = first_puzzles("forum_hardest_11plus.txt", 30, "hard-");
  const auto r = test::run_satdoku("compare '" + in.string() +
                                   "' --encodings minimal,natural,triads --amo pairwise --reduce clues --mode fresh "
                                   "--conflicts 5 -j 1 --no-progress --json -");
  BOOST_TEST(r.exit_code == 1, r.err);  // puzzles unknown
  const auto rows = nlohmann::json::parse(r.out)["rows"];
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  std::size_t fewest = SIZE_MAX, marked = 0;
  for (const auto& row : rows) fewest = std::min(fewest, row["unknown"].get<std::size_t>());
  BOOST_TEST(fewest < 30u);
  std::set<std::size_t> unknowns;
  for (const auto& row : rows) {
    unknowns.insert(row["unknown"].get<std::size_t>());
    if (!row["fastest"].get<bool>()) continue;
    ++marked;
    BOOST_TEST(row["unknown"].get<std::size_t>() == fewest, row.dump());
    for (const auto& other : rows)
      if (other["unknown"].get<std::size_t>() == fewest)
        BOOST_TEST(row["total_sum_s"].get<double>() <= other["total_sum_s"].get<double>());
  }
  BOOST_TEST(marked == 1u);
  BOOST_TEST(unknowns.size() > 1u);  // the rows differ, so the rule was put to the test
}

// --sat-option reaches CaDiCaL in every row, is recorded with the table, and
// is validated as in solve.
BOOST_AUTO_TEST_CASE(sat_options_reach_every_row) {
  // Hard puzzles, so that CaDiCaL searches and its initial phase matters.
  const fs::path in = first_puzzles("forum_hardest_11plus.txt", 30, "hard-");
  const std::string rows = "'" + in.string() + "' --encodings extended,natural --amo pairwise --reduce clues "
                           "--mode fresh -j 1 ";
  const std::string base = "compare " + rows;
  const auto jp = compare_json(rows), jq = compare_json(rows + "--sat-option phase=0");
  BOOST_TEST(jp["sat_options"].empty());
  BOOST_TEST(jq["sat_options"] == nlohmann::json({{"phase", 0}}));
  BOOST_TEST_REQUIRE(jq["rows"].size() == 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    // Another initial phase, another search (the rows are deterministic);
    // the answers are still verified and agree with the reference.
    BOOST_TEST(jq["rows"][i]["conflicts_mean"] != jp["rows"][i]["conflicts_mean"], i);
    BOOST_TEST(jq["rows"][i]["disagreements"] == 0);
    BOOST_TEST(jq["rows"][i]["unknown"] == 0);
  }
  const auto table = test::run_satdoku(base + "--sat-option phase=0 --sat-option chrono=1 --seed 2");
  BOOST_TEST(table.exit_code == 0, table.err);
  BOOST_TEST(table.out.find("CaDiCaL options for every row: seed=2, phase=0, chrono=1.") != std::string::npos,
             table.out);
  const auto plain = test::run_satdoku(base);  // satdoku's own options: no such line
  BOOST_TEST(plain.exit_code == 0, plain.err);
  BOOST_TEST(plain.out.find("CaDiCaL options") == std::string::npos, plain.out);
  const auto seed = test::run_satdoku(base + "--sat-option seed=7");
  BOOST_TEST(seed.exit_code == 2);
  BOOST_TEST(seed.err.find("give the seed as --seed N") != std::string::npos, seed.err);
  // A seed out of CaDiCaL's range is refused before any input is read (an
  // unreadable line would be named first): it came once the input had ended.
  const auto range = test::run_satdoku("compare --seed -1 -", "x\n");
  BOOST_TEST(range.exit_code == 2);
  BOOST_TEST(range.err.find("seed=-1 is out of its range") != std::string::npos, range.err);
  BOOST_TEST(range.err.find("<stdin>:1") == std::string::npos, range.err);
  for (const char* bad : {"--sat-option nosuch=1", "--sat-option elim=7", "--sat-option phase"}) {
    const auto r = test::run_satdoku(base + bad);
    BOOST_TEST(r.exit_code == 2, bad);
    BOOST_TEST(r.out.empty(), r.out);
  }
  const auto strength = test::run_satdoku("compare '" + in.string() + "' --strength-only --sat-option phase=0");
  BOOST_TEST(strength.exit_code == 2);
  BOOST_TEST(strength.err.find("so --sat-option does not apply") != std::string::npos, strength.err);
  // Refused even with their default values, given explicitly.
  const auto defaults = test::run_satdoku("compare '" + in.string() +
                                          "' --strength-only --seed 0 --limit 1 --mode auto --timeout 0");
  BOOST_TEST(defaults.exit_code == 2);
  BOOST_TEST(defaults.err.find("so --mode, --limit, --seed, --timeout do not apply") != std::string::npos,
             defaults.err);
  fs::remove(in);
}

// A document that cannot be written costs only itself: the table still
// goes to standard output and the other files are written (exit code 2).
// An input with nothing readable names its errors.
BOOST_AUTO_TEST_CASE(a_failed_document_costs_only_itself) {
  const test::ScratchDir scratch("compare-full");
  const fs::path& dir = scratch.dir;
  const auto r = test::run_satdoku("compare '" + small_input().string() + "' --encodings triads --json /dev/full --csv '" +
                                   (dir / "c.csv").string() + "'");
  BOOST_TEST(r.exit_code == 2, r.err);
  BOOST_TEST(r.err.find("satdoku compare: cannot write /dev/full: No space left on device") != std::string::npos, r.err);
  BOOST_TEST(r.out.find("12 puzzles. ") != std::string::npos, r.out);
  BOOST_TEST(test::slurp(dir / "c.csv").find("triads") != std::string::npos);
  // A file that cannot grow (ulimit -f, the signal ignored: the write fails
  // with EFBIG): an earlier run's plot at its path goes, as when no document
  // is written, so that it does not pass for this run's; the small CSV is
  // written.
  { std::ofstream(dir / "p.svg") << "<svg><title>satdoku compare: puzzles solved against time</title></svg>\n"; }
  const auto limited = test::run_shell("cd '" + dir.string() + "' && trap '' XFSZ && ulimit -f 2 && exec '" +
                                       test::satdoku_binary().string() + "' compare --no-progress --encodings triads " +
                                       "--plot p.svg --csv c.csv '" + small_input().string() + "' 2>&1 >/dev/null");
  BOOST_TEST(limited.exit_code == 2, limited.out);
  BOOST_TEST(limited.out.find("satdoku compare: cannot write p.svg: File too large (p.svg, an earlier run's document, "
                              "removed)\n") != std::string::npos,
             limited.out);
  BOOST_TEST(!fs::exists(dir / "p.svg"));
  BOOST_TEST(test::slurp(dir / "c.csv").find("triads") != std::string::npos);
  const auto junk = test::run_satdoku("compare", "12345\nxyz\n");
  BOOST_TEST(junk.exit_code == 2);
  BOOST_TEST(junk.err.find("the input holds no readable puzzle (2 errors above): no table written") != std::string::npos,
             junk.err);
  const auto encode = test::run_satdoku("encode", "12345\n");
  BOOST_TEST(encode.exit_code == 2);
  BOOST_TEST(encode.err.find("the input holds no readable puzzle (1 error above): no CNF written") != std::string::npos,
             encode.err);
}

// A puzzle whose clues clash is named with its line and cells, as solve
// names it, and left out of every row: counted, its formula of one empty clause
// pulled every row's means down.  It is an input error (exit code 2); the
// footers and the JSON say how many were left out.  With nothing else to
// compare, no table is written.
BOOST_AUTO_TEST_CASE(puzzles_whose_clues_clash_are_left_out_of_every_row) {
  const test::ScratchDir scratch("compare-clash");
  const fs::path& dir = scratch.dir;
  const std::vector<std::string> good = test::lines_of(test::slurp(small_input()));
  const std::string clash = "11" + std::string(79, '.');
  const fs::path clean = dir / "clean.txt", mixed = dir / "mixed.txt";
  { std::ofstream(clean) << good[0] << '\n' << good[1] << '\n' << good[2] << '\n'; }
  { std::ofstream(mixed) << good[0] << '\n' << clash << '\n' << good[1] << '\n' << "xyz\n" << good[2] << '\n'; }
  const std::string rows = " --encodings natural,triads --amo pairwise --mode fresh -j 1 --no-progress";
  const auto expected = compare_json("'" + clean.string() + "'" + rows);
  BOOST_TEST(expected["left_out"] == 0);
  const auto r = test::run_satdoku("compare '" + mixed.string() + "'" + rows + " --csv '" + (dir / "c.csv").string() +
                                   "' --json '" + (dir / "c.json").string() + "'");
  BOOST_TEST(r.exit_code == 2, r.err);
  BOOST_TEST(r.err.find(mixed.string() + ":2: clues clash: r1c1 and r1c2 both hold 1 in row 1; left out of every row\n") !=
                 std::string::npos,
             r.err);
  BOOST_TEST(r.err.find(mixed.string() + ":4:1: a one-line puzzle has N*N symbols") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("satdoku compare: note: left out of every row: 1 puzzle whose clues clash (named above) and 1 "
                        "unreadable (named above); the rows measured 3 puzzles\n") != std::string::npos, r.err);
  BOOST_TEST(r.out.find("\n3 puzzles (left out: 1 whose clues clash, 1 unreadable). ") != std::string::npos, r.out);
  const auto json = nlohmann::json::parse(test::slurp(dir / "c.json"));
  BOOST_TEST(json["puzzles"] == 3);
  BOOST_TEST(json["left_out"] == 1);
  BOOST_TEST(json["unreadable"] == 1);
  BOOST_TEST_REQUIRE(json["rows"].size() == 2u);
  for (std::size_t i = 0; i < 2; ++i)
    for (const char* field : {"puzzles", "vars", "clauses", "literals", "conflicts_mean", "up_solved_pct", "unknown"})
      BOOST_TEST(json["rows"][i][field] == expected["rows"][i][field], field);
  const auto csv = test::lines_of(test::slurp(dir / "c.csv"));
  BOOST_TEST_REQUIRE(csv.size() == 3u);
  for (const std::string& line : {csv[1], csv[2]}) BOOST_TEST(split(line, ',').at(4) == "3", line);  // puzzles

  const auto none = test::run_satdoku("compare" + rows, clash + "\n" + clash + "\n");
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(none.out.empty(), none.out);
  BOOST_TEST(none.err.find("<stdin>:2: clues clash: r1c1 and r1c2 both hold 1 in row 1") != std::string::npos, none.err);
  BOOST_TEST(none.err.find("satdoku compare: the input holds no puzzle to compare (2 errors above): no table written\n") !=
                 std::string::npos,
             none.err);
}

// A run with no puzzle to compare writes no document, and an earlier run's
// at the path goes too: its figures would pass for this run's.  A mistyped
// input name (no input can be read) removes nothing.
BOOST_AUTO_TEST_CASE(a_run_with_no_puzzle_removes_an_earlier_runs_documents) {
  const test::ScratchDir scratch("compare-stale");
  const fs::path& dir = scratch.dir;
  const fs::path csv = dir / "c.csv", markdown = dir / "c.md";
  // (Each as compare starts it: only such a file is taken for a document.)
  auto earlier = [&] {
    std::ofstream(csv) << "encoding,amo,an earlier run's table\n";
    std::ofstream(markdown) << "| encoding | amo | an earlier run's table\n";
  };
  const std::string documents = " --csv '" + csv.string() + "' --markdown '" + markdown.string() + "'";
  earlier();
  const auto junk = test::run_satdoku("compare" + documents, "12345\nxyz\n");
  BOOST_TEST(junk.exit_code == 2);
  BOOST_TEST(junk.err.find("the input holds no readable puzzle (2 errors above): no table written (" + csv.string() +
                           " and " + markdown.string() + ", an earlier run's documents, removed)\n") != std::string::npos,
             junk.err);
  BOOST_TEST(!fs::exists(csv));
  BOOST_TEST(!fs::exists(markdown));
  earlier();
  const auto empty = test::run_satdoku("compare --csv '" + csv.string() + "'", "# no puzzle\n");
  BOOST_TEST(empty.exit_code == 2);
  BOOST_TEST(empty.err.find("no puzzle to compare: no table written (" + csv.string() +
                            ", an earlier run's document, removed)\n") != std::string::npos,
             empty.err);
  BOOST_TEST(!fs::exists(csv));
  BOOST_TEST(fs::exists(markdown));  // not named by this run
  earlier();
  const auto mistyped = test::run_satdoku("compare '" + (dir / "no-such-file.txt").string() + "'" + documents);
  BOOST_TEST(mistyped.exit_code == 2);
  BOOST_TEST(mistyped.err.find("removed") == std::string::npos, mistyped.err);
  BOOST_TEST(test::slurp(csv) == "encoding,amo,an earlier run's table\n");
  BOOST_TEST(test::slurp(markdown) == "| encoding | amo | an earlier run's table\n");
  // A file that is no document of compare's is neither removed nor replaced:
  // a data set taken for an input ('compare --csv puzzles.csv') is kept, and
  // the run refused before it reads anything.
  const fs::path data = dir / "puzzles.csv";
  std::ofstream(data) << "quizzes,solutions\n";
  for (const std::string option : {"--csv", "--json", "--markdown", "--plot"}) {
    const auto kept = test::run_satdoku("compare " + option + " '" + data.string() + "'", "");
    BOOST_TEST(kept.exit_code == 2, option);
    BOOST_TEST(kept.err.find(option + " names the document compare writes, and " + data.string() +
                             " holds something else: it would be replaced") != std::string::npos,
               kept.err);
    BOOST_TEST(test::slurp(data) == "quizzes,solutions\n");
  }
  // ... also through a link, which the document would write through.
  fs::create_symlink(data, dir / "link.csv");
  const auto linked = test::run_satdoku("compare --encodings natural --csv '" + (dir / "link.csv").string() + "' '" +
                                        small_input().string() + "'");
  BOOST_TEST(linked.exit_code == 2, linked.err);
  BOOST_TEST(test::slurp(data) == "quizzes,solutions\n");
  // An empty file may be replaced (made for the run, say by mktemp).
  std::ofstream(dir / "empty.csv").flush();
  const auto made = test::run_satdoku("compare --encodings natural --csv '" + (dir / "empty.csv").string() + "' '" +
                                      small_input().string() + "'");
  BOOST_TEST(made.exit_code == 0, made.err);
  BOOST_TEST(test::slurp(dir / "empty.csv").starts_with("encoding,amo,"));
}

// compare has no -o: the hint names its own document options, not the
// other commands that have an -o (which would not write compare's
// documents).  Other unknown options keep the generic hint.
BOOST_AUTO_TEST_CASE(an_output_option_points_to_the_document_options) {
  for (const std::string option : {"-o", "--output", "--output=x.csv", "-ox.csv"}) {
    const auto r = test::run_satdoku("compare " + option + (option.find("x.csv") == std::string::npos ? " x.csv" : ""),
                                     "");
    BOOST_TEST(r.exit_code == 2, option);
    BOOST_TEST(r.out.empty(), r.out);
    BOOST_TEST(r.err == "satdoku compare: unrecognised option '" + option + "'\n"
                        "compare writes its documents with --csv, --json, --markdown or --plot FILE "
                        "(no -o or --output)\n"
                        "Try 'satdoku compare --help'.\n",
               r.err);
  }
  const auto other = test::run_satdoku("compare -q", "");
  BOOST_TEST(other.exit_code == 2);
  BOOST_TEST(other.err.find("-q is an option of 'satdoku solve'") != std::string::npos, other.err);
  BOOST_TEST(other.err.find("--csv") == std::string::npos, other.err);
}

// Over two puzzles a median is the mean of the two: the CSV says the same
// figure for both, for encode, solve and total time.
BOOST_AUTO_TEST_CASE(the_median_of_two_puzzles_is_their_mean) {
  const std::string two = test::first_lines("forum_hardest_11plus.txt", 2);
  const auto r = test::run_satdoku(
      "compare --encodings extended --amo pairwise --reduce none --mode fresh -j1 --no-progress --csv -", two);
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  std::istringstream csv(r.out);
  std::string line;
  std::getline(csv, line);
  const auto header = split(line, ',');
  BOOST_TEST_REQUIRE(static_cast<bool>(std::getline(csv, line)));
  const auto row = split(line, ',');
  BOOST_TEST_REQUIRE(row.size() == header.size());
  auto field = [&](const std::string& name) {
    return row.at(static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin()));
  };
  BOOST_TEST(field("puzzles") == "2");
  for (const std::string part : {"encode", "solve", "total"}) {
    BOOST_TEST(field(part + "_median_s") == field(part + "_mean_s"), part);
  }
}

BOOST_AUTO_TEST_CASE(unknown_names_are_usage_errors) {
  const std::string in = "'" + small_input().string() + "'";
  auto r = test::run_satdoku("compare " + in + " --encodings extended,bogus");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find("unknown encoding 'bogus'") != std::string::npos, r.err);
  BOOST_TEST(r.err.find(encoding_names()) != std::string::npos, r.err);
  r = test::run_satdoku("compare " + in + " --amo pairwise,nope");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find(amo_method_names()) != std::string::npos, r.err);
  r = test::run_satdoku("compare " + in + " --reduce maybe");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find(reduction_names()) != std::string::npos, r.err);
  r = test::run_satdoku("compare " + in + " --mode turbo");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find(sat_mode_names()) != std::string::npos, r.err);
  r = test::run_satdoku("compare " + in + " --limit 3");
  BOOST_TEST(r.exit_code == 2);
  // Blanks around a list's names are no part of them; a list of blanks is empty.
  r = test::run_satdoku("compare " + in + " --encodings 'triads, natural ' --mode hybrid --csv -");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("\ntriads,") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("\nnatural,") != std::string::npos, r.out);
  r = test::run_satdoku("compare " + in + " --encodings ' , '");
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err.find("empty list ' , '") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_SUITE_END()
