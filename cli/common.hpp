// Command-line plumbing shared by the subcommands: exit codes, the command
// table, input/output options, and printing of diagnostics.  Only cli/
// prints or chooses exit codes.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "satdoku/io.hpp"

namespace satdoku::cli {

namespace po = boost::program_options;

// Worker threads: more than this is surely a typo (each one holds a SAT
// instance and a share of --max-memory).
constexpr unsigned kMaxJobs = 1024;
// Throws UsageError unless 1 <= jobs <= kMaxJobs.
void check_jobs(unsigned jobs);
// Refuses a time budget that is negative or not a number (NaN); 0 and
// infinity both mean no limit.
void check_seconds(std::string_view option, double seconds);

// The one list of exit codes (docs/manual.md and --help print the same text).
enum class ExitCode : int {
  ok = 0,            // every puzzle solved / met the expectation
  unsolved = 1,      // some puzzle has no solution, clashing clues, or failed an expectation
  usage = 2,         // usage or input error (the other puzzles were still processed)
  disagreement = 3,  // an answer failed verification or disagreed with the reference: a bug
  interrupted = 130, // stopped by SIGINT, SIGTERM or SIGHUP; records printed so far are complete
};
// The exit-code table of `command`'s --help (of satdoku's, when empty).
std::string exit_code_help(std::string_view command = {});

// `text` with every line longer than `width` broken at blanks, greedily.
// The words carried over start the next line when it goes on with the same
// block (a paragraph's next line, or a table entry's next line at its
// hanging indent), else a line of their own at that indent; a table row
// ("  name    text": indented, with two blanks or more after its name)
// hangs under its text.  A word longer than the line stays whole.
std::string wrap_to(std::string_view text, std::size_t width);

// Exit codes combine by severity: interrupted > disagreement > usage > unsolved > ok.
ExitCode worst(ExitCode a, ExitCode b);

// A subcommand: `satdoku NAME ARGS...`.
struct Command {
  std::string_view name;
  std::string_view summary;  // one line, for `satdoku --help`
  int (*run)(const std::vector<std::string>& args);
};
// The table of subcommands (defined in main.cpp).
const std::vector<Command>& commands();

// The names within a slip of the keyboard of `word` (one edit for words of
// 3 to 5 letters, two from 6; none below 3; capitals count for nothing),
// the nearest first found; `word` itself is not among them.  An edit
// inserts, deletes or changes a character, or swaps two neighbours.
std::vector<std::string> nearest_names(std::string_view word, const std::vector<std::string>& names);
// `word` with its ASCII capitals made small (other bytes as they are).
std::string lowercase(std::string_view word);
// "Did you mean 'a' or 'b'?\n", or "" for no names.
std::string did_you_mean(const std::vector<std::string>& names);
// The commands whose --help lists `option` ("--count"), but `except`.
std::vector<std::string_view> commands_with_option(const std::string& option, std::string_view except = {});
// "'satdoku solve' and 'satdoku check'".
std::string command_list(const std::vector<std::string_view>& names);
// The word the parser could not place (an option of command `self`, or
// before any command when `self` is empty), as the option it was meant to
// be: "--limit" for "--limit=2", "-limit" or "-lmit" (a dash lost), "-x"
// for "-qx" (q one of `self`'s switches) and "-x5", "-q=" for "-q=false".
std::string meant_option(std::string_view self, std::string word);

// Options that say how to read puzzles, shared by every command that reads them.
struct InputConfig {
  std::vector<std::string> files;    // "-" or none: standard input
  std::string format = "auto";
  std::string alphabet;              // empty: default symbols
  std::string box;                   // empty: inferred

  // Adds --input-format, --alphabet, --box (files are positional, added by
  // parse_command).
  void add_options(po::options_description& options);
  // Validates and converts; throws UsageError.
  ReadOptions read_options() const;
};

// Parses `args` for command `name` with the given options and positional
// FILE arguments (bound to `files` when non-null).  Returns false when
// --help was given (the help text has been printed to stdout).  Throws
// po::error or UsageError on bad usage.  `values` (when non-null) receives
// the parsed values, for a command that must tell a default from a choice.
bool parse_command(std::string_view name, std::string_view usage, std::string_view description,
                   po::options_description& options, const std::vector<std::string>& args,
                   std::vector<std::string>* files, po::variables_map* values = nullptr);

// Runs a command body, turning usage errors into a message on stderr and
// exit code 2, and other satdoku errors (and running out of memory) into a
// message and exit code 2.  Standard output that could not be written
// (a full disk, a closed descriptor) is an error too: exit code 2 at least.
int guarded(std::string_view name, int (*body)(const std::vector<std::string>&),
            const std::vector<std::string>& args);

// A command that has said itself that standard output failed calls this,
// so that guarded() does not say it again.
void stdout_failure_reported();

// Writes `text` to standard output and flushes it at once, while a
// failure's reason (errno) is still known: a piece the stream could not
// buffer fails in the write, and the stream keeps no reason for guarded()
// to say at the end.  A failure is said once, as "satdoku COMMAND: cannot
// write standard output: REASON"; false then.
bool write_stdout_now(std::string_view command, std::string_view text);

// "1 error", "2 errors": a count and its noun, as the messages and summaries
// say it.  The plural is the noun and an 's' unless given.
std::string count_text(std::size_t count, std::string_view noun, std::string_view plural = {});

// "2.704 s, 0.37 puzzles/s", as a summary ends: the rate in whole numbers
// from 10 a second, with two significant digits in decimals below.
std::string time_and_rate(double seconds, std::size_t puzzles);

// "1 puzzle", "2 puzzles".
inline std::string puzzles_text(std::size_t count) { return count_text(count, "puzzle"); }

// The comment lines ("c ...") a file begins with, as a CNF's header, at most
// 64 of them; none when it cannot be read.  Tells satdoku's CNF files apart
// from others of the same name before one is removed.
std::vector<std::string> leading_comments(const std::filesystem::path& path);
// The position a file name's `digits` stand for in encode --out-dir's and
// check --proof's names ("12" in 12.cnf, each half of 2-12.drat): a
// decimal number from 1 without leading zeros; 0 for anything else.
std::size_t parse_position(std::string_view digits);

// Removes from the folder `dir` the temporary files (TARGET.tmp.PID, as
// AtomicFile writes, or TARGET.tmp.PID.N, as a proof is written) that a
// process which has ended left behind, TARGET being a name `is_target`
// accepts: a second SIGINT, SIGTERM or SIGHUP ends a run at once, before it removes
// its temporary files.  A running process's files, links and other names
// stay.  Says "satdoku COMMAND: removed N NOUNs of a run that has ended from
// DIR" as remove_leftovers() does.
ExitCode remove_stale_temporaries(const std::filesystem::path& dir, bool (*is_target)(std::string_view),
                                  std::string_view command, std::string_view noun, bool quiet);

// Whether a CNF's leading comments are a proof CNF's (check --proof): one
// is "c uniqueness: ...".
bool is_proof_header(const std::vector<std::string>& comments);
// Whether they are any CNF's satdoku writes (encode's, a proof CNF): the
// first is "c satdoku VERSION CNF".
bool is_satdoku_header(const std::vector<std::string>& comments);
// Whether the file at `path` begins with such a header.
inline bool is_satdoku_cnf(const std::filesystem::path& path) { return is_satdoku_header(leading_comments(path)); }

// Removes from the folder `dir` what an earlier run left there: for each
// entry, `pick` names the files to remove (none: the entry stays).  Removes
// nothing when `dir` is no folder.  Unless `quiet`, says on standard error
// "satdoku COMMAND: removed N NOUNs TAIL"; a folder that cannot be read or a
// file that cannot be removed ("..., a ONE: reason") is an output error.
struct Leftovers {
  std::string_view command, noun, one;
  std::string tail;
};
ExitCode remove_leftovers(const std::filesystem::path& dir,
                          const std::function<std::vector<std::filesystem::path>(const std::filesystem::path&)>& pick,
                          const Leftovers& words, bool quiet);

// True when standard error is a terminal (progress display).
bool stderr_is_terminal();

}  // namespace satdoku::cli
