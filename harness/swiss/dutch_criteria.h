// The facts of one round that the Dutch criteria read, indexed by vertex: the players still to
// pair sorted by score (highest first) and pairing number. Colour preferences, floats of the last
// two rounds, compatibility under the absolute criteria, bye eligibility and the bit layout of
// the score fields. Used by dutch_pairer.h; no matching here.
#pragma once

#include <map>
#include <vector>

#include "harness/swiss/tournament_record.h"

namespace arbiter::swiss {

enum class Float { down, up, none };

class DutchCriteria {
  public:
    explicit DutchCriteria(const SwissTournament& tournament);

    int size() const { return static_cast<int>(sorted_.size()); }
    int player(int vertex) const { return sorted_[static_cast<std::size_t>(vertex)]; }
    const PlayerState& state(int vertex) const {
        return states_[static_cast<std::size_t>(player(vertex))];
    }
    int score(int vertex) const { return state(vertex).score; }
    int played_rounds() const { return played_; }
    bool odd() const { return sorted_.size() % 2 == 1; }

    // C.1 and C.3: the two may meet (no earlier game; not two non-topscorers, or any two players
    // before the last round, with the same absolute colour preference).
    bool compatible(int a, int b) const;
    // C.2: the player has not had a pairing-allocated bye.
    bool eligible_for_bye(int vertex) const { return !state(vertex).had_bye; }
    // The player's float `rounds_back` rounds ago (1 or 2).
    Float float_of(int vertex, int rounds_back) const;

    // The score fields: one segment per score, lowest score at bit 0.
    int score_shift(int score) const { return shift_.at(score); }
    int score_bits() const { return score_bits_; }
    // Bits that hold any count of players or pairs.
    int count_bits() const { return count_bits_; }

    // The four colour criteria of a pair (true when the pair keeps it).
    bool keeps_colour_difference(int lower, int higher) const;
    bool keeps_no_three_in_a_row(int lower, int higher) const;
    bool keeps_preferences(int lower, int higher) const;
    bool keeps_strong_preferences(int lower, int higher) const;

    // Section E: the colour of `first` against `second` (pairing numbers' vertices).
    Colour colour_of(int first, int second) const;

  private:
    const SwissTournament& tournament_;
    int played_ = 0;
    std::vector<PlayerState> states_;
    std::vector<int> score_before_[2];
    std::vector<int> sorted_;
    std::vector<std::vector<bool>> met_;
    std::map<int, int> shift_;
    int score_bits_ = 0;
    int count_bits_ = 0;
};

// The number of bits needed to write `value` (0 for 0).
int bits_for(long long value);

}  // namespace arbiter::swiss
