// The pairing of one bracket by DutchPairer (dutch_pairer.h): the moved-down players (MDPs) paired
// here and their opponents, then the remainder with its exchanges and each S1 player's opponent.
// Included at the end of dutch_pairer_impl.h only.
#pragma once

namespace arbiter::swiss {

template <typename Weight>
void DutchPairer<Weight>::pair_bracket(Bracket& b) {
    // Edges whose lower player is a resident of this bracket or in the next score group.
    for (std::size_t j = b.mdps; j < b.players.size(); ++j) {
        for (std::size_t i = 0; i < j; ++i) {
            int h = b.players[i];
            int l = b.players[j];
            base(h, l) = edge_weight(h, l, j < b.current, j >= b.current);
            set(h, l, base(h, l));
        }
    }
    solve();
    choose_moved_down(b);
    choose_moved_down_opponents(b);
    pair_remainder(b);
}

// Which MDPs are paired in this bracket: of those with one score, the highest ones that can be.
template <typename Weight>
void DutchPairer<Weight>::choose_moved_down(Bracket& b) {
    auto resident = [&](int v) { return v >= b.group_begin && v < b.next_group; };
    const Weight residents(static_cast<long long>(b.current - b.mdps));
    int score = 0;
    std::size_t remaining = 0;
    std::size_t remaining_matched = 0;
    for (std::size_t i = 0; i < b.mdps; ++i) {
        int v = b.players[i];
        if (i == 0 || c_.score(v) < score) {
            score = c_.score(v);
            remaining = remaining_matched = 0;
            for (std::size_t k = i; k < b.players.size() && c_.score(b.players[k]) >= score; ++k) {
                ++remaining;
                if (resident(mate(b.players[k]))) ++remaining_matched;
            }
        }
        if (remaining_matched == 0) continue;
        if (remaining <= remaining_matched) {
            matched_[at(v)] = true;
            continue;
        }
        --remaining;
        if (!resident(mate(v))) {
            for (std::size_t j = b.mdps; j < b.current; ++j)
                if (base(v, b.players[j]) != Weight(0))
                    set(v, b.players[j], base(v, b.players[j]) + 1);
            solve();
        }
        if (resident(mate(v))) {
            matched_[at(v)] = true;
            --remaining_matched;
            for (std::size_t j = b.mdps; j < b.current; ++j)
                if (base(v, b.players[j]) != Weight(0))
                    set(v, b.players[j], base(v, b.players[j]) + residents + 1);
        }
    }
}

// Each paired MDP in turn takes the highest resident it can.
template <typename Weight>
void DutchPairer<Weight>::choose_moved_down_opponents(Bracket& b) {
    for (std::size_t i = 0; i < b.mdps; ++i) {
        int v = b.players[i];
        if (!matched_[at(v)]) continue;
        Weight addend(static_cast<long long>(b.players.size()));
        int top = -1;  // the highest resident v may meet, whom the largest addend prefers
        for (std::size_t j = b.current; j-- > b.mdps;) {
            int o = b.players[j];
            if (matched_[at(o)] || base(v, o) == Weight(0)) continue;
            set(v, o, base(v, o) + addend);
            addend += 1;
            top = o;
        }
        // Already paired with it: every optimum still pairs them (see pair_s1_in_order).
        if (mate(v) != top) solve();
        finalize(v, mate(v));
    }
}

template <typename Weight>
void DutchPairer<Weight>::pair_remainder(Bracket& b) {
    // The remainder: residents not paired with an MDP; S1 is its first `pairs` players.
    std::vector<int> rem;
    std::size_t pairs = 0;
    for (std::size_t j = b.mdps; j < b.current; ++j) {
        int v = b.players[j];
        if (mate(v) < b.group_begin) continue;
        rem.push_back(v);
        if (mate(v) < v) ++pairs;
    }
    for (std::size_t a = 0; a < rem.size(); ++a)
        for (std::size_t c = a + 1; c < rem.size(); ++c)
            set(rem[a], rem[c], exchange_weight(rem[a], rem[c], a, pairs));
    solve();
    std::size_t exchanges = 0;
    for (std::size_t a = 0; a < pairs; ++a) exchanges += higher_member(b, rem[a]) ? 0 : 1;
    move_lowest_s1_down(b, rem, pairs, exchanges);
    move_highest_s2_up(b, rem, pairs, exchanges);
    // Only edges from the new S1 down to the new S2 remain.
    for (std::size_t a = 0; a < rem.size(); ++a) {
        for (std::size_t c = a + 1; c < rem.size(); ++c) {
            if (!higher_member(b, rem[a]) || higher_member(b, rem[c]))
                base(rem[a], rem[c]) = Weight(0);
            set(rem[a], rem[c], base(rem[a], rem[c]));
        }
    }
    pair_s1_in_order(b, rem);
}

// The exchanges move the lowest S1 players possible to S2.
template <typename Weight>
void DutchPairer<Weight>::move_lowest_s1_down(const Bracket& b, const std::vector<int>& rem,
                                              std::size_t pairs, std::size_t exchanges) {
    std::size_t left = exchanges;
    for (std::size_t k = pairs; k-- > 0 && left > 0;) {
        int p = rem[k];
        if (higher_member(b, p)) {
            for (std::size_t c = k + 1; c < rem.size(); ++c) {
                Weight w = exchange_weight(p, rem[c], k, pairs);
                if (w != Weight(0)) set(p, rem[c], w - 1);
            }
            solve();
        }
        bool exchange = !higher_member(b, p);
        left -= exchange ? 1 : 0;
        for (std::size_t c = k + 1; c < rem.size(); ++c) {
            if (exchange) base(p, rem[c]) = Weight(0);
            set(p, rem[c], exchange_weight(p, rem[c], k, pairs));
        }
    }
}

// The exchanges move the highest S2 players possible to S1.
template <typename Weight>
void DutchPairer<Weight>::move_highest_s2_up(const Bracket& b, const std::vector<int>& rem,
                                             std::size_t pairs, std::size_t exchanges) {
    std::size_t left = exchanges;
    for (std::size_t k = pairs; k < rem.size() && left > 1; ++k) {
        int p = rem[k];
        bool already = higher_member(b, p);
        if (!already) {
            for (std::size_t c = k + 1; c < rem.size(); ++c) {
                Weight w = exchange_weight(p, rem[c], k, pairs);
                if (w != Weight(0)) set(p, rem[c], w + 1);
            }
            solve();
        }
        if (higher_member(b, p)) {
            --left;
            for (std::size_t c = 0; c < k; ++c) {
                base(p, rem[c]) = Weight(0);
                set(p, rem[c], Weight(0));
            }
            for (std::size_t j = b.current; j < b.players.size(); ++j) {
                base(p, b.players[j]) = Weight(0);
                set(p, b.players[j], Weight(0));
            }
        }
        if (!already)
            for (std::size_t c = k + 1; c < rem.size(); ++c)
                set(p, rem[c], exchange_weight(p, rem[c], k, pairs));
    }
}

// Each S1 player in order takes the highest S2 player it can.
template <typename Weight>
void DutchPairer<Weight>::pair_s1_in_order(const Bracket& b, const std::vector<int>& rem) {
    for (int p : rem) {
        if (!higher_member(b, p)) continue;
        Weight addend(0);
        int top = -1;  // the highest S2 player p may meet, whom the largest addend prefers
        for (std::size_t c = rem.size(); c-- > 0;) {
            int o = rem[c];
            if (o <= p || matched_[at(o)]) continue;
            if (base(p, o) != Weight(0)) {
                set(p, o, base(p, o) + addend);
                top = o;
            }
            addend += 1;
        }
        // When p is already paired with `top`, the matching stays optimal with the addends (no
        // other matching gains more) and every optimum pairs p with `top`: no need to solve.
        if (mate(p) != top) solve();
        finalize(p, mate(p));
    }
}

}  // namespace arbiter::swiss
