#include "harness/game/result.h"

namespace arbiter {

double white_points(Outcome outcome) {
    switch (outcome) {
        case Outcome::white_win:
            return 1.0;
        case Outcome::draw:
            return 0.5;
        case Outcome::black_win:
            return 0.0;
    }
    return 0.5;
}

std::optional<Outcome> parse_outcome(std::string_view text) {
    if (text == "1-0") return Outcome::white_win;
    if (text == "0-1") return Outcome::black_win;
    if (text == "1/2-1/2") return Outcome::draw;
    return std::nullopt;
}

std::string_view to_pgn(Outcome outcome) {
    switch (outcome) {
        case Outcome::white_win:
            return "1-0";
        case Outcome::draw:
            return "1/2-1/2";
        case Outcome::black_win:
            return "0-1";
    }
    return "*";
}

Result Result::win(Color winner, Termination termination, std::string description) {
    return {won_by(winner), termination, std::move(description), {}, {}};
}

Result Result::loss(Color loser, Termination termination, std::string description) {
    return {lost_by(loser), termination, std::move(description), {}, {}};
}

Result Result::draw(Termination termination, std::string description) {
    return {Outcome::draw, termination, std::move(description), {}, {}};
}

Result Result::illegal(Color loser, std::string move) {
    Result result =
        loss(loser, Termination::illegal_move,
             std::string(loser == WHITE ? "White" : "Black") + " makes an illegal move: " + move);
    result.illegal_move = std::move(move);
    return result;
}

}  // namespace arbiter
