// The reader's text helpers: trimming, describing characters, numbers.
#include "reading.hpp"

namespace satdoku {
namespace reading {

bool has_word(std::string_view t) {
  for (std::size_t i = 0; i < t.size();) {
    if (!is_alpha(t[i])) {
      ++i;
      continue;
    }
    const std::size_t b = i;
    bool lower = false, varied = false;
    for (; i < t.size() && is_alpha(t[i]); ++i) {
      lower = lower || (t[i] >= 'a' && t[i] <= 'z');
      varied = varied || t[i] != t[b];
    }
    if (i - b >= 3 && lower && varied) return true;
  }
  return false;
}

bool reads_as_words(std::string_view t) {
  if (!has_word(t)) return false;
  std::size_t symbols = 0, lettered = 0;
  for (std::size_t i = 0; i < t.size();) {
    if (is_space(t[i])) {
      ++i;
      continue;
    }
    bool letters = false;
    for (; i < t.size() && !is_space(t[i]); ++i, ++symbols) letters = letters || is_alpha(t[i]);
    lettered += letters;
  }
  return symbols < 16 || lettered >= 2;
}

bool plain_text(std::string_view t) {
  for (std::size_t i = 0; i < t.size();) {
    const auto c = static_cast<unsigned char>(t[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t') || c == 0x7f) return false;
      ++i;
      continue;
    }
    const std::size_t length = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (length == 0 || i + length > t.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(t[i + k]) & 0xc0) != 0x80) return false;
    i += length;
  }
  return true;
}

std::string_view trim(std::string_view text, std::size_t& offset) {
  std::size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  offset = b;
  return text.substr(b, e - b);
}

bool starts_with_grid_word(std::string_view t) {
  if (t.size() < 4) return false;
  const char* word = "grid";
  for (int i = 0; i < 4; ++i)
    if ((t[static_cast<std::size_t>(i)] | 0x20) != word[i]) return false;
  return t.size() == 4 || is_space(t[4]) || is_digit(t[4]);
}

std::string row_length_error(int row, const std::string& count, int n, std::string_view what) {
  std::string noun(what);
  if (count == "1" && noun.ends_with('s')) noun.pop_back();  // "1 symbol"
  const std::string has = "row " + std::to_string(row + 1) + " has " + count + " " + noun;
  if (row == 1) return has + " and row 1 has " + std::to_string(n) + " (the rows of a board must be equally long)";
  return has + ", expected " + std::to_string(n) + " (as many as the rows before it)";
}

std::string describe_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + ch + "'";
  if (ch == ' ') return "' ' (a space)";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

std::string quote(std::string_view token) {
  std::string out = "'";
  for (char ch : token.substr(0, 24)) {
    const auto u = static_cast<unsigned char>(ch);
    out += (u >= 0x20 && u < 0x7f) ? ch : '?';
  }
  if (token.size() > 24) out += "...";
  return out + "'";
}

std::uint64_t isqrt(std::uint64_t x) {
  std::uint64_t r = 0;
  while ((r + 1) * (r + 1) <= x) ++r;
  return r;
}

std::string signed_message(std::string_view token) {
  return "number " + quote(token) + " has a sign: cells are written without one";
}

Number parse_number(std::string_view token) {
  Number out;
  if (token == ".") {
    out.kind = Number::ok;
    return out;
  }
  std::size_t i = 0;
  const bool minus = i < token.size() && token[i] == '-';
  const bool plus = i < token.size() && token[i] == '+';
  if (minus || plus) ++i;
  if (i == token.size()) return out;
  long long value = 0;
  bool large = false;
  for (; i < token.size(); ++i) {
    if (!is_digit(token[i])) return out;
    if (value < 100000000) value = value * 10 + (token[i] - '0');
    else large = true;
  }
  out.value = minus ? -value : value;
  out.kind = plus || (minus && value == 0) ? Number::signed_number
             : minus                       ? Number::negative
             : large                       ? Number::too_large
                                           : Number::ok;
  return out;
}

}  // namespace reading
}  // namespace satdoku
