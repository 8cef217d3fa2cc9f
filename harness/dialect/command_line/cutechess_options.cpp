#include "harness/dialect/command_line/cutechess_options.h"

#include <algorithm>
#include <array>

#include "harness/config/result_format.h"
#include "harness/dialect/command_line/cutechess_reading.h"

namespace arbiter {

namespace cutechess {

namespace {

using O = DialectOption;
using R = Reading;
using P = const Option&;
constexpr Origin BOTH = Origin::both, CUTECHESS = Origin::cutechess, FASTCHESS = Origin::fastchess,
                 ARBITER = Origin::arbiter;
constexpr Shape NONE = Shape::none, ONE = Shape::one, COMMAS = Shape::comma_joined,
                SPACES = Shape::space_joined, FREE = Shape::free;

// An option of either tool arbiter refuses: why, and the nearest it honours.
constexpr O refuse(std::string_view name, std::string_view why, std::string_view instead) {
    return O{name, "", "", BOTH, FREE, nullptr, "", why, instead};
}

// -tournament TYPE: cutechess's round-robin (or roundrobin), gauntlet, knockout or pyramid, and
// arbiter's swiss (-rounds rounds paired by FIDE's Dutch system).
void read_tournament_type(Reading& r, const Option& option) {
    std::string type =
        read_choice(option.name, option.values[0],
                    {"round-robin", "roundrobin", "gauntlet", "knockout", "pyramid", "swiss"});
    r.settings.emplace_back("format", type == "roundrobin" ? "round-robin" : type);
}

// -resultformat FORMAT: a named format or a list of fields, checked here in the dialect's words and
// handed to the result_format setting; `help` asks for the list of both, printed instead of a
// match.
void read_result_format(Reading& r, const Option& option) {
    if (option.values[0] == "help") {
        r.command.help = true;
        r.command.config.output.result_format = "help";
        return;
    }
    result_fields(option.values[0]);
    r.settings.emplace_back("result_format", option.values[0]);
}

// -variant: both tools' standard or fischerandom (Chess960 and DFRC); the setting reads it.
void check_variant(Reading&, const Option& option) {
    if (option.values[0] != "standard" && option.values[0] != "fischerandom")
        throw ConfigError(option.name + " " + option.values[0] +
                          " is not supported: arbiter plays standard and fischerandom");
}

void read_tbignore50(Reading& r, const Option& option) {
    if (!option.values.empty()) throw ConfigError(option.name + " takes no value");
    r.settings.emplace_back("tb_ignore_50", "true");
}

// -ping-ms and -ucinewgame-ms: the wait for readyok, which arbiter bounds by its one stall
// timeout (the larger of the two when both are given).
void read_ready_ms(Reading& r, const Option& option) {
    r.ready_timeout_ms = std::max(r.ready_timeout_ms.value_or(0), whole_value(option, 1));
}

// The table: the options read, in the usage's order, then the options refused. Each entry reads
// its option whole: `read` (a line here or a reader of cutechess_reading.h), `setting` (the
// tournament setting its text goes to), or both.
constexpr O
    OPTIONS[] =
        {
            // Step 1. Help, the engines and the schedule.
            O{"-help", "", "Print this usage and exit", BOTH, FREE,
              [](R& r, P) { r.command.help = true; }},
            O{"-version", "", "Print arbiter's version and the command line it speaks, and exit",
              BOTH, FREE, [](R& r, P) { r.command.version = true; }},
            O{"-engine", "OPTIONS",
              "Add an engine: cmd=PROGRAM name=NAME tc=TC option.NAME=VALUE ...", BOTH, FREE,
              read_engine_option},
            O{"-each", "OPTIONS", "Apply OPTIONS to every engine", BOTH, FREE,
              [](R& r, P o) { r.each.push_back(o); }},
            O{"-engines", "FILE", "Read cutechess's engines.json, for -engine conf=NAME", CUTECHESS,
              ONE, [](R& r, P o) { r.engines_file = o.values[0]; }},
            O{"-config", "[file=FILE] [outname=FILE] [discard=true]",
              "Read fastchess's saved JSON configuration; save this run's at outname", FASTCHESS,
              FREE, read_config_option},
            O{"-tournament", "TYPE", "round-robin (default), gauntlet, knockout, pyramid or swiss",
              BOTH, ONE, read_tournament_type},
            O{"-seeds", "N",
              "Gauntlet: the first N engines play every other engine; knockout: seeded", BOTH, ONE,
              nullptr, "seeds"},
            O{"-rounds", "N", "Rounds of the schedule", BOTH, ONE,
              [](R& r, P o) { r.rounds = whole_value(o, 1); }},
            O{"-games", "N", "Games per encounter in each round: 1, or 2 (colours reversed)", BOTH,
              ONE, [](R& r, P o) { r.games = whole_value(o, 1); }},
            O{"-repeat", "", "Play each opening twice, colours reversed (as -games 2)", BOTH, FREE,
              read_repeat_option},
            O{"-noswap", "", "Keep the colours of the schedule: the first engine always White",
              BOTH, NONE, [](R& r, P) { r.noswap = true; }},
            O{"-reverse", "", "Swap the colours of the schedule", BOTH, NONE,
              [](R& r, P) { r.reverse = true; }},
            O{"-concurrency", "N", "Games played at once", BOTH, COMMAS, nullptr, "concurrency"},
            O{"-force-concurrency", "", "Accept a -concurrency above the number of cores",
              FASTCHESS, NONE, [](R& r, P) { r.command.config.force = true; }},
            O{"-wait", "MS", "Pause each worker MS milliseconds between two games", BOTH, COMMAS,
              nullptr, "wait"},
            O{"-variant", "VARIANT", "standard (default) or fischerandom (Chess960 and DFRC)", BOTH,
              ONE, check_variant, "variant"},
            O{"-srand", "N", "Seed of the opening shuffle (default: from the clock)", BOTH, ONE,
              read_srand_option},
            // arbiter always restarts an engine after a crash or stall and goes on.
            O{"-recover", "", "Accepted: arbiter always restarts a crashed or stalled engine", BOTH,
              FREE, [](R&, P) {}},
            // Step 2. Openings and adjudication.
            O{"-openings",
              "file=FILE [format=epd|pgn] [order=sequential|random] [plies=N] [start=N] "
              "[policy=default|encounter|round]",
              "The opening suite (or chess960:all, chess960:random:N, dfrc:random:N)", BOTH, FREE,
              read_openings_option},
            O{"-maxmoves", "N", "Adjudicate a draw after N moves of each side", BOTH, ONE,
              [](R& r, P o) { r.max_moves = whole_value(o, 1); }},
            O{"-draw", "movenumber=N movecount=N score=CP", "Draw adjudication", BOTH, COMMAS,
              nullptr, "draw"},
            O{"-resign", "movecount=N score=CP [twosided=true]", "Resign adjudication", BOTH,
              COMMAS, nullptr, "resign"},
            O{"-tb", "PATHS", "Syzygy tablebase directories (':'-separated) for adjudication", BOTH,
              ONE, nullptr, "tb"},
            O{"-tbpieces", "N", "Adjudicate by tablebase only with at most N pieces", BOTH, ONE,
              nullptr, "tb_pieces"},
            O{"-tbignore50", "", "Count a cursed win as a win (ignore the fifty-move rule)", BOTH,
              FREE, read_tbignore50},
            O{"-tbadjudicate", "WIN_LOSS|DRAW|BOTH", "Which tablebase results adjudicate",
              FASTCHESS, ONE, nullptr, "tb_adjudicate"},
            O{"-sprt", "elo0=E0 elo1=E1 alpha=A beta=B",
              "Stop a two-engine match on an SPRT verdict", BOTH, COMMAS, nullptr, "sprt"},
            // Step 3. Output.
            O{"-event", "NAME", "Event tag of the PGN", BOTH, SPACES, nullptr, "event"},
            O{"-site", "NAME", "Site tag of the PGN", BOTH, SPACES, nullptr, "site"},
            O{"-pgnout", "FILE|file=FILE [append=false] [nodes=true] [seldepth=true] [pv=true] ...",
              "Write each game to FILE as it ends", BOTH, FREE, read_pgnout},
            O{"-epdout", "FILE|file=FILE [append=false]",
              "Append each game's final position to FILE", BOTH, FREE, read_epdout},
            O{"-crc32", "pgn=true", "Print the PGN file's CRC32 after each game", FASTCHESS, FREE,
              read_crc32_option},
            O{"-ratinginterval", "N", "Print the Elo lines every N games (0: at the end only)",
              BOTH, ONE, nullptr, "rating_interval"},
            O{"-outcomeinterval", "N", "Print each engine's outcome counts every N games",
              CUTECHESS, ONE, nullptr, "outcome_interval"},
            O{"-resultformat", "FORMAT", "Columns of the ranking table ('help' lists them)",
              CUTECHESS, ONE, read_result_format},
            O{"-scoreinterval", "N", "Print the score line every N games", FASTCHESS, ONE, nullptr,
              "score_interval"},
            O{"-report", "penta=true", "Report pentanomial counts", FASTCHESS, FREE,
              read_report_option},
            O{"-output", "format=cutechess|fastchess", "Whose lines to print", FASTCHESS, FREE,
              read_output_option},
            O{"-show-latency", "", "Print each engine's latency at the end", FASTCHESS, NONE,
              [](R& r, P) { r.settings.emplace_back("show_latency", "true"); }},
            // Each engine move's PV audited as fastchess does, with its warnings.
            O{"-check-mate-pvs", "", "Warn on a mate score whose PV does not mate", FASTCHESS, NONE,
              [](R& r, P) { r.settings.emplace_back("check_mate_pvs", "true"); }},
            // fastchess's compact test-framework output: a PV warning on one line.
            O{"-testEnv", "", "Print each warning on one line, for test frameworks", FASTCHESS,
              NONE, [](R& r, P) { r.settings.emplace_back("test_env", "true"); }},
            O{"-debug", "", "Write the engine log (every line to and from each engine) to stdout",
              BOTH, FREE, read_debug_option},
            O{"-log", "file=FILE [append=false]", "Write the engine log to FILE", FASTCHESS, FREE,
              read_log_option},
            // Every finished game is saved to the database as it ends.
            O{"-autosaveinterval", "N", "Accepted: arbiter saves every game as it ends", FASTCHESS,
              ONE, [](R&, P o) { whole_value(o, 0); }},
            O{"-db", "FILE", "Record into (and resume) FILE; default: a new results/match-*.sqlite",
              ARBITER, ONE, [](R& r, P) { r.command.db_given = true; }, "db"},
            O{"-html", "FILE", "Write the HTML report page to FILE at the end", ARBITER, ONE,
              nullptr, "html"},
            O{"-live", "ADDR:PORT", "Serve the run live (page, /events, /live.pgn) while it plays",
              ARBITER, ONE, nullptr, "live"},
            O{"-live-connections", "N", "With -live: connections served at once (default 256)",
              ARBITER, ONE, nullptr, "live_connections"},
            O{"-report-every", "N", "Rewrite the -html page every N games as well", ARBITER, ONE,
              nullptr, "report_every"},
            O{"-shard", "K/N|auto",
              "Play only shard K of N of the schedule (each shard its own -db)", ARBITER, ONE,
              [](R& r, P o) { r.command.shard = o.values[0]; }},
            O{"-pool", "DIR", "With -sprt and -shard: one SPRT pooled over every shard in DIR",
              ARBITER, ONE, nullptr, "pool"},
            // Step 4. Engines' timeouts (-startup-ms: the wait for uciok) and CPUs.
            O{"-startup-ms", "MS", "How long an engine may take to answer uci", FASTCHESS, ONE,
              [](R& r, P o) { r.handshake_timeout_ms = whole_value(o, 1); }},
            O{"-ping-ms", "MS", "How long an engine may take to answer isready", FASTCHESS, ONE,
              read_ready_ms},
            O{"-ucinewgame-ms", "MS", "How long an engine may take to be ready after ucinewgame",
              FASTCHESS, ONE, read_ready_ms},
            O{"-use-affinity", "[CPUS]",
              "Pin each worker's engines to one CPU (of CPUS, e.g. 0-3,6)", FASTCHESS,
              FREE, read_affinity_option},
            // cutechess's -bookmode: how an engine's book= is read; arbiter holds a book in memory,
            // and the
            // moves drawn are the same either way.
            O{
                "-bookmode", "ram|disk",
                "Accepted: arbiter holds each book= in memory (same moves)", CUTECHESS, ONE,
                [](R&, P o) {
                    read_choice(o.name, o.values[0], {"ram", "disk"});
                }},
            // Step 5. The options refused, with the reason and the nearest supported.
            refuse("-livepgnout", "arbiter writes each game once it is finished", "-pgnout FILE"),
            refuse("-strict",
                   "arbiter's warnings never end a run; they are in its lines and database",
                   "-testEnv"),
            refuse("-pgnin", "openings come from -openings", "-openings file=FILE format=pgn"),
            refuse("-epdin", "openings come from -openings", "-openings file=FILE format=epd"),
            refuse("-affinity", "arbiter does not pin engines to cores", "-concurrency N"),
            refuse("-randomseed", "fastchess's random opening seed is -srand here", "-srand N"),
            refuse("-quick", "fastchess's quick mode has no counterpart",
                   "-engine ... -each tc=... -rounds N"),
};

// Where the refused options begin: every option before is read.
constexpr std::size_t READ_COUNT = std::size_t(
    std::find_if(std::begin(OPTIONS), std::end(OPTIONS), [](const O& o) { return o.refused(); }) -
    std::begin(OPTIONS));
static_assert(std::all_of(std::begin(OPTIONS) + READ_COUNT, std::end(OPTIONS),
                          [](const O& o) { return o.refused() && !o.read && o.setting.empty(); }),
              "the refused options close the table, and read nothing");
static_assert(std::none_of(std::begin(OPTIONS), std::begin(OPTIONS) + READ_COUNT,
                           [](const O& o) { return !o.read && o.setting.empty(); }),
              "every option read fills something");

bool belongs_to(const DialectOption& option, SpokenTool spoken_tool) {
    if (spoken_tool == SpokenTool::arbiter || option.origin == Origin::both) return true;
    return option.origin ==
           (spoken_tool == SpokenTool::cutechess ? Origin::cutechess : Origin::fastchess);
}

// Under arbiter's own name, whose option it is when it is not both tools'.
std::string_view origin_mark(const DialectOption& option, SpokenTool spoken_tool) {
    if (spoken_tool != SpokenTool::arbiter) return "";
    switch (option.origin) {
        case Origin::cutechess:
            return " [cutechess]";
        case Origin::fastchess:
            return " [fastchess]";
        case Origin::arbiter:
            return " [arbiter]";
        case Origin::both:
            break;
    }
    return "";
}

// A head ("  -rounds N") and its meaning in cutechess-cli's form: tabs (stops every 8 columns)
// to the meanings' column, 24, or one tab past a longer head.
std::string tabbed_line(const std::string& head, std::string_view meaning) {
    std::size_t tabs = 1;
    for (std::size_t column = (head.size() / 8 + 1) * 8; column < 24; column += 8) ++tabs;
    return head + std::string(tabs, '\t') + std::string(meaning);
}

// The head of an engine key: "  tc=TC|inf", or "  ponder" for a key whose value is ignored.
std::string engine_key_head(const DialectEngineKey& key) {
    return "  " + std::string(key.key) + (key.value.empty() ? "" : "=" + std::string(key.value));
}

// cutechess-cli's form: a usage line, then one option a line, its meaning after tab stops, then
// the engine keys the same way.
std::string cutechess_usage(SpokenTool spoken_tool) {
    const std::string program = spoken_tool == SpokenTool::arbiter ? "arbiter" : "cutechess-cli";
    std::string text = "Usage:\n\n  " + program +
                       " -engine [eng_options] -engine [eng_options]... [options]\n\n"
                       "Options (as arbiter reads them):\n\n";
    for (const DialectOption& option : dialect_options()) {
        if (!belongs_to(option, spoken_tool)) continue;
        std::string head = "  " + std::string(option.name);
        if (!option.arguments.empty()) head += " " + std::string(option.arguments);
        text += tabbed_line(head, option.meaning) + std::string(origin_mark(option, spoken_tool)) +
                "\n";
    }
    text += "\nEngine options (in -engine and -each):\n\n";
    for (const DialectEngineKey& key : dialect_engine_keys())
        text += tabbed_line(engine_key_head(key), key.meaning) + "\n";
    return text;
}

// fastchess's form: a manual with a synopsis, each option on its line, its meaning indented below.
std::string fastchess_usage(SpokenTool spoken_tool) {
    std::string text =
        "NAME\n\nfastchess (arbiter) - plays chess engines against each other\n\n"
        "SYNOPSIS\n\nfastchess [OPTIONS]\n\nOPTIONS (as arbiter reads them)\n\n";
    for (const DialectOption& option : dialect_options()) {
        if (!belongs_to(option, spoken_tool)) continue;
        text += "  - " + std::string(option.name) +
                (option.arguments.empty() ? "" : " " + std::string(option.arguments)) + "\n    " +
                std::string(option.meaning) + "\n";
    }
    text += "\nENGINE OPTIONS (in -engine and -each)\n\n";
    for (const DialectEngineKey& key : dialect_engine_keys())
        text += "  -" + engine_key_head(key).substr(1) + "\n    " + std::string(key.meaning) + "\n";
    return text;
}

// The options the spoken tool lacks that arbiter reads all the same.
std::string also_read(SpokenTool spoken_tool) {
    std::string names;
    for (const DialectOption& option : dialect_options())
        if (!belongs_to(option, spoken_tool)) names += " " + std::string(option.name);
    return names.empty()
               ? ""
               : "\narbiter also reads:" + names + "\n(arbiter -help says what each does)\n";
}

}  // namespace

std::span<const DialectOption> dialect_table() {
    return OPTIONS;
}

std::span<const DialectOption> dialect_options() {
    return dialect_table().first(READ_COUNT);
}

std::span<const RefusedOption> refused_options() {
    return dialect_table().subspan(READ_COUNT);
}

const DialectOption* find_dialect_option(std::string_view name) {
    for (const DialectOption& option : OPTIONS)
        if (option.name == name) return &option;
    return nullptr;
}

bool is_help_option(std::string_view argument) {
    return argument == "-help" || argument == "--help";
}

}  // namespace cutechess

std::string dialect_usage(SpokenTool spoken_tool) {
    using namespace cutechess;
    if (spoken_tool == SpokenTool::fastchess)
        return fastchess_usage(spoken_tool) + also_read(spoken_tool);
    if (spoken_tool == SpokenTool::cutechess)
        return cutechess_usage(spoken_tool) + also_read(spoken_tool);
    return "arbiter speaks cutechess-cli's and fastchess's command line (its options marked\n"
           "[cutechess] or [fastchess] are that tool's only); started through a link named\n"
           "cutechess-cli or fastchess, it speaks that tool's alone.\n\n" +
           cutechess_usage(spoken_tool);
}

}  // namespace arbiter
