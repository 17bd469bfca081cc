// satdoku compare: several SAT configurations over the same puzzles, side by
// side: formula size, time, search effort, propagation strength (measured by
// satdoku's own unit propagation over the generated clauses), failures.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>
#include <variant>

#include "atomic_file.hpp"
#include "batch.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "memory_guard.hpp"
#include "pipeline.hpp"
#include "records.hpp"
#include "sat_options.hpp"
#include "test_fault.hpp"
#include "satdoku/cross_check.hpp"
#include "satdoku/error.hpp"
#include "satdoku/probing.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kDecisionsNote =
    "decisions and propagations are not reported: Debian's CaDiCaL 1.5.3 has no getter for them (CSV: empty, "
    "JSON: null)";

struct CompareConfig {
  InputConfig input;
  std::string encodings = "all";
  std::string amo = "auto";
  std::string reduce = "auto";
  std::string mode = "auto";
  std::uint64_t limit = 1;
  unsigned jobs = RunConfig::default_jobs();
  int seed = 0;
  std::vector<std::string> sat_option_args;               // --sat-option, as given
  std::vector<std::pair<std::string, int>> sat_options;  // parsed and validated
  bool probe = false;
  bool strength_only = false;
  std::uint64_t conflicts = 0;
  double timeout = 0;
  double reference_timeout = 10;  // the native reference's budget per puzzle, as in solve
  std::string csv, json, markdown, plot;
  bool no_progress = false;
  std::string max_memory;        // as given (--max-memory)
  std::uint64_t worker_budget = 0;  // bytes per worker, from --max-memory
  std::string worker_budget_name;   // how refusals name it
};

constexpr std::string_view kDescription =
    "Runs every combination of --encodings x --amo x --reduce x --mode (one row each) over the\n"
    "same puzzles and prints them side by side. Lists are comma-separated; 'all' takes every\n"
    "name of the table, 'auto' satdoku's choice for each board size. A row that runs every\n"
    "board size of the input as an earlier row does (its 'auto' resolves to a choice also\n"
    "listed) is left out.\n\n"
    "Per row: size of the formula CaDiCaL receives (vars, clauses, literals: mean and max);\n"
    "time per puzzle (encode, solve, total: sum, mean, median, p90, max); search effort\n"
    "(CaDiCaL conflicts, mean); propagation strength: the share of puzzles that unit\n"
    "propagation alone solves (up_solved_pct) and, with --probe, failed-literal probing to a\n"
    "fixpoint (fl_solved_pct), both measured by satdoku's own propagation over the clauses\n"
    "the encoding emits with --reduce none (independent of CaDiCaL); failures: unknown (a\n"
    "limit was hit, or the row cannot encode the board) and disagreements with the native\n"
    "reference (verified answers; there must be none: exit code 3).\n\n"
    "Time: total is the wall time of the SAT backend for the puzzle; encode is the part of\n"
    "it before CaDiCaL searches (fresh: the reduced formula built and handed over; hybrid:\n"
    "the reduction and the puzzle's activator clauses; incremental: the clues, plus the\n"
    "rules when an instance is built; a puzzle the reduction settles: all of it);\n"
    "solve = total - encode. incremental ignores --reduce (one row, 'none'); hybrid reduces\n"
    "with probe when asked for it, else with propagate (one row, so labelled), then uses the\n"
    "incremental instance.\n"
    "Puzzles run in input order, in chunks of 256 with fresh solvers per chunk, so every\n"
    "figure except time is the same for any --jobs. --seed sets CaDiCaL's 'seed' option and\n"
    "--sat-option any other, for every row (after satdoku's own choices for the row).\n"
    "A puzzle whose clues clash is named on standard error (file:line and the two cells) and\n"
    "left out of every row (exit code 2), as is an unreadable entry; the footers and the JSON\n"
    "(left_out, unreadable) count them.\n\n"
    "The fastest row (least total time among the rows with the fewest puzzles unknown or in\n"
    "disagreement) and the strongest (highest propagation strength) are marked.\n"
    "Output: an aligned table on stdout; --csv, --json, --markdown write FILE\n"
    "('-' for stdout instead of the table); --plot FILE.svg draws a cactus plot (also '-').\n"
    "Only one of them can be '-'. A run interrupted, or with no puzzle to compare, writes no\n"
    "document, and removes an earlier run's at the paths they name. A path that holds another\n"
    "file (not one of compare's documents, nor empty) is refused: --csv is compare's table,\n"
    "not an input; a CSV of puzzles goes after the options.\n";

// ---- the rows ---------------------------------------------------------------

struct RowSpec {
  std::optional<Encoding> encoding;
  std::optional<AmoMethod> amo;
  std::optional<Reduction> reduction;
  std::optional<SatMode> mode;
  bool operator==(const RowSpec&) const = default;
};

// "triads, natural": the names between the commas, blanks around them aside.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    const std::size_t first = item.find_first_not_of(" \t");
    if (first != std::string::npos) out.push_back(item.substr(first, item.find_last_not_of(" \t") + 1 - first));
  }
  if (out.empty()) throw UsageError("empty list '" + text + "'");
  return out;
}

// Parses a list of names of one table; "all" adds every entry, "auto" nullopt.
template <class T, class Parse>
std::vector<std::optional<T>> parse_list(const std::string& text, std::string_view what, Parse parse,
                                         const std::vector<T>& all, const std::string& names) {
  std::vector<std::optional<T>> out;
  auto add = [&](std::optional<T> v) {
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const std::string& item : split_list(text)) {
    if (item == "all") {
      for (T v : all) add(v);
    } else if (item == "auto") {
      add(std::nullopt);
    } else if (auto v = parse(item)) {
      add(*v);
    } else {
      throw UsageError("unknown " + std::string(what) + " '" + item + "' (choose from " + names +
                       ", all, auto)");
    }
  }
  return out;
}

std::vector<RowSpec> make_rows(const CompareConfig& c) {
  std::vector<Encoding> all_enc;
  for (const EncodingInfo& e : encodings()) all_enc.push_back(e.encoding);
  std::vector<AmoMethod> all_amo;
  for (const AmoMethodInfo& m : amo_methods()) all_amo.push_back(m.method);
  const std::vector<Reduction> all_red{Reduction::none, Reduction::clues, Reduction::propagate, Reduction::probe};
  const std::vector<SatMode> all_mode{SatMode::fresh, SatMode::incremental, SatMode::hybrid};
  const auto encs = parse_list<Encoding>(
      c.encodings, "encoding", [](std::string_view s) { return parse_encoding(s); }, all_enc, encoding_names());
  const auto amos = parse_list<AmoMethod>(
      c.amo, "at-most-one method", [](std::string_view s) { return parse_amo_method(s); }, all_amo,
      amo_method_names());
  const auto reds = parse_list<Reduction>(
      c.reduce, "reduction", [](std::string_view s) { return parse_reduction(s); }, all_red, reduction_names());
  const auto modes = parse_list<SatMode>(
      c.mode, "SAT mode", [](std::string_view s) { return parse_sat_mode(s); }, all_mode, sat_mode_names());
  std::vector<RowSpec> rows;
  if (c.strength_only) {
    // The strength depends on the encoding and the method alone: one row
    // each, whatever --reduce and --mode say.
    for (auto e : encs)
      for (auto a : amos) rows.push_back({e, a, std::nullopt, std::nullopt});
    return rows;
  }
  for (auto e : encs)
    for (auto a : amos)
      for (auto r : reds)
        for (auto m : modes) {
          // Each row is labelled with the reduction it really uses, once:
          // incremental ignores --reduce (the clues are assumptions: `none`),
          // hybrid reduces with probe when asked for it, else with propagate.
          // The same measurement never appears under several labels.
          std::optional<Reduction> used = r;  // none: the defaults' choice
          if (m == SatMode::incremental) {
            used = Reduction::none;
          } else if (m == SatMode::hybrid && r) {
            SatChoice asked;
            asked.reduction = *r;
            used = hybrid_reduction(asked);
          }
          const RowSpec spec{e, a, used, m};
          if (std::find(rows.begin(), rows.end(), spec) == rows.end()) rows.push_back(spec);
        }
  return rows;
}

// The SAT configuration of a row: its choices, and CaDiCaL's options for
// every row (--seed, then --sat-option).
SatConfig sat_config(const RowSpec& row, const CompareConfig& c) {
  SatConfig sat{row.encoding, row.amo, row.reduction, row.mode, {{"seed", c.seed}}};
  sat.options.insert(sat.options.end(), c.sat_options.begin(), c.sat_options.end());
  return sat;
}

// What a row runs an N x N puzzle with, each `auto` resolved as the SAT
// backend resolves it under `limits`: the mode it really runs (under
// --conflicts, `auto` is fresh: sat_mode_for), the reduction hybrid mode
// really applies, and the propagating encoding only where the mode
// propagates with it (elsewhere CaDiCaL gets `instance_encoding` alone,
// which names the row and whose strength it measures).  A row's names,
// sizes and strength come from this choice.
SatChoice row_choice(const SatConfig& sat, int n, const Limits& limits) {
  SatChoice c = sat.resolve(n);
  c.mode = sat_mode_for(sat, n, limits);
  if (c.mode == SatMode::hybrid) c.reduction = hybrid_reduction(c);
  if (!c.uses_encoding()) c.encoding = c.instance_encoding;
  return c;
}

// What a row measures: row_choice(), or with --strength-only the encoding
// whose propagation is measured and its method alone (so a row of `auto`
// up to 9x9 is `triads`, not the `triads+extended` a search would run).
SatChoice measured_choice(const SatConfig& sat, int n, const Limits& limits, bool strength_only) {
  const SatChoice c = row_choice(sat, n, limits);
  return strength_only ? SatChoice{c.encoding, c.encoding, c.amo} : c;
}

// Rows that run every board size of `puzzles` alike would show the same
// measurement twice, once under `auto`: it resolves by board size to what
// another row may list (--amo auto,pairwise up to 144x144 and auto,commander
// above; --reduce auto,probe and --mode auto,hybrid up to 9x9, auto,propagate
// and auto,fresh above; --encodings auto,extended in incremental mode; with
// --strength-only, which measures the encoding and method alone,
// --encodings auto,triads at every size).  The first of them, in the order
// asked for, stays.
std::vector<RowSpec> distinct_rows(const std::vector<RowSpec>& rows, const std::vector<Grid>& puzzles,
                                   const CompareConfig& c) {
  std::set<int> sizes;
  for (const Grid& p : puzzles) sizes.insert(p.size());
  Limits limits;
  limits.conflict_budget = c.conflicts;
  std::vector<RowSpec> kept;
  std::vector<std::vector<SatChoice>> measured;  // per kept row, its choice for each size
  for (const RowSpec& row : rows) {
    const SatConfig sat = sat_config(row, c);
    std::vector<SatChoice> choices;
    choices.reserve(sizes.size());
    for (const int n : sizes) {
      choices.push_back(measured_choice(sat, n, limits, c.strength_only));
    }
    if (std::find(measured.begin(), measured.end(), choices) == measured.end()) {
      measured.push_back(std::move(choices));
      kept.push_back(row);
    }
  }
  return kept;
}

// ---- per-puzzle measurements -------------------------------------------------

struct Sample {
  double encode = 0, solve = 0, total = 0;  // seconds
  std::uint64_t vars = 0, clauses = 0, literals = 0;
  std::uint64_t conflicts = 0;
  std::optional<std::uint64_t> decisions, propagations;  // when the solver reports them
  bool settled = false;   // an answer that was verified and agrees (for the plot)
  bool unknown = false;   // unknown or error status
  bool refused = false;   // unknown before anything was built (memory): no size, no time
  bool disagree = false;
  bool up_solved = false, fl_solved = false;
  bool strength_known = false;
  std::optional<SatChoice> choice;
  std::string message;    // with unknown (error) or disagree
};

using MeterKey = std::tuple<int, int, int, Encoding, AmoMethod>;

struct FormulaCount {
  std::uint64_t vars = 0, clauses = 0, literals = 0;
};

FormulaCount count_formula(const Encoder& encoder) {
  ClauseCounter counter;
  const EncodeReport r = encoder.emit(counter);
  return {r.variables, counter.clauses(), counter.literals()};
}

// One worker: the rows over one chunk of puzzles at a time.
class ChunkRunner {
 public:
  // `reference_gave_up` counts the puzzles whose reference ran out of its budget.
  ChunkRunner(const CompareConfig& config, const std::vector<RowSpec>& rows, std::atomic<std::size_t>& reference_gave_up)
      : config_(config), rows_(rows), reference_gave_up_(reference_gave_up) {}

  // False when an interrupt cut the chunk short.
  bool run(const std::vector<Grid>& puzzles, std::size_t begin, std::size_t end,
           std::vector<std::vector<Sample>>& samples) {
    const std::atomic<bool>& cancel = interrupt_flag();
    // The reference, once per puzzle.
    std::vector<Result> reference(end - begin);
    Limits ref_limits;
    ref_limits.max_solutions = config_.limit + 1;
    ref_limits.time_budget = config_.reference_timeout;
    ref_limits.cancel = &cancel;
    if (!config_.strength_only)
      for (std::size_t i = begin; i < end; ++i) {
        reference[i - begin] = native_->solve(puzzles[i], ref_limits);
        if (reference[i - begin].interrupted && !cancel.load()) ++reference_gave_up_;
      }
    // Strength per puzzle and (shape, encoding, amo), shared by the rows.
    std::vector<std::map<MeterKey, std::variant<PropagationStrength, std::string>>> strength(end - begin);

    Limits limits;
    limits.max_solutions = config_.limit;
    limits.conflict_budget = config_.conflicts;
    limits.time_budget = config_.timeout;
    limits.cancel = &cancel;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      const SatConfig sat = sat_config(rows_[r], config_);
      auto solver = with_test_fault(make_sat_solver(sat));
      for (std::size_t i = begin; i < end; ++i) {
        if (cancel.load(std::memory_order_relaxed)) return false;
        const Grid& puzzle = puzzles[i];
        Sample& s = samples[r][i];
        const SatChoice choice = measured_choice(sat, puzzle.size(), limits, config_.strength_only);
        s.choice = choice;
        if (!config_.strength_only) {
          if (auto refusal = refused(puzzle, choice)) {
            s.unknown = s.refused = true;
            s.message = std::move(*refusal);
            continue;  // no size, no time, no strength: the row says unknown
          }
          measure_size(puzzle, choice, s);
          const auto start = Clock::now();
          const Result answer = solver->solve(puzzle, limits);
          s.total = std::chrono::duration<double>(Clock::now() - start).count();
          s.encode = answer.stats.encode_seconds;  // within the backend's own time, so <= total
          s.solve = s.total - s.encode;
          s.conflicts = answer.stats.conflicts;
          s.decisions = answer.stats.decisions;
          s.propagations = answer.stats.propagations;
          judge(puzzle, answer, reference[i - begin], s);
        }
        auto& cache = strength[i - begin];
        const BoxShape box = puzzle.geometry().box();
        const MeterKey key{puzzle.size(), box.rows, box.cols, choice.encoding, choice.amo};
        auto it = cache.find(key);
        if (it == cache.end()) it = cache.emplace(key, measure_strength(puzzle, key)).first;
        if (const auto* strength = std::get_if<PropagationStrength>(&it->second)) {
          s.strength_known = true;
          s.up_solved = strength->up_solved;
          s.fl_solved = strength->fl_solved;
        } else if (config_.strength_only) {
          // The only figure of the row is missing: a puzzle not measured.
          s.unknown = true;
          s.message = std::get<std::string>(it->second);
        }
      }
    }
    return !cancel.load();  // a search the interrupt cancelled is no measurement
  }

 private:
  // Why the row's formula of `puzzle` would not fit the memory budget, or
  // nullopt.
  std::optional<std::string> refused(const Grid& puzzle, const SatChoice& choice) const {
    try {
      return memory_refusal(puzzle, choice, config_.worker_budget, config_.worker_budget_name, MemoryUse::compare);
    } catch (const std::bad_alloc&) {
      return "out of memory";
    }
  }

  void measure_size(const Grid& puzzle, const SatChoice& choice, Sample& s) {
    try {
      switch (choice.mode) {
        case SatMode::fresh: {
          const FreshFormula::Size f = FreshFormula(puzzle, choice).size();
          s.vars = f.variables, s.clauses = f.clauses, s.literals = f.literals;
          return;
        }
        case SatMode::hybrid: {
          const Encoder reduced(puzzle, {choice.encoding, choice.amo, hybrid_reduction(choice)});
          if (reduced.solved() || reduced.conflict()) {
            const FormulaCount f = count_formula(reduced);
            s.vars = f.vars, s.clauses = f.clauses, s.literals = f.literals;
            return;
          }
          break;
        }
        case SatMode::incremental:
          break;
      }
      // The rules CaDiCaL holds in incremental mode (clues are assumptions).
      const BoxShape box = puzzle.geometry().box();
      const MeterKey key{puzzle.size(), box.rows, box.cols, choice.instance_encoding, choice.amo};
      auto it = rules_.find(key);
      if (it == rules_.end())
        it = rules_.emplace(key, count_formula(Encoder(Grid(puzzle.geometry_ptr()),
                                                       {choice.instance_encoding, choice.amo, Reduction::none})))
                 .first;
      s.vars = it->second.vars, s.clauses = it->second.clauses, s.literals = it->second.literals;
    } catch (const Error&) {
      // The backend reports the same problem as Status::error.
    }
  }

  void judge(const Grid& puzzle, const Result& answer, const Result& reference, Sample& s) const {
    if (answer.status == Status::error || answer.status == Status::unknown) {
      s.unknown = true;
      s.message = answer.message;
      return;
    }
    for (const Grid& solution : answer.solutions)
      if (auto v = verify(puzzle, solution)) {
        s.disagree = true;
        s.message = "an answer fails verification: " + v->describe(puzzle.geometry());
        return;
      }
    const CrossCheck check = cross_check(answer, reference, config_.limit);
    if (!check.agree) {
      s.disagree = true;
      s.message = check.message;
      return;
    }
    s.settled = true;
  }

  // Over the whole unreduced formula, which must fit the budget: decided
  // once per shape, encoding and method, an empty board of the shape
  // standing for it (nothing to reduce); no meter when it does not fit.
  // The strength, or why there is none.
  std::variant<PropagationStrength, std::string> measure_strength(const Grid& puzzle, const MeterKey& key) {
    try {
      auto it = meters_.find(key);
      if (it == meters_.end()) {
        const SatChoice whole{std::get<3>(key), std::get<3>(key), std::get<4>(key), Reduction::none, SatMode::fresh};
        Meter meter;
        if (auto refusal = refused(Grid(puzzle.geometry_ptr()), whole))
          meter.why_not = "no strength measured: " + *refusal;
        else
          meter.meter = std::make_unique<StrengthMeter>(puzzle.geometry_ptr(), std::get<3>(key), std::get<4>(key));
        it = meters_.emplace(key, std::move(meter)).first;
      }
      if (!it->second.meter) return it->second.why_not;
      return it->second.meter->measure(puzzle, config_.probe);
    } catch (const Error& e) {
      return std::string("no strength measured: ") + e.what();
    } catch (const std::bad_alloc&) {
      meters_.erase(key);
      return std::string("no strength measured: out of memory");
    }
  }

  // A meter per board shape, encoding and method, or why the whole formula
  // it needs is not built (it exceeds the memory budget).
  struct Meter {
    std::unique_ptr<StrengthMeter> meter;
    std::string why_not;
  };

  const CompareConfig& config_;
  const std::vector<RowSpec>& rows_;
  std::unique_ptr<Solver> native_ = make_native_solver();
  std::atomic<std::size_t>& reference_gave_up_;
  std::map<MeterKey, Meter> meters_;
  std::map<MeterKey, FormulaCount> rules_;
};

// ---- per-row summaries --------------------------------------------------------

struct TimeSummary {
  double sum = 0, mean = 0, median = 0, p90 = 0, max = 0;
};

TimeSummary summarize(std::vector<double> values) {
  TimeSummary t;
  if (values.empty()) return t;
  std::sort(values.begin(), values.end());
  for (double v : values) t.sum += v;
  const std::size_t n = values.size();
  t.mean = t.sum / static_cast<double>(n);
  t.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  t.p90 = values[static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(n))) - 1];
  t.max = values.back();
  return t;
}

struct RowSummary {
  std::string encoding, amo, reduce, mode;
  std::size_t puzzles = 0;
  double vars = 0, clauses = 0, literals = 0;
  std::uint64_t vars_max = 0, clauses_max = 0, literals_max = 0;
  TimeSummary encode, solve, total;
  double conflicts = 0;
  std::optional<double> decisions, propagations;  // means, when every puzzle has the count
  std::optional<double> up_pct, fl_pct;
  std::size_t unknown = 0, disagreements = 0;
  bool fastest = false, strongest = false;
  std::vector<double> settled_times;  // sorted, for the plot
  std::string first_disagreement, first_unknown;  // the first sample's message of each

  // --strength-only rows have neither a reduction nor a mode ("-").
  std::string label() const {
    return reduce == "-" && mode == "-" ? encoding + "/" + amo : encoding + "/" + amo + "/" + reduce + "/" + mode;
  }
};

// The name every sample's choice shares ("auto" when they differ or none has one).
template <class Name>
std::string common_name(const std::vector<Sample>& samples, Name name_of) {
  std::optional<std::string> name;
  for (const Sample& s : samples) {
    if (!s.choice) continue;
    std::string here = name_of(*s.choice);
    if (name && *name != here) return "auto";
    name = std::move(here);
  }
  return name.value_or("auto");
}

RowSummary summarize_row(const std::vector<Sample>& samples, bool probe, bool strength_only) {
  RowSummary row;
  // Named after the choices the row ran with (row_choice), an `auto` as it
  // resolved: an `auto` mode that ran hybrid names the reduction hybrid
  // applied, not the one asked for.  The defaults may propagate with one
  // encoding and search with another.
  row.encoding = common_name(samples, [](const SatChoice& c) { return c.encoding_label(); });
  row.amo = common_name(samples, [](const SatChoice& c) { return std::string(to_string(c.amo)); });
  row.reduce = common_name(samples, [](const SatChoice& c) { return std::string(to_string(c.reduction)); });
  row.mode = common_name(samples, [](const SatChoice& c) { return std::string(to_string(c.mode)); });
  if (strength_only) row.reduce = row.mode = "-";  // neither applies
  row.puzzles = samples.size();
  std::vector<double> enc, sol, tot;
  std::size_t up = 0, fl = 0, known = 0, measured = 0;
  // Sums a count every measured puzzle reported; nullopt once one did not.
  auto add = [](std::optional<double>& sum, const std::optional<std::uint64_t>& count) {
    if (sum && count) *sum += static_cast<double>(*count);
    else sum.reset();
  };
  row.decisions = row.propagations = 0.0;
  for (const Sample& s : samples) {
    row.unknown += s.unknown;
    std::string& first = s.disagree ? row.first_disagreement : row.first_unknown;
    if (first.empty() && !s.message.empty()) first = s.message;
    if (s.strength_known) {
      ++known;
      up += s.up_solved;
      fl += s.fl_solved;
    }
    // A refused puzzle has no formula and took no time: it would pull the
    // means down as zeros (the row counts it as unknown).
    if (s.refused) continue;
    ++measured;
    row.vars += static_cast<double>(s.vars);
    row.clauses += static_cast<double>(s.clauses);
    row.literals += static_cast<double>(s.literals);
    row.vars_max = std::max(row.vars_max, s.vars);
    row.clauses_max = std::max(row.clauses_max, s.clauses);
    row.literals_max = std::max(row.literals_max, s.literals);
    row.conflicts += static_cast<double>(s.conflicts);
    add(row.decisions, s.decisions);
    add(row.propagations, s.propagations);
    enc.push_back(s.encode);
    sol.push_back(s.solve);
    tot.push_back(s.total);
    row.disagreements += s.disagree;
    if (s.settled) row.settled_times.push_back(s.total);
  }
  const double n = measured == 0 ? 1.0 : static_cast<double>(measured);
  row.vars /= n, row.clauses /= n, row.literals /= n;
  row.conflicts /= n;
  for (std::optional<double>* mean : {&row.decisions, &row.propagations})
    if (*mean && measured > 0) **mean /= n;
    else mean->reset();
  row.encode = summarize(std::move(enc));
  row.solve = summarize(std::move(sol));
  row.total = summarize(std::move(tot));
  if (known == samples.size() && known > 0) {
    row.up_pct = 100.0 * static_cast<double>(up) / static_cast<double>(known);
    if (probe) row.fl_pct = 100.0 * static_cast<double>(fl) / static_cast<double>(known);
  }
  std::sort(row.settled_times.begin(), row.settled_times.end());
  return row;
}

void mark(std::vector<RowSummary>& rows) {
  // Fastest: the least total time among the rows that answered the most
  // puzzles (a row that gave up on them is quick for nothing).
  auto speed = [](const RowSummary& r) { return std::pair(r.unknown + r.disagreements, r.total.sum); };
  RowSummary* fastest = nullptr;
  for (RowSummary& r : rows)
    if (!fastest || speed(r) < speed(*fastest)) fastest = &r;
  if (fastest && fastest->total.sum > 0) fastest->fastest = true;
  auto strength = [](const RowSummary& r) {
    return std::pair(r.fl_pct.value_or(-1), r.up_pct.value_or(-1));
  };
  std::optional<std::pair<double, double>> best;
  for (const RowSummary& r : rows)
    if (r.up_pct && (!best || strength(r) > *best)) best = strength(r);
  // Only a row that another measured row falls short of is marked: where
  // all tie (every one 0% on hard puzzles), the mark would say nothing.
  const bool differ = std::any_of(rows.begin(), rows.end(),
                                  [&](const RowSummary& r) { return r.up_pct && strength(r) != *best; });
  if (best && differ)
    for (RowSummary& r : rows) r.strongest = r.up_pct && strength(r) == *best;
}

// ---- output ---------------------------------------------------------------------

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

std::string pct(const std::optional<double>& v) { return v ? fixed(*v, 2) : ""; }

std::string marks(const RowSummary& r) {
  std::string m;
  if (r.fastest) m += "fastest";
  if (r.strongest) m += m.empty() ? "strongest" : ",strongest";
  return m;
}

const std::vector<std::string> kCsvHeader = {
    "encoding", "amo", "reduce", "mode", "puzzles", "vars", "vars_max", "clauses", "clauses_max",
    "literals", "literals_max",
    "encode_sum_s", "encode_mean_s", "encode_median_s", "encode_p90_s", "encode_max_s",
    "solve_sum_s", "solve_mean_s", "solve_median_s", "solve_p90_s", "solve_max_s",
    "total_sum_s", "total_mean_s", "total_median_s", "total_p90_s", "total_max_s",
    "conflicts_mean", "decisions_mean", "propagations_mean", "up_solved_pct", "fl_solved_pct",
    "unknown", "disagreements", "fastest", "strongest"};

std::vector<std::string> csv_fields(const RowSummary& r) {
  std::vector<std::string> f = {r.encoding, r.amo, r.reduce, r.mode, std::to_string(r.puzzles),
                                fixed(r.vars, 1), std::to_string(r.vars_max), fixed(r.clauses, 1),
                                std::to_string(r.clauses_max), fixed(r.literals, 1),
                                std::to_string(r.literals_max)};
  for (const TimeSummary* t : {&r.encode, &r.solve, &r.total})
    for (double v : {t->sum, t->mean, t->median, t->p90, t->max}) f.push_back(fixed(v, 9));
  f.push_back(fixed(r.conflicts, 2));
  f.push_back(r.decisions ? fixed(*r.decisions, 2) : "");
  f.push_back(r.propagations ? fixed(*r.propagations, 2) : "");
  f.push_back(pct(r.up_pct));
  f.push_back(pct(r.fl_pct));
  f.push_back(std::to_string(r.unknown));
  f.push_back(std::to_string(r.disagreements));
  f.push_back(r.fastest ? "1" : "0");
  f.push_back(r.strongest ? "1" : "0");
  return f;
}

// What --strength-only measures; the other columns (sizes, times, search,
// failures of the SAT runs it skips) would be zeros, so its documents leave
// them out, as its table does.
bool measured_without_solving(std::string_view column) {
  for (std::string_view c : {"encoding", "amo", "puzzles", "up_solved_pct", "fl_solved_pct", "unknown", "strongest"})
    if (column == c) return true;
  return false;
}

void write_csv(std::ostream& out, const std::vector<RowSummary>& rows, bool strength_only) {
  auto write = [&](const std::vector<std::string>& fields) {
    bool first = true;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (strength_only && !measured_without_solving(kCsvHeader[i])) continue;
      out << (first ? "" : ",") << fields[i];
      first = false;
    }
    out << '\n';
  };
  write(kCsvHeader);
  for (const RowSummary& r : rows) write(csv_fields(r));
}

// The row's figure behind an optional column (null in JSON, empty in CSV),
// or nullptr for the other columns.
const std::optional<double>* optional_field(const RowSummary& r, std::string_view key) {
  if (key == "up_solved_pct") return &r.up_pct;
  if (key == "fl_solved_pct") return &r.fl_pct;
  if (key == "decisions_mean") return &r.decisions;
  if (key == "propagations_mean") return &r.propagations;
  return nullptr;
}

// The input's entries left out of every row.
struct LeftOut {
  std::size_t clashes = 0;     // puzzles whose clues clash
  std::size_t unreadable = 0;  // entries that could not be read
};

void write_json(std::ostream& out, const std::vector<RowSummary>& rows, const CompareConfig& c, LeftOut left_out) {
  nlohmann::ordered_json doc;
  doc["puzzles"] = rows.empty() ? 0 : rows.front().puzzles;
  doc["left_out"] = left_out.clashes;
  doc["unreadable"] = left_out.unreadable;
  if (c.strength_only) {
    doc["strength_only"] = true;
  } else {
    doc["limit"] = c.limit;
    doc["seed"] = c.seed;
    doc["sat_options"] = nlohmann::ordered_json::object();
    for (const auto& [name, value] : c.sat_options) doc["sat_options"][name] = value;
  }
  doc["probe"] = c.probe;
  if (!c.strength_only) doc["notes"] = {std::string(kDecisionsNote)};
  doc["rows"] = nlohmann::ordered_json::array();
  for (const RowSummary& r : rows) {
    nlohmann::ordered_json j;
    const auto f = csv_fields(r);
    for (std::size_t i = 0; i < kCsvHeader.size(); ++i) {
      const std::string& key = kCsvHeader[i];
      if (c.strength_only && !measured_without_solving(key)) continue;
      if (i < 4) j[key] = f[i];
      else if (const std::optional<double>* v = optional_field(r, key)) {
        j[key] = *v ? nlohmann::ordered_json(**v) : nlohmann::ordered_json(nullptr);
      } else if (key == "fastest" || key == "strongest") j[key] = f[i] == "1";
      else if (f[i].find_first_of(".e") == std::string::npos) j[key] = std::stoull(f[i]);  // a count
      else j[key] = std::stod(f[i]);
    }
    j["label"] = r.label();
    if (const std::string& m = r.first_disagreement.empty() ? r.first_unknown : r.first_disagreement; !m.empty())
      j["first_failure"] = m;
    doc["rows"].push_back(std::move(j));
  }
  out << json_text(doc, 2) << '\n';
}

std::string ms(double seconds) { return fixed(seconds * 1e3, 3); }

// The columns of the terminal table and the Markdown report: the row's
// names (left-aligned), figures, and the marks last.  --strength-only
// measures nothing else than UP and FL %, so the table shows nothing else.
struct DisplayColumns {
  std::vector<std::pair<std::string, std::vector<std::string>>> cols;
  std::size_t names = 0;  // leading columns that name the row
  bool left_aligned(std::size_t i) const { return i < names || i + 1 == cols.size(); }
};

DisplayColumns display_columns(const std::vector<RowSummary>& rows, bool probe, bool strength_only) {
  if (strength_only) {
    DisplayColumns d{{{"encoding", {}}, {"amo", {}}, {"UP %", {}}}, 2};
    if (probe) d.cols.push_back({"FL %", {}});
    d.cols.push_back({"", {}});
    for (const RowSummary& r : rows) {
      std::vector<std::string> v = {r.encoding, r.amo, r.up_pct ? fixed(*r.up_pct, 2) : "-"};
      if (probe) v.push_back(r.fl_pct ? fixed(*r.fl_pct, 2) : "-");
      v.push_back(marks(r));
      for (std::size_t i = 0; i < v.size(); ++i) d.cols[i].second.push_back(v[i]);
    }
    return d;
  }
  DisplayColumns d{{{"encoding", {}}, {"amo", {}}, {"reduce", {}}, {"mode", {}}, {"vars", {}}, {"clauses", {}},
                    {"literals", {}}, {"encode ms", {}}, {"solve ms", {}}, {"total s", {}}, {"mean ms", {}},
                    {"median ms", {}}, {"p90 ms", {}}, {"max ms", {}}, {"conflicts", {}}, {"UP %", {}}},
                   4};
  auto& cols = d.cols;
  if (probe) cols.push_back({"FL %", {}});
  cols.push_back({"unknown", {}});
  cols.push_back({"disagree", {}});
  cols.push_back({"", {}});
  for (const RowSummary& r : rows) {
    std::vector<std::string> v = {r.encoding, r.amo, r.reduce, r.mode,
                                  fixed(r.vars, 0), fixed(r.clauses, 0), fixed(r.literals, 0),
                                  ms(r.encode.mean), ms(r.solve.mean), fixed(r.total.sum, 3),
                                  ms(r.total.mean), ms(r.total.median), ms(r.total.p90), ms(r.total.max),
                                  fixed(r.conflicts, 1), r.up_pct ? fixed(*r.up_pct, 2) : "-"};
    if (probe) v.push_back(r.fl_pct ? fixed(*r.fl_pct, 2) : "-");
    v.push_back(std::to_string(r.unknown));
    v.push_back(std::to_string(r.disagreements));
    v.push_back(marks(r));
    for (std::size_t i = 0; i < v.size(); ++i) cols[i].second.push_back(v[i]);
  }
  return d;
}

// The notes under a --strength-only table (wrapped for the terminal).
constexpr std::string_view kStrengthNote =
    "UP/FL %: solved by unit propagation / failed-literal probing over the encoding's own\n"
    "clauses ('-': not measured, the formula would exceed --max-memory or does not fit the board).";

// "CaDiCaL options for every row: seed=3, phase=0.\n" when any differs from
// satdoku's own choices, so that a table records how it was made.
std::string cadical_settings(const CompareConfig& c) {
  if (c.seed == CompareConfig{}.seed && c.sat_options.empty()) return "";  // the defaults
  std::string s = "CaDiCaL options for every row: seed=" + std::to_string(c.seed);
  for (const auto& [name, value] : c.sat_options) s += ", " + name + "=" + std::to_string(value);
  return s + ".\n";
}

// The footer's first words: "12 puzzles", and with entries left out of
// every row, "12 puzzles (left out: 1 whose clues clash, 2 unreadable)".
std::string puzzles_measured(const std::vector<RowSummary>& rows, LeftOut left_out) {
  std::string measured = puzzles_text(rows.empty() ? 0 : rows.front().puzzles);
  std::string why;
  if (left_out.clashes) why = std::to_string(left_out.clashes) + " whose clues clash";
  if (left_out.unreadable) why += (why.empty() ? "" : ", ") + std::to_string(left_out.unreadable) + " unreadable";
  return why.empty() ? measured : measured + " (left out: " + why + ")";
}

void write_table(std::ostream& out, const std::vector<RowSummary>& rows, bool probe, bool strength_only,
                 LeftOut left_out, const std::string& settings) {
  const DisplayColumns d = display_columns(rows, probe, strength_only);
  const auto& cols = d.cols;
  std::vector<std::size_t> width;
  for (const auto& [head, values] : cols) {
    std::size_t w = head.size();
    for (const auto& v : values) w = std::max(w, v.size());
    width.push_back(w);
  }
  auto line = [&](auto cell) {
    std::string s;
    for (std::size_t i = 0; i < cols.size(); ++i) {
      std::string v = cell(i);
      const bool left = d.left_aligned(i);
      const std::string pad(width[i] - v.size(), ' ');
      s += (i ? "  " : "") + (left ? v + pad : pad + v);
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out << s << '\n';
  };
  line([&](std::size_t i) { return cols[i].first; });
  for (std::size_t r = 0; r < rows.size(); ++r) line([&](std::size_t i) { return cols[i].second[r]; });
  const std::string puzzles = puzzles_measured(rows, left_out);
  if (strength_only) {
    out << "\n" << puzzles << ". " << kStrengthNote << '\n';
    return;
  }
  out << "\n" << puzzles
      << ". vars/clauses/literals: mean size of the formula CaDiCaL receives; encode/solve ms: "
         "means per puzzle;\ntotal s: sum; mean/median/p90/max: total per puzzle. UP/FL %: solved by unit "
         "propagation / failed-literal probing\nover the encoding's own clauses ('-': not measured, the "
         "formula would exceed --max-memory\nor does not fit the board).\nNote: "
      << kDecisionsNote << ".\n"
      << settings;
}

void write_markdown(std::ostream& out, const std::vector<RowSummary>& rows, bool probe, bool strength_only,
                    LeftOut left_out, const std::string& settings) {
  const DisplayColumns d = display_columns(rows, probe, strength_only);
  const auto& cols = d.cols;
  out << "|";
  for (const auto& c : cols) out << ' ' << (c.first.empty() ? "marks" : c.first) << " |";
  out << "\n|";
  for (std::size_t i = 0; i < cols.size(); ++i) out << (d.left_aligned(i) ? " --- |" : " ---: |");
  out << '\n';
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out << "|";
    for (const auto& c : cols) {
      std::string v = c.second[r];
      if (&c == &cols.back() && !v.empty()) v = "**" + v + "**";
      out << ' ' << v << " |";
    }
    out << '\n';
  }
  const std::string puzzles = puzzles_measured(rows, left_out);
  if (strength_only) {
    std::string note(kStrengthNote);
    std::replace(note.begin(), note.end(), '\n', ' ');  // one paragraph
    out << "\n" << puzzles << ". " << note << '\n';
    return;
  }
  out << "\n" << puzzles
      << ". Sizes are means; encode and solve are mean milliseconds per puzzle, total s the sum. "
         "UP/FL %: puzzles solved by unit propagation / failed-literal probing over the encoding's clauses "
         "('-': not measured, the formula would exceed --max-memory or does not fit the board). "
      << kDecisionsNote << ".\n";
  if (!settings.empty()) out << '\n' << settings;
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string time_label(double seconds) {
  std::ostringstream s;
  if (seconds >= 1) s << seconds << " s";
  else if (seconds >= 1e-3) s << seconds * 1e3 << " ms";
  else s << std::llround(seconds * 1e6) << " \u00b5s";
  return s.str();
}

// Cactus plot: for each row, puzzles solved (y) against time per puzzle (x,
// log scale): the point (t, k) says k puzzles took at most t each.
void write_svg(std::ostream& out, const std::vector<RowSummary>& rows) {
  static const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                  "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  static const char* kDashes[] = {"", "6,3", "2,3", "8,3,2,3"};
  std::size_t longest = 24;  // the legend's heading
  for (const RowSummary& r : rows) longest = std::max(longest, r.label().size() + marks(r).size() + 3);
  const double left = 80, top = 50, bottom = 70, pw = 620;
  const double width = left + pw + 20 + 44 + 7.5 * static_cast<double>(longest) + 10;
  const double height = std::max(620.0, top + 40 + 20 * static_cast<double>(rows.size()));
  const double ph = height - top - bottom;
  double lo = INFINITY, hi = 0;
  std::size_t n = 0;
  for (const RowSummary& r : rows) {
    n = std::max(n, r.puzzles);
    if (!r.settled_times.empty()) {
      lo = std::min(lo, std::max(r.settled_times.front(), 1e-7));
      hi = std::max(hi, r.settled_times.back());
    }
  }
  if (!(lo < INFINITY)) lo = 1e-6, hi = 1e-3;
  int d0 = static_cast<int>(std::floor(std::log10(lo))), d1 = static_cast<int>(std::ceil(std::log10(hi)));
  if (d1 <= d0) d1 = d0 + 1;
  const double ymax = std::max<double>(1, static_cast<double>(n));
  auto x = [&](double t) {
    return left + pw * (std::log10(std::max(t, lo)) - d0) / (d1 - d0);
  };
  auto y = [&](double k) { return top + ph * (1 - k / ymax); };
  // Whole puzzle counts on the vertical axis, a round step apart (1, 2, 5,
  // 10, 20, ...), at most five gridlines above 0 and each at its own count.
  double step = 1;
  for (double magnitude = 1; step * 5 < ymax; magnitude *= 10)
    for (double f : {1.0, 2.0, 5.0, 10.0})
      if ((step = f * magnitude) * 5 >= ymax) break;
  std::vector<double> ticks;
  for (int i = 0; i * step <= ymax; ++i) ticks.push_back(i * step);

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"sans-serif\" font-size=\"13\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << left + pw / 2 << "\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">"
      << "satdoku compare: puzzles solved against time per puzzle (" << n << " puzzles)</text>\n";
  // Grid and axes.
  out << "<g stroke=\"#ddd\" stroke-width=\"1\">\n";
  for (int d = d0; d <= d1; ++d) {
    const double px = left + pw * (d - d0) / (d1 - d0);
    out << "<line x1=\"" << px << "\" y1=\"" << top << "\" x2=\"" << px << "\" y2=\"" << top + ph << "\"/>\n";
  }
  for (const double k : ticks)
    out << "<line x1=\"" << left << "\" y1=\"" << y(k) << "\" x2=\"" << left + pw << "\" y2=\"" << y(k) << "\"/>\n";
  out << "</g>\n<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << pw << "\" height=\"" << ph
      << "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int d = d0; d <= d1; ++d) {
    const double px = left + pw * (d - d0) / (d1 - d0);
    out << "<text x=\"" << px << "\" y=\"" << top + ph + 20 << "\" text-anchor=\"middle\">"
        << time_label(std::pow(10.0, d)) << "</text>\n";
  }
  for (const double k : ticks)
    out << "<text x=\"" << left - 8 << "\" y=\"" << y(k) + 4 << "\" text-anchor=\"end\">" << std::llround(k)
        << "</text>\n";
  out << "<text x=\"" << left + pw / 2 << "\" y=\"" << height - 20
      << "\" text-anchor=\"middle\">time per puzzle (log scale)</text>\n"
      << "<text transform=\"translate(22," << top + ph / 2
      << ") rotate(-90)\" text-anchor=\"middle\">puzzles solved</text>\n";
  // One line per row.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RowSummary& r = rows[i];
    const std::vector<double>& t = r.settled_times;
    out << "<polyline class=\"row\" fill=\"none\" stroke-width=\"2\" stroke=\"" << kColors[i % 10] << '"';
    if (const char* dash = kDashes[(i / 10) % 4]; *dash) out << " stroke-dasharray=\"" << dash << '"';
    out << " points=\"";
    out << std::fixed << std::setprecision(1);
    if (!t.empty()) out << x(t.front()) << ',' << y(0);
    const std::size_t step = std::max<std::size_t>(1, t.size() / 500);
    for (std::size_t k = 0; k < t.size(); k += step) {
      const std::size_t j = std::min(t.size() - 1, k + step - 1);
      out << ' ' << x(t[j]) << ',' << y(static_cast<double>(j + 1));
    }
    if (!t.empty()) out << ' ' << x(t.back()) << ',' << y(static_cast<double>(t.size()));
    out << std::defaultfloat << std::setprecision(6) << "\"><title>" << xml_escape(r.label())
        << "</title></polyline>\n";
  }
  // Legend.
  const double lx = left + pw + 20;
  out << "<text x=\"" << lx << "\" y=\"" << top + 4 << "\" font-weight=\"bold\">encoding/amo/reduce/mode</text>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double ly = top + 24 + 20 * static_cast<double>(i);
    out << "<line x1=\"" << lx << "\" y1=\"" << ly - 4 << "\" x2=\"" << lx + 28 << "\" y2=\"" << ly - 4
        << "\" stroke-width=\"3\" stroke=\"" << kColors[i % 10] << '"';
    if (const char* dash = kDashes[(i / 10) % 4]; *dash) out << " stroke-dasharray=\"" << dash << '"';
    std::string text = rows[i].label();
    if (const std::string m = marks(rows[i]); !m.empty()) text += " (" + m + ")";
    out << "/>\n<text x=\"" << lx + 36 << "\" y=\"" << ly << "\">" << xml_escape(text) << "</text>\n";
  }
  out << "</svg>\n";
}

void write_to(const std::string& path, auto writer) {
  std::ostringstream text;  // written whole, so that a failure keeps its reason
  writer(text);
  if (path == "-") {
    write_stdout_now("compare", text.str());
    return;
  }
  AtomicFile file(path);
  file.write(text.str());
  file.commit();
}

// compare's documents: the option, the path it names ("" when not given,
// "-" for standard output) and what the document holds near its start (a
// file without it is no document of compare's).
struct Document {
  std::string_view option;
  const std::string* path;
  std::string_view marker;
};

std::array<Document, 4> documents(const CompareConfig& c) {
  return {{{"--csv", &c.csv, "encoding,amo,"},
           {"--json", &c.json, "\"rows\": ["},
           {"--markdown", &c.markdown, "| encoding | amo |"},
           {"--plot", &c.plot, "satdoku compare: puzzles solved against time"}}};
}

// A run that writes no document (interrupted, or no puzzle to compare)
// removes an earlier run's at the paths of --csv, --json, --markdown and
// --plot, so that a later reader does not take its figures for this run's.
// The words that say so (" (rows.csv, an earlier run's document,
// removed)"), or "" when there was none.
std::string remove_earlier_documents(const CompareConfig& c) {
  std::vector<std::string> removed;
  for (const Document& d : documents(c))
    if (!d.path->empty() && *d.path != "-" && remove_earlier_output(*d.path, d.marker)) removed.push_back(*d.path);
  if (removed.empty()) return "";
  std::string s = " (";
  for (std::size_t i = 0; i < removed.size(); ++i)
    s += (i == 0 ? "" : i + 1 == removed.size() ? " and " : ", ") + removed[i];
  return s + (removed.size() == 1 ? ", an earlier run's document" : ", an earlier run's documents") + ", removed)";
}

// Whether an unknown option, as the parser names it, is -o or --output,
// also with its value attached ("-ox.csv", "--output=x.csv").
bool names_output_option(std::string_view option) {
  return option.starts_with("-o") || option == "--output" || option.starts_with("--output=");
}

// ---- the command ------------------------------------------------------------------

int compare(const std::vector<std::string>& args) {
  CompareConfig config;
  po::options_description options("Options");
  options.add_options()
      ("encodings", po::value(&config.encodings)->default_value(config.encodings)->value_name("LIST"),
       ("encodings: " + encoding_names() + ", all, auto").c_str())
      ("amo", po::value(&config.amo)->default_value(config.amo)->value_name("LIST"),
       ("at-most-one methods: " + amo_method_names() + ", all, auto").c_str())
      ("reduce", po::value(&config.reduce)->default_value(config.reduce)->value_name("LIST"),
       reduce_help(", all, auto", "").c_str())
      ("mode", po::value(&config.mode)->default_value(config.mode)->value_name("LIST"),
       ("SAT modes: " + sat_mode_names() + ", all, auto").c_str())
      ("limit,k", po::value(&config.limit)->default_value(config.limit), "solutions asked per puzzle: 1 or 2")
      ("probe", po::bool_switch(&config.probe), "also measure failed-literal probing (fl_solved_pct)")
      ("strength-only", po::bool_switch(&config.strength_only),
       "only measure propagation strength: no SAT solving, no reference; one row per encoding and method "
       "(CSV and JSON hold only encoding, amo, puzzles, the UP/FL %, unknown and strongest); --reduce, "
       "--mode, --limit, --seed, --sat-option, --conflicts, --timeout, --reference-timeout and --plot do not "
       "apply")
      ("seed", po::value(&config.seed)->default_value(config.seed), "CaDiCaL's 'seed' option for every row")
      ("sat-option", po::value(&config.sat_option_args)->composing()->value_name("NAME=VALUE"),
       "a CaDiCaL option for every row, as in `cadical --help` (repeatable; applied after satdoku's "
       "choices for the row and --seed)")
      ("conflicts", po::value(&config.conflicts)->default_value(config.conflicts),
       "CaDiCaL conflict limit per puzzle (0: none); beyond it the puzzle counts as unknown")
      ("timeout", po::value(&config.timeout)->default_value(config.timeout),
       "time budget per puzzle and row in seconds (0: none); the formula's size and propagation strength are measured outside it")
      ("reference-timeout", po::value(&config.reference_timeout)->default_value(config.reference_timeout),
       "time budget of the native reference per puzzle in seconds (0: none); where it gives\n"
       "up, the rows' answers are verified against the rules and clues only")
      ("jobs,j", po::value(&config.jobs)->default_value(config.jobs), "worker threads")
      ("max-memory", po::value(&config.max_memory)->value_name("SIZE"),
       ("skip a puzzle (unknown) or a strength measurement ('-'; with --strength-only, unknown too) whose "
        "formula would need more memory, "
        "e.g. 512M, 4G (default: half the machine's, " + format_bytes(default_max_memory()) +
        "; shared by the workers that run: one per 256 puzzles, at most --jobs)").c_str())
      ("csv", po::value(&config.csv)->value_name("FILE"), "write the rows as CSV ('-': stdout)")
      ("json", po::value(&config.json)->value_name("FILE"), "write the rows as JSON ('-': stdout)")
      ("markdown", po::value(&config.markdown)->value_name("FILE"), "write a Markdown table ('-': stdout)")
      ("plot", po::value(&config.plot)->value_name("FILE.svg"), "draw a cactus plot as SVG ('-': stdout)")
      ("no-progress", po::bool_switch(&config.no_progress), "no progress line on a terminal");
  config.input.add_options(options);
  po::variables_map values;
  try {
    if (!parse_command("compare", "[OPTIONS] [FILE...]", kDescription, options, args, &config.input.files, &values))
      return 0;
  } catch (const po::unknown_option& e) {
    // The other commands' -o would not write compare's documents: its own
    // options do, which the hint that -o is an option of those commands
    // would not name.
    if (names_output_option(e.get_option_name()))
      throw UsageError(std::string(e.what()) +
                       "\ncompare writes its documents with --csv, --json, --markdown or --plot FILE "
                       "(no -o or --output)");
    throw;
  }
  if (config.limit < 1 || config.limit > 2) throw UsageError("--limit must be 1 or 2");
  test_fault();  // an unknown SATDOKU_TEST_FAULT before any work
  if (config.strength_only) {
    // Options of the SAT runs that --strength-only skips: an error, not
    // ignored, even when given their default value.
    std::string given;
    for (const char* name : {"reduce", "mode", "limit", "seed", "sat-option", "conflicts", "timeout", "reference-timeout"})
      if (values.count(name) && !values[name].defaulted())
        given += std::string(given.empty() ? "--" : ", --") + name;
    if (!given.empty())
      throw UsageError("--strength-only measures propagation without solving, so " + given +
                       (given.find(',') == std::string::npos ? " does" : " do") + " not apply");
    if (!config.plot.empty()) throw UsageError("--strength-only measures no times, so --plot has nothing to draw");
  }
  for (const std::string& option : config.sat_option_args) {
    config.sat_options.push_back(parse_sat_option(option));
    if (config.sat_options.back().first == "seed")
      throw UsageError("--sat-option seed=N: give the seed as --seed N (it is recorded with the table)");
  }
  parse_sat_option("seed=" + std::to_string(config.seed));  // its range, now rather than once the input has ended
  check_jobs(config.jobs);
  check_seconds("--timeout", config.timeout);
  check_seconds("--reference-timeout", config.reference_timeout);
  // At most one document on standard output; the table goes there when none does.
  const int on_stdout = (config.csv == "-") + (config.json == "-") + (config.markdown == "-") + (config.plot == "-");
  if (on_stdout > 1)
    throw UsageError("only one of --csv, --json, --markdown and --plot can go to standard output ('-')");
  std::vector<NamedOutput> outputs;
  for (const Document& d : documents(config)) outputs.push_back({std::string(d.option), *d.path});
  check_distinct_outputs(outputs, config.input.files, true);
  for (const Document& d : documents(config)) {
    if (d.path->empty() || *d.path == "-") continue;
    check_writable(*d.path);  // now, not after the run
    // A document replaces only an earlier document of its kind (or an
    // empty file): `compare --csv puzzles.csv` takes --csv for an input.
    check_replaces_only_its_own(d.option, *d.path, d.marker, "the document compare writes", "puzzles to compare");
  }
  // The plot is SVG whatever the name says ("--plot x.png"; a device is no name).
  if (const std::string ext = lowercase(std::filesystem::path(config.plot).extension().string());
      !config.plot.empty() && config.plot != "-" && !under_dev(config.plot)) {
    if (ext != ".svg")
      std::cerr << "satdoku compare: note: --plot writes SVG; " << config.plot << " will hold SVG"
                << (ext.empty() ? "" : ", not " + ext.substr(1)) << '\n';
  }
  const std::uint64_t budget = memory_budget(config.max_memory);
  const std::vector<RowSpec> asked = make_rows(config);  // now, not after the input is read
  ReadOptions read_options = config.input.read_options();
  read_options.solutions = false;  // compare measures, and compares no given solution

  install_interrupt_handlers();
  ExitCode code = ExitCode::ok;
  std::vector<Grid> puzzles;
  std::size_t unreadable = 0;
  std::size_t left_out = 0;  // puzzles whose clues clash
  {
    const Alphabet alphabet = read_options.alphabet.value_or(Alphabet::standard());
    EntrySource source(config.input.files, read_options);
    ReadingNotes reading_notes(config.input);
    while (auto entry = source.next()) {
      reading_notes.say(std::cerr, *entry);
      if (auto* grid = std::get_if<Grid>(&entry->content)) {
        // A puzzle whose clues clash is settled before any search (a
        // formula of one empty clause): counted, it would pull every row's
        // means towards nothing.  It is an input error, named as solve
        // names it.
        if (const auto clash = find_clash(*grid)) {
          std::cerr << clash_report(*entry, *clash, alphabet) << "; left out of every row\n";
          code = worst(code, ExitCode::usage);
          ++left_out;
          continue;
        }
        puzzles.push_back(std::move(*grid));
      } else {
        std::cerr << std::get<Diagnostic>(entry->content).str() << '\n';
        code = worst(code, ExitCode::usage);
        ++unreadable;
      }
    }
  }

  if (puzzles.empty() && !interrupt_flag().load()) {
    // A table of zeros would look like a measurement; write none.  Not when
    // no input could be read: a mistyped input name removes no documents.
    const std::string removed = some_input_readable(config.input.files) ? remove_earlier_documents(config) : "";
    if (unreadable + left_out > 0)
      std::cerr << "satdoku compare: the input holds no " << (left_out > 0 ? "puzzle to compare" : "readable puzzle")
                << " (" << count_text(unreadable + left_out, "error") << " above): no table written" << removed
                << '\n';
    else
      std::cerr << "satdoku compare: the input holds no puzzle to compare: no table written" << removed << '\n';
    return static_cast<int>(ExitCode::usage);
  }

  const std::vector<RowSpec> rows = distinct_rows(asked, puzzles, config);
  std::vector<std::vector<Sample>> samples(rows.size(), std::vector<Sample>(puzzles.size()));
  constexpr std::size_t kChunk = 256;
  const std::size_t chunks = (puzzles.size() + kChunk - 1) / kChunk;
  const unsigned jobs = static_cast<unsigned>(std::min<std::size_t>(config.jobs, std::max<std::size_t>(1, chunks)));
  config.worker_budget = budget / jobs;  // shared by the threads that run
  config.worker_budget_name = worker_budget_name(budget, jobs);
  std::atomic<std::size_t> next{0}, done{0}, reference_gave_up{0};
  std::atomic<unsigned> finished{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      ChunkRunner runner(config, rows, reference_gave_up);
      for (std::size_t c; (c = next++) < chunks && !interrupt_flag().load();) {
        const std::size_t end = std::min(puzzles.size(), (c + 1) * kChunk);
        if (runner.run(puzzles, c * kChunk, end, samples)) done += end - c * kChunk;
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = chunks;
    }
    ++finished;
  };
  Progress progress(!config.no_progress && stderr_is_terminal());
  {
    // `jobs` threads work while this one shows the progress; when the
    // system refuses them all (a process or memory limit), it works alone.
    std::vector<std::thread> threads = start_helpers(jobs + 1, work);
    if (threads.empty()) work();
    while (finished.load() < threads.size()) {
      progress.update(done.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto& t : threads) t.join();
  }
  progress.finish();
  if (failure) std::rethrow_exception(failure);
  if (interrupt_flag().load()) {
    std::cerr << "satdoku compare: interrupted after " << done.load() << " of " << puzzles.size()
              << " puzzles; no table written" << remove_earlier_documents(config) << '\n';
    return static_cast<int>(ExitCode::interrupted);
  }

  std::vector<RowSummary> summary;
  for (std::size_t r = 0; r < rows.size(); ++r)
    summary.push_back(summarize_row(samples[r], config.probe, config.strength_only));
  mark(summary);

  const std::string settings = config.strength_only ? "" : cadical_settings(config);
  // Each document on its own: one that cannot be written costs only itself,
  // and an earlier run's in its place goes, as when no document is written.
  const auto docs = documents(config);  // --csv, --json, --markdown, --plot
  auto emit = [&](const Document& d, auto writer) {
    if (d.path->empty()) return;
    try {
      write_to(*d.path, writer);
    } catch (const OutputError& e) {
      std::cerr << "satdoku compare: " << e.what() << earlier_output_removed(*d.path, d.marker, "document") << '\n';
      code = worst(code, ExitCode::usage);
    }
  };
  emit(docs[0], [&](std::ostream& o) { write_csv(o, summary, config.strength_only); });
  const LeftOut out_of_rows{left_out, unreadable};
  emit(docs[1], [&](std::ostream& o) { write_json(o, summary, config, out_of_rows); });
  emit(docs[2],
       [&](std::ostream& o) { write_markdown(o, summary, config.probe, config.strength_only, out_of_rows, settings); });
  emit(docs[3], [&](std::ostream& o) { write_svg(o, summary); });
  if (on_stdout == 0) {
    std::ostringstream table;
    write_table(table, summary, config.probe, config.strength_only, out_of_rows, settings);
    write_stdout_now("compare", table.str());
  }

  if (left_out > 0 || unreadable > 0) {
    std::cerr << "satdoku compare: note: left out of every row:";
    if (left_out > 0)
      std::cerr << ' ' << puzzles_text(left_out) << " whose clues clash (" << (left_out == 1 ? "named" : "each named")
                << " above)" << (unreadable > 0 ? " and" : "");
    if (unreadable > 0) std::cerr << ' ' << unreadable << " unreadable (" << (unreadable == 1 ? "named" : "each named") << " above)";
    std::cerr << "; the rows measured " << puzzles_text(puzzles.size()) << '\n';
  }
  if (const std::size_t n = reference_gave_up.load()) {
    std::ostringstream budget;
    budget << config.reference_timeout;
    std::cerr << "satdoku compare: note: the reference gave up on " << n << " of " << puzzles_text(puzzles.size())
              << " (--reference-timeout " << budget.str()
              << " s); the rows' answers to them were verified against the rules and clues only\n";
  }
  for (const RowSummary& r : summary) {
    if (r.disagreements) {
      std::cerr << "satdoku compare: " << r.label() << ": " << r.disagreements
                << " disagreements with the reference, first: " << r.first_disagreement << '\n';
      code = worst(code, ExitCode::disagreement);
    }
    if (r.unknown) {
      std::cerr << "satdoku compare: " << r.label() << ": " << r.unknown << " unknown"
                << (r.first_unknown.empty() ? "" : ", first: " + r.first_unknown) << '\n';
      code = worst(code, ExitCode::unsolved);
    }
  }
  return static_cast<int>(code);
}

}  // namespace

int run_compare(const std::vector<std::string>& args) { return compare(args); }

}  // namespace satdoku::cli
