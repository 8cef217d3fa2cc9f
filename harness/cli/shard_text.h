// Words and numbers shared by `arbiter merge` and `arbiter status`: shard names, counts with
// thousands separators, slot lists cut to a readable length.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/store/shards.h"

namespace arbiter::cli {

// 1234567 -> "1,234,567".
inline std::string with_commas(std::int64_t value) {
    const std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out = value < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// "shard 3/8".
inline std::string shard_label(const ShardNumber& shard) {
    return "shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

// "5, 17, 18" (at most `shown` slots, then ", ..."). Slots are 0-based schedule numbers.
inline std::string slot_list(const std::vector<std::int64_t>& slots, std::size_t shown = 10) {
    std::string text;
    for (std::size_t i = 0; i < slots.size() && i < shown; ++i)
        text += (i ? ", " : "") + std::to_string(slots[i]);
    if (slots.size() > shown) text += ", ...";
    return text;
}

// One line per shard with missing games: "shard 3/8: 112 of 1,250 games not played (slots ...)".
inline std::string missing_line(const ShardProgress& p) {
    return shard_label(p.shard) + ": " + with_commas(std::int64_t(p.missing_slots.size())) +
           " of " + with_commas(p.scheduled) + " games not played (slots " +
           slot_list(p.missing_slots) + ")";
}

}  // namespace arbiter::cli
