// The Project Euler format: "Grid NN" and nine rows.
#include "reading.hpp"

namespace satdoku {

bool PuzzleReader::Impl::is_euler_header(std::string_view t) {
  if (!starts_with_grid_word(t)) return false;
  std::size_t i = 4;
  while (i < t.size() && is_space(t[i])) ++i;
  if (i == t.size()) return false;
  while (i < t.size() && is_digit(t[i])) ++i;
  return i == t.size();
}

void PuzzleReader::Impl::skip_grid_rows(std::size_t width, std::size_t rows) {
  Line line;
  while (width == 0 || rows < width) {
    if (!next_line(line)) return;
    std::size_t off = 0;
    const std::string_view t = line.too_long() ? std::string_view() : trim(line.text, off);
    const Kind kind = line.too_long() ? Kind::row : classify(t);
    if (kind == Kind::blank || kind == Kind::comment || kind == Kind::layout) continue;
    bool row = kind == Kind::row && !line.too_long() && !starts_with_grid_word(t) && !(reads_as_words(t) && plain_text(t));
    if (row) {
      split_row(t, off);
      const std::size_t cells_read = cells.size();
      if (width == 0) {
        // (A one-line puzzle is no row: 81 symbols make no board's row.)
        row = cells_read >= 2 && (row_of_numbers || static_cast<int>(cells_read) <= alphabet.max_digit());
        width = cells_read;
      } else {
        row = cells_read + 1 >= width && cells_read <= width + 1;
      }
    }
    if (!row) {
      push_back(line);
      return;
    }
    ++rows;
  }
}

std::optional<Entry> PuzzleReader::Impl::read_euler() {
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
      skip_grid_rows(0, 0);
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
                               : missing_row(rows, n, "the next header"));
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
    // (A row one longer than the first: the first lost a symbol, and the
    // grid has as many rows as the longer.)
    const auto first = static_cast<std::size_t>(std::max(n, 0));
    skip_grid_rows(cells.size() == first + 1 ? first + 1 : first, static_cast<std::size_t>(rows) + 1);
    return error;
  }
  if (rows == 0 || rows < n)
    return fail(start, end_line(), 1,
                rows == 0 ? std::string("expected the rows of the grid, found the end of the input")
                          : missing_row(rows, n, "the end of the input"));
  return make_entry(start, std::move(*grid));
}

}  // namespace satdoku
