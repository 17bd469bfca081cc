// triads_9x9.hpp - the unit propagation of the `triads` encoding on a 9x9
// board, a whole digit at a time (internal to the encoder).
//
// The SAT backend propagates every 9x9 puzzle this way before it decides
// whether to call CaDiCaL at all, so this is the hottest loop of a batch of
// easy puzzles.  The result is exactly what unit propagation over the
// clauses of `triads` reaches (the fixpoint of unit propagation is unique,
// and tests/test_encoder.cpp compares both on every variable).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "satdoku/encoding.hpp"
#include "triad_numbering.hpp"

namespace satdoku::detail {

struct Triads9x9 {
  bool conflict = false;
  bool solved = false;               // every cell has its digit
  std::uint64_t fixed_primary = 0;   // cell variables assigned (true or false)
};

// The triads of a 9x9 board, numbered as the encoder numbers them
// (triad_numbering.hpp): the row triads, then the column triads.
inline constexpr TriadNumbering kTriadNumbering9x9{9, 3, 3};
inline constexpr int kTriads9x9 = static_cast<int>(kTriadNumbering9x9.triad_count());

// Propagates the clues (81 digits, 0 for an empty cell), then, with
// `failed_literals`, probes as Reduction::probe defines: each candidate of
// a cell with at most kProbeCellLimit candidates is assumed and propagated,
// and one whose propagation conflicts is false, to a fixpoint (the result is
// what the encoder's probing over the `triads` clauses reaches).  Unless it finds a conflict it
// fills, per cell, `open` (bit k: digit k+1 is not false) and
// `digit` (the true digit, 0 none), and per triad `triad_state` (+1 true,
// -1 false, 0 open).
Triads9x9 propagate_triads_9x9(std::span<const std::uint16_t, 81> clues, std::uint64_t* open, std::uint16_t* digit,
                               std::array<std::int8_t, kTriads9x9>& triad_state, bool failed_literals = false);

}  // namespace satdoku::detail
