// Batches: puzzles streamed from files (or standard input), processed by N
// worker threads, records handed to a sink in input order.
//
// Every entry the readers produce (a puzzle or a diagnostic) yields exactly
// one record, whatever happens to its neighbours.  Reading, solving and
// printing overlap; the number of puzzles in flight is bounded, so memory
// stays flat on files of any length.
#pragma once

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <streambuf>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "satdoku/io.hpp"

namespace satdoku::cli {

// The entries of several files in turn; "-" (or no file at all) is standard
// input.  A file that cannot be opened yields one diagnostic entry.  An input
// that is not a regular file (a pipe, a terminal, a device) is read so that
// SIGINT, SIGTERM and SIGHUP end a wait for more input, once
// install_interrupt_handlers() has run: the input then ends.
class EntrySource {
 public:
  EntrySource(std::vector<std::string> files, ReadOptions options);
  ~EntrySource();
  // The next entry; none at the end of the input or after SIGINT, SIGTERM or SIGHUP.
  std::optional<Entry> next();
  // True when some input is a pipe, a socket, a terminal or an unknown device
  // (standard input or a named file), where a read may wait for the writer.
  // Regular files, folders, missing files and the memory devices (/dev/null,
  // /dev/zero, /dev/urandom ...) never wait.
  bool may_block() const { return may_block_; }
  // Ends the input, from any thread: a read that waits for the writer
  // returns within 100 ms, and next() gives no more entries.  For a batch
  // whose output has failed.
  void stop() { stopped_.store(true); }
  // The inputs read to their end that held no entry (an empty file, only
  // comments), as named, when several were given: a run with entries
  // elsewhere would pass over them unsaid.
  const std::vector<std::string>& empty_inputs() const { return empty_inputs_; }

 private:
  std::optional<Entry> read_entry();
  // Done with the current file: on to the next.
  void close_file();
  // The current file, which gave no entry, ends with one diagnostic entry:
  // `what` and errno `error`.
  Entry end_of_file_with(std::string_view what, int error);

  bool may_block_ = false;
  std::atomic<bool> stopped_{false};
  std::vector<std::string> files_;
  ReadOptions options_;
  std::size_t file_ = 0;
  std::size_t entries_ = 0;  // entries the current file gave so far
  std::vector<std::string> empty_inputs_;
  std::unique_ptr<std::streambuf> buffer_;  // a pipe's or a device's, which a signal can end
  std::unique_ptr<std::istream> stream_;
  std::unique_ptr<PuzzleReader> reader_;
};

// Set by SIGINT, SIGTERM or SIGHUP once install_interrupt_handlers() has run.
const std::atomic<bool>& interrupt_flag();
void install_interrupt_handlers();
// SIGPIPE (an output nobody reads) stops the batch as an interrupt does, with
// standard error muted; end_by_sigpipe_if_broken() then ends the process by
// SIGPIPE (status 141 in a shell), as a Unix tool ends, once tidy.  Both for main().
void install_broken_pipe_handler();
void end_by_sigpipe_if_broken();

// Workers that keep a solver from entry to entry (BatchOptions::stateful)
// start a new one at each block of entries (puzzles and bad lines alike),
// counted by position in the input: blocks of kStateBlock, except that the
// block in which the input ends, and the whole of an input of at most
// kShortInput entries, are cut into blocks of kShortStateBlock.  The part of
// a block from its first such entry to its end goes to one thread, in order:
// the answers are the same for any --jobs and any timing.  Long blocks,
// because each new solver costs a build and forgets what the last one learnt
// (blocks of 256: 6% more instructions on the hardest 9x9 puzzles, 10% on
// 17_clue; RESULTS.md, session 13); short ones at the end, so that the other
// threads wait less for the last block, and in short inputs, so that a file
// of up to 512 entries keeps several threads busy (RESULTS.md, sessions 15
// and 17).
constexpr std::size_t kStateBlock = 256;
constexpr std::size_t kShortStateBlock = 64;
constexpr std::size_t kShortInput = 2 * kStateBlock;

// The entries of an EntrySource with their positions and blocks.  Where the
// blocks are cut depends on the input alone, never on timing: to see whether
// the input ends in a block, the reader reads the block (and one entry more)
// at its start (at the start of the input, kShortInput entries and one
// more), or less when those entries take more than kLookAheadBytes (cells,
// text and messages): then it treats the input as going on.  The thread that
// reads a block usually solves it too (run_batch), so that the memory of an
// entry is freed by the thread that took it (a look-ahead of 512 entries at
// every block, freed by the other thread, cost 5% of the time of 17_clue
// with --jobs 2; once, at the start, it costs nothing measurable).  Without
// look-ahead (an input that may block, where a driver program waits for
// each answer before it sends the next puzzle, or no entry that keeps
// state) every block is long.
class StateBlocks {
 public:
  struct Item {
    Entry entry;
    std::size_t position = 0;   // 0-based, in the whole input
    std::size_t block_end = 0;  // one past the last position of its block
  };
  static constexpr std::size_t kLookAheadBytes = std::size_t{16} << 20;

  StateBlocks(EntrySource& source, bool look_ahead) : source_(source), look_ahead_(look_ahead) {}
  // The next entry; none at the end of the input or after SIGINT, SIGTERM or SIGHUP.
  std::optional<Item> next() {
    if (position_ == block_end_) begin_block();
    std::optional<Entry> entry;
    if (!ahead_.empty()) {
      entry = std::move(ahead_.front());
      ahead_.pop_front();
      ahead_bytes_ -= bytes_of(*entry);
    } else {
      entry = source_.next();
    }
    if (!entry) return std::nullopt;
    return Item{std::move(*entry), position_++, block_end_};
  }

 private:
  // What an entry holds, roughly: its text (a bad line keeps up to 8 MiB),
  // its cells or its message.
  static std::size_t bytes_of(const Entry& entry) {
    const auto* grid = std::get_if<Grid>(&entry.content);
    const std::size_t content = grid ? grid->cells().size_bytes() : std::get<Diagnostic>(entry.content).message.size();
    return sizeof(Entry) + entry.text.size() + content;
  }
  void begin_block() {
    if (position_ < short_until_) {
      block_end_ = position_ + kShortStateBlock;
    } else if (const std::size_t reach = position_ == 0 ? kShortInput : kStateBlock;
               look_ahead_ && ends_within(reach + 1)) {
      short_until_ = position_ + reach;
      block_end_ = position_ + kShortStateBlock;
    } else {
      block_end_ = position_ + kStateBlock;
    }
  }
  // Whether the input ends within `count` entries from here.  ahead_ always
  // holds the entries that follow, so the answer depends on them alone.
  bool ends_within(std::size_t count) {
    while (ahead_.size() < count) {
      if (ahead_bytes_ > kLookAheadBytes) return false;
      std::optional<Entry> entry = source_.next();
      if (!entry) return true;
      ahead_bytes_ += bytes_of(*entry);
      ahead_.push_back(std::move(*entry));
    }
    return false;
  }

  EntrySource& source_;
  bool look_ahead_;
  std::deque<Entry> ahead_;
  std::size_t ahead_bytes_ = 0;
  std::size_t position_ = 0;
  std::size_t block_end_ = 0;
  std::size_t short_until_ = 0;  // blocks are short up to here
};

struct BatchOptions {
  unsigned jobs = 1;
  bool progress = false;  // one-line progress on stderr
  // Where the sink writes the records.  Flushed whenever records were
  // printed while the input may block (EntrySource::may_block), so a program
  // that feeds puzzles one at a time sees each answer at once; once it has
  // failed (a full disk, a closed descriptor) the batch stops reading, since
  // no further record could reach it.
  std::ostream* output = nullptr;
  // Whether the records go to `output` (not so for check --junit -, whose
  // report takes standard output at the end): the progress line makes way
  // for them when it is a terminal.
  bool records_on_output = true;
  // Whether the worker keeps solver state for this entry (StateBlocks);
  // none when no entry can: no blocks then, and no look-ahead.
  std::function<bool(const Entry&)> stateful;
};

struct BatchTotals {
  std::size_t records = 0;
  double seconds = 0;
  bool interrupted = false;
  bool output_failed = false;  // BatchOptions::output failed; the batch stopped
  int output_error = 0;        // errno of that failure, when known
  std::vector<std::string> empty_inputs;  // EntrySource::empty_inputs() at the end
};

// Progress line on stderr: "\r  12345 puzzles  8123/s", at most 5 times a
// second.  Anything else that goes to the terminal erases it first, so that
// no record or message is written over it or after it on its line: while
// it is enabled, std::cerr writes through a buffer that does so; and when
// `records`, the records' stream, is a terminal too, a record does so
// (before_record()), and the line is drawn only once the records before it
// have left that stream's buffer.  Used by one thread at a time, as
// std::cerr is.
class Progress {
 public:
  explicit Progress(bool enabled, std::ostream* records = nullptr);
  ~Progress();  // erases the line, and gives std::cerr its own buffer back
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(std::size_t done);
  void before_record() {
    if (records_ != nullptr) erase();
  }
  void finish() { erase(); }

 private:
  class ErasingBuffer;
  void erase();

  bool enabled_;
  std::ostream* records_ = nullptr;  // when a terminal
  std::chrono::steady_clock::time_point start_, last_{};
  bool drawn_ = false;       // at least once (from then on, at most 5 times a second)
  std::size_t on_screen_ = 0;  // the width of the line shown; 0 when erased
  std::unique_ptr<ErasingBuffer> buffer_;
  std::streambuf* cerr_buffer_ = nullptr;  // std::cerr's own
};

// Starts up to `jobs - 1` threads running `work` beside the calling thread,
// which runs it too.  When the system refuses a thread (a process or memory
// limit), the workers started share the work, and with none the calling
// thread does it all (a schedule that needs two workers must check).
template <class Work>
std::vector<std::thread> start_helpers(unsigned jobs, Work& work) {
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) {
    try {
      threads.emplace_back(work);
    } catch (const std::system_error&) {
      break;
    }
  }
  return threads;
}

// Hands the sink the records in `ring` (that of entry p at p % ring.size())
// that are next in input order from entry `next`, and returns the position
// of the first one still missing.
template <class Record, class Sink>
std::size_t emit_in_order(std::vector<std::optional<Record>>& ring, std::size_t next, Sink& sink, Progress& progress,
                          BatchTotals& totals) {
  for (auto* slot = &ring[next % ring.size()]; slot->has_value(); slot = &ring[next % ring.size()]) {
    progress.before_record();
    sink(std::move(**slot));
    slot->reset();
    ++next;
    progress.update(++totals.records);
  }
  return next;
}

// run_batch with several jobs where the input may block (a pipe, a terminal)
// and entries keep solver state.  A driver program may wait for each answer
// before it sends the next puzzle, so nothing may wait for a whole block to
// arrive; yet each block's stateful entries must run on one worker, in
// order, for the answers to be the same for any --jobs and any timing.  So a
// free worker reads the next entry and queues it: a stateful one with its
// block, whose owner (the first worker to take one of its entries) runs them
// all as they come, in order; any other for whichever worker is free.  A
// worker keeps its block until the block has been read to its end and run;
// meanwhile it may take other entries or read, but no other block.  Only the
// block that holds the next entry to read can be unfinished, so with two
// workers or more some worker is always free to take the rest, and at most
// `capacity` entries wait to be printed.
//
// Returns false, having read nothing, when the system refuses the second
// worker's thread: the caller then runs the batch with one.
template <class MakeWorker, class Sink, class OutputFailed>
bool run_owned_blocks(EntrySource& source, StateBlocks& blocked, MakeWorker& make_worker, Sink& sink,
                      const BatchOptions& options, BatchTotals& totals, Progress& progress,
                      OutputFailed& output_failed) {
  using Worker = decltype(make_worker());
  using Record = decltype(std::declval<Worker&>()(std::declval<Entry&&>(), std::uint64_t{0}));
  using Item = StateBlocks::Item;
  const std::atomic<bool>& cancel = interrupt_flag();
  const std::size_t capacity = std::size_t{options.jobs + 1} * kStateBlock;

  struct Block {
    std::deque<Item> waiting;  // read, not yet taken by the owner
    bool owned = false;
  };
  std::mutex mutex;  // guards everything below, the sink, progress and totals
  std::condition_variable changed;
  std::map<std::size_t, Block> blocks;  // by block end; erased when done
  std::deque<Item> loose;               // entries that keep no state
  std::size_t read = 0;                 // entries read so far
  bool reading = false, input_done = false, stop = false;
  std::vector<std::optional<Record>> ring(capacity);  // record of entry p at p % capacity
  std::size_t next_emit = 0;

  auto work = [&] {
    Worker worker = make_worker();
    std::size_t mine = 0;  // the end of the block this worker owns; 0: none (an end is never 0)
    std::unique_lock lock(mutex);
    while (!cancel.load() && !stop) {
      std::optional<Item> item;
      if (mine != 0) {
        Block& block = blocks.at(mine);
        if (!block.waiting.empty()) {
          item = std::move(block.waiting.front());
          block.waiting.pop_front();
        } else if (read >= mine || input_done) {
          blocks.erase(mine);  // read to its end and run
          mine = 0;
        }
      }
      if (!item && !loose.empty()) {
        item = std::move(loose.front());
        loose.pop_front();
      }
      if (!item && mine == 0) {
        for (auto& [end, block] : blocks)
          if (!block.owned && !block.waiting.empty()) {
            block.owned = true;
            mine = end;
            item = std::move(block.waiting.front());
            block.waiting.pop_front();
            break;
          }
      }
      if (!item) {
        if (!reading && !input_done && read < next_emit + capacity) {
          reading = true;
          lock.unlock();
          std::optional<Item> next = blocked.next();  // may wait for the writer
          lock.lock();
          reading = false;
          if (!next) {
            input_done = true;
          } else {
            ++read;
            if (options.stateful(next->entry)) blocks[next->block_end].waiting.push_back(std::move(*next));
            else loose.push_back(std::move(*next));
          }
          changed.notify_all();
          continue;
        }
        if (input_done && mine == 0) return;  // what is left belongs to other workers
        // Wait for an entry, a read to finish or room in the window; a
        // signal handler cannot notify, so the wait is timed.
        changed.wait_for(lock, std::chrono::milliseconds(100));
        continue;
      }

      lock.unlock();
      const std::size_t position = item->position;
      Record record = worker(std::move(item->entry), item->block_end);
      lock.lock();
      if (stop || cancel.load()) return;  // after Ctrl-C this answer may be "cancelled": no record
      ring[position % capacity].emplace(std::move(record));
      const std::size_t before = next_emit;
      errno = 0;
      next_emit = emit_in_order(ring, next_emit, sink, progress, totals);
      if (next_emit != before) {
        if (options.output) options.output->flush();
        changed.notify_all();
      }
      if (output_failed()) {
        stop = true;
        source.stop();  // a worker may wait for input that nobody will answer
        changed.notify_all();
        return;
      }
    }
  };
  std::vector<std::thread> threads = start_helpers(options.jobs, work);
  if (threads.empty()) return false;
  work();
  for (auto& thread : threads) thread.join();
  return true;
}

// Runs `make_worker()` once per thread to get a callable
// Record(Entry&&, std::uint64_t block), feeds it every entry of `source`
// with a number that names its block (StateBlocks: the end of the block; for
// Limits::reuse_epoch), and calls sink(Record&&) in input order.
// With several jobs the sink runs on whichever worker completes the record
// that is next, under a lock: never beside another sink call, but beside
// other workers' calls, so workers must not write to the sink's streams.
template <class MakeWorker, class Sink>
BatchTotals run_batch(EntrySource& source, MakeWorker make_worker, Sink sink, const BatchOptions& options) {
  using Worker = decltype(make_worker());
  using Record = decltype(std::declval<Worker&>()(std::declval<Entry&&>(), std::uint64_t{0}));
  const auto start = std::chrono::steady_clock::now();
  const std::atomic<bool>& cancel = interrupt_flag();
  Progress progress(options.progress, options.records_on_output ? options.output : nullptr);
  BatchTotals totals;

  const bool flush = options.output && source.may_block();
  // Blocks of stateful entries to keep together (and to read ahead for).
  const bool blocks = options.stateful && !source.may_block();
  StateBlocks blocked(source, blocks);
  // After a sink call or a flush: has the output failed?  Runs where that
  // write ran, so errno is still the one it set.
  auto output_failed = [&] {
    if (!options.output || !options.output->fail()) return false;
    if (!totals.output_failed) {
      totals.output_failed = true;
      totals.output_error = errno;
    }
    return true;
  };
  const bool owned = options.jobs > 1 && options.stateful && source.may_block();
  if (owned && run_owned_blocks(source, blocked, make_worker, sink, options, totals, progress, output_failed)) {
  } else if (options.jobs <= 1 || owned) {  // (owned: no thread for a second worker)
    Worker worker = make_worker();
    while (!cancel.load(std::memory_order_relaxed)) {
      errno = 0;
      if (flush) options.output->flush();
      if (output_failed()) break;
      std::optional<StateBlocks::Item> item = blocked.next();
      if (!item) break;
      auto record = worker(std::move(item->entry), item->block_end);
      if (cancel.load(std::memory_order_relaxed)) break;  // cut short by Ctrl-C: no record (below)
      errno = 0;
      progress.before_record();
      sink(std::move(record));
      progress.update(++totals.records);
      if (output_failed()) break;
    }
  } else {
    // Each worker reads a chunk of entries, processes it, stores its records
    // and prints whatever is next in input order: no reader or printer thread
    // competes with the workers for the cores (on a two-core machine such
    // threads cost ~2,600 context switches on 17_clue).  A chunk is sized to
    // last about kChunkTime (at most kChunk entries; one when the input may
    // block, so a driver program gets each answer at once), so the workers
    // finish together however hard the puzzles.  At most `capacity` entries
    // are in flight, so memory stays flat on files of any length.  After
    // Ctrl-C each worker finishes the puzzle it is on (its search is
    // cancelled, and it gets no record) and drops the rest; the records up to
    // the first missing one are printed.
    //
    // A chunk that starts with a stateful entry runs to the end of its
    // block (StateBlocks), and a chunk of other entries ends before a stateful
    // one: so every stateful entry of a block is solved by one worker, in
    // order, after a renewal at the block's first stateful entry, as with
    // one thread.  (Where the input may block and entries keep state,
    // run_owned_blocks does it instead; here such an input has stateless
    // entries only, and its chunks stay single entries so that a driver
    // program gets each answer at once.)
    constexpr std::size_t kChunk = 128;
    constexpr double kChunkTime = 0.002;  // seconds
    const std::size_t max_chunk = source.may_block() ? 1 : kChunk;
    // Entries in flight: the window (plus room for a whole block).
    const std::size_t capacity = 256 * std::size_t{options.jobs} + (blocks ? kStateBlock : 0);

    std::mutex input_mutex;  // guards blocked, pending, next_seq, input_done
    std::optional<StateBlocks::Item> pending;  // read, but the first of the next chunk
    std::size_t next_seq = 0;
    bool input_done = false;

    std::mutex output_mutex;  // guards ring, sink, progress, totals, space_waiters
    std::condition_variable space_ready;
    std::atomic<bool> stop{false};  // the output failed: read no more
    std::vector<std::optional<Record>> ring(capacity);  // record of entry s at s % capacity
    std::atomic<std::size_t> next_emit{0};               // written under output_mutex
    unsigned space_waiters = 0;

    auto work = [&] {
      Worker worker = make_worker();
      std::vector<StateBlocks::Item> chunk;
      std::vector<Record> records;
      double seconds_per_entry = 0;  // a running average; 0 before the first chunk
      for (;;) {
        std::size_t want = 1;
        if (seconds_per_entry > 0)
          want = static_cast<std::size_t>(std::clamp(kChunkTime / seconds_per_entry, 1.0, double(max_chunk)));
        std::size_t first = 0;
        {
          std::unique_lock input(input_mutex);
          if (input_done || cancel.load() || stop.load()) return;
          // The window is full: wait, holding the input, until the records
          // before it are printed.  The record that is next is with a worker
          // that is still running (each stores its records before it reads
          // again), so the wait ends; after Ctrl-C, which no signal handler
          // can notify, the timed wait sees the flag.
          const std::size_t room = blocks ? std::max(want, kStateBlock) : want;  // the chunk may grow to that
          if (next_seq + room > next_emit.load() + capacity) {
            std::unique_lock output(output_mutex);
            ++space_waiters;
            while (next_seq + room > next_emit.load() + capacity && !cancel.load() && !stop.load())
              space_ready.wait_for(output, std::chrono::milliseconds(100));
            --space_waiters;
            if (cancel.load() || stop.load()) return;
          }
          chunk.clear();
          bool whole_block = false;
          while (chunk.size() < want) {
            std::optional<StateBlocks::Item> item = std::exchange(pending, std::nullopt);
            if (!item) item = blocked.next();
            if (!item) {
              input_done = true;
              break;
            }
            if (blocks && !whole_block && options.stateful(item->entry)) {
              if (!chunk.empty()) {
                pending = std::move(item);  // it starts the next chunk
                break;
              }
              whole_block = true;
              want = item->block_end - item->position;
            }
            chunk.push_back(std::move(*item));
          }
          first = next_seq;
          next_seq += chunk.size();
        }
        if (chunk.empty()) return;

        const auto began = std::chrono::steady_clock::now();
        records.clear();
        for (std::size_t i = 0; i < chunk.size(); ++i) {
          if (cancel.load(std::memory_order_relaxed) || stop.load(std::memory_order_relaxed)) break;
          Record record = worker(std::move(chunk[i].entry), chunk[i].block_end);
          // A puzzle that Ctrl-C cut short would read "unknown: cancelled",
          // which a script cannot tell from a limit: it gets no record.
          if (cancel.load(std::memory_order_relaxed)) break;
          records.push_back(std::move(record));
        }
        if (!records.empty()) {
          const double each =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() / records.size();
          seconds_per_entry = seconds_per_entry > 0 ? 0.75 * seconds_per_entry + 0.25 * each : each;
        }

        std::lock_guard output(output_mutex);
        if (stop.load()) return;
        for (std::size_t i = 0; i < records.size(); ++i) ring[(first + i) % capacity].emplace(std::move(records[i]));
        errno = 0;
        const std::size_t emit = emit_in_order(ring, next_emit.load(), sink, progress, totals);
        if (emit != next_emit.load()) {
          next_emit.store(emit);
          if (flush) options.output->flush();
          if (space_waiters > 0) space_ready.notify_all();
        }
        if (output_failed()) {
          // A worker waiting for space in the window sees the flag at its
          // next timed wake-up; the others at their next read (one that
          // waits for input returns within 100 ms).
          stop.store(true);
          source.stop();
          space_ready.notify_all();
          return;
        }
        if (records.size() < chunk.size()) return;  // interrupted
      }
    };
    std::vector<std::thread> threads = start_helpers(options.jobs, work);
    work();
    for (auto& thread : threads) thread.join();
  }
  progress.finish();
  totals.interrupted = cancel.load();
  totals.empty_inputs = source.empty_inputs();
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return totals;
}

}  // namespace satdoku::cli
