// Options that choose an encoding and a SAT configuration, shared by solve,
// check, compare and encode.  Unset choices are made per board size
// (satdoku::default_sat_choice).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "satdoku/sat_backend.hpp"

namespace satdoku::cli {

struct EncodingConfig {
  std::string encoding;  // empty: per board size
  std::string amo;
  std::string reduce;
  std::string max_memory;  // --max-memory; empty: default_max_memory() (memory_guard.hpp)

  // --encoding, --amo, --reduce with the names and summaries of the tables.
  // `shared_by_jobs`: --max-memory is shared by the --jobs (solve, check).
  // Help texts name the defaults of the command: solve and check (a budget
  // shared by the --jobs), or encode.
  enum class Use { solve, encode };
  void add_options(po::options_description& options, Use use = Use::solve);
  // Throws UsageError naming the valid choices.
  void apply(SatConfig& config) const;
  // The --max-memory budget in bytes; throws UsageError when malformed.
  std::uint64_t max_memory_bytes() const;
};

struct SatOptionsConfig {
  EncodingConfig encoding;
  std::string mode;
  std::vector<std::string> sat_options;  // NAME=VALUE
  std::uint64_t conflicts = 0;

  // --mode, --sat-option, --conflicts (and the encoding options).
  void add_options(po::options_description& options);
  SatConfig sat_config() const;
  // A usage error when `backend` is the native one and an option that only
  // the SAT backend reads was given (it would be ignored without a word).
  void check_backend(const std::string& backend) const;
};

// The help text of --reduce (solve, check, encode and compare): the
// choices, then `more` (compare's ", all, auto"), then `defaults` in
// parentheses unless empty, then the board sizes probe works on.
std::string reduce_help(std::string_view more, std::string_view defaults);

// "  minimal   summary\n  natural ..." for help texts.
std::string encoding_help();
std::string amo_help();

}  // namespace satdoku::cli
