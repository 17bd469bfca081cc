// Writers: a grid as one line, as a drawn grid, as numbers, as a LeetCode board.
#include <string>

#include "satdoku/io.hpp"

namespace satdoku {

namespace {

int decimal_width(int value) {
  int width = 1;
  for (; value >= 10; value /= 10) ++width;
  return width;
}

void append_right_aligned(std::string& out, std::string_view text, int width) {
  for (int pad = width - static_cast<int>(text.size()); pad > 0; --pad) out += ' ';
  out += text;
}

}  // namespace

std::string format_line(const Grid& grid, const Alphabet& alphabet) {
  const int n = grid.size();
  std::string out;
  if (n <= alphabet.max_digit()) {
    const auto cells = grid.cells();
    out.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) out[i] = cells[i] == 0 ? '.' : alphabet.symbol_of(cells[i]);
    return out;
  }
  out.reserve(static_cast<std::size_t>(grid.cell_count()) * (decimal_width(n) + 1));
  for (auto d : grid.cells()) {
    if (!out.empty()) out += ' ';
    if (d == 0)
      out += '.';
    else
      out += std::to_string(d);
  }
  return out;
}

std::string format_grid(const Grid& grid, const Alphabet& alphabet) {
  const Geometry& g = grid.geometry();
  const int n = g.size();
  const BoxShape box = g.box();
  // Numbers, unless the caller chose symbols of its own that cover N.
  const bool symbols = !alphabet.is_standard() && n <= alphabet.max_digit();
  const int width = symbols || n <= 9 ? 1 : decimal_width(n);
  const int group = box.cols * width + (box.cols - 1);  // characters of one box in a row

  std::string rule;
  for (int b = 0; b < n / box.cols; ++b) {
    if (b > 0) rule += "-+-";
    rule.append(static_cast<std::size_t>(group), '-');
  }
  rule += '\n';

  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && r % box.rows == 0) out += rule;
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += c % box.cols == 0 ? " | " : " ";
      const int d = grid.at(r, c);
      if (d == 0)
        append_right_aligned(out, ".", width);
      else if (symbols)
        out += alphabet.symbol_of(d);
      else
        append_right_aligned(out, std::to_string(d), width);
    }
    out += '\n';
  }
  return out;
}

std::string format_tokens(const Grid& grid) {
  const int n = grid.size();
  std::string out;
  out.reserve(static_cast<std::size_t>(grid.cell_count()) * (decimal_width(n) + 1));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ' ';
      out += std::to_string(grid.at(r, c));
    }
    out += '\n';
  }
  return out;
}

std::string format_leetcode(const Grid& grid) {
  const int n = grid.size();
  std::string out = "[";
  for (int r = 0; r < n; ++r) {
    if (r > 0) out += ',';
    out += '[';
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ',';
      const int d = grid.at(r, c);
      out += '"';
      out += d == 0 ? std::string(".") : std::to_string(d);
      out += '"';
    }
    out += ']';
  }
  out += ']';
  return out;
}

}  // namespace satdoku
