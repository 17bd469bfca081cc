#include "satdoku/error.hpp"

namespace satdoku {

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
