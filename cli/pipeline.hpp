// The work done for one puzzle, shared by solve and check: run the backend,
// verify every answer, and (by default) cross-check with the native
// reference.  One Pipeline per worker thread.
#pragma once

#include <memory>
#include <string>

#include "batch.hpp"
#include "common.hpp"
#include "records.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::cli {

// How long the reference may go on once the SAT side has answered, where
// it runs beside it (Pipeline::run: 10 ms); where it runs after it instead,
// its budget is the SAT side's time plus this, as it would have had.
inline constexpr double kReferenceGrace = 0.010;  // seconds
// Lowers `limits.time_budget` (0: none) to `seconds`.
inline void cap_time_budget(Limits& limits, double seconds) {
  if (limits.time_budget <= 0 || seconds < limits.time_budget) limits.time_budget = seconds;
}

struct PipelineConfig {
  std::string backend = "sat";  // sat | native
  SatConfig sat;                // for the sat backend
  Limits limits;                // for the backend
  bool cross_check = true;      // run the reference too and compare
  Limits reference_limits;      // budget of the reference (max_solutions is set per call)
  bool reference_grace = true;  // where the reference runs beside the backend, stop it 10 ms after the
                                // backend's answer (false: --reference-timeout was given, its budget alone)
  std::uint64_t max_memory = 0; // the sat backend refuses formulas beyond max_memory / workers (0: no guard)
  unsigned workers = 1;         // threads sharing max_memory (--jobs)
  Alphabet alphabet = Alphabet::standard();  // the input's symbols (--alphabet), for digits in messages
};

// Options of a batch run shared by solve and check: budgets, the
// cross-check, worker threads and what is shown on stderr.
struct RunConfig {
  std::uint64_t node_budget = 0;
  double timeout = 0;
  bool cross_check = false;  // given explicitly (the default anyway)
  bool no_cross_check = false;
  double reference_timeout = 10;
  bool reference_timeout_given = false;  // on the command line (set by the command from its variables_map)
  unsigned jobs = default_jobs();
  bool quiet = false;
  bool no_progress = false;

  static unsigned default_jobs();
  // --timeout --nodes --cross-check --no-cross-check --reference-timeout
  // --jobs --quiet --no-progress.
  void add_options(po::options_description& options);
  // Checks the values (UsageError) and copies the budgets, the cross-check
  // choice and the reference's grace (none when --reference-timeout was
  // given) into `pipeline`.
  void apply(PipelineConfig& pipeline) const;
  // The batch options for `pipeline` (BatchOptions::stateful from
  // keeps_state; none when no entry can keep state).
  BatchOptions batch(const PipelineConfig& pipeline) const;
};

// Whether the backend of `config` keeps its solver from this entry to the
// next (the SAT backend's incremental and hybrid modes).
bool keeps_state(const PipelineConfig& config, const Entry& entry);
// Whether keeps_state can hold for any entry: not with the native backend,
// nor when every board size gets a fresh instance (--mode fresh, or
// --conflicts without --mode).
bool may_keep_state(const PipelineConfig& config);

// Flushes the records on standard output before something else is written
// after them (check's --junit file); when that fails, says why and after how
// many records, once.  False on failure.
bool flush_records(std::string_view command, std::size_t records);

// Ends a batch command: flushes standard output, prints the summary line
// (unless quiet), a warning when the input held no puzzle at all (even when
// quiet: an empty collection that passes `check` is worth a word) and, after
// SIGINT/SIGTERM, how far it got; returns the exit code: 130 when
// interrupted, else `code`, raised to 2 when standard output failed.
int finish_batch(std::string_view command, const BatchTotals& totals, const std::string& summary, bool quiet,
                 ExitCode code);

// What is wrong with the solutions `result` gives for `puzzle`, as solve
// and check report it: "sat answer fails verification: ..." for one that
// breaks a rule or a clue (followed by the result's message in parentheses
// when `with_message` and there is one), "sat returned the same solution
// twice"; "" when every solution keeps the rules and the clues and none
// repeats.  `backend` names the solver.
std::string answer_problem(std::string_view backend, const Grid& puzzle, const Result& result, bool with_message);

// The backend names, for help texts and errors: "sat, native".
std::string backend_names();
// Throws UsageError for an unknown name or an invalid SAT option.
std::unique_ptr<Solver> make_backend(const PipelineConfig& config);

class Pipeline {
 public:
  explicit Pipeline(const PipelineConfig& config);
  // Solves, verifies and cross-checks one entry (diagnostics pass through
  // with status error); `block` names its block of the input, which
  // becomes the backend's Limits::reuse_epoch (batch.hpp: StateBlocks).
  SolveRecord run(Entry&& entry, std::uint64_t block);

 private:
  const PipelineConfig& config_;
  std::unique_ptr<Solver> backend_;
  std::unique_ptr<Solver> reference_;
};

}  // namespace satdoku::cli
