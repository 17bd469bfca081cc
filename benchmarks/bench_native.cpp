// bench_native - throughput of the native solver on a file of 9x9 puzzles.
//
//   bench_native [--limit K] [--repeat R] [--engine native|general] FILE
//
// FILE holds one puzzle per line (81 symbols, 1-9 digits, '.' or '0'
// blank); lines starting with '#' and empty lines are skipped.  The lines are
// parsed before timing, so the timed region is the solver alone, including
// building every Result.  After a warm-up pass over the first 1,000 puzzles,
// every puzzle is solved with max_solutions = K, R times; the fastest pass
// is reported.  Outside the timed region every answer is validated: status
// solved, at most K solutions, all distinct, all passing satdoku::verify, and
// the search exhausted whenever fewer than K were found.
// `--engine general` runs the general engine (any N) instead of the front
// end, to compare it with the 9x9 engine.  Exit code 0 when every answer
// validates, 1 otherwise, 2 on a usage error.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../solver/src/native_internal.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"
#include "satdoku/solver.hpp"
#include "satdoku/verify.hpp"

namespace {

int usage(const char* why) {
  std::cerr << "bench_native: " << why
            << "\nusage: bench_native [--limit K] [--repeat R] [--engine native|general] FILE\n";
  return 2;
}

bool parse_line(const std::string& line, const std::shared_ptr<const satdoku::Geometry>& g,
                satdoku::Grid& grid) {
  if (line.size() < 81) return false;
  for (int cell = 0; cell < 81; ++cell) {
    const char ch = line[static_cast<std::size_t>(cell)];
    if (ch >= '1' && ch <= '9') grid.set(cell, ch - '0');
    else if (ch == '.' || ch == '0') grid.set(cell, 0);
    else return false;
  }
  (void)g;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t limit = 2;
  int repeat = 1;
  std::string engine = "native";
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--limit" || arg == "--repeat" || arg == "--engine") && i + 1 < argc) {
      const std::string value = argv[++i];
      try {
        if (arg == "--limit") limit = std::stoull(value);
        else if (arg == "--repeat") repeat = std::stoi(value);
        else engine = value;
      } catch (const std::exception&) {
        return usage(("bad value for " + arg).c_str());
      }
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      return usage(("unexpected argument " + arg).c_str());
    }
  }
  if (path.empty()) return usage("no puzzle file");
  if (limit == 0 || repeat < 1) return usage("--limit and --repeat must be at least 1");
  if (engine != "native" && engine != "general") return usage("--engine is native or general");

  std::ifstream in(path);
  if (!in) return usage(("cannot open " + path).c_str());
  const auto geometry = satdoku::Geometry::shared(9);
  std::vector<satdoku::Grid> puzzles;
  std::string line;
  std::size_t line_number = 0, skipped = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    satdoku::Grid grid(geometry);
    if (parse_line(line, geometry, grid)) puzzles.push_back(std::move(grid));
    else ++skipped;
  }
  if (puzzles.empty()) return usage("no 9x9 puzzle in the file");

  const auto solver = satdoku::make_native_solver();
  satdoku::Limits limits;
  limits.max_solutions = limit;
  auto solve = [&](const satdoku::Grid& p) {
    return engine == "general" ? satdoku::native_detail::solve_general(p, limits) : solver->solve(p, limits);
  };

  // Warm-up.
  for (std::size_t i = 0; i < std::min<std::size_t>(1000, puzzles.size()); ++i) (void)solve(puzzles[i]);

  std::vector<satdoku::Result> results;
  results.reserve(puzzles.size());
  double best = 1e300;
  for (int pass = 0; pass < repeat; ++pass) {
    results.clear();
    const auto start = std::chrono::steady_clock::now();
    for (const auto& p : puzzles) results.push_back(solve(p));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, seconds);
  }

  // Validation, outside the timed region.
  std::size_t bad = 0, by_propagation = 0;
  std::vector<std::size_t> by_count(limit + 1, 0);
  std::uint64_t nodes = 0, guesses = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const satdoku::Result& r = results[i];
    nodes += r.stats.nodes;
    guesses += r.stats.guesses;
    by_propagation += r.stats.by_propagation ? 1 : 0;
    std::string problem;
    if (r.status != satdoku::Status::solved) problem = "status " + std::string(satdoku::to_string(r.status));
    else if (r.solutions.size() > limit) problem = "too many solutions";
    else if (r.solutions.size() < limit && !r.exhausted) problem = "fewer than the limit but not exhausted";
    for (std::size_t a = 0; problem.empty() && a < r.solutions.size(); ++a) {
      if (auto v = satdoku::verify(puzzles[i], r.solutions[a])) problem = v->describe(*geometry);
      for (std::size_t b = 0; problem.empty() && b < a; ++b)
        if (r.solutions[a] == r.solutions[b]) problem = "solutions not distinct";
    }
    if (!problem.empty()) {
      if (++bad <= 10) std::cerr << "puzzle " << i + 1 << ": " << problem << "\n";
      continue;
    }
    ++by_count[r.solutions.size()];
  }

  const double n = static_cast<double>(puzzles.size());
  std::printf("file            %s\n", path.c_str());
  std::printf("engine          %s\n", engine.c_str());
  std::printf("puzzles         %zu (%zu lines skipped)\n", puzzles.size(), skipped);
  std::printf("limit           %llu solutions\n", static_cast<unsigned long long>(limit));
  std::printf("best of         %d passes\n", repeat);
  std::printf("seconds         %.4f\n", best);
  std::printf("puzzles/s       %.0f\n", n / best);
  std::printf("us/puzzle       %.3f\n", 1e6 * best / n);
  std::printf("mean nodes      %.2f\n", static_cast<double>(nodes) / n);
  std::printf("mean guesses    %.2f\n", static_cast<double>(guesses) / n);
  std::printf("no guess        %.2f%%\n", 100.0 * static_cast<double>(by_propagation) / n);
  for (std::uint64_t k = 0; k <= limit; ++k)
    if (by_count[k]) std::printf("%s %llu solution(s): %zu\n", k == limit ? ">=" : "  ",
                                 static_cast<unsigned long long>(k), by_count[k]);
  std::printf("invalid answers %zu\n", bad);
  return bad == 0 ? 0 : 1;
}
