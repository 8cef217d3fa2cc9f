#include "engines/uci/engine.h"

#include <boost/program_options.hpp>
#include <iostream>

#include "engines/core/perft.h"
#include "engines/uci/bench.h"
#include "engines/uci/uci.h"

namespace arbiter {

namespace po = boost::program_options;

bool has_seed_option(const SearchFeatures& f) {
    return f.random_mover || f.seeded_ties;
}
bool has_eval_option(const SearchFeatures& f) {
    return !f.random_mover;
}
bool has_overhead_option(const SearchFeatures& f) {
    return !f.random_mover && f.max_depth > 1;
}

namespace {

// Reads a whole positive decimal number no larger than max; false otherwise.
bool parse_depth(const std::string& text, int max, int& depth) {
    try {
        std::size_t used = 0;
        int d = std::stoi(text, &used);
        if (used != text.size() || d < 1 || d > max) return false;
        depth = d;
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// The command line as read: the command, its arguments and the options.
struct CommandLine {
    std::string command, fen, eval_name;
    std::vector<std::string> arguments;
    po::variables_map vm;
};

// The options --help shows, read into `line`.
po::options_description visible_options(const EngineSpec& spec, CommandLine& line) {
    po::options_description visible(
        "Usage: " + spec.name +
        " [bench [DEPTH] [--fen FEN] [--eval EVAL] | perft DEPTH [--fen FEN]] [--chess960]\n"
        "Without a command the engine speaks UCI on standard input and output.\n"
        "  bench [DEPTH]   search the bench positions (or --fen) to DEPTH (default " +
        std::to_string(spec.bench_depth) +
        ") and print 'Nodes searched: N'\n"
        "  perft DEPTH     count the leaves of the legal move tree, with a divide\n"
        "Options");
    visible.add_options()("help,h", "print this help")(
        "fen", po::value(&line.fen),
        "the position for bench or perft (default: the bench suite, or "
        "the start position for perft)")("eval",
                                         po::value(&line.eval_name)->default_value("simplified"),
                                         "the evaluation for bench: simplified or material")(
        "chess960", "bench or perft in Chess960 (bench: the Chess960 bench positions)");
    return visible;
}

// Reads the command line into `line`: the visible options, the command and its arguments
// (hidden, positional). Returns the parser's message, empty when it read.
std::string read_command_line(int argc, char** argv, const po::options_description& visible,
                              CommandLine& line) {
    po::options_description hidden;
    hidden.add_options()("command", po::value(&line.command))(
        "arguments", po::value(&line.arguments)->multitoken());
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("command", 1).add("arguments", -1);
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  line.vm);
        po::notify(line.vm);
    } catch (const po::error& e) {
        return e.what();
    }
    return {};
}

// No command: speak UCI on standard input and output until quit.
void speak_uci(const EngineSpec& spec) {
    // C++ streams apart from stdio: whole-buffer reads instead of a locked getc per byte
    // (a `position ... moves` line of a long game is thousands of bytes). std::cin must not
    // be tied to std::cout then: every read would flush std::cout from the input thread,
    // racing with the search thread's output (which UciEngine::say() serialises and
    // flushes itself), and could send a line twice.
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    UciEngine engine(spec, std::cout);
    engine.loop(std::cin);
}

// bench [DEPTH] [--fen FEN] [--eval EVAL]. Returns the usage error, empty when it ran.
std::string bench_command(const EngineSpec& spec, const CommandLine& line) {
    const auto& arguments = line.arguments;
    int depth = spec.bench_depth;
    if (arguments.size() > 1) return "bench takes at most one DEPTH";
    if (!arguments.empty() && !parse_depth(arguments[0], MAX_PLY - 1, depth))
        return "bench: DEPTH must be a number from 1 to " + std::to_string(MAX_PLY - 1) +
               ", not '" + arguments[0] + "'";
    auto kind = eval::parse_kind(line.eval_name);
    if (!kind) return "--eval must be simplified or material, not '" + line.eval_name + "'";
    bool chess960 = line.vm.count("chess960");
    std::vector<std::string> fens = chess960 ? chess960_bench_positions() : bench_positions();
    if (line.vm.count("fen")) {
        StateInfo root;
        Position pos;
        if (std::string error = pos.set(line.fen, root, chess960); !error.empty())
            return "bench: " + error;
        fens = {line.fen};
    }
    run_bench(spec, depth, fens, *kind, std::cout, chess960);
    return {};
}

// perft DEPTH [--fen FEN]. Returns the usage error, empty when it ran.
std::string perft_command(const CommandLine& line) {
    int depth = 0;
    if (line.arguments.size() != 1 || !parse_depth(line.arguments[0], 20, depth))
        return "perft needs one DEPTH from 1 to 20";
    StateInfo root;
    Position pos;
    if (std::string error = pos.set(line.vm.count("fen") ? line.fen : std::string(START_FEN), root,
                                    line.vm.count("chess960") > 0);
        !error.empty())
        return "perft: " + error;
    perft_divide(pos, depth, std::cout);
    return {};
}

// The command's usage error, empty when it ran.
std::string run_command(const EngineSpec& spec, const CommandLine& line) {
    if (line.command.empty()) {
        if (line.vm.count("fen") || !line.vm["eval"].defaulted() || line.vm.count("chess960"))
            return "--fen, --eval and --chess960 belong to bench or perft";
        speak_uci(spec);
        return {};
    }
    if (line.command == "bench") return bench_command(spec, line);
    if (line.command == "perft") return perft_command(line);
    return "unknown command '" + line.command + "'";
}

}  // namespace

int run_engine(const EngineSpec& spec, int argc, char** argv) {
    CommandLine line;
    const po::options_description visible = visible_options(spec, line);
    std::string error = read_command_line(argc, argv, visible, line);
    if (error.empty() && line.vm.count("help")) {
        std::cout << visible << '\n';
        return 0;
    }
    if (error.empty()) error = run_command(spec, line);
    if (error.empty()) return 0;
    std::cerr << spec.name << ": " << error << "\n\n" << visible << '\n';
    return 2;
}

}  // namespace arbiter
