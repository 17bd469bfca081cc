// Alphabet (symbols for digits) and the names of the input and output formats.
#include <array>
#include <cctype>

#include "satdoku/io.hpp"

namespace satdoku {

namespace {

constexpr std::string_view kDefaultSymbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The order ranges walk in: digits, then letters of one case.
constexpr std::string_view kUpperOrder = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr std::string_view kLowerOrder = "0123456789abcdefghijklmnopqrstuvwxyz";

bool is_blank_only(char ch) { return ch == '.' || ch == '_'; }

// Why `ch` can be no digit's symbol, or nullptr: the reader gives these
// characters a meaning of their own, so a board written with one would not
// read back (io.hpp promises that format_line and format_grid do).
const char* reserved_for(char ch) {
  switch (ch) {
    case '|': case '-': case '=': case '+': case '*': return "draws the box lines of the grid format";
    case ',': return "separates the cells of the comma format";
    case '#': return "starts a comment";
    case '[': return "starts a section title or a leetcode board at the start of a line";
    case '{': return "starts a leetcode board at the start of a line";
    default: return nullptr;
  }
}

// One table drives names, parsing and the help listing of each enum.
constexpr std::array<std::pair<InputFormat, std::string_view>, 8> kInputNames{{
    {InputFormat::automatic, "auto"},
    {InputFormat::line, "line"},
    {InputFormat::euler, "euler"},
    {InputFormat::grid, "grid"},
    {InputFormat::leetcode, "leetcode"},
    {InputFormat::comma, "comma"},
    {InputFormat::csv, "csv"},
    {InputFormat::tokens, "tokens"},
}};

constexpr std::array<std::pair<OutputFormat, std::string_view>, 5> kOutputNames{{
    {OutputFormat::grid, "grid"},
    {OutputFormat::line, "line"},
    {OutputFormat::tokens, "tokens"},
    {OutputFormat::leetcode, "leetcode"},
    {OutputFormat::json, "json"},
}};

template <class Table>
std::string join_names(const Table& table) {
  std::string out;
  for (const auto& [value, name] : table) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace

void Alphabet::misuse_symbol(int d) const {
  throw UsageError("Alphabet::symbol_of: digit " + std::to_string(d) + " is not one of this alphabet's 1-" +
                   std::to_string(max_digit()));
}

const Alphabet& Alphabet::standard() {
  static const Alphabet alphabet;
  return alphabet;
}

Alphabet::Alphabet() : spec_("1-9A-Z"), symbols_(kDefaultSymbols) {
  for (auto& entry : table_) entry = -1;
  for (std::size_t i = 0; i < symbols_.size(); ++i) {
    const auto d = static_cast<signed char>(i + 1);
    table_[static_cast<unsigned char>(symbols_[i])] = d;
    table_[static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(symbols_[i])))] = d;
  }
  table_[static_cast<unsigned char>('.')] = 0;
  table_[static_cast<unsigned char>('_')] = 0;
  table_[static_cast<unsigned char>('0')] = 0;
}

Alphabet Alphabet::parse(std::string_view spec) {
  auto fail = [&](const std::string& why) -> UsageError {
    return UsageError("alphabet '" + std::string(spec) + "': " + why +
                      " (expected ranges and symbols in digit order, e.g. 0-F, A-P, 1-9A-G)");
  };
  if (spec.empty()) throw fail("empty");
  std::string symbols;
  for (std::size_t i = 0; i < spec.size(); ++i) {
    const char ch = spec[i];
    if (std::isgraph(static_cast<unsigned char>(ch)) == 0)
      throw fail("character " + std::to_string(i + 1) + " is not a printable symbol");
    const bool range = i + 2 < spec.size() && spec[i + 1] == '-';
    if (!range) {
      symbols += ch;
      continue;
    }
    const char last = spec[i + 2];
    const std::string_view order =
        std::islower(static_cast<unsigned char>(ch)) || std::islower(static_cast<unsigned char>(last))
            ? kLowerOrder
            : kUpperOrder;
    const auto from = order.find(ch), to = order.find(last);
    if (from == std::string_view::npos || to == std::string_view::npos)
      throw fail(std::string("range ") + ch + "-" + last + " must run over digits and letters");
    if (from > to) throw fail(std::string("range ") + ch + "-" + last + " runs backwards");
    symbols += order.substr(from, to - from + 1);
    i += 2;
  }
  if (symbols.size() > 127) throw fail("more than 127 symbols");

  // Letters are case-insensitive unless the spec itself uses both cases.
  bool upper = false, lower = false;
  for (char ch : symbols) {
    upper = upper || std::isupper(static_cast<unsigned char>(ch));
    lower = lower || std::islower(static_cast<unsigned char>(ch));
  }
  const bool fold = !(upper && lower);

  Alphabet a;
  a.spec_ = std::string(spec);
  a.symbols_ = symbols;
  for (auto& entry : a.table_) entry = -1;
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    const char ch = symbols[i];
    if (is_blank_only(ch)) throw fail(std::string("'") + ch + "' is reserved for blanks");
    if (const char* why = reserved_for(ch))
      throw fail(std::string("'") + ch + "' cannot be a digit: it " + why);
    const auto d = static_cast<signed char>(i + 1);
    auto set = [&](char c) {
      auto& entry = a.table_[static_cast<unsigned char>(c)];
      if (entry > 0) throw fail(std::string("symbol '") + c + "' is repeated");
      entry = d;
    };
    set(ch);
    if (fold && std::isalpha(static_cast<unsigned char>(ch))) {
      const char other = std::isupper(static_cast<unsigned char>(ch))
                             ? static_cast<char>(std::tolower(static_cast<unsigned char>(ch)))
                             : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      set(other);
    }
  }
  a.table_[static_cast<unsigned char>('.')] = 0;
  a.table_[static_cast<unsigned char>('_')] = 0;
  if (a.table_[static_cast<unsigned char>('0')] < 0) a.table_[static_cast<unsigned char>('0')] = 0;
  return a;
}

std::string_view to_string(InputFormat format) {
  for (const auto& [value, name] : kInputNames)
    if (value == format) return name;
  return "?";
}

std::optional<InputFormat> parse_input_format(std::string_view name) {
  for (const auto& [value, known] : kInputNames)
    if (known == name) return value;
  return std::nullopt;
}

std::string input_format_names() { return join_names(kInputNames); }

std::string_view to_string(OutputFormat format) {
  for (const auto& [value, name] : kOutputNames)
    if (value == format) return name;
  return "?";
}

std::optional<OutputFormat> parse_output_format(std::string_view name) {
  for (const auto& [value, known] : kOutputNames)
    if (known == name) return value;
  return std::nullopt;
}

std::string output_format_names() { return join_names(kOutputNames); }

}  // namespace satdoku
