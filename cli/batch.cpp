#include "batch.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>

namespace satdoku::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_signal(int) { g_interrupted.store(true); }
}  // namespace

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }

namespace {
// Whether reading a file of this kind may wait for a writer: a pipe
// (/dev/stdin, <(driver)), a socket, a terminal or an unknown device.  The
// memory devices (/dev/null, /dev/zero, /dev/full, /dev/random,
// /dev/urandom: major 1) answer at once, like regular files and folders.
bool can_wait(const struct stat& info) {
  if (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode)) return true;
  if (!S_ISCHR(info.st_mode)) return false;
  const unsigned minor_number = minor(info.st_rdev);
  const bool memory_device = major(info.st_rdev) == 1 && (minor_number == 3 || minor_number == 5 ||
                                                          minor_number == 7 || minor_number == 8 || minor_number == 9);
  return !memory_device;
}
}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

EntrySource::EntrySource(std::vector<std::string> files, ReadOptions options)
    : files_(std::move(files)), options_(std::move(options)) {
  if (files_.empty()) files_.push_back("-");
  for (const std::string& name : files_) {
    struct stat info {};
    const bool known = name == "-" ? ::fstat(STDIN_FILENO, &info) == 0 : ::stat(name.c_str(), &info) == 0;
    if (known && can_wait(info)) may_block_ = true;
  }
}

EntrySource::~EntrySource() = default;

void EntrySource::close_file() {
  reader_.reset();
  stream_.reset();
  ++file_;
}

Entry EntrySource::end_of_file_with(std::size_t index, std::string_view what, int error) {
  Diagnostic diagnostic;
  diagnostic.where.file = files_[file_];
  diagnostic.message = std::string(what) + std::strerror(error);
  close_file();
  return Entry{index, diagnostic.where, {}, std::move(diagnostic)};
}

std::optional<Entry> EntrySource::next() {
  while (file_ < files_.size()) {
    const std::string& name = files_[file_];
    if (!reader_) {
      std::istream* in = &std::cin;
      if (name != "-") {
        stream_ = std::make_unique<std::ifstream>(name, std::ios::binary);
        if (!*stream_) return end_of_file_with(1, "cannot open: ", errno);
        in = stream_.get();
      }
      reader_ = std::make_unique<PuzzleReader>(*in, name, options_);
    }
    try {
      if (auto entry = reader_->next()) return entry;
    } catch (const std::ios_base::failure&) {
      // libstdc++ throws from a failed read (a folder, an I/O error) whatever
      // the stream's exception mask: the file ends with one diagnostic entry.
      return end_of_file_with(0, "cannot read: ", errno);
    }
    close_file();
  }
  return std::nullopt;
}

void Progress::update(std::size_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "\r  %zu puzzles  %.0f/s   ", done, seconds > 0 ? done / seconds : 0.0);
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_ && shown_) std::fprintf(stderr, "\r%60s\r", "");
}

}  // namespace satdoku::cli
