#include "satdoku/sat_solver.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "satdoku/error.hpp"

namespace satdoku {

namespace {

using Clock = std::chrono::steady_clock;

// Stops CaDiCaL at a deadline or when a cancel flag is raised.
class Stop final : public CaDiCaL::Terminator {
 public:
  bool terminate() override {
    if (cancel && cancel->load(std::memory_order_relaxed)) return true;
    return has_deadline && Clock::now() >= deadline;
  }
  const std::atomic<bool>* cancel = nullptr;
  bool has_deadline = false;
  Clock::time_point deadline;
};

// Counts learned clauses: one per conflict analysis.
class Count final : public CaDiCaL::Learner {
 public:
  bool learning(int) override {
    ++learned;
    return false;  // we do not want the literals
  }
  void learn(int) override {}
  std::uint64_t learned = 0;
};

}  // namespace

struct SatSolver::Impl {
  CaDiCaL::Solver solver;
  Stop stop;
  Count count;
  SatStatistics stats;
  bool configuring = true;
  bool model_valid = false;
  int model_vars = 0;  // CaDiCaL's variable count when the model was found
  std::uint64_t conflict_limit = 0;
  double time_limit = 0;
  std::FILE* proof = nullptr;
  // Set when CaDiCaL threw (std::bad_alloc) while adding or solving: it may
  // be left mid-search, where destroying it aborts the process (CaDiCaL's
  // check of its state) or crashes in free().  Such an instance is kept, not
  // destroyed (~SatSolver), and every further call on it is refused.
  bool wrecked = false;
  Impl* next_kept = nullptr;  // the instances kept, as a list

  Impl() {
    solver.set("quiet", 1);
    solver.connect_terminator(&stop);
    solver.connect_learner(&count);
  }
  ~Impl() {
    solver.disconnect_terminator();
    solver.disconnect_learner();
    if (proof) {
      solver.close_proof_trace();
      std::fclose(proof);
    }
  }
};

SatSolver::SatSolver() : impl_(std::make_unique<Impl>()) {}

SatSolver::~SatSolver() {
  if (!impl_ || !impl_->wrecked) return;
  // Kept to the end of the process, reachable (a leak checker does not call
  // it lost), and with no allocation: memory is what ran out.
  static std::atomic<Impl*> kept{nullptr};
  Impl* impl = impl_.release();
  // Its proof file is closed (CaDiCaL, never called again, does not write
  // to it): a proof's temporary file, removed by its writer, would keep its
  // disk space while open.
  if (impl->proof) {
    std::fclose(impl->proof);
    impl->proof = nullptr;
  }
  impl->next_kept = kept.load();
  while (!kept.compare_exchange_weak(impl->next_kept, impl)) {
  }
}

void SatSolver::require_usable(std::string_view what) const {
  if (impl_->wrecked)
    throw UsageError("SatSolver::" + std::string(what) + ": CaDiCaL ran out of memory earlier and cannot be used again");
}

std::string_view SatSolver::version() { return CaDiCaL::Solver::version(); }

namespace {

// CaDiCaL's options a slip of the keyboard away from `name`: one character
// inserted, deleted, changed or swapped with its neighbour, capitals aside
// (CaDiCaL cannot list its names, so each word that near is asked for).
std::vector<std::string> options_near(std::string_view name) {
  std::set<std::string> near;
  if (name.size() < 3) return {};
  std::string word(name);
  std::transform(word.begin(), word.end(), word.begin(),
                 [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; });
  auto ask = [&](const std::string& w) {
    if (w != name && CaDiCaL::Solver::is_valid_option(w.c_str())) near.insert(w);
  };
  static constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyz0123456789";
  ask(word);
  for (std::size_t i = 0; i <= word.size(); ++i) {
    for (const char ch : kLetters) ask(word.substr(0, i) + ch + word.substr(i));
    if (i == word.size()) break;
    ask(word.substr(0, i) + word.substr(i + 1));
    for (const char ch : kLetters) ask(word.substr(0, i) + ch + word.substr(i + 1));
    if (i + 1 < word.size()) ask(word.substr(0, i) + word[i + 1] + word[i] + word.substr(i + 2));
  }
  return {near.begin(), near.end()};
}

// `name` as CaDiCaL takes it; UsageError when it is not one of its options.
std::string option_key(std::string_view name) {
  std::string key(name);
  if (!CaDiCaL::Solver::is_valid_option(key.c_str())) {
    std::string near;
    for (const std::string& option : options_near(key)) near += (near.empty() ? "did you mean '" : "' or '") + option;
    throw UsageError("'" + key + "' is not a CaDiCaL option (" + (near.empty() ? "" : near + "'? ") +
                     "`cadical --help` lists them)");
  }
  return key;
}

}  // namespace

void SatSolver::set_option(std::string_view name, int value) {
  require_usable("set_option");
  const std::string key = option_key(name);
  // CaDiCaL's messages go to standard output, where the records are.
  if ((key == "quiet" && value == 0) || ((key == "verbose" || key == "report" || key == "reportall") && value != 0))
    throw UsageError("CaDiCaL option " + key + "=" + std::to_string(value) +
                     " would make CaDiCaL print on standard output, which satdoku keeps for its records (the "
                     "cadical binary shows its messages on the CNF satdoku encode writes)");
  if (!impl_->configuring)
    throw UsageError("SatSolver::set_option: options must be set before the first clause");
  const int before = impl_->solver.get(key.c_str());
  if (!impl_->solver.set(key.c_str(), value))
    throw UsageError("SatSolver::set_option: CaDiCaL refused " + key + "=" + std::to_string(value));
  // CaDiCaL clamps a value outside the option's range without a word; the
  // clamped extremes name the range, and the option is left as it was.
  if (const int actual = impl_->solver.get(key.c_str()); actual != value) {
    impl_->solver.set(key.c_str(), INT_MIN);
    const int low = impl_->solver.get(key.c_str());
    impl_->solver.set(key.c_str(), INT_MAX);
    const int high = impl_->solver.get(key.c_str());
    impl_->solver.set(key.c_str(), before);
    throw UsageError("CaDiCaL option " + key + "=" + std::to_string(value) + " is out of its range " +
                     std::to_string(low) + ".." + std::to_string(high));
  }
}

void SatSolver::trace_proof(const std::string& path) {
  require_usable("trace_proof");
  if (!impl_->configuring)
    throw UsageError("SatSolver::trace_proof: must be called before the first clause");
  if (impl_->proof) throw UsageError("SatSolver::trace_proof: a proof is already being traced");
  errno = 0;
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (!file) throw OutputError("cannot open proof file '" + path + "'" + errno_suffix(errno));
  if (!impl_->solver.trace_proof(file, path.c_str())) {
    std::fclose(file);
    throw OutputError("CaDiCaL cannot trace a proof to '" + path + "'");
  }
  impl_->proof = file;
}

namespace {

// The highest variable CaDiCaL numbers (INT_MAX made it allocate for 2^31
// variables and fail).
constexpr int kMaxVariable = INT_MAX - 1;

// Checked before a literal reaches CaDiCaL; `what` names the caller and the
// literal's role.
void require_literal(int lit, std::string_view what) {
  if (!is_dimacs_literal(lit) || std::abs(lit) > kMaxVariable)
    throw UsageError(std::string(what) + " " + std::to_string(lit));
}

}  // namespace

void SatSolver::add_clause(std::span<const int> literals) {
  require_usable("add_clause");
  int highest = 0;
  for (int lit : literals) {
    require_literal(lit, "SatSolver::add_clause: invalid literal");
    highest = std::max(highest, std::abs(lit));
  }
  // CaDiCaL allocates for every variable up to the highest named; it is
  // asked to before the first literal goes in, so that an allocation that
  // fails (std::bad_alloc, which the callers take for "out of memory")
  // leaves no half clause behind: it would join the next clause.
  impl_->model_valid = false;  // (reserve() leaves the solved state first)
  if (highest > impl_->stats.variables) impl_->solver.reserve(highest);
  try {
    for (int lit : literals) impl_->solver.add(lit);
    impl_->stats.variables = std::max(impl_->stats.variables, highest);
    impl_->solver.add(0);
  } catch (...) {
    impl_->wrecked = true;  // the clause is half in
    throw;
  }
  impl_->configuring = false;
  ++impl_->stats.clauses;
}

void SatSolver::set_conflict_limit(std::uint64_t conflicts) { impl_->conflict_limit = conflicts; }
// A limit of a century or more is none: the clock counts nanoseconds in 64
// bits, so now() plus some 300 years would overflow (and 1e10 s came out as
// a deadline already passed).  NaN is none too.
void SatSolver::set_time_limit(double seconds) {
  constexpr double kCentury = 100.0 * 365.25 * 24 * 3600;
  impl_->time_limit = seconds > 0 && seconds < kCentury ? seconds : 0;
}
void SatSolver::set_cancel(const std::atomic<bool>* cancel) { impl_->stop.cancel = cancel; }

Verdict SatSolver::solve(std::span<const int> assumptions) {
  require_usable("solve");
  Impl& m = *impl_;
  for (int lit : assumptions) require_literal(lit, "SatSolver::solve: invalid assumption");
  for (int lit : assumptions) m.solver.assume(lit);
  if (m.conflict_limit)
    m.solver.limit("conflicts", m.conflict_limit > INT_MAX ? INT_MAX : static_cast<int>(m.conflict_limit));
  m.stop.has_deadline = m.time_limit > 0;
  if (m.stop.has_deadline)
    m.stop.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(m.time_limit));
  m.configuring = false;
  int status = 0;
  try {
    status = m.solver.solve();
  } catch (...) {
    m.wrecked = true;
    throw;
  }
  m.conflict_limit = 0;
  m.time_limit = 0;
  m.stop.has_deadline = false;
  ++m.stats.solves;
  m.model_valid = status == 10;
  m.model_vars = m.model_valid ? m.solver.vars() : 0;
  return status == 10 ? Verdict::sat : status == 20 ? Verdict::unsat : Verdict::unknown;
}

void SatSolver::phase(int lit) {
  require_usable("phase");
  require_literal(lit, "SatSolver::phase: invalid literal");
  impl_->solver.phase(lit);
}

bool SatSolver::value(int var) const {
  require_usable("value");
  if (!impl_->model_valid) throw UsageError("SatSolver::value: no model (the last solve was not sat)");
  if (var <= 0 || var > kMaxVariable) throw UsageError("SatSolver::value: invalid variable " + std::to_string(var));
  if (var > impl_->model_vars) return false;
  return impl_->solver.val(var) > 0;
}

int SatSolver::option(std::string_view name) const {
  require_usable("option");
  return impl_->solver.get(option_key(name).c_str());
}

SatStatistics SatSolver::statistics() const {
  SatStatistics s = impl_->stats;
  s.conflicts = impl_->count.learned;
  return s;
}

}  // namespace satdoku
