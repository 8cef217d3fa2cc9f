// The engine log (`-log file=FILE`, `--engine-log FILE`, `-debug`): every line arbiter sends to
// and reads from every engine, in the order the workers saw them.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/process/engine_process.h"
#include "harness/text/output_file.h"

namespace arbiter {

// The one log shared by all workers: each line is formatted, then written whole and flushed
// under one mutex, so that lines of concurrent games never mix and a killed run keeps them all:
//   [12:34:56.789] alphabeta(2) > go nodes 20000
//   [12:34:56.912] alphabeta(2) < bestmove e2e4
// local time to the millisecond, the engine's name and its worker number (0: the check of every
// engine before the first game), '>' for a line to the engine and '<' for one from it; or, in
// cutechess-cli's -debug form (EngineLogForm::cutechess), the milliseconds since the run began:
//   1234 >alphabeta(2): go nodes 20000
// The I/O
// of an engine never throws for the log: the first failed write is kept (and later lines are
// dropped) until check() or close() throws it, naming the file.
class EngineLog final : public EngineIoObserver {
  public:
    // Opens `path` ("-": standard output), appended to or truncated. Throws OutputError, which
    // names the file as "the engine log PATH".
    EngineLog(const std::string& path, bool append, EngineLogForm form = EngineLogForm::stamped);

    void engine_line(const std::string& engine, Direction direction,
                     std::string_view line) noexcept override;

    // Writes lines already formatted (HeldEngineLog's), each with its '\n', as engine_line() does.
    void write_lines(const std::vector<std::string>& lines) noexcept;
    // Throws OutputError ("FILE: No space left on device") if a write has failed.
    void check();
    // Flushes and closes the file; throws OutputError as check() does.
    void close();

  private:
    void write_text(const std::string& text) noexcept;  // one line, under mutex_

    std::mutex mutex_;  // guards file_ and error_
    EngineLogForm form_;
    OutputFile file_;
    std::string error_;  // the first failed write's message
};

// The engine log's lines while no file may be created yet (the check of every engine before a
// run creates anything), formatted as EngineLog formats them, for EngineLog::write_lines().
class HeldEngineLog final : public EngineIoObserver {
  public:
    explicit HeldEngineLog(EngineLogForm form = EngineLogForm::stamped);
    void engine_line(const std::string& engine, Direction direction,
                     std::string_view line) noexcept override;
    // The lines held so far, in order; the log is then empty.
    std::vector<std::string> take();

  private:
    EngineLogForm form_;
    std::mutex mutex_;  // guards lines_
    std::vector<std::string> lines_;
};

// "[12:34:56.789] alphabeta(2) > go nodes 20000": one line of the engine log, without its '\n',
// at `milliseconds` since the epoch (shown in local time); in the cutechess form
// "1234 >alphabeta(2): go nodes 20000", at `milliseconds` since the run began. Control bytes and
// bytes that are not UTF-8 in `line` are written as \xNN (tab as \t). Of a longer line the first
// MAX_KEPT_LINE_LENGTH bytes are written, as the referee keeps them, then how many were left out:
// "... [104853504 more bytes not logged]".
std::string engine_log_line(long long milliseconds, const std::string& engine,
                            EngineIoObserver::Direction direction, std::string_view line,
                            EngineLogForm form = EngineLogForm::stamped);

}  // namespace arbiter
