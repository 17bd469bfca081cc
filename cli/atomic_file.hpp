// Output files written whole or not at all: the content goes to a temporary
// file beside the target, which is renamed over it only once complete.  A
// symbolic link is followed (its target is replaced, the link stays); a
// pipe or a device (/dev/stdout) is written directly, as it cannot be
// replaced.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace satdoku::cli {

// Why a write failed, from errno: strerror, or "write failed" when errno
// says nothing.
std::string write_error_text(int error);

// Makes the folder `path` (and its parents) unless it exists; throws
// OutputError "cannot create <what> <path>: <reason>" when that fails or the
// path is not a folder.
void make_folder(const std::filesystem::path& path, std::string_view what);

// Throws OutputError now, before a long run, when `path` could not be
// written at its end: its folder is missing or not writable, or it is a
// folder.  (An existing device or pipe is written directly: not checked.)
void check_writable(const std::filesystem::path& path);

// An output file named by an option: the option's name ("--csv") and the path.
struct NamedOutput {
  std::string option;
  std::string path;
};

// Throws UsageError when two of `outputs` name the same file, or one names
// an input file, or the regular file standard input is redirected from
// when it is read (either would be lost to the other, with exit code 0).
// For a run that `writes_stdout`, also when standard output is redirected
// to one of `outputs`, to an input, or to the file standard input is read
// from (`satdoku solve F >> F` read its own answers back without end).
// Empty paths, "-" and what exists but is no regular file (a device, a
// pipe) are not files here; an input "-" is standard input.  Paths are compared as the files they name
// (through links) when they exist, else by their canonical spelling.
void check_distinct_outputs(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs,
                            bool writes_stdout);

// A folder a run writes its files into (encode --out-dir, check --proof),
// and the names it may write or remove there.
struct OutputFolder {
  std::string option;                           // "--out-dir"
  std::string path;
  std::function<bool(std::string_view)> owns;   // a file name the run may write or remove in the folder
  std::string names;                            // those names, for messages: "files named INDEX.cnf"
  bool through_links = false;                   // a link of such a name is written through (AtomicFile)
};

// Throws UsageError when the run could replace or remove an input file: an
// input named in `folder` by a name the run owns there (as spelled, or the
// file its links lead to), or, for a run that writes through links, the
// file a link of such a name in the folder leads to.  Inputs in the folder
// under other names are no concern; "-" and what exists but is no regular
// file are not files here, as for check_distinct_outputs().  Standard input
// (no input named, or "-") redirected from such a file is refused too, and
// so, for a run that `writes_stdout`, is standard output redirected to one.
void check_inputs_outside(const OutputFolder& folder, const std::vector<std::string>& inputs,
                          bool writes_stdout);

// Whether some input (standard input, or a file that opens for reading) can
// be read: a run whose inputs all fail, such as a mistyped name, must not
// remove an earlier run's files as if this run had replaced them.
bool some_input_readable(const std::vector<std::string>& inputs);

// Removes the file at `path` that an earlier run wrote, for a run that
// writes none in its place (interrupted, or with nothing to write), so that
// a later reader does not take the earlier figures for this run's.  Only a
// regular file whose first 4 KiB hold `marker` (what satdoku writes at the
// start of such a document) goes: a link, a device or a pipe is left alone,
// and so is any other file, such as a data set a user took the option for
// an input (`compare --csv puzzles.csv`).  True when a file was removed.
bool remove_earlier_output(const std::filesystem::path& path, std::string_view marker);
// The same for an output option's `path` ("-", standard output, is no
// file), with the words that say so after a message: " (PATH, an earlier
// run's NOUN, removed)", or "" when nothing was removed.
std::string earlier_output_removed(const std::string& path, std::string_view marker, std::string_view noun);

// The first 4 KiB of the file at `path` (less for a shorter file; empty
// when it cannot be read).
std::string file_head(const std::filesystem::path& path);
// Whether `path` is a regular file (not through a link) whose first 4 KiB
// hold `marker`.
bool file_holds(const std::filesystem::path& path, std::string_view marker);

// Throws OutputError when writing `path`, a file of a folder the run
// shares with whatever else is there (encode --out-dir, check --proof),
// would replace a file that is neither empty nor one `ours` accepts as
// satdoku's (notes saved as DIR/1.cnf stay), or would write into what is
// no regular file (a pipe, a device, a folder).  `through_links`: the run
// writes through a link of that name (AtomicFile), so the file the link
// leads to is judged; otherwise the link itself is replaced, which harms
// nothing.
void check_replaces_own_file(const std::filesystem::path& path, bool through_links,
                             const std::function<bool(const std::filesystem::path&)>& ours);

// Whether `path` lies under /dev (/dev/stdout, /dev/null, /dev/fd/3): such
// an output is written directly, never replaced.
inline bool under_dev(std::string_view path) { return path.rfind("/dev/", 0) == 0; }

// Throws UsageError when the output `option` names (`path`; "-" is no file)
// would replace a file that is neither empty nor an earlier run's document
// of its kind (its first 4 KiB hold `marker`): `compare --csv puzzles.csv`
// and `check --junit puzzles.txt` take the option for an input.  A link is
// judged by the file it leads to, which the output would replace; a path
// under /dev (/dev/stdout appended to a log) is written, not replaced.  `what`
// names the output ("the document compare writes"), `inputs` says where
// the inputs go instead ("puzzles to compare").
void check_replaces_only_its_own(std::string_view option, const std::string& path, std::string_view marker,
                                 std::string_view what, std::string_view inputs);

class AtomicFile {
 public:
  // Opens "<target>.tmp.<pid>" for writing; throws OutputError when the
  // folder is missing or not writable, or the path is a directory.
  explicit AtomicFile(std::filesystem::path path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Writes through stream() keep the reason (errno) of the first failure
  // for commit()'s message.
  std::ostream& stream() { return out_; }
  void write(std::string_view text) { out_.write(text.data(), static_cast<std::streamsize>(text.size())); }
  // Whether the target is written directly (a pipe or a device): what went
  // to stream() stays there whatever happens.
  bool direct() const { return direct_; }
  // errno of the first failed write through stream(), 0 if none.
  int error() const { return buffer_.error(); }
  // Flushes, closes and renames into place; throws OutputError on failure.
  void commit();

 private:
  // A file buffer that remembers errno of its first failed write (the
  // stream itself keeps only a failbit).
  class Buffer : public std::filebuf {
   public:
    int error() const { return error_; }

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

   private:
    void keep(bool failed, int error) {
      if (failed && error_ == 0) error_ = error;
    }
    int error_ = 0;
  };

  std::filesystem::path path_, target_, temp_;  // target_: path_ through its links (not when direct_)
  Buffer buffer_;
  std::ostream out_{&buffer_};
  bool direct_ = false;  // a pipe or device: no temporary file
  bool committed_ = false;
};

}  // namespace satdoku::cli
