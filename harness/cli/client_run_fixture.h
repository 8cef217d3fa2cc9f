// The fixture of the tests that run a framework's or a tuner's command line with arbiter in the
// tool's place: a folder with arbiter linked under the tool's name, engines, and the counts of
// the stored games as the clients count them.
#pragma once

#include <array>
#include <map>
#include <regex>

#include "harness/cli/cutechess_dialect_fixture.h"

namespace arbiter_test {

// W, L, D of `engine` and the pentanomial counts of its pairs (games 2k-1, 2k), from the store.
struct Counts {
    int wins = 0, losses = 0, draws = 0;
    std::array<int, 5> pairs{};
};
inline Counts counts_of(const std::vector<StoredGame>& games, const std::string& engine) {
    Counts counts;
    std::map<std::int64_t, int> half;  // pair -> points x 2 of the first game
    for (const StoredGame& game : games) {
        int twice = game.result == "1/2-1/2"                           ? 1
                    : (game.result == "1-0") == (game.white == engine) ? 2
                                                                       : 0;
        (twice == 2 ? counts.wins : twice == 1 ? counts.draws : counts.losses)++;
        std::int64_t pair = (game.number - 1) / 2;
        if (auto first = half.find(pair); first != half.end()) {
            ++counts.pairs[std::size_t((first->second + twice))];
            half.erase(first);
        } else {
            half[pair] = twice;
        }
    }
    return counts;
}

// A client's folder: arbiter linked under a tool's name, a book, and wrappers of mock_engine.
class ClientRun : public CutechessDialect {
  protected:
    void link(const std::string& name) const { fs::create_symlink(ARBITER_PATH, dir_ / name); }
    // An executable script `name` in the folder that runs mock_engine with `flags`.
    void engine(const std::string& name, const std::string& flags) const {
        std::ofstream(dir_ / name)
            << "#!/bin/sh\nexec " << MOCK_ENGINE_PATH << " " << flags << " \"$@\"\n";
        fs::permissions(dir_ / name, fs::perms::owner_all);
    }
    // Runs `command` inside the folder; stdout and stderr apart.
    RunResult run_here(const std::string& command) const {
        return run_shell("cd " + dir_.string() + " && " + command);
    }
    RunResult run_shell(const std::string& command) const {
        static int serial = 0;
        std::string err = path("err" + std::to_string(++serial));
        FILE* pipe = popen((command + " 2>" + err).c_str(), "r");
        std::string out;
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        int status = pclose(pipe);
        std::ifstream err_file(err);
        std::string text((std::istreambuf_iterator<char>(err_file)), {});
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out, text};
    }
    // The database a run named on stderr ("Database: PATH"), inside the folder.
    std::string database_of(const RunResult& run) const {
        std::smatch match;
        std::regex form("Database: (\\S+)");
        EXPECT_TRUE(std::regex_search(run.err, match, form)) << run.err;
        return (dir_ / match[1].str()).string();
    }
    std::string read(const std::string& name) const {
        std::ifstream file(dir_ / name);
        return std::string((std::istreambuf_iterator<char>(file)), {});
    }
};

}  // namespace arbiter_test
