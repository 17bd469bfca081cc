// satdoku encode: write puzzles as DIMACS CNF for any SAT solver.
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <iostream>
#include <new>
#include <set>
#include <utility>

#include "atomic_file.hpp"
#include "batch.hpp"
#include "memory_guard.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "records.hpp"
#include "sat_options.hpp"
#include "satdoku/dimacs.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace {

namespace fs = std::filesystem;

struct EncodeConfig {
  InputConfig input;
  EncodingConfig encoding;
  std::string output = "-";
  std::string out_dir;
  bool quiet = false;
};

constexpr std::string_view kDescription =
    "Encodes puzzles as DIMACS CNF. The header comments make each file self-describing\n"
    "(board, box shape, puzzle, encoding, method, reduction, variable map), so that\n"
    "`satdoku decode FILE.cnf MODEL` can turn any solver's model back into a grid.\n"
    "Primary variable x(r,c,d) = N*N*r + N*c + d + 1 (r, c, d from 0); auxiliary variables\n"
    "come after N^3. Files are written to a temporary name and renamed when complete.\n"
    "SIGINT, SIGTERM or SIGHUP abandons the CNF being written (exit code 130): it leaves no file and\n"
    "no temporary file, and an earlier file at the -o path stays as it was; standard output\n"
    "(or a pipe or device given to -o) keeps what it received, cut short, and a message\n"
    "says so.\n\n"
    "One puzzle goes to -o FILE (standard output by default), written once the input has\n"
    "ended: an input of several puzzles writes nothing there, and needs --out-dir DIR, which\n"
    "receives one DIR/<index>.cnf per puzzle (index: the entry's position in the input,\n"
    "from 1). A CNF an earlier run left in DIR at a position this run does not write (past\n"
    "the input's end, an unreadable entry, a failed write) is removed, also when the run is\n"
    "interrupted: only files named <index>.cnf that begin with satdoku's header line\n"
    "'c satdoku VERSION CNF', and not the proof CNFs of check --proof; nothing else.\n\n"
    "Encodings:\n";

// As the SAT backend would encode, except that the reduction defaults to
// `propagate`: failed-literal probing (the backend's choice for 9x9) leaves
// most 9x9 puzzles no formula at all, and an export is for a solver.  The
// memory guard is asked with this reduction, whose memory it counts.
SatChoice encode_choice(const SatConfig& config, int n) {
  SatChoice choice = config.resolve(n);
  choice.reduction = config.reduction ? *config.reduction : Reduction::propagate;
  return choice;
}

// write_dimacs(encoder, out), with a failed write named after `target`
// (write_dimacs only knows that its stream failed).  SIGINT and SIGTERM
// make it throw Cancelled within a few thousand clauses.
// The reason is the one `file` kept, when given (errno may be stale by now).
EncodeReport write_cnf(const Encoder& encoder, std::ostream& out, const std::string& target,
                       const AtomicFile* file = nullptr) {
  errno = 0;
  try {
    return write_dimacs(encoder, out, &interrupt_flag());
  } catch (const OutputError&) {
    const int error = file && file->error() ? file->error() : errno;
    throw OutputError("cannot write " + target + ": " + write_error_text(error));
  }
}

// The position an --out-dir file name stands for: "12.cnf" is 12; 0 for a
// name encode never writes ("012.cnf", "1-2.cnf", "a.cnf").
std::size_t position_of(std::string_view name) {
  return name.ends_with(".cnf") ? parse_position(name.substr(0, name.size() - 4)) : 0;
}

// Whether `path` is a CNF encode wrote: a regular file (a link may lead to
// anything) whose first line is header_comments()' "c satdoku VERSION CNF",
// and not a proof CNF of check --proof (its "c uniqueness: ..." line): that
// one belongs with its .drat, and check removes the pair when it is stale.
bool is_encode_cnf(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(fs::symlink_status(path, error))) return false;
  const std::vector<std::string> lines = leading_comments(path);
  return is_satdoku_header(lines) && !is_proof_header(lines);
}

// Removes from `dir` the CNFs an earlier run left at the positions this run
// did not write (`written[p]`: p.cnf is this run's), so that a solver run
// over DIR/*.cnf meets no other input's puzzles under this input's
// positions; and the temporary files (INDEX.cnf.tmp.PID) of a run a second
// signal ended.
ExitCode remove_stale_cnfs(const fs::path& dir, const std::vector<bool>& written, bool quiet) {
  auto stale = [&](const fs::path& path) -> std::vector<fs::path> {
    const std::size_t position = position_of(path.filename().string());
    if (position > 0 && !(position < written.size() && written[position]) && is_encode_cnf(path)) return {path};
    return {};
  };
  const ExitCode cnfs = remove_leftovers(
      dir, stale,
      {"encode", "CNF", "a CNF an earlier run left",
       "an earlier run left in " + dir.string() + " at positions this run did not write"},
      quiet);
  return worst(cnfs, remove_stale_temporaries(
                         dir, [](std::string_view name) { return position_of(name) > 0; }, "encode",
                         "temporary CNF file", quiet));
}

int encode(const std::vector<std::string>& args) {
  EncodeConfig config;
  po::options_description options("Options");
  config.encoding.add_options(options, EncodingConfig::Use::encode);
  options.add_options()
      ("output,o", po::value(&config.output)->default_value(config.output), "CNF file (- : standard output)")
      ("out-dir,d", po::value(&config.out_dir)->value_name("DIR"), "one CNF file per puzzle in DIR (made if missing)")
      ("quiet,q", po::bool_switch(&config.quiet),
       "no size line per puzzle on stderr, nor the count of an earlier run's CNFs removed from --out-dir");
  config.input.add_options(options);
  const std::string description = std::string(kDescription) + encoding_help() + "\nAt-most-one methods:\n" + amo_help();
  if (!parse_command("encode", "[OPTIONS] [FILE...]", description, options, args, &config.input.files)) return 0;

  // -o is the output format in solve, check and decode, but the CNF file here.
  if (parse_output_format(config.output))
    throw UsageError("-o names the CNF file in encode, and '" + config.output +
                     "' is an output format of solve; for a file of that name, write ./" + config.output);

  SatConfig sat;
  config.encoding.apply(sat);
  const std::uint64_t max_memory = config.encoding.max_memory_bytes();
  if (!config.out_dir.empty() && config.output != "-")
    throw UsageError("give either --output or --out-dir, not both");
  check_distinct_outputs({{"--output", config.output}}, config.input.files,
                         config.out_dir.empty() && config.output == "-");
  // Now, not after the encoding: a folder that is missing, or is a file.
  if (config.out_dir.empty() && config.output != "-") check_writable(config.output);
  if (std::error_code error; fs::exists(config.out_dir, error) && !fs::is_directory(config.out_dir, error))
    throw UsageError("--out-dir " + config.out_dir + " is a file, not a folder");
  // Every INDEX.cnf in the folder may be written (the input's length is not
  // known yet) or removed as stale, and a link of that name is written through.
  if (!config.out_dir.empty())
    check_inputs_outside({"--out-dir", config.out_dir, [](std::string_view name) { return position_of(name) > 0; },
                          "files named INDEX.cnf", true},
                         config.input.files, false);  // (nothing on standard output)

  ReadOptions read_options = config.input.read_options();
  read_options.solutions = false;  // a CNF has no use for a given solution
  EntrySource source(config.input.files, read_options);
  install_interrupt_handlers();  // a signal abandons the file being written and ends the batch
  ExitCode code = ExitCode::ok;
  const bool one_file = config.out_dir.empty();
  bool folder_made = false;  // --out-dir is made for the first puzzle, so a missing input leaves no folder
  bool written = false;      // a CNF is complete at its target
  std::vector<bool> written_at;  // --out-dir: written_at[i], i.cnf is this run's
  std::string cut_short;     // the target whose write a signal abandoned
  bool cut_short_kept = false;  // ... and it kept what it received (standard output, a pipe, a device)

  // Encodes `entry`'s puzzle into its target: DIR/<index>.cnf, the -o file or
  // standard output.  A failure costs this puzzle only.
  auto write_one = [&](const Entry& entry, const Grid& puzzle, std::size_t index) {
    std::string target;
    try {
      std::filesystem::path path;  // --out-dir's file, checked before the work
      if (!one_file) {
        path = std::filesystem::path(config.out_dir) / (std::to_string(index) + ".cnf");
        target = path.string();
        check_replaces_own_file(path, true, is_satdoku_cnf);
      }
      const SatChoice choice = encode_choice(sat, puzzle.size());
      if (auto refusal = memory_refusal(puzzle, choice, max_memory, "--max-memory", MemoryUse::encode))
        throw UsageError(*refusal);
      const Encoder encoder(puzzle, {choice.encoding, choice.amo, choice.reduction});
      EncodeReport report;
      if (!one_file) {
        AtomicFile file(path);
        report = write_cnf(encoder, file.stream(), target, &file);
        file.commit();
        if (written_at.size() <= index) written_at.resize(index + 1);
        written_at[index] = true;
      } else if (config.output == "-") {
        target = "standard output";
        cut_short_kept = true;
        report = write_cnf(encoder, std::cout, target);
        if (!std::cout.flush()) throw OutputError("cannot write standard output");
      } else {
        target = config.output;
        AtomicFile file(config.output);
        cut_short_kept = file.direct();
        report = write_cnf(encoder, file.stream(), target, &file);
        file.commit();
      }
      written = true;
      if (!config.quiet)
        std::cerr << "satdoku encode: " << source_of(entry) << " -> " << target << ": "
                  << count_text(report.variables, "variable") << ", " << count_text(report.clauses, "clause") << " ("
                  << to_string(encoder.options().encoding) << '/' << to_string(encoder.amo()) << '/'
                  << to_string(encoder.options().reduction) << (report.solved ? ", solved by the reduction" : "")
                  << (report.conflict ? ", the empty clause: the clues contradict the rules" : "") << ")\n";
    } catch (const Cancelled&) {
      // The AtomicFile took its temporary file away: the target is as it
      // was, unless it is written directly.
      cut_short = target;
    } catch (const UsageError& e) {
      std::cerr << source_of(entry) << ": " << e.what() << '\n';
      code = worst(code, ExitCode::usage);
    } catch (const OutputError& e) {
      // This puzzle's file is missing; the next puzzles still get theirs.
      std::cerr << source_of(entry) << ": " << e.what() << '\n';
      if (one_file && config.output == "-") stdout_failure_reported();
      code = worst(code, ExitCode::usage);
    } catch (const std::bad_alloc&) {
      std::cerr << source_of(entry) << ": out of memory (a lower --max-memory refuses such a formula before building it)\n";
      code = worst(code, ExitCode::usage);
    }
  };

  // With one target (-o, standard output by default) the input must hold one
  // puzzle: it is written once the input has ended, so that a file of many
  // puzzles writes nothing, not its first.
  std::optional<Entry> single;
  std::size_t index = 0, puzzles = 0;
  ReadingNotes reading_notes(config.input);
  while (auto entry = interrupt_flag() ? std::nullopt : source.next()) {
    ++index;
    if (const auto* d = std::get_if<Diagnostic>(&entry->content)) {
      std::cerr << d->str() << '\n';
      code = worst(code, ExitCode::usage);
      continue;
    }
    ++puzzles;
    reading_notes.say(std::cerr, *entry);
    if (one_file) {
      if (!single) {
        single = std::move(entry);
        continue;
      }
      std::cerr << source_of(*entry) << ": a second puzzle (the first is " << source_of(*single)
                << "): without --out-dir encode writes one CNF, so nothing was written; use --out-dir DIR for one CNF per puzzle\n";
      return static_cast<int>(ExitCode::usage);
    }
    if (!folder_made) {
      make_folder(config.out_dir, "folder");  // no puzzle could be written without it: the batch stops
      folder_made = true;
    }
    write_one(*entry, std::get<Grid>(entry->content), index);
  }
  const bool input_ended = !interrupt_flag();
  if (single && input_ended) write_one(*single, std::get<Grid>(single->content), 1);
  // Interrupted too: the folder then holds this run's CNFs up to the signal,
  // and none of an earlier run's under a position name.  Not when no input
  // could be read: a mistyped input name would empty the folder.
  if (!one_file && some_input_readable(config.input.files))
    code = worst(code, remove_stale_cnfs(config.out_dir, written_at, config.quiet));
  if (interrupt_flag()) {
    std::cerr << "satdoku encode: interrupted ";
    if (!one_file)
      std::cerr << "after " << puzzles_text(cut_short.empty() ? puzzles : puzzles - 1)
                << (cut_short.empty() ? "" : " (" + cut_short + " not written)") << '\n';
    else if (!cut_short.empty() && cut_short_kept)
      std::cerr << "while writing the CNF to " << cut_short << ": what it received is cut short\n";
    else if (!cut_short.empty())
      std::cerr << "while writing " << cut_short << ": no CNF written\n";
    else if (!written)  // (after the input's end: while the output opened, a FIFO's wait for a reader)
      std::cerr << (input_ended ? "before the CNF was written\n" : "before the input ended: no CNF written\n");
    else
      std::cerr << "after the CNF was written\n";
    return static_cast<int>(ExitCode::interrupted);
  }
  if (puzzles == 0) {
    // The CNF the caller asked for does not exist: an input error.
    if (index > 0)
      std::cerr << "satdoku encode: the input holds no readable puzzle (" << count_text(index, "error") << " above): no CNF written\n";
    else
      std::cerr << "satdoku encode: the input holds no puzzle: no CNF written\n";
    code = worst(code, ExitCode::usage);
  }
  return static_cast<int>(code);
}

}  // namespace

int run_encode(const std::vector<std::string>& args) { return encode(args); }

}  // namespace satdoku::cli
