#include "harness/tournament/entrant_check.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "engines/core/text.h"
#include "harness/process/engine_process.h"

namespace arbiter {

namespace {

using Clock = std::chrono::steady_clock;

// The host's own limit on the check (its --load-timeout, 60 s by default), and how much longer
// arbiter waits before it ends a host that keeps neither.
constexpr double DEFAULT_LOAD_SECONDS = 60;
constexpr auto BACKSTOP = std::chrono::seconds(30);

// The host's exit status when the entrant loads and answers, but its answer breaks the rules.
constexpr int ANSWERS_ILLEGALLY = 3;

// The --load-timeout an engine's arguments give the host, or the host's default.
double load_seconds(const EngineConfig& engine) {
    for (std::size_t i = 0; i + 1 < engine.args.size(); ++i) {
        if (engine.args[i] != "--load-timeout") continue;
        char* end = nullptr;
        const double seconds = std::strtod(engine.args[i + 1].c_str(), &end);
        if (end != engine.args[i + 1].c_str() && *end == '\0' && seconds > 0) return seconds;
    }
    return DEFAULT_LOAD_SECONDS;
}

// Runs `arbiter-python --check ARGS...` for one engine and reads its one line of verdict.
EntrantVerdict check_one(const EngineConfig& engine, std::size_t index) {
    EntrantVerdict verdict;
    verdict.engine = index;
    verdict.file = std::filesystem::path(engine.args.back()).filename().string();
    std::vector<std::string> args{"--check"};
    args.insert(args.end(), engine.args.begin(), engine.args.end());
    const auto started = Clock::now();
    const double limit = load_seconds(engine);
    EngineProcess host;
    try {
        host.start(engine.command, args, engine.working_dir, "/dev/null");
        const auto deadline =
            started +
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit)) +
            BACKSTOP;
        std::string line, last;
        EngineProcess::ReadStatus read;
        while ((read = host.read_line(line, deadline)) == EngineProcess::ReadStatus::line)
            if (!line.empty()) last = line;
        if (read == EngineProcess::ReadStatus::timeout) {
            host.kill();
            const int backstop = int(BACKSTOP.count());
            verdict.said = "did not finish its check within " +
                           std::to_string(int(limit) + backstop) + " s (the load timeout and " +
                           std::to_string(backstop) + " s)";
        } else {
            host.wait_for_exit(std::chrono::milliseconds(5000));
            const ExitStatus& status = host.exit_status();
            const bool exited = status.kind == ExitStatus::Kind::exited;
            verdict.plays = exited && status.code == 0;
            verdict.loads = exited && (status.code == 0 || status.code == ANSWERS_ILLEGALLY);
            verdict.said = printable_excerpt(last, 400);
            if (verdict.said.empty())
                verdict.said = "the check ended (" + status.text() + ") without a verdict";
        }
    } catch (const ProcessError& e) {
        verdict.said = std::string("the check could not start: ") + e.what();
    }
    verdict.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return verdict;
}

}  // namespace

bool is_python_entrant(const EngineConfig& engine) {
    return std::filesystem::path(engine.command).filename() == "arbiter-python" &&
           !engine.args.empty();
}

std::vector<EntrantVerdict> check_python_entrants(
    const TournamentConfig& config, const std::function<void(const EntrantVerdict&)>& heard) {
    std::vector<EntrantVerdict> verdicts;
    if (config.entrant_check == EntrantCheck::off) return verdicts;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        if (!is_python_entrant(config.engines[i])) continue;
        verdicts.push_back(check_one(config.engines[i], i));
        if (heard) heard(verdicts.back());
    }
    return verdicts;
}

void leave_out_entrants(TournamentConfig& config, const std::vector<EntrantVerdict>& verdicts) {
    std::vector<bool> out(config.engines.size(), false);
    std::string lines, playing;
    int count = 0;
    for (const EntrantVerdict& verdict : verdicts) {
        if (verdict.plays || verdict.engine >= out.size()) continue;
        if (verdict.loads && config.entrant_check == EntrantCheck::leave_out) {
            playing += "Plays, answering illegally: " + verdict.file + ": " + verdict.said + "\n";
            continue;
        }
        out[verdict.engine] = true;
        ++count;
        lines += "Left out: " + verdict.file + ": " + verdict.said + "\n";
    }
    if (!playing.empty()) {
        if (!config.note.empty() && config.note.back() != '\n') config.note += "\n";
        config.note += playing.substr(0, playing.size() - 1);
    }
    if (count == 0) return;
    const std::string cannot = std::to_string(count) + " Python entrant" +
                               (count == 1 ? " cannot" : "s cannot") + " play (listed above)";
    if (config.entrant_check == EntrantCheck::strict)
        throw ConfigError(cannot + "; --entrant-check strict stops before the first game");
    std::vector<EngineConfig> kept;
    for (std::size_t i = 0; i < config.engines.size(); ++i)
        if (!out[i]) kept.push_back(config.engines[i]);
    if (kept.size() < 2) throw ConfigError(cannot + "; fewer than two engines are left to play");
    config.engines = std::move(kept);
    if (!config.note.empty() && config.note.back() != '\n') config.note += "\n";
    config.note += lines.substr(0, lines.size() - 1);
}

}  // namespace arbiter
