// Comma rows: one row of a board per line, cells separated by commas.
#include "reading.hpp"

namespace satdoku {

std::optional<Entry> PuzzleReader::Impl::read_comma() {
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
    if (n == 0)
      return fail(ln, ln, off + fields.front().second + 1,
                  "the first row is empty: expected its symbols before the first comma", text);
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
                  (fields.size() == 1 ? std::string("found one row and no comma")
                                      : "found " + std::to_string(fields.size()) + " rows separated by commas") +
                      ", expected " +
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

}  // namespace satdoku
