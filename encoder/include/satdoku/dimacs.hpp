// satdoku/dimacs.hpp - CNF files in DIMACS format and the answers of SAT
// solvers: writing (streamed), reading, and decoding a model into a Grid.
//
// A CNF file written by satdoku describes itself in its header comments, so
// that a model can be decoded from the CNF file alone:
//
//   c satdoku 0.1.0 CNF
//   c board 9x9 box 3x3
//   c puzzle 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//   c encoding natural
//   c amo pairwise
//   c reduction none
//   c varmap x(r,c,d) = 81*r + 9*c + d + 1 (r, c, d from 0)
//   c primary 729 auxiliary 0 fixed 0 solved no conflict no
//   p cnf 729 11762
//
// The puzzle line holds N*N symbols (1-9, A-Z, '.' empty) for N <= 35,
// otherwise N*N numbers separated by spaces (0 empty).  Readers return a
// Diagnostic with file:line:col for malformed content and never throw for it;
// a stream that fails (a read error, a line longer than memory allows) is no
// end of the file: they throw InputError ("FILE: cannot read: ...").
//
//   satdoku::write_dimacs(puzzle, options, std::cout);            // encode
//   auto header = satdoku::read_cnf_header(cnf_stream, "p.cnf");  // decode ...
//   const auto& cnf = std::get<satdoku::CnfHeader>(header);
//   auto answer = satdoku::read_solver_output(out_stream, "p.out", cnf);
//   auto decoded = satdoku::decode(cnf, std::get<satdoku::SolverAnswer>(answer).model);
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "satdoku/clause_sink.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"
#include "satdoku/grid.hpp"
#include "satdoku/verdict.hpp"

namespace satdoku {

// The version written into headers ("0.1.0").
std::string_view generator_version();

// Writes clauses as DIMACS lines ("1 -2 0\n") into an internal buffer that is
// flushed to the stream in large blocks; integers are formatted by hand.
// The caller writes the header first (comment() for each of
// header_comments(), then problem()), then the clauses, and calls finish()
// last.  A literal 0 or INT_MIN throws UsageError naming the function; that
// the clauses match the p line's count is the caller's to ensure (the
// header may come from a count, with the body written apart: write_dimacs).
class DimacsWriter final : public ClauseSink {
 public:
  // The stream must outlive the writer.
  explicit DimacsWriter(std::ostream& out);
  ~DimacsWriter() override;  // flushes, never throws
  DimacsWriter(const DimacsWriter&) = delete;
  DimacsWriter& operator=(const DimacsWriter&) = delete;

  // A comment line "c <text>"; UsageError when the text holds a line end.
  void comment(std::string_view text);
  // The problem line "p cnf V C".
  void problem(std::uint64_t variables, std::uint64_t clauses);
  void add_clause(std::span<const int> literals) override;
  // Flushes the buffer; throws OutputError when the stream failed.
  void finish();
  std::uint64_t bytes() const { return bytes_; }  // written so far

 private:
  void write(std::string_view text);  // every byte goes through here (and error_ is kept)
  void flush();
  std::ostream& out_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
  std::uint64_t bytes_ = 0;
  int error_ = 0;  // errno of the first failed write (a later flush may clear it)
};

// The header comment lines (without "c ") that describe an encoded puzzle.
std::vector<std::string> header_comments(const Encoder& encoder, const EncodeReport& report);

// Encodes `puzzle` and writes the whole CNF file (header comments, exact
// "p cnf V C", clauses).  Formulas of up to 2^20 clauses are formatted in
// memory in one pass; larger ones take two passes over the clause generator
// (count, then write) and store nothing.  Throws OutputError when the stream
// fails, UsageError as Encoder does.  With a `cancel` flag, both passes look
// at it every kCancelPollClauses clauses and throw Cancelled once it is
// raised: `out` then holds the file cut short (up to a clause boundary or
// not), which the caller discards.  The flag must outlive the call.
EncodeReport write_dimacs(const Grid& puzzle, const EncodeOptions& options, std::ostream& out,
                          const std::atomic<bool>* cancel = nullptr);
EncodeReport write_dimacs(const Encoder& encoder, std::ostream& out, const std::atomic<bool>* cancel = nullptr);
// How often write_dimacs() looks at its cancel flag: a few milliseconds of
// writing (an empty 144x144 board's 5 GB take about ten seconds).
inline constexpr std::uint64_t kCancelPollClauses = 4096;

// The cancel flag of write_dimacs() for a CNF written otherwise (the proof
// CNF of check --proof, which a SAT solver reads as it is written): passes
// clauses on to `inner` (null: drops them, for counting) and throws
// Cancelled once `cancel` (null: never) is raised, looking at it at the
// first clause and then every kCancelPollClauses clauses, so that a signal
// does not wait for a file of gigabytes to be complete.  The flag must
// outlive the sink.
class CancellableSink final : public ClauseSink {
 public:
  CancellableSink(ClauseSink* inner, const std::atomic<bool>* cancel) : inner_(inner), cancel_(cancel) {}
  void add_clause(std::span<const int> literals) override;

 private:
  ClauseSink* inner_;
  const std::atomic<bool>* cancel_;
  std::uint64_t countdown_ = 1;  // the first clause looks: the flag may be up already
};

// What a satdoku CNF header says.
struct CnfHeader {
  std::string generator;     // "satdoku 0.1.0"
  Grid puzzle;               // board shape and clues
  EncodeOptions options;     // encoding, method (always set), reduction
  std::uint64_t variables = 0;  // from "p cnf"
  std::uint64_t clauses = 0;
  // From the "c primary ..." line (false when it is missing): the
  // reduction gave every cell a digit (the CNF is satisfiable), or the
  // puzzle's clauses hold the empty clause (it is not).  A proof CNF's last
  // clause, "not this solution", is not counted: for a full grid it is the
  // empty clause under 'conflict no'.
  bool solved = false;
  bool conflict = false;
  // A proof CNF of `check --proof` ("c solution" line): the solution whose
  // last clause forbids it, so unsatisfiable means the puzzle is unique.
  std::optional<Grid> excluded;
  std::uint64_t p_line = 0;  // the line of "p cnf": the clauses follow it
};

// Reads the comment lines and the "p cnf" line of a CNF file (stops after
// the p line).  A Diagnostic when the header is missing a satdoku line, has
// an unknown encoding, a puzzle of the wrong length, a foreign variable map...
// A line is held up to kMaxHeaderLineLength bytes, so that memory stays
// bounded whatever the file: the rest of a longer comment is skipped unread
// (comments are only looked at for satdoku's own lines), while a longer
// line of satdoku's header ('c puzzle ...'), or one that is no comment
// before the p line, is a Diagnostic at its line.
std::variant<CnfHeader, Diagnostic> read_cnf_header(std::istream& in, const std::string& name);
// The longest line read_cnf_header reads: 8 MiB, as the puzzle reader's
// kMaxLineLength.  satdoku's longest header lines are 'c puzzle' and 'c
// solution', N*N numbers for N > 35: about 0.6 MB for a full 400x400 board
// and 4.1 MB for a full 1024x1024 one, the largest board (2.1 MB empty).
inline constexpr std::size_t kMaxHeaderLineLength = std::size_t{8} << 20;

// A whole DIMACS CNF file.
struct CnfFormula {
  std::uint64_t variables = 0;  // declared V
  std::uint64_t declared_clauses = 0;
  ClauseBuffer clauses;
};
// Strict reader: "c" lines are skipped wherever they are; one "p cnf V C"
// line before the first clause; literals within +-V; every clause ended by
// 0; exactly C clauses.  A Diagnostic (file:line:col) for the first defect.
std::variant<CnfFormula, Diagnostic> read_dimacs(std::istream& in, const std::string& name);

class Model;
// Reads the clauses that follow a CNF's header, from the stream that
// read_cnf_header() left after the p line, and checks each against `model`.
// A clause none of whose literals the model makes true (a literal it leaves
// out counts as not true) is a Diagnostic at the clause's first literal,
// with `false_clause` set; a body that breaks read_dimacs()'s rules (a
// literal beyond V, a clause not ended by 0, other than C clauses) is a
// Diagnostic without it, as is a binary byte (the body is read a token at a
// time, holding no line, as read_solver_output() reads).  Throws InputError
// when a read fails.
struct ClauseCheck {
  std::optional<Diagnostic> problem;
  bool false_clause = false;
  std::uint64_t clauses = 0;  // clauses read, up to the problem
};
ClauseCheck check_model_clauses(std::istream& in, const std::string& name, const CnfHeader& header, const Model& model);

// A (partial) assignment: value(var) is +1, -1 or 0 (not given).
class Model {
 public:
  // Records literal `lit` as true; a later set(-lit) makes it false (the
  // last word counts: read_solver_output() refuses such a model before).
  // Throws UsageError, naming the function, for 0 and INT_MIN.
  void set(int lit);
  int value(int var) const {
    return var >= 1 && static_cast<std::size_t>(var) < values_.size() ? values_[static_cast<std::size_t>(var)] : 0;
  }
  int max_var() const { return max_var_; }  // the highest variable given (0: none)
  bool empty() const { return assigned_ == 0; }
  std::uint64_t assigned() const { return assigned_; }

 private:
  std::vector<std::int8_t> values_;
  int max_var_ = 0;
  std::uint64_t assigned_ = 0;
};

struct SolverAnswer {
  Verdict verdict = Verdict::unknown;
  Model model;  // with Verdict::sat
};

// Reads a SAT solver's answer in any of:
//  * SAT-competition output: "c" comment lines, "s SATISFIABLE" /
//    "s UNSATISFIABLE" / "s UNKNOWN", "v" lines of literals ending with 0;
//  * MiniSat's result file: "SAT" then a line of literals ending with 0,
//    "UNSAT", or "INDET";
//  * a bare list of literals (sat) ending with 0.
// Empty input is `unknown`.  Malformed content gives a Diagnostic with
// file:line:col, and so does a literal beyond `variables` (the CNF's declared
// count: the model never holds more than the formula has), and a model of
// any form without its closing 0 (a file cut short), and a literal after
// that 0 (an answer holds one model).  The answer is read a
// token at a time, holding no line (minisat writes a model on one line: a
// 400x400 board's has 64M literals); a control byte (NUL, as in /dev/zero)
// is an error at its column, and a token is held up to 24 bytes (longer
// ones are no literal or status word).  Throws InputError when a read fails.
std::variant<SolverAnswer, Diagnostic> read_solver_output(std::istream& in, const std::string& name,
                                                          std::uint64_t variables);
// The same for a satdoku CNF: a model may name every variable of the
// header's encoding before reduction (a reduced CNF keeps the numbers, so a
// model of the full formula, or of another reduction, decodes the same
// way); `header.variables` still decides whether an empty model is one.
std::variant<SolverAnswer, Diagnostic> read_solver_output(std::istream& in, const std::string& name,
                                                          const CnfHeader& header);

// A cell that the model did not give exactly one digit.
struct CellProblem {
  int cell = -1;
  std::vector<int> digits;  // true digits: none, or several
};

// A digit of a cell that a model sets against the value the reduction
// fixed: true where the reduction made it false, or false where it made it
// true.
struct FixedContradiction {
  int cell = -1;
  int digit = 0;
  bool fixed_true = false;  // the reduction's value
};

struct Decoded {
  Grid grid;                          // problem cells left empty
  std::vector<CellProblem> problems;  // empty when every cell has one digit
  // decode(CnfHeader, ...) only.  For a model that names a variable beyond
  // the CNF's count (a model of the formula before the reduction, which
  // implies every value the reduction fixed, so that any value set against
  // one shows a model of another formula): every such value.  Otherwise,
  // when cells have no digit or several (no model of this CNF, whose
  // clauses give each cell one digit once the fixed values are added):
  // those in such cells, the likely reason.  (A model of the reduced CNF
  // itself gives the variables it lacks whatever value, so nothing more is
  // asked of it.)  In cell order, then digit order.
  std::vector<FixedContradiction> against_fixed;
};

// Decodes `model` through the encoder's VarMap; variables the reduction
// fixed take their fixed value, variables the model does not give count as
// false.  Nothing is guessed: cells with zero or several digits are listed.
Decoded decode(const Encoder& encoder, const Model& model);
// Same, with the encoder rebuilt from a CNF header; also fills
// `against_fixed` (above).
Decoded decode(const CnfHeader& header, const Model& model);

}  // namespace satdoku
