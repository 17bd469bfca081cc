#include "satdoku/clause_sink.hpp"

#include <cstdlib>

namespace satdoku {

void ClauseCounter::add_clause(std::span<const int> literals) {
  ++clauses_;
  literals_ += literals.size();
  for (int lit : literals) {
    const int v = std::abs(lit);
    if (v > max_var_) max_var_ = v;
  }
}

void ClauseBuffer::add_clause(std::span<const int> literals) {
  starts_.push_back(literals_.size());
  literals_.insert(literals_.end(), literals.begin(), literals.end());
  for (int lit : literals) {
    const int v = std::abs(lit);
    if (v > max_var_) max_var_ = v;
  }
}

void ClauseBuffer::replay(ClauseSink& sink) const {
  for (std::size_t i = 0; i < size(); ++i) sink.add_clause((*this)[i]);
}

void ClauseBuffer::clear() {
  literals_.clear();
  starts_.clear();
  max_var_ = 0;
}

}  // namespace satdoku
