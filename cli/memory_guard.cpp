#include "memory_guard.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <new>
#include <vector>

#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace {

// CaDiCaL's cost model, rounded up: per variable its value, phase, level,
// trail, link and flag arrays and two watch-list headers; per clause a header
// and two watches; per literal four bytes.  The encoder adds one byte per
// variable for its reduction state.
constexpr std::uint64_t kBytesPerVariable = 160;
constexpr std::uint64_t kBytesPerClause = 64;
constexpr std::uint64_t kBytesPerLiteral = 4;
// Counting a reduced formula (the reduction, then the formula through a
// dense variable map) takes about 2 bytes per primary variable and 30 per
// candidate the clues leave open: an empty 400x400 board peaked at 1.9 GB,
// sudoku-400-1 (clues) at 88 MB (measured, session 12).
constexpr std::uint64_t kCountBytesPerPrimary = 2;
constexpr std::uint64_t kCountBytesPerOpen = 32;
constexpr std::uint64_t kCountAlwaysAffordable = std::uint64_t{64} << 20;  // whatever the budget
// What encode's reduction holds beyond the encoder's byte per variable
// (peak RSS of encode -o /dev/null less that of --reduce none, session 25):
// per cell, the facts of its board shape and the emission's flags (about
// 120 bytes with clues on 225x225 and 400x400); with propagation, a counter
// per at-least-one group (cells; units with extended; with triads each
// segment, and each row, column and box by digit) and a queue of triad
// assignments of up to 8 bytes per triad variable, a vector that may have
// doubled.  sudoku-225-1 (propagate): 32 MB held, 58 MB estimated (the byte
// per variable alone said 31 MB); sudoku-400-1: 143 MB held, 271 MB estimated.
constexpr std::uint64_t kReduceBytesPerCell = 160;
constexpr std::uint64_t kReduceBytesPerCounter = 4;
constexpr std::uint64_t kReduceBytesPerTriad = 8;
// Probing (--reduce probe) holds the propagated formula twice, as the
// ClauseBuffer it emits and the UnitPropagator built from it: per clause a
// start and two watches (16 bytes), and for a clause of three literals or
// more a start, a size and its literals again (8 bytes, and 4 per literal
// beyond the 4 of the buffer); per variable two watch lists, its values and
// its place on the trail (56 bytes).  Each is a vector that may have grown
// to twice its size, so twice that.  An empty 64x64 board's natural formula
// held 1.07 GB, estimated 2.0 GiB (the byte per variable alone said
// 256 KiB); sudoku-64-1's triads formula after propagation held 24 MB,
// estimated 47.2 MiB.
constexpr std::uint64_t kProbeBytesPerClause = 32;
constexpr std::uint64_t kProbeBytesPerLongClause = 32;  // more, for one of three literals or more
constexpr std::uint64_t kProbeBytesPerLiteral = 16;
constexpr std::uint64_t kProbeBytesPerVariable = 112;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }
std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

// The literals of `encoding`'s formula for an empty board of `geometry`,
// `size` clauses: at-least-one clauses have N literals, nearly all others
// two or three.
std::uint64_t literal_bound(Encoding encoding, const Geometry& geometry, const FormulaSize& size) {
  const auto n = static_cast<std::uint64_t>(geometry.size());
  std::uint64_t long_literals = 0;
  for (Family family : info(encoding).families) {
    if (family == Family::cell_alo) long_literals = saturating_add(long_literals, n * n * n);
    if (family == Family::unit_alo) long_literals = saturating_add(long_literals, 3 * n * n * n);
  }
  return saturating_add(saturating_mul(3, size.clauses), long_literals);
}

// What encode's reduction under `choice` holds for a board of `geometry`
// beyond a byte per variable (none for Reduction::none), probing's formula
// left out.
std::uint64_t reduction_bytes(const Geometry& geometry, const SatChoice& choice) {
  if (choice.reduction == Reduction::none) return 0;
  const auto n = static_cast<std::uint64_t>(geometry.size());
  const std::uint64_t cells = n * n;
  std::uint64_t bytes = cells * kReduceBytesPerCell;
  if (propagates(choice.reduction)) {
    const BoxShape box = geometry.box();
    const std::uint64_t triads =
        choice.encoding == Encoding::triads ? cells * static_cast<std::uint64_t>(box.rows + box.cols) : 0;
    const std::uint64_t counters =
        cells + (choice.encoding == Encoding::extended ? 3 * cells : 0) + (triads ? triads + 4 * cells : 0);
    bytes += counters * kReduceBytesPerCounter + triads * kReduceBytesPerTriad;
  }
  return bytes;
}

// What probing holds for a propagated formula of that many variables,
// clauses and literals.  Every literal beyond two in a clause may make one
// more clause long (and no more than all of them).
std::uint64_t probe_bytes(std::uint64_t variables, std::uint64_t clauses, std::uint64_t literals) {
  const std::uint64_t long_clauses = literals > 2 * clauses ? std::min(clauses, literals - 2 * clauses) : 0;
  return saturating_add(saturating_add(saturating_mul(variables, kProbeBytesPerVariable),
                                       saturating_mul(clauses, kProbeBytesPerClause)),
                        saturating_add(saturating_mul(long_clauses, kProbeBytesPerLongClause),
                                       saturating_mul(literals, kProbeBytesPerLiteral)));
}

// What encode holds: a byte per variable and the reduction's own memory,
// then the larger of probing's formula (gone before the CNF is written)
// and the CNF's text (`text` bytes).
std::uint64_t encode_bytes(std::uint64_t variables, std::uint64_t reduction, std::uint64_t probing,
                           std::uint64_t text) {
  return saturating_add(saturating_add(variables, reduction), std::max(probing, text));
}

}  // namespace

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

std::uint64_t default_max_memory() {
  const std::uint64_t physical = physical_memory();
  return physical ? physical / 2 : std::uint64_t{4} << 30;
}

std::uint64_t memory_budget(std::string_view text) {
  return text.empty() ? default_max_memory() : parse_memory_size(text);
}

std::uint64_t parse_memory_size(std::string_view text) {
  const std::string bad = "--max-memory '" + std::string(text) +
                          "' is not a size (bytes, or a number with K, M, G or T, e.g. 512M, 4G)";
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [rest, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || !std::isfinite(value) || value < 0) throw UsageError(bad);
  std::string_view suffix(rest, static_cast<std::size_t>(end - rest));
  if (!suffix.empty() && (suffix.back() == 'B' || suffix.back() == 'b')) suffix.remove_suffix(1);
  if (suffix.size() == 2 && suffix.back() == 'i') suffix.remove_suffix(1);  // "Mi", not a lone "i"
  int shift = 0;
  if (suffix.size() == 1) {
    switch (suffix[0]) {
      case 'K': case 'k': shift = 10; break;
      case 'M': case 'm': shift = 20; break;
      case 'G': case 'g': shift = 30; break;
      case 'T': case 't': shift = 40; break;
      default: throw UsageError(bad);
    }
  } else if (!suffix.empty()) {
    throw UsageError(bad);
  }
  if (value == 0)  // no "no limit" here: without the option the default holds
    throw UsageError("--max-memory must be more than 0 (without it: half the machine's memory, " +
                     format_bytes(default_max_memory()) + ")");
  const double bytes = std::ldexp(value, shift);
  if (bytes < 1) throw UsageError("--max-memory '" + std::string(text) + "' is less than a byte");
  if (bytes >= std::ldexp(1.0, 64))
    throw UsageError("--max-memory '" + std::string(text) + "' is 16 EiB or more, more than satdoku can count");
  return static_cast<std::uint64_t>(bytes);
}

namespace {

std::string format_bytes(std::uint64_t bytes, int decimals) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) {
    value /= 1024;
    ++unit;
  }
  char text[40];
  std::snprintf(text, sizeof text, "%.*f %s", decimals, value, units[unit]);
  return text;
}

}  // namespace

std::string format_bytes(std::uint64_t bytes) { return format_bytes(bytes, 1); }

std::pair<std::string, std::string> format_bytes_apart(std::uint64_t a, std::uint64_t b) {
  for (int decimals = 1; decimals <= 3; ++decimals)
    if (std::string x = format_bytes(a, decimals), y = format_bytes(b, decimals); x != y || a == b)
      return {std::move(x), std::move(y)};
  return {std::to_string(a) + " bytes", std::to_string(b) + " bytes"};
}

MemoryEstimate sat_memory_estimate(const Geometry& geometry, const SatChoice& choice) {
  // The formula CaDiCaL holds: `instance_encoding`'s, over the puzzle (fresh
  // mode) or the empty board (the incremental instance's rules).
  const Encoding held = choice.instance_encoding;
  const FormulaSize size = encoding_size(held, geometry, choice.amo);
  const std::uint64_t literals = literal_bound(held, geometry, size);
  MemoryEstimate e;
  e.variables = size.variables;
  e.clauses = size.clauses;
  e.bytes = saturating_add(saturating_add(saturating_mul(size.variables, kBytesPerVariable),
                                          saturating_mul(size.clauses, kBytesPerClause)),
                           saturating_mul(literals, kBytesPerLiteral));
  return e;
}

namespace {

// The formula probing holds, as counted after the propagation.
struct ProbedFormula {
  std::uint64_t variables = 0, clauses = 0, literals = 0;
};

// encode_memory_estimate(), with `probed` (when given) for the formula
// probing holds instead of the empty board's.
MemoryEstimate encode_estimate(const Geometry& geometry, const SatChoice& choice,
                               const std::optional<ProbedFormula>& probed) {
  const FormulaSize size = encoding_size(choice.encoding, geometry, choice.amo);
  MemoryEstimate e;
  e.variables = size.variables;
  e.clauses = size.clauses;
  // One pass in memory up to 2^20 clauses (about 40 bytes of text each), then streaming.
  const std::uint64_t text = size.clauses <= (std::uint64_t{1} << 20) ? size.clauses * 40 : 0;
  std::uint64_t probing = 0;
  if (probed) {
    probing = probe_bytes(probed->variables, probed->clauses, probed->literals);
    e.variables = probed->variables;
    e.clauses = probed->clauses;
  } else if (choice.reduction == Reduction::probe) {
    probing = probe_bytes(size.variables, size.clauses, literal_bound(choice.encoding, geometry, size));
  }
  e.bytes = encode_bytes(size.variables, reduction_bytes(geometry, choice), probing, text);
  return e;
}

}  // namespace

MemoryEstimate encode_memory_estimate(const Geometry& geometry, const SatChoice& choice) {
  return encode_estimate(geometry, choice, std::nullopt);
}

std::uint64_t open_after_clues(const Grid& puzzle) {
  const Geometry& g = puzzle.geometry();
  const auto n = static_cast<std::size_t>(g.size());
  const std::size_t words = (n + 64) / 64;  // bit d for digit d, 1..N
  std::vector<std::uint64_t> used(3 * n * words, 0);
  auto unit_bits = [&](int unit) { return used.data() + static_cast<std::size_t>(unit) * words; };
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (const int d = puzzle.at(cell))
      for (int unit : {g.row_unit(cell), g.column_unit(cell), g.box_unit(cell)})
        unit_bits(unit)[static_cast<unsigned>(d) / 64] |= std::uint64_t{1} << (static_cast<unsigned>(d) % 64);
  std::uint64_t open = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (puzzle.at(cell)) continue;
    const std::uint64_t* row = unit_bits(g.row_unit(cell));
    const std::uint64_t* col = unit_bits(g.column_unit(cell));
    const std::uint64_t* box = unit_bits(g.box_unit(cell));
    int taken = 0;
    for (std::size_t w = 0; w < words; ++w) taken += std::popcount(row[w] | col[w] | box[w]);
    open += n - static_cast<std::size_t>(taken);
  }
  return open;
}

std::optional<std::string> memory_refusal(const Grid& puzzle, const SatChoice& choice,
                                          std::uint64_t budget, std::string_view what, MemoryUse use) {
  const Geometry& geometry = puzzle.geometry();
  MemoryEstimate e =
      use != MemoryUse::encode ? sat_memory_estimate(geometry, choice) : encode_memory_estimate(geometry, choice);
  if (e.bytes <= budget) return std::nullopt;
  const auto n = static_cast<std::uint64_t>(geometry.size());
  const std::uint64_t primary = n * n * n;
  const bool reduces = use != MemoryUse::encode && ((choice.mode == SatMode::fresh && choice.reduction != Reduction::none) ||
                                                   choice.mode == SatMode::hybrid);
  bool scaled = false;
  // The reduction and the counting need memory of their own: beyond the
  // budget (and 64 MiB), the estimate above decides.
  const std::uint64_t open = reduces ? open_after_clues(puzzle) : primary;
  const std::uint64_t counting =
      saturating_add(saturating_mul(primary, kCountBytesPerPrimary), saturating_mul(open, kCountBytesPerOpen));
  if (reduces && counting <= std::max(budget, kCountAlwaysAffordable)) {
    try {
      if (choice.mode == SatMode::hybrid) {
        const Encoder encoder(puzzle, {choice.encoding, choice.amo, hybrid_reduction(choice)});
        if (encoder.solved() || encoder.conflict()) return std::nullopt;  // no formula to solve
      } else {
        // The clues alone first, scaling the bound by the share of primary
        // variables they leave open: they fix fewer than propagation, so a
        // formula they shrink enough fits after it too, and counting them
        // costs next to nothing (sudoku-400-1: the propagation takes 2 s,
        // and the backend does it again).
        if (propagates(choice.reduction)) {
          const double share = static_cast<double>(open) / static_cast<double>(primary);
          auto scale = [share](std::uint64_t x) {
            return static_cast<std::uint64_t>(std::ceil(share * static_cast<double>(x)));
          };
          if (saturating_add(scale(e.bytes), primary) <= budget) return std::nullopt;
        }
        // Then the formula itself, counted: the scaling is no bound for
        // pairwise groups, whose clauses shrink with the square of their
        // open candidates.  Without a clue nothing propagates and the
        // formula is the whole one (an empty 484x484 board took 28 s to count).
        if (open < primary) {
          const FreshFormula formula(puzzle, choice);
          if (formula.settled()) return std::nullopt;  // no formula to solve
          const FreshFormula::Size size = formula.size();
          e.variables = size.variables;
          e.clauses = size.clauses;
          e.bytes = saturating_add(saturating_add(saturating_mul(e.variables, kBytesPerVariable),
                                                  saturating_mul(e.clauses, kBytesPerClause)),
                                   saturating_add(saturating_mul(size.literals, kBytesPerLiteral), 2 * primary));
          scaled = true;
          if (e.bytes <= budget) return std::nullopt;
        }
      }
    } catch (const Error&) {
      return std::nullopt;  // a choice that does not fit the board: the backend reports it
    } catch (const std::bad_alloc&) {
      // The estimate above stands.
    }
  }
  // encode with probing: the bound holds the empty board's formula, with
  // three literals to a clause, for the probing; the formula the puzzle's
  // propagation leaves is counted here, clauses and literals (the count
  // takes what the propagation takes, which must fit first; an empty 64x64
  // board's natural formula takes a fifth of a second).
  SatChoice propagated = choice;
  propagated.reduction = Reduction::propagate;
  const bool probing = use == MemoryUse::encode && choice.reduction == Reduction::probe;
  const bool propagation_fits = probing && encode_memory_estimate(geometry, propagated).bytes <= budget;
  if (propagation_fits) {
    try {
      const Encoder encoder(puzzle, {choice.encoding, choice.amo, Reduction::propagate});
      ClauseCounter counter;
      const EncodeReport report = encoder.emit(counter);
      e = encode_estimate(geometry, choice, ProbedFormula{report.variables, counter.clauses(), counter.literals()});
      if (e.bytes <= budget) return std::nullopt;
      scaled = puzzle.clue_count() > 0;
    } catch (const Error&) {
      return std::nullopt;  // a choice that does not fit the board: the encoder reports it
    } catch (const std::bad_alloc&) {
      // The estimate above stands.
    }
  }
  // solve: the commander rules grow linearly with a group, pairwise ones with
  // its square; on a sparse board the whole commander formula may fit.
  SatChoice commander = choice;
  commander.amo = AmoMethod::commander;
  const bool commander_fits = use == MemoryUse::solve && choice.amo != AmoMethod::commander &&
                              sat_memory_estimate(geometry, commander).bytes <= budget;
  const std::string board = std::to_string(geometry.size()) + "x" + std::to_string(geometry.size());
  const auto [needed, allowed] = format_bytes_apart(e.bytes, budget);
  return "the " + std::string(scaled ? "reduced " : "") +
         std::string(use != MemoryUse::encode ? choice.encoding_label() : std::string(to_string(choice.encoding))) + "/" +
         std::string(to_string(choice.amo)) +
         " formula of a " + board + " board needs up to " + needed +
         (use == MemoryUse::encode && choice.reduction != Reduction::none
              ? " with --reduce " + std::string(to_string(choice.reduction))
              : "") +
         " (" + std::to_string(e.variables) + " variables, " + std::to_string(e.clauses) + " clauses), more than the " +
         allowed + " that " + std::string(what) +
         " allows; refused before building it (raise --max-memory" +
         (commander_fits           ? ", or give --amo commander, whose rules take less, or try --backend native)"
          : use == MemoryUse::solve ? ", or try --backend native)"
          : propagation_fits      ? ", or use --reduce propagate: probing holds the formula in memory)"
          : use == MemoryUse::clues && choice.amo != AmoMethod::commander
              ? ", or give --amo commander, whose rules take less)"
              : ")");
}

namespace {

class MemoryGuardedSolver final : public Solver {
 public:
  MemoryGuardedSolver(std::unique_ptr<Solver> inner, SatConfig config, std::uint64_t budget, std::string what)
      : inner_(std::move(inner)), config_(std::move(config)), budget_(budget), what_(std::move(what)) {}
  std::string_view name() const override { return inner_->name(); }
  Result solve(const Grid& puzzle, const Limits& limits) override {
    if (auto refusal = memory_refusal(puzzle, config_.resolve(puzzle.size()), budget_, what_)) {
      // A limit reached, as with --timeout: unknown (exit code 1), the batch goes on.
      Result result;
      result.status = Status::unknown;
      result.interrupted = true;
      result.refused = true;
      result.message = std::move(*refusal);
      return result;
    }
    Result result = inner_->solve(puzzle, limits);
    if (result.status == Status::error && result.message == "out of memory")
      result.message += " (a lower --max-memory refuses such a formula before building it)";
    return result;
  }

 private:
  std::unique_ptr<Solver> inner_;
  SatConfig config_;
  std::uint64_t budget_;
  std::string what_;
};

}  // namespace

std::string worker_budget_name(std::uint64_t budget, unsigned workers) {
  if (workers <= 1) return "--max-memory";
  return "--max-memory (" + format_bytes(budget) + " shared by " + std::to_string(workers) + " workers)";
}

std::unique_ptr<Solver> guard_memory(std::unique_ptr<Solver> inner, const SatConfig& config, std::uint64_t budget,
                                     unsigned workers) {
  if (budget == 0) return inner;
  return std::make_unique<MemoryGuardedSolver>(std::move(inner), config, budget / std::max(workers, 1u),
                                               worker_budget_name(budget, workers));
}

}  // namespace satdoku::cli
