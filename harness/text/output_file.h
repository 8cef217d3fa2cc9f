// A file that arbiter writes a report into (PGN, CSV, JSON, Markdown), or standard output for
// "-", with every write checked. A failed write or close throws OutputError naming the file and
// the system's reason ("results/games.pgn: No space left on device"), so that lost output is
// never reported as success. Whole documents are written beside their file and renamed into
// place when complete; refuse_outputs_over_inputs() keeps every output off the files a command
// reads.
#pragma once

#include <cstdio>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// A write that did not reach its file.
class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One output file. Mode::replace writes a temporary file beside `path` (beside the file a
// symbolic link names) and renames it over `path` in close(), so the old content stays whole
// until the new one is complete: a run killed midway (SIGKILL included) leaves the old file, or
// no file, and at most a hidden ".NAME.arbiter-PID-N" beside it. A `path` that exists and is not
// a regular file (a FIFO, /dev/null) is written in place. Mode::truncate and Mode::append write
// in place, for files that are read while they grow (the live PGN, the engine log).
class OutputFile {
  public:
    // Mode::replace_unsynced replaces the file as Mode::replace does, but without the fsync
    // before the rename: readers still never see a partial file, but after a system crash the
    // file may be empty. For a file that only shows a run's present state and is rewritten every
    // second (the live snapshot), where an fsync each time costs the run's games their CPU.
    enum class Mode { replace, truncate, append, replace_unsynced };

    // Opens `path` ("-": standard output). Throws OutputError if it cannot be opened. `flag`
    // (e.g. "--pgn"), when given, names the file in every message with its path.
    explicit OutputFile(std::string path, Mode mode = Mode::replace, std::string flag = {});
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    // Closes the file if close() was not called; errors are then lost, so call close(). In
    // Mode::replace the temporary file is removed and `path` is left as it was.
    ~OutputFile();

    // Appends text. Throws OutputError when the system refuses it.
    void write(std::string_view text);
    // Hands what was written to the system. Throws OutputError when it cannot be written.
    void flush();
    // Flushes and closes (standard output is flushed only); in Mode::replace, syncs the
    // temporary file and renames it over `path`. Throws OutputError.
    void close();

    // The path as given ("-" for standard output), for messages.
    const std::string& path() const { return path_; }

  private:
    [[noreturn]] void fail(int error) const;

    std::string path_;
    std::string flag_;       // "--pgn", for messages; may be empty
    std::string temporary_;  // Mode::replace: the file written, renamed to target_ in close()
    bool sync_ = true;       // fsync the temporary file before the rename
    std::string target_;
    std::FILE* file_ = nullptr;
    bool owned_ = false;  // false for standard output
};

// A write that must land whole, such as a game appended to the live PGN: while one is under
// way, the process-ending second signal of a stop (harness/tournament/interrupt.h) waits for it.
// The handler calls defer_exit_while_writing(); the last WholeWrite to end raises the deferred
// signal again, and the handler then ends the process.
class WholeWrite {
  public:
    WholeWrite();
    ~WholeWrite();
    WholeWrite(const WholeWrite&) = delete;
    WholeWrite& operator=(const WholeWrite&) = delete;
};

// From a signal handler: true if a WholeWrite is under way, in which case `signal` is raised
// again when the last one ends; false if none is, or if a signal already waits for one (the
// handler may end the process now).
bool defer_exit_while_writing(int signal) noexcept;

// Writes `text` to `path` ("-": standard output) in Mode::replace (or `mode`) and closes it.
// Throws OutputError.
void write_output_file(const std::string& path, std::string_view text,
                       OutputFile::Mode mode = OutputFile::Mode::replace);

// How an output is written, for refuse_unwritable_output(): in place (the live PGN, a log, the
// database, which also makes its -wal and -shm beside it), replaced through a file beside it
// (OutputFile::Mode::replace), or a folder that files go into.
enum class OutputKind { in_place, database, replaced, folder };

// A file a command names, and the words that name it in a message: its flag ("--db", "-pgnout",
// "-openings file=", "engine a's stderr="). `kind` says how it is written when it is an output.
struct NamedFile {
    std::string path;
    std::string label;
    OutputKind kind = OutputKind::in_place;
};

// "--pgn games.pgn", "-openings file=book.epd": the label, then the path (after a space unless
// the label ends in '=').
std::string named_path(const NamedFile& file);

// Throws OutputError, before anything is opened for writing, if an output is the same file as
// an input or as another output: files that exist are compared by device and inode (so hard
// and symbolic links and "./a" spellings are caught), others by their resolved absolute paths.
// Empty paths and "-" (standard output) are skipped. The message names both files and their
// labels and says that nothing was written.
void refuse_outputs_over_inputs(std::span<const NamedFile> outputs,
                                std::span<const NamedFile> inputs);

// Throws OutputError "LABEL PATH: REASON; nothing was written", before anything is created, if
// `output` could not be written as its kind is: a folder on its way is a file ("results is a
// file, not a folder"), the folder of a file written in place does not exist (the others' folders
// are made), the nearest folder that exists takes no new file (read-only, no permission), the
// path is a file of the kernel (/proc, /sys), or it exists and cannot be opened for writing. Empty
// paths, "-" and ":memory:" are skipped; creates nothing.
void refuse_unwritable_output(const NamedFile& output);

// Creates `folder` and the folders above it; throws OutputError "LABEL FOLDER: REASON" naming
// the whole path (std::filesystem's own message names neither).
void create_folder(const std::filesystem::path& folder, const std::string& label);

// A folder a run makes for its files (the engines' stderr logs beside the database): made, as
// create_folder() makes it, when constructed, and taken away again when destroyed if it did not
// exist before and is still empty, so that a run that fails before writing into it leaves no empty
// folder in the user's directory.
class RunFolder {
  public:
    RunFolder(std::filesystem::path folder, const std::string& label);
    ~RunFolder();
    RunFolder(const RunFolder&) = delete;
    RunFolder& operator=(const RunFolder&) = delete;

  private:
    std::filesystem::path folder_;
    std::filesystem::path made_;  // the highest folder this made, empty if it made none
};

// The database at `path` and its -wal, -shm and -journal files, as inputs labelled `label`.
std::vector<NamedFile> database_files(const std::string& path, const std::string& label);

// Flushes standard output. Throws OutputError ("standard output: ...") if anything written to
// it was lost, such as a redirection onto a full disk.
void flush_standard_output();

}  // namespace arbiter
