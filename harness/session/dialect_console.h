// What the cutechess-cli/fastchess dialect shows of a match (harness/session/match_session.h): the
// console lines of cutechess-cli or fastchess on standard output, the live PGN and EPD files,
// fastchess's PV warnings, -show-latency's lines, the -html page and the closing line.
#pragma once

#include <cstdio>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>

#include "harness/config/cutechess_args.h"
#include "harness/report/cutechess_output.h"
#include "harness/report/fastchess_pv_check.h"
#include "harness/report/live_games.h"
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

// What the dialect shows beyond the live files: the games a resumed run played before, counted
// in the console's score, and fastchess's PV warnings before each game's files and line. Each
// finished game then goes on to `next` (LiveGameFiles, in front of the console).
class DialectConsole : public TournamentObserver {
  public:
    DialectConsole(TournamentObserver& next, CutechessConsole& console,
                   const CutechessCommand& command, Store& store)
        : next_(next),
          console_(console),
          store_(store),
          check_pvs_(command.output.check_mate_pvs),
          test_env_(command.output.test_env),
          chess960_(command.config.game.variant == Variant::chess960) {}
    void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override {
        next_.engines_identified(own);
    }
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already) override {
        if (already > 0)
            for (const GameSummary& game : store_.list_games(tournament, engines))
                console_.count_earlier(game);
        console_.started(tournament, engines, scheduled, already);
    }
    void game_started(const ScheduleSlot& slot, const std::string& white,
                      const std::string& black) override {
        console_.game_started(slot, white, black);
    }
    void engine_event(const std::string& message) override { console_.engine_event(message); }
    void bracket(const std::string& text, bool show) override { console_.bracket(text, show); }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        // fastchess prints its PV warnings while the game runs: here, before the game's line.
        if (check_pvs_)
            for (const std::string& warning :
                 fastchess_pv_warnings(game, white, black, chess960_, test_env_))
                console_.print_line(warning);
        next_.game_finished(game, id, white, black);
    }

  private:
    TournamentObserver& next_;
    CutechessConsole& console_;
    Store& store_;
    bool check_pvs_ = false, test_env_ = false, chess960_ = false;
};

// What the dialect shows of the match: the database on standard error, then cutechess-cli's or
// fastchess's console lines, written whole (WholeLines), in front of the live files; after the
// games the summary, -show-latency's lines and the closing line.
class DialectMatchConsole : public MatchConsole {
  public:
    explicit DialectMatchConsole(const CutechessCommand& command);
    TournamentObserver& open(Store& store) override;
    // SIGINT: the summary from the games finished so far, after the last one recorded.
    void interrupted(int signal) override;
    void finish(Store& store, const TournamentSummary& summary, int signal) override;

  private:
    const CutechessCommand& command_;
    WholeLines lines_;
    std::ostream out_;
    CutechessConsole console_;
    std::string resume_hint_;
    std::optional<LiveGameFiles> files_;
    std::optional<DialectConsole> observer_;
};

}  // namespace arbiter
