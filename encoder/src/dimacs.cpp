#include "satdoku/dimacs.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <limits>
#include <memory>
#include <ostream>
#include <vector>

#include "satdoku/amo.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/io.hpp"
#include "satdoku/verify.hpp"

#ifndef SATDOKU_VERSION
#define SATDOKU_VERSION "0.0.0"
#endif

namespace satdoku {
namespace {

constexpr std::size_t kBufferSize = 1 << 16;
constexpr std::size_t kMaxLiteralChars = 12;  // "-2147483647 "

// Writes the decimal digits of `value` at `out`, returns the end.
char* format_unsigned(char* out, std::uint64_t value) {
  int digits = 1;
  for (std::uint64_t v = value; v >= 10; v /= 10) ++digits;
  char* p = out + digits;
  do {
    *--p = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value);
  return out + digits;
}

// Writes "lit " at `out`, returns the end.
char* format_literal(char* out, int lit) {
  if (lit < 0) *out++ = '-';
  out = format_unsigned(out, lit < 0 ? 0u - static_cast<std::uint64_t>(static_cast<std::int64_t>(lit))
                                     : static_cast<std::uint64_t>(lit));
  *out++ = ' ';
  return out;
}

// The symbol of digit d for N <= 35: 1-9 then A-Z; '.' for empty.
char symbol(int d) { return d == 0 ? '.' : d <= 9 ? static_cast<char>('0' + d) : static_cast<char>('A' + d - 10); }

std::string puzzle_line(const Grid& grid) {
  std::string s;
  if (grid.size() <= 35) {
    s.reserve(static_cast<std::size_t>(grid.cell_count()));
    for (auto d : grid.cells()) s += symbol(d);
  } else {
    for (auto d : grid.cells()) {
      if (!s.empty()) s += ' ';
      s += std::to_string(d);
    }
  }
  return s;
}

Diagnostic diag(const std::string& name, std::uint64_t line, std::uint64_t col, std::string message) {
  return Diagnostic{SourceLocation{name, line, col}, std::move(message)};
}

// Splits a line into whitespace-separated tokens with their 1-based columns.
struct Token {
  std::string_view text;
  std::uint64_t column;
};
std::vector<Token> tokenize(std::string_view line, std::size_t max = SIZE_MAX) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < line.size() && tokens.size() < max) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) tokens.push_back({line.substr(start, i - start), start + 1});
  }
  return tokens;
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

// "'text' rest", built by appending (g++ 12 warns falsely on chains of +).
std::string quoted(std::string_view text, std::string_view rest) {
  std::string s;
  s.reserve(text.size() + rest.size() + 2);
  s += '\'';
  s.append(text);
  s += '\'';
  s.append(rest);
  return s;
}

}  // namespace

std::string_view generator_version() { return SATDOKU_VERSION; }

// ---------------------------------------------------------------------------

DimacsWriter::DimacsWriter(std::ostream& out) : out_(out), buffer_(kBufferSize) {}

DimacsWriter::~DimacsWriter() {
  try {
    flush();
  } catch (...) {
  }
}

void DimacsWriter::write(std::string_view text) {
  errno = 0;
  out_.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out_ && !error_) error_ = errno;
  bytes_ += text.size();
}

void DimacsWriter::flush() {
  if (used_ == 0) return;
  write({buffer_.data(), used_});
  used_ = 0;
}

void DimacsWriter::comment(std::string_view text) {
  // A line end would start a line that is no comment.
  if (text.find_first_of("\n\r") != std::string_view::npos)
    throw UsageError("DimacsWriter::comment: the text holds a line end");
  flush();
  write("c " + std::string(text) + "\n");
}

void DimacsWriter::problem(std::uint64_t variables, std::uint64_t clauses) {
  flush();
  write("p cnf " + std::to_string(variables) + " " + std::to_string(clauses) + "\n");
}

void DimacsWriter::add_clause(std::span<const int> literals) {
  // Checked before any is written: a refused clause leaves no part behind.
  for (int lit : literals)
    if (!is_dimacs_literal(lit))  // 0 would end the clause there
      throw UsageError("DimacsWriter::add_clause: literal " + std::to_string(lit) + " is no DIMACS literal");
  char* p = buffer_.data() + used_;
  for (int lit : literals) {
    if (used_ + kMaxLiteralChars + 2 > buffer_.size()) {
      flush();
      p = buffer_.data();
    }
    p = format_literal(p, lit);
    used_ = static_cast<std::size_t>(p - buffer_.data());
  }
  if (used_ + 2 > buffer_.size()) {
    flush();
    p = buffer_.data();
  }
  *p++ = '0';
  *p++ = '\n';
  used_ = static_cast<std::size_t>(p - buffer_.data());
}

void DimacsWriter::finish() {
  flush();
  errno = 0;
  out_.flush();
  if (!out_ && !error_) error_ = errno;
  if (!out_) throw OutputError("writing the CNF failed" + errno_suffix(error_));
}

std::vector<std::string> header_comments(const Encoder& encoder, const EncodeReport& report) {
  const Grid& p = encoder.puzzle();
  const auto opts = encoder.options();
  const std::string n = std::to_string(p.size());
  return {
      "satdoku " + std::string(generator_version()) + " CNF",
      "board " + n + "x" + n + " box " + p.geometry().box().str(),
      "puzzle " + puzzle_line(p),
      "encoding " + std::string(to_string(opts.encoding)),
      "amo " + std::string(to_string(encoder.amo())),
      "reduction " + std::string(to_string(opts.reduction)),
      "varmap " + encoder.map().formula(),
      "primary " + std::to_string(encoder.map().primary_count()) + " auxiliary " +
          std::to_string(report.aux) + " fixed " + std::to_string(report.fixed_primary) +
          " solved " + (report.solved ? "yes" : "no") + " conflict " + (report.conflict ? "yes" : "no"),
  };
}

namespace {

// Formats clauses into a growing buffer (one pass for small formulas).
class TextSink final : public ClauseSink {
 public:
  explicit TextSink(std::size_t capacity) : data_(new char[capacity]), capacity_(capacity) {}
  void add_clause(std::span<const int> literals) override {
    const std::size_t need = literals.size() * kMaxLiteralChars + 2;
    if (size_ + need > capacity_) grow(size_ + need);
    char* p = data_.get() + size_;
    for (int lit : literals) p = format_literal(p, lit);
    *p++ = '0';
    *p++ = '\n';
    size_ = static_cast<std::size_t>(p - data_.get());
  }
  const char* data() const { return data_.get(); }
  std::size_t size() const { return size_; }

 private:
  void grow(std::size_t at_least) {
    const std::size_t capacity = std::max(at_least, 2 * capacity_);
    std::unique_ptr<char[]> data(new char[capacity]);
    std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// Formulas up to this many clauses (before reduction) are formatted in
// memory in one pass; larger ones are generated twice (count, then write).
constexpr std::uint64_t kOnePassClauses = 1u << 20;

}  // namespace

void CancellableSink::add_clause(std::span<const int> literals) {
  if (--countdown_ == 0) {
    countdown_ = kCancelPollClauses;
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw Cancelled("writing the CNF was cancelled");
  }
  if (inner_) inner_->add_clause(literals);
}

EncodeReport write_dimacs(const Encoder& encoder, std::ostream& out, const std::atomic<bool>* cancel) {
  const auto opts = encoder.options();
  const FormulaSize bound = encoding_size(opts.encoding, encoder.puzzle().geometry(), encoder.amo());
  if (bound.clauses <= kOnePassClauses) {
    // Binary clauses dominate: about 12 bytes each for small boards.
    TextSink body(static_cast<std::size_t>(bound.clauses) * 12 + 4096);
    CancellableSink polled(&body, cancel);
    const EncodeReport report = encoder.emit(polled);
    DimacsWriter writer(out);
    for (const auto& line : header_comments(encoder, report)) writer.comment(line);
    writer.problem(report.variables, report.clauses);
    writer.finish();
    out.write(body.data(), static_cast<std::streamsize>(body.size()));
    out.flush();
    if (!out) throw OutputError("writing the CNF failed");
    return report;
  }
  CancellableSink counter(nullptr, cancel);  // as encoder.count(), which cannot be cancelled
  const EncodeReport counted = encoder.emit(counter);
  DimacsWriter writer(out);
  for (const auto& line : header_comments(encoder, counted)) writer.comment(line);
  writer.problem(counted.variables, counted.clauses);
  CancellableSink polled(&writer, cancel);
  const EncodeReport written = encoder.emit(polled);
  writer.finish();
  return written;
}

EncodeReport write_dimacs(const Grid& puzzle, const EncodeOptions& options, std::ostream& out,
                          const std::atomic<bool>* cancel) {
  return write_dimacs(Encoder(puzzle, options), out, cancel);
}

// ---------------------------------------------------------------------------

namespace {

// A UTF-8 byte order mark before the first line is not part of it.
void drop_bom(std::string& line, std::uint64_t number) {
  if (number == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
}

// The InputError of a stream that failed after `lines` lines, `error` the
// errno of the failure (0: none left).
InputError read_failure(const std::string& name, std::uint64_t lines, int error) {
  if (error == ENOMEM)
    return InputError(diag(name, lines + 1, 0, "cannot read: out of memory (a line longer than memory allows)"));
  return InputError(Diagnostic{SourceLocation{name, 0, 0}, "cannot read" + errno_suffix(error)});
}

// std::getline that tells a failed stream from the end of the file:
// libstdc++'s getline turns a read error (EBADF, EIO) and a line too long
// for memory (bad_alloc) into badbit, and a while (getline) loop took that
// for the end of the file.  Throws InputError.  (malloc sets ENOMEM, a
// failed read its own errno.)
bool next_line(std::istream& in, std::string& line, const std::string& name, std::uint64_t lines) {
  errno = 0;
  if (std::getline(in, line)) return true;
  if (in.bad()) throw read_failure(name, lines, errno);
  return false;
}

// A line of a CNF's header as next_header_line() reads it.
struct HeaderLine {
  std::string text;   // the line, or its first kMaxHeaderLineLength bytes
  bool whole = true;  // false: the line is longer than that
  bool rest = false;  // the rest of a longer line is still to be read
};

// next_line() that holds at most kMaxHeaderLineLength bytes of a line and
// reads no further into a longer one (skip_rest_of_line() passes over its
// rest; a line that never ends, /dev/zero, can be refused without reading
// on).  Throws InputError as next_line().
bool next_header_line(std::istream& in, HeaderLine& line, const std::string& name, std::uint64_t lines) {
  line.text.clear();
  line.whole = true;
  line.rest = false;
  char chunk[4096];
  errno = 0;
  for (bool first = true;; first = false) {
    // Stores up to one byte more than the line has room for, and stops at
    // '\n' (read, not stored), at the end of the input, or with `want`
    // bytes stored (failbit: the line goes on).
    const std::size_t room = kMaxHeaderLineLength - line.text.size();
    const std::size_t want = std::min(sizeof chunk - 1, room + 1);
    in.getline(chunk, static_cast<std::streamsize>(want + 1));
    if (in.bad()) throw read_failure(name, lines, errno);
    const bool ended = !in.fail();
    if (!ended && in.eof()) return !first;  // nothing more to read
    const std::size_t stored = static_cast<std::size_t>(in.gcount()) - (ended && !in.eof() ? 1 : 0);
    line.text.append(chunk, std::min(stored, room));
    line.whole = stored <= room;
    line.rest = !line.whole && !ended;
    if (ended) return true;
    in.clear();
    if (line.rest) return true;
  }
}

// Reads the rest of a line that next_header_line() left, storing none of it.
void skip_rest_of_line(std::istream& in, HeaderLine& line, const std::string& name, std::uint64_t lines) {
  if (!line.rest) return;
  errno = 0;
  in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  if (in.bad()) throw read_failure(name, lines, errno);
  line.rest = false;
}

// The comment keys read_cnf_header reads ('c KEY ...').
constexpr std::string_view kHeaderKeys[] = {"satdoku",   "board",  "puzzle",   "encoding", "amo",
                                            "reduction", "varmap", "solution", "primary"};

// A solver's answer line ('s SATISFIABLE', 'v 1 -2 0', MiniSat's 'SAT').
bool answer_word(std::string_view t) { return t == "s" || t == "v" || t == "SAT" || t == "UNSAT" || t == "INDET"; }

}  // namespace

std::variant<CnfHeader, Diagnostic> read_cnf_header(std::istream& in, const std::string& name) {
  HeaderLine header_line;
  const std::string& line = header_line.text;
  std::uint64_t number = 0;
  std::string generator, puzzle_text, solution_text;
  std::uint64_t puzzle_line_no = 0, puzzle_col = 0, varmap_line = 0, solution_line_no = 0, solution_col = 0;
  std::uint64_t reduction_line = 0, reduction_col = 0;
  int n = 0;
  std::optional<BoxShape> box;
  std::optional<Encoding> encoding;
  std::optional<AmoMethod> amo;
  std::optional<Reduction> reduction;
  std::string varmap;
  bool solved = false, conflict = false;
  // The line of each satdoku header key seen (kHeaderKeys' order): a CNF
  // holds one puzzle, so a key given twice is an error at the second.
  std::uint64_t key_lines[std::size(kHeaderKeys)] = {};
  // The line of each key seen before the 'c satdoku' line, which begins the
  // header (such a line is another program's comment, or the header's lines
  // moved by hand).
  std::uint64_t early_lines[std::size(kHeaderKeys)] = {};
  std::uint64_t generator_line = 0;
  std::shared_ptr<const Geometry> geometry;  // from the board line
  while (next_header_line(in, header_line, name, number)) {
    ++number;
    drop_bom(header_line.text, number);
    if (number == 1) {
      if (const auto packed = compression_of(line))
        return diag(name, 1, 1, packed->message("a CNF", "satdoku decode - MODEL"));
      if (is_utf16(line)) return diag(name, 1, 1, utf16_message("satdoku decode - MODEL"));
    }
    const auto tokens = tokenize(line);
    if (!header_line.whole) {
      // Only another program's comment may be longer than the limit: its
      // rest is passed over unread.  (A solver's answer is said so below.)
      const bool comment = !tokens.empty() && tokens[0].text == "c";
      const bool ours = comment && tokens.size() >= 2 &&
                        std::find(std::begin(kHeaderKeys), std::end(kHeaderKeys), tokens[1].text) != std::end(kHeaderKeys) &&
                        (!generator.empty() || tokens[1].text == "satdoku");
      if (comment && !ours) {
        skip_rest_of_line(in, header_line, name, number);
        continue;
      }
      const std::string limit = std::to_string(kMaxHeaderLineLength);
      if (ours)
        return diag(name, number, 0,
                    "the 'c " + std::string(tokens[1].text) + "' line is longer than the limit of " + limit +
                        " bytes (satdoku writes its header lines far shorter)");
      if (tokens.empty() || !answer_word(tokens[0].text))
        return diag(name, number, 0,
                    "a line of more than " + limit + " bytes before the 'p cnf' line (expected comments and the "
                    "'p cnf' line)");
    }
    if (tokens.empty()) continue;
    if (tokens[0].text == "p") {
      if (generator.empty())
        return diag(name, number, 1, "not a satdoku CNF: no 'c satdoku' line before the p line");
      std::uint64_t v = 0, c = 0;
      if (tokens.size() != 4 || tokens[1].text != "cnf")
        return diag(name, number, 1, "malformed problem line (expected 'p cnf V C')");
      if (!parse_number(tokens[2].text, v)) return diag(name, number, tokens[2].column, "bad variable count");
      if (!parse_number(tokens[3].text, c)) return diag(name, number, tokens[3].column, "bad clause count");
      const char* missing = !box ? "board" : puzzle_text.empty() && puzzle_line_no == 0 ? "puzzle"
                          : !encoding ? "encoding" : !amo ? "amo" : !reduction ? "reduction"
                          : varmap.empty() ? "varmap" : nullptr;
      if (missing) {
        const auto key = std::find(std::begin(kHeaderKeys), std::end(kHeaderKeys), std::string_view(missing));
        if (const std::uint64_t early = early_lines[key - std::begin(kHeaderKeys)])
          return diag(name, early, 1,
                      std::string("the 'c ") + missing + "' line comes before the 'c satdoku' line (line " +
                          std::to_string(generator_line) + "), which begins satdoku's header");
        return diag(name, number, 1, std::string("the header has no '") + missing + "' line");
      }
      // (The encoder would throw UsageError: the file's fault, said at its line.)
      if (*reduction == Reduction::probe && n > kProbeMaxSize)
        return diag(name, reduction_line, reduction_col, probe_size_problem(n));
      if (varmap != VarMap(n).formula())
        return diag(name, varmap_line, 10, "unsupported variable map '" + varmap + "' (expected '" +
                                               VarMap(n).formula() + "')");
      // The grid on a header line: N*N symbols up to 35x35, N*N numbers above.
      auto read_grid = [&](const std::string& text, std::uint64_t line_no, std::uint64_t col,
                           std::string_view what) -> std::variant<Grid, Diagnostic> {
        Grid grid(geometry);
        if (n <= 35) {
          if (text.size() != static_cast<std::size_t>(n) * n)
            return diag(name, line_no, col,
                        "the " + std::string(what) + " has " + std::to_string(text.size()) + " symbols, expected " +
                            std::to_string(n * n));
          for (std::size_t i = 0; i < text.size(); ++i) {
            const char ch = text[i];
            int d = -1;
            if (ch == '.' || ch == '0') d = 0;
            else if (ch >= '1' && ch <= '9') d = ch - '0';
            else if (ch >= 'A' && ch <= 'Z') d = ch - 'A' + 10;
            else if (ch >= 'a' && ch <= 'z') d = ch - 'a' + 10;
            if (d < 0 || d > n)
              return diag(name, line_no, col + i,
                          quoted(std::string_view(&ch, 1), " is not a digit of a " + std::to_string(n) + "x" +
                                                                std::to_string(n) + " board"));
            grid.set(static_cast<int>(i), d);
          }
        } else {
          const auto cells = tokenize(text);
          if (cells.size() != static_cast<std::size_t>(n) * n)
            return diag(name, line_no, col,
                        "the " + std::string(what) + " has " + std::to_string(cells.size()) + " numbers, expected " +
                            std::to_string(n * n));
          for (std::size_t i = 0; i < cells.size(); ++i) {
            int d = -1;
            if (!parse_number(cells[i].text, d) || d < 0 || d > n)
              return diag(name, line_no, col + cells[i].column - 1,
                          quoted(cells[i].text, " is not a digit of a " + std::to_string(n) + "x" +
                                                         std::to_string(n) + " board"));
            grid.set(static_cast<int>(i), d);
          }
        }
        return grid;
      };
      auto puzzle = read_grid(puzzle_text, puzzle_line_no, puzzle_col, "puzzle");
      if (auto* d = std::get_if<Diagnostic>(&puzzle)) return std::move(*d);
      std::optional<Grid> excluded;
      if (solution_line_no) {
        auto solution = read_grid(solution_text, solution_line_no, solution_col, "solution");
        if (auto* d = std::get_if<Diagnostic>(&solution)) return std::move(*d);
        excluded = std::move(std::get<Grid>(solution));
        // (an empty cell, a broken rule or clue)
        if (auto violation = verify(std::get<Grid>(puzzle), *excluded))
          return diag(name, solution_line_no, solution_col,
                      "the solution does not solve the puzzle: " + violation->describe(*geometry));
      }
      EncodeOptions options{*encoding, amo, *reduction};
      // A reduced formula keeps the variable numbers of the full one, so the
      // full size bounds V (and with it what a model may hold).
      const std::uint64_t most = encoding_size(*encoding, *geometry, *amo).variables;
      // (The encoder would refuse such a formula, and a literal beyond 2^31-1
      // is no int: the file's fault, said at its line.)
      if (*reduction == Reduction::none && most > INT_MAX)
        return diag(name, reduction_line, reduction_col,
                    "encoding " + std::string(to_string(*encoding)) + " with " + std::string(to_string(*amo)) +
                        " at-most-one constraints has " + std::to_string(most) + " variables on a " +
                        std::to_string(n) + "x" + std::to_string(n) + " board, more than 2^31-1: no CNF holds it whole");
      if (v > most)
        return diag(name, number, tokens[2].column,
                    "the p line declares " + std::to_string(v) + " variables; this encoding of the board has " +
                        std::to_string(most));
      if (v > INT_MAX)  // (only where the encoding itself has that many)
        return diag(name, number, tokens[2].column,
                    "the p line declares " + std::to_string(v) + " variables, more than 2^31-1");
      return CnfHeader{generator, std::move(std::get<Grid>(puzzle)), options, v, c, solved, conflict,
                       std::move(excluded), number};
    }
    if (tokens[0].text != "c" || tokens.size() < 2) {
      if (tokens[0].text != "c") {
        if (answer_word(tokens[0].text))
          return diag(name, number, 1,
                      "this is a SAT solver's answer, not a CNF: give the CNF first, then the model");
        return diag(name, number, 1,
                    "expected a 'c' comment line or the 'p cnf' line before any clause: this is not a CNF that "
                    "satdoku wrote");
      }
      continue;
    }
    const std::string_view key = tokens[1].text;
    const auto value_col = tokens.size() > 2 ? tokens[2].column : line.size() + 1;
    const std::string_view rest =
        tokens.size() > 2 ? std::string_view(line).substr(value_col - 1) : std::string_view();
    auto trimmed = [](std::string_view s) {
      while (!s.empty() && (s.back() == '\r' || s.back() == ' ')) s.remove_suffix(1);
      return std::string(s);
    };
    const auto known = std::find(std::begin(kHeaderKeys), std::end(kHeaderKeys), key);
    if (generator.empty() && key != "satdoku" && known != std::end(kHeaderKeys) &&
        !early_lines[known - std::begin(kHeaderKeys)])
      early_lines[known - std::begin(kHeaderKeys)] = number;
    if (!generator.empty() || key == "satdoku") {
      if (known != std::end(kHeaderKeys)) {
        std::uint64_t& first = key_lines[known - std::begin(kHeaderKeys)];
        if (first)
          return diag(name, number, 3,
                      "a second 'c " + std::string(key) + "' line (the first is line " + std::to_string(first) +
                          "): a satdoku CNF's header names each thing once");
        first = number;
      }
    }
    if (key == "satdoku") {
      generator = "satdoku" + (rest.empty() ? std::string() : " " + std::string(tokens[2].text));
      generator_line = number;
    } else if (generator.empty()) {
      continue;  // comments before the satdoku line are someone else's
    } else if (key == "board") {
      // "board NxN box RxC"
      const auto x = tokens.size() > 2 ? tokens[2].text.find('x') : std::string_view::npos;
      int n2 = 0;
      if (tokens.size() != 5 || tokens[3].text != "box" || x == std::string_view::npos ||
          !parse_number(tokens[2].text.substr(0, x), n) || !parse_number(tokens[2].text.substr(x + 1), n2) ||
          n != n2)
        return diag(name, number, value_col, "malformed board line (expected 'board NxN box RxC')");
      try {
        box = parse_box_shape(tokens[4].text);
      } catch (const Error& e) {
        return diag(name, number, tokens[4].column, e.what());
      }
      try {
        geometry = Geometry::shared(n, box);  // a size out of range, a box that does not fit
      } catch (const Error& e) {
        return diag(name, number, value_col, e.what());
      }
    } else if (key == "puzzle") {
      puzzle_text = trimmed(rest);
      puzzle_line_no = number;
      puzzle_col = value_col;
    } else if (key == "encoding") {
      encoding = tokens.size() > 2 ? parse_encoding(tokens[2].text) : std::nullopt;
      if (!encoding)
        return diag(name, number, value_col, "unknown encoding (known: " + encoding_names() + ")");
    } else if (key == "amo") {
      amo = tokens.size() > 2 ? parse_amo_method(tokens[2].text) : std::nullopt;
      if (!amo)
        return diag(name, number, value_col, "unknown at-most-one method (known: " + amo_method_names() + ")");
    } else if (key == "reduction") {
      reduction = tokens.size() > 2 ? parse_reduction(tokens[2].text) : std::nullopt;
      if (!reduction)
        return diag(name, number, value_col, "unknown reduction (known: " + reduction_names() + ")");
      reduction_line = number;
      reduction_col = value_col;
    } else if (key == "solution") {
      solution_text = trimmed(rest);
      solution_line_no = number;
      solution_col = value_col;
    } else if (key == "varmap") {
      varmap = trimmed(rest);
      varmap_line = number;
    } else if (key == "primary") {
      // "primary P auxiliary A fixed F solved yes|no conflict yes|no"
      for (std::size_t i = 2; i + 1 < tokens.size(); ++i) {
        if (tokens[i].text == "solved") solved = tokens[i + 1].text == "yes";
        if (tokens[i].text == "conflict") conflict = tokens[i + 1].text == "yes";
      }
    }
  }
  return diag(name, number + 1, 0,
              generator.empty() ? "not a satdoku CNF: no 'c satdoku' header line"
                                : "the header ends before the 'p cnf' line");
}

std::variant<CnfFormula, Diagnostic> read_dimacs(std::istream& in, const std::string& name) {
  CnfFormula f;
  bool have_p = false;
  std::vector<int> clause;
  std::uint64_t number = 0, open_line = 0, open_col = 0;
  std::string line;
  while (next_line(in, line, name, number)) {
    ++number;
    drop_bom(line, number);
    if (!line.empty() && (line[0] == 'c' || line[0] == '%')) continue;
    const auto tokens = tokenize(line);
    if (tokens.empty()) continue;
    if (tokens[0].text == "p") {
      if (have_p) return diag(name, number, 1, "a second 'p' line");
      if (tokens.size() != 4 || tokens[1].text != "cnf" || !parse_number(tokens[2].text, f.variables) ||
          !parse_number(tokens[3].text, f.declared_clauses))
        return diag(name, number, 1, "malformed problem line (expected 'p cnf V C')");
      if (f.variables > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        return diag(name, number, tokens[2].column,
                    "the p line declares " + std::string(tokens[2].text) + " variables, more than the " +
                        std::to_string(std::numeric_limits<int>::max()) + " a literal can name");
      have_p = true;
      continue;
    }
    if (!have_p) return diag(name, number, tokens[0].column, "a clause before the 'p cnf' line");
    for (const auto& t : tokens) {
      long long lit = 0;
      if (!parse_number(t.text, lit))
        return diag(name, number, t.column, quoted(t.text, " is not a literal"));
      const auto v = static_cast<long long>(f.variables);  // (at most INT_MAX: no llabs of LLONG_MIN)
      if (lit > v || lit < -v)
        return diag(name, number, t.column,
                    "literal " + std::string(t.text) + " exceeds the declared " + std::to_string(f.variables) +
                        " variables");
      if (clause.empty() && f.clauses.size() == f.declared_clauses)
        return diag(name, number, t.column,
                    "more clauses than the declared " + std::to_string(f.declared_clauses));
      if (lit == 0) {
        f.clauses.add_clause(clause);
        clause.clear();
      } else {
        if (clause.empty()) open_line = number, open_col = t.column;
        clause.push_back(static_cast<int>(lit));
      }
    }
  }
  if (!clause.empty()) return diag(name, open_line, open_col, "the last clause is not ended by 0");
  if (!have_p) return diag(name, number + 1, 0, "no 'p cnf' line");
  if (f.clauses.size() != f.declared_clauses)
    return diag(name, number + 1, 0,
                "found " + std::to_string(f.clauses.size()) + " clauses, the p line declares " +
                    std::to_string(f.declared_clauses));
  return f;
}

// ---------------------------------------------------------------------------

void Model::set(int lit) {
  if (!is_dimacs_literal(lit)) throw UsageError("Model::set: literal " + std::to_string(lit) + " is no DIMACS literal");
  const auto var = static_cast<std::size_t>(std::abs(static_cast<long long>(lit)));
  if (var >= values_.size()) values_.resize(std::max(var + 1, values_.size() * 2), 0);
  max_var_ = std::max(max_var_, static_cast<int>(var));
  if (values_[var] == 0) ++assigned_;
  values_[var] = lit > 0 ? 1 : -1;
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::sat: return "sat";
    case Verdict::unsat: return "unsat";
    case Verdict::unknown: return "unknown";
  }
  return "unknown";
}

namespace {

// Reads a solver's answer a token at a time, straight from the stream
// buffer, holding no line: a model can be one line of millions of literals
// (minisat writes it so; a 400x400 board has 64M variables) or of hundreds
// of megabytes of blanks.  A token is held up to kMaxToken bytes (no
// literal or status word is longer) and a control byte is an error where it
// stands, so that junk (/dev/zero) is refused at once instead of read to the
// end of memory.  A failed read throws what the buffer throws.
class AnswerScanner {
 public:
  enum class Scan { token, end_of_line, bad };

  // `what` names the input in messages ("a solver's answer"); `lines_before`
  // counts the lines read before the scanner took over (a CNF's header).
  AnswerScanner(std::istream& in, const std::string& name, std::string_view what = "a solver's answer",
                std::uint64_t lines_before = 0)
      : buf_(*in.rdbuf()), name_(name), what_(what), line_(lines_before) {}

  // Moves to the start of the next line, past what is left of this one;
  // false at the end of the input.
  bool next_line() {
    using traits = std::char_traits<char>;
    for (int ch = buf_.sgetc(); ch != traits::eof() && started_; ch = buf_.snextc())
      if (ch == '\n') {
        buf_.sbumpc();
        break;
      }
    started_ = true;
    if (buf_.sgetc() == traits::eof()) return false;
    ++line_;
    column_ = 1;
    // A byte order mark before the first line is not part of it; a lone
    // part of one is junk, said by the line's first token().
    if (line_ == 1 && buf_.sgetc() == 0xEF) {
      bad_bom_ = buf_.snextc() != 0xBB || buf_.snextc() != 0xBF;
      if (!bad_bom_) buf_.sbumpc();
    }
    return true;
  }

  // The next token of the line (text() and column()), the line's end, or a
  // defect (error()).
  Scan token() {
    using traits = std::char_traits<char>;
    int ch = buf_.sgetc();
    for (; ch == ' ' || ch == '\t' || ch == '\r'; ch = buf_.snextc()) ++column_;
    if (bad_bom_) return junk(0xEF);
    if (ch == traits::eof() || ch == '\n') return Scan::end_of_line;
    text_.clear();
    token_column_ = column_;
    for (; ch != traits::eof() && ch != '\n' && ch != ' ' && ch != '\t' && ch != '\r'; ch = buf_.snextc()) {
      const auto byte = static_cast<unsigned char>(ch);
      if (byte < 0x20 || byte == 0x7F) return line_ == 1 && token_column_ == 1 ? packed_or_junk(byte) : junk(byte);
      if (text_.size() == kMaxToken) {
        text_ += "...";  // matches no status word and parses as no literal
        return first_token_packed() ? Scan::bad : Scan::token;
      }
      text_ += static_cast<char>(ch);
      ++column_;
    }
    // (A compressed file's signature may end at a byte that reads as a
    // blank: zstd's frame size, a bzip2 checksum.)
    return first_token_packed() ? Scan::bad : Scan::token;
  }

  const std::string& text() const { return text_; }
  std::uint64_t column() const { return token_column_; }
  std::uint64_t line() const { return line_; }  // lines begun so far
  const Diagnostic& error() const { return error_; }

 private:
  static constexpr std::size_t kMaxToken = 24;

  // A byte no solver writes, at the current column.
  Scan junk(unsigned char byte) {
    static const char* hex = "0123456789ABCDEF";
    error_ = diag(name_, line_, column_,
                  std::string("unexpected byte 0x") + hex[byte >> 4] + hex[byte & 15] + ": " + std::string(what_) +
                      " is text");
    return Scan::bad;
  }

  // The same, in the input's first token: a compressed file is said so.
  Scan packed_or_junk(unsigned char byte) {
    std::string start = text_ + static_cast<char>(byte);
    for (int ch = buf_.snextc(); ch != std::char_traits<char>::eof() && start.size() < 16; ch = buf_.snextc())
      start += static_cast<char>(ch);
    return packed(start) ? Scan::bad : junk(byte);
  }

  // Whether the input's first token, read whole, is a compressed file's
  // signature (error() then says so).
  bool first_token_packed() { return line_ == 1 && token_column_ == 1 && packed(text_); }

  // Whether `start`, the input's first bytes, is a compressed file's
  // signature (error() then says so).
  bool packed(const std::string& start) {
    const auto packed = compression_of(start);
    if (!packed) return false;
    error_ = diag(name_, 1, 1, packed->message(std::string(what_), "satdoku decode CNF -"));
    return true;
  }

  std::streambuf& buf_;
  const std::string& name_;
  std::string_view what_;
  std::string text_;
  std::uint64_t line_, column_ = 1, token_column_ = 0;
  bool started_ = false;  // a line has been begun
  bool bad_bom_ = false;  // the input begins with 0xEF but no byte order mark
  Diagnostic error_;
};

using Scan = AnswerScanner::Scan;

// check_model_clauses() over `scan`, which reads the CNF's body.
ClauseCheck scan_clauses(AnswerScanner& scan, const std::string& name, const CnfHeader& header, const Model& model) {
  ClauseCheck check;
  auto fail = [&](std::uint64_t line, std::uint64_t column, std::string message) {
    check.problem = diag(name, line, column, std::move(message));
    return check;
  };
  const auto v = static_cast<long long>(header.variables);  // (at most INT_MAX: read_cnf_header checks)
  constexpr std::size_t kShown = 8;  // literals of a false clause named in the message
  std::vector<int> shown;
  std::size_t length = 0;  // literals of the clause begun
  bool open = false, satisfied = false;
  std::uint64_t open_line = 0, open_column = 0;
  while (scan.next_line()) {
    Scan s = scan.token();
    if (s == Scan::token && (scan.text()[0] == 'c' || scan.text()[0] == '%')) continue;  // a comment, passed over
    if (s == Scan::token && scan.text() == "p") return fail(scan.line(), scan.column(), "a second 'p' line");
    for (; s != Scan::end_of_line; s = scan.token()) {
      if (s == Scan::bad) {
        check.problem = scan.error();
        return check;
      }
      long long lit = 0;
      if (!parse_number(scan.text(), lit)) return fail(scan.line(), scan.column(), quoted(scan.text(), " is not a literal"));
      if (lit > v || lit < -v)
        return fail(scan.line(), scan.column(),
                    "literal " + scan.text() + " exceeds the declared " + std::to_string(header.variables) + " variables");
      if (!open) {
        if (check.clauses == header.clauses)
          return fail(scan.line(), scan.column(), "more clauses than the declared " + std::to_string(header.clauses));
        open = true;
        satisfied = false;
        length = 0;
        shown.clear();
        open_line = scan.line();
        open_column = scan.column();
      }
      if (lit != 0) {
        const int l = static_cast<int>(lit);
        satisfied = satisfied || model.value(std::abs(l)) == (l > 0 ? 1 : -1);
        if (shown.size() < kShown) shown.push_back(l);
        ++length;
        continue;
      }
      open = false;
      ++check.clauses;
      if (satisfied) continue;
      std::string text;
      for (const int l : shown) text += std::to_string(l) + ' ';
      text += length > shown.size() ? "... 0" : "0";
      check.false_clause = true;
      return fail(open_line, open_column,
                  "the model makes no literal of clause " + std::to_string(check.clauses) + " true ('" + text +
                      "'; a literal the model leaves out counts as not true)");
    }
  }
  if (open) return fail(open_line, open_column, "the last clause is not ended by 0");
  if (check.clauses != header.clauses)
    return fail(scan.line() + 1, 0,
                "found " + std::to_string(check.clauses) + " clauses, the p line declares " +
                    std::to_string(header.clauses));
  return check;
}

// Whether a failed read's std::ios_base::failure carries the read's errno.
int failure_errno(const std::ios_base::failure& failure) {
  return failure.code().category() != std::iostream_category() ? failure.code().value() : errno;
}

}  // namespace

ClauseCheck check_model_clauses(std::istream& in, const std::string& name, const CnfHeader& header, const Model& model) {
  // Read a token at a time, as a model is: no line is held, however long
  // (a proof CNF's last clause holds a literal per empty cell), and a
  // binary byte (/dev/zero) is an error at its column.
  AnswerScanner scan(in, name, "a CNF", header.p_line);
  try {
    return scan_clauses(scan, name, header, model);
  } catch (const std::ios_base::failure& failure) {
    throw read_failure(name, scan.line(), failure_errno(failure));  // no end of the CNF
  }
}

namespace {

// The first word of what MiniSat prints on standard output: its FPU
// warning, its statistics frame, or its verdict alone (-verb=0).
bool looks_like_minisat_stdout(const std::string& first) {
  return first == "WARNING:" || first[0] == '=' || first[0] == '|' || first == "SATISFIABLE" ||
         first == "UNSATISFIABLE" || first == "INDETERMINATE";
}

// `variables` is the CNF's V, `limit` the highest variable a model may
// name, described by `beyond` ("literal X exceeds the LIMIT" + beyond).
std::variant<SolverAnswer, Diagnostic> scan_answer(AnswerScanner& scan, const std::string& name,
                                                   std::uint64_t variables, std::uint64_t limit,
                                                   std::string_view beyond) {
  enum class Form { undecided, competition, minisat, bare } form = Form::undecided;
  SolverAnswer answer;
  bool have_status = false;
  bool closed = false;  // the last literal read was the closing 0
  std::uint64_t status_line = 0, status_column = 0;  // where the status was said
  // Where the model's first line starts ('v', or a literal) and where its
  // last literal ends: its errors as a whole are said there.
  std::uint64_t model_line = 0, model_column = 0, last_line = 0, last_end = 0;
  // A literal against one earlier in the model, said once another literal
  // follows it: the last one of a model cut short in the middle of a number
  // (MiniSat's model is one line: "... -78 7" cut from "-78 79 0") is said
  // to be cut short instead.
  std::optional<Diagnostic> contradiction;
  // The literal scan.text() at scan.column().
  auto literal = [&]() -> std::optional<Diagnostic> {
    if (contradiction) return contradiction;
    const std::string& text = scan.text();
    // One model per answer: more literals would be merged into it.  (A
    // line of bare literals after the line that ended with 0: clauses, as
    // in a DRAT proof.)
    if (closed)
      return diag(name, scan.line(), scan.column(),
                  quoted(text, form == Form::bare && scan.line() > last_line
                                   ? " after the model's closing 0 (an answer holds one model; lines of clauses, "
                                     "as in a DRAT proof, are not one)"
                                   : " after the model's closing 0 (an answer holds one model)"));
    last_line = scan.line();
    last_end = scan.column() + text.size();
    int lit = 0;
    if (!parse_number(text, lit) || lit == INT32_MIN)
      return diag(name, scan.line(), scan.column(), quoted(text, " is not a literal"));
    if (static_cast<std::uint64_t>(std::abs(lit)) > limit)
      return diag(name, scan.line(), scan.column(),
                  "literal " + text + " exceeds the " + std::to_string(limit) + std::string(beyond));
    closed = lit == 0;
    if (lit != 0) {
      if (answer.model.value(std::abs(lit)) == (lit > 0 ? -1 : 1))
        contradiction = diag(name, scan.line(), scan.column(),
                             "literal " + text + " contradicts " + std::to_string(-lit) + " earlier in the model");
      else
        answer.model.set(lit);
    }
    return std::nullopt;
  };
  // The literals of the rest of the line.
  auto literals = [&]() -> std::optional<Diagnostic> {
    for (Scan s = scan.token(); s != Scan::end_of_line; s = scan.token()) {
      if (s == Scan::bad) return scan.error();
      if (auto d = literal()) return d;
    }
    return std::nullopt;
  };
  while (scan.next_line()) {
    const std::uint64_t number = scan.line();
    const Scan s = scan.token();
    if (s == Scan::bad) return scan.error();
    if (s == Scan::end_of_line) continue;
    const std::string first = scan.text();
    const std::uint64_t first_column = scan.column();
    if (first == "c") continue;
    if (form == Form::undecided) {
      if (first == "s" || first == "v") form = Form::competition;
      else if (first == "SAT" || first == "UNSAT" || first == "INDET") form = Form::minisat;
      else if (first[0] == '-' || (first[0] >= '0' && first[0] <= '9')) form = Form::bare;
      else if (first == "p")  // decode CNF CNF: the comments were skipped as a solver's
        return diag(name, number, first_column,
                    "this is a CNF, not a SAT solver's answer: give the answer of a solver run on the CNF as "
                    "the model");
      else if (first == "d")
        return diag(name, number, first_column,
                    "a 'd' line deletes a clause in a DRAT proof: give a SAT solver's answer as the model, not a "
                    "proof");
      else if (looks_like_minisat_stdout(first))
        return diag(name, number, first_column,
                    "this looks like MiniSat's standard output, which holds no model: MiniSat writes its answer "
                    "to a result file (minisat CNF RESULT), and that file is the model to give");
      else
        return diag(name, number, first_column,
                    "unrecognised solver output: expected an 's' line (s SATISFIABLE, UNSATISFIABLE or UNKNOWN), "
                    "MiniSat's SAT, UNSAT or INDET, or literals");
    }
    switch (form) {
      case Form::competition:
        if (first == "s") {
          // The status word, the line's only other token.
          std::string rest;
          std::uint64_t rest_column = 3;
          Scan next = scan.token();
          if (next == Scan::token) {
            rest = scan.text();
            rest_column = scan.column();
            next = scan.token();
          }
          if (next == Scan::bad) return scan.error();
          if (have_status) return diag(name, number, 1, "a second status line");
          if (rest == "SATISFIABLE") answer.verdict = Verdict::sat;
          else if (rest == "UNSATISFIABLE") answer.verdict = Verdict::unsat;
          else if (rest == "UNKNOWN") answer.verdict = Verdict::unknown;
          else return diag(name, number, rest_column, "unknown status (expected SATISFIABLE, UNSATISFIABLE or UNKNOWN)");
          if (next == Scan::token) return diag(name, number, scan.column(), "unexpected text after the status");
          have_status = true;
          status_line = number;
          status_column = first_column;
        } else if (first == "v") {
          if (!model_line) model_line = number, model_column = first_column;
          if (auto d = literals()) return *d;
        } else {
          return diag(name, number, first_column, "expected a 'c', 's' or 'v' line");
        }
        break;
      case Form::minisat:
        if (!have_status) {
          const Scan next = scan.token();
          if (next == Scan::bad) return scan.error();
          if (next == Scan::token) return diag(name, number, scan.column(), "unexpected text after the status");
          answer.verdict = first == "SAT" ? Verdict::sat : first == "UNSAT" ? Verdict::unsat : Verdict::unknown;
          have_status = true;
          status_line = number;
          status_column = first_column;
        } else {
          if (answer.verdict != Verdict::sat)
            return diag(name, number, first_column, "literals after an UNSAT or INDET status");
          if (!model_line) model_line = number, model_column = first_column;
          if (auto d = literal()) return *d;
          if (auto d = literals()) return *d;
        }
        break;
      case Form::bare:
        if (!model_line) model_line = number, model_column = first_column;
        if (auto d = literal()) return *d;
        if (auto d = literals()) return *d;
        answer.verdict = Verdict::sat;
        break;
      case Form::undecided: break;
    }
  }
  if (form == Form::competition && !have_status && !answer.model.empty())
    return diag(name, model_line, model_column, "'v' lines without an 's' status line");
  if (answer.verdict != Verdict::sat && !answer.model.empty() && form == Form::competition)
    return diag(name, model_line, model_column, "a model with a status other than SATISFIABLE");
  if (answer.verdict == Verdict::sat && answer.model.empty() && variables > 0) {
    if (model_line)  // 'v 0', or a bare '0'
      return diag(name, model_line, model_column,
                  "the model is empty: it sets none of the CNF's " + std::to_string(variables) + " variables");
    return diag(name, status_line, status_column,
                "the solver says satisfiable but gives no model (was it told not to print one, as with -n?)");
  }
  // A bare list too: docs/manual.md promises exit code 2 for a model cut short in
  // all three forms, and a list that lost its end is no more a model.  (No
  // model at all, of a CNF without variables, is complete.)
  if ((answer.verdict == Verdict::sat || contradiction) && !closed && last_line)
    return diag(name, last_line, last_end, "the model ends without its closing 0 (is the file cut short?)");
  if (contradiction) return *contradiction;
  return answer;
}

}  // namespace

namespace {

std::variant<SolverAnswer, Diagnostic> read_answer(std::istream& in, const std::string& name, std::uint64_t variables,
                                                   std::uint64_t limit, std::string_view beyond) {
  AnswerScanner scan(in, name);
  try {
    return scan_answer(scan, name, variables, limit, beyond);
  } catch (const std::ios_base::failure& failure) {
    // A failed read (libstdc++'s file buffer throws it with the read's
    // errno) is no end of the answer: 'unknown' would hide it.
    throw read_failure(name, scan.line(), failure_errno(failure));
  }
}

}  // namespace

std::variant<SolverAnswer, Diagnostic> read_solver_output(std::istream& in, const std::string& name,
                                                          std::uint64_t variables) {
  return read_answer(in, name, variables, variables, " variables of the CNF");
}

std::variant<SolverAnswer, Diagnostic> read_solver_output(std::istream& in, const std::string& name,
                                                          const CnfHeader& header) {
  // A reduction keeps the cells' numbers and drops what the clues settle
  // (the highest numbers too: a clues-reduced 9x9 may declare 720), and a
  // model of another encoding of the same puzzle (of the full formula, or
  // with triads or another at-most-one method's helpers) gives the same
  // grid: the largest encoding of the board bounds the model, not V.
  std::uint64_t most = header.variables;
  for (const EncodingInfo& e : encodings())
    for (const AmoMethodInfo& m : amo_methods())
      most = std::max(most, encoding_size(e.encoding, header.puzzle.geometry(), m.method).variables);
  return read_answer(in, name, header.variables, most,
                     " variables of the largest encoding of this board (is the model another CNF's?)");
}

namespace {

// What decode() asks of the values the reduction fixed (Decoded::against_fixed).
enum class AgainstFixed { none, every_cell, problem_cells };

Decoded decode_model(const Encoder& encoder, const Model& model, AgainstFixed against_fixed) {
  const Grid& puzzle = encoder.puzzle();
  const VarMap& map = encoder.map();
  Decoded out{Grid(puzzle.geometry_ptr()), {}, {}};
  std::vector<int> digits;
  std::vector<FixedContradiction> against;  // the cell's
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    digits.clear();
    against.clear();
    for (int d = 1; d <= puzzle.size(); ++d) {
      const int v = map.var(cell, d);
      const int fixed = encoder.fixed(v), given = model.value(v);
      if (fixed > 0 || (fixed == 0 && given > 0)) digits.push_back(d);
      if (fixed != 0 && given != 0 && (fixed > 0) != (given > 0)) against.push_back({cell, d, fixed > 0});
    }
    const bool problem = digits.size() != 1;
    // A digit the clues rule out says why a cell has none, not why it has
    // several (the model's other digits are its fault): then only the
    // forced digits it leaves out count.
    if (digits.size() > 1 && against_fixed == AgainstFixed::problem_cells)
      std::erase_if(against, [](const FixedContradiction& f) { return !f.fixed_true; });
    if (problem) out.problems.push_back({cell, digits});
    else out.grid.set(cell, digits[0]);
    if (against_fixed == AgainstFixed::every_cell || (problem && against_fixed == AgainstFixed::problem_cells))
      out.against_fixed.insert(out.against_fixed.end(), against.begin(), against.end());
  }
  return out;
}

}  // namespace

Decoded decode(const Encoder& encoder, const Model& model) {
  return decode_model(encoder, model, AgainstFixed::none);
}

Decoded decode(const CnfHeader& header, const Model& model) {
  // A model that names variables beyond the CNF's is one of the formula
  // before the reduction (Decoded::against_fixed).
  const bool whole_formula = static_cast<std::uint64_t>(model.max_var()) > header.variables;
  return decode_model(Encoder(header.puzzle, header.options), model,
                      whole_formula ? AgainstFixed::every_cell : AgainstFixed::problem_cells);
}

}  // namespace satdoku
