#include "engines/core/chess960.h"

#include <cctype>
#include <stdexcept>

namespace arbiter {

namespace {

// Puts `piece` on the n-th still empty square of `rank` (n from 0).
void place_on_empty(std::string& rank, int n, char piece) {
    for (char& square : rank)
        if (square == '.' && n-- == 0) {
            square = piece;
            return;
        }
}

}  // namespace

std::string chess960_back_rank(int number) {
    if (number < 0 || number >= CHESS960_POSITIONS)
        throw std::out_of_range("Chess960 position number " + std::to_string(number) +
                                " is not in 0-959");
    // Scharnagl: the light-squared bishop (b, d, f, h), the dark-squared one (a, c, e, g), the
    // queen on one of six empty squares, the knights by one of ten patterns over the five
    // squares left, and rook, king, rook on the last three.
    static constexpr const char* knights[10] = {"NN...", "N.N..", "N..N.", "N...N", ".NN..",
                                                ".N.N.", ".N..N", "..NN.", "..N.N", "...NN"};
    std::string rank(8, '.');
    int n = number;
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    place_on_empty(rank, n % 6, 'Q');
    n /= 6;
    for (int i = 4; i >= 0; --i)
        if (knights[n][i] == 'N') place_on_empty(rank, i, 'N');
    place_on_empty(rank, 0, 'R');
    place_on_empty(rank, 0, 'K');
    place_on_empty(rank, 0, 'R');
    return rank;
}

std::string dfrc_fen(int white, int black) {
    std::string black_rank = chess960_back_rank(black);
    for (char& c : black_rank) c = char(std::tolower(static_cast<unsigned char>(c)));
    return black_rank + "/pppppppp/8/8/8/8/PPPPPPPP/" + chess960_back_rank(white) + " w KQkq - 0 1";
}

std::string chess960_fen(int number) {
    return dfrc_fen(number, number);
}

}  // namespace arbiter
