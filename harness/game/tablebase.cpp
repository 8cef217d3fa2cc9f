#include "harness/game/tablebase.h"

#include <stdexcept>

#include <tbprobe.h>

namespace arbiter {

namespace {

// One process, one set of tables: libfathom's state is global.
std::mutex open_mutex;

TablebaseWdl wdl_of(unsigned fathom_wdl) {
    switch (fathom_wdl) {
        case TB_LOSS:
            return TablebaseWdl::loss;
        case TB_BLESSED_LOSS:
            return TablebaseWdl::blessed_loss;
        case TB_CURSED_WIN:
            return TablebaseWdl::cursed_win;
        case TB_WIN:
            return TablebaseWdl::win;
        default:
            return TablebaseWdl::draw;
    }
}

}  // namespace

SyzygyTables& SyzygyTables::open(const std::string& paths) {
    static SyzygyTables tables;
    std::lock_guard open_lock(open_mutex);
    if (tables.paths_ == paths && tables.largest_ > 0) return tables;
    std::lock_guard probe_lock(tables.mutex_);
    tables.paths_.clear();
    tables.largest_ = 0;
    if (!tb_init(paths.c_str()))
        throw std::runtime_error("tb: libfathom could not read the tables in " + paths);
    if (TB_LARGEST == 0) throw std::runtime_error("tb: no Syzygy table file (.rtbw) in " + paths);
    tables.paths_ = paths;
    tables.largest_ = int(TB_LARGEST);
    return tables;
}

std::optional<TablebaseWdl> SyzygyTables::probe(const Position& pos) const {
    if (popcount(pos.pieces()) > largest_ || pos.castling_rights() != NO_CASTLING)
        return std::nullopt;
    const Bitboard white = pos.pieces(WHITE), black = pos.pieces(BLACK);
    const Bitboard kings = pos.pieces(KING), queens = pos.pieces(QUEEN), rooks = pos.pieces(ROOK),
                   bishops = pos.pieces(BISHOP), knights = pos.pieces(KNIGHT),
                   pawns = pos.pieces(PAWN);
    // The core keeps an en passant square only when the capture is legal; 0 means none.
    const unsigned ep = pos.ep_square() == NO_SQUARE ? 0 : unsigned(pos.ep_square());
    const bool white_to_move = pos.side_to_move() == WHITE;
    const unsigned rule50 = unsigned(pos.rule50());

    // Right after a capture or pawn move the WDL table is exact, cursed wins included.
    if (rule50 == 0) {
        unsigned wdl = tb_probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns, 0,
                                    0, ep, white_to_move);
        if (wdl == TB_RESULT_FAILED) return std::nullopt;
        return wdl_of(wdl);
    }
    // Later, only the distance to the next zeroing move (DTZ) tells whether the counter leaves
    // time: a win whose zeroing move comes after the 100th ply is cursed.
    std::lock_guard lock(mutex_);
    unsigned result = tb_probe_root(white, black, kings, queens, rooks, bishops, knights, pawns,
                                    rule50, 0, ep, white_to_move, nullptr);
    if (result == TB_RESULT_FAILED) return std::nullopt;
    if (result == TB_RESULT_CHECKMATE) return TablebaseWdl::loss;
    if (result == TB_RESULT_STALEMATE) return TablebaseWdl::draw;
    return wdl_of(TB_GET_WDL(result));
}

std::optional<Result> tablebase_verdict(TablebaseWdl wdl, Color side_to_move,
                                        const TablebaseSettings& settings) {
    const bool wins =
        wdl == TablebaseWdl::win || (settings.ignore_50 && wdl == TablebaseWdl::cursed_win);
    const bool loses =
        wdl == TablebaseWdl::loss || (settings.ignore_50 && wdl == TablebaseWdl::blessed_loss);
    if (!wins && !loses) {
        if (settings.results == TablebaseResults::win_loss) return std::nullopt;
        return Result::draw(Termination::tablebase, "Draw by adjudication: SyzygyTB");
    }
    if (settings.results == TablebaseResults::draw) return std::nullopt;
    const Color winner = wins ? side_to_move : ~side_to_move;
    return Result::win(
        winner, Termination::tablebase,
        std::string(winner == WHITE ? "White" : "Black") + " wins by adjudication: SyzygyTB");
}

std::optional<Result> adjudicate_by_tablebase(const Position& pos,
                                              const TablebaseSettings& settings) {
    if (!settings.enabled()) return std::nullopt;
    if (settings.max_pieces && popcount(pos.pieces()) > settings.max_pieces) return std::nullopt;
    std::optional<TablebaseWdl> wdl = SyzygyTables::open(settings.paths).probe(pos);
    if (!wdl) return std::nullopt;
    return tablebase_verdict(*wdl, pos.side_to_move(), settings);
}

}  // namespace arbiter
