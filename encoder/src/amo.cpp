#include "satdoku/amo.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "satdoku/error.hpp"

namespace satdoku {
namespace {

constexpr std::array<AmoMethodInfo, 6> kMethods{{
    {AmoMethod::pairwise, "pairwise", "a binary clause for every pair of literals",
     "n(n-1)/2", "0"},
    {AmoMethod::sequential, "sequential", "Sinz's sequential counter: a chain of n-1 'seen' bits",
     "3n-4", "n-1"},
    {AmoMethod::commander, "commander",
     "Klieber & Kwon: groups of 3 with a commander each, at-most-one over the commanders",
     "n<=4: n(n-1)/2; else s(s-1)/2 + s per group of s>=2 (a lone literal is its own commander) + AMO(ceil(n/3))",
     "n<=4: 0; else groups of >=2 + aux(ceil(n/3))"},
    {AmoMethod::product, "product",
     "Chen's 2-product: literals on a p x q grid, at-most-one row and one column",
     "n<=4: n(n-1)/2; else 2n + AMO(p) + AMO(q), q=ceil(sqrt n), p=ceil(n/q)",
     "n<=4: 0; else p + q + aux(p) + aux(q)"},
    {AmoMethod::bimander, "bimander",
     "Nguyen & Mai: pairs of literals, pairwise inside, the pair's index in binary",
     "floor(n/2) + n*ceil(log2 ceil(n/2))", "ceil(log2 ceil(n/2))"},
    {AmoMethod::binary, "binary", "Frisch's bitwise encoding: each literal implies its index in binary",
     "n*ceil(log2 n)", "ceil(log2 n)"},
}};

constexpr std::uint64_t kSmall = 4;  // commander and product: pairwise up to this size

std::uint64_t ceil_log2(std::uint64_t n) {
  std::uint64_t k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

// The least q >= 1 with q * q >= n (at least 1, so that it can divide).
std::uint64_t ceil_sqrt(std::uint64_t n) {
  auto q = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n))));
  while (q * q < n) ++q;
  while (q > 1 && (q - 1) * (q - 1) >= n) --q;
  return q;
}

// Emission helpers with a small reusable clause array.
struct Emitter {
  ClauseSink& sink;
  AuxAllocator& aux;
  void clause2(int a, int b) {
    const int c[2] = {a, b};
    sink.add_clause(c);
  }
};

void pairwise(Emitter& e, std::span<const int> x) {
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) e.clause2(-x[i], -x[j]);
}

void sequential(Emitter& e, std::span<const int> x) {
  const std::size_t n = x.size();
  // s[i] (i = 0..n-2): "one of x[0..i] is true".
  int prev = e.aux.fresh();
  e.clause2(-x[0], prev);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const int s = e.aux.fresh();
    e.clause2(-x[i], s);
    e.clause2(-prev, s);
    e.clause2(-x[i], -prev);
    prev = s;
  }
  e.clause2(-x[n - 1], -prev);
}

void emit(Emitter& e, std::span<const int> x, AmoMethod method);

void commander(Emitter& e, std::span<const int> x) {
  std::vector<int> commanders;
  commanders.reserve(x.size() / 3 + 1);
  for (std::size_t start = 0; start < x.size(); start += 3) {
    const auto group = x.subspan(start, std::min<std::size_t>(3, x.size() - start));
    if (group.size() == 1) {
      commanders.push_back(group[0]);  // a lone literal commands itself
      continue;
    }
    pairwise(e, group);
    const int c = e.aux.fresh();
    for (int lit : group) e.clause2(-lit, c);
    commanders.push_back(c);
  }
  emit(e, commanders, AmoMethod::commander);
}

void product(Emitter& e, std::span<const int> x) {
  const std::uint64_t n = x.size();
  const std::uint64_t q = ceil_sqrt(n), p = (n + q - 1) / q;
  std::vector<int> rows(p), cols(q);
  for (auto& r : rows) r = e.aux.fresh();
  for (auto& c : cols) c = e.aux.fresh();
  for (std::uint64_t i = 0; i < n; ++i) {
    e.clause2(-x[i], rows[i / q]);
    e.clause2(-x[i], cols[i % q]);
  }
  emit(e, rows, AmoMethod::product);
  emit(e, cols, AmoMethod::product);
}

// x[i] implies the bits of code(i); bits[k] true means bit k is 1.
void binary_code(Emitter& e, std::span<const int> x, std::uint64_t k,
                 std::uint64_t (*code)(std::uint64_t)) {
  std::vector<int> bits(k);
  for (auto& b : bits) b = e.aux.fresh();
  for (std::uint64_t i = 0; i < x.size(); ++i) {
    const std::uint64_t c = code(i);
    for (std::uint64_t b = 0; b < k; ++b) e.clause2(-x[i], (c >> b) & 1 ? bits[b] : -bits[b]);
  }
}

void emit(Emitter& e, std::span<const int> x, AmoMethod method) {
  const std::uint64_t n = x.size();
  if (n <= 1) return;
  switch (method) {
    case AmoMethod::pairwise: pairwise(e, x); return;
    case AmoMethod::sequential: sequential(e, x); return;
    case AmoMethod::commander:
      if (n <= kSmall) pairwise(e, x); else commander(e, x);
      return;
    case AmoMethod::product:
      if (n <= kSmall) pairwise(e, x); else product(e, x);
      return;
    case AmoMethod::bimander:
      for (std::uint64_t i = 0; i + 1 < n; i += 2) e.clause2(-x[i], -x[i + 1]);
      binary_code(e, x, ceil_log2((n + 1) / 2), [](std::uint64_t i) { return i / 2; });
      return;
    case AmoMethod::binary:
      binary_code(e, x, ceil_log2(n), [](std::uint64_t i) { return i; });
      return;
  }
}

}  // namespace

std::span<const AmoMethodInfo> amo_methods() { return kMethods; }

const AmoMethodInfo& info(AmoMethod method) { return kMethods[static_cast<std::size_t>(method)]; }

std::string_view to_string(AmoMethod method) { return info(method).name; }

std::optional<AmoMethod> parse_amo_method(std::string_view name) {
  for (const auto& m : kMethods)
    if (m.name == name) return m.method;
  return std::nullopt;
}

std::string amo_method_names() {
  std::string s;
  for (const auto& m : kMethods) {
    if (!s.empty()) s += ", ";
    s += m.name;
  }
  return s;
}

AmoCost amo_cost(AmoMethod method, std::uint64_t n) {
  // (Literals are ints: no group holds more; the sums below stay exact.)
  if (n > kMaxAmoGroup)
    throw UsageError("amo_cost: a group of " + std::to_string(n) + " literals, more than 2^31");
  if (n <= 1) return {};
  switch (method) {
    case AmoMethod::pairwise: return {n * (n - 1) / 2, 0};
    case AmoMethod::sequential: return {3 * n - 4, n - 1};
    case AmoMethod::commander: {
      if (n <= kSmall) return amo_cost(AmoMethod::pairwise, n);
      AmoCost c;
      const std::uint64_t groups = (n + 2) / 3;
      for (std::uint64_t start = 0; start < n; start += 3) {
        const std::uint64_t s = std::min<std::uint64_t>(3, n - start);
        if (s == 1) continue;
        c.clauses += s * (s - 1) / 2 + s;
        c.aux += 1;
      }
      const AmoCost rest = amo_cost(method, groups);
      return {c.clauses + rest.clauses, c.aux + rest.aux};
    }
    case AmoMethod::product: {
      if (n <= kSmall) return amo_cost(AmoMethod::pairwise, n);
      const std::uint64_t q = ceil_sqrt(n), p = (n + q - 1) / q;
      const AmoCost a = amo_cost(method, p), b = amo_cost(method, q);
      return {2 * n + a.clauses + b.clauses, p + q + a.aux + b.aux};
    }
    case AmoMethod::bimander: {
      const std::uint64_t k = ceil_log2((n + 1) / 2);
      return {n / 2 + n * k, k};
    }
    case AmoMethod::binary: {
      const std::uint64_t k = ceil_log2(n);
      return {n * k, k};
    }
  }
  return {};
}

AmoMethod default_amo(int n) { return n <= 16 ? AmoMethod::pairwise : AmoMethod::commander; }

AuxAllocator::AuxAllocator(int first) : first_(first), next_(first) {
  if (first < 1)
    throw UsageError("AuxAllocator: first variable " + std::to_string(first) +
                     " is not a DIMACS variable (1 or more)");
}

int AuxAllocator::fresh() {
  if (next_ > INT_MAX) throw UsageError("formula too large: more than 2^31-1 variables");
  return static_cast<int>(next_++);
}

void encode_at_most_one(ClauseSink& sink, std::span<const int> literals, AmoMethod method,
                        AuxAllocator& aux) {
  for (const int lit : literals)
    if (!is_dimacs_literal(lit) || std::abs(lit) > aux.last())
      throw UsageError("encode_at_most_one: literal " + std::to_string(lit) +
                       (!is_dimacs_literal(lit) ? " is no DIMACS literal"
                                                   : " is a variable the allocator has yet to hand out (it starts at " +
                                                         std::to_string(aux.first()) + ")"));
  Emitter e{sink, aux};
  emit(e, literals, method);
}

}  // namespace satdoku
