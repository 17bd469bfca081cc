// At-most-one methods: the table, the documented sizes against the clauses
// actually emitted, and the semantics by exhaustive enumeration.
#define BOOST_TEST_MODULE amo
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "satdoku/amo.hpp"
#include "satdoku/error.hpp"
#include "satdoku/sat_solver.hpp"

using namespace satdoku;

namespace {

struct Emitted {
  ClauseBuffer clauses;
  int aux = 0;
  int first_aux = 0;
};

// The group's literals: variables 1..n, every third one negated (methods
// must not assume positive literals).
std::vector<int> group(int n) {
  std::vector<int> lits;
  for (int i = 1; i <= n; ++i) lits.push_back(i % 3 == 0 ? -i : i);
  return lits;
}

Emitted emit(AmoMethod method, int n) {
  Emitted e;
  e.first_aux = n + 1;
  AuxAllocator aux(e.first_aux);
  encode_at_most_one(e.clauses, group(n), method, aux);
  e.aux = aux.count();
  return e;
}

// Whether the clauses are satisfiable with the group literals set by `mask`
// (bit i: literal i true), trying every assignment of the auxiliaries.
bool satisfiable_over_aux(const Emitted& e, int n, unsigned mask) {
  const auto lits = group(n);
  std::vector<int> value(static_cast<std::size_t>(n + e.aux + 1), 0);
  for (int i = 0; i < n; ++i) {
    const bool lit_true = (mask >> i) & 1;
    const int var = std::abs(lits[static_cast<std::size_t>(i)]);
    value[static_cast<std::size_t>(var)] = (lits[static_cast<std::size_t>(i)] > 0) == lit_true ? 1 : -1;
  }
  for (unsigned a = 0; a < (1u << e.aux); ++a) {
    for (int k = 0; k < e.aux; ++k) value[static_cast<std::size_t>(n + 1 + k)] = (a >> k) & 1 ? 1 : -1;
    bool all = true;
    for (std::size_t c = 0; c < e.clauses.size() && all; ++c) {
      bool sat = false;
      for (int lit : e.clauses[c])
        if ((lit > 0) == (value[static_cast<std::size_t>(std::abs(lit))] > 0)) sat = true;
      all = sat;
    }
    if (all) return true;
  }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_table_names_every_method_once) {
  std::set<std::string> names;
  for (const auto& m : amo_methods()) {
    BOOST_TEST(names.insert(std::string(m.name)).second);
    BOOST_TEST((parse_amo_method(m.name).value() == m.method));
    BOOST_TEST(&info(m.method) == &m);
    BOOST_TEST(!m.summary.empty());
    BOOST_TEST(amo_method_names().find(m.name) != std::string::npos);
  }
  BOOST_TEST(names.size() == 6u);
  BOOST_TEST(!parse_amo_method("ladder"));
  BOOST_TEST(!parse_amo_method(""));
}

BOOST_AUTO_TEST_CASE(emitted_sizes_match_the_documented_costs) {
  for (const auto& m : amo_methods())
    for (int n = 0; n <= 64; ++n) {
      const Emitted e = emit(m.method, n);
      const AmoCost cost = amo_cost(m.method, static_cast<std::uint64_t>(n));
      BOOST_TEST_CONTEXT(m.name << " n=" << n) {
        BOOST_TEST(e.clauses.size() == cost.clauses);
        BOOST_TEST(static_cast<std::uint64_t>(e.aux) == cost.aux);
        // Auxiliaries are numbered after the group, without gaps.
        BOOST_TEST(e.clauses.max_var() <= n + e.aux);
        for (std::size_t c = 0; c < e.clauses.size(); ++c) BOOST_TEST(e.clauses[c].size() == 2u);
      }
    }
}

BOOST_AUTO_TEST_CASE(closed_forms_of_the_header) {
  auto log2ceil = [](std::uint64_t n) {
    std::uint64_t k = 0;
    while ((1ull << k) < n) ++k;
    return k;
  };
  // No group holds more literals than an int numbers (the sums stay exact).
  BOOST_TEST(amo_cost(AmoMethod::pairwise, kMaxAmoGroup).clauses == kMaxAmoGroup * (kMaxAmoGroup - 1) / 2);
  for (const AmoMethod method : {AmoMethod::pairwise, AmoMethod::binary, AmoMethod::product})
    for (const std::uint64_t n : {kMaxAmoGroup + 1, std::uint64_t{1} << 63, ~std::uint64_t{0}})
      BOOST_CHECK_THROW(amo_cost(method, n), UsageError);
  for (std::uint64_t n = 2; n <= 64; ++n) {
    BOOST_TEST(amo_cost(AmoMethod::pairwise, n).clauses == n * (n - 1) / 2);
    BOOST_TEST(amo_cost(AmoMethod::pairwise, n).aux == 0u);
    BOOST_TEST(amo_cost(AmoMethod::sequential, n).clauses == 3 * n - 4);
    BOOST_TEST(amo_cost(AmoMethod::sequential, n).aux == n - 1);
    BOOST_TEST(amo_cost(AmoMethod::binary, n).clauses == n * log2ceil(n));
    BOOST_TEST(amo_cost(AmoMethod::binary, n).aux == log2ceil(n));
    const std::uint64_t k = log2ceil((n + 1) / 2);
    BOOST_TEST(amo_cost(AmoMethod::bimander, n).clauses == n / 2 + n * k);
    BOOST_TEST(amo_cost(AmoMethod::bimander, n).aux == k);
  }
  // Product: 9 literals on a 3x3 grid, 18 implications + 2 x pairwise(3).
  BOOST_TEST(amo_cost(AmoMethod::product, 9).clauses == 18u + 3u + 3u);
  BOOST_TEST(amo_cost(AmoMethod::product, 9).aux == 6u);
  // Commander: 9 = three groups of 3 (3 pairs + 3 implications each), then pairwise(3).
  BOOST_TEST(amo_cost(AmoMethod::commander, 9).clauses == 3u * 6u + 3u);
  BOOST_TEST(amo_cost(AmoMethod::commander, 9).aux == 3u);
  for (const auto& m : amo_methods()) {
    BOOST_TEST(amo_cost(m.method, 0).clauses == 0u);
    BOOST_TEST(amo_cost(m.method, 1).clauses == 0u);
  }
}

BOOST_AUTO_TEST_CASE(exhaustive_semantics_on_small_groups) {
  for (const auto& m : amo_methods())
    for (int n = 1; n <= 9; ++n) {
      const Emitted e = emit(m.method, n);
      BOOST_REQUIRE(e.aux <= 12);
      for (unsigned mask = 0; mask < (1u << n); ++mask) {
        const bool at_most_one = __builtin_popcount(mask) <= 1;
        BOOST_TEST_CONTEXT(m.name << " n=" << n << " mask=" << mask) {
          BOOST_TEST(satisfiable_over_aux(e, n, mask) == at_most_one);
        }
      }
    }
}

BOOST_AUTO_TEST_CASE(larger_groups_through_the_sat_solver) {
  // For n = 10..24: any two true literals are refuted, any single one (and
  // none) is satisfiable, checked with assumptions on one incremental solver.
  for (const auto& m : amo_methods())
    for (int n : {10, 13, 17, 24}) {
      SatSolver solver;
      AuxAllocator aux(n + 1);
      const auto lits = group(n);
      encode_at_most_one(solver, lits, m.method, aux);
      BOOST_TEST_CONTEXT(m.name << " n=" << n) {
        std::vector<int> all_false;
        for (int lit : lits) all_false.push_back(-lit);
        BOOST_TEST((solver.solve(all_false) == Verdict::sat));
        for (int i = 0; i < n; ++i) {
          std::vector<int> one = all_false;
          one[static_cast<std::size_t>(i)] = lits[static_cast<std::size_t>(i)];
          BOOST_TEST((solver.solve(one) == Verdict::sat));
          for (int j = i + 1; j < n; ++j) {
            const int two[2] = {lits[static_cast<std::size_t>(i)], lits[static_cast<std::size_t>(j)]};
            BOOST_TEST((solver.solve(two) == Verdict::unsat));
          }
        }
      }
    }
}

// A literal 0 (it would end a clause early) and a variable the allocator
// would hand out again as a helper are misuse, said with the function's name.
BOOST_AUTO_TEST_CASE(literals_that_are_no_variables_of_the_group_are_misuse) {
  for (const auto& m : amo_methods()) {
    ClauseBuffer clauses;
    AuxAllocator zero(10);
    const int with_zero[3] = {1, 0, -2};
    try {
      encode_at_most_one(clauses, with_zero, m.method, zero);
      BOOST_ERROR(m.name << " took literal 0");
    } catch (const UsageError& e) {
      BOOST_TEST(std::string(e.what()) == "encode_at_most_one: literal 0 is no DIMACS literal");
    }
    AuxAllocator overlap(3);
    const int six[6] = {1, 2, 3, 4, 5, 6};
    try {
      encode_at_most_one(clauses, six, m.method, overlap);
      BOOST_ERROR(m.name << " took variables its helpers would reuse");
    } catch (const UsageError& e) {
      BOOST_TEST(std::string(e.what()) ==
                 "encode_at_most_one: literal 3 is a variable the allocator has yet to hand out (it starts at 3)");
    }
    BOOST_TEST(clauses.size() == 0u);
    // Helpers already handed out may be literals of a group (the commander
    // method's recursion does so).
    AuxAllocator handed(7);
    const int first = handed.fresh(), second = handed.fresh();
    const int lits[3] = {1, first, -second};
    BOOST_CHECK_NO_THROW(encode_at_most_one(clauses, lits, m.method, handed));
  }
}

BOOST_AUTO_TEST_CASE(default_method_by_board_size) {
  BOOST_TEST((default_amo(9) == AmoMethod::pairwise));
  BOOST_TEST((default_amo(4) == AmoMethod::pairwise));
  // Large boards must not use pairwise: N^4 clauses.
  BOOST_TEST((default_amo(400) != AmoMethod::pairwise));
  BOOST_TEST((default_amo(100) != AmoMethod::pairwise));
}

BOOST_AUTO_TEST_CASE(the_allocator_counts_and_refuses_overflow) {
  AuxAllocator a(10);
  BOOST_TEST(a.fresh() == 10);
  BOOST_TEST(a.fresh() == 11);
  BOOST_TEST(a.count() == 2);
  BOOST_TEST(a.last() == 11);
  // INT_MAX is the last variable, handed out once; the one after throws.
  AuxAllocator full(2147483647);
  BOOST_TEST(full.fresh() == 2147483647);
  BOOST_TEST(full.count() == 1);
  BOOST_TEST(full.last() == 2147483647);
  BOOST_CHECK_THROW(full.fresh(), UsageError);
  BOOST_TEST(full.count() == 1);
  AuxAllocator near(2147483646);
  BOOST_TEST(near.fresh() == 2147483646);
  BOOST_TEST(near.fresh() == 2147483647);
  BOOST_CHECK_THROW(near.fresh(), UsageError);
  // 0 ends a clause and -5 is a literal: neither is a variable to count from.
  for (const int first : {0, -5, -2147483647 - 1}) {
    try {
      AuxAllocator bad(first);
      BOOST_ERROR("AuxAllocator(" << first << ") accepted");
    } catch (const UsageError& e) {
      BOOST_TEST(std::string(e.what()) == "AuxAllocator: first variable " + std::to_string(first) +
                                              " is not a DIMACS variable (1 or more)");
    }
  }
  AuxAllocator one(1);
  BOOST_TEST(one.last() == 0);
  BOOST_TEST(one.fresh() == 1);
}
