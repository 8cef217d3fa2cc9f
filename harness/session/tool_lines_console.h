// A match shown in cutechess-cli's or fastchess's form (harness/session/match_session.h): the
// dialect's run, and `arbiter tournament --console cutechess|fastchess`. Their console lines on
// standard output, the live PGN and EPD files, fastchess's PV warnings, the latency lines, the
// page and the closing line, all from the output plan (TournamentConfig::output).
#pragma once

#include <cstdio>
#include <functional>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>

#include "harness/dialect/output/cutechess_output.h"
#include "harness/session/live_chain.h"
#include "harness/session/match_session.h"

namespace arbiter {

// Standard output for the console's lines, handed to stdio one whole line per fwrite: the engine
// log of -debug, written to standard output by the workers, then never lands inside a line.
class WholeLines : public std::streambuf {
  protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        char text = traits_type::to_char_type(c);
        xsputn(&text, 1);
        return c;
    }
    std::streamsize xsputn(const char* text, std::streamsize size) override {
        pending_.append(text, std::size_t(size));
        std::size_t end = pending_.rfind('\n');
        if (end != std::string::npos) {
            std::fwrite(pending_.data(), 1, end + 1, stdout);
            pending_.erase(0, end + 1);
        }
        return size;
    }
    int sync() override {
        std::fwrite(pending_.data(), 1, pending_.size(), stdout);
        pending_.clear();
        return std::fflush(stdout) == 0 ? 0 : -1;
    }

  private:
    std::string pending_;  // the line begun and not yet ended
};

// The page of the output plan rewritten every `--report-every` / `-report-every` games of the run,
// in front of the rest of the chain (which it hands every event on to).
class PageEveryNGames : public ObserverRelay {
  public:
    PageEveryNGames(TournamentObserver& next, Store& store, const TournamentConfig& config)
        : ObserverRelay(next), store_(store), config_(config) {}
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already) override {
        tournament_ = tournament;
        next_.started(tournament, engines, scheduled, already);
    }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override;

  private:
    Store& store_;
    const TournamentConfig& config_;
    TournamentId tournament_ = 0;
    std::int64_t played_ = 0;  // games finished in this run
};

// What the cutechess and fastchess forms show of the match: the database on standard error,
// then the console's lines (CutechessConsole), written whole (WholeLines), behind the PV audit
// and the live files; after the games the summary, the latency lines, the page and the closing
// line.
class ToolLinesConsole : public MatchConsole {
  public:
    ToolLinesConsole(const TournamentConfig& config, const MatchOutputs& outputs);
    void engines_checked(const std::vector<std::vector<DeclaredOption>>& options) override {
        console_.engines_checked(options);
    }
    TournamentObserver& open(Store& store) override;
    // After a stop (SIGINT, SIGTERM, SIGHUP) the same lines, then what was saved.
    void finish(Store& store, const TournamentSummary& summary, int signal,
                const PageStep& page) override;

  private:
    const TournamentConfig& config_;
    const OutputPlan& plan_;
    std::string resume_hint_;
    WholeLines lines_;
    std::ostream out_;
    CutechessConsole console_;
    LiveChain live_;
    std::optional<PageEveryNGames> page_;
};

}  // namespace arbiter
