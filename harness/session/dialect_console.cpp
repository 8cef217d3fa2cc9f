#include "harness/session/dialect_console.h"

#include <iostream>

#include "harness/report/html/page.h"

namespace arbiter {

namespace {

// The live files of the dialect's options: -pgnout (with -crc32 pgn=true) and -epdout.
LiveGameFileSettings live_files(const CutechessCommand& command) {
    const CutechessOutputSettings& output = command.output;
    return {.pgn_path = command.config.pgn_path,
            .pgn_flag = "-pgnout",
            .pgn_append = output.pgn_append,
            .pgn_fields = output.pgn_fields,
            .pgn_crc32 = output.crc32,
            .epd_path = output.epd_path,
            .epd_append = output.epd_append};
}

}  // namespace

DialectMatchConsole::DialectMatchConsole(const CutechessCommand& command)
    : command_(command),
      out_(&lines_),
      console_(out_, std::cerr, command.output, command.config),
      // Without -db the run had a database of its own: resuming it means naming it.
      resume_hint_(
          command.db_given
              ? "re-run the same command to resume"
              : "add -db " + command.config.db_path +
                    (command.seed_given ? "" : " -srand " + std::to_string(command.config.seed)) +
                    " to the command to resume") {}

TournamentObserver& DialectMatchConsole::open(Store& store) {
    std::cerr << "Database: " << command_.config.db_path << '\n';
    console_.count_earlier_from(store);  // a resumed match's score counts its earlier games
    auto print_line = [this](const std::string& line) { console_.print_line(line); };
    files_.emplace(console_, command_.config, live_files(command_), print_line);
    if (!command_.output.check_mate_pvs) return *files_;
    audit_.emplace(*files_, print_line, command_.output.test_env,
                   command_.config.game.variant == Variant::chess960);
    return *audit_;
}

void DialectMatchConsole::interrupted(int) {
    console_.finish();
    std::cerr << "arbiter: interrupted; finished games are saved, " << resume_hint_ << '\n';
}

void DialectMatchConsole::finish(Store& store, const TournamentSummary& summary, int) {
    console_.finish();
    if (command_.output.show_latency) {
        for (const EngineLatency& latency : store.engine_latencies(summary.tournament_id))
            out_ << latency_line(latency) << '\n';
        out_.flush();
    }
    files_->close();
    if (!command_.output.html_path.empty()) {
        html::ReportOptions report;
        report.tournament = summary.tournament_id;
        report.bootstrap_samples = command_.config.bootstrap;
        html::WrittenReport written = html::write_report(store, report, command_.output.html_path);
        std::cerr << "Report: " << command_.output.html_path << " (" << written.games
                  << " games)\n";
    }
    std::cerr << "Played " << summary.played_now << " games; results in " << command_.config.db_path
              << '\n';
}

}  // namespace arbiter
