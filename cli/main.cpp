// satdoku: the command line.  Each subcommand lives in its own file and is
// registered once, in the table below.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "batch.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "satdoku/sat_solver.hpp"

namespace satdoku::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"solve", "solve puzzles (SAT or native backend), verified and cross-checked", run_solve},
      {"encode", "write puzzles as DIMACS CNF for any SAT solver", run_encode},
      {"decode", "turn a SAT solver's model of an encoded puzzle back into a grid", run_decode},
      {"encodings", "list the CNF encodings and at-most-one methods with their sizes", run_encodings},
      {"compare", "encodings and modes side by side: size, time, propagation strength", run_compare},
      {"check", "uniqueness per puzzle, redundant clues (--minimal), DRAT proofs", run_check},
  };
  return table;
}

namespace {

void print_help(std::ostream& out) {
  out << "satdoku " SATDOKU_VERSION " - Sudoku of any size through CNF and the CaDiCaL SAT solver\n\n"
         "Usage: satdoku COMMAND [OPTIONS] [FILE...]\n"
         "       satdoku COMMAND --help\n"
         "       satdoku --version\n\n"
         "Commands:\n";
  for (const Command& c : commands()) {
    std::string name(c.name);
    name.resize(12, ' ');
    out << "  " << name << c.summary << '\n';
  }
  out << "\nPuzzles come from the FILEs, or standard input when none is given or FILE is -.\n\n"
      << exit_code_help();
}

// A standard descriptor closed by the caller (satdoku decode CNF - <&-)
// is the number the next open() returns: decode read its own CNF as
// standard input.  Each closed one gets /dev/null opened the other way
// round, so that no file takes its number and it still fails as a closed
// one does: reading standard input says 'Bad file descriptor', as writing
// standard output or error does.
void hold_closed_standard_descriptors() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (opened >= 0 && opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
}

int help(const std::vector<std::string>&) {
  print_help(std::cout);
  return 0;
}

int version(const std::vector<std::string>&) {
  // The solver's own string on a line of its own: the first line stays
  // "satdoku X.Y.Z" for scripts, and a report of timings says which CaDiCaL
  // produced them ("sc2021" is Debian's 1.5.3).
  std::cout << "satdoku " SATDOKU_VERSION "\nCaDiCaL " << SatSolver::version() << "\n";
  return 0;
}

}  // namespace
}  // namespace satdoku::cli

int main(int argc, char** argv) {
  using namespace satdoku::cli;
  hold_closed_standard_descriptors();
  std::ios::sync_with_stdio(false);
  // A file grown past `ulimit -f` would kill the process with SIGXFSZ, with
  // no message and temporary files left behind; ignored, the write fails
  // with EFBIG and is reported like any other output error (exit code 2).
  std::signal(SIGXFSZ, SIG_IGN);
  install_broken_pipe_handler();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_help(std::cerr);
    return static_cast<int>(ExitCode::usage);
  }
  const std::string& first = args.front();
  int code;
  // Through guarded(), so that a help text that cannot be written is exit code 2.
  auto top_level = [](const std::string& word) {
    return word == "help" || word == "--help" || word == "-h" || word == "--version" || word == "-V";
  };
  if (first == "help" && args.size() > 1 && !top_level(args[1]))
    code = main_dispatch(args[1], {"--help"});
  else if (first == "--help" || first == "-h" || first == "help")
    code = guarded("--help", help, {});
  else if (first == "--version" || first == "-V")
    code = guarded("--version", version, {});
  else
    code = main_dispatch(first, std::vector<std::string>(args.begin() + 1, args.end()));
  end_by_sigpipe_if_broken();
  return code;
}

namespace satdoku::cli {

int main_dispatch(const std::string& name, const std::vector<std::string>& args) {
  for (const Command& c : commands())
    if (c.name == name) return guarded(c.name, c.run, args);
  // Before the command comes a command, --help or --version: a slip of one
  // of them ("CHECK", "--hepl"), or a command's option put before it.
  const bool option = name.starts_with('-');
  std::cerr << "satdoku: unknown " << (option ? "option" : "command") << " '" << name << "'\n";
  std::vector<std::string> names;
  if (option) {
    names = {"--help", "--version", "-h", "-V"};
  } else {
    for (const Command& c : commands()) names.emplace_back(c.name);
    names.insert(names.end(), {"help", "--version"});  // "HELP", "version"
  }
  const std::string meant = option ? meant_option({}, name) : name;  // "-j" of "-j2"
  const std::vector<std::string_view> owners = commands_with_option(meant);
  if (const std::string hint = did_you_mean(nearest_names(name, names)); !hint.empty())
    std::cerr << hint << "Try 'satdoku --help'.\n";
  else if (!owners.empty())
    std::cerr << meant << " is an option of " << command_list(owners)
              << ": options come after the command (satdoku COMMAND [OPTIONS] [FILE...])\nTry 'satdoku --help'.\n";
  else
    print_help(std::cerr);
  return static_cast<int>(ExitCode::usage);
}

}  // namespace satdoku::cli
