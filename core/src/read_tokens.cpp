// The tokens format: numbers separated by blanks, N*N per board.
#include "reading.hpp"

namespace satdoku {

std::optional<std::pair<std::uint64_t, std::string>> PuzzleReader::Impl::split_numbers(std::string_view t, std::size_t off,
                                                                    int n) {
  cells.clear();
  std::optional<std::pair<std::uint64_t, std::string>> error;
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    const std::string_view token = t.substr(b, e - b);
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
  });
  return error;
}

std::optional<Entry> PuzzleReader::Impl::read_tokens() {
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
                     missing_row(rows, n, "a blank line"));
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
      const Pieces p = pieces_of(t);  // before reading ahead moves `t`
      const bool words = reads_as_words(t);
      // Rows after it that agree on another size m outvote the first row's
      // count: one of their own counted one number short or over is their
      // board's first row with a typo, and so is one further off when the
      // m-1 rows after it end their board (this takes one record, where a
      // stray line and a board a row short would take two).  Otherwise a
      // line of numbers is a stray line that costs itself only, as is a
      // line of words of another count (a title).
      const int m = size_from_next_rows(n, error && !grid ? 1 : 2);
      if (m != n) {
        if (!p.numbers) {  // (a word or a bad number, named as it is)
          if (words) std::get<Diagnostic>(error->content).message += kCommentHint;
          return error;
        }
        const auto count = static_cast<std::size_t>(m);
        const bool first_row =
            (p.count + 1 >= count && p.count <= count + 1) || rest_of_board_ahead(count, RowsOf::numbers);
        // (Not "15 is beyond 14" or "13 is prime": the board is m x m.)
        restate(error, line.number, off + 1,
                first_row ? count_mismatch(p.count, count, "numbers") : stray_message(p.count, m));
        if (!first_row) return error;
        n = m;
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
                missing_row(rows, n, "the end of the input"));
  return make_entry(start, std::move(*grid));
}

std::string PuzzleReader::Impl::count_mismatch(std::size_t count, std::size_t next, std::string_view what) {
  return "first row has " + std::to_string(count) + " " + std::string(what) + ", the next rows " +
         std::to_string(next) + ": expected as many";
}

void PuzzleReader::Impl::restate(std::optional<Entry>& error, std::uint64_t line, std::size_t column,
                                 std::string message) {
  if (!error) {
    error = fail(line, line, column, std::move(message));
    return;
  }
  Diagnostic& d = std::get<Diagnostic>(error->content);
  d.where.column = column;
  d.message = std::move(message);
}

std::string PuzzleReader::Impl::stray_message(std::size_t count, int m) {
  return "a line of " + std::to_string(count) + " numbers where the rows after it have " + std::to_string(m) +
         ": not a row of their board";
}

int PuzzleReader::Impl::size_from_next_rows(int n, std::size_t rows) {
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

}  // namespace satdoku
