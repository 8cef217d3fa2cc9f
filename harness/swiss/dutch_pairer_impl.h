// The weights and the first steps of DutchPairer (dutch_pairer.h): the edge weight of a pair,
// the completion of the round and the bye assignee. Included at the end of dutch_pairer.h only.
#pragma once

namespace arbiter::swiss {

template <typename Weight>
Weight DutchPairer<Weight>::edge_weight(int higher, int lower, bool in_current,
                                        bool in_next) const {
    if (!c_.compatible(higher, lower)) return Weight(0);
    const int count = c_.count_bits();
    const int scores = c_.score_bits();
    const Weight zero(0);
    // Completion, and the bye to a candidate: 1 per pair, 1 per non-candidate paired.
    Weight w(1 + (bye_candidate(higher) ? 0 : 1) + (bye_candidate(lower) ? 0 : 1));
    append(w, count, Weight(in_current ? 1 : 0));
    append(w, scores, in_current ? score_bit(higher) : zero);
    append(w, count, Weight(in_next ? 1 : 0));
    append(w, scores, in_next ? score_bit(higher) : zero);
    // The bye assignee's unplayed games: pair those who played fewer games first.
    Weight ranks(0);
    if (single_downfloater_bye_) {
        if (c_.score(higher) == bye_score_)
            ranks += Weight(unplayed_rank_.at(c_.state(higher).played_games));
        if (c_.score(lower) == bye_score_)
            ranks += Weight(unplayed_rank_.at(c_.state(lower).played_games));
    }
    append(w, 2 * count, ranks);
    append_colour_bits(w, higher, lower, in_current);
    append_float_bits(w, higher, lower, in_current);
    // Room for the order of candidates: exchanges, exchanged numbers, one trial bit.
    append(w, 3 * count + 1, zero);
    return w;
}

template <typename Weight>
void DutchPairer<Weight>::append_colour_bits(Weight& w, int higher, int lower,
                                             bool in_current) const {
    const int count = c_.count_bits();
    append(w, count, Weight(in_current && c_.keeps_colour_difference(lower, higher) ? 1 : 0));
    append(w, count, Weight(in_current && c_.keeps_no_three_in_a_row(lower, higher) ? 1 : 0));
    append(w, count, Weight(in_current && c_.keeps_preferences(lower, higher) ? 1 : 0));
    append(w, count, Weight(in_current && c_.keeps_strong_preferences(lower, higher) ? 1 : 0));
}

template <typename Weight>
void DutchPairer<Weight>::append_float_bits(Weight& w, int higher, int lower,
                                            bool in_current) const {
    const int count = c_.count_bits();
    const int scores = c_.score_bits();
    const int played = c_.played_rounds();
    const bool higher_scores_more = c_.score(higher) > c_.score(lower);
    auto repeats = [&](int rounds_back) {
        Float lf = c_.float_of(lower, rounds_back);
        Float hf = c_.float_of(higher, rounds_back);
        int down = (lf == Float::down ? 1 : 0) + (!higher_scores_more && hf == Float::down ? 1 : 0);
        int up = !(higher_scores_more && lf == Float::up) ? 1 : 0;
        append(w, count, Weight(in_current ? down : 0));
        append(w, count, Weight(in_current ? up : 0));
    };
    auto scores_of = [&](int rounds_back) {
        Float lf = c_.float_of(lower, rounds_back);
        Float hf = c_.float_of(higher, rounds_back);
        Weight down(0);
        Weight up(0);
        if (in_current) {
            if (lf == Float::down) down += score_bit(lower);
            if (hf == Float::down) down += score_bit(higher);
            if (!(lf == Float::up && higher_scores_more)) up = score_bit(higher);
        }
        append(w, scores, down);
        append(w, scores, up);
    };
    if (played >= 1) repeats(1);
    if (played >= 2) repeats(2);
    if (played >= 1) scores_of(1);
    if (played >= 2) scores_of(2);
}

// Finds whether the round can be completed and, for an odd number of players, the lowest score
// at which the bye can be given; then sets every edge to its completion weight.
template <typename Weight>
void DutchPairer<Weight>::complete_round() {
    const int count = c_.count_bits();
    const int shift_sum_bits = bits_for(static_cast<long long>(n_) * c_.score_bits()) + 1;
    for (int b = 0; b < n_; ++b) {
        for (int a = 0; a < b; ++a) {
            Weight w(0);
            if (!c_.odd()) {
                w = edge_weight(a, b, false, false);
            } else if (c_.compatible(a, b)) {
                w = Weight(1 + (c_.eligible_for_bye(a) ? 0 : 1) + (c_.eligible_for_bye(b) ? 0 : 1));
                append(w, shift_sum_bits,
                       Weight(c_.score_shift(c_.score(a)) + c_.score_shift(c_.score(b))));
                append(w, count, Weight(c_.score(b) >= c_.score(0) ? 1 : 0));
            }
            set(a, b, w);
        }
    }
    solve();
    std::vector<int> mates(at(n_));
    int unmatched = 0;
    for (int v = 0; v < n_; ++v) {
        mates[at(v)] = mate(v);
        if (mate(v) != v) continue;
        if (++unmatched > 1 || !c_.eligible_for_bye(v))
            throw NoValidPairing("no pairing of round " + std::to_string(c_.played_rounds() + 1) +
                                 " meets the absolute criteria");
    }
    if (c_.odd()) settle_bye_assignee(mates);
}

template <typename Weight>
void DutchPairer<Weight>::settle_bye_assignee(const std::vector<int>& first_matching) {
    for (int v = 0; v < n_; ++v)
        if (first_matching[at(v)] == v) bye_score_ = c_.score(v);
    const int top = c_.score(0);
    single_downfloater_bye_ = bye_score_ >= top;
    for (int v = 0; v < n_ && single_downfloater_bye_ && c_.score(v) >= top; ++v)
        if (c_.score(first_matching[at(v)]) < top) single_downfloater_bye_ = false;
    std::vector<int> played;
    for (int v = 0; v < n_; ++v)
        if (c_.score(v) == bye_score_) played.push_back(c_.state(v).played_games);
    std::sort(played.rbegin(), played.rend());
    int rank = 0;
    for (int games : played) unplayed_rank_[games] = rank++;
    for (int b = 0; b < n_; ++b)
        for (int a = 0; a < b; ++a) set(a, b, edge_weight(a, b, false, false));
}

template <typename Weight>
std::vector<int> DutchPairer<Weight>::run() {
    complete_round();
    Bracket b;
    int next = 0;  // the first vertex of the next score group not yet loaded
    auto load_group = [&]() {
        int score = c_.score(next);
        while (next < n_ && c_.score(next) == score) b.players.push_back(next++);
    };
    if (n_ > 0) load_group();
    while (b.players.size() > 1 || next < n_) {
        // Step 1. The bracket and the next score group.
        b.current = b.players.size();
        b.next_group = b.group_begin + static_cast<int>(b.current - b.mdps);
        const int next_group_start = next;
        if (next < n_) load_group();
        // Step 2. Pair it.
        pair_bracket(b);
        // Step 3. Who moves down into the next bracket.
        single_downfloater_bye_ =
            c_.odd() && next_group_start < n_ && bye_score_ >= c_.score(next_group_start);
        std::vector<int> carried;
        std::size_t mdps = 0;
        for (std::size_t i = 0; i < b.players.size(); ++i) {
            int v = b.players[i];
            if (i < b.current && matched_[at(v)]) continue;
            carried.push_back(v);
            if (i < b.current) ++mdps;
            if (single_downfloater_bye_ && c_.score(mate(v)) < c_.score(next_group_start))
                single_downfloater_bye_ = false;
        }
        if (next_group_start == n_ && carried.size() > 1)
            throw NoValidPairing("the last bracket of round " +
                                 std::to_string(c_.played_rounds() + 1) + " was left unpaired");
        b.players = carried;
        b.mdps = mdps;
        b.group_begin = b.next_group;
    }
    std::vector<int> result(at(n_));
    for (int v = 0; v < n_; ++v) result[at(v)] = fixed_[at(v)] >= 0 ? fixed_[at(v)] : v;
    return result;
}

}  // namespace arbiter::swiss

#include "harness/swiss/dutch_bracket_impl.h"
