#include "harness/pgn/pgn_results.h"

#include <fstream>
#include <map>
#include <tuple>

#include "engines/core/text.h"

namespace arbiter {

namespace {

// Counts one skipped game, remembering where the first of its kind is.
void count_skip(std::int64_t& count, std::string& first, std::string_view source, int line) {
    if (count++ == 0) first = std::string(source) + ":" + std::to_string(line);
}

// "game has no Black tag", and when a repeated tag split the game from its players, which tag
// and where.
std::string missing_tag_message(const PgnGame& game, const std::string& tag) {
    std::string text = "game has no " + tag + " tag";
    const std::string rule =
        ", and a repeated White, Black or Result tag starts a new game (a game's tags are given "
        "once each)";
    if (const auto& repeat = game.opened_by_repeated_tag)
        return text + ": it begins with a second " + repeat->name + " tag for the game at line " +
               std::to_string(repeat->game_line) + rule;
    if (const auto& repeat = game.ended_by_repeated_tag)
        return text + ": its " + repeat->name + " tag is repeated at line " +
               std::to_string(repeat->line) + rule;
    return text;
}

// What a game of the file says of its pairing: its opening (FEN, Opening and Variation tags) and
// its Round tag.
struct PairingTags {
    std::string opening;
    std::string round;
};

// Marks the colour-reversed pairs among records.games[first..]: two games of the same two players
// with the colours reversed and the same opening (FEN, Opening and Variation tags alike, absent
// alike) are a pair when they stand one after the other in the file; of the games left, two that
// also share a Round tag (not "?" or "-"), when no other game does, are a pair. A pair's id is
// minus one minus the index of its first game, unique over files and apart from a database's.
void mark_pairs(std::vector<GameResult>& games, std::size_t first,
                const std::vector<PairingTags>& tags) {
    auto reversed = [&](std::size_t a, std::size_t b) {
        return games[a].white == games[b].black && games[a].black == games[b].white &&
               tags[a - first].opening == tags[b - first].opening;
    };
    auto pair = [&](std::size_t a, std::size_t b) {
        games[a].pair_id = games[b].pair_id = -1 - static_cast<std::int64_t>(a);
    };
    for (std::size_t g = first; g + 1 < games.size(); ++g) {
        if (!games[g].pair_id && reversed(g, g + 1)) {
            pair(g, g + 1);
            ++g;
        }
    }
    std::map<std::tuple<std::string, int, int, std::string>, std::vector<std::size_t>> by_round;
    for (std::size_t g = first; g < games.size(); ++g) {
        const std::string& round = tags[g - first].round;
        if (games[g].pair_id || round.empty() || round == "?" || round == "-") continue;
        by_round[{round, std::min(games[g].white, games[g].black),
                  std::max(games[g].white, games[g].black), tags[g - first].opening}]
            .push_back(g);
    }
    for (const auto& [key, members] : by_round) {
        if (members.size() == 2 && reversed(members[0], members[1])) pair(members[0], members[1]);
    }
}

}  // namespace

std::string SkippedGames::describe() const {
    if (total() == 0) return {};
    std::string text = "skipped " + std::to_string(total()) +
                       (total() == 1 ? " game that has no result:" : " games that have no result:");
    bool first = true;
    auto part = [&](std::int64_t count, const std::string& what, const std::string& where) {
        if (count == 0) return;
        text +=
            (first ? " " : ", ") + std::to_string(count) + " " + what + " (first at " + where + ")";
        first = false;
    };
    part(unfinished, "with result *", first_unfinished);
    part(without_result, "without a Result tag", first_without_result);
    part(disagreeing, "whose Result tag disagrees with the movetext", first_disagreeing);
    return text;
}

void read_pgn_results(std::istream& in, std::string_view source, GameRecords& records,
                      SkippedGames& skipped) {
    PgnReader reader(in, std::string(source), PgnDetail::results);
    reader.keep_only_tags({"FEN", "Opening", "Variation", "Round"});
    const std::size_t first = records.games.size();
    std::vector<PairingTags> pairing;
    PgnGame game;
    while (reader.next(game)) {
        const auto white = game.tag("White");
        const auto black = game.tag("Black");
        const auto result = game.tag("Result");
        if (!white) reader.fail(game.line, missing_tag_message(game, "White"));
        if (!black) reader.fail(game.line, missing_tag_message(game, "Black"));
        if (!result) {
            count_skip(skipped.without_result, skipped.first_without_result, source, game.line);
            continue;
        }
        if (*result == "*") {
            count_skip(skipped.unfinished, skipped.first_unfinished, source, game.line);
            continue;
        }
        const std::optional<Outcome> outcome = parse_outcome(*result);
        if (!outcome) reader.fail(game.line, "unknown result '" + printable_excerpt(*result) + "'");
        if (!game.termination.empty() && game.termination != *result) {
            count_skip(skipped.disagreeing, skipped.first_disagreeing, source, game.line);
            continue;
        }
        if (*white == *black) {
            reader.fail(game.line,
                        "player '" + printable_excerpt(*white) + "' plays against itself");
        }
        records.games.push_back({records.player_index(std::string(*white)),
                                 records.player_index(std::string(*black)), *outcome,
                                 std::nullopt});
        auto tag = [&](std::string_view name) { return std::string(game.tag(name).value_or("")); };
        pairing.push_back(
            {tag("FEN") + "\n" + tag("Opening") + "\n" + tag("Variation"), tag("Round")});
    }
    mark_pairs(records.games, first, pairing);
}

void read_pgn_file(const std::string& path, GameRecords& records, SkippedGames& skipped) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw PgnError(path + ": cannot open the file");
    const std::size_t games_before = records.games.size();
    SkippedGames in_file;
    read_pgn_results(in, path, records, in_file);
    if (records.games.size() == games_before) {
        const std::string why = in_file.total() > 0 ? ": " + in_file.describe() : "";
        throw PgnError(path + ": no game with a result in the file" + why);
    }
    skipped.unfinished += in_file.unfinished;
    skipped.without_result += in_file.without_result;
    skipped.disagreeing += in_file.disagreeing;
    if (skipped.first_unfinished.empty()) skipped.first_unfinished = in_file.first_unfinished;
    if (skipped.first_without_result.empty())
        skipped.first_without_result = in_file.first_without_result;
    if (skipped.first_disagreeing.empty()) skipped.first_disagreeing = in_file.first_disagreeing;
}

}  // namespace arbiter
