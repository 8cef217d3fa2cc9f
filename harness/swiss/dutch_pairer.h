// The Dutch pairing of one round as a sequence of maximum-weight matchings (see dutch.h): first
// the completion of the round and the score of the bye assignee, then bracket by bracket from the
// top score down: which moved-down players are paired here and against whom, then the remainder,
// the exchanges between S1 and S2 and each S1 player's opponent, each fixed by re-solving with a
// small preference added. Weight is a wide integer type (dutch.cpp picks its width).
#pragma once

#include <algorithm>
#include <map>
#include <vector>

#include "harness/swiss/dutch.h"
#include "harness/swiss/dutch_criteria.h"
#include "harness/swiss/weighted_matching.h"

namespace arbiter::swiss {

template <typename Weight>
class DutchPairer {
  public:
    explicit DutchPairer(const DutchCriteria& criteria)
        : c_(criteria),
          n_(criteria.size()),
          matching_(static_cast<std::size_t>(criteria.size())),
          active_(static_cast<std::size_t>(criteria.size()), true),
          fixed_(static_cast<std::size_t>(criteria.size()), -1),
          matched_(static_cast<std::size_t>(criteria.size()), false),
          base_(static_cast<std::size_t>(criteria.size() * criteria.size()), Weight(0)) {}

    // The vertex paired with each vertex (itself for the bye). Throws NoValidPairing.
    std::vector<int> run();

  private:
    // One bracket: MDPs are bracket[0, mdps), residents bracket[mdps, current), the next score
    // group bracket[current, size); residents are the vertices [group_begin, next_group).
    struct Bracket {
        std::vector<int> players;
        std::size_t mdps = 0;
        std::size_t current = 0;
        int group_begin = 0;
        int next_group = 0;
    };

    static std::size_t at(int v) { return static_cast<std::size_t>(v); }
    int mate(int v) const { return fixed_[at(v)] >= 0 ? fixed_[at(v)] : matching_.mate(v); }
    void solve() { matching_.solve(active_); }
    void finalize(int a, int b) {
        fixed_[at(a)] = b;
        fixed_[at(b)] = a;
        active_[at(a)] = active_[at(b)] = false;
        matched_[at(a)] = matched_[at(b)] = true;
    }
    Weight& base(int a, int b) { return base_[at(std::min(a, b)) * at(n_) + at(std::max(a, b))]; }
    void set(int a, int b, const Weight& w) { matching_.set_weight(a, b, w); }
    static void append(Weight& w, int bits, const Weight& value) {
        w <<= bits;
        w += value;
    }
    Weight score_bit(int vertex) const { return Weight(1) << c_.score_shift(c_.score(vertex)); }
    bool bye_candidate(int v) const { return c_.eligible_for_bye(v) && c_.score(v) <= bye_score_; }

    Weight edge_weight(int higher, int lower, bool in_current, bool in_next) const;
    void append_colour_bits(Weight& w, int higher, int lower, bool in_current) const;
    void append_float_bits(Weight& w, int higher, int lower, bool in_current) const;
    void complete_round();
    void settle_bye_assignee(const std::vector<int>& first_matching);
    void pair_bracket(Bracket& b);
    void choose_moved_down(Bracket& b);
    void choose_moved_down_opponents(Bracket& b);
    void pair_remainder(Bracket& b);
    // pair_remainder's steps over the remainder `rem`, whose first `pairs` players are S1.
    bool higher_member(const Bracket& b, int v) const {
        return mate(v) > v && mate(v) < b.next_group;
    }
    void move_lowest_s1_down(const Bracket& b, const std::vector<int>& rem, std::size_t pairs,
                             std::size_t exchanges);
    void move_highest_s2_up(const Bracket& b, const std::vector<int>& rem, std::size_t pairs,
                            std::size_t exchanges);
    void pair_s1_in_order(const Bracket& b, const std::vector<int>& rem);
    Weight exchange_weight(int p, int o, std::size_t index, std::size_t pairs) {
        Weight w = base(p, o);
        if (w == Weight(0)) return w;
        Weight addend(index < pairs ? 1 : 0);
        addend <<= 2 * c_.count_bits();
        addend -= Weight(static_cast<long long>(index));
        addend <<= 1;
        return w + addend;
    }

    const DutchCriteria& c_;
    int n_;
    WeightedMatching<Weight> matching_;
    std::vector<bool> active_;
    std::vector<int> fixed_;
    std::vector<bool> matched_;
    std::vector<Weight> base_;
    int bye_score_ = 0;
    bool single_downfloater_bye_ = false;
    std::map<int, int> unplayed_rank_;
};

}  // namespace arbiter::swiss

#include "harness/swiss/dutch_pairer_impl.h"
