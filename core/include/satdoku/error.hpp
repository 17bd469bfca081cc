// satdoku/error.hpp - error types and source positions shared by every module.
//
// Two kinds of failure are kept apart (as in CaDiCaL):
//  * bad input is a value: readers return a `Diagnostic` with the position of
//    the defect, and batch commands go on with the next puzzle;
//  * misuse of the API or an impossible request throws a typed `Error`
//    (a subclass says which kind), which the command line turns into an
//    exit code.  Library code never prints and never calls exit.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace satdoku {

// Where something was read: file name ("-" or "<stdin>" for standard input),
// 1-based line and column (0 = unknown / whole line).
struct SourceLocation {
  std::string file;
  std::uint64_t line = 0;
  std::uint64_t column = 0;

  // "file:line:col", "file:line" when the column is unknown, "file" when the
  // line is unknown too.
  std::string str() const;
};

// A defect in the input, with its position; `str()` gives the conventional
// "file:line:col: message".
struct Diagnostic {
  SourceLocation where;
  std::string message;

  std::string str() const;
};

// Base of every exception satdoku throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A board size or box shape that satdoku cannot use (a prime N, a --box that
// does not multiply to N, a size beyond the supported maximum).
class GeometryError : public Error {
 public:
  using Error::Error;
};

// A request that is well formed but cannot be honoured (unknown encoding
// name, option value out of range, formula too large for the memory limit).
class UsageError : public Error {
 public:
  using Error::Error;
};

// An input that cannot be read at all (missing file, unreadable device).
// Readers report malformed *content* through Diagnostic instead; the
// conveniences that read exactly one thing (parse_puzzle()) throw it with
// that Diagnostic.
class InputError : public Error {
 public:
  InputError(Diagnostic diagnostic)
      : Error(diagnostic.str()), diagnostic_(std::move(diagnostic)) {}
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// An output that could not be written (missing folder, full disk).
class OutputError : public Error {
 public:
  using Error::Error;
};

// Work given a cancel flag stopped because the flag was raised (the command
// line raises it on SIGINT and SIGTERM); what it was writing is incomplete.
// Thrown by what writes a CNF (write_dimacs(), CancellableSink,
// write_uniqueness_proof()); a solver's solve() instead returns
// Status::unknown with the message "cancelled", as for its other limits.
class Cancelled : public Error {
 public:
  using Error::Error;
};

// The reason a system call failed, to append to a message: ": " and
// strerror(error), or "" when `error` (an errno value) is 0, as after a
// stream failure that left none.
std::string errno_suffix(int error);

}  // namespace satdoku
