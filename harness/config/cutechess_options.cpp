#include "harness/config/cutechess_options.h"

#include <algorithm>
#include <array>

namespace arbiter {

namespace cutechess {

namespace {

using O = DialectOption;
constexpr Origin CUTECHESS = Origin::cutechess, FASTCHESS = Origin::fastchess;

// The table; the order is the usage's.
constexpr std::array OPTIONS = {
    // Step 1. Help, the engines and the schedule.
    O{"-help", "", "Print this usage and exit"},
    O{"-version", "", "Print arbiter's version and the command line it speaks, and exit"},
    O{"-engine", "OPTIONS", "Add an engine: cmd=PROGRAM name=NAME tc=TC option.NAME=VALUE ..."},
    O{"-each", "OPTIONS", "Apply OPTIONS to every engine"},
    O{"-engines", "FILE", "Read cutechess's engines.json, for -engine conf=NAME", CUTECHESS},
    O{"-config", "[file=FILE] [outname=FILE] [discard=true]",
      "Read fastchess's saved JSON configuration; save this run's at outname", FASTCHESS},
    O{"-tournament", "TYPE", "round-robin (default) or gauntlet"},
    O{"-seeds", "N", "Gauntlet: the first N engines play every other engine"},
    O{"-rounds", "N", "Rounds of the schedule"},
    O{"-games", "N", "Games per encounter in each round: 1, or 2 (colours reversed)"},
    O{"-repeat", "", "Play each opening twice, colours reversed (as -games 2)"},
    O{"-noswap", "", "Keep the colours of the schedule: the first engine always White"},
    O{"-reverse", "", "Swap the colours of the schedule"},
    O{"-concurrency", "N", "Games played at once"},
    O{"-force-concurrency", "", "Accept a -concurrency above the number of cores", FASTCHESS},
    O{"-wait", "MS", "Pause each worker MS milliseconds between two games"},
    O{"-variant", "VARIANT", "standard (default) or fischerandom (Chess960 and DFRC)"},
    O{"-srand", "N", "Seed of the opening shuffle (default: from the clock)"},
    O{"-recover", "", "Accepted: arbiter always restarts a crashed or stalled engine"},
    // Step 2. Openings and adjudication.
    O{"-openings", "file=FILE [format=epd|pgn] [order=sequential|random] [plies=N] [start=N]",
      "The opening suite (or chess960:all, chess960:random:N, dfrc:random:N)"},
    O{"-maxmoves", "N", "Adjudicate a draw after N moves of each side"},
    O{"-draw", "movenumber=N movecount=N score=CP", "Draw adjudication"},
    O{"-resign", "movecount=N score=CP [twosided=true]", "Resign adjudication"},
    O{"-tb", "PATHS", "Syzygy tablebase directories (':'-separated) for adjudication"},
    O{"-tbpieces", "N", "Adjudicate by tablebase only with at most N pieces"},
    O{"-tbignore50", "", "Count a cursed win as a win (ignore the fifty-move rule)"},
    O{"-tbadjudicate", "WIN_LOSS|DRAW|BOTH", "Which tablebase results adjudicate", FASTCHESS},
    O{"-sprt", "elo0=E0 elo1=E1 alpha=A beta=B", "Stop a two-engine match on an SPRT verdict"},
    // Step 3. Output.
    O{"-event", "NAME", "Event tag of the PGN"},
    O{"-site", "NAME", "Site tag of the PGN"},
    O{"-pgnout", "FILE|file=FILE [append=false] [nodes=true] [seldepth=true] [pv=true] ...",
      "Write each game to FILE as it ends"},
    O{"-epdout", "FILE|file=FILE [append=false]", "Append each game's final position to FILE"},
    O{"-crc32", "pgn=true", "Print the PGN file's CRC32 after each game", FASTCHESS},
    O{"-ratinginterval", "N", "Print the Elo lines every N games (0: at the end only)"},
    O{"-scoreinterval", "N", "Print the score line every N games", FASTCHESS},
    O{"-report", "penta=true", "Report pentanomial counts", FASTCHESS},
    O{"-output", "format=cutechess|fastchess", "Whose lines to print", FASTCHESS},
    O{"-show-latency", "", "Print each engine's latency at the end", FASTCHESS},
    O{"-check-mate-pvs", "", "Warn on a mate score whose PV does not mate", FASTCHESS},
    O{"-testEnv", "", "Print each warning on one line, for test frameworks", FASTCHESS},
    O{"-debug", "", "Write the engine log (every line to and from each engine) to stdout"},
    O{"-log", "file=FILE [append=false]", "Write the engine log to FILE", FASTCHESS},
    O{"-autosaveinterval", "N", "Accepted: arbiter saves every game as it ends", FASTCHESS},
    O{"-db", "FILE", "Record into (and resume) FILE; default: a new results/match-*.sqlite",
      Origin::arbiter},
    O{"-html", "FILE", "Write the HTML report page to FILE at the end", Origin::arbiter},
    // Step 4. Engines' timeouts and CPUs.
    O{"-startup-ms", "MS", "How long an engine may take to answer uci", FASTCHESS},
    O{"-ping-ms", "MS", "How long an engine may take to answer isready", FASTCHESS},
    O{"-ucinewgame-ms", "MS", "How long an engine may take to be ready after ucinewgame",
      FASTCHESS},
    O{"-use-affinity", "[CPUS]", "Pin each worker's engines to one CPU (of CPUS, e.g. 0-3,6)",
      FASTCHESS},
};

// The keys of an -engine block, in the usage's order.
constexpr DialectEngineKey ENGINE_KEYS[] = {
    {"cmd", "COMMAND", "The program to start"},
    {"name", "NAME", "Its name (default: the program's file name)"},
    {"dir", "DIR", "Its working directory (a relative cmd= with a slash is a file of DIR)"},
    {"arg", "ARG", "One argument for the program"},
    {"args", "\"A B ...\"", "Its arguments, split as a shell would"},
    {"option.NAME", "VALUE", "An engine option (UCI setoption, XBoard option)"},
    {"proto", "uci|xboard", "The protocol it speaks (default: uci)"},
    {"tc", "TC|inf", "Time control: [MOVES/]SECONDS[+INC]; inf: no clock"},
    {"st", "SECONDS", "Time per move"},
    {"nodes", "N", "Node limit per move"},
    {"depth", "N", "Depth limit per move"},
    {"plies", "N", "Depth limit per move (fastchess's name)"},
    {"timemargin", "MS", "How far it may overrun its clock (one margin for all engines)"},
    {"restart", "on|off|auto", "on: a new process for every game"},
    {"stderr", "FILE", "Append its stderr to FILE"},
    {"book", "FILE", "A Polyglot book its moves are played from while it has one"},
    {"bookdepth", "N", "At most N of its moves from the book"},
    {"conf", "NAME", "The engine NAME of the -engines file, this block's keys on top"},
    {"initstr", "TEXT", "setoption name NAME value VALUE lines (\\n between), as option.NAME="},
    {"ponder", "", "Accepted and ignored"},
    {"trust", "", "Accepted and ignored"},
    {"whitepov", "", "Accepted and ignored"},
};

bool belongs_to(const DialectOption& option, Personality personality) {
    if (personality == Personality::arbiter || option.origin == Origin::both) return true;
    return option.origin ==
           (personality == Personality::cutechess ? Origin::cutechess : Origin::fastchess);
}

// Under arbiter's own name, whose option it is when it is not both tools'.
std::string_view origin_mark(const DialectOption& option, Personality personality) {
    if (personality != Personality::arbiter) return "";
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
std::string cutechess_usage(Personality personality) {
    const std::string program = personality == Personality::arbiter ? "arbiter" : "cutechess-cli";
    std::string text = "Usage:\n\n  " + program +
                       " -engine [eng_options] -engine [eng_options]... [options]\n\n"
                       "Options (as arbiter reads them):\n\n";
    for (const DialectOption& option : OPTIONS) {
        if (!belongs_to(option, personality)) continue;
        std::string head = "  " + std::string(option.name);
        if (!option.arguments.empty()) head += " " + std::string(option.arguments);
        text += tabbed_line(head, option.meaning) + std::string(origin_mark(option, personality)) +
                "\n";
    }
    text += "\nEngine options (in -engine and -each):\n\n";
    for (const DialectEngineKey& key : ENGINE_KEYS)
        text += tabbed_line(engine_key_head(key), key.meaning) + "\n";
    return text;
}

// fastchess's form: a manual with a synopsis, each option on its line, its meaning indented below.
std::string fastchess_usage(Personality personality) {
    std::string text =
        "NAME\n\nfastchess (arbiter) - plays chess engines against each other\n\n"
        "SYNOPSIS\n\nfastchess [OPTIONS]\n\nOPTIONS (as arbiter reads them)\n\n";
    for (const DialectOption& option : OPTIONS) {
        if (!belongs_to(option, personality)) continue;
        text += "  - " + std::string(option.name) +
                (option.arguments.empty() ? "" : " " + std::string(option.arguments)) + "\n    " +
                std::string(option.meaning) + "\n";
    }
    text += "\nENGINE OPTIONS (in -engine and -each)\n\n";
    for (const DialectEngineKey& key : ENGINE_KEYS)
        text += "  -" + engine_key_head(key).substr(1) + "\n    " + std::string(key.meaning) + "\n";
    return text;
}

// The options the personality's tool lacks that arbiter reads all the same.
std::string also_read(Personality personality) {
    std::string names;
    for (const DialectOption& option : OPTIONS)
        if (!belongs_to(option, personality)) names += " " + std::string(option.name);
    return names.empty()
               ? ""
               : "\narbiter also reads:" + names + "\n(arbiter -help says what each does)\n";
}

// The options refused, with the reason and the nearest supported.
constexpr RefusedOption REFUSED[] = {
    {"-livepgnout", "arbiter writes each game once it is finished", "-pgnout FILE"},
    {"-bookmode", "arbiter reads no Polyglot book in this dialect", "-openings file=FILE"},
    {"-pgnin", "openings come from -openings", "-openings file=FILE format=pgn"},
    {"-epdin", "openings come from -openings", "-openings file=FILE format=epd"},
    {"-resultformat", "arbiter prints cutechess's default lines only", "-output format=cutechess"},
    {"-affinity", "arbiter does not pin engines to cores", "-concurrency N"},
    {"-randomseed", "fastchess's random opening seed is -srand here", "-srand N"},
    {"-quick", "fastchess's quick mode has no counterpart", "-engine ... -each tc=... -rounds N"},
};

}  // namespace

std::span<const DialectOption> dialect_options() {
    return OPTIONS;
}

std::span<const RefusedOption> refused_options() {
    return REFUSED;
}

std::span<const DialectEngineKey> dialect_engine_keys() {
    return ENGINE_KEYS;
}

bool is_help_option(std::string_view argument) {
    return argument == "-help" || argument == "--help";
}

}  // namespace cutechess

std::string dialect_usage(Personality personality) {
    using namespace cutechess;
    if (personality == Personality::fastchess)
        return fastchess_usage(personality) + also_read(personality);
    if (personality == Personality::cutechess)
        return cutechess_usage(personality) + also_read(personality);
    return "arbiter speaks cutechess-cli's and fastchess's command line (its options marked\n"
           "[cutechess] or [fastchess] are that tool's only); started through a link named\n"
           "cutechess-cli or fastchess, it speaks that tool's alone.\n\n" +
           cutechess_usage(personality);
}

}  // namespace arbiter
