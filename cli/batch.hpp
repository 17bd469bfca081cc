// Batches: puzzles streamed from files (or standard input), processed by N
// worker threads, records handed to a sink in input order.
//
// Every entry the readers produce (a puzzle or a diagnostic) yields exactly
// one record, whatever happens to its neighbours.  Reading, solving and
// printing overlap; the number of puzzles in flight is bounded, so memory
// stays flat on files of any length.
#pragma once

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

 private:
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

  if (options.jobs <= 1) {
    Worker worker = make_worker();
    while (!cancel.load(std::memory_order_relaxed)) {
      std::optional<Entry> entry = source.next();
      if (!entry) break;
      sink(worker(std::move(*entry)));
      progress.update(++totals.records);
    }
  } else {
    // Work travels in chunks of up to kChunk entries, so that the locking
    // costs little beside puzzles of a few microseconds; a chunk is handed
    // out early whenever a worker is idle, so a slow input (a terminal, a
    // pipe) still gets each answer at once.
    constexpr std::size_t kChunk = 16;
    using Chunk = std::vector<Entry>;
    std::mutex mutex;
    std::condition_variable work_ready, record_ready;
    std::deque<std::pair<std::size_t, Chunk>> queue;
    std::map<std::size_t, std::vector<Record>> done;
    bool reading_done = false;
    std::size_t next_seq = 0, next_emit = 0;  // chunk numbers
    unsigned idle = 0;
    const std::size_t window = 4 * std::size_t{options.jobs};  // chunks in flight
    Chunk pending;

    std::vector<std::thread> threads;
    for (unsigned t = 0; t < options.jobs; ++t)
      threads.emplace_back([&] {
        Worker worker = make_worker();
        std::unique_lock lock(mutex);
        for (;;) {
          ++idle;
          work_ready.wait(lock, [&] { return !queue.empty() || reading_done; });
          --idle;
          if (queue.empty()) return;
          auto [seq, chunk] = std::move(queue.front());
          queue.pop_front();
          lock.unlock();
          std::vector<Record> records;
          records.reserve(chunk.size());
          for (Entry& entry : chunk) records.push_back(worker(std::move(entry)));
          lock.lock();
          done.emplace(seq, std::move(records));
          record_ready.notify_one();
        }
      });

    std::unique_lock lock(mutex);
    auto hand_out = [&] {
      queue.emplace_back(next_seq++, std::move(pending));
      pending = Chunk{};
      work_ready.notify_one();
    };
    for (;;) {
      for (auto it = done.find(next_emit); it != done.end(); it = done.find(next_emit)) {
        std::vector<Record> records = std::move(it->second);
        done.erase(it);
        ++next_emit;
        lock.unlock();
        for (Record& record : records) {
          sink(std::move(record));
          progress.update(++totals.records);
        }
        lock.lock();
      }
      if (!reading_done && cancel.load(std::memory_order_relaxed)) {
        reading_done = true;
        pending.clear();
        work_ready.notify_all();
      }
      if (!reading_done && next_seq - next_emit < window) {
        if (!pending.empty() && (pending.size() >= kChunk || idle > 0)) {
          hand_out();
          continue;
        }
        lock.unlock();
        std::optional<Entry> entry = source.next();
        lock.lock();
        if (entry) {
          pending.push_back(std::move(*entry));
        } else {
          if (!pending.empty()) hand_out();
          reading_done = true;
          work_ready.notify_all();
        }
        continue;
      }
      if (reading_done && next_emit == next_seq) break;
      record_ready.wait_for(lock, std::chrono::milliseconds(100));
    }
    lock.unlock();
    for (auto& thread : threads) thread.join();
  }
  progress.finish();
  totals.interrupted = cancel.load();
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return totals;
}

}  // namespace satdoku::cli
