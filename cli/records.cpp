#include "records.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>

#include "satdoku/verify.hpp"

namespace satdoku::cli {

std::string json_text(const nlohmann::json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string json_text(const nlohmann::ordered_json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void Tally::add(const SolveRecord& r) {
  if (unread_input(r.entry)) {
    ++unread;
    return;
  }
  ++puzzles;
  switch (r.result.status) {
    case Status::solved: ++solved; break;
    case Status::none: ++none; break;
    case Status::invalid: ++invalid; break;
    case Status::unknown: ++unknown; break;
    case Status::error: ++errors; break;
  }
  if (!r.problem.empty()) ++problems;
  if (r.given == Given::wrong) ++wrong_given;
  if (r.result.stats.by_propagation && (r.result.status == Status::solved || r.result.status == Status::none))
    ++by_propagation;
}

ExitCode Tally::exit_code() const {
  ExitCode code = ExitCode::ok;
  if (none || invalid || unknown || wrong_given) code = worst(code, ExitCode::unsolved);
  if (errors || unread) code = worst(code, ExitCode::usage);
  if (problems) code = worst(code, ExitCode::disagreement);
  return code;
}

std::string Tally::summary(double seconds) const {
  const std::string rate = time_and_rate(seconds, puzzles);
  std::string s = puzzles_text(puzzles) + ": " +
                  std::to_string(solved) + " solved, " + std::to_string(none) + " none, " +
                  std::to_string(invalid) + " invalid, " + std::to_string(unknown) + " unknown, " +
                  count_text(errors, "error");
  if (unread) s += ", " + count_text(unread, "input") + " not read";
  if (wrong_given) s += ", " + count_text(wrong_given, "given solution") + " wrong";
  if (problems) s += ", " + count_text(problems, "DISAGREEMENT", "DISAGREEMENTS");
  s += "; " + std::to_string(by_propagation) + " settled without search";
  return s + "; " + rate;
}

std::string_view to_string(Given given) {
  switch (given) {
    case Given::none: return "";
    case Given::agrees: return "agrees";
    case Given::differs: return "differs";
    case Given::valid: return "valid";
    case Given::wrong: return "wrong";
  }
  return "";
}

void judge_given_solution(SolveRecord& r, const Grid& puzzle, const Alphabet& alphabet) {
  if (!r.entry.solution || !r.problem.empty()) return;
  const Grid& given = *r.entry.solution;
  const Result& answer = r.result;
  if (auto violation = verify(puzzle, given)) {
    r.given = Given::wrong;
    const Geometry& g = puzzle.geometry();
    auto digit = [&](int d) { return digit_text(d, puzzle.size(), alphabet); };
    // A changed clue says more than the repeat it makes: named first.
    for (int cell = 0; cell < g.cell_count(); ++cell)
      if (puzzle.at(cell) && given.at(cell) != puzzle.at(cell)) {
        violation = Violation{Violation::Kind::clue_mismatch, cell, puzzle.at(cell), given.at(cell), -1};
        break;
      }
    r.given_message = "the solution given beside the puzzle is wrong: " + violation->describe(g, digit);
    if (!answer.solutions.empty()) {  // where it parts from the (first) solution found
      const Grid& found = answer.solutions.front();
      constexpr std::size_t kShown = 5;
      std::vector<int> cells;
      for (int cell = 0; cell < g.cell_count(); ++cell)
        if (given.at(cell) != found.at(cell)) cells.push_back(cell);
      r.given_message += "; it differs from the solution found in " + count_text(cells.size(), "cell") + ": ";
      for (std::size_t i = 0; i < cells.size() && i < kShown; ++i)
        r.given_message += (i ? ", " : "") + cell_name(g, cells[i]) + " holds " + digit(given.at(cells[i])) +
                           ", not " + digit(found.at(cells[i]));
      if (cells.size() > kShown) r.given_message += ", ...";
    }
    return;
  }
  const bool found = std::find(answer.solutions.begin(), answer.solutions.end(), given) != answer.solutions.end();
  if (found) {
    r.given = Given::agrees;
  } else if (answer.status == Status::none || (answer.status == Status::solved && answer.exhausted)) {
    r.problem = "the solution given beside the puzzle obeys the rules and keeps the clues, but the answer " +
                std::string(answer.status == Status::none ? "is none" : "found every solution without it");
  } else if (answer.status == Status::solved) {
    r.given = Given::differs;
    r.given_message = "the solution given beside the puzzle is another one: the puzzle has more than one solution";
  } else {
    r.given = Given::valid;
  }
}

std::string source_of(const Entry& entry) {
  return SourceLocation{entry.where.file, entry.where.line, 0}.str();
}

std::string puzzle_text(const Entry& entry, const Alphabet& alphabet) {
  if (const auto* grid = std::get_if<Grid>(&entry.content)) return format_line(*grid, alphabet);
  return entry.text;
}

nlohmann::json stats_json(const Stats& s) {
  nlohmann::json j = {{"seconds", s.seconds}, {"by_propagation", s.by_propagation}};
  if (s.nodes || s.guesses) {
    j["nodes"] = s.nodes;
    j["guesses"] = s.guesses;
  }
  if (s.sat || s.variables || s.clauses) {
    j["variables"] = s.variables;
    j["clauses"] = s.clauses;
    j["conflicts"] = s.conflicts;
    j["decisions"] = s.decisions ? nlohmann::json(*s.decisions) : nlohmann::json(nullptr);  // null: not reported
    j["propagations"] = s.propagations ? nlohmann::json(*s.propagations) : nlohmann::json(nullptr);
  }
  return j;
}

void note_short_alphabet(std::ostream& err, const SolveRecord& r, const Alphabet& alphabet, bool& said) {
  const auto* puzzle = std::get_if<Grid>(&r.entry.content);
  if (said || !puzzle || puzzle->size() <= alphabet.max_digit() || alphabet.is_standard())
    return;
  said = true;
  const std::string n = std::to_string(puzzle->size()), max = std::to_string(alphabet.max_digit());
  err << source_of(r.entry) << ": note: --alphabet has " << max << " symbols, too few for a " << n << "x" << n
      << " board: answers to boards above " << max << "x" << max << " are written in numbers\n";
}

void ReadingNotes::note_boxes(std::ostream& err, const Entry& entry) {
  const auto* puzzle = std::get_if<Grid>(&entry.content);
  if (!puzzle) return;
  const BoxShape box = puzzle->geometry().box();
  if (box_given_) {  // obeyed, but said when the drawing disagrees
    if (!entry.drawn_box || *entry.drawn_box == box || !said_box_.insert(puzzle->size()).second) return;
    err << source_of(entry) << ": note: the grid is drawn with boxes of " << entry.drawn_box->rows
        << " rows by " << entry.drawn_box->cols << " columns; read with boxes of " << box.rows << " by "
        << box.cols << " as --box asks\n";
    return;
  }
  if (entry.drawn_box) return;  // a drawn grid's boxes are its own
  const std::string n = std::to_string(puzzle->size());
  if (entry.drawing_ignored) {
    if (!said_box_.insert(-puzzle->size()).second) return;  // (its own note, beside the one below)
    err << source_of(entry) << ": note: the lines drawn in the grid mark no boxes of a " << n << "x" << n
        << " board; read with boxes of " << box.rows << " rows by " << box.cols
        << " columns (give --box RxC for others)\n";
    return;
  }
  if (box.rows == box.cols || !said_box_.insert(puzzle->size()).second) return;
  err << source_of(entry) << ": note: " << n << "x" << n << " boards are read with boxes of " << box.rows
      << " rows by " << box.cols << " columns; give --box " << box.cols << "x" << box.rows
      << " (or another RxC) for other boxes\n";
}

void ReadingNotes::note_zero_blanks(std::ostream& err, const Entry& entry) {
  const auto* puzzle = std::get_if<Grid>(&entry.content);
  const std::string& text = entry.text;
  const int n = puzzle ? puzzle->size() : 0;
  if (said_zero_ || alphabet_given_ || !puzzle || n < 2 || n > Alphabet::standard().max_digit() + 1 ||
      text.size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(n) ||
      text.find('0') == std::string::npos)
    return;
  const char other = text.find('.') != std::string::npos ? '.' : text.find('_') != std::string::npos ? '_' : 0;
  if (!other) return;
  // The symbol of digit N is there: '0' cannot be a digit of 0 to N-1.
  if (n <= Alphabet::standard().max_digit()) {
    const char top = Alphabet::standard().symbol_of(n);
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(top)));
    if (text.find(top) != std::string::npos || text.find(lower) != std::string::npos) return;
  }
  said_zero_ = true;
  const std::string symbols = std::string("0-") + Alphabet::standard().symbol_of(n - 1);
  err << source_of(entry) << ": note: both '0' and '" << other << "' were read as blanks; if '0' is a digit here "
      << "(symbols " << symbols << "), give --alphabet " << symbols << "\n";
}

std::string_view solution_separator(int n, const Alphabet& alphabet) {
  return n <= alphabet.max_digit() ? " " : " | ";
}

std::string digit_symbol(int digit, int n, const Alphabet& alphabet) {
  return n <= alphabet.max_digit() ? std::string(1, alphabet.symbol_of(digit)) : std::to_string(digit);
}

std::string digit_text(int digit, int n, const Alphabet& alphabet) {
  // Its --alphabet symbol, quoted, where that is not the standard one; else
  // its number, and beyond 9 the standard symbol beside it (line input
  // writes 'E', tokens input 14).
  const Alphabet& standard = Alphabet::standard();
  const bool fits = n <= alphabet.max_digit();
  if (fits && (digit > standard.max_digit() || alphabet.symbol_of(digit) != standard.symbol_of(digit)))
    return "'" + std::string(1, alphabet.symbol_of(digit)) + "'";
  if (fits && digit > 9) return std::to_string(digit) + " ('" + std::string(1, alphabet.symbol_of(digit)) + "')";
  return std::to_string(digit);
}

std::string clash_text(const Grid& puzzle, const Clash& c, const Alphabet& alphabet) {
  const Geometry& g = puzzle.geometry();
  return cell_name(g, c.first) + " and " + cell_name(g, c.second) + " both hold " +
         digit_text(c.digit, puzzle.size(), alphabet) + " in " + g.unit_name(c.unit);
}

std::string clash_report(const Entry& entry, const Clash& clash, const Alphabet& alphabet) {
  return source_of(entry) + ": clues clash: " + clash_text(std::get<Grid>(entry.content), clash, alphabet);
}

nlohmann::json record_json(const SolveRecord& r, const Alphabet& alphabet) {
  nlohmann::json j;
  j["index"] = r.sequence;
  j["source"] = source_of(r.entry);
  j["puzzle"] = puzzle_text(r.entry, alphabet);
  // The boxes the board was read with: line, tokens and JSON puzzles do not
  // carry them, and a 6x6 board may have 2x3 or 3x2.
  if (const auto* puzzle = std::get_if<Grid>(&r.entry.content)) j["box"] = puzzle->geometry().box().str();
  j["status"] = std::string(to_string(r.result.status));
  j["solution"] = r.result.solutions.empty() ? nlohmann::json(nullptr)
                                             : nlohmann::json(format_line(r.result.solutions.front(), alphabet));
  if (r.result.solutions.size() > 1) {
    auto& all = j["solutions"] = nlohmann::json::array();
    for (const Grid& s : r.result.solutions) all.push_back(format_line(s, alphabet));
  }
  if (const auto* d = std::get_if<Diagnostic>(&r.entry.content)) j["message"] = d->str();
  else if (!r.result.message.empty()) j["message"] = r.result.message;
  if (r.result.clash) {
    const Grid& puzzle = std::get<Grid>(r.entry.content);
    const Geometry& g = puzzle.geometry();
    j["clash"] = {{"cells", {cell_name(g, r.result.clash->first), cell_name(g, r.result.clash->second)}},
                  {"digit", r.result.clash->digit},
                  {"unit", g.unit_name(r.result.clash->unit)}};
  }
  if (!r.problem.empty()) j["problem"] = r.problem;
  if (!r.reference_note.empty()) j["reference"] = r.reference_note;
  if (r.given != Given::none) j["given_solution"] = std::string(to_string(r.given));
  if (!r.given_message.empty()) j["given_message"] = r.given_message;
  j["stats"] = stats_json(r.result.stats);
  return j;
}

void report_problem(std::ostream& err, const SolveRecord& r, const Alphabet& alphabet) {
  err << "satdoku: BUG: " << source_of(r.entry) << ": " << r.problem << "\n  puzzle: " << puzzle_text(r.entry, alphabet)
      << '\n';
  // A count may hold thousands of solutions: the first few of each side
  // show the problem without burying it.
  constexpr std::size_t kShown = 10;
  auto list = [&](const char* label, const std::vector<Grid>& solutions) {
    for (std::size_t i = 0; i < solutions.size() && i < kShown; ++i) err << label << format_line(solutions[i], alphabet) << '\n';
    if (solutions.size() > kShown) err << label << "... and " << solutions.size() - kShown << " more\n";
  };
  list("  answer:    ", r.result.solutions);
  list("  reference: ", r.reference_solutions);
  if (r.entry.solution) err << "  given:     " << format_line(*r.entry.solution, alphabet) << '\n';
}

void print_record(std::ostream& out, std::ostream& err, const SolveRecord& r, OutputFormat format,
                  const Alphabet& alphabet) {
  // Diagnostics go to stderr whatever the format.
  if (const auto* d = std::get_if<Diagnostic>(&r.entry.content)) err << d->str() << '\n';
  else if (r.result.clash)
    err << clash_report(r.entry, *r.result.clash, alphabet) << '\n';
  else if (r.result.status == Status::unknown || r.result.status == Status::error)
    err << source_of(r.entry) << ": " << to_string(r.result.status)
        << (r.result.message.empty() ? "" : ": " + r.result.message) << '\n';
  if (!r.problem.empty()) report_problem(err, r, alphabet);
  if (!r.given_message.empty()) err << source_of(r.entry) << ": " << r.given_message << '\n';
  if (!r.reference_note.empty())
    err << source_of(r.entry) << ": note: " << r.reference_note
        << (!r.result.solutions.empty()             ? "; the answer was verified against the rules and clues only"
            : r.result.status == Status::none ? "; 'none' rests on the SAT solver alone"
                                              : "")
        << '\n';

  const auto& solutions = r.result.solutions;
  switch (format) {
    case OutputFormat::json:
      out << json_text(record_json(r, alphabet)) << '\n';
      return;
    case OutputFormat::line:
      if (solutions.empty()) out << to_string(r.result.status);
      for (std::size_t i = 0; i < solutions.size(); ++i)
        out << (i ? solution_separator(solutions[i].size(), alphabet) : "") << format_line(solutions[i], alphabet);
      // Not taken for an answer by a program that reads the lines.
      if (!r.problem.empty()) out << ' ' << kBugMark;
      out << '\n';
      return;
    case OutputFormat::leetcode: {
      // One board a line, each marked when the record is not to be trusted.
      const std::string mark = r.problem.empty() ? "" : " " + std::string(kBugMark);
      if (solutions.empty()) out << "null" << mark << '\n';
      for (const Grid& s : solutions) out << format_leetcode(s) << mark << '\n';
      return;
    }
    case OutputFormat::grid:
    case OutputFormat::tokens: {
      out << "# " << r.sequence << ' ' << source_of(r.entry) << ' ' << to_string(r.result.status);
      if (solutions.size() > 1 || (r.result.exhausted && !solutions.empty()))
        out << " (" << solutions.size() << (r.result.exhausted ? "" : "+") << " solution"
            << (solutions.size() == 1 ? "" : "s") << ')';
      if (!r.problem.empty()) out << ' ' << kBugMark;
      out << '\n';
      for (std::size_t i = 0; i < solutions.size(); ++i) {
        if (i) out << '\n';
        out << (format == OutputFormat::grid ? format_grid(solutions[i], alphabet) : format_tokens(solutions[i]));
      }
      out << '\n';
      return;
    }
  }
}

}  // namespace satdoku::cli
