#include "satdoku/geometry.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <mutex>

#include "satdoku/error.hpp"

namespace satdoku {

std::string BoxShape::str() const { return std::to_string(rows) + "x" + std::to_string(cols); }

BoxShape parse_box_shape(std::string_view text) {
  const auto sep = text.find_first_of("xX*");
  auto number = [&](std::string_view part) {
    int value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || value < 0)
      throw UsageError("box shape '" + std::string(text) + "' is not of the form RxC (e.g. 2x3)");
    // Said now, not once per puzzle that cannot take it.
    if (value < 2)
      throw UsageError("box shape '" + std::string(text) + "' is too thin: boxes need at least 2 rows and 2 columns");
    return value;
  };
  if (sep == std::string_view::npos)
    throw UsageError("box shape '" + std::string(text) + "' is not of the form RxC (e.g. 2x3)");
  return {number(text.substr(0, sep)), number(text.substr(sep + 1))};
}

std::optional<BoxShape> infer_box_shape(int n) {
  // The largest divisor r <= sqrt(n) gives the most nearly square box r x n/r.
  std::optional<BoxShape> best;
  for (int r = 2; r * r <= n; ++r)
    if (n % r == 0) best = BoxShape{r, n / r};
  return best;
}

Geometry::Geometry(int n, std::optional<BoxShape> box) : n_(n) {
  if (n < 4 || n > kMaxSize)
    throw GeometryError("board size " + std::to_string(n) + " is out of range (4 to " +
                        std::to_string(kMaxSize) + ")");
  if (box) {
    if (static_cast<long long>(box->rows) * box->cols != n)  // (a box read from a file may be huge)
      throw GeometryError("box " + box->str() + " does not fit a " + std::to_string(n) + "x" +
                          std::to_string(n) + " board (" + std::to_string(box->rows) + " x " +
                          std::to_string(box->cols) + " != " + std::to_string(n) + ")");
    if (box->rows < 2 || box->cols < 2)
      throw GeometryError("box " + box->str() + " is too thin: boxes need at least 2 rows and 2 columns");
    box_ = *box;
  } else if (auto inferred = infer_box_shape(n)) {
    box_ = *inferred;
  } else {
    throw GeometryError("a " + std::to_string(n) + "x" + std::to_string(n) +
                        " board has no box shape of at least 2x2 (" + std::to_string(n) +
                        (n < 4 ? " is too small)" : " is prime)"));
  }
  units_.reserve(static_cast<std::size_t>(3 * n) * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) units_.push_back(cell(r, c));
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r) units_.push_back(cell(r, c));
  const int stacks = n / box_.cols;
  for (int b = 0; b < n; ++b) {
    const int r0 = (b / stacks) * box_.rows, c0 = (b % stacks) * box_.cols;
    for (int r = r0; r < r0 + box_.rows; ++r)
      for (int c = c0; c < c0 + box_.cols; ++c) units_.push_back(cell(r, c));
  }
}

std::shared_ptr<const Geometry> Geometry::shared(int n, std::optional<BoxShape> box) {
  static std::mutex mutex;
  static std::map<std::pair<int, std::pair<int, int>>, std::shared_ptr<const Geometry>> cache;
  const auto key = std::make_pair(n, box ? std::make_pair(box->rows, box->cols) : std::make_pair(0, 0));
  std::lock_guard lock(mutex);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  auto made = std::make_shared<const Geometry>(n, box);
  cache.emplace(key, made);
  return made;
}

std::string Geometry::unit_name(int u) const {
  if (u < 0 || u >= unit_count())
    throw UsageError("Geometry::unit_name: unit " + std::to_string(u) + " is not one of the " +
                     std::to_string(unit_count()) + " units of a " + std::to_string(n_) + "x" + std::to_string(n_) +
                     " board");
  switch (unit_kind(u)) {
    case UnitKind::row: return "row " + std::to_string(u + 1);
    case UnitKind::column: return "column " + std::to_string(u - n_ + 1);
    case UnitKind::box: return "box " + std::to_string(u - 2 * n_ + 1);
  }
  return {};
}

std::string Geometry::describe() const {
  return std::to_string(n_) + "x" + std::to_string(n_) + " (" + box_.str() + " boxes)";
}

}  // namespace satdoku
