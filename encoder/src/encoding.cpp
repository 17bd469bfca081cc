#include "satdoku/encoding.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "satdoku/error.hpp"
#include "satdoku/probing.hpp"
#include "triad_numbering.hpp"
#include "triads_9x9.hpp"

namespace satdoku {

using detail::TriadNumbering;
namespace {

constexpr std::array<Family, 2> kMinimal{Family::cell_alo, Family::unit_amo};
constexpr std::array<Family, 3> kNatural{Family::cell_alo, Family::cell_amo, Family::unit_amo};
constexpr std::array<Family, 4> kExtended{Family::cell_alo, Family::cell_amo, Family::unit_amo,
                                          Family::unit_alo};
constexpr std::array<Family, 5> kTriads{Family::cell_alo, Family::cell_amo, Family::triad_def,
                                        Family::triad_amo, Family::triad_unit};

const std::array<EncodingInfo, 4> kEncodings{{
    {Encoding::minimal, "minimal",
     "every cell holds a digit; each digit at most once per row, column and box (Lynce & Ouaknine)",
     kMinimal, "V = N^3 + 3N^2 h(N); C = N^2 + 3N^2 a(N)",
     "naked singles (a cell with one candidate left)"},
    {Encoding::natural, "natural", "minimal + each cell holds at most one digit", kNatural,
     "V = N^3 + 4N^2 h(N); C = N^2 + 4N^2 a(N)", "naked singles"},
    {Encoding::extended, "extended",
     "natural + each digit at least once per row, column and box (Lynce & Ouaknine)", kExtended,
     "V = N^3 + 4N^2 h(N); C = 4N^2 + 4N^2 a(N)", "naked singles, hidden singles"},
    {Encoding::triads, "triads",
     "cells exactly one digit; one variable per digit and row/column segment of a box "
     "(triad), exactly one triad per row, column and box",
     kTriads,
     "V = N^3 + N^2(R+C) + N^2 h(N) + N^2(R h(C) + C h(R)) + 2N^2(h(R) + h(C)); "
     "C = N^2 + N^2 a(N) + N^2(2N+R+C) + N^2(R a(C) + C a(R)) + 2N^2(2 + a(R) + a(C))",
     "naked singles, hidden singles, locked candidates (pointing and claiming)"},
}};

FormulaSize operator+(FormulaSize a, FormulaSize b) {
  return {a.variables + b.variables, a.clauses + b.clauses, a.aux + b.aux};
}

struct ReductionInfo {
  Reduction reduction;
  std::string_view name;
  std::string_view text;  // what describe() says
};

// In the enum's order: to_string() and describe() index it by the value.
constexpr std::array<ReductionInfo, 4> kReductions{{
    {Reduction::none, "none", "clues become unit clauses"},
    {Reduction::clues, "clues",
     "variables decided by a clue are left out, satisfied clauses dropped, false literals deleted "
     "(Kwon & Jain)"},
    {Reduction::propagate, "propagate",
     "clues, then unit propagation of the encoding to a fixpoint; fixed variables are left out"},
    {Reduction::probe, "probe",
     "propagate, then failed-literal probing to a fixpoint: a candidate whose unit propagation "
     "conflicts is false (boards up to 64x64)"},
}};
constexpr bool reductions_in_enum_order() {
  for (std::size_t i = 0; i < kReductions.size(); ++i)
    if (static_cast<std::size_t>(kReductions[i].reduction) != i) return false;
  return true;
}
static_assert(reductions_in_enum_order());

class NullSink final : public ClauseSink {
 public:
  void add_clause(std::span<const int>) override {}
};

// "a, b, c": the names `name_of` gives the entries of a table, for help
// texts.  (A loop, not std::views: clang, which builds the fuzz targets,
// rejects libstdc++ 12's ranges.)
template <class Table, class NameOf>
std::string comma_list(const Table& table, NameOf name_of) {
  std::string s;
  for (const auto& entry : table) {
    if (!s.empty()) s += ", ";
    s += name_of(entry);
  }
  return s;
}

}  // namespace

std::string_view to_string(Family family) {
  switch (family) {
    case Family::cell_alo: return "cell-alo";
    case Family::cell_amo: return "cell-amo";
    case Family::unit_amo: return "unit-amo";
    case Family::unit_alo: return "unit-alo";
    case Family::triad_def: return "triad-def";
    case Family::triad_amo: return "triad-amo";
    case Family::triad_unit: return "triad-unit";
  }
  return "?";
}

std::string_view describe(Family family) {
  switch (family) {
    case Family::cell_alo: return "each cell holds at least one digit";
    case Family::cell_amo: return "each cell holds at most one digit";
    case Family::unit_amo: return "each digit at most once per row, column and box";
    case Family::unit_alo: return "each digit at least once per row, column and box";
    case Family::triad_def:
      return "a triad is true iff its digit is in its segment (a box's part of a row or column)";
    case Family::triad_amo: return "each digit at most once per segment";
    case Family::triad_unit:
      return "each digit in exactly one triad per row, column and box (box: row and column triads)";
  }
  return "?";
}

std::span<const EncodingInfo> encodings() { return kEncodings; }
const EncodingInfo& info(Encoding encoding) { return kEncodings[static_cast<std::size_t>(encoding)]; }
std::string_view to_string(Encoding encoding) { return info(encoding).name; }

std::optional<Encoding> parse_encoding(std::string_view name) {
  for (const auto& e : kEncodings)
    if (e.name == name) return e.encoding;
  return std::nullopt;
}

std::string encoding_names() {
  return comma_list(kEncodings, [](const EncodingInfo& e) { return e.name; });
}

FormulaSize family_size(Family family, const Geometry& geometry, AmoMethod amo) {
  const std::uint64_t n = static_cast<std::uint64_t>(geometry.size());
  const std::uint64_t r = static_cast<std::uint64_t>(geometry.box().rows);
  const std::uint64_t c = static_cast<std::uint64_t>(geometry.box().cols);
  const std::uint64_t n2 = n * n;
  const AmoCost an = amo_cost(amo, n), ar = amo_cost(amo, r), ac = amo_cost(amo, c);
  auto aux_only = [](std::uint64_t clauses, std::uint64_t aux) { return FormulaSize{aux, clauses, aux}; };
  switch (family) {
    case Family::cell_alo: return aux_only(n2, 0);
    case Family::cell_amo: return aux_only(n2 * an.clauses, n2 * an.aux);
    case Family::unit_amo: return aux_only(3 * n2 * an.clauses, 3 * n2 * an.aux);
    case Family::unit_alo: return aux_only(3 * n2, 0);
    case Family::triad_def: return aux_only(n2 * (2 * n + r + c), n2 * (r + c));
    case Family::triad_amo:
      return aux_only(n2 * (r * ac.clauses + c * ar.clauses), n2 * (r * ac.aux + c * ar.aux));
    case Family::triad_unit:
      return aux_only(2 * n2 * (2 + ar.clauses + ac.clauses), 2 * n2 * (ar.aux + ac.aux));
  }
  return {};
}

FormulaSize encoding_size(Encoding encoding, const Geometry& geometry, AmoMethod amo) {
  const std::uint64_t n = static_cast<std::uint64_t>(geometry.size());
  FormulaSize total{n * n * n, 0, 0};
  for (Family f : info(encoding).families) total = total + family_size(f, geometry, amo);
  return total;
}

std::string_view to_string(Reduction reduction) {
  return kReductions[static_cast<std::size_t>(reduction)].name;
}

std::optional<Reduction> parse_reduction(std::string_view name) {
  for (const ReductionInfo& r : kReductions)
    if (r.name == name) return r.reduction;
  return std::nullopt;
}

std::string reduction_names() {
  return comma_list(kReductions, [](const ReductionInfo& r) { return r.name; });
}

std::string_view describe(Reduction reduction) {
  return kReductions[static_cast<std::size_t>(reduction)].text;
}

// ---------------------------------------------------------------------------
// The reduction
//
// Unit propagation runs over the clause families without building a clause.
// Variables are numbered as in VarMap; inside this file a primary variable
// is also named by (cell, k) with k = digit - 1, and a triad variable by its
// index t (variable N^3 + 1 + t), numbered as triad_numbering.hpp says.
//
// * Every clause that says "at least one of these" (cell-alo, unit-alo, the
//   long triad definition t -> x1 | ... | xk, and the at-least-one half of
//   triad-unit) has a counter of its literals that are not false, packed
//   with the sum of their positions in the group: when the count drops to 1
//   the sum is the position of the last open literal, so no scan is needed.
// * Every at-most-one group propagates by its meaning: a true literal makes
//   the others false.  Unit propagation of each at-most-one method does the
//   same and nothing more on the group's literals (its helpers are forced
//   only by a true literal), so one propagator serves every method; the
//   tests compare it with plain unit propagation of the emitted clauses for
//   every encoding and method.
// * The binary triad clauses x -> t: a true x makes t true, a false t makes
//   its cells false.
// Falsifying a primary variable updates its counters at once; newly true
// primary variables and every triad assignment wait on two small stacks.
// The fixpoint of unit propagation does not depend on the order.

struct Encoder::Impl {
  // A variable's value: +1 / -1 fixed, 0 free.  A byte, but not a character
  // type, so that writing one does not make the compiler reload everything.
  enum Value : std::int8_t {};

  Grid puzzle;
  EncodeOptions options;
  AmoMethod amo;
  VarMap map;
  int n, br, bc;            // N, box rows R, box columns C
  bool triads;
  int triad_count = 0;      // N^2 (R + C) with triads, else 0
  // The reduction's result, in one of two forms.  General: `state`, one
  // Value per variable.  Compact (Reduction::propagate or probe, N <= 64): `open`,
  // per cell the digits that are not false (bit k: digit k+1), and
  // `triad_state`, one Value per triad; value() reads either.
  bool compact = false;
  std::vector<Value> state;          // general: per variable (index 0 unused)
  std::vector<std::uint64_t> open;   // compact: per cell
  std::vector<Value> triad_state;    // compact: per triad index
  std::vector<std::uint16_t> digit;  // per cell: its true digit, 0 none (any reduction)
  std::uint64_t fixed_primary = 0;
  bool solved = false;
  bool conflict = false;
  bool probed = false;  // Reduction::probe done by the 9x9 triads propagation itself

  Impl(const Grid& p, EncodeOptions o)
      : puzzle(p),
        options(o),
        amo(o.amo ? *o.amo : default_amo(p.size())),
        map(p.size()),
        n(p.size()),
        br(p.geometry().box().rows),
        bc(p.geometry().box().cols),
        triads(o.encoding == Encoding::triads) {
    options.amo = amo;
    const long long n3 = static_cast<long long>(n) * n * n;
    if (triads) {
      const long long t = TriadNumbering{n, br, bc}.triad_count();
      if (n3 + t >= INT_MAX) throw UsageError("formula too large: more than 2^31-1 variables");
      triad_count = static_cast<int>(t);
    }
    // Unreduced, the size is known now: refused before any clause is made
    // (a reduced formula's helpers are fewer, and counted as they come).
    if (o.reduction == Reduction::none)
      if (const std::uint64_t v = encoding_size(o.encoding, p.geometry(), amo).variables; v > INT_MAX)
        throw UsageError("formula too large: encoding " + std::string(to_string(o.encoding)) + " with " +
                         std::string(to_string(amo)) + " at-most-one constraints has " + std::to_string(v) +
                         " variables on a " + std::to_string(n) + "x" + std::to_string(n) +
                         " board, more than 2^31-1");
    if (o.reduction != Reduction::none) reduce();
  }

  int row_triad(int row, int box_col, int digit) const {
    return map.primary_count() + 1 + TriadNumbering{n, br, bc}.row_triad(row, box_col, digit - 1);
  }
  int column_triad(int col, int box_row, int digit) const {
    return map.primary_count() + 1 + TriadNumbering{n, br, bc}.column_triad(col, box_row, digit - 1);
  }

  // +1 / -1 / 0 for variable `var`: what Encoder::assigned() returns.
  // Precondition: a reduction was made.
  int value(int var) const {
    if (!compact)
      return var >= 1 && static_cast<std::size_t>(var) < state.size() ? state[static_cast<std::size_t>(var)] : 0;
    const int primaries = map.primary_count();
    if (var < 1) return 0;
    if (var <= primaries) {
      const int cell = map.cell_of(var), k = map.digit_of(var) - 1;
      const int d = digit[static_cast<std::size_t>(cell)];
      if (d) return d == k + 1 ? 1 : -1;
      return (open[static_cast<std::size_t>(cell)] >> k & 1u) ? 0 : -1;
    }
    const auto t = static_cast<std::size_t>(var - primaries - 1);
    return t < triad_state.size() ? triad_state[t] : 0;
  }

  void reduce();
  void clue_rule();
  void propagate_masks();
  void propagate_triads_9x9();
  // Takes the values `probed(var)` (+1, -1, 0) gives the primary and triad
  // variables into the compact state, then recounts.
  template <class Probed>
  void absorb(const Probed& probed);
};

namespace {

using Value = Encoder::Impl::Value;

// What the reduction and the emission need to know of one cell, computed
// once per board shape.
struct CellFacts {
  int unit[3];       // its row, column and box unit (Geometry's numbering)
  int pos[3];        // its position in each of them (index into Geometry::unit)
  int rseg, cseg;    // its row segment and column segment (triad index / N)
  int rbase, cbase;  // the first cell of each segment
  int rpos, cpos;    // its position in each segment
  // The same, ready for the counters (see below): unit * N, segment * N, and
  // what taking the cell out of each group subtracts from the counter.
  int unit_at[3], rseg_at, cseg_at;
  std::uint32_t unit_drop[3], rseg_drop, cseg_drop;
};

// The facts of a cell that the mask propagation needs (N <= kMaskLimit).
struct SmallCell {
  std::uint8_t row, col, box, bpos;  // box and position in it (Geometry's numbering)
  std::uint8_t stack, band;          // c / C (its row segment), r / R (its column segment)
};

// Boards up to this size propagate with bit masks (one word per group);
// probing needs them, so this is its limit too.
constexpr int kMaskLimit = kProbeMaxSize;

struct ShapeFacts {
  int n, br, bc;
  std::vector<CellFacts> cells;
  std::vector<SmallCell> small;         // N <= kMaskLimit: per cell
  std::vector<std::uint16_t> box_cell;  // N <= kMaskLimit: box * N + position -> cell
};

// A counter of a group's open literals, packed with the sum of their
// positions (N <= 1024: the count takes 11 bits, the sum at most 20).
constexpr int kShift = 11;
constexpr std::uint32_t kCountMask = (1u << kShift) - 1;
constexpr std::uint32_t full_counter(std::uint32_t size) { return (size * (size - 1) / 2) << kShift | size; }
constexpr std::uint32_t drop_of(int pos) { return (static_cast<std::uint32_t>(pos) << kShift) + 1; }

ShapeFacts make_facts(const Geometry& g) {
  ShapeFacts s{g.size(), g.box().rows, g.box().cols, {}, {}, {}};
  const int n = s.n, br = s.br, bc = s.bc;
  const TriadNumbering numbering{n, br, bc};
  s.cells.resize(static_cast<std::size_t>(n) * n);
  for (int u = 0; u < g.unit_count(); ++u) {
    const auto cells = g.unit(u);
    const int kind = static_cast<int>(g.unit_kind(u));
    for (int i = 0; i < n; ++i) {
      CellFacts& f = s.cells[static_cast<std::size_t>(cells[static_cast<std::size_t>(i)])];
      f.unit[kind] = u;
      f.pos[kind] = i;
    }
  }
  for (int cell = 0; cell < n * n; ++cell) {
    CellFacts& f = s.cells[static_cast<std::size_t>(cell)];
    const int r = g.row_of(cell), c = g.col_of(cell);
    f.rseg = numbering.row_segment(r, c / bc);
    f.cseg = numbering.column_segment(c, r / br);
    f.rbase = r * n + (c / bc) * bc;
    f.cbase = (r / br) * br * n + c;
    f.rpos = c % bc;
    f.cpos = r % br;
    for (int j = 0; j < 3; ++j) {
      f.unit_at[j] = f.unit[j] * n;
      f.unit_drop[j] = drop_of(f.pos[j]);
    }
    f.rseg_at = f.rseg * n;
    f.cseg_at = f.cseg * n;
    f.rseg_drop = drop_of(f.rpos);
    f.cseg_drop = drop_of(f.cpos);
  }
  if (n <= kMaskLimit) {
    s.small.resize(s.cells.size());
    s.box_cell.resize(s.cells.size());
    for (int cell = 0; cell < n * n; ++cell) {
      const CellFacts& f = s.cells[static_cast<std::size_t>(cell)];
      const int r = g.row_of(cell), c = g.col_of(cell), box = f.unit[2] - 2 * n;
      s.small[static_cast<std::size_t>(cell)] = {
          static_cast<std::uint8_t>(r),       static_cast<std::uint8_t>(c),
          static_cast<std::uint8_t>(box),     static_cast<std::uint8_t>(f.pos[2]),
          static_cast<std::uint8_t>(c / bc),  static_cast<std::uint8_t>(r / br)};
      s.box_cell[static_cast<std::size_t>(box * n + f.pos[2])] = static_cast<std::uint16_t>(cell);
    }
  }
  return s;
}

// The facts of a shape, built once and shared by every thread (immutable).
const ShapeFacts& shape_facts(const Geometry& g) {
  thread_local const ShapeFacts* last = nullptr;
  if (last && last->n == g.size() && last->br == g.box().rows && last->bc == g.box().cols) return *last;
  static std::mutex mutex;
  static std::vector<std::unique_ptr<const ShapeFacts>> all;
  const std::lock_guard<std::mutex> lock(mutex);
  for (const auto& s : all)
    if (s->n == g.size() && s->br == g.box().rows && s->bc == g.box().cols) return *(last = s.get());
  all.push_back(std::make_unique<const ShapeFacts>(make_facts(g)));
  return *(last = all.back().get());
}

// Working memory of the reduction, reused by every encoder of a thread.
struct Scratch {
  std::vector<std::uint32_t> counters;
  std::vector<int> cells;   // primary variables made true, not yet processed: cell, k
  std::vector<int> triads;  // triad assignments not yet processed: +-(t + 1)
  std::vector<std::uint8_t> used;  // Propagator::seed_clues: per unit and digit
  // Keeps the memory of small boards; gives back that of large ones.
  void trim() {
    if (counters.capacity() > (1u << 20)) {
      counters = {};
      cells = {};
      triads = {};
      used = {};
    }
  }
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

class Propagator {
 public:
  Propagator(Encoder::Impl& e, const ShapeFacts& facts, Scratch& scratch)
      : g_(e.puzzle.geometry()),
        f_(facts),
        n_(e.n),
        br_(e.br),
        bc_(e.bc),
        units_(!e.triads),
        unit_alo_(e.options.encoding == Encoding::extended),
        triads_(e.triads),
        st_(e.state.data()),
        ts_(e.state.data() + static_cast<std::size_t>(e.map.primary_count()) + 1),
        cells_(scratch.cells),
        triq_(scratch.triads) {
    e.digit.assign(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), 0);
    placed_ = e.digit.data();
    const std::size_t n2 = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    const std::size_t t = static_cast<std::size_t>(e.triad_count);
    std::vector<std::uint32_t>& c = scratch.counters;
    c.resize(n2 + (unit_alo_ ? 3 * n2 : 0) + (triads_ ? t + 4 * n2 : 0));
    std::uint32_t* p = c.data();
    auto take = [&](std::size_t count, std::uint32_t size) {
      std::uint32_t* block = p;
      std::fill(block, block + count, full_counter(size));
      p += count;
      return block;
    };
    const auto n = static_cast<std::uint32_t>(n_), r = static_cast<std::uint32_t>(br_),
               cols = static_cast<std::uint32_t>(bc_);
    cellc_ = take(n2, n);
    if (unit_alo_) unitc_ = take(3 * n2, n);
    if (triads_) {
      segc_ = take(n2 * static_cast<std::size_t>(br_), cols);  // row segments: C cells
      take(n2 * static_cast<std::size_t>(bc_), r);              // column segments: R cells
      rowg_ = take(n2, r);     // row r, digit: its R row triads
      boxrg_ = take(n2, r);    // box, digit: its R row triads
      colg_ = take(n2, cols);  // column c, digit: its C column triads
      boxcg_ = take(n2, cols); // box, digit: its C column triads
    }
    cells_.clear();
    triq_.clear();
  }

  bool conflict() const { return conflict_; }
  std::uint64_t trues() const { return trues_; }

  // Sets every clue of `puzzle` at once, as set_true() on each clue followed
  // by its processing would: the clue's variable true, the other digits of
  // its cell and its digit in its peers false (unit propagation derives those
  // from every encoding, through the triads in `triads`), the triads of the
  // clue queued as true, and every counter what those values leave open.
  // Each group left with at most one open literal goes to the propagation,
  // and run() continues to the same fixpoint (unit propagation reaches one
  // fixpoint in any order).  Large boards are mostly clues: an eliminated
  // candidate costs a byte written here instead of a counter update in each
  // of its groups, and the counters are summed over the few open candidates.
  void seed_clues(const Grid& puzzle, std::vector<std::uint8_t>& used) {
    const std::size_t n = static_cast<std::size_t>(n_);
    const int cells = puzzle.cell_count();
    used.assign(3 * n * n, 0);  // per unit and digit: a clue of the unit has it
    for (int cell = 0; cell < cells; ++cell)
      if (const int d = puzzle.at(cell)) {
        const CellFacts& f = f_.cells[static_cast<std::size_t>(cell)];
        for (int j = 0; j < 3; ++j) {
          std::uint8_t& u = used[static_cast<std::size_t>(f.unit_at[j] + d - 1)];
          if (u) {  // two clues with one digit in a unit
            conflict_ = true;
            return;
          }
          u = 1;
        }
      }
    const std::size_t segments = triads_ ? n * n * static_cast<std::size_t>(br_ + bc_) : 0;
    if (unit_alo_) std::fill(unitc_, unitc_ + 3 * n * n, 0u);
    if (triads_) std::fill(segc_, segc_ + segments, 0u);
    // Counts one open candidate (a clue's own digit too) in its groups.
    auto count_open = [&](const CellFacts& f, int k) {
      if (unit_alo_)
        for (int j = 0; j < 3; ++j) unitc_[f.unit_at[j] + k] += f.unit_drop[j];
      if (triads_) {
        segc_[f.rseg_at + k] += f.rseg_drop;
        segc_[f.cseg_at + k] += f.cseg_drop;
      }
    };
    for (int cell = 0; cell < cells; ++cell) {
      const CellFacts& f = f_.cells[static_cast<std::size_t>(cell)];
      Value* s = st_ + var(cell, 0);
      if (const int d = puzzle.at(cell)) {
        std::fill(s, s + n, Value{-1});
        s[d - 1] = Value{1};
        placed_[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(d);
        ++trues_;
        cellc_[cell] = drop_of(d - 1);
        count_open(f, d - 1);
        continue;
      }
      const std::uint8_t* in_row = &used[static_cast<std::size_t>(f.unit_at[0])];
      const std::uint8_t* in_col = &used[static_cast<std::size_t>(f.unit_at[1])];
      const std::uint8_t* in_box = &used[static_cast<std::size_t>(f.unit_at[2])];
      std::uint32_t open = 0;
      for (int k = 0; k < n_; ++k) {
        if (in_row[k] | in_col[k] | in_box[k]) {
          s[k] = Value{-1};
          continue;
        }
        open += drop_of(k);
        count_open(f, k);
      }
      cellc_[cell] = open;
    }
    if (triads_)  // triad-def: a clue makes the triads of its two segments true
      for (int cell = 0; cell < cells; ++cell)
        if (const int d = puzzle.at(cell)) {
          const CellFacts& f = f_.cells[static_cast<std::size_t>(cell)];
          set_triad(static_cast<std::size_t>(f.rseg_at + d - 1), +1);
          set_triad(static_cast<std::size_t>(f.cseg_at + d - 1), +1);
        }
    for (int cell = 0; cell < cells && !conflict_; ++cell)
      if (!puzzle.at(cell) && (cellc_[cell] & kCountMask) <= 1) cell_alo(cell, cellc_[cell]);
    if (unit_alo_)
      for (int unit = 0; unit < 3 * n_ && !conflict_; ++unit)
        for (int k = 0; k < n_; ++k) {
          const std::uint32_t c = unitc_[unit * n_ + k];
          if ((c & kCountMask) <= 1) unit_alo(unit, k, c);
        }
    const int row_segments = n_ * br_;
    for (std::size_t t = 0; t < segments && !conflict_; ++t) {
      const std::uint32_t c = segc_[t];
      if ((c & kCountMask) > 1 || ((c & kCountMask) == 1 && ts_[t] <= 0)) continue;
      const int seg = static_cast<int>(t) / n_, k = static_cast<int>(t) - seg * n_;
      if (seg < row_segments) {
        const int r = seg / br_, b = seg - r * br_;
        segment_alo(static_cast<int>(t), r * n_ + b * bc_, 1, k, c);
      } else {
        const int cs = seg - row_segments, col = cs / bc_, b = cs - col * bc_;
        segment_alo(static_cast<int>(t), b * br_ * n_ + col, n_, k, c);
      }
    }
  }

  // Makes x(cell, k+1) true (a clue).
  void set_true(int cell, int k) {
    Value& s = st_[var(cell, k)];
    if (s != 0) {
      if (s < 0) conflict_ = true;
      return;
    }
    s = Value{1};
    ++trues_;
    placed_[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(k + 1);
    cells_.push_back(cell);
    cells_.push_back(k);
  }

  // Propagates to a fixpoint or a conflict.
  void run() {
    while (!conflict_) {
      if (!cells_.empty()) {
        const int k = cells_.back();
        cells_.pop_back();
        const int cell = cells_.back();
        cells_.pop_back();
        primary_true(cell, k);
      } else if (!triq_.empty()) {
        const int lit = triq_.back();
        triq_.pop_back();
        if (lit > 0) triad_true(lit - 1); else triad_false(-lit - 1);
      } else {
        break;
      }
    }
  }

 private:
  std::size_t var(int cell, int k) const {
    return static_cast<std::size_t>(cell) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(k) + 1;
  }
  static std::size_t at(int group, int n, int k) {
    return static_cast<std::size_t>(group) * static_cast<std::size_t>(n) + static_cast<std::size_t>(k);
  }
  // Takes position `pos` out of a counter; returns what is left.
  static std::uint32_t drop(std::uint32_t& counter, int pos) {
    counter -= (static_cast<std::uint32_t>(pos) << kShift) + 1;
    return counter;
  }

  // Makes x(cell, k+1) false; the common case (already false) is inline.
  [[gnu::always_inline]] void set_false(int cell, int k) {
    Value& s = st_[var(cell, k)];
    if (s == 0) falsify(s, cell, k);
    else if (s > 0) conflict_ = true;
  }

  [[gnu::noinline]] void falsify(Value& s, int cell, int k) {
    s = Value{-1};
    const CellFacts& f = f_.cells[static_cast<std::size_t>(cell)];
    std::uint32_t c = cellc_[cell] -= drop_of(k);  // cell-alo
    if ((c & kCountMask) <= 1) cell_alo(cell, c);
    if (unit_alo_) {
      for (int j = 0; j < 3; ++j) {
        c = unitc_[f.unit_at[j] + k] -= f.unit_drop[j];
        if ((c & kCountMask) <= 1) unit_alo(f.unit[j], k, c);
      }
    } else if (triads_) {  // the long triad definitions of its two segments
      const int rt = f.rseg_at + k, ct = f.cseg_at + k;
      c = segc_[rt] -= f.rseg_drop;
      if ((c & kCountMask) == 0 || ((c & kCountMask) == 1 && ts_[rt] > 0)) segment_alo(rt, f.rbase, 1, k, c);
      c = segc_[ct] -= f.cseg_drop;
      if ((c & kCountMask) == 0 || ((c & kCountMask) == 1 && ts_[ct] > 0)) segment_alo(ct, f.cbase, n_, k, c);
    }
  }

  // A cell, unit or segment clause with at most one open literal left.
  [[gnu::noinline]] void cell_alo(int cell, std::uint32_t c) {
    if ((c & kCountMask) == 0) conflict_ = true;
    else set_true(cell, static_cast<int>(c >> kShift));
  }
  [[gnu::noinline]] void unit_alo(int unit, int k, std::uint32_t c) {
    if ((c & kCountMask) == 0) conflict_ = true;
    else set_true(g_.unit(unit)[c >> kShift], k);
  }
  [[gnu::noinline]] void segment_alo(int t, int first, int step, int k, std::uint32_t c) {
    if ((c & kCountMask) == 0) set_triad(static_cast<std::size_t>(t), -1);
    else if (ts_[t] > 0) set_true(first + static_cast<int>(c >> kShift) * step, k);
  }

  void set_triad(std::size_t t, int value) {
    Value& s = ts_[t];
    if (s == value) return;
    if (s != 0) {
      conflict_ = true;
      return;
    }
    s = static_cast<Value>(value);
    const int lit = static_cast<int>(t) + 1;
    triq_.push_back(value > 0 ? lit : -lit);
  }

  void primary_true(int cell, int k) {
    for (int x = 0; x < n_; ++x)  // cell-amo (and minimal's cell rule)
      if (x != k) set_false(cell, x);
    const CellFacts& f = f_.cells[static_cast<std::size_t>(cell)];
    if (units_) {  // unit-amo
      for (int j = 0; j < 3; ++j)
        for (int other : g_.unit(f.unit[j]))
          if (other != cell) mate_false(other, k);
      return;
    }
    set_triad(static_cast<std::size_t>(f.rseg_at + k), +1);  // triad-def: x -> t
    set_triad(static_cast<std::size_t>(f.cseg_at + k), +1);
    for (int j = 0; j < bc_; ++j)  // triad-amo
      if (f.rbase + j != cell) mate_false(f.rbase + j, k);
    for (int i = 0; i < br_; ++i)
      if (f.cbase + i * n_ != cell) mate_false(f.cbase + i * n_, k);
  }

  // x(other, k+1) false, `other` sharing an at-most-one group with a true
  // x(cell, k+1).  A cell that has a digit is not looked at: the same digit
  // is a clash; any other digit makes x(other, k+1) false already or when
  // that cell is processed, so the fixpoint is the same (and large boards,
  // mostly clues, stay out of the big state array).
  [[gnu::always_inline]] void mate_false(int other, int k) {
    const int placed = placed_[static_cast<std::size_t>(other)];
    if (placed == 0) set_false(other, k);
    else if (placed == k + 1) conflict_ = true;
  }

  // The last open position of an at-least-one counter becomes true.
  template <class Make>
  void at_least_one(std::uint32_t c, Make make) {
    if ((c & kCountMask) == 0) conflict_ = true;
    else if ((c & kCountMask) == 1) make(static_cast<int>(c >> kShift));
  }

  void triad_true(int t) {
    const int seg = t / n_, k = t - seg * n_;
    const int rows = n_ * br_;  // row segments come first
    if (seg < rows) {
      const int r = seg / br_, b = seg - r * br_, top = r - r % br_;
      for (int x = 0; x < br_; ++x)  // triad-unit: one row triad per row
        if (x != b) set_triad(at(r * br_ + x, n_, k), -1);
      for (int i = top; i < top + br_; ++i)  // and per box
        if (i != r) set_triad(at(i * br_ + b, n_, k), -1);
      const int base = r * n_ + b * bc_;
      at_least_one(segc_[t], [&](int pos) { set_true(base + pos, k); });
    } else {
      const int cs = seg - rows, c = cs / bc_, b = cs - c * bc_, left = c - c % bc_;
      for (int x = 0; x < bc_; ++x)
        if (x != b) set_triad(at(rows + c * bc_ + x, n_, k), -1);
      for (int j = left; j < left + bc_; ++j)
        if (j != c) set_triad(at(rows + j * bc_ + b, n_, k), -1);
      const int base = b * br_ * n_ + c;
      at_least_one(segc_[t], [&](int pos) { set_true(base + pos * n_, k); });
    }
  }

  void triad_false(int t) {
    const int seg = t / n_, k = t - seg * n_;
    const int rows = n_ * br_;
    if (seg < rows) {
      const int r = seg / br_, b = seg - r * br_, top = r - r % br_;
      const int base = r * n_ + b * bc_;
      for (int j = 0; j < bc_; ++j) set_false(base + j, k);  // x -> t
      at_least_one(drop(rowg_[at(r, n_, k)], b), [&](int x) { set_triad(at(r * br_ + x, n_, k), +1); });
      at_least_one(drop(boxrg_[at(top + b, n_, k)], r - top),
                   [&](int i) { set_triad(at((top + i) * br_ + b, n_, k), +1); });
    } else {
      const int cs = seg - rows, c = cs / bc_, b = cs - c * bc_, left = c - c % bc_;
      const int base = b * br_ * n_ + c;
      for (int i = 0; i < br_; ++i) set_false(base + i * n_, k);
      at_least_one(drop(colg_[at(c, n_, k)], b), [&](int x) { set_triad(at(rows + c * bc_ + x, n_, k), +1); });
      at_least_one(drop(boxcg_[at(b * br_ + c / bc_, n_, k)], c - left),
                   [&](int j) { set_triad(at(rows + (left + j) * bc_ + b, n_, k), +1); });
    }
  }

  const Geometry& g_;
  const ShapeFacts& f_;
  int n_, br_, bc_;
  bool units_, unit_alo_, triads_;
  Value* st_;  // by variable number
  Value* ts_;  // by triad index
  std::vector<int>& cells_;
  std::vector<int>& triq_;
  std::uint16_t* placed_;  // per cell: its true digit, 0 none
  std::uint32_t *cellc_ = nullptr, *unitc_ = nullptr, *segc_ = nullptr;
  std::uint32_t *rowg_ = nullptr, *boxrg_ = nullptr, *colg_ = nullptr, *boxcg_ = nullptr;
  bool conflict_ = false;
  std::uint64_t trues_ = 0;
};

// ---------------------------------------------------------------------------
// The same propagation with bit masks, for N <= 64 (but for the triads
// encoding on 9x9 boards, satdoku's default there, which propagates with
// the bitboards of triads_9x9.hpp).  The literals of a group that are not
// false form one word:
//   open[cell]          its digits (cell-alo; the cell's at-most-one)
//   row[r*N+k], col, box  the cells of the unit where digit k+1 is not false
//                       (unit-alo, the unit at-most-ones; for triads the
//                       row and column words hold the segments: segment b
//                       of row r is bits b*C .. b*C+C-1)
//   rowt[r*N+k], boxrt  the row triads of row r / of a box not false
//   colt[c*N+k], boxct  the column triads
// An at-least-one group with one bit left makes it true, with none is a
// conflict; an at-most-one group with a true literal clears the rest.  The
// result is the same fixpoint as Propagator's (the tests check both against
// plain unit propagation).

struct MaskScratch {
  std::vector<std::uint64_t> words;
  std::vector<int> cells;   // cells made true, not yet processed: cell * 64 + k
  std::vector<int> triads;  // triads to process, packed by MaskPropagator::push
};

MaskScratch& mask_scratch() {
  thread_local MaskScratch s;
  return s;
}

enum class MaskMode { units, extended, triads };

constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }
constexpr std::uint64_t low_bits(int count) { return count >= 64 ? ~std::uint64_t{0} : bit(count) - 1; }
constexpr bool at_most_one_bit(std::uint64_t m) { return (m & (m - 1)) == 0; }
inline int low(std::uint64_t m) { return std::countr_zero(m); }

// kN, kR, kC: the board shape when known at compile time (9x9 is), else 0.
template <MaskMode kMode, int kN, int kR, int kC>
class MaskPropagator {
  static constexpr bool kTriads = kMode == MaskMode::triads;

 public:
  MaskPropagator(Encoder::Impl& e, const ShapeFacts& facts, MaskScratch& scratch)
      : n_(kN ? kN : e.n), br_(kN ? kR : e.br), bc_(kN ? kC : e.bc),
        small_(facts.small.data()), box_cell_(facts.box_cell.data()),
        open_(e.open.data()), digit_(e.digit.data()), ts_(e.triad_state.data()) {
    const std::size_t n2 = static_cast<std::size_t>(n()) * static_cast<std::size_t>(n());
    std::vector<std::uint64_t>& w = scratch.words;
    if constexpr (kTriads) {
      w.resize(6 * n2);
      row_ = w.data();
      col_ = row_ + n2;
      rowt_ = col_ + n2;
      boxrt_ = rowt_ + n2;
      colt_ = boxrt_ + n2;
      boxct_ = colt_ + n2;
      std::fill(row_, rowt_, low_bits(n()));
      std::fill(rowt_, colt_, low_bits(br()));
      std::fill(colt_, colt_ + 2 * n2, low_bits(bc()));
      scratch.triads.resize(static_cast<std::size_t>(e.triad_count));
      tq_ = scratch.triads.data();
    } else {
      w.assign(3 * n2, low_bits(n()));
      row_ = w.data();
      col_ = row_ + n2;
      box_ = col_ + n2;
    }
    scratch.cells.resize(n2);
    cq_ = scratch.cells.data();
  }

  bool conflict() const { return conflict_; }
  std::uint64_t trues() const { return trues_; }
  std::uint64_t falses() const { return falses_; }

  // Makes x(cell, k+1) true.
  void set_true(int cell, int k) {
    const int d = digit_[cell];
    if (d != 0 || !(open_[cell] >> k & 1u)) {
      if (d != k + 1) conflict_ = true;
      return;
    }
    digit_[cell] = static_cast<std::uint16_t>(k + 1);
    ++trues_;
    cq_[cells_++] = cell << 6 | k;
  }

  // Propagates to a fixpoint or a conflict.
  void run() {
    while (!conflict_) {
      if (cells_ > 0) {
        const int x = cq_[--cells_];
        primary_true(x >> 6, x & 63);
      } else if (kTriads && triads_ > 0) {
        triad(tq_[--triads_]);
      } else {
        break;
      }
    }
  }

 private:
  int n() const { return kN ? kN : n_; }
  int br() const { return kN ? kR : br_; }
  int bc() const { return kN ? kC : bc_; }
  std::size_t at(int line, int k) const {
    return static_cast<std::size_t>(line) * static_cast<std::size_t>(n()) + static_cast<std::size_t>(k);
  }

  // Makes x(cell, k+1) false.  Precondition: it is not false yet.  The
  // caller has already taken it out of the words of the groups not listed.
  template <bool kRow, bool kCol, bool kBox>
  void set_false(int cell, int k) {
    if (digit_[cell] == k + 1) {
      conflict_ = true;
      return;
    }
    ++falses_;
    const std::uint64_t o = open_[cell] &= ~bit(k);
    if (at_most_one_bit(o)) {  // cell-alo
      if (o == 0) conflict_ = true;
      else set_true(cell, low(o));
    }
    leave<kRow, kCol, kBox>(cell, k);
  }

  // Takes x(cell, k+1), now false, out of the listed unit (or segment) words.
  template <bool kRow, bool kCol, bool kBox>
  void leave(int cell, int k) {
    const SmallCell s = small_[cell];
    if constexpr (kRow) {
      std::uint64_t& w = row_[at(s.row, k)];
      w &= ~bit(s.col);
      if constexpr (kTriads) {
        const int shift = s.stack * bc();
        const std::uint64_t seg = w >> shift & low_bits(bc());
        if (at_most_one_bit(seg)) row_segment(s.row, s.stack, k, seg, s.band);
      } else if constexpr (kMode == MaskMode::extended) {
        if (at_most_one_bit(w)) unit_alo(w, s.row * n(), 1, k);
      }
    }
    if constexpr (kCol) {
      std::uint64_t& w = col_[at(s.col, k)];
      w &= ~bit(s.row);
      if constexpr (kTriads) {
        const int shift = s.band * br();
        const std::uint64_t seg = w >> shift & low_bits(br());
        if (at_most_one_bit(seg)) column_segment(s.col, s.band, k, seg, s.stack);
      } else if constexpr (kMode == MaskMode::extended) {
        if (at_most_one_bit(w)) unit_alo(w, s.col, n(), k);
      }
    }
    if constexpr (kBox && !kTriads) {
      std::uint64_t& w = box_[at(s.box, k)];
      w &= ~bit(s.bpos);
      if constexpr (kMode == MaskMode::extended)
        if (at_most_one_bit(w)) {
          if (w == 0) conflict_ = true;
          else set_true(box_cell_[at(s.box, low(w))], k);
        }
    }
  }

  // A unit-alo clause with at most one cell not false; cell i of the unit
  // is first + i * step.
  void unit_alo(std::uint64_t w, int first, int step, int k) {
    if (w == 0) conflict_ = true;
    else set_true(first + low(w) * step, k);
  }

  // The long triad definitions t -> OR(segment), with at most one cell of
  // the segment left (`seg`).
  void row_segment(int r, int b, int k, std::uint64_t seg, int band) {
    if (seg == 0) set_row_triad(r, b, k, -1, band);
    else if (ts_[row_triad(r, b, k)] > 0) set_true(r * n() + b * bc() + low(seg), k);
  }
  void column_segment(int c, int b, int k, std::uint64_t seg, int stack) {
    if (seg == 0) set_column_triad(c, b, k, -1, stack);
    else if (ts_[column_triad(c, b, k)] > 0) set_true((b * br() + low(seg)) * n() + c, k);
  }

  void primary_true(int cell, int k) {
    const std::uint64_t others = open_[cell] & ~bit(k);  // cell-amo
    open_[cell] = bit(k);
    for (std::uint64_t m = others; m; m &= m - 1) {
      ++falses_;
      leave<true, true, true>(cell, low(m));
      if (conflict_) return;
    }
    const SmallCell s = small_[cell];
    std::uint64_t& rw = row_[at(s.row, k)];
    std::uint64_t& cw = col_[at(s.col, k)];
    if constexpr (kTriads) {
      set_row_triad(s.row, s.stack, k, +1, s.band);  // triad-def: x -> t
      set_column_triad(s.col, s.band, k, +1, s.stack);
      // triad-amo: the segment mates; their segment words are done at once
      const int rshift = s.stack * bc(), cshift = s.band * br();
      const std::uint64_t rm = (rw >> rshift & low_bits(bc())) & ~bit(s.col - rshift);
      rw &= ~(rm << rshift);
      for (std::uint64_t m = rm; m; m &= m - 1) set_false<false, true, false>(s.row * n() + rshift + low(m), k);
      const std::uint64_t cm = (cw >> cshift & low_bits(br())) & ~bit(s.row - cshift);
      cw &= ~(cm << cshift);
      for (std::uint64_t m = cm; m; m &= m - 1) set_false<true, false, false>((cshift + low(m)) * n() + s.col, k);
    } else {  // unit-amo: the peers; the unit's own word is done at once
      const std::uint64_t rm = rw & ~bit(s.col);
      rw = bit(s.col);
      for (std::uint64_t m = rm; m; m &= m - 1) set_false<false, true, true>(s.row * n() + low(m), k);
      const std::uint64_t cm = cw & ~bit(s.row);
      cw = bit(s.row);
      for (std::uint64_t m = cm; m; m &= m - 1) set_false<true, false, true>(low(m) * n() + s.col, k);
      std::uint64_t& bw = box_[at(s.box, k)];
      const std::uint64_t bm = bw & ~bit(s.bpos);
      bw = bit(s.bpos);
      for (std::uint64_t m = bm; m; m &= m - 1) set_false<true, true, false>(box_cell_[at(s.box, low(m))], k);
    }
  }

  // Triads, numbered as Encoder::Impl numbers them (triad_numbering.hpp):
  // row r's in stack b, column c's in band b.
  int row_triad(int r, int b, int k) const { return TriadNumbering{n(), br(), bc()}.row_triad(r, b, k); }
  int column_triad(int c, int b, int k) const { return TriadNumbering{n(), br(), bc()}.column_triad(c, b, k); }
  // A triad to process: line, segment, digit, kind (column) and value (true).
  void push(int line, int b, int k, bool column, bool value) {
    tq_[triads_++] = ((line << 6 | b) << 6 | k) << 2 | column << 1 | value;
  }

  // A false triad leaves its two triad-unit groups at once (so a true one
  // sees only the triads still open); it is queued only when its segment
  // still has cells to make false.  `band` is r / R.
  [[gnu::always_inline]] void set_row_triad(int r, int b, int k, int value, int band) {
    Value& s = ts_[row_triad(r, b, k)];
    if (s == value) return;
    if (s != 0) {
      conflict_ = true;
      return;
    }
    s = static_cast<Value>(value);
    if (value > 0) push(r, b, k, false, true);
    else row_triad_false(r, b, k, band);
  }
  [[gnu::noinline]] void row_triad_false(int r, int b, int k, int band) {
    const int top = band * br();
    std::uint64_t& g = rowt_[at(r, k)];
    std::uint64_t& h = boxrt_[at(top + b, k)];  // box (band, b)
    g &= ~bit(b);
    h &= ~bit(r - top);
    if (at_most_one_bit(g)) {
      if (g == 0) conflict_ = true;
      else set_row_triad(r, low(g), k, +1, band);
    }
    if (at_most_one_bit(h)) {
      if (h == 0) conflict_ = true;
      else set_row_triad(top + low(h), b, k, +1, band);
    }
    if (row_[at(r, k)] >> (b * bc()) & low_bits(bc())) push(r, b, k, false, false);
  }
  // `stack` is c / C.
  [[gnu::always_inline]] void set_column_triad(int c, int b, int k, int value, int stack) {
    Value& s = ts_[column_triad(c, b, k)];
    if (s == value) return;
    if (s != 0) {
      conflict_ = true;
      return;
    }
    s = static_cast<Value>(value);
    if (value > 0) push(c, b, k, true, true);
    else column_triad_false(c, b, k, stack);
  }
  [[gnu::noinline]] void column_triad_false(int c, int b, int k, int stack) {
    const int left = stack * bc();
    std::uint64_t& g = colt_[at(c, k)];
    std::uint64_t& h = boxct_[at(b * br() + stack, k)];  // box (b, stack)
    g &= ~bit(b);
    h &= ~bit(c - left);
    if (at_most_one_bit(g)) {
      if (g == 0) conflict_ = true;
      else set_column_triad(c, low(g), k, +1, stack);
    }
    if (at_most_one_bit(h)) {
      if (h == 0) conflict_ = true;
      else set_column_triad(left + low(h), b, k, +1, stack);
    }
    if (col_[at(c, k)] >> (b * br()) & low_bits(br())) push(c, b, k, true, false);
  }

  void triad(int x) {
    const bool value = x & 1, column = x >> 1 & 1;
    const int k = x >> 2 & 63, b = x >> 8 & 63, line = x >> 14;
    if (!column) {
      const int r = line, band = r / br(), top = band * br(), shift = b * bc();
      std::uint64_t& w = row_[at(r, k)];
      const std::uint64_t seg = w >> shift & low_bits(bc());
      const int first = r * n() + shift;
      if (value) {  // triad-unit at-most-one: the other triads are false
        for (std::uint64_t m = rowt_[at(r, k)] & ~bit(b); m; m &= m - 1) set_row_triad(r, low(m), k, -1, band);
        for (std::uint64_t m = boxrt_[at(top + b, k)] & ~bit(r - top); m; m &= m - 1)
          set_row_triad(top + low(m), b, k, -1, band);
        if (at_most_one_bit(seg)) {  // t -> OR(segment)
          if (seg == 0) conflict_ = true;
          else set_true(first + low(seg), k);
        }
      } else {  // x -> t: the segment's cells are false
        w &= ~(seg << shift);
        for (std::uint64_t m = seg; m; m &= m - 1) set_false<false, true, false>(first + low(m), k);
      }
    } else {
      const int c = line, stack = c / bc(), left = stack * bc(), shift = b * br();
      std::uint64_t& w = col_[at(c, k)];
      const std::uint64_t seg = w >> shift & low_bits(br());
      const int first = shift * n() + c;
      if (value) {
        for (std::uint64_t m = colt_[at(c, k)] & ~bit(b); m; m &= m - 1) set_column_triad(c, low(m), k, -1, stack);
        for (std::uint64_t m = boxct_[at(b * br() + stack, k)] & ~bit(c - left); m; m &= m - 1)
          set_column_triad(left + low(m), b, k, -1, stack);
        if (at_most_one_bit(seg)) {
          if (seg == 0) conflict_ = true;
          else set_true(first + low(seg) * n(), k);
        }
      } else {
        w &= ~(seg << shift);
        for (std::uint64_t m = seg; m; m &= m - 1) set_false<true, false, false>(first + low(m) * n(), k);
      }
    }
  }

  int n_, br_, bc_;
  const SmallCell* small_;
  const std::uint16_t* box_cell_;
  std::uint64_t* open_;
  std::uint16_t* digit_;
  Value* ts_;
  std::uint64_t *row_ = nullptr, *col_ = nullptr, *box_ = nullptr;
  std::uint64_t *rowt_ = nullptr, *boxrt_ = nullptr, *colt_ = nullptr, *boxct_ = nullptr;
  int* cq_ = nullptr;
  int* tq_ = nullptr;
  int cells_ = 0, triads_ = 0;
  bool conflict_ = false;
  std::uint64_t trues_ = 0, falses_ = 0;
};

template <MaskMode kMode, int kN = 0, int kR = 0, int kC = 0>
void run_masks(Encoder::Impl& e, const ShapeFacts& facts) {
  MaskPropagator<kMode, kN, kR, kC> p(e, facts, mask_scratch());
  const std::span<const std::uint16_t> clues = e.puzzle.cells();
  for (std::size_t cell = 0; cell < clues.size(); ++cell)
    if (const int d = clues[cell]) p.set_true(static_cast<int>(cell), d - 1);
  p.run();
  e.conflict = p.conflict();
  if (!e.conflict) {
    e.fixed_primary = p.trues() + p.falses();
    e.solved = p.trues() == clues.size();
  }
}

template <MaskMode kMode>
void run_masks_for_shape(Encoder::Impl& e, const ShapeFacts& facts) {
  if (e.n == 9 && e.br == 3) run_masks<kMode, 9, 3, 3>(e, facts);
  else run_masks<kMode>(e, facts);
}

}  // namespace

void Encoder::Impl::propagate_masks() {
  compact = true;
  const std::size_t n2 = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  open.assign(n2, low_bits(n));
  digit.assign(n2, 0);
  triad_state.assign(static_cast<std::size_t>(triad_count), Value{0});
  const ShapeFacts& facts = shape_facts(puzzle.geometry());
  switch (options.encoding) {
    case Encoding::triads:  // 9x9 has its own propagation, a digit at a time
      if (n == 9 && br == 3) propagate_triads_9x9();
      else run_masks<MaskMode::triads>(*this, facts);
      return;
    case Encoding::extended: run_masks_for_shape<MaskMode::extended>(*this, facts); return;
    case Encoding::minimal:
    case Encoding::natural: run_masks_for_shape<MaskMode::units>(*this, facts); return;
  }
}

void Encoder::Impl::propagate_triads_9x9() {
  static_assert(sizeof(Value) == 1);
  std::array<std::int8_t, detail::kTriads9x9> triads;
  const detail::Triads9x9 r = detail::propagate_triads_9x9(
      std::span<const std::uint16_t, 81>(puzzle.cells().data(), 81), open.data(), digit.data(), triads,
      options.reduction == Reduction::probe);
  probed = options.reduction == Reduction::probe;
  if (!r.conflict) std::memcpy(triad_state.data(), triads.data(), triads.size());  // Values are one byte
  conflict = r.conflict;
  fixed_primary = r.fixed_primary;
  solved = r.solved;
}

namespace {
thread_local bool counter_propagation_everywhere = false;
}  // namespace

void detail::counter_propagation_for_tests(bool on) { counter_propagation_everywhere = on; }

std::string probe_size_problem(int n) {
  const std::string most = std::to_string(kProbeMaxSize), side = std::to_string(n);
  return "the probe reduction works on boards up to " + most + "x" + most + ", not " + side + "x" + side;
}

void Encoder::Impl::reduce() {
  if (options.reduction == Reduction::probe && n > kProbeMaxSize)
    throw UsageError(probe_size_problem(n) + ": use --reduce propagate (unit propagation alone) on larger boards");
  if ((options.reduction == Reduction::probe ||
       (options.reduction == Reduction::propagate && !counter_propagation_everywhere)) &&
      n <= kMaskLimit) {
    propagate_masks();
    return;
  }
  state.assign(static_cast<std::size_t>(map.primary_count()) + static_cast<std::size_t>(triad_count) + 1, Value{0});
  if (options.reduction == Reduction::clues) {
    clue_rule();
    return;
  }
  Scratch& s = scratch();
  {
    Propagator p(*this, shape_facts(puzzle.geometry()), s);
    p.seed_clues(puzzle, s.used);
    p.run();
    conflict = p.conflict();
    if (!conflict) {
      fixed_primary = static_cast<std::uint64_t>(
          std::count_if(state.begin() + 1, state.begin() + 1 + map.primary_count(), [](Value v) { return v != 0; }));
      solved = p.trues() == static_cast<std::uint64_t>(puzzle.cell_count());
    }
  }
  s.trim();
}

// Reduction::clues: a clue's variable is true, its cell's other digits and
// its digit in the peers false; nothing more.
void Encoder::Impl::clue_rule() {
  const Geometry& g = puzzle.geometry();
  std::uint64_t fixed = 0, trues = 0;
  auto set = [&](int var, int value) {
    Value& s = state[static_cast<std::size_t>(var)];
    if (s == value) return;
    if (s != 0) conflict = true;
    s = static_cast<Value>(value);
    ++fixed;
    trues += value > 0;
  };
  digit.assign(static_cast<std::size_t>(puzzle.cell_count()), 0);
  for (int cell = 0; cell < puzzle.cell_count() && !conflict; ++cell)
    if (const int d = puzzle.at(cell)) {
      digit[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(d);
      set(map.var(cell, d), 1);
      for (int x = 1; x <= n; ++x)
        if (x != d) set(map.var(cell, x), -1);
      g.for_each_peer(cell, [&](int peer) { set(map.var(peer, d), -1); });
    }
  if (conflict) return;
  fixed_primary = fixed;
  solved = trues == static_cast<std::uint64_t>(puzzle.cell_count());
}

namespace {

// Which groups hold a true literal, for the emission of a reduced formula.
struct EmitScratch {
  std::vector<int> digit;              // per cell: its fixed digit, 0 none
  std::vector<std::uint8_t> unit_has;  // per unit and digit index
  std::vector<std::uint8_t> seg_has;   // per triad index: a cell of the segment holds the digit
  void trim() {
    if (seg_has.capacity() + unit_has.capacity() > (1u << 22)) *this = EmitScratch{};
  }
};

// The EmitScratch of one emission: the thread's own for the outermost, a
// new one for an emission nested in it (a sink that emits or counts another
// encoder from add_clause, or builds one with Reduction::probe, whose
// constructor emits): the outer emission's flags are still in use, and with
// the shared scratch it went on with the inner encoder's.  One test of a
// flag per emission, none per clause.
class EmitScratchLease {
 public:
  EmitScratchLease() : outermost_(!busy()) { busy() = true; }
  ~EmitScratchLease() {
    if (!outermost_) return;
    shared().trim();
    busy() = false;
  }
  EmitScratchLease(const EmitScratchLease&) = delete;
  EmitScratchLease& operator=(const EmitScratchLease&) = delete;

  EmitScratch& get() { return outermost_ ? shared() : own_; }

 private:
  static bool& busy() {
    thread_local bool b = false;
    return b;
  }
  static EmitScratch& shared() {
    thread_local EmitScratch s;
    return s;
  }

  bool outermost_;
  EmitScratch own_;  // used only when nested (empty vectors allocate nothing)
};

// Emits the clauses of one encoder into a sink, dropping what the reduction
// satisfied and deleting the literals it falsified, and counting.  A group
// (a clause or an at-most-one) that holds a true literal is skipped whole:
// without a conflict every other literal of such a group is false (the clue
// rule and propagation both falsify the rest of a group with a true
// literal), so it would give nothing.  The other groups are filtered literal
// by literal.  Cost: O(N^2) to find the true literals (one digit per cell),
// O(1) per group with one, and the size of the group for the others.
class Emission final : public ClauseSink {
 public:
  Emission(const Encoder::Impl& e, ClauseSink& sink, EmitScratch& flags)
      : e_(e), sink_(sink), reduced_(e.options.reduction != Reduction::none),
        st_(e.compact ? nullptr : e.state.data()), flags_(flags),
        aux_(e.map.first_aux() + e.triad_count) {
    lits_.reserve(static_cast<std::size_t>(e.n) + 1);
    open_.reserve(static_cast<std::size_t>(e.n) + 1);
    if (reduced_ && !e.conflict) find_trues();
  }

  void add_clause(std::span<const int> literals) override {
    ++report_.clauses;
    if (literals.empty()) report_.conflict = true;
    for (int lit : literals) {
      const auto v = static_cast<std::uint64_t>(std::abs(lit));
      if (v > report_.variables) report_.variables = v;
    }
    sink_.add_clause(literals);
  }

  void family(Family f) {
    const int n = e_.n;
    const Geometry& g = e_.puzzle.geometry();
    std::vector<int>& x = lits_;
    switch (f) {
      case Family::cell_alo:
      case Family::cell_amo:
        for (int cell = 0; cell < n * n; ++cell) {
          if (reduced_) {  // no true literal: the open ones are the group
            if (flags_.digit[static_cast<std::size_t>(cell)]) continue;
            group_.clear();
            for (int v = e_.map.var(cell, 1), end = v + n; v < end; ++v)
              if (state(v) == 0) group_.push_back(v);
            open_group(f == Family::cell_alo);
            continue;
          }
          x.clear();
          for (int d = 1; d <= n; ++d) x.push_back(e_.map.var(cell, d));
          if (f == Family::cell_alo) clause(x); else at_most_one(x);
        }
        return;
      case Family::unit_amo:
      case Family::unit_alo:
        for (int u = 0; u < 3 * n; ++u)
          for (int d = 1; d <= n; ++d) {
            if (reduced_) {
              if (flags_.unit_has[index(u, d)]) continue;
              group_.clear();
              for (int cell : g.unit(u))
                if (state(e_.map.var(cell, d)) == 0) group_.push_back(e_.map.var(cell, d));
              open_group(f == Family::unit_alo);
              continue;
            }
            x.clear();
            for (int cell : g.unit(u)) x.push_back(e_.map.var(cell, d));
            if (f == Family::unit_alo) clause(x); else at_most_one(x);
          }
        return;
      case Family::triad_def:
      case Family::triad_amo:
        for (int r = 0; r < n; ++r)
          for (int b = 0; b < e_.br; ++b)
            for (int d = 1; d <= n; ++d) {
              const int t = e_.row_triad(r, b, d);
              if (skip_segment(f, t)) continue;
              x.clear();
              for (int j = 0; j < e_.bc; ++j) x.push_back(e_.map.var(r, b * e_.bc + j, d));
              segment(f, t);
            }
        for (int c = 0; c < n; ++c)
          for (int b = 0; b < e_.bc; ++b)
            for (int d = 1; d <= n; ++d) {
              const int t = e_.column_triad(c, b, d);
              if (skip_segment(f, t)) continue;
              x.clear();
              for (int i = 0; i < e_.br; ++i) x.push_back(e_.map.var(b * e_.br + i, c, d));
              segment(f, t);
            }
        return;
      case Family::triad_unit:
        for (int r = 0; r < n; ++r)
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int b = 0; b < e_.br; ++b) x.push_back(e_.row_triad(r, b, d));
            exactly_one(x);
          }
        for (int c = 0; c < n; ++c)
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int b = 0; b < e_.bc; ++b) x.push_back(e_.column_triad(c, b, d));
            exactly_one(x);
          }
        for (int box = 0; box < n; ++box) {
          const int top = (box / e_.br) * e_.br, left = (box % e_.br) * e_.bc;
          for (int d = 1; d <= n; ++d) {
            x.clear();
            for (int i = 0; i < e_.br; ++i) x.push_back(e_.row_triad(top + i, box % e_.br, d));
            exactly_one(x);
            x.clear();
            for (int j = 0; j < e_.bc; ++j) x.push_back(e_.column_triad(left + j, box / e_.br, d));
            exactly_one(x);
          }
        }
        return;
    }
  }

  EncodeReport finish() {
    report_.aux = static_cast<std::uint64_t>(e_.triad_count) + static_cast<std::uint64_t>(aux_.count());
    report_.fixed_primary = e_.fixed_primary;
    report_.solved = e_.solved;
    report_.conflict = report_.conflict || e_.conflict;
    return report_;
  }

 private:
  std::size_t index(int group, int d) const {
    return static_cast<std::size_t>(group) * static_cast<std::size_t>(e_.n) + static_cast<std::size_t>(d - 1);
  }
  int state(int var) const { return st_ ? st_[var] : e_.value(var); }

  void find_trues() {
    const int n = e_.n;
    const std::size_t n2 = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    flags_.digit.assign(n2, 0);
    flags_.unit_has.assign(3 * n2, 0);
    if (e_.triads) flags_.seg_has.assign(static_cast<std::size_t>(e_.triad_count), 0);
    const ShapeFacts& facts = shape_facts(e_.puzzle.geometry());
    for (std::size_t cell = 0; cell < n2; ++cell) {
      const int d = e_.digit[cell];
      if (d == 0) continue;
      const int k = d - 1;
      flags_.digit[cell] = d;
      const CellFacts& f = facts.cells[cell];
      for (int j = 0; j < 3; ++j) flags_.unit_has[index(f.unit[j], k + 1)] = 1;
      if (e_.triads) {
        flags_.seg_has[index(f.rseg, k + 1)] = 1;
        flags_.seg_has[index(f.cseg, k + 1)] = 1;
      }
    }
  }

  // A segment whose triad is false has only false cells (x -> t); one whose
  // triad and one of whose cells are true has every clause satisfied.
  bool skip_segment(Family f, int t) const {
    if (!reduced_) return false;
    const bool has = flags_.seg_has[static_cast<std::size_t>(t - e_.map.first_aux())] != 0;
    if (f == Family::triad_amo) return has;
    const int s = state(t);
    return s < 0 || (s > 0 && has);
  }

  // The open literals, in group_, of a group without a true one: what
  // clause() or at_most_one() would give for the whole group.
  void open_group(bool at_least_one) {
    if (at_least_one) add_clause(group_);
    else encode_at_most_one(*this, group_, e_.amo, aux_);
  }

  int value(int lit) const {
    if (!reduced_) return 0;
    const int s = state(std::abs(lit));
    return lit > 0 ? s : -s;
  }

  // A clause, reduced.
  void clause(std::span<const int> literals) {
    if (!reduced_) {
      add_clause(literals);
      return;
    }
    open_.clear();
    for (int lit : literals) {
      const int v = value(lit);
      if (v > 0) return;
      if (v == 0) open_.push_back(lit);
    }
    add_clause(open_);
  }

  // At most one of `literals`, reduced.
  void at_most_one(std::span<const int> literals) {
    if (!reduced_) {  // no reduction: nothing to filter
      encode_at_most_one(*this, literals, e_.amo, aux_);
      return;
    }
    open_.clear();
    int trues = 0;
    for (int lit : literals) {
      const int v = value(lit);
      if (v > 0) ++trues;
      else if (v == 0) open_.push_back(lit);
    }
    if (trues >= 2) {
      add_clause({});
    } else if (trues == 1) {
      for (int lit : open_) {
        const int unit[1] = {-lit};
        add_clause(unit);
      }
    } else {
      // encode_at_most_one calls back add_clause; `open_` is not touched there.
      group_.assign(open_.begin(), open_.end());
      encode_at_most_one(*this, group_, e_.amo, aux_);
    }
  }

  // Triad-unit groups: skipped whole when a triad is true (the others are
  // then false).
  void exactly_one(std::span<const int> literals) {
    if (reduced_)
      for (int lit : literals)
        if (state(lit) > 0) return;
    clause(literals);
    at_most_one(literals);
  }

  // The segment's cells are in lits_; t is its triad.
  void segment(Family f, int t) {
    if (f == Family::triad_amo) {
      at_most_one(lits_);
      return;
    }
    for (int lit : lits_) {
      const int c[2] = {-lit, t};
      clause(c);
    }
    seg_.assign(1, -t);
    seg_.insert(seg_.end(), lits_.begin(), lits_.end());
    clause(seg_);
  }

  const Encoder::Impl& e_;
  ClauseSink& sink_;
  bool reduced_;
  const Value* st_;  // the general state, or null: ask e_.value()
  EmitScratch& flags_;
  AuxAllocator aux_;
  EncodeReport report_;
  std::vector<int> lits_, open_, group_, seg_;
};

}  // namespace

// Precondition: compact (N <= kMaskLimit), and the values those of a
// fixpoint without conflict.
template <class Probed>
void Encoder::Impl::absorb(const Probed& probed) {
  const int primaries = map.primary_count();
  for (int var = 1; var <= primaries; ++var) {
    const int v = probed(var);
    if (v == 0) continue;
    const auto cell = static_cast<std::size_t>(map.cell_of(var));
    const int k = map.digit_of(var) - 1;
    if (v > 0) {
      digit[cell] = static_cast<std::uint16_t>(k + 1);
      open[cell] = bit(k);
    } else {
      open[cell] &= ~bit(k);
    }
  }
  for (std::size_t t = 0; t < triad_state.size(); ++t)
    if (const int v = probed(primaries + 1 + static_cast<int>(t))) triad_state[t] = static_cast<Value>(v);
  fixed_primary = 0;
  bool all = true;
  for (std::size_t cell = 0; cell < open.size(); ++cell) {
    fixed_primary += static_cast<std::uint64_t>(digit[cell] ? n : n - std::popcount(open[cell]));
    all = all && digit[cell] != 0;
  }
  solved = all;
}

Encoder::Encoder(const Grid& puzzle, EncodeOptions options)
    : impl_(std::make_unique<Impl>(puzzle, options)) {
  Impl& e = *impl_;
  if (e.options.reduction != Reduction::probe || e.probed || e.solved || e.conflict) return;
  // Failed-literal probing over the clauses the propagation left (the 9x9
  // `triads` propagation probes on its own bitboards, far faster), a round
  // per call of probe(): cells that lose candidates join the next round.
  ClauseBuffer clauses;
  const EncodeReport report = emit(clauses);
  UnitPropagator up(clauses, static_cast<int>(report.variables));
  if (!up.reset()) {
    e.conflict = true;
    return;
  }
  // A variable is open when neither the propagation nor the probing fixed
  // it (what the propagation fixed is not in the clauses, and may lie
  // beyond the highest variable they use).
  auto probed = [&](int var) { return var <= up.variables() ? up.value(var) : 0; };
  auto open = [&](int var) { return e.value(var) == 0 && probed(var) == 0; };
  std::vector<int> candidates;
  for (std::uint64_t failed = 1; failed > 0;) {
    candidates.clear();
    for (int cell = 0; cell < e.puzzle.cell_count(); ++cell) {
      if (e.digit[static_cast<std::size_t>(cell)]) continue;
      const std::size_t first = candidates.size();
      bool decided = false;
      for (int d = 1; d <= e.n && !decided; ++d) {
        const int var = e.map.var(cell, d);
        decided = probed(var) > 0;
        if (open(var)) candidates.push_back(var);
      }
      if (decided || candidates.size() - first > static_cast<std::size_t>(kProbeCellLimit))
        candidates.resize(first);
    }
    failed = 0;
    if (!up.probe(candidates, nullptr, &failed)) {
      e.conflict = true;
      return;
    }
  }
  e.absorb(probed);
}

Encoder::~Encoder() = default;
Encoder::Encoder(Encoder&&) noexcept = default;
Encoder& Encoder::operator=(Encoder&&) noexcept = default;

EncodeReport Encoder::emit(ClauseSink& sink) const {
  EmitScratchLease flags;  // outlives `out`, and trims the scratch afterwards
  Emission out(*impl_, sink, flags.get());
  if (impl_->conflict) {
    out.add_clause({});
    return out.finish();
  }
  for (Family f : info(impl_->options.encoding).families) out.family(f);
  if (impl_->options.reduction == Reduction::none)
    for (int cell = 0; cell < impl_->puzzle.cell_count(); ++cell)
      if (const int d = impl_->puzzle.at(cell)) {
        const int unit[1] = {impl_->map.var(cell, d)};
        out.add_clause(unit);
      }
  return out.finish();
}

EncodeReport Encoder::count() const {
  NullSink null;
  return emit(null);
}

const Grid& Encoder::puzzle() const { return impl_->puzzle; }
const VarMap& Encoder::map() const { return impl_->map; }
EncodeOptions Encoder::options() const { return impl_->options; }
AmoMethod Encoder::amo() const { return impl_->amo; }
std::uint64_t Encoder::fixed_primary() const { return impl_->fixed_primary; }
bool Encoder::solved() const { return impl_->solved; }
bool Encoder::conflict() const { return impl_->conflict; }

int Encoder::fixed(int var) const {
  if (impl_->options.reduction == Reduction::none || !impl_->map.is_primary(var)) return 0;
  return impl_->value(var);
}

int Encoder::assigned(int var) const {
  if (impl_->options.reduction == Reduction::none) return 0;
  return impl_->value(var);
}

int Encoder::digit_of_cell(int cell) const {
  const std::vector<std::uint16_t>& d = impl_->digit;
  return cell >= 0 && static_cast<std::size_t>(cell) < d.size() ? d[static_cast<std::size_t>(cell)] : 0;
}

namespace {

// Throws UsageError, naming `function`, unless line, box and digit are in range.
void require_triad(const char* function, int line, int box, int boxes, int digit, int n) {
  if (line < 0 || line >= n || box < 0 || box >= boxes || digit < 1 || digit > n)
    throw UsageError(std::string(function) + ": (" + std::to_string(line) + ", " + std::to_string(box) + ", " +
                     std::to_string(digit) + ") is no triad of a " + std::to_string(n) + "x" + std::to_string(n) +
                     " board (line 0.." + std::to_string(n - 1) + ", box 0.." + std::to_string(boxes - 1) +
                     ", digit 1.." + std::to_string(n) + ")");
}

}  // namespace

int Encoder::row_triad(int row, int box_col, int digit) const {
  require_triad("Encoder::row_triad", row, box_col, impl_->br, digit, impl_->n);
  return impl_->triads ? impl_->row_triad(row, box_col, digit) : 0;
}
int Encoder::column_triad(int col, int box_row, int digit) const {
  require_triad("Encoder::column_triad", col, box_row, impl_->bc, digit, impl_->n);
  return impl_->triads ? impl_->column_triad(col, box_row, digit) : 0;
}

EncodeReport encode(const Grid& puzzle, const EncodeOptions& options, ClauseSink& sink) {
  return Encoder(puzzle, options).emit(sink);
}

}  // namespace satdoku
