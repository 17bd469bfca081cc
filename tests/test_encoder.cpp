// The encoder: variable map, encoding table and sizes, reductions, and the
// solution sets of every encoding x method x reduction.
#define BOOST_TEST_MODULE encoder
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku;
using test::pattern_solution;

namespace {

// A grid from N*N symbols (1-9, A-Z, '.' or '0' empty), independent of the readers.
Grid grid_of(std::string_view text, int n, std::optional<BoxShape> box = {}) {
  Grid g(Geometry::shared(n, box));
  BOOST_REQUIRE(text.size() == static_cast<std::size_t>(n * n));
  for (int i = 0; i < n * n; ++i) {
    const char ch = text[static_cast<std::size_t>(i)];
    g.set(i, ch == '.' || ch == '0' ? 0 : ch <= '9' ? ch - '0' : ch - 'A' + 10);
  }
  return g;
}

std::string text_of(const Grid& g) {
  std::string s;
  for (auto d : g.cells()) s += d == 0 ? '.' : d <= 9 ? static_cast<char>('0' + d) : static_cast<char>('A' + d - 10);
  return s;
}

// Every solution of the formula, projected on the primary variables, by
// blocking clauses; stops after `limit`.
std::set<std::string> sat_solutions(const Encoder& encoder, std::size_t limit = 1000) {
  SatSolver solver;
  const EncodeReport report = encoder.emit(solver);
  const VarMap& map = encoder.map();
  std::set<std::string> out;
  while (out.size() < limit && solver.solve() == Verdict::sat) {
    Model model;
    std::vector<int> block;
    for (int v = 1; v <= map.primary_count(); ++v) {
      if (encoder.fixed(v) != 0) continue;
      const bool t = static_cast<std::uint64_t>(v) <= report.variables && solver.value(v);
      model.set(t ? v : -v);
      if (t) block.push_back(-v);
    }
    const Decoded d = decode(encoder, model);
    BOOST_TEST(d.problems.empty());
    BOOST_TEST(!verify(encoder.puzzle(), d.grid));
    out.insert(text_of(d.grid));
    solver.add_clause(block);
  }
  return out;
}

std::set<std::string> native_solutions(const Grid& puzzle) {
  auto native = make_native_solver();
  Limits limits;
  limits.max_solutions = 100000;
  const Result r = native->solve(puzzle, limits);
  BOOST_REQUIRE(r.exhausted);
  std::set<std::string> out;
  for (const auto& g : r.solutions) out.insert(text_of(g));
  return out;
}

// The pattern with cells removed by a fixed linear congruential sequence.
Grid holes(Grid g, int count, unsigned seed) {
  for (int k = 0; k < count; ++k) {
    seed = seed * 1103515245u + 12345u;
    g.set(static_cast<int>((seed >> 8) % static_cast<unsigned>(g.cell_count())), 0);
  }
  return g;
}

std::vector<EncodeOptions> every_option() {
  std::vector<EncodeOptions> all;
  for (const auto& e : encodings())
    for (const auto& m : amo_methods())
      for (Reduction r : {Reduction::none, Reduction::clues, Reduction::propagate, Reduction::probe})
        all.push_back({e.encoding, m.method, r});
  return all;
}

std::string name_of(const EncodeOptions& o) {
  return std::string(to_string(o.encoding)) + "/" + std::string(to_string(*o.amo)) + "/" +
         std::string(to_string(o.reduction));
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_variable_map_is_the_issue_formula) {
  for (int n : {4, 9, 16, 25}) {
    const VarMap map(n);
    BOOST_TEST(map.primary_count() == n * n * n);
    BOOST_TEST(map.first_aux() == n * n * n + 1);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        for (int d = 0; d < n; ++d) {
          const int v = map.var(r, c, d + 1);
          BOOST_REQUIRE(v == n * n * r + n * c + d + 1);
          BOOST_REQUIRE(map.cell_of(v) == r * n + c);
          BOOST_REQUIRE(map.digit_of(v) == d + 1);
          BOOST_REQUIRE(map.is_primary(v));
        }
    BOOST_TEST(!map.is_primary(0));
    BOOST_TEST(!map.is_primary(n * n * n + 1));
  }
  BOOST_TEST(VarMap(9).formula() == "x(r,c,d) = 81*r + 9*c + d + 1 (r, c, d from 0)");
}

BOOST_AUTO_TEST_CASE(the_table_has_the_required_entries) {
  std::vector<std::string> names;
  for (const auto& e : encodings()) {
    names.emplace_back(e.name);
    BOOST_TEST((parse_encoding(e.name).value() == e.encoding));
    BOOST_TEST(&info(e.encoding) == &e);  // info() indexes the table by the enum's value
    BOOST_TEST(to_string(e.encoding) == e.name);
    BOOST_TEST(!e.families.empty());
    BOOST_TEST(!e.summary.empty());
    BOOST_TEST(!e.size_formula.empty());
    BOOST_TEST(!e.propagation.empty());
  }
  BOOST_TEST(names == (std::vector<std::string>{"minimal", "natural", "extended", "triads"}));
  BOOST_TEST(encoding_names() == "minimal, natural, extended, triads");
  BOOST_TEST(!parse_encoding("support"));
  BOOST_TEST((parse_reduction("propagate").value() == Reduction::propagate));
  BOOST_TEST(!parse_reduction("full"));
  // Every reduction, named as it parses, in declaration order.
  std::string reductions;
  for (Reduction r : {Reduction::none, Reduction::clues, Reduction::propagate, Reduction::probe}) {
    BOOST_TEST((parse_reduction(to_string(r)).value() == r));
    reductions += (reductions.empty() ? "" : ", ") + std::string(to_string(r));
  }
  BOOST_TEST(reduction_names() == reductions);
  BOOST_TEST(reduction_names() == "none, clues, propagate, probe");
}

BOOST_AUTO_TEST_CASE(empty_9x9_sizes_from_the_issue) {
  const Grid empty(Geometry::shared(9));
  struct Expect {
    Encoding e;
    std::uint64_t variables, clauses;
  };
  for (const Expect& x : {Expect{Encoding::minimal, 729, 8829}, Expect{Encoding::natural, 729, 11745},
                          Expect{Encoding::extended, 729, 11988}, Expect{Encoding::triads, 1215, 7695}}) {
    BOOST_TEST_CONTEXT(to_string(x.e)) {
      const FormulaSize f = encoding_size(x.e, empty.geometry(), AmoMethod::pairwise);
      BOOST_TEST(f.variables == x.variables);
      BOOST_TEST(f.clauses == x.clauses);
      const EncodeReport r = Encoder(empty, {x.e, AmoMethod::pairwise, Reduction::none}).count();
      BOOST_TEST(r.variables == x.variables);
      BOOST_TEST(r.clauses == x.clauses);
    }
  }
  BOOST_TEST(encoding_size(Encoding::triads, empty.geometry(), AmoMethod::pairwise).aux == 486u);
}

BOOST_AUTO_TEST_CASE(size_formulas_hold_for_every_shape_and_method) {
  for (auto [n, r, c] : {std::tuple{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5},
                         {12, 3, 4}, {16, 4, 4}}) {
    const Grid empty(Geometry::shared(n, BoxShape{r, c}));
    for (const auto& e : encodings())
      for (const auto& m : amo_methods()) {
        BOOST_TEST_CONTEXT(n << " " << r << "x" << c << " " << e.name << " " << m.name) {
          const FormulaSize f = encoding_size(e.encoding, empty.geometry(), m.method);
          ClauseCounter counter;
          const EncodeReport rep = Encoder(empty, {e.encoding, m.method, Reduction::none}).emit(counter);
          BOOST_TEST(rep.clauses == f.clauses);
          BOOST_TEST(rep.variables == f.variables);
          BOOST_TEST(rep.aux == f.aux);
          BOOST_TEST(counter.clauses() == f.clauses);
          BOOST_TEST(static_cast<std::uint64_t>(counter.max_var()) == f.variables);
          std::uint64_t sum = 0;
          for (Family fam : e.families) sum += family_size(fam, empty.geometry(), m.method).clauses;
          BOOST_TEST(sum == f.clauses);
        }
      }
  }
  // Closed forms with pairwise, a(n) = n(n-1)/2.
  for (int n : {4, 9, 16, 25}) {
    const auto g = Geometry::shared(n);
    const std::uint64_t N = static_cast<std::uint64_t>(n), a = N * (N - 1) / 2;
    const std::uint64_t R = static_cast<std::uint64_t>(g->box().rows), C = static_cast<std::uint64_t>(g->box().cols);
    BOOST_TEST(encoding_size(Encoding::minimal, *g, AmoMethod::pairwise).clauses == N * N + 3 * N * N * a);
    BOOST_TEST(encoding_size(Encoding::natural, *g, AmoMethod::pairwise).clauses == N * N + 4 * N * N * a);
    BOOST_TEST(encoding_size(Encoding::extended, *g, AmoMethod::pairwise).clauses == 4 * N * N + 4 * N * N * a);
    const std::uint64_t aR = R * (R - 1) / 2, aC = C * (C - 1) / 2;
    BOOST_TEST(encoding_size(Encoding::triads, *g, AmoMethod::pairwise).clauses ==
               N * N + N * N * a + N * N * (2 * N + R + C) + N * N * (R * aC + C * aR) + 2 * N * N * (2 + aR + aC));
    BOOST_TEST(encoding_size(Encoding::triads, *g, AmoMethod::pairwise).variables == N * N * N + N * N * (R + C));
    // The variables the size lines of `satdoku encodings` give, h(n) the
    // auxiliary variables of one at-most-one over n literals.
    for (const auto& m : amo_methods()) {
      auto h = [&](std::uint64_t k) { return amo_cost(m.method, k).aux; };
      BOOST_TEST_CONTEXT(n << " " << m.name) {
        BOOST_TEST(encoding_size(Encoding::minimal, *g, m.method).variables == N * N * N + 3 * N * N * h(N));
        BOOST_TEST(encoding_size(Encoding::natural, *g, m.method).variables == N * N * N + 4 * N * N * h(N));
        BOOST_TEST(encoding_size(Encoding::extended, *g, m.method).variables == N * N * N + 4 * N * N * h(N));
        BOOST_TEST(encoding_size(Encoding::triads, *g, m.method).variables ==
                   N * N * N + N * N * (R + C) + N * N * h(N) + N * N * (R * h(C) + C * h(R)) +
                       2 * N * N * (h(R) + h(C)));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(none_adds_one_unit_clause_per_clue) {
  const Grid p = grid_of("1..4..1..4..3..2", 4);
  const Grid empty(p.geometry_ptr());
  ClauseBuffer with, without;
  Encoder(p, {Encoding::natural, AmoMethod::pairwise, Reduction::none}).emit(with);
  Encoder(empty, {Encoding::natural, AmoMethod::pairwise, Reduction::none}).emit(without);
  BOOST_REQUIRE(with.size() == without.size() + 6);
  const VarMap map(4);
  const int expected[6] = {map.var(0, 1), map.var(3, 4), map.var(6, 1), map.var(9, 4), map.var(12, 3), map.var(15, 2)};
  for (int i = 0; i < 6; ++i) {
    const auto c = with[without.size() + static_cast<std::size_t>(i)];
    BOOST_TEST(c.size() == 1u);
    BOOST_TEST(c[0] == expected[i]);
  }
}

BOOST_AUTO_TEST_CASE(empty_4x4_has_288_solutions_everywhere) {
  const Grid empty(Geometry::shared(4));
  for (const auto& o : every_option()) {
    BOOST_TEST_CONTEXT(name_of(o)) { BOOST_TEST(sat_solutions(Encoder(empty, o)).size() == 288u); }
  }
}

BOOST_AUTO_TEST_CASE(small_puzzles_keep_the_native_solution_set) {
  std::vector<Grid> puzzles{
      grid_of("1..4..1..4..3..2", 4), grid_of("12..34..........", 4), grid_of("1...............", 4),
      grid_of("12...3..........", 4),
  };
  const Grid six = pattern_solution(2, 3);
  BOOST_REQUIRE(!verify(Grid(six.geometry_ptr()), six));
  for (unsigned seed : {1u, 7u, 42u}) puzzles.push_back(holes(six, 22, seed));
  const Grid six_t = pattern_solution(3, 2);
  BOOST_REQUIRE(!verify(Grid(six_t.geometry_ptr()), six_t));
  puzzles.push_back(holes(six_t, 24, 5u));
  // A 6x6 puzzle without solution: a clash-free change of a clue.
  Grid broken = holes(six, 14, 3u);
  for (int cell = 0; cell < broken.cell_count(); ++cell)
    if (broken.at(cell) == 0) {
      for (int d = 1; d <= 6; ++d) {
        broken.set(cell, d);
        if (!find_clash(broken)) break;
        broken.set(cell, 0);
      }
      if (broken.at(cell) && native_solutions(broken).empty()) break;
      broken.set(cell, 0);
    }
  BOOST_REQUIRE(native_solutions(broken).empty());
  puzzles.push_back(broken);
  for (const Grid& p : puzzles) {
    const auto expected = native_solutions(p);
    BOOST_TEST_MESSAGE(text_of(p) << ": " << expected.size() << " solutions");
    for (const auto& o : every_option()) {
      BOOST_TEST_CONTEXT(text_of(p) << " " << name_of(o)) {
        BOOST_TEST((sat_solutions(Encoder(p, o)) == expected));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(clashing_clues_give_an_unsatisfiable_formula) {
  const Grid p = grid_of("11..............", 4);
  for (const auto& o : every_option()) {
    BOOST_TEST_CONTEXT(name_of(o)) {
      const Encoder e(p, o);
      ClauseBuffer b;
      e.emit(b);
      SatSolver s;
      b.replay(s);
      BOOST_TEST((s.solve() == Verdict::unsat));
      if (o.reduction != Reduction::none) {
        BOOST_TEST(e.conflict());
        BOOST_TEST(b.size() == 1u);
        BOOST_TEST(b[0].empty());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(reduced_formulas_leave_out_fixed_variables) {
  const Grid p = grid_of("003020600900305001001806400008102900700000008006708200002609500800203009005010300", 9);
  for (const auto& e : encodings())
    for (Reduction red : {Reduction::clues, Reduction::propagate}) {
      BOOST_TEST_CONTEXT(e.name << " " << to_string(red)) {
        const Encoder enc(p, {e.encoding, AmoMethod::pairwise, red});
        ClauseBuffer b;
        const EncodeReport rep = enc.emit(b);
        BOOST_TEST(rep.fixed_primary > 0u);
        BOOST_TEST(!rep.conflict);
        for (std::size_t i = 0; i < b.size(); ++i)
          for (int lit : b[i]) BOOST_REQUIRE(enc.fixed(std::abs(lit)) == 0);
        const EncodeReport full = Encoder(p, {e.encoding, AmoMethod::pairwise, Reduction::none}).count();
        BOOST_TEST(rep.clauses < full.clauses);
        // A clue's own variable is fixed true, its other digits and peers false.
        BOOST_TEST(enc.fixed(enc.map().var(2, 3)) == 1);
        BOOST_TEST(enc.fixed(enc.map().var(2, 4)) == -1);
        BOOST_TEST(enc.fixed(enc.map().var(0, 3)) == -1);
        const auto sols = sat_solutions(enc, 2);
        BOOST_TEST(sols.size() == 1u);
      }
    }
}

BOOST_AUTO_TEST_CASE(propagation_matches_the_data_readme) {
  // data/README.md: with the extended encoding unit propagation alone solves
  // about 44.5% of the 17-clue puzzles, with triads about 76.0%.
  std::ifstream in(test::shared_data() / "17_clue.txt");
  BOOST_REQUIRE(in);
  std::string line;
  std::size_t total = 0, extended = 0, triads = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() != 81 || line[0] == '#') continue;
    const Grid p = grid_of(line, 9);
    ++total;
    const Encoder x(p, {Encoding::extended, AmoMethod::pairwise, Reduction::propagate});
    const Encoder t(p, {Encoding::triads, AmoMethod::pairwise, Reduction::propagate});
    BOOST_REQUIRE(!x.conflict());
    BOOST_REQUIRE(!t.conflict());
    extended += x.solved();
    triads += t.solved();
    // Triads reach everything extended reaches.
    if (x.solved()) BOOST_REQUIRE(t.solved());
  }
  BOOST_REQUIRE(total == 49158u);
  const double fx = static_cast<double>(extended) / static_cast<double>(total);
  const double ft = static_cast<double>(triads) / static_cast<double>(total);
  BOOST_TEST_MESSAGE("extended " << fx << ", triads " << ft);
  BOOST_TEST(std::abs(fx - 0.445) < 0.005);
  BOOST_TEST(std::abs(ft - 0.760) < 0.005);
}

BOOST_AUTO_TEST_CASE(solved_by_propagation_decodes_without_a_solver) {
  const Grid p = grid_of("003020600900305001001806400008102900700000008006708200002609500800203009005010300", 9);
  const Encoder enc(p, {Encoding::extended, AmoMethod::pairwise, Reduction::propagate});
  BOOST_REQUIRE(enc.solved());
  BOOST_TEST(enc.fixed_primary() == 729u);
  BOOST_TEST(enc.count().clauses == 0u);
  const Decoded d = decode(enc, Model());
  BOOST_TEST(d.problems.empty());
  BOOST_TEST(!verify(p, d.grid));
}

BOOST_AUTO_TEST_CASE(large_boards_encode_with_reduction) {
  // 16x16 from the shared data: clue reduction removes most of the formula.
  std::ifstream in(test::shared_data() / "large" / "sudoku-16-1.txt");
  BOOST_REQUIRE(in);
  Grid p(Geometry::shared(16));
  for (int i = 0; i < 256; ++i) {
    int d = 0;
    in >> d;
    p.set(i, d);
  }
  BOOST_REQUIRE(in);
  const FormulaSize full = encoding_size(Encoding::natural, p.geometry(), AmoMethod::pairwise);
  const EncodeReport r = Encoder(p, {Encoding::natural, AmoMethod::pairwise, Reduction::clues}).count();
  BOOST_TEST(r.clauses < full.clauses);
  BOOST_TEST(r.variables <= full.variables);
  const auto sols = sat_solutions(Encoder(p, {Encoding::triads, AmoMethod::product, Reduction::propagate}), 2);
  BOOST_TEST(sols.size() == 1u);
}

// An unreduced formula with more variables than int numbers is refused when
// the Encoder is made, not after billions of clauses.
BOOST_AUTO_TEST_CASE(an_unreduced_formula_past_int_max_is_refused_at_once) {
  const Grid empty(Geometry::shared(900));
  BOOST_TEST(encoding_size(Encoding::natural, empty.geometry(), AmoMethod::commander).variables > 2147483647u);
  BOOST_CHECK_EXCEPTION(Encoder(empty, {Encoding::natural, AmoMethod::commander, Reduction::none}), UsageError,
                        [](const UsageError& e) {
                          return std::string(e.what()) ==
                                 "formula too large: encoding natural with commander at-most-one constraints has "
                                 "2180520000 variables on a 900x900 board, more than 2^31-1";
                        });
}

// --- The SatSolver facade the encoder feeds --------------------------------

namespace {

// Pigeonhole: `holes`+1 pigeons in `holes` holes (unsatisfiable, hard for CDCL).
void pigeonhole(SatSolver& s, int holes) {
  const int pigeons = holes + 1;
  auto var = [&](int p, int h) { return p * holes + h + 1; };
  for (int p = 0; p < pigeons; ++p) {
    std::vector<int> c;
    for (int h = 0; h < holes; ++h) c.push_back(var(p, h));
    s.add_clause(c);
  }
  for (int h = 0; h < holes; ++h)
    for (int p = 0; p < pigeons; ++p)
      for (int q = p + 1; q < pigeons; ++q) s.add_clause({-var(p, h), -var(q, h)});
}

}  // namespace

BOOST_AUTO_TEST_CASE(facade_solves_with_assumptions) {
  SatSolver s;
  s.add_clause({1, 2});
  s.add_clause({-1, 2});
  BOOST_TEST((s.solve() == Verdict::sat));
  BOOST_TEST(s.value(2));
  BOOST_TEST(!s.value(99));  // never seen: false
  BOOST_TEST((s.solve({-2}) == Verdict::unsat));
  BOOST_TEST((s.solve() == Verdict::sat));  // assumptions last one call
  s.add_clause({-2});
  BOOST_CHECK_THROW(s.value(2), UsageError);  // model gone after adding
  BOOST_TEST((s.solve() == Verdict::unsat));
  BOOST_TEST(s.statistics().solves == 4u);
  BOOST_TEST(s.statistics().clauses == 3u);
  BOOST_TEST(s.statistics().variables == 2);
}

BOOST_AUTO_TEST_CASE(facade_checks_misuse) {
  SatSolver s;
  BOOST_CHECK_THROW(s.set_option("no-such-option", 1), UsageError);
  BOOST_CHECK_NO_THROW(s.set_option("seed", 7));
  BOOST_CHECK_THROW(s.add_clause({1, 0}), UsageError);
  BOOST_CHECK_THROW(s.value(1), UsageError);  // no solve yet
  s.add_clause({1});
  BOOST_CHECK_THROW(s.set_option("seed", 8), UsageError);  // too late
  BOOST_CHECK_THROW(s.trace_proof("/tmp/x.drat"), UsageError);
  BOOST_CHECK_THROW(s.solve({0}), UsageError);
  SatSolver empty_clause;
  empty_clause.add_clause(std::span<const int>());
  BOOST_TEST((empty_clause.solve() == Verdict::unsat));
}

BOOST_AUTO_TEST_CASE(facade_limits_stop_the_search) {
  SatSolver s;
  pigeonhole(s, 10);
  s.set_conflict_limit(50);
  BOOST_TEST((s.solve() == Verdict::unknown));
  const auto after = s.statistics().conflicts;
  BOOST_TEST(after > 0u);
  BOOST_TEST(after <= 60u);
  std::atomic<bool> cancel{true};
  s.set_cancel(&cancel);
  BOOST_TEST((s.solve() == Verdict::unknown));
  s.set_cancel(nullptr);
  SatSolver small;
  pigeonhole(small, 5);
  BOOST_TEST((small.solve() == Verdict::unsat));
  BOOST_TEST(small.statistics().conflicts > 0u);
}

BOOST_AUTO_TEST_CASE(facade_traces_a_drat_proof) {
  const auto path = std::filesystem::temp_directory_path() / ("satdoku-proof-" + std::to_string(::getpid()) + ".drat");
  {
    SatSolver s;
    s.trace_proof(path.string());
    pigeonhole(s, 4);
    BOOST_TEST((s.solve() == Verdict::unsat));
  }
  BOOST_TEST(std::filesystem::file_size(path) > 0u);
  std::filesystem::remove(path);
  SatSolver s;
  try {
    s.trace_proof("/nonexistent-dir/p.drat");
    BOOST_ERROR("a proof file in a missing folder was opened");
  } catch (const OutputError& e) {  // with the reason
    BOOST_TEST(std::string(e.what()) == "cannot open proof file '/nonexistent-dir/p.drat': No such file or directory");
  }
}

BOOST_AUTO_TEST_CASE(propagation_conflicts_give_the_empty_clause) {
  // No clash, but r1c3 has no candidate left: 1, 2 in its row, 3, 4 in its column.
  const Grid p = grid_of("12........3...4.", 4);
  BOOST_REQUIRE(!find_clash(p));
  for (const auto& e : encodings()) {
    BOOST_TEST_CONTEXT(e.name) {
      const Encoder enc(p, {e.encoding, AmoMethod::pairwise, Reduction::propagate});
      BOOST_TEST(enc.conflict());
      BOOST_TEST(!enc.solved());
      ClauseBuffer b;
      const EncodeReport r = enc.emit(b);
      BOOST_TEST(r.conflict);
      BOOST_TEST(r.clauses == 1u);
      BOOST_TEST(r.variables == 0u);
      BOOST_REQUIRE(b.size() == 1u);
      BOOST_TEST(b[0].empty());
      // `clues` alone does not see it; the formula is still unsatisfiable.
      const Encoder clues(p, {e.encoding, AmoMethod::pairwise, Reduction::clues});
      BOOST_TEST(!clues.conflict());
      BOOST_TEST(sat_solutions(clues).empty());
    }
  }
}

// --- Reduction and emission against plain references ----------------------
//
// The encoder propagates with counters over implicit clause families and
// emits reduced formulas by skipping whole groups.  Two references written
// the plain way check it: unit propagation over the clause list of the
// unreduced formula, and an emitter that walks every group of every family
// and filters each literal (the encoder's first implementation).

namespace {

// Plain unit propagation: each time a literal becomes false, every clause
// holding it is scanned again.
class ReferencePropagation {
 public:
  explicit ReferencePropagation(const ClauseBuffer& formula)
      : formula_(formula), vars_(formula.max_var()), occurs_(2 * (static_cast<std::size_t>(vars_) + 1)) {
    for (std::size_t i = 0; i < formula.size(); ++i)
      for (int lit : formula[i]) occurs_[index(lit)].push_back(i);
  }

  // Values by variable (+1 / -1 / 0) after propagating `units` with the
  // formula; nullopt on a conflict.
  std::optional<std::vector<int>> run(const std::vector<int>& units) const {
    std::vector<int> value(static_cast<std::size_t>(vars_) + 1, 0);
    std::vector<int> queue;
    bool conflict = false;
    auto assign = [&](int lit) {
      int& v = value[static_cast<std::size_t>(std::abs(lit))];
      const int want = lit > 0 ? 1 : -1;
      if (v == want) return;
      if (v == -want) conflict = true;
      else {
        v = want;
        queue.push_back(lit);
      }
    };
    auto lit_value = [&](int lit) { return lit > 0 ? value[static_cast<std::size_t>(lit)] : -value[static_cast<std::size_t>(-lit)]; };
    auto visit = [&](std::size_t i) {
      int open = 0, last = 0;
      for (int lit : formula_[i]) {
        const int v = lit_value(lit);
        if (v > 0) return;
        if (v == 0) ++open, last = lit;
      }
      if (open == 0) conflict = true;
      else if (open == 1) assign(last);
    };
    for (int u : units) assign(u);
    for (std::size_t i = 0; i < formula_.size(); ++i) visit(i);
    for (std::size_t head = 0; head < queue.size() && !conflict; ++head)
      for (std::size_t i : occurs_[index(-queue[head])]) {
        visit(i);
        if (conflict) break;
      }
    if (conflict) return std::nullopt;
    return value;
  }

 private:
  static std::size_t index(int lit) { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0); }
  const ClauseBuffer& formula_;
  int vars_;
  std::vector<std::vector<std::size_t>> occurs_;
};

// The reduced formula the plain way: every group of every family, every
// literal filtered through Encoder::assigned().
class ReferenceEmission final : public ClauseSink {
 public:
  ReferenceEmission(const Encoder& e, ClauseSink& sink)
      : e_(e), g_(e.puzzle().geometry()), n_(g_.size()), br_(g_.box().rows), bc_(g_.box().cols),
        triads_(e.options().encoding == Encoding::triads ? n_ * n_ * (br_ + bc_) : 0),
        aux_(e.map().first_aux() + triads_), sink_(sink) {}

  std::uint64_t clauses = 0;
  int max_var = 0;
  int aux_used() const { return triads_ + aux_.count(); }

  void add_clause(std::span<const int> literals) override {
    ++clauses;
    for (int lit : literals) max_var = std::max(max_var, std::abs(lit));
    sink_.add_clause(literals);
  }

  void run() {
    if (e_.conflict()) {
      add_clause({});
      return;
    }
    for (Family f : info(e_.options().encoding).families) family(f);
    if (e_.options().reduction == Reduction::none)
      for (int cell = 0; cell < g_.cell_count(); ++cell)
        if (const int d = e_.puzzle().at(cell)) {
          const int unit[1] = {e_.map().var(cell, d)};
          add_clause(unit);
        }
  }

 private:
  int value(int lit) const {
    const int s = e_.assigned(std::abs(lit));
    return lit > 0 ? s : -s;
  }
  void clause(const std::vector<int>& literals) {
    std::vector<int> open;
    for (int lit : literals) {
      const int v = value(lit);
      if (v > 0) return;
      if (v == 0) open.push_back(lit);
    }
    add_clause(open);
  }
  void at_most_one(const std::vector<int>& literals) {
    std::vector<int> open;
    int trues = 0;
    for (int lit : literals) {
      const int v = value(lit);
      if (v > 0) ++trues;
      else if (v == 0) open.push_back(lit);
    }
    if (trues >= 2) add_clause({});
    else if (trues == 1)
      for (int lit : open) add_clause(std::vector<int>{-lit});
    else encode_at_most_one(*this, open, e_.amo(), aux_);
  }
  int row_triad(int r, int b, int d) const { return e_.row_triad(r, b, d); }
  int column_triad(int c, int b, int d) const { return e_.column_triad(c, b, d); }
  void segment(Family f, const std::vector<int>& x, int t) {
    if (f == Family::triad_amo) return at_most_one(x);
    for (int lit : x) clause({-lit, t});
    std::vector<int> c{-t};
    c.insert(c.end(), x.begin(), x.end());
    clause(c);
  }
  void family(Family f) {
    const VarMap& m = e_.map();
    const int n = n_;
    std::vector<int> x;
    switch (f) {
      case Family::cell_alo:
      case Family::cell_amo:
        for (int cell = 0; cell < n * n; ++cell) {
          x.clear();
          for (int d = 1; d <= n; ++d) x.push_back(m.var(cell, d));
          if (f == Family::cell_alo) clause(x); else at_most_one(x);
        }
        return;
      case Family::unit_amo:
      case Family::unit_alo:
        for (int u = 0; u < 3 * n; ++u)
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int cell : g_.unit(u)) x.push_back(m.var(cell, d));
            if (f == Family::unit_alo) clause(x); else at_most_one(x);
          }
        return;
      case Family::triad_def:
      case Family::triad_amo:
        for (int r = 0; r < n; ++r)
          for (int b = 0; b < br_; ++b)
            for (int d = 1; d <= n; ++d) {
              x.clear();
              for (int j = 0; j < bc_; ++j) x.push_back(m.var(r, b * bc_ + j, d));
              segment(f, x, row_triad(r, b, d));
            }
        for (int c = 0; c < n; ++c)
          for (int b = 0; b < bc_; ++b)
            for (int d = 1; d <= n; ++d) {
              x.clear();
              for (int i = 0; i < br_; ++i) x.push_back(m.var(b * br_ + i, c, d));
              segment(f, x, column_triad(c, b, d));
            }
        return;
      case Family::triad_unit: {
        auto exactly_one = [&] {
          clause(x);
          at_most_one(x);
        };
        for (int r = 0; r < n; ++r)
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int b = 0; b < br_; ++b) x.push_back(row_triad(r, b, d));
            exactly_one();
          }
        for (int c = 0; c < n; ++c)
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int b = 0; b < bc_; ++b) x.push_back(column_triad(c, b, d));
            exactly_one();
          }
        for (int box = 0; box < n; ++box) {
          const int top = (box / br_) * br_, left = (box % br_) * bc_;
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int i = 0; i < br_; ++i) x.push_back(row_triad(top + i, box % br_, d));
            exactly_one();
            x.clear();
            for (int j = 0; j < bc_; ++j) x.push_back(column_triad(left + j, box / br_, d));
            exactly_one();
          }
        }
        return;
      }
    }
  }

  const Encoder& e_;
  const Geometry& g_;
  int n_, br_, bc_, triads_;
  AuxAllocator aux_;
  ClauseSink& sink_;
};

// The first `count` 17-clue puzzles, and as many again with one more clue
// (no clash, but mostly wrong: propagation conflicts and unsatisfiable ones).
std::vector<Grid> sample_17_clue(std::size_t count) {
  std::ifstream in(test::shared_data() / "17_clue.txt");
  BOOST_REQUIRE(in);
  std::vector<Grid> out;
  std::string line;
  while (out.size() < count && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() == 81 && line[0] != '#') out.push_back(grid_of(line, 9));
  }
  unsigned seed = 12345u;
  for (std::size_t i = 0; i < count; ++i) {
    Grid g = out[i];
    for (int tries = 0; tries < 100; ++tries) {
      seed = seed * 1103515245u + 12345u;
      const int cell = static_cast<int>((seed >> 8) % 81u), d = static_cast<int>((seed >> 20) % 9u) + 1;
      if (g.at(cell)) continue;
      g.set(cell, d);
      if (!find_clash(g)) break;
      g.set(cell, 0);
    }
    out.push_back(g);
  }
  return out;
}

// Small boards of several box shapes, with holes.
std::vector<Grid> sample_shapes() {
  struct Shape {
    int r, c, holes;
  };
  const Shape shapes[] = {{2, 2, 10}, {2, 3, 22}, {3, 2, 26}, {2, 4, 40}, {3, 4, 100}, {4, 3, 90}, {4, 4, 180}};
  std::vector<Grid> out;
  unsigned seed = 3u;
  for (const Shape& s : shapes)
    for (int k = 0; k < 3; ++k) out.push_back(holes(pattern_solution(s.r, s.c), s.holes + 4 * k, seed++));
  return out;
}

Grid read_large(const std::string& name, int n) {
  std::ifstream in(test::shared_data() / "large" / name);
  BOOST_REQUIRE(in);
  Grid p(Geometry::shared(n));
  for (int i = 0; i < n * n; ++i) {
    int d = 0;
    in >> d;
    p.set(i, d);
  }
  BOOST_REQUIRE(in);
  return p;
}

// Reduction::probe by its definition, over plain unit propagation: from the
// clues' fixpoint, a candidate of a cell with at most kProbeCellLimit
// candidates whose propagation conflicts is false; rounds until one finds
// nothing.  Each step propagates the whole formula again: slow and simple.
std::optional<std::vector<int>> reference_probe(const ReferencePropagation& ref, std::vector<int> units,
                                                const Grid& p, const VarMap& map) {
  auto current = ref.run(units);
  for (bool found = true; current && found;) {
    found = false;
    for (int cell = 0; cell < p.cell_count() && current; ++cell) {
      std::vector<int> open;
      bool decided = false;
      for (int d = 1; d <= p.size(); ++d) {
        const int var = map.var(cell, d), x = (*current)[static_cast<std::size_t>(var)];
        decided = decided || x > 0;
        if (x == 0) open.push_back(var);
      }
      if (decided || open.size() > static_cast<std::size_t>(kProbeCellLimit)) continue;
      for (int var : open) {
        if ((*current)[static_cast<std::size_t>(var)] != 0) continue;
        units.push_back(var);
        const bool fails = !ref.run(units);
        units.pop_back();
        if (!fails) continue;
        units.push_back(-var);
        current = ref.run(units);
        found = true;
        if (!current) break;
      }
    }
  }
  return current;
}

void check_against_reference_propagation(const std::vector<Grid>& puzzles, Encoding encoding, AmoMethod amo,
                                         std::size_t& conflicts, std::size_t& solved,
                                         Reduction reduction = Reduction::propagate) {
  // The reference formula: minimal's reduction also gives a cell with a
  // digit no other digit, which is natural's cell-amo.
  const Encoding formula_of = encoding == Encoding::minimal ? Encoding::natural : encoding;
  std::map<const Geometry*, std::pair<ClauseBuffer, std::unique_ptr<ReferencePropagation>>> formulas;
  for (const Grid& p : puzzles) {
    auto& [formula, ref] = formulas[&p.geometry()];
    if (!ref) {
      Encoder(Grid(p.geometry_ptr()), {formula_of, amo, Reduction::none}).emit(formula);
      ref = std::make_unique<ReferencePropagation>(formula);
    }
    const Encoder enc(p, {encoding, amo, reduction});
    std::vector<int> clues;
    for (int cell = 0; cell < p.cell_count(); ++cell)
      if (p.at(cell)) clues.push_back(enc.map().var(cell, p.at(cell)));
    const auto expected = reduction == Reduction::probe ? reference_probe(*ref, clues, p, enc.map()) : ref->run(clues);
    BOOST_TEST_CONTEXT(text_of(p) << " " << to_string(encoding) << "/" << to_string(amo)) {
      BOOST_REQUIRE(enc.conflict() == !expected);
      if (!expected) {
        ++conflicts;
        continue;
      }
      const int n = p.size();
      const int last = enc.map().primary_count() + (encoding == Encoding::triads ? n * n * (p.geometry().box().rows + p.geometry().box().cols) : 0);
      std::uint64_t fixed = 0, with_digit = 0;
      for (int v = 1; v <= last; ++v) {
        BOOST_REQUIRE(enc.assigned(v) == (*expected)[static_cast<std::size_t>(v)]);
        if (enc.map().is_primary(v)) {
          BOOST_REQUIRE(enc.fixed(v) == (*expected)[static_cast<std::size_t>(v)]);
          fixed += enc.fixed(v) != 0;
          with_digit += enc.fixed(v) > 0;
        }
      }
      BOOST_REQUIRE(enc.fixed_primary() == fixed);
      BOOST_REQUIRE(enc.solved() == (with_digit == static_cast<std::uint64_t>(p.cell_count())));
      for (int cell = 0; cell < p.cell_count(); ++cell) {  // the O(1) digit agrees with fixed()
        int digit = 0;
        for (int d = 1; d <= n; ++d)
          if ((*expected)[static_cast<std::size_t>(enc.map().var(cell, d))] > 0) digit = d;
        BOOST_REQUIRE(enc.digit_of_cell(cell) == digit);
      }
      solved += enc.solved();
    }
  }
}

// The same clauses in the same order, literal for literal.
void require_same_clauses(const ClauseBuffer& got, const ClauseBuffer& want) {
  BOOST_REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto a = got[i], b = want[i];
    BOOST_REQUIRE(std::vector<int>(a.begin(), a.end()) == std::vector<int>(b.begin(), b.end()));
  }
}

void check_against_reference_emission(const Encoder& enc) {
  ClauseBuffer got, want;
  const EncodeReport r = enc.emit(got);
  ReferenceEmission ref(enc, want);
  ref.run();
  require_same_clauses(got, want);
  BOOST_TEST(r.clauses == ref.clauses);
  BOOST_TEST(r.variables == static_cast<std::uint64_t>(ref.max_var));
  BOOST_TEST(r.aux == static_cast<std::uint64_t>(ref.aux_used()));
  BOOST_TEST(r.conflict == enc.conflict());
  BOOST_TEST(r.solved == enc.solved());
  BOOST_TEST(r.fixed_primary == enc.fixed_primary());
  const EncodeReport c = enc.count();
  BOOST_TEST(c.clauses == r.clauses);
  BOOST_TEST(c.variables == r.variables);
}

}  // namespace

BOOST_AUTO_TEST_CASE(propagation_is_the_unit_propagation_of_the_clauses) {
  std::vector<Grid> puzzles = sample_17_clue(60);
  for (Grid& g : sample_shapes()) puzzles.push_back(std::move(g));
  puzzles.push_back(grid_of("12........3...4.", 4));  // conflict without clash
  for (const auto& e : encodings())
    for (const auto& m : amo_methods()) {
      std::size_t conflicts = 0, solved = 0;
      check_against_reference_propagation(puzzles, e.encoding, m.method, conflicts, solved);
      // The sample exercises conflicts, solved puzzles and open ones.
      BOOST_TEST(conflicts > 0u);
      BOOST_TEST(solved > 0u);
      BOOST_TEST(conflicts + solved < puzzles.size());
    }
}

// 9x9 `triads` propagation has its own word-parallel implementation
// (encoder/src/triads_9x9.cpp); here on puzzles of every difficulty, and on
// wrong ones: each of the first puzzles of three collections, once as it is
// and once with one to four random clues more (propagation conflicts,
// unsatisfiable but open puzzles), a solution with random holes, the empty
// and the complete grid, and clashing clues.
namespace {

// The first `per_file` puzzles of three collections, each also with one to
// four random clues more (propagation conflicts, unsatisfiable but open
// puzzles), a solution with random holes, the empty and the complete grid,
// and clashing clues.
std::vector<Grid> sample_9x9_right_and_wrong(int per_file) {
  std::vector<Grid> puzzles;
  unsigned seed = 2026u;
  auto next = [&seed] {
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
  };
  for (const char* name : {"top1465.txt", "forum_hardest_11plus.txt", "17_clue.txt"}) {
    std::ifstream in(test::shared_data() / name);
    BOOST_REQUIRE(in);
    std::string line;
    for (int taken = 0; taken < per_file && std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.size() < 81 || line[0] == '#') continue;
      ++taken;
      Grid g = grid_of(line.substr(0, 81), 9);
      puzzles.push_back(g);
      for (unsigned more = 1 + next() % 4; more > 0;) {
        const int cell = static_cast<int>(next() % 81u), d = static_cast<int>(next() % 9u) + 1;
        if (g.at(cell)) continue;
        g.set(cell, d);
        if (find_clash(g)) g.set(cell, 0);
        else --more;
      }
      puzzles.push_back(g);
    }
  }
  for (int k = 0; k < 40; ++k) puzzles.push_back(holes(pattern_solution(3, 3), 40 + k, 77u + static_cast<unsigned>(k)));
  puzzles.push_back(Grid(Geometry::shared(9)));  // empty
  puzzles.push_back(pattern_solution(3, 3));     // complete
  for (int other : {1, 9, 10}) {                 // a clash in a row, a column, a box
    Grid clash(Geometry::shared(9));
    clash.set(0, 5);
    clash.set(other, 5);
    puzzles.push_back(clash);
  }
  return puzzles;
}

}  // namespace

BOOST_AUTO_TEST_CASE(triads_9x9_propagation_is_the_unit_propagation_of_the_clauses) {
  const std::vector<Grid> puzzles = sample_9x9_right_and_wrong(100);
  std::size_t conflicts = 0, solved = 0;
  check_against_reference_propagation(puzzles, Encoding::triads, AmoMethod::pairwise, conflicts, solved);
  BOOST_TEST(conflicts > 20u);
  BOOST_TEST(solved > 20u);
  BOOST_TEST(conflicts + solved < puzzles.size() - 100);
}

// Boards over 64x64 propagate with counters instead of bit masks, and set
// all their clues at once before propagating.  Forced onto small boards
// here, that path must give plain unit propagation too: every encoding, on
// right and wrong 9x9 puzzles (clashing clues, propagation conflicts,
// complete and empty grids) and on the other shapes.
BOOST_AUTO_TEST_CASE(counter_propagation_of_large_boards_is_the_unit_propagation_of_the_clauses) {
  struct Restore {
    ~Restore() { detail::counter_propagation_for_tests(false); }
  } restore;
  std::vector<Grid> puzzles = sample_9x9_right_and_wrong(20);
  for (Grid& g : sample_shapes()) puzzles.push_back(std::move(g));
  puzzles.push_back(grid_of("12........3...4.", 4));  // conflict without clash
  // A row segment and a column segment full of clues: their other digits'
  // triads are false by the triad definitions alone.
  puzzles.push_back(grid_of("123" + std::string(78, '.'), 9));
  puzzles.push_back(grid_of("4........5........6" + std::string(62, '.'), 9));
  // One digit twice in a row segment, in a column segment, and in a box
  // across its segments: the clash must come out as unit propagation's.
  puzzles.push_back(grid_of("77" + std::string(79, '.'), 9));
  puzzles.push_back(grid_of("5........5" + std::string(71, '.'), 9));
  puzzles.push_back(grid_of("8.........8" + std::string(70, '.'), 9));
  for (const auto& e : encodings())
    for (AmoMethod m : {AmoMethod::pairwise, AmoMethod::commander}) {
      std::size_t conflicts = 0, solved = 0;
      detail::counter_propagation_for_tests(true);
      check_against_reference_propagation(puzzles, e.encoding, m, conflicts, solved);
      BOOST_TEST(conflicts > 5u);
      BOOST_TEST(solved > 5u);
      BOOST_TEST(conflicts + solved < puzzles.size());
      // The same fixed values as the bit-mask propagation, through the public view.
      for (const Grid& p : puzzles) {
        detail::counter_propagation_for_tests(true);
        const Encoder counters(p, {e.encoding, m, Reduction::propagate});
        detail::counter_propagation_for_tests(false);
        const Encoder masks(p, {e.encoding, m, Reduction::propagate});
        BOOST_REQUIRE(counters.conflict() == masks.conflict());
        if (counters.conflict()) continue;
        BOOST_REQUIRE(counters.fixed_primary() == masks.fixed_primary());
        BOOST_REQUIRE(counters.solved() == masks.solved());
        for (int v = 1; v <= counters.map().primary_count(); ++v) BOOST_REQUIRE(counters.fixed(v) == masks.fixed(v));
        const EncodeReport a = counters.count(), b = masks.count();
        BOOST_REQUIRE(a.clauses == b.clauses);
      }
    }
}

// The same on a board over 64x64, where the counters and the seeding from
// all clues at once run in production: 65x65 with 5x13 boxes (wide boxes,
// segment positions beyond 8 bits), right and wrong puzzles.
BOOST_AUTO_TEST_CASE(counter_propagation_on_a_65x65_board_is_the_unit_propagation_of_the_clauses) {
  const Grid solution = pattern_solution(5, 13);
  const int cells = solution.cell_count();
  std::vector<Grid> puzzles;
  for (int k = 0; k < 3; ++k) puzzles.push_back(holes(solution, cells / 3 + k * cells / 4, 101u + static_cast<unsigned>(k)));
  Grid wrong = holes(solution, cells / 2, 7u);  // one clue changed to a digit its units lack
  for (int cell = 0; cell < cells; ++cell)
    if (wrong.at(cell) && !wrong.at(cell + 1) && cell % 65 < 64) {
      wrong.set(cell, solution.at(cell + 1));
      wrong.set(cell + 1, 0);
      break;
    }
  puzzles.push_back(wrong);
  Grid clash = holes(solution, cells / 2, 9u);  // cells (0,0) and (1,5): one box, two segments
  clash.set(70, solution.at(70));
  clash.set(0, solution.at(70));
  puzzles.push_back(clash);
  puzzles.push_back(Grid(solution.geometry_ptr()));  // empty
  for (const auto& e : encodings()) {
    std::size_t conflicts = 0, solved = 0;
    check_against_reference_propagation(puzzles, e.encoding, AmoMethod::commander, conflicts, solved);
    BOOST_TEST(conflicts >= 1u, e.name);
    BOOST_TEST(solved >= 1u, e.name);
    BOOST_TEST(conflicts + solved < puzzles.size(), e.name);
  }
}

// Reduction::probe, on 9x9 `triads` (probed on the propagation's bitboards)
// and on every other encoding and shape (probed over the clauses), against
// failed-literal probing by definition.  Probing settles puzzles that
// propagation leaves open (every top1465 and 17-clue puzzle of the sample),
// and not the hardest ones.
BOOST_AUTO_TEST_CASE(probe_reduction_is_failed_literal_probing) {
  const std::vector<Grid> nine = sample_9x9_right_and_wrong(15);
  std::size_t conflicts = 0, solved = 0;
  check_against_reference_propagation(nine, Encoding::triads, AmoMethod::pairwise, conflicts, solved,
                                      Reduction::probe);
  std::size_t propagated = 0, open_after_probe = 0;
  for (const Grid& p : nine) {
    propagated += Encoder(p, {Encoding::triads, AmoMethod::pairwise, Reduction::propagate}).solved();
    const Encoder probed(p, {Encoding::triads, AmoMethod::pairwise, Reduction::probe});
    open_after_probe += !probed.solved() && !probed.conflict();
  }
  BOOST_TEST(solved > propagated + 10);
  BOOST_TEST(conflicts > 10u);
  BOOST_TEST(open_after_probe >= 15u);  // the forum_hardest ones at least

  std::vector<Grid> shapes = sample_17_clue(4);
  for (Grid& g : sample_shapes())
    if (g.size() <= 12) shapes.push_back(std::move(g));
  shapes.push_back(grid_of("12........3...4.", 4));  // conflict without clash
  for (const auto& e : encodings())
    for (AmoMethod m : {AmoMethod::pairwise, AmoMethod::commander}) {
      std::size_t c = 0, s = 0;
      check_against_reference_propagation(shapes, e.encoding, m, c, s, Reduction::probe);
      BOOST_TEST(c > 0u);
      BOOST_TEST(s > 0u);
    }
}

BOOST_AUTO_TEST_CASE(reduced_emission_matches_the_plain_emitter) {
  std::vector<Grid> puzzles = sample_17_clue(8);
  for (Grid& g : sample_shapes()) puzzles.push_back(std::move(g));
  puzzles.push_back(grid_of("11..............", 4));  // clash
  puzzles.push_back(Grid(Geometry::shared(9)));    // empty
  for (const Grid& p : puzzles)
    for (const auto& o : every_option()) {
      BOOST_TEST_CONTEXT(text_of(p) << " " << name_of(o)) { check_against_reference_emission(Encoder(p, o)); }
    }
  const Grid big = read_large("sudoku-25-1.txt", 25);
  for (const auto& e : encodings())
    for (Reduction red : {Reduction::clues, Reduction::propagate})
      for (AmoMethod m : {AmoMethod::commander})
        BOOST_TEST_CONTEXT("25x25 " << e.name << " " << to_string(red) << " " << to_string(m)) {
          check_against_reference_emission(Encoder(big, {e.encoding, m, red}));
        }
}

// A sink may use another encoder from add_clause: count it, emit it, or
// build one with Reduction::probe (whose constructor emits).  The nested
// emission took over the thread's one scratch, and the outer one went on
// with the inner encoder's flags (63 clauses of a 9x9 lost to a 4x4 count).
namespace {

class NestingSink final : public ClauseSink {
 public:
  NestingSink(const Encoder& inner, ClauseBuffer& out) : inner_(inner), out_(out) {}
  void add_clause(std::span<const int> literals) override {
    switch (calls_++ % 3) {
      case 0:
        BOOST_REQUIRE(inner_.count().clauses == expected_.clauses);
        break;
      case 1: {
        ClauseBuffer inner;
        BOOST_REQUIRE(inner_.emit(inner).clauses == expected_.clauses);
        break;
      }
      default:
        (void)Encoder(inner_.puzzle(), {Encoding::natural, AmoMethod::pairwise, Reduction::probe});
    }
    out_.add_clause(literals);
  }

 private:
  const Encoder& inner_;
  const EncodeReport expected_ = inner_.count();
  ClauseBuffer& out_;
  std::uint64_t calls_ = 0;
};

}  // namespace

BOOST_AUTO_TEST_CASE(emission_is_reentrant) {
  const Grid outer_puzzle = grid_of("1........." "2" + std::string(70, '.'), 9);
  const Grid inner_puzzle = grid_of("1..." + std::string(12, '.'), 4);
  for (const EncodingInfo& e : encodings())
    for (Reduction red : {Reduction::clues, Reduction::propagate, Reduction::probe}) {
      BOOST_TEST_CONTEXT(e.name << " " << to_string(red)) {
        const Encoder outer(outer_puzzle, {e.encoding, AmoMethod::sequential, red});
        const Encoder inner(inner_puzzle, {Encoding::natural, AmoMethod::pairwise, Reduction::clues});
        ClauseBuffer alone, nested;
        const EncodeReport want = outer.emit(alone);
        NestingSink sink(inner, nested);
        const EncodeReport got = outer.emit(sink);
        require_same_clauses(nested, alone);
        BOOST_TEST(got.clauses == want.clauses);
        BOOST_TEST(got.variables == want.variables);
      }
    }
}
