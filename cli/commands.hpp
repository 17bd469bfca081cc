// The subcommands, one file each (cmd_<name>.cpp); registered in main.cpp.
#pragma once

#include <string>
#include <vector>

namespace satdoku::cli {

int run_solve(const std::vector<std::string>& args);
int run_encode(const std::vector<std::string>& args);
int run_decode(const std::vector<std::string>& args);
int run_encodings(const std::vector<std::string>& args);
int run_check(const std::vector<std::string>& args);
int run_compare(const std::vector<std::string>& args);

// Runs the subcommand `name` with `args` (after the command name).
int main_dispatch(const std::string& name, const std::vector<std::string>& args);

}  // namespace satdoku::cli
