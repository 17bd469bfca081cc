// The memory guard: an estimate of what a SAT formula will take, made from
// the encoding table before anything is built, and a Solver wrapper that
// refuses a puzzle whose formula would exceed the budget (--max-memory).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "satdoku/sat_backend.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::cli {

// Physical memory of the machine in bytes (0 when unknown).
std::uint64_t physical_memory();
// The default --max-memory: half the physical memory (4 GiB when unknown).
std::uint64_t default_max_memory();
// "512M", "4G", "1.5G", "2048K", "1T" (powers of 1024) or plain bytes;
// throws UsageError naming the option when malformed or zero.
std::uint64_t parse_memory_size(std::string_view text);
// The budget --max-memory gives: parse_memory_size(text), or
// default_max_memory() when the option was not given (empty).
std::uint64_t memory_budget(std::string_view text);
// "41.3 GiB", "512.0 MiB", "900 bytes".
std::string format_bytes(std::uint64_t bytes);
// Two sizes written so that they read apart when they differ: one decimal,
// or up to three where one would round both alike, or else in bytes
// ("2.001 GiB" against "2.000 GiB", not "2.0 GiB" against "2.0 GiB").
std::pair<std::string, std::string> format_bytes_apart(std::uint64_t a, std::uint64_t b);

// Upper bound of the memory CaDiCaL needs for the formula of an N x N board
// under `choice`, from encoding_size() of the empty board (clues and
// reductions only make it smaller): per variable, per clause (header and
// two watches) and per literal.  Also the size of the formula itself.
struct MemoryEstimate {
  std::uint64_t bytes = 0;
  std::uint64_t variables = 0;
  std::uint64_t clauses = 0;
};
MemoryEstimate sat_memory_estimate(const Geometry& geometry, const SatChoice& choice);
// What `encode` holds while writing the same formula with
// `choice.reduction` (encode's own, not the backend's): the encoder's state
// (a byte per variable), what the reduction holds of its own (per cell, and
// with propagation its counters and queue), and the larger of the text
// formatted in memory for formulas of up to 2^20 clauses (larger ones are
// streamed) and, for Reduction::probe, the formula the probing holds (here
// the empty board's, twice: as clauses and as watches).
MemoryEstimate encode_memory_estimate(const Geometry& geometry, const SatChoice& choice);

// The primary variables (cell, digit) the clues leave open: the digits of
// each empty cell that no clue among its peers holds, as many as an Encoder
// with Reduction::clues leaves unfixed when the clues do not clash, counted
// with a bit set per unit instead (sudoku-100-1: that encoder took 40 of the
// 725 million instructions of a solve).
std::uint64_t open_after_clues(const Grid& puzzle);

// compare and proof (check --proof's whole formula): as solve, without
// --backend to suggest; clues (check --minimal's instance, the whole rules):
// --amo commander to suggest instead (the native backend, the other way to
// analyse clues, never finishes a count from 64x64 on).
enum class MemoryUse { solve, encode, compare, proof, clues };

// nullopt when `puzzle` fits `budget` bytes under `choice`; else the
// message.  When the empty-board bound exceeds the budget and the choice
// reduces the formula by the clues (mode fresh with a reduction, or hybrid),
// the reduction is run first, as the backend would, when that itself fits
// the budget (about 2 bytes per primary variable and 32 per candidate the
// clues leave open): a puzzle it settles needs no formula.  In mode fresh with propagation the bound is first
// scaled by the fraction of primary variables the clues leave open (cheap,
// and an upper bound); if that does not fit and there is a clue, the
// FreshFormula the backend would build is counted.  Running out of memory
// while estimating leaves the bound standing.  For MemoryUse::encode with
// Reduction::probe, a puzzle whose propagation fits the budget has the
// formula the probing holds counted after the propagation.  The message: "the extended/product/propagate formula of a 400x400
// board needs up to 52.1 GiB (64000000 variables, ... clauses), more than
// the 11.6 GiB that --max-memory allows; ..." (`what` names the budget).
std::optional<std::string> memory_refusal(const Grid& puzzle, const SatChoice& choice,
                                          std::uint64_t budget, std::string_view what = "--max-memory",
                                          MemoryUse use = MemoryUse::solve);

// How a refusal names a worker's share of --max-memory: "--max-memory", or
// "--max-memory (4.0 GiB shared by 2 workers)".
std::string worker_budget_name(std::uint64_t budget, unsigned workers);

// Wraps the SAT backend: solve() first checks memory_refusal() for the
// puzzle (with config.resolve(N)) and answers Status::unknown (a limit
// reached) with the message instead of building the formula.  budget 0: no
// guard (returns `inner`).  With `workers` > 1 each worker gets budget /
// workers, and the message says so.
std::unique_ptr<Solver> guard_memory(std::unique_ptr<Solver> inner, const SatConfig& config,
                                     std::uint64_t budget, unsigned workers = 1);

}  // namespace satdoku::cli
