// The two tuners that drive cutechess-cli and fastchess, end to end with arbiter in their place
// (issue 31): chess-tuning-tools' `tune local` (its engines.json with initStrings, its command
// line with -debug, its filter of debug lines and its pentanomial from the "Score of" and
// "Finished game" lines) and weather-factory's CutechessMan (fastchess -config outname=,
// discard=true, the cutechess output), each command line word for word with our engine and
// Stockfish, read back the way the tuner reads it and compared with the database.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "harness/cli/client_run_fixture.h"
#include "harness/config/json.h"

namespace arbiter_test {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// chess-tuning-tools' parse_experiment_result: the W-L-D of each "Score of" line, differenced,
// ordered by the "Finished game N" lines, then games 2k-1 and 2k as a pair, from engine1's side
// (index 0: two losses ... 4: two wins, as Counts::pairs).
std::array<int, 5> tuning_tools_pentanomial(const std::string& out) {
    std::vector<std::array<int, 3>> scores;
    std::regex score("Score of.*:\\s*([0-9]+)\\s-\\s([0-9]+)\\s-\\s([0-9]+)");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), score);
         it != std::sregex_iterator(); ++it)
        scores.push_back({std::stoi((*it)[1]), std::stoi((*it)[2]), std::stoi((*it)[3])});
    std::vector<int> finished;
    std::regex game("Finished game ([0-9]+)");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), game); it != std::sregex_iterator();
         ++it)
        finished.push_back(std::stoi((*it)[1]) - 1);
    // np.diff(scores, prepend=0)[np.argsort(finished)]: the match's closing "Score of" line
    // (cutechess prints the final score again) differences to zero and is not indexed.
    std::vector<std::array<int, 3>> all(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i)
        for (std::size_t k = 0; k < 3; ++k) all[i][k] = scores[i][k] - (i ? scores[i - 1][k] : 0);
    std::vector<std::size_t> order(finished.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return finished[a] < finished[b]; });
    std::vector<std::array<int, 3>> diffs;
    for (std::size_t i : order) diffs.push_back(all.at(i));
    std::array<int, 5> pairs{};
    for (std::size_t i = 0; i + 1 < diffs.size(); i += 2) {
        int half_points = 2 * (diffs[i][0] + diffs[i + 1][0]) + (diffs[i][2] + diffs[i + 1][2]);
        ++pairs[std::size_t(half_points)];
    }
    return pairs;
}

class TunerRun : public ClientRun {
  protected:
    // chess-tuning-tools' engines.json (tune/io.py): initStrings start with "uci", then the
    // fixed parameters and the point tested, as setoption lines.
    void engines_json(const std::string& command, const std::string& first_lines,
                      const std::string& second_lines) const {
        std::ofstream(dir_ / "engines.json")
            << "[{\"command\": \"" << command << "\", \"initStrings\": [\"uci\", " << first_lines
            << "], \"name\": \"engine1\", \"protocol\": \"uci\"},\n {\"command\": \"" << command
            << "\", \"initStrings\": [\"uci\", " << second_lines
            << "], \"name\": \"engine2\", \"protocol\": \"uci\"}]\n";
    }
    // tune/local.py run_match's command line for two rounds at `tc`, with its adjudication.
    RunResult tuning_tools_match(const std::string& tc) const {
        return run_here(
            "(./cutechess-cli -concurrency 2 -engine conf=engine1 restart=auto tc=" + tc +
            " -engine conf=engine2 restart=auto tc=" + tc +
            " -openings file=book.epd format=epd order=random -draw movenumber=1 movecount=10 "
            "score=8 -resign movecount=3 score=550 twosided=false -rounds 2 -games 2 -repeat "
            "-recover -debug -pgnout out.pgn 2>&1)");
    }
    // What the tuner counts of a run equals the database: every line is either a debug line
    // (which it drops) or one of the match's, and its pentanomial is the stored games'.
    void expect_counted_as_stored(const RunResult& run, std::size_t games) const {
        ASSERT_EQ(run.exit_code, 0) << run.out;
        std::string kept;
        int debug = 0;
        for (const std::string& line : lines_of(run.out)) {
            if (std::regex_search(line, std::regex("^[0-9]+ [<>]"))) {
                ++debug;
                continue;
            }
            kept += line + "\n";
        }
        EXPECT_GT(debug, 20);
        EXPECT_NE(run.out.find(" >engine1("), std::string::npos);
        EXPECT_NE(run.out.find(" <engine2("), std::string::npos);
        std::vector<StoredGame> stored = stored_games(database_of({0, "", run.out}));
        ASSERT_EQ(stored.size(), games);
        EXPECT_EQ(tuning_tools_pentanomial(kept), counts_of(stored, "engine1").pairs);
    }
};

TEST_F(TunerRun, ChessTuningToolsMatchWithOurEngine) {
    link("cutechess-cli");
    engines_json(ALPHABETA_PATH, "\"setoption name Move Overhead value 20\"",
                 "\"setoption name Move Overhead value 40\"");
    for (int run = 0; run < 2; ++run) {
        RunResult result = tuning_tools_match("1+0.01");
        expect_counted_as_stored(result, 4);
        EXPECT_NE(result.out.find(">engine1(1): setoption name Move Overhead value 20"),
                  std::string::npos);
        // "uci" is the handshake, not sent again as an init string: no engine is sent it twice
        // in a row.
        std::map<std::string, std::string> last_sent;
        std::regex sent("^[0-9]+ >(\\S+): (.*)$");
        std::smatch m;
        for (const std::string& line : lines_of(result.out))
            if (std::regex_match(line, m, sent)) {
                EXPECT_FALSE(m[2] == "uci" && last_sent[m[1]] == "uci") << line;
                last_sent[m[1]] = m[2];
            }
        EXPECT_EQ(last_sent.count("engine1(1)"), 1u);
    }
}

TEST_F(TunerRun, ChessTuningToolsMatchWithStockfish) {
    link("cutechess-cli");
    engines_json("/usr/games/stockfish",
                 "\"setoption name Threads value 1\", \"setoption name Hash value 16\"",
                 "\"setoption name Threads value 1\", \"setoption name Hash value 8\"");
    expect_counted_as_stored(tuning_tools_match("1+0.01"), 4);
}

// weather-factory's cutechess.py: fastchess with -config discard=true outname=..., the cutechess
// output, and its "Score of" / "Elo difference" parsing; run twice, as each SPSA step does.
TEST_F(TunerRun, WeatherFactoryStepsWithStockfish) {
    link("fastchess");
    fs::create_directories(dir_ / "tuner");
    fs::create_symlink("/usr/games/stockfish", dir_ / "tuner/sf");
    fs::copy_file(dir_ / "book.epd", dir_ / "tuner/book.epd");
    fs::create_symlink(dir_ / "fastchess", dir_ / "tuner/fastchess");
    for (const char* depth : {"3", "5"}) {
        RunResult run = run_here(
            std::string("./tuner/fastchess -config discard=true "
                        "outname=tuner/fastchess_config.json -output format=cutechess ") +
            "-engine cmd=./tuner/sf name=sf-1 proto=uci option.Hash=8 option.SyzygyProbeDepth=" +
            depth +
            " -engine cmd=./tuner/sf name=sf-2 proto=uci option.Hash=8 "
            "option.SyzygyProbeDepth=1 "
            "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 -recover "
            "-concurrency 2 -each tc=1.0+0.01 -openings file=tuner/book.epd format=epd "
            "order=random plies=16 -repeat 2 -games 2 -rounds 2 -pgnout tuner/games.pgn");
        ASSERT_EQ(run.exit_code, 0) << run.err;
        // cutechess.py: the last "Score of" line's W - L - D, and the Elo difference's number.
        int w = -1, l = -1, d = -1;
        double elo = 0;
        bool elo_read = false;
        for (const std::string& line : lines_of(run.out)) {
            if (line.rfind("Score of", 0) == 0) {
                std::string part = line.substr(line.find(':') + 1);
                part = part.substr(0, part.find('['));
                ASSERT_EQ(std::sscanf(part.c_str(), "%d - %d - %d", &w, &l, &d), 3) << line;
            }
            if (line.rfind("Elo difference", 0) == 0) {
                std::string part = line.substr(line.find(':') + 1);
                elo = std::stod(part.substr(0, part.find('+')));
                elo_read = true;
            }
        }
        std::vector<StoredGame> stored = stored_games(database_of(run));
        ASSERT_EQ(stored.size(), 4u);
        Counts counts = counts_of(stored, "sf-1");
        EXPECT_EQ(w, counts.wins);
        EXPECT_EQ(l, counts.losses);
        EXPECT_EQ(d, counts.draws);
        EXPECT_TRUE(elo_read);
        EXPECT_EQ(elo == 0, counts.wins == counts.losses) << elo;
        // The saved configuration: this run's (discard=true), with its results under "stats".
        arbiter::json::Value saved = arbiter::json::parse(read("tuner/fastchess_config.json"));
        EXPECT_EQ(saved.find("engines")->as_array().size(), 2u);
        const arbiter::json::Value* options = saved.find("engines")->as_array()[0].find("options");
        EXPECT_EQ(options->as_array().back().as_array()[1].as_string(), depth);
        const arbiter::json::Value* stats = saved.find("stats")->find("sf-1 vs sf-2");
        ASSERT_NE(stats, nullptr) << saved.dump(2);
        EXPECT_EQ(stats->find("wins")->as_integer(), counts.wins);
        EXPECT_EQ(stats->find("losses")->as_integer(), counts.losses);
        EXPECT_EQ(stats->find("draws")->as_integer(), counts.draws);
    }
    // The file it saved plays the same match again with -config file=.
    RunResult again = run_here("./tuner/fastchess -config file=tuner/fastchess_config.json");
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(stored_games(database_of(again)).size(), 4u);
}

}  // namespace
}  // namespace arbiter_test
