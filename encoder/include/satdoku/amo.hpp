// satdoku/amo.hpp - at-most-one constraints, one table of methods.
//
// An at-most-one (AMO) constraint over a group of n literals allows every
// assignment with zero or one true literal and no other (projected on the
// group: the auxiliary variables a method adds can always be completed).
// Every AMO family of every encoding takes its method from this table, and
// `--amo` choices, help texts, tests and benchmarks loop over it.
//
// Sizes for a group of n >= 2 literals (n <= 1 costs nothing):
//
//   method      clauses                               auxiliary variables
//   pairwise    n(n-1)/2                              0
//   sequential  3n - 4           (Sinz's counter)     n - 1
//   commander   n <= 4: pairwise; else groups of 3,   one per group of >= 2
//               pairwise inside, x -> commander, then
//               at-most-one over the ceil(n/3) commanders (recursively)
//   product     n <= 4: pairwise; else q = ceil(sqrt n), p = ceil(n/q):
//               2n + AMO(p) + AMO(q) (recursively)     p + q + aux(p) + aux(q)
//   bimander    m = ceil(n/2) pairs, k = ceil(log2 m):
//               floor(n/2) + n*k                       k
//   binary      k = ceil(log2 n): n*k    (bitwise)     k
//
// amo_cost() computes these exactly; the tests check it against the clauses
// actually emitted for n = 2..64.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "satdoku/clause_sink.hpp"

namespace satdoku {

enum class AmoMethod { pairwise, sequential, commander, product, bimander, binary };

// One row of the table.
struct AmoMethodInfo {
  AmoMethod method;
  std::string_view name;     // as on the command line
  std::string_view summary;  // one line for help texts
  std::string_view clauses;  // clause count as a formula of the group size n
  std::string_view aux;      // auxiliary variables as a formula of n
};

// The table, in declaration order.
std::span<const AmoMethodInfo> amo_methods();
const AmoMethodInfo& info(AmoMethod method);
std::string_view to_string(AmoMethod method);
// nullopt for an unknown name.
std::optional<AmoMethod> parse_amo_method(std::string_view name);
// "pairwise, sequential, commander, product, bimander, binary".
std::string amo_method_names();

// Exact size of one at-most-one over a group of n literals, n at most
// kMaxAmoGroup (UsageError beyond: literals are ints).
inline constexpr std::uint64_t kMaxAmoGroup = std::uint64_t{1} << 31;
struct AmoCost {
  std::uint64_t clauses = 0;
  std::uint64_t aux = 0;
};
AmoCost amo_cost(AmoMethod method, std::uint64_t n);

// The method satdoku uses for an N x N board when none is given: pairwise up
// to N = 16 (no auxiliary variables, the strongest propagation, and still
// small), commander above: pairwise grows as N^4 (750,625 clauses for an
// unreduced 25x25 natural encoding, 5e10 for 400x400) and, measured with
// CaDiCaL on the shared 25x25 and 100x100 boards, commander was among the
// fastest and never the slowest method (benchmarks/RESULTS.md).  This is the
// Encoder's default and `encode`'s; the SAT backend's own default choice
// (sat_backend.hpp) keeps pairwise up to 144x144, where its formulas are
// reduced by propagation first and few candidates stay open in each group.
AmoMethod default_amo(int n);

// Hands out auxiliary variable numbers, counting up from `first`: first,
// first + 1, ..., up to INT_MAX, the last DIMACS variable.
class AuxAllocator {
 public:
  // Throws UsageError, naming the constructor, unless first >= 1: 0 ends a
  // DIMACS clause and a negative number is a literal, not a variable.
  explicit AuxAllocator(int first);
  // A new variable.  Throws UsageError once INT_MAX has been handed out.
  int fresh();
  int first() const { return first_; }
  int count() const { return static_cast<int>(next_ - first_); }
  int last() const { return static_cast<int>(next_ - 1); }  // first()-1 when none was given

 private:
  int first_;
  // The number fresh() hands out next: 64 bits wide, so that it can stand
  // one past INT_MAX once INT_MAX has been handed out.
  std::int64_t next_;
};

// Emits an at-most-one over `literals` (distinct variables: not checked)
// with `method`, taking auxiliary variables from `aux`.  Exactly
// amo_cost(method, n) clauses and auxiliary variables.  Throws UsageError,
// naming the function, for a literal 0 or INT_MIN, or one whose variable
// `aux` has not handed out yet and would hand out as a helper (from
// aux.first() on).
void encode_at_most_one(ClauseSink& sink, std::span<const int> literals, AmoMethod method,
                        AuxAllocator& aux);

}  // namespace satdoku
