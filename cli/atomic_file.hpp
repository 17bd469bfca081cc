// Output files written whole or not at all: the content goes to a temporary
// file beside the target, which is renamed over it only once complete.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace satdoku::cli {

class AtomicFile {
 public:
  // Opens "<path>.tmp.<pid>" for writing; throws OutputError when the folder
  // is missing or not writable.
  explicit AtomicFile(std::filesystem::path path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  // Flushes, closes and renames into place; throws OutputError on failure.
  void commit();

 private:
  std::filesystem::path path_, temp_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace satdoku::cli
