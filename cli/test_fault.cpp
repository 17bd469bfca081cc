#include "test_fault.hpp"

#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "satdoku/error.hpp"

namespace satdoku::cli {
namespace {

class FaultyBackend final : public Solver {
 public:
  FaultyBackend(std::unique_ptr<Solver> inner, TestFault fault) : inner_(std::move(inner)), fault_(fault) {}

  std::string_view name() const override { return inner_->name(); }

  Result solve(const Grid& puzzle, const Limits& limits) override {
    Result r = inner_->solve(puzzle, limits);
    if (r.status != Status::solved) return r;
    switch (fault_) {
      case TestFault::none:
      case TestFault::needed_as_redundant:
      case TestFault::wrong_witness: break;
      case TestFault::wrong_digit: {
        Grid& first = r.solutions.front();
        for (int cell = 0; cell < puzzle.cell_count(); ++cell)
          if (puzzle.at(cell) == 0) {
            first.set(cell, first.at(cell) % puzzle.size() + 1);
            break;
          }
        break;
      }
      case TestFault::no_solution:
        r.status = Status::none;
        r.solutions.clear();
        r.exhausted = true;
        break;
      case TestFault::one_solution:
        r.solutions.erase(r.solutions.begin() + 1, r.solutions.end());
        r.exhausted = true;
        break;
      case TestFault::repeat_solution: {
        const Grid first = r.solutions.front();
        r.solutions.push_back(first);
        break;
      }
    }
    return r;
  }

 private:
  std::unique_ptr<Solver> inner_;
  TestFault fault_;
};

}  // namespace

TestFault test_fault_from_environment() {
  const char* value = std::getenv("SATDOKU_TEST_FAULT");
  const std::string_view name = value ? value : "";
  if (name.empty()) return TestFault::none;
  if (name == "wrong-digit") return TestFault::wrong_digit;
  if (name == "no-solution") return TestFault::no_solution;
  if (name == "one-solution") return TestFault::one_solution;
  if (name == "repeat-solution") return TestFault::repeat_solution;
  if (name == "needed-as-redundant") return TestFault::needed_as_redundant;
  if (name == "wrong-witness") return TestFault::wrong_witness;
  throw UsageError("SATDOKU_TEST_FAULT: unknown fault '" + std::string(name) +
                   "' (choose from wrong-digit, no-solution, one-solution, repeat-solution, needed-as-redundant, "
                   "wrong-witness)");
}

std::unique_ptr<Solver> with_test_fault(std::unique_ptr<Solver> backend) {
  const TestFault fault = test_fault_from_environment();
  if (fault == TestFault::none || fault == TestFault::needed_as_redundant || fault == TestFault::wrong_witness)
    return backend;
  return std::make_unique<FaultyBackend>(std::move(backend), fault);
}

void spoil_clue_analysis(ClueAnalysis& analysis, const Grid& solution) {
  if (analysis.needed.empty()) return;
  switch (test_fault_from_environment()) {
    case TestFault::needed_as_redundant:
      analysis.redundant.insert(analysis.redundant.begin(), analysis.needed.front());
      analysis.needed.erase(analysis.needed.begin());
      analysis.witnesses.erase(analysis.witnesses.begin());
      break;
    case TestFault::wrong_witness: analysis.witnesses.front() = solution; break;
    default: break;
  }
}

}  // namespace satdoku::cli
