#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>

namespace satdoku::bench {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A file descriptor that becomes readable when `pid` exits (Linux >= 5.3),
// or -1 (then the caller polls).
int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

// Waits for `pid`, reading `pipe_fd` (if >= 0) into `sink` meanwhile;
// kills `kill_target` (a pid, or -pgid) at the timeout.
void wait_child(pid_t pid, pid_t kill_target, int pipe_fd, std::string* sink, double timeout,
                Clock::time_point start, ChildOutcome& outcome) {
  const int pidfd = open_pidfd(pid);
  int status = 0;
  rusage usage{};
  bool done = false;
  while (!done) {
    const pid_t w = wait4(pid, &status, WNOHANG, &usage);
    if (w == pid) break;
    double wait_ms = 50;
    if (timeout > 0) {
      const double left = timeout - since(start);
      if (left <= 0) {
        kill(kill_target, SIGKILL);
        outcome.timed_out = true;
        while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
        }
        done = true;
        break;
      }
      wait_ms = std::min(wait_ms, left * 1000);
    }
    pollfd fds[2];
    nfds_t count = 0;
    if (pidfd >= 0) fds[count++] = {pidfd, POLLIN, 0};
    if (pipe_fd >= 0) fds[count++] = {pipe_fd, POLLIN, 0};
    // Without a pidfd, poll in steps of 1 ms.
    const int ms = pidfd >= 0 ? static_cast<int>(wait_ms) + 1 : 1;
    const int ready = poll(fds, count, ms);
    if (ready > 0 && pipe_fd >= 0) {
      for (nfds_t i = 0; i < count; ++i) {
        if (fds[i].fd == pipe_fd && (fds[i].revents & (POLLIN | POLLHUP))) {
          char buffer[4096];
          const ssize_t n = read(pipe_fd, buffer, sizeof buffer);
          if (n > 0) sink->append(buffer, static_cast<std::size_t>(n));
          else if (n == 0) { close(pipe_fd); pipe_fd = -1; }
        }
      }
    }
  }
  outcome.seconds = since(start);
  if (pipe_fd >= 0) {
    char buffer[4096];
    ssize_t n;
    while ((n = read(pipe_fd, buffer, sizeof buffer)) > 0) sink->append(buffer, static_cast<std::size_t>(n));
    close(pipe_fd);
  }
  if (pidfd >= 0) close(pidfd);
  outcome.max_rss_kb = usage.ru_maxrss;
  if (!outcome.timed_out) {
    if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  }
}

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

int open_or_null(const std::string& path, int flags) {
  return open(path.empty() ? "/dev/null" : path.c_str(), flags | O_CLOEXEC, 0644);
}

}  // namespace

std::string ChildOutcome::describe() const {
  if (!started) return "did not start";
  if (timed_out) return "TIMEOUT";
  if (signal != 0) return "signal " + std::to_string(signal);
  return "exit " + std::to_string(exit_code);
}

ChildOutcome run_function(const std::function<std::string()>& body, double timeout_seconds) {
  ChildOutcome outcome;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return outcome;
  const auto start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    close(fds[0]);
    int code = 0;
    std::string text;
    try {
      text = body();
    } catch (const std::exception& e) {
      text = std::string("error=") + e.what() + "\n";
      code = 1;
    }
    write_all(fds[1], text);
    close(fds[1]);
    _exit(code);
  }
  close(fds[1]);
  outcome.started = true;
  wait_child(pid, pid, fds[0], &outcome.output, timeout_seconds, start, outcome);
  return outcome;
}

ChildOutcome run_program(const std::vector<std::string>& argv, const std::string& stdin_path,
                         const std::string& stdout_path, const std::string& stderr_path,
                         double timeout_seconds) {
  ChildOutcome outcome;
  if (argv.empty()) return outcome;
  // Opened before fork, so that the timed region is the program alone.
  const int in = open_or_null(stdin_path, O_RDONLY);
  const int out = open_or_null(stdout_path, O_WRONLY | O_CREAT | O_TRUNC);
  const int err = open_or_null(stderr_path, O_WRONLY | O_CREAT | O_TRUNC);
  int exec_pipe[2];
  if (in < 0 || out < 0 || err < 0 || pipe2(exec_pipe, O_CLOEXEC) != 0) {
    for (int fd : {in, out, err})
      if (fd >= 0) close(fd);
    return outcome;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  const auto start = Clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    execvp(args[0], args.data());
    const int e = errno;
    const ssize_t ignored = write(exec_pipe[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  close(exec_pipe[1]);
  for (int fd : {in, out, err}) close(fd);
  if (pid < 0) {
    close(exec_pipe[0]);
    return outcome;
  }
  setpgid(pid, pid);  // also here, so that the group exists before any kill
  int exec_errno = 0;
  const ssize_t got = read(exec_pipe[0], &exec_errno, sizeof exec_errno);  // EOF at exec
  close(exec_pipe[0]);
  outcome.started = got <= 0;
  wait_child(pid, -pid, -1, nullptr, timeout_seconds, start, outcome);
  return outcome;
}

long self_max_rss_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace satdoku::bench
