// The properties the fuzz targets check, one function per reader.  Each takes
// raw input bytes and returns an empty string when every property holds, else
// a description of the first violation.  The libFuzzer targets (fuzz_*.cpp)
// abort on a violation; tests/test_regressions.cpp runs the same checks on
// every saved finding and on the committed corpora.  An exception escaping a
// check is a finding too (readers report bad input as values).
#pragma once

#include <sstream>
#include <cstdint>
#include <string>
#include <string_view>

#include "satdoku/dimacs.hpp"
#include "satdoku/io.hpp"

namespace satdoku::fuzz {

// Boards larger than this are not decoded (slow, not wrong).
inline constexpr int kMaxDecodeSize = 64;
// The variable bound for solver output read without a CNF header.
inline constexpr std::uint64_t kWholeInputVariables = 1u << 20;

inline bool digits_in_range(const Grid& grid) {
  for (auto cell : grid.cells())
    if (cell > grid.size()) return false;
  return true;
}

// The puzzle reader in `format`: entries numbered 1, 2, ... in order, each a
// Grid with digits 0..N or a Diagnostic with a message and a line.
inline std::string check_reader(std::string_view data, InputFormat format) {
  std::istringstream in{std::string(data)};
  ReadOptions options;
  options.format = format;
  PuzzleReader reader(in, "fuzz", options);
  std::size_t index = 0;
  while (auto entry = reader.next()) {
    if (entry->index != ++index) return "entry " + std::to_string(entry->index) + " out of order";
    if (const auto* grid = std::get_if<Grid>(&entry->content)) {
      if (!digits_in_range(*grid)) return "entry " + std::to_string(index) + ": digit beyond N";
    } else {
      const auto& d = std::get<Diagnostic>(entry->content);
      if (d.message.empty()) return "entry " + std::to_string(index) + ": diagnostic without a message";
    }
  }
  return {};
}

// Read (auto-detected), write in every output format, read again: the same
// grid, and only it.  At most `max_grids` grids of the input are tried.
inline std::string check_roundtrip(std::string_view data, int max_grids = 4) {
  std::istringstream in{std::string(data)};
  PuzzleReader reader(in, "fuzz");
  int grids = 0;
  while (auto entry = reader.next()) {
    const auto* grid = std::get_if<Grid>(&entry->content);
    if (!grid) continue;
    const std::pair<const char*, std::string> written[] = {
        {"line", format_line(*grid) + "\n"},
        {"grid", format_grid(*grid)},
        {"tokens", format_tokens(*grid)},
        {"leetcode", format_leetcode(*grid) + "\n"}};
    for (const auto& [name, text] : written) {
      std::istringstream again(text);
      ReadOptions options;
      options.box = grid->geometry().box();
      PuzzleReader back(again, "again", options);
      auto first = back.next();
      const Grid* read = first ? std::get_if<Grid>(&first->content) : nullptr;
      if (!read) {
        const auto* d = first ? std::get_if<Diagnostic>(&first->content) : nullptr;
        return std::string("the ") + name + " output of entry " + std::to_string(entry->index) +
               " does not read back: " + (d ? d->str() : "no entry");
      }
      if (!(*read == *grid)) return std::string("the ") + name + " output reads back as another grid";
      if (back.next()) return std::string("the ") + name + " output reads back as several entries";
    }
    if (++grids == max_grids) break;
  }
  return {};
}

// The strict DIMACS reader: exactly the declared clauses, literals within +-V.
inline std::string check_dimacs(std::string_view data) {
  std::istringstream in{std::string(data)};
  auto result = read_dimacs(in, "fuzz.cnf");
  if (const auto* formula = std::get_if<CnfFormula>(&result)) {
    if (formula->clauses.size() != formula->declared_clauses) return "clause count differs from the p line";
    for (std::size_t i = 0; i < formula->clauses.size(); ++i)
      for (int lit : formula->clauses[i])
        if (lit == 0 || static_cast<std::uint64_t>(lit < 0 ? -static_cast<std::int64_t>(lit) : lit) > formula->variables)
          return "literal " + std::to_string(lit) + " outside +-V";
  } else if (std::get<Diagnostic>(result).message.empty()) {
    return "diagnostic without a message";
  }
  return {};
}

// What `satdoku decode` reads: a satdoku CNF header (up to the p line), then
// a solver's answer; when both read, the decoded grid has the header's shape
// and digits 0..N.  The solver-output reader also runs on the whole input.
inline std::string check_decode(std::string_view data) {
  {
    std::istringstream whole{std::string(data)};
    auto answer = read_solver_output(whole, "fuzz.out", kWholeInputVariables);
    if (const auto* d = std::get_if<Diagnostic>(&answer); d && d->message.empty())
      return "solver output: diagnostic without a message";
  }
  std::istringstream in{std::string(data)};
  auto header = read_cnf_header(in, "fuzz.cnf");
  const auto* cnf = std::get_if<CnfHeader>(&header);
  if (!cnf) {
    if (std::get<Diagnostic>(header).message.empty()) return "header: diagnostic without a message";
    return {};
  }
  if (!digits_in_range(cnf->puzzle)) return "header puzzle has a digit beyond N";
  if (const auto& solution = cnf->excluded) {  // a proof CNF's "c solution" line
    if (!(solution->geometry().box() == cnf->puzzle.geometry().box())) return "header solution has another shape";
    if (!digits_in_range(*solution)) return "header solution has a digit beyond N";
    for (int cell = 0; cell < solution->cell_count(); ++cell)
      if (!solution->at(cell)) return "header solution has an empty cell";
  }
  {
    // The clauses after the header, against an empty model (decode
    // --check-clauses): every clause is false, so any is a problem.
    std::istringstream body{std::string(data)};
    (void)read_cnf_header(body, "fuzz.cnf");
    const ClauseCheck check = check_model_clauses(body, "fuzz.cnf", *cnf, Model{});
    if (check.problem && check.problem->message.empty()) return "clause check: diagnostic without a message";
    if (check.clauses > cnf->clauses) return "clause check: more clauses than the p line declares";
    if (!check.problem && check.clauses != cnf->clauses) return "clause check: clauses missing, no problem said";
    if (check.clauses > 0 && !check.problem) return "clause check: an empty model satisfied a clause";
  }
  if (cnf->puzzle.size() > kMaxDecodeSize) return {};
  auto answer = read_solver_output(in, "fuzz.out", *cnf);
  const auto* solver = std::get_if<SolverAnswer>(&answer);
  if (!solver) return {};
  try {
    const Decoded decoded = decode(*cnf, solver->model);
    if (!(decoded.grid.geometry().box() == cnf->puzzle.geometry().box())) return "decoded grid has another shape";
    if (!digits_in_range(decoded.grid)) return "decoded grid has a digit beyond N";
  } catch (const UsageError& e) {
    // Grid::set refusing a digit is a decoding bug; other refusals are
    // options that do not fit the board (triads on rectangular boxes).
    if (std::string_view(e.what()).starts_with("Grid::set")) return "decoded grid has a digit beyond N";
  }
  return {};
}

}  // namespace satdoku::fuzz
