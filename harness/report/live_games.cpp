#include "harness/report/live_games.h"

namespace arbiter {

namespace {

OutputFile::Mode mode(bool append) {
    return append ? OutputFile::Mode::append : OutputFile::Mode::truncate;
}

}  // namespace

LiveGameFiles::LiveGameFiles(TournamentObserver& next, const TournamentConfig& config,
                             LiveGameFileSettings settings,
                             std::function<void(const std::string&)> print_line)
    : ObserverRelay(next),
      db_path_(config.db_path),
      print_line_(std::move(print_line)),
      crc_enabled_(settings.pgn_crc32 && !settings.pgn_path.empty()) {
    if (!settings.epd_path.empty())
        epd_file_.emplace(settings.epd_path, mode(settings.epd_append), settings.epd_flag);
    if (settings.pgn_path.empty()) return;
    pgn_file_.emplace(settings.pgn_path, mode(settings.pgn_append), settings.pgn_flag);
    pgn_.emplace(config, settings.pgn_fields);
    if (crc_enabled_) crc_ = file_crc32(settings.pgn_path);
}

void LiveGameFiles::engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) {
    if (pgn_) pgn_->set_own_identities(own);
    next_.engines_identified(own);
}

void LiveGameFiles::game_finished(const GameRecord& game, GameId id, const std::string& white,
                                  const std::string& black) {
    std::optional<OutputError> error;
    if (!failed_) {
        try {
            write(game, white, black);
        } catch (const OutputError& e) {
            failed_ = true;
            error.emplace(std::string(e.what()) +
                          "; the tournament stopped. Every finished game is in " + db_path_ +
                          ": `arbiter export --db " + db_path_ + " --pgn FILE` writes them all");
        }
    }
    next_.game_finished(game, id, white, black);
    if (error) throw *error;
}

void LiveGameFiles::write(const GameRecord& game, const std::string& white,
                          const std::string& black) {
    const std::string text = pgn_file_ ? pgn_->game_text(game, white, black) : std::string();
    {
        // A second stop signal never leaves half a game in the files. Standard output is not
        // held so: a stalled reader of `--pgn -` must not keep the second signal from ending
        // the run; nor is the console's CRC line below.
        std::optional<WholeWrite> whole;
        const bool to_files =
            (epd_file_ && epd_file_->path() != "-") || (pgn_file_ && pgn_file_->path() != "-");
        if (to_files) whole.emplace();
        if (epd_file_) {
            epd_file_->write(game.final_fen + "\n");
            epd_file_->flush();
        }
        if (!pgn_file_) return;
        pgn_file_->write(text);
        pgn_file_->flush();
    }
    if (!crc_enabled_) return;
    crc_.update(text);
    if (print_line_)
        print_line_("File " + pgn_file_->path() + " has CRC32: " + crc32_hex(crc_.value()));
}

void LiveGameFiles::close() {
    if (failed_) return;
    if (epd_file_) epd_file_->close();
    if (pgn_file_) pgn_file_->close();
}

}  // namespace arbiter
