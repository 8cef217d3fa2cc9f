// The cutechess-cli / fastchess command-line reader: every option onto TournamentConfig, and a
// message naming each option it cannot honour.
#include "harness/dialect/command_line/cutechess_args.h"
#include "harness/config/tournament_rules.h"
#include "harness/dialect/command_line/cutechess_options.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

CutechessCommand read(std::vector<std::string> extra) {
    std::vector<std::string> args = {"-engine",       "cmd=/bin/a", "name=alpha", "-engine",
                                     "cmd=/bin/b",    "-each",      "tc=10+0.1",  "-openings",
                                     "file=book.epd", "-repeat"};
    args.insert(args.end(), extra.begin(), extra.end());
    return read_cutechess_args(args);
}

std::string error_of(std::vector<std::string> args) {
    try {
        read_cutechess_args(args);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string error_with(std::vector<std::string> extra) {
    std::vector<std::string> args = {"-engine", "cmd=/bin/a", "-engine",   "cmd=/bin/b",
                                     "-each",   "tc=1+0.1",   "-openings", "file=book.epd",
                                     "-games",  "2"};
    args.insert(args.end(), extra.begin(), extra.end());
    return error_of(args);
}

TEST(CutechessArgs, RecognisesTheDialectByItsFirstArgument) {
    EXPECT_TRUE(is_cutechess_option("-engine"));
    EXPECT_TRUE(is_cutechess_option("-each"));
    EXPECT_TRUE(is_cutechess_option("--version"));
    EXPECT_TRUE(is_cutechess_option("-tb"));
    EXPECT_TRUE(is_cutechess_option("-livepgnout"));  // unsupported, but this dialect's
    EXPECT_FALSE(is_cutechess_option("tournament"));
    EXPECT_FALSE(is_cutechess_option("--help"));
    EXPECT_FALSE(is_cutechess_option("-h"));
}

// cutechess-cli and fastchess play one game at a time unless -concurrency says more.
TEST(CutechessArgs, ConcurrencyDefaultsToOneGameAtATime) {
    EXPECT_EQ(read({}).config.concurrency, 1);
    EXPECT_EQ(read({"-concurrency", "2"}).config.concurrency, 2);
}

TEST(CutechessArgs, EngineKeysAndEachAppliedAfterAllEngines) {
    auto c = read_cutechess_args(
        {"-engine", "cmd=/bin/a", "name=alpha", "dir=/tmp", "arg=-x", "arg=y", "option.Hash=16",
         "proto=uci", "-each", "tc=40/1:30+0.5", "option.Threads=1", "-engine", "cmd=/opt/beta",
         "args=--uci 'two words'", "st=0.25", "-openings", "file=b.epd", "-rounds", "2"});
    ASSERT_EQ(c.config.engines.size(), 2u);
    const auto& a = c.config.engines[0];
    EXPECT_EQ(a.name, "alpha");
    EXPECT_EQ(a.working_dir, "/tmp");
    EXPECT_EQ(a.args, (std::vector<std::string>{"-x", "y"}));
    ASSERT_EQ(a.options.size(), 2u);
    EXPECT_EQ(a.options[0], (std::pair<std::string, std::string>{"Hash", "16"}));
    EXPECT_EQ(a.options[1], (std::pair<std::string, std::string>{"Threads", "1"}));
    ASSERT_TRUE(a.limits.tc);
    EXPECT_EQ(a.limits.tc->first().moves, 40);
    EXPECT_EQ(a.limits.tc->first().base_ms, 90000);  // cutechess's min:sec
    EXPECT_EQ(a.limits.tc->first().increment_ms, 500);
    const auto& b = c.config.engines[1];
    EXPECT_EQ(b.name, "beta");
    EXPECT_EQ(b.args, (std::vector<std::string>{"--uci", "two words"}));
    EXPECT_EQ(b.limits.movetime_ms, 250);
    EXPECT_TRUE(b.limits.tc);  // -each reached the second engine too
}

TEST(CutechessArgs, NodesDepthAndPlies) {
    auto c = read_cutechess_args({"-engine", "cmd=a", "nodes=5000", "-engine", "cmd=b", "plies=7",
                                  "-openings", "file=b.epd", "-games", "2"});
    EXPECT_EQ(c.config.engines[0].limits.nodes, 5000u);
    EXPECT_EQ(c.config.engines[1].limits.depth, 7);
    EXPECT_EQ(c.config.games_per_encounter, 2);
}

TEST(CutechessArgs, MatchOptions) {
    auto c = read({"-rounds",
                   "250",
                   "-concurrency",
                   "3",
                   "-wait",
                   "40",
                   "-event",
                   "My",
                   "Event",
                   "-srand",
                   "18446744073709551615",
                   "-recover",
                   "-maxmoves",
                   "100",
                   "-draw",
                   "movenumber=40",
                   "movecount=8",
                   "score=10",
                   "-resign",
                   "movecount=3",
                   "score=600",
                   "twosided=false",
                   "-sprt",
                   "elo0=0",
                   "elo1=5",
                   "alpha=0.05",
                   "beta=0.1",
                   "-db",
                   "x.sqlite",
                   "-pgnout",
                   "out.pgn",
                   "min",
                   "fi"});
    const TournamentConfig& t = c.config;
    EXPECT_EQ(c.config.games_per_encounter, 500);  // -repeat without -games: 2 games a round
    EXPECT_EQ(t.concurrency, 3);
    EXPECT_EQ(t.wait.count(), 40);
    EXPECT_EQ(t.event, "My Event");
    EXPECT_EQ(t.seed, 18446744073709551615ull);
    EXPECT_EQ(t.game.adjudication.max_plies, 200);
    EXPECT_EQ(t.game.adjudication.draw_move_number, 40);
    EXPECT_EQ(t.game.adjudication.draw_move_count, 8);
    EXPECT_EQ(t.game.adjudication.draw_score, 10);
    EXPECT_EQ(t.game.adjudication.resign_move_count, 3);
    EXPECT_EQ(t.game.adjudication.resign_score, 600);
    ASSERT_TRUE(t.sprt);
    EXPECT_DOUBLE_EQ(t.sprt->elo1, 5);
    EXPECT_DOUBLE_EQ(t.sprt->beta, 0.1);
    EXPECT_EQ(t.db_path, "x.sqlite");
    EXPECT_EQ(t.pgn_path, "out.pgn");
    EXPECT_FALSE(c.warnings.empty());  // "min" is said to be without effect
}

TEST(CutechessArgs, GauntletAndScheduleFit) {
    auto c = read_cutechess_args(
        {"-engine", "cmd=a", "-engine", "cmd=b",       "-engine",  "cmd=c",     "-engine",
         "cmd=d",   "-each", "depth=2", "-tournament", "gauntlet", "-seeds",    "1",
         "-rounds", "5",     "-games",  "2",           "-repeat",  "-openings", "file=b.epd"});
    EXPECT_TRUE(c.config.gauntlet);
    EXPECT_EQ(c.config.seeds, 1);
    fit_schedule(c.config, 4);
    EXPECT_EQ(c.config.rounds, 5);          // cutechess's order: its five rounds, not the suite's
    EXPECT_EQ(c.config.max_games, 10 * 3);  // 3 encounters of 10 games
    c.config.opening_policy = OpeningPolicy::all_pairs;  // arbiter's: passes over the suite
    fit_schedule(c.config, 4);
    EXPECT_EQ(c.config.rounds, 2);  // 5 pairs per encounter over 4 openings
    EXPECT_FALSE(read({"-tournament", "roundrobin", "-rounds", "2"}).config.gauntlet);
}

// -tournament knockout|pyramid reach the native formats; a knockout's encounter is one game
// unless -games says more, and -rounds is refused as cutechess refuses it.
TEST(CutechessArgs, KnockoutAndPyramid) {
    std::vector<std::string> four = {"-engine", "cmd=a",   "-engine",   "cmd=b",     "-engine",
                                     "cmd=c",   "-engine", "cmd=d",     "-each",     "depth=2",
                                     "-seeds",  "4",       "-openings", "file=b.epd"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = four;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    auto one = read_cutechess_args(with({"-tournament", "knockout"}));
    EXPECT_TRUE(one.config.knockout);
    EXPECT_EQ(one.config.seeds, 4);
    EXPECT_TRUE(one.config.single_games);
    fit_schedule(one.config, 8);
    EXPECT_EQ(one.config.rounds, 1);
    EXPECT_EQ(one.config.max_games, 0);
    auto two = read_cutechess_args(with({"-tournament", "knockout", "-games", "4", "-repeat"}));
    EXPECT_FALSE(two.config.single_games);
    fit_schedule(two.config, 1);
    EXPECT_EQ(two.config.rounds, 2);  // two colour-reversed pairs per encounter
    auto three = read_cutechess_args(with({"-tournament", "knockout", "-games", "3"}));
    EXPECT_TRUE(three.config.single_games);
    fit_schedule(three.config, 1);
    EXPECT_EQ(three.config.rounds, 3);  // best of three single games
    EXPECT_NE(error_of(with({"-tournament", "knockout", "-rounds", "2"})).find("round multiplier"),
              std::string::npos);
    auto pyramid = read_cutechess_args(with({"-tournament", "pyramid", "-games", "2"}));
    EXPECT_TRUE(pyramid.config.pyramid);
    EXPECT_FALSE(pyramid.config.knockout || pyramid.config.gauntlet);
    EXPECT_THROW(
        validate(read_cutechess_args(with({"-tournament", "knockout", "-seeds", "5"})).config),
        ConfigError);
}

TEST(CutechessArgs, OpeningsWindowAndOutput) {
    auto c = read({"-openings", "file=suite.epd", "format=epd", "order=random", "plies=8",
                   "start=101", "policy=round", "-rounds", "2", "-output", "format=fastchess",
                   "-ratinginterval", "10", "-scoreinterval", "4", "-report", "penta=true"});
    EXPECT_EQ(c.config.openings_path, "suite.epd");
    EXPECT_TRUE(c.config.random_order);
    EXPECT_EQ(c.config.plies, 8);
    EXPECT_EQ(c.config.openings_start, 101);
    EXPECT_EQ(c.config.output.format, ConsoleFormat::fastchess);
    EXPECT_EQ(c.config.output.rating_interval, 10);
    EXPECT_EQ(c.config.output.score_interval, 4);
    EXPECT_EQ(c.config.output.pentanomial, true);
    EXPECT_TRUE(read_cutechess_args({"--version"}).version);
}

TEST(CutechessArgs, UnsupportedOptionsNameThemselvesSayWhyAndSuggest) {
    std::string live = error_with({"-livepgnout", "x.pgn"});
    EXPECT_NE(live.find("-livepgnout is not supported"), std::string::npos) << live;
    EXPECT_NE(live.find("once it is finished"), std::string::npos) << live;
    std::string typo = error_with({"-concurency", "2"});
    EXPECT_NE(typo.find("-concurency"), std::string::npos) << typo;
    EXPECT_NE(typo.find("did you mean -concurrency?"), std::string::npos) << typo;
    EXPECT_NE(live.find("nearest supported: -pgnout"), std::string::npos) << live;
    // arbiter tournament's own options are named as such: this door does not take them.
    EXPECT_EQ(error_with({"--draw-claims", "trusted"}),
              "--draw-claims is not a cutechess-cli or fastchess option arbiter knows; it is "
              "`arbiter tournament --draw-claims`'s, which this door does not take");
    std::string entrants = error_with({"-entrant-check", "off"});
    EXPECT_NE(entrants.find("`arbiter tournament --entrant-check`'s"), std::string::npos)
        << entrants;
    EXPECT_NE(error_with({"-repeat", "4"}).find("exactly twice"), std::string::npos);
    EXPECT_NE(error_with({"-tournament", "scheveningen"}).find("scheveningen"), std::string::npos);
    EXPECT_NE(error_with({"-openings", "file=x.epd", "format=pgn"}).find("extension"),
              std::string::npos);
}

// Each refused option is read from its table entry, whole, and is no option the reader honours.
TEST(CutechessArgs, RefusalsComeFromTheirTable) {
    for (const cutechess::RefusedOption& refused : cutechess::refused_options()) {
        EXPECT_EQ(error_with({std::string(refused.name)}),
                  std::string(refused.name) + " is not supported: " + std::string(refused.why) +
                      "; nearest supported: " + std::string(refused.instead));
        EXPECT_TRUE(is_cutechess_option(refused.name));
        for (const cutechess::DialectOption& read : cutechess::dialect_options())
            EXPECT_NE(read.name, refused.name);
    }
}

TEST(CutechessArgs, TablebaseOptions) {
    CutechessCommand c = read({"-tb", "harness/game/testdata/syzygy", "-tbpieces", "3",
                               "-tbignore50", "-tbadjudicate", "WIN_LOSS"});
    const TablebaseSettings& tb = c.config.game.tablebase;
    EXPECT_EQ(tb.paths, "harness/game/testdata/syzygy");
    EXPECT_EQ(tb.max_pieces, 3);
    EXPECT_TRUE(tb.ignore_50);
    EXPECT_EQ(tb.results, TablebaseResults::win_loss);
    EXPECT_FALSE(read({}).config.game.tablebase.enabled());
    EXPECT_EQ(error_with({"-tbignore50", "yes"}), "-tbignore50 takes no value");
    EXPECT_EQ(error_with({"-tb", "no/such/dir"}), "tb: no/such/dir is not a directory");
    EXPECT_EQ(error_with({"-tbpieces", "x"}),
              "tb_pieces must be a number of pieces, kings included (0: every table) (got x)");
}

TEST(CutechessArgs, EngineKeyFailures) {
    auto engine_error = [](std::string key) {
        return error_of({"-engine", "cmd=a", key, "-engine", "cmd=b", "-each", "depth=1",
                         "-openings", "file=x.epd", "-games", "2"});
    };
    EXPECT_NE(engine_error("proto=cecp").find("proto"), std::string::npos);
    EXPECT_EQ(engine_error("tc=inf"), "(no error)");  // -each depth=1 governs
    EXPECT_NE(engine_error("tc=hourglass").find("an hourglass as tc=hgSECONDS (tc=hg60)"),
              std::string::npos);
    EXPECT_EQ(engine_error("tc=hg60"), "(no error)");
    EXPECT_EQ(engine_error("restart=sometimes"),
              "-engine restart=sometimes: restart must be on, off or auto (got sometimes)");
    EXPECT_NE(engine_error("colour=red").find("unknown engine key 'colour'"), std::string::npos);
    EXPECT_NE(engine_error("name=Big Engine").find("space or a colon"), std::string::npos);
    EXPECT_NE(engine_error("name=a:b").find("space or a colon"), std::string::npos);
    EXPECT_NE(engine_error("timemargin=50").find("(no error)"), std::string::npos);
    EXPECT_NE(error_of({"-engine", "cmd=a", "timemargin=50", "-engine", "cmd=b", "timemargin=60",
                        "-each", "depth=1", "-openings", "file=x.epd", "-games", "2"})
                  .find("timemargin differs"),
              std::string::npos);
    EXPECT_NE(engine_error("ponder").find("(no error)"), std::string::npos);
}

// cutechess's `ponder` flag (and ponder=true|false) lets an engine think on its opponent's time.
TEST(CutechessArgs, Ponder) {
    auto c = read_cutechess_args({"-engine", "cmd=/bin/a", "ponder", "-engine", "cmd=/bin/b",
                                  "ponder=false", "-each", "tc=10+0.1", "-openings", "file=b.epd",
                                  "-rounds", "2"});
    ASSERT_EQ(c.config.engines.size(), 2u);
    EXPECT_TRUE(c.config.engines[0].ponder);
    EXPECT_FALSE(c.config.engines[1].ponder);
    auto each = read_cutechess_args({"-engine", "cmd=/bin/a", "-engine", "cmd=/bin/b", "-each",
                                     "tc=10+0.1", "ponder", "-openings", "file=b.epd"});
    EXPECT_TRUE(each.config.engines[0].ponder && each.config.engines[1].ponder);
    for (const std::string& warning : each.warnings)
        EXPECT_EQ(warning.find("ponder"), std::string::npos) << warning;
}

TEST(CutechessArgs, NoswapAndReverseChooseTheColoursOfAPair) {
    EXPECT_EQ(read({}).config.colours, Colours::alternate);
    EXPECT_EQ(read({"-reverse"}).config.colours, Colours::reversed);
    EXPECT_EQ(read({"-noswap"}).config.colours, Colours::first_white);
    EXPECT_EQ(read({"-noswap", "-reverse"}).config.colours, Colours::second_white);
    EXPECT_EQ(error_with({"-noswap", "yes"}), "-noswap takes no value (got 'yes')");
    // Part of the tournament's identity, so that a re-run with other colours is a new one.
    TournamentConfig swapped = read({}).config, fixed = read({"-noswap"}).config;
    EXPECT_EQ(swapped.identity("h").find("colours"), nullptr);
    ASSERT_NE(fixed.identity("h").find("colours"), nullptr);
    EXPECT_EQ(fixed.identity("h").find("colours")->as_string(), "first-white");
    EXPECT_EQ(identity_differences(swapped.identity("h"), fixed.identity("h")),
              std::vector<std::string>{"colours: the default -> \"first-white\""});
}

TEST(CutechessArgs, SiteEpdoutRestartAndTwoSidedResign) {
    auto c = read({"-site", "Cloud", "B", "-epdout", "end.epd", "-resign", "movecount=3",
                   "score=400", "twosided=true"});
    EXPECT_EQ(c.config.site, "Cloud B");
    EXPECT_EQ(c.config.output.epd_path, "end.epd");
    EXPECT_EQ(c.config.game.adjudication.resign_move_count, 3);
    EXPECT_EQ(c.config.game.adjudication.resign_score, 400);
    EXPECT_TRUE(c.config.game.adjudication.resign_two_sided);
    EXPECT_FALSE(
        read({"-resign", "movecount=3", "score=400"}).config.game.adjudication.resign_two_sided);
    EXPECT_EQ(error_with({"-resign", "movecount=3", "twosided=maybe"}),
              "resign twosided must be true or false (got maybe)");
    EXPECT_EQ(error_with({"-epdout"}), "-epdout needs FILE or file=FILE");
    auto restarted = read_cutechess_args({"-engine", "cmd=/bin/a", "restart=on", "-engine",
                                          "cmd=/bin/b", "restart=off", "-each", "depth=1",
                                          "-openings", "file=x.epd", "-games", "2"});
    EXPECT_TRUE(restarted.config.engines[0].restart_each_game);
    EXPECT_FALSE(restarted.config.engines[1].restart_each_game);
}

TEST(CutechessArgs, AnEngineWithoutLimitIsNamedInTheDialectsWords) {
    std::string message =
        error_of({"-engine", "cmd=a", "depth=2", "-engine", "cmd=b", "-openings", "file=x.epd"});
    EXPECT_NE(message.find("engine b has no search limit: give tc=, st=, nodes= or depth="),
              std::string::npos)
        << message;
}

// cutechess's tc=inf: no clock, the engine's other limit governs; -each applies after -engine
// in either order, and an engine left with no limit at all is refused by name.
TEST(CutechessArgs, TcInfClearsTheClockSoThatAnotherLimitGoverns) {
    auto engines = [](std::vector<std::string> args) {
        args.insert(args.end(), {"-openings", "file=x.epd", "-games", "2"});
        return read_cutechess_args(args).config.engines;
    };
    auto only = [](std::string_view key, std::string_view value) {
        SearchLimitConfig limits;
        read_limit(limits, key, value);
        return limits;
    };
    auto each_after_nodes = engines({"-engine", "cmd=/bin/a", "nodes=5000", "-engine", "cmd=/bin/b",
                                     "depth=3", "-each", "tc=inf"});
    EXPECT_EQ(each_after_nodes[0].limits, only("nodes", "5000"));
    EXPECT_EQ(each_after_nodes[1].limits, only("depth", "3"));
    auto each_clock_over_inf =
        engines({"-engine", "cmd=/bin/a", "tc=inf", "-engine", "cmd=/bin/b", "-each", "tc=10+0.1"});
    for (const auto& engine : each_clock_over_inf) {
        ASSERT_TRUE(engine.limits.tc) << engine.name;
        EXPECT_EQ(to_string(*engine.limits.tc), "10+0.1");
    }
    auto inf_over_clock = engines({"-engine", "cmd=/bin/a", "tc=40/60", "st=0.5", "-engine",
                                   "cmd=/bin/b", "nodes=100", "-each", "tc=infinite"});
    EXPECT_EQ(inf_over_clock[0].limits, only("movetime", "500"));
    EXPECT_EQ(inf_over_clock[1].limits, only("nodes", "100"));
    // The identity holds the limit that governs, so the same command resumes its tournament.
    auto plain = engines({"-engine", "cmd=/bin/a", "-engine", "cmd=/bin/b", "-each", "nodes=100"});
    EXPECT_EQ(
        engines({"-engine", "cmd=/bin/a", "-engine", "cmd=/bin/b", "-each", "tc=inf", "nodes=100"}),
        plain);
    EXPECT_EQ(error_of({"-engine", "cmd=/bin/a", "name=alpha", "tc=inf", "-engine", "cmd=/bin/b",
                        "depth=2", "-openings", "file=x.epd", "-games", "2"}),
              "engine alpha: tc=inf leaves no limit, and every arbiter search needs one: give "
              "nodes=, depth= or st= in its -engine or in -each");
    EXPECT_NE(error_of({"-engine", "cmd=/bin/a", "nodes=10", "-engine", "cmd=/bin/b", "tc=5",
                        "-each", "tc=inf", "-openings", "file=x.epd", "-games", "2"})
                  .find("engine b: tc=inf leaves no limit"),
              std::string::npos);
}

// fastchess's -log file=FILE and cutechess's -debug: the engine log in a file or on stdout.
TEST(CutechessArgs, LogAndDebugChooseWhereTheEngineLogGoes) {
    EXPECT_EQ(read({}).config.engine_log, "");
    auto logged = read({"-log", "file=e.log", "level=trace", "realtime=false", "engine=true"});
    EXPECT_EQ(logged.config.engine_log, "e.log");
    EXPECT_TRUE(logged.config.engine_log_append);
    EXPECT_EQ(logged.warnings.size(), 3u);  // one per ignored key
    EXPECT_FALSE(read({"-log", "file=e.log", "append=false"}).config.engine_log_append);
    EXPECT_EQ(read({"-log", "file=e.log", "compress=false"}).config.engine_log, "e.log");
    EXPECT_EQ(read({"-debug"}).config.engine_log, "-");
    EXPECT_EQ(read({"-debug", "all"}).config.engine_log, "-");
    EXPECT_EQ(error_with({"-log", "file=e.log", "compress=true"}),
              "-log compress=true is not supported: arbiter writes the log as plain text, line "
              "by line; nearest supported: compress=false (compress the file afterwards)");
    EXPECT_EQ(error_with({"-log", "level=info"}), "-log needs file=FILE");
    EXPECT_EQ(error_with({"-log", "file=e.log", "colour=red"}),
              "-log: unknown key 'colour' (known: file, append, compress, level, engine, "
              "realtime)");
    EXPECT_EQ(error_with({"-log", "file=e.log", "append=maybe"}),
              "-log: append must be true or false (got maybe)");
    EXPECT_EQ(error_with({"-debug", "some"}), "-debug takes no value or 'all' (got 'some')");
    EXPECT_EQ(error_with({"-debug", "-log", "file=e.log"}),
              "-debug and -log file= both ask for the engine log, which arbiter writes to one "
              "place: give -debug (standard output) or -log file=FILE");
}

// Issue 20, item 13: the dialect's message names fastchess's -force-concurrency, which it takes.
TEST(CutechessArgs, ForceConcurrencyAcceptsAConcurrencyAboveTheCores) {
    CutechessCommand command = read({"-concurrency", "100000"});
    try {
        validate(command.config);
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("-force-concurrency"), std::string::npos) << e.what();
    }
    CutechessCommand forced = read({"-concurrency", "100000", "-force-concurrency"});
    EXPECT_TRUE(forced.config.force);
    EXPECT_NO_THROW(validate(forced.config));
    EXPECT_EQ(error_with({"-force-concurrency", "yes"}),
              "-force-concurrency takes no value (got 'yes')");
}

// -openings policy=: cutechess's three (default also without policy=), in its game order; a
// knockout's openings are its own; fastchess's policy=round is arbiter's order.
TEST(CutechessArgs, OpeningPolicies) {
    auto policy_of = [](std::vector<std::string> more, SpokenTool tool = SpokenTool::cutechess) {
        std::vector<std::string> args = {"-engine", "cmd=a", "-engine",   "cmd=b",
                                         "-engine", "cmd=c", "-each",     "depth=1",
                                         "-games",  "2",     "-openings", "file=x.epd"};
        args.insert(args.end(), more.begin(), more.end());
        return opening_policy_name(read_cutechess_args(args, tool).config.opening_policy);
    };
    EXPECT_EQ(policy_of({}), "default");
    EXPECT_EQ(policy_of({"policy=default"}), "default");
    EXPECT_EQ(policy_of({"policy=encounter"}), "encounter");
    EXPECT_EQ(policy_of({"policy=round"}), "round");
    EXPECT_EQ(policy_of({"-tournament", "knockout"}), "all-pairs");
    // Two engines: default and round deal as arbiter's own order (the schedule test shows it).
    auto two_engines = [](const std::string& policy) {
        return opening_policy_name(
            read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                                 "-openings", "file=x.epd", "policy=" + policy})
                .config.opening_policy);
    };
    EXPECT_EQ(two_engines("default"), "all-pairs");
    EXPECT_EQ(two_engines("round"), "all-pairs");
    EXPECT_EQ(two_engines("encounter"), "encounter");
    EXPECT_EQ(policy_of({"policy=round", "-tournament", "knockout"}), "round");  // refused later
    // A knockout seeds no one unless -seeds says (cutechess's default): every place drawn.
    std::vector<std::string> knockout = {"-engine", "cmd=a",   "-engine",     "cmd=b",
                                         "-each",   "depth=1", "-tournament", "knockout"};
    EXPECT_EQ(read_cutechess_args(knockout).config.seeds, 0);
    knockout.insert(knockout.end(), {"-seeds", "2"});
    EXPECT_EQ(read_cutechess_args(knockout).config.seeds, 2);
    EXPECT_EQ(policy_of({"policy=round"}, SpokenTool::fastchess), "all-pairs");
    EXPECT_EQ(policy_of({}, SpokenTool::fastchess), "all-pairs");
    EXPECT_NE(error_of({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-openings",
                        "file=x.epd", "policy=turn"})
                  .find("policy"),
              std::string::npos);
    try {
        read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                             "-openings", "file=x.epd", "policy=encounter"},
                            SpokenTool::fastchess);
        FAIL() << "fastchess knows policy=round alone";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("policy=round alone"), std::string::npos) << e.what();
    }
    // Natively one setting, stored (and part of the identity) when not all-pairs.
    TournamentConfig native;
    apply_settings(native, {{"opening_policy", "encounter"}});
    EXPECT_EQ(native.opening_policy, OpeningPolicy::encounter);
    EXPECT_EQ(native.identity("h").find("opening_policy")->as_string(), "encounter");
    const TournamentConfig defaults;
    EXPECT_EQ(defaults.identity("h").find("opening_policy"), nullptr);
    native.knockout = true;
    EXPECT_THROW(tournament_rules::check_opening_policy(native), ConfigError);
}

TEST(CutechessArgs, OddGamesPerEncounterIsRefusedExceptOneGameARound) {
    EXPECT_NE(error_of({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-openings",
                        "file=x.epd", "-rounds", "1", "-games", "3"})
                  .find("odd number of games"),
              std::string::npos);
    // OpenBench's data generation without reverses: -games 1 with any -rounds.
    CutechessCommand one =
        read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                             "-openings", "file=x.epd", "-rounds", "5", "-games", "1"});
    EXPECT_EQ(one.config.games_per_encounter, 5);
    EXPECT_TRUE(one.config.single_games);
    fit_schedule(one.config, 12);
    EXPECT_EQ(one.config.max_games, 5);
    EXPECT_EQ(one.config.rounds, 1);
    fit_schedule(one.config, 2);  // five single games over two openings: three rounds
    EXPECT_EQ(one.config.rounds, 3);
    // The same setting in `arbiter tournament` (--single-games) and its identity: part of it
    // when set, absent otherwise (older databases keep their keys).
    TournamentConfig single;
    apply_settings(single, {{"single_games", "true"}});
    EXPECT_TRUE(single.single_games);
    EXPECT_NE(single.identity("h").find("single_games"), nullptr);
    const TournamentConfig defaults;
    EXPECT_EQ(defaults.identity("h").find("single_games"), nullptr);
    EXPECT_TRUE(tournament_config_from_json(single.to_json(), "c.json").single_games);
    // Without -games, the colour-reversed pairs of earlier releases.
    EXPECT_FALSE(read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                                      "-openings", "file=x.epd", "-rounds", "4"})
                     .config.single_games);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST(GauntletSettings, ArbitersOwnFlagsReachTheSameFields) {
    TournamentConfig c;
    apply_settings(c, {{"format", "gauntlet"}, {"seeds", "2"}, {"openings_start", "5"}});
    EXPECT_TRUE(c.gauntlet);
    EXPECT_EQ(c.seeds, 2);
    EXPECT_EQ(c.openings_start, 5);
    EXPECT_THROW(apply_settings(c, {{"format", "scheveningen"}}), ConfigError);
    // A gauntlet, or a window, is another tournament than the round-robin of the same engines.
    TournamentConfig round_robin;
    EXPECT_NE(c.identity("x").dump(), round_robin.identity("x").dump());
    EXPECT_EQ(round_robin.identity("x").find("format"), nullptr);  // old keys stay as they were
    EXPECT_EQ(tournament_config_from_json(c.to_json(), "test").gauntlet, true);
}

TEST(SwissSettings, FormatSwissTakesRoundsAsTheSwissRounds) {
    TournamentConfig c;
    apply_settings(c, {{"format", "swiss"}, {"rounds", "5"}});
    EXPECT_TRUE(c.swiss);
    EXPECT_FALSE(c.knockout || c.gauntlet || c.pyramid);
    EXPECT_EQ(c.rounds, 5);
    EXPECT_EQ(tournament_config_from_json(c.to_json(), "test").swiss, true);
    TournamentConfig round_robin;
    EXPECT_NE(c.identity("x").dump(), round_robin.identity("x").dump());
    // Through the dialect: -rounds are the Swiss rounds, -games 1 single games.
    auto with = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"-each", "depth=2", "-openings", "file=b.epd"};
        for (char name = 'a'; name <= 'h'; ++name)
            args.insert(args.end(), {"-engine", std::string("cmd=") + name});
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    auto pairs = read_cutechess_args(with({"-tournament", "swiss", "-rounds", "7", "-games", "2"}));
    EXPECT_TRUE(pairs.config.swiss);
    EXPECT_EQ(pairs.config.rounds, 7);
    EXPECT_FALSE(pairs.config.single_games);
    auto singles =
        read_cutechess_args(with({"-tournament", "swiss", "-rounds", "5", "-games", "1"}));
    EXPECT_EQ(singles.config.rounds, 5);
    EXPECT_TRUE(singles.config.single_games);
    // Eight engines: at most seven rounds (a round robin's), and no shards.
    try {
        validate(read_cutechess_args(with({"-tournament", "swiss", "-rounds", "8"})).config);
        ADD_FAILURE() << "eight rounds of eight engines";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("fewer rounds than a round robin"), std::string::npos)
            << e.what();
    }
    EXPECT_NO_THROW(validate(pairs.config));
}

TEST(GauntletSettings, ValidateWantsFewerSeedsThanEngines) {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=a,cmd=/bin/a"), parse_engine_spec("name=b,cmd=/bin/b")};
    c.limits.depth = 1;
    c.openings_path = "x.epd";
    c.gauntlet = true;
    c.seeds = 2;
    try {
        validate(c);
        FAIL() << "two seeds of two engines were accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("fewer seeds than engines"), std::string::npos);
    }
    c.seeds = 1;
    EXPECT_NO_THROW(validate(c));
}

// A knockout cannot be sharded (each round needs every result of the round before), nor cut
// by max_games or stopped by SPRT: refused with the reason.
TEST(KnockoutSettings, ShardsAndCutsAreRefusedWithTheReason) {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=a,cmd=/bin/a"), parse_engine_spec("name=b,cmd=/bin/b"),
                 parse_engine_spec("name=c,cmd=/bin/c")};
    c.limits.depth = 1;
    c.openings_path = "x.epd";
    apply_settings(c, {{"format", "knockout"}});
    EXPECT_TRUE(c.knockout);
    EXPECT_NO_THROW(validate(c));
    EXPECT_EQ(c.to_json().find("format")->as_string(), "knockout");
    auto refusal = [](TournamentConfig config) {
        try {
            validate(config);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    TournamentConfig sharded = c;
    sharded.shard_index = 1;
    sharded.shard_count = 2;
    EXPECT_NE(refusal(sharded).find("cannot be split into shards"), std::string::npos);
    TournamentConfig cut = c;
    cut.max_games = 3;
    EXPECT_NE(refusal(cut).find("max_games"), std::string::npos);
    TournamentConfig pyramid = c;
    apply_settings(pyramid, {{"format", "pyramid"}});
    EXPECT_TRUE(pyramid.pyramid && !pyramid.knockout);
    pyramid.shard_index = 1;
    pyramid.shard_count = 2;
    EXPECT_NO_THROW(validate(pyramid));  // a pyramid is a fixed schedule: shards split it
}

// Issue 20, item 6: st= beyond what the clock can add is refused by the movetime rule, also when
// its milliseconds would not fit in 64 bits (1e300 seconds was read as 1 ms).
TEST(CutechessArgs, MoveTimeBeyondTheClockIsRefused) {
    for (const char* st : {"st=10000000000", "st=1e300"}) {
        CutechessCommand command =
            read_cutechess_args({"-engine", "cmd=a", st, "-engine", "cmd=b", st, "-openings",
                                 "file=x.epd", "-games", "2"});
        try {
            validate(command.config);
            ADD_FAILURE() << st << " accepted";
        } catch (const ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find(
                          "movetime must be a number of milliseconds from 1 to 1000000000000"),
                      std::string::npos)
                << e.what();
        }
    }
}

// -maxmoves, -startup-ms and -ping-ms / -ucinewgame-ms fill their settings as values, checked
// by those settings' rules with their messages; 2N plies of a huge N are named exactly (they
// wrapped to a negative number when 2N was computed in 64 signed bits).
TEST(CutechessArgs, ValuesFillTheirSettingsWithTheSettingsMessages) {
    CutechessCommand c = read(
        {"-maxmoves", "150", "-startup-ms", "2500", "-ping-ms", "700", "-ucinewgame-ms", "900"});
    EXPECT_EQ(c.config.game.adjudication.max_plies, 300);
    EXPECT_EQ(c.config.handshake_timeout.count(), 2500);
    EXPECT_EQ(c.config.game.stall_timeout.count(), 900);
    const std::string plies =
        "max_plies must be a number of plies, 0 or more (0: no limit), at most 2147483647 (got ";
    EXPECT_EQ(error_with({"-maxmoves", "2000000000"}), plies + "4000000000)");
    EXPECT_EQ(error_with({"-maxmoves", "5000000000000000000"}), plies + "10000000000000000000)");
    EXPECT_EQ(error_with({"-maxmoves", "0"}),
              "-maxmoves: maxmoves must be a positive integer (got 0)");
    const std::string clock =
        " must be a number of milliseconds from 1 to 1000000000000, the most the clock can add "
        "(got 2000000000000)";
    EXPECT_EQ(error_with({"-startup-ms", "2000000000000"}), "handshake_timeout" + clock);
    EXPECT_EQ(error_with({"-ping-ms", "2000000000000"}), "stall_timeout" + clock);
}

// -use-affinity's CPU list is read by the one reader of --affinity's (output_plan.h), with its
// messages under the option's name; a number too long for an int is out of range, not a crash.
TEST(CutechessArgs, UseAffinityReadsTheCpuListAsAffinityDoes) {
    EXPECT_EQ(read({"-use-affinity", "0-2,5"}).config.output.affinity,
              (std::vector<int>{0, 1, 2, 5}));
    EXPECT_EQ(read({"-use-affinity"}).config.output.affinity, std::vector<int>{});
    EXPECT_EQ(error_with({"-use-affinity", "3-1"}), "-use-affinity: bad CPU range '3-1' in '3-1'");
    EXPECT_EQ(error_with({"-use-affinity", "0,x"}),
              "-use-affinity: bad CPU list '0,x' (e.g. 0-3,6)");
    EXPECT_EQ(error_with({"-use-affinity", "99999999999"}),
              "-use-affinity: bad CPU range '99999999999' in '99999999999'");
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// -crc32 pgn=true without -pgnout is refused by validate(), the one check both doors' runs pass
// through (run_match() validates the configuration with the command's output plan in it).
TEST(CutechessArgs, Crc32WithoutPgnoutIsRefusedByTheSharedValidation) {
    auto planned = [](const CutechessCommand& command) { return command.config; };
    try {
        validate(planned(read({"-crc32", "pgn=true"})));
        ADD_FAILURE() << "-crc32 without -pgnout was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("-crc32 pgn=true needs -pgnout file=FILE"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_NO_THROW(validate(planned(read({"-crc32", "pgn=true", "-pgnout", "file=g.pgn"}))));
}

}  // namespace
}  // namespace arbiter
