// An engine's evaluation as one value from the protocol clients to the store and every output:
// centipawns or a distance to mate, with the bound the engine knows it as. Inside arbiter a mate
// counts plies; the protocols, the store's column and the PGN comments of cutechess count moves,
// and the conversions between the two live here only.
#pragma once

#include <optional>
#include <string>

namespace arbiter {

// An evaluation from the point of view of the side that searched: centipawns, or a mate in plies
// (positive: the searcher mates in that many plies; zero or negative: it is mated), and whether
// the engine knows only a bound (a fail-high or -low). Mate distances in moves convert exactly
// both ways: mate in N moves is 2N - 1 plies, mated in N moves is -2N plies ("mate 0", mated on
// the board, is 0). Made by the from_* functions, so that a value always says its unit.
class Score {
  public:
    enum class Kind { centipawns, mate };
    enum class Bound { exact, lower, upper };

    Score() = default;  // 0 centipawns, exact

    // A score of `centipawns`.
    static Score from_centipawns(int centipawns, Bound bound = Bound::exact);
    // A mate `plies` plies away (negative or zero: the searcher is mated).
    static Score from_mate_plies(int plies, Bound bound = Bound::exact);
    // A mate `moves` moves away as UCI, XBoard and the store count it (negative or zero: the
    // searcher is mated); beyond the int range in plies it saturates (no engine's real mate is).
    static Score from_mate_moves(int moves, Bound bound = Bound::exact);

    Kind kind() const { return kind_; }
    bool is_mate() const { return kind_ == Kind::mate; }
    Bound bound() const { return bound_; }
    // The centipawns of a centipawn score; 0 for a mate.
    int centipawns() const { return is_mate() ? 0 : value_; }
    // The plies to mate of a mate score (negative or zero when mated); 0 for centipawns.
    int mate_plies() const { return is_mate() ? value_ : 0; }
    // The mate distance in moves, as UCI and cutechess count it: (plies + 1) / 2 in magnitude,
    // with the sign of the plies; 0 for centipawns.
    int mate_moves() const;
    // The number UCI writes after `cp` or `mate`: centipawns, or moves to mate.
    int uci_value() const { return is_mate() ? mate_moves() : value_; }
    // The same score with bound `bound`.
    Score with_bound(Bound bound) const;
    // The same position's score from the other side's point of view (exact): centipawns negated,
    // a mate in N plies becomes mated in N plies and back; being mated now ("mate 0") becomes
    // having mated, one ply.
    Score negated() const;

    bool operator==(const Score&) const = default;

  private:
    Score(Kind kind, int value, Bound bound) : kind_(kind), value_(value), bound_(bound) {}

    Kind kind_ = Kind::centipawns;
    int value_ = 0;  // centipawns or plies
    Bound bound_ = Bound::exact;
};

// The score as PGN's [%eval] and the live events write it: pawns with two decimals ("0.35",
// "-1.20") or a mate in moves ("#3", "#-2"), from the score's own point of view.
std::string eval_text(const Score& score);

// The score as UCI writes it after `score`: "cp 35", "mate -3", then " lowerbound" or
// " upperbound" for a bound.
std::string to_uci(const Score& score);

// The centipawns of `score` if it is a centipawn score, else nothing (the store's score_cp).
std::optional<int> centipawns_of(const std::optional<Score>& score);

// The moves to mate of `score` if it is a mate, else nothing (the store's score_mate).
std::optional<int> mate_moves_of(const std::optional<Score>& score);

// The exact score the store's two columns hold (a move's bound has a column of its own): the
// mate in moves if `mate_moves` is set, else the centipawns if set, else nothing.
std::optional<Score> score_from_columns(std::optional<int> centipawns,
                                        std::optional<int> mate_moves);

}  // namespace arbiter
