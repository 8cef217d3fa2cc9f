// The cutechess-cli / fastchess command line (`arbiter -engine cmd=a -engine cmd=b -each tc=10+0.1
// -rounds 250 -repeat -concurrency 8 -openings file=book.epd`), read onto the same
// TournamentConfig as `arbiter tournament`, plus the few settings that only shape this dialect's
// output lines. An option arbiter cannot honour is an error that names it, says why and points
// to the nearest supported option; it is never ignored in silence.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/config/tournament_config.h"

namespace arbiter {

// Which tool's lines the run prints (-output format=cutechess|fastchess).
enum class ConsoleFormat { cutechess, fastchess };

// Whose command line arbiter speaks, from the name it was started by: a link named fastchess...
// (OpenBench's fastchess-ob) or cutechess... (cutechess-cli) speaks that tool and prints its lines
// by default; arbiter itself speaks both, printing cutechess's lines unless told otherwise.
enum class Personality { arbiter, cutechess, fastchess };

// The personality of a program started as `program` (argv[0]; only its file name counts).
Personality personality_of(std::string_view program);

// "arbiter 0.3.0, speaking fastchess's command line" (cutechess's, or its own).
std::string version_text(Personality personality);

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
    bool match_line = false;  // match_line=REGEX: line="..." for each line kept with the move
    bool fastchess =
        false;  // fastchess's form: mate scores in plies, the reason in the last comment

    bool operator==(const PgnMoveFields&) const = default;
};

// How this dialect reports a run on stdout; the games themselves are in TournamentConfig.
struct CutechessOutputSettings {
    ConsoleFormat format = ConsoleFormat::cutechess;
    int rating_interval = 0;      // Elo lines every N games (0: at the end only)
    int score_interval = 1;       // "Score of" lines every N games
    bool pentanomial = false;     // -report penta=true
    std::string epd_path;         // -epdout FILE: each game's final position, appended as it ends
    bool epd_append = true;       // -epdout ... append=false: the file starts empty
    bool pgn_append = true;       // -pgnout ... append=false: the file starts empty
    bool crc32 = false;           // -crc32 pgn=true: "File NAME has CRC32: 0x..." after each game
    PgnMoveFields pgn_fields;     // -pgnout nodes=true seldepth=true ...
    bool check_mate_pvs = false;  // -check-mate-pvs: fastchess's warnings for a false mate's PV
    bool test_env = false;        // -testEnv: a warning's parts on one line, " :: " between
    bool show_latency = false;    // -show-latency: each engine's latency at the end
    std::string html_path;        // -html FILE: the report page, written at the end
};

// A whole command line in this dialect.
struct CutechessCommand {
    TournamentConfig config;
    CutechessOutputSettings output;
    // Games per encounter of two engines (-rounds x -games): the run plays this many games of
    // each pair, as colour-reversed pairs over consecutive openings.
    std::int64_t games_per_encounter = 0;
    Personality personality = Personality::arbiter;
    bool version = false;     // -version / --version: print it and stop
    bool help = false;        // -help / --help anywhere: print the usage and stop
    bool db_given = false;    // -db FILE: resume that database; else a new one per run
    bool seed_given = false;  // -srand N; else a seed from the clock (without -db)
    // -use-affinity [CPUS]: pin each worker's engines to one CPU of `affinity_cpus` (every CPU,
    // first hardware threads first, when empty). Where games run is not part of the tournament.
    bool use_affinity = false;
    std::vector<int> affinity_cpus;
    // fastchess's -config outname=FILE: where the run's saved configuration is written when it
    // ends (harness/config/fastchess_saved_config.h); empty: none.
    std::string saved_config_path;
    std::vector<std::string> warnings;  // accepted but without effect; printed to stderr
};

// True when `argument` (argv[1]) opens a command line in this dialect: a single-dash option
// such as "-engine" or "-each", or "-version".
bool is_cutechess_option(std::string_view argument);

// Reads the arguments after the program name, spoken by `personality`. Throws ConfigError naming
// the option.
CutechessCommand read_cutechess_args(const std::vector<std::string>& arguments,
                                     Personality personality = Personality::arbiter);

// The number of rounds over an opening suite of `openings` that covers every encounter, and the
// games of the schedule to play (TournamentConfig::rounds and ::max_games).
void fit_schedule(CutechessCommand& command, std::int64_t openings);
// The same on a configuration alone, for `games_per_encounter` games of each encounter.
void fit_schedule(TournamentConfig& config, std::int64_t games_per_encounter,
                  std::int64_t openings);

}  // namespace arbiter
