// satdoku/encoding.hpp - Sudoku as CNF: the encoding table and the encoder.
//
// Every encoding is a list of clause families over the primary variables of
// VarMap (plus triad variables for `triads`); the table below declares each
// one once, and `--encoding` choices, help text, `satdoku encodings`, the
// tests and the benchmarks all come from it.
//
//   encoding  families                                   unit propagation reaches
//   minimal   cell-alo, unit-amo                         naked singles (see below)
//   natural   cell-alo, cell-amo, unit-amo               naked singles
//   extended  cell-alo, cell-amo, unit-amo, unit-alo     + hidden singles
//   triads    cell-alo, cell-amo, triad-def, triad-amo,  + hidden singles and
//             triad-unit                                 locked candidates
//
// Sizes for an empty 9x9 board with pairwise at-most-one: minimal 729
// variables / 8,829 clauses, natural 729 / 11,745, extended 729 / 11,988,
// triads 1,215 / 7,695.  encoding_size() gives them for any N and method.
//
// Clues are handled by a Reduction:
//   none       clues become unit clauses;
//   clues      Kwon & Jain's optimised encoding: the variables a clue decides
//              (the other digits of its cell, its digit in the peers) are
//              fixed and left out, satisfied clauses are dropped and false
//              literals deleted;
//   propagate  the same, continued to a fixpoint by the unit propagation of
//              the encoding's clauses (every cell that gets a digit is treated
//              like a clue).  A conflict gives a formula with only the empty
//              clause.
// Reduced formulas keep every variable number, so a model decodes the same
// way; the fixed values are recomputed from the puzzle (Encoder::fixed()).
// With `clues` only primary variables are fixed (triad variables stay, and
// the reduced triad definitions may leave unit clauses for them); with
// `propagate` and `probe` triad variables are fixed too.  For `minimal`, which has no
// cell at-most-one clauses, a cell that gets a digit still loses its other
// digits (sound: in every model of `minimal` each cell holds one digit).
// At-most-one groups are encoded over their remaining literals only.
//
//   satdoku::Encoder encoder(puzzle, {.encoding = satdoku::Encoding::extended});
//   satdoku::ClauseBuffer clauses;
//   satdoku::EncodeReport r = encoder.emit(clauses);   // r.variables, r.clauses
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "satdoku/amo.hpp"
#include "satdoku/clause_sink.hpp"
#include "satdoku/grid.hpp"
#include "satdoku/varmap.hpp"

namespace satdoku {

enum class Encoding { minimal, natural, extended, triads };

// Clause families.  "unit" means each row, column and box.
enum class Family {
  cell_alo,    // each cell holds at least one digit: N^2 clauses of N literals
  cell_amo,    // each cell holds at most one digit: N^2 AMO groups of N
  unit_amo,    // each digit at most once per unit: 3N^2 AMO groups of N
  unit_alo,    // each digit at least once per unit: 3N^2 clauses of N literals
  triad_def,   // triad t <-> (x1 | ... | xk) over its segment: x -> t, t -> OR
  triad_amo,   // at most one cell of a segment holds the digit
  triad_unit,  // exactly one triad per row, column and box (box: its row
               // triads and its column triads) and digit
};
std::string_view to_string(Family family);
// One line: what the family says.
std::string_view describe(Family family);

// Size of a formula or a part of one.
struct FormulaSize {
  std::uint64_t variables = 0;  // primary + auxiliary
  std::uint64_t clauses = 0;
  std::uint64_t aux = 0;        // auxiliary only
};

// One row of the encoding table.
struct EncodingInfo {
  Encoding encoding;
  std::string_view name;          // as on the command line
  std::string_view summary;       // one line
  std::span<const Family> families;
  std::string_view size_formula;  // variables and clauses as formulas of N, R, C, a(n)
  std::string_view propagation;   // the human techniques unit propagation performs
};

// The table, in declaration order.
std::span<const EncodingInfo> encodings();
const EncodingInfo& info(Encoding encoding);
std::string_view to_string(Encoding encoding);
std::optional<Encoding> parse_encoding(std::string_view name);
std::string encoding_names();  // "minimal, natural, extended, triads"

// Size of one family, and of a whole encoding, for an empty board of shape
// `geometry` (no clues) with `amo` for every at-most-one group.  Triad
// variables: N^2 (R + C), numbered first among the auxiliaries.
FormulaSize family_size(Family family, const Geometry& geometry, AmoMethod amo);
FormulaSize encoding_size(Encoding encoding, const Geometry& geometry, AmoMethod amo);

// `probe` is `propagate`, then failed-literal probing to a fixpoint: every
// candidate x(cell, digit) of a cell with at most kProbeCellLimit candidates
// left is assumed and unit-propagated, and one whose propagation conflicts
// is false (its negation follows from the clauses); rounds repeat until one
// finds nothing.  The fixpoint does not depend on the order (a failed
// literal stays failed as the assignment grows, and cells only lose
// candidates).  Every fact it fixes follows from the formula, so the models
// are the same.  Boards up to kProbeMaxSize (UsageError above).
enum class Reduction { none, clues, propagate, probe };
// Probing the cells with few candidates finds nearly everything probing all
// of them does, at a fraction of the cost (benchmarks/RESULTS.md).
inline constexpr int kProbeCellLimit = 3;
// The largest board side `probe` works on: it propagates with one 64-bit
// mask per group (read_cnf_header rejects a header that asks for more).
inline constexpr int kProbeMaxSize = 64;
// Why `probe` cannot reduce an n x n board (n > kProbeMaxSize): "the probe
// reduction works on boards up to 64x64, not 81x81", as the encoder and
// read_cnf_header say it (the encoder's UsageError adds, in the command
// line's words, "use --reduce propagate": Reduction::propagate).
std::string probe_size_problem(int n);
std::string_view to_string(Reduction reduction);
std::optional<Reduction> parse_reduction(std::string_view name);
std::string reduction_names();  // "none, clues, propagate, probe"
// One line per reduction, for help texts.
std::string_view describe(Reduction reduction);

struct EncodeOptions {
  Encoding encoding = Encoding::natural;
  std::optional<AmoMethod> amo = std::nullopt;  // nullopt: default_amo(N)
  Reduction reduction = Reduction::none;
};

// What an emitted formula contains.
struct EncodeReport {
  std::uint64_t variables = 0;      // the highest variable number used (DIMACS V)
  std::uint64_t clauses = 0;        // DIMACS C
  std::uint64_t aux = 0;            // auxiliary variables allocated (triads + AMO)
  std::uint64_t fixed_primary = 0;  // primary variables fixed by the reduction
  bool solved = false;              // the reduction alone gave every cell a digit
  // The formula holds the empty clause: the reduction found a contradiction,
  // or (Reduction::clues) a clause lost every literal to the clues.
  bool conflict = false;
};

// Encodes one puzzle.  The constructor does the reduction (the cheap part,
// O(N^3) time and one byte per variable); emit() streams the clauses and
// can be called any number of times with the same result (so a writer can
// count first, then write).  Threads: an Encoder does not change after its
// constructor, so its const calls may run on several threads at once, and
// Encoders on different threads are independent (the working memory of the
// reduction and the emission is per thread, the per-shape tables are
// shared under a lock).
class Encoder {
 public:
  // Precondition: every clue of `puzzle` is 0..N.  Clashing clues are no
  // error: the formula is then unsatisfiable.  Throws UsageError when the
  // variables would pass INT_MAX (checked here for Reduction::none, whose
  // size encoding_size() gives), or for Reduction::probe on a board above
  // kProbeMaxSize.  Reduced, at-most-one helper variables are numbered only
  // as emit() writes them: helpers that would pass INT_MAX make emit() and
  // count() throw, not the constructor.
  Encoder(const Grid& puzzle, EncodeOptions options = {});
  ~Encoder();
  // A moved-from Encoder may only be destroyed or assigned to.
  Encoder(Encoder&&) noexcept;
  Encoder& operator=(Encoder&&) noexcept;

  // Emits every clause to `sink` and says how many.  Throws UsageError when
  // the at-most-one helper variables would pass INT_MAX (after emitting the
  // clauses before that point), and whatever `sink` throws.  Re-entrant:
  // `sink` may emit or count another Encoder, or construct one (with
  // Reduction::probe the constructor emits), from add_clause; this
  // emission's clauses are the same as without.
  EncodeReport emit(ClauseSink& sink) const;
  // emit() into a counter: the exact size without storing anything.  Throws
  // the same UsageError as emit().
  EncodeReport count() const;

  const Grid& puzzle() const;
  const VarMap& map() const;
  // The options, with the AMO method resolved.
  EncodeOptions options() const;
  AmoMethod amo() const;
  // Reduction results (available without emitting).
  std::uint64_t fixed_primary() const;
  bool solved() const;
  bool conflict() const;
  // +1 / -1 when the reduction fixed primary variable `var` true / false,
  // 0 when it is in the formula (always 0 with Reduction::none).
  int fixed(int var) const;
  // Like fixed(), for every variable the reduction can fix: primary
  // variables and, with encoding triads, triad variables (fixed only by
  // Reduction::propagate and Reduction::probe).  0 for at-most-one helpers and numbers out of
  // range.  Lets a caller filter the encoding's clauses itself.
  int assigned(int var) const;
  // The digit the reduction put in `cell` (a clue, or one unit propagation
  // found), 0 when none, with Reduction::none, or `cell` out of range: the
  // d with fixed(map().var(cell, d)) > 0, in O(1).  Reads a solved grid (or
  // the fixed cells) without asking fixed() for all N^3 variables.  Not
  // meaningful after a conflict.
  int digit_of_cell(int cell) const;
  // Triad variables (encoding triads only, else 0): row-segment triad "digit
  // in row r, box column bc (0..R-1)", column-segment triad "digit in column
  // c, box row br (0..C-1)"; both in N^3+1 .. N^3+N^2(R+C).  Throws
  // UsageError, naming the function, for a line, box or digit out of range.
  int row_triad(int row, int box_col, int digit) const;
  int column_triad(int col, int box_row, int digit) const;

 struct Impl;  // the reduction state (encoding.cpp); not part of the API

 private:
  std::unique_ptr<Impl> impl_;
};

// Shorthand: Encoder(puzzle, options).emit(sink).
EncodeReport encode(const Grid& puzzle, const EncodeOptions& options, ClauseSink& sink);

namespace detail {
// For the tests only: in the calling thread, Reduction::propagate uses on
// boards of every size the counter propagation of boards over 64x64 (smaller
// boards normally propagate with bit masks), so that the tests can check it
// against plain unit propagation on boards small enough for that.
void counter_propagation_for_tests(bool on);
}  // namespace detail

}  // namespace satdoku
