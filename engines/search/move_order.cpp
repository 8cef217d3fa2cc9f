#include "engines/search/move_order.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "engines/core/psqt.h"

namespace arbiter {

namespace {

constexpr int PROMOTION_BONUS = 1000;  // above any piece-square gain
constexpr int CAPTURE_BASE = 4096;     // above any quiet score

std::int32_t sort_key(int score, std::size_t generation_index) {
    return std::int32_t(score * 256 + (255 - int(generation_index)));
}

}  // namespace

int mvv_lva(const Position& pos, Move m) {
    if (!pos.is_capture(m)) return 0;
    PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
    PieceType attacker = type_of(pos.moved_piece(m));
    return 1 + victim * 8 + (KING - attacker);
}

int quiet_score(const Position& pos, Move m) {
    Piece pc = pos.moved_piece(m);
    int score = psqt::square_value(pc, m.to()) - psqt::square_value(pc, m.from());
    if (m.kind() == Move::PROMOTION && m.promotion() == QUEEN) score += PROMOTION_BONUS;
    return score;
}

void KillerTable::clear() {
    for (auto& pair : killers_) pair[0] = pair[1] = Move::none();
}

void KillerTable::record(int ply, Move m) {
    if (killers_[ply][0] == m) return;
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
}

void HistoryTable::clear() {
    for (auto& side : scores_)
        for (auto& from : side)
            for (int& score : from) score = 0;
}

void HistoryTable::record(Color side, Move m, int depth) {
    int& score = scores_[side][m.from()][m.to()];
    score += depth * depth;
    if (score < LIMIT) return;
    for (auto& from : scores_[side])  // age: keep the ranking, make room for new evidence
        for (int& s : from) s /= 2;
}

MovePicker::MovePicker(const Position& pos, MoveList& moves, Move hash_move)
    : pos_(pos),
      moves_(moves),
      hash_move_(hash_move && moves.contains(hash_move) ? hash_move : Move::none()) {}

MovePicker::MovePicker(const Position& pos, MoveList& moves, Move hash_move,
                       const QuietOrdering& quiet)
    : MovePicker(pos, moves, hash_move) {
    quiet_ = quiet;
}

Move MovePicker::pick_best(std::size_t end) {
    std::size_t best = next_;
    for (std::size_t i = next_ + 1; i < end; ++i)
        if (keys_[i] > keys_[best]) best = i;
    std::swap(moves_[best], moves_[next_]);
    std::swap(keys_[best], keys_[next_]);
    return moves_[next_++];
}

void MovePicker::sort_rest() {
    std::size_t n = moves_.size() - next_;
    std::uint64_t packed[MoveList::CAPACITY];
    for (std::size_t i = 0; i < n; ++i)  // key in the high half (offset to stay unsigned)
        packed[i] = (std::uint64_t(std::uint32_t(keys_[next_ + i]) ^ 0x80000000U) << 32) |
                    moves_[next_ + i].raw();
    std::sort(packed, packed + n, std::greater<>());
    for (std::size_t i = 0; i < n; ++i) {
        moves_[next_ + i] = Move(std::uint16_t(packed[i]));
        keys_[next_ + i] = std::int32_t(std::uint32_t(packed[i] >> 32) ^ 0x80000000U);
    }
}

Move MovePicker::next() {
    switch (stage_) {
        case Stage::hash_move:
            stage_ = Stage::split;
            if (hash_move_) return hash_move_;
            [[fallthrough]];

        case Stage::split: {
            // Keys for the captures now; quiet moves get only their tie-break part here and
            // their score when (if) their stage is reached. Keys sort captures above quiets.
            std::size_t n = moves_.size();
            for (std::size_t i = 0; i < n; ++i) {
                int victim_attacker = mvv_lva(pos_, moves_[i]);
                keys_[i] = sort_key(victim_attacker ? CAPTURE_BASE + victim_attacker : 0, i);
                capture_count_ += victim_attacker != 0;
            }
            next_ = 0;
            if (hash_move_) {  // handed out already: park it at the front
                std::size_t h = 0;
                while (moves_[h] != hash_move_) ++h;
                capture_count_ -= keys_[h] >= sort_key(CAPTURE_BASE, 255);
                std::swap(moves_[0], moves_[h]);
                std::swap(keys_[0], keys_[h]);
                next_ = 1;
            }
            capture_end_ = next_ + capture_count_;
            stage_ = Stage::captures;
            [[fallthrough]];
        }

        case Stage::captures:
            if (next_ < capture_end_) return pick_best(moves_.size());
            stage_ = Stage::killers;
            [[fallthrough]];

        case Stage::killers:
            // A killer is handed out if it is one of the quiet moves not yet handed out.
            while (killer_index_ < 2) {
                Move killer = quiet_.killers[killer_index_++];
                if (!killer || killer == hash_move_) continue;
                for (std::size_t i = next_; i < moves_.size(); ++i) {
                    if (moves_[i] != killer) continue;
                    std::swap(moves_[i], moves_[next_]);
                    std::swap(keys_[i], keys_[next_]);
                    return moves_[next_++];
                }
            }
            stage_ = Stage::score_quiets;
            [[fallthrough]];

        case Stage::score_quiets:
            for (std::size_t i = next_; i < moves_.size(); ++i) {
                int score = quiet_score(pos_, moves_[i]);
                if (quiet_.history) score += quiet_.history->score(pos_.side_to_move(), moves_[i]);
                keys_[i] += score * 256;
            }
            stage_ = Stage::quiets;
            [[fallthrough]];

        case Stage::quiets:
            // Selection while a cutoff is likely to come soon; past a few moves the node is
            // probably an all-node, so the rest is sorted once. Keys are unique, so both hand
            // out exactly the same order.
            if (next_ < moves_.size()) {
                if (!sorted_ && quiets_picked_++ == QUIETS_BEFORE_SORT) {
                    sort_rest();
                    sorted_ = true;
                }
                return sorted_ ? moves_[next_++] : pick_best(moves_.size());
            }
            stage_ = Stage::done;
            [[fallthrough]];

        case Stage::done:
            return Move::none();
    }
    return Move::none();
}

}  // namespace arbiter
