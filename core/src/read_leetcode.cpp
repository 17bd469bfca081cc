// The LeetCode format: a board as nested JSON-like lists of strings.
#include "reading.hpp"

namespace satdoku {

std::pair<std::uint64_t, std::uint64_t> PuzzleReader::Impl::board_position(std::size_t offset) const {
  auto it = std::upper_bound(board_lines.begin(), board_lines.end(), offset,
                             [](std::size_t o, const auto& entry) { return o < entry.first; });
  if (it == board_lines.begin()) return {board_lines.empty() ? 1 : board_lines.front().second, offset + 1};
  --it;
  return {it->second, offset - it->first + 1};
}

Entry PuzzleReader::Impl::board_fail(std::uint64_t start, std::size_t offset, std::string message) {
  const auto [ln, col] = board_position(offset);
  return fail(start, ln, col, std::move(message));
}

std::optional<Entry> PuzzleReader::Impl::read_leetcode() {
  Line line;
  board_text.clear();
  board_lines.clear();
  int depth = 0;
  bool in_string = false, escape = false;
  std::uint64_t start = 0;
  std::size_t value_end = std::string::npos;  // offset just past the closing bracket
  std::size_t quote = 0;                        // offset of the last opening quote
  std::size_t runaway = std::string::npos;      // the first one whose string ran to its line's end
  // A board that never closes, said at its first string that ran to its
  // line's end: there a quote is missing or one too many.
  const auto unclosed = [&](std::string message) {
    if (runaway == std::string::npos) return message;
    const auto [ln, col] = board_position(runaway);
    return message + " (the string opened on line " + std::to_string(ln) + " at column " + std::to_string(col) +
           " runs to the end of its line: a quote missing or one too many?)";
  };
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
    if (!board_text.empty() && !in_string && opens_next_board(line.text, depth)) {
      // The board before was cut short: say so here, and read this line
      // again as the start of the next board.
      push_back(line);
      std::size_t off = 0;
      trim(line.text, off);
      return fail(start, line.number, off + 1,
                  unclosed("the board begun on line " + std::to_string(start) +
                           " is cut short: a new board starts here, before ']' closes " +
                           (depth > 1 ? "its row" : "it")));
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
        else if (ch == '\n') {  // strings do not span lines; the parser reports it
          in_string = false;
          if (runaway == std::string::npos) runaway = quote;
        }
        continue;
      }
      if (ch == '"') {
        in_string = true;
        quote = i;
      }
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
    return fail(start, end_line(), 1, unclosed("unterminated board: expected ']' before the end of the input"));
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

bool PuzzleReader::Impl::opens_next_board(std::string_view text, int depth) {
  std::size_t off = 0;
  const std::string_view t = trim(text, off);
  if (t.empty() || t[0] != '[' || depth < 1) return false;
  if (depth > 1) return true;
  std::size_t i = 1;
  while (i < t.size() && is_space(t[i])) ++i;
  return i < t.size() && t[i] == '[';
}

Entry PuzzleReader::Impl::parse_board(std::uint64_t start) {
  const std::string& s = board_text;
  std::size_t i = 0;
  auto ws = [&] {
    while (i < s.size() && (is_space(s[i]) || s[i] == '\n')) ++i;
  };
  auto found = [&]() -> std::string {
    if (i >= s.size()) return "the end of the board";
    return describe_char(s[i]);
  };
  struct CellRead {
    int value;
    std::size_t offset;  // of the symbol or number (inside the quotes)
    bool symbol;
    char ch;
  };
  std::vector<CellRead> values;
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
      CellRead cell{0, at, false, 0};
      if (i < s.size() && s[i] == '"') {
        cell.offset = at + 1;
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
      return board_fail(start, values[k].offset, out_of_range(values[k].value, n, values[k].symbol, values[k].ch));
    grid.set(static_cast<int>(k), values[k].value);
  }
  return make_entry(start, std::move(grid));
}

}  // namespace satdoku
