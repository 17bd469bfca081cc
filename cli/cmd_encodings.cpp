// satdoku encodings: the encoding table and the at-most-one methods, with
// their sizes for a chosen board, all derived from the library's tables.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "records.hpp"
#include "satdoku/encoding.hpp"
#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace {

struct EncodingsConfig {
  int size = 9;
  std::string box;
  std::string amo = "pairwise";
  bool json = false;
};

std::string families_text(const EncodingInfo& e) {
  std::string s;
  for (Family f : e.families) s.append(s.empty() ? "" : " ").append(to_string(f));
  return s;
}

// Whether a formula has more variables than DIMACS literals (and CaDiCaL's
// int) can name: the encoder refuses to build it.
bool beyond_dimacs(const FormulaSize& size) { return size.variables > static_cast<std::uint64_t>(INT_MAX); }

int encodings_command(const std::vector<std::string>& args) {
  EncodingsConfig config;
  po::options_description options("Options");
  options.add_options()
      ("size,n", po::value(&config.size)->default_value(config.size),
       "board size N for the sizes shown (with --box alone: R*C)")
      ("box", po::value(&config.box)->value_name("RxC"), "box shape (default: inferred from N)")
      ("amo", po::value(&config.amo)->default_value(config.amo), ("at-most-one method: " + amo_method_names()).c_str())
      ("json", po::bool_switch(&config.json), "JSON instead of a table");
  po::variables_map given;
  try {
    if (!parse_command("encodings", "[OPTIONS]",
                       "Lists the CNF encodings and at-most-one methods, with the size of each encoding\n"
                       "for an empty N x N board (no clues) and what unit propagation deduces with it.",
                       options, args, nullptr, &given))
      return 0;
  } catch (const po::too_many_positional_options_error&) {  // "encodings 25"
    throw UsageError("encodings takes options only, no FILE or other word (the sizes for an N x N board: --size N)");
  }
  const auto amo = parse_amo_method(config.amo);
  if (!amo) throw UsageError("unknown at-most-one method '" + config.amo + "' (choose from " + amo_method_names() + ")");
  // A size or box the options ask for that no board has is a usage error
  // like any other option's (with the hint at --help).
  const Geometry geometry = [&] {
    try {
      const std::optional<BoxShape> box = config.box.empty() ? std::nullopt : std::optional(parse_box_shape(config.box));
      // --box 3x2 alone: the 6x6 board it makes (the default 9 would not fit it).
      if (box && given["size"].defaulted()) {
        const std::int64_t cells = std::int64_t{box->rows} * box->cols;
        if (cells > Geometry::kMaxSize)
          throw UsageError("box " + box->str() + " makes a board " + std::to_string(cells) +
                           " cells wide, beyond the largest (" + std::to_string(Geometry::kMaxSize) + ")");
        config.size = static_cast<int>(cells);
      }
      return Geometry(config.size, box);
    } catch (const GeometryError& e) {
      throw UsageError(e.what());
    }
  }();

  if (config.json) {
    nlohmann::json out = {{"board", geometry.describe()}, {"amo", config.amo}};
    for (const EncodingInfo& e : encodings()) {
      nlohmann::json row = {{"name", e.name}, {"summary", e.summary}, {"families", nlohmann::json::array()},
                            {"size_formula", e.size_formula}, {"propagation", e.propagation}};
      for (Family f : e.families) row["families"].push_back(to_string(f));
      try {
        const FormulaSize size = encoding_size(e.encoding, geometry, *amo);
        row["variables"] = size.variables;
        row["clauses"] = size.clauses;
        row["beyond_dimacs"] = beyond_dimacs(size);
      } catch (const Error& error) {
        row["unavailable"] = error.what();
      }
      out["encodings"].push_back(row);
    }
    for (const AmoMethodInfo& m : amo_methods())
      out["amo_methods"].push_back({{"name", m.name}, {"summary", m.summary}, {"clauses", m.clauses}, {"aux", m.aux}});
    std::cout << json_text(out, 2) << '\n';
    return 0;
  }

  std::cout << "Encodings, sizes for an empty " << geometry.describe() << " board with " << config.amo
            << " at-most-one:\n\n";
  // Sizes first: the number columns are as wide as their widest figure
  // (1024x1024 boards have 13-digit clause counts), at least 12.
  std::vector<std::optional<FormulaSize>> sizes;
  int width = 11;
  for (const EncodingInfo& e : encodings()) {
    try {
      sizes.push_back(encoding_size(e.encoding, geometry, *amo));
      width = std::max({width, static_cast<int>(std::to_string(sizes.back()->variables).size()),
                        static_cast<int>(std::to_string(sizes.back()->clauses).size())});
    } catch (const Error&) {
      sizes.push_back(std::nullopt);
    }
  }
  ++width;
  const std::string indent(static_cast<std::size_t>(10 + 2 * width + 2), ' ');
  std::cout << std::left << std::setw(10) << "name" << std::right << std::setw(width) << "variables"
            << std::setw(width) << "clauses" << "  " << std::left << "families / unit propagation reaches\n";
  for (std::size_t i = 0; i < encodings().size(); ++i) {
    const EncodingInfo& e = encodings()[i];
    std::cout << std::left << std::setw(10) << e.name << std::right;
    if (sizes[i]) std::cout << std::setw(width) << sizes[i]->variables << std::setw(width) << sizes[i]->clauses;
    else std::cout << std::setw(2 * width) << "n/a";
    std::cout << "  " << e.summary << "\n" << indent << "families: " << families_text(e) << '\n'
              << indent << "propagation: " << e.propagation << '\n'
              << indent << "size: " << e.size_formula << '\n';
  }
  std::string beyond;
  for (std::size_t i = 0; i < encodings().size(); ++i)
    if (sizes[i] && beyond_dimacs(*sizes[i])) beyond.append(beyond.empty() ? "" : ", ").append(encodings()[i].name);
  if (!beyond.empty())
    std::cout << "\nBeyond DIMACS: " << beyond << " would need more than 2^31-1 variables here, more than\n"
              << "DIMACS or a SAT solver can number: encode and solve refuse such a formula (a puzzle's\n"
              << "reduced formula may fit, its clues having removed variables).\n";
  std::cout << "\nIn the sizes, a(n) and h(n) are the clauses and the auxiliary variables of one at-most-one\n"
               "over n literals, by the method below; boxes are R rows x C columns.\n";
  std::cout << "\nAt-most-one methods (group of n literals):\n\n";
  for (const AmoMethodInfo& m : amo_methods())
    std::cout << "  " << std::left << std::setw(12) << m.name << m.summary << "\n  " << std::string(12, ' ')
              << "clauses " << m.clauses << "; auxiliary variables " << m.aux << '\n';
  return 0;
}

}  // namespace

int run_encodings(const std::vector<std::string>& args) { return encodings_command(args); }

}  // namespace satdoku::cli
