#include "harness/dialect/command_line/fastchess_saved_keys.h"

namespace arbiter::cutechess {

namespace {

using json::Value;
using Words = std::vector<std::string>;
using Saved = std::optional<Value>;

// -games 1 keeps its meaning (single games); otherwise the encounter's games are saved as pairs,
// which reads back to the same number of games.
std::int64_t saved_games(const TournamentConfig& config) {
    return config.single_games ? 1 : 2;
}

// A number read back as the option of its own name: "-scoreinterval 10".
void number_option(const Fields& file, const char* key, Words& words) {
    if (file.find(key)) words.insert(words.end(), {"-" + std::string(key), file.word(key)});
}

// A switch read back as the option of its own name, '_' written '-': "-force-concurrency".
void switch_option(const Fields& file, const char* key, Words& words) {
    if (!file.flag(key)) return;
    std::string option = "-" + std::string(key);
    for (char& c : option)
        if (c == '_') c = '-';
    words.push_back(option);
}

// A key that reads back as nothing of its own (its neighbour's option says it).
void no_option(const Fields&, const char*, Words&) {}

}  // namespace

const std::vector<SavedKey>& saved_match_keys() {
    static const std::vector<SavedKey> keys = {
        {"config_name",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.saved_config_path); },
         no_option},
        {"output",
         [](const TournamentConfig& c) -> Saved {
             return Value(c.output.format == ConsoleFormat::fastchess ? 0 : 1);
         },
         [](const Fields& file, const char* key, Words& words) {
             if (file.find(key))
                 words.insert(
                     words.end(),
                     {"-output", "format=" + file.choice(key, {"fastchess", "cutechess", "none"})});
         }},
        {"seed", [](const TournamentConfig& c) -> Saved { return Value(std::uint64_t(c.seed)); },
         [](const Fields& file, const char* key, Words& words) {
             if (const Value* seed = file.find(key); seed && seed->is_number())
                 words.insert(words.end(), {"-srand", file.word(key)});
         }},
        {"variant",
         [](const TournamentConfig& c) -> Saved {
             return Value(c.game.variant == Variant::chess960 ? 1 : 0);
         },
         [](const Fields& file, const char* key, Words& words) {
             if (file.choice(key, {"standard", "frc"}) != "standard")
                 words.insert(words.end(), {"-variant", "fischerandom"});
         }},
        {"type", [](const TournamentConfig& c) -> Saved { return Value(c.gauntlet ? 1 : 0); },
         [](const Fields& file, const char* key, Words& words) {
             if (file.choice(key, {"roundrobin", "gauntlet"}) == "gauntlet")
                 words.insert(words.end(), {"-tournament", "gauntlet", "-seeds",
                                            file.word("gauntlet_seeds", 1)});
         }},
        {"gauntlet_seeds", [](const TournamentConfig& c) -> Saved { return Value(c.seeds); },
         no_option},  // read with "type"
        {"ratinginterval",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.rating_interval); },
         number_option},
        {"scoreinterval",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.score_interval); },
         number_option},
        {"autosaveinterval", [](const TournamentConfig&) -> Saved { return std::nullopt; },
         number_option},
        {"wait",
         [](const TournamentConfig& c) -> Saved { return Value(std::int64_t(c.wait.count())); },
         number_option},
        {"games", [](const TournamentConfig& c) -> Saved { return Value(saved_games(c)); },
         number_option},
        {"rounds",
         [](const TournamentConfig& c) -> Saved {
             return Value(c.games_per_encounter / saved_games(c));
         },
         number_option},
        {"concurrency",
         [](const TournamentConfig& c) -> Saved {
             return c.concurrency ? Saved(Value(*c.concurrency)) : std::nullopt;
         },
         number_option},
        {"force_concurrency", [](const TournamentConfig& c) -> Saved { return Value(c.force); },
         switch_option},
        // arbiter always goes on after a lost engine.
        {"recover", [](const TournamentConfig&) -> Saved { return Value(true); }, switch_option},
        {"noswap",
         [](const TournamentConfig& c) -> Saved {
             return Value(c.colours == Colours::first_white);
         },
         switch_option},
        {"reverse",
         [](const TournamentConfig& c) -> Saved {
             return Value(c.colours == Colours::second_white);
         },
         switch_option},
        {"report_penta",
         [](const TournamentConfig& c) -> Saved {
             return Value(
                 c.output.pentanomial.value_or(c.output.format == ConsoleFormat::fastchess));
         },
         [](const Fields& file, const char* key, Words& words) {
             if (file.find(key))
                 words.insert(words.end(), {"-report", std::string("penta=") +
                                                           (file.flag(key) ? "true" : "false")});
         }},
        // fastchess saves no CPU list.
        {"affinity",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.affinity.has_value()); },
         [](const Fields& file, const char* key, Words& words) {
             if (file.flag(key)) words.push_back("-use-affinity");
         }},
        {"check_mate_pvs",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.check_mate_pvs); },
         switch_option},
        {"show_latency",
         [](const TournamentConfig& c) -> Saved { return Value(c.output.show_latency); },
         switch_option},
        {"log",
         [](const TournamentConfig& c) -> Saved {
             const TournamentConfig& config = c;
             bool file = !config.engine_log.empty() && config.engine_log != "-";
             return Value(json::Object{{"file", Value(file ? config.engine_log : "")},
                                       {"append_file", Value(config.engine_log_append)}});
         },
         [](const Fields& file, const char* key, Words& words) {
             if (Fields log = file.child(key); !log.text("file").empty())
                 words.insert(
                     words.end(),
                     {"-log", "file=" + log.text("file"),
                      std::string("append=") + (log.flag("append_file", true) ? "true" : "false")});
         }},
    };
    return keys;
}

}  // namespace arbiter::cutechess
