// satdoku decode: turn a SAT solver's answer on a satdoku CNF back into a grid.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "records.hpp"
#include "satdoku/dimacs.hpp"
#include "satdoku/error.hpp"
#include "satdoku/verify.hpp"

namespace satdoku::cli {

namespace {

struct DecodeConfig {
  std::vector<std::string> files;  // CNF and MODEL
  std::string output = "grid";
  std::string alphabet;  // empty: default symbols
  bool check_clauses = false;
};

constexpr std::string_view kDescription =
    "Reads the header of CNF (written by `satdoku encode`) to learn the board, the puzzle and\n"
    "the variable map, then a SAT solver's answer from MODEL (standard input when MODEL is\n"
    "left out or -; CNF may be - instead) in any of:\n"
    "  SAT-competition output   s SATISFIABLE / s UNSATISFIABLE, v lines (cadical, kissat, picosat)\n"
    "  MiniSat's result file    SAT then a line of literals, or UNSAT (minisat CNF RESULT)\n"
    "  a bare list of literals ending with 0\n"
    "Prints the grid, verified against the rules and the clues. An unsatisfiable answer prints\n"
    "\"no solution\" (\"invalid\" when the clues clash), an unknown one \"unknown\", and a model\n"
    "that breaks a rule or a clue \"error\" with the reason on standard error (exit code 1 for\n"
    "all of these; with --output line \"none\", \"invalid\", \"unknown\" or \"error\", with\n"
    "leetcode \"null\", as solve writes them).\n"
    "A proof CNF of `check --proof` (its header names the solution it forbids) reads the other\n"
    "way: unsatisfiable prints that solution as the only one (status unique, exit code 0), and\n"
    "a model is a second solution (status multiple, exit code 1).";

std::ifstream open_input(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const int error = errno;
  std::error_code ignored;
  if (!in || std::filesystem::is_directory(path, ignored)) {
    Diagnostic diagnostic;
    diagnostic.where.file = path;
    // Worded as the puzzle readers word it ("cannot read: Is a directory").
    diagnostic.message = std::filesystem::is_directory(path, ignored)
                             ? "cannot read: " + std::string(std::strerror(EISDIR))
                             : "cannot open: " + std::string(std::strerror(error));
    throw InputError(std::move(diagnostic));
  }
  return in;
}

// "the model gives cell r1c3 2 digits (2 and 4)", or for several cells
// "the model gives 3 cells no digit or several: r1c3 2 (2 and 4), r2c1 none,
// ...", the first kShownCells of them and how many more.
std::string cell_problems(const Geometry& geometry, const std::vector<CellProblem>& problems) {
  constexpr std::size_t kShownCells = 5;
  auto listed = [](const CellProblem& p) {  // "(2 and 4)"
    std::string s = "(";
    for (std::size_t i = 0; i < p.digits.size(); ++i)
      s += (i == 0 ? "" : i + 1 == p.digits.size() ? " and " : ", ") + std::to_string(p.digits[i]);
    return s + ")";
  };
  if (problems.size() == 1) {
    const CellProblem& p = problems.front();
    return "the model gives cell " + cell_name(geometry, p.cell) + " " +
           (p.digits.empty() ? "no digit" : std::to_string(p.digits.size()) + " digits " + listed(p));
  }
  std::string s = "the model gives " + std::to_string(problems.size()) + " cells no digit or several: ";
  for (std::size_t i = 0; i < problems.size() && i < kShownCells; ++i) {
    const CellProblem& p = problems[i];
    s += (i == 0 ? "" : ", ") + cell_name(geometry, p.cell) + " " +
         (p.digits.empty() ? "none" : std::to_string(p.digits.size()) + " " + listed(p));
  }
  if (problems.size() > kShownCells) s += ", and " + std::to_string(problems.size() - kShownCells) + " more";
  return s;
}

int decode(const std::vector<std::string>& args) {
  DecodeConfig config;
  po::options_description options("Options");
  options.add_options()("output,o", po::value(&config.output)->default_value(config.output),
                        "grid, line, tokens, leetcode (json: one object)")(
      "alphabet", po::value(&config.alphabet)->value_name("SPEC"),
      "symbols for digits 1..N in the grid, line and JSON output, e.g. 0-F (default 1-9 then A-Z)")(
      "check-clauses", po::bool_switch(&config.check_clauses),
      "also check the model against every clause of CNF (reads the whole CNF, not only its header): a "
      "clause it leaves false is an error, as a model that breaks a rule is");
  if (!parse_command("decode", "[OPTIONS] CNF [MODEL]", kDescription, options, args, &config.files)) return 0;
  // Without MODEL the answer comes from standard input, as in
  // `cadical -q puzzle.cnf | satdoku decode puzzle.cnf`.
  if (config.files.size() == 1 && config.files[0] != "-") config.files.push_back("-");
  if (config.files.empty())
    throw UsageError("decode needs the CNF that `satdoku encode` wrote, then the solver's answer (MODEL, or standard input)");
  if (config.files.size() == 1) throw UsageError("decode needs the CNF as a file when the answer comes from standard input");
  if (config.files.size() > 2)
    throw UsageError("decode takes two files, CNF and MODEL, not " + std::to_string(config.files.size()));
  const auto format = parse_output_format(config.output);
  if (!format) throw UsageError("unknown output format '" + config.output + "' (choose from " + output_format_names() + ")");
  const Alphabet alphabet = config.alphabet.empty() ? Alphabet::standard() : Alphabet::parse(config.alphabet);

  const std::string& cnf_path = config.files[0];
  const std::string& model_path = config.files[1];
  if (cnf_path == "-" && model_path == "-") throw UsageError("CNF and MODEL cannot both be standard input");
  // Someone at a terminal (who perhaps meant to pipe a solver in) learns
  // what is awaited, instead of facing a silent wait.
  // (One write: std::cerr flushes after each <<, and the terminal's echo of
  // what is typed meanwhile would land inside the message.)
  if ((cnf_path == "-" || model_path == "-") && ::isatty(STDIN_FILENO) == 1 && stderr_is_terminal())
    std::cerr << std::string("satdoku decode: reading ") +
                     (model_path == "-" ? "the solver's answer" : "the CNF") + " from the terminal; Ctrl-D ends it\n";
  std::ifstream cnf_file;
  if (cnf_path != "-") cnf_file = open_input(cnf_path);
  std::istream& cnf = cnf_path == "-" ? std::cin : cnf_file;
  const std::string cnf_name = cnf_path == "-" ? "<stdin>" : cnf_path;  // as the readers name it
  auto header = read_cnf_header(cnf, cnf_name);
  if (auto* d = std::get_if<Diagnostic>(&header)) {
    std::cerr << d->str() << '\n';
    return static_cast<int>(ExitCode::usage);
  }
  std::ifstream model_file;
  if (model_path != "-") model_file = open_input(model_path);
  std::istream& model_in = model_path == "-" ? std::cin : model_file;
  const std::string model_name = model_path == "-" ? "<stdin>" : model_path;  // as the readers name it
  auto answer = read_solver_output(model_in, model_name, std::get<CnfHeader>(header));
  if (auto* d = std::get_if<Diagnostic>(&answer)) {
    std::cerr << d->str() << '\n';
    return static_cast<int>(ExitCode::usage);
  }
  const CnfHeader& h = std::get<CnfHeader>(header);
  const SolverAnswer& a = std::get<SolverAnswer>(answer);
  auto say = [&](std::string_view status, const std::string& reason) {
    std::string text;
    if (*format == OutputFormat::json)
      text = json_text(nlohmann::json{
                 {"status", status},
                 {"message", !reason.empty() || status != "none"
                                 ? reason
                                 : "the CNF is unsatisfiable: no grid keeps the rules and the clues"},
                 {"puzzle", format_line(h.puzzle, alphabet)},
                 {"box", h.puzzle.geometry().box().str()}}) +
             '\n';
    else if (*format == OutputFormat::leetcode)
      text = "null\n";
    else if (*format == OutputFormat::line)
      text = std::string(status) + '\n';
    else
      text = std::string(status == "none" ? "no solution" : status) + '\n';
    write_stdout_now("decode", text);
    if (!reason.empty()) std::cerr << "satdoku decode: " << model_name << ": " << reason << '\n';
    return static_cast<int>(ExitCode::unsolved);
  };
  // A grid that keeps the puzzle's rules and clues, printed as solve prints a solution.
  auto print = [&](std::string_view status, const Grid& grid) {
    std::string text;
    switch (*format) {
      case OutputFormat::grid: text = format_grid(grid, alphabet); break;
      case OutputFormat::tokens: text = format_tokens(grid); break;
      case OutputFormat::line: text = format_line(grid, alphabet) + '\n'; break;
      case OutputFormat::leetcode: text = format_leetcode(grid) + '\n'; break;
      case OutputFormat::json:
        text = json_text(nlohmann::json{{"status", status},
                                        {"puzzle", format_line(h.puzzle, alphabet)},
                                        {"box", h.puzzle.geometry().box().str()},
                                        {"solution", format_line(grid, alphabet)}}) +
               '\n';
        break;
    }
    write_stdout_now("decode", text);
  };
  const std::optional<Grid>& excluded = h.excluded;  // a proof CNF of check --proof (verified by the reader)
  // An answer the CNF itself rules out is another CNF's (or a solver's bug).
  if (a.verdict == Verdict::unsat && !excluded && (h.solved || h.clauses == 0))
    return say("error", std::string("the solver says unsatisfiable, but this CNF has a model: ") +
                            (h.clauses == 0 ? "it has no clauses" : "its header says the reduction solved the puzzle") +
                            " (is the answer another CNF's?)");
  if (a.verdict == Verdict::sat && h.conflict)
    return say("error", "the solver says satisfiable, but this CNF holds the empty clause (its header says "
                        "'conflict yes': the clues contradict the rules) and has no model (is the answer another CNF's?)");
  if (a.verdict == Verdict::unsat) {
    if (!excluded) {
      // Clues that clash are `invalid`, as solve and check call them.
      if (const auto clash = find_clash(h.puzzle))
        return say("invalid", "unsatisfiable: the clues clash: " + clash_text(h.puzzle, *clash, alphabet));
      return say("none", "");
    }
    // "Rules + clues + not this solution" has no model: the one solution.
    print("unique", *excluded);
    std::cerr << "satdoku decode: " << model_name << ": unsatisfiable: the puzzle's only solution is the one the "
              << "CNF forbids (unique)\n";
    return static_cast<int>(ExitCode::ok);
  }
  if (a.verdict == Verdict::unknown)
    return say("unknown", "the solver gave no answer (no SATISFIABLE or UNSATISFIABLE: was it stopped?)");

  const Decoded decoded = decode(h, a.model);
  // A model of this CNF gives every cell one digit and keeps the rules and
  // the clues; one that does not is most likely another CNF's (another
  // puzzle's, or mixed with the values a reduction fixed), seldom a
  // solver's bug.
  const std::string another = " (is the model another CNF's? a model of this one ";
  if (!decoded.against_fixed.empty()) {
    // (Asked of a model that names variables beyond this CNF's, one of the
    // formula before the reduction, which implies what the reduction fixed;
    // or of one that leaves cells without a digit or with several, where
    // values against the fixed ones say why.)
    const FixedContradiction& f = decoded.against_fixed.front();
    const std::string cell = cell_name(h.puzzle.geometry(), f.cell), digit = std::to_string(f.digit);
    const std::size_t more = decoded.against_fixed.size() - 1;
    const bool whole_formula = static_cast<std::uint64_t>(a.model.max_var()) > h.variables;
    return say("error", (f.fixed_true ? "the model leaves " + digit + " out of " + cell + ", which the clues force there"
                                      : "the model puts " + digit + " in " + cell + ", which the clues rule out") +
                            (more ? " (and " + count_text(more, "more value") + " against the clues)" : "") +
                            (whole_formula ? " (is the model another CNF's? it names variables up to " +
                                                 std::to_string(a.model.max_var()) + ", beyond this CNF's " +
                                                 std::to_string(h.variables) +
                                                 ", and a model of this puzzle's whole formula keeps what the clues "
                                                 "force)"
                                           : another + "and the values its reduction fixed give each cell one digit)"));
  }
  if (!decoded.problems.empty())
    return say("error", cell_problems(h.puzzle.geometry(), decoded.problems) + another + "gives each cell one digit)");
  if (auto violation = verify(h.puzzle, decoded.grid)) {
    const bool clue = violation->kind == Violation::Kind::clue_mismatch;
    return say("error", std::string(clue ? "the model breaks a clue: " : "the model breaks a rule: ") +
                            violation->describe(h.puzzle.geometry()) + another + "keeps the " +
                            (clue ? "clues)" : "rules)"));
  }
  if (excluded && decoded.grid == *excluded)
    // Without --check-clauses decode reads the header, not the clauses: the
    // header's word is taken for what the last clause forbids (docs/manual.md: check
    // the header).
    return say("error", "the model is the solution the header names as forbidden ('c solution'): a proof CNF has "
                        "no such model");
  // The grid is sound; with --check-clauses so must be the model, for every
  // clause (auxiliary variables included: a model of another encoding of the
  // same puzzle gives the same grid).
  if (config.check_clauses) {
    const ClauseCheck check = check_model_clauses(cnf, cnf_name, h, a.model);
    if (check.problem && !check.false_clause) {
      std::cerr << check.problem->str() << '\n';
      return static_cast<int>(ExitCode::usage);
    }
    if (check.problem)
      return say("error", check.problem->message + ", at " + check.problem->where.str() +
                              " (is the model another CNF's, of another encoding? or the solver's bug)");
  }
  if (!excluded) {
    print("solved", decoded.grid);
    return static_cast<int>(ExitCode::ok);
  }
  print("multiple", decoded.grid);
  std::cerr << "satdoku decode: " << model_name << ": a second solution: the puzzle is not unique\n";
  return static_cast<int>(ExitCode::unsolved);
}

}  // namespace

int run_decode(const std::vector<std::string>& args) { return decode(args); }

}  // namespace satdoku::cli
