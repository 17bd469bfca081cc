// satdoku solve: solve every puzzle of the input; verify every answer and
// cross-check it with the native reference.
#include <iostream>
#include <set>
#include <thread>

#include "atomic_file.hpp"
#include "batch.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "pipeline.hpp"
#include "records.hpp"
#include "sat_options.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace {

struct SolveConfig {
  InputConfig input;
  SatOptionsConfig sat;
  std::string output = "grid";
  std::string backend = "sat";
  std::uint64_t limit = 1;
  RunConfig run;
};

constexpr std::string_view kDescription =
    "Solves every puzzle of the FILEs (standard input when none or -), in input order.\n"
    "The SAT backend encodes each puzzle to CNF and solves it with the embedded CaDiCaL;\n"
    "every answer is decoded, verified against the rules and the clues, and (unless\n"
    "--no-cross-check) compared with the native reference solver, which is asked for one\n"
    "solution more. A disagreement is a bug: it is printed in full and the exit code is 3.\n"
    "On boards of 16x16 and up the reference runs beside CaDiCaL and stops 10 ms after\n"
    "the SAT answer, or at --reference-timeout (10 s by default) if that comes first;\n"
    "a --reference-timeout given on the command line alone stops it.\n\n"
    "Output formats (--output):\n"
    "  grid      a '# index source status' line, then each solution with boxes drawn; the\n"
    "            status says '(K solutions)' when the search proved there are no more, and\n"
    "            '(K+ solutions)' when a limit (--limit, --conflicts, --timeout, --nodes)\n"
    "            stopped it: a plain 'solved' found one and says nothing of others\n"
    "            (`satdoku check` tells unique puzzles)\n"
    "  tokens    the same, solutions as N lines of N numbers\n"
    "  line      one line per puzzle: the solution(s) on one line, else the status word\n"
    "  leetcode  one JSON array per solution (null when there is none)\n"
    "  json      JSON Lines: index, source, puzzle, status, solution(s), stats, ...\n"
    "Status: solved, none (no solution), invalid (clues clash), unknown (a limit was hit),\n"
    "error (the puzzle could not be read: file:line:col on stderr).";

int solve(const std::vector<std::string>& args) {
  SolveConfig config;
  po::options_description options("Options");
  options.add_options()
      ("backend,b", po::value(&config.backend)->default_value(config.backend),
       ("solver: " + backend_names()).c_str())
      ("limit,k", po::value(&config.limit)->default_value(config.limit), "find up to K solutions per puzzle")
      ("output,o", po::value(&config.output)->default_value(config.output),
       ("output format: " + output_format_names()).c_str());
  config.sat.add_options(options);
  config.run.add_options(options);
  config.input.add_options(options);
  po::variables_map values;
  if (!parse_command("solve", "[OPTIONS] [FILE...]", kDescription, options, args, &config.input.files, &values))
    return 0;

  const auto format = parse_output_format(config.output);
  if (!format)
    throw UsageError("unknown output format '" + config.output + "' (choose from " + output_format_names() + ")");
  if (config.limit < 1) throw UsageError("--limit must be at least 1");
  check_distinct_outputs({}, config.input.files, true);  // `solve F >> F`

  PipelineConfig pipeline;
  pipeline.backend = config.backend;
  config.sat.check_backend(config.backend);
  pipeline.sat = config.sat.sat_config();
  pipeline.limits.max_solutions = config.limit;
  config.run.reference_timeout_given = !values["reference-timeout"].defaulted();
  pipeline.limits.conflict_budget = config.sat.conflicts;
  config.run.apply(pipeline);
  pipeline.max_memory = config.sat.encoding.max_memory_bytes();
  pipeline.workers = config.run.jobs;
  make_backend(pipeline);  // validates the backend before any input is read
  const ReadOptions read_options = config.input.read_options();
  const Alphabet alphabet = read_options.alphabet.value_or(Alphabet::standard());  // answers in the input's symbols
  pipeline.alphabet = alphabet;

  install_interrupt_handlers();
  EntrySource source(config.input.files, read_options);
  std::size_t sequence = 0;
  Tally tally;
  auto make_worker = [&] {
    return [p = std::make_shared<Pipeline>(pipeline)](Entry&& entry, std::uint64_t block) {
      return p->run(std::move(entry), block);
    };
  };
  bool said_alphabet = false;
  ReadingNotes reading_notes(config.input);
  auto sink = [&](SolveRecord&& record) {
    record.sequence = ++sequence;
    tally.add(record);
    note_short_alphabet(std::cerr, record, alphabet, said_alphabet);
    reading_notes.say(std::cerr, record.entry);
    print_record(std::cout, std::cerr, record, *format, alphabet);
  };
  const BatchTotals totals =
      run_batch(source, make_worker, sink, config.run.batch(pipeline));
  return finish_batch("solve", totals, tally.summary(totals.seconds), config.run.quiet, tally.exit_code());
}

}  // namespace

int run_solve(const std::vector<std::string>& args) { return solve(args); }

}  // namespace satdoku::cli
