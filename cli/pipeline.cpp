#include "pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <future>

#include "satdoku/cross_check.hpp"
#include "satdoku/error.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

namespace {
// Boards from this size on run the reference in a second thread.
constexpr int kConcurrentReferenceSize = 16;
}  // namespace

std::string backend_names() { return "sat, native"; }

std::unique_ptr<Solver> make_backend(const PipelineConfig& config) {
  if (config.backend == "sat") return make_sat_solver(config.sat);
  if (config.backend == "native") return make_native_solver();
  throw UsageError("unknown backend '" + config.backend + "' (choose from " + backend_names() + ")");
}

Pipeline::Pipeline(const PipelineConfig& config)
    : config_(config),
      backend_(make_backend(config)),
      reference_(config.cross_check && config.backend != "native" ? make_native_solver() : nullptr) {}

SolveRecord Pipeline::run(Entry&& entry) {
  SolveRecord record{std::move(entry), {}, {}, {}, {}, 0};
  const auto* puzzle = std::get_if<Grid>(&record.entry.content);
  if (!puzzle) {
    record.result.status = Status::error;
    return record;
  }
  // The reference runs beside the backend on large boards (it may need as
  // long), and after it on small ones (where a thread costs more than it).
  std::atomic<bool> stop_reference{false};
  Limits reference_limits = config_.reference_limits;
  reference_limits.max_solutions = config_.limits.max_solutions + 1;
  reference_limits.cancel = &stop_reference;
  const bool beside = puzzle->size() >= kConcurrentReferenceSize;
  std::future<Result> reference_run;
  if (reference_)
    reference_run = std::async(beside ? std::launch::async : std::launch::deferred,
                               [&] { return reference_->solve(*puzzle, reference_limits); });
  const auto start = std::chrono::steady_clock::now();
  record.result = backend_->solve(*puzzle, config_.limits);
  if (reference_ && beside) {
    // Grace period once the answer is in: a quarter of its time, at least 0.2 s.
    const auto spent = std::chrono::steady_clock::now() - start;
    const auto grace = std::max<std::chrono::steady_clock::duration>(spent / 4, std::chrono::milliseconds(200));
    if (reference_run.wait_for(grace) != std::future_status::ready) stop_reference = true;
  }
  auto stop_and_wait = [&] {
    if (reference_ && beside) {
      stop_reference = true;
      reference_run.wait();
    }
  };
  for (const Grid& solution : record.result.solutions)
    if (auto violation = verify(*puzzle, solution)) {
      stop_and_wait();
      record.problem = std::string(backend_->name()) + " answer fails verification: " +
                       violation->describe(puzzle->geometry()) +
                       (record.result.message.empty() ? "" : " (" + record.result.message + ")");
      return record;
    }
  if (reference_ && record.result.status != Status::error) {
    const Result reference = std::move(reference_run).get();
    const CrossCheck check = cross_check(record.result, reference, config_.limits.max_solutions);
    if (!check.agree) {
      record.problem = "the SAT answer and the native reference disagree: " + check.message;
      record.reference_solutions = reference.solutions;
    } else if (check.reference_gave_up) {
      record.reference_note = check.message;
    }
  }
  return record;
}

}  // namespace satdoku::cli
