// Test support for DRAT proofs: a strict text-DRAT parser and an
// independent forward RUP checker, used on the proofs satdoku writes (the
// library's write_uniqueness_proof and `check --proof`).
#pragma once

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "satdoku/clause_sink.hpp"

namespace satdoku::test {

// A forward RUP checker for DRAT proofs that contain RUP lemmas only (which
// is what CaDiCaL writes in its default configuration).  Deletions are
// ignored: keeping clauses only makes more lemmas RUP, and every clause kept
// is implied by the formula, so acceptance still means the empty clause
// follows from the formula.  Naive but enough for 9x9 proofs.
class RupChecker {
 public:
  explicit RupChecker(const ClauseBuffer& formula) {
    for (std::size_t i = 0; i < formula.size(); ++i) add(formula[i]);
  }

  // True when `lemma` follows by unit propagation; it is then added.
  bool check_and_add(std::span<const int> lemma) {
    const bool ok = propagates_to_conflict(lemma);
    if (ok) add(lemma);
    return ok;
  }

 private:
  void add(std::span<const int> clause) {
    const std::size_t id = clauses_.size();
    clauses_.emplace_back(clause.begin(), clause.end());
    for (int lit : clause) {
      const std::size_t v = static_cast<std::size_t>(std::abs(lit));
      if (v >= values_.size()) {
        values_.resize(v + 1, 0);
        occurs_.resize(2 * (v + 1));
      }
      occurs_[index(lit)].push_back(id);
    }
    if (clause.size() == 1) units_.push_back(clause[0]);
    if (clause.empty()) empty_ = true;
  }

  std::size_t index(int lit) const { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0); }
  int value(int lit) const {
    const int v = values_[static_cast<std::size_t>(std::abs(lit))];
    return lit > 0 ? v : -v;
  }

  bool propagates_to_conflict(std::span<const int> lemma) {
    if (empty_) return true;
    std::fill(values_.begin(), values_.end(), 0);
    std::vector<int> trail;
    auto assign = [&](int lit) {  // false: conflict
      if (static_cast<std::size_t>(std::abs(lit)) >= values_.size()) {
        values_.resize(static_cast<std::size_t>(std::abs(lit)) + 1, 0);
        occurs_.resize(2 * values_.size());
      }
      const int v = value(lit);
      if (v > 0) return true;
      if (v < 0) return false;
      values_[static_cast<std::size_t>(std::abs(lit))] = lit > 0 ? 1 : -1;
      trail.push_back(lit);
      return true;
    };
    for (int lit : lemma)
      if (!assign(-lit)) return true;
    for (int unit : units_)
      if (!assign(unit)) return true;
    for (std::size_t head = 0; head < trail.size(); ++head) {
      const int falsified = -trail[head];
      for (const std::size_t id : occurs_[index(falsified)]) {
        int unassigned = 0, open = 0;
        bool satisfied = false;
        for (int lit : clauses_[id]) {
          const int v = value(lit);
          if (v > 0) {
            satisfied = true;
            break;
          }
          if (v == 0 && ++open == 1) unassigned = lit;
        }
        if (satisfied) continue;
        if (open == 0) return true;
        if (open == 1 && !assign(unassigned)) return true;
      }
    }
    return false;
  }

  std::vector<std::vector<int>> clauses_;
  std::vector<std::vector<std::size_t>> occurs_;
  std::vector<int> values_;
  std::vector<int> units_;
  bool empty_ = false;
};

struct DratProof {
  std::vector<std::vector<int>> lemmas;  // in order (deletions are not kept)
  std::size_t deletions = 0;
  bool ends_with_empty_clause = false;
};

// Parses text DRAT strictly: every line is "[d ]lit ... 0".
inline DratProof parse_drat(const std::string& text) {
  DratProof proof;
  std::istringstream in(text);
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::istringstream words(line);
    std::string first;
    BOOST_REQUIRE_MESSAGE(static_cast<bool>(words >> first), "empty DRAT line " << number);
    const bool deletion = first == "d";
    if (!deletion) words.seekg(0);
    std::vector<int> clause;
    bool ended = false;
    for (std::string word; words >> word;) {
      BOOST_REQUIRE_MESSAGE(!ended, "text after the 0 on DRAT line " << number);
      std::size_t used = 0;
      const int lit = std::stoi(word, &used);
      BOOST_REQUIRE_MESSAGE(used == word.size(), "bad literal '" << word << "' on DRAT line " << number);
      if (lit == 0) ended = true;
      else clause.push_back(lit);
    }
    BOOST_REQUIRE_MESSAGE(ended, "DRAT line " << number << " does not end with 0");
    if (deletion) ++proof.deletions;
    else proof.lemmas.push_back(clause);
    proof.ends_with_empty_clause = !deletion && clause.empty();
  }
  return proof;
}

}  // namespace satdoku::test
