// The checks' hold on an engine: a raw line exchange over EngineProcess that keeps a transcript,
// so that each check can show the lines it sent and the lines the engine answered.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/process/engine_process.h"

namespace arbiter {

// The lines exchanged with an engine ("> sent", "< received") since the last take(): the first
// lines and the last ones of a long exchange, with a line saying how many were left out.
class Transcript : public EngineIoObserver {
  public:
    void engine_line(const std::string& engine, Direction direction,
                     std::string_view line) noexcept override;
    std::vector<std::string> take();

  private:
    std::vector<std::string> head_;  // the first lines of the exchange
    std::vector<std::string> tail_;  // the latest lines past the head, oldest first
    std::size_t left_out_ = 0;       // lines dropped between head and tail
};

// EngineProbe starts the configured engine and exchanges lines with it, word for word: unlike the
// protocol clients it interprets nothing, because a check must see what a client would overlook.
// Every line sent and read goes to the transcript, which a check takes with take_transcript()
// when it ends.
class EngineProbe {
  public:
    using Clock = EngineProcess::Clock;
    using Predicate = std::function<bool(std::string_view)>;

    EngineProbe() = default;
    EngineProbe(const EngineProbe&) = delete;
    EngineProbe& operator=(const EngineProbe&) = delete;

    // Starts (or restarts) the engine as `engine` configures it. Throws ProcessError naming the
    // program when it cannot start.
    void start(const EngineConfig& engine);
    bool send(std::string_view line) { return process_.write_line(line); }

    enum class Read { found, timeout, eof };
    // Reads lines until one satisfies `until` (it is the last of `lines`), the deadline, or the end
    // of the engine's output. Every line read is appended to `lines` when it is given.
    Read read_until(const Predicate& until, Clock::time_point deadline,
                    std::vector<std::string>* lines = nullptr);
    // Reads until the first word of a line is `word` (within `wait`).
    Read expect(std::string_view word, std::chrono::milliseconds wait,
                std::vector<std::string>* lines = nullptr);
    // Reads whatever arrives within `wait`, into `lines` when given.
    void drain(std::chrono::milliseconds wait, std::vector<std::string>* lines = nullptr);

    bool alive() { return process_.alive(); }
    void kill() { process_.kill(); }
    bool wait_for_exit(std::chrono::milliseconds wait) { return process_.wait_for_exit(wait); }
    pid_t pid() const { return process_.pid(); }
    const ExitStatus& exit_status() const { return process_.exit_status(); }

    // The lines exchanged since the last call, and a fresh transcript.
    std::vector<std::string> take_transcript() { return transcript_.take(); }

  private:
    EngineProcess process_;
    Transcript transcript_;
};

// The first word of `line` ("" for a blank line).
std::string_view first_word(std::string_view line);

}  // namespace arbiter
