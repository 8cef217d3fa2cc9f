#include "engines/search/move_order.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "engines/core/psqt.h"

namespace arbiter {

namespace {

constexpr int PROMOTION_BONUS = 1000;  // above any piece-square gain

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

int noisy_score(const Position& pos, Move m) {
    int score = mvv_lva(pos, m);
    if (m.kind() == Move::PROMOTION && m.promotion() == QUEEN) score += QUEEN * 8;
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
    : pos_(pos), moves_(moves), hash_candidate_(hash_move) {}

MovePicker::MovePicker(const Position& pos, MoveList& moves, Move hash_move,
                       const QuietOrdering& quiet)
    : pos_(pos), moves_(moves), hash_candidate_(hash_move), quiet_(quiet) {}

MovePicker::MovePicker(const Position& pos, MoveList& moves, Quiescence)
    : pos_(pos), moves_(moves), hash_candidate_(Move::none()), stage_(Stage::score_given) {}

Move MovePicker::pick_best() {
    std::size_t best = next_;
    for (std::size_t i = next_ + 1; i < moves_.size(); ++i)
        if (keys_[i] > keys_[best]) best = i;
    std::swap(moves_[best], moves_[next_]);
    std::swap(keys_[best], keys_[next_]);
    return moves_[next_++];
}

template <typename Generate, typename Score>
void MovePicker::add_stage(Generate generate, Score score) {
    std::size_t begin = moves_.size(), kept = begin;
    generate(pos_, moves_);
    for (std::size_t i = begin; i < moves_.size(); ++i) {
        Move m = moves_[i];
        if (handed_out_early(m)) continue;
        keys_[kept] = sort_key(score(m), i - begin);
        moves_[kept++] = m;
    }
    moves_.resize(kept);
}

bool MovePicker::take_killer(Move killer) {
    if (!killer || handed_out_early(killer) || pos_.is_capture(killer) || !is_legal(pos_, killer))
        return false;
    killers_taken_[killer_index_ - 1] = killer;
    moves_.push(killer);
    ++next_;
    return true;
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
        case Stage::score_given:
            for (std::size_t i = 0; i < moves_.size(); ++i)
                keys_[i] = sort_key(noisy_score(pos_, moves_[i]), i);
            stage_ = Stage::given;
            [[fallthrough]];

        case Stage::given:
            if (next_ < moves_.size()) return pick_best();
            stage_ = Stage::done;
            return Move::none();

        case Stage::hash_move:
            moves_.clear();
            stage_ = Stage::generate_captures;
            if (hash_candidate_ && is_legal(pos_, hash_candidate_)) {
                hash_move_ = hash_candidate_;
                moves_.push(hash_move_);
                next_ = 1;
                return hash_move_;
            }
            [[fallthrough]];

        case Stage::generate_captures:
            // Most nodes that get here cut off on a capture or search captures only, so the
            // quiet moves are not even generated yet.
            add_stage(generate_captures, [this](Move m) { return mvv_lva(pos_, m); });
            stage_ = Stage::captures;
            [[fallthrough]];

        case Stage::captures:
            if (next_ < moves_.size()) return pick_best();
            stage_ = Stage::killers;
            [[fallthrough]];

        case Stage::killers:
            while (killer_index_ < 2)
                if (take_killer(quiet_.killers[killer_index_++])) return moves_[next_ - 1];
            stage_ = Stage::generate_quiets;
            [[fallthrough]];

        case Stage::generate_quiets:
            add_stage(generate_quiets, [this](Move m) {
                int score = quiet_score(pos_, m);
                if (quiet_.history) score += quiet_.history->score(pos_.side_to_move(), m);
                return score;
            });
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
                return sorted_ ? moves_[next_++] : pick_best();
            }
            stage_ = Stage::done;
            [[fallthrough]];

        case Stage::done:
            return Move::none();
    }
    return Move::none();
}

}  // namespace arbiter
