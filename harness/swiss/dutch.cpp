#include "harness/swiss/dutch.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>

#include "harness/swiss/dutch_pairer.h"

namespace arbiter::swiss {

namespace {

template <unsigned Bits>
using Fixed = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    Bits, Bits, boost::multiprecision::signed_magnitude, boost::multiprecision::unchecked, void>>;

// The bits the largest edge weight of DutchPairer needs, with room for the matching's duals.
int weight_bits(const DutchCriteria& c) {
    const int count = c.count_bits();
    const int scores = c.score_bits();
    const int played = std::min(c.played_rounds(), 2);
    int bits = bits_for(3LL * c.size() + 3) + count + scores + count + scores + 2 * count +
               4 * count + played * (2 * count + 2 * scores) + 3 * count + 1;
    return bits + 8;
}

std::vector<int> mates_of(const DutchCriteria& criteria) {
    int bits = weight_bits(criteria);
    if (bits <= 256) return DutchPairer<Fixed<256>>(criteria).run();
    if (bits <= 512) return DutchPairer<Fixed<512>>(criteria).run();
    if (bits <= 1024) return DutchPairer<Fixed<1024>>(criteria).run();
    if (bits <= 2048) return DutchPairer<Fixed<2048>>(criteria).run();
    if (bits <= 4096) return DutchPairer<Fixed<4096>>(criteria).run();
    throw NoValidPairing("a tournament this large needs edge weights of " + std::to_string(bits) +
                         " bits, more than 4096");
}

}  // namespace

RoundPairing pair_dutch(const SwissTournament& tournament) {
    DutchCriteria criteria(tournament);
    std::vector<int> mates = mates_of(criteria);
    RoundPairing pairing;
    // Boards in order: the higher of each pair by score, then pairing number (vertex order).
    for (int v = 0; v < criteria.size(); ++v) {
        int m = mates[static_cast<std::size_t>(v)];
        if (m == v) {
            pairing.bye = criteria.player(v);
            continue;
        }
        if (m < v) continue;
        int first = criteria.player(v) < criteria.player(m) ? v : m;
        int second = first == v ? m : v;
        Colour colour = criteria.colour_of(first, second);
        int white = colour == Colour::white ? first : second;
        int black = white == first ? second : first;
        pairing.boards.emplace_back(criteria.player(white), criteria.player(black));
    }
    return pairing;
}

}  // namespace arbiter::swiss
