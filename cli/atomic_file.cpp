#include "atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "satdoku/error.hpp"

namespace satdoku::cli {

AtomicFile::AtomicFile(std::filesystem::path path)
    : path_(std::move(path)), temp_(path_.string() + ".tmp." + std::to_string(::getpid())) {
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) throw OutputError("cannot write " + path_.string() + ": " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    out_.close();
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
  }
}

void AtomicFile::commit() {
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  std::error_code error;
  if (ok && !out_.fail()) std::filesystem::rename(temp_, path_, error);
  if (!ok || out_.fail() || error) {
    std::filesystem::remove(temp_, error);
    throw OutputError("cannot write " + path_.string() + (ok ? ": " + error.message() : ": write failed"));
  }
  committed_ = true;
}

}  // namespace satdoku::cli
