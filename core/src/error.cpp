#include "satdoku/error.hpp"

#include <cstring>

namespace satdoku {

std::string errno_suffix(int error) { return error ? std::string(": ") + std::strerror(error) : std::string(); }

std::string SourceLocation::str() const {
  std::string s = file.empty() ? std::string("<input>") : file;
  if (line > 0) {
    s.append(":").append(std::to_string(line));
    if (column > 0) s.append(":").append(std::to_string(column));
  }
  return s;
}

std::string Diagnostic::str() const {
  std::string s = where.str();
  s.append(": ").append(message);
  return s;
}

}  // namespace satdoku
