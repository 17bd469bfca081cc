// satdoku/verify.hpp - independent check of a completed grid.
//
// verify() decides whether `solution` is a valid completion of `puzzle`:
// same shape, every cell filled with a digit 1..N, every unit holding each
// digit exactly once, and every clue of the puzzle kept.  It shares no code
// with the solvers or the encoders other than the board geometry, so that a
// bug there cannot hide itself here.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "satdoku/grid.hpp"

namespace satdoku {

struct Violation {
  enum class Kind {
    shape_mismatch,  // solution and puzzle differ in size or box shape
    empty_cell,      // `cell` is empty
    bad_digit,       // `cell` holds a value outside 1..N (no Grid can: Grid::set()
                     // refuses it; checked all the same, as verify() indexes by digit)
    duplicate,       // `digit` appears at `cell` and `other` in `unit`
    missing_digit,   // `digit` appears nowhere in `unit` (implied by no duplicate in N
                     // cells of 1..N: a second guard, never the first finding)
    clue_mismatch,   // `cell` holds `digit`, the puzzle's clue there is `other`
  };
  Kind kind;
  int cell = -1;
  int other = -1;  // second cell (duplicate) or the clue (clue_mismatch)
  int digit = 0;
  int unit = -1;

  // "row 3 holds 7 twice: r3c2 and r3c8", cells 1-based as people count.
  // `digit_text`, when given, writes each digit (as the input's alphabet
  // wrote it, say); by default its number.
  std::string describe(const Geometry& geometry, const std::function<std::string(int)>& digit_text = {}) const;
};

// nullopt when `solution` is a valid completion of `puzzle`, otherwise the
// first violation found (checks in the order of Violation::Kind).
std::optional<Violation> verify(const Grid& puzzle, const Grid& solution);

// "r3c8" (1-based).
std::string cell_name(const Geometry& geometry, int cell);

}  // namespace satdoku
