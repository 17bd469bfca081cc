// native.cpp - the native reference solver: front end over the two engines.
//
// Checks the request, picks the 9x9 engine for 9x9 boards and the general
// engine otherwise, and measures the wall time of the call.
#include <chrono>
#include <memory>
#include <new>
#include <string>

#include "native_internal.hpp"
#include "satdoku/solver.hpp"

namespace satdoku {
namespace {

class NativeSolver final : public Solver {
 public:
  std::string_view name() const override { return "native"; }

  Result solve(const Grid& puzzle, const Limits& limits) override {
    const auto start = std::chrono::steady_clock::now();
    Result result;
    try {
      result = dispatch(puzzle, limits);
    } catch (const std::bad_alloc&) {
      result = error("out of memory");  // this puzzle's record says so; the batch goes on
    }
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

 private:
  static Result dispatch(const Grid& puzzle, const Limits& limits) {
    if (limits.max_solutions == 0) return error("max_solutions must be at least 1");
    // (A Grid holds digits 0..N only: Grid::set() refuses others.)
    const int n = puzzle.size();
    if (n == 9) return native_detail::solve_9x9(puzzle, limits);
    return native_detail::solve_general(puzzle, limits);
  }

  static Result error(std::string message) {
    Result result;
    result.status = Status::error;
    result.message = std::move(message);
    return result;
  }
};

}  // namespace

std::unique_ptr<Solver> make_native_solver() { return std::make_unique<NativeSolver>(); }

}  // namespace satdoku
