#include "satdoku/solver.hpp"

namespace satdoku {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::solved: return "solved";
    case Status::none: return "none";
    case Status::invalid: return "invalid";
    case Status::unknown: return "unknown";
    case Status::error: return "error";
  }
  return "error";
}

}  // namespace satdoku
