// The work done for one puzzle, shared by solve and check: run the backend,
// verify every answer, and (by default) cross-check with the native
// reference.  One Pipeline per worker thread.
#pragma once

#include <memory>
#include <string>

#include "records.hpp"
#include "satdoku/sat_backend.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::cli {

struct PipelineConfig {
  std::string backend = "sat";  // sat | native
  SatConfig sat;                // for the sat backend
  Limits limits;                // for the backend
  bool cross_check = true;      // run the reference too and compare
  Limits reference_limits;      // budget of the reference (max_solutions is set per call)
};

// The backend names, for help texts and errors: "sat, native".
std::string backend_names();
// Throws UsageError for an unknown name or an invalid SAT option.
std::unique_ptr<Solver> make_backend(const PipelineConfig& config);

class Pipeline {
 public:
  explicit Pipeline(const PipelineConfig& config);
  // Solves, verifies and cross-checks one entry (diagnostics pass through
  // with status error).
  SolveRecord run(Entry&& entry);

 private:
  const PipelineConfig& config_;
  std::unique_ptr<Solver> backend_;
  std::unique_ptr<Solver> reference_;
};

}  // namespace satdoku::cli
