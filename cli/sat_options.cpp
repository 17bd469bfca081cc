#include "sat_options.hpp"

#include "memory_guard.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

std::string encoding_help() {
  std::string s;
  for (const EncodingInfo& e : encodings()) {
    std::string name(e.name);
    name.resize(10, ' ');
    s.append("  ").append(name).append(e.summary).append("\n");
  }
  return s;
}

std::string amo_help() {
  std::string s;
  for (const AmoMethodInfo& m : amo_methods()) {
    std::string name(m.name);
    name.resize(12, ' ');
    s.append("  ").append(name).append(m.summary).append("\n");
  }
  return s;
}

std::string reduce_help(std::string_view more, std::string_view defaults) {
  std::string s = "clue handling: " + reduction_names();
  s.append(more);
  if (!defaults.empty()) s.append(" (").append(defaults).append(")");
  // The limit is the encoder's (kProbeMaxSize): probe on a larger board is
  // refused puzzle by puzzle, so the help says it before a run.
  const std::string side = std::to_string(kProbeMaxSize);
  return s + "; probe works on boards up to " + side + "x" + side;
}

void EncodingConfig::add_options(po::options_description& options, Use use) {
  const bool encode = use == Use::encode;
  options.add_options()
      ("encoding,e", po::value(&encoding)->value_name("NAME"),
       ("CNF encoding: " + encoding_names() +
        (encode ? " (default: triads)"
                : " (default: triads propagation, then the extended clauses over what it left open: in one "
                  "incremental instance up to 9x9, in a fresh one per puzzle above (after extended's own "
                  "propagation); a named encoding serves both)"))
           .c_str())
      ("amo", po::value(&amo)->value_name("METHOD"),
       ("at-most-one method: " + amo_method_names() + " (default: pairwise up to 144x144, commander above)").c_str())
      ("reduce", po::value(&reduce)->value_name("HOW"),
       reduce_help("", encode ? "default: propagate" : "default: probe up to 9x9, propagate above").c_str())
      ("max-memory", po::value(&max_memory)->value_name("SIZE"),
       ("refuse a puzzle whose formula would need more memory, e.g. 512M, 4G (default: half the machine's, " +
        format_bytes(default_max_memory()) + (encode ? ")" : "; shared by the --jobs)")).c_str());
}

void EncodingConfig::apply(SatConfig& config) const {
  if (!encoding.empty()) {
    config.encoding = parse_encoding(encoding);
    if (!config.encoding)
      throw UsageError("unknown encoding '" + encoding + "' (choose from " + encoding_names() + ")");
  }
  if (!amo.empty()) {
    config.amo = parse_amo_method(amo);
    if (!config.amo) throw UsageError("unknown at-most-one method '" + amo + "' (choose from " + amo_method_names() + ")");
  }
  if (!reduce.empty()) {
    config.reduction = parse_reduction(reduce);
    if (!config.reduction) throw UsageError("unknown reduction '" + reduce + "' (choose from " + reduction_names() + ")");
  }
}

std::uint64_t EncodingConfig::max_memory_bytes() const {
  return memory_budget(max_memory);
}

void SatOptionsConfig::check_backend(const std::string& backend) const {
  if (backend != "native") return;  // (an unknown name is make_backend's to report)
  const char* given = !encoding.encoding.empty() ? "--encoding"
                      : !encoding.amo.empty()    ? "--amo"
                      : !encoding.reduce.empty() ? "--reduce"
                      : !mode.empty()            ? "--mode"
                      : !sat_options.empty()     ? "--sat-option"
                      : conflicts > 0            ? "--conflicts"
                                                 : nullptr;
  if (given) throw UsageError(std::string(given) + " applies to the SAT backend only, not to --backend " + backend);
}

void SatOptionsConfig::add_options(po::options_description& options) {
  encoding.add_options(options);
  options.add_options()
      ("mode", po::value(&mode)->value_name("MODE"),
       ("SAT mode: " + sat_mode_names() +
        " (default: hybrid up to 9x9, fresh above, and fresh with --conflicts: in a reused instance the"
        " conflicts a puzzle needs depend on the puzzles before it, and so on --jobs)").c_str())
      ("sat-option", po::value(&sat_options)->composing()->value_name("NAME=VALUE"),
       "a CaDiCaL option, as in `cadical --help` (repeatable)")
      ("conflicts", po::value(&conflicts)->default_value(conflicts),
       "CaDiCaL conflict limit per puzzle (0: none); a puzzle it stops before an answer is unknown");
}

SatConfig SatOptionsConfig::sat_config() const {
  SatConfig config;
  encoding.apply(config);
  if (!mode.empty()) {
    config.mode = parse_sat_mode(mode);
    if (!config.mode) throw UsageError("unknown SAT mode '" + mode + "' (choose from " + sat_mode_names() + ")");
  }
  for (const std::string& option : sat_options) config.options.push_back(parse_sat_option(option));
  return config;
}

}  // namespace satdoku::cli
