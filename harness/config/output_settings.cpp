// The output plan's entries of the settings table (harness/config/output_plan.h): what a run of
// `arbiter tournament` shows and writes besides the database and the PGN, by the flags that
// name the same outputs as the cutechess-cli/fastchess dialect's options. Not stored, not part
// of the identity; tournament_settings.cpp puts them at the end of the table.
#include <array>
#include <vector>

#include "harness/config/live_address.h"
#include "harness/config/result_format.h"
#include "harness/config/tournament_rules.h"

namespace arbiter::tournament_rules {

namespace {

// The words of --console and --engine-log-form.
constexpr std::array<Word<ConsoleFormat>, 3> CONSOLE_FORMS{
    {{"arbiter", ConsoleFormat::arbiter},
     {"cutechess", ConsoleFormat::cutechess},
     {"fastchess", ConsoleFormat::fastchess}}};
constexpr std::array<Word<EngineLogForm>, 2> ENGINE_LOG_FORMS{
    {{"stamped", EngineLogForm::stamped}, {"cutechess", EngineLogForm::cutechess}}};

// How often the cutechess and fastchess console forms print their lines (-ratinginterval,
// -scoreinterval, -outcomeinterval in the dialect).
constexpr IntegerRule RATING_INTERVAL_RULE{"rating_interval", 0, INT_MAX_VALUE,
                                           "a number of games, 0 or more"};
constexpr IntegerRule SCORE_INTERVAL_RULE{"score_interval", 1, INT_MAX_VALUE,
                                          "a positive number of games"};
constexpr IntegerRule OUTCOME_INTERVAL_RULE{"outcome_interval", 0, INT_MAX_VALUE,
                                            "a number of games, 0 or more"};

constexpr IntegerRule LIVE_CONNECTIONS_RULE{"live_connections", 1, 100000,
                                            "a positive number of connections"};

void read_live(Config& c, Text t) {
    c.output.live = read_live_address(t.text(), "--live");
}

void check_crc32(const Config& c) {
    if (c.output.crc32 && c.pgn_path.empty())
        throw ConfigError(
            "--crc32 prints the CRC32 of the --pgn file: add --pgn FILE (in the dialect: -crc32 "
            "pgn=true needs -pgnout file=FILE)");
}

// The switches named turn on, in fastchess's form; the kept lines stay.
void read_pgn_fields_setting(Config& c, Text t) {
    const PgnMoveFields named = read_pgn_fields(t, "pgn-fields");
    for (const PgnMoveFieldName& field : PGN_MOVE_FIELD_NAMES)
        c.output.pgn_fields.*field.member |= named.*field.member;
    c.output.pgn_fields.fastchess = true;
}

void read_pgn_match_line(Config& c, Text t) {
    c.game.kept_info_lines.push_back(read_line_pattern(t, "pgn_match_line"));
    c.output.pgn_fields.match_line = true;
    c.output.pgn_fields.fastchess = true;
}

void read_pgn_form_setting(Config& c, Text t) {
    c.output.pgn_fields.fastchess = read_pgn_form(t, "pgn_form");
}

// Given alone: every CPU.
void read_affinity(Config& c, Text t) {
    c.output.affinity = t.empty() ? std::vector<int>{} : read_cpu_list(t, "affinity");
}

// Checked against the named formats and fields, kept as given.
void read_result_format(Config& c, Text t) {
    result_fields(t, "result_format");
    c.output.result_format = std::string(t);
}

// The table's third and last part: the output plan's entries.
constexpr TournamentSetting OUTPUT_SETTINGS[] = {
    // The console form, the files and the PV audit.
    {.key = "console",
     .flag = "console",
     .value_name = "FORM",
     .help = "Live lines: arbiter (progress and standings, the default), cutechess or "
             "fastchess (the lines those tools print, as the dialect prints them)",
     .read = read_word<"console", CONSOLE_FORMS, &Config::output, &OutputPlan::format>},
    {.key = "fastchess_cutechess",
     .flag = "fastchess-cutechess",
     .value_name = "",
     .help = "--console cutechess as fastchess prints it (fastchess -output format=cutechess): "
             "no colour lines, no SPRT line without --sprt, no outcome blocks",
     .read = read_switch<"fastchess_cutechess", &Config::output, &OutputPlan::fastchess_tool>},
    {.key = "engine_log_form",
     .flag = "engine-log-form",
     .value_name = "FORM",
     .help = "The engine log's lines: stamped ([12:34:56.789] name(2) > line, the default) "
             "or cutechess (cutechess-cli -debug's 1234 >name(2): line)",
     .read = read_word<"engine_log_form", ENGINE_LOG_FORMS, &Config::engine_log_form>},
    {.key = "html",
     .flag = "html",
     .value_name = "FILE",
     .help = "Write the HTML report to FILE at the end and every --report-every games",
     .read = read_file<"html", &Config::output, &OutputPlan::html_path>},
    {.key = "live",
     .flag = "live",
     .value_name = "ADDR:PORT",
     .help = "Serve the run live while it plays: the page with every game in progress, "
             "events at /events, a PGN feed at /live.pgn (address default 127.0.0.1)",
     .read = read_live},
    {.key = "live_connections",
     .flag = "live-connections",
     .value_name = "N",
     .help = "With --live: connections served at once (default 256); more get 503",
     .read = read_whole_at<LIVE_CONNECTIONS_RULE, &Config::output, &OutputPlan::live_connections>},
    {.key = "epd",
     .flag = "epd",
     .value_name = "FILE",
     .help = "Append each game's final position to FILE as it ends, one EPD a line "
             "(cutechess's -epdout)",
     .read = read_file<"epd", &Config::output, &OutputPlan::epd_path>},
    {.key = "epd_append",
     .flag = "epd-append",
     .value_name = "true|false",
     .help = "false: the --epd file starts empty instead of being appended to (-epdout ... "
             "append=false)",
     .read = read_switch<"epd_append", &Config::output, &OutputPlan::epd_append>},
    {.key = "pgn_append",
     .flag = "pgn-append",
     .value_name = "true|false",
     .help = "false: the --pgn file starts empty instead of being appended to (-pgnout ... "
             "append=false)",
     .read = read_switch<"pgn_append", &Config::output, &OutputPlan::pgn_append>},
    {.key = "save_config",
     .flag = "save-config",
     .value_name = "FILE",
     .help = "When the run ends (or is stopped), write its configuration and each pair's "
             "results to FILE in fastchess's saved form (fastchess's -config outname=)",
     .read = read_file<"save_config", &Config::output, &OutputPlan::saved_config_path>},
    {.key = "crc32",
     .flag = "crc32",
     .value_name = "",
     .help = "After each game, print the --pgn file's CRC32 (fastchess's -crc32 pgn=true)",
     .read = read_switch<"crc32", &Config::output, &OutputPlan::crc32>,
     .check = check_crc32},
    {.key = "pgn_fields",
     .flag = "pgn-fields",
     .value_name = "LIST",
     .help = "Each move's comment in the --pgn file also gives these fields, comma-separated: "
             "timeleft, latency, nodes, seldepth, nps, hashfull, tbhits, pv (fastchess's "
             "-pgnout keys, in its form)",
     .read = read_pgn_fields_setting},
    {.key = "pgn_match_line",
     .flag = "pgn-match-line",
     .value_name = "REGEX",
     .help = "Keep each search's last `info string` line matching REGEX with its move, "
             "written in the --pgn comment as line=\"...\" (fastchess's -pgnout match_line=)",
     .read = read_pgn_match_line},
    {.key = "pgn_form",
     .flag = "pgn-form",
     .value_name = "FORM",
     .help = "The --pgn comments' form: cutechess (the default: mates in moves, +0.00) or "
             "fastchess (mates in plies, 0.00, the reason in the last comment; --pgn-fields "
             "and --pgn-match-line choose it too)",
     .read = read_pgn_form_setting},
    {.key = "check_mate_pvs",
     .flag = "check-mate-pvs",
     .value_name = "",
     .help = "Audit each move's PV as fastchess's -check-mate-pvs does: a warning for a mate "
             "score whose PV is illegal or does not end in mate",
     .read = read_switch<"check_mate_pvs", &Config::output, &OutputPlan::check_mate_pvs>},
    // Where the engines run.
    {.key = "affinity",
     .flag = "affinity",
     .value_name = "[CPUS]",
     .help = "Pin each worker's engines to one CPU, of CPUS (e.g. 0-3,6) or of all "
             "(fastchess's -use-affinity)",
     .read = read_affinity},
    // What the cutechess and fastchess forms print, and how often.
    {.key = "rating_interval",
     .flag = "rating-interval",
     .value_name = "N",
     .help = "--console cutechess|fastchess: the Elo lines (fastchess: its blocks) every N "
             "games (-ratinginterval; 0: at the end only)",
     .read = read_whole_at<RATING_INTERVAL_RULE, &Config::output, &OutputPlan::rating_interval>},
    {.key = "score_interval",
     .flag = "score-interval",
     .value_name = "N",
     .help = "--console cutechess: the \"Score of\" line every N games (-scoreinterval)",
     .read = read_whole_at<SCORE_INTERVAL_RULE, &Config::output, &OutputPlan::score_interval>},
    {.key = "outcome_interval",
     .flag = "outcome-interval",
     .value_name = "N",
     .help = "--console cutechess: each engine's outcome counts every N games "
             "(-outcomeinterval)",
     .read = read_whole_at<OUTCOME_INTERVAL_RULE, &Config::output, &OutputPlan::outcome_interval>},
    {.key = "result_format",
     .flag = "result-format",
     .value_name = "FORMAT",
     .help = "--console cutechess: the columns of the ranking table of more than two engines, "
             "a named format or a list of fields (-resultformat; `arbiter -resultformat help` "
             "lists them)",
     .read = read_result_format},
    {.key = "pentanomial",
     .flag = "pentanomial",
     .value_name = "",
     .help = "--console cutechess|fastchess: report pentanomial counts (-report penta=true)",
     .read = read_switch<"pentanomial", &Config::output, &OutputPlan::pentanomial>},
    {.key = "test_env",
     .flag = "test-env",
     .value_name = "",
     .help = "--check-mate-pvs: each warning's parts on one line, for test frameworks "
             "(-testEnv)",
     .read = read_switch<"test_env", &Config::output, &OutputPlan::test_env>},
    {.key = "show_latency",
     .flag = "show-latency",
     .value_name = "",
     .help = "After the standings, each engine's latency: how much longer its moves took "
             "than the search time it reported (mean and max)",
     .read = read_switch<"show_latency", &Config::output, &OutputPlan::show_latency>},
};

}  // namespace

std::span<const TournamentSetting> output_settings() {
    return OUTPUT_SETTINGS;
}

}  // namespace arbiter::tournament_rules
