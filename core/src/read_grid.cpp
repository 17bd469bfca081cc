// The grid formats: one row per line, drawn or plain, SadMan sections.
#include "reading.hpp"

namespace satdoku {

std::optional<std::pair<std::uint64_t, std::string>> PuzzleReader::Impl::split_row(std::string_view t, std::size_t off,
                                                               int numbers_of) {
  cells.clear();
  std::size_t pieces = 0;
  bool numeric = true, multi = false, leading_zero = false;
  auto separator = [](char ch) { return is_space(ch) || is_layout(ch); };
  for_each_piece(t, separator, [&](std::size_t b, std::size_t e) {
    const std::string_view piece = t.substr(b, e - b);
    ++pieces;
    if (piece != "." && piece.find_first_not_of("0123456789") != std::string_view::npos) numeric = false;
    if (piece.size() > 1) multi = true;
    if (piece.size() > 1 && piece[0] == '0') leading_zero = true;
  });
  const bool numbers = numbers_of > 0 || (pieces >= 10 && numeric && multi && !leading_zero);
  row_of_numbers = numbers;

  std::optional<std::pair<std::uint64_t, std::string>> error;
  // The layout character at `at` (next to the cell `cell`) when it is - = + *
  // and the cell is one (a symbol or a number): a stray character glued to
  // a rule line ("*-----*;") is named itself.
  auto glued = [&](std::size_t at, std::string_view cell) {
    const bool is_cell = numbers ? parse_number(cell).kind == Number::ok : alphabet.digit_of(cell[0]) >= 0;
    if (!error && is_cell && t[at] != '|' && is_layout(t[at]))
      error.emplace(off + at + 1, "unexpected " + describe_char(t[at]) + " glued to " + quote(cell) +
                                      ": - = + * draw the grid's lines and stand apart from its cells (only '|' "
                                      "may touch a cell)");
  };
  for_each_piece(t, separator, [&](std::size_t b, std::size_t e) {
    const std::string_view piece = t.substr(b, e - b);
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
      for (std::size_t k = b; k < e; ++k) {
        const int d = alphabet.digit_of(t[k]);
        if (d < 0 && !error)
          error.emplace(off + k + 1, "unexpected " + describe_char(t[k]) + ": expected " + expected_symbol(0) +
                                         " (| - = + * and spaces are layout)");
        cells.push_back(Cell{std::max(d, 0), static_cast<std::uint32_t>(off + k + 1), d < 0});
      }
    }
    if (e < t.size()) glued(e, numbers ? piece : piece.substr(piece.size() - 1));
  });
  return error;
}

void PuzzleReader::Impl::add_row(std::optional<Entry>& error, std::optional<Grid>& grid, int& n, int rows, std::uint64_t start,
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
      // A lone - + or * in a row of cells ("1 * * 4") is a line of the
      // drawing, not a blank: say so, as for a glued one ("-3").
      std::optional<std::size_t> lone;  // where in t
      for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
        if (e - b == 1 && t[b] != '|' && is_layout(t[b]) && !lone) lone = b;
      });
      error = fail(start, line.number, off + 1,
                   first_row_error(n, what) +
                       (lone ? " (the " + describe_char(t[*lone]) + " at column " + std::to_string(off + *lone + 1) +
                                   " is taken for a line of the drawing: - = + * draw the grid, blanks are " + blanks() +
                                   ")"
                             : ""));
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

PuzzleReader::Impl::Kind PuzzleReader::Impl::classify(std::string_view t) {
  if (t.empty()) return Kind::blank;
  if (t[0] == '#') return Kind::comment;
  if (t[0] == '[') return Kind::section;
  for (char ch : t)
    if (!is_space(ch) && !is_layout(ch)) return Kind::row;
  return Kind::layout;
}

std::size_t PuzzleReader::Impl::unreadable_cells(std::size_t n) const {
  return static_cast<std::size_t>(std::count_if(cells.begin(), cells.end(), [&](const Cell& c) {
    return c.unreadable || static_cast<std::size_t>(c.value) > n;
  }));
}

std::vector<PuzzleReader::Impl::RowAhead> PuzzleReader::Impl::next_rows(std::size_t count, std::size_t waited,
                                                                         RowsOf how, std::size_t most_lines) {
  std::vector<Pending> ahead;
  std::vector<RowAhead> rows;
  Line line;
  while (rows.size() < count && ahead.size() < most_lines) {
    if (pending.empty() && rows.size() >= waited && !source.ready()) break;
    if (!next_line(line)) {
      rows.push_back({0, false});
      break;
    }
    ahead.push_back({std::string(line.text), line});
    std::size_t off = 0;
    const std::string_view t = line.too_long() ? std::string_view() : trim(line.text, off);
    const Kind kind = classify(t);
    if (kind == Kind::comment || (kind == Kind::layout && how == RowsOf::symbols)) continue;
    if (how == RowsOf::numbers) {
      const Pieces p = kind == Kind::blank ? Pieces{} : pieces_of(t);
      rows.push_back({p.numbers ? p.count : 0, p.numbers && p.max <= static_cast<long long>(p.count)});
      if (rows.back().width == 0) break;
      continue;
    }
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

bool PuzzleReader::Impl::rest_of_board_ahead(std::size_t n, RowsOf how) {
  // A drawn board may have a layout line per row: the look-ahead's lines
  // cover boards up to half as many rows.  A board of numbers has rows and
  // comments only: its rows are read, and as many more lines as a
  // look-ahead reads.
  const bool symbols = how == RowsOf::symbols;
  if (n < 2 || n > (symbols ? kMaxLookAhead / 2 : kMaxRowsAhead)) return false;
  const std::vector<RowAhead> rows = next_rows(n, n - 1, how, symbols ? kMaxLookAhead : n + kMaxLookAhead);
  if (rows.size() < n - 1 || (rows.size() == n && rows.back().width == n)) return false;
  return std::all_of(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(n - 1),
                     [n](const RowAhead& r) { return r.width == n; });
}

std::optional<std::size_t> PuzzleReader::Impl::grid_row_cells(std::string_view row, std::size_t off,
                                                              int numbers_up_to) {
  const Kind kind = classify(row);
  if (kind == Kind::layout || kind == Kind::comment) return std::nullopt;
  if (kind != Kind::row) return 0;
  split_row(row, off, numbers_up_to);
  return cells.size();
}

bool PuzzleReader::Impl::stray_first_row(std::uint64_t line, std::string_view t, std::size_t off, bool defect,
                                         bool numbers, int& n, std::optional<Entry>& error) {
  // The first row, against the next two (read ahead; fewer where a pipe
  // has nothing more yet):
  // - digits only, but a symbol too many or too few for the board the next
  //   two rows agree on: that board's first row, with a typo (taken for a
  //   10x10 or an 8x8 row, it shifted every board after it); so too with
  //   more symbols lost or added, where the rest of that board follows it
  //   and ends;
  // - failing, and followed by two rows as wide as each other but not as
  //   it (or by a blank line or the end), or mostly no digits before a row
  //   that reads whole, or words before a line of another width (a title,
  //   then a subtitle): a stray line (a title, a rule of '='), reported
  //   alone so that it does not swallow the next board;
  // - otherwise it starts its board, typo or not, read to its end.
  const auto wide = static_cast<std::size_t>(n);
  const std::size_t unreadable = unreadable_cells(wide);
  std::size_t top = 0;  // the highest digit, and whether every cell is one
  bool digits = true;
  for (const Cell& c : cells) {
    top = std::max(top, static_cast<std::size_t>(c.value));
    digits = digits && !c.unreadable;
  }
  const bool words = reads_as_words(t);       // (`t` is gone once rows are read ahead)
  const bool title = words && plain_text(t);  // (not words among binary bytes)
  const std::vector<RowAhead> next = next_rows(2);
  const std::size_t other = next.size() == 2 && next[0].width == next[1].width ? next[0].width : 0;
  if (other != 0 && other != wide && !defect && !words && digits && top <= other &&
      geometry(static_cast<int>(other)) &&
      ((wide + 1 >= other && wide <= other + 1) || rest_of_board_ahead(other))) {
    // (Not "9 is beyond 8": there is no 8x8 board.)
    restate(error, line, off + 1, count_mismatch(wide, other, "symbols"));
    n = static_cast<int>(other);
    return false;
  }
  if (!error) return false;
  // (A blank line next is no end where the board is double-spaced.)
  const auto width = [&](std::string_view row, std::size_t o) { return grid_row_cells(row, o, numbers ? n : 0); };
  const bool stray = (!next.empty() && next[0].width != wide &&
                      (next[0].width == 0 ? !gap_ahead(wide, width)
                                          : next.size() == 1 || next[1].width == next[0].width)) ||
                     (2 * unreadable > wide && !next.empty() && next[0].width > 0 && next[0].sound) ||
                     // Words, mostly no digits of the board, before a line
                     // of another width (a subtitle): neither starts a
                     // board.  (A row of letters as wide as the next is a
                     // board's, under another alphabet or with a typo.)
                     (title && 2 * unreadable > wide && !next.empty() && next[0].width != wide);
  if (!stray) return false;
  std::string& message = std::get<Diagnostic>(error->content).message;  // (restate() keeps the entry)
  if (title) {  // (not what its letters would be as digits: "'E' stands for 14")
    restate(error, line, off + 1, "a line of words, not a row of the grid after it");
  } else if (other != 0 && other != wide && !defect && !geometry(static_cast<int>(wide))) {
    // (Not "the board would be 5x5", add_row's message for a row of no
    // board size: the rows after it make the board.)
    message = "a line of " + std::to_string(wide) + " symbols where the rows after it have " +
              std::to_string(other) + ": not a row of their grid";
  }
  if (words) message += kCommentHint;
  return true;
}

std::optional<Entry> PuzzleReader::Impl::read_grid() {
  Line line;
  std::optional<Entry> error;
  std::optional<Grid> grid;
  std::uint64_t start = 0;
  int n = 0, rows = 0;
  bool numbers = false;     // the first row was numbers (N > 9), so the others are
  std::vector<int> bands;   // the width of each group of cells between '|' in the first row
  std::vector<int> rules;   // after how many rows a layout line was drawn
  Spacing spacing;
  // A first row that is a one-line puzzle with blanks in it (rows_apart(),
  // stray_blank()), as trimmed from column off + 1: if no second row comes,
  // it is that puzzle's error, at its line and column.
  bool spaced_line = false;
  std::string first_row;
  std::size_t first_off = 0;
  // For a board cut short after `rows` rows: a first row alone may be a
  // one-line puzzle; --box may have made its lines the rows of a board.
  const auto cut_short = [&](std::uint64_t line_number, const std::string& missing) -> Entry {
    if (rows == 1 && spaced_line) return parse_spaced_line(start, first_row, first_off);
    return fail(start, line_number, 1, missing + (rows == 1 && !options.box ? std::string(kLoneRowHint) : box_hint(n)));
  };
  const auto width = [&](std::string_view row, std::size_t off) { return grid_row_cells(row, off, numbers ? n : 0); };
  while (next_line(line)) {
    std::size_t off = 0;
    const std::string_view t = line.too_long() ? std::string_view("?") : trim(line.text, off);
    const Kind kind = classify(t);
    if (kind != Kind::blank) spacing.gap = false;
    if (kind == Kind::blank && row_gap(spacing, rows, n, width)) continue;
    // (Two lines in a row, '=====' over '-----', draw one rule.)
    if (kind == Kind::layout && rows > 0 && (rules.empty() || rules.back() != rows)) rules.push_back(rows);
    if (kind == Kind::layout || kind == Kind::comment) continue;
    if (kind != Kind::row) {
      if (rows > 0) {  // a blank line or a header ends the puzzle
        if (kind == Kind::section) push_back(line);
        if (!error)
          error = cut_short(line.number, missing_row(rows, n, kind == Kind::blank ? "a blank line" : "a section header"));
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
      // Its rows with blanks between them, or a stray blank: a one-line
      // puzzle, said so if no second row comes.
      spaced_line = !options.box && (rows_apart(t, alphabet, options) || stray_blank(t, alphabet, options));
      if (spaced_line) {
        first_row = t;
        first_off = off;
      }
    }
    if (line.too_long()) {
      if (!error) error = fail(start, line.number, 1, too_long_message(line));
      if (rows == 0) return error;
    } else {
      const auto defect = split_row(t, off, numbers ? n : 0);
      if (rows == 0) numbers = row_of_numbers;
      add_row(error, grid, n, rows, start, line, t, off, defect, "symbols");
      if (rows == 0 && n > Geometry::kMaxSize) return error;
      if (rows == 0) {
        bands = bands_of(t, off);
        if (stray_first_row(line.number, t, off, defect.has_value(), numbers, n, error)) return error;
      }
    }
    if (++rows == n) break;
  }
  if (rows == 0) return std::nullopt;
  if (error) return error;
  if (rows < n)
    return cut_short(end_line(), missing_row(rows, n, "the end of the input"));
  const std::optional<BoxShape> drawn = drawn_box(n, bands, rules);
  const bool lines_drawn = (bands.size() >= 2 && static_cast<int>(bands.size()) < n) ||
                           (!rules.empty() && static_cast<int>(rules.size()) < n - 1);
  if (drawn && !options.box && *drawn != grid->geometry().box()) {
    Grid redrawn(Geometry::shared(n, *drawn));
    for (int cell = 0; cell < grid->cell_count(); ++cell) redrawn.set(cell, grid->at(cell));
    *grid = std::move(redrawn);
  }
  Entry entry = make_entry(start, std::move(*grid));
  entry.drawn_box = drawn;
  entry.drawing_ignored = lines_drawn && !drawn;
  return entry;
}

std::string PuzzleReader::Impl::box_hint(int n) const {
  if (!options.box) return "";
  const std::string size = std::to_string(n);
  return " (--box " + options.box->str() + " makes the board " + size + "x" + size + ": " + size + " rows of " +
         size + ")";
}

std::vector<int> PuzzleReader::Impl::bands_of(std::string_view t, std::size_t off) const {
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

std::optional<BoxShape> PuzzleReader::Impl::drawn_box(int n, const std::vector<int>& bands,
                                                      const std::vector<int>& rules) {
  // A bar between every two cells, or a rule under every row, draws cells,
  // not boxes: the other direction's lines may still give them.
  int cols = 0, rows = 0;
  if (bands.size() >= 2 && static_cast<int>(bands.size()) < n &&
      std::all_of(bands.begin(), bands.end(), [&](int w) { return w == bands[0]; }) &&
      bands[0] * static_cast<int>(bands.size()) == n)
    cols = bands[0];
  if (!rules.empty() && rules[0] > 1 && n % (rules[0]) == 0 &&
      static_cast<int>(rules.size()) == n / rules[0] - 1) {
    rows = rules[0];
    for (std::size_t k = 0; k < rules.size(); ++k)
      if (rules[k] != rows * static_cast<int>(k + 1)) rows = 0;
  }
  if (!cols && !rows) return std::nullopt;
  if (!cols) cols = n / rows;
  if (!rows) rows = n / cols;
  const BoxShape drawn{rows, cols};
  if (rows * cols != n) return std::nullopt;
  try {
    Geometry::shared(n, drawn);
  } catch (const std::exception&) {
    return std::nullopt;  // no board of that shape (a box of one row, ...)
  }
  return drawn;
}

}  // namespace satdoku
