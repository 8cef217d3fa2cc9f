// Every output of the plan through both doors (harness/config/output_plan.h): for each OutputPlan
// field, a row with an `arbiter tournament` command and a cutechess-cli/fastchess command that set
// it, each played on a tiny match of our own engines (or the mock engine where a field needs an
// engine that lies, reports its CPUs or sends info strings), and the output the field makes, seen
// alike in both runs. The rows are checked against the fields output_plan.h declares: a new field
// without a row fails PlanDoors.EveryFieldOfThePlanHasARow.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "harness/config/output_plan.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

struct DoorRun {
    int exit_code;
    std::string out, err;
    fs::path dir;  // where the run's files are (the "@" of its command)
    std::string file(const std::string& name) const { return arbiter_test::read_text(dir / name); }
};

// The matches the rows play: the same games through either door.
enum class Match { two, three, mate, pinned, flood };

// One field of the plan: the flags that set it in each door (appended to the match's commands, "@"
// standing for the run's folder), the files a run finds before it starts, and the output the
// field makes, as text: the same through both doors, and `expected`.
struct Row {
    std::string field;
    Match match;
    std::string native, dialect;
    std::function<std::string(const DoorRun&)> seen;
    std::string expected;
    bool as_fastchess = false;  // the dialect spoken through a link named fastchess
    std::vector<std::pair<std::string, std::string>> before{};  // files already there
};

void PrintTo(const Row& row, std::ostream* out) {
    *out << row.field;
}

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size())
        ++n;
    return n;
}

std::string lines_of(const std::string& text) {
    return std::to_string(count(text, "\n")) + " lines";
}

// The names of the fields of each move's comment ("n", "sd", "line", ...), in order of first use.
std::string comment_keys(const std::string& pgn) {
    std::string keys;
    std::set<std::string> known;
    std::regex key("[{,] ?([a-z]+)=");
    for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), key); it != std::sregex_iterator();
         ++it)
        if (known.insert((*it)[1].str()).second) keys += (keys.empty() ? "" : ",") + (*it)[1].str();
    return keys;
}

std::string cpu_lists(const std::string& out) {
    std::set<std::string> seen;
    std::regex report("Cpus_allowed_list: (\\S+)");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), report);
         it != std::sregex_iterator(); ++it)
        seen.insert((*it)[1].str());
    std::string lists;
    for (const std::string& list : seen) lists += (lists.empty() ? "" : " ") + list;
    return lists;
}

// Every field of the plan, by its name in output_plan.h.
const std::vector<Row>& rows() {
    static const std::vector<Row> table = {
        {"format", Match::two, "--console fastchess", "-output format=fastchess",
         [](const DoorRun& r) {
             return std::string(r.out.ends_with("(hours:minutes:seconds)\n\n") ? "fastchess"
                                                                               : "other") +
                    ", " + std::to_string(count(r.out, "Finished game ")) + " games";
         },
         "fastchess, 6 games"},
        {"rating_interval", Match::two, "--console cutechess --rating-interval 3",
         "-ratinginterval 3",
         [](const DoorRun& r) { return std::to_string(count(r.out, "\nElo difference: ")); }, "2"},
        {"score_interval", Match::two, "--console cutechess --score-interval 2", "-scoreinterval 2",
         [](const DoorRun& r) { return std::to_string(count(r.out, "\nScore of ab vs mv: ")); },
         "3"},
        {"outcome_interval", Match::two, "--console cutechess --outcome-interval 4",
         "-outcomeinterval 4",
         [](const DoorRun& r) { return std::to_string(count(r.out, "\nPlayer: ab\n")); }, "2"},
        {"result_format", Match::three, "--console cutechess --result-format Rank,Name,Games,W",
         "-resultformat Rank,Name,Games,W",
         [](const DoorRun& r) {
             std::smatch header;
             if (!std::regex_search(r.out, header, std::regex("\n *(Rank [^\n]*[^ \n])")))
                 return std::string("no table");
             return std::regex_replace(header[1].str(), std::regex(" +"), " ");
         },
         "Rank Name Games Wins"},
        {"fastchess_tool", Match::two, "--console cutechess --fastchess-cutechess",
         "-output format=cutechess",
         [](const DoorRun& r) {
             return std::to_string(count(r.out, "Finished game ")) + " games, " +
                    std::to_string(count(r.out, "White vs Black: ")) + " colour lines, " +
                    (r.out.find("Finished match") == std::string::npos ? "no" : "a") +
                    " closing line";
         },
         "6 games, 0 colour lines, a closing line", true},
        {"pentanomial", Match::two, "--console cutechess --pentanomial", "-report penta=true",
         [](const DoorRun& r) { return std::to_string(count(r.out, "\nPtnml(0-2): ")); }, "1"},
        {"epd_path", Match::two, "--epd @/end.epd", "-epdout @/end.epd",
         [](const DoorRun& r) { return lines_of(r.file("end.epd")); }, "6 lines"},
        {"epd_append",
         Match::two,
         "--epd @/end.epd --epd-append false",
         "-epdout file=@/end.epd append=false",
         [](const DoorRun& r) { return lines_of(r.file("end.epd")); },
         "6 lines",
         false,
         {{"end.epd", "an earlier line\n"}}},
        {"pgn_append",
         Match::two,
         "--pgn @/g.pgn --pgn-append false",
         "-pgnout file=@/g.pgn append=false",
         [](const DoorRun& r) {
             const std::string pgn = r.file("g.pgn");
             return std::to_string(count(pgn, "[Event ")) + " games" +
                    (pgn.starts_with("[Event ") ? "" : " after earlier text");
         },
         "6 games",
         false,
         {{"g.pgn", "an earlier line\n"}}},
        {"crc32", Match::two, "--pgn @/g.pgn --crc32", "-pgnout @/g.pgn -crc32 pgn=true",
         [](const DoorRun& r) { return std::to_string(count(r.out, "/g.pgn has CRC32: 0x")); },
         "6"},
        {"pgn_fields", Match::flood,
         "--pgn @/g.pgn --pgn-fields timeleft,latency,nodes,seldepth,nps,hashfull,tbhits,pv "
         "--pgn-match-line '^info string flood' --pgn-form fastchess",
         "-pgnout file=@/g.pgn timeleft=true latency=true nodes=true seldepth=true nps=true "
         "hashfull=true tbhits=true pv=true 'match_line=^info string flood'",
         [](const DoorRun& r) { return comment_keys(r.file("g.pgn")); },
         "tl,latency,n,sd,nps,hashfull,tbhits,pv,line"},
        {"check_mate_pvs", Match::mate, "--check-mate-pvs", "-check-mate-pvs",
         [](const DoorRun& r) {
             return std::to_string(count(r.out,
                                         "Warning; Mating PV does not end with checkmate - "
                                         "from liar\n")) +
                    " warnings, " + std::to_string(count(r.out, "from honest")) + " of honest";
         },
         "10 warnings, 0 of honest"},
        {"test_env", Match::mate, "--check-mate-pvs --test-env", "-check-mate-pvs -testEnv",
         [](const DoorRun& r) {
             return std::to_string(count(r.out, "- from liar :: Info; info ")) + " one-line";
         },
         "10 one-line"},
        {"show_latency", Match::two, "--console cutechess --show-latency", "-show-latency",
         [](const DoorRun& r) {
             return std::to_string(count(r.out, "\nEngine ab latency: ")) + "+" +
                    std::to_string(count(r.out, "\nEngine mv latency: "));
         },
         "1+1"},
        {"html_path", Match::two, "--html @/page.html", "-html @/page.html",
         [](const DoorRun& r) {
             return r.file("page.html").find("<html") != std::string::npos ? "a page" : "none";
         },
         "a page"},
        {"live", Match::two, "--live 127.0.0.1:0", "-live 127.0.0.1:0",
         [](const DoorRun& r) {
             return std::regex_search(
                        r.err, std::regex("watch the run live at http://127\\.0\\.0\\.1:[1-9]"))
                        ? "served"
                        : "not served";
         },
         "served"},
        {"live_connections", Match::two, "--live 127.0.0.1:0 --live-connections 3",
         "-live 127.0.0.1:0 -live-connections 3",
         [](const DoorRun& r) {
             std::smatch at_most;
             return std::regex_search(r.err, at_most, std::regex("at most (\\d+) connections"))
                        ? at_most[1].str()
                        : "none";
         },
         "3"},
        {"saved_config_path", Match::two, "--save-config @/saved.json",
         "-config outname=@/saved.json",
         [](const DoorRun& r) {
             const std::string saved = r.file("saved.json");
             std::smatch games;
             return std::regex_search(saved, games,
                                      std::regex("\"ab vs mv\": \\{\\s*\"wins\": (\\d+),\\s*"
                                                 "\"losses\": (\\d+),\\s*\"draws\": (\\d+)"))
                        ? std::to_string(std::stoi(games[1]) + std::stoi(games[2]) +
                                         std::stoi(games[3])) +
                              " games saved"
                        : std::string("none");
         },
         "6 games saved"},
        {"affinity", Match::pinned, "--affinity 1 --concurrency 1", "-use-affinity 1",
         [](const DoorRun& r) { return cpu_lists(r.out); }, "1"},
    };
    return table;
}

// The members a struct of output_plan.h declares, in order: each line of its body that declares
// one (a type, a name, an optional initializer, a ';'), comments and operator== left out.
std::vector<std::string> declared_fields(const std::string& header, const std::string& name) {
    std::istringstream in(header);
    std::vector<std::string> fields;
    std::regex member("(\\w+)\\s*(\\{[^}]*\\}|=[^;]*)?;\\s*$");
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line == "struct " + name + " {") {
            inside = true;
            continue;
        }
        if (!inside) continue;
        if (line == "};") break;
        line = line.substr(0, line.find("//"));
        std::smatch found;
        if (line.find("operator") == std::string::npos && std::regex_search(line, found, member))
            fields.push_back(found[1]);
    }
    return fields;
}

std::string output_plan_header() {
    return arbiter_test::read_text("harness/config/output_plan.h");
}

// Each field of OutputPlan has its row; each member of PgnMoveFields (the per-move fields) is
// set by the pgn_fields row in both doors: a switch of PGN_MOVE_FIELD_NAMES by its name in
// --pgn-fields and in -pgnout NAME=true, the kept lines and the form by their flags.
TEST(PlanDoors, EveryFieldOfThePlanHasARow) {
    const std::string header = output_plan_header();
    std::vector<std::string> names;
    for (const Row& row : rows()) names.push_back(row.field);
    const std::vector<std::string> fields = declared_fields(header, "OutputPlan");
    ASSERT_GE(fields.size(), 10u) << "output_plan.h's OutputPlan was not read";
    EXPECT_EQ(names, fields) << "a field of OutputPlan without its row here (or a row too many)";
    const Row& pgn = *std::find_if(rows().begin(), rows().end(),
                                   [](const Row& row) { return row.field == "pgn_fields"; });
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> not_switches = {
        {"match_line", {"--pgn-match-line", "match_line="}},
        {"fastchess", {"--pgn-form fastchess", "nodes=true"}}};
    const std::vector<std::string> members = declared_fields(header, "PgnMoveFields");
    ASSERT_EQ(members.size(), PGN_MOVE_FIELD_NAMES.size() + not_switches.size());
    for (const std::string& member : members) {
        auto by_name = std::find_if(PGN_MOVE_FIELD_NAMES.begin(), PGN_MOVE_FIELD_NAMES.end(),
                                    [&](const PgnMoveFieldName& f) { return f.name == member; });
        if (by_name != PGN_MOVE_FIELD_NAMES.end()) {
            EXPECT_NE(pgn.native.find(member), std::string::npos) << member;
            EXPECT_NE(pgn.dialect.find(member + "=true"), std::string::npos) << member;
            continue;
        }
        auto flagged = std::find_if(not_switches.begin(), not_switches.end(),
                                    [&](const auto& entry) { return entry.first == member; });
        ASSERT_NE(flagged, not_switches.end()) << "PgnMoveFields::" << member << " has no row";
        EXPECT_NE(pgn.native.find(flagged->second.first), std::string::npos) << member;
        EXPECT_NE(pgn.dialect.find(flagged->second.second), std::string::npos) << member;
    }
}

class PlanDoors : public ::testing::TestWithParam<Row> {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-plan-doors-" + std::to_string(::getpid()) + "-" + GetParam().field);
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream three(dir / "three.epd");
        std::string line;
        for (int i = 0; i < 3 && std::getline(suite, line); ++i) three << line << '\n';
        std::ofstream(dir / "mate.epd") << "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n";  // Ra8 mates
        fs::create_symlink(ARBITER_PATH, dir / "fastchess");
    }
    void TearDown() override { fs::remove_all(dir); }

    // The match's command in each door, with the row's flags.
    std::string native_match(const Row& row) const {
        const std::string ab = ALPHABETA_PATH, mv = MVVLVA_PATH, mock = MOCK_ENGINE_PATH;
        const std::string suite = " --openings " + (dir / "three.epd").string();
        switch (row.match) {
            case Match::two:
            case Match::three:
                return "tournament --engine name=ab,cmd=" + ab + " --engine name=mv,cmd=" + mv +
                       (row.match == Match::three ? " --engine name=ab2,cmd=" + ab : "") +
                       " --nodes 2000" + suite + " --rounds 1 --concurrency 1";
            case Match::mate:
                return "tournament --engine name=honest,cmd=" + mock +
                       ",arg=--mate-in-one --engine 'name=liar,cmd=" + mock +
                       ",arg=--score,arg=mate 1' --depth 1 --openings " +
                       (dir / "mate.epd").string() +
                       " --single-games --rounds 2 --maxplies 20 --concurrency 1";
            case Match::pinned:
            case Match::flood: {
                const std::string arg = row.match == Match::pinned ? ",arg=--report-affinity"
                                                                   : ",arg=--info-flood,arg=1";
                return "tournament --engine name=a,cmd=" + mock + arg +
                       " --engine name=b,cmd=" + mock + arg + " --depth 1" + suite +
                       " --max-games 2 --maxplies 10" +
                       (row.match == Match::pinned ? " --engine-log -" : "");
            }
        }
        return "";
    }
    std::string dialect_match(const Row& row) const {
        const std::string ab = ALPHABETA_PATH, mv = MVVLVA_PATH, mock = MOCK_ENGINE_PATH;
        const std::string suite = " -openings file=" + (dir / "three.epd").string() + " format=epd";
        switch (row.match) {
            case Match::two:
            case Match::three:
                return "-engine name=ab cmd=" + ab + " -engine name=mv cmd=" + mv +
                       (row.match == Match::three ? " -engine name=ab2 cmd=" + ab : "") +
                       " -each tc=inf nodes=2000" + suite +
                       " -rounds 3 -games 2 -repeat -concurrency 1";
            case Match::mate:
                return "-engine name=honest cmd=" + mock +
                       " arg=--mate-in-one -engine name=liar cmd=" + mock +
                       " arg=--score 'arg=mate 1' -each depth=1 -openings file=" +
                       (dir / "mate.epd").string() + " -games 1 -rounds 2 -maxmoves 10";
            case Match::pinned:
            case Match::flood: {
                const std::string arg = row.match == Match::pinned ? " arg=--report-affinity"
                                                                   : " arg=--info-flood arg=1";
                return "-engine name=a cmd=" + mock + arg + " -engine name=b cmd=" + mock + arg +
                       " -each depth=1" + suite + " -games 2 -rounds 1 -repeat -maxmoves 5" +
                       (row.match == Match::pinned ? " -debug" : "");
            }
        }
        return "";
    }

    // Runs `program arguments` with "@" standing for a folder of its own, named `door`, holding
    // the row's earlier files.
    DoorRun run(const std::string& program, std::string arguments, const std::string& door) const {
        const fs::path here = dir / door;
        fs::create_directories(here);
        for (const auto& [name, text] : GetParam().before) std::ofstream(here / name) << text;
        arguments = std::regex_replace(arguments, std::regex("@"), here.string());
        const std::string command = program + " " + arguments + " 2>" + (here / "err").string();
        FILE* pipe = popen(command.c_str(), "r");
        std::string out;
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        const int status = pclose(pipe);
        DoorRun result{WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out, "",
                       here};
        result.err = result.file("err");
        return result;
    }

    fs::path dir;
};

TEST_P(PlanDoors, TheFieldsOutputAppearsAlikeThroughBothDoors) {
    const Row& row = GetParam();
    if (row.match == Match::pinned && std::thread::hardware_concurrency() < 2)
        GTEST_SKIP() << "one CPU: pinning to CPU 1 cannot be told apart";
    const DoorRun native =
        run(ARBITER_PATH, native_match(row) + " --db @/t.sqlite " + row.native, "native");
    ASSERT_EQ(native.exit_code, 0) << native.out << native.err;
    const std::string program = row.as_fastchess ? (dir / "fastchess").string() : ARBITER_PATH;
    const DoorRun dialect =
        run(program, dialect_match(row) + " -db @/t.sqlite " + row.dialect, "dialect");
    ASSERT_EQ(dialect.exit_code, 0) << dialect.out << dialect.err;
    EXPECT_EQ(row.seen(native), row.expected) << native.out;
    EXPECT_EQ(row.seen(dialect), row.expected) << dialect.out;
}

INSTANTIATE_TEST_SUITE_P(EveryOutput, PlanDoors, ::testing::ValuesIn(rows()),
                         [](const ::testing::TestParamInfo<Row>& info) {
                             return info.param.field;
                         });

}  // namespace
}  // namespace arbiter
