// benchmarks/process.hpp - running measurements in child processes (POSIX).
//
// The runner keeps its own process small and does every measurement in a
// child, so that each row gets its own peak memory (getrusage of the child:
// ru_maxrss) and a per-run timeout cannot be defeated by a hanging solver.
// On Linux a child's peak RSS includes what it shared with the runner at
// fork time; the runner reports its own size as the floor of the figures.
//
//   ChildOutcome o = run_function([&] { return std::string("rate=12\n"); }, 60);
//   ChildOutcome p = run_program({"cadical", "-q", "f.cnf"}, "", "out.txt", "err.txt", 120);
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace satdoku::bench {

struct ChildOutcome {
  bool started = false;     // fork (and, for programs, exec) succeeded
  bool timed_out = false;   // killed at the timeout
  int exit_code = -1;       // when it exited normally
  int signal = 0;           // when a signal ended it
  double seconds = 0;       // wall time from fork to exit
  long max_rss_kb = 0;      // peak resident set of the child (KiB)
  std::string output;       // run_function: what the function returned
  std::string describe() const;  // "exit 0", "TIMEOUT", "signal 9", ...
  bool ok() const { return started && !timed_out && signal == 0 && exit_code == 0; }
};

// Forks; the child runs `body` and sends its result back through a pipe,
// then exits with 0 (1 when body threw: the message is the output).
// timeout_seconds <= 0: none.
ChildOutcome run_function(const std::function<std::string()>& body, double timeout_seconds);

// Forks and executes argv[0] (searched in PATH) in its own process group,
// stdin from `stdin_path` (empty: /dev/null), stdout and stderr to the given
// files (empty: /dev/null).  The whole process group is killed at the
// timeout.  The wall time covers the whole process, exec to exit.
ChildOutcome run_program(const std::vector<std::string>& argv, const std::string& stdin_path,
                         const std::string& stdout_path, const std::string& stderr_path,
                         double timeout_seconds);

// Peak RSS of the calling process so far (KiB).
long self_max_rss_kb();

}  // namespace satdoku::bench
