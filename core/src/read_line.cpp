// The line format: one puzzle per line, glued or spaced symbols.
#include <algorithm>

#include "reading.hpp"

namespace satdoku {

std::optional<Entry> PuzzleReader::Impl::read_line_format() {
  Content c;
  if (!next_content(c)) return std::nullopt;
  if (c.line.too_long())
    return fail(c.line.number, c.line.number, 1, too_long_message(c.line) + ": expected one puzzle of N*N symbols");
  return parse_line_puzzle(c.line.number, c.t, c.off);
}

Entry PuzzleReader::Impl::glued_to_puzzle(std::uint64_t ln, std::string_view t, std::size_t off, std::size_t i) {
  std::string message =
      "unexpected " + describe_char(t[i]) + " right after the " + std::to_string(i) + " symbols of the puzzle";
  // (A CSV field holds no comment, and its file is read as CSV already.)
  if (format != InputFormat::csv)
    message += std::string(" (") +
               (t[i] == '#' ? "a comment needs a blank before #" : "a comment after it starts with a blank and #") +
               (t[i] == ',' || t[i] == ';' ? "; a CSV file reads with --input-format csv" : "") + ")";
  return make_entry(ln, Diagnostic{SourceLocation{file, ln, off + i + 1}, std::move(message)}, std::string(t));
}

Entry PuzzleReader::Impl::parse_line_puzzle(std::uint64_t ln, std::string_view t, std::size_t off) {
  for (std::size_t i = 0; i < t.size(); ++i) {  // (a plain loop: find_first_of calls memchr per character)
    if (t[i] != ' ' && t[i] != '\t') continue;
    // A blank, then '#' (never a symbol: Alphabet refuses it): a comment to
    // the end of the line.
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
    std::string message = "unexpected " + describe_char(t[i]) + ": expected " + expected_symbol(size);
    // A CSV header: where the format was detected, above lines that are no
    // records of it (they hold the puzzles alone), so the header did not
    // make the file CSV; where `line` was given, in a CSV file.
    const bool as_lines = options.format == InputFormat::automatic || options.format == InputFormat::line;
    if (const auto header = csv_header(t); header && t[i] == header->separator && as_lines) {
      if (options.format == InputFormat::automatic)
        message += " (a CSV header naming the puzzle column '" + header->name + "' among " +
                   std::to_string(header->fields) +
                   " fields, but the lines after it are no such records: remove it, or write its fields in each "
                   "record)";
      else
        message += " (a CSV header: a CSV file reads with --input-format csv)";
      return make_entry(ln, Diagnostic{SourceLocation{file, ln, off + i + 1}, std::move(message)}, std::string(t));
    }
    return fail(ln, ln, off + i + 1, std::move(message), std::string(t));
  };
  if (n * n != count || n > static_cast<std::uint64_t>(Geometry::kMaxSize)) {
    for (std::size_t i = 0; i < count; ++i)
      if (alphabet.digit_of(t[i]) < 0) return bad_char(i);
    return fail(ln, ln, off + 1,
                boxed_size(options) ? boxed_line_size(count, "symbols")
                            : "a one-line puzzle has N*N symbols (16, 36, 81, 256, ...): found " +
                                  std::to_string(count) + " (between " + std::to_string(n * n) + " and " +
                                  std::to_string((n + 1) * (n + 1)) + ")",
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

Entry PuzzleReader::Impl::parse_spaced_line(std::uint64_t ln, std::string_view t, std::size_t off) {
  if (const int n = rows_apart(t, alphabet, options))
    return fail(ln, ln, off + 1, "a one-line puzzle has no blanks between its rows: " + rows_apart_hint(n),
                std::string(t));
  if (const std::optional<std::size_t> gap = stray_blank(t, alphabet, options))
    return fail(ln, ln, off + *gap + 1, stray_blank_hint(t, off + *gap + 1), std::string(t));
  // A line in numbers, as the writers write one that the alphabet cannot
  // (a board larger than it, or a number of two digits there already): its
  // single digits are numbers too.  Under `--alphabet 0-9` a 12x12 answer
  // "9 2 ... 12 10 11" read its 9 as the alphabet's 10.
  std::size_t pieces = 0;
  bool numbers = false;
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    ++pieces;
    if (e - b > 1 && parse_number(t.substr(b, e - b)).kind == Number::ok) numbers = true;
  });
  if (isqrt(pieces) > static_cast<std::uint64_t>(alphabet.max_digit())) numbers = true;
  cells.clear();
  std::optional<Entry> error;
  for_each_piece(t, is_space, [&](std::size_t b, std::size_t e) {
    int value = 0;
    if (!error) {
      if (auto message = token_value(t.substr(b, e - b), numbers, value))
        error = fail(ln, ln, off + b + 1, *message, std::string(t));
    }
    cells.push_back(Cell{value, static_cast<std::uint32_t>(off + b + 1)});
  });
  if (error) return std::move(*error);
  const std::uint64_t n = isqrt(cells.size());
  if (n * n != cells.size() || n > static_cast<std::uint64_t>(Geometry::kMaxSize))
    return fail(ln, ln, off + 1,
                boxed_size(options) ? boxed_line_size(cells.size(), "entries")
                            : "a one-line puzzle has N*N entries (16, 36, 81, 256, ...): found " +
                                  std::to_string(cells.size()),
                std::string(t));
  const int size = static_cast<int>(n);
  const auto& geo = geometry(size);
  if (!geo)
    return fail(ln, ln, off + 1,
                std::to_string(cells.size()) + " entries make a " + std::to_string(size) + "x" +
                    std::to_string(size) + " board: " + shape_error,
                std::string(t));
  // A number beyond the board: the line may be a row of a board as wide as
  // it (16 numbers up to 16: a 16x16 board in numbers whose first row alone
  // was seen, through a slow pipe, and taken for a 4x4 puzzle), when more
  // than one number is beyond the puzzle's size (one is more likely a typo).
  const auto row_hint = [&]() -> std::string {
    const auto beyond = std::count_if(cells.begin(), cells.end(), [&](const Cell& c) { return c.value > size; });
    const bool a_row = beyond > 1 && cells.size() <= static_cast<std::size_t>(Geometry::kMaxSize) &&
                       std::all_of(cells.begin(), cells.end(), [&](const Cell& c) {
                         return static_cast<std::uint64_t>(c.value) <= cells.size();
                       });
    if (!a_row) return "";
    const std::string width = std::to_string(cells.size());
    return " (if the lines are the rows of " + std::string(width[0] == '8' ? "an " : "a ") + width + "x" + width +
           " board, give --input-format tokens)";
  };
  Grid grid(geo);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].value > size)
      return fail(ln, ln, cells[i].column, out_of_range(cells[i].value, size, false, 0) + row_hint(), std::string(t));
    grid.set(static_cast<int>(i), cells[i].value);
  }
  return make_entry(ln, std::move(grid), std::string(t));
}

std::optional<std::string> PuzzleReader::Impl::token_value(std::string_view token, bool numbers, int& value) const {
  if (token.size() == 1 && alphabet.digit_of(token[0]) >= 0 && !(numbers && is_digit(token[0]))) {
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

}  // namespace satdoku
