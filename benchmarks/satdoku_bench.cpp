// satdoku_bench - the benchmark runner: satdoku's backends and
// configurations and the peers (MiniSat peer, qqwing, cadical) in one run,
// on exactly the same puzzles, with the figures written as Markdown.
//
//   satdoku_bench [--quick | --full | --smoke] [options]     (see --help)
//
// Method (after tdoku's runner):
//  * every collection of the data folder is read once; a fixed seed draws a
//    sample of its puzzles in a random order and (9x9, unless
//    --no-transform) a random symmetry of each (benchmarks/symmetry.hpp); the
//    sample is written once to a file that every solver reads, library rows
//    and peers alike;
//  * every measurement runs in a child process (peak RSS of that child,
//    per-run timeout); in-process rows warm up on other puzzles (other
//    transforms) and then solve the whole sample again and again until the
//    minimum run time is reached; whole-process rows are timed from fork to
//    exit, after a warm-up run, best of --repeat runs;
//  * every answer is validated outside the timed region: solutions verified
//    against the rules and the clues, solution counts against what the data
//    README states (all unique, or all multiple for serg_multi);
//  * the targets of the issues are evaluated as ratios measured in this run,
//    PASS or MISS.
// Exit code: 0 when every answer validated and every program ran, 1 when an
// answer was wrong or a program failed (TIMEOUT is a figure, not a failure),
// 2 on a usage error.
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../solver/src/native_internal.hpp"
#include "process.hpp"
#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"
#include "satdoku/io.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"
#include "symmetry.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace satdoku::bench {
namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------
// Configuration

enum class Mode { smoke, quick, full };

struct Config {
  Mode mode = Mode::full;
  std::string data = SATDOKU_BENCH_DATA;
  std::string satdoku = SATDOKU_BENCH_CLI;
  std::string minisat_peer;
  std::string qqwing = "qqwing";
  std::string cadical = "cadical";
  std::uint64_t seed = 20240917;
  bool no_transform = false;
  double min_time = -1;        // per in-process row; < 0: by mode
  int repeat = -1;             // whole-process runs; < 0: by mode
  double timeout = 120;        // per child
  int large_max = -1;          // largest N of the large boards; < 0: by mode
  std::size_t sample = 0;      // puzzles per collection; 0: by mode
  std::string collections;     // comma-separated filter; empty: all
  bool no_peers = false;
  bool no_large = false;
  bool no_matrix = false;
  std::string results;         // Markdown file to update; empty: by mode
  bool no_write = false;
  std::string command;         // the command shown in the Markdown
  std::string tmp;
};

// A collection of the data folder and what its README states.
struct Collection {
  const char* name;
  const char* file;
  bool multiple;          // every puzzle has two or more solutions
  std::size_t quick;      // sample in --quick (0: all)
  std::size_t full;       // sample in full mode (0: all)
  bool smoke;             // part of --smoke
};

// Peers are compared on the collections the targets name; forum_hardest is
// sampled in full mode (MiniSat needs about 5 ms per puzzle there).
constexpr Collection kCollections[] = {
    {"17_clue", "17_clue.txt", false, 2000, 0, true},
    {"top1465", "top1465.txt", false, 300, 0, false},
    {"forum_hardest_11plus", "forum_hardest_11plus.txt", false, 200, 5000, false},
    {"serg_multi", "serg_multi.txt", true, 1000, 0, true},
    {"qqwing_1000", "qqwing_1000.txt", false, 1000, 0, false},
    {"euler96", "euler96.txt", false, 0, 0, false},
};

std::size_t sample_size(const Config& c, const Collection& col) {
  if (c.sample) return c.sample;
  switch (c.mode) {
    case Mode::smoke: return 20;
    case Mode::quick: return col.quick;
    case Mode::full: return col.full;
  }
  return 0;
}
// The configuration matrix runs on at most this many puzzles of a sample.
std::size_t matrix_size(const Config& c) { return c.mode == Mode::full ? 1000 : c.mode == Mode::quick ? 200 : 20; }
double min_time(const Config& c) {
  return c.min_time >= 0 ? c.min_time : c.mode == Mode::full ? 1.0 : c.mode == Mode::quick ? 0.1 : 0.0;
}
int repeats(const Config& c) { return c.repeat > 0 ? c.repeat : c.mode == Mode::full ? 3 : 1; }
int large_max(const Config& c) { return c.large_max >= 0 ? c.large_max : c.mode == Mode::full ? 1024 : 25; }

// ---------------------------------------------------------------------------
// Small helpers

std::string fixed(double v, int digits) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

// 123456 -> "123,456".
std::string grouped(double v) {
  if (!std::isfinite(v)) return "-";
  std::string s = fixed(v, 0);
  const bool neg = !s.empty() && s[0] == '-';
  std::string digits = neg ? s.substr(1) : s;
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return neg ? "-" + out : out;
}

std::string mib(long kb) { return kb > 0 ? fixed(static_cast<double>(kb) / 1024.0, 1) : "-"; }

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string first_line_with(const std::string& path, const std::string& key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return line;
  return {};
}

std::string cpu_model() {
  std::string line = first_line_with("/proc/cpuinfo", "model name");
  const auto colon = line.find(':');
  return colon == std::string::npos ? "unknown" : line.substr(colon + 2);
}

std::string load_average() {
  std::string s = read_text("/proc/loadavg");
  std::istringstream in(s);
  std::string a, b, c;
  in >> a >> b >> c;
  return a.empty() ? "unknown" : a + " " + b + " " + c;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char b[64];
  std::strftime(b, sizeof b, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return b;
}

// An executable named `name` (a path, or searched in PATH), or "".
std::string find_program(const std::string& name) {
  if (name.empty()) return {};
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

// key=value lines (the protocol between the runner and its children).
using Record = std::map<std::string, std::string>;
Record parse_record(const std::string& text) {
  Record r;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq != std::string::npos) r[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return r;
}
double num(const Record& r, const std::string& key, double fallback = 0) {
  const auto it = r.find(key);
  if (it == r.end()) return fallback;
  try {
    return std::stod(it->second);
  } catch (const std::exception&) {
    return fallback;
  }
}

// Every puzzle of a file, through the library's reader (9x9 and large).
std::vector<Grid> read_puzzles(const std::string& path, std::size_t* bad = nullptr) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  PuzzleReader reader(in, path);
  std::vector<Grid> out;
  while (auto entry = reader.next()) {
    if (auto* g = std::get_if<Grid>(&entry->content)) out.push_back(std::move(*g));
    else if (bad) ++*bad;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Preparing the samples

struct Prepared {
  const Collection* collection = nullptr;
  std::string path;        // the sample, one 81-symbol line per puzzle
  std::string warm_path;   // warm-up puzzles (other transforms), same format
  std::size_t count = 0;   // puzzles in the sample
  std::size_t total = 0;   // puzzles in the collection
};

// In a child: read, sample, transform, write.  Returns "count=..\ntotal=..".
std::string prepare(const Config& config, const Collection& col, std::size_t want, const std::string& path,
                    const std::string& warm_path) {
  std::vector<Grid> all = read_puzzles(config.data + "/" + col.file);
  std::erase_if(all, [](const Grid& g) { return g.size() != 9; });
  if (all.empty()) throw std::runtime_error(std::string("no 9x9 puzzle in ") + col.file);
  // One stream per collection, so that filtering collections changes nothing.
  std::uint64_t h = config.seed;
  for (const char* p = col.name; *p; ++p) h = h * 1099511628211ULL + static_cast<unsigned char>(*p);
  SplitMix rng(h);
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  rng.shuffle(order);
  const std::size_t n = want == 0 ? all.size() : std::min(want, all.size());
  auto transformed = [&](const Grid& g) {
    return config.no_transform ? g : Symmetry::random(g.geometry(), rng).apply(g);
  };
  std::ofstream out(path), warm(warm_path);
  for (std::size_t i = 0; i < n; ++i) out << format_line(transformed(all[order[i]])) << '\n';
  // Warm-up: puzzles after the sample when there are any, else the sample's
  // first ones under another transform (always another transform unless
  // --no-transform).
  const std::size_t warm_count = std::min<std::size_t>(100, all.size());
  for (std::size_t i = 0; i < warm_count; ++i) {
    const std::size_t k = n + i < all.size() ? order[n + i] : order[i % n];
    warm << format_line(transformed(all[k])) << '\n';
  }
  out.close();
  warm.close();
  if (!out || !warm) throw std::runtime_error("cannot write " + path);
  return "count=" + std::to_string(n) + "\ntotal=" + std::to_string(all.size()) + "\n";
}

// ---------------------------------------------------------------------------
// Validation

struct Expect {
  bool multiple = false;  // the collection's puzzles have >= 2 solutions
};

// Why `r` is a wrong answer for `puzzle` asked for up to `limit` solutions,
// or "".
std::string check_result(const Grid& puzzle, const Result& r, std::uint64_t limit, Expect expect) {
  if (r.status != Status::solved) return "status " + std::string(to_string(r.status)) + " " + r.message;
  if (r.solutions.empty() || r.solutions.size() > limit) return "wrong number of solutions";
  for (std::size_t a = 0; a < r.solutions.size(); ++a) {
    if (auto v = verify(puzzle, r.solutions[a])) return v->describe(puzzle.geometry());
    for (std::size_t b = 0; b < a; ++b)
      if (r.solutions[a] == r.solutions[b]) return "solutions not distinct";
  }
  const std::size_t want = expect.multiple ? std::min<std::uint64_t>(2, limit) : 1;
  if (r.solutions.size() != want) return std::to_string(r.solutions.size()) + " solutions, expected " + std::to_string(want);
  if (!expect.multiple && limit >= 2 && !r.exhausted) return "unique, but the search was not exhausted";
  return {};
}

// Parses "<81 symbols>" into a grid of the puzzle's shape, or nullopt.
std::optional<Grid> parse_solution(const Grid& puzzle, const std::string& text) {
  std::istringstream in(text);
  ReadOptions options;
  options.format = InputFormat::line;
  options.box = puzzle.geometry().box();
  PuzzleReader reader(in, "output", options);
  auto entry = reader.next();
  if (!entry) return std::nullopt;
  if (auto* g = std::get_if<Grid>(&entry->content); g && g->size() == puzzle.size()) return *g;
  return std::nullopt;
}

enum class OutputKind {
  satdoku_line,   // satdoku solve -o line -k 1: one solution line per puzzle
  minisat_print,  // minisat_peer --print: "<count> <solution or ->"
  qqwing_count,   // qqwing --solve --count-solutions --one-line
  satdoku_check,  // satdoku check (text): "SOURCE:LINE VERDICT SOLUTION [SOLUTION ...]"
};

// In a child: validates a whole-process run's output.  "valid=K\ninvalid=M\nfirst=why".
std::string validate_output(const std::string& puzzles_path, const std::string& output_path, OutputKind kind,
                            std::uint64_t limit, Expect expect) {
  const std::vector<Grid> puzzles = read_puzzles(puzzles_path);
  std::ifstream in(output_path);
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  std::size_t valid = 0, invalid = 0;
  std::string first;
  auto fail = [&](std::size_t i, const std::string& why) {
    ++invalid;
    if (first.empty()) first = "puzzle " + std::to_string(i + 1) + ": " + why;
  };
  if (kind == OutputKind::satdoku_line) {
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (i >= lines.size()) { fail(i, "no output line"); continue; }
      auto g = parse_solution(puzzles[i], lines[i]);
      if (!g) { fail(i, "not a solution: " + lines[i].substr(0, 40)); continue; }
      if (auto v = verify(puzzles[i], *g)) { fail(i, v->describe(puzzles[i].geometry())); continue; }
      ++valid;
    }
  } else if (kind == OutputKind::minisat_print) {
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (i >= lines.size()) { fail(i, "no output line"); continue; }
      std::istringstream s(lines[i]);
      int count = -1;
      std::string solution;
      s >> count >> solution;
      const int want = expect.multiple ? static_cast<int>(std::min<std::uint64_t>(2, limit)) : 1;
      if (count != want) { fail(i, "count " + std::to_string(count) + ", expected " + std::to_string(want)); continue; }
      auto g = parse_solution(puzzles[i], solution);
      if (!g) { fail(i, "not a solution"); continue; }
      if (auto v = verify(puzzles[i], *g)) { fail(i, v->describe(puzzles[i].geometry())); continue; }
      ++valid;
    }
  } else if (kind == OutputKind::qqwing_count) {
    // Per puzzle: a solution line (81 digits) then a count message.
    std::size_t i = 0;
    for (std::size_t k = 0; k < lines.size() && i < puzzles.size(); ++k) {
      const std::string& l = lines[k];
      if (l.size() == 81 && std::all_of(l.begin(), l.end(), [](char ch) { return ch >= '1' && ch <= '9'; })) {
        const std::string message = k + 1 < lines.size() ? lines[k + 1] : "";
        auto g = parse_solution(puzzles[i], l);
        const bool unique = message.find("unique") != std::string::npos;
        if (!g) fail(i, "not a solution");
        else if (auto v = verify(puzzles[i], *g)) fail(i, v->describe(puzzles[i].geometry()));
        else if (unique == expect.multiple) fail(i, "count message: " + message);
        else ++valid;
        ++i;
        ++k;
      } else {
        fail(i, "unexpected line: " + l.substr(0, 40));
        ++i;
      }
    }
    for (; i < puzzles.size(); ++i) fail(i, "no answer");
  } else {
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (i >= lines.size()) { fail(i, "no output line"); continue; }
      std::istringstream s(lines[i]);
      std::string where, verdict, a, b;
      s >> where >> verdict >> a >> b;
      const std::string want = expect.multiple ? "multiple" : "unique";
      if (verdict != want) { fail(i, "verdict " + verdict + ", expected " + want); continue; }
      std::string why;
      for (const std::string* text : {&a, &b}) {
        if (text == &b && !expect.multiple) break;
        auto g = parse_solution(puzzles[i], *text);
        if (!g) why = "not a solution: " + text->substr(0, 40);
        else if (auto v = verify(puzzles[i], *g)) why = v->describe(puzzles[i].geometry());
        if (!why.empty()) break;
      }
      if (why.empty() && expect.multiple && a == b) why = "the two solutions are the same";
      if (!why.empty()) { fail(i, why); continue; }
      ++valid;
    }
  }
  return "valid=" + std::to_string(valid) + "\ninvalid=" + std::to_string(invalid) + "\nfirst=" + first + "\n";
}

// ---------------------------------------------------------------------------
// In-process rows (the library, one thread)

struct LibraryRow {
  std::string backend;          // "native", "native-general", "sat"
  std::optional<SatChoice> sat;
  std::uint64_t limit = 1;
  bool matrix = false;          // on the matrix sample (matrix_size)
  std::string configuration() const { return sat ? sat->str() : "-"; }
};

std::vector<LibraryRow> library_rows(const Config& config, bool with_matrix) {
  std::vector<LibraryRow> rows;
  rows.push_back({"native", std::nullopt, 2, false});
  if (config.mode == Mode::smoke) {
    rows.push_back({"sat", default_sat_choice(9), 2, false});
    SatChoice fresh = default_sat_choice(9);
    fresh.mode = SatMode::fresh;
    fresh.reduction = Reduction::clues;
    rows.push_back({"sat", fresh, 1, false});
    return rows;
  }
  rows.push_back({"native", std::nullopt, 1, false});
  rows.push_back({"native-general", std::nullopt, 2, false});
  const SatChoice base = default_sat_choice(9);
  rows.push_back({"sat", base, 1, false});
  rows.push_back({"sat", base, 2, false});
  if (!with_matrix || config.no_matrix) return rows;
  // The matrix, derived from the tables: each encoding, each mode, each AMO
  // method, each reduction, one change from the default at a time.
  for (const EncodingInfo& e : encodings()) {
    if (e.encoding == base.encoding) continue;
    SatChoice c = base;
    c.encoding = c.instance_encoding = e.encoding;  // what naming the encoding does
    rows.push_back({"sat", c, 1, true});
  }
  for (SatMode m : {SatMode::fresh, SatMode::incremental, SatMode::hybrid}) {
    if (m == base.mode) continue;
    SatChoice c = base;
    c.mode = m;
    if (m != SatMode::hybrid) c.reduction = Reduction::none;  // incremental ignores it
    rows.push_back({"sat", c, 1, true});
  }
  for (const AmoMethodInfo& a : amo_methods()) {
    if (a.method == base.amo) continue;
    SatChoice c = base;
    c.amo = a.method;
    rows.push_back({"sat", c, 1, true});
  }
  for (Reduction r : {Reduction::clues, Reduction::propagate}) {
    SatChoice c = base;
    c.mode = SatMode::fresh;  // the reduction applies to fresh instances
    c.reduction = r;
    rows.push_back({"sat", c, 1, true});
  }
  return rows;
}

// In a child: the measurement of one library row.
std::string measure_library(const LibraryRow& row, const Prepared& prep, std::size_t count, double min_seconds) {
  std::vector<Grid> puzzles = read_puzzles(prep.path);
  if (puzzles.size() > count) puzzles.erase(puzzles.begin() + static_cast<std::ptrdiff_t>(count), puzzles.end());
  const std::vector<Grid> warm = read_puzzles(prep.warm_path);
  std::unique_ptr<Solver> solver;
  if (row.backend == "native") solver = make_native_solver();
  else if (row.sat) {
    SatConfig sc;
    // A named encoding serves both roles; two encodings are the defaults'.
    if (row.sat->encoding == row.sat->instance_encoding) sc.encoding = row.sat->encoding;
    sc.amo = row.sat->amo;
    sc.reduction = row.sat->reduction;
    sc.mode = row.sat->mode;
    solver = make_sat_solver(sc);
  }
  Limits limits;
  limits.max_solutions = row.limit;
  auto solve = [&](const Grid& p) {
    return solver ? solver->solve(p, limits) : native_detail::solve_general(p, limits);
  };
  for (const Grid& p : warm) (void)solve(p);

  const Expect expect{prep.collection->multiple};
  std::vector<Result> results;
  results.reserve(puzzles.size());
  double total = 0;
  std::size_t passes = 0, solved = 0, invalid = 0;
  std::uint64_t search = 0, no_search = 0, conflicts = 0;
  std::string first;
  do {
    results.clear();
    const auto start = Clock::now();
    for (const Grid& p : puzzles) results.push_back(solve(p));
    total += std::chrono::duration<double>(Clock::now() - start).count();
    // Validation and statistics, outside the timed region.
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const Result& r = results[i];
      const std::string why = check_result(puzzles[i], r, row.limit, expect);
      if (!why.empty()) {
        ++invalid;
        if (first.empty()) first = "puzzle " + std::to_string(i + 1) + ": " + why;
      } else {
        ++solved;
      }
      if (passes == 0) {
        search += row.sat ? r.stats.conflicts : r.stats.guesses;
        conflicts += r.stats.conflicts;
        no_search += r.stats.by_propagation ? 1 : 0;
      }
    }
    ++passes;
  } while (total < min_seconds);
  const double n = static_cast<double>(puzzles.size());
  std::ostringstream out;
  out << "puzzles=" << puzzles.size() << "\npasses=" << passes << "\nseconds=" << total
      << "\nrate=" << n * static_cast<double>(passes) / total << "\nsearch=" << static_cast<double>(search) / n
      << "\nconflicts=" << static_cast<double>(conflicts) / n << "\nno_search=" << 100.0 * static_cast<double>(no_search) / n
      << "\nvalid=" << solved << "\ninvalid=" << invalid << "\nfirst=" << first << "\n";
  return out.str();
}

struct LibraryFigure {
  std::string collection;
  LibraryRow row;
  ChildOutcome outcome;
  Record record;
};

// ---------------------------------------------------------------------------
// Whole-process rows

struct ProcessFigure {
  std::string collection;
  std::string label;          // "satdoku solve -j1", "minisat_peer --limit 1", ...
  std::string command;        // as a shell would show it
  std::size_t puzzles = 0;
  ChildOutcome best;          // the fastest run
  int runs = 0;
  Record validation;
  bool ran() const { return best.ok() || (best.started && !best.timed_out && best.signal == 0 && best.exit_code >= 0 && best.exit_code <= 1); }
  // Ran to the end and every answer validated.
  bool valid() const { return ran() && num(validation, "invalid") == 0 && num(validation, "valid") > 0; }
  double rate() const { return best.seconds > 0 && ran() ? static_cast<double>(puzzles) / best.seconds : 0; }
};

std::string shell_join(const std::vector<std::string>& argv) {
  std::string s;
  for (const std::string& a : argv) {
    if (!s.empty()) s += ' ';
    s += fs::path(a).filename() == a || a[0] == '-' ? a : fs::path(a).filename().string();
  }
  return s;
}

// ---------------------------------------------------------------------------
// The run

class Runner {
 public:
  explicit Runner(Config config) : c_(std::move(config)) {}
  int run();

 private:
  void log(const std::string& text) { std::cerr << "satdoku_bench: " << text << std::endl; }
  bool selected(const Collection& col) const;
  std::optional<Prepared> prepare_collection(const Collection& col);
  void run_library(const Prepared& prep, bool with_matrix);
  // One whole-process program of a collection.
  struct ProcessJob {
    std::string label;
    std::vector<std::string> argv;
    OutputKind kind;
    std::uint64_t limit;
  };
  void run_processes(const Prepared& prep, const std::vector<ProcessJob>& jobs);
  void run_peers(const Prepared& prep);
  void run_large();
  void evaluate_targets();
  std::string markdown() const;
  void write_results(const std::string& md);

  const ProcessFigure* process(const std::string& collection, const std::string& label) const {
    for (const ProcessFigure& p : processes_)
      if (p.collection == collection && p.label == label) return &p;
    return nullptr;
  }
  const LibraryFigure* library(const std::string& collection, const std::string& backend, std::uint64_t limit) const {
    for (const LibraryFigure& l : library_)
      if (l.collection == collection && l.row.backend == backend && l.row.limit == limit) return &l;
    return nullptr;
  }

  struct Target {
    std::string name;
    std::string measured;   // "123,456 puzzles/s" or "4.2x (A / B)"
    std::string required;
    std::string verdict;    // PASS, MISS, n/a
  };
  struct LargeFigure {
    std::string file;
    int n = 0;
    int clues = 0;
    ProcessFigure solve, solve_nocheck, encode, cadical;
    std::string ratio, verdict, note;
  };

  Config c_;
  std::string tmp_;
  std::string satdoku_, peer_, qqwing_, cadical_;
  bool has_check_ = false;
  bool peers_ = false;
  long floor_kb_ = 0;
  std::string load_start_, load_end_, started_at_;
  double elapsed_ = 0;
  std::vector<LibraryFigure> library_;
  std::vector<ProcessFigure> processes_;
  std::vector<LargeFigure> large_;
  std::vector<Target> targets_;
  std::vector<std::string> notes_;
  bool failed_ = false;
};

bool Runner::selected(const Collection& col) const {
  if (c_.mode == Mode::smoke && c_.collections.empty()) return col.smoke;
  if (c_.collections.empty()) return true;
  std::istringstream in(c_.collections);
  std::string name;
  while (std::getline(in, name, ','))
    if (name == col.name) return true;
  return false;
}

std::optional<Prepared> Runner::prepare_collection(const Collection& col) {
  Prepared prep;
  prep.collection = &col;
  prep.path = tmp_ + "/" + col.name + ".txt";
  prep.warm_path = tmp_ + "/" + col.name + ".warm.txt";
  const std::size_t want = sample_size(c_, col);
  const ChildOutcome o = run_function([&] { return prepare(c_, col, want, prep.path, prep.warm_path); }, c_.timeout);
  const Record r = parse_record(o.output);
  if (!o.ok()) {
    log(std::string("cannot prepare ") + col.name + ": " + o.describe() + " " + o.output);
    failed_ = true;
    return std::nullopt;
  }
  prep.count = static_cast<std::size_t>(num(r, "count"));
  prep.total = static_cast<std::size_t>(num(r, "total"));
  return prep;
}

void Runner::run_library(const Prepared& prep, bool with_matrix) {
  for (const LibraryRow& row : library_rows(c_, with_matrix)) {
    const std::size_t count = row.matrix ? std::min(prep.count, matrix_size(c_)) : prep.count;
    LibraryFigure f{prep.collection->name, row, {}, {}};
    f.outcome = run_function([&] { return measure_library(row, prep, count, min_time(c_)); }, c_.timeout * 5);
    f.record = parse_record(f.outcome.output);
    if (!f.outcome.ok() || num(f.record, "invalid") > 0) {
      failed_ = true;
      log(std::string(prep.collection->name) + " " + row.backend + " " + row.configuration() + ": " +
          f.outcome.describe() + " " + (f.record.count("first") ? f.record.at("first") : f.outcome.output));
    }
    log(std::string(prep.collection->name) + " " + row.backend + " " + row.configuration() + " limit " +
        std::to_string(row.limit) + ": " + grouped(num(f.record, "rate")) + " puzzles/s");
    library_.push_back(std::move(f));
  }
}

void Runner::run_processes(const Prepared& prep, const std::vector<ProcessJob>& jobs) {
  const std::string out = tmp_ + "/out.txt", err = tmp_ + "/err.txt";
  std::vector<ProcessFigure> figures(jobs.size());
  std::vector<bool> stopped(jobs.size(), false);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    ProcessFigure& f = figures[j];
    f.collection = prep.collection->name;
    f.label = jobs[j].label;
    f.command = shell_join(jobs[j].argv) + " < " + std::string(prep.collection->name) + ".sample";
    f.puzzles = prep.count;
    (void)bench::run_program(jobs[j].argv, prep.warm_path, "", "", c_.timeout);  // warm-up
  }
  // Rounds over all programs (A B C, A B C, ...), so that a change in the
  // machine's load hits every program alike; the best run of each is kept.
  for (int round = 0; round < repeats(c_); ++round) {
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      if (stopped[j]) continue;
      ProcessFigure& f = figures[j];
      const ChildOutcome o = bench::run_program(jobs[j].argv, prep.path, out, err, c_.timeout);
      ++f.runs;
      const bool finished = o.started && !o.timed_out && o.signal == 0 && (o.exit_code == 0 || o.exit_code == 1);
      if (round == 0 || (finished && o.seconds < f.best.seconds)) {
        f.best = o;
        const Expect expect{prep.collection->multiple};
        const ChildOutcome v = run_function(
            [&] { return validate_output(prep.path, out, jobs[j].kind, jobs[j].limit, expect); }, c_.timeout);
        f.validation = parse_record(v.output);
        if (!f.valid()) {
          log(f.collection + " " + f.label + ": " + o.describe() + " " +
              (f.validation.count("first") ? f.validation.at("first") : "") + " " + read_text(err).substr(0, 300));
        }
      }
      if (!finished) stopped[j] = true;  // a failure or a timeout is not repeated
    }
  }
  for (ProcessFigure& f : figures) {
    if (!f.valid() && !f.best.timed_out) failed_ = true;
    log(f.collection + " " + f.label + ": " + grouped(f.rate()) + " puzzles/s, " + mib(f.best.max_rss_kb) + " MiB");
    processes_.push_back(std::move(f));
  }
}

void Runner::run_peers(const Prepared& prep) {
  const std::string name = prep.collection->name;
  const bool solve_target = name == "17_clue" || name == "top1465" || name == "forum_hardest_11plus";
  const bool check_target = solve_target || name == "serg_multi";
  const bool qq_target = name == "17_clue" || name == "top1465" || name == "qqwing_1000";
  std::vector<ProcessJob> jobs;
  if (solve_target) {
    jobs.push_back({"satdoku solve -j1", {satdoku_, "solve", "-j1", "-o", "line"}, OutputKind::satdoku_line, 1});
    if (name == "17_clue")
      jobs.push_back({"satdoku solve -j2", {satdoku_, "solve", "-j2", "-o", "line"}, OutputKind::satdoku_line, 1});
    if (!peer_.empty())
      jobs.push_back({"minisat_peer --limit 1", {peer_, "--limit", "1", "--print"}, OutputKind::minisat_print, 1});
  }
  if (check_target) {
    if (has_check_) jobs.push_back({"satdoku check -j1", {satdoku_, "check", "-j1"}, OutputKind::satdoku_check, 2});
    if (!peer_.empty())
      jobs.push_back({"minisat_peer --limit 2", {peer_, "--limit", "2", "--print"}, OutputKind::minisat_print, 2});
  }
  if (qq_target && !qqwing_.empty())
    jobs.push_back({"qqwing --count-solutions", {qqwing_, "--solve", "--count-solutions", "--one-line"},
                    OutputKind::qqwing_count, 2});
  if (!jobs.empty()) run_processes(prep, jobs);
}

// ---------------------------------------------------------------------------
// Large boards

void Runner::run_large() {
  struct Board {
    int n;
    int clues;
    std::string path;
    bool operator<(const Board& o) const { return n != o.n ? n < o.n : path < o.path; }
  };
  std::vector<Board> files;
  const std::string dir = c_.data + "/large";
  if (!fs::is_directory(dir)) {
    notes_.push_back("no folder " + dir + ": large boards skipped");
    return;
  }
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    const std::string path = e.path().string();
    const ChildOutcome o = run_function(
        [&] {
          std::size_t bad = 0;
          const auto grids = read_puzzles(path, &bad);
          if (grids.size() != 1 || bad) throw std::runtime_error("not one puzzle");
          return "n=" + std::to_string(grids[0].size()) + "\nclues=" + std::to_string(grids[0].clue_count()) + "\n";
        },
        c_.timeout);
    const Record r = parse_record(o.output);
    if (!o.ok()) {
      notes_.push_back(e.path().filename().string() + ": unreadable (" + o.output + ")");
      failed_ = true;
      continue;
    }
    const int n = static_cast<int>(num(r, "n"));
    if (n <= large_max(c_)) files.push_back({n, static_cast<int>(num(r, "clues")), path});
  }
  std::sort(files.begin(), files.end());
  for (const Board& board : files) {
    const std::string& path = board.path;
    LargeFigure f;
    f.file = fs::path(path).filename().string();
    f.n = board.n;
    f.clues = board.clues;
    const std::string out = tmp_ + "/large.out", err = tmp_ + "/large.err", cnf = tmp_ + "/large.cnf";
    auto timed = [&](const std::string& label, const std::vector<std::string>& argv, const std::string& stdout_path) {
      ProcessFigure p;
      p.collection = f.file;
      p.label = label;
      p.command = shell_join(argv);
      p.puzzles = 1;
      p.best = bench::run_program(argv, "", stdout_path, err, c_.timeout);
      p.runs = 1;
      if (!p.best.timed_out && !p.best.started) failed_ = true;
      // Runs under a second are repeated (best of up to five): the small
      // boards take milliseconds, where one run says little.  The first
      // run's output is the one validated; a repeat that ends differently is
      // reported.  (cadical exits with 10 on a model.)
      auto finished = [](const bench::ChildOutcome& o) {
        return o.started && !o.timed_out && o.signal == 0 && (o.exit_code == 0 || o.exit_code == 10);
      };
      const std::string again_path = stdout_path.empty() ? "" : stdout_path + ".again";
      while (finished(p.best) && p.best.seconds < 1.0 && p.runs < 5) {
        const bench::ChildOutcome again = bench::run_program(argv, "", again_path, err, c_.timeout);
        ++p.runs;
        if (!finished(again) || again.exit_code != p.best.exit_code) {
          notes_.push_back(f.file + ": a repeat of `" + p.command + "` ended with " + again.describe());
          failed_ = true;
          break;
        }
        if (again.seconds < p.best.seconds) p.best = again;
      }
      return p;
    };
    auto validate = [&](const std::function<std::string()>& body) {
      return parse_record(run_function(body, c_.timeout).output);
    };
    f.solve = timed("satdoku solve", {satdoku_, "solve", "-j1", "-o", "line", path}, out);
    if (f.solve.best.ok())
      f.solve.validation = validate([&] { return validate_output(path, out, OutputKind::satdoku_line, 1, {}); });
    // Without the reference (skipped when the default timed out: it would too).
    if (!f.solve.best.timed_out)
      f.solve_nocheck = timed("satdoku solve --no-cross-check",
                              {satdoku_, "solve", "-j1", "-o", "line", "--no-cross-check", path}, out);
    if (f.solve_nocheck.best.ok())
      f.solve_nocheck.validation = validate([&] { return validate_output(path, out, OutputKind::satdoku_line, 1, {}); });
    if (!cadical_.empty()) {
      f.encode = timed("satdoku encode",
                       {satdoku_, "encode", "--encoding", "extended", "--amo", "pairwise", "--reduce", "clues", "-q",
                        "-o", cnf, path},
                       "");
      if (f.encode.best.ok()) {
        f.cadical = timed("cadical -q", {cadical_, "-q", cnf}, out);
        if (f.cadical.best.started && f.cadical.best.exit_code == 10) {
          f.cadical.validation = validate([&] {
            std::ifstream header_in(cnf), answer_in(out);
            auto header = read_cnf_header(header_in, cnf);
            if (!std::holds_alternative<CnfHeader>(header))
              return std::string("valid=0\ninvalid=1\nfirst=unreadable CNF header\n");
            auto answer = read_solver_output(answer_in, out, std::get<CnfHeader>(header).variables);
            if (!std::holds_alternative<SolverAnswer>(answer))
              return std::string("valid=0\ninvalid=1\nfirst=unreadable solver answer\n");
            const Decoded d = decode(std::get<CnfHeader>(header), std::get<SolverAnswer>(answer).model);
            const Grid puzzle = read_puzzles(path).at(0);
            const auto v = d.problems.empty() ? verify(puzzle, d.grid) : std::nullopt;
            const bool ok = d.problems.empty() && !v;
            return std::string("valid=") + (ok ? "1" : "0") + "\ninvalid=" + (ok ? "0" : "1") + "\nfirst=" +
                   (ok ? "" : v ? v->describe(puzzle.geometry()) : "cells without one digit") + "\n";
          });
        }
      }
      std::error_code ec;
      fs::remove(cnf, ec);
    }
    // Verdict: satdoku at least 2x faster than encode + cadical; 400x400
    // within 20 s and 2 GiB.
    const bool solve_ok = f.solve.best.ok() && num(f.solve.validation, "valid") == 1;
    const bool peer_ok = f.encode.best.ok() && f.cadical.best.exit_code == 10 && num(f.cadical.validation, "valid") == 1;
    const bool peer_timeout = f.encode.best.timed_out || f.cadical.best.timed_out;
    const double peer_seconds = f.encode.best.seconds + f.cadical.best.seconds;
    bool pass = false;
    bool undecided = false;
    if (!solve_ok) {
      f.ratio = "-";
      if (f.solve.best.timed_out) f.note = peer_timeout ? "both TIMEOUT" : "satdoku TIMEOUT";
      else f.note = "satdoku " + f.solve.best.describe();
      if (f.solve.best.started && !f.solve.best.timed_out && !f.solve.validation.empty() && num(f.solve.validation, "invalid") > 0)
        failed_ = true;
    } else if (peer_ok) {
      const double ratio = peer_seconds / f.solve.best.seconds;
      f.ratio = fixed(ratio, 2) + "x";
      pass = ratio >= 2;
    } else if (peer_timeout) {
      // The peer's time is only bounded by the timeout: so is the ratio.
      const double bound = peer_seconds / f.solve.best.seconds;
      f.ratio = ">= " + fixed(bound, 2) + "x";
      pass = bound >= 2;
      undecided = !pass;
      if (undecided) f.note = "peer TIMEOUT: the ratio is only bounded";
    } else {
      f.ratio = "-";
      f.note = "peer failed";
    }
    if (cadical_.empty()) f.note = "no cadical";
    if (f.n == 400) {
      const bool fits = solve_ok && f.solve.best.seconds <= 20 && f.solve.best.max_rss_kb <= 2L * 1024 * 1024;
      if (!fits && solve_ok) f.note += (f.note.empty() ? "" : "; ") + std::string("400x400 over 20 s / 2 GiB");
      pass = pass && fits;
    }
    f.verdict = cadical_.empty() || (undecided && f.n != 400) ? "n/a" : pass ? "PASS" : "MISS";
    log(f.file + ": satdoku " + f.solve.best.describe() + " " + fixed(f.solve.best.seconds, 2) + " s, encode+cadical " +
        fixed(peer_seconds, 2) + " s (" + f.cadical.best.describe() + "), " + f.verdict);
    large_.push_back(std::move(f));
  }
}

// ---------------------------------------------------------------------------
// Targets

void Runner::evaluate_targets() {
  auto ratio_target = [&](const std::string& name, const ProcessFigure* a, const ProcessFigure* b, double need,
                          const std::string& why_missing) {
    Target t{name, "-", fixed(need, 1) + "x", "n/a"};
    if (!a || !b) {
      t.measured = why_missing;
    } else if (!a->valid() || !b->valid()) {
      t.measured = "wrong answers or a failed run (" + a->best.describe() + " / " + b->best.describe() + "; see the rows)";
      t.verdict = "MISS";
    } else if (a->rate() > 0 && b->rate() > 0) {
      const double r = a->rate() / b->rate();
      t.measured = fixed(r, 2) + "x (" + grouped(a->rate()) + " / " + grouped(b->rate()) + " puzzles/s)";
      t.verdict = r >= need ? "PASS" : "MISS";
    } else {
      t.measured = "no rate (" + a->best.describe() + " / " + b->best.describe() + ")";
      t.verdict = "MISS";
    }
    targets_.push_back(t);
  };
  // Native, single thread, count up to 2 on 17_clue.
  if (const LibraryFigure* nat = library("17_clue", "native", 2)) {
    const double rate = num(nat->record, "rate");
    const bool ok = nat->outcome.ok() && num(nat->record, "invalid") == 0;
    targets_.push_back({"native, count <= 2, 17_clue: puzzles/s (in process)", grouped(rate) + " puzzles/s",
                        ">= 100,000", ok && rate >= 100000 ? "PASS" : "MISS"});
    if (const ProcessFigure* qq = process("17_clue", "qqwing --count-solutions")) {
      Target t{"native vs `qqwing --solve --count-solutions`, 17_clue", "-", ">= 10.0x", "MISS"};
      if (qq->valid() && qq->rate() > 0 && num(nat->record, "invalid") == 0) {
        const double r = rate / qq->rate();
        t.measured = fixed(r, 1) + "x (" + grouped(rate) + " / " + grouped(qq->rate()) + " puzzles/s)";
        t.verdict = r >= 10 ? "PASS" : "MISS";
      }
      targets_.push_back(t);
    }
  }
  if (!peers_) return;  // --smoke, --no-peers: the library targets only
  const std::string no_peer = peer_.empty() ? "no minisat_peer" : "not run";
  for (const char* col : {"17_clue", "top1465", "forum_hardest_11plus"})
    ratio_target(std::string("`satdoku solve -j1` vs `minisat_peer --limit 1`, ") + col,
                 process(col, "satdoku solve -j1"), process(col, "minisat_peer --limit 1"), 3, no_peer);
  ratio_target("`satdoku solve -j2` vs `-j1`, 17_clue", process("17_clue", "satdoku solve -j2"),
               process("17_clue", "satdoku solve -j1"), 1.8, "not run");
  const std::string no_check = has_check_ ? "not run" : "no `satdoku check` command yet";
  for (const char* col : {"17_clue", "top1465", "forum_hardest_11plus", "serg_multi"})
    ratio_target(std::string("`satdoku check -j1` vs `minisat_peer --limit 2`, ") + col,
                 process(col, "satdoku check -j1"), process(col, "minisat_peer --limit 2"), 3,
                 has_check_ ? no_peer : no_check);
  for (const char* col : {"17_clue", "top1465"})
    ratio_target(std::string("`satdoku check -j1` vs `qqwing --count-solutions`, ") + col,
                 process(col, "satdoku check -j1"), process(col, "qqwing --count-solutions"), 3,
                 !has_check_ ? no_check : qqwing_.empty() ? "no qqwing" : "not run");
  for (const LargeFigure& l : large_)
    targets_.push_back({"large: `satdoku solve` vs encode + cadical, " + l.file, l.ratio,
                        l.n == 400 ? ">= 2x, <= 20 s, <= 2 GiB" : ">= 2x", l.verdict});
  // Targets without their rows become n/a lines, so that nothing is hidden.
  for (Target& t : targets_)
    if (t.measured.empty()) t.measured = "-";
}

// ---------------------------------------------------------------------------
// Markdown

std::string Runner::markdown() const {
  std::ostringstream md;
  md << "<!-- BEGIN satdoku_bench: generated by benchmarks/satdoku_bench; edit the program, not this section -->\n";
  md << "## Benchmark runner: satdoku against its peers, one run\n\n";
  md << "Refresh this section with one command from the repository root (it builds `satdoku`, the runner\n"
        "and the MiniSat peer in `build-bench/` and rewrites only this section):\n\n```\n"
     << c_.command << "\n```\n\n";
  md << "| | |\n|---|---|\n";
  md << "| date | " << started_at_ << " |\n";
  md << "| machine | " << cpu_model() << ", " << sysconf(_SC_NPROCESSORS_ONLN) << " cores |\n";
  md << "| load average (1/5/15 min) | " << load_start_ << " at the start, " << load_end_ << " at the end |\n";
  md << "| compiler | " << SATDOKU_BENCH_COMPILER << " |\n";
  md << "| build type | " << SATDOKU_BENCH_BUILD_TYPE << " (`" << SATDOKU_BENCH_FLAGS << "`) |\n";
  md << "| mode | " << (c_.mode == Mode::full ? "full" : c_.mode == Mode::quick ? "quick" : "smoke") << ", seed "
     << c_.seed << ", " << (c_.no_transform ? "no transforms" : "a random symmetry of every 9x9 puzzle")
     << ", minimum run time " << fixed(min_time(c_), 2) << " s per library row, best of " << repeats(c_)
     << " whole-process runs, timeout " << fixed(c_.timeout, 0) << " s |\n";
  md << "| total time | " << fixed(elapsed_, 0) << " s |\n\n";
  md << "The machine is shared with other builds: rates vary by tens of percent from run to run, the\n"
        "ratios within one run are the figures to trust.  Peak RSS is `ru_maxrss` of the child that ran the\n"
        "measurement; it includes what the child shared with the runner at fork time (runner: "
     << mib(floor_kb_) << " MiB).\n\n";

  md << "### Targets\n\n| target | measured | required | result |\n|---|---|---|---|\n";
  for (const Target& t : targets_) md << "| " << t.name << " | " << t.measured << " | " << t.required << " | **" << t.verdict << "** |\n";
  md << "\n";

  md << "### Whole processes on the same input\n\n"
        "Every program reads the same sample file (one puzzle per line) on standard input and writes its\n"
        "answers to a file; the time is fork to exit.  Every answer is validated afterwards (solutions\n"
        "verified, counts or verdicts against the data README).\n\n"
        "| collection | program | puzzles | best s | puzzles/s | peak RSS MiB | valid answers | status |\n"
        "|---|---|---|---|---|---|---|---|\n";
  for (const ProcessFigure& p : processes_) {
    md << "| " << p.collection << " | `" << p.label << "` | " << grouped(static_cast<double>(p.puzzles)) << " | "
       << fixed(p.best.seconds, 3) << " | " << grouped(p.rate()) << " | " << mib(p.best.max_rss_kb) << " | "
       << (p.validation.count("valid") ? grouped(num(p.validation, "valid")) : "-")
       << (num(p.validation, "invalid") > 0 ? " (" + grouped(num(p.validation, "invalid")) + " wrong)" : "") << " | "
       << p.best.describe() << " |\n";
  }
  md << "\nCommands (stdin: the sample of the collection): ";
  std::map<std::string, std::string> commands;
  for (const ProcessFigure& p : processes_) commands[p.label] = p.command.substr(0, p.command.find(" <"));
  bool first = true;
  for (const auto& [label, command] : commands) {
    md << (first ? "" : "; ") << "`" << command << "`";
    first = false;
  }
  md << ".\n\n";

  md << "### Library rows (in process, one thread)\n\n"
        "Puzzles parsed before timing; warm-up on other puzzles; the sample solved again and again until the\n"
        "minimum run time.  *search*: mean guesses per puzzle (native) or CaDiCaL conflicts (sat: CaDiCaL\n"
        "1.5.3 has no getter for its decision count); *no search*: answered by propagation alone (for sat,\n"
        "only the reductions of `hybrid` and `--reduce propagate` can tell).  Configuration:\n"
        "encoding/amo/reduction/mode.\n\n"
        "| collection | backend | configuration | limit | puzzles | puzzles/s | us/puzzle | search | no search | peak RSS MiB | valid |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const LibraryFigure& l : library_) {
    const double rate = num(l.record, "rate");
    md << "| " << l.collection << " | " << l.row.backend << " | " << l.row.configuration() << " | " << l.row.limit
       << " | " << grouped(num(l.record, "puzzles")) << " | " << (l.outcome.ok() ? grouped(rate) : l.outcome.describe())
       << " | " << (rate > 0 ? fixed(1e6 / rate, 1) : "-") << " | " << fixed(num(l.record, "search"), 2) << " | "
       << fixed(num(l.record, "no_search"), 1) << "% | " << mib(l.outcome.max_rss_kb) << " | "
       << (num(l.record, "invalid") > 0 ? "**" + grouped(num(l.record, "invalid")) + " wrong**" : "all") << " |\n";
  }
  md << "\n";

  if (!large_.empty()) {
    md << "### Large boards\n\n"
          "`satdoku solve -j1 -o line FILE` (defaults: cross-check with the native reference, which runs\n"
          "beside CaDiCaL and gives up 10 ms after the answer) and the\n"
          "same with `--no-cross-check`, against\n"
          "`satdoku encode --encoding extended --amo pairwise --reduce clues -q -o FILE.cnf FILE` followed by\n"
          "`cadical -q FILE.cnf` (the two times added, peak of the two).  Ratio: encode+cadical time over\n"
          "`satdoku solve` time.  A command that takes under a second runs up to five times, best kept.\n"
          "Every answer is validated (cadical's model decoded through the CNF header).\n\n"
          "| board | clues | solve s | RSS MiB | --no-cross-check s | RSS MiB | encode s | cadical s | RSS MiB | ratio | result |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|\n";
    auto cell = [](const ProcessFigure& p) {
      if (!p.best.started && p.runs == 0) return std::string("-");
      if (p.best.timed_out) return std::string("TIMEOUT");
      return fixed(p.best.seconds, 3) + (p.best.ok() || p.best.exit_code == 10 ? "" : " (" + p.best.describe() + ")");
    };
    for (const LargeFigure& l : large_) {
      md << "| " << l.file << " (" << l.n << "x" << l.n << ") | " << grouped(l.clues) << " | " << cell(l.solve) << " | "
         << mib(l.solve.best.max_rss_kb) << " | " << cell(l.solve_nocheck) << " | " << mib(l.solve_nocheck.best.max_rss_kb)
         << " | " << cell(l.encode) << " | " << cell(l.cadical) << " | "
         << mib(std::max(l.encode.best.max_rss_kb, l.cadical.best.max_rss_kb)) << " | " << l.ratio << " | **" << l.verdict
         << "**" << (l.note.empty() ? "" : " (" + l.note + ")") << " |\n";
    }
    md << "\n";
  }
  if (!notes_.empty()) {
    md << "Notes:\n\n";
    for (const std::string& n : notes_) md << "- " << n << "\n";
    md << "\n";
  }
  md << "<!-- END satdoku_bench -->\n";
  return md.str();
}

void Runner::write_results(const std::string& md) {
  const std::string path = c_.results;
  std::string old = read_text(path);
  const std::string begin = "<!-- BEGIN satdoku_bench";
  const std::string end = "<!-- END satdoku_bench -->\n";
  std::string text;
  const auto b = old.find(begin);
  const auto e = old.find(end);
  if (b != std::string::npos && e != std::string::npos && e > b) text = old.substr(0, b) + md + old.substr(e + end.size());
  else text = old + (old.empty() || old.ends_with("\n\n") ? "" : old.ends_with("\n") ? "\n" : "\n\n") + md;
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + temp);
  }
  fs::rename(temp, path);
  log("wrote " + path);
}

int Runner::run() {
  const auto start = Clock::now();
  started_at_ = utc_now();
  load_start_ = load_average();
  floor_kb_ = self_max_rss_kb();
  tmp_ = c_.tmp.empty() ? (fs::temp_directory_path() / ("satdoku_bench." + std::to_string(getpid()))).string() : c_.tmp;
  fs::create_directories(tmp_);

  satdoku_ = find_program(c_.satdoku);
  const bool peers = !c_.no_peers && c_.mode != Mode::smoke;
  peers_ = peers;
  if (peers) {
    if (satdoku_.empty()) throw UsageError("no satdoku binary at " + c_.satdoku + " (--satdoku)");
    peer_ = find_program(c_.minisat_peer);
    qqwing_ = find_program(c_.qqwing);
    cadical_ = find_program(c_.cadical);
    // A results file is not rewritten with a peer's rows missing (the
    // section it replaces may hold them): scripts/bench.sh builds the
    // MiniSat peer and names it; --no-write prints the section only.
    const bool writes = c_.mode != Mode::smoke && !c_.no_write && !c_.results.empty();
    const std::pair<const std::string*, std::string> needed[] = {
        {&peer_, "the MiniSat peer (--minisat-peer " + (c_.minisat_peer.empty() ? "not given" : c_.minisat_peer) +
                     "; scripts/bench.sh builds and names it)"},
        {&qqwing_, "qqwing (--qqwing " + c_.qqwing + ")"},
        {&cadical_, "cadical (--cadical " + c_.cadical + ")"}};
    for (const auto& [found, what] : needed)
      if (writes && found->empty())
        throw UsageError("cannot find " + what + ": its rows would be missing from " + c_.results +
                         " (--no-write prints the section without them)");
    if (peer_.empty()) notes_.push_back("no MiniSat peer (--minisat-peer): its rows are missing");
    if (qqwing_.empty()) notes_.push_back("no qqwing in PATH: its rows are missing");
    if (cadical_.empty()) notes_.push_back("no cadical in PATH: large-board comparison missing");
    has_check_ = bench::run_program({satdoku_, "check", "--help"}, "", "", "", 30).ok();
    if (!has_check_) notes_.push_back("`satdoku check` does not exist yet in this build: its targets are n/a");
  }

  bool first_collection = true;
  for (const Collection& col : kCollections) {
    if (!selected(col)) continue;
    const auto prep = prepare_collection(col);
    if (!prep) continue;
    log(std::string(col.name) + ": " + std::to_string(prep->count) + " of " + std::to_string(prep->total) + " puzzles");
    // The configuration matrix runs on every collection in full mode, on the
    // first one in quick mode.
    run_library(*prep, c_.mode == Mode::full || first_collection);
    first_collection = false;
    if (peers) run_peers(*prep);
  }
  if (peers && !c_.no_large) run_large();
  evaluate_targets();
  load_end_ = load_average();
  elapsed_ = std::chrono::duration<double>(Clock::now() - start).count();

  const std::string md = markdown();
  std::cout << md;
  if (c_.mode != Mode::smoke && !c_.no_write && !c_.results.empty()) write_results(md);
  if (c_.tmp.empty()) {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
  return failed_ ? 1 : 0;
}

}  // namespace
}  // namespace satdoku::bench

int main(int argc, char** argv) {
  using satdoku::bench::Config;
  using satdoku::bench::Mode;
  Config config;
  bool quick = false, full = false, smoke = false;
  po::options_description options(
      "satdoku_bench - satdoku's backends and configurations against the peers, on the same puzzles\n\n"
      "usage: satdoku_bench [--quick | --full | --smoke] [OPTIONS]\n\nOptions");
  options.add_options()
      ("help,h", "this help")
      ("quick", po::bool_switch(&quick), "seconds: small samples, the matrix on one collection, boards up to 25x25;\n"
                                         "prints Markdown, writes --results only when given")
      ("full", po::bool_switch(&full), "minutes (the default): whole collections (forum_hardest: 5,000), every "
                                       "board; writes --results (default benchmarks/RESULTS.md)")
      ("smoke", po::bool_switch(&smoke), "a few puzzles, library rows only, no peers, no file written (CTest)")
      ("data", po::value(&config.data)->default_value(config.data), "the shared data folder")
      ("satdoku", po::value(&config.satdoku)->default_value(config.satdoku), "the satdoku CLI")
      ("minisat-peer", po::value(&config.minisat_peer), "the MiniSat peer binary (built by scripts/bench.sh)")
      ("qqwing", po::value(&config.qqwing)->default_value(config.qqwing), "qqwing binary")
      ("cadical", po::value(&config.cadical)->default_value(config.cadical), "cadical binary")
      ("seed", po::value(&config.seed)->default_value(config.seed), "seed of the samples and transforms")
      ("no-transform", po::bool_switch(&config.no_transform), "the puzzles as in the files (still sampled)")
      ("min-time", po::value(&config.min_time), "minimum seconds per library row (default: quick 0.1, full 1)")
      ("repeat", po::value(&config.repeat), "whole-process runs per row, best kept (default: quick 1, full 3)")
      ("timeout", po::value(&config.timeout)->default_value(config.timeout), "seconds per program run")
      ("sample", po::value(&config.sample), "puzzles per collection (default: by mode)")
      ("collections", po::value(&config.collections), "comma-separated names (default: all)")
      ("large-max", po::value(&config.large_max), "largest N of the large boards (default: quick 25, full all)")
      ("no-peers", po::bool_switch(&config.no_peers), "library rows only (no programs, no large boards)")
      ("no-large", po::bool_switch(&config.no_large), "skip the large boards")
      ("no-matrix", po::bool_switch(&config.no_matrix), "only the default SAT configuration")
      ("results", po::value(&config.results), "Markdown file whose runner section is replaced")
      ("no-write", po::bool_switch(&config.no_write), "do not write --results")
      ("command", po::value(&config.command), "the command shown in the Markdown (default: this one)")
      ("tmp", po::value(&config.tmp), "keep the samples and outputs in this folder");
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << options << "\nExit code: 0 all answers valid, 1 a wrong answer or a failed program, 2 usage.\n";
      return 0;
    }
    if (quick + full + smoke > 1) throw po::error("give one of --quick, --full, --smoke");
    config.mode = smoke ? Mode::smoke : quick ? Mode::quick : Mode::full;
    if (config.mode == Mode::full && !vm.count("results")) config.results = SATDOKU_BENCH_RESULTS;
    if (config.command.empty()) {
      for (int i = 0; i < argc; ++i) config.command += (i ? " " : "") + std::string(argv[i]);
    }
    satdoku::bench::Runner runner(config);
    return runner.run();
  } catch (const po::error& e) {
    std::cerr << "satdoku_bench: " << e.what() << "\n" << options;
    return 2;
  } catch (const satdoku::UsageError& e) {
    std::cerr << "satdoku_bench: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "satdoku_bench: " << e.what() << "\n";
    return 1;
  }
}
