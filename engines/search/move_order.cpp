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

std::size_t generation_index(std::int32_t key) {
    return std::size_t(255 - (key & 255));
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
    : pos_(pos), moves_(moves) {
    if (!hash_move) return;
    if (moves.contains(hash_move)) hash_move_ = hash_move;
}

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

Move MovePicker::pick_capture() {
    std::size_t best = next_;
    for (std::size_t i = next_ + 1; i < capture_end_; ++i)
        if (keys_[i] > keys_[best]) best = i;
    std::swap(keys_[best], keys_[next_]);
    return moves_[generation_index(keys_[next_++])];
}

void MovePicker::lay_out() {
    Move ordered[MoveList::CAPACITY];
    std::size_t k = 0;
    if (hash_move_) ordered[k++] = hash_move_;
    for (; k < capture_end_; ++k) ordered[k] = moves_[generation_index(keys_[k])];
    for (std::size_t i = 0; i < moves_.size(); ++i) {
        Move m = moves_[i];
        if (m == hash_move_ || is_capture(m)) continue;
        keys_[k] = sort_key(0, i);
        ordered[k++] = m;
    }
    std::copy(ordered, ordered + k, moves_.begin());
}

void MovePicker::sort_rest() {
    std::size_t n = moves_.size() - next_;
    std::uint64_t packed[MoveList::CAPACITY];
    for (std::size_t i = 0; i < n; ++i)  // key in the high half (offset to stay unsigned)
        packed[i] = (std::uint64_t(std::uint32_t(keys_[next_ + i]) ^ 0x80000000U) << 32) |
                    moves_[next_ + i].raw();
    std::sort(packed, packed + n, std::greater<>());
    for (std::size_t i = 0; i < n; ++i)  // the keys are not read again
        moves_[next_ + i] = Move(std::uint16_t(packed[i]));
}

Move MovePicker::next() {
    switch (stage_) {
        case Stage::hash_move:
            stage_ = Stage::split;
            if (hash_move_) return hash_move_;
            [[fallthrough]];

        case Stage::split: {
            // Only the captures get keys now, kept apart at keys_[next_, capture_end_) while
            // the list stays as generated: most nodes that reach this stage cut off on a
            // capture or search captures only, and never look at the quiet moves again.
            next_ = hash_move_ ? 1 : 0;  // the hash move's place in the final order
            capture_end_ = next_;
            enemies_ = pos_.pieces(~pos_.side_to_move());
            for (std::size_t i = 0; i < moves_.size(); ++i) {
                Move m = moves_[i];
                if (!is_capture(m) || m == hash_move_) continue;
                keys_[capture_end_++] = sort_key(CAPTURE_BASE + mvv_lva(pos_, m), i);
            }
            stage_ = Stage::captures;
            [[fallthrough]];
        }

        case Stage::captures:
            if (next_ < capture_end_) return pick_capture();
            lay_out();
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
