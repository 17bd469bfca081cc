// Batches: puzzles streamed from files (or standard input), processed by N
// worker threads, records handed to a sink in input order.
//
// Every entry the readers produce (a puzzle or a diagnostic) yields exactly
// one record, whatever happens to its neighbours.  Reading, solving and
// printing overlap; the number of puzzles in flight is bounded, so memory
// stays flat on files of any length.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "satdoku/io.hpp"

namespace satdoku::cli {

// The entries of several files in turn; "-" (or no file at all) is standard
// input.  A file that cannot be opened yields one diagnostic entry.
class EntrySource {
 public:
  EntrySource(std::vector<std::string> files, ReadOptions options);
  ~EntrySource();
  std::optional<Entry> next();
  // True when some input is not a regular file (standard input or a named
  // file that is a pipe, a terminal or a device), where a read may wait for
  // the writer.
  bool may_block() const { return may_block_; }

 private:
  // Done with the current file: on to the next.
  void close_file();
  // The current file ends with one diagnostic entry: `what` and errno `error`.
  Entry end_of_file_with(std::size_t index, std::string_view what, int error);

  bool may_block_ = false;
  std::vector<std::string> files_;
  ReadOptions options_;
  std::size_t file_ = 0;
  std::unique_ptr<std::ifstream> stream_;
  std::unique_ptr<PuzzleReader> reader_;
};

// Set by SIGINT/SIGTERM once install_interrupt_handlers() has run.
const std::atomic<bool>& interrupt_flag();
void install_interrupt_handlers();

struct BatchOptions {
  unsigned jobs = 1;
  bool progress = false;  // one-line progress on stderr
  // Flushed before the batch may wait for input (EntrySource::may_block), so
  // a program that feeds puzzles one at a time sees each answer at once.
  std::ostream* flush = nullptr;
};

struct BatchTotals {
  std::size_t records = 0;
  double seconds = 0;
  bool interrupted = false;
};

// Progress line on stderr: "\r  12345 puzzles  8123/s", at most 5 times a second.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}
  void update(std::size_t done);
  void finish();

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_{};
  bool shown_ = false;
};

// Runs `make_worker()` once per thread to get a callable Record(Entry&&),
// feeds it every entry of `source`, and calls sink(Record&&) in input order
// on the calling thread.
template <class MakeWorker, class Sink>
BatchTotals run_batch(EntrySource& source, MakeWorker make_worker, Sink sink, const BatchOptions& options) {
  using Worker = decltype(make_worker());
  using Record = decltype(std::declval<Worker&>()(std::declval<Entry&&>()));
  const auto start = std::chrono::steady_clock::now();
  const std::atomic<bool>& cancel = interrupt_flag();
  Progress progress(options.progress);
  BatchTotals totals;

  const bool flush = options.flush && source.may_block();
  if (options.jobs <= 1) {
    Worker worker = make_worker();
    while (!cancel.load(std::memory_order_relaxed)) {
      if (flush) options.flush->flush();
      std::optional<Entry> entry = source.next();
      if (!entry) break;
      sink(worker(std::move(*entry)));
      progress.update(++totals.records);
    }
  } else {
    // A reader thread feeds the queue; each worker takes a fair share of it
    // (up to kChunk entries, one when it is short, so a slow input such as
    // a terminal or a driver program gets each answer at once); this thread
    // prints the records in input order as they complete.  After Ctrl-C the
    // workers finish the puzzle they are on (its search is cancelled) and
    // drop the rest, and the records up to the first missing one are printed.
    constexpr std::size_t kChunk = 128;  // a quarter of the window with two workers
    std::mutex mutex;
    std::condition_variable work_ready, record_ready, space_ready;
    std::deque<std::pair<std::size_t, Entry>> queue;
    std::map<std::size_t, Record> done;
    bool reading_done = false;
    std::size_t next_seq = 0, next_emit = 0;
    unsigned idle = 0;
    unsigned running = options.jobs;  // workers that have not returned
    const std::size_t window = 256 * std::size_t{options.jobs};  // entries in flight

    // The reader hands entries over kChunk at a time, or one at a time
    // when the input may block (each answer at once).
    const std::size_t handover = source.may_block() ? 1 : kChunk;
    std::thread reader([&] {
      std::vector<Entry> read;
      bool more = true;
      while (more) {
        {
          // A full window waits until half of it is printed (fewer wake-ups).
          std::unique_lock lock(mutex);
          if (next_seq - next_emit >= window)
            while (next_seq - next_emit > window / 2 && !cancel.load())
              space_ready.wait_for(lock, std::chrono::milliseconds(100));
          if (cancel.load()) break;
        }
        read.clear();
        while (read.size() < handover) {
          std::optional<Entry> entry = source.next();
          if (!entry) {
            more = false;
            break;
          }
          read.push_back(std::move(*entry));
        }
        std::lock_guard lock(mutex);
        for (Entry& entry : read) queue.emplace_back(next_seq++, std::move(entry));
        if (idle > 1 && read.size() > 1) work_ready.notify_all();
        else if (idle > 0 && !read.empty()) work_ready.notify_one();
      }
      std::lock_guard lock(mutex);
      reading_done = true;
      work_ready.notify_all();
      record_ready.notify_all();
    });

    std::vector<std::thread> threads;
    for (unsigned t = 0; t < options.jobs; ++t)
      threads.emplace_back([&] {
        Worker worker = make_worker();
        std::vector<std::pair<std::size_t, Entry>> chunk;
        std::vector<std::pair<std::size_t, Record>> records;
        std::unique_lock lock(mutex);
        for (;;) {
          ++idle;
          work_ready.wait(lock, [&] { return !queue.empty() || reading_done; });
          --idle;
          if (queue.empty() || cancel.load()) {  // after Ctrl-C, what is queued is dropped
            --running;
            record_ready.notify_one();
            return;
          }
          const std::size_t take = std::min(kChunk, std::max<std::size_t>(1, queue.size() / options.jobs));
          chunk.clear();
          for (std::size_t i = 0; i < take; ++i) {
            chunk.push_back(std::move(queue.front()));
            queue.pop_front();
          }
          lock.unlock();
          records.clear();
          for (auto& [seq, entry] : chunk) {
            if (cancel.load(std::memory_order_relaxed)) break;
            records.emplace_back(seq, worker(std::move(entry)));
          }
          lock.lock();
          for (auto& [seq, record] : records) done.emplace(seq, std::move(record));
          if (done.count(next_emit) || reading_done) record_ready.notify_one();  // the printer can go on
        }
      });

    // This thread takes every record that is next in input order at once,
    // and prints them with the lock released.
    std::vector<Record> ready;
    std::unique_lock lock(mutex);
    for (;;) {
      for (auto it = done.find(next_emit); it != done.end(); it = done.find(next_emit)) {
        ready.push_back(std::move(it->second));
        done.erase(it);
        ++next_emit;
      }
      if (!ready.empty()) {
        if (next_seq - next_emit <= window / 2) space_ready.notify_one();
        lock.unlock();
        for (Record& record : ready) {
          sink(std::move(record));
          progress.update(++totals.records);
        }
        ready.clear();
        if (flush) options.flush->flush();
        lock.lock();
        continue;
      }
      if ((reading_done && next_emit == next_seq) || running == 0) break;
      record_ready.wait_for(lock, std::chrono::milliseconds(100));
    }
    lock.unlock();
    reader.join();
    for (auto& thread : threads) thread.join();
  }
  progress.finish();
  totals.interrupted = cancel.load();
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return totals;
}

}  // namespace satdoku::cli
