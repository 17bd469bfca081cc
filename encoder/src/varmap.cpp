#include "satdoku/varmap.hpp"

#include "satdoku/error.hpp"

namespace satdoku {

void VarMap::misuse(int n) {
  throw UsageError("VarMap: board size " + std::to_string(n) + " is out of range (1 to 1024, so that N^3 fits an int)");
}

}  // namespace satdoku
