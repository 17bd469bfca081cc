// One libFuzzer entry point for every check of checks.hpp; CMake builds it
// once per target with SATDOKU_FUZZ_CHECK set to the call to make, e.g.
// check_reader(data, InputFormat::tokens).  A violated property aborts with
// its description.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace satdoku;
  using namespace satdoku::fuzz;
  const std::string_view data(reinterpret_cast<const char*>(bytes), size);
  const std::string problem = SATDOKU_FUZZ_CHECK;
  if (!problem.empty()) {
    std::fprintf(stderr, "property violated: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
