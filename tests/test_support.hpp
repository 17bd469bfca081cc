// Helpers shared by the test programs: where the data is, reading puzzle
// files, and running the built `satdoku` executable.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "satdoku/grid.hpp"
#include "satdoku/io.hpp"

namespace satdoku::test {

inline std::filesystem::path source_dir() { return SATDOKU_SOURCE_DIR; }
inline std::filesystem::path shared_data() { return SATDOKU_SHARED_DATA; }
inline std::filesystem::path test_data() { return source_dir() / "tests" / "data"; }
inline std::filesystem::path satdoku_binary() { return SATDOKU_BINARY; }

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every puzzle of a file (through the auto-detecting reader); throws on a
// diagnostic, since test collections are well formed. `limit` 0 = all.
inline std::vector<Grid> read_puzzles(const std::filesystem::path& path, std::size_t limit = 0,
                                      ReadOptions options = {}) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  PuzzleReader reader(in, path.string(), options);
  std::vector<Grid> out;
  while (auto entry = reader.next()) {
    if (auto* d = std::get_if<Diagnostic>(&entry->content)) throw std::runtime_error(d->str());
    out.push_back(std::get<Grid>(entry->content));
    if (limit && out.size() == limit) break;
  }
  return out;
}

// A folder of its own for a test ("satdoku-NAME-PID" in the temporary
// folder), empty at the start and removed with what it holds at the end.
struct ScratchDir {
  std::filesystem::path dir;
  explicit ScratchDir(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("satdoku-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

// A valid grid for boxes of `rows` rows and `cols` columns (n = rows*cols):
// row r is the digits shifted by cols*(r mod rows) + r div rows, which
// every row, column and box holds once.
inline Grid pattern_solution(int rows, int cols) {
  const int n = rows * cols;
  Grid g(Geometry::shared(n, BoxShape{rows, cols}));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) g.set(r, c, (cols * (r % rows) + r / rows + c) % n + 1);
  return g;
}

inline std::vector<Grid> read_puzzles_text(const std::string& text, ReadOptions options = {}) {
  std::istringstream in(text);
  PuzzleReader reader(in, "<text>", options);
  std::vector<Grid> out;
  while (auto entry = reader.next()) {
    if (auto* d = std::get_if<Diagnostic>(&entry->content)) throw std::runtime_error(d->str());
    out.push_back(std::get<Grid>(entry->content));
  }
  return out;
}

// The lines of `text`, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

struct RunResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// The first `count` puzzle lines of a shared one-line collection (blank
// lines and `#` comments skipped), each ending with a line feed.
inline std::string first_lines(const std::string& file, std::size_t count) {
  std::istringstream in(slurp(shared_data() / file));
  std::string out;
  std::size_t taken = 0;
  for (std::string line; taken < count && std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    out += line + "\n";
    ++taken;
  }
  return out;
}

// How many times `needle` occurs in `text` (not overlapping).
inline std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++count;
  return count;
}

// Runs the shell `command` and returns what it wrote to standard output,
// read through a pipe (which no `ulimit -f` in the command touches).
inline RunResult run_shell(const std::string& command) {
  RunResult r;
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.out.append(buffer, got);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs `satdoku ARGS` through the shell (ARGS is shell text, so quote paths),
// with `stdin_text` on standard input.
inline RunResult run_satdoku(const std::string& args, const std::string& stdin_text = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const ScratchDir scratch("test-" + std::to_string(counter++));
  const fs::path& dir = scratch.dir;
  { std::ofstream(dir / "stdin", std::ios::binary) << stdin_text; }
  const std::string command = "'" + satdoku_binary().string() + "' " + args + " < '" +
                              (dir / "stdin").string() + "' > '" + (dir / "stdout").string() +
                              "' 2> '" + (dir / "stderr").string() + "'";
  const int status = std::system(command.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "stdout");
  r.err = slurp(dir / "stderr");
  return r;
}

}  // namespace satdoku::test
