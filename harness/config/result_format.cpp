#include "harness/config/result_format.h"

#include <algorithm>
#include <map>

#include "harness/config/values.h"

namespace arbiter {

namespace {

using F = ResultField;

// cutechess's field tokens, in its (sorted) order.
const std::map<std::string, ResultField>& tokens() {
    static const std::map<std::string, ResultField> map = {
        {"Rank", F::rank},
        {"Name", F::name},
        {"Games", F::games},
        {"W", F::wins},
        {"L", F::losses},
        {"D", F::draws},
        {"wW", F::white_wins},
        {"wL", F::white_losses},
        {"wD", F::white_draws},
        {"bW", F::black_wins},
        {"bL", F::black_losses},
        {"bD", F::black_draws},
        {"Points", F::points},
        {"Score", F::score},
        {"DScore", F::draw_score},
        {"Elo", F::elo},
        {"Error", F::error},
        {"LOS", F::los},
        {"wScore", F::white_score},
        {"wDScore", F::white_draw_score},
        {"wElo", F::white_elo},
        {"wError", F::white_error},
        {"wLOS", F::white_los},
        {"bScore", F::black_score},
        {"bDScore", F::black_draw_score},
        {"bElo", F::black_elo},
        {"bError", F::black_error},
        {"Time", F::time_forfeits},
        {"Illegal", F::illegal_moves},
        {"Discon", F::disconnections},
        {"Stall", F::stalls},
        {"WrClaim", F::wrong_claims},
        {"RegulL", F::regular_losses},
        {"RegulW", F::regular_wins},
        {"OtherW", F::other_wins},
        {"DStale", F::stalemates},
        {"DMater", F::material},
        {"DRepet", F::repetitions},
        {"DMoves", F::moves_rule},
        {"DCount", F::counting_rules},
        {"DAdj", F::adjudicated_draws},
        {"DAgree", F::agreed_draws},
        {"OtherD", F::other_draws},
        {"TC", F::time_control},
    };
    return map;
}

// cutechess's shortcuts, written out in a format before it is split.
const std::map<std::string, std::string>& groups() {
    static const std::map<std::string, std::string> map = {
        {"WLDStats", "W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore"},
        {"DrawStats", "DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD"},
        {"Terminations", "Time,Illegal,Discon,Stall,WrClaim"},
    };
    return map;
}

const std::map<std::string, std::string>& named_formats() {
    static const std::map<std::string, std::string> map = {
        {"minimal", "Rank,Name"},
        {"small", "Rank,Name,Games,Points"},
        {"short", "Rank,Name,Elo,Games"},
        {"concise", "Rank,Name,Elo,Error,Games"},
        {"default", "Rank,Name,Elo,Error,Games,Score,DScore"},
        {"with-points", "Rank,Name,Elo,Error,Games,Points,Score,DScore"},
        {"wide", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore"},
        {"wide2", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore"},
        {"per-color", "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"},
        {"ordo", "Rank,Name,Elo,Points,Games,Score"},
        {"term", "Rank,Name,Elo,Error,Games,Score,Time,Illegal,Discon,Stall,WrClaim"},
        {"draws",
         "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,"
         "DAgree,OtherD"},
        {"wide3", "Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations"},
    };
    return map;
}

std::string trimmed(std::string_view text) {
    const char* space = " \t\n\r\f\v";
    std::size_t first = text.find_first_not_of(space);
    if (first == std::string_view::npos) return "";
    return std::string(text.substr(first, text.find_last_not_of(space) - first + 1));
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

}  // namespace

std::vector<ResultField> result_fields(std::string_view format, std::string_view flag) {
    // As cutechess reads it: the first 256 characters, trimmed; a format name, else a list.
    std::string text = trimmed(format.substr(0, 256));
    auto named = named_formats().find(text);
    if (named != named_formats().end()) text = named->second;
    for (const auto& [group, fields] : groups()) replace_all(text, group, fields);
    std::vector<ResultField> fields;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = std::min(text.find(',', start), text.size());
        std::string token = text.substr(start, comma - start);
        start = comma + 1;
        std::erase(token, ' ');
        if (token.empty()) continue;
        auto known = tokens().find(token);
        if (known != tokens().end()) {
            fields.push_back(known->second);
        } else if (token == "wPoints" || token == "bPoints") {
            fields.push_back(ResultField::unprinted);  // in cutechess's own formats, never printed
        } else {
            throw ConfigError(std::string(flag) + ": unknown field '" + token +
                              "' (-resultformat help lists the format names and fields)");
        }
    }
    return fields;
}

std::string result_format_help() {
    std::string text =
        "\nOption -resultformat accepts a comma separated list of fields or one of "
        "following format names:\n\n";
    for (const auto& [name, fields] : named_formats()) text += name + " \n   " + fields + "\n";
    text += "\nField tokens:\n   ";
    for (const auto& entry : tokens()) text += entry.first + " ";
    text += "\n\nNamed shortcuts:\n";
    for (const auto& [name, fields] : groups()) text += name + " \n   " + fields + "\n";
    return text;
}

}  // namespace arbiter
