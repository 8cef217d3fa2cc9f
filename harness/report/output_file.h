// A file that arbiter writes a report into (PGN, CSV, JSON, Markdown), or standard output for
// "-", with every write checked. A failed write or close throws OutputError naming the file and
// the system's reason ("results/games.pgn: No space left on device"), so that lost output is
// never reported as success.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter {

// A write that did not reach its file.
class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class OutputFile {
  public:
    enum class Mode { truncate, append };

    // Opens `path` ("-": standard output). Throws OutputError if it cannot be opened.
    explicit OutputFile(std::string path, Mode mode = Mode::truncate);
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    // Closes the file if close() was not called; errors are then lost, so call close().
    ~OutputFile();

    // Appends text. Throws OutputError when the system refuses it.
    void write(std::string_view text);
    // Hands what was written to the system. Throws OutputError when it cannot be written.
    void flush();
    // Flushes and closes (standard output is flushed only). Throws OutputError.
    void close();

    // The path as given ("-" for standard output), for messages.
    const std::string& path() const { return path_; }

  private:
    [[noreturn]] void fail(int error) const;

    std::string path_;
    std::FILE* file_ = nullptr;
    bool owned_ = false;  // false for standard output
};

// Writes `text` to `path` ("-": standard output) and closes it. Throws OutputError.
void write_output_file(const std::string& path, std::string_view text);

// Flushes standard output. Throws OutputError ("standard output: ...") if anything written to
// it was lost, such as a redirection onto a full disk.
void flush_standard_output();

}  // namespace arbiter
