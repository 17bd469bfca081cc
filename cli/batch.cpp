#include "batch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <iostream>
#include <system_error>

namespace satdoku::cli {

namespace {
std::atomic<bool> g_interrupted{false};
// When the first SIGINT, SIGTERM or SIGHUP came (CLOCK_MONOTONIC, nanoseconds; 0
// before it).
std::atomic<std::int64_t> g_first_signal{0};
static_assert(std::atomic<std::int64_t>::is_always_lock_free);
// A repeat within this time of the first is the same interruption sent
// twice: `timeout` signals its command and then the command's process
// group, which reach satdoku microseconds apart.
constexpr std::int64_t kRepeatWindow = 500'000'000;  // nanoseconds: half a second

// The first SIGINT, SIGTERM or SIGHUP asks the batch to stop after the records in
// flight.  One that comes later than kRepeatWindow after it ends the
// process at once, by the signal's default action (a batch whose output
// pipe nobody reads cannot stop cleanly); one that comes sooner is ignored.
// clock_gettime, sigaction and raise are async-signal-safe; the raised
// signal is blocked until the handler returns, and then kills.
extern "C" void on_signal(int number) {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  const std::int64_t at = std::max<std::int64_t>(1, std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec);
  std::int64_t first = 0;
  if (g_first_signal.compare_exchange_strong(first, at)) {
    g_interrupted.store(true);
    return;
  }
  if (at - first < kRepeatWindow) return;
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);
  std::raise(number);
}

std::atomic<bool> g_broken_pipe{false};
// Nobody reads an output any more (`satdoku check --proof DIR big.txt | head
// -1`).  Killed by SIGPIPE, the process would leave a proof half written
// under its temporary name and an earlier run's JUnit report in place; so
// it stops as after Ctrl-C, tidily, and quietly as a Unix tool ended by
// SIGPIPE: standard error goes to /dev/null, and main() ends the process by
// SIGPIPE once tidy (end_by_sigpipe_if_broken).  open, dup2 and close are
// async-signal-safe.
extern "C" void on_broken_pipe(int) {
  if (g_broken_pipe.exchange(true)) return;
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, STDERR_FILENO);
    ::close(null);
  }
  g_interrupted.store(true);
}
}  // namespace

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }

void install_broken_pipe_handler() {
  // A caller that ignores SIGPIPE (a service manager, `trap '' PIPE`) wants
  // the failed write reported as one: left as it is, EPIPE is an output
  // error with its message and exit code 2.
  struct sigaction inherited {};
  if (sigaction(SIGPIPE, nullptr, &inherited) == 0 && inherited.sa_handler == SIG_IGN) return;
  struct sigaction action {};
  action.sa_handler = on_broken_pipe;
  sigemptyset(&action.sa_mask);
  sigaction(SIGPIPE, &action, nullptr);
}

void end_by_sigpipe_if_broken() {
  if (!g_broken_pipe.load()) return;
  std::signal(SIGPIPE, SIG_DFL);
  std::raise(SIGPIPE);
}

namespace {
// stat() of a named input, fstat() of standard input ("-"); false when it fails.
bool stat_input(const std::string& name, struct stat& info) {
  return name == "-" ? ::fstat(STDIN_FILENO, &info) == 0 : ::stat(name.c_str(), &info) == 0;
}

// Whether reading a file of this kind may wait for a writer: a pipe
// (/dev/stdin, <(driver)), a socket, a terminal or an unknown device.  The
// memory devices never wait (though /dev/zero never ends either), like
// regular files and folders.
bool can_wait(const struct stat& info) {
  if (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode)) return true;
  if (!S_ISCHR(info.st_mode)) return false;
  for (const char* device : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}) {
    struct stat known {};
    if (::stat(device, &known) == 0 && S_ISCHR(known.st_mode) && known.st_rdev == info.st_rdev) return false;
  }
  return true;
}

// Reads a descriptor that may wait (a pipe, a terminal) or never end
// (/dev/zero).  The C++ streams retry a read that a signal interrupts, and
// the signal may go to another thread anyway; so this one waits in poll()
// for at most 100 ms at a time, and after SIGINT, SIGTERM or SIGHUP (or
// EntrySource::stop) the input ends.
// A failed read throws std::ios_base::failure, as the standard file buffer
// does, with the read's errno as its code.
class InterruptibleBuffer : public std::streambuf {
 public:
  InterruptibleBuffer(int fd, bool owned, const std::atomic<bool>& stopped)
      : fd_(fd), owned_(owned), stopped_(stopped) {}
  ~InterruptibleBuffer() override {
    if (owned_) ::close(fd_);
  }
  InterruptibleBuffer(const InterruptibleBuffer&) = delete;
  InterruptibleBuffer& operator=(const InterruptibleBuffer&) = delete;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    for (;;) {
      if (g_interrupted.load() || stopped_.load()) return traits_type::eof();
      pollfd ready{fd_, POLLIN, 0};
      const int polled = ::poll(&ready, 1, 100);
      if (polled == 0 || (polled < 0 && errno == EINTR)) continue;
      const ssize_t got = polled < 0 ? -1 : ::read(fd_, data_, sizeof data_);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;  // EAGAIN: a descriptor left non-blocking
      if (got < 0) throw std::ios_base::failure("cannot read", std::error_code(errno, std::system_category()));
      if (got == 0) return traits_type::eof();
      setg(data_, data_, data_ + got);
      return traits_type::to_int_type(*gptr());
    }
  }
  // What a read would return at once (the reader asks before it waits).
  std::streamsize showmanyc() override {
    int ready_bytes = 0;
    if (::ioctl(fd_, FIONREAD, &ready_bytes) == 0 && ready_bytes >= 0) return ready_bytes;
    pollfd ready{fd_, POLLIN, 0};
    return ::poll(&ready, 1, 0) > 0 && (ready.revents & POLLIN) ? 1 : 0;
  }

 private:
  int fd_;
  bool owned_;
  const std::atomic<bool>& stopped_;
  char data_[1 << 16]{};
};
}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // SIGHUP (the terminal or the SSH session closed) too: its default
  // action cut the last record short and left temporary files behind.  Not
  // where the caller ignores it (nohup), which wants the run to go on.
  if (struct sigaction inherited {}; sigaction(SIGHUP, nullptr, &inherited) == 0 && inherited.sa_handler != SIG_IGN)
    sigaction(SIGHUP, &action, nullptr);
}

EntrySource::EntrySource(std::vector<std::string> files, ReadOptions options)
    : files_(std::move(files)), options_(std::move(options)) {
  if (files_.empty()) files_.push_back("-");
  for (const std::string& name : files_) {
    struct stat info {};
    if (stat_input(name, info) && can_wait(info)) may_block_ = true;
  }
}

EntrySource::~EntrySource() = default;

void EntrySource::close_file() {
  reader_.reset();
  stream_.reset();
  buffer_.reset();
  ++file_;
  entries_ = 0;
}

Entry EntrySource::end_of_file_with(std::string_view what, int error) {
  Diagnostic diagnostic;
  const std::string& name = files_[file_];
  diagnostic.where.file = name == "-" ? "<stdin>" : name;
  diagnostic.message = std::string(what) + std::strerror(error);
  // A puzzle typed where a file name goes: N*N symbols (N >= 4), each a
  // blank or a digit up to N in the input's alphabet.
  const int root = static_cast<int>(std::sqrt(static_cast<double>(name.size())));
  const Alphabet& alphabet = options_.alphabet ? *options_.alphabet : Alphabet::standard();
  auto symbol = [&](char ch) {
    const int d = alphabet.digit_of(ch);
    return d >= 0 && d <= root;
  };
  if (error == ENOENT && root >= 4 && static_cast<std::size_t>(root) * static_cast<std::size_t>(root) == name.size() &&
      std::all_of(name.begin(), name.end(), symbol))
    diagnostic.message += " (a puzzle itself goes to standard input: echo 'PUZZLE' | satdoku ...)";
  Entry entry{1, diagnostic.where, {}, std::move(diagnostic), file_ + 1, std::nullopt};
  close_file();
  return entry;
}

std::optional<Entry> EntrySource::next() {
  std::optional<Entry> entry = read_entry();
  // After SIGINT the input ends early: a line may have been cut, an open
  // interrupted.  Nothing read then is a puzzle or an error of its own.
  // After stop() likewise.
  if (g_interrupted.load() || stopped_.load()) return std::nullopt;
  return entry;
}

std::optional<Entry> EntrySource::read_entry() {
  while (file_ < files_.size()) {
    const std::string& name = files_[file_];
    if (!reader_) {
      std::istream* in = &std::cin;
      struct stat info {};
      if (stat_input(name, info) && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) {
        // Opened without waiting for a FIFO's writer (poll() waits instead,
        // where a signal can end the wait).
        const int fd = name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) return end_of_file_with("cannot open: ", errno);
        if (const int flags = ::fcntl(fd, F_GETFL); flags >= 0 && (flags & O_ACCMODE) == O_WRONLY) {
          if (fd != STDIN_FILENO) ::close(fd);
          return end_of_file_with("cannot read: ", EBADF);  // poll() would wait for ever
        }
        // Someone typing puzzles (or who forgot the file name) learns how
        // the input ends, instead of facing a silent wait.  One write(), not
        // std::cerr: a worker reads this under the input's lock while another
        // may print records to std::cerr under the output's (and the streams
        // are not synchronised with stdio, so std::cerr is no longer safe
        // from two threads).  Nothing to do if it fails: a hint only.
        if (name == "-" && ::isatty(STDIN_FILENO) == 1 && ::isatty(STDERR_FILENO) == 1) {
          // (The \r: over a progress line there, which is shorter.)
          static constexpr std::string_view kHint =
              "\rsatdoku: reading puzzles from the terminal; Ctrl-D ends the input\n";
          [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, kHint.data(), kHint.size());
        }
        buffer_ = std::make_unique<InterruptibleBuffer>(fd, name != "-", stopped_);
        stream_ = std::make_unique<std::istream>(buffer_.get());
        in = stream_.get();
      } else if (name != "-") {
        stream_ = std::make_unique<std::ifstream>(name, std::ios::binary);
        if (!*stream_) return end_of_file_with("cannot open: ", errno);
        in = stream_.get();
      }
      reader_ = std::make_unique<PuzzleReader>(*in, name, options_);
    }
    try {
      if (auto entry = reader_->next()) {
        entry->input = file_ + 1;
        ++entries_;
        return entry;
      }
    } catch (const InputError& failure) {
      // A failed read (a folder, an I/O error; PuzzleReader says it as
      // "cannot read: ..."): the file ends with one diagnostic entry, the
      // next in it.
      Entry entry{entries_ + 1, failure.diagnostic().where, {}, failure.diagnostic(), file_ + 1, std::nullopt};
      close_file();
      return entry;
    }
    // (A name given again is said once: standard input given twice is
    // read to its end the first time.)
    if (entries_ == 0 && files_.size() > 1 && !g_interrupted.load() && !stopped_.load() &&
        std::find(files_.begin(), files_.begin() + static_cast<std::ptrdiff_t>(file_), name) ==
            files_.begin() + static_cast<std::ptrdiff_t>(file_))
      empty_inputs_.push_back(name == "-" ? "<stdin>" : name);
    close_file();
  }
  return std::nullopt;
}

// std::cerr's buffer while the progress line may be shown: erases the line
// before passing on the first write after it was drawn.
class Progress::ErasingBuffer final : public std::streambuf {
 public:
  ErasingBuffer(Progress& progress, std::streambuf* target) : progress_(progress), target_(target) {}

 protected:
  int_type overflow(int_type c) override {
    progress_.erase();
    return traits_type::eq_int_type(c, traits_type::eof()) ? traits_type::not_eof(c)
                                                           : target_->sputc(traits_type::to_char_type(c));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    progress_.erase();
    return target_->sputn(s, n);
  }
  int sync() override { return target_->pubsync(); }

 private:
  Progress& progress_;
  std::streambuf* target_;
};

Progress::Progress(bool enabled, std::ostream* records)
    : enabled_(enabled), start_(std::chrono::steady_clock::now()) {
  if (!enabled_) return;
  if (records == &std::cout && ::isatty(STDOUT_FILENO) == 1) records_ = records;
  cerr_buffer_ = std::cerr.rdbuf();
  buffer_ = std::make_unique<ErasingBuffer>(*this, cerr_buffer_);
  std::cerr.rdbuf(buffer_.get());
}

Progress::~Progress() {
  erase();  // (an exception leaving the batch: its message comes on a clean line)
  if (cerr_buffer_ != nullptr) std::cerr.rdbuf(cerr_buffer_);
}

void Progress::update(std::size_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  drawn_ = true;
  if (records_ != nullptr) records_->flush();  // else they would come after the line, on it
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const int width = std::fprintf(stderr, "\r  %zu puzzle%s  %.0f/s   ", done, done == 1 ? "" : "s",
                                 seconds > 0 ? static_cast<double>(done) / seconds : 0.0);
  std::fflush(stderr);
  on_screen_ = width > 1 ? static_cast<std::size_t>(width) - 1 : 0;  // (the \r takes no column)
}

void Progress::erase() {
  if (on_screen_ == 0) return;
  std::fprintf(stderr, "\r%*s\r", static_cast<int>(on_screen_), "");
  std::fflush(stderr);
  on_screen_ = 0;
}

}  // namespace satdoku::cli
