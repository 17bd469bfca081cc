// micro - Google Benchmark micro-benchmarks of satdoku's hot paths:
//   parsing a puzzle line, encoding a 9x9 puzzle (per encoding), writing
//   DIMACS, one native solve, one incremental SAT solve.
//
//   build-bench/benchmarks/micro [--benchmark_filter=REGEX] [--benchmark_min_time=0.5]
//
// The puzzles are fixed lines of the 17-clue collection (hard-coded here, so
// the program needs no data folder).  These are figures, never tests.
#include <benchmark/benchmark.h>

#include <sstream>
#include <string>
#include <vector>

#include "satdoku/dimacs.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/io.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/solver.hpp"

namespace {

// The first lines of 17_clue.txt (each has one solution).
const char* const kLines[] = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
};

std::vector<satdoku::Grid> puzzles() {
  std::vector<satdoku::Grid> out;
  for (const char* line : kLines) {
    std::istringstream in(line);
    satdoku::PuzzleReader reader(in, "micro");
    auto entry = reader.next();
    if (!entry || !std::holds_alternative<satdoku::Grid>(entry->content)) std::abort();
    out.push_back(std::get<satdoku::Grid>(entry->content));
  }
  return out;
}

// Parsing: a stream of 1,000 lines through the reader, per line.
void BM_parse_line(benchmark::State& state) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text.append(kLines[i % 4]).push_back('\n');
  for (auto _ : state) {
    std::istringstream in(text);
    satdoku::PuzzleReader reader(in, "micro");
    std::size_t n = 0;
    while (auto entry = reader.next()) n += entry->index;
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_parse_line);

// Encoding one 9x9 puzzle into a clause buffer, per encoding of the table.
void BM_encode(benchmark::State& state) {
  const auto& info = satdoku::encodings()[static_cast<std::size_t>(state.range(0))];
  const auto grids = puzzles();
  state.SetLabel(std::string(info.name));
  satdoku::ClauseBuffer buffer;
  std::size_t i = 0;
  for (auto _ : state) {
    buffer.clear();
    satdoku::EncodeOptions options;
    options.encoding = info.encoding;
    satdoku::Encoder encoder(grids[i++ % grids.size()], options);
    benchmark::DoNotOptimize(encoder.emit(buffer));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_encode)->DenseRange(0, static_cast<int>(satdoku::encodings().size()) - 1);

// Writing the whole DIMACS file of one 9x9 puzzle (extended, pairwise) to memory.
void BM_write_dimacs(benchmark::State& state) {
  const auto grids = puzzles();
  satdoku::EncodeOptions options;
  options.encoding = satdoku::Encoding::extended;
  std::size_t i = 0, bytes = 0;
  for (auto _ : state) {
    std::ostringstream out;
    satdoku::write_dimacs(grids[i++ % grids.size()], options, out);
    bytes += out.view().size();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_write_dimacs);

// One native solve, counting up to 2 solutions.
void BM_native_solve(benchmark::State& state) {
  const auto grids = puzzles();
  auto solver = satdoku::make_native_solver();
  satdoku::Limits limits;
  limits.max_solutions = 2;
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(solver->solve(grids[i++ % grids.size()], limits));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_native_solve);

// One incremental SAT solve (extended, pairwise, no reduction), first solution.
void BM_sat_incremental_solve(benchmark::State& state) {
  const auto grids = puzzles();
  satdoku::SatConfig config;
  config.encoding = satdoku::Encoding::extended;
  config.amo = satdoku::AmoMethod::pairwise;
  config.reduction = satdoku::Reduction::none;
  config.mode = satdoku::SatMode::incremental;
  auto solver = satdoku::make_sat_solver(config);
  satdoku::Limits limits;
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(solver->solve(grids[i++ % grids.size()], limits));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_sat_incremental_solve);

}  // namespace

BENCHMARK_MAIN();
