#include "harness/text/suggest.h"

#include <algorithm>

namespace arbiter::text {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: three rows of the Damerau-Levenshtein table suffice.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::optional<std::string> nearest_word(std::string_view word,
                                        const std::vector<std::string>& candidates) {
    std::optional<std::string> best;
    std::size_t best_distance = 0;
    const std::size_t allowed = std::max<std::size_t>(2, word.size() / 3);
    const std::size_t prefix = std::min<std::size_t>(word.size(), 4);
    for (const std::string& candidate : candidates) {
        std::size_t distance = edit_distance(word, candidate);
        bool shares_beginning = prefix >= 3 && candidate.size() >= prefix &&
                                candidate.compare(0, prefix, word, 0, prefix) == 0;
        if (distance > allowed && !shares_beginning) continue;
        if (!best || distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best;
}

std::optional<std::string> unknown_command_message(std::string_view first_argument,
                                                   const std::vector<std::string>& commands) {
    if (first_argument.empty() || first_argument[0] == '-') return std::nullopt;
    if (std::find(commands.begin(), commands.end(), first_argument) != commands.end())
        return std::nullopt;
    std::string message = "unknown command '" + std::string(first_argument) + "'";
    if (auto guess = nearest_word(first_argument, commands))
        message += "; did you mean '" + *guess + "'?";
    message += "\nCommands:";
    for (const auto& command : commands) message += " " + command;
    message += "\nRun 'arbiter --help' for more information.";
    return message;
}

}  // namespace arbiter::text
