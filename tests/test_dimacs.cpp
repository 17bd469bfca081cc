// DIMACS export and import, solver answers, decoding, and interoperability
// with the Debian solvers cadical, minisat and picosat.
#define BOOST_TEST_MODULE dimacs
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/sat_solver.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku;
namespace fs = std::filesystem;

namespace {

Grid grid_of(std::string_view text, int n) {
  Grid g(Geometry::shared(n));
  for (int i = 0; i < n * n; ++i) {
    const char ch = text[static_cast<std::size_t>(i)];
    g.set(i, ch == '.' || ch == '0' ? 0 : ch <= '9' ? ch - '0' : ch - 'A' + 10);
  }
  return g;
}

// The first Project Euler grid, read by hand ("Grid 01" then 9 lines).
Grid euler_first() {
  std::ifstream in(test::shared_data() / "euler96.txt");
  std::string line, text;
  std::getline(in, line);
  for (int i = 0; i < 9 && std::getline(in, line); ++i) text += line.substr(0, 9);
  BOOST_REQUIRE(text.size() == 81u);
  return grid_of(text, 9);
}

// A whitespace-separated N x N board (data/large format).
Grid tokens_board(const fs::path& path, int n) {
  std::ifstream in(path);
  Grid g(Geometry::shared(n));
  for (int i = 0; i < n * n; ++i) {
    int d = 0;
    in >> d;
    g.set(i, d);
  }
  BOOST_REQUIRE(in);
  return g;
}

std::string cnf_text(const Grid& p, const EncodeOptions& o) {
  std::ostringstream out;
  write_dimacs(p, o, out);
  return out.str();
}

template <class T>
const T& expect_value(const std::variant<T, Diagnostic>& v) {
  if (const auto* d = std::get_if<Diagnostic>(&v)) BOOST_FAIL("unexpected diagnostic: " << d->str());
  return std::get<T>(v);
}

template <class T>
Diagnostic expect_diagnostic(const std::variant<T, Diagnostic>& v) {
  BOOST_REQUIRE(std::holds_alternative<Diagnostic>(v));
  return std::get<Diagnostic>(v);
}

std::variant<CnfFormula, Diagnostic> parse_cnf(const std::string& text) {
  std::istringstream in(text);
  return read_dimacs(in, "t.cnf");
}
std::variant<SolverAnswer, Diagnostic> parse_answer(const std::string& text, std::uint64_t variables = 729) {
  std::istringstream in(text);
  return read_solver_output(in, "t.out", variables);
}
std::variant<CnfHeader, Diagnostic> parse_header(const std::string& text) {
  std::istringstream in(text);
  return read_cnf_header(in, "t.cnf");
}

}  // namespace

BOOST_AUTO_TEST_CASE(misuse_of_models_and_variable_maps_names_the_function) {
  Model m;
  BOOST_CHECK_EXCEPTION(m.set(0), UsageError, [](const UsageError& e) {
    return std::string(e.what()) == "Model::set: literal 0 is no DIMACS literal";
  });
  BOOST_TEST(m.empty());
  BOOST_CHECK_EXCEPTION(VarMap(2000), UsageError, [](const UsageError& e) {
    return std::string(e.what()) == "VarMap: board size 2000 is out of range (1 to 1024, so that N^3 fits an int)";
  });
  BOOST_CHECK_THROW(VarMap(0), UsageError);
  BOOST_TEST(VarMap(1024).primary_count() == 1024 * 1024 * 1024);
  const Encoder triads(grid_of("1..4..1..4..3..2", 4), {Encoding::triads, AmoMethod::pairwise, Reduction::none});
  BOOST_TEST(triads.row_triad(3, 1, 4) > 64);
  BOOST_CHECK_EXCEPTION((void)triads.row_triad(0, 2, 1), UsageError, [](const UsageError& e) {
    return std::string(e.what()) ==
           "Encoder::row_triad: (0, 2, 1) is no triad of a 4x4 board (line 0..3, box 0..1, digit 1..4)";
  });
  BOOST_CHECK_THROW((void)triads.column_triad(4, 0, 1), UsageError);
  BOOST_CHECK_THROW((void)triads.column_triad(0, 0, 0), UsageError);
}

BOOST_AUTO_TEST_CASE(the_writer_refuses_literal_0) {
  std::ostringstream out;
  DimacsWriter w(out);
  const int split[3] = {1, 0, 3};  // would be written "1 0 3 0": two clauses
  try {
    w.add_clause(split);
    BOOST_ERROR("literal 0 written");
  } catch (const UsageError& e) {
    BOOST_TEST(std::string(e.what()) == "DimacsWriter::add_clause: literal 0 is no DIMACS literal");
  }
  // Nothing of the refused clause stays behind to join the next one.
  const int next[1] = {2};
  w.add_clause(next);
  w.finish();
  BOOST_TEST(out.str() == "2 0\n");
}

// A comment's text on one line: a line end in it would start a line that is
// no comment, and the CNF would not read back.
BOOST_AUTO_TEST_CASE(a_comment_with_a_line_end_is_refused) {
  std::ostringstream out;
  {
    DimacsWriter w(out);
    BOOST_CHECK_THROW(w.comment("puzzle from\np cnf 1 1"), UsageError);
    BOOST_CHECK_THROW(w.comment("a\r"), UsageError);
    w.comment("fine");
  }
  BOOST_TEST(out.str() == "c fine\n");
}

BOOST_AUTO_TEST_CASE(the_writer_prints_plain_dimacs) {
  std::ostringstream out;
  {
    DimacsWriter w(out);
    w.comment("hello");
    w.problem(2147483647, 3);
    const int a[3] = {1, -22, 333};
    const int b[1] = {-2147483647};
    w.add_clause(a);
    w.add_clause(b);
    w.add_clause({});
    w.finish();
  }
  BOOST_TEST(out.str() == "c hello\np cnf 2147483647 3\n1 -22 333 0\n-2147483647 0\n0\n");
}

// A stream that raises `flag` once `after` bytes have reached it, and then
// counts what still comes.
class RaisingBuffer final : public std::streambuf {
 public:
  RaisingBuffer(std::atomic<bool>& flag, std::size_t after) : flag_(flag), after_(after) {}
  std::size_t bytes() const { return bytes_; }

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes_ += static_cast<std::size_t>(n);
    if (bytes_ >= after_) flag_ = true;
    return n;
  }
  int_type overflow(int_type ch) override { return xsputn(nullptr, 1) == 1 ? ch : traits_type::eof(); }

 private:
  std::atomic<bool>& flag_;
  std::size_t after_, bytes_ = 0;
};

// write_dimacs() stops within kCancelPollClauses clauses of its cancel flag
// being raised, in the one-pass form and in the two-pass form; a flag that
// stays down changes nothing.
BOOST_AUTO_TEST_CASE(a_raised_cancel_flag_stops_the_writer) {
  const Grid small = euler_first();
  const Grid big(Geometry::shared(36));  // empty: 3.2M clauses, the two-pass form
  const EncodeOptions none{Encoding::natural, AmoMethod::pairwise, Reduction::none};
  std::atomic<bool> down{false};
  std::ostringstream plain;
  write_dimacs(small, none, plain, &down);
  BOOST_TEST(plain.str() == cnf_text(small, none));

  std::atomic<bool> up{true};
  std::ostringstream nothing;
  BOOST_CHECK_THROW(write_dimacs(small, none, nothing, &up), Cancelled);
  BOOST_TEST(nothing.str().empty());  // raised before it began: not a byte
  BOOST_CHECK_THROW(write_dimacs(big, none, nothing, &up), Cancelled);
  BOOST_TEST(nothing.str().empty());

  // Raised mid-way: at most a poll's worth of clauses (about 14 bytes each
  // here) and one buffer more.
  std::atomic<bool> flag{false};
  RaisingBuffer counted(flag, 1 << 20);
  std::ostream out(&counted);
  BOOST_CHECK_THROW(write_dimacs(big, none, out, &flag), Cancelled);
  BOOST_TEST(flag.load());
  BOOST_TEST(counted.bytes() < (1u << 20) + 16 * kCancelPollClauses + (1u << 16) + (1u << 16), counted.bytes());
}

// Formulas of more than 2^20 clauses (by the size formula of the whole
// board) are counted in a first pass and written in a second: the header
// declares the clauses the reduction left, not the bound.  A 30x30 board
// (5x6 boxes) with its first row given: 1.57 million clauses by the bound,
// fewer once the clues' consequences are removed.
BOOST_AUTO_TEST_CASE(the_two_pass_form_declares_what_it_writes) {
  Grid big(Geometry::shared(30));
  for (int c = 0; c < 30; ++c) big.set(0, c, c + 1);
  const EncodeOptions o{Encoding::natural, AmoMethod::pairwise, Reduction::clues};
  const FormulaSize bound = encoding_size(o.encoding, big.geometry(), AmoMethod::pairwise);
  BOOST_REQUIRE(bound.clauses > (1u << 20));  // the two-pass form
  std::ostringstream out;
  const EncodeReport rep = write_dimacs(big, o, out);
  BOOST_TEST(rep.clauses < bound.clauses);
  BOOST_TEST(rep.clauses == Encoder(big, o).count().clauses);
  const CnfFormula f = expect_value(parse_cnf(out.str()));  // also checks the count against the p line
  BOOST_TEST(f.declared_clauses == rep.clauses);
  BOOST_TEST(f.clauses.size() == rep.clauses);
  BOOST_TEST(f.variables == rep.variables);
}

BOOST_AUTO_TEST_CASE(export_reads_back_clause_for_clause) {
  const Grid p = euler_first();
  for (const auto& e : encodings())
    for (Reduction r : {Reduction::none, Reduction::clues, Reduction::propagate}) {
      const EncodeOptions o{e.encoding, AmoMethod::sequential, r};
      BOOST_TEST_CONTEXT(e.name << " " << to_string(r)) {
        const std::string text = cnf_text(p, o);
        const CnfFormula f = expect_value(parse_cnf(text));
        ClauseBuffer direct;
        const EncodeReport rep = Encoder(p, o).emit(direct);
        BOOST_TEST(f.variables == rep.variables);
        BOOST_TEST(f.declared_clauses == rep.clauses);
        BOOST_REQUIRE(f.clauses.size() == direct.size());
        for (std::size_t i = 0; i < direct.size(); ++i) {
          const auto a = f.clauses[i], b = direct[i];
          BOOST_REQUIRE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
        }
        BOOST_TEST(static_cast<std::uint64_t>(direct.max_var()) == rep.variables);
        const CnfHeader h = expect_value(parse_header(text));
        BOOST_TEST((h.puzzle == p));
        BOOST_TEST((h.options.encoding == o.encoding));
        BOOST_TEST((h.options.amo == o.amo));
        BOOST_TEST((h.options.reduction == o.reduction));
        BOOST_TEST(h.variables == rep.variables);
        BOOST_TEST(h.clauses == rep.clauses);
        BOOST_TEST(h.generator == "satdoku " + std::string(generator_version()));
      }
    }
}

BOOST_AUTO_TEST_CASE(the_header_describes_the_file) {
  const Grid p = euler_first();
  const std::string text = cnf_text(p, {Encoding::triads, AmoMethod::pairwise, Reduction::none});
  BOOST_TEST(text.find("c board 9x9 box 3x3\n") != std::string::npos);
  BOOST_TEST(text.find("c puzzle ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n") !=
             std::string::npos);
  BOOST_TEST(text.find("c encoding triads\nc amo pairwise\nc reduction none\n") != std::string::npos);
  BOOST_TEST(text.find("c varmap x(r,c,d) = 81*r + 9*c + d + 1 (r, c, d from 0)\n") != std::string::npos);
  BOOST_TEST(text.find("c primary 729 auxiliary 486 fixed 0") != std::string::npos);
  BOOST_TEST(text.find("\np cnf 1215 " + std::to_string(7695 + p.clue_count()) + "\n") != std::string::npos);
  const CnfHeader plain = expect_value(parse_header(text));
  BOOST_TEST(!plain.solved);
  BOOST_TEST(!plain.conflict);
  // The reduction solved it: 'solved yes', and the reader says so.
  const CnfHeader solved =
      expect_value(parse_header(cnf_text(p, {Encoding::extended, AmoMethod::pairwise, Reduction::propagate})));
  BOOST_TEST(solved.solved);
  BOOST_TEST(solved.clauses == 0u);
  // Clues that leave r1c1 no digit (1, 2 in its row, 3 in its column, 4 in
  // its box): --reduce clues deletes every literal of its clause, so the
  // CNF holds the empty clause, and the header says 'conflict yes' though
  // no propagation ran.
  const std::string emptied =
      cnf_text(grid_of(".12..4..3.......", 4), {Encoding::minimal, AmoMethod::pairwise, Reduction::clues});
  BOOST_TEST(emptied.find("\n0\n") != std::string::npos);
  BOOST_TEST(emptied.find(" conflict yes\n") != std::string::npos, emptied.substr(0, 400));
  BOOST_TEST(expect_value(parse_header(emptied)).conflict);
}

BOOST_AUTO_TEST_CASE(headers_of_large_boards_use_numbers) {
  for (int n : {16, 36}) {
    Grid p(Geometry::shared(n));
    p.set(0, n);
    p.set(n * n - 1, 1);
    p.set(n + 3, n - 1);
    const Encoder enc(p, {Encoding::minimal, AmoMethod::binary, Reduction::none});
    std::string text;
    for (const auto& line : header_comments(enc, EncodeReport{})) text += "c " + line + "\n";
    text += "p cnf 5 7\n";
    const CnfHeader h = expect_value(parse_header(text));
    BOOST_TEST((h.puzzle == p));
    BOOST_TEST(h.variables == 5u);
    BOOST_TEST(h.clauses == 7u);
  }
}

BOOST_AUTO_TEST_CASE(malformed_cnf_files_are_diagnosed_with_positions) {
  struct Case {
    const char* text;
    std::uint64_t line, column;
    const char* message;
  };
  const Case cases[] = {
      {"1 2 0\n", 1, 1, "before the 'p cnf' line"},
      {"p cnf 3 2\n1 -2 0\n3 x 0\n", 3, 3, "'x' is not a literal"},
      {"p cnf 3 1\n1 4 0\n", 2, 3, "exceeds the declared 3 variables"},
      {"p cnf 3 1\n-9223372036854775808 0\n", 2, 1, "exceeds the declared 3 variables"},
      {"p cnf 5000000000 1\n3000000000 0\n", 1, 7, "declares 5000000000 variables, more than the 2147483647"},
      {"p cnf 3 1\n1 2\n", 2, 1, "not ended by 0"},
      {"p cnf 3 2\n1 2 0\n", 3, 0, "found 1 clauses"},
      {"p cnf 3 1\n1 0 2 0\n", 2, 5, "more clauses than the declared 1"},
      {"p cnf x 1\n", 1, 1, "malformed problem line"},
      {"c only a comment\n", 2, 0, "no 'p cnf' line"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.text) {
      const Diagnostic d = expect_diagnostic(parse_cnf(c.text));
      BOOST_TEST(d.where.file == "t.cnf");
      BOOST_TEST(d.where.line == c.line);
      BOOST_TEST(d.where.column == c.column);
      BOOST_TEST(d.message.find(c.message) != std::string::npos, d.message);
    }
  }
}

BOOST_AUTO_TEST_CASE(malformed_headers_are_diagnosed_with_positions) {
  const std::string good = cnf_text(grid_of("1..4..1..4..3..2", 4), {Encoding::natural, AmoMethod::pairwise, Reduction::none});
  BOOST_REQUIRE(std::holds_alternative<CnfHeader>(parse_header(good)));
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const auto at = s.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  // The header of an empty N x N board with `reduction` (written by hand:
  // satdoku does not write probe above kProbeMaxSize).
  auto empty_board = [](int n, const std::string& box, const std::string& reduction) {
    std::string puzzle = "0";
    for (int i = 1; i < n * n; ++i) puzzle += " 0";
    const std::string size = std::to_string(n) + "x" + std::to_string(n);
    return "c satdoku test CNF\nc board " + size + " box " + box + "\nc puzzle " + puzzle +
           "\nc encoding natural\nc amo pairwise\nc reduction " + reduction + "\nc varmap " + VarMap(n).formula() +
           "\np cnf 1 1\n";
  };
  BOOST_TEST(std::holds_alternative<CnfHeader>(parse_header(empty_board(kProbeMaxSize, "8x8", "probe"))));
  BOOST_TEST(std::holds_alternative<CnfHeader>(parse_header(empty_board(kProbeMaxSize + 1, "5x13", "propagate"))));
  // Beyond 2^31-1 variables: a 756x756 board (boxes of 27 by 28) holds
  // 432,081,216 cell variables, and the sequential counter's helpers take
  // the natural encoding past 2,158,000,000.
  auto huge_board = [](const std::string& reduction, const std::string& variables) {
    std::string puzzle = "0";
    for (int i = 1; i < 756 * 756; ++i) puzzle += " 0";
    return "c satdoku test CNF\nc board 756x756 box 27x28\nc puzzle " + puzzle +
           "\nc encoding natural\nc amo sequential\nc reduction " + reduction + "\nc varmap " +
           VarMap(756).formula() + "\np cnf " + variables + " 1\n";
  };
  BOOST_TEST(std::holds_alternative<CnfHeader>(parse_header(huge_board("propagate", "2147483647"))));
  // The header with its board line moved to the top.
  auto board_first = [&] {
    const std::string board = "c board 4x4 box 2x2\n";
    std::string s = good;
    const auto at = s.find(board);
    BOOST_REQUIRE(at != std::string::npos);
    return board + s.erase(at, board.size());
  };
  // The header as Windows Notepad may save it: UTF-16, little endian, with
  // its byte order mark.
  auto utf16 = [&] {
    std::string s = "\xff\xfe";
    for (const char c : good) s += {c, '\0'};
    return s;
  };
  struct Case {
    std::string text;
    std::uint64_t line, column;
    const char* message;
  };
  const Case cases[] = {
      {"p cnf 1 1\n1 0\n", 1, 1, "not a satdoku CNF"},
      {utf16(), 1, 1, "this is UTF-16 text"},  // (it said "expected a comment or the 'p cnf' line")
      {empty_board(kProbeMaxSize + 1, "5x13", "probe"), 6, 13,
       "the probe reduction works on boards up to 64x64, not 65x65"},
      {replaced("c encoding natural", "c encoding support"), 4, 12, "unknown encoding"},
      {replaced("c amo pairwise", "c amo ladder"), 5, 7, "unknown at-most-one method"},
      {replaced("c puzzle 1..4..1..4..3..2", "c puzzle 1..4..1..4..3.."), 3, 10, "has 15 symbols, expected 16"},
      {replaced("c puzzle 1..4..1..4..3..2", "c puzzle 1..4..1..4..3..7"), 3, 25, "'7' is not a digit"},
      {replaced("c varmap x(r,c,d) = 16*r", "c varmap x(r,c,d) = 17*r"), 7, 10, "unsupported variable map"},
      // At the board line, not at the p line (as it was).
      {replaced("c board 4x4 box 2x2", "c board 4x4 box 3x3"), 2, 9, "box 3x3 does not fit a 4x4 board"},
      {replaced("c board 4x4 box 2x2", "c board 2000x2000 box 40x50"), 2, 9, "board size 2000 is out of range"},
      // A header line moved before the satdoku line is named, not missed.
      {board_first(), 1, 1,
       "the 'c board' line comes before the 'c satdoku' line (line 2), which begins satdoku's header"},
      {good.substr(0, good.find("p cnf")), 9, 0, "ends before the 'p cnf' line"},
      {replaced("p cnf 64", "p cnf 2000000000"), 9, 7, "declares 2000000000 variables; this encoding of the board has 64"},
      {replaced("p cnf 64", "p cnf 3000000000"), 9, 7, "declares 3000000000 variables; this encoding of the board has 64"},
      // No int holds such a literal, so no CNF has it, whatever the encoding allows.
      {huge_board("propagate", "2158119936"), 8, 7, "the p line declares 2158119936 variables, more than 2^31-1"},
      {huge_board("none", "1"), 6, 13,
       "encoding natural with sequential at-most-one constraints has 2158119936 variables on a 756x756 board, more "
       "than 2^31-1: no CNF holds it whole"},
      {replaced("c encoding natural\n", "c encoding natural\nc puzzle 1...............\n"), 5, 3,
       "a second 'c puzzle' line (the first is line 3)"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.text.substr(0, 200)) {
      const Diagnostic d = expect_diagnostic(parse_header(c.text));
      BOOST_TEST(d.where.line == c.line);
      BOOST_TEST(d.where.column == c.column);
      BOOST_TEST(d.message.find(c.message) != std::string::npos, d.message);
    }
  }
}

// A header line is kept up to kMaxHeaderLineLength bytes (std::getline held
// a line of any length, so a never-ending comment grew until memory ran
// out): the rest of a longer comment is skipped unread, a longer line of
// another kind before the p line is an error at its line, and so is a
// longer line satdoku's header would need (it writes none so long).
BOOST_AUTO_TEST_CASE(long_header_lines_are_skipped_or_refused) {
  const std::string good = cnf_text(grid_of("1..4..1..4..3..2", 4), {Encoding::natural, AmoMethod::pairwise, Reduction::none});
  const std::size_t second = good.find('\n') + 1;  // after 'c satdoku ...'
  auto inserted = [&](std::size_t at, const std::string& line) { return good.substr(0, at) + line + "\n" + good.substr(at); };
  const std::string most(kMaxHeaderLineLength - 2, 'x');  // "c " + most: a line of exactly the limit
  for (const std::string& comment : {"c " + most, "c " + most + "x", "c note " + most, "c " + most + most}) {
    BOOST_TEST_CONTEXT(comment.size() << " bytes") {
      for (const std::size_t at : {std::size_t{0}, second}) {
        const CnfHeader h = expect_value(parse_header(inserted(at, comment)));
        BOOST_TEST(h.clauses == expect_value(parse_header(good)).clauses);
        BOOST_TEST(format_line(h.puzzle) == "1..4..1..4..3..2");
      }
    }
  }
  // The limit is said in the message, and the line.
  const std::string limit = std::to_string(kMaxHeaderLineLength);
  for (const std::string& line : {most + "xyz", "p cnf 64 " + most}) {
    const Diagnostic d = expect_diagnostic(parse_header(inserted(second, line)));
    BOOST_TEST(d.str() == "t.cnf:2: a line of more than " + limit +
                              " bytes before the 'p cnf' line (expected comments and the 'p cnf' line)");
  }
  const Diagnostic puzzle = expect_diagnostic(parse_header(inserted(second, "c puzzle " + most)));
  BOOST_TEST(puzzle.str() == "t.cnf:2: the 'c puzzle' line is longer than the limit of " + limit +
                                 " bytes (satdoku writes its header lines far shorter)");
  // A solver's answer given as the CNF is still named so, whatever its length.
  const Diagnostic answer = expect_diagnostic(parse_header("v 1 -2 " + most + "\n"));
  BOOST_TEST(answer.str().find("t.cnf:1:1: this is a SAT solver's answer, not a CNF") == 0u, answer.str());
}

BOOST_AUTO_TEST_CASE(solver_answers_in_every_format) {
  {
    const SolverAnswer a = expect_value(parse_answer("c cadical\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n"));
    BOOST_TEST((a.verdict == Verdict::sat));
    BOOST_TEST(a.model.value(1) == 1);
    BOOST_TEST(a.model.value(2) == -1);
    BOOST_TEST(a.model.value(4) == -1);
    BOOST_TEST(a.model.value(5) == 0);
    BOOST_TEST(a.model.assigned() == 4u);
  }
  BOOST_TEST((expect_value(parse_answer("s UNSATISFIABLE\n")).verdict == Verdict::unsat));
  BOOST_TEST((expect_value(parse_answer("s UNKNOWN\n")).verdict == Verdict::unknown));
  {
    const SolverAnswer a = expect_value(parse_answer("SAT\n-1 2 0\n"));
    BOOST_TEST((a.verdict == Verdict::sat));
    BOOST_TEST(a.model.value(2) == 1);
  }
  BOOST_TEST((expect_value(parse_answer("UNSAT\n")).verdict == Verdict::unsat));
  BOOST_TEST((expect_value(parse_answer("INDET\n")).verdict == Verdict::unknown));
  {
    const SolverAnswer a = expect_value(parse_answer("1 -2\n-3 0\n"));
    BOOST_TEST((a.verdict == Verdict::sat));
    BOOST_TEST(a.model.value(3) == -1);
  }
  BOOST_TEST((expect_value(parse_answer("")).verdict == Verdict::unknown));  // a solver stopped before it spoke
  // A solver's answer given where the CNF belongs (decode MODEL CNF) says so.
  for (const char* text : {"s SATISFIABLE\nv 1 0\n", "c cadical\ns UNSATISFIABLE\n", "SAT\n1 -2 0\n"})
    BOOST_TEST(expect_diagnostic(parse_header(text)).message ==
                   "this is a SAT solver's answer, not a CNF: give the CNF first, then the model",
               text);
  // ... and a CNF given as the model (decode CNF CNF) says so too (it said
  // 'unrecognised solver output' at the p line).
  const Diagnostic cnf_as_model = expect_diagnostic(parse_answer("c satdoku 0.1.0 CNF\np cnf 729 1\n1 0\n"));
  BOOST_TEST(cnf_as_model.str() ==
             "t.out:2:1: this is a CNF, not a SAT solver's answer: give the answer of a solver run on the CNF as "
             "the model");
  // What else is taken for a model: MiniSat's standard output (its model
  // goes to a result file), a DRAT proof, a puzzle file for the CNF.
  for (const char* text : {"WARNING: for repeatability, setting FPU to use double precision\nSATISFIABLE\n",
                           "SATISFIABLE\n", "UNSATISFIABLE\n", "=====[ Problem Statistics ]=====\n"})
    BOOST_TEST(expect_diagnostic(parse_answer(text)).str() ==
                   "t.out:1:1: this looks like MiniSat's standard output, which holds no model: MiniSat writes its "
                   "answer to a result file (minisat CNF RESULT), and that file is the model to give",
               text);
  BOOST_TEST(expect_diagnostic(parse_answer("d 1 2 0\n-1 0\n")).message ==
             "a 'd' line deletes a clause in a DRAT proof: give a SAT solver's answer as the model, not a proof");
  BOOST_TEST(expect_diagnostic(parse_header("# puzzles\n4.....8.5.3......\n")).message ==
             "expected a 'c' comment line or the 'p cnf' line before any clause: this is not a CNF that satdoku wrote");
  struct Case {
    const char* text;
    std::uint64_t line, column;
  };
  for (const Case& c : {Case{"s SATISFIABLE\nv 1 two 0\n", 2, 5}, Case{"s MAYBE\n", 1, 3},
                        Case{"hello\n", 1, 1}, Case{"SAT\n1 -x 0\n", 2, 3}, Case{"UNSAT\n1 0\n", 2, 1},
                        Case{"s SATISFIABLE\nx 1 0\n", 2, 1}, Case{"s SATISFIABLE\nv 1 -730 0\n", 2, 5},
                        Case{"SAT\n-2000000000 0\n", 2, 1}, Case{"1 2 730\n", 1, 5}}) {
    BOOST_TEST_CONTEXT(c.text) {
      const Diagnostic d = expect_diagnostic(parse_answer(c.text));
      BOOST_TEST(d.where.file == "t.out");
      BOOST_TEST(d.where.line == c.line);
      BOOST_TEST(d.where.column == c.column);
    }
  }
  // A model never holds more variables than the formula declares (a huge
  // literal would otherwise allocate gigabytes).
  BOOST_TEST(expect_diagnostic(parse_answer("v 2111111111 0\n", 729)).message ==
             "literal 2111111111 exceeds the 729 variables of the CNF");
  BOOST_TEST(expect_value(parse_answer("s SATISFIABLE\nv 1 -729 0\n", 729)).model.max_var() == 729);
  BOOST_TEST(expect_value(parse_answer("s SATISFIABLE\nv 1 2 0\n", 729)).model.max_var() == 2);  // not its storage

  // Satisfiable without a model (a solver run with -n) is no answer to decode,
  // except for a formula without variables; a literal and its negation are no model.
  // Said at the status line (it pointed past the end of the file).
  for (const auto& [text, line] : {std::pair{"s SATISFIABLE\n", 1u}, {"c cadical -n\ns SATISFIABLE\n", 2u},
                                   {"SAT\n", 1u}, {"c a\nc b\nSAT", 3u}, {"c x\n  s SATISFIABLE\n", 2u}}) {
    const Diagnostic d = expect_diagnostic(parse_answer(text));
    BOOST_TEST(d.message.find("gives no model") != std::string::npos, d.message);
    BOOST_TEST(d.where.line == line, text);
    BOOST_TEST(d.where.column == (text[2] == 'x' ? 3u : 1u), text);
  }
  // An empty model is one, said where it is.
  for (const auto& [text, line, column] : {std::tuple{"s SATISFIABLE\nv 0\n", 2u, 1u}, {"SAT\n  0\n", 2u, 3u},
                                           {"c bare\n0\n", 2u, 1u}}) {
    const Diagnostic d = expect_diagnostic(parse_answer(text));
    BOOST_TEST(d.message == "the model is empty: it sets none of the CNF's 729 variables", text);
    BOOST_TEST(d.where.line == line, text);
    BOOST_TEST(d.where.column == column, text);
  }
  // Text after a known status word is said at its column; an unknown word at its own.
  const Diagnostic extra = expect_diagnostic(parse_answer("s SATISFIABLE extra\nv 1 0\n"));
  BOOST_TEST(extra.message == "unexpected text after the status");
  BOOST_TEST(extra.where.line == 1u);
  BOOST_TEST(extra.where.column == 15u);
  const Diagnostic unknown = expect_diagnostic(parse_answer("s SATISFIED now\n"));
  BOOST_TEST(unknown.message.find("unknown status") != std::string::npos, unknown.message);
  BOOST_TEST(unknown.where.line == 1u);
  BOOST_TEST(unknown.where.column == 3u);
  BOOST_TEST((expect_value(parse_answer("s SATISFIABLE\nv 0\n", 0)).verdict == Verdict::sat));
  BOOST_TEST((expect_value(parse_answer("s SATISFIABLE\n", 0)).verdict == Verdict::sat));  // cadical -n, V = 0
  // Errors of the model as a whole are said where it is: its first line,
  // or the end of its last literal.
  struct Where {
    const char* text;
    std::uint64_t line, column;
    const char* message;
  };
  for (const Where& w : {Where{"s UNSATISFIABLE\nv 1 0\nc a\nc b\n", 2, 1, "a model with a status other than"},
                         Where{"c x\n  v 1 0\nc y\nc z\n", 2, 3, "'v' lines without an 's' status line"},
                         Where{"s SATISFIABLE\nv 1 2 33\n", 2, 9, "the model ends without its closing 0"},
                         Where{"SAT\n1 -2\nc end\n", 2, 5, "the model ends without its closing 0"},
                         // An answer holds one model: literals after its
                         // closing 0 are refused where they start (they
                         // were merged into the model).
                         Where{"s SATISFIABLE\nv 1 -2 0\nv 3 0\n", 3, 3, "'3' after the model's closing 0 (an"},
                         Where{"s SATISFIABLE\nv 1 0\nv -2\n", 3, 3, "'-2' after the model's closing 0"},
                         Where{"SAT\n1 -2 0 4 0\n", 2, 8, "'4' after the model's closing 0"},
                         Where{"1 -2 0\n3\n", 2, 1, "'3' after the model's closing 0 (an answer holds one model; "
                                                    "lines of clauses, as in a DRAT proof, are not one)"},
                         Where{"1 -2 0 0\n", 1, 8, "'0' after the model's closing 0"}}) {
    const Diagnostic d = expect_diagnostic(parse_answer(w.text));
    BOOST_TEST(d.where.line == w.line, w.text);
    BOOST_TEST(d.where.column == w.column, w.text);
    BOOST_TEST(d.message.find(w.message) != std::string::npos, d.message);
  }
  // A model cut short (no closing 0) is no answer either, in any of the
  // three forms (a bare list was decoded as it was).
  for (const char* text : {"s SATISFIABLE\nv 1 -2\n", "SAT\n1 -2\n", "1 -2\n"}) {
    const Diagnostic d = expect_diagnostic(parse_answer(text));
    BOOST_TEST(d.message == "the model ends without its closing 0 (is the file cut short?)", text);
  }
  BOOST_TEST(expect_value(parse_answer("1 -2 0\n")).model.assigned() == 2u);
  const Diagnostic both = expect_diagnostic(parse_answer("s SATISFIABLE\nv 1 2\nv -1 0\n"));
  BOOST_TEST(both.message == "literal -1 contradicts 1 earlier in the model");
  BOOST_TEST(both.where.line == 3u);
  BOOST_TEST(both.where.column == 3u);
  // Cut in the middle of its last number, a model may end on a literal
  // against an earlier one (MiniSat's "-7 ... -78 79 0" cut to "-7 ... -78 7"):
  // cut short, as it is (it said "literal 7 contradicts -7").
  for (const char* text : {"SAT\n-7 -78 7", "SAT\n-7 -78 7\n", "s SATISFIABLE\nv -7 -78\nv 7\n"}) {
    const Diagnostic d = expect_diagnostic(parse_answer(text));
    BOOST_TEST(d.message == "the model ends without its closing 0 (is the file cut short?)", text);
  }
  for (const char* text : {"SAT\n-7 -78 7 0\n", "SAT\n-7 -78 7 9\n", "s SATISFIABLE\nv -7 -78 7\nv 9 0\n"}) {
    const Diagnostic d = expect_diagnostic(parse_answer(text));
    BOOST_TEST(d.message == "literal 7 contradicts -7 earlier in the model", text);
    BOOST_TEST(d.where.column == (text[0] == 's' ? 10u : 8u), text);
  }
  // A compressed answer or CNF is said to be one, with the command that
  // unpacks it (it was "unexpected byte 0x1F: a solver's answer is text").
  const std::string binary("\x00\x01\xff\x10 9 0\n", 8);
  const std::pair<std::string, std::string> packed[] = {
      {"\x1f\x8b\x08" + binary, "a gzip-compressed file, not a solver's answer: decompress it first (zcat FILE |"},
      {"\xfd" "7zXZ" + binary, "an xz-compressed file, not a solver's answer: decompress it first (xzcat FILE |"},
      {"\x28\xb5\x2f\xfd" + binary, "a zstd-compressed file, not a solver's answer: decompress it first (zstdcat"},
      {"BZh91AY&SY" + binary, "a bzip2-compressed file, not a solver's answer: decompress it first (bzcat FILE |"},
      {"PK\x03\x04" + binary, "a zip archive, not a solver's answer: unzip it first (unzip -p FILE |"}};
  for (const auto& [text, message] : packed) {
    const Diagnostic answer = expect_diagnostic(parse_answer(text));
    BOOST_TEST(answer.str().starts_with("t.out:1:1: this is " + message), answer.str());
    std::string as_cnf = message;
    as_cnf.replace(as_cnf.find("a solver's answer"), 17, "a CNF");
    const Diagnostic header = expect_diagnostic(parse_header(text));
    BOOST_TEST(header.str().starts_with("t.cnf:1:1: this is " + as_cnf), header.str());
  }
  // Also where a blank ends the signature's token before any control byte
  // (zstd's frame size 0x0A or 0x20 right after its magic; a bzip2 checksum).
  for (const std::string& text : {std::string("\x28\xb5\x2f\xfd\x0a\x01", 6), std::string("\x28\xb5\x2f\xfd rest"),
                                 std::string("BZh91AY&SY ce\x8a")})
    BOOST_TEST(expect_diagnostic(parse_answer(text)).message.find("-compressed file, not a solver's answer") !=
               std::string::npos);
  // Comments anywhere in a bare list, and a byte order mark before the first line.
  BOOST_TEST(expect_value(parse_answer("c from a script\n1 -2\nc more\n-3 0\n")).model.assigned() == 3u);
  BOOST_TEST(expect_value(parse_answer("\xEF\xBB\xBFs SATISFIABLE\nv 1 0\n")).model.value(1) == 1);
  const std::string cnf = cnf_text(grid_of("1..4..1..4..3..2", 4), {Encoding::natural, AmoMethod::pairwise, Reduction::none});
  BOOST_TEST(std::holds_alternative<CnfHeader>(parse_header("\xEF\xBB\xBF" + cnf)));
  BOOST_TEST(std::holds_alternative<CnfFormula>(parse_cnf("\xEF\xBB\xBF" + cnf)));
}

namespace {

// `text`, then a read that fails as libstdc++'s file buffer fails: errno
// set (EIO; ENOMEM as malloc sets it when a line outgrows memory) and
// std::ios_base::failure thrown, or std::bad_alloc.
class FailingBuffer : public std::streambuf {
 public:
  FailingBuffer(std::string text, int error) : text_(std::move(text)), error_(error) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }

 protected:
  int_type underflow() override {
    errno = error_;
    if (error_ == ENOMEM) throw std::bad_alloc();
    throw std::ios_base::failure("read failed", std::error_code(error_, std::system_category()));
  }

 private:
  std::string text_;
  int error_;
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_failed_read_is_no_end_of_file) {
  // Each reader took a failed stream (badbit) for the end of the file: an
  // answer read 'unknown', a header 'ends before the p line'.
  const std::string cnf = cnf_text(grid_of("1..4..1..4..3..2", 4), {Encoding::natural, AmoMethod::pairwise, Reduction::none});
  const std::string header = cnf.substr(0, cnf.find("p cnf"));
  auto message = [](auto read) {
    try {
      read();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no InputError");
  };
  for (const std::string& text : {std::string(), std::string("s SATISFIABLE\nv 1 -2 "), std::string("c hello\n")}) {
    BOOST_TEST_CONTEXT(text) {
      FailingBuffer buffer(text, EIO);
      std::istream in(&buffer);
      BOOST_TEST(message([&] { (void)read_solver_output(in, "t.out", 729); }) == "t.out: cannot read: Input/output error");
    }
  }
  {
    FailingBuffer buffer(header, EIO);
    std::istream in(&buffer);
    BOOST_TEST(message([&] { (void)read_cnf_header(in, "t.cnf"); }) == "t.cnf: cannot read: Input/output error");
  }
  {
    FailingBuffer buffer(cnf.substr(0, cnf.size() - 3), EIO);
    std::istream in(&buffer);
    BOOST_TEST(message([&] { (void)read_dimacs(in, "t.cnf"); }) == "t.cnf: cannot read: Input/output error");
  }
  // A line that outgrows memory (std::getline turns bad_alloc into badbit).
  FailingBuffer buffer(header + "c " + std::string(1000, 'x'), ENOMEM);
  std::istream in(&buffer);
  BOOST_TEST(message([&] { (void)read_cnf_header(in, "t.cnf"); }) ==
             "t.cnf:9: cannot read: out of memory (a line longer than memory allows)");
}

BOOST_AUTO_TEST_CASE(answers_are_read_without_holding_a_line) {
  // A control byte is refused where it stands: /dev/zero was read a line
  // at a time until memory ran out, then taken for an empty answer (the
  // command-line test reads /dev/zero itself, under a memory limit).
  BOOST_TEST(expect_diagnostic(parse_answer(std::string(1 << 20, '\0'))).str() ==
             "t.out:1:1: unexpected byte 0x00: a solver's answer is text");
  BOOST_TEST(expect_diagnostic(parse_answer("s SATISFIABLE\nv 1 -2\x01 0\n")).str() ==
             "t.out:2:7: unexpected byte 0x01: a solver's answer is text");
  // A token is held up to 24 bytes: longer ones are no literal and no status.
  BOOST_TEST(expect_diagnostic(parse_answer("v 1 " + std::string(30, '7') + " 0\n")).str() ==
             "t.out:1:5: '" + std::string(24, '7') + "...' is not a literal");
  BOOST_TEST(expect_diagnostic(parse_answer("s " + std::string(30, 'S') + "\n")).where.column == 3u);
  // Blanks and comments of any length cost no memory; the columns stay right.
  const std::string blanks(1 << 20, ' ');
  const SolverAnswer a = expect_value(parse_answer("c" + blanks + "x\ns SATISFIABLE\nv" + blanks + "1 -2 0\n"));
  BOOST_TEST(a.model.assigned() == 2u);
  BOOST_TEST(expect_diagnostic(parse_answer("s SATISFIABLE\nv" + blanks + "1 x 0\n")).where.column ==
             blanks.size() + 4);
  // A lone part of a byte order mark is junk, a whole one is no part of the line.
  BOOST_TEST(expect_diagnostic(parse_answer("\xEF\xBBs SATISFIABLE\n")).str() ==
             "t.out:1:1: unexpected byte 0xEF: a solver's answer is text");
  BOOST_TEST(expect_value(parse_answer("\xEF\xBB\xBF  1 -2 0\n")).model.assigned() == 2u);
}

BOOST_AUTO_TEST_CASE(decoding_reports_cells_without_one_digit) {
  const Grid p = grid_of("1...............", 4);
  const Encoder enc(p, {Encoding::natural, AmoMethod::pairwise, Reduction::none});
  const VarMap& map = enc.map();
  Model m;
  const std::string sol = "1234341221434321";
  for (int cell = 0; cell < 16; ++cell) m.set(map.var(cell, sol[static_cast<std::size_t>(cell)] - '0'));
  BOOST_TEST(decode(enc, m).problems.empty());
  BOOST_TEST(!verify(p, decode(enc, m).grid));
  m.set(map.var(5, 2));          // cell 5 holds 4 and 2
  m.set(-map.var(9, 1));         // cell 9 holds nothing
  const Decoded d = decode(enc, m);
  BOOST_REQUIRE(d.problems.size() == 2u);
  BOOST_TEST(d.problems[0].cell == 5);
  BOOST_TEST(d.problems[0].digits == (std::vector<int>{2, 4}));
  BOOST_TEST(d.problems[1].cell == 9);
  BOOST_TEST(d.problems[1].digits.empty());
  BOOST_TEST(d.grid.at(5) == 0);
  BOOST_TEST(d.grid.at(9) == 0);
  BOOST_TEST(d.grid.at(0) == 1);
}

namespace {

struct External {
  const char* name;
  // Shell command reading `cnf` and leaving the answer in `out`.
  std::string command(const fs::path& cnf, const fs::path& out) const {
    auto quote = [](const fs::path& p) {
      std::string q(1, '\'');
      q.append(p.string());
      q.push_back('\'');
      return q;
    };
    const std::string c = quote(cnf), o = quote(out);
    if (std::string(name) == "cadical") return "cadical -q " + c + " > " + o + " 2>/dev/null";
    if (std::string(name) == "minisat") return "minisat -verb=0 " + c + " " + o + " > /dev/null 2>&1";
    return "picosat " + c + " > " + o + " 2>/dev/null";
  }
};

bool have(const char* program) {
  return std::system(("command -v " + std::string(program) + " > /dev/null 2>&1").c_str()) == 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(debian_solvers_agree_with_the_native_solver) {
  const External solvers[] = {{"cadical"}, {"minisat"}, {"picosat"}};
  for (const auto& s : solvers) BOOST_REQUIRE_MESSAGE(have(s.name), s.name << " is not installed");

  const Grid euler = euler_first();
  const Grid big = tokens_board(test::shared_data() / "large" / "sudoku-16-1.txt", 16);
  auto native = make_native_solver();
  // No solution, no clash: Euler's first grid with one more, wrong clue.
  const Result er = native->solve(euler, {});
  BOOST_REQUIRE(er.status == Status::solved);
  Grid none = euler;
  for (int cell = 0; cell < 81 && none == euler; ++cell) {
    if (euler.at(cell)) continue;
    for (int d = 1; d <= 9; ++d) {
      if (d == er.solutions[0].at(cell)) continue;
      none.set(cell, d);
      if (!find_clash(none)) break;
      none.set(cell, 0);
    }
  }
  BOOST_REQUIRE(!(none == euler));

  const test::ScratchDir scratch("dimacs");
  const fs::path& dir = scratch.dir;
  for (const Grid* puzzle : std::vector<const Grid*>{&euler, &big, &none}) {
    Limits limits;
    limits.max_solutions = 2;
    const Result expected = native->solve(*puzzle, limits);
    BOOST_REQUIRE(expected.exhausted);
    BOOST_REQUIRE(expected.solutions.size() <= 1u);
    for (const auto& e : encodings())
      for (AmoMethod m : {AmoMethod::pairwise, AmoMethod::product})
        for (Reduction r : {Reduction::none, Reduction::clues, Reduction::propagate}) {
          const fs::path cnf = dir / "p.cnf";
          {
            std::ofstream out(cnf, std::ios::binary);
            write_dimacs(*puzzle, {e.encoding, m, r}, out);
          }
          std::ifstream in_header(cnf);
          const CnfHeader header = expect_value(read_cnf_header(in_header, cnf.string()));
          for (const auto& s : solvers) {
            BOOST_TEST_CONTEXT(puzzle->size() << " " << e.name << "/" << to_string(m) << "/" << to_string(r)
                                              << " " << s.name) {
              const fs::path out = dir / "p.out";
              fs::remove(out);
              const int status = std::system(s.command(cnf, out).c_str());
              BOOST_REQUIRE(WIFEXITED(status));
              std::ifstream in(out);
              const SolverAnswer answer = expect_value(read_solver_output(in, out.string(), header.variables));
              if (expected.solutions.empty()) {
                BOOST_TEST((answer.verdict == Verdict::unsat));
              } else {
                BOOST_REQUIRE((answer.verdict == Verdict::sat));
                const Decoded d = decode(header, answer.model);
                BOOST_TEST(d.problems.empty());
                BOOST_TEST((d.grid == expected.solutions[0]));
              }
            }
          }
        }
  }
}
