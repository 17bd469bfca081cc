// One record per input puzzle, and how it is printed in each output format.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common.hpp"
#include "satdoku/solver.hpp"

namespace satdoku::cli {

// JSON text (one line unless `indent` >= 0).  Bytes that are not UTF-8 (a
// line of a binary file quoted in a diagnostic, a file name) are written as
// U+FFFD instead of throwing.
std::string json_text(const nlohmann::json& value, int indent = -1);
// The same, keys in the order they were added.
std::string json_text(const nlohmann::ordered_json& value, int indent = -1);

// How a solution given beside the puzzle compares with the answer
// (judge_given_solution).
enum class Given { none, agrees, differs, valid, wrong };
// "agrees", ..., "" for none: JSON's given_solution.
std::string_view to_string(Given given);

struct SolveRecord {
  Entry entry;                 // the puzzle or the reader's diagnostic
  Result result;               // the backend's answer (status error for diagnostics)
  std::string problem;         // non-empty: an answer failed verification or the
                               // reference disagreed (a bug, exit code 3)
  std::string reference_note;  // why the cross-check compared less, e.g. "the reference gave up"
  std::vector<Grid> reference_solutions;  // with a disagreement: the reference's answer
  Given given = Given::none;   // with a solution given beside the puzzle (judge_given_solution)
  std::string given_message;   // why it is wrong, or what its difference means
  std::size_t sequence = 0;    // 1-based position in the whole input
};

// Compares the solution the input gives beside the puzzle (Entry::solution,
// from a CSV solution column) with the answer in `r`, once that is
// verified and cross-checked; sets r.given to
//   agrees   it is one of the answer's solutions;
//   differs  it obeys the rules and keeps the clues, but is not the
//            solution found (the puzzle has more than one);
//   valid    it obeys the rules and keeps the clues, and there is no answer
//            to compare it with (unknown, error);
//   wrong    it changes a clue or breaks a rule (r.given_message: where).
// A valid given solution beside an answer that rules it out (none, or every
// solution found and it not among them) is a bug: r.problem.  Nothing
// without a given solution, or when r.problem is set already.
void judge_given_solution(SolveRecord& r, const Grid& puzzle, const Alphabet& alphabet);

// Digit `digit` of an N x N board as the input wrote it (the --alphabet
// symbol, quoted, where it is not the standard one; else its number, and
// beyond 9 the standard symbol beside it: "14 ('E')").
std::string digit_text(int digit, int n, const Alphabet& alphabet);

// Whether `entry` stands for an input that could not be read, whole or
// from some point on (a missing file, a folder, an I/O error): its
// diagnostic has no line.  The summaries count such inputs apart from the
// puzzles.
inline bool unread_input(const Entry& entry) {
  const auto* d = std::get_if<Diagnostic>(&entry.content);
  return d && d->where.line == 0;
}

// Counts per status, for the summary line.
struct Tally {
  std::size_t puzzles = 0, solved = 0, none = 0, invalid = 0, unknown = 0, errors = 0, problems = 0;
  std::size_t unread = 0;  // inputs not read (unread_input), not counted as puzzles
  std::size_t wrong_given = 0;  // solutions given beside the puzzles that are wrong
  std::size_t by_propagation = 0;  // settled without search (native: no guess; SAT: by the reduction)
  void add(const SolveRecord& record);
  ExitCode exit_code() const;
  // "50 puzzles: 50 solved, 0 none, 0 invalid, 0 unknown, 0 errors; 0.012 s, 4100 puzzles/s"
  std::string summary(double seconds) const;
};

// Says once (`said`) when an --alphabet of the user's has too few symbols
// for the board of `r`, whose answers are then written as numbers: a board
// given in numbers reads without the alphabet, so nothing else would.
void note_short_alphabet(std::ostream& err, const SolveRecord& r, const Alphabet& alphabet, bool& said);

// The notes on how the boards of a run were read, each said once, for the
// commands that read puzzles (solve, check, encode, compare): say() for
// every entry, in input order.
class ReadingNotes {
 public:
  explicit ReadingNotes(const InputConfig& input)
      : box_given_(!input.box.empty()), alphabet_given_(!input.alphabet.empty()) {}
  void say(std::ostream& err, const Entry& entry) {
    note_boxes(err, entry);
    note_zero_blanks(err, entry);
  }

 private:
  // Once per board size, how the boxes of `entry` were chosen when that
  // could surprise: without --box, that the board was read with the default
  // boxes (no drawing gave them), which are not square (a 6x6 puzzle made
  // for boxes of 3 rows by 2 columns would otherwise be solved, judged or
  // encoded as one of 2 by 3 without a word); with --box, that the grid's
  // drawing gives other boxes than --box, which decides.
  void note_boxes(std::ostream& err, const Entry& entry);
  // Once, without --alphabet, that a one-line puzzle of one symbol per cell
  // wrote blanks both as '0' and as '.' (or '_'): '0' is then probably a
  // digit, as in the 0-F symbols common for 16x16 boards, which --alphabet
  // 0-F reads; without it those clues were read as blanks.
  void note_zero_blanks(std::ostream& err, const Entry& entry);

  bool box_given_;
  bool alphabet_given_;
  std::set<int> said_box_;  // board sizes (negative: a drawing that marks no boxes)
  bool said_zero_ = false;
};

// What separates two solutions of an N x N board on one line of output: a
// space, or " | " where the alphabet does not cover N and every solution is
// itself numbers separated by spaces.
std::string_view solution_separator(int n, const Alphabet& alphabet);

// Digit `digit` of an N x N board as a line of output writes it: its
// `alphabet` symbol when the alphabet covers N, else its number.
std::string digit_symbol(int digit, int n, const Alphabet& alphabet);

// "r1c1 and r1c2 both hold 4 in row 1": the digit as digit_text() writes it.
std::string clash_text(const Grid& puzzle, const Clash& clash, const Alphabet& alphabet);

// "file:line" of a record.
std::string source_of(const Entry& entry);

// "file:line: clues clash: r1c1 and r1c2 both hold 4 in row 1": how an
// `invalid` puzzle (`entry` holds its grid) is reported on standard error.
std::string clash_report(const Entry& entry, const Clash& clash, const Alphabet& alphabet);

// The puzzle as one line of text (the raw text for unreadable entries), in
// `alphabet`: the symbols the input was read with (--alphabet), which every
// line of output uses too.
std::string puzzle_text(const Entry& entry, const Alphabet& alphabet);

// JSON fields common to every record: index, source, puzzle, status,
// solution, message/clash, stats, and where they apply box (a puzzle that
// was read), problem, reference, given_solution and given_message.
nlohmann::json record_json(const SolveRecord& record, const Alphabet& alphabet);

// Prints `record` to `out` in `format` (see solve --help for the layouts),
// and its diagnostics to `err`.
// Line and JSON output are written in `alphabet` (in numbers for a board
// larger than it); grid output too, except that under the standard
// alphabet boards above 9x9 are drawn in numbers; tokens and leetcode write
// numbers.
void print_record(std::ostream& out, std::ostream& err, const SolveRecord& record, OutputFormat format,
                  const Alphabet& alphabet);

// "stats": {...} of a result.
nlohmann::json stats_json(const Stats& stats);

// Loud report of a bug (verification failure or disagreement) on `err`.
void report_problem(std::ostream& err, const SolveRecord& record, const Alphabet& alphabet);
// What ends a text record's header (solve's grid and tokens layouts, check's
// report) when report_problem() spoke of it: its answer is not to be trusted.
inline constexpr std::string_view kBugMark = "[BUG: see standard error]";

}  // namespace satdoku::cli
