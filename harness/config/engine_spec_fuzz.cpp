// Fuzz target for the user's engine text: `--engine key=value,...` specs and time controls such
// as "40/60+0.6". The whole input is tried as both. What is accepted must survive being written
// out and read back: a spec through its JSON form, a time control through its text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/config/engine_config.h"

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // Written back by us, then refused by us, is a failure too: only the first read may throw.
    try {
        EngineConfig engine = parse_engine_spec(text);
        require(!engine.command.empty() && !engine.name.empty());
        try {
            require(engine_from_json(to_json(engine), "stored") == engine);
        } catch (const ConfigError&) {
            require(false);
        }
    } catch (const ConfigError&) {}
    try {
        TimeControl tc = parse_time_control(text);
        try {
            require(parse_time_control(to_string(tc)) == tc);
        } catch (const ConfigError&) {
            require(false);
        }
    } catch (const ConfigError&) {}
    return 0;
}
