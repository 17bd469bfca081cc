#include "satdoku/probing.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>

#include "satdoku/error.hpp"

namespace satdoku {

UnitPropagator::UnitPropagator(const ClauseBuffer& clauses, int variables)
    : variables_(std::max(variables, clauses.max_var())) {
  // A literal's index (2 * var, + 1 when negative) must be an int.
  if (variables_ > (INT_MAX - 1) / 2)
    throw UsageError("UnitPropagator: " + std::to_string(variables_) + " variables, more than 2^30-1");
  const std::size_t lits = 2 * static_cast<std::size_t>(variables_) + 2;
  watches_.resize(lits);
  values_.assign(lits, 0);
  trail_.reserve(static_cast<std::size_t>(variables_));
  // Each clause is normalised first, as read_dimacs keeps clauses as written:
  // a repeated literal is dropped ({1 1} watched 1 twice and was never taken
  // for the unit it is) and a clause with x and -x, always true, is left out.
  // values_, all 0 until reset(), marks the clause's literals meanwhile.
  std::vector<int> c;  // the clause's distinct literal indices
  for (std::size_t i = 0; i < clauses.size(); ++i) {
    c.clear();
    bool tautology = false;
    for (const int lit : clauses[i]) {
      const int x = index(lit);
      if (values_[static_cast<std::size_t>(x ^ 1)]) tautology = true;
      if (tautology) break;
      if (values_[static_cast<std::size_t>(x)]) continue;
      values_[static_cast<std::size_t>(x)] = 1;
      c.push_back(x);
    }
    for (const int x : c) values_[static_cast<std::size_t>(x)] = 0;
    if (tautology) continue;
    if (c.empty()) {
      empty_clause_ = true;
    } else if (c.size() == 1) {
      units_.push_back(c[0]);
    } else if (c.size() == 2) {
      watches_[static_cast<std::size_t>(c[0])].push_back({-1, c[1]});
      watches_[static_cast<std::size_t>(c[1])].push_back({-1, c[0]});
    } else {
      if (literals_.size() + c.size() > UINT32_MAX || starts_.size() >= INT_MAX)
        throw UsageError("UnitPropagator: more long clauses, or literals in them, than it numbers");
      const int id = static_cast<int>(starts_.size());
      starts_.push_back(static_cast<std::uint32_t>(literals_.size()));
      sizes_.push_back(static_cast<std::uint32_t>(c.size()));
      literals_.insert(literals_.end(), c.begin(), c.end());
      watches_[static_cast<std::size_t>(c[0])].push_back({id, c[1]});
      watches_[static_cast<std::size_t>(c[1])].push_back({id, c[0]});
    }
  }
  reset();
}

void UnitPropagator::assign(int lit) {
  values_[static_cast<std::size_t>(lit)] = 1;
  values_[static_cast<std::size_t>(lit ^ 1)] = -1;
  trail_.push_back(lit);
}

void UnitPropagator::backtrack(std::size_t trail_size) {
  while (trail_.size() > trail_size) {
    const int lit = trail_.back();
    trail_.pop_back();
    values_[static_cast<std::size_t>(lit)] = 0;
    values_[static_cast<std::size_t>(lit ^ 1)] = 0;
  }
  head_ = trail_size;
}

// Visits, for every newly true literal p, the clauses watching -p.
bool UnitPropagator::propagate() {
  while (head_ < trail_.size()) {
    const int false_lit = trail_[head_++] ^ 1;
    std::vector<Watch>& ws = watches_[static_cast<std::size_t>(false_lit)];
    std::size_t keep = 0, i = 0;
    bool ok = true;
    for (; i < ws.size(); ++i) {
      const Watch w = ws[i];
      const signed char blocker = values_[static_cast<std::size_t>(w.blocker)];
      if (blocker > 0) {
        ws[keep++] = w;
        continue;
      }
      if (w.clause < 0) {  // binary: the other literal must hold
        ws[keep++] = w;
        if (blocker < 0) {
          ok = false;
          ++i;
          break;
        }
        assign(w.blocker);
        continue;
      }
      int* c = literals_.data() + starts_[static_cast<std::size_t>(w.clause)];
      const std::uint32_t size = sizes_[static_cast<std::size_t>(w.clause)];
      if (c[0] == false_lit) std::swap(c[0], c[1]);
      const int other = c[0];
      if (values_[static_cast<std::size_t>(other)] > 0) {
        ws[keep++] = {w.clause, other};
        continue;
      }
      bool moved = false;
      for (std::uint32_t k = 2; k < size; ++k)
        if (values_[static_cast<std::size_t>(c[k])] >= 0) {
          std::swap(c[1], c[k]);
          watches_[static_cast<std::size_t>(c[1])].push_back({w.clause, other});
          moved = true;
          break;
        }
      if (moved) continue;
      ws[keep++] = {w.clause, other};
      if (values_[static_cast<std::size_t>(other)] < 0) {
        ok = false;
        ++i;
        break;
      }
      assign(other);
    }
    for (; i < ws.size(); ++i) ws[keep++] = ws[i];
    ws.resize(keep);
    if (!ok) return false;
  }
  return true;
}

bool UnitPropagator::reset() {
  backtrack(0);
  conflict_ = empty_clause_;
  for (int lit : units_) {
    if (conflict_) break;
    const signed char v = values_[static_cast<std::size_t>(lit)];
    if (v < 0) conflict_ = true;
    else if (v == 0) assign(lit);
  }
  if (!conflict_ && !propagate()) conflict_ = true;
  return !conflict_;
}

bool UnitPropagator::assert_literal(int literal) {
  if (literal == 0 || std::abs(literal) > variables_)
    throw UsageError("UnitPropagator::assert_literal: literal " + std::to_string(literal) +
                     " out of range");
  if (conflict_) return false;
  const int lit = index(literal);
  const signed char v = values_[static_cast<std::size_t>(lit)];
  if (v > 0) return true;
  if (v < 0 || (assign(lit), !propagate())) conflict_ = true;
  return !conflict_;
}

bool UnitPropagator::probe(std::span<const int> candidates, std::uint64_t* probes, std::uint64_t* failed) {
  // Checked before anything is assumed: a candidate beyond variables() would
  // index past values_, and 0 or a negative number would be taken for another
  // literal's index.
  for (int var : candidates)
    if (var < 1 || var > variables_)
      throw UsageError("UnitPropagator::probe: candidate " + std::to_string(var) +
                       " out of range (variables are 1.." + std::to_string(variables_) + ")");
  if (conflict_) return false;
  for (bool changed = true; changed;) {
    changed = false;
    for (int var : candidates) {
      const int lit = index(var);
      if (values_[static_cast<std::size_t>(lit)] != 0) continue;
      const std::size_t mark = trail_.size();
      if (probes) ++*probes;
      assign(lit);
      const bool ok = propagate();
      backtrack(mark);
      if (ok) continue;
      if (failed) ++*failed;
      changed = true;
      assign(lit ^ 1);
      if (!propagate()) {
        conflict_ = true;
        return false;
      }
    }
  }
  return true;
}

namespace {

std::shared_ptr<const Geometry> required(std::shared_ptr<const Geometry> geometry) {
  if (!geometry) throw UsageError("StrengthMeter: no geometry (use Geometry::shared(n))");
  return geometry;
}

}  // namespace

StrengthMeter::StrengthMeter(std::shared_ptr<const Geometry> geometry, Encoding encoding, AmoMethod amo)
    : geometry_(required(std::move(geometry))), encoding_(encoding), amo_(amo), map_(geometry_->size()) {
  const Encoder rules(Grid(geometry_), {encoding, amo, Reduction::none});
  ClauseBuffer clauses;
  const EncodeReport report = rules.emit(clauses);
  propagator_ = std::make_unique<UnitPropagator>(clauses, static_cast<int>(report.variables));
  primary_.resize(static_cast<std::size_t>(map_.primary_count()));
  for (int v = 1; v <= map_.primary_count(); ++v) primary_[static_cast<std::size_t>(v - 1)] = v;
}

int StrengthMeter::solved_cells() const {
  const int n = geometry_->size();
  int solved = 0;
  for (int cell = 0; cell < geometry_->cell_count(); ++cell) {
    int on = 0;
    for (int d = 1; d <= n && on < 2; ++d) on += propagator_->value(map_.var(cell, d)) > 0;
    solved += on == 1;
  }
  return solved;
}

PropagationStrength StrengthMeter::measure(const Grid& puzzle, bool probe) {
  const Geometry& g = puzzle.geometry();
  if (g.size() != geometry_->size() || !(g.box() == geometry_->box()))
    throw UsageError("StrengthMeter::measure: the puzzle's board shape differs from the meter's");
  PropagationStrength s;
  UnitPropagator& up = *propagator_;
  bool ok = up.reset();
  for (int cell = 0; cell < puzzle.cell_count() && ok; ++cell)
    if (const int d = puzzle.at(cell)) ok = up.assert_literal(map_.var(cell, d));
  const int cells = puzzle.cell_count();
  s.up_conflict = !ok;
  s.up_cells = ok ? solved_cells() : 0;
  s.up_solved = ok && s.up_cells == cells;
  if (!probe) return s;
  s.probed = true;
  if (!ok || s.up_solved) {
    s.fl_conflict = s.up_conflict;
    s.fl_solved = s.up_solved;
    s.fl_cells = s.up_cells;
    return s;
  }
  ok = up.probe(primary_, &s.probes, &s.failed);
  s.fl_conflict = !ok;
  s.fl_cells = ok ? solved_cells() : 0;
  s.fl_solved = ok && s.fl_cells == cells;
  return s;
}

}  // namespace satdoku
