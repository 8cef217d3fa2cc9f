// Syzygy tablebases for adjudication: what a table says of a position, read through Debian's
// libfathom, and the game result cutechess-cli and fastchess adjudicate from it.
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include "engines/core/position.h"
#include "harness/config/game_config.h"
#include "harness/game/result.h"

namespace arbiter {

// A position's value for its side to move, in the five classes of a Syzygy WDL table. A cursed
// win is a win the fifty-move rule turns into a draw (the next capture or pawn move cannot come
// in time), a blessed loss the loss it saves.
enum class TablebaseWdl { loss, blessed_loss, draw, cursed_win, win };

// The Syzygy tables of one set of directories, opened once per process (libfathom keeps one set
// of tables in global state) and probed under one lock, so that games on several threads share
// them. A position is probed only when no castling right is left and the tables cover its
// number of pieces; its fifty-move counter counts, as a game's does.
class SyzygyTables {
  public:
    // The tables in `paths` (directories separated by ':'), opened on first use; other paths
    // close the previous ones (Debian's libfathom then prints a spurious "munmap: ..." line on
    // stderr per closed table: its success check is inverted; a tournament opens one set). Throws
    // std::runtime_error when they hold no table file.
    static SyzygyTables& open(const std::string& paths);

    // Pieces (kings included) of the largest table found.
    int largest() const { return largest_; }

    // The table's value of `pos` for its side to move with its fifty-move counter, or nullopt
    // when no table holds it: too many pieces, a castling right, or (with a non-zero counter) no
    // DTZ table, which alone tells whether the counter leaves time to win.
    std::optional<TablebaseWdl> probe(const Position& pos) const;

  private:
    SyzygyTables() = default;

    std::string paths_;
    int largest_ = 0;
    mutable std::mutex mutex_;  // libfathom's root (DTZ) probe is not thread-safe; WDL's is
};

// The verdict on a position with `wdl` for `side_to_move`, as cutechess-cli and fastchess word
// it (termination Termination::tablebase): a cursed win or blessed loss is a draw unless
// `settings.ignore_50`; nullopt when `settings.results` keeps that kind of result out (fastchess's
// -tbadjudicate WIN_LOSS or DRAW).
std::optional<Result> tablebase_verdict(TablebaseWdl wdl, Color side_to_move,
                                        const TablebaseSettings& settings);

// The verdict of the tables `settings` name on `pos`, if they hold it and it has at most
// `settings.max_pieces` pieces (when set). Throws std::runtime_error as SyzygyTables::open.
std::optional<Result> adjudicate_by_tablebase(const Position& pos,
                                              const TablebaseSettings& settings);

}  // namespace arbiter
