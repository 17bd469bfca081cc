// PuzzleReader: streamed, line-based reading of every input format, with
// positions for every defect and resynchronisation after a bad puzzle.
//
// Layout of this file:
//   LineSource   - buffered lines from a streambuf (BOM, CRLF, overlong lines)
//   text helpers - trimming, describing characters, numbers
//   detect()     - the automatic format decision, from the first content line
//   Impl         - one read_* function per format
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <istream>
#include <limits>
#include <optional>
#include <sstream>
#include <streambuf>
#include <utility>
#include <vector>

#include "satdoku/io.hpp"
#include "satdoku/verify.hpp"

namespace satdoku {

namespace {

// ---------------------------------------------------------------- lines --

constexpr std::size_t kChunk = 64 * 1024;
constexpr std::size_t kKeptOfLongLine = 64;  // bytes of an overlong line kept for the message

struct Line {
  std::string_view text;     // without CR/LF and a BOM first; valid until the next read
  std::uint64_t number = 0;  // 1-based
  std::uint64_t length = 0;  // bytes in the line; more than text.size() when overlong
  bool too_long() const { return length > text.size(); }
};

// Hands out the lines of a stream one by one, reading only as much as it
// needs (a pipe's first line is answered before the writer finishes).
class LineSource {
 public:
  explicit LineSource(std::istream& in) : sb_(in.rdbuf()), buf_(kChunk) { eof_ = sb_ == nullptr; }

  bool next(Line& line) {
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
  // bytes for the message and discard the rest without buffering it.  Its
  // length, like a line's text, leaves out a CR at its end.
  void skip_long_line(Line& line) {
    long_prefix_.assign(buf_.data() + begin_, kKeptOfLongLine);
    std::uint64_t length = end_ - begin_;
    char last = buf_[end_ - 1];
    begin_ = end_ = 0;
    for (;;) {
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
  std::uint64_t number_ = 0;
  std::string long_prefix_;
};

// --------------------------------------------------------- text helpers --

bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }
bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
bool is_layout(char ch) { return ch == '|' || ch == '-' || ch == '+' || ch == '*'; }
bool is_alpha(char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'); }

// Whether `t` reads as words rather than as a damaged puzzle: it holds a
// word (three letters or more in a row, not all the same, one of them lower
// case: "Puzzles", "Level: easy"; not "xxx" blanks, nor the capitals of a
// 16x16 row), and it is shorter than any one-line puzzle (16 symbols) or has
// two pieces with letters (a lower-case 16x16 puzzle is one piece of letters).
bool has_word(std::string_view t) {
  for (std::size_t i = 0; i < t.size();) {
    if (!is_alpha(t[i])) {
      ++i;
      continue;
    }
    const std::size_t b = i;
    bool lower = false, varied = false;
    for (; i < t.size() && is_alpha(t[i]); ++i) {
      lower = lower || (t[i] >= 'a' && t[i] <= 'z');
      varied = varied || t[i] != t[b];
    }
    if (i - b >= 3 && lower && varied) return true;
  }
  return false;
}

bool reads_as_words(std::string_view t) {
  if (!has_word(t)) return false;
  std::size_t symbols = 0, lettered = 0;
  for (std::size_t i = 0; i < t.size();) {
    if (is_space(t[i])) {
      ++i;
      continue;
    }
    bool letters = false;
    for (; i < t.size() && !is_space(t[i]); ++i, ++symbols) letters = letters || is_alpha(t[i]);
    lettered += letters;
  }
  return symbols < 16 || lettered >= 2;
}

// Added to the message about a line that reads as words.
constexpr std::string_view kCommentHint = " (if this line is a title or a note, start it with '#' to make it a comment)";

// `text` without surrounding blanks; `offset` receives the bytes cut in front.
std::string_view trim(std::string_view text, std::size_t& offset) {
  std::size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  offset = b;
  return text.substr(b, e - b);
}

bool starts_with_grid_word(std::string_view t) {
  if (t.size() < 4) return false;
  const char* word = "grid";
  for (int i = 0; i < 4; ++i)
    if ((t[static_cast<std::size_t>(i)] | 0x20) != word[i]) return false;
  return t.size() == 4 || is_space(t[4]) || is_digit(t[4]);
}

// A row of a multi-line board whose length differs from the board's width
// n (set by row 1).  On row 2 either row may be the wrong one (a first row
// cut short sets n too small), so both are named; a later row differs from
// every row before it.  `row` counts from 0; `count` is "9" or "more than 9".
std::string row_length_error(int row, const std::string& count, int n, std::string_view what) {
  std::string noun(what);
  if (count == "1" && noun.ends_with('s')) noun.pop_back();  // "1 symbol"
  const std::string has = "row " + std::to_string(row + 1) + " has " + count + " " + noun;
  if (row == 1) return has + " and row 1 has " + std::to_string(n) + " (the rows of a board must be equally long)";
  return has + ", expected " + std::to_string(n) + " (as many as the rows before it)";
}

// "'x'" for a printable character, "byte 0x00" otherwise.
std::string describe_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + ch + "'";
  if (ch == ' ') return "' ' (a space)";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// A token quoted for a message, shortened when long.
std::string quote(std::string_view token) {
  std::string out = "'";
  for (char ch : token.substr(0, 24)) {
    const auto u = static_cast<unsigned char>(ch);
    out += (u >= 0x20 && u < 0x7f) ? ch : '?';
  }
  if (token.size() > 24) out += "...";
  return out + "'";
}

std::uint64_t isqrt(std::uint64_t x) {
  std::uint64_t r = 0;
  while ((r + 1) * (r + 1) <= x) ++r;
  return r;
}

// Why a number written with a sign ('+5', '-0') is no cell.
std::string signed_message(std::string_view token) {
  return "number " + quote(token) + " has a sign: cells are written without one";
}

// A decimal number token: value, or a reason why it is not one.
struct Number {
  // `signed_number`: a number written with '+', or "-0": cells take no sign.
  enum Kind { ok, negative, signed_number, too_large, not_a_number } kind = not_a_number;
  long long value = 0;
};

Number parse_number(std::string_view token) {
  Number out;
  if (token == ".") {
    out.kind = Number::ok;
    return out;
  }
  std::size_t i = 0;
  const bool minus = i < token.size() && token[i] == '-';
  const bool plus = i < token.size() && token[i] == '+';
  if (minus || plus) ++i;
  if (i == token.size()) return out;
  long long value = 0;
  bool large = false;
  for (; i < token.size(); ++i) {
    if (!is_digit(token[i])) return out;
    if (value < 100000000) value = value * 10 + (token[i] - '0');
    else large = true;
  }
  out.value = minus ? -value : value;
  out.kind = plus || (minus && value == 0) ? Number::signed_number
             : minus                       ? Number::negative
             : large                       ? Number::too_large
                                           : Number::ok;
  return out;
}

// One piece of a row: its value and its 1-based column.
struct Cell {
  int value;
  std::uint32_t column;
  bool unreadable = false;  // no symbol of the alphabet, or a number too large (value 0)
};

// -------------------------------------------------------------- detection --

// N when `count` is N*N for a board size N (4 to kMaxSize) with a box shape
// (or a --box given), else 0: the size a line of `count` symbols or
// numbers would be a whole puzzle of.
int square_board_size(std::uint64_t count, const ReadOptions& options) {
  const std::uint64_t n = isqrt(count);
  if (n * n != count || n < 4 || n > static_cast<std::uint64_t>(Geometry::kMaxSize)) return 0;
  if (options.box) {  // (R and C are positive, and may be large: multiplied in 64 bits)
    const std::uint64_t cells = static_cast<std::uint64_t>(options.box->rows) * static_cast<std::uint64_t>(options.box->cols);
    return cells == n ? static_cast<int>(n) : 0;
  }
  return infer_box_shape(static_cast<int>(n)) ? static_cast<int>(n) : 0;
}

// Every character of `t` is a blank or a symbol of a digit up to `n`.
bool symbols_fit(std::string_view t, const Alphabet& alphabet, int n) {
  return std::all_of(t.begin(), t.end(), [&](char ch) {
    const int d = alphabet.digit_of(ch);
    return d >= 0 && d <= n;
  });
}

// The side N of the board when `t` is a whole one-line puzzle (N*N symbols
// of a board size that has a box shape, each a symbol of an N x N board), else 0.
int whole_line_puzzle(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  const int n = square_board_size(t.size(), options);
  return n && symbols_fit(t, alphabet, n) ? n : 0;
}

// Where text glued to a whole one-line puzzle starts: the first character
// after the line's leading run of symbols when that run is a whole puzzle and
// the character is neither a symbol nor a blank ("PUZZLE#note", "PUZZLE,x",
// where a note needs a blank before '#'), or npos.
std::size_t glued_text(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  std::size_t j = 0;
  while (j < t.size() && alphabet.digit_of(t[j]) >= 0) ++j;
  return j < t.size() && !is_space(t[j]) && whole_line_puzzle(t.substr(0, j), alphabet, options)
             ? j
             : std::string_view::npos;
}

// The side N when `t` is N blank-separated groups of N symbols that make a
// whole one-line puzzle together (its rows, blanks between them), else 0.
int rows_apart(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  std::string joined;
  std::size_t groups = 0, width = 0;
  for (std::size_t i = 0; i < t.size();) {
    while (i < t.size() && is_space(t[i])) ++i;
    if (i == t.size()) break;
    const std::size_t b = i;
    while (i < t.size() && !is_space(t[i])) ++i;
    if (++groups > 1 && i - b != width) return 0;
    width = i - b;
    joined.append(t.substr(b, i - b));
  }
  const int n = groups > 1 && groups == width ? whole_line_puzzle(joined, alphabet, options) : 0;
  return n == static_cast<int>(groups) ? n : 0;
}

// What to do about a line of rows_apart() `n`.
std::string rows_apart_hint(int n) {
  const std::string size = std::to_string(n);
  return "this line's " + std::to_string(n * n) + " symbols come in " + size + " groups of " + size +
         ": write them without blanks, or separate the rows with commas";
}

// Whether decimal digit `ch` stands for its own value in the alphabet ('0'
// a blank), as in a number: the layouts that write numbers (tokens,
// leetcode) read the same under any alphabet when it does not.
bool digit_is_its_value(const Alphabet& alphabet, char ch) { return alphabet.digit_of(ch) == ch - '0'; }

// The blank-separated pieces of a line: how many, and whether all are
// numbers (then the largest).
struct Pieces {
  std::size_t count = 0;
  bool numbers = true;
  long long max = 0;
};

Pieces pieces_of(std::string_view t) {
  Pieces p;
  for (std::size_t i = 0; i < t.size();) {
    while (i < t.size() && is_space(t[i])) ++i;
    if (i == t.size()) break;
    const std::size_t b = i;
    while (i < t.size() && !is_space(t[i])) ++i;
    ++p.count;
    const Number num = parse_number(t.substr(b, i - b));
    if (num.kind == Number::ok) p.max = std::max(p.max, num.value);
    else p.numbers = false;
  }
  return p;
}

// The separators of CSV files: commas, semicolons (spreadsheets where the
// decimal mark is a comma), tabs.
constexpr std::string_view kCsvSeparators = ",;\t";

// One field of a CSV line: its text without surrounding blanks and double
// quotes, and where that text starts in the line (from 0).
struct CsvField {
  std::string_view text;
  std::size_t column;
};

// The fields of the CSV line `t`, separated by `sep`.  A field in double
// quotes may hold the separator ("Royle, G."); a doubled quote in it stays
// doubled (no puzzle holds one), and text after its closing quote is
// passed over.
std::vector<CsvField> csv_fields(std::string_view t, char sep) {
  auto blank = [sep](char ch) { return ch != sep && is_space(ch); };
  std::vector<CsvField> fields;
  for (std::size_t b = 0;;) {
    while (b < t.size() && blank(t[b])) ++b;
    std::size_t end;  // where the separator after the field is (or t's end)
    if (b < t.size() && t[b] == '"') {
      std::size_t q = b + 1;  // the closing quote (t's end when there is none)
      while (q < t.size() && !(t[q] == '"' && (q + 1 == t.size() || t[q + 1] != '"'))) q += t[q] == '"' ? 2 : 1;
      q = std::min(q, t.size());
      std::size_t inner = 0;  // blanks inside the quotes go too (" quizzes ")
      fields.push_back({trim(t.substr(b + 1, q - b - 1), inner), b + 1});
      fields.back().column += inner;
      end = std::min(t.find(sep, q), t.size());
    } else {
      end = std::min(t.find(sep, b), t.size());
      std::size_t e = end;
      while (e > b && blank(t[e - 1])) --e;
      fields.push_back({t.substr(b, e - b), b});
    }
    if (end == t.size()) break;
    b = end + 1;
  }
  return fields;
}

// The fields of a CSV record that count: without empty ones at its end (a
// spreadsheet's trailing separators).
std::size_t significant_fields(const std::vector<CsvField>& fields) {
  std::size_t n = fields.size();
  while (n > 1 && fields[n - 1].text.empty()) --n;
  return n;
}

// Whether `text` is one of `words` (lower case), in any case.
bool is_word_among(std::string_view text, std::initializer_list<std::string_view> words) {
  std::string lower(text);
  for (char& ch : lower) ch = static_cast<char>(ch | (is_alpha(ch) ? 0x20 : 0));
  return std::find(words.begin(), words.end(), lower) != words.end();
}

// Whether a CSV column called `name` holds the puzzles, as in the published
// collections ("quizzes,solutions"; "id,puzzle,solution,clues,difficulty").
bool names_puzzle_column(std::string_view name) {
  return is_word_among(name, {"puzzle", "puzzles", "quiz", "quizzes", "sudoku", "sudokus", "question", "questions",
                              "problem", "problems", "board", "boards", "grid", "grids"});
}

// Whether a CSV field stands for "no value" as spreadsheets and data
// frames write it (NaN, null, N/A, -, ...): a solution field holding one
// gives no solution to compare.
bool placeholder(std::string_view text) {
  return is_word_among(text, {"nan", "null", "none", "na", "n/a", "-", "?", "unknown", "no solution"});
}

// Whether a CSV column called `name` holds the puzzles' solutions.
bool names_solution_column(std::string_view name) {
  return is_word_among(name, {"solution", "solutions", "answer", "answers"});
}

// Whether `name` may stand in a CSV header: empty, pandas' "Unnamed: 0"
// for an index without a name, or letters, digits, '_', '-' and '.' that
// start with a letter or '_'.  "week 12", with a blank, is no name, so
// "Puzzles, week 12" is a title.
bool column_name(std::string_view name) {
  if (name.empty()) return true;
  if (name.starts_with("Unnamed: "))
    return name.size() > 9 && std::all_of(name.begin() + 9, name.end(), is_digit);
  if (!is_alpha(name[0]) && name[0] != '_') return false;
  return std::all_of(name.begin(), name.end(),
                     [](char ch) { return is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '-' || ch == '.'; });
}

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
std::optional<CsvHeader> csv_header(std::string_view t) {
  if (t.empty() || is_digit(t[0]) || t[0] == '.') return std::nullopt;  // (a record, quickly)
  std::optional<CsvHeader> best;
  for (const char sep : kCsvSeparators) {
    const std::vector<CsvField> fields = csv_fields(t, sep);
    CsvHeader header{sep, -1, fields.size(), significant_fields(fields), {}, -1};
    bool names = true;
    for (std::size_t k = 0; k < fields.size() && names; ++k) {
      names = column_name(fields[k].text);
      if (names && header.column < 0 && names_puzzle_column(fields[k].text)) {
        header.column = static_cast<int>(k);
        header.name = fields[k].text;
      } else if (names && header.solution < 0 && names_solution_column(fields[k].text)) {
        header.solution = static_cast<int>(k);
      }
    }
    if (!names || header.column < 0) continue;
    if (fields.size() == 1 && std::any_of(t.begin(), t.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }))
      continue;
    if (!best || header.fields > best->fields) best = header;
  }
  return best;
}

// The separator an Excel "sep=;" line names (a tab is trimmed away with
// the line's blanks: "sep="), or 0 for another line.
char csv_separator_line(std::string_view t) {
  if (t == "sep=") return '\t';
  return t.size() == 5 && t.starts_with("sep=") && kCsvSeparators.find(t[4]) != std::string_view::npos ? t[4] : 0;
}

// The indexes of the fields of a CSV record that are whole line puzzles of
// the first one's size.
std::vector<std::size_t> whole_puzzle_fields(const std::vector<CsvField>& fields, const Alphabet& alphabet,
                                             const ReadOptions& options) {
  std::vector<std::size_t> whole;
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (whole_line_puzzle(fields[k].text, alphabet, options) &&
        (whole.empty() || fields[k].text.size() == fields[whole.front()].text.size()))
      whole.push_back(k);
  return whole;
}

// Whether `fields` make a CSV record of a puzzle and its solution (Kaggle's
// files without their header): two of them whole line puzzles of one size
// N*N, and either fewer than N fields in all or no more than half of them
// that long.  A comma board of 16x16 has rows as long as 4x4 puzzles, but
// 16 of them (15 with one missing), all as long; a puzzle with other text
// after a comma ("PUZZLE, 5 stars") is no record: its reader names the
// comma.
bool reads_as_csv_record(const std::vector<CsvField>& fields, const Alphabet& alphabet, const ReadOptions& options) {
  const std::vector<std::size_t> whole = whole_puzzle_fields(fields, alphabet, options);
  if (whole.size() < 2) return false;
  const std::size_t size = fields[whole.front()].text.size();
  const auto as_long = static_cast<std::size_t>(
      std::count_if(fields.begin(), fields.end(), [&](const CsvField& f) { return f.text.size() == size; }));
  return fields.size() * fields.size() < size || 2 * as_long <= fields.size();
}

// The separator of `t` as a CSV header or record, or 0 when it is neither.
char csv_separator(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  if (const auto header = csv_header(t)) return header->separator;
  if (const char sep = csv_separator_line(t)) return sep;
  for (const char sep : kCsvSeparators)
    if (t.find(sep) != std::string_view::npos && reads_as_csv_record(csv_fields(t, sep), alphabet, options))
      return sep;
  return 0;
}

// Decides the format of a file from its first content line `t` (trimmed,
// neither blank nor a # comment).
InputFormat detect(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  const char c0 = t[0];
  if (c0 == '{' || t == "null") return InputFormat::leetcode;  // null: leetcode output's "no answer"
  if (c0 == '[') {
    std::size_t i = 1;
    while (i < t.size() && is_space(t[i])) ++i;
    return i < t.size() && is_alpha(t[i]) ? InputFormat::grid : InputFormat::leetcode;
  }
  if (csv_separator(t, alphabet, options)) return InputFormat::csv;  // (a lone "grid" is a CSV header)
  if (starts_with_grid_word(t)) return InputFormat::euler;
  if (const std::size_t comma = t.find(','); comma != std::string_view::npos) {
    // A whole one-line puzzle, then one comma and text that is not a second
    // row as long ("PUZZLE,x", "PUZZLE, 5 stars"): a line, whose reader
    // names the comma.  A comma-separated board has at least four rows
    // (a 16x16 one's first row may be a whole 4x4 puzzle, and its second
    // row may have a typo).
    std::size_t off = 0;
    const std::string_view head = trim(t.substr(0, comma), off);
    const std::string_view rest = t.substr(comma + 1);
    const std::size_t commas = static_cast<std::size_t>(std::count(t.begin(), t.end(), ','));
    const std::string_view second = trim(rest.substr(0, rest.find(',')), off);
    if (commas < 3 && second.size() != head.size() && whole_line_puzzle(head, alphabet, options))
      return InputFormat::line;
    return InputFormat::comma;
  }
  for (char ch : t) {
    const auto u = static_cast<unsigned char>(ch);
    if ((u < 0x20 && ch != '\t') || u >= 0x7f) return InputFormat::line;  // garbage: report it per line
  }

  // Split at blanks.
  std::size_t pieces = 0;
  bool layout = false, numeric = true, single = true, leading_zero = false;
  bool other_digits = false;  // a one-digit piece the alphabet reads as another digit, or not at all
  std::string_view first;
  for (std::size_t i = 0; i < t.size();) {
    while (i < t.size() && is_space(t[i])) ++i;
    if (i == t.size()) break;
    const std::size_t b = i;
    while (i < t.size() && !is_space(t[i])) ++i;
    const std::string_view piece = t.substr(b, i - b);
    if (++pieces == 1) first = piece;
    if (piece.find_first_of("|+*") != std::string_view::npos ||
        piece.find_first_not_of('-') == std::string_view::npos)
      layout = true;
    if (parse_number(piece).kind == Number::not_a_number) numeric = false;
    if (piece.size() > 1) single = false;
    if (piece.size() > 1 && piece[0] == '0') leading_zero = true;
    if (piece.size() == 1 && is_digit(piece[0]) && !digit_is_its_value(alphabet, piece[0])) other_digits = true;
  }
  // Spaced single digits that --alphabet reads as other digits (0-8, 0-F,
  // A-I): numbers, as the tokens layout writes them under any alphabet (a
  // drawn grid of symbols has its rules).
  if (pieces > 1 && numeric && single && other_digits && !layout)
    return pieces > static_cast<std::size_t>(Geometry::kMaxSize) ? InputFormat::line : InputFormat::tokens;
  // With an alphabet where 0 is a digit, spaced symbols are not numbers.
  if (single && alphabet.digit_of('0') != 0) numeric = false;
  if (pieces > 1) {
    // A whole one-line puzzle, then more ("PUZZLE 11.9", "PUZZLE # note"):
    // a line, whose reader takes the comment or names the extra text.
    if (whole_line_puzzle(first, alphabet, options)) return InputFormat::line;
    // The same with text glued on ("PUZZLE#a note", "PUZZLE;rated 11.9"):
    // a line, whose reader names it.
    if (glued_text(first, alphabet, options) != std::string_view::npos) return InputFormat::line;
    if (layout || !numeric) return InputFormat::grid;
    if (pieces > static_cast<std::size_t>(Geometry::kMaxSize)) return InputFormat::line;
    if (pieces >= 10 && !leading_zero) return InputFormat::tokens;
    return InputFormat::grid;  // a spaced row of N <= 9 (reads the same as tokens)
  }
  if (t.find_first_of("|+*-") != std::string_view::npos) return InputFormat::grid;
  if (whole_line_puzzle(t, alphabet, options)) return InputFormat::line;
  if (t.size() <= static_cast<std::size_t>(alphabet.max_digit())) return InputFormat::grid;
  return InputFormat::line;
}

}  // namespace

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

  // ------------------------------------------------------------ basics --

  bool next_line(Line& line) {
    if (!pending.empty()) {
      pending_current = std::move(pending.back().text);
      line = pending.back().line;
      line.text = pending_current;
      pending.pop_back();
      return true;
    }
    return source.next(line);
  }

  void push_back(const Line& line) { pending.push_back({std::string(line.text), line}); }

  // A line with content, neither blank nor a # comment.
  struct Content {
    Line line;
    std::string_view t;   // its text without surrounding blanks (empty when overlong)
    std::size_t off = 0;  // the bytes cut in front
  };

  // The next line with content; an overlong line comes as it is, for the
  // caller to report.  False at the end of the input.
  bool next_content(Content& c) {
    while (next_line(c.line)) {
      c.off = 0;
      c.t = {};
      if (c.line.too_long()) return true;
      c.t = trim(c.line.text, c.off);
      if (!c.t.empty() && c.t[0] != '#') return true;
    }
    return false;
  }

  // The line number just past the input (where "the end" is reported).
  std::uint64_t end_line() const { return source.lines_read() + 1; }

  const std::shared_ptr<const Geometry>& geometry(int n) {
    if (n != shape_n) {
      shape_n = n;
      try {
        shape = Geometry::shared(n, options.box);
        shape_error.clear();
      } catch (const Error& e) {
        shape.reset();
        shape_error = e.what();
        if (!options.box && n >= 4 && n <= Geometry::kMaxSize)
          shape_error += "; expected a size with boxes, such as 4, 6, 8, 9, 12, 16 or 25";
      }
    }
    return shape;
  }

  Entry make_entry(std::uint64_t start, std::variant<Grid, Diagnostic> content, std::string text = {}) {
    return Entry{++index, SourceLocation{file, start, 0}, std::move(text), std::move(content), 0, std::nullopt};
  }

  // A record that could not be read.  `text`, when given, is the record's
  // one line.
  Entry fail(std::uint64_t start, std::uint64_t line, std::uint64_t column, std::string message,
             std::string text = {}) {
    if (start == line && reads_as_words(text)) message += kCommentHint;
    return make_entry(start, Diagnostic{SourceLocation{file, line, column}, std::move(message)},
                      std::move(text));
  }

  // "1-9, A-G" for the symbols of digits 1..n.
  std::string symbol_ranges(int n) const {
    std::string out;
    const int top = std::min(n, alphabet.max_digit());
    for (int d = 1; d <= top;) {
      int e = d;
      while (e < top && alphabet.symbol_of(e + 1) == alphabet.symbol_of(e) + 1) ++e;
      if (!out.empty()) out += ", ";
      out += alphabet.symbol_of(d);
      if (e > d) {
        out += e == d + 1 ? ", " : "-";
        out += alphabet.symbol_of(e);
      }
      d = e + 1;
    }
    return out;
  }

  std::string blanks() const { return alphabet.digit_of('0') == 0 ? ". 0 _" : ". _"; }

  // What a cell may hold, for messages; n = 0 when the size is not known yet.
  std::string expected_symbol(int n) const {
    if (n > alphabet.max_digit() && options.alphabet)  // a line of symbols, but too few of them
      return "a number 1-" + std::to_string(n) + " or a blank (" + blanks() + "), separated by blanks: --alphabet has " +
             std::to_string(alphabet.max_digit()) + " symbols (" + symbol_ranges(alphabet.max_digit()) +
             "), too few for a " + std::to_string(n) + "x" + std::to_string(n) + " board";
    if (n > alphabet.max_digit())
      return "a number 1-" + std::to_string(n) + " or a blank (" + blanks() + ")";
    return "a symbol " + symbol_ranges(n > 0 ? n : alphabet.max_digit()) + " or a blank (" + blanks() + ")";
  }

  std::string out_of_range(int value, int n, bool symbol, char ch) const {
    std::string what = symbol ? "symbol '" + std::string(1, ch) + "' stands for " + std::to_string(value)
                              : "number " + std::to_string(value);
    return what + ", beyond " + std::to_string(n) + " in a " + std::to_string(n) + "x" + std::to_string(n) +
           " board: expected " + expected_symbol(n);
  }

  // Why the first row of a multi-line board, `n` cells long (`what`:
  // "symbols", "numbers"), starts no board; after geometry(n) failed.
  std::string first_row_error(int n, std::string_view what) const {
    return "first row has " + std::to_string(n) + " " + std::string(what) + ", so the board would be " +
           std::to_string(n) + "x" + std::to_string(n) + ": " + shape_error;
  }

  std::string too_long_message(const Line& line) const {
    return "line of " + std::to_string(line.length) + " bytes is longer than the limit of " +
           std::to_string(kMaxLineLength) + " bytes";
  }

  // ---------------------------------------------------------- dispatch --

  std::optional<Entry> next() {
    if (finished) return std::nullopt;
    if (format == InputFormat::automatic && !decide_format()) {
      finished = true;
      return std::nullopt;
    }
    if (foreign) {
      finished = true;
      return std::exchange(foreign, std::nullopt);
    }
    std::optional<Entry> entry;
    switch (format) {
      case InputFormat::automatic:
      case InputFormat::line: entry = read_line_format(); break;
      case InputFormat::euler: entry = read_euler(); break;
      case InputFormat::grid: entry = read_grid(); break;
      case InputFormat::leetcode: entry = read_leetcode(); break;
      case InputFormat::comma: entry = read_comma(); break;
      case InputFormat::csv: entry = read_csv(); break;
      case InputFormat::tokens: entry = read_tokens(); break;
    }
    if (!entry) finished = true;
    return entry;
  }

  bool decide_format() {
    Line line;
    while (next_line(line)) {
      if (line.too_long()) {
        format = InputFormat::line;
        push_back(line);
        return true;
      }
      std::size_t off = 0;
      const std::string_view t = trim(line.text, off);
      if (t.empty() || t[0] == '#') continue;
      if (const std::string_view what = not_puzzles(t); !what.empty()) {
        // A CNF or a solver's answer given where puzzles go would make
        // thousands of bogus records, one per line: one, for the file.
        foreign = fail(line.number, line.number, off + 1, std::string(what));
        return true;
      }
      format = detect(t, alphabet, options);
      const Pending first{std::string(line.text), line};
      if (!starts_a_board(format, t)) {
        const std::optional<CsvHeader> header = format == InputFormat::csv ? csv_header(t) : std::nullopt;
        // A title ("Puzzles", "Level: easy", "Grid puzzles, week 12") or a
        // line puzzle with a stray blank: no board starts with it.  The next
        // content lines (up to 3) decide, the first that starts a board;
        // the line itself is then reported by that format's reader, alone.
        // (Before Project Euler grids, a header further on keeps that format:
        // the look-ahead reaches past a grid of 25x25 with separator lines.)
        const std::vector<std::string> next =
            peek_content(format == InputFormat::euler ? kMaxLookAhead : 3, &first);
        if (format != InputFormat::euler || std::none_of(next.begin(), next.end(), is_euler_header))
          for (std::size_t k = 0; k < next.size(); ++k) {
            const InputFormat f = detect(next[k], alphabet, options);
            if (!starts_a_board(f, next[k])) continue;
            Line again;
            next_line(again);  // `first` again: vote() reads ahead after it
            format = vote(f, next[k], first, k + 1);
            break;
          }
        // A CSV header above records it heads; with no line to tell yet
        // (a pipe), CSV as detected.
        if (header && (next.empty() || heads_a_record(*header, next))) format = InputFormat::csv;
      } else {
        format = vote(format, t, first, 0);
      }
      return true;
    }
    return false;
  }

  // Why a file whose first content line is `t` holds no puzzles but a CNF
  // or a SAT solver's answer (DIMACS, or MiniSat's SAT/UNSAT), or "" when it
  // may hold puzzles: "p cnf ...", a "c" comment with a word in it (as
  // satdoku's CNFs and CaDiCaL's answers start), "s SATISFIABLE" or the like
  // (no row of symbols has a word, nor "cnf" apart).
  static std::string_view not_puzzles(std::string_view t) {
    std::istringstream words{std::string(t.substr(0, 64))};
    std::string first, second;
    words >> first >> second;
    if (first == "p" && second == "cnf")
      return "this is a DIMACS CNF, not puzzles: to read a SAT solver's answer to it, give both to "
             "'satdoku decode CNF ANSWER'";
    if (first == "c" && has_word(t.substr(1)))
      return "this is a DIMACS file (a CNF or a SAT solver's answer), not puzzles: give the CNF and the "
             "solver's answer to 'satdoku decode CNF ANSWER'";
    if ((first == "s" && (second == "SATISFIABLE" || second == "UNSATISFIABLE" || second == "UNKNOWN")) ||
        ((first == "SAT" || first == "UNSAT" || first == "INDET") && second.empty()))
      return "this is a SAT solver's answer, not puzzles: give it, after its CNF, to 'satdoku decode CNF ANSWER'";
    return {};
  }

  // The format of a board whose first line `text` was detected as `format`,
  // where that line reads two ways: the content lines after it decide.
  // `text` comes `skip` content lines after `first` (0: it is `first`'s),
  // and `first` has been read; every line read, `first` included, is handed
  // back to be read again.
  InputFormat vote(InputFormat format, std::string_view text, const Pending& first, std::size_t skip) {
    const std::string t(text);  // (`text` may be gone once lines are read ahead)
    auto after = [&](std::size_t count) {
      std::vector<std::string> next = peek_content(skip + count, &first);
      next.erase(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(std::min(skip, next.size())));
      return next;
    };
    auto drawn = [](const std::string& line) {
      return std::any_of(line.begin(), line.end(), [](char ch) { return is_space(ch) || is_layout(ch); });
    };
    if (format == InputFormat::grid && could_be_a_line_puzzle(t)) {
      // Sixteen symbols, some beyond 4: a 4x4 puzzle with a typo, or a
      // 16x16 grid's first row.  The next lines vote: a layout line or a
      // row of the same length that is no 4x4 puzzle for the grid; a 4x4
      // puzzle or a line of another length for one puzzle per line.
      const int n = square_board_size(t.size(), options);
      int grid = 0, lines = 0;
      for (const std::string& next : after(3)) {
        if (drawn(next) || (next.size() == t.size() && !symbols_fit(next, alphabet, n))) ++grid;
        else ++lines;
      }
      return grid > lines ? InputFormat::grid : InputFormat::line;
    }
    if (format == InputFormat::line && reads_as_first_row(t)) {
      // Sixteen symbols that make a sound 4x4 puzzle, or the first row of a
      // 16x16 grid whose clues there are up to 4 only.  A grid needs
      // stronger proof than a vote: the next 15 lines (the rest of a 16x16
      // grid; a pipe that has fewer yet gives a 4x4 puzzle) are rows as
      // wide, without blanks or layout, and most of them are no 4x4 puzzle.
      // (Typos in a file of 4x4 puzzles, or such puzzles written with
      // blanks, must not make it a grid.)
      const int n = square_board_size(t.size(), options);
      const std::size_t wanted = std::min<std::size_t>(t.size() - 1, 15);
      const std::vector<std::string> next = after(wanted);
      std::size_t beyond = 0;
      bool rows = next.size() == wanted;
      for (const std::string& row : next) {
        if (row.size() != t.size() || drawn(row)) rows = false;
        else beyond += !symbols_fit(row, alphabet, n);
      }
      return rows && 2 * beyond > next.size() ? InputFormat::grid : InputFormat::line;
    }
    const std::size_t width = pieces_of(t).count;
    const bool single = width <= static_cast<std::size_t>(alphabet.max_digit()) && single_symbols(t, false);
    if (const int n = spaced_puzzle_size(t); format == InputFormat::tokens && (n > 0 || single)) {
      // Blank-separated numbers: a tokens board's first row, or (N*N
      // numbers up to N) a puzzle on one line; single digits, no more than
      // the alphabet has, may also start a drawn grid with blanks between
      // its symbols.  The next lines (up to 7) decide.  Rows as wide of
      // single symbols, some of them letters (A for 10 ...), make it such a
      // grid: one such row, unless a row of numbers beyond 9 speaks for
      // tokens (a letter there is a typo); for a first line that is a whole
      // puzzle, most of them (a typo in the next puzzle must not make a grid
      // of the file).  Otherwise, for a puzzle on one line: a row of N*N
      // numbers with one beyond N votes for the board (its rows hold
      // numbers up to N*N; sudoku-64-2's first row is all 0), anything else
      // for one puzzle per line.
      int board = 0, lines = 0, letters = 0, numbers = 0;
      const std::vector<std::string> next = after(7);
      for (const std::string& row : next) {
        const Pieces p = pieces_of(row);
        if (single && p.count == width && single_symbols(row, true)) ++letters;
        if (p.numbers && p.max > 9) ++numbers;
        if (n > 0 && p.numbers && p.count == static_cast<std::size_t>(n) * static_cast<std::size_t>(n) && p.max > n)
          ++board;
        else
          ++lines;
      }
      if (n > 0 ? 2 * static_cast<std::size_t>(letters) > next.size() : letters > 0 && numbers == 0)
        return InputFormat::grid;
      return n > 0 && board <= lines ? InputFormat::line : InputFormat::tokens;
    }
    peek_content(0, &first);  // hands `first` back
    return format;
  }

  // Whether `t`, detected as `format`, starts a board of it: a drawn grid's
  // first row, a Project Euler header, a whole comma-separated puzzle.
  bool starts_a_board(InputFormat format, std::string_view t) {
    switch (format) {
      case InputFormat::grid: return reads_as_first_row(t);
      case InputFormat::euler: return is_euler_header(t);
      case InputFormat::comma: return reads_as_comma_puzzle(t);
      case InputFormat::csv: return !csv_header(t);
      default: return true;
    }
  }

  // Whether a CSV header (which may also be a title: "sudoku,hard",
  // "puzzle") heads one of the `next` content lines: a record with as many
  // fields, empty ones at the end aside, whose puzzle column holds a whole
  // puzzle.
  bool heads_a_record(const CsvHeader& header, const std::vector<std::string>& next) const {
    return std::any_of(next.begin(), next.end(), [&](const std::string& line) {
      const std::vector<CsvField> record = csv_fields(line, header.separator);
      const auto column = static_cast<std::size_t>(header.column);
      return significant_fields(record) <= header.fields && record.size() >= header.width &&
             whole_line_puzzle(record[column].text, alphabet, options);
    });
  }

  // `t` is N rows of N symbols separated by commas (blanks around them allowed).
  bool reads_as_comma_puzzle(std::string_view t) const {
    std::size_t rows = 0, width = 0;
    for (std::size_t b = 0;;) {
      const std::size_t e = std::min(t.find(',', b), t.size());
      std::size_t off = 0;
      const std::string_view row = trim(t.substr(b, e - b), off);
      if (row.empty() || (rows > 0 && row.size() != width)) return false;
      if (!std::all_of(row.begin(), row.end(), [&](char ch) { return alphabet.digit_of(ch) >= 0; })) return false;
      width = row.size();
      ++rows;
      if (e == t.size()) break;
      b = e + 1;
    }
    return rows == width;
  }

  // `t` is single symbols separated by blanks, each a blank or a digit of
  // the alphabet (with `letter`, at least one of them no decimal digit).
  bool single_symbols(std::string_view t, bool letter) const {
    bool seen = false;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (is_space(t[i])) continue;
      if (i + 1 < t.size() && !is_space(t[i + 1])) return false;  // a piece of two or more
      if (alphabet.digit_of(t[i]) < 0) return false;
      seen = seen || (!is_digit(t[i]) && t[i] != '.' && t[i] != '_');
    }
    return !letter || seen;
  }

  // `t`, detected as a grid's first row, also has the length of a line
  // puzzle with a box shape (16 symbols: a 4x4 puzzle, or a 16x16 row),
  // whose symbols are out of range for that puzzle: one typo in a 4x4 line
  // looks like a 16x16 row.
  bool could_be_a_line_puzzle(std::string_view t) const {
    return square_board_size(t.size(), options) && symbols_fit(t, alphabet, alphabet.max_digit());
  }

  // Whether `t` reads as the first row of a drawn grid: its cells make a
  // board size, each in range, and a row of single symbols is no wider than
  // the alphabet reaches (a wider board is written in numbers).
  bool reads_as_first_row(std::string_view t) {
    if (split_row(t, 0)) return false;
    const std::size_t n = cells.size();
    if (n < 4 || n > static_cast<std::size_t>(Geometry::kMaxSize) || !geometry(static_cast<int>(n))) return false;
    const std::size_t symbols = static_cast<std::size_t>(
        std::count_if(t.begin(), t.end(), [](char ch) { return !is_space(ch) && !is_layout(ch); }));
    if (symbols == n && n > static_cast<std::size_t>(alphabet.max_digit())) return false;
    return std::all_of(cells.begin(), cells.end(), [&](const Cell& c) { return c.value <= static_cast<int>(n); });
  }

  // N when `t` is N*N blank-separated numbers from 0 to N, not all 0, for an
  // N with a box shape (a whole puzzle on one line); else 0.
  int spaced_puzzle_size(std::string_view t) const {
    const Pieces p = pieces_of(t);
    const int n = p.numbers ? square_board_size(p.count, options) : 0;
    return n && p.max > 0 && p.max <= n ? n : 0;
  }

  // The next `count` content lines (trimmed; fewer at the end of the input,
  // after an overlong line or 64 lines, or where a pipe has nothing more
  // yet: a program that feeds one puzzle at a time gets its answer at
  // once), read ahead and handed back to be read again, after `first` (a
  // line already read) when given; their line numbers in `numbers`.
  std::vector<std::string> peek_content(std::size_t count, const Pending* first = nullptr,
                                        std::vector<std::uint64_t>* numbers = nullptr) {
    std::vector<Pending> ahead;
    std::vector<std::string> content;
    Line line;
    while (content.size() < count && ahead.size() < kMaxLookAhead && (!pending.empty() || source.ready()) &&
           next_line(line)) {
      ahead.push_back({std::string(line.text), line});
      if (line.too_long()) break;
      std::size_t off = 0;
      const std::string_view t = trim(line.text, off);
      if (t.empty() || t[0] == '#') continue;
      content.emplace_back(t);
      if (numbers) numbers->push_back(line.number);
    }
    hand_back(ahead, first);
    return content;
  }

  // How far a look-ahead reads: lines, blank and comment lines included.
  static constexpr std::size_t kMaxLookAhead = 64;

  // Lines read ahead (after `first`, a line already read, when given) are
  // handed back to be read again, in order.
  void hand_back(std::vector<Pending>& ahead, const Pending* first = nullptr) {
    for (auto it = ahead.rbegin(); it != ahead.rend(); ++it) pending.push_back(std::move(*it));
    if (first) pending.push_back(*first);
    for (Pending& p : pending) p.line.text = {};  // next_line points it at the text
  }

  // Whether a blank line after a grid's first row is the gap of a grid
  // written double-spaced, one blank line between its rows: the lines after
  // it are a row as wide as the first, then one blank line, then another
  // such row.  `width` gives the cells of a trimmed line (0 for no row), or
  // nullopt for a line to pass over (a comment, a rule line).  A board cut
  // short after one row, with the next board after a blank line, has no
  // blank line between that board's first two rows.
  template <class Width>
  bool double_spaced_ahead(std::size_t n, Width width) {
    std::vector<Pending> ahead;
    Line line;
    int found = 0;      // rows as wide as the first
    bool blank = true;  // the line before was blank (the one that asks is)
    bool gap = false;   // a blank line since the last row found
    while (found < 2 && ahead.size() < kMaxLookAhead && (!pending.empty() || source.ready()) &&
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
      if (*cells != n || (found == 1 && !gap)) break;
      ++found;
      gap = false;
    }
    hand_back(ahead);
    return found == 2;
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

  // ------------------------------------------------------ line format --

  std::optional<Entry> read_line_format() {
    Content c;
    if (!next_content(c)) return std::nullopt;
    if (c.line.too_long())
      return fail(c.line.number, c.line.number, 1, too_long_message(c.line) + ": expected one puzzle of N*N symbols");
    return parse_line_puzzle(c.line.number, c.t, c.off);
  }

  // Text right after the `i` symbols of a whole puzzle (the message says how
  // to make it a comment, so fail()'s hint for lines of words is not added).
  Entry glued_to_puzzle(std::uint64_t ln, std::string_view t, std::size_t off, std::size_t i) {
    std::string message =
        "unexpected " + describe_char(t[i]) + " right after the " + std::to_string(i) + " symbols of the puzzle (" +
        (t[i] == '#' ? "a comment needs a blank before #" : "a comment after it starts with a blank and #") +
        (t[i] == ',' || t[i] == ';' ? "; a CSV file reads with --input-format csv" : "") + ")";
    return make_entry(ln, Diagnostic{SourceLocation{file, ln, off + i + 1}, std::move(message)}, std::string(t));
  }

  Entry parse_line_puzzle(std::uint64_t ln, std::string_view t, std::size_t off) {
    for (std::size_t i = 0; i < t.size(); ++i) {  // (a plain loop: find_first_of calls memchr per character)
      if (t[i] != ' ' && t[i] != '\t') continue;
      // A blank, then '#' (when '#' is not a symbol of the alphabet): a
      // comment to the end of the line.
      if (alphabet.digit_of('#') < 0)
        for (std::size_t k = i + 1; k < t.size(); ++k)
          if (t[k] == '#' && is_space(t[k - 1])) {
            std::string_view before = t.substr(0, k);
            while (is_space(before.back())) before.remove_suffix(1);
            return parse_line_puzzle(ln, before, off);
          }
      // A whole puzzle, then more: name the extra text, not the puzzle.
      if (whole_line_puzzle(t.substr(0, i), alphabet, options)) {
        std::size_t b = i;
        while (is_space(t[b])) ++b;
        std::size_t e = b;
        while (e < t.size() && !is_space(t[e])) ++e;
        return fail(ln, ln, off + b + 1,
                    "unexpected " + quote(t.substr(b, e - b)) + " after the " + std::to_string(i) +
                        " symbols of the puzzle (a comment after it starts with #)",
                    std::string(t));
      }
      // A whole puzzle with text glued on, then a blank ("PUZZLE#a note",
      // "PUZZLE, 5 stars"): name the first character after the puzzle.
      if (const std::size_t p = glued_text(t.substr(0, i), alphabet, options); p < i)
        return glued_to_puzzle(ln, t, off, p);
      return parse_spaced_line(ln, t, off);
    }
    const std::size_t count = t.size();
    const std::uint64_t n = isqrt(count);
    // `size` is the board size when known, else 0.
    auto bad_char = [&](std::size_t i, int size = 0) {
      // Right after a whole puzzle: a note without the blank before '#', or
      // other text after as many symbols as the longest board the line holds.
      if (size == 0 && ((t[i] == '#' && i == glued_text(t, alphabet, options)) ||
                        (i == n * n && whole_line_puzzle(t.substr(0, i), alphabet, options))))
        return glued_to_puzzle(ln, t, off, i);
      return fail(ln, ln, off + i + 1, "unexpected " + describe_char(t[i]) + ": expected " + expected_symbol(size),
                  std::string(t));
    };
    if (n * n != count || n > static_cast<std::uint64_t>(Geometry::kMaxSize)) {
      for (std::size_t i = 0; i < count; ++i)
        if (alphabet.digit_of(t[i]) < 0) return bad_char(i);
      return fail(ln, ln, off + 1,
                  "a one-line puzzle has N*N symbols (16, 36, 81, 256, ...): found " + std::to_string(count) +
                      " (between " + std::to_string(n * n) + " and " + std::to_string((n + 1) * (n + 1)) + ")",
                  std::string(t));
    }
    const int size = static_cast<int>(n);
    const auto& geo = geometry(size);
    if (!geo) {
      for (std::size_t i = 0; i < count; ++i)
        if (alphabet.digit_of(t[i]) < 0) return bad_char(i);
      return fail(ln, ln, off + 1,
                  std::to_string(count) + " symbols make a " + std::to_string(size) + "x" + std::to_string(size) +
                      " board: " + shape_error,
                  std::string(t));
    }
    Grid grid(geo);
    for (std::size_t i = 0; i < count; ++i) {
      const int d = alphabet.digit_of(t[i]);
      if (static_cast<unsigned>(d) > static_cast<unsigned>(size)) {
        if (d < 0) return bad_char(i, size);
        return fail(ln, ln, off + i + 1, out_of_range(d, size, true, t[i]), std::string(t));
      }
      grid.set(static_cast<int>(i), d);
    }
    return make_entry(ln, std::move(grid), std::string(t));
  }

  // A one-line puzzle of N*N blank-separated numbers (N above the alphabet).
  Entry parse_spaced_line(std::uint64_t ln, std::string_view t, std::size_t off) {
    if (const int n = rows_apart(t, alphabet, options))
      return fail(ln, ln, off + 1, "a one-line puzzle has no blanks between its rows: " + rows_apart_hint(n),
                  std::string(t));
    cells.clear();
    std::optional<Entry> error;
    for (std::size_t i = 0; i < t.size();) {
      while (i < t.size() && is_space(t[i])) ++i;
      if (i == t.size()) break;
      const std::size_t b = i;
      while (i < t.size() && !is_space(t[i])) ++i;
      int value = 0;
      if (!error) {
        if (auto message = token_value(t.substr(b, i - b), value))
          error = fail(ln, ln, off + b + 1, *message, std::string(t));
      }
      cells.push_back(Cell{value, static_cast<std::uint32_t>(off + b + 1)});
    }
    if (error) return std::move(*error);
    const std::uint64_t n = isqrt(cells.size());
    if (n * n != cells.size() || n > static_cast<std::uint64_t>(Geometry::kMaxSize))
      return fail(ln, ln, off + 1,
                  "a one-line puzzle has N*N entries (16, 36, 81, 256, ...): found " +
                      std::to_string(cells.size()),
                  std::string(t));
    const int size = static_cast<int>(n);
    const auto& geo = geometry(size);
    if (!geo)
      return fail(ln, ln, off + 1,
                  std::to_string(cells.size()) + " entries make a " + std::to_string(size) + "x" +
                      std::to_string(size) + " board: " + shape_error,
                  std::string(t));
    Grid grid(geo);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (cells[i].value > size)
        return fail(ln, ln, cells[i].column, out_of_range(cells[i].value, size, false, 0), std::string(t));
      grid.set(static_cast<int>(i), cells[i].value);
    }
    return make_entry(ln, std::move(grid), std::string(t));
  }

  // The value of a blank-separated entry: one symbol of the alphabet or a
  // decimal number.  Returns an error message, or nullopt with `value` set.
  std::optional<std::string> token_value(std::string_view token, int& value) const {
    if (token.size() == 1 && alphabet.digit_of(token[0]) >= 0) {
      value = alphabet.digit_of(token[0]);
      return std::nullopt;
    }
    const Number num = parse_number(token);
    switch (num.kind) {
      case Number::ok: value = static_cast<int>(num.value); return std::nullopt;
      case Number::negative: return "negative number " + quote(token) + ": expected 0 (blank) or a digit from 1";
      case Number::signed_number: return signed_message(token);
      case Number::too_large: return "number " + quote(token) + " is too large for a digit";
      case Number::not_a_number: break;
    }
    return "unexpected " + (token.size() == 1 ? describe_char(token[0]) : quote(token)) +
           ": expected a number or a symbol " + symbol_ranges(alphabet.max_digit()) + " or a blank (" + blanks() + ")";
  }

  // ---------------------------------------------------- token format --

  // Parses the numbers of one row of the token format into `cells`.
  // Returns the first defect (column, message) if any.
  std::optional<std::pair<std::uint64_t, std::string>> split_numbers(std::string_view t, std::size_t off,
                                                                      int n) {
    cells.clear();
    std::optional<std::pair<std::uint64_t, std::string>> error;
    for (std::size_t i = 0; i < t.size();) {
      while (i < t.size() && is_space(t[i])) ++i;
      if (i == t.size()) break;
      const std::size_t b = i;
      while (i < t.size() && !is_space(t[i])) ++i;
      const std::string_view token = t.substr(b, i - b);
      const std::uint64_t col = off + b + 1;
      const std::string range = n > 0 ? "0 (blank) to " + std::to_string(n) : "a number (0 or '.' for a blank)";
      const Number num = parse_number(token);
      int value = 0;
      if (!error) {
        switch (num.kind) {
          case Number::ok:
            value = static_cast<int>(num.value);
            if (n > 0 && value > n)
              error.emplace(col, "number " + std::to_string(value) + " is out of range for a " + std::to_string(n) +
                                     "x" + std::to_string(n) + " board: expected " + range);
            break;
          case Number::negative:
            error.emplace(col, "negative number " + quote(token) + ": expected " + range);
            break;
          case Number::signed_number:
            error.emplace(col, signed_message(token));
            break;
          case Number::too_large:
            error.emplace(col, "number " + quote(token) + " is too large: expected " + range);
            break;
          case Number::not_a_number:
            error.emplace(col, "unexpected " + (token.size() == 1 ? describe_char(token[0]) : quote(token)) +
                                   ": expected " + (n > 0 ? "a number " + range + " or '.'" : range));
            break;
        }
      }
      cells.push_back(Cell{value, static_cast<std::uint32_t>(col)});
    }
    return error;
  }

  std::optional<Entry> read_tokens() {
    Line line;
    std::optional<Entry> error;
    std::optional<Grid> grid;
    std::uint64_t start = 0;
    int n = 0, rows = 0;
    Spacing spacing;
    const auto width = [&](std::string_view row, std::size_t off) -> std::optional<std::size_t> {
      if (row[0] == '#') return std::nullopt;
      split_numbers(row, off, 0);
      return cells.size();
    };
    while (next_line(line)) {
      std::size_t off = 0;
      const std::string_view t = line.too_long() ? std::string_view("?") : trim(line.text, off);
      if (!t.empty()) spacing.gap = false;
      if (!t.empty() && t[0] == '#') continue;
      if (t.empty()) {
        if (rows == 0 || row_gap(spacing, rows, n, width)) continue;
        if (!error)
          error = fail(start, line.number, 1,
                       "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) +
                           ", found a blank line");
        return error;
      }
      if (rows == 0) start = line.number;
      if (line.too_long()) {
        if (!error) error = fail(start, line.number, 1, too_long_message(line));
        if (rows == 0) return error;
      } else if (rows == 0) {
        auto defect = split_numbers(t, off, 0);
        n = static_cast<int>(std::min<std::size_t>(cells.size(), std::numeric_limits<int>::max()));
        if (defect) {
          error = fail(start, line.number, defect->first, defect->second);
        } else if (!geometry(n)) {
          error = fail(start, line.number, off + 1, first_row_error(n, "numbers"));
        } else {
          grid.emplace(shape);
          for (int c = 0; c < n; ++c) {
            if (cells[static_cast<std::size_t>(c)].value > n) {
              error = fail(start, line.number, cells[static_cast<std::size_t>(c)].column,
                           "number " + std::to_string(cells[static_cast<std::size_t>(c)].value) +
                               " is out of range for a " + std::to_string(n) + "x" + std::to_string(n) +
                               " board: expected 0 (blank) to " + std::to_string(n));
              break;
            }
            grid->set(0, c, cells[static_cast<std::size_t>(c)].value);
          }
        }
        if (n > Geometry::kMaxSize) return error;  // not a row of a board: do not skip what follows
        if (error && !grid) {
          const Pieces p = pieces_of(t);  // before reading ahead moves `t`
          const bool words = reads_as_words(t);
          const int m = size_from_next_rows(n, 1);
          // A line of words with another count than the rows after it (a
          // title), or of numbers not within one of their count (not their
          // first row with a number missing or extra, as the grid reader
          // judges), is a stray line: it costs itself only.
          const auto count = static_cast<std::size_t>(m);
          if (!p.numbers && count != p.count) {
            if (words) std::get<Diagnostic>(error->content).message += kCommentHint;
            return error;
          }
          if (p.count + 1 < count || p.count > count + 1) return stray_numbers(error, p.count, m);
          n = m;
        } else if (!error) {
          // A first row with a stray number can still be a board size (10
          // numbers in a 9x9 board: 2x5 boxes); two next rows that agree on
          // another size outvote it.
          const int m = size_from_next_rows(n, 2);
          if (m != n) {
            error = fail(start, line.number, off + 1,
                         "first row has " + std::to_string(n) + " numbers, the next rows " + std::to_string(m) +
                             ": expected as many");
            if (n + 1 < m || n > m + 1) return stray_numbers(error, static_cast<std::size_t>(n), m);
            n = m;
          }
        }
      } else if (!error) {
        auto defect = split_numbers(t, off, n);
        if (defect) {
          error = fail(start, line.number, defect->first, defect->second);
        } else if (static_cast<int>(cells.size()) != n) {
          const bool many = static_cast<int>(cells.size()) > n;
          error = fail(start, line.number,
                       many ? cells[static_cast<std::size_t>(n)].column : off + t.size() + 1,
                       row_length_error(rows, std::to_string(cells.size()), n, "numbers"));
        } else {
          for (int c = 0; c < n; ++c) grid->set(rows, c, cells[static_cast<std::size_t>(c)].value);
        }
      }
      if (++rows == n) break;
    }
    if (rows == 0) return std::nullopt;
    if (error) return error;
    if (rows < n)
      return fail(start, end_line(), 1,
                  "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) +
                      ", found the end of the input");
    return make_entry(start, std::move(*grid));
  }

  // A line of `count` numbers before rows of `m`, too far from them to be
  // their first row with a number missing or extra: `error`, said so.
  static std::optional<Entry> stray_numbers(std::optional<Entry>& error, std::size_t count, int m) {
    std::get<Diagnostic>(error->content).message = "a line of " + std::to_string(count) +
                                                   " numbers where the rows after it have " + std::to_string(m) +
                                                   ": not a row of their board";
    return std::move(error);
  }

  // A tokens board whose first row is broken (a stray number or token) has
  // no trustworthy size: when the next `rows` rows agree on a count that is
  // a board size, that size tells how many rows to skip, so that the next
  // board is read from its own first row.  Otherwise `n`, the first row's
  // count.
  int size_from_next_rows(int n, std::size_t rows) {
    const std::vector<std::string> next = peek_content(rows);
    if (next.size() < rows) return n;
    std::optional<std::size_t> count;
    for (const std::string& row : next) {
      const Pieces p = pieces_of(row);
      if (!p.numbers || (count && *count != p.count)) return n;
      count = p.count;
    }
    const int m = static_cast<int>(std::min<std::size_t>(*count, Geometry::kMaxSize + 1));
    return m != n && geometry(m) ? m : n;
  }

  // ---------------------------------------- rows of the grid formats --

  // Splits a row of a drawn grid into cells (value and column).  Layout
  // characters | - + * and blanks separate cells; only '|' may touch a cell
  // ("|3 . .|", "|3..|"): - + * glued to one ("-3", "3-", "+5") are a defect,
  // not a line, so that a sign never drops silently off a number.  When at least ten
  // blank-separated pieces are all decimal numbers (and one is longer than a
  // character) each piece is one number (N > 9 grids); otherwise every
  // character is a symbol.  Returns the first defect; `cells` is filled
  // with every piece either way, so its size counts the row.
  // `numbers_of`: the row belongs to a board of that size whose first row
  // was numbers, so each piece is a number here too (a piece that is none is
  // named, not counted as that many symbols); 0: decided by the row alone.
  std::optional<std::pair<std::uint64_t, std::string>> split_row(std::string_view t, std::size_t off,
                                                                 int numbers_of = 0) {
    cells.clear();
    std::size_t pieces = 0;
    bool numeric = true, multi = false, leading_zero = false;
    auto separator = [](char ch) { return is_space(ch) || is_layout(ch); };
    for (std::size_t i = 0; i < t.size();) {
      while (i < t.size() && separator(t[i])) ++i;
      if (i == t.size()) break;
      const std::size_t b = i;
      while (i < t.size() && !separator(t[i])) ++i;
      const std::string_view piece = t.substr(b, i - b);
      ++pieces;
      if (piece != "." && piece.find_first_not_of("0123456789") != std::string_view::npos) numeric = false;
      if (piece.size() > 1) multi = true;
      if (piece.size() > 1 && piece[0] == '0') leading_zero = true;
    }
    const bool numbers = numbers_of > 0 || (pieces >= 10 && numeric && multi && !leading_zero);
    row_of_numbers = numbers;

    std::optional<std::pair<std::uint64_t, std::string>> error;
    // The layout character at `at` (next to the cell `cell`) when it is - + *
    // and the cell is one (a symbol or a number): a stray character glued to
    // a rule line ("*-----*;") is named itself.
    auto glued = [&](std::size_t at, std::string_view cell) {
      const bool is_cell = numbers ? parse_number(cell).kind == Number::ok : alphabet.digit_of(cell[0]) >= 0;
      if (!error && is_cell && t[at] != '|' && is_layout(t[at]))
        error.emplace(off + at + 1, "unexpected " + describe_char(t[at]) + " glued to " + quote(cell) +
                                        ": - + * draw the grid's lines and stand apart from its cells (only '|' "
                                        "may touch a cell)");
    };
    for (std::size_t i = 0; i < t.size();) {
      while (i < t.size() && separator(t[i])) ++i;
      if (i == t.size()) break;
      const std::size_t b = i;
      while (i < t.size() && !separator(t[i])) ++i;
      const std::string_view piece = t.substr(b, i - b);
      // (The character before the piece, the piece, the one after it: the
      // first defect in column order.)
      if (b > 0) glued(b - 1, numbers ? piece : piece.substr(0, 1));
      if (numbers) {
        const Number num = parse_number(piece);
        if (num.kind == Number::too_large && !error)
          error.emplace(off + b + 1, "number " + quote(piece) + " is too large for a digit");
        if (num.kind == Number::not_a_number && !error)
          error.emplace(off + b + 1, "unexpected " + quote(piece) + ": expected a number 1-" +
                                         std::to_string(numbers_of) + " or a blank (. 0), as in the first row");
        cells.push_back(Cell{static_cast<int>(num.value), static_cast<std::uint32_t>(off + b + 1),
                             num.kind != Number::ok});
      } else {
        for (std::size_t k = b; k < i; ++k) {
          const int d = alphabet.digit_of(t[k]);
          if (d < 0 && !error)
            error.emplace(off + k + 1, "unexpected " + describe_char(t[k]) + ": expected " + expected_symbol(0) +
                                           " (| - + * and spaces are layout)");
          cells.push_back(Cell{std::max(d, 0), static_cast<std::uint32_t>(off + k + 1), d < 0});
        }
      }
      if (i < t.size()) glued(i, numbers ? piece : piece.substr(piece.size() - 1));
    }
    return error;
  }

  // Adds the row in `cells` to a multi-line puzzle.  Row 0 fixes N and
  // creates the grid.  Sets `error` on the first defect.
  void add_row(std::optional<Entry>& error, std::optional<Grid>& grid, int& n, int rows, std::uint64_t start,
               const Line& line, std::string_view t, std::size_t off,
               const std::optional<std::pair<std::uint64_t, std::string>>& defect, const char* what) {
    if (rows == 0) n = static_cast<int>(std::min<std::size_t>(cells.size(), std::numeric_limits<int>::max()));
    if (error) return;
    if (defect) {
      error = fail(start, line.number, defect->first, defect->second);
      return;
    }
    if (rows == 0) {
      if (!geometry(n)) {
        error = fail(start, line.number, off + 1, first_row_error(n, what));
        return;
      }
      grid.emplace(shape);
    } else if (static_cast<int>(cells.size()) != n) {
      const bool many = static_cast<int>(cells.size()) > n;
      error = fail(start, line.number, many ? cells[static_cast<std::size_t>(n)].column : off + t.size() + 1,
                   row_length_error(rows, std::to_string(cells.size()), n, what));
      return;
    }
    for (int c = 0; c < n; ++c) {
      const Cell& cell = cells[static_cast<std::size_t>(c)];
      if (cell.value > n) {
        const char ch = line.text[cell.column - 1];
        const bool symbol = cell.value <= alphabet.max_digit() && alphabet.digit_of(ch) == cell.value;
        error = fail(start, line.number, cell.column, out_of_range(cell.value, n, symbol, ch));
        return;
      }
      grid->set(rows, c, cell.value);
    }
  }

  // --------------------------------------------------- drawn grids --

  enum class Kind { blank, comment, section, layout, row };

  static Kind classify(std::string_view t) {
    if (t.empty()) return Kind::blank;
    if (t[0] == '#') return Kind::comment;
    if (t[0] == '[') return Kind::section;
    for (char ch : t)
      if (!is_space(ch) && !is_layout(ch)) return Kind::row;
    return Kind::layout;
  }

  // How many cells of the row in `cells` are no digit up to `n`.
  std::size_t unreadable_cells(std::size_t n) const {
    return static_cast<std::size_t>(std::count_if(cells.begin(), cells.end(), [&](const Cell& c) {
      return c.unreadable || static_cast<std::size_t>(c.value) > n;
    }));
  }

  // One row of a drawn grid seen ahead: its number of cells (0 for a blank
  // line, a section header, an overlong line or the end of the input), and
  // whether each of them is a digit up to that number.
  struct RowAhead {
    std::size_t width;
    bool sound;
  };

  // The next `count` rows of a drawn grid, read ahead and handed back
  // (layout and comment lines skipped); a row of width 0 ends the list, and
  // so does a pipe with nothing more yet (without a 0: fewer rows).
  std::vector<RowAhead> next_rows(std::size_t count) {
    std::vector<Pending> ahead;
    std::vector<RowAhead> rows;
    Line line;
    while (rows.size() < count && ahead.size() < kMaxLookAhead) {
      if (pending.empty() && !source.ready()) break;
      if (!next_line(line)) {
        rows.push_back({0, false});
        break;
      }
      ahead.push_back({std::string(line.text), line});
      std::size_t off = 0;
      const std::string_view t = line.too_long() ? std::string_view() : trim(line.text, off);
      const Kind kind = classify(t);
      if (kind == Kind::layout || kind == Kind::comment) continue;
      if (kind != Kind::row) {
        rows.push_back({0, false});
        break;
      }
      const bool defect = split_row(t, off).has_value();
      rows.push_back({cells.size(), !defect && unreadable_cells(cells.size()) == 0});
      if (cells.empty()) break;
    }
    hand_back(ahead);
    return rows;
  }

  std::optional<Entry> read_grid() {
    Line line;
    std::optional<Entry> error;
    std::optional<Grid> grid;
    std::uint64_t start = 0;
    int n = 0, rows = 0;
    bool numbers = false;     // the first row was numbers (N > 9), so the others are
    std::vector<int> bands;   // the width of each group of cells between '|' in the first row
    std::vector<int> rules;   // after how many rows a layout line was drawn
    Spacing spacing;
    int apart = 0;  // the first row's rows_apart(): a one-line puzzle with blanks between its rows
    // For a first row alone.
    const auto lone_row_hint = [&]() -> std::string {
      if (!apart) return kLoneRowHint;
      return " (a line alone is a puzzle only with its N*N symbols together; " + rows_apart_hint(apart) + ")";
    };
    const auto width = [&](std::string_view row, std::size_t off) -> std::optional<std::size_t> {
      const Kind kind = classify(row);
      if (kind == Kind::layout || kind == Kind::comment) return std::nullopt;
      if (kind != Kind::row) return 0;
      split_row(row, off, numbers ? n : 0);
      return cells.size();
    };
    while (next_line(line)) {
      std::size_t off = 0;
      const std::string_view t = line.too_long() ? std::string_view("?") : trim(line.text, off);
      const Kind kind = classify(t);
      if (kind != Kind::blank) spacing.gap = false;
      if (kind == Kind::blank && row_gap(spacing, rows, n, width)) continue;
      if (kind == Kind::layout && rows > 0) rules.push_back(rows);
      if (kind == Kind::layout || kind == Kind::comment) continue;
      if (kind != Kind::row) {
        if (rows > 0) {  // a blank line or a header ends the puzzle
          if (kind == Kind::section) push_back(line);
          if (!error)
            error = fail(start, line.number, 1,
                         "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) + ", found " +
                             (kind == Kind::blank ? "a blank line" : "a section header") +
                             (rows == 1 && apart ? lone_row_hint() : box_hint(n)));
          return error;
        }
        if (kind == Kind::section) {
          const auto close = t.find(']');
          in_puzzle_section =
              is_word_among(t.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1), {"puzzle"});
        }
        continue;
      }
      if (!in_puzzle_section) continue;
      if (rows == 0) {
        start = line.number;
        // Its rows with blanks between them: a one-line puzzle, said so if no
        // second row comes.
        if (!options.box) apart = rows_apart(t, alphabet, options);
      }
      if (line.too_long()) {
        if (!error) error = fail(start, line.number, 1, too_long_message(line));
        if (rows == 0) return error;
      } else {
        const auto defect = split_row(t, off, numbers ? n : 0);
        if (rows == 0) numbers = row_of_numbers;
        add_row(error, grid, n, rows, start, line, t, off, defect, "symbols");
        if (rows == 0 && n > Geometry::kMaxSize) return error;
        // The first row, against the next two (read ahead; fewer where a
        // pipe has nothing more yet):
        // - digits only, but a symbol too many or too few for the board the
        //   next two rows agree on: that board's first row, with a typo
        //   (taken for a 10x10 or an 8x8 row, it shifted every board after it);
        // - failing, and followed by two rows as wide as each other but not
        //   as it (or by a blank line or the end), or mostly no digits before
        //   a row that reads whole: a stray line (a title, a rule of '='),
        //   reported alone so that it does not swallow the next board;
        // - otherwise it starts its board, typo or not, read to its end.
        if (rows == 0) {
          bands = bands_of(t, off);
          const auto wide = static_cast<std::size_t>(n);
          const std::size_t unreadable = unreadable_cells(wide);
          std::size_t top = 0;  // the highest digit, and whether every cell is one
          bool digits = true;
          for (const Cell& c : cells) {
            top = std::max(top, static_cast<std::size_t>(c.value));
            digits = digits && !c.unreadable;
          }
          const bool words = reads_as_words(t);  // (`t` is gone once rows are read ahead)
          const std::vector<RowAhead> next = next_rows(2);
          const std::size_t other = next.size() == 2 && next[0].width == next[1].width ? next[0].width : 0;
          if (other != 0 && other != wide && wide + 1 >= other && wide <= other + 1 && !defect && !words &&
              digits && top <= other && geometry(static_cast<int>(other))) {
            std::string message = "first row has " + std::to_string(wide) + " symbols, the next rows " +
                                  std::to_string(other) + ": expected as many";
            if (error) {  // (not "9 is beyond 8": there is no 8x8 board; one record, one index)
              Diagnostic& d = std::get<Diagnostic>(error->content);
              d.where.column = off + 1;
              d.message = std::move(message);
            } else {
              error = fail(start, line.number, off + 1, std::move(message));
            }
            n = static_cast<int>(other);
          } else if (error) {
            const bool stray = (!next.empty() && next[0].width != wide &&
                                (next[0].width == 0 || next.size() == 1 || next[1].width == next[0].width)) ||
                               (2 * unreadable > wide && !next.empty() && next[0].width > 0 && next[0].sound);
            if (stray) {
              std::string& message = std::get<Diagnostic>(error->content).message;
              if (other != 0 && other != wide && !defect && !geometry(static_cast<int>(wide)))
                // (Not "the board would be 5x5", add_row's message for a row
                // of no board size: the rows after it make the board.)
                message = "a line of " + std::to_string(wide) + " symbols where the rows after it have " +
                          std::to_string(other) + ": not a row of their grid";
              if (words) message += kCommentHint;
              return error;
            }
          }
        }
      }
      if (++rows == n) break;
    }
    if (rows == 0) return std::nullopt;
    if (error) return error;
    if (rows < n)
      return fail(start, end_line(), 1,
                  "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) +
                      ", found the end of the input" + (rows == 1 ? lone_row_hint() : box_hint(n)));
    if (!options.box) redraw_boxes(*grid, bands, rules);
    return make_entry(start, std::move(*grid));
  }

  // After a grid's first row alone at the end of the input: a line is a
  // whole puzzle only with N*N symbols (a line of two solutions, as `solve
  // --limit 2 -o line` writes them, is none).
  static constexpr const char* kLoneRowHint = " (a line alone is a puzzle only with N*N symbols: 16, 36, 81, ...)";

  // For a grid cut short: how --box made its lines rows of an N x N board
  // (with --box 4x4, sixteen symbols are a row, never a 4x4 puzzle).
  std::string box_hint(int n) const {
    if (!options.box) return "";
    const std::string size = std::to_string(n);
    return " (--box " + options.box->str() + " makes the board " + size + "x" + size + ": " + size + " rows of " +
           size + ")";
  }

  // The number of cells in each group of the row in `cells` that '|'
  // separates in its text `t` (trimmed from column off + 1 of its line; one
  // group when there is no '|').
  std::vector<int> bands_of(std::string_view t, std::size_t off) const {
    std::vector<int> bands;
    std::size_t i = 0;
    bool bar = true;  // the first cell starts a group
    for (const Cell& c : cells) {
      for (const std::size_t at = c.column - off - 1; i < at && i < t.size(); ++i) bar = bar || t[i] == '|';
      if (bar) bands.push_back(0);
      bar = false;
      ++bands.back();
    }
    return bands;
  }

  // A grid drawn with boxes of another shape than the one its size implies
  // (a 6x6 board with '|' after every 2 columns and a rule after every 3
  // rows: 3x2 boxes) is read with the boxes drawn: the groups of cells between '|' in its first
  // row give the boxes' width, the layout lines between its rows their
  // height, each alone when the other is not drawn.  A drawing that is not
  // regular, or whose shape fits no board, changes nothing.
  void redraw_boxes(Grid& grid, const std::vector<int>& bands, const std::vector<int>& rules) const {
    const int n = grid.size();
    int cols = 0, rows = 0;
    if (bands.size() >= 2 && std::all_of(bands.begin(), bands.end(), [&](int w) { return w == bands[0]; }) &&
        bands[0] * static_cast<int>(bands.size()) == n)
      cols = bands[0];
    if (!rules.empty() && n % (rules[0]) == 0 && static_cast<int>(rules.size()) == n / rules[0] - 1) {
      rows = rules[0];
      for (std::size_t k = 0; k < rules.size(); ++k)
        if (rules[k] != rows * static_cast<int>(k + 1)) rows = 0;
    }
    if (!cols && !rows) return;
    if (!cols) cols = n / rows;
    if (!rows) rows = n / cols;
    const BoxShape drawn{rows, cols};
    if (rows * cols != n || drawn == grid.geometry().box()) return;
    std::shared_ptr<const Geometry> shape;
    try {
      shape = Geometry::shared(n, drawn);
    } catch (const std::exception&) {
      return;  // no board of that shape (a box of one row, ...)
    }
    Grid redrawn(shape);
    for (int cell = 0; cell < grid.cell_count(); ++cell) redrawn.set(cell, grid.at(cell));
    grid = std::move(redrawn);
  }

  // ---------------------------------------------------- Project Euler --

  static bool is_euler_header(std::string_view t) {
    if (!starts_with_grid_word(t)) return false;
    std::size_t i = 4;
    while (i < t.size() && is_space(t[i])) ++i;
    if (i == t.size()) return false;
    while (i < t.size() && is_digit(t[i])) ++i;
    return i == t.size();
  }

  // Skips to the next line that starts with "Grid" (left to be read again).
  void skip_to_euler_header() {
    Line line;
    while (next_line(line)) {
      std::size_t off = 0;
      if (!line.too_long() && starts_with_grid_word(trim(line.text, off))) {
        push_back(line);
        return;
      }
    }
  }

  std::optional<Entry> read_euler() {
    Line line;
    std::uint64_t start = 0;
    while (true) {
      if (!next_line(line)) return std::nullopt;
      std::size_t off = 0;
      const std::string_view t = line.too_long() ? std::string_view("?") : trim(line.text, off);
      if (t.empty() || t[0] == '#') continue;
      start = line.number;
      if (line.too_long() || !is_euler_header(t)) {
        Entry entry = fail(start, line.number, off + 1,
                           "expected a header 'Grid NN', found " + (line.too_long() ? too_long_message(line) : quote(t)));
        skip_to_euler_header();
        return entry;
      }
      break;
    }
    std::optional<Entry> error;
    std::optional<Grid> grid;
    int n = 0, rows = 0;
    while (next_line(line)) {
      std::size_t off = 0;
      const std::string_view t = line.too_long() ? std::string_view("?") : trim(line.text, off);
      const Kind kind = classify(t);
      if (kind == Kind::blank || kind == Kind::comment || kind == Kind::layout) continue;
      if (!line.too_long() && starts_with_grid_word(t)) {
        push_back(line);
        if (!error)
          error = fail(start, line.number, 1,
                       rows == 0 ? std::string("expected the rows of the grid, found the next header")
                                 : "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) +
                                       ", found the next header");
        return error;
      }
      if (line.too_long()) {
        if (!error) error = fail(start, line.number, 1, too_long_message(line));
        if (rows == 0) break;
      } else {
        const auto defect = split_row(t, off);
        add_row(error, grid, n, rows, start, line, t, off, defect, "digits");
      }
      if (error) break;
      if (++rows == n) break;
    }
    if (error) {
      skip_to_euler_header();
      return error;
    }
    if (rows == 0 || rows < n)
      return fail(start, end_line(), 1,
                  rows == 0 ? std::string("expected the rows of the grid, found the end of the input")
                            : "expected row " + std::to_string(rows + 1) + " of " + std::to_string(n) +
                                  ", found the end of the input");
    return make_entry(start, std::move(*grid));
  }

  // ------------------------------------------------------- comma rows --

  std::optional<Entry> read_comma() {
    Content c;
    if (next_content(c)) {
      const std::uint64_t ln = c.line.number;
      if (c.line.too_long()) return fail(ln, ln, 1, too_long_message(c.line));
      const std::string_view t = c.t;
      const std::size_t off = c.off;
      const std::string text(t);
      // Rows: the text between commas, without surrounding blanks.
      std::vector<std::pair<std::string_view, std::size_t>> fields;  // (row, 0-based column in t)
      for (std::size_t b = 0;;) {
        const std::size_t e = std::min(t.find(',', b), t.size());
        std::size_t foff = 0;
        const std::string_view field = trim(t.substr(b, e - b), foff);
        fields.emplace_back(field, b + foff);
        if (e == t.size()) break;
        b = e + 1;
      }
      const int n = static_cast<int>(fields.front().first.size());  // (a line is at most kMaxLineLength bytes)
      for (std::size_t r = 0; r < fields.size(); ++r) {
        const auto [field, col] = fields[r];
        for (std::size_t k = 0; k < field.size(); ++k)
          if (alphabet.digit_of(field[k]) < 0)
            return fail(ln, ln, off + col + k + 1,
                        "unexpected " + describe_char(field[k]) + ": expected " + expected_symbol(0) +
                            (field[k] == ' ' ? "" : " or a comma between rows"),
                        text);
        // A first row longer than the largest board sets no size: say so,
        // rather than measure the rows after it (or their count) against it.
        if (r == 0 && n > Geometry::kMaxSize && !geometry(n))
          return fail(ln, ln, off + col + 1, first_row_error(n, "symbols"), text);
        if (static_cast<int>(field.size()) != n) {
          const bool many = static_cast<int>(field.size()) > n;
          return fail(ln, ln, off + col + (many ? static_cast<std::size_t>(n) : field.size()) + 1,
                      row_length_error(r, std::to_string(field.size()), n, "symbols"),
                      text);
        }
      }
      if (static_cast<int>(fields.size()) != n)
        return fail(ln, ln, off + t.size() + 1,
                    "found " + std::to_string(fields.size()) + " rows separated by commas, expected " +
                        std::to_string(n) + " (as many as symbols in a row)",
                    text);
      const auto& geo = geometry(n);
      if (!geo) return fail(ln, ln, off + 1, shape_error, text);
      Grid grid(geo);
      for (int r = 0; r < n; ++r) {
        const auto [field, col] = fields[static_cast<std::size_t>(r)];
        for (int c = 0; c < n; ++c) {
          const char ch = field[static_cast<std::size_t>(c)];
          const int d = alphabet.digit_of(ch);
          if (d > n) return fail(ln, ln, off + col + static_cast<std::size_t>(c) + 1, out_of_range(d, n, true, ch), text);
          grid.set(r, c, d);
        }
      }
      return make_entry(ln, std::move(grid), text);
    }
    return std::nullopt;
  }

  // ---------------------------------------------------------------- CSV --

  // How the CSV records read: the separator (0 until known), the column
  // that holds the puzzles (-1 until known), and the fields a record has
  // (all, and significant_fields()), as set by the header or, without one,
  // by the record that chose the column (`csv_origin`, for messages).
  char csv_separator_char = 0;
  int csv_column = -1;
  int csv_solution_column = -1;  // -1: none
  std::size_t csv_fields_all = 0, csv_width = 0;  // CsvHeader::fields and ::width
  std::string csv_origin;  // "the header on line 1 (column 'puzzle')", "line 2 (which chose field 1)"

  std::optional<Entry> read_csv() {
    Content c;
    while (next_content(c)) {
      const std::uint64_t ln = c.line.number;
      if (c.line.too_long()) return fail(ln, ln, 1, too_long_message(c.line));
      if (const char sep = csv_separator_line(c.t)) {  // Excel's "sep=;"
        csv_separator_char = sep;
        continue;
      }
      // A header names the column (files joined with cat repeat theirs);
      // one of a lone column leaves the separator open.
      if (auto header = csv_header(c.t)) {
        if (header->fields > 1) csv_separator_char = header->separator;
        csv_column = header->column;
        csv_solution_column = header->solution;
        csv_fields_all = header->fields;
        csv_width = header->width;
        csv_origin = "the header on line " + std::to_string(ln) + " (column '" + header->name + "')";
        continue;
      }
      const std::string text(c.t);  // (the look-ahead may move the line's text)
      if (heads_records_unnamed(text)) {  // the records choose the columns (again, in joined files)
        csv_column = csv_solution_column = -1;
        continue;
      }
      if (csv_column < 0) {
        if (auto undecided = choose_csv_column(ln, text))
          return fail(ln, ln, c.off + 1, std::move(*undecided), text);
      } else if (csv_separator_char == 0) {  // after a lone header: the first separator the line has
        const std::size_t at = text.find_first_of(kCsvSeparators);
        csv_separator_char = at == std::string::npos ? ',' : text[at];
      }
      return read_csv_record(ln, text, c.off, csv_fields(text, csv_separator_char));
    }
    return std::nullopt;
  }

  // Whether `t` is a header whose names say nothing of puzzles
  // ("unsolved,solved", "id,quiz_text", pandas' ",unsolved,solved"): two or
  // more column names (one may be empty), none of them a whole puzzle
  // ("AF.1.28EC..." of a 16x16 board), directly above a record of as many
  // fields, one of them a whole puzzle.  Such a line is passed over, and
  // the records choose the columns.
  bool heads_records_unnamed(const std::string& t) {
    if (t.empty() || is_digit(t[0]) || t[0] == '.') return false;  // (a record, quickly)
    for (const char sep : kCsvSeparators) {
      if (csv_separator_char && sep != csv_separator_char) continue;
      const std::vector<CsvField> names = csv_fields(t, sep);
      const auto named = std::count_if(names.begin(), names.end(), [](const CsvField& f) { return !f.text.empty(); });
      if (names.size() < 2 || named < 2 || !std::all_of(names.begin(), names.end(), [&](const CsvField& f) {
            return column_name(f.text) && !whole_line_puzzle(f.text, alphabet, options);
          }))
        continue;
      const std::vector<std::string> next = peek_content(1);
      if (next.empty()) return false;
      const std::vector<CsvField> record = csv_fields(next.front(), sep);
      return significant_fields(record) == names.size() && !whole_puzzle_fields(record, alphabet, options).empty();
    }
    return false;
  }

  // Without a header, the first record with a puzzle and its solution
  // (this one, or one of the next few lines that have come) chooses the
  // separator, unless known, and the column: its first whole puzzle.  A
  // first record whose puzzle is damaged must not make its solution the
  // column.  Without such a record, this record's first whole puzzle does
  // (a column of puzzles alone, or with a rating), unless a field before it
  // is empty or as long as a puzzle (a damaged one, perhaps, before its
  // solution): then this record is reported with the returned message, and
  // the next one tries again.
  std::optional<std::string> choose_csv_column(std::uint64_t ln, const std::string& text) {
    const std::string separators =
        csv_separator_char ? std::string(1, csv_separator_char) : std::string(kCsvSeparators);
    auto choose = [&](std::string_view line_text, std::uint64_t line, std::size_t wanted) {
      for (const char sep : separators) {
        const std::vector<CsvField> record = csv_fields(line_text, sep);
        const std::vector<std::size_t> whole = whole_puzzle_fields(record, alphabet, options);
        if (whole.size() < wanted) continue;
        // The puzzle is the first with a blank (a solution has none: a
        // file may give the solution first), and the solution the first
        // other one without.
        auto blank = [&](std::size_t k) {
          return std::any_of(record[k].text.begin(), record[k].text.end(),
                             [&](char ch) { return alphabet.digit_of(ch) == 0; });
        };
        const auto with_blank = std::find_if(whole.begin(), whole.end(), blank);
        const std::size_t puzzle = with_blank == whole.end() ? whole.front() : *with_blank;
        csv_solution_column = -1;
        for (const std::size_t k : whole)
          if (k != puzzle && !blank(k)) {
            csv_solution_column = static_cast<int>(k);
            break;
          }
        csv_separator_char = sep;
        csv_column = static_cast<int>(puzzle);
        csv_fields_all = record.size();
        csv_width = significant_fields(record);
        csv_origin = "line " + std::to_string(line) + " (which chose field " + std::to_string(puzzle + 1) + ")";
        return true;
      }
      return false;
    };
    if (choose(text, ln, 2)) return std::nullopt;
    std::vector<std::uint64_t> numbers;
    const std::vector<std::string> next = peek_content(8, nullptr, &numbers);
    for (std::size_t k = 0; k < next.size(); ++k)
      if (choose(next[k], numbers[k], 2)) return std::nullopt;
    for (const char sep : separators) {
      const std::vector<CsvField> record = csv_fields(text, sep);
      const std::vector<std::size_t> whole = whole_puzzle_fields(record, alphabet, options);
      if (whole.empty()) continue;
      const std::size_t size = record[whole.front()].text.size();
      for (std::size_t k = 0; k < whole.front(); ++k)
        if (record[k].text.empty() || 2 * record[k].text.size() >= size)
          return "cannot tell which field of this CSV line holds the puzzle: field " + std::to_string(k + 1) + " is " +
                 (record[k].text.empty() ? "empty" : "no whole puzzle") + ", and field " +
                 std::to_string(whole.front() + 1) +
                 " may be its solution (a header line such as puzzle,solution settles it)";
      choose(text, ln, 1);
      return std::nullopt;
    }
    return "no field of this CSV line is a puzzle of N*N symbols (16, 36, 81, 256, ...), and no header before "
           "it names the puzzle column (puzzle, quizzes, ...)";
  }

  Entry read_csv_record(std::uint64_t ln, const std::string& t, std::size_t off, const std::vector<CsvField>& fields) {
    const auto column = static_cast<std::size_t>(csv_column);
    // A record as wide as the others, empty fields at the end aside (so its
    // puzzle column is there): a file without its header joined to one
    // (cat) would otherwise be read from the wrong column.  After a header
    // or record of one field, the others may add fields (a rating).
    const std::size_t width = significant_fields(fields);
    const bool fits = width <= csv_fields_all && fields.size() >= csv_width;
    if (!fits && !(csv_width == 1 && column == 0))
      return fail(ln, ln, off + 1,
                  "this CSV line has " + std::to_string(width) + (width == 1 ? " field" : " fields") + " and " +
                      csv_origin + " has " + std::to_string(csv_width) +
                      " (a file without its header joined to one? give it its header)",
                  t);
    if (fields[column].text.empty())
      return fail(ln, ln, off + fields[column].column + 1,
                  "the puzzle field (field " + std::to_string(column + 1) + ") of this CSV line is empty", t);
    Entry entry = parse_line_puzzle(ln, fields[column].text, off + fields[column].column);
    const auto solution_column = static_cast<std::size_t>(csv_solution_column);
    if (!options.solutions || csv_solution_column < 0 || solution_column >= fields.size() ||
        fields[solution_column].text.empty())
      return entry;
    const auto* puzzle = std::get_if<Grid>(&entry.content);
    if (!puzzle) return entry;
    const CsvField& field = fields[solution_column];
    if (placeholder(field.text)) return entry;  // "NaN", "null", "-": none given
    const std::string name = "the solution (field " + std::to_string(solution_column + 1) + ") of this CSV line ";
    auto wrong = [&](std::uint64_t column, const std::string& what) {
      entry.content = Diagnostic{SourceLocation{file, ln, column}, name + what};
      return std::move(entry);
    };
    const std::size_t start = off + field.column + 1;  // its first column
    const auto cells = static_cast<std::size_t>(puzzle->cell_count());
    const bool spaced = field.text.find_first_of(" \t") != std::string_view::npos;  // numbers, say
    if (!spaced && field.text.size() != cells)
      return wrong(start, "has " + std::to_string(field.text.size()) + " symbols, but its puzzle has " +
                              std::to_string(cells) + " cells");
    // The solution is read as a puzzle is, but is no entry of its own.
    const std::size_t entries = index;
    Entry read = parse_line_puzzle(ln, field.text, off + field.column);
    index = entries;
    if (const auto* d = std::get_if<Diagnostic>(&read.content)) {
      std::string message = d->message;
      if (message.ends_with(kCommentHint)) message.resize(message.size() - kCommentHint.size());
      return wrong(d->where.column, "is unreadable: " + message);
    }
    Grid& solution = std::get<Grid>(read.content);
    if (solution.size() != puzzle->size())
      return wrong(start, "is a " + std::to_string(solution.size()) + "x" + std::to_string(solution.size()) +
                              " grid, but its puzzle is " + std::to_string(puzzle->size()) + "x" +
                              std::to_string(puzzle->size()));
    for (int cell = 0; cell < solution.cell_count(); ++cell)
      if (!solution.at(cell))
        return wrong(start + (spaced ? 0 : static_cast<std::size_t>(cell)),
                     "has a blank at " + cell_name(solution.geometry(), cell) +
                         ": a solution fills every cell (leave the field empty when there is none)");
    entry.solution = std::move(solution);
    return entry;
  }

  // --------------------------------------------------------- LeetCode --

  // Line and column of a byte of board_text.
  std::pair<std::uint64_t, std::uint64_t> board_position(std::size_t offset) const {
    auto it = std::upper_bound(board_lines.begin(), board_lines.end(), offset,
                               [](std::size_t o, const auto& entry) { return o < entry.first; });
    if (it == board_lines.begin()) return {board_lines.empty() ? 1 : board_lines.front().second, offset + 1};
    --it;
    return {it->second, offset - it->first + 1};
  }

  Entry board_fail(std::uint64_t start, std::size_t offset, std::string message) {
    const auto [ln, col] = board_position(offset);
    return fail(start, ln, col, std::move(message));
  }

  std::optional<Entry> read_leetcode() {
    Line line;
    board_text.clear();
    board_lines.clear();
    int depth = 0;
    bool in_string = false, escape = false;
    std::uint64_t start = 0;
    std::size_t value_end = std::string::npos;  // offset just past the closing bracket
    while (next_line(line)) {
      if (line.too_long()) {
        if (board_text.empty()) return fail(line.number, line.number, 1, too_long_message(line));
        Entry entry = fail(start, line.number, 1, too_long_message(line));
        finished = true;  // no way to find the next board
        return entry;
      }
      if (board_text.empty()) {
        std::size_t off = 0;
        const std::string_view t = trim(line.text, off);
        if (t.empty() || t[0] == '#') continue;
        start = line.number;
        if (t == "null")  // satdoku's leetcode output for a puzzle without an answer
          return fail(start, line.number, off + 1,
                      "'null' is no board (satdoku's leetcode output writes it for a puzzle without an answer): "
                      "remove the line or start it with '#'");
        if (t[0] != '[' && t[0] != '{')
          return fail(start, line.number, off + 1,
                      "expected '[' starting a board (a JSON array of N rows of N strings), found " +
                          describe_char(t[0]));
      }
      if (!board_text.empty() && !in_string && starts_a_board(line.text, depth)) {
        // The board before was cut short: say so here, and read this line
        // again as the start of the next board.
        push_back(line);
        std::size_t off = 0;
        trim(line.text, off);
        return fail(start, line.number, off + 1,
                    "the board begun on line " + std::to_string(start) + " is cut short: a new board starts here, before ']' closes " +
                        (depth > 1 ? "its row" : "it"));
      }
      if (board_text.size() + line.text.size() > 2 * kMaxLineLength) {
        Entry entry = fail(start, line.number, 1,
                           "board text is longer than the limit of " + std::to_string(2 * kMaxLineLength) + " bytes");
        finished = true;
        return entry;
      }
      const std::size_t base = board_text.size();
      board_lines.emplace_back(base, line.number);
      board_text.append(line.text);
      board_text += '\n';
      for (std::size_t i = base; i < board_text.size(); ++i) {
        const char ch = board_text[i];
        if (in_string) {
          if (escape) escape = false;
          else if (ch == '\\') escape = true;
          else if (ch == '"') in_string = false;
          else if (ch == '\n') in_string = false;  // strings do not span lines; the parser reports it
          continue;
        }
        if (ch == '"') in_string = true;
        else if (ch == '[' || ch == '{') ++depth;
        else if ((ch == ']' || ch == '}') && --depth == 0) {
          value_end = i + 1;
          break;
        }
      }
      if (value_end != std::string::npos) break;
    }
    if (board_text.empty()) return std::nullopt;
    if (value_end == std::string::npos)
      return fail(start, end_line(), 1, "unterminated board: expected ']' before the end of the input");
    // Only blanks or a comma may follow a board on its line.
    for (std::size_t i = value_end; i < board_text.size(); ++i) {
      const char ch = board_text[i];
      if (is_space(ch) || ch == '\n' || ch == ',') continue;
      return board_fail(start, i, "unexpected " + describe_char(ch) + " after the board: one board per line");
    }
    Entry entry = parse_board(start);
    if (board_lines.size() == 1) {  // a one-line board keeps its text
      std::size_t off = 0;
      entry.text = std::string(trim(std::string_view(board_text).substr(0, value_end), off));
    }
    return entry;
  }

  // Whether a line that begins `depth` brackets deep inside a board can only
  // be the start of another board: a '[' where a cell must come (inside a
  // row), or "[[" where a row must come (a row holds no arrays).
  static bool starts_a_board(std::string_view text, int depth) {
    std::size_t off = 0;
    const std::string_view t = trim(text, off);
    if (t.empty() || t[0] != '[' || depth < 1) return false;
    if (depth > 1) return true;
    std::size_t i = 1;
    while (i < t.size() && is_space(t[i])) ++i;
    return i < t.size() && t[i] == '[';
  }

  // Parses board_text: a JSON array of N arrays of N cells, each a string
  // holding one symbol or a number, or a JSON number.
  Entry parse_board(std::uint64_t start) {
    const std::string& s = board_text;
    std::size_t i = 0;
    auto ws = [&] {
      while (i < s.size() && (is_space(s[i]) || s[i] == '\n')) ++i;
    };
    auto found = [&]() -> std::string {
      if (i >= s.size()) return "the end of the board";
      return describe_char(s[i]);
    };
    struct Pending {
      int value;
      std::size_t offset;
      bool symbol;
      char ch;
    };
    std::vector<Pending> values;
    ws();
    if (i >= s.size() || s[i] != '[')
      return board_fail(start, i, "expected '[' starting a board (a JSON array of N rows of N strings), found " + found());
    ++i;
    int rows = 0, n = 0;
    for (;;) {
      ws();
      if (rows == 0 && i < s.size() && s[i] == ']') return board_fail(start, i, "empty board: expected rows");
      if (i >= s.size() || s[i] != '[')
        return board_fail(start, i,
                          "expected '[' starting row " + std::to_string(rows + 1) + " (an array of strings such as \"5\" or \".\"), found " + found());
      ++i;
      int count = 0;
      for (;;) {
        ws();
        if (count == 0 && i < s.size() && s[i] == ']') {
          if (rows == 0) return board_fail(start, i, "row 1 is empty: expected strings such as \"5\" or \".\"");
          break;
        }
        if (rows > 0 && count == n)
          return board_fail(start, i, row_length_error(rows, "more than " + std::to_string(n), n, "cells"));
        const std::size_t at = i;
        Pending cell{0, at, false, 0};
        if (i < s.size() && s[i] == '"') {
          std::string content;
          ++i;
          for (; i < s.size() && s[i] != '"' && s[i] != '\n'; ++i) {
            if (s[i] == '\\') {
              ++i;
              if (i >= s.size() || s[i] == '\n') break;
              const char e = s[i];
              if (e == 'u' && i + 4 < s.size()) {
                unsigned code = 0;
                bool hex = true;
                for (int k = 1; k <= 4; ++k) {
                  const char h = s[i + static_cast<std::size_t>(k)];
                  code = code * 16 + static_cast<unsigned>(is_digit(h) ? h - '0' : ((h | 0x20) >= 'a' && (h | 0x20) <= 'f') ? (h | 0x20) - 'a' + 10 : (hex = false, 0));
                }
                if (!hex || code >= 0x80) return board_fail(start, i - 1, "unsupported escape in a cell");
                content += static_cast<char>(code);
                i += 4;
              } else if (e == '"' || e == '\\' || e == '/') {
                content += e;
              } else {
                return board_fail(start, i - 1, "unsupported escape in a cell");
              }
            } else {
              content += s[i];
            }
          }
          if (i >= s.size() || s[i] != '"') return board_fail(start, at, "unterminated string");
          ++i;
          // A decimal digit is a number (leetcode output writes numbers
          // under any alphabet), unless the alphabet reads it as itself.
          if (content.size() == 1 && alphabet.digit_of(content[0]) >= 0 &&
              (!is_digit(content[0]) || digit_is_its_value(alphabet, content[0]))) {
            cell.value = alphabet.digit_of(content[0]);
            cell.symbol = true;
            cell.ch = content[0];
          } else {
            const Number num = parse_number(content);
            if (num.kind == Number::signed_number)
              return board_fail(start, at + 1, signed_message(content));
            if (content.empty() || content == "." || num.kind != Number::ok)
              return board_fail(start, at + 1,
                                (content.empty() ? std::string("empty cell \"\"")
                                                 : "unexpected cell " + quote(content)) +
                                    ": expected one symbol " + symbol_ranges(alphabet.max_digit()) +
                                    ", a number, or a blank (" + blanks() + ")");
            cell.value = static_cast<int>(num.value);
          }
        } else if (i < s.size() && (is_digit(s[i]) || s[i] == '-')) {
          const std::size_t b = i;
          while (i < s.size() && (is_digit(s[i]) || s[i] == '-' || s[i] == '+' || s[i] == '.')) ++i;
          const Number num = parse_number(std::string_view(s).substr(b, i - b));
          if (num.kind == Number::signed_number)
            return board_fail(start, b, signed_message(std::string_view(s).substr(b, i - b)));
          if (num.kind != Number::ok || s[b] == '.')
            return board_fail(start, b, "unexpected number " + quote(std::string_view(s).substr(b, i - b)) +
                                            ": expected 0 (blank) or a digit from 1");
          cell.value = static_cast<int>(num.value);
        } else {
          return board_fail(start, i, "expected a cell such as \"5\" or \".\", found " + found());
        }
        values.push_back(cell);
        ++count;
        ws();
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        if (i < s.size() && s[i] == ']') break;
        return board_fail(start, i, "expected ',' or ']' in row " + std::to_string(rows + 1) + ", found " + found());
      }
      if (rows == 0) n = count;
      else if (count != n)
        return board_fail(start, i, row_length_error(rows, std::to_string(count), n, "cells"));
      ++i;  // the row's ']'
      ++rows;
      ws();
      if (i < s.size() && s[i] == ',') {
        ++i;
        continue;
      }
      if (i < s.size() && s[i] == ']') break;
      return board_fail(start, i, "expected ',' or ']' after row " + std::to_string(rows) + ", found " + found());
    }
    if (rows != n)
      return board_fail(start, i, "the board has " + std::to_string(rows) + " rows, expected " + std::to_string(n) +
                                      " (as many as cells in a row)");
    const auto& geo = geometry(n);
    if (!geo) return board_fail(start, 0, shape_error);
    Grid grid(geo);
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (values[k].value > n)
        return board_fail(start, values[k].offset + (values[k].symbol ? 1 : 0),
                          out_of_range(values[k].value, n, values[k].symbol, values[k].ch));
      grid.set(static_cast<int>(k), values[k].value);
    }
    return make_entry(start, std::move(grid));
  }
};

// ---------------------------------------------------------- PuzzleReader --

PuzzleReader::PuzzleReader(std::istream& in, std::string name, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(name), std::move(options))) {}

PuzzleReader::~PuzzleReader() = default;

std::optional<Entry> PuzzleReader::next() { return impl_->next(); }

InputFormat PuzzleReader::format() const { return impl_->format; }

}  // namespace satdoku
