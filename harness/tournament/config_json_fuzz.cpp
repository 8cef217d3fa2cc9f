// Fuzz target for JSON configuration: the JSON reader, then a tournament configuration (a
// --config file, or the configuration the store keeps with each tournament) and engine entries
// (an engines file). Whatever is accepted must survive the trip the store makes: written with
// to_json(), read back, and written again, it gives the same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "harness/config/engine_config.h"
#include "harness/config/json.h"
#include "harness/tournament/tournament.h"

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    json::Value value;
    try {
        value = json::parse(text);
    } catch (const json::ParseError&) {
        return 0;
    }
    require(json::parse(value.dump()) == value);
    require(json::parse(value.dump(2)) == value);

    // Written back by us, then refused by us, is a failure too: only the first read may throw.
    try {
        TournamentConfig config = tournament_config_from_json(value, "fuzz.json");
        std::string stored = config.to_json().dump();
        try {
            TournamentConfig back = tournament_config_from_json(json::parse(stored), "stored");
            require(back.to_json().dump() == stored);
            require(tournament_key(back) == tournament_key(config));
        } catch (const ConfigError&) {
            require(false);
        }
    } catch (const ConfigError&) {}

    const json::Value* list = value.is_object() ? value.find("engines") : &value;
    if (list && list->is_array()) {
        for (const json::Value& entry : list->as_array()) {
            EngineConfig engine;
            try {
                engine = engine_from_json(entry, "fuzz.json");
            } catch (const ConfigError&) {
                continue;
            }
            try {
                require(engine_from_json(to_json(engine), "stored") == engine);
            } catch (const ConfigError&) {
                require(false);
            }
        }
    }
    return 0;
}
