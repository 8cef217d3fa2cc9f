// The files a run writes each game into the moment it is recorded, for `arbiter tournament`
// (--pgn) and the cutechess-cli/fastchess dialect (-pgnout, -epdout, -crc32 pgn=true) alike.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "harness/config/output_plan.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/text/crc32.h"
#include "harness/text/output_file.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// Which live files a run writes, and how they are opened: appended to, or started empty.
struct LiveGameFileSettings {
    std::string pgn_path{};          // empty: no PGN
    std::string pgn_flag = "--pgn";  // how messages name it (the dialect's "-pgnout")
    bool pgn_append = true;
    PgnMoveFields pgn_fields{};
    bool pgn_crc32 = false;  // fastchess's "File NAME has CRC32: 0x..." line after each game
    std::string epd_path{};  // empty: no EPD
    std::string epd_flag = "--epd";  // how messages name it (the dialect's "-epdout")
    bool epd_append = true;
};

// The one observer that writes the live PGN (each game as TournamentPgn writes it) and the live
// EPD (each game's final position, as the referee left it, one FEN per line, as cutechess-cli
// writes it), in front of the observer that shows the run (the progress display, the dialect's
// console), to which it passes everything on. Each file is flushed after each game, so a run
// that is stopped leaves every game it showed in its files. One error policy: a file that
// cannot be written is written no more; the game it failed on is still shown, and then
// game_finished() throws OutputError, which ends the tournament once the games in progress are
// recorded (and shown); the message says where every game still is.
class LiveGameFiles : public ObserverRelay {
  public:
    // Opens the files; throws OutputError if one cannot be opened. `print_line` prints the CRC32
    // lines; `db_path` is named in the message of a failed write.
    LiveGameFiles(TournamentObserver& next, const TournamentConfig& config,
                  LiveGameFileSettings settings,
                  std::function<void(const std::string&)> print_line = {});

    void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override;
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override;

    // Closes the files that are still written; throws OutputError if their last bytes are lost.
    void close();

  private:
    void write(const GameRecord& game, const std::string& white, const std::string& black);

    std::string db_path_;
    std::function<void(const std::string&)> print_line_;
    bool crc_enabled_ = false;
    std::optional<OutputFile> pgn_file_;
    std::optional<OutputFile> epd_file_;
    std::optional<TournamentPgn> pgn_;
    Crc32 crc_;
    bool failed_ = false;
};

}  // namespace arbiter
