#include "satdoku/encoding.hpp"

#include <array>
#include <climits>
#include <cstdlib>

#include "satdoku/error.hpp"

namespace satdoku {
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
     kMinimal, "V = N^3; C = N^2 + 3N^2 a(N)",
     "naked singles (a cell with one candidate left)"},
    {Encoding::natural, "natural", "minimal + each cell holds at most one digit", kNatural,
     "V = N^3; C = N^2 + 4N^2 a(N)", "naked singles"},
    {Encoding::extended, "extended",
     "natural + each digit at least once per row, column and box (Lynce & Ouaknine)", kExtended,
     "V = N^3; C = 4N^2 + 4N^2 a(N)", "naked singles, hidden singles"},
    {Encoding::triads, "triads",
     "cells exactly one digit; one variable per digit and row/column segment of a box "
     "(triad), exactly one triad per row, column and box",
     kTriads,
     "V = N^3 + N^2(R+C); C = N^2 + N^2 a(N) + N^2(2N+R+C) + N^2(R a(C) + C a(R)) "
     "+ 2N^2(2 + a(R) + a(C))",
     "naked singles, hidden singles, locked candidates (pointing and claiming)"},
}};

FormulaSize operator+(FormulaSize a, FormulaSize b) {
  return {a.variables + b.variables, a.clauses + b.clauses, a.aux + b.aux};
}

constexpr std::array<std::string_view, 3> kReductionNames{"none", "clues", "propagate"};
constexpr std::array<std::string_view, 3> kReductionText{
    "clues become unit clauses",
    "variables decided by a clue are left out, satisfied clauses dropped, false literals deleted "
    "(Kwon & Jain)",
    "clues, then unit propagation of the encoding to a fixpoint; fixed variables are left out"};

class NullSink final : public ClauseSink {
 public:
  void add_clause(std::span<const int>) override {}
};

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
  std::string s;
  for (const auto& e : kEncodings) {
    if (!s.empty()) s += ", ";
    s += e.name;
  }
  return s;
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
  return kReductionNames[static_cast<std::size_t>(reduction)];
}

std::optional<Reduction> parse_reduction(std::string_view name) {
  for (std::size_t i = 0; i < kReductionNames.size(); ++i)
    if (kReductionNames[i] == name) return static_cast<Reduction>(i);
  return std::nullopt;
}

std::string reduction_names() { return "none, clues, propagate"; }

std::string_view describe(Reduction reduction) {
  return kReductionText[static_cast<std::size_t>(reduction)];
}

// ---------------------------------------------------------------------------

struct Encoder::Impl {
  Grid puzzle;
  EncodeOptions options;
  AmoMethod amo;
  VarMap map;
  int n, br, bc;            // N, box rows R, box columns C
  bool triads;
  int triad_count = 0;      // N^2 (R + C) with triads, else 0
  std::vector<std::int8_t> state;  // per variable: +1 / -1 fixed, 0 free; empty = no reduction
  std::uint64_t fixed_primary = 0;
  bool solved = false;
  bool conflict = false;

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
      const long long t = static_cast<long long>(n) * n * (br + bc);
      if (n3 + t >= INT_MAX) throw UsageError("formula too large: more than 2^31-1 variables");
      triad_count = static_cast<int>(t);
    }
    if (o.reduction != Reduction::none) reduce();
  }

  int row_triad(int row, int box_col, int digit) const {
    return map.primary_count() + 1 + (row * br + box_col) * n + (digit - 1);
  }
  int column_triad(int col, int box_row, int digit) const {
    return map.primary_count() + 1 + n * n * br + (col * bc + box_row) * n + (digit - 1);
  }

  void reduce();
};

namespace {

// Unit propagation over the primary and triad variables, following the
// clauses of the encoding (see encoding.hpp).  With `full` false it only
// applies the clue rule (Reduction::clues).
class Propagator {
 public:
  Propagator(Encoder::Impl& e, bool full)
      : e_(e), g_(e.puzzle.geometry()), n_(e.n), full_(full) {
    const std::size_t n2 = static_cast<std::size_t>(n_) * n_;
    if (!full_) return;
    // Per cell: its three units and its two triads (digit 1), so that the
    // hot loop does no division by N.
    cell_info_.resize(n2 * 5);
    for (int cell = 0; cell < n_ * n_; ++cell) {
      int* info = &cell_info_[static_cast<std::size_t>(cell) * 5];
      info[0] = g_.row_unit(cell);
      info[1] = g_.column_unit(cell);
      info[2] = g_.box_unit(cell);
      if (e_.triads) {
        const int r = g_.row_of(cell), c = g_.col_of(cell);
        info[3] = e_.row_triad(r, c / e_.bc, 1);
        info[4] = e_.column_triad(c, r / e_.br, 1);
      }
    }
    cell_open_.assign(n2, n_);
    if (e_.options.encoding == Encoding::extended) unit_open_.assign(3 * n2, n_);
    if (e_.triads) {
      seg_open_.resize(static_cast<std::size_t>(e_.triad_count));
      const std::size_t rows = n2 * static_cast<std::size_t>(e_.br);
      for (std::size_t i = 0; i < seg_open_.size(); ++i) seg_open_[i] = i < rows ? e_.bc : e_.br;
      row_tri_.assign(n2, e_.br);
      col_tri_.assign(n2, e_.bc);
      box_rtri_.assign(n2, e_.br);
      box_ctri_.assign(n2, e_.bc);
    }
  }

  void assign(int var, int value) {
    auto& s = e_.state[static_cast<std::size_t>(var)];
    if (s == value) return;
    if (s == -value) {
      e_.conflict = true;
      return;
    }
    s = static_cast<std::int8_t>(value);
    trail_.push_back(value > 0 ? var : -var);
  }

  // Processes the trail to a fixpoint (or a conflict).
  void run() {
    while (head_ < trail_.size() && !e_.conflict) {
      const int lit = trail_[head_++];
      const int var = std::abs(lit);
      if (e_.map.is_primary(var)) {
        if (lit > 0) primary_true(var); else if (full_) primary_false(var);
      } else {
        if (lit > 0) triad_true(var); else triad_false(var);
      }
    }
  }

 private:
  int value(int var) const { return e_.state[static_cast<std::size_t>(var)]; }

  void primary_true(int var) {
    const int cell = (var - 1) / n_, d = var - cell * n_;
    for (int x = 1; x <= n_; ++x)
      if (x != d) assign(e_.map.var(cell, x), -1);
    g_.for_each_peer(cell, [&](int peer) { assign(e_.map.var(peer, d), -1); });
    if (full_ && e_.triads) {
      const int* info = &cell_info_[static_cast<std::size_t>(cell) * 5];
      assign(info[3] + d - 1, +1);
      assign(info[4] + d - 1, +1);
    }
  }

  // Called when a counter of open literals drops: 0 is a conflict, 1 makes
  // the remaining open one true (found by `scan`, which returns 0 for none).
  template <class Scan>
  void counted(int& open, Scan scan) {
    --open;
    if (open > 1) return;
    const int last = scan();
    if (last == 0) e_.conflict = true; else assign(last, +1);
  }

  void primary_false(int var) {
    const int cell = (var - 1) / n_, d = var - cell * n_;
    counted(cell_open_[static_cast<std::size_t>(cell)], [&] {
      for (int x = 1; x <= n_; ++x)
        if (value(e_.map.var(cell, x)) >= 0) return e_.map.var(cell, x);
      return 0;
    });
    const int* info = &cell_info_[static_cast<std::size_t>(cell) * 5];
    if (!unit_open_.empty()) {
      for (int k = 0; k < 3; ++k) {
        const int u = info[k];
        counted(unit_open_[static_cast<std::size_t>(u) * n_ + d - 1], [&] {
          for (int other : g_.unit(u))
            if (value(e_.map.var(other, d)) >= 0) return e_.map.var(other, d);
          return 0;
        });
        if (e_.conflict) return;
      }
    }
    if (e_.triads) {
      segment_lost(info[3] + d - 1);
      segment_lost(info[4] + d - 1);
    }
  }

  // Triad geometry: is it a row triad, and which cells form its segment.
  bool is_row_triad(int t) const { return t - e_.map.primary_count() - 1 < n_ * n_ * e_.br; }
  template <class F>
  void for_each_segment_var(int t, F&& f) const {
    const int index = t - e_.map.primary_count() - 1;
    const int d = index % n_ + 1;
    if (is_row_triad(t)) {
      const int rb = index / n_, r = rb / e_.br, b = rb % e_.br;
      for (int j = 0; j < e_.bc; ++j) f(e_.map.var(r, b * e_.bc + j, d));
    } else {
      const int cb = (index - n_ * n_ * e_.br) / n_, c = cb / e_.bc, b = cb % e_.bc;
      for (int i = 0; i < e_.br; ++i) f(e_.map.var(b * e_.br + i, c, d));
    }
  }
  int open_cell_of_segment(int t) const {
    int found = 0;
    for_each_segment_var(t, [&](int v) {
      if (!found && value(v) >= 0) found = v;
    });
    return found;
  }
  int& seg_open(int t) { return seg_open_[static_cast<std::size_t>(t - e_.map.primary_count() - 1)]; }

  void segment_lost(int t) {
    int& open = seg_open(t);
    --open;
    if (open == 0) assign(t, -1);
    else if (open == 1 && value(t) > 0) {
      const int v = open_cell_of_segment(t);
      if (v == 0) e_.conflict = true; else assign(v, +1);
    }
  }

  // The triads of the same row (or column) and of the same box as t.
  template <class F>
  void for_each_triad_group(int t, F&& f) {
    const int index = t - e_.map.primary_count() - 1;
    const int d = index % n_ + 1;
    if (is_row_triad(t)) {
      const int rb = index / n_, r = rb / e_.br, b = rb % e_.br;
      const int box = (r / e_.br) * e_.br + b;
      f(row_tri_[static_cast<std::size_t>(r * n_ + d - 1)], [&](auto&& g) {
        for (int x = 0; x < e_.br; ++x) g(e_.row_triad(r, x, d));
      });
      f(box_rtri_[static_cast<std::size_t>(box * n_ + d - 1)], [&](auto&& g) {
        const int top = (r / e_.br) * e_.br;
        for (int i = 0; i < e_.br; ++i) g(e_.row_triad(top + i, b, d));
      });
    } else {
      const int cb = (index - n_ * n_ * e_.br) / n_, c = cb / e_.bc, b = cb % e_.bc;
      const int box = b * e_.br + c / e_.bc;
      f(col_tri_[static_cast<std::size_t>(c * n_ + d - 1)], [&](auto&& g) {
        for (int x = 0; x < e_.bc; ++x) g(e_.column_triad(c, x, d));
      });
      f(box_ctri_[static_cast<std::size_t>(box * n_ + d - 1)], [&](auto&& g) {
        const int left = (c / e_.bc) * e_.bc;
        for (int j = 0; j < e_.bc; ++j) g(e_.column_triad(left + j, b, d));
      });
    }
  }

  void triad_true(int t) {
    for_each_triad_group(t, [&](int&, auto&& members) {
      members([&](int other) {
        if (other != t) assign(other, -1);
      });
    });
    if (seg_open(t) == 1) {
      const int v = open_cell_of_segment(t);
      if (v == 0) e_.conflict = true; else assign(v, +1);
    }
  }

  void triad_false(int t) {
    for_each_segment_var(t, [&](int v) { assign(v, -1); });
    for_each_triad_group(t, [&](int& open, auto&& members) {
      counted(open, [&] {
        int found = 0;
        members([&](int other) {
          if (!found && value(other) >= 0) found = other;
        });
        return found;
      });
    });
  }

  Encoder::Impl& e_;
  const Geometry& g_;
  int n_;
  bool full_;
  std::vector<int> trail_;
  std::size_t head_ = 0;
  std::vector<int> cell_info_, cell_open_, unit_open_, seg_open_, row_tri_, col_tri_, box_rtri_, box_ctri_;
};

}  // namespace

void Encoder::Impl::reduce() {
  state.assign(static_cast<std::size_t>(map.primary_count()) + static_cast<std::size_t>(triad_count) + 1, 0);
  Propagator p(*this, options.reduction == Reduction::propagate);
  for (int cell = 0; cell < puzzle.cell_count() && !conflict; ++cell)
    if (const int d = puzzle.at(cell)) {
      p.assign(map.var(cell, d), +1);
      p.run();
    }
  p.run();
  if (conflict) return;
  std::uint64_t with_digit = 0;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    for (int d = 1; d <= n; ++d) {
      const int s = state[static_cast<std::size_t>(map.var(cell, d))];
      if (s) ++fixed_primary;
      if (s > 0) ++with_digit;
    }
  solved = with_digit == static_cast<std::uint64_t>(puzzle.cell_count());
}

namespace {

// Emits the clauses of one encoder into a sink, dropping what the reduction
// satisfied and deleting the literals it falsified, and counting.
class Emission final : public ClauseSink {
 public:
  Emission(const Encoder::Impl& e, ClauseSink& sink)
      : e_(e), sink_(sink), aux_(e.map.first_aux() + e.triad_count) {
    lits_.reserve(static_cast<std::size_t>(e.n) + 1);
    open_.reserve(static_cast<std::size_t>(e.n) + 1);
  }

  void add_clause(std::span<const int> literals) override {
    ++report_.clauses;
    for (int lit : literals) {
      const auto v = static_cast<std::uint64_t>(std::abs(lit));
      if (v > report_.variables) report_.variables = v;
    }
    sink_.add_clause(literals);
  }

  int value(int lit) const {
    if (e_.state.empty()) return 0;
    const int s = e_.state[static_cast<std::size_t>(std::abs(lit))];
    return lit > 0 ? s : -s;
  }

  // A clause, reduced.
  void clause(std::span<const int> literals) {
    if (e_.state.empty()) {
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
    if (e_.state.empty()) {  // no reduction: nothing to filter
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

  void exactly_one(std::span<const int> literals) {
    clause(literals);
    at_most_one(literals);
  }

  void family(Family f) {
    const int n = e_.n;
    const Geometry& g = e_.puzzle.geometry();
    std::vector<int>& x = lits_;
    switch (f) {
      case Family::cell_alo:
      case Family::cell_amo:
        for (int cell = 0; cell < n * n; ++cell) {
          x.clear();
          for (int d = 1; d <= n; ++d) x.push_back(e_.map.var(cell, d));
          if (f == Family::cell_alo) clause(x); else at_most_one(x);
        }
        return;
      case Family::unit_amo:
      case Family::unit_alo:
        for (int u = 0; u < 3 * n; ++u)
          for (int d = 1; d <= n; ++d) {
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
              x.clear();
              for (int j = 0; j < e_.bc; ++j) x.push_back(e_.map.var(r, b * e_.bc + j, d));
              segment(f, e_.row_triad(r, b, d));
            }
        for (int c = 0; c < n; ++c)
          for (int b = 0; b < e_.bc; ++b)
            for (int d = 1; d <= n; ++d) {
              x.clear();
              for (int i = 0; i < e_.br; ++i) x.push_back(e_.map.var(b * e_.br + i, c, d));
              segment(f, e_.column_triad(c, b, d));
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

  EncodeReport finish() {
    report_.aux = static_cast<std::uint64_t>(e_.triad_count) + static_cast<std::uint64_t>(aux_.count());
    report_.fixed_primary = e_.fixed_primary;
    report_.solved = e_.solved;
    report_.conflict = e_.conflict;
    return report_;
  }

 private:
  const Encoder::Impl& e_;
  ClauseSink& sink_;
  AuxAllocator aux_;
  EncodeReport report_;
  std::vector<int> lits_, open_, group_, seg_;
};

}  // namespace

Encoder::Encoder(const Grid& puzzle, EncodeOptions options)
    : impl_(std::make_unique<Impl>(puzzle, options)) {}
Encoder::~Encoder() = default;
Encoder::Encoder(Encoder&&) noexcept = default;
Encoder& Encoder::operator=(Encoder&&) noexcept = default;

EncodeReport Encoder::emit(ClauseSink& sink) const {
  Emission out(*impl_, sink);
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
  if (impl_->state.empty() || !impl_->map.is_primary(var)) return 0;
  return impl_->state[static_cast<std::size_t>(var)];
}

int Encoder::row_triad(int row, int box_col, int digit) const {
  return impl_->triads ? impl_->row_triad(row, box_col, digit) : 0;
}
int Encoder::column_triad(int col, int box_row, int digit) const {
  return impl_->triads ? impl_->column_triad(col, box_row, digit) : 0;
}

EncodeReport encode(const Grid& puzzle, const EncodeOptions& options, ClauseSink& sink) {
  return Encoder(puzzle, options).emit(sink);
}

}  // namespace satdoku
