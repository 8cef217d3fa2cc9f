// Fuzz target for the lines arbiter reads from an engine: every line of the input goes through
// the `info`, `option` and `bestmove` readers. A line is at most one of the three kinds.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/uci/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    UciInfo info;
    while (true) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        int kinds = parse_info_line(line, info);
        if (auto option = parse_option_line(line)) {
            ++kinds;
            if (option->name.empty()) std::abort();
        }
        if (parse_bestmove_line(line)) ++kinds;
        if (kinds > 1) std::abort();
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return 0;
}
