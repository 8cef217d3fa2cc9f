// The output plan's entries of the settings table (harness/config/output_plan.h): what a run of
// `arbiter tournament` shows and writes besides the database and the PGN, by the flags that
// name the same outputs as the cutechess-cli/fastchess dialect's options. Not stored, not part
// of the identity; tournament_settings.cpp puts them at the end of the table.
#include "harness/config/tournament_rules.h"

namespace arbiter::tournament_rules {

namespace {

// A flag's "true" (given) or "false".
bool read_flag(std::string_view key, Text t) {
    return read_choice(key, t, {"true", "false"}) == "true";
}

// An output path: a file name, not empty.
std::string read_path(std::string_view key, Text t) {
    if (t.empty()) throw ConfigError(std::string(key) + " must name a file");
    return std::string(t);
}

}  // namespace

const std::vector<TournamentSetting>& output_settings() {
    using S = TournamentSetting;
    static const std::vector<S> entries = {
        S{.key = "console",
          .flag = "console",
          .value_name = "FORM",
          .help = "Live lines: arbiter (progress and standings, the default), cutechess or "
                  "fastchess (the lines those tools print, as the dialect prints them)",
          .read =
              [](Config& c, Text t) {
                  std::string form =
                      read_choice("console", t, {"arbiter", "cutechess", "fastchess"});
                  c.output.format = form == "arbiter"     ? ConsoleFormat::arbiter
                                    : form == "cutechess" ? ConsoleFormat::cutechess
                                                          : ConsoleFormat::fastchess;
              }},
        S{.key = "engine_log_form",
          .flag = "engine-log-form",
          .value_name = "FORM",
          .help = "The engine log's lines: stamped ([12:34:56.789] name(2) > line, the default) "
                  "or cutechess (cutechess-cli -debug's 1234 >name(2): line)",
          .read =
              [](Config& c, Text t) {
                  c.engine_log_form =
                      read_choice("engine_log_form", t, {"stamped", "cutechess"}) == "cutechess"
                          ? EngineLogForm::cutechess
                          : EngineLogForm::stamped;
              }},
        S{.key = "html",
          .flag = "html",
          .value_name = "FILE",
          .help = "Write the HTML report to FILE at the end and every --report-every games",
          .read = [](Config& c, Text t) { c.output.html_path = read_path("html", t); }},
        S{.key = "epd",
          .flag = "epd",
          .value_name = "FILE",
          .help = "Append each game's final position to FILE as it ends, one EPD a line "
                  "(cutechess's -epdout)",
          .read = [](Config& c, Text t) { c.output.epd_path = read_path("epd", t); }},
        S{.key = "crc32",
          .flag = "crc32",
          .value_name = "",
          .help = "After each game, print the --pgn file's CRC32 (fastchess's -crc32 pgn=true)",
          .read = [](Config& c, Text t) { c.output.crc32 = read_flag("crc32", t); }},
        S{.key = "check_mate_pvs",
          .flag = "check-mate-pvs",
          .value_name = "",
          .help = "Audit each move's PV as fastchess's -check-mate-pvs does: a warning for a mate "
                  "score whose PV is illegal or does not end in mate",
          .read = [](Config& c,
                     Text t) { c.output.check_mate_pvs = read_flag("check_mate_pvs", t); }},
        S{.key = "affinity",
          .flag = "affinity",
          .value_name = "[CPUS]",
          .help = "Pin each worker's engines to one CPU, of CPUS (e.g. 0-3,6) or of all "
                  "(fastchess's -use-affinity)",
          .read =
              [](Config& c, Text t) {
                  c.output.affinity = t.empty() ? std::vector<int>{} : read_cpu_list(t, "affinity");
              }},
        S{.key = "show_latency",
          .flag = "show-latency",
          .value_name = "",
          .help = "After the standings, each engine's latency: how much longer its moves took "
                  "than the search time it reported (mean and max)",
          .read = [](Config& c, Text t) { c.output.show_latency = read_flag("show_latency", t); }},
    };
    return entries;
}

}  // namespace arbiter::tournament_rules
