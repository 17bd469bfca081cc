// satdoku/io.hpp - reading and writing puzzles in the formats people use.
//
// Reading is streamed: a PuzzleReader hands out one Entry at a time, so the
// first answer of a batch never waits for the whole file.  A malformed
// puzzle is a value (an Entry holding a Diagnostic with file:line:col), never
// an exception, and the reader carries on with the next puzzle.  Its words
// are written for people at the command line: where other options would
// read the input, they name satdoku's flags (--input-format csv, --box 3x2,
// --alphabet), which are ReadOptions::format, box and alphabet here.
//
//   std::ifstream in("puzzles.txt");
//   satdoku::PuzzleReader reader(in, "puzzles.txt");
//   while (auto entry = reader.next()) {
//     if (auto* grid = std::get_if<satdoku::Grid>(&entry->content)) ...
//     else std::cerr << std::get<satdoku::Diagnostic>(entry->content).str();
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "satdoku/error.hpp"
#include "satdoku/geometry.hpp"
#include "satdoku/grid.hpp"

namespace satdoku {

// Input formats.  `automatic` decides once per file from its first content.
enum class InputFormat {
  automatic,
  line,      // one puzzle per line, N*N symbols
  euler,     // Project Euler 96: "Grid NN" then N lines of N digits
  grid,      // N lines of N symbols; | - = + * and spaces are layout
  leetcode,  // JSON array of N arrays of N strings (a symbol, a number or ".") or numbers
  comma,     // rows separated by commas: 000000007,008000400,...
  csv,       // comma-separated values, one column a line puzzle (Kaggle's quizzes,solutions)
  tokens,    // whitespace-separated numbers, row-major, 0 or . blank, any N
};

// Every format name as used on the command line ("auto", "line", ...).
std::string_view to_string(InputFormat format);
// nullopt for an unknown name.
std::optional<InputFormat> parse_input_format(std::string_view name);
// All names, for help texts: "auto, line, euler, grid, leetcode, comma, csv, tokens".
std::string input_format_names();

// The symbols that stand for digits 1..N, and those that mean "empty".
// Default: 1-9 then A-Z (case-insensitive) for N up to 35; blanks . 0 _.
class Alphabet {
 public:
  Alphabet();  // the default
  // The default, built once (for default arguments in loops).
  static const Alphabet& standard();
  // A spec such as "0-F", "A-P", "1-9A-G" or an explicit list "123456789":
  // ranges and single characters, in digit order.  A range X-Y runs over
  // 0-9 then A-Z (or a-z), so "0-F" is 0-9 then A-F.  Letters match either
  // case unless the spec uses both cases.  Blanks become . and _ plus 0 when
  // 0 is not a digit.  Throws UsageError when malformed (empty, a backwards
  // range, a blank or unprintable symbol, more than 127 symbols) or repeated,
  // and for a symbol the reader gives a meaning of its own, which a board
  // written with it would not read back as (the promise of format_line and
  // format_grid below): . and _ (blanks), | - = + * (the grid format's box
  // lines), ',' (the comma format), '#' (a comment), '[' and '{' (a section
  // title or a leetcode board at the start of a line); whitespace is
  // unprintable.  The message names the symbol and why.
  static Alphabet parse(std::string_view spec);

  // Digit (1..) of symbol `ch`, 0 for a blank, -1 for anything else.
  int digit_of(char ch) const { return table_[static_cast<unsigned char>(ch)]; }
  // The symbol for digit d.  Throws UsageError, naming the function, unless
  // 1 <= d <= max_digit().
  char symbol_of(int d) const {
    if (d < 1 || d > max_digit()) misuse_symbol(d);
    return symbols_[static_cast<std::size_t>(d - 1)];
  }
  int max_digit() const { return static_cast<int>(symbols_.size()); }
  const std::string& spec() const { return spec_; }
  // True for the default spec, 1-9A-Z (given or not).
  bool is_standard() const { return spec_ == standard().spec_; }

 private:
  [[noreturn]] void misuse_symbol(int d) const;
  std::string spec_;
  std::string symbols_;
  signed char table_[256];
};

struct ReadOptions {
  InputFormat format = InputFormat::automatic;
  std::optional<BoxShape> box = std::nullopt;       // overrides the inferred box shape
  std::optional<Alphabet> alphabet = std::nullopt;  // overrides the default symbols
  bool solutions = true;              // read a CSV solution column (Entry::solution); a
                                      // command that does not compare it passes it over
};

// One puzzle of the input, or the reason it could not be read.
struct Entry {
  std::size_t index = 0;                  // 1-based position in its file
  SourceLocation where;                   // where the puzzle starts (col 0)
  std::string text;                       // the raw text of a one-line puzzle (line, comma,
                                          // one-line leetcode; a CSV record's puzzle field),
                                          // trimmed; else empty
  std::variant<Grid, Diagnostic> content;
  std::size_t input = 0;                  // 1-based position of its file among several inputs
                                          // (set by whoever reads them in turn); 0 if unknown
  std::optional<Grid> solution;           // the solution the input gives beside the puzzle (a
                                          // CSV record's solution column), to be compared with
                                          // the answer; a complete grid of the puzzle's shape
  std::optional<BoxShape> drawn_box{};    // the boxes a drawn grid's lines give (bars across,
                                          // rules down), whether or not the board was read
                                          // with them: without --box it is; with --box,
                                          // --box decides and this may differ
  bool drawing_ignored = false;           // lines drawn between the grid's cells that mark
                                          // no boxes of its size (bars after every 2 columns
                                          // of a 9x9 board): it was read as if undrawn
};

// Longest line a reader buffers: 8 MiB, its line end (LF or CR LF) and a
// byte order mark first not counted.  A longer line is skipped without being
// stored and reported as a Diagnostic with its length (counted the same
// way).  A LeetCode board spread over several lines may total twice this.
inline constexpr std::size_t kMaxLineLength = std::size_t{8} << 20;
// How far an overlong line is read in search of its end: 1 GiB.  A line
// that goes on longer (/dev/zero never ends) is reported there as longer
// than this, and its input ends with it; so a reader always returns.
inline constexpr std::uint64_t kMaxSkippedLength = std::uint64_t{1} << 30;

// How `automatic` decides, from the first line that is neither blank nor a
// `#` comment (a UTF-8 byte order mark at a line's start, as in
// concatenated files, and CR line ends are accepted by every format), by
// the first rule that matches:
//   starts with `{`, or `[` and no letter; or
//     is `null` (leetcode output for "no
//     answer", reported by that reader)         -> leetcode
//   starts with `[Name]` (SadMan section)       -> grid
//   a CSV header (column names separated by , ;
//     or tab, one of them puzzle, quizzes, ...)
//     or Excel's `sep=;`, or a record with a
//     puzzle and its solution ("0,P,S,27,2.2")  -> csv (a header that heads
//                                                  no record after it: a title)
//   starts with the word `Grid` (any case)      -> euler
//   a whole puzzle (below), a comma, then text
//     that is no row as long: "PUZZLE,x"        -> line (which names the text)
//   contains a comma                            -> comma
//   a control byte (not tab) or a byte > 0x7E   -> line (reported per line)
//   blank-separated single digits, some of them
//     read by --alphabet as other digits or not
//     at all (0-8, A-I)                         -> tokens (numbers under any alphabet)
//   a whole puzzle (N*N symbols, each at most
//     N, N >= 4), alone or followed by more
//     text: "PUZZLE 11.9", "PUZZLE#note"        -> line (which names the text)
//   any of | - = + * (layout), or blank-separated
//     pieces not all numbers (single symbols
//     are none when --alphabet makes 0 a digit) -> grid
//   more blank-separated numbers than kMaxSize  -> line (N*N numbers, N > 35)
//   at least ten blank-separated numbers (no
//     leading zeros; 0 blank)                   -> tokens (N lines of N numbers)
//   fewer blank-separated numbers               -> grid (a spaced row, N <= 9)
//   at most as many symbols as the alphabet has -> grid (a row of N symbols)
//   anything else                               -> line (reported per line)
// A first line that starts no board of its format (a title such as
// "Puzzles", a grid row of no board size) is passed over: of the next three
// content lines the first that starts a board decides, and the format's
// reader then reports the line alone.  A line that reads two ways has the
// lines after it vote: 16 symbols (a 4x4 puzzle or a 16x16 grid's first
// row), blank-separated numbers (a tokens row, a whole puzzle, or a grid row
// with blanks between its symbols).
// Per format: `line` skips blank and # lines and keeps the puzzle's text in
// Entry::text (a line with blanks holds N*N numbers, as format_line writes
// them for N > 35); `grid` skips # lines, layout-only lines and the rows of
// SadMan sections other than [Puzzle], and ends a puzzle after N rows (N =
// symbols in its first row; rows of at least ten blank-separated numbers are
// read as numbers, as format_grid writes them for N > 9); in a row only |
// may touch a cell, and a - = + * glued to one ("-3", "3-", "+5") is a defect
// at its column; a blank line or a header inside a grid is a missing row,
// unless one blank line stands between every two rows (double-spaced);
// `tokens` reads N lines of N numbers, 0 or . blank; `euler` wants `Grid NN`
// before every grid;
// `leetcode` reads one JSON board (which may span lines), cells "5", "." or
// numbers; `comma` reads one puzzle per line, rows between commas; `csv`
// reads the puzzle column of each record (fields separated by , ; or tab,
// quotes allowed), chosen by a header's name or, without one, by the first
// record with a puzzle and its solution (a header of other names right
// above a record as wide is passed over); a record must have the fields of
// the header or of that record (empty ones at its end aside).  The solution
// column (a header's solution, solutions, answer or answers; without a
// header, the choosing record's first whole puzzle without a blank other
// than the puzzle, which is its first with one), where a record fills it
// with other than a placeholder (NaN, null, N/A, -, ...), becomes
// Entry::solution: it must be a complete grid of the puzzle's size, else
// the record is a Diagnostic at that field.
// After a defect the reader skips the rest of that puzzle: to the next line
// (line, comma, csv), to N rows or a blank line (grid, tokens: except for a
// defective first row that the rows after it show to be a stray line, a
// title, say, which is reported alone; a first row with symbols missing or
// extra that they show to be their board's first is that board's record,
// N theirs), to the next `Grid` header (euler).
class PuzzleReader {
 public:
  // `name` is used in positions ("-" is shown as "<stdin>").  The stream
  // must outlive the reader.
  PuzzleReader(std::istream& in, std::string name, ReadOptions options = {});
  ~PuzzleReader();
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  // The next puzzle or diagnostic, nullopt at the end of the input.  After a
  // malformed puzzle the reader resynchronises at the next puzzle boundary.
  // Throws InputError ("FILE: cannot read: REASON") when the input cannot be
  // read: a std::ifstream whose file did not open (a missing file is no
  // empty input), or a failed read (a folder, an I/O error).  Thread-safe
  // as any object: one reader per thread.
  std::optional<Entry> next();

  // The format in use (decided by the first content when automatic).
  InputFormat format() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Every entry of the file at `path` (puzzles and diagnostics, in order),
// read as PuzzleReader reads it, all in memory (for a large collection, a
// PuzzleReader over an std::ifstream holds one entry at a time):
//   for (const satdoku::Entry& e : satdoku::read_entries("puzzles.txt")) ...
// Throws InputError ("FILE: cannot open: REASON", "FILE: cannot read: ...")
// when the file cannot be opened or read.
std::vector<Entry> read_entries(const std::filesystem::path& path, const ReadOptions& options = {});

// The one puzzle in `text`, read as PuzzleReader reads a file (any format,
// or options.format), for small programs and tests:
//   Grid p = parse_puzzle("1..4..1..4..3..2");   // a 4x4 puzzle
// Throws InputError with the reader's diagnostic ("<text>:1:5: ...") for a
// malformed puzzle, and InputError too when `text` holds none or several.
Grid parse_puzzle(std::string_view text, const ReadOptions& options = {});

// A compressed file or an archive, told by its first bytes (gzip, xz,
// zstd, bzip2, zip): what it is ("a gzip-compressed file", ..., "a zip
// archive") and the command that writes its text to standard output
// ("zcat", "xzcat", "zstdcat", "bzcat", "unzip -p"); nullopt for anything
// else.  Each reader says so instead of a flood of
// errors about bytes that are no text.
struct Compression {
  std::string_view kind;
  std::string_view command;

  // What a reader says of such a file given as `what` ("puzzles"): "this is
  // a gzip-compressed file, not puzzles: decompress it first (zcat FILE |
  // `then`)".
  std::string message(std::string_view what, std::string_view then) const;
};
std::optional<Compression> compression_of(std::string_view start);

// Whether text that begins with `start` (a line's first bytes at least) is
// UTF-16: a byte order mark, or ASCII characters each with a NUL byte
// beside it.  utf16_message() is what a reader says of it: "this is UTF-16
// text (...), not UTF-8 or ASCII: save it as UTF-8, or convert it (iconv -f
// UTF-16 -t UTF-8 FILE | `then`)".
bool is_utf16(std::string_view start);
std::string utf16_message(std::string_view then);

// Output formats for grids.
enum class OutputFormat { grid, line, tokens, leetcode, json };
std::string_view to_string(OutputFormat format);
std::optional<OutputFormat> parse_output_format(std::string_view name);
std::string output_format_names();

// Writers.  Empty cells print as '.' (line, grid, leetcode) or 0 (tokens).
// `line`: N*N symbols on one line, no newline; for N beyond the alphabet
//         (N > 35 by default) the numbers separated by single spaces.
// `grid`: N lines, boxes drawn with | and a -+- rule, columns aligned for
//         N > 9 (numbers then, not letters); ends with a newline.  Given an
//         alphabet other than the standard one that covers N, its symbols
//         instead of numbers (so --alphabet A-I reads back).  4x4:
//             1 . | . .
//             . . | 2 .
//             ----+----
//             ...
// `tokens`: N lines of N numbers separated by single spaces; ends with a
//         newline.
// `leetcode`: one-line JSON array of N arrays of N one-character strings
//         (numbers as strings for N > 9), no newline.
// Every writer's output reads back (auto-detected) as the same grid when
// the box shape is the one inferred for N (else pass ReadOptions::box) and,
// for format_line and format_grid, the reader is given the same alphabet.
std::string format_line(const Grid& grid, const Alphabet& alphabet = Alphabet::standard());
std::string format_grid(const Grid& grid, const Alphabet& alphabet = Alphabet::standard());
std::string format_tokens(const Grid& grid);
std::string format_leetcode(const Grid& grid);

}  // namespace satdoku
