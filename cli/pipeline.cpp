#include "pipeline.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <future>
#include <iostream>
#include <limits>
#include <optional>
#include <system_error>
#include <thread>

#include "memory_guard.hpp"
#include "test_fault.hpp"
#include "satdoku/cross_check.hpp"
#include "satdoku/error.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

namespace {
// Boards from this size on run the reference in a second thread.
constexpr int kConcurrentReferenceSize = 16;
}  // namespace

std::string backend_names() { return "sat, native"; }

unsigned RunConfig::default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

void RunConfig::add_options(po::options_description& options) {
  options.add_options()
      ("timeout", po::value(&timeout)->default_value(timeout),
       "time budget per puzzle in seconds (0: none); a puzzle it stops before an answer is unknown")
      ("nodes", po::value(&node_budget)->default_value(node_budget),
       "native backend: search-node budget per puzzle (0: none)")
      ("cross-check", po::bool_switch(&cross_check), "compare every answer with the native reference (the default)")
      ("no-cross-check", po::bool_switch(&no_cross_check), "do not run the reference")
      ("reference-timeout", po::value(&reference_timeout)->default_value(reference_timeout),
       "time budget of the reference per puzzle in seconds (0: none); when it gives up,\n"
       "the answer is still verified and the record says so (not with --no-cross-check "
       "or --backend native, which run no reference)")
      ("jobs,j", po::value(&jobs)->default_value(jobs), "worker threads")
      ("quiet,q", po::bool_switch(&quiet), "no summary line on stderr")
      ("no-progress", po::bool_switch(&no_progress), "no progress line on a terminal");
}

namespace {

// Flushes standard output.  When a stream that was good fails there, what
// to say: "cannot write standard output: REASON after N puzzles (...)";
// else nullopt (a stream that failed before was reported where it failed).
std::optional<std::string> flush_failure(std::size_t records) {
  const bool was_good = std::cout.good();
  errno = 0;
  if (std::cout.flush() || !was_good) return std::nullopt;
  return "cannot write standard output" + errno_suffix(errno) + " after " + puzzles_text(records) +
         " (the records still buffered are lost)";
}

}  // namespace

bool flush_records(std::string_view command, std::size_t records) {
  if (const auto failure = flush_failure(records)) {
    std::cerr << "satdoku " << command << ": " << *failure << '\n';
    stdout_failure_reported();
  }
  return !std::cout.fail();
}

int finish_batch(std::string_view command, const BatchTotals& totals, const std::string& summary, bool quiet,
                 ExitCode code) {
  // The last records may still be buffered: their write can fail here.
  const std::optional<std::string> flush_failed = flush_failure(totals.records);
  if (!quiet) std::cerr << "satdoku " << command << ": " << summary << '\n';
  int result = static_cast<int>(code);
  if (totals.output_failed || flush_failed) {
    std::cerr << "satdoku " << command << ": ";
    if (totals.output_failed)
      std::cerr << "cannot write standard output" << errno_suffix(totals.output_error) << "; stopped after "
                << puzzles_text(totals.records)
                << (quiet ? " (" : " (the summary counts them all; ")
                << "their records from the failed write on are lost)\n";
    else
      std::cerr << *flush_failed << '\n';
    stdout_failure_reported();
    result = std::max(result, static_cast<int>(ExitCode::usage));
  } else if (totals.records == 0 && !totals.interrupted) {
    std::cerr << "satdoku " << command << ": warning: the input holds no puzzle\n";
  } else if (!totals.interrupted) {
    for (const std::string& name : totals.empty_inputs)
      std::cerr << "satdoku " << command << ": warning: " << name << " holds no puzzle\n";
  }
  if (totals.interrupted) {  // outranks every other code
    std::cerr << "satdoku " << command << ": interrupted after " << puzzles_text(totals.records) << '\n';
    return static_cast<int>(ExitCode::interrupted);
  }
  return result;
}

BatchOptions RunConfig::batch(const PipelineConfig& pipeline) const {
  BatchOptions options{.jobs = jobs, .progress = !no_progress && stderr_is_terminal(), .output = &std::cout, .stateful = {}};
  // Without it the batch has no blocks to keep and reads no entry ahead.
  if (may_keep_state(pipeline))
    options.stateful = [&pipeline](const Entry& entry) { return keeps_state(pipeline, entry); };
  return options;
}

bool may_keep_state(const PipelineConfig& config) {
  if (config.backend != "sat") return false;
  for (int n = 1; n <= Geometry::kMaxSize; ++n)
    if (sat_mode_for(config.sat, n, config.limits) != SatMode::fresh) return true;
  return false;
}

bool keeps_state(const PipelineConfig& config, const Entry& entry) {
  const auto* grid = std::get_if<Grid>(&entry.content);
  return grid && config.backend == "sat" && sat_mode_for(config.sat, grid->size(), config.limits) != SatMode::fresh;
}

void RunConfig::apply(PipelineConfig& pipeline) const {
  check_jobs(jobs);
  check_seconds("--timeout", timeout);
  check_seconds("--reference-timeout", reference_timeout);
  if (cross_check && no_cross_check) throw UsageError("give --cross-check or --no-cross-check, not both");
  // A budget for a reference that does not run would be ignored in silence.
  if (reference_timeout_given && no_cross_check)
    throw UsageError("--reference-timeout budgets the cross-check, which --no-cross-check turns off");
  if (reference_timeout_given && pipeline.backend == "native")
    throw UsageError("--reference-timeout budgets the cross-check, which --backend native has none of (its answers "
                     "are the reference's own)");
  if (node_budget > 0 && pipeline.backend == "sat")
    throw UsageError("--nodes budgets the native backend; the SAT backend takes --conflicts or --timeout");
  pipeline.limits.node_budget = node_budget;
  pipeline.limits.time_budget = timeout;
  pipeline.limits.cancel = &interrupt_flag();
  pipeline.cross_check = !no_cross_check;
  pipeline.reference_grace = !reference_timeout_given;
  pipeline.reference_limits.time_budget = reference_timeout;
}

std::string answer_problem(std::string_view backend, const Grid& puzzle, const Result& result, bool with_message) {
  for (const Grid& solution : result.solutions)
    if (auto violation = verify(puzzle, solution))
      return std::string(backend) + " answer fails verification: " + violation->describe(puzzle.geometry()) +
             (with_message && !result.message.empty() ? " (" + result.message + ")" : "");
  if (has_repeats(result.solutions)) return std::string(backend) + " returned the same solution twice";
  return "";
}

std::unique_ptr<Solver> make_backend(const PipelineConfig& config) {
  if (config.backend == "sat")
    return with_test_fault(guard_memory(make_sat_solver(config.sat), config.sat, config.max_memory, config.workers));
  if (config.backend == "native") return with_test_fault(make_native_solver());
  throw UsageError("unknown backend '" + config.backend + "' (choose from " + backend_names() + ")");
}

Pipeline::Pipeline(const PipelineConfig& config)
    : config_(config),
      backend_(make_backend(config)),
      reference_(config.cross_check && config.backend != "native" ? make_native_solver() : nullptr) {}

SolveRecord Pipeline::run(Entry&& entry, std::uint64_t block) {
  SolveRecord record{std::move(entry), {}, {}, {}, {}, {}, {}, 0};
  const auto* puzzle = std::get_if<Grid>(&record.entry.content);
  if (!puzzle) {
    record.result.status = Status::error;
    return record;
  }
  // The reference runs beside the backend on large boards (it may need as
  // long), and after it on small ones (where a thread costs more than it).
  std::atomic<bool> stop_reference{false};
  Limits reference_limits = config_.reference_limits;
  const std::uint64_t asked = config_.limits.max_solutions;  // (--limit 2^64-1 must not wrap to 0)
  reference_limits.max_solutions = asked + (asked < std::numeric_limits<std::uint64_t>::max());
  // Beside the backend this thread stops the reference (Ctrl-C stops the
  // backend, and the grace below the reference); after it, Ctrl-C does.
  bool beside = reference_ && puzzle->size() >= kConcurrentReferenceSize;
  reference_limits.cancel = beside ? &stop_reference : config_.limits.cancel;
  auto run_reference = [&] {
    // After Ctrl-C the reference does not start.
    if (config_.limits.cancel && config_.limits.cancel->load()) {
      Result skipped;
      skipped.status = Status::unknown;
      skipped.interrupted = true;
      skipped.message = "cancelled";
      return skipped;
    }
    return reference_->solve(*puzzle, reference_limits);
  };
  // Small boards call run_reference() in this thread after the backend: a
  // std::future would cost them a futex system call each (glibc's
  // call_once wakes waiters unconditionally: 49,158 on 17_clue).
  std::future<Result> reference_run;
  bool no_thread = false;  // it should have run beside, but the system gave no thread
  if (beside) {
    try {
      reference_run = std::async(std::launch::async, run_reference);
    } catch (const std::system_error&) {  // after the backend then, in this thread
      beside = false;
      no_thread = true;
      reference_limits.cancel = config_.limits.cancel;
    }
  }
  // Whatever ends this function, a reference still running is told to stop
  // (the future's destructor then waits for it).
  struct StopOnExit {
    std::atomic<bool>& stop;
    ~StopOnExit() { stop = true; }
  } stop_on_exit{stop_reference};
  bool stopped_after_grace = false;  // by this thread, not by Ctrl-C or the reference's own limits
  Limits limits = config_.limits;
  limits.reuse_epoch = block;
  record.result = backend_->solve(*puzzle, limits);
  // The reference of a small board has not started: it needs the extra solution only
  // to confirm an answer that claims to have them all (a puzzle with one
  // solution costs it a second, exhaustive search otherwise).
  if (!beside && !record.result.exhausted) reference_limits.max_solutions = config_.limits.max_solutions;
  // Without its thread it gets the time it would have had beside the
  // backend: the backend's time plus the 10 ms grace.
  if (no_thread && config_.reference_grace)
    cap_time_budget(reference_limits, record.result.stats.seconds + kReferenceGrace);
  if (beside && (record.result.refused || record.result.status == Status::error)) {
    stop_reference = true;  // no answer to compare with
  } else if (beside && !config_.reference_grace) {
    // Its own budget alone (--reference-timeout): waited for, but Ctrl-C
    // still stops it (and the batch then drops the puzzle's record, as it
    // drops every record the signal cut short).
    while (reference_run.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready)
      if (config_.limits.cancel && config_.limits.cancel->load()) stop_reference = true;
  } else if (beside) {
    // Grace period once the answer is in: 10 ms.  The reference has run
    // beside the search all along; on the boards where it finishes at all it
    // finishes first or within a few milliseconds, and on the others (64x64
    // and up) any longer grace only adds its length to the run (RESULTS.md:
    // a quarter of the SAT time, the rule until session 6, cost sudoku-144-2
    // about 0.1 s).
    const auto grace = std::chrono::duration<double>(kReferenceGrace);
    if (reference_run.wait_for(grace) != std::future_status::ready) stop_reference = stopped_after_grace = true;
  }
  // Before `record` is returned (moved, maybe): the reference reads its puzzle.
  auto stop_and_wait = [&] {
    if (beside && reference_run.valid()) {
      stop_reference = true;
      reference_run.wait();
    }
  };
  // Each solution verified, none twice (with or without the reference).
  if (std::string problem = answer_problem(backend_->name(), *puzzle, record.result, true); !problem.empty()) {
    stop_and_wait();
    record.problem = std::move(problem);
    return record;
  }
  if (reference_ && record.result.status != Status::error && !record.result.refused) {
    Result reference = beside ? std::move(reference_run).get() : run_reference();
    // Say why it stopped in words a user can act on (its own word is "cancelled").
    if (stopped_after_grace && reference.interrupted) reference.message = "stopped 10 ms after the SAT answer";
    if (no_thread && reference.interrupted && reference.message.rfind("the time limit", 0) == 0)
      reference.message = "given the SAT side's time plus 10 ms, having no thread to run beside it";
    const CrossCheck check = cross_check(record.result, reference, config_.limits.max_solutions);
    if (!check.agree) {
      record.problem = "the SAT answer and the native reference disagree: " + check.message;
      record.reference_solutions = reference.solutions;
    } else if (check.reference_gave_up && record.result.status != Status::unknown) {
      // (Beside an answer that is itself unknown, the note would add nothing.)
      record.reference_note = check.message;
    }
  }
  stop_and_wait();  // a backend error compares nothing
  judge_given_solution(record, *puzzle, config_.alphabet);
  return record;
}

}  // namespace satdoku::cli
