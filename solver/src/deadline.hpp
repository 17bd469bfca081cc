// The part of a puzzle's Limits that both backends watch alike: its time
// budget, counted from when the puzzle started, and the caller's cancel flag
// (internal to the solver library).  Each backend's budget adds its own
// count: conflicts in the SAT backend (budget.hpp), nodes in the native
// solver (native_internal.hpp).
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>

#include "limit_text.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::detail {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Deadline(const Limits& limits, Clock::time_point start = Clock::now()) : limits_(limits), start_(start) {}

  // "cancelled" or "the time limit of 2 s was reached" once the puzzle must
  // stop; nullopt until then (cancelled is said first).
  std::optional<std::string> passed() const {
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) return "cancelled";
    if (limits_.time_budget > 0 && seconds_left() <= 0) return time_limit_reached(limits_.time_budget);
    return std::nullopt;
  }

  // The time budget left (negative once spent); meaningful only with a
  // time budget (limits().time_budget > 0).
  double seconds_left() const {
    return limits_.time_budget - std::chrono::duration<double>(Clock::now() - start_).count();
  }

  const Limits& limits() const { return limits_; }

 private:
  const Limits& limits_;
  Clock::time_point start_;
};

}  // namespace satdoku::detail
