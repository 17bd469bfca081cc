// PuzzleReader: the reader's basics, the choice of format, and the public
// class over PuzzleReader::Impl (reading.hpp).
#include "reading.hpp"

namespace satdoku {

bool PuzzleReader::Impl::next_line(Line& line) {
  if (!pending.empty()) {
    pending_current = std::move(pending.back().text);
    line = pending.back().line;
    line.text = pending_current;
    pending.pop_back();
    return true;
  }
  return source.next(line);
}

bool PuzzleReader::Impl::next_content(Content& c) {
  while (next_line(c.line)) {
    c.off = 0;
    c.t = {};
    if (c.line.too_long()) return true;
    c.t = trim(c.line.text, c.off);
    if (!c.t.empty() && c.t[0] != '#') return true;
  }
  return false;
}

const std::shared_ptr<const Geometry>& PuzzleReader::Impl::geometry(int n) {
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

Entry PuzzleReader::Impl::make_entry(std::uint64_t start, std::variant<Grid, Diagnostic> content, std::string text) {
  return Entry{++index, SourceLocation{file, start, 0}, std::move(text), std::move(content), 0, std::nullopt};
}

Entry PuzzleReader::Impl::fail(std::uint64_t start, std::uint64_t line, std::uint64_t column, std::string message,
           std::string text) {
  if (start == line && reads_as_words(text)) message += kCommentHint;
  return make_entry(start, Diagnostic{SourceLocation{file, line, column}, std::move(message)},
                    std::move(text));
}

std::string PuzzleReader::Impl::symbol_ranges(int n) const {
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

std::string PuzzleReader::Impl::expected_symbol(int n) const {
  if (n > alphabet.max_digit() && options.alphabet)  // a line of symbols, but too few of them
    return "a number 1-" + std::to_string(n) + " separated by blanks (or a blank: " + blanks() + "), since the " +
           std::to_string(alphabet.max_digit()) + " symbols of --alphabet (" + symbol_ranges(alphabet.max_digit()) +
           ") are too few to write a " + std::to_string(n) + "x" + std::to_string(n) + " board in symbols";
  if (n > alphabet.max_digit())
    return "a number 1-" + std::to_string(n) + " or a blank (" + blanks() + ")";
  return "a symbol " + symbol_ranges(n > 0 ? n : alphabet.max_digit()) + " or a blank (" + blanks() + ")";
}

std::string PuzzleReader::Impl::out_of_range(int value, int n, bool symbol, char ch) const {
  std::string what = symbol ? "symbol '" + std::string(1, ch) + "' stands for " + std::to_string(value)
                            : "number " + std::to_string(value);
  return what + ", beyond " + std::to_string(n) + " in a " + std::to_string(n) + "x" + std::to_string(n) +
         " board: expected " + expected_symbol(n);
}

std::string PuzzleReader::Impl::first_row_error(int n, std::string_view what) const {
  return "first row has " + std::to_string(n) + " " + std::string(what) + ", so the board would be " +
         std::to_string(n) + "x" + std::to_string(n) + ": " + shape_error;
}

std::string PuzzleReader::Impl::boxed_line_size(std::uint64_t count, std::string_view what) const {
  const std::uint64_t n = boxed_size(options);
  return "a one-line puzzle of a " + std::to_string(n) + "x" + std::to_string(n) + " board (box " + options.box->str() +
         ") has " + std::to_string(n * n) + " " + std::string(what) + ": found " + std::to_string(count);
}

std::string PuzzleReader::Impl::too_long_message(const Line& line) const {
  if (line.unended)
    return "line of more than " + std::to_string(kMaxSkippedLength) + " bytes is longer than the limit of " +
           std::to_string(kMaxLineLength) + " bytes (the rest of the input is not read)";
  return "line of " + std::to_string(line.length) + " bytes is longer than the limit of " +
         std::to_string(kMaxLineLength) + " bytes";
}

std::optional<Entry> PuzzleReader::Impl::next() {
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

bool PuzzleReader::Impl::decide_format() {
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
    bool unreadable = false;
    if (const std::string what = not_puzzles(t, unreadable); !what.empty()) {
      // A CNF or a solver's answer given where puzzles go would make
      // thousands of bogus records, one per line: one, for the file (and,
      // for a file that is no text at all, for no line: an input not read).
      foreign = unreadable ? fail(0, 0, 0, std::string(what)) : fail(line.number, line.number, off + 1, std::string(what));
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

std::optional<Compression> compression_of(std::string_view start) {
  auto starts = [&](std::string_view magic) { return start.substr(0, magic.size()) == magic; };
  if (starts("\x1f\x8b")) return Compression{"a gzip-compressed file", "zcat"};
  if (starts("\xfd" "7zXZ")) return Compression{"an xz-compressed file", "xzcat"};
  if (starts("\x28\xb5\x2f\xfd")) return Compression{"a zstd-compressed file", "zstdcat"};
  if (starts("BZh") && start.size() >= 10 && start.substr(4, 6) == "1AY&SY")
    return Compression{"a bzip2-compressed file", "bzcat"};
  if (starts("PK\x03\x04")) return Compression{"a zip archive", "unzip -p"};
  return std::nullopt;
}

std::string Compression::message(std::string_view what, std::string_view then) const {
  return "this is " + std::string(kind) + ", not " + std::string(what) + ": " +
         (kind.ends_with("archive") ? "unzip" : "decompress") + " it first (" + std::string(command) + " FILE | " +
         std::string(then) + ")";
}

bool is_utf16(std::string_view start) {
  // Its byte order mark (FF FE or FE FF, never UTF-8) followed by a NUL
  // byte in its first two characters, as any ASCII text, a line end
  // included, has there; or, without the mark, ASCII characters each with
  // a NUL after it (little endian) or before it (big), two of them or the
  // line's only one.
  const bool mark = start.starts_with("\xff\xfe") || start.starts_with("\xfe\xff");
  const std::string_view u = mark ? start.substr(2) : start;
  auto pairs = [&](std::size_t nul) {  // NUL at `nul` in each pair, no NUL beside it
    const std::size_t n = std::min<std::size_t>(u.size(), 4) / 2;
    for (std::size_t k = 0; k < n; ++k)
      if (u[2 * k + nul] != '\0' || u[2 * k + 1 - nul] == '\0') return false;
    return n >= 1 && (n == 2 || u.size() == 2);
  };
  const bool marked = mark && u.substr(0, 4).find('\0') != std::string_view::npos;
  return marked || (mark && u.size() < 2) || pairs(1) || pairs(0);
}

std::string utf16_message(std::string_view then) {
  return "this is UTF-16 text (as Windows Notepad or PowerShell may save it), not UTF-8 or ASCII: save it as UTF-8, "
         "or convert it (iconv -f UTF-16 -t UTF-8 FILE | " + std::string(then) + ")";
}

std::string PuzzleReader::Impl::not_puzzles(std::string_view t, bool& unreadable) {
  // Compressed files and UTF-16 text, by their first bytes: each would
  // otherwise be a flood of errors, one per line, none saying what to do.
  unreadable = true;
  if (const auto packed = compression_of(t)) return packed->message("puzzles", "satdoku ...");
  if (is_utf16(t)) return utf16_message("satdoku ...");
  unreadable = false;
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

InputFormat PuzzleReader::Impl::vote(InputFormat format, std::string_view text, const Pending& first, std::size_t skip) {
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
  if (format == InputFormat::grid && !drawn(t)) {
    // A row of symbols that is no puzzle of its own (35 of them: the first
    // row of a 35x35 grid, or a 6x6 puzzle short of a symbol).  A grid's
    // next rows are as wide; whole puzzles of another width below it make
    // it a file of one puzzle per line, with this line its first error.
    int grid = 0, lines = 0;
    for (const std::string& next : after(3)) {
      if (next.size() != t.size() && !drawn(next) && whole_line_puzzle(next, alphabet, options)) ++lines;
      else ++grid;
    }
    return lines > grid ? InputFormat::line : InputFormat::grid;
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
    int board = 0, lines = 0, letters = 0, numbers = 0, puzzles = 0;
    const std::vector<std::string> next = after(7);
    for (const std::string& row : next) {
      const Pieces p = pieces_of(row);
      if (p.count != width && spaced_puzzle_size(row) > 0) ++puzzles;
      if (single && p.count == width && single_symbols(row, true)) ++letters;
      if (p.numbers && p.max > 9) ++numbers;
      if (n > 0 && p.numbers && p.count == static_cast<std::size_t>(n) * static_cast<std::size_t>(n) && p.max > n)
        ++board;
      else
        ++lines;
    }
    if (n > 0 ? 2 * static_cast<std::size_t>(letters) > next.size() : letters > 0 && numbers == 0)
      return InputFormat::grid;
    // A first line that is no whole puzzle (35 numbers: a 6x6 puzzle short
    // of one), above lines that are, of another width, most of them: one
    // puzzle per line, this one its first error.
    if (n == 0 && 2 * static_cast<std::size_t>(puzzles) > next.size()) return InputFormat::line;
    return n > 0 && board <= lines ? InputFormat::line : InputFormat::tokens;
  }
  peek_content(0, &first);  // hands `first` back
  return format;
}

bool PuzzleReader::Impl::starts_a_board(InputFormat format, std::string_view t) {
  switch (format) {
    case InputFormat::grid: return reads_as_first_row(t);
    case InputFormat::euler: return is_euler_header(t);
    case InputFormat::comma: return reads_as_comma_puzzle(t);
    case InputFormat::csv: return !csv_header(t);
    default: return true;
  }
}

bool PuzzleReader::Impl::heads_a_record(const CsvHeader& header, const std::vector<std::string>& next) const {
  return std::any_of(next.begin(), next.end(), [&](const std::string& line) {
    const std::vector<CsvField> record = csv_fields(line, header.separator);
    const auto column = static_cast<std::size_t>(header.column);
    return significant_fields(record) <= header.fields && record.size() >= header.width &&
           whole_line_puzzle(record[column].text, alphabet, options);
  });
}

bool PuzzleReader::Impl::reads_as_comma_puzzle(std::string_view t) const {
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

bool PuzzleReader::Impl::single_symbols(std::string_view t, bool letter) const {
  bool seen = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (is_space(t[i])) continue;
    if (i + 1 < t.size() && !is_space(t[i + 1])) return false;  // a piece of two or more
    if (alphabet.digit_of(t[i]) < 0) return false;
    seen = seen || (!is_digit(t[i]) && t[i] != '.' && t[i] != '_');
  }
  return !letter || seen;
}

bool PuzzleReader::Impl::could_be_a_line_puzzle(std::string_view t) const {
  return square_board_size(t.size(), options) && symbols_fit(t, alphabet, alphabet.max_digit());
}

bool PuzzleReader::Impl::reads_as_first_row(std::string_view t) {
  if (split_row(t, 0)) return false;
  const std::size_t n = cells.size();
  if (n < 4 || n > static_cast<std::size_t>(Geometry::kMaxSize) || !geometry(static_cast<int>(n))) return false;
  const std::size_t symbols = static_cast<std::size_t>(
      std::count_if(t.begin(), t.end(), [](char ch) { return !is_space(ch) && !is_layout(ch); }));
  if (symbols == n && n > static_cast<std::size_t>(alphabet.max_digit())) return false;
  return std::all_of(cells.begin(), cells.end(), [&](const Cell& c) { return c.value <= static_cast<int>(n); });
}

int PuzzleReader::Impl::spaced_puzzle_size(std::string_view t) const {
  const Pieces p = pieces_of(t);
  const int n = p.numbers ? square_board_size(p.count, options) : 0;
  return n && p.max > 0 && p.max <= n ? n : 0;
}

std::vector<std::string> PuzzleReader::Impl::peek_content(std::size_t count, const Pending* first,
                                      std::vector<std::uint64_t>* numbers) {
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

void PuzzleReader::Impl::hand_back(std::vector<Pending>& ahead, const Pending* first) {
  for (auto it = ahead.rbegin(); it != ahead.rend(); ++it) pending.push_back(std::move(*it));
  if (first) pending.push_back(*first);
  for (Pending& p : pending) p.line.text = {};  // next_line points it at the text
}

// ---------------------------------------------------------- PuzzleReader --

PuzzleReader::PuzzleReader(std::istream& in, std::string name, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(name), std::move(options))) {}

PuzzleReader::~PuzzleReader() = default;

std::optional<Entry> PuzzleReader::next() {
  const auto cannot_read = [&](const std::string& why) {
    return InputError(Diagnostic{SourceLocation{impl_->file, 0, 0}, "cannot read: " + why});
  };
  if (!impl_->source.open()) throw cannot_read("the stream's file is not open (does it exist?)");
  try {
    return impl_->next();
  } catch (const std::ios_base::failure& failure) {
    // libstdc++'s file buffer throws it from a failed read (a folder, an
    // I/O error) whatever the stream's exception mask, with the read's errno.
    const bool system = failure.code().category() == std::system_category();
    throw cannot_read(std::strerror(system ? failure.code().value() : errno));
  }
}

InputFormat PuzzleReader::format() const { return impl_->format; }

std::vector<Entry> read_entries(const std::filesystem::path& path, const ReadOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open())
    throw InputError(Diagnostic{SourceLocation{path.string(), 0, 0}, "cannot open" + errno_suffix(errno)});
  PuzzleReader reader(in, path.string(), options);
  std::vector<Entry> entries;
  while (std::optional<Entry> entry = reader.next()) entries.push_back(std::move(*entry));
  return entries;
}

Grid parse_puzzle(std::string_view text, const ReadOptions& options) {
  std::istringstream in{std::string(text)};
  PuzzleReader reader(in, "<text>", options);
  std::optional<Entry> entry = reader.next();
  if (!entry) throw InputError(Diagnostic{SourceLocation{"<text>", 0, 0}, "parse_puzzle: no puzzle in the text"});
  if (const auto* d = std::get_if<Diagnostic>(&entry->content)) throw InputError(*d);
  if (const std::optional<Entry> more = reader.next())
    throw InputError(Diagnostic{more->where, "parse_puzzle: a second puzzle (parse_puzzle reads one; PuzzleReader "
                                             "reads them all)"});
  return std::get<Grid>(std::move(entry->content));
}

}  // namespace satdoku
