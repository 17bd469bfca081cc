#include "atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <system_error>

#include "satdoku/error.hpp"

namespace satdoku::cli {

namespace fs = std::filesystem;

void make_folder(const fs::path& path, std::string_view what) {
  std::error_code error;
  if (fs::is_symlink(fs::symlink_status(path, error)) && !fs::exists(path, error)) {
    const fs::path target = fs::read_symlink(path, error);
    throw OutputError("cannot create " + std::string(what) + " " + path.string() + ": it is a symbolic link to " +
                      target.string() + ", which does not exist");
  }
  error.clear();
  fs::create_directories(path, error);
  if (!error && !fs::is_directory(path)) error = std::make_error_code(std::errc::not_a_directory);
  if (error) throw OutputError("cannot create " + std::string(what) + " " + path.string() + ": " + error.message());
}

namespace {

// The file a path names, through any chain of symbolic links (so that the
// rename replaces the link's target, not the link).
fs::path resolve_links(fs::path path) {
  std::error_code error;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(path, error)); ++hops) {
    fs::path next = fs::read_symlink(path, error);
    if (error) break;
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  return path;
}

}  // namespace

void check_writable(const fs::path& path) {
  std::error_code error;
  if (fs::is_directory(path, error)) throw OutputError("cannot write " + path.string() + ": it is a directory");
  // As AtomicFile does: through links, and devices or pipes are written directly.
  const fs::path target = resolve_links(path);
  if (under_dev(path.string()) || under_dev(target.string()) ||
      (fs::exists(target, error) && !fs::is_regular_file(target, error)))
    return;
  fs::path folder = target.parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, error))
    throw OutputError("cannot write " + path.string() + ": " +
                      (fs::exists(folder, error) ? folder.string() + " is a file, not a folder"
                                                 : "there is no folder " + folder.string()));
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw OutputError("cannot write " + path.string() + ": " + std::strerror(errno));
}

namespace {

bool names_a_file(const std::string& path) {
  if (path.empty() || path == "-") return false;
  std::error_code error;
  const fs::file_status status = fs::status(path, error);  // through links
  return !fs::exists(status) || fs::is_regular_file(status);
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code error;
  if (fs::exists(a, error) && fs::exists(b, error)) return fs::equivalent(a, b, error);
  const fs::path ca = fs::weakly_canonical(fs::absolute(a, error), error);
  if (error) return false;
  const fs::path cb = fs::weakly_canonical(fs::absolute(b, error), error);
  return !error && ca == cb;
}

// The regular file standard input is redirected from, when the run reads
// standard input (no input named, or "-"): `satdoku encode -o x < x`.
std::optional<struct stat> stdin_file(const std::vector<std::string>& inputs) {
  if (!inputs.empty() && std::find(inputs.begin(), inputs.end(), "-") == inputs.end()) return std::nullopt;
  struct stat in {};
  if (::fstat(STDIN_FILENO, &in) != 0 || !S_ISREG(in.st_mode)) return std::nullopt;
  return in;
}

bool same_inode(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// Whether `path` (through links) is the file `in`.
bool is_file(const fs::path& path, const struct stat& in) {
  struct stat file {};
  return ::stat(path.c_str(), &file) == 0 && same_inode(in, file);
}

// The regular file standard output is redirected to (`> F`, `>> F`).
std::optional<struct stat> stdout_file() {
  struct stat out {};
  if (::fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode)) return std::nullopt;
  return out;
}

// Throws UsageError when standard output is redirected to an input or to
// one of `outputs`: `satdoku solve F >> F` read its own answers back as
// puzzles until the disk was full, and `check --junit r.xml > r.xml` lost
// the records to the report renamed over them.
void check_stdout_apart(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs) {
  const auto out = stdout_file();
  if (!out) return;
  // (A path under /dev, such as /dev/stdout, is appended to, after the
  // records: AtomicFile.)
  for (const NamedOutput& output : outputs)
    if (names_a_file(output.path) && !under_dev(output.path) && is_file(output.path, *out))
      throw UsageError(output.option + " " + output.path +
                       " is also standard output: one would be lost to the other");
  for (const std::string& input : inputs)
    if (names_a_file(input) && is_file(input, *out))
      throw UsageError(input + " is both an input and standard output: the output would replace the puzzles, or "
                               "be read back as more of them (redirect it to another file)");
  if (const auto in = stdin_file(inputs); in && same_inode(*in, *out))
    throw UsageError("standard input and standard output are the same file: the output would replace the "
                     "puzzles, or be read back as more of them (redirect it to another file)");
}

}  // namespace

void check_distinct_outputs(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs,
                            bool writes_stdout) {
  if (writes_stdout) check_stdout_apart(outputs, inputs);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const NamedOutput& out = outputs[i];
    if (!names_a_file(out.path)) continue;
    for (std::size_t j = 0; j < i; ++j)
      if (names_a_file(outputs[j].path) && same_file(outputs[j].path, out.path))
        throw UsageError(outputs[j].option + " and " + out.option + " name the same file, " + out.path +
                         ": one would be lost to the other");
    for (const std::string& input : inputs)
      if (names_a_file(input) && same_file(input, out.path))
        throw UsageError(out.option + " " + out.path + " is also an input: writing it would replace the puzzles");
    if (const auto in = stdin_file(inputs); in && is_file(out.path, *in))
      throw UsageError(out.option + " " + out.path +
                       " is also standard input: writing it would replace the puzzles");
  }
}

void check_inputs_outside(const OutputFolder& folder, const std::vector<std::string>& inputs, bool writes_stdout) {
  const fs::path dir = folder.path;
  // Whether `path` is a name the run owns in the folder.
  auto owned = [&](const fs::path& path) { return folder.owns(path.filename().string()) && same_file(path.parent_path(), dir); };
  const std::string writes = folder.option + " " + folder.path + " writes";
  std::error_code listing;
  // (The folder is listed only when standard input is read from a file, or
  // standard output written to one: `check --proof D F > D/1.cnf` renamed
  // the first proof over the records, with exit code 0.)
  const auto in = stdin_file(inputs);
  const auto out = writes_stdout ? stdout_file() : std::nullopt;
  if (in || out)
    for (fs::directory_iterator it(dir, listing), end; !listing && it != end; it.increment(listing)) {
      if (!folder.owns(it->path().filename().string())) continue;
      if (in && is_file(it->path(), *in))
        throw UsageError(writes + " and removes " + folder.names + " there, and standard input is " +
                         it->path().string() + ", one of them: the run could replace or remove it (give it another "
                         "name, or another folder)");
      if (out && is_file(it->path(), *out))
        throw UsageError(writes + " and removes " + folder.names + " there, and standard output is " +
                         it->path().string() + ", one of them: the run could replace or remove it (redirect it to "
                         "another file)");
    }
  for (const std::string& input : inputs) {
    if (!names_a_file(input)) continue;
    std::error_code error;
    const fs::path spelled = fs::absolute(input, error);
    if (error) continue;
    const fs::path file = fs::weakly_canonical(spelled, error);
    if (owned(spelled) || (!error && owned(file)))
      throw UsageError(writes + " and removes " + folder.names + " there, and the input " + input +
                       (owned(spelled) ? "" : " (" + file.string() + " through its links)") +
                       " is one of them: the run could replace or remove it (give it another name, or another "
                       "folder)");
    if (!folder.through_links) continue;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
      if (folder.owns(it->path().filename().string()) && it->is_symlink(error) && same_file(it->path(), input))
        throw UsageError(writes + " " + folder.names + " there through their links, and " + it->path().string() +
                         " leads to the input " + input + ": writing it would replace the puzzles");
  }
}

bool some_input_readable(const std::vector<std::string>& inputs) {
  if (inputs.empty()) return true;  // standard input
  return std::any_of(inputs.begin(), inputs.end(), [](const std::string& input) {
    std::error_code error;
    return input == "-" || (!fs::is_directory(input, error) && ::access(input.c_str(), R_OK) == 0);
  });
}

std::string file_head(const fs::path& path) {
  std::string head(4096, '\0');
  std::ifstream in(path, std::ios::binary);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

bool file_holds(const fs::path& path, std::string_view marker) {
  std::error_code error;
  if (!fs::is_regular_file(fs::symlink_status(path, error))) return false;
  return file_head(path).find(marker) != std::string::npos;
}

void check_replaces_only_its_own(std::string_view option, const std::string& path, std::string_view marker,
                                 std::string_view what, std::string_view inputs) {
  // (Under /dev an output is written directly, never replaced: AtomicFile.)
  if (path.empty() || path == "-" || under_dev(path)) return;
  // The file AtomicFile would replace: the end of the path's links.
  const fs::path target = resolve_links(path);
  std::error_code error;
  if (fs::is_regular_file(target, error) && fs::file_size(target, error) > 0 && !error && !file_holds(target, marker))
    throw UsageError(std::string(option) + " names " + std::string(what) + ", and " + path +
                     " holds something else: it would be replaced (" + std::string(inputs) +
                     " go after the options, as FILE; to replace it, remove it first)");
}

void check_replaces_own_file(const fs::path& path, bool through_links,
                             const std::function<bool(const fs::path&)>& ours) {
  const fs::path target = through_links ? resolve_links(path) : path;
  std::error_code error;
  const fs::file_status status = fs::symlink_status(target, error);
  const std::string where =
      path.string() + (target == path ? "" : " (a link to " + target.lexically_normal().string() + ")");
  // Nothing there, or a link replaced as a link.
  if (!fs::exists(status) || fs::is_symlink(status)) return;
  // A pipe there waited for a reader for ever (AtomicFile writes one
  // directly), and a proof was renamed over it; a device or a folder has
  // no business among the files either.
  if (!fs::is_regular_file(status)) {
    const char* kind = fs::is_directory(status) ? "a directory"
                       : fs::is_fifo(status)    ? "a pipe"
                       : fs::is_socket(status)  ? "a socket"
                                                : "a device";
    throw OutputError("cannot write " + where + ": it is " + kind + ", not a regular file (remove it, or write into another folder)");
  }
  if (fs::file_size(target, error) == 0 || error) return;
  // Unread, a file of satdoku's was called someone else's (no descriptor
  // left: `ulimit -n 4`).
  errno = 0;
  if (std::ifstream probe(target, std::ios::binary); !probe)
    throw OutputError("cannot write " + where + ": cannot read it to tell whether satdoku wrote it: " +
                      write_error_text(errno));
  if (ours(target)) return;
  throw OutputError("cannot write " + where +
                    ": it holds a file satdoku did not write (remove it, or write into another folder)");
}

bool remove_earlier_output(const fs::path& path, std::string_view marker) {
  std::error_code error;
  return file_holds(path, marker) && fs::remove(path, error);
}

std::string earlier_output_removed(const std::string& path, std::string_view marker, std::string_view noun) {
  if (path == "-" || !remove_earlier_output(path, marker)) return "";
  return " (" + path + ", an earlier run's " + std::string(noun) + ", removed)";
}

std::string write_error_text(int error) { return error ? std::strerror(error) : "write failed"; }

AtomicFile::AtomicFile(fs::path path) : path_(std::move(path)) {
  std::error_code error;
  const fs::file_status status = fs::status(path_, error);  // through links
  if (fs::is_directory(status)) throw OutputError("cannot write " + path_.string() + ": it is a directory");
  // A pipe, a terminal or a device (/dev/null) cannot be replaced, and must
  // not be: it is written directly, and so is anything under /dev
  // (/dev/stdout may lead to the file the shell redirected it to, which a
  // rename would take away from the records already written there).
  direct_ = (fs::exists(status) && !fs::is_regular_file(status)) || under_dev(path_.string());
  if (direct_) {
    temp_ = path_;
  } else {
    target_ = resolve_links(path_);
    temp_ = target_.string() + ".tmp." + std::to_string(::getpid());
  }
  errno = 0;
  // Appended when direct: after what a redirected standard output holds.
  if (!buffer_.open(temp_, std::ios::binary | (direct_ ? std::ios::app : std::ios::out | std::ios::trunc))) {
    const int error = errno;
    // (The file itself may exist and be writable: /proc/version.)
    throw OutputError("cannot write " + path_.string() + ": " +
                      (direct_ ? "" : "cannot create the temporary file " + temp_.string() + " beside it: ") +
                      write_error_text(error));
  }
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !direct_) {
    buffer_.close();
    std::error_code ignored;
    fs::remove(temp_, ignored);
  }
}

AtomicFile::Buffer::int_type AtomicFile::Buffer::overflow(int_type c) {
  errno = 0;
  const int_type r = std::filebuf::overflow(c);
  keep(traits_type::eq_int_type(r, traits_type::eof()), errno);
  return r;
}

std::streamsize AtomicFile::Buffer::xsputn(const char* s, std::streamsize n) {
  errno = 0;
  const std::streamsize r = std::filebuf::xsputn(s, n);
  keep(r < n, errno);
  return r;
}

int AtomicFile::Buffer::sync() {
  errno = 0;
  const int r = std::filebuf::sync();
  keep(r != 0, errno);
  return r;
}

void AtomicFile::commit() {
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  errno = 0;
  const bool closed = buffer_.close() != nullptr;  // the last bytes are written here
  const int error = buffer_.error() ? buffer_.error() : errno;
  if (!ok || !closed) {
    std::error_code ignored;
    if (!direct_) fs::remove(temp_, ignored);
    throw OutputError("cannot write " + path_.string() + ": " + write_error_text(error));
  }
  if (!direct_) {
    std::error_code error;
    // A file replaced keeps its permissions (the new one has the umask's).
    if (const fs::file_status old = fs::status(target_, error); !error && fs::is_regular_file(old))
      fs::permissions(temp_, old.permissions(), error);
    error.clear();
    fs::rename(temp_, target_, error);
    if (error) {
      std::error_code ignored;
      fs::remove(temp_, ignored);
      throw OutputError("cannot write " + path_.string() + ": " + error.message());
    }
  }
  committed_ = true;
}

}  // namespace satdoku::cli
