// The tournament's settings read through every path (JSON, key=value lists, flag layers, structs
// built in code): the same values, the same messages, and an identity that changes exactly when a
// setting that can change a game's result changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "harness/config/config_error_of.h"
#include "harness/config/tournament_config.h"

namespace arbiter {
namespace {

using testing::error_of;

bool ends_with(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() &&
           text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

TournamentConfig two_engines() {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=a,cmd=a"), parse_engine_spec("name=b,cmd=b")};
    c.openings_path = "openings/startpos.epd";
    c.limits.depth = 1;
    return c;
}

TournamentConfig from_json(const std::string& text) {
    return tournament_config_from_json(json::parse(text), "c.json");
}

TournamentConfig from_flags(const KeyValues& flags) {
    TournamentConfig c = two_engines();
    apply_settings(c, flags);
    validate(c);
    return c;
}

TEST(Settings, BadValueGivesTheSameMessageEveryWay) {
    struct Case {
        const char* key;
        const char* value;
        const char* message;
    };
    for (const Case& c : {
             Case{"nodes", "-5", "nodes must be a positive integer (got -5)"},
             Case{"stall_timeout", "0",
                  "stall_timeout must be a number of milliseconds from 1 to 1000000000000, the "
                  "most the "
                  "clock can add (got 0)"},
             Case{"time_margin", "-1000",
                  "time_margin must be a number of milliseconds from 0 to 1000000000000, the most "
                  "the "
                  "clock can add (got -1000)"},
             Case{"concurrency", "0", "concurrency must be a positive integer (got 0)"},
             Case{"report_every", "0", "report_every must be a positive integer (got 0)"},
             Case{"plies", "-1", "plies must be a number of plies, 0 or more (got -1)"},
             Case{"handshake_timeout", "-3",
                  "handshake_timeout must be a number of milliseconds from 1 to 1000000000000, the "
                  "most the clock can add (got -3)"},
             Case{"wait", "-1",
                  "wait must be a number of milliseconds from 0 to 1000000000000, the most the "
                  "clock "
                  "can add (got -1)"},
         }) {
        std::string flag = error_of([&] { from_flags({{c.key, c.value}}); });
        std::string json =
            error_of([&] { from_json(std::string("{\"") + c.key + "\": " + c.value + "}"); });
        EXPECT_EQ(flag, c.message) << c.key;
        EXPECT_EQ(json, std::string("c.json: ") + c.message) << c.key;
    }
    // An engine's own limit, and a limit built in code, by the same rule.
    EXPECT_EQ(error_of([] { parse_engine_spec("cmd=x,nodes=-5"); }),
              "--engine cmd=x,nodes=-5: nodes must be a positive integer (got -5)");
    EXPECT_EQ(error_of([] { from_json(R"({"engines": [{"cmd": "x", "nodes": -5}]})"); }),
              "c.json: engines[0]: nodes must be a positive integer (got -5)");
    TournamentConfig in_code = two_engines();
    in_code.game.stall_timeout = std::chrono::milliseconds(0);
    EXPECT_EQ(
        error_of([&] { validate(in_code); }),
        "stall_timeout must be a number of milliseconds from 1 to 1000000000000, the most the "
        "clock can add (got 0)");
    in_code = two_engines();
    in_code.engines[0].limits.nodes = 0;
    EXPECT_EQ(error_of([&] { validate(in_code); }),
              "engine a: nodes must be a positive integer (got 0)");
    // No 300-digit range, and a huge value is cut short (the largest accepted is named).
    std::string huge = error_of([] { from_flags({{"nodes", std::string(300, '9')}}); });
    EXPECT_LT(huge.size(), 120u) << huge;
    EXPECT_TRUE(ends_with(huge, "...)")) << huge;
}

// Issue 20, item 6: a timeout the steady clock cannot add to its reading (nanoseconds in 64 bits)
// made a healthy engine lose at once; such values are refused, naming the largest accepted.
TEST(Settings, TimeoutsBeyondWhatTheClockCanAddAreRefusedNamingTheLargest) {
    for (const char* key : {"stall_timeout", "handshake_timeout", "time_margin", "movetime"}) {
        std::string flag = error_of([&] { from_flags({{key, "9300000000000"}}); });
        EXPECT_NE(flag.find(std::string(key) + " must be a number of milliseconds from "),
                  std::string::npos)
            << flag;
        EXPECT_NE(flag.find("to 1000000000000, the most the clock can add (got 9300000000000)"),
                  std::string::npos)
            << flag;
        std::string json = error_of([&] { from_json(std::string("{\"") + key + "\": 1e13}"); });
        EXPECT_NE(json.find("to 1000000000000, the most the clock can add"), std::string::npos)
            << json;
        EXPECT_EQ(error_of([&] { from_flags({{key, "1000000000000"}}); }), "accepted") << key;
    }
    EXPECT_NE(error_of([] {
                  parse_engine_spec("cmd=x,movetime=10000000000000");
              }).find("movetime must be a number of milliseconds from 1 to 1000000000000"),
              std::string::npos);
}

TEST(Settings, DrawAndResignMeanTheSameInJsonAndOnTheCommandLine) {
    TournamentConfig flags = from_flags({{"draw", "movenumber=40"}, {"resign", "score=500"}});
    TournamentConfig json =
        from_json(R"({"adjudication": {"draw_movenumber": 40, "resign_score": 500}})");
    EXPECT_EQ(json.game.adjudication, flags.game.adjudication);
    EXPECT_EQ(flags.game.adjudication.draw_move_count, 1);
    EXPECT_EQ(flags.game.adjudication.resign_move_count, 1);
    EXPECT_EQ(flags.game.adjudication.resign_score, 500);
    EXPECT_EQ(error_of([] {
                  from_flags({{"draw", "movecount=0"}});
              }),
              "draw movecount must be a positive integer (got 0)");
    EXPECT_EQ(error_of([] { from_json(R"({"adjudication": {"draw_movecount": 0}})"); }),
              "c.json: draw movecount must be a positive integer (got 0)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"resign", "score=-100"}});
              }),
              "resign score must be a number of centipawns, 0 or more (got -100)");
}

TEST(Settings, SprtModelIsReadTheSameWayEverywhere) {
    EXPECT_EQ(from_json(R"({"sprt": {"elo0": 0, "elo1": 5, "model": "logistic"}})").sprt->model,
              SprtModel::logistic);
    EXPECT_EQ(error_of([] { from_json(R"({"sprt": {"elo0": 0, "elo1": 5, "model": "bayes"}})"); }),
              "c.json: sprt model must be normalized or logistic (got bayes)");
    EXPECT_EQ(error_of([] { parse_sprt_parameters("elo0=0,elo1=5,model=bayes"); }),
              "sprt model must be normalized or logistic (got bayes)");
    // The text form in JSON goes through the same reader as the flag.
    EXPECT_EQ(from_json(R"({"sprt": "elo0=0,elo1=5,model=logistic"})").sprt,
              parse_sprt_parameters("elo0=0,elo1=5,model=logistic"));
}

TEST(Settings, ParsesSprtParameters) {
    const SprtParameters p = parse_sprt_parameters("elo0=0,elo1=10,alpha=0.05,beta=0.1");
    EXPECT_EQ(p.elo0, 0.0);
    EXPECT_EQ(p.elo1, 10.0);
    EXPECT_EQ(p.alpha, 0.05);
    EXPECT_EQ(p.beta, 0.1);
    EXPECT_EQ(p.model, SprtModel::normalized);
    EXPECT_EQ(parse_sprt_parameters("elo1=5,elo0=-1.5,model=logistic").model, SprtModel::logistic);
    EXPECT_EQ(parse_sprt_parameters("elo1=5,elo0=-1.5").elo0, -1.5);
    EXPECT_EQ(sprt_from_json(to_json(p)), p);
}

TEST(Settings, RejectsBadSprtParameters) {
    for (const char* bad :
         {"elo0=0", "elo0=0,elo1=x", "elo0=0,elo1=5,gamma=1", "elo0=0,elo1=5,alpha=0.6,beta=0.5",
          "elo0=5,elo1=5", "elo0=0,elo1=5,model=bayes", "elo0=0,elo1"})
        EXPECT_THROW(parse_sprt_parameters(bad), ConfigError) << bad;
    EXPECT_EQ(error_of([] { parse_sprt_parameters("elo0=0,elo1=5,gamma=1"); }),
              "sprt: unknown key 'gamma' (expected elo0, elo1, alpha, beta, model)");
    EXPECT_EQ(error_of([] { from_json(R"({"sprt": {"elo0": 0}})"); }),
              "c.json: sprt: elo0 and elo1 are required");
}

TEST(Settings, FlagLimitsReplaceTheConfigurationFileLimits) {
    TournamentConfig c = from_json(R"({"tc": "10+0.1", "rounds": 3})");
    apply_settings(c, {{"depth", "2"}});
    EXPECT_EQ(c.limits.depth, 2);
    EXPECT_FALSE(c.limits.tc);
    EXPECT_EQ(c.rounds, 3);
}

// Issue 20, item 13: a whole number above a setting's range names the largest accepted.
TEST(Settings, ANumberAboveTheRangeNamesTheLargest) {
    EXPECT_EQ(error_of([] { from_json(R"({"rounds": 2147483648})"); }),
              "c.json: rounds must be a positive integer, at most 2147483647 (got 2147483648)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"rounds", "99999999999999999999"}});
              }),
              "rounds must be a positive integer, at most 2147483647 (got 99999999999999999999)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"rounds", "0"}});
              }),
              "rounds must be a positive integer (got 0)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"rounds", "-99999999999999999999"}});
              }),
              "rounds must be a positive integer (got -99999999999999999999)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tc", "9300000000+0"}});
              }),
              "time control '9300000000+0' is too large: the period and the increment may each "
              "be at most 10000000 seconds (115 days)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tc", "1+1e400"}});
              }),
              "time control '1+1e400' is too large: the period and the increment may each be at "
              "most 10000000 seconds (115 days)");
    EXPECT_NE(error_of([] {
                  from_flags({{"tc", "1+x"}});
              }).find("is not SECONDS+INC"),
              std::string::npos);
}

// A directory named as a --config or --engines file is named as one.
TEST(Settings, ADirectoryIsNotAConfigurationFile) {
    EXPECT_EQ(error_of([] { read_text_file("harness"); }), "harness: is a directory, not a file");
}

TEST(Settings, ConcurrencyFarAboveTheCoresNeedsForce) {
    int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    std::string many = std::to_string(cores * 4 + 1);
    std::string error = error_of([&] { from_flags({{"concurrency", many}}); });
    EXPECT_NE(error.find("add --force"), std::string::npos) << error;
    TournamentConfig forced = two_engines();
    forced.force = true;
    apply_settings(forced, {{"concurrency", many}});
    EXPECT_NO_THROW(validate(forced));
    EXPECT_NO_THROW(from_flags({{"concurrency", std::to_string(cores * 4)}}));
}

TEST(Settings, WaitIsOneSettingReadEveryWay) {
    EXPECT_EQ(from_flags({{"wait", "250"}}).wait, std::chrono::milliseconds(250));
    EXPECT_EQ(from_json(R"({"wait": 250})").wait, std::chrono::milliseconds(250));
    TournamentConfig c = two_engines();
    c.wait = std::chrono::milliseconds(250);
    EXPECT_EQ(tournament_config_from_json(c.to_json(), "test").wait, c.wait);
    // A pause changes no game's result: the same tournament.
    EXPECT_EQ(c.identity("h"), two_engines().identity("h"));
}

TEST(Settings, EngineLogIsAnOutputPathOutsideTheStoredConfiguration) {
    EXPECT_EQ(from_flags({{"engine_log", "e.log"}}).engine_log, "e.log");
    EXPECT_EQ(from_json(R"({"engine_log": "-"})").engine_log, "-");
    EXPECT_EQ(error_of([] {
                  from_flags({{"engine_log", ""}});
              }),
              "engine_log must name a file (or - for stdout)");
    TournamentConfig c = two_engines();
    c.engine_log = "e.log";
    EXPECT_EQ(c.to_json(), two_engines().to_json());  // as db and pgn: shards may differ in it
    EXPECT_TRUE(std::any_of(tournament_settings().begin(), tournament_settings().end(),
                            [](const TournamentSetting& s) { return s.flag == "engine-log"; }));
}

TEST(Settings, IdentityChangesWithEverySettingThatDecidesResults) {
    const TournamentConfig base = two_engines();
    // The identity of a default configuration is what it was before these settings joined it, so
    // databases written before keep their tournaments.
    EXPECT_EQ(base.identity("h").dump(),
              R"({"engines":["a","b"],"openings":"h","plies":-1,"order":"sequential",)"
              R"("limits":{"depth":1},"seed":1,"adjudication":{}})");
    for (const KeyValues& change : std::vector<KeyValues>{
             {{"stall_timeout", "5000"}},
             {{"time_margin", "0"}},
             {{"handshake_timeout", "2000"}},
             {{"plies", "4"}},
             {{"maxplies", "100"}},
             {{"draw", "movenumber=30"}},
             {{"resign", "movecount=3,score=600"}},
             {{"seed", "7"}},
             {{"order", "random"}},
             {{"nodes", "1000"}},
         }) {
        TournamentConfig changed = base;
        std::string key = change[0].first == "maxplies" ? "max_plies" : change[0].first;
        apply_settings(changed, {{key, change[0].second}});
        EXPECT_NE(changed.identity("h"), base.identity("h")) << key;
        EXPECT_FALSE(identity_differences(base.identity("h"), changed.identity("h")).empty());
    }
    for (const KeyValues& same : std::vector<KeyValues>{{{"rounds", "5"}},
                                                        {{"max_games", "3"}},
                                                        {{"concurrency", "1"}},
                                                        {{"db", "x"}},
                                                        {{"pgn", "y"}},
                                                        {{"engine_log", "engines.log"}},
                                                        {{"event", "e"}},
                                                        {{"report_every", "2"}},
                                                        {{"bootstrap", "0"}}}) {
        TournamentConfig changed = base;
        apply_settings(changed, same);
        EXPECT_EQ(changed.identity("h"), base.identity("h")) << same[0].first;
    }
    EXPECT_EQ(identity_differences(base.identity("old"), base.identity("new")),
              std::vector<std::string>{"the content of the opening file changed"});
    TournamentConfig stalled = base;
    apply_settings(stalled, {{"stall_timeout", "5000"}});
    EXPECT_EQ(identity_differences(base.identity("h"), stalled.identity("h")),
              std::vector<std::string>{"stall_timeout: the default -> 5000"});
}

TEST(Settings, JsonRoundTripAndUnknownKeys) {
    TournamentConfig c = two_engines();
    apply_settings(c, {{"draw", "movenumber=40,movecount=8,score=10"},
                       {"sprt", "elo0=0,elo1=5,model=logistic"},
                       {"plies", "6"},
                       {"handshake_timeout", "2000"}});
    TournamentConfig back = tournament_config_from_json(c.to_json(), "test");
    EXPECT_EQ(back.to_json(), c.to_json());
    EXPECT_EQ(back.identity("h"), c.identity("h"));
    EXPECT_EQ(error_of([] { from_json(R"({"rounds": "two"})"); }),
              "c.json: rounds must be a positive integer (got two)");
    EXPECT_EQ(error_of([] { from_json(R"({"colour": 1})"); }), "c.json: unknown key \"colour\"");
    EXPECT_EQ(error_of([] { from_json(R"({"order": "spiral"})"); }),
              "c.json: order must be sequential or random (got spiral)");
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST(Settings, SprtWithShardsNeedsAPoolAndThePoolNeedsBoth) {
    TournamentConfig c = two_engines();
    c.sprt = SprtParameters{};
    c.shard_index = 1;
    c.shard_count = 3;
    const std::string refused = error_of([&] { validate(c); });
    EXPECT_NE(refused.find("--sprt with --shard needs --pool DIR"), std::string::npos) << refused;
    EXPECT_NE(refused.find("N separate tests"), std::string::npos) << refused;
    c.pool = "pool";
    EXPECT_EQ(error_of([&] { validate(c); }), "accepted");
    c.shard_count = c.shard_index = 0;
    EXPECT_NE(error_of([&] { validate(c); }).find("--pool pools the --sprt"), std::string::npos);
    c.shard_index = 1;
    c.shard_count = 3;
    c.sprt.reset();
    EXPECT_NE(error_of([&] { validate(c); }).find("--pool pools the --sprt"), std::string::npos);
}

TEST(Settings, BatchPairsIsReadEveryWayAndIsPartOfAPooledIdentity) {
    TournamentConfig flags = two_engines();
    apply_settings(flags, {{"pool", "p"}, {"batch_pairs", "8"}});
    EXPECT_EQ(flags.batch_pairs, 8);
    EXPECT_EQ(flags.pool, "p");
    TournamentConfig json = from_json(
        R"({"engines":[{"name":"a","cmd":"a"},{"name":"b","cmd":"b"}],"openings":"o.epd",)"
        R"("depth":1,"pool":"p","batch_pairs":8})");
    EXPECT_EQ(json.batch_pairs, 8);
    EXPECT_EQ(json.pool, "p");
    EXPECT_NE(error_of([&] {
                  apply_settings(flags, {{"batch_pairs", "0"}});
              }).find("batch_pairs"),
              std::string::npos);
    TournamentConfig other = flags;
    other.batch_pairs = 4;
    EXPECT_NE(flags.identity("h"), other.identity("h"));
    other.pool = "elsewhere";  // where the pool lives is not the tournament's identity
    other.batch_pairs = 8;
    EXPECT_EQ(flags.identity("h"), other.identity("h"));
    // Without a pool the batch size plays no part, and older identities keep their keys.
    TournamentConfig plain = two_engines();
    TournamentConfig plain8 = plain;
    plain8.batch_pairs = 8;
    EXPECT_EQ(plain.identity("h"), plain8.identity("h"));
}

const std::string TABLES = "harness/game/testdata/syzygy";

TEST(Settings, TablebaseSettingsReadEveryWayAndDecideTheIdentityButNotThePath) {
    TournamentConfig flags = from_flags(
        {{"tb", TABLES}, {"tb_pieces", "4"}, {"tb_ignore_50", "true"}, {"tb_adjudicate", "DRAW"}});
    const TablebaseSettings& tb = flags.game.tablebase;
    EXPECT_EQ(tb.paths, TABLES);
    EXPECT_EQ(tb.max_pieces, 4);
    EXPECT_TRUE(tb.ignore_50);
    EXPECT_EQ(tb.results, TablebaseResults::draw);
    TournamentConfig json = from_json(
        R"({"engines": [{"name": "a", "cmd": "a"}, {"name": "b", "cmd": "b"}], "depth": 1,)"
        R"("openings": "openings/startpos.epd", "tb": ")" +
        TABLES + R"(", "tb_pieces": 4, "tb_ignore_50": true, "tb_adjudicate": "draw"})");
    EXPECT_EQ(json.game.tablebase, tb);
    TournamentConfig back = tournament_config_from_json(flags.to_json(), "test");
    EXPECT_EQ(back.game.tablebase, tb);

    const TournamentConfig base = two_engines();
    TournamentConfig on = base;
    apply_settings(on, {{"tb", TABLES}});
    EXPECT_EQ(identity_differences(base.identity("h"), on.identity("h")),
              std::vector<std::string>{
                  R"(tablebase: the default -> {"pieces":0,"ignore_50":false,"results":"both"})"});
    // The same tables elsewhere are the same tournament; the rules are not.
    TournamentConfig moved = on;
    apply_settings(moved, {{"tb", TABLES + ":harness/game/testdata/syzygy-wdl"}});
    EXPECT_EQ(moved.identity("h"), on.identity("h"));
    for (const KeyValues& change : std::vector<KeyValues>{
             {{"tb_pieces", "3"}}, {{"tb_ignore_50", "true"}}, {{"tb_adjudicate", "win_loss"}}}) {
        TournamentConfig changed = on;
        apply_settings(changed, change);
        EXPECT_NE(changed.identity("h"), on.identity("h")) << change[0].first;
    }
}

// A game with a pondering engine keeps two cores busy, so it takes two of concurrency's slots.
TEST(Settings, PonderingGamesTakeTwoSlots) {
    EXPECT_EQ(from_flags({{"concurrency", "5"}}).workers(), 5);
    TournamentConfig pondering = from_flags({{"concurrency", "5"}});
    pondering.engines[1].ponder = true;
    EXPECT_EQ(pondering.workers(), 2);
    pondering.concurrency = 1;
    EXPECT_EQ(pondering.workers(), 1);  // never none
}

TEST(Settings, TablebaseValuesAreChecked) {
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb", "no/such/dir"}});
              }),
              "tb: no/such/dir is not a directory");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb", "harness/config"}});
              }),
              "tb: no Syzygy WDL table (.rtbw file) in harness/config");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb", TABLES + ":no/such/dir"}});
              }),
              "tb: no/such/dir is not a directory");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb_pieces", "-1"}});
              }),
              "tb_pieces must be a number of pieces, kings included (0: every table) (got -1)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb_ignore_50", "yes"}});
              }),
              "tb_ignore_50 must be true or false (got yes)");
    EXPECT_EQ(error_of([] {
                  from_flags({{"tb_adjudicate", "WINS"}});
              }),
              "tb_adjudicate must be both, win_loss, draw, BOTH, WIN_LOSS or DRAW (got WINS)");
    TournamentConfig built = two_engines();
    built.game.tablebase.paths = "no/such/dir";
    EXPECT_EQ(error_of([&] { validate(built); }), "tb: no/such/dir is not a directory");
}

}  // namespace
}  // namespace arbiter
