// The lines cutechess-cli and fastchess print while a match runs, byte for byte where the
// frameworks that drive them (fishtest, OpenBench, tuners) parse them: "Started game N of M",
// "Finished game N (A vs B): 1-0 {White mates}", "Score of A vs B: W - L - D  [0.625] N",
// "Elo difference: ...", "SPRT: llr ...", fastchess's "Games: ..." and "Ptnml(0-2): [...]"
// blocks, and "Finished match" (then fastchess's "Total Time: ...") as the last line. Game numbers
// are schedule slots + 1, so games 2k-1 and 2k are one pair and the first engine of an encounter
// has White in the odd one.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/dialect/command_line/cutechess_args.h"
#include "harness/dialect/output/cutechess_results.h"
#include "harness/ratings/counts.h"
#include "harness/store/store.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// cutechess's words for how a game ended ("White mates", "Draw by adjudication", ...).
std::string cutechess_reason(Termination termination, const std::string& text);

// A number as cutechess-cli's Qt writes it with 'f' and `precision` digits: an exact half
// rounded away from zero (0.3125 to 3 digits is "0.313", where printf writes "0.312"), -0.0
// without its sign, and "nan", "inf", "-inf".
std::string qt_fixed(double value, int precision);

// "Score of A vs B: 5 - 3 - 2  [0.600] 10", from A's side.
std::string score_line(const std::string& first, const std::string& second,
                       const WdlCounts& counts);
// The figures of cutechess-cli's Elo line, by its own formulas (projects/lib/src/elo.cpp), which
// differ from arbiter's ratings room in the quantile of the margin (1.95716, an approximation)
// and give NaN or infinity where the counts leave no spread (no decisive game, a 100% score).
struct CutechessElo {
    double diff = 0;        // Elo
    double margin = 0;      // +/- of the 95% interval
    double los = 0;         // percent
    double draw_ratio = 0;  // percent
};
CutechessElo cutechess_elo(const WdlCounts& counts);

// "Elo difference: 102.1 +/- 174.0, LOS: 89.7 %, DrawRatio: 28.6 %", NaN and infinity written
// "nan", "inf" as cutechess-cli (through Qt) writes them.
std::string elo_difference_line(const WdlCounts& counts);
// "SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was accepted".
std::string sprt_line(const SprtParameters& parameters, const PentanomialCounts& pairs);
// The pairs worth one point told apart: a win and a loss, or two draws (fastchess's WL and DD).
struct OnePointPairs {
    std::int64_t win_loss = 0;
    std::int64_t draw_draw = 0;
};

// A ratio as fastchess prints it with {:.2f}: "1.50"; "inf" for x/0 and, as x86 divides 0/0
// into a negative NaN, "-nan" for 0/0.
std::string fastchess_ratio(std::int64_t numerator, std::int64_t denominator);

// fastchess's block for one encounter, from its completed pairs only (games = 2 x pairs):
// dashes, "Results of A vs B (10+0.1, 1t, 16MB, book.epd):" (`matchup` is the text between
// "Results of " and the colon), Elo, LOS, "Games: ...", "Ptnml(0-2): [...], WL/DD Ratio: x",
// LLR, dashes (fastchess's form with its default -report penta=true).
std::string fastchess_block(const std::string& matchup, const PentanomialCounts& pairs,
                            const OnePointPairs& one_point, const WdlCounts& paired_games,
                            const std::optional<SprtParameters>& sprt);

// fastchess's block when it reports no pentanomial (it does not with -games 1): Elo, nElo and
// LOS of single games by fastchess's own formulas (at least one game), "Games: ..." over all of
// them, no "Ptnml(0-2)" line; `sprt_pairs` gives the LLR line (the pairs the tournament's SPRT
// decides on).
std::string fastchess_games_block(const std::string& matchup, const WdlCounts& games,
                                  const std::optional<SprtParameters>& sprt,
                                  const PentanomialCounts& sprt_pairs);

// fastchess's last line: "Total Time: 01:02:03 (hours:minutes:seconds)".
std::string fastchess_total_time(std::chrono::steady_clock::duration elapsed);
// -show-latency's line for one engine at the end of a run, in the words of fastchess's per-move
// line ("Engine NAME latency: 3ms (elapsed: 103, reported: 100)"), summed over the engine's moves:
// "Engine NAME latency: 1.3ms mean, 14ms max over 812 moves (elapsed minus reported)".
std::string latency_line(const EngineLatency& latency);

// The score a console form reports, as a plain value: each engine's games against the field, each
// encounter's games, completed pairs and pentanomial counts (from the side of the engine that
// comes first in the configuration), and each engine's time losses and crashes of this run.
struct ConsoleTally {
    // The games of two engines, from the side of the one that comes first in the configuration.
    struct Encounter {
        WdlCounts games;
        WdlCounts paired_games;  // games of completed pairs only
        PentanomialCounts pairs;
        OnePointPairs one_point;
        std::map<std::int64_t, double> waiting;  // pair number -> first game's points
    };
    struct Faults {
        bool tracked = false;
        std::int64_t timeouts = 0, crashes = 0;
    };

    explicit ConsoleTally(const TournamentConfig& config);
    // Counts one game in the scores (a game of engines not in the configuration is not counted).
    void record(const ScheduleSlot& slot, const Result& result, const std::string& white,
                const std::string& black);
    // Counts a time loss or crash (disconnect or stall) against the engine that lost the game.
    void count_fault(const GameRecord& game, const std::string& white, const std::string& black);
    // The games the fastchess blocks count: those of completed pairs, or every game when the
    // match plays single games (-games 1), as fastchess then reports no pentanomial.
    std::int64_t reported_games(bool single_games) const {
        return single_games ? finished + earlier : paired_games;
    }

    std::vector<std::string> names;  // the configuration's engines, in its order
    std::map<std::pair<int, int>, Encounter> encounters;
    std::vector<WdlCounts> totals;     // per engine, against the field
    std::vector<PlayerTally> players;  // per engine, cutechess's counts by colour and ending
    std::vector<Faults> faults;        // per engine, this run's games
    std::int64_t scheduled = 0, finished = 0, paired_games = 0;
    std::string bracket;       // a knockout's, as the last game left it
    std::int64_t earlier = 0;  // games of an earlier run (a resumed match)
};

// One console form of the dialect's lines (cutechess-cli's or fastchess's), as fastchess has one
// IOutput per form: what it prints of a finished game, after each game, and at the end, from the
// tally CutechessConsole keeps. Called under CutechessConsole's lock, never after the closing.
class ConsoleLines {
  public:
    virtual ~ConsoleLines() = default;
    // Before the games: each engine's declared options with their values, by engine index.
    virtual void engines_checked(const std::vector<std::vector<DeclaredOption>>&) {}
    // Before the first game of this run, once the earlier games are counted.
    virtual void started(const ConsoleTally&) {}
    // The finished game's line ("Finished game N (A vs B): RESULT {REASON}") and what the form
    // prints before it.
    virtual void game_line(std::ostream& out, const GameRecord& game, const std::string& white,
                           const std::string& black) = 0;
    // After the game is counted: the running score, as often as the form prints it.
    virtual void after_game(std::ostream& out, const ConsoleTally& tally) = 0;
    // The closing lines, "Finished match" (then fastchess's "Total Time: ...") last.
    virtual void closing(std::ostream& out, const ConsoleTally& tally) = 0;
};

// The one factory of the forms (console_forms.h), from the plan's -output format= and the tool
// spoken: fastchess's lines, fastchess's cutechess form (spoken as fastchess), or cutechess-cli's.
std::unique_ptr<ConsoleLines> make_console_lines(const OutputPlan& settings,
                                                 const TournamentConfig& config);

// Prints a match's lines in the cutechess or fastchess form (settings.format, one ConsoleLines)
// as the tournament reports its games. Engine events (restarts) go to `diagnostics`, so that
// each crash, stall or time loss appears on exactly one line of `out`. Thread-safe; after
// finish() it prints nothing more.
class CutechessConsole : public TournamentObserver {
  public:
    CutechessConsole(std::ostream& out, std::ostream& diagnostics, const OutputPlan& settings,
                     const TournamentConfig& config);

    // A resumed match: when started() reports games already played, their results are read
    // from `store` and counted in the scores (not printed). Call before the run starts.
    void count_earlier_from(Store& store) { store_ = &store; }
    // The options each engine declared, with the values its configuration set, by engine index
    // (fastchess's header shows Threads and Hash). Call before the run starts.
    void engines_checked(const std::vector<std::vector<DeclaredOption>>& options);
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already_played) override;
    void game_started(const ScheduleSlot& slot, const std::string& white,
                      const std::string& black) override;
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override;
    void engine_event(const std::string& message) override;
    // A knockout's bracket: printed where cutechess prints a knockout's results, in place of the
    // ratings (every -ratinginterval games and at the end).
    void bracket(const std::string& text, bool show) override;
    // A line of the run's own (fastchess's "File F has CRC32: 0x..."), printed whole among the
    // match's lines.
    void print_line(const std::string& line);
    // The closing lines (final score, Elo, SPRT or the fastchess block, "Finished match").
    void finish();

  private:
    std::ostream& out_;
    std::ostream& diagnostics_;
    std::unique_ptr<ConsoleLines> lines_;
    ConsoleTally tally_;
    Store* store_ = nullptr;  // count_earlier_from()
    bool closed_ = false;
    std::mutex mutex_;
};

}  // namespace arbiter
