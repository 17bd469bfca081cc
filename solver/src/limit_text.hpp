// How a search that reached one of its Limits says so, in the SAT backend
// and in the native solver alike (internal to the solver library).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

namespace satdoku::detail {

// "the time limit of 1.5 s was reached"
inline std::string time_limit_reached(double seconds) {
  std::ostringstream text;
  text << "the time limit of " << seconds << " s was reached";
  return text.str();
}

// "the conflict limit of 20 was reached", with `what` = "conflict".
inline std::string count_limit_reached(const char* what, std::uint64_t limit) {
  return std::string("the ") + what + " limit of " + std::to_string(limit) + " was reached";
}

}  // namespace satdoku::detail
