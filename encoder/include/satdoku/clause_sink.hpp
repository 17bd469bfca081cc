// satdoku/clause_sink.hpp - where an encoder sends its clauses.
//
// The encoder never builds a formula it does not need: it calls
// `add_clause` once per clause on a ClauseSink, which may keep the clauses
// (ClauseBuffer), write them as DIMACS (DimacsWriter in dimacs.hpp), hand
// them straight to a SAT solver (SatSolver in sat_solver.hpp) or only count
// them (ClauseCounter).  Literals are DIMACS integers: v or -v, v >= 1.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace satdoku {

// Whether `lit` can be a DIMACS literal: any int but 0 (a clause's end) and
// INT_MIN (whose negation is no int).
constexpr bool is_dimacs_literal(int lit) { return lit != 0 && lit != INT_MIN; }

class ClauseSink {
 public:
  virtual ~ClauseSink() = default;
  // Receives one clause (possibly empty: the formula is unsatisfiable).
  // The span is only valid during the call.
  virtual void add_clause(std::span<const int> literals) = 0;
};

// Counts clauses and literals and remembers the highest variable.
class ClauseCounter final : public ClauseSink {
 public:
  void add_clause(std::span<const int> literals) override;
  std::uint64_t clauses() const { return clauses_; }
  std::uint64_t literals() const { return literals_; }
  int max_var() const { return max_var_; }

 private:
  std::uint64_t clauses_ = 0;
  std::uint64_t literals_ = 0;
  int max_var_ = 0;
};

// Keeps every clause in one flat array (no allocation per clause).
class ClauseBuffer final : public ClauseSink {
 public:
  void add_clause(std::span<const int> literals) override;

  std::size_t size() const { return starts_.size(); }  // number of clauses
  bool empty() const { return starts_.empty(); }
  // Clause i.  Precondition: i < size().
  std::span<const int> operator[](std::size_t i) const {
    const std::size_t begin = starts_[i];
    const std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : literals_.size();
    return {literals_.data() + begin, end - begin};
  }
  int max_var() const { return max_var_; }
  // Sends every clause, in order, to `sink`.
  void replay(ClauseSink& sink) const;
  void clear();

 private:
  std::vector<int> literals_;
  std::vector<std::size_t> starts_;
  int max_var_ = 0;
};

}  // namespace satdoku
