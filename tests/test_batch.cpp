// Nothing lost: in every batch command each input puzzle yields exactly one
// output record, in input order, whatever happens to its neighbours; SIGINT
// and SIGTERM stop a batch with complete records, a summary of how far it
// got, exit code 130, and output files whole or absent.
#define BOOST_TEST_MODULE batch
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../cli/batch.hpp"
#include "satdoku/dimacs.hpp"
#include "satdoku/verify.hpp"
#include "test_support.hpp"

using namespace satdoku;
using namespace satdoku::test;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');
const std::string kClash = "5...5" + std::string(76, '.');
const std::string kShort = kPuzzle.substr(0, 80);

bool contains(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

// Good, unreadable, clashing, unsolvable and multi-solution puzzles mixed,
// repeated so that workers finish out of order.  Expected line-format
// records; kMultiple stands for one of the puzzle's solutions (which one
// is the solver's choice).
const std::string kMultiple = "multiple";
struct Mixed {
  std::string input;
  std::vector<std::string> expected;
  Mixed() {
    const std::string multi = lines_of(first_lines("serg_multi.txt", 1)).at(0);
    const std::pair<std::string, std::string> kinds[] = {
        {kPuzzle, kSolution}, {kShort, "error"}, {kClash, "invalid"}, {kNoSolution, "none"},
        {"xyz", "error"},     {multi, kMultiple}, {kPuzzle, kSolution}};
    for (int round = 0; round < 20; ++round)
      for (const auto& [puzzle, record] : kinds) {
        input += puzzle + "\n";
        expected.push_back(record);
      }
  }
};

// Starts `satdoku ARGS...` with stdout and stderr to files; returns its pid.
// SIGHUP is at its default action in satdoku, or ignored (as under nohup)
// with `ignore_hangup`.
pid_t spawn(const std::vector<std::string>& args, const fs::path& out, const fs::path& err,
            bool ignore_hangup = false) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGHUP, ignore_hangup ? SIG_IGN : SIG_DFL);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int n = ::open("/dev/null", O_RDONLY);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::dup2(n, 0);
    std::vector<std::string> all{satdoku_binary().string()};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

// Waits until `path` holds at least `bytes` bytes, or the process ended, or
// a minute went by (then the process is killed).
void wait_for_output(pid_t pid, const fs::path& path, std::uintmax_t bytes) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  for (;;) {
    std::error_code ec;
    if (fs::file_size(path, ec) >= bytes && !ec) return;
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) BOOST_FAIL("satdoku ended before any output");
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      BOOST_FAIL("no output from satdoku within a minute");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int exit_code_of(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The exit code of `pid` if it ends within 5 s; otherwise it is killed and
// the test fails.
int exit_code_within_5s(pid_t pid, const std::string& after = "the signal") {
  int status = 0;
  bool ended = false;
  for (int tries = 0; tries < 250 && !ended; ++tries) {
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  BOOST_TEST_REQUIRE(ended, "satdoku still runs 5 s after " << after);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Opens `fifo` for writing once satdoku (`pid`) has opened it for reading
// (ENXIO until then), writes `text`, and returns the descriptor, kept open
// and silent after it.  Kills `pid` and fails when satdoku does not open the
// FIFO within 10 s.
int feed_fifo(const fs::path& fifo, pid_t pid, const std::string& text) {
  int writer = -1;
  for (int tries = 0; tries < 500 && writer < 0; ++tries) {
    writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (writer < 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (writer < 0) ::kill(pid, SIGKILL);
  BOOST_REQUIRE_MESSAGE(writer >= 0, "satdoku did not open the FIFO within 10 s");
  BOOST_REQUIRE(::write(writer, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  return writer;
}

// "1 puzzle", "2 puzzles", as the messages count.
std::string puzzles_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " puzzle\n" : " puzzles\n"); }

// A big input: the forum's hardest puzzles (tens of thousands), which the
// batch cannot finish before the signal.
fs::path big_input() { return shared_data() / "forum_hardest_11plus.txt"; }

// The blocks of StateBlocks for an input of `entries` entries, by rule:
// 256 entries each, except that the block in which the input ends, and an
// input of at most 512 entries, are cut into blocks of 64.  Each position's
// block end.
std::vector<std::size_t> expected_blocks(std::size_t entries) {
  std::vector<std::size_t> ends;
  std::size_t short_until = entries <= 512 ? 512 : 0;
  while (ends.size() < entries) {
    const std::size_t start = ends.size();
    if (start >= short_until && entries <= start + 256) short_until = start + 256;
    const std::size_t end = start + (start < short_until ? 64 : 256);
    while (ends.size() < std::min(end, entries)) ends.push_back(end);
  }
  return ends;
}

// Writes `entries` copies of `line` to `file`.
void write_lines(const fs::path& file, const std::string& line, std::size_t entries) {
  std::ofstream out(file);
  for (std::size_t i = 0; i < entries; ++i) out << line << '\n';
}

// Each position's block end, as StateBlocks reads `file`.
std::vector<std::size_t> blocks_of(const fs::path& file, bool look_ahead) {
  cli::EntrySource source({file.string()}, {});
  cli::StateBlocks blocks(source, look_ahead);
  std::vector<std::size_t> ends;
  while (auto item = blocks.next()) {
    BOOST_TEST(item->position == ends.size());
    ends.push_back(item->block_end);
  }
  return ends;
}

}  // namespace

BOOST_AUTO_TEST_CASE(blocks_are_short_where_the_input_ends) {
  ScratchDir s("batch-blocks");
  const fs::path file = s.dir / "puzzles.txt";
  for (std::size_t entries : {1, 64, 65, 100, 256, 257, 300, 511, 512, 513, 600, 768, 769, 1000, 1300}) {
    write_lines(file, kPuzzle, entries);
    BOOST_TEST(blocks_of(file, true) == expected_blocks(entries), entries << " entries");
    // Without look-ahead (an input that may block) every block is long.
    const std::vector<std::size_t> ends = blocks_of(file, false);
    BOOST_TEST_REQUIRE(ends.size() == entries);
    for (std::size_t p = 0; p < entries; ++p) BOOST_TEST(ends[p] == (p / 256 + 1) * 256);
  }
  // The look-ahead stops at 16 MiB: 200 bad lines of 100,000 bytes (each
  // entry keeps its line) count as an input that goes on once 168 are ahead,
  // so the first block is long.  (Had it read them all, it would be cut.)
  write_lines(file, std::string(100'000, '.'), 200);
  std::vector<std::size_t> ends = blocks_of(file, true);
  BOOST_TEST_REQUIRE(ends.size() == 200u);
  BOOST_TEST(ends[0] == 256u);
  BOOST_TEST(ends[199] == 256u);
}

// run_batch itself, with one to three threads, on an input where two
// entries in three keep solver state: the records come out in input order,
// with their blocks; every stateful entry of a block runs on one thread, in
// order; and two threads work at once (the first entry waits until another
// thread works on the second block, so each test passes only when some
// thread ran ahead).  The input is a file (blocks short where it ends) or a
// named pipe (never read ahead: every block long, and run_owned_blocks
// keeps each with one thread).
void check_blocks_run_on_one_thread(const fs::path& file, std::size_t entries, bool pipe) {
  std::vector<std::size_t> blocks = expected_blocks(entries);
  if (pipe)
    for (std::size_t p = 0; p < entries; ++p) blocks[p] = (p / 256 + 1) * 256;
  // Entry::index is the line number, so position + 1 here.
  auto stateful = [](const Entry& entry) { return entry.index % 3 != 0; };
  for (unsigned jobs : {1u, 2u, 3u}) {
    std::thread writer;
    if (pipe) {
      fs::remove(file);
      BOOST_TEST_REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
      writer = std::thread([&] { write_lines(file, kPuzzle, entries); });  // waits for the reader to open
    }
    cli::EntrySource source({file.string()}, {});
    BOOST_TEST(source.may_block() == pipe);
    std::mutex mutex;
    std::map<std::thread::id, std::vector<std::size_t>> ran;  // stateful positions, as each thread ran them
    std::atomic<bool> second_block_started{false};
    bool waited_in_vain = false;
    auto make_worker = [&] {
      return [&](Entry&& entry, std::uint64_t block) {
        const std::size_t position = entry.index - 1;
        if (stateful(entry)) {
          std::lock_guard lock(mutex);
          ran[std::this_thread::get_id()].push_back(position);
        }
        if (jobs > 1 && position == 0) {
          const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
          while (!second_block_started.load() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          waited_in_vain = !second_block_started.load();
        }
        if (position >= blocks[0] && stateful(entry)) second_block_started.store(true);
        return std::pair{position, block};
      };
    };
    std::vector<std::pair<std::size_t, std::uint64_t>> printed;
    cli::BatchOptions options;
    options.jobs = jobs;
    options.stateful = stateful;
    const cli::BatchTotals totals =
        cli::run_batch(source, make_worker, [&](auto&& record) { printed.push_back(record); }, options);
    if (writer.joinable()) writer.join();

    BOOST_TEST_CONTEXT(entries << " entries, " << jobs << " jobs" << (pipe ? ", named pipe" : "")) {
      BOOST_TEST(totals.records == entries);
      BOOST_TEST_REQUIRE(printed.size() == entries);
      for (std::size_t p = 0; p < entries; ++p) {
        BOOST_TEST(printed[p].first == p);
        BOOST_TEST(printed[p].second == blocks[p]);
      }
      // Each block's stateful entries on one thread, one after the other.
      std::map<std::size_t, std::thread::id> owner;  // block end -> thread
      std::map<std::size_t, std::size_t> last;       // block end -> last stateful position run
      std::size_t stateful_entries = 0;
      for (const auto& [thread, positions] : ran)
        for (std::size_t p : positions) {
          ++stateful_entries;
          const std::size_t block = blocks[p];
          const auto [it, first] = owner.emplace(block, thread);
          BOOST_TEST((it->second == thread), "position " << p << " left its block's thread");
          if (!first) BOOST_TEST(p > last[block], "position " << p << " ran out of order");
          last[block] = p;
        }
      BOOST_TEST(stateful_entries == entries - entries / 3);
      BOOST_TEST(!waited_in_vain, "no thread took the second block while the first ran");
      if (jobs > 1) BOOST_TEST(ran.size() >= 2u);
    }
  }
}

BOOST_AUTO_TEST_CASE(each_block_of_stateful_entries_runs_on_one_thread) {
  ScratchDir s("batch-threads");
  const fs::path file = s.dir / "puzzles.txt";
  for (std::size_t entries : {100, 300, 1300}) {
    write_lines(file, kPuzzle, entries);
    check_blocks_run_on_one_thread(file, entries, false);
  }
  // Through a pipe (never read ahead), 100 entries would make one block.
  check_blocks_run_on_one_thread(s.dir / "pipe", 1300, true);
}

BOOST_AUTO_TEST_CASE(solve_one_record_per_puzzle_in_order) {
  const Mixed mixed;
  for (const char* jobs : {"1", "3"}) {
    auto r = run_satdoku(std::string("solve --output line --no-progress -j ") + jobs, mixed.input);
    BOOST_TEST(r.exit_code == 2, jobs << ": " << r.err);  // input errors beat unsolved
    const auto lines = lines_of(r.out);
    BOOST_REQUIRE(lines.size() == mixed.expected.size());
    const auto puzzles = lines_of(mixed.input);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (mixed.expected[i] != kMultiple) {
        BOOST_TEST(lines[i] == mixed.expected[i], "jobs " << jobs << " record " << i + 1);
        continue;
      }
      BOOST_REQUIRE_MESSAGE(lines[i].size() == 81u, lines[i]);
      const Grid puzzle = read_puzzles_text(puzzles[i] + "\n").at(0);
      BOOST_TEST(!verify(puzzle, read_puzzles_text(lines[i] + "\n").at(0)).has_value(),
                 "jobs " << jobs << " record " << i + 1 << " is not puzzle " << i + 1 << "'s");
    }
    BOOST_TEST(contains(r.err, "140 puzzles"), r.err);
  }
  // JSON records carry their index: 1..140 in order.
  auto json = run_satdoku("solve --output json --no-progress -j 3", mixed.input);
  const auto lines = lines_of(json.out);
  BOOST_REQUIRE(lines.size() == mixed.expected.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    BOOST_TEST(nlohmann::json::parse(lines[i])["index"].get<std::size_t>() == i + 1);
}

BOOST_AUTO_TEST_CASE(solve_limits_hit_still_give_one_record_each) {
  // A conflict budget of 1 leaves some hard puzzles unknown; each still has its line.
  const auto puzzles = read_puzzles(big_input(), 40);
  std::string input;
  for (const auto& p : puzzles) input += format_line(p) + "\n";
  input += kShort + "\n";
  auto r = run_satdoku("solve --output line --no-progress -j 2 --conflicts 1 --mode fresh --reduce none", input);
  const auto lines = lines_of(r.out);
  BOOST_TEST(r.exit_code == 2, r.err);  // the error record outranks the unknown ones
  BOOST_REQUIRE(lines.size() == puzzles.size() + 1);
  BOOST_TEST(std::count(lines.begin(), lines.end(), "unknown") > 0);  // the limit was hit
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (lines[i] == "unknown") continue;
    BOOST_REQUIRE_MESSAGE(lines[i].size() == 81u, lines[i]);
    const Grid solution = read_puzzles_text(lines[i] + "\n").at(0);
    BOOST_TEST(!verify(puzzles[i], solution).has_value(), "record " << i + 1 << " is not puzzle " << i + 1 << "'s");
  }
  BOOST_TEST(lines.back() == "error");
}

BOOST_AUTO_TEST_CASE(check_one_record_per_puzzle_in_order) {
  const Mixed mixed;
  auto r = run_satdoku("check --output json --no-progress -j 3", mixed.input);
  BOOST_TEST(r.exit_code == 2, r.err);
  const auto lines = lines_of(r.out);
  BOOST_REQUIRE(lines.size() == mixed.expected.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto j = nlohmann::json::parse(lines[i]);
    BOOST_TEST(j["index"].get<std::size_t>() == i + 1);
    // solve's record of the same puzzle says what check's verdict must be.
    const std::string& solved = mixed.expected[i];
    const bool solution = solved.size() == 81;
    BOOST_TEST(j["verdict"] == (solution ? "unique" : solved), "record " << i + 1 << ": " << lines[i]);
    if (solved == kMultiple) BOOST_TEST(j["solutions"].size() == 2u, "record " << i + 1 << ": " << lines[i]);
    if (solution) BOOST_TEST(j["solution"] == solved, "record " << i + 1);
  }
}

BOOST_AUTO_TEST_CASE(encode_out_dir_one_file_per_good_puzzle) {
  const Mixed mixed;
  ScratchDir s("batch-encode");
  auto r = run_satdoku("encode -q --out-dir '" + s.dir.string() + "'", mixed.input);
  BOOST_TEST(r.exit_code == 2, r.err);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(s.dir)) ++files;
  std::size_t good = 0;
  for (std::size_t i = 0; i < mixed.expected.size(); ++i) {
    const fs::path cnf = s.dir / (std::to_string(i + 1) + ".cnf");
    const bool readable = mixed.expected[i] != "error";
    good += readable;
    BOOST_TEST(fs::exists(cnf) == readable, cnf);
    if (!readable) continue;
    std::ifstream in(cnf);
    auto header = read_cnf_header(in, cnf.string());
    BOOST_REQUIRE(std::holds_alternative<CnfHeader>(header));
    BOOST_TEST(format_line(std::get<CnfHeader>(header).puzzle) == lines_of(mixed.input)[i]);
  }
  BOOST_TEST(files == good);  // nothing else, no temporary files
  // Each unreadable puzzle is named on stderr with its line.
  BOOST_TEST(contains(r.err, "<stdin>:2:"), r.err);
  BOOST_TEST(contains(r.err, "<stdin>:5:"), r.err);
}

BOOST_AUTO_TEST_CASE(sigint_sigterm_and_sighup_during_solve) {
  ScratchDir s("batch-signal");
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    BOOST_TEST_CONTEXT(strsignal(sig)) {
      const std::string tag = std::to_string(sig);
      const fs::path out = s.dir / ("out" + tag), err = s.dir / ("err" + tag);
      const pid_t pid = spawn({"solve", "--output", "line", "--no-progress", "-j", "2", big_input().string()}, out, err);
      wait_for_output(pid, out, 82 * 3);  // a few records are out
      ::kill(pid, sig);
      BOOST_TEST(exit_code_of(pid) == 130);
      const std::string text = slurp(out), diagnostics = slurp(err);
      BOOST_REQUIRE(!text.empty());
      BOOST_TEST(text.back() == '\n');  // the last record is complete
      const auto lines = lines_of(text);
      const auto puzzles = read_puzzles(big_input(), lines.size());
      BOOST_REQUIRE(puzzles.size() == lines.size());
      // Each record is the solution of its puzzle: a puzzle in flight when
      // the signal came (its search cancelled) gets no record, not an
      // `unknown` that would read like a limit reached.
      BOOST_TEST(!contains(diagnostics, "cancelled"), diagnostics);
      for (std::size_t i = 0; i < lines.size(); ++i) {
        BOOST_REQUIRE_MESSAGE(lines[i].size() == 81u, "record " << i + 1 << ": " << lines[i]);
        const Grid solution = read_puzzles_text(lines[i] + "\n").at(0);
        BOOST_TEST(!verify(puzzles[i], solution).has_value(), "record " << i + 1 << " is not puzzle " << i + 1 << "'s");
      }
      BOOST_TEST(lines.size() >= 3u);  // the records before the signal were kept
      BOOST_TEST(lines.size() < 48765u);
      BOOST_TEST(contains(diagnostics, "satdoku solve: interrupted after " + puzzles_text(lines.size())),
                 diagnostics);
    }
  }
}

// Where the caller ignores SIGHUP (nohup), the run goes on through one: it
// used to cut the last record short and leave temporary files behind, and
// now stops the batch as SIGINT does, which nohup's user does not want.
BOOST_AUTO_TEST_CASE(an_ignored_sighup_leaves_the_run_going) {
  ScratchDir s("batch-nohup");
  const fs::path out = s.dir / "out", err = s.dir / "err";
  const pid_t pid =
      spawn({"solve", "--output", "line", "--no-progress", "-j", "2", big_input().string()}, out, err, true);
  wait_for_output(pid, out, 82 * 3);
  ::kill(pid, SIGHUP);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  int status = 0;
  BOOST_TEST(::waitpid(pid, &status, WNOHANG) == 0, "satdoku ended on an ignored SIGHUP");
  ::kill(pid, SIGINT);  // the test's own end
  BOOST_TEST(exit_code_of(pid) == 130);
  BOOST_TEST(slurp(out).back() == '\n');
}

// An interrupted check writes no JUnit report: one of the puzzles checked
// so far, all passing, would read in CI as a whole run that passed; so
// would an earlier run's report left in its place.
BOOST_AUTO_TEST_CASE(an_interrupted_check_writes_no_junit_report) {
  ScratchDir s("batch-junit-signal");
  const fs::path out = s.dir / "out", err = s.dir / "err", xml = s.dir / "report.xml";
  { std::ofstream(xml) << "<testsuites><testsuite name=\"satdoku check\" tests=\"1\"/></testsuites>\n"; }
  const pid_t pid =
      spawn({"check", "--junit", xml.string(), "--no-progress", "-j", "1", big_input().string()}, out, err);
  wait_for_output(pid, out, 100 * 3);  // a few records are out
  ::kill(pid, SIGTERM);
  BOOST_TEST(exit_code_of(pid) == 130);
  BOOST_TEST(!fs::exists(xml));
  const std::string diagnostics = slurp(err);
  BOOST_TEST(contains(diagnostics, "satdoku check: no JUnit report: the run was interrupted (" + xml.string() +
                                        ", an earlier run's report, removed)"),
             diagnostics);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(s.dir)) files += entry.is_regular_file();
  BOOST_TEST(files == 2u);  // out and err: no temporary left behind
}

// A batch that waits for more input from a pipe (or a terminal) still ends
// on SIGINT, with the records of the puzzles that came.
BOOST_AUTO_TEST_CASE(sigint_while_waiting_for_input) {
  ScratchDir s("batch-waiting");
  const fs::path fifo = s.dir / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string puzzle = lines_of(slurp(big_input())).at(0);
  for (const char* jobs : {"1", "2"}) {
    BOOST_TEST_CONTEXT("-j" << jobs) {
      const fs::path out = s.dir / (std::string("out") + jobs), err = s.dir / (std::string("err") + jobs);
      const pid_t pid = spawn({"solve", "--output", "line", "--no-progress", "-j", jobs, fifo.string()}, out, err);
      const int writer = feed_fifo(fifo, pid, puzzle + "\n");  // stays, silent, after one puzzle
      wait_for_output(pid, out, 82);
      ::kill(pid, SIGINT);
      const int code = exit_code_within_5s(pid);
      ::close(writer);
      BOOST_TEST(code == 130);
      const auto records = lines_of(slurp(out));
      BOOST_REQUIRE(records.size() == 1u);
      BOOST_TEST(!verify(read_puzzles_text(puzzle + "\n").at(0), read_puzzles_text(records[0] + "\n").at(0)));
      BOOST_TEST(contains(slurp(err), "satdoku solve: interrupted after 1 puzzle\n"), slurp(err));
    }
  }
  // A FIFO that no program writes to, after a file: whichever thread opens
  // it, the signal ends the wait, and no error record is made up.
  const fs::path twenty = s.dir / "twenty.txt";
  {
    std::ofstream file(twenty);
    for (const Grid& p : read_puzzles(big_input(), 20)) file << format_line(p) << '\n';
  }
  for (const char* jobs : {"1", "2", "3"}) {
    BOOST_TEST_CONTEXT("-j" << jobs << ", no writer") {
      const fs::path out = s.dir / (std::string("idle") + jobs), err = s.dir / (std::string("idle-err") + jobs);
      const pid_t pid =
          spawn({"solve", "--output", "line", "--no-progress", "-j", jobs, twenty.string(), fifo.string()}, out, err);
      wait_for_output(pid, out, 20 * 82);
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      ::kill(pid, SIGINT);
      BOOST_TEST(exit_code_within_5s(pid) == 130);
      BOOST_TEST(lines_of(slurp(out)).size() == 20u);
      BOOST_TEST(contains(slurp(err), "satdoku solve: interrupted after 20 puzzles\n"), slurp(err));
      BOOST_TEST(!contains(slurp(err), "cannot"), slurp(err));
    }
  }
}

// encode with one target writes once its input has ended; a signal before
// that writes nothing and says so (a puzzle has come, but no CNF).
BOOST_AUTO_TEST_CASE(encode_interrupted_before_its_input_ends_writes_nothing) {
  ScratchDir s("batch-encode-wait");
  const fs::path fifo = s.dir / "fifo", out = s.dir / "out", err = s.dir / "err";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const pid_t pid = spawn({"encode", "-q", fifo.string()}, out, err);
  const int writer = feed_fifo(fifo, pid, kPuzzle + "\n");  // stays, silent, after one puzzle
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGINT);
  const int code = exit_code_within_5s(pid);
  ::close(writer);
  BOOST_TEST(code == 130);
  BOOST_TEST(slurp(out).empty());
  BOOST_TEST(contains(slurp(err), "satdoku encode: interrupted before the input ended: no CNF written\n"), slurp(err));
}

// A batch whose output nobody reads cannot write its records to the end:
// the first SIGINT asks it to stop, a second SIGINT or SIGTERM half a
// second later ends it at once.  (It used to wait forever, whatever signals
// came.)  One that comes sooner is the first sent twice, as `timeout`
// sends it, and changes nothing: the batch still waits.  (It used to end
// the batch, which then could not stop cleanly where it could have.)
BOOST_AUTO_TEST_CASE(a_second_signal_ends_a_batch_whose_output_nobody_reads) {
  ScratchDir s("batch-unread");
  for (int second : {SIGINT, SIGTERM}) {
    BOOST_TEST_CONTEXT("SIGINT, then " << strsignal(second)) {
      const fs::path fifo = s.dir / ("out" + std::to_string(second));
      BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
      const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // open, never read
      BOOST_REQUIRE(reader >= 0);
      const pid_t pid = spawn({"solve", "--output", "line", "--no-progress", "-j", "2",
                               (shared_data() / "17_clue.txt").string()},
                              fifo, s.dir / "err");
      // Until the pipe is full (64 KiB on Linux; at least 4 KiB anywhere) and
      // stays so.
      int queued = 0, before = -1;
      for (int tries = 0; tries < 500 && (queued < 4096 || queued != before); ++tries) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        before = queued;
        BOOST_REQUIRE(::ioctl(reader, FIONREAD, &queued) == 0);
      }
      BOOST_TEST_REQUIRE(queued >= 4096, "the output pipe holds " << queued << " bytes");
      ::kill(pid, SIGINT);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ::kill(pid, second);  // a repeat
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      int status = 0;
      BOOST_TEST_REQUIRE(::waitpid(pid, &status, WNOHANG) == 0, "a repeat 50 ms after the first signal ended the run");
      std::this_thread::sleep_for(std::chrono::milliseconds(450));  // beyond the half second of a repeat
      ::kill(pid, second);
      BOOST_TEST(exit_code_within_5s(pid, "the second signal") == 128 + second);
      ::close(reader);
    }
  }
}

// A batch whose output fails ends, also while it waits for input that may
// never come (a driver program that waits for each answer).
BOOST_AUTO_TEST_CASE(a_failed_output_ends_a_batch_that_waits_for_input) {
  ScratchDir s("batch-full");
  const fs::path fifo = s.dir / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string five;
  for (int i = 0; i < 5; ++i) five += kPuzzle + "\n";
  for (const std::string command : {"solve", "check"})
    for (const char* jobs : {"1", "2", "3"}) {
      BOOST_TEST_CONTEXT(command << " -j" << jobs) {
        const fs::path err = s.dir / "err";
        const pid_t pid = spawn({command, "--no-progress", "-j", jobs, fifo.string()}, "/dev/full", err);
        const int writer = feed_fifo(fifo, pid, five);  // stays, silent, after five puzzles
        const int code = exit_code_within_5s(pid, "its output failed");
        ::close(writer);
        BOOST_TEST(code == 2);
        BOOST_TEST(contains(slurp(err), "No space left on device"), slurp(err));
      }
    }
}

// An empty 81x81 board as tokens: with --reduce none its CNF takes about
// a gigabyte and seconds to write, so a signal comes while it is written.
fs::path empty_81x81(const fs::path& dir) {
  const fs::path path = dir / "empty81.txt";
  std::ofstream out(path);
  for (int row = 0; row < 81; ++row) {
    for (int col = 0; col < 81; ++col) out << (col ? " 0" : "0");
    out << '\n';
  }
  return path;
}

// The regular files in `dir`, by name.
std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A signal while encode writes a CNF abandons the file at once: exit code
// 130, no file and no temporary file (an earlier file at that path stays as
// it was); standard output keeps what it received, and the message says it
// is cut short.  (encode wrote the whole file, renamed it into place and
// exited 0.)
BOOST_AUTO_TEST_CASE(a_signal_abandons_the_cnf_being_written) {
  ScratchDir s("batch-encode-signal");
  const fs::path board = empty_81x81(s.dir), dir = s.dir / "cnf", err = s.dir / "err";
  fs::create_directories(dir);
  const fs::path cnf = dir / "big.cnf";
  { std::ofstream(cnf) << "an earlier file\n"; }
  const pid_t pid = spawn({"encode", "-q", "--reduce", "none", "-o", cnf.string(), board.string()}, s.dir / "out", err);
  wait_for_output(pid, cnf.string() + ".tmp." + std::to_string(pid), 1 << 20);
  ::kill(pid, SIGTERM);
  BOOST_TEST(exit_code_within_5s(pid) == 130);
  BOOST_TEST(slurp(cnf) == "an earlier file\n");
  BOOST_TEST(files_in(dir) == std::vector<std::string>{"big.cnf"});  // no temporary file
  BOOST_TEST(contains(slurp(err), "satdoku encode: interrupted while writing " + cnf.string() + ": no CNF written"),
             slurp(err));

  // Standard output, and a device written directly (-o /dev/stdout), keep
  // what they received.
  for (const std::string target : {"standard output", "/dev/stdout"}) {
    BOOST_TEST_CONTEXT(target) {
      std::vector<std::string> args{"encode", "-q", "--reduce", "none", board.string()};
      if (target != "standard output") args.insert(args.end(), {"-o", target});
      const fs::path out = s.dir / (target == "standard output" ? "stdout" : "device");
      const pid_t writer = spawn(args, out, err);
      wait_for_output(writer, out, 1 << 20);
      ::kill(writer, target == "standard output" ? SIGINT : SIGTERM);
      BOOST_TEST(exit_code_within_5s(writer) == 130);
      BOOST_TEST(contains(slurp(err), "satdoku encode: interrupted while writing the CNF to " + target +
                                          ": what it received is cut short"),
                 slurp(err));
    }
  }

  // --out-dir: the puzzles before stay whole, the one being written is not
  // there, and an earlier run's CNFs at that position and after it are gone
  // (the folder would mix two inputs' puzzles under position names); so is
  // the one at the position of an unreadable line, which is no puzzle.
  const fs::path small = s.dir / "small.txt";
  { std::ofstream(small) << "x\n" << kPuzzle << '\n'; }
  const auto earlier = run_satdoku("encode -q --out-dir '" + dir.string() + "'", kPuzzle + "\n" + kPuzzle + "\n" + kPuzzle + "\n");
  BOOST_REQUIRE(earlier.exit_code == 0);
  const pid_t batch =
      spawn({"encode", "-q", "--reduce", "none", "--out-dir", dir.string(), small.string(), board.string()},
            s.dir / "out", err);
  wait_for_output(batch, (dir / "3.cnf").string() + ".tmp." + std::to_string(batch), 1 << 20);
  ::kill(batch, SIGTERM);
  BOOST_TEST(exit_code_within_5s(batch) == 130);
  BOOST_TEST((files_in(dir) == std::vector<std::string>{"2.cnf", "big.cnf"}));
  BOOST_TEST(contains(slurp(err), "satdoku encode: interrupted after 1 puzzle (" + (dir / "3.cnf").string() +
                                      " not written)"),
             slurp(err));
  // Interrupted during its first CNF, a run has written none, and still
  // leaves none of the earlier run's.
  BOOST_REQUIRE(run_satdoku("encode -q --out-dir '" + dir.string() + "'", kPuzzle + "\n" + kPuzzle + "\n").exit_code == 0);
  const pid_t first = spawn({"encode", "-q", "--reduce", "none", "--out-dir", dir.string(), board.string()},
                            s.dir / "out", err);
  wait_for_output(first, (dir / "1.cnf").string() + ".tmp." + std::to_string(first), 1 << 20);
  ::kill(first, SIGTERM);
  BOOST_TEST(exit_code_within_5s(first) == 130);
  BOOST_TEST((files_in(dir) == std::vector<std::string>{"big.cnf"}));
}

BOOST_AUTO_TEST_CASE(sigterm_during_check_and_encode) {
  ScratchDir s("batch-signal2");
  const fs::path out = s.dir / "out.txt", err = s.dir / "err.txt";
  const pid_t pid = spawn({"check", "--output", "json", "--no-progress", "-j", "2", big_input().string()}, out, err);
  wait_for_output(pid, out, 200);
  ::kill(pid, SIGTERM);
  BOOST_TEST(exit_code_of(pid) == 130);
  const std::string text = slurp(out);
  BOOST_TEST(text.back() == '\n');
  const auto lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i)
    BOOST_TEST(nlohmann::json::parse(lines[i])["index"].get<std::size_t>() == i + 1);
  BOOST_TEST(contains(slurp(err), "satdoku check: interrupted after " + puzzles_text(lines.size())),
             slurp(err));

  // encode --out-dir: every file present is whole (reads as a complete
  // formula); no temporary file is left.
  const fs::path dir = s.dir / "cnf";
  fs::create_directories(dir);
  const fs::path encode_err = s.dir / "encode-err.txt";
  const pid_t encoder = spawn({"encode", "-q", "--reduce", "none", "--out-dir", dir.string(), big_input().string()},
                              s.dir / "encode-out.txt", encode_err);
  for (int tries = 0; tries < 500 && std::distance(fs::directory_iterator(dir), {}) < 5; ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(encoder, SIGTERM);
  BOOST_TEST(exit_code_of(encoder) == 130);
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++files;
    BOOST_TEST(e.path().extension() == ".cnf", e.path());
    std::ifstream in(e.path());
    auto formula = read_dimacs(in, e.path().string());
    BOOST_TEST(std::holds_alternative<CnfFormula>(formula), e.path());
  }
  BOOST_TEST(files > 0u);
  BOOST_TEST(contains(slurp(encode_err), "satdoku encode: interrupted after "), slurp(encode_err));

  // compare: no table file, and a line that says how far it got.
  const fs::path csv = s.dir / "table.csv", compare_err = s.dir / "compare-err.txt";
  const pid_t comparer = spawn({"compare", "--no-progress", "--encodings", "triads", "--csv", csv.string(),
                                big_input().string()},
                               s.dir / "compare-out.txt", compare_err);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(comparer, SIGINT);
  BOOST_TEST(exit_code_of(comparer) == 130);
  BOOST_TEST(!fs::exists(csv));
  BOOST_TEST(contains(slurp(compare_err), "satdoku compare: interrupted after "), slurp(compare_err));
  BOOST_TEST(contains(slurp(compare_err), " puzzles; no table written"), slurp(compare_err));
  // Only whole chunks of 256 count as done, and 1.5 s is not enough for all.
  const std::string said = slurp(compare_err);
  const std::size_t at = said.find("interrupted after ");
  BOOST_REQUIRE(at != std::string::npos);
  const std::size_t done = std::stoul(said.substr(at + 18));
  BOOST_TEST(done % 256 == 0u, said);
  BOOST_TEST(done < read_puzzles(big_input()).size(), said);
}

// An interrupted compare writes no document, and an earlier run's at the
// paths its options name goes too: its figures would pass for this run's.
BOOST_AUTO_TEST_CASE(an_interrupted_compare_removes_an_earlier_runs_documents) {
  ScratchDir s("batch-compare-signal");
  const fs::path out = s.dir / "out", err = s.dir / "err";
  std::vector<std::string> args{"compare", "--no-progress", "--encodings", "triads"};
  std::vector<fs::path> documents;
  // Each starts as compare starts it: only such a file is taken for a document.
  const std::pair<const char*, const char*> kinds[] = {{"csv", "encoding,amo,"},
                                                       {"json", "{\n  \"rows\": [\n"},
                                                       {"markdown", "| encoding | amo |"},
                                                       {"plot", "satdoku compare: puzzles solved against time"}};
  for (const auto& [option, start] : kinds) {
    documents.push_back(s.dir / (std::string("earlier.") + option));
    { std::ofstream(documents.back()) << start << " (an earlier run's " << option << ")\n"; }
    args.insert(args.end(), {std::string("--") + option, documents.back().string()});
  }
  args.push_back(big_input().string());
  const pid_t pid = spawn(args, out, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(pid, SIGTERM);
  BOOST_TEST(exit_code_within_5s(pid) == 130);
  for (const fs::path& document : documents) BOOST_TEST(!fs::exists(document), document);
  BOOST_TEST(files_in(s.dir) == (std::vector<std::string>{"err", "out"}));  // no temporary left behind
  BOOST_TEST(contains(slurp(err), " puzzles; no table written (" + documents[0].string() + ", " + documents[1].string() +
                                      ", " + documents[2].string() + " and " + documents[3].string() +
                                      ", an earlier run's documents, removed)\n"),
             slurp(err));
}

// A signal while check --proof writes a proof CNF abandons it at once, as
// encode abandons its CNF: exit code 130 well within a second, and neither
// the proof nor a temporary file is left.  (The CNF of sudoku-81-1, half a
// gigabyte, was written to its end first: about five seconds.)
BOOST_AUTO_TEST_CASE(a_signal_abandons_the_proof_cnf_being_written) {
  ScratchDir s("batch-proof-signal");
  const fs::path dir = s.dir / "proofs", err = s.dir / "err";
  fs::create_directories(dir);
  const pid_t pid = spawn({"check", "--no-progress", "-j", "1", "--proof", dir.string(),
                           (shared_data() / "large" / "sudoku-81-1.txt").string()},
                          s.dir / "out", err);
  // The first temporary name of the process is the first proof's CNF.
  wait_for_output(pid, (dir / "1.cnf").string() + ".tmp." + std::to_string(pid) + ".0", 1 << 20);
  ::kill(pid, SIGINT);
  int status = 0;
  bool ended = false;
  for (int tries = 0; tries < 100 && !ended; ++tries) {  // 2 s
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  BOOST_TEST_REQUIRE(ended, "check --proof still ran 2 s after SIGINT");
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 130));
  BOOST_TEST(files_in(dir).empty());  // no proof, no temporary file
  BOOST_TEST(contains(slurp(err), "satdoku check: interrupted after 0 puzzles"), slurp(err));
}

// `timeout` sends its signal to the command and then to the command's
// process group: satdoku gets it twice, microseconds apart.  That is one
// interruption, not a second signal that ends the run at once: check still
// stops cleanly, abandoning the proof it writes and removing an earlier
// run's JUnit report.  (It ended by the second signal, leaving both.)
BOOST_AUTO_TEST_CASE(a_signal_sent_twice_at_once_is_one_interruption) {
  for (int second : {SIGINT, SIGTERM}) {
    BOOST_TEST_CONTEXT("SIGTERM, then " << strsignal(second)) {
      ScratchDir s("batch-signal-twice-" + std::to_string(second));
      const fs::path dir = s.dir / "proofs", err = s.dir / "err", xml = s.dir / "report.xml";
      fs::create_directories(dir);
      { std::ofstream(xml) << "<testsuites><testsuite name=\"satdoku check\" tests=\"1\"/></testsuites>\n"; }
      const pid_t pid = spawn({"check", "--no-progress", "-j", "1", "--junit", xml.string(), "--proof", dir.string(),
                               (shared_data() / "large" / "sudoku-81-1.txt").string()},
                              s.dir / "out", err);
      wait_for_output(pid, (dir / "1.cnf").string() + ".tmp." + std::to_string(pid) + ".0", 1 << 20);
      ::kill(pid, SIGTERM);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the first has surely been handled
      ::kill(pid, second);
      BOOST_TEST(exit_code_within_5s(pid) == 130);
      BOOST_TEST(files_in(dir).empty());  // no proof, no temporary file
      BOOST_TEST(!fs::exists(xml));
      BOOST_TEST(contains(slurp(err), "satdoku check: interrupted after 0 puzzles"), slurp(err));
    }
  }
}
