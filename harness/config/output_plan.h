// What a run shows and writes besides its database, whichever door it came through: the console
// form and what it prints how often, the live PGN's options, the EPD file, the page, the PV audit,
// the latency lines, the saved configuration and the CPUs its engines are pinned to. Each field
// has one entry in the settings table (harness/config/output_settings.cpp), which `arbiter
// tournament`'s flags and JSON read (--console, --result-format, --pgn-append, --save-config, ...)
// and the cutechess-cli/fastchess dialect's options only spell (-output, -resultformat, -pgnout
// append=false, -config outname=, ...); the match session (harness/session) reads only the plan.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/live_address.h"

namespace arbiter {

// Which lines a run prints while it plays (--console, -output format=): cutechess-cli's,
// fastchess's, or arbiter's own progress and standings.
enum class ConsoleFormat { cutechess, fastchess, arbiter };

// What fastchess's -pgnout keys add to each move's comment ({+0.25/12 0.104s, n=..., sd=...}).
struct PgnMoveFields {
    bool nodes = false;       // nodes=true: n=
    bool seldepth = false;    // seldepth=true: sd=
    bool nps = false;         // nps=true: nps=
    bool pv = false;          // pv=true: pv="..."
    bool timeleft = false;    // timeleft=true: tl= (the mover's clock after the move)
    bool latency = false;     // latency=true: latency=
    bool hashfull = false;    // hashfull=true: hashfull=
    bool tbhits = false;      // tbhits=true: tbhits=
    bool match_line = false;  // --pgn-match-line, match_line=REGEX: line="..." for each kept line
    // --pgn-form fastchess: fastchess's form, mate scores in plies, the reason in the last comment
    bool fastchess = false;

    bool operator==(const PgnMoveFields&) const = default;
};

// The per-move fields that are switches, by the one name both doors give them: fastchess's
// -pgnout keys (nodes=true) and the list of --pgn-fields (nodes,seldepth) of `arbiter
// tournament` and `arbiter export`, in fastchess's order of the comment.
struct PgnMoveFieldName {
    std::string_view name;
    bool PgnMoveFields::*member;
};
inline constexpr std::array<PgnMoveFieldName, 8> PGN_MOVE_FIELD_NAMES{{
    {"timeleft", &PgnMoveFields::timeleft},
    {"latency", &PgnMoveFields::latency},
    {"nodes", &PgnMoveFields::nodes},
    {"seldepth", &PgnMoveFields::seldepth},
    {"nps", &PgnMoveFields::nps},
    {"hashfull", &PgnMoveFields::hashfull},
    {"tbhits", &PgnMoveFields::tbhits},
    {"pv", &PgnMoveFields::pv},
}};

// The switch of `fields` named `name`, or nullptr when no field has that name.
bool* pgn_move_field(PgnMoveFields& fields, std::string_view name);

// A comma-separated list of those names ("nodes,seldepth,pv"): each named field on, in
// fastchess's form (as a -pgnout key turns it on). Throws ConfigError naming `flag` and the
// unknown name.
PgnMoveFields read_pgn_fields(std::string_view list, std::string_view flag);

// The comments' form, "cutechess" or "fastchess" (--pgn-form of `arbiter tournament` and
// `arbiter export`): true for fastchess's. Throws ConfigError naming `flag`.
bool read_pgn_form(std::string_view text, std::string_view flag);

// `text` as a regular expression for the referee's kept info lines (--pgn-match-line, -pgnout
// match_line=). Throws ConfigError naming `flag` when it is not one.
std::string read_line_pattern(std::string_view text, std::string_view flag);

// The output plan of one run. A plan of its own starts in cutechess-cli's form, the dialect's
// default; a TournamentConfig's starts in arbiter's (TournamentConfig::output). The PGN's and
// the engine log's paths, and --report-every, stay in TournamentConfig beside it.
struct OutputPlan {
    ConsoleFormat format = ConsoleFormat::cutechess;
    int rating_interval = 0;   // Elo lines every N games (0: at the end only)
    int score_interval = 1;    // "Score of" lines every N games
    int outcome_interval = 0;  // -outcomeinterval: cutechess's outcome blocks every N games
    // --result-format, -resultformat: the columns of cutechess's ranking table of more than two
    // engines, a named format or a list of fields (harness/config/result_format.h), read and
    // checked.
    std::string result_format{"default"};
    // --console fastchess-cutechess; in the dialect spoken as fastchess (its link), -output
    // format=cutechess: fastchess's cutechess form ends with the Elo line, without cutechess-cli's
    // colour lines, SPRT line without -sprt and outcome blocks.
    bool fastchess_tool = false;
    // -report penta=true|false; unset, each form's default: the cutechess form prints no
    // pentanomial line, the fastchess form counts pairs (fastchess's default penta=true).
    std::optional<bool> pentanomial{};
    std::string epd_path{};       // --epd, -epdout FILE: each game's final position, appended
    bool epd_append = true;       // --epd-append false, -epdout ... append=false: starts empty
    bool pgn_append = true;       // --pgn-append false, -pgnout ... append=false: starts empty
    bool crc32 = false;           // --crc32, -crc32 pgn=true: the PGN's CRC32 after each game
    PgnMoveFields pgn_fields{};   // --pgn-fields, --pgn-form; -pgnout nodes=true ...
    bool check_mate_pvs = false;  // --check-mate-pvs: fastchess's warnings for a false mate's PV
    bool test_env = false;        // -testEnv: a warning's parts on one line, " :: " between
    bool show_latency = false;    // --show-latency: each engine's latency at the end
    std::string html_path{};      // --html FILE: the report page
    // --live ADDR:PORT, -live: the live server (harness/live) serves the run while it plays.
    std::optional<LiveAddress> live{};
    int live_connections = 256;  // --live-connections N: more at once are answered 503
    // --save-config FILE, -config outname=FILE: the run's configuration and each pair's results in
    // fastchess's saved form, written whole when the run ends (also after a stop).
    std::string saved_config_path{};
    // --affinity [CPUS], -use-affinity [CPUS]: pin each worker's engines to one CPU of the
    // list (every CPU, first hardware threads first, when empty); unset: no pinning.
    std::optional<std::vector<int>> affinity{};

    bool operator==(const OutputPlan&) const = default;
};

// A CPU list as fastchess reads it: numbers and ranges, comma-separated ("0-3,6"). Throws
// ConfigError naming `flag` and the bad part.
std::vector<int> read_cpu_list(std::string_view text, std::string_view flag);

}  // namespace arbiter
