// `arbiter analyse`: a reference engine over every position of every game.
// --pgn IN --out OUT: OUT is IN with an [%eval] on every move, a NAG where the mover's evaluation
// fell past the thresholds and the engine's move beside it; each player's average loss and
// marked moves are printed. --db FILE: the database's games, stored beside their moves under the
// analysis's identity (engine and limit), each game once, so that a second run resumes.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>

#include "harness/analysis/annotated_pgn.h"
#include "harness/analysis/engine_analysis.h"
#include "harness/cli/command.h"
#include "harness/config/engine_config.h"
#include "harness/config/values.h"
#include "harness/text/output_file.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter::cli {

namespace {

struct AnalyseCommandOptions {
    std::string pgn, out, db, engine;
    std::optional<int> depth, movetime;
    std::optional<std::int64_t> nodes;
    int concurrency = 1;
    MistakeThresholds thresholds;
};

GoLimits limits_of(const AnalyseCommandOptions& o) {
    GoLimits limits;
    limits.depth = o.depth;
    if (o.nodes) limits.nodes = std::uint64_t(*o.nodes);
    if (o.movetime) limits.movetime_ms = *o.movetime;
    (void)analysis_limit(limits);  // exactly one
    return limits;
}

// --db FILE: the games the analysis does not hold yet, stored as each is finished.
void run_database(const AnalyseCommandOptions& o) {
    // The marks are made when the database is read, at the default thresholds.
    const MistakeThresholds defaults;
    if (o.thresholds.inaccuracy != defaults.inaccuracy ||
        o.thresholds.mistake != defaults.mistake || o.thresholds.blunder != defaults.blunder)
        throw ConfigError(
            "--inaccuracy, --mistake and --blunder go with --pgn: a database keeps "
            "the engine's verdicts, and its page and export mark them at 50, 100 "
            "and 300");
    DatabaseAnalysis analysis;
    analysis.engine = parse_engine_spec(o.engine);
    analysis.limits = limits_of(o);
    analysis.concurrency = o.concurrency;
    if (!std::filesystem::exists(o.db))
        throw std::runtime_error(o.db +
                                 ": no such database (--db names a file `arbiter "
                                 "tournament` wrote)");
    Store store = Store::open(o.db);
    if (store.list_tournaments().empty())
        throw std::runtime_error(o.db + ": holds no tournament, so no game to analyse");
    std::int64_t reported = 0;
    const DatabaseAnalysisResult result =
        analyse_database(store, analysis, [&](const DatabaseAnalysisResult& now) {
            if (now.analysed < reported + 50 && now.analysed + now.already < now.games) return;
            reported = now.analysed;
            std::cerr << "Analysed " << now.analysed + now.already << " of " << now.games
                      << " games\n";
        });
    std::cout << "Analysis " << result.analysis << " (" << analysis.engine.name << ", "
              << analysis_limit(analysis.limits).first << " "
              << analysis_limit(analysis.limits).second << "): " << result.games << " games, "
              << result.already << " analysed before, " << result.analysed << " now ("
              << result.positions << " positions in " << std::fixed << std::setprecision(1)
              << result.seconds << " s, " << std::setprecision(0)
              << double(result.positions) / std::max(result.seconds, 1e-9)
              << " positions a second): " << o.db << "\n";
}

void run(const AnalyseCommandOptions& o) {
    // Step 1. What to read and write, refused before any engine starts.
    if (!o.db.empty()) {
        if (!o.pgn.empty() || !o.out.empty())
            throw ConfigError("analyse reads --db FILE or --pgn IN --out OUT, not both");
        return run_database(o);
    }
    if (o.pgn.empty() || o.out.empty())
        throw ConfigError("analyse needs --db FILE, or --pgn IN and --out OUT");
    const GoLimits limits = limits_of(o);
    const NamedFile output{o.out, "--out"};
    const NamedFile input{o.pgn, "--pgn"};
    refuse_outputs_over_inputs({&output, 1}, {&input, 1});
    std::ifstream in(o.pgn, std::ios::binary);
    if (!in) throw std::runtime_error(o.pgn + ": cannot be read");
    PgnReader reader(in, o.pgn, PgnDetail::moves);
    std::vector<PgnGame> games;
    std::vector<GameLine> lines;
    for (PgnGame game; reader.next(game);) {
        lines.push_back(game_line(game, o.pgn));
        games.push_back(game);
    }
    const auto timeout = std::chrono::milliseconds(o.movetime.value_or(0) + 60000);

    // Step 2. The engine over every position, games shared among the workers.
    EngineStart start;
    start.engines.push_back(parse_engine_spec(o.engine));
    std::vector<std::vector<AnnotatedMove>> annotated(games.size());
    const auto started = std::chrono::steady_clock::now();
    run_worker_pool(start, o.concurrency, games.size(), [&](std::size_t i, WorkerEngines& engines) {
        UciClient& engine = engines.ensure_uci(0);
        const auto verdicts =
            analyse_positions(engine, lines[i].start_fen, lines[i].uci_moves, limits, timeout);
        annotated[i] =
            annotate_game(lines[i].start_fen, lines[i].uci_moves, verdicts, o.thresholds);
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    // Step 3. The annotated PGN, and each player's figures.
    std::string text;
    std::map<std::string, LossTally> players;
    std::size_t positions = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        text += annotated_pgn(games[i], annotated[i], lines[i].start_fen);
        positions += lines[i].uci_moves.size() + 1;
        const bool white_first = lines[i].start_fen.find(" b ") == std::string::npos;
        for (const char* side : {"White", "Black"}) {
            std::string name(games[i].tag(side).value_or("?"));
            ++players[name].games;
        }
        for (std::size_t ply = 0; ply < annotated[i].size(); ++ply) {
            const bool white = (ply % 2 == 0) == white_first;
            players[std::string(games[i].tag(white ? "White" : "Black").value_or("?"))].add(
                annotated[i][ply]);
        }
    }
    write_output_file(o.out, text);
    std::cout << "Analysed " << games.size() << " games (" << positions << " positions) in "
              << std::fixed << std::setprecision(1) << seconds << " s, " << std::setprecision(0)
              << positions / std::max(seconds, 1e-9) << " positions a second: " << o.out << "\n";
    std::cout << std::left << std::setw(28) << "Player" << std::right << std::setw(7) << "Games"
              << std::setw(10) << "Avg loss" << std::setw(14) << "Inaccuracies" << std::setw(10)
              << "Mistakes" << std::setw(10) << "Blunders"
              << "  (per game)\n";
    for (const auto& [name, p] : players) {
        std::cout << std::left << std::setw(28) << name << std::right << std::setw(7) << p.games
                  << std::setw(10) << std::setprecision(1) << p.average_loss() << std::setw(14)
                  << std::setprecision(2) << p.per_game(p.inaccuracies) << std::setw(10)
                  << p.per_game(p.mistakes) << std::setw(10) << p.per_game(p.blunders) << "\n";
    }
}

void add_analyse_command(CLI::App& app) {
    auto o = std::make_shared<AnalyseCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "analyse", "A reference engine over recorded games: evaluations, mistakes, better moves");
    cmd->add_option("--db", o->db,
                    "Analyse every game of this database and store the analysis in it (resumes)");
    cmd->add_option("--pgn", o->pgn, "PGN file to analyse (with --out)");
    cmd->add_option("--out", o->out, "The annotated PGN to write");
    cmd->add_option("--engine", o->engine,
                    "The reference engine: cmd=PROGRAM[,option.NAME=VALUE...]")
        ->required();
    cmd->add_option("--depth", o->depth, "Search each position to depth N")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--nodes", o->nodes, "Search each position N nodes")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--movetime", o->movetime, "Search each position MS milliseconds")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--concurrency", o->concurrency, "Engines at once")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--inaccuracy", o->thresholds.inaccuracy, "Centipawns lost for ?!")
        ->capture_default_str();
    cmd->add_option("--mistake", o->thresholds.mistake, "Centipawns lost for ?")
        ->capture_default_str();
    cmd->add_option("--blunder", o->thresholds.blunder, "Centipawns lost for ??")
        ->capture_default_str();
    cmd->callback([o] { run(*o); });
}

Registrar analyse_registrar{"analyse", 28, add_analyse_command};

}  // namespace

}  // namespace arbiter::cli
