// The automatic format decision, from a file's first content line, and
// the CSV header helpers it shares with the CSV reader.
#include "reading.hpp"

namespace satdoku {
namespace reading {

int square_board_size(std::uint64_t count, const ReadOptions& options) {
  const std::uint64_t n = isqrt(count);
  if (n * n != count || n < 4 || n > static_cast<std::uint64_t>(Geometry::kMaxSize)) return 0;
  if (options.box) {  // (R and C are positive, and may be large: multiplied in 64 bits)
    const std::uint64_t cells = static_cast<std::uint64_t>(options.box->rows) * static_cast<std::uint64_t>(options.box->cols);
    return cells == n ? static_cast<int>(n) : 0;
  }
  return infer_box_shape(static_cast<int>(n)) ? static_cast<int>(n) : 0;
}

bool symbols_fit(std::string_view t, const Alphabet& alphabet, int n) {
  return std::all_of(t.begin(), t.end(), [&](char ch) {
    const int d = alphabet.digit_of(ch);
    return d >= 0 && d <= n;
  });
}

int whole_line_puzzle(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  const int n = square_board_size(t.size(), options);
  return n && symbols_fit(t, alphabet, n) ? n : 0;
}

std::size_t glued_text(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  std::size_t j = 0;
  while (j < t.size() && alphabet.digit_of(t[j]) >= 0) ++j;
  return j < t.size() && !is_space(t[j]) && whole_line_puzzle(t.substr(0, j), alphabet, options)
             ? j
             : std::string_view::npos;
}

int rows_apart(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  std::string joined;
  std::size_t groups = 0, width = 0;
  bool even = true;  // every group as wide as the first
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    if (++groups > 1 && e - b != width) even = false;
    width = e - b;
    joined.append(t.substr(b, e - b));
  });
  if (!even) return 0;
  const int n = groups > 1 && groups == width ? whole_line_puzzle(joined, alphabet, options) : 0;
  return n == static_cast<int>(groups) ? n : 0;
}

std::optional<std::size_t> stray_blank(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  std::string joined;
  std::size_t groups = 0, first_end = 0;
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    if (++groups == 1) first_end = e;
    joined.append(t.substr(b, e - b));
  });
  if (groups < 2 || groups >= 16 || !whole_line_puzzle(joined, alphabet, options)) return std::nullopt;
  return first_end;
}

std::string stray_blank_hint(std::string_view t, std::size_t column) {
  std::size_t symbols = 0;
  for (const char ch : t) symbols += !is_space(ch);
  return "the blank at column " + std::to_string(column) + " splits a one-line puzzle of " + std::to_string(symbols) +
         " symbols: write them together";
}

std::string rows_apart_hint(int n) {
  const std::string size = std::to_string(n);
  return "this line's " + std::to_string(n * n) + " symbols come in " + size + " groups of " + size +
         ": write them without blanks, or separate the rows with commas";
}

Pieces pieces_of(std::string_view t) {
  Pieces p;
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    ++p.count;
    const Number num = parse_number(t.substr(b, e - b));
    if (num.kind == Number::ok) p.max = std::max(p.max, num.value);
    else p.numbers = false;
  });
  return p;
}

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
      fields.push_back({trim(t.substr(b + 1, q - b - 1), inner), b + 1, q == t.size()});
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

std::size_t significant_fields(const std::vector<CsvField>& fields) {
  std::size_t n = fields.size();
  while (n > 1 && fields[n - 1].text.empty()) --n;
  return n;
}

bool is_word_among(std::string_view text, std::initializer_list<std::string_view> words) {
  std::string lower(text);
  for (char& ch : lower) ch = static_cast<char>(ch | (is_alpha(ch) ? 0x20 : 0));
  return std::find(words.begin(), words.end(), lower) != words.end();
}

bool names_puzzle_column(std::string_view name) {
  return is_word_among(name, {"puzzle", "puzzles", "quiz", "quizzes", "sudoku", "sudokus", "question", "questions",
                              "problem", "problems", "board", "boards", "grid", "grids"});
}

bool placeholder(std::string_view text) {
  return is_word_among(text, {"nan", "null", "none", "na", "n/a", "-", "?", "unknown", "no solution"});
}

bool names_solution_column(std::string_view name) {
  return is_word_among(name, {"solution", "solutions", "answer", "answers"});
}

bool column_name(std::string_view name) {
  if (name.empty()) return true;
  if (name.starts_with("Unnamed: "))
    return name.size() > 9 && std::all_of(name.begin() + 9, name.end(), is_digit);
  if (!is_alpha(name[0]) && name[0] != '_') return false;
  return std::all_of(name.begin(), name.end(),
                     [](char ch) { return is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '-' || ch == '.'; });
}

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

char csv_separator_line(std::string_view t) {
  if (t == "sep=") return '\t';
  return t.size() == 5 && t.starts_with("sep=") && kCsvSeparators.find(t[4]) != std::string_view::npos ? t[4] : 0;
}

std::vector<std::size_t> whole_puzzle_fields(const std::vector<CsvField>& fields, const Alphabet& alphabet,
                                             const ReadOptions& options) {
  std::vector<std::size_t> whole;
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (whole_line_puzzle(fields[k].text, alphabet, options) &&
        (whole.empty() || fields[k].text.size() == fields[whole.front()].text.size()))
      whole.push_back(k);
  return whole;
}

bool reads_as_csv_record(const std::vector<CsvField>& fields, const Alphabet& alphabet, const ReadOptions& options) {
  const std::vector<std::size_t> whole = whole_puzzle_fields(fields, alphabet, options);
  if (whole.size() < 2) return false;
  const std::size_t size = fields[whole.front()].text.size();
  const auto as_long = static_cast<std::size_t>(
      std::count_if(fields.begin(), fields.end(), [&](const CsvField& f) { return f.text.size() == size; }));
  return fields.size() * fields.size() < size || 2 * as_long <= fields.size();
}

char csv_separator(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  if (const auto header = csv_header(t)) return header->separator;
  if (const char sep = csv_separator_line(t)) return sep;
  for (const char sep : kCsvSeparators)
    if (t.find(sep) != std::string_view::npos && reads_as_csv_record(csv_fields(t, sep), alphabet, options))
      return sep;
  return 0;
}

std::size_t boxed_size(const ReadOptions& options) {
  if (!options.box) return 0;
  const std::size_t n = static_cast<std::size_t>(options.box->rows) * static_cast<std::size_t>(options.box->cols);
  return n <= static_cast<std::size_t>(Geometry::kMaxSize) ? n : 0;
}

namespace {

// Whether `count` symbols (or numbers) are nearer the N*N of a one-line
// puzzle of the board --box gives than the N of its row (35 under --box
// 3x2): a line puzzle short of a symbol, not the first row of a 35x35
// board, which --box rules out anyway.
bool nearer_a_line_than_a_row(std::size_t count, const ReadOptions& options) {
  const std::size_t n = boxed_size(options);
  const auto from = [&](std::size_t size) { return size > count ? size - count : count - size; };
  return n > 0 && count != n && from(n * n) < from(n);
}

// A line puzzle that writes its blanks with a drawing's character ('-',
// '='; `t` holds one): N*N characters, no blank or bar, some of them
// symbols, the rest read as blanks.  It is a line, whose reader names the character, not a
// grid's first row, whose error would take the next lines with it.
bool line_with_drawn_blanks(std::string_view t, const Alphabet& alphabet, const ReadOptions& options) {
  if (t.find_first_of(" \t|") != std::string_view::npos) return false;
  std::string blanked(t);
  bool symbol = false;
  for (char& ch : blanked) {
    if (is_layout(ch)) ch = '.';
    else symbol = symbol || alphabet.digit_of(ch) > 0;
  }
  return symbol && whole_line_puzzle(blanked, alphabet, options) != 0;
}

}  // namespace

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
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    const std::string_view piece = t.substr(b, e - b);
    if (++pieces == 1) first = piece;
    if (piece.find_first_of("|+*=") != std::string_view::npos ||
        piece.find_first_not_of('-') == std::string_view::npos)
      layout = true;
    if (parse_number(piece).kind == Number::not_a_number) numeric = false;
    if (piece.size() > 1) single = false;
    if (piece.size() > 1 && piece[0] == '0') leading_zero = true;
    if (piece.size() == 1 && is_digit(piece[0]) && !digit_is_its_value(alphabet, piece[0])) other_digits = true;
  });
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
    // A one-line puzzle with blanks in it (its rows apart, a stray blank),
    // of more symbols than a grid's row can hold (N is at most the
    // alphabet's size): a line, whose reader names the blanks; as a grid's
    // first row, it took the lines after it, puzzles too, for its rows.
    if (!layout && !options.box && (rows_apart(t, alphabet, options) || stray_blank(t, alphabet, options)) &&
        static_cast<std::size_t>(std::count_if(t.begin(), t.end(), [](char ch) { return !is_space(ch); })) >
            static_cast<std::size_t>(alphabet.max_digit()))
      return InputFormat::line;
    if (layout || !numeric) return InputFormat::grid;
    if (pieces > static_cast<std::size_t>(Geometry::kMaxSize) || nearer_a_line_than_a_row(pieces, options))
      return InputFormat::line;
    if (pieces >= 10 && !leading_zero) return InputFormat::tokens;
    return InputFormat::grid;  // a spaced row of N <= 9 (reads the same as tokens)
  }
  if (std::any_of(t.begin(), t.end(), is_layout))
    return line_with_drawn_blanks(t, alphabet, options) ? InputFormat::line : InputFormat::grid;
  if (whole_line_puzzle(t, alphabet, options)) return InputFormat::line;
  // A whole puzzle of another size than --box gives, and no row of the
  // board it gives either (--box 3x3, a 4x4 puzzle's 16 symbols): a line,
  // so that each line is read, and one of that other size reported as
  // such, instead of a 16x16 grid swallowing the lines after it.
  if (options.box && t.size() != static_cast<std::size_t>(options.box->rows) * static_cast<std::size_t>(options.box->cols)) {
    ReadOptions any_box = options;
    any_box.box.reset();
    if (whole_line_puzzle(t, alphabet, any_box)) return InputFormat::line;
    if (nearer_a_line_than_a_row(t.size(), options) && symbols_fit(t, alphabet, static_cast<int>(boxed_size(options))))
      return InputFormat::line;
  }
  if (t.size() <= static_cast<std::size_t>(alphabet.max_digit())) return InputFormat::grid;
  return InputFormat::line;
}

}  // namespace reading
}  // namespace satdoku
