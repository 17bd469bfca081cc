// Output files written whole or not at all: the content goes to a temporary
// file beside the target, which is renamed over it only once complete.  A
// symbolic link is followed (its target is replaced, the link stays); a
// pipe or a device (/dev/stdout) is written directly, as it cannot be
// replaced.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace satdoku::cli {

// Why a write failed, from errno: strerror, or "write failed" when errno
// says nothing.
std::string write_error_text(int error);

// Makes the folder `path` (and its parents) unless it exists; throws
// OutputError "cannot create <what> <path>: <reason>" when that fails or the
// path is not a folder.
void make_folder(const std::filesystem::path& path, std::string_view what);

// Throws OutputError now, before a long run, when `path` could not be
// written at its end: its folder is missing or not writable, or it is a
// folder.  (An existing device or pipe is written directly: not checked.)
void check_writable(const std::filesystem::path& path);

class AtomicFile {
 public:
  // Opens "<target>.tmp.<pid>" for writing; throws OutputError when the
  // folder is missing or not writable, or the path is a directory.
  explicit AtomicFile(std::filesystem::path path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  // Writes `text` to stream(), keeping the reason (errno) if the write
  // fails, for commit()'s message: a failure met while writing through
  // stream() leaves commit() only "write failed".
  void write(std::string_view text);
  // Flushes, closes and renames into place; throws OutputError on failure.
  void commit();

 private:
  std::filesystem::path path_, target_, temp_;  // target_: path_ through its links (not when direct_)
  std::ofstream out_;
  bool direct_ = false;  // a pipe or device: no temporary file
  bool committed_ = false;
  int write_errno_ = 0;  // errno of the first failed write(), 0 if none
};

}  // namespace satdoku::cli
