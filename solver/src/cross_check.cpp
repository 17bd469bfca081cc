#include "satdoku/cross_check.hpp"

#include <algorithm>

#include "satdoku/error.hpp"

namespace satdoku {

namespace {

// Every grid of `a` is in `b`.
bool contained(const std::vector<Grid>& a, const std::vector<Grid>& b) {
  const std::vector<const Grid*> sorted = sorted_grids(b);
  return std::all_of(a.begin(), a.end(), [&](const Grid& g) { return contains_grid(sorted, g); });
}

std::string count_text(const Result& r) {
  return std::string(to_string(r.status)) + " with " + std::to_string(r.solutions.size()) + " solution" +
         (r.solutions.size() == 1 ? "" : "s") + (r.exhausted ? "" : " (search not exhausted)");
}

}  // namespace

CrossCheck cross_check(const Result& answer, const Result& reference, std::uint64_t max_solutions) {
  // Results of one puzzle hold grids of one shape: each like the first.
  const Grid* first = nullptr;
  for (const auto* list : {&answer.solutions, &reference.solutions})
    for (const Grid& g : *list) {
      if (first == nullptr) first = &g;
      if (g.size() != first->size() || g.geometry().box() != first->geometry().box())
        throw UsageError("cross_check: solutions of a " + std::to_string(g.size()) + "x" + std::to_string(g.size()) +
                         " board (box " + g.geometry().box().str() + ") beside ones of a " +
                         std::to_string(first->size()) + "x" + std::to_string(first->size()) + " board (box " +
                         first->geometry().box().str() + "): the results are not of one puzzle");
    }
  CrossCheck check;
  auto disagree = [&](const std::string& what) {
    check.agree = false;
    check.message = what + ": answer " + count_text(answer) + ", reference " + count_text(reference);
    return check;
  };
  // An error, or a formula declined before any search, answers nothing.
  const auto answers_nothing = [](const Result& r) { return r.status == Status::error || r.refused; };
  if (answers_nothing(answer) || answers_nothing(reference)) {
    check.reference_gave_up = answers_nothing(reference);
    check.message = "not compared: " + (answers_nothing(reference) ? reference.message : answer.message);
    return check;
  }
  if ((answer.status == Status::invalid) != (reference.status == Status::invalid))
    return disagree("one found clashing clues, the other did not");
  if (answer.status == Status::invalid) return check;

  if (has_repeats(answer.solutions)) return disagree("the answer repeats a solution");
  const std::size_t found = answer.solutions.size(), known = reference.solutions.size();
  // An answer that claims to know every solution must hold each one the
  // reference found, whatever else happened to the reference.
  if (answer.exhausted && !contained(reference.solutions, answer.solutions))
    return disagree("the reference found a solution the answer does not have");
  if (reference.interrupted) {
    // The reference gave up: only what it did find can be held against the answer.
    check.reference_gave_up = true;
    check.message = "the reference gave up" + (reference.message.empty() ? "" : " (" + reference.message + ")");
    if (answer.exhausted && found < known) return disagree("the reference found more solutions");
    return check;
  }
  if (answer.interrupted && found < max_solutions) {
    // The answer gave up: its solutions must still be among the reference's
    // (all of them, when the reference's search was exhausted).
    if (found > known) return disagree("the answer found more solutions than exist");
    if (reference.exhausted && !contained(answer.solutions, reference.solutions))
      return disagree("the answer found a solution the reference does not have");
    return check;
  }
  if (found != std::min<std::size_t>(known, max_solutions)) return disagree("different numbers of solutions");
  // Only when the reference found no more than the answer was asked for are
  // both lists the complete set of solutions.
  if (reference.exhausted && known <= max_solutions &&
      !(contained(answer.solutions, reference.solutions) && contained(reference.solutions, answer.solutions)))
    return disagree("different solutions");
  return check;
}

}  // namespace satdoku
