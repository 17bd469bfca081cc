// CSV collections: a puzzle column, and maybe a solution column beside it.
#include "reading.hpp"

namespace satdoku {

std::optional<Entry> PuzzleReader::Impl::read_csv() {
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
    return read_csv_line(ln, text, c.off);
  }
  return std::nullopt;
}

Entry PuzzleReader::Impl::read_csv_line(std::uint64_t ln, const std::string& text, std::size_t off) {
  const std::uint64_t open_before = csv_open_line;
  csv_open_line = 0;
  if (csv_column < 0) {
    if (auto undecided = choose_csv_column(ln, text)) return fail(ln, ln, off + 1, std::move(*undecided), text);
  } else if (csv_separator_char == 0) {  // after a lone header: the first separator the line has
    const std::size_t at = text.find_first_of(kCsvSeparators);
    csv_separator_char = at == std::string::npos ? ',' : text[at];
  }
  const std::vector<CsvField> fields = csv_fields(text, csv_separator_char);
  if (std::any_of(fields.begin(), fields.end(), [](const CsvField& f) { return f.open; })) csv_open_line = ln;
  // A record that a quoted line break split: the line before opened the
  // quote, or this one does.
  const std::uint64_t split_at = open_before != 0 && open_before + 1 == ln ? open_before : csv_open_line;
  return read_csv_record(ln, text, off, fields, split_at);
}

bool PuzzleReader::Impl::heads_records_unnamed(const std::string& t) {
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

std::optional<std::string> PuzzleReader::Impl::choose_csv_column(std::uint64_t ln, const std::string& text) {
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

Entry PuzzleReader::Impl::read_csv_record(std::uint64_t ln, const std::string& t, std::size_t off,
                                          const std::vector<CsvField>& fields, std::uint64_t split_at) {
  const auto column = static_cast<std::size_t>(csv_column);
  // A record as wide as the others, empty fields at the end aside (so its
  // puzzle column is there): a file without its header joined to one
  // (cat) would otherwise be read from the wrong column.  After a header
  // or record of one field, the others may add fields (a rating).
  const std::size_t width = significant_fields(fields);
  const bool fits = width <= csv_fields_all && fields.size() >= csv_width;
  if (!fits && !(csv_width == 1 && column == 0)) {
    const std::string message = "this CSV line has " + std::to_string(width) + (width == 1 ? " field" : " fields") +
                                " and " + csv_origin + " has " + std::to_string(csv_width);
    if (width == 1 && whole_line_puzzle(fields[0].text, alphabet, options))
      return fail(ln, ln, off + 1,
                  message + " (it holds a puzzle alone: write the other fields in each record, or remove the header)",
                  t);
    if (split_at != 0)  // (likelier than a title or a note: no word of comments)
      return make_entry(ln,
                        Diagnostic{SourceLocation{file, ln, off + 1},
                                   message + " (" + (split_at == ln ? "this line" : "line " + std::to_string(split_at)) +
                                       " opens a quoted field that it does not close; a CSV record is one line here, "
                                       "so a field that holds a line break splits its record)"},
                        t);
    return fail(ln, ln, off + 1, message + " (a file without its header joined to one? give it its header)", t);
  }
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

}  // namespace satdoku
