// Internal to the core library: what the reader's source files share.
//   LineSource   - buffered lines from a streambuf (BOM, CRLF, overlong lines)
//   text helpers - trimming, describing characters, numbers (reading_text.cpp)
//   detect()     - the automatic format decision (reading_detect.cpp)
//   Impl         - one read_* function per format (read_*.cpp; reader.cpp
//                  holds the basics and the choice of format)
// The helpers live in namespace satdoku::reading; this header makes them
// visible in satdoku for the reader's files, the only ones that include it.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <istream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "satdoku/io.hpp"
#include "satdoku/verify.hpp"

namespace satdoku {
namespace reading {

// ---------------------------------------------------------------- lines --

constexpr std::size_t kChunk = 64 * 1024;
constexpr std::size_t kKeptOfLongLine = 64;  // bytes of an overlong line kept for the message

struct Line {
  std::string_view text;     // without CR/LF and a BOM first; valid until the next read
  std::uint64_t number = 0;  // 1-based
  std::uint64_t length = 0;  // bytes in the line; more than text.size() when overlong
  bool unended = false;      // overlong and not read to its end: `length` bytes at least,
                             // and the input ends with it
  bool too_long() const { return length > text.size(); }
};

// Hands out the lines of a stream one by one, reading only as much as it
// needs (a pipe's first line is answered before the writer finishes).
class LineSource {
 public:
  explicit LineSource(std::istream& in) : sb_(in.rdbuf()), buf_(kChunk) {
    eof_ = sb_ == nullptr;
    const auto* file = dynamic_cast<const std::filebuf*>(sb_);
    open_ = !file || file->is_open();
  }

  // False for a file stream whose file is not open (std::ifstream of a
  // name that does not exist): no input, not an empty one.
  bool open() const { return open_; }

  bool next(Line& line) {
    line.unended = false;
    std::size_t scan = begin_;
    for (;;) {
      if (scan < end_) {
        if (const void* nl = std::memchr(buf_.data() + scan, '\n', end_ - scan)) {
          const std::size_t pos = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
          line.text = std::string_view(buf_.data() + begin_, pos - begin_);
          line.length = line.text.size();
          begin_ = pos + 1;
          break;
        }
      }
      scan = end_;
      if (eof_) {
        if (begin_ == end_) return false;
        line.text = std::string_view(buf_.data() + begin_, end_ - begin_);
        line.length = line.text.size();
        begin_ = end_;
        break;
      }
      if (partial_length() > kMaxLineLength) {
        skip_long_line(line);
        break;
      }
      if (begin_ > 0) {  // keep the partial line at the front of the buffer
        std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        scan -= begin_;
        begin_ = 0;
      }
      if (end_ == buf_.size()) buf_.resize(std::min(2 * buf_.size(), kMaxLineLength + kChunk));
      if (fill() == 0) eof_ = true;
    }
    ++number_;
    line.number = number_;
    if (!line.too_long() && !line.text.empty() && line.text.back() == '\r') {
      line.text.remove_suffix(1);
      --line.length;
    }
    if (line.text.substr(0, 3) == "\xEF\xBB\xBF") {  // any line: files may be concatenated
      line.text.remove_prefix(3);
      line.length -= 3;
    }
    // A line found whole may still be too long: the buffer holds a little
    // more than the limit.
    if (!line.too_long() && line.length > kMaxLineLength) {
      long_prefix_.assign(line.text.substr(0, kKeptOfLongLine));
      line.text = long_prefix_;
    }
    return true;
  }

  std::uint64_t lines_read() const { return number_; }

  // True when next() would not wait for the writer: a whole line is
  // buffered, the input has ended, or the stream has bytes ready (a regular
  // file until its end; a pipe or terminal only what has arrived).
  bool ready() const {
    return eof_ || std::memchr(buf_.data() + begin_, '\n', end_ - begin_) != nullptr || sb_->in_avail() > 0;
  }

 private:
  // Reads what the stream has ready (at least one byte unless at the end).
  std::size_t fill() {
    using traits = std::streambuf::traits_type;
    const std::size_t space = buf_.size() - end_;
    std::streamsize avail = sb_->in_avail();
    if (avail <= 0) {
      if (traits::eq_int_type(sb_->sgetc(), traits::eof())) return 0;
      avail = std::max<std::streamsize>(sb_->in_avail(), 1);
    }
    const auto want = std::min<std::streamsize>(avail, static_cast<std::streamsize>(space));
    const std::streamsize got = sb_->sgetn(buf_.data() + end_, want);
    if (got <= 0) return 0;
    end_ += static_cast<std::size_t>(got);
    return static_cast<std::size_t>(got);
  }

  // The bytes of the line begun at begin_ read so far, without those that
  // are not part of it however it goes on: a CR last (it may start the
  // line's CR LF), and a byte order mark first.
  std::size_t partial_length() const {
    std::size_t length = end_ - begin_;
    if (length > 0 && buf_[end_ - 1] == '\r') --length;
    if (length >= 3 && std::memcmp(buf_.data() + begin_, "\xEF\xBB\xBF", 3) == 0) length -= 3;
    return length;
  }

  // The line starting at begin_ exceeds kMaxLineLength: keep its first
  // bytes for the message and discard the rest without buffering it, up to
  // kMaxSkippedLength bytes (beyond, the input ends here).  Its length, like
  // a line's text, leaves out a CR at its end.
  void skip_long_line(Line& line) {
    long_prefix_.assign(buf_.data() + begin_, kKeptOfLongLine);
    std::uint64_t length = end_ - begin_;
    char last = buf_[end_ - 1];
    begin_ = end_ = 0;
    for (;;) {
      if (length > kMaxSkippedLength) {
        eof_ = true;
        line.unended = true;
        last = '\0';
        break;
      }
      if (fill() == 0) {
        eof_ = true;
        break;
      }
      if (const void* nl = std::memchr(buf_.data(), '\n', end_)) {
        const std::size_t pos = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
        length += pos;
        if (pos > 0) last = buf_[pos - 1];
        begin_ = pos + 1;
        break;
      }
      length += end_;
      last = buf_[end_ - 1];
      end_ = 0;
    }
    line.text = long_prefix_;
    line.length = length - (last == '\r');
  }

  std::streambuf* sb_;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  bool open_ = true;
  std::uint64_t number_ = 0;
  std::string long_prefix_;
};

// -------------------------------------------- text helpers (reading_text.cpp) --

inline bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }
inline bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
inline bool is_layout(char ch) { return ch == '|' || ch == '-' || ch == '=' || ch == '+' || ch == '*'; }
inline bool is_alpha(char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'); }

// Calls `visit(b, e)` for each piece t[b, e) of `t`, a longest run of
// characters that are no `separator`, from left to right.
template <class Separator, class Visit>
void for_each_piece(std::string_view t, Separator separator, Visit visit) {
  for (std::size_t i = 0; i < t.size();) {
    while (i < t.size() && separator(t[i])) ++i;
    if (i == t.size()) return;
    const std::size_t b = i;
    while (i < t.size() && !separator(t[i])) ++i;
    visit(b, i);
  }
}

// Whether `t` reads as words rather than as a damaged puzzle: it holds a
// word (three letters or more in a row, not all the same, one of them lower
// case: "Puzzles", "Level: easy"; not "xxx" blanks, nor the capitals of a
// 16x16 row), and it is shorter than any one-line puzzle (16 symbols) or has
// two pieces with letters (a lower-case 16x16 puzzle is one piece of letters).
bool has_word(std::string_view t);

bool reads_as_words(std::string_view t);

// Whether `t` is text a person typed: no control bytes (tabs aside), and
// bytes beyond ASCII only in well-formed UTF-8 sequences (the bounds of
// overlong and surrogate forms are not checked).
bool plain_text(std::string_view t);

// Added to the message about a line that reads as words.
inline constexpr std::string_view kCommentHint = " (if this line is a title or a note, start it with '#' to make it a comment)";

// `text` without surrounding blanks; `offset` receives the bytes cut in front.
std::string_view trim(std::string_view text, std::size_t& offset);

bool starts_with_grid_word(std::string_view t);

// A row of a multi-line board whose length differs from the board's width
// n (set by row 1).  On row 2 either row may be the wrong one (a first row
// cut short sets n too small), so both are named; a later row differs from
// every row before it.  `row` counts from 0; `count` is "9" or "more than 9".
std::string row_length_error(int row, const std::string& count, int n, std::string_view what);

// A board of N rows that ends after `rows` of them: "expected row 4 of 9,
// found a blank line" (`found` says what came instead).
inline std::string missing_row(int rows, int n, std::string_view found) {
  return "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) + ", found " + std::string(found);
}

// "'x'" for a printable character, "byte 0x00" otherwise.
std::string describe_char(char ch);

// A token quoted for a message, shortened when long.
std::string quote(std::string_view token);

std::uint64_t isqrt(std::uint64_t x);

// Why a number written with a sign ('+5', '-0') is no cell.
std::string signed_message(std::string_view token);

// A decimal number token: value, or a reason why it is not one.
struct Number {
  // `signed_number`: a number written with '+', or "-0": cells take no sign.
  enum Kind { ok, negative, signed_number, too_large, not_a_number } kind = not_a_number;
  long long value = 0;
};

Number parse_number(std::string_view token);

// One piece of a row: its value and its 1-based column.
struct Cell {
  int value;
  std::uint32_t column;
  bool unreadable = false;  // no symbol of the alphabet, or a number too large (value 0)
};

// --------------------------------------------- detection (reading_detect.cpp) --

// N when `count` is N*N for a board size N (4 to kMaxSize) with a box shape
// (or a --box given), else 0: the size a line of `count` symbols or
// numbers would be a whole puzzle of.
int square_board_size(std::uint64_t count, const ReadOptions& options);
// The board size --box gives (R*C), or 0: no --box, or one beyond the
// largest board (R*C may not fit in 64 bits squared).
std::size_t boxed_size(const ReadOptions& options);

// Every character of `t` is a blank or a symbol of a digit up to `n`.
bool symbols_fit(std::string_view t, const Alphabet& alphabet, int n);

// The side N of the board when `t` is a whole one-line puzzle (N*N symbols
// of a board size that has a box shape, each a symbol of an N x N board), else 0.
int whole_line_puzzle(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

// Where text glued to a whole one-line puzzle starts: the first character
// after the line's leading run of symbols when that run is a whole puzzle and
// the character is neither a symbol nor a blank ("PUZZLE#note", "PUZZLE,x",
// where a note needs a blank before '#'), or npos.
std::size_t glued_text(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

// The side N when `t` is N blank-separated groups of N symbols that make a
// whole one-line puzzle together (its rows, blanks between them), else 0.
int rows_apart(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

// What to do about a line of rows_apart() `n`.
std::string rows_apart_hint(int n);

// Where in `t` (an index) the first blank is when `t` is a whole one-line
// puzzle split by stray blanks: fewer than 16 groups of symbols (too few
// for a spaced one-line puzzle) that make the puzzle together (".2.3..1.64
// ......").  Else nullopt.  Callers ask rows_apart() first: its groups of
// N make a whole puzzle too.
std::optional<std::size_t> stray_blank(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

// What to say of a line with a stray_blank() at `column` (1-based).
std::string stray_blank_hint(std::string_view t, std::size_t column);

// Whether decimal digit `ch` stands for its own value in the alphabet ('0'
// a blank), as in a number: the layouts that write numbers (tokens,
// leetcode) read the same under any alphabet when it does not.
inline bool digit_is_its_value(const Alphabet& alphabet, char ch) { return alphabet.digit_of(ch) == ch - '0'; }

// The blank-separated pieces of a line: how many, and whether all are
// numbers (then the largest).
struct Pieces {
  std::size_t count = 0;
  bool numbers = true;
  long long max = 0;
};

Pieces pieces_of(std::string_view t);

// The separators of CSV files: commas, semicolons (spreadsheets where the
// decimal mark is a comma), tabs.
inline constexpr std::string_view kCsvSeparators = ",;\t";

// One field of a CSV line: its text without surrounding blanks and double
// quotes, and where that text starts in the line (from 0).
struct CsvField {
  std::string_view text;
  std::size_t column;
  bool open = false;  // a quoted field without its closing quote: it runs to the line's end
};

// The fields of the CSV line `t`, separated by `sep`.  A field in double
// quotes may hold the separator ("Royle, G."); a doubled quote in it stays
// doubled (no puzzle holds one), and text after its closing quote is
// passed over.  A record is one line: a quoted field is not continued on
// the next (the field is `open`).
std::vector<CsvField> csv_fields(std::string_view t, char sep);

// The fields of a CSV record that count: without empty ones at its end (a
// spreadsheet's trailing separators).
std::size_t significant_fields(const std::vector<CsvField>& fields);

// Whether `text` is one of `words` (lower case), in any case.
bool is_word_among(std::string_view text, std::initializer_list<std::string_view> words);

// Whether a CSV column called `name` holds the puzzles, as in the published
// collections ("quizzes,solutions"; "id,puzzle,solution,clues,difficulty").
bool names_puzzle_column(std::string_view name);

// Whether a CSV field stands for "no value" as spreadsheets and data
// frames write it (NaN, null, N/A, -, ...): a solution field holding one
// gives no solution to compare.
bool placeholder(std::string_view text);

// Whether a CSV column called `name` holds the puzzles' solutions.
bool names_solution_column(std::string_view name);

// Whether `name` may stand in a CSV header: empty, pandas' "Unnamed: 0"
// for an index without a name, or letters, digits, '_', '-' and '.' that
// start with a letter or '_'.  "week 12", with a blank, is no name, so
// "Puzzles, week 12" is a title.
bool column_name(std::string_view name);

// A CSV header: its separator and the index of the column of puzzles.
struct CsvHeader {
  char separator = ',';
  int column = -1;
  std::size_t fields = 0;  // all of them
  std::size_t width = 0;   // significant_fields()
  std::string name;        // the puzzle column's
  int solution = -1;       // the solution column, if one is named
};

// `t` as a CSV header: column names only (column_name()), one of them a
// puzzle column's (names_puzzle_column()), with the separator that gives
// the most fields (a quoted "puzzle";"solution" is one field for a comma:
// the text after a closing quote is passed over); nullopt for another
// line.  A lone name must be written as programs write column names, in
// lower case ("quizzes"), so that a title "Puzzles" stays one.
std::optional<CsvHeader> csv_header(std::string_view t);

// The separator an Excel "sep=;" line names (a tab is trimmed away with
// the line's blanks: "sep="), or 0 for another line.
char csv_separator_line(std::string_view t);

// The indexes of the fields of a CSV record that are whole line puzzles of
// the first one's size.
std::vector<std::size_t> whole_puzzle_fields(const std::vector<CsvField>& fields, const Alphabet& alphabet,
                                             const ReadOptions& options);

// Whether `fields` make a CSV record of a puzzle and its solution (Kaggle's
// files without their header): two of them whole line puzzles of one size
// N*N, and either fewer than N fields in all or no more than half of them
// that long.  A comma board of 16x16 has rows as long as 4x4 puzzles, but
// 16 of them (15 with one missing), all as long; a puzzle with other text
// after a comma ("PUZZLE, 5 stars") is no record: its reader names the
// comma.
bool reads_as_csv_record(const std::vector<CsvField>& fields, const Alphabet& alphabet, const ReadOptions& options);

// The separator of `t` as a CSV header or record, or 0 when it is neither.
char csv_separator(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

// Decides the format of a file from its first content line `t` (trimmed,
// neither blank nor a # comment).
InputFormat detect(std::string_view t, const Alphabet& alphabet, const ReadOptions& options);

}  // namespace reading

using namespace reading;  // (internal header: the reader's files only)

// ----------------------------------------------------------------- Impl --

struct PuzzleReader::Impl {
  Impl(std::istream& in, std::string name, ReadOptions opts)
      : source(in),
        file(name == "-" ? std::string("<stdin>") : std::move(name)),
        options(std::move(opts)),
        alphabet(options.alphabet ? *options.alphabet : Alphabet()),
        format(options.format) {}

  LineSource source;
  std::string file;
  ReadOptions options;
  Alphabet alphabet;
  InputFormat format;
  std::size_t index = 0;
  bool finished = false;
  std::optional<Entry> foreign;  // the one entry of a file that holds no puzzles (decide_format)

  // Lines handed back to be read again (multi-line formats, and the
  // detection's look ahead): a stack, the back is read next.
  struct Pending {
    std::string text;
    Line line;
  };
  std::vector<Pending> pending;
  std::string pending_current;  // the text of the pending line read last

  // The geometry of the last board size seen, or why there is none.
  int shape_n = -1;
  std::shared_ptr<const Geometry> shape;
  std::string shape_error;

  bool in_puzzle_section = true;  // grid format: outside SadMan sections other than [Puzzle]

  // Scratch buffers reused from puzzle to puzzle.
  std::vector<Cell> cells;
  bool row_of_numbers = false;  // split_row read the row in `cells` as numbers
  std::string board_text;
  std::vector<std::pair<std::size_t, std::uint64_t>> board_lines;  // (offset, line number)

  // ----------------------------------------------- basics (reader.cpp) --

  bool next_line(Line& line);

  void push_back(const Line& line) { pending.push_back({std::string(line.text), line}); }

  // A line with content, neither blank nor a # comment.
  struct Content {
    Line line;
    std::string_view t;   // its text without surrounding blanks (empty when overlong)
    std::size_t off = 0;  // the bytes cut in front
  };

  // The next line with content; an overlong line comes as it is, for the
  // caller to report.  False at the end of the input.
  bool next_content(Content& c);

  // The line number just past the input (where "the end" is reported).
  std::uint64_t end_line() const { return source.lines_read() + 1; }

  const std::shared_ptr<const Geometry>& geometry(int n);

  Entry make_entry(std::uint64_t start, std::variant<Grid, Diagnostic> content, std::string text = {});

  // A record that could not be read.  `text`, when given, is the record's
  // one line.
  Entry fail(std::uint64_t start, std::uint64_t line, std::uint64_t column, std::string message,
             std::string text = {});

  // "1-9, A-G" for the symbols of digits 1..n.
  std::string symbol_ranges(int n) const;

  std::string blanks() const { return alphabet.digit_of('0') == 0 ? ". 0 _" : ". _"; }

  // What a cell may hold, for messages; n = 0 when the size is not known yet.
  std::string expected_symbol(int n) const;

  std::string out_of_range(int value, int n, bool symbol, char ch) const;

  // Why the first row of a multi-line board, `n` cells long (`what`:
  // "symbols", "numbers"), starts no board; after geometry(n) failed.
  std::string first_row_error(int n, std::string_view what) const;
  // "a one-line puzzle of a 6x6 board (box 3x2) has 36 symbols: found 35",
  // for a line of `count` symbols (or entries) under a --box of a board
  // (boxed_size() > 0).
  std::string boxed_line_size(std::uint64_t count, std::string_view what) const;

  std::string too_long_message(const Line& line) const;

  // --------------------------------------------- dispatch (reader.cpp) --

  std::optional<Entry> next();

  bool decide_format();

  // Why a file whose first content line is `t` holds no puzzles: it is
  // compressed (gzip, xz, zstd, bzip2, zip) or UTF-16 text, or it is a CNF
  // or a SAT solver's answer (DIMACS, or MiniSat's SAT/UNSAT); "" when it
  // may hold puzzles: "p cnf ...", a "c" comment with a word in it (as
  // satdoku's CNFs and CaDiCaL's answers start), "s SATISFIABLE" or the like
  // (no row of symbols has a word, nor "cnf" apart).
  // (`unreadable`: set for a file that is no text to read at all, a
  // compressed one or UTF-16, whose error then has no line.)
  static std::string not_puzzles(std::string_view t, bool& unreadable);

  // The format of a board whose first line `text` was detected as `format`,
  // where that line reads two ways: the content lines after it decide.
  // `text` comes `skip` content lines after `first` (0: it is `first`'s),
  // and `first` has been read; every line read, `first` included, is handed
  // back to be read again.
  InputFormat vote(InputFormat format, std::string_view text, const Pending& first, std::size_t skip);

  // Whether `t`, detected as `format`, starts a board of it: a drawn grid's
  // first row, a Project Euler header, a whole comma-separated puzzle.
  bool starts_a_board(InputFormat format, std::string_view t);

  // Whether a CSV header (which may also be a title: "sudoku,hard",
  // "puzzle") heads one of the `next` content lines: a record with as many
  // fields, empty ones at the end aside, whose puzzle column holds a whole
  // puzzle.
  bool heads_a_record(const CsvHeader& header, const std::vector<std::string>& next) const;

  // `t` is N rows of N symbols separated by commas (blanks around them allowed).
  bool reads_as_comma_puzzle(std::string_view t) const;

  // `t` is single symbols separated by blanks, each a blank or a digit of
  // the alphabet (with `letter`, at least one of them no decimal digit).
  bool single_symbols(std::string_view t, bool letter) const;

  // `t`, detected as a grid's first row, also has the length of a line
  // puzzle with a box shape (16 symbols: a 4x4 puzzle, or a 16x16 row),
  // whose symbols are out of range for that puzzle: one typo in a 4x4 line
  // looks like a 16x16 row.
  bool could_be_a_line_puzzle(std::string_view t) const;

  // Whether `t` reads as the first row of a drawn grid: its cells make a
  // board size, each in range, and a row of single symbols is no wider than
  // the alphabet reaches (a wider board is written in numbers).
  bool reads_as_first_row(std::string_view t);

  // N when `t` is N*N blank-separated numbers from 0 to N, not all 0, for an
  // N with a box shape (a whole puzzle on one line); else 0.
  int spaced_puzzle_size(std::string_view t) const;

  // The next `count` content lines (trimmed; fewer at the end of the input,
  // after an overlong line or 64 lines, or where a pipe has nothing more
  // yet: a program that feeds one puzzle at a time gets its answer at
  // once), read ahead and handed back to be read again, after `first` (a
  // line already read) when given; their line numbers in `numbers`.
  std::vector<std::string> peek_content(std::size_t count, const Pending* first = nullptr,
                                        std::vector<std::uint64_t>* numbers = nullptr);

  // How far a look-ahead reads: lines, blank and comment lines included.
  static constexpr std::size_t kMaxLookAhead = 64;

  // Lines read ahead (after `first`, a line already read, when given) are
  // handed back to be read again, in order.
  void hand_back(std::vector<Pending>& ahead, const Pending* first = nullptr);

  // Whether a blank line after a grid's first row is the gap of a grid
  // written double-spaced, one blank line between its rows: the lines after
  // it are a row as wide as the first, then one blank line, then another
  // such row.  `width` gives the cells of a trimmed line (0 for no row), or
  // nullopt for a line to pass over (a comment, a rule line).  A board cut
  // short after one row, with the next board after a blank line, has no
  // blank line between that board's first two rows.
  template <class Width>
  bool double_spaced_ahead(std::size_t n, Width width) {
    return double_spaced_rows_ahead(n, width, 2) == 2;
  }
  // How many rows as wide as `n` follow, one blank line before each, up to
  // `most` (and as far as the look-ahead reaches); what is read is handed
  // back.
  template <class Width>
  std::size_t double_spaced_rows_ahead(std::size_t n, Width width, std::size_t most) {
    std::vector<Pending> ahead;
    Line line;
    std::size_t found = 0;  // rows as wide as the first
    bool blank = true;      // the line before was blank (the one that asks is)
    bool gap = false;       // a blank line since the last row found
    while (found < most && ahead.size() < kMaxLookAhead && (!pending.empty() || source.ready()) &&
           next_line(line)) {
      ahead.push_back({std::string(line.text), line});
      if (line.too_long()) break;
      std::size_t off = 0;
      const std::string_view t = trim(line.text, off);
      if (t.empty()) {
        if (blank || found == 0) break;
        blank = gap = true;
        continue;
      }
      blank = false;
      const std::optional<std::size_t> cells = width(t, off);
      if (!cells) continue;
      if (*cells != n || (found >= 1 && !gap)) break;
      ++found;
      gap = false;
    }
    hand_back(ahead);
    return found;
  }

  // Whether the next line is blank and the gap after the first row of a
  // grid written double-spaced: at least two more rows follow that way, but
  // not a whole board of `n` (then the row before is a stray line above
  // that board).  What is read is handed back.
  template <class Width>
  bool gap_ahead(std::size_t n, Width width) {
    Line line;
    if ((pending.empty() && !source.ready()) || !next_line(line)) return false;
    const Pending read{std::string(line.text), line};
    std::size_t off = 0;
    bool gap = false;
    if (!line.too_long() && trim(line.text, off).empty()) {
      const std::size_t rows = double_spaced_rows_ahead(n, width, n);
      gap = rows >= 2 && rows < n;
    }
    std::vector<Pending> none;
    hand_back(none, &read);
    return gap;
  }

  // Where a grid or tokens board stands on blank lines between its rows.
  struct Spacing {
    bool double_spaced = false;  // decided at the blank line after the first row
    bool gap = false;            // the line before was a blank line between rows
  };

  // Whether a blank line after `rows` of the N rows of a board is a gap
  // between them, to be passed over (the line after a row resets
  // `spacing.gap`; a second blank line in a row is no gap).
  template <class Width>
  bool row_gap(Spacing& spacing, int rows, int n, Width width) {
    if (spacing.gap || rows == 0 || rows >= n) return false;
    if (rows == 1 && !spacing.double_spaced)
      spacing.double_spaced = double_spaced_ahead(static_cast<std::size_t>(n), width);
    spacing.gap = spacing.double_spaced;
    return spacing.gap;
  }

  // --------------------------------------- line format (read_line.cpp) --

  std::optional<Entry> read_line_format();

  // Text right after the `i` symbols of a whole puzzle (the message says how
  // to make it a comment, so fail()'s hint for lines of words is not added).
  Entry glued_to_puzzle(std::uint64_t ln, std::string_view t, std::size_t off, std::size_t i);

  Entry parse_line_puzzle(std::uint64_t ln, std::string_view t, std::size_t off);

  // A one-line puzzle of N*N blank-separated numbers (N above the alphabet).
  Entry parse_spaced_line(std::uint64_t ln, std::string_view t, std::size_t off);

  // The value of a blank-separated entry: one symbol of the alphabet or a
  // decimal number (with `numbers`, a single decimal digit is one too).
  // Returns an error message, or nullopt with `value` set.
  std::optional<std::string> token_value(std::string_view token, bool numbers, int& value) const;

  // ------------------------------------ token format (read_tokens.cpp) --

  // Parses the numbers of one row of the token format into `cells`.
  // Returns the first defect (column, message) if any.
  std::optional<std::pair<std::uint64_t, std::string>> split_numbers(std::string_view t, std::size_t off,
                                                                      int n);

  std::optional<Entry> read_tokens();

  // What a line of `count` numbers before rows of `m` is, when it is not
  // their board's first row with numbers missing or extra.
  static std::string stray_message(std::size_t count, int m);

  // What a board's first row of `count` symbols or numbers (`what`) is when
  // the rows after it have `next`: "first row has 7 symbols, the next rows
  // 9: expected as many".
  static std::string count_mismatch(std::size_t count, std::size_t next, std::string_view what);

  // Says `message` of the first row of a board at `line`, from `column`: in
  // place of `error`'s own when the row already has one (one record, one
  // index), else as a new error.
  void restate(std::optional<Entry>& error, std::uint64_t line, std::size_t column, std::string message);

  // A tokens board whose first row is broken (a stray number or token) has
  // no trustworthy size: when the next `rows` rows agree on a count that is
  // a board size, that size tells how many rows to skip, so that the next
  // board is read from its own first row.  Otherwise `n`, the first row's
  // count.
  int size_from_next_rows(int n, std::size_t rows);

  // -------------------------- rows of the grid formats (read_grid.cpp) --

  // Splits a row of a drawn grid into cells (value and column).  Layout
  // characters | - = + * and blanks separate cells; only '|' may touch a cell
  // ("|3 . .|", "|3..|"): - = + * glued to one ("-3", "3-", "+5") are a defect,
  // not a line, so that a sign never drops silently off a number.  When at least ten
  // blank-separated pieces are all decimal numbers (or '.'), one is longer
  // than a character and none has a leading zero, each piece is one number
  // (N > 9 grids); otherwise every
  // character is a symbol.  Returns the first defect; `cells` is filled
  // with every piece either way, so its size counts the row.
  // `numbers_of`: the row belongs to a board of that size whose first row
  // was numbers, so each piece is a number here too (a piece that is none is
  // named, not counted as that many symbols); 0: decided by the row alone.
  std::optional<std::pair<std::uint64_t, std::string>> split_row(std::string_view t, std::size_t off,
                                                                 int numbers_of = 0);

  // Adds the row in `cells` to a multi-line puzzle.  Row 0 fixes N and
  // creates the grid.  Sets `error` on the first defect.
  void add_row(std::optional<Entry>& error, std::optional<Grid>& grid, int& n, int rows, std::uint64_t start,
               const Line& line, std::string_view t, std::size_t off,
               const std::optional<std::pair<std::uint64_t, std::string>>& defect, const char* what);

  // --------------------------------------- drawn grids (read_grid.cpp) --

  enum class Kind { blank, comment, section, layout, row };

  static Kind classify(std::string_view t);

  // How many cells of the row in `cells` are no digit up to `n`.
  std::size_t unreadable_cells(std::size_t n) const;

  // One row of a drawn grid seen ahead: its number of cells (0 for a blank
  // line, a section header, an overlong line or the end of the input), and
  // whether each of them is a digit up to that number.
  struct RowAhead {
    std::size_t width;
    bool sound;
  };

  // How rows are written: the symbols of a drawn grid, or blank-separated
  // numbers (the tokens format, where a line that is not all numbers ends
  // the rows).
  enum class RowsOf { symbols, numbers };

  // The next `count` rows of a board, read ahead and handed back (layout
  // and comment lines skipped); a row of width 0 ends the list, and so do a
  // file's end and, once `waited` rows have come (however long a pipe's
  // writer takes), a pipe with nothing more yet (without a 0: fewer rows).
  // At most `most_lines` lines are read.
  std::vector<RowAhead> next_rows(std::size_t count, std::size_t waited = 0, RowsOf how = RowsOf::symbols,
                                  std::size_t most_lines = kMaxLookAhead);

  // The largest board of numbers whose rows rest_of_board_ahead() reads
  // ahead (100x100: 99 rows of 100 numbers, some 40 KB).
  static constexpr std::size_t kMaxRowsAhead = 100;

  // Whether the lines ahead finish an n-row board whose first row has just
  // been read: n-1 rows of n cells, and after them no row of n (a blank
  // line, the end, a header, a row of another width, or nothing more yet
  // on a pipe).  Waits on a pipe for the n-1 rows only, which the record
  // needs anyway (the first row is an error either way); false where they
  // lie beyond the look-ahead, and for boards above 32x32 drawn or
  // kMaxRowsAhead in numbers.
  bool rest_of_board_ahead(std::size_t n, RowsOf how = RowsOf::symbols);

  // The cells of a trimmed line of a drawn grid, for the look-aheads
  // (gap_ahead(), row_gap()): nullopt for a line to pass over (a comment, a
  // rule line), 0 for no row; numbers up to `numbers_up_to` when above 0.
  std::optional<std::size_t> grid_row_cells(std::string_view row, std::size_t off, int numbers_up_to);

  // Judges the first row of a drawn grid, at `line`, just added (its cells
  // in `cells`, `n` their count, `error` its defect if any) against the
  // rows after it: true when it is a stray line (a title, a rule), `error`
  // then its record alone; false when it starts its board, whose size the
  // rows after it may have set in `n` (a first row with a symbol too many
  // or too few).
  bool stray_first_row(std::uint64_t line, std::string_view t, std::size_t off, bool defect, bool numbers, int& n,
                       std::optional<Entry>& error);

  std::optional<Entry> read_grid();

  // After a grid's first row alone at the end of the input: a line is a
  // whole puzzle only with N*N symbols (a line of two solutions, as `solve
  // --limit 2 -o line` writes them, is none).
  static constexpr const char* kLoneRowHint = " (a line alone is a puzzle only with N*N symbols: 16, 36, 81, ...)";

  // For a grid cut short: how --box made its lines rows of an N x N board
  // (with --box 4x4, sixteen symbols are a row, never a 4x4 puzzle).
  std::string box_hint(int n) const;

  // The number of cells in each group of the row in `cells` that '|'
  // separates in its text `t` (trimmed from column off + 1 of its line; one
  // group when there is no '|').
  std::vector<int> bands_of(std::string_view t, std::size_t off) const;

  // The boxes a drawn grid's lines give, if any (a 6x6 board with '|' after
  // every 2 columns and a rule after every 3 rows: 3x2 boxes): the groups of
  // cells between '|' in its first row give the boxes' width, the layout
  // lines between its rows their height, each alone when the other is not
  // drawn; lines around every cell draw no boxes.  Nullopt for a drawing
  // that is not regular, or whose shape fits no board.  Without --box the
  // grid is read with these boxes, also when they are not the ones its size
  // implies.
  static std::optional<BoxShape> drawn_box(int n, const std::vector<int>& bands, const std::vector<int>& rules);

  // ------------------------------------ Project Euler (read_euler.cpp) --

  static bool is_euler_header(std::string_view t);

  // Skips the rest of a grid that failed, `rows` of its `width` rows read
  // (width 0: a line that should have been its header; the first row then
  // sets it): the lines that may be its rows, typos and all (no header, no
  // words, a symbol more or less than `width` at most).  Any other line is
  // left to be read again, as a header or as a stray line with a record of
  // its own.
  void skip_grid_rows(std::size_t width, std::size_t rows);

  std::optional<Entry> read_euler();

  // --------------------------------------- comma rows (read_comma.cpp) --

  std::optional<Entry> read_comma();

  // ------------------------------------------------ CSV (read_csv.cpp) --

  // How the CSV records read: the separator (0 until known), the column
  // that holds the puzzles (-1 until known), and the fields a record has
  // (all, and significant_fields()), as set by the header or, without one,
  // by the record that chose the column (`csv_origin`, for messages).
  char csv_separator_char = 0;
  int csv_column = -1;
  int csv_solution_column = -1;  // -1: none
  std::size_t csv_fields_all = 0, csv_width = 0;  // CsvHeader::fields and ::width
  std::string csv_origin;  // "the header on line 1 (column 'puzzle')", "line 2 (which chose field 1)"
  std::uint64_t csv_open_line = 0;  // the last record line with an open quoted field (0: none)

  std::optional<Entry> read_csv();

  // Whether `t` is a header whose names say nothing of puzzles
  // ("unsolved,solved", "id,quiz_text", pandas' ",unsolved,solved"): two or
  // more column names (one may be empty), none of them a whole puzzle
  // ("AF.1.28EC..." of a 16x16 board), directly above a record of as many
  // fields, one of them a whole puzzle.  Such a line is passed over, and
  // the records choose the columns.
  bool heads_records_unnamed(const std::string& t);

  // Without a header, the first record with a puzzle and its solution
  // (this one, or one of the next few lines that have come) chooses the
  // separator, unless known, and the column: its first whole puzzle.  A
  // first record whose puzzle is damaged must not make its solution the
  // column.  Without such a record, this record's first whole puzzle does
  // (a column of puzzles alone, or with a rating), unless a field before it
  // is empty or as long as a puzzle (a damaged one, perhaps, before its
  // solution): then this record is reported with the returned message, and
  // the next one tries again.
  std::optional<std::string> choose_csv_column(std::uint64_t ln, const std::string& text);

  // One record line (choosing the columns first when no header named them);
  // notes in `csv_open_line` whether a quoted field of it stays open.
  Entry read_csv_line(std::uint64_t ln, const std::string& text, std::size_t off);
  // `split_at`: the line that opened a quoted field this record's line break
  // split (this line, or the one before), 0 if none.
  Entry read_csv_record(std::uint64_t ln, const std::string& t, std::size_t off, const std::vector<CsvField>& fields,
                        std::uint64_t split_at);

  // -------------------------------------- LeetCode (read_leetcode.cpp) --

  // Line and column of a byte of board_text.
  std::pair<std::uint64_t, std::uint64_t> board_position(std::size_t offset) const;

  Entry board_fail(std::uint64_t start, std::size_t offset, std::string message);

  std::optional<Entry> read_leetcode();

  // Whether a line that begins `depth` brackets deep inside a board can only
  // be the start of another board: a '[' where a cell must come (inside a
  // row), or "[[" where a row must come (a row holds no arrays).
  static bool opens_next_board(std::string_view text, int depth);

  // Parses board_text: a JSON array of N arrays of N cells, each a string
  // holding one symbol or a number, or a JSON number.
  Entry parse_board(std::uint64_t start);
};

}  // namespace satdoku
