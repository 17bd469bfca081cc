#include "pipeline.hpp"

#include "satdoku/cross_check.hpp"
#include "satdoku/error.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

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
  record.result = backend_->solve(*puzzle, config_.limits);
  for (const Grid& solution : record.result.solutions)
    if (auto violation = verify(*puzzle, solution)) {
      record.problem = std::string(backend_->name()) + " answer fails verification: " +
                       violation->describe(puzzle->geometry()) +
                       (record.result.message.empty() ? "" : " (" + record.result.message + ")");
      return record;
    }
  if (reference_ && record.result.status != Status::error) {
    Limits limits = config_.reference_limits;
    limits.max_solutions = config_.limits.max_solutions + 1;
    limits.cancel = config_.limits.cancel;
    const Result reference = reference_->solve(*puzzle, limits);
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
