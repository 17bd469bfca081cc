#include "common.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <system_error>

#include "batch.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace {

// Where a line's continuation starts: under a table row's text (an
// indented line with two blanks or more after its name), else under the
// line's own start.
std::size_t hanging_indent(std::string_view line) {
  const std::size_t lead = line.find_first_not_of(' ');
  if (lead == std::string_view::npos) return 0;
  const std::size_t gap = line.find("  ", lead);  // after the row's name
  if (lead >= 2 && gap != std::string_view::npos) {
    const std::size_t text = line.find_first_not_of(' ', gap);
    if (text != std::string_view::npos) return text;
  }
  return lead;
}

}  // namespace

std::string wrap_to(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  for (std::size_t b = 0;;) {
    const std::size_t e = std::min(text.find('\n', b), text.size());
    lines.emplace_back(text.substr(b, e - b));
    if (e == text.size()) break;
    b = e + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line = std::move(lines[i]);
    bool carried = false;  // the rest went into the next line
    while (line.size() > width) {
      const std::size_t hang = hanging_indent(line);
      const std::size_t cut = line.rfind(' ', width);
      if (cut == std::string::npos || cut <= hang) break;
      const std::size_t from = line.find_first_not_of(' ', cut);
      const std::string rest = from == std::string::npos ? std::string() : line.substr(from);
      line.erase(line.find_last_not_of(' ', cut) + 1);
      if (rest.empty()) break;
      out += line + '\n';
      if (i + 1 < lines.size()) {
        std::string& next = lines[i + 1];
        const std::size_t lead = next.find_first_not_of(' ');
        if (lead == hang && hanging_indent(next) == lead) {
          next = std::string(hang, ' ') + rest + ' ' + next.substr(lead);
          carried = true;
          break;
        }
      }
      line = std::string(hang, ' ') + rest;
    }
    if (carried) continue;
    out += line;
    if (i + 1 < lines.size()) out += '\n';
  }
  return out;
}

std::string exit_code_help(std::string_view command) {
  // What 0 and 1 mean for each command (no 1: it never exits 1); a batch
  // goes on after a bad puzzle and can be interrupted; a command that
  // verifies answers can find a bug (3).
  struct Codes {
    std::string_view command, ok, one;
    bool batch, verifies;
    std::string_view interrupted = "the records printed are complete";
  };
  static constexpr Codes kCodes[] = {
      {"", "every puzzle was solved (or met the expectation)",
       "some puzzle has no solution or clashing clues, hit a limit (unknown), missed the expectation, or has a "
       "wrong solution given beside it (a CSV column); compare measures a puzzle with no solution as any "
       "other and calls clashing clues an input error (2)",
       true, true},
      {"solve", "every puzzle was solved",
       "some puzzle has no solution or clashing clues, hit a limit (unknown), or has a wrong solution given beside "
       "it (a CSV column)",
       true, true},
      {"check", "every puzzle met the expectation (--expect)",
       "some puzzle missed it or has a wrong solution given beside it (a CSV column); each such puzzle's file:line "
       "is named",
       true,
       true},
      {"compare", "every row measured every puzzle",
       "some row hit a limit or could not take or measure a puzzle (unknown: see the message); a puzzle whose "
       "clues clash is an input error (2)",
       true, true, "no table nor document is written, and an earlier run's documents are removed"},
      {"encode", "every CNF was written (a puzzle with no solution gets an unsatisfiable one)", "", true, false,
       "the CNF being written is abandoned; an earlier file at -o's path stays, and --out-dir keeps this run's "
       "CNFs before the signal and no earlier run's"},
      {"decode",
       "the model decodes to a grid that keeps the rules and the clues (a proof CNF: unsatisfiable)",
       "the answer is unsatisfiable or unknown, or the model breaks a rule or a clue (a proof CNF: a "
       "second solution)",
       false, false},
      {"encodings", "the table was printed", "", false, false},
  };
  const Codes* c = std::find_if(std::begin(kCodes), std::end(kCodes), [&](const Codes& x) { return x.command == command; });
  if (c == std::end(kCodes)) c = &kCodes[0];
  // "  1    TEXT", wrapped at 80 columns under its start.
  auto code_line = [](std::string_view code, std::string_view text) {
    return wrap_to("  " + std::string(code) + std::string(5 - code.size(), ' ') + std::string(text), 80) + "\n";
  };
  std::string out = "Exit codes:\n" + code_line("0", c->ok);
  if (!c->one.empty()) out += code_line("1", c->one);
  out += "  2    usage, input or output error" +
         std::string(c->batch ? " (the other puzzles were still processed)" : "") + "\n";
  if (c->verifies)
    out += "  3    an answer failed verification or disagreed with the reference solver\n"
           "       (a bug in satdoku: please report it with the puzzle)\n";
  if (c->batch) out += code_line("130", "stopped by SIGINT, SIGTERM or SIGHUP (" + std::string(c->interrupted) + ")");
  return out;
}

ExitCode worst(ExitCode a, ExitCode b) {
  auto rank = [](ExitCode e) {
    switch (e) {
      case ExitCode::ok: return 0;
      case ExitCode::unsolved: return 1;
      case ExitCode::usage: return 2;
      case ExitCode::disagreement: return 3;
      case ExitCode::interrupted: return 4;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

void InputConfig::add_options(po::options_description& options) {
  options.add_options()
      ("input-format", po::value(&format)->default_value(format),
       ("puzzle format: " + input_format_names() +
        " (docs/manual.md, 'Input formats'; csv reads the puzzle column of a collection such as "
        "quizzes,solutions)").c_str())
      ("alphabet", po::value(&alphabet)->value_name("SPEC"),
       "symbols for digits 1..N, e.g. 0-F or A-P (default 1-9 then A-Z; blanks . 0 _, in numbers 0 .)")
      ("box", po::value(&box)->value_name("RxC"),
       "box shape, R rows by C columns (default: square, or the most nearly square R<C)");
}

ReadOptions InputConfig::read_options() const {
  ReadOptions r;
  auto f = parse_input_format(format);
  if (!f) throw UsageError("unknown input format '" + format + "' (choose from " + input_format_names() + ")");
  r.format = *f;
  if (!alphabet.empty()) r.alphabet = Alphabet::parse(alphabet);
  if (!box.empty()) r.box = parse_box_shape(box);
  return r;
}

namespace {

// Whether the option `key` (its long name) holds a value of one of the types T.
template <typename... T>
bool has_type(const po::options_description& all, const std::string& key) {
  const po::option_description* d = all.find_nothrow(key, false);
  const po::value_semantic* s = d ? d->semantic().get() : nullptr;
  return s && (dynamic_cast<const po::typed_value<T>*>(s) || ...);
}

bool takes_unsigned(const po::options_description& all, const std::string& key) {
  return has_type<unsigned, unsigned long, unsigned long long>(all, key);
}

bool takes_whole_number(const po::options_description& all, const std::string& key) {
  return takes_unsigned(all, key) || has_type<int, long, long long>(all, key);
}

// Boost reads "-5" into an unsigned option as 2^64 - 5 (boost::lexical_cast
// wraps around), so a count, a limit or --jobs given a sign would run with a
// huge value: refuse it as a usage error.
void refuse_signed_unsigned_values(const po::options_description& all, const po::parsed_options& parsed) {
  for (const po::option& o : parsed.options) {
    if (o.unregistered || !takes_unsigned(all, o.string_key)) continue;
    for (const std::string& v : o.value)
      if (v.find_first_of("-+") != std::string::npos)
        throw UsageError("--" + o.string_key + " takes a whole number, not '" + v + "'");
  }
}

// Whether the value given to `key` is a number of the option's kind, only
// too large (or too small) for it: "--jobs 99999999999999999999", "--timeout
// 1e400".
bool out_of_range(const po::parsed_options& parsed, const std::string& key, bool whole) {
  for (const po::option& o : parsed.options) {
    if (o.string_key != key) continue;
    for (const std::string& v : o.value) {
      if (whole) {  // (a sign only where the option takes one: refuse_signed_unsigned_values())
        const std::size_t digits = v.empty() || (v[0] != '-' && v[0] != '+') ? 0 : 1;
        if (v.size() > digits && v.find_first_not_of("0123456789", digits) == std::string::npos) return true;
        continue;
      }
      // (from_chars takes no '+', which Boost's conversion does)
      const std::size_t sign = !v.empty() && v[0] == '+' ? 1 : 0;
      double d = 0;
      const auto [end, ec] = std::from_chars(v.data() + sign, v.data() + v.size(), d);
      if (ec == std::errc::result_out_of_range && end == v.data() + v.size()) return true;
    }
  }
  return false;
}

}  // namespace

bool parse_command(std::string_view name, std::string_view usage, std::string_view description,
                   po::options_description& options, const std::vector<std::string>& args,
                   std::vector<std::string>* files, po::variables_map* values) {
  bool help = false;
  options.add_options()("help,h", po::bool_switch(&help), "show this help and exit");
  po::options_description all;
  all.add(options);
  po::positional_options_description positional;
  std::vector<std::string> ignored;
  if (files) {
    all.add_options()("file", po::value(files)->composing(), "input file");
    positional.add("file", -1);
  }
  // "-output line": a dash lost, which the parser would read as -o with the
  // value "utput"; said as the slip it is (run_guarded suggests --output).
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.size() > 2 && arg[0] == '-' && arg[1] != '-' && all.find_nothrow(arg.substr(1, arg.find('=') - 1), false))
      throw po::unknown_option(arg);
  }
  po::variables_map vm;
  const po::parsed_options parsed = po::command_line_parser(args).options(all).positional(positional).run();
  refuse_signed_unsigned_values(all, parsed);
  try {
    po::store(parsed, vm);
  } catch (const po::invalid_option_value& e) {
    // Only options of numbers refuse a value so ("--limit abc"): text options take any.
    std::string key = e.get_option_name();  // "--jobs"
    key.erase(0, key.find_first_not_of('-'));
    const bool whole = takes_whole_number(all, key);
    throw UsageError(std::string(e.what()) + (out_of_range(parsed, key, whole) ? ": the number is out of range"
                                              : whole                          ? ": it takes a whole number"
                                                                               : ": it takes a number"));
  }
  // A number too small for a double reads as 0 ("--timeout 1e-400"), which
  // may mean something else (no limit): refused like one too large.
  for (const po::option& o : parsed.options) {
    const auto found = vm.find(o.string_key);
    if (o.value.empty() || found == vm.end() || !boost::any_cast<double>(&found->second.value())) continue;
    if (out_of_range(parsed, o.string_key, false))
      throw UsageError("the argument ('" + o.value.front() + "') for option '--" + o.string_key +
                       "' is invalid: the number is out of range");
  }
  if (vm.count("help") && vm["help"].as<bool>()) {
    std::ostringstream help;
    help << wrap_to("Usage: satdoku " + std::string(name) + ' ' + std::string(usage), 80) << "\n\n"
         << wrap_to(description, 80) << "\n\n" << options << '\n' << exit_code_help(name);
    write_stdout_now(name, help.str());
    return false;
  }
  // An empty value names nothing (an unset shell variable: --out-dir "$DIR"),
  // and would be taken for the option left out.
  for (const auto& [key, value] : vm) {
    if (key == "file" || value.defaulted()) continue;
    const auto* text = boost::any_cast<std::string>(&value.value());
    const auto* texts = boost::any_cast<std::vector<std::string>>(&value.value());
    if ((text && text->empty()) || (texts && std::find(texts->begin(), texts->end(), "") != texts->end()))
      throw UsageError("--" + key + " needs a value, not an empty one");
  }
  po::notify(vm);
  if (values) *values = std::move(vm);
  return true;
}

namespace {

bool stdout_failure_said = false;  // only the main thread writes standard output's failures

bool is_alpha_ascii(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }

// "-o", "--no-cross-check": not "--nodes)" or "--reduce," from a line of prose.
bool is_option_name(std::string_view word) {
  const std::size_t dashes = word.starts_with("--") ? 2 : 1;
  if (word.size() <= dashes || !is_alpha_ascii(word[dashes])) return false;
  return std::all_of(word.begin() + static_cast<std::ptrdiff_t>(dashes), word.end(),
                     [](char ch) { return is_alpha_ascii(ch) || (ch >= '0' && ch <= '9') || ch == '-'; });
}

// The option names `command`'s --help lists ("--count", "-o", "--output"),
// read from the help text itself, so that hints never drift from the options.
std::vector<std::string> option_names(const Command& command) {
  std::ostringstream help;
  std::streambuf* const saved = std::cout.rdbuf(help.rdbuf());
  try {
    command.run({"--help"});
  } catch (...) {
  }
  std::cout.rdbuf(saved);
  // An option line: "  --count K  ...", "  -o [ --output ] arg ...": its
  // names are the words from the start that begin with '-' (or are brackets).
  std::vector<std::string> names;
  std::istringstream lines(help.str());
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    for (std::string word; words >> word && (word[0] == '-' || word == "[" || word == "]");)
      if (is_option_name(word)) names.push_back(word);
  }
  return names;
}

std::vector<std::string> option_names(std::string_view command) {
  for (const Command& c : commands())
    if (c.name == command) return option_names(c);
  return {};
}

bool has_option(std::string_view command, const std::string& option) {
  const std::vector<std::string> names = option_names(command);
  return std::find(names.begin(), names.end(), option) != names.end();
}

// The number of single-character insertions, deletions, substitutions and
// swaps of neighbours that turn `a` into `b` (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string lowercase(std::string_view word) {
  std::string folded(word);
  std::transform(folded.begin(), folded.end(), folded.begin(),
                 [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; });
  return folded;
}

std::vector<std::string> nearest_names(std::string_view word, const std::vector<std::string>& names) {
  // A slip of one character in a short word, of two in a longer one; a
  // word as far from every name as that is not taken for a slip.
  // Capitals count for nothing ("CHECK", "--LIMIT").
  const std::size_t letters = word.size() - std::min(word.find_first_not_of('-'), word.size());
  std::size_t best = letters >= 6 ? 2 : letters >= 3 ? 1 : 0;
  const std::string folded = lowercase(word);
  std::vector<std::string> found;
  for (const std::string& name : names) {
    if (name == word) continue;
    const std::size_t distance = edit_distance(folded, lowercase(name));
    if (distance > best) continue;
    if (distance < best) found.clear();
    best = distance;
    if (std::find(found.begin(), found.end(), name) == found.end()) found.push_back(name);
  }
  return found;
}

std::string did_you_mean(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "Did you mean '" : i + 1 == names.size() ? " or '" : ", '") + names[i] + "'";
  return names.empty() ? text : text + "?\n";
}

std::vector<std::string_view> commands_with_option(const std::string& option, std::string_view except) {
  std::vector<std::string_view> found;
  if (option.size() < 2 || option[0] != '-') return found;
  for (const Command& c : commands())
    if (c.name != except && has_option(c.name, option)) found.push_back(c.name);
  return found;
}

std::string command_list(const std::vector<std::string_view>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "'satdoku " : i + 1 == names.size() ? " and 'satdoku " : ", 'satdoku ") + std::string(names[i]) + "'";
  return text;
}

// The word the parser could not place, as the option it was meant to be:
// "--limit" for "--limit=2"; for a single dash, "--limit" for "-limit" or
// "-lmit" (a dash lost) where that names an option; "-x" for the switches
// "-qx" (-q the command's own, so -x is the unknown one) and "-q=" for
// "-q=false" (a switch given a value); else the short option "-x" of "-x5"
// (its value attached).
std::string meant_option(std::string_view self, std::string word) {
  if (word.starts_with("--")) return word.substr(0, word.find('='));
  if (word.size() <= 2 || word[0] != '-') return word;
  std::string long_form = "-" + word.substr(0, word.find('='));
  const bool named = std::any_of(commands().begin(), commands().end(),
                                 [&](const Command& c) { return has_option(c.name, long_form); });
  if (named || !nearest_names(long_form, option_names(self)).empty()) return long_form;
  if (has_option(self, word.substr(0, 2))) return word[2] == '=' ? word.substr(0, 3) : "-" + word.substr(2, 1);
  word.resize(2);
  return word;
}

namespace {

// The command, with its exceptions turned into messages and exit code 2.
int run_guarded(std::string_view name, int (*body)(const std::vector<std::string>&),
                const std::vector<std::string>& args) {
  try {
    return body(args);
  } catch (const std::bad_alloc&) {
    std::cout.flush();  // the records made so far
    std::cerr << "satdoku " << name << ": out of memory\n";
  } catch (const po::unknown_option& e) {
    std::cerr << "satdoku " << name << ": " << e.what() << '\n';
    // An option of another command ("solve --count") says which one has it,
    // also with its value attached ("--count=5", "-o5": the parser names
    // the whole word).
    const std::string word = e.get_option_name();
    const std::string option = meant_option(name, word);
    if (option.ends_with('=')) {  // "-q=false"
      std::cerr << option.substr(0, 2) << " is a switch: it takes no value\n";
    } else if (has_option(name, option)) {  // "-limit"
      std::cerr << did_you_mean({option});
    } else if (const auto others = commands_with_option(option, name); !others.empty()) {
      std::cerr << option << " is an option of " << command_list(others) << ", not of 'satdoku " << name << "'\n";
    } else if (const std::string hint = did_you_mean(nearest_names(option, option_names(name))); !hint.empty()) {
      std::cerr << hint;  // a slip of the keyboard ("--lmit") gets the nearest of this command's options
    } else if (option != word && !option.starts_with("--")) {  // "-ql": which letter is unknown
      std::cerr << option << " is not an option of 'satdoku " << name << "'\n";
    }
    std::cerr << "Try 'satdoku " << name << " --help'.\n";
  } catch (const po::error& e) {
    std::cerr << "satdoku " << name << ": " << e.what() << "\nTry 'satdoku " << name << " --help'.\n";
  } catch (const UsageError& e) {
    std::cerr << "satdoku " << name << ": " << e.what() << "\nTry 'satdoku " << name << " --help'.\n";
  } catch (const GeometryError& e) {
    std::cerr << "satdoku " << name << ": " << e.what() << '\n';
  } catch (const Error& e) {
    std::cerr << "satdoku " << name << ": " << e.what() << '\n';
  } catch (const std::system_error& e) {  // a thread the system would not start
    std::cout.flush();
    std::cerr << "satdoku " << name << ": " << e.what() << '\n';
  }
  return static_cast<int>(ExitCode::usage);
}

}  // namespace

int guarded(std::string_view name, int (*body)(const std::vector<std::string>&),
            const std::vector<std::string>& args) {
  int code = run_guarded(name, body, args);
  // An output error where SIGINT, SIGTERM or SIGHUP cut a write or an open short
  // (a report's open that waited for a pipe's reader, after the batch):
  // the run was interrupted, and 130 outranks 2.
  if (code == static_cast<int>(ExitCode::usage) && interrupt_flag().load())
    code = static_cast<int>(ExitCode::interrupted);
  // What a command printed must have reached standard output (a full disk,
  // a closed descriptor): a lost answer is no success.
  if (write_stdout_now(name, {})) return code;
  return std::max(code, static_cast<int>(ExitCode::usage));  // the codes rank as their numbers
}

void stdout_failure_reported() { stdout_failure_said = true; }

bool write_stdout_now(std::string_view command, std::string_view text) {
  errno = 0;
  if (std::cout.write(text.data(), static_cast<std::streamsize>(text.size())) && std::cout.flush()) return true;
  const int error = errno;
  if (!stdout_failure_said)
    std::cerr << "satdoku " << command << ": cannot write standard output" << errno_suffix(error) << '\n';
  stdout_failure_reported();
  return false;
}

void check_jobs(unsigned jobs) {
  if (jobs < 1 || jobs > kMaxJobs) throw UsageError("--jobs must be from 1 to " + std::to_string(kMaxJobs));
}

void check_seconds(std::string_view option, double seconds) {
  if (!(seconds >= 0))  // also NaN
    throw UsageError(std::string(option) + " must be a number of seconds, 0 or more (0: no limit)");
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

std::string count_text(std::size_t count, std::string_view noun, std::string_view plural) {
  std::string s = std::to_string(count) + ' ';
  if (count == 1) return s.append(noun);
  if (!plural.empty()) return s.append(plural);
  return s.append(noun).append("s");
}

std::string time_and_rate(double seconds, std::size_t puzzles) {
  const double rate = seconds > 0 ? static_cast<double>(puzzles) / seconds : 0.0;
  // Two significant digits below 10, in decimals (0.37, 0.000050), never
  // in powers of ten.
  const int decimals = rate > 0 && rate < 9.95 ? std::max(1, 1 - static_cast<int>(std::floor(std::log10(rate)))) : 0;
  char text[96];
  std::snprintf(text, sizeof text, "%.3f s, %.*f puzzles/s", seconds, decimals, rate);
  return text;
}

std::vector<std::string> leading_comments(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (lines.size() < 64 && std::getline(in, line) && line.starts_with("c")) lines.push_back(std::move(line));
  return lines;
}

ExitCode remove_leftovers(const std::filesystem::path& dir,
                          const std::function<std::vector<std::filesystem::path>(const std::filesystem::path&)>& pick,
                          const Leftovers& words, bool quiet) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(dir, error)) return ExitCode::ok;
  std::vector<std::vector<fs::path>> picked;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    if (std::vector<fs::path> files = pick(it->path()); !files.empty()) picked.push_back(std::move(files));
  ExitCode code = ExitCode::ok;
  if (error) {
    std::cerr << "satdoku " << words.command << ": cannot read folder " << dir.string() << ": " << error.message()
              << '\n';
    code = ExitCode::usage;
  }
  // In the order of their positions ("2.cnf" before "10.cnf"), as the run wrote them.
  auto position = [](const std::vector<fs::path>& files) {
    const std::string name = files.front().filename().string();
    return std::make_pair(name.size(), name);
  };
  std::sort(picked.begin(), picked.end(), [&](const auto& a, const auto& b) { return position(a) < position(b); });
  std::size_t removed = 0;  // groups whose every file is gone
  for (const std::vector<fs::path>& files : picked) {
    bool gone = true;
    for (const fs::path& path : files) {
      if (fs::remove(path, error) || !error) continue;
      std::cerr << "satdoku " << words.command << ": cannot remove " << path.string() << ", " << words.one << ": "
                << error.message() << '\n';
      code = ExitCode::usage;
      gone = false;
    }
    removed += gone;
  }
  if (removed > 0 && !quiet)
    std::cerr << "satdoku " << words.command << ": removed " << count_text(removed, words.noun) << ' ' << words.tail
              << '\n';
  return code;
}

namespace {

// Whether `name` is a temporary name of remove_stale_temporaries()'s whose
// process has ended.
bool stale_temporary(std::string_view name, bool (*is_target)(std::string_view)) {
  const std::size_t tmp = name.find(".tmp.");
  if (tmp == std::string_view::npos || !is_target(name.substr(0, tmp))) return false;
  const std::string_view rest = name.substr(tmp + 5);
  const std::size_t dot = rest.find('.');
  if (dot != std::string_view::npos) {  // the proof's counter
    const std::string_view number = rest.substr(dot + 1);
    if (number.empty() || number.find_first_not_of("0123456789") != std::string_view::npos) return false;
  }
  const std::size_t pid = parse_position(rest.substr(0, dot));
  if (pid == 0 || pid > static_cast<std::size_t>(std::numeric_limits<pid_t>::max())) return false;
  if (static_cast<pid_t>(pid) == ::getpid()) return false;
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

ExitCode remove_stale_temporaries(const std::filesystem::path& dir, bool (*is_target)(std::string_view),
                                  std::string_view command, std::string_view noun, bool quiet) {
  namespace fs = std::filesystem;
  auto stale = [&](const fs::path& path) -> std::vector<fs::path> {
    std::error_code error;
    if (stale_temporary(path.filename().string(), is_target) && fs::is_regular_file(fs::symlink_status(path, error)))
      return {path};
    return {};
  };
  return remove_leftovers(
      dir, stale, {command, noun, "a temporary file of a run that has ended", "of a run that has ended from " + dir.string()},
      quiet);
}

std::size_t parse_position(std::string_view digits) {
  if (digits.empty() || digits.front() < '1' || digits.front() > '9') return 0;
  std::size_t position = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), position);
  return ec == std::errc() && end == digits.data() + digits.size() ? position : 0;
}

bool is_proof_header(const std::vector<std::string>& comments) {
  return std::any_of(comments.begin(), comments.end(),
                     [](const std::string& line) { return line.starts_with("c uniqueness: "); });
}

bool is_satdoku_header(const std::vector<std::string>& comments) {
  return !comments.empty() && comments.front().starts_with("c satdoku ") && comments.front().ends_with(" CNF");
}

}  // namespace satdoku::cli
