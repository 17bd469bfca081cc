#include "test_fault.hpp"

#include <array>
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

struct FaultName {
  std::string_view name;
  TestFault fault;
};

constexpr std::array<FaultName, 6> kFaults{{{"wrong-digit", TestFault::wrong_digit},
                                            {"no-solution", TestFault::no_solution},
                                            {"one-solution", TestFault::one_solution},
                                            {"repeat-solution", TestFault::repeat_solution},
                                            {"needed-as-redundant", TestFault::needed_as_redundant},
                                            {"wrong-witness", TestFault::wrong_witness}}};

TestFault read_test_fault() {
  const char* value = std::getenv("SATDOKU_TEST_FAULT");
  const std::string_view name = value ? value : "";
  if (name.empty()) return TestFault::none;
  std::string choices;
  for (const FaultName& f : kFaults) {
    if (f.name == name) return f.fault;
    choices += choices.empty() ? "" : ", ";
    choices += f.name;
  }
  throw UsageError("SATDOKU_TEST_FAULT: unknown fault '" + std::string(name) + "' (choose from " + choices + ")");
}

}  // namespace

TestFault test_fault() {
  static const TestFault fault = read_test_fault();  // an unknown name throws at every call
  return fault;
}

std::unique_ptr<Solver> with_test_fault(std::unique_ptr<Solver> backend) {
  switch (const TestFault fault = test_fault()) {
    case TestFault::wrong_digit:
    case TestFault::no_solution:
    case TestFault::one_solution:
    case TestFault::repeat_solution: return std::make_unique<FaultyBackend>(std::move(backend), fault);
    case TestFault::none:
    case TestFault::needed_as_redundant:
    case TestFault::wrong_witness: break;
  }
  return backend;
}

void spoil_clue_analysis(ClueAnalysis& analysis, const Grid& solution) {
  if (analysis.needed.empty()) return;
  switch (test_fault()) {
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
