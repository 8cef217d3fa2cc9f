// PGN writing: a recorded game as standard PGN with the engines' evaluations as move comments
// ({+0.35/12 0.120s}, as cutechess-cli writes them), accepted by pgn-extract and other readers.
// The live `tournament --pgn` file and `arbiter export` both write through TournamentPgn, so a
// game comes out the same way whichever wrote it.
#pragma once

#include <map>
#include <string>

#include "harness/config/output_plan.h"
#include "harness/config/tournament_config.h"
#include "harness/store/records.h"
#include "harness/store/store.h"

namespace arbiter {

// What PGN needs besides the moves.
struct PgnHeader {
    std::string event = "arbiter tournament";
    std::string site = "?";
    std::string round = "?";
    std::string white;
    std::string black;
    // What each engine said of itself: arbiter's own tags WhiteEngineName, WhiteEngineAuthor,
    // BlackEngineName and BlackEngineAuthor when known. White and Black keep the given names,
    // which every reader (cutechess, fastchess, pgn-extract, `arbiter ratings --pgn`) rates by.
    EngineOwnIdentity white_engine;
    EngineOwnIdentity black_engine;
    std::string opening;  // written as an Opening tag when known
    // "Chess960" for a Chess960 or DFRC game: a Variant tag, and SetUp and FEN tags always.
    std::string variant;
    std::string time_control;  // written as a TimeControl tag when known
    // Players on different clocks: WhiteTimeControl and BlackTimeControl tags instead ("-": none).
    std::string white_time_control;
    std::string black_time_control;
};

// A reference engine's annotation of one move (`arbiter analyse --db`, written by `export`): the
// NAG after the move's SAN ("?!", "?", "??" or none), and "[%eval E]" (from White's side) and
// "better: SAN" after the move's own comment, inside it; each part left out when empty.
struct PgnMoveAnnotation {
    std::string nag;
    std::string eval;
    std::string better;
};

// One game as PGN: tags first, then the movetext wrapped at 80 columns, then a blank line. Book
// moves carry the comment {book}; the termination text ends the movetext as a comment. In
// fastchess's form (fields.fastchess) each comment is "{+0.25/12 0.104s, n=..., sd=...}" with the
// fields asked for, mate scores in plies ("+M3"), the termination text closing the last move's
// comment, and fastchess's Termination tag values.
// `annotations`, when given, annotates move i with (*annotations)[i].
std::string format_pgn(const GameRecord& game, const PgnHeader& header,
                       const PgnMoveFields& fields = {},
                       const std::vector<PgnMoveAnnotation>* annotations = nullptr);

// The games of one tournament as PGN. The tags come from the tournament's configuration and the
// game: Event, Round "round.game" (both from 1), White and Black, the engines' own names and
// authors (when given), Opening (the game's opening_name, when it has one) and TimeControl (when
// the players play on a clock).
class TournamentPgn {
  public:
    explicit TournamentPgn(TournamentConfig config, PgnMoveFields fields = {});

    // The PGN of `game`, played by the engines named `white` and `black`.
    std::string game_text(const GameRecord& game, const std::string& white,
                          const std::string& black,
                          const std::vector<PgnMoveAnnotation>* annotations = nullptr);
    // What the engines said of themselves, by engine row, for the games' engine tags.
    void set_own_identities(std::map<EngineId, EngineOwnIdentity> own) { own_ = std::move(own); }

  private:
    std::string time_control(const std::string& engine) const;

    TournamentConfig config_;
    PgnMoveFields fields_;
    std::map<EngineId, EngineOwnIdentity> own_;
};

// The configuration a stored tournament was started with, for its PGN and the report, read by
// stored_tournament_config(text) (harness/config/tournament_config.h): the members this arbiter
// cannot read stay at their defaults.
TournamentConfig stored_tournament_config(const StoredTournament& tournament);

// Movetext as PGN writes it, a move at a time: move numbers counted from a start position (its
// FEN's side to move and move number), each move with its comment, words wrapped before 80
// columns. The live feed and `arbiter analyse` write through it.
class MovetextWriter {
  public:
    explicit MovetextWriter(std::string_view start_fen);
    // The next move: its SAN (with any NAG after it) and its comment (without braces; none
    // when empty).
    void move(const std::string& san, const std::string& comment);
    // Ends with the termination marker; returns the movetext and a blank line.
    std::string finish(const std::string& result);
    // The side to move next.
    bool white_to_move() const { return white_; }

  private:
    void word(const std::string& text);

    std::string out_;
    std::string line_;
    int fullmove_ = 1;
    bool white_ = true;
    bool first_ = true;
};

// A tag value with backslashes and quotes escaped, as the PGN standard asks, and line breaks as
// spaces.
std::string pgn_tag_value(const std::string& value);

// The PGN standard's Termination tag value for a termination ("normal", "time forfeit",
// "rules infraction", "adjudication", "abandoned"); in fastchess's words ("illegal move" for
// "rules infraction") when `fastchess`. A draw claim accepted unchecked, which none of the
// standard's words names, is "draw claimed (unchecked)" (readers take any tag text).
const char* pgn_termination(Termination termination, bool fastchess = false);

}  // namespace arbiter
