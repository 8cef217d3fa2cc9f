// "Did you mean ...?" for a mistyped command or flag: the nearest of the known words by edit
// distance, or the one that shares a long beginning with the typed word.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::text {

// Edits (insertions, deletions, substitutions, swaps of two neighbours) from `a` to `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word`, if any is near enough to be what the user meant: within
// max(2, |word| / 3) edits, or sharing its first min(|word|, 4) or more letters.
std::optional<std::string> nearest_word(std::string_view word,
                                        const std::vector<std::string>& candidates);

// "arbiter: unknown command 'tourney'; did you mean 'tournament'? Commands: ..." when the first
// argument names no command; nullopt when it does (or is an option).
std::optional<std::string> unknown_command_message(std::string_view first_argument,
                                                   const std::vector<std::string>& commands);

}  // namespace arbiter::text
