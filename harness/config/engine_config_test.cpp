#include "harness/config/engine_config.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "harness/config/config_error_of.h"

namespace arbiter {
namespace {

TEST(EngineConfig, ParsesEveryKey) {
    EngineConfig e = parse_engine_spec(
        "name=ab,cmd=build/bin/alphabeta,arg=--flag,arg=a\\,b,dir=/"
        "tmp,option.Eval=material,option.Hash=16,depth=4");
    EXPECT_EQ(e.name, "ab");
    EXPECT_EQ(e.command, "build/bin/alphabeta");
    EXPECT_EQ(e.args, (std::vector<std::string>{"--flag", "a,b"}));
    EXPECT_EQ(e.working_dir, "/tmp");
    ASSERT_EQ(e.options.size(), 2u);
    EXPECT_EQ(e.options[0], (std::pair<std::string, std::string>{"Eval", "material"}));
    EXPECT_EQ(e.limits.depth, 4);
    EXPECT_FALSE(e.limits.tc);
}

// ponder=true|false, natively and in a JSON engine; written to JSON only when on, so that an
// engine that does not ponder keeps its identity.
TEST(EngineConfig, Ponder) {
    EXPECT_FALSE(parse_engine_spec("cmd=x").ponder);
    EXPECT_TRUE(parse_engine_spec("cmd=x,ponder=true").ponder);
    EXPECT_FALSE(parse_engine_spec("cmd=x,ponder=false").ponder);
    EXPECT_EQ(testing::error_of([] { parse_engine_spec("cmd=x,ponder=yes"); }),
              "--engine cmd=x,ponder=yes: ponder must be true or false (got yes)");
    EngineConfig on = parse_engine_spec("name=a,cmd=x,ponder=true");
    EXPECT_EQ(to_json(on).find("ponder")->dump(), "true");
    EXPECT_TRUE(engine_from_json(to_json(on), "f").ponder);
    EXPECT_EQ(to_json(parse_engine_spec("cmd=x")).find("ponder"), nullptr);
}

// rating=ELO (a Swiss's initial ranking): read, checked, written to JSON only when given.
TEST(EngineConfig, Rating) {
    EXPECT_EQ(parse_engine_spec("cmd=x").rating, 0);
    EngineConfig rated = parse_engine_spec("name=a,cmd=x,rating=2450");
    EXPECT_EQ(rated.rating, 2450);
    EXPECT_EQ(engine_from_json(to_json(rated), "f").rating, 2450);
    EXPECT_EQ(to_json(parse_engine_spec("cmd=x")).find("rating"), nullptr);
    EXPECT_THROW(parse_engine_spec("cmd=x,rating=-5"), ConfigError);
    EXPECT_THROW(parse_engine_spec("cmd=x,rating=12000"), ConfigError);
}

// The table the help and the "known:" message are made from holds exactly the keys the reader
// takes: each is read with a sample value, and the message names them all, in the table's order.
TEST(EngineConfig, TheKeyTableIsWhatTheReaderReads) {
    const std::map<std::string, std::string> sample = {
        {"name", "x"},         {"cmd", "/bin/x"},   {"arg", "-a"},      {"dir", "/tmp"},
        {"option.NAME", "16"}, {"proto", "xboard"}, {"book", "b.bin"},  {"bookdepth", "4"},
        {"restart", "on"},     {"stderr", "e.log"}, {"depth", "3"},     {"nodes", "100"},
        {"movetime", "50"},    {"tc", "10+0.1"},    {"ponder", "true"}, {"rating", "2500"}};
    std::string known;
    for (const EngineSpecKey& key : engine_spec_keys()) {
        ASSERT_TRUE(sample.count(std::string(key.key))) << key.key << " has no sample here";
        std::string spec =
            "cmd=/bin/x," + std::string(key.key) + "=" + sample.at(std::string(key.key));
        EXPECT_NO_THROW(parse_engine_spec(spec)) << spec;
        known += (known.empty() ? "" : ", ") + std::string(key.key);
    }
    EXPECT_EQ(engine_spec_keys().size(), sample.size());
    EXPECT_EQ(known,
              "name, cmd, arg, dir, option.NAME, proto, book, bookdepth, restart, stderr, ponder, "
              "rating, depth, nodes, movetime, tc");
    try {
        parse_engine_spec("cmd=x,colour=red");
        ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "--engine cmd=x,colour=red: unknown key 'colour' (known: " + known + ")");
    }
}

TEST(EngineConfig, NameDefaultsToProgramFileName) {
    EXPECT_EQ(parse_engine_spec("cmd=/usr/games/stockfish,tc=10+0.1").name, "stockfish");
    // Found by the engine_spec fuzz target: a command ending in '/' gave an empty name.
    EXPECT_EQ(parse_engine_spec("cmd=/usr/games/stockfish/").name, "stockfish");
    EXPECT_EQ(engine_from_json(json::parse(R"({"cmd": "engines/ab/"})"), "e.json").name, "ab");
}

TEST(EngineConfig, NameIsNeededWhenTheCommandNamesNoFile) {
    try {
        parse_engine_spec("cmd=/");
        ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(),
                     "--engine cmd=/: name=NAME is needed, as cmd=/ names no file to take it from");
    }
    EXPECT_EQ(parse_engine_spec("name=root,cmd=/").name, "root");
    try {
        engine_from_json(json::parse(R"({"cmd": "/"})"), "e.json: engine 1");
        ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(),
                     "e.json: engine 1: \"name\" is needed, as \"cmd\" \"/\" names no "
                     "file to take it from");
    }
}

TEST(EngineConfig, RejectsWithClearMessages) {
    auto message = [](const char* spec) {
        try {
            parse_engine_spec(spec);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message("name=x"), "--engine name=x: cmd=PROGRAM is missing");
    EXPECT_NE(message("cmd=x,colour=red").find("unknown key 'colour'"), std::string::npos);
    EXPECT_EQ(message("cmd=x,depth=0"),
              "--engine cmd=x,depth=0: depth must be a depth from 1 to 1000 (got 0)");
    EXPECT_EQ(message("cmd=x,nodes=-5"),
              "--engine cmd=x,nodes=-5: nodes must be a positive integer (got -5)");
    // Found by the engine_spec fuzz target: counts above 2^53 changed on their way through the
    // stored JSON configuration.
    EXPECT_NE(message("cmd=x,nodes=6000000009092429732")
                  .find("nodes must be a positive integer, at most 9007199254740992 (got "
                        "6000000009092429732)"),
              std::string::npos);
    EXPECT_NE(message("cmd=x,movetime=9007199254740993")
                  .find("movetime must be a number of milliseconds from 1 to"),
              std::string::npos);
    EXPECT_EQ(parse_engine_spec("cmd=x,nodes=9007199254740992").limits.nodes, 9007199254740992u);
    // Found by the engine_spec fuzz target: a repeated option was kept twice here but once in the
    // stored JSON object.
    EXPECT_NE(message("cmd=x,option.Hash=16,option.Hash=32").find("option 'Hash' is given twice"),
              std::string::npos);
    EXPECT_THROW(
        engine_from_json(json::parse(R"({"cmd": "x", "options": {"Hash": 1}, "option.Hash": 2})"),
                         "e.json"),
        ConfigError);
    EXPECT_NE(message("cmd=x,tc=fast").find("time control 'fast'"), std::string::npos);
    EXPECT_NE(message("cmd=x,justtext").find("'justtext' is not key=value"), std::string::npos);
}

// Issue 20, item 10: a name goes onto the console, into the PGN and the page, so a configured
// name with control bytes (ESC, NUL, a newline) or bytes that are not UTF-8 is refused, shown
// escaped in the message; a name in any script is kept.
TEST(EngineConfig, NamesWithControlBytesAreRefusedShownEscaped) {
    auto refusal = [](const EngineConfig& engine) -> std::string {
        try {
            validate(engine);
        } catch (const ConfigError& e) {
            return e.what();
        }
        return "accepted";
    };
    const std::string tail =
        "' has control characters or bytes that are not UTF-8 (shown as \\xNN or \\t); give the "
        "engine a name of printable text";
    EXPECT_EQ(refusal(parse_engine_spec("name=red\x1b[31m,cmd=x,depth=1")),
              "engine name 'red\\x1B[31m" + tail);
    EngineConfig nul = parse_engine_spec("cmd=x,depth=1");
    nul.name = std::string("a\0b", 3);
    EXPECT_EQ(refusal(nul), "engine name 'a\\x00b" + tail);
    EXPECT_EQ(refusal(parse_engine_spec("name=bad\xff,cmd=x,depth=1")),
              "engine name 'bad\\xFF" + tail);
    EXPECT_EQ(refusal(engine_from_json(
                  json::parse(R"({"cmd": "x", "name": "two\nlines", "depth": 1})"), "e.json")),
              "engine name 'two\\x0Alines" + tail);
    EXPECT_EQ(refusal(parse_engine_spec("name=Stockfish \xC3\xA4 \xE6\xA3\x8B,cmd=x,depth=1")),
              "accepted");
    // Two engines of one such name meet the distinct-name check first: it shows the name escaped.
    std::vector<EngineConfig> twins = {parse_engine_spec("name=a\x1b,cmd=x"),
                                       parse_engine_spec("name=a\x1b,cmd=y")};
    try {
        validate_distinct_names(twins);
        ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(), "two engines are named a\\x1B; give each a name=");
    }
}

// Issue 28: a name of 245 bytes passed and then failed on its stderr log's file name after the
// database, PGN and log were made; " " and "x " were accepted and both read as "x". All three are
// refused by the check that runs before any file is made.
TEST(EngineConfig, BlankPaddedAndOverlongNamesAreRefused) {
    auto refusal = [](const std::string& name) {
        EngineConfig engine = parse_engine_spec("cmd=x,depth=1");
        engine.name = name;
        return testing::error_of([&] { validate(engine); });
    };
    EXPECT_EQ(refusal(" "), "engine name ' ' is blank; give the engine a name");
    EXPECT_EQ(refusal("   "), "engine name '   ' is blank; give the engine a name");
    EXPECT_EQ(refusal("x "),
              "engine name 'x ' begins or ends with a space; give the name without them");
    EXPECT_EQ(refusal(" x"),
              "engine name ' x' begins or ends with a space; give the name without them");
    EXPECT_EQ(refusal("a b"), "accepted");
    EXPECT_EQ(refusal(std::string(MAX_ENGINE_NAME_BYTES, 'n')), "accepted");
    EXPECT_EQ(refusal(std::string(245, 'n')),
              "engine name '" + std::string(40, 'n') +
                  "...' is 245 bytes long; at most 200 fit the file name of its stderr log "
                  "(NAME.stderr.log)");
    // The names of --engine are checked so too: "name= " is not "name=" (the program's name).
    EXPECT_EQ(testing::error_of([] { validate(parse_engine_spec("name= ,cmd=x,depth=1")); }),
              "engine name ' ' is blank; give the engine a name");
}

// Issue 28: "name=a\b" lost its backslash silently. A backslash escapes only a comma and
// itself; any other is kept.
TEST(EngineConfig, ABackslashIsKeptUnlessItEscapes) {
    EXPECT_EQ(parse_engine_spec("name=a\\b,cmd=x").name, "a\\b");
    EXPECT_EQ(parse_engine_spec("name=C:\\Engines\\sf,cmd=x").name, "C:\\Engines\\sf");
    EXPECT_EQ(parse_engine_spec("name=a\\\\b,cmd=x").name, "a\\b");
    EXPECT_EQ(parse_engine_spec("name=a\\,b,cmd=x").name, "a,b");
    EXPECT_EQ(parse_engine_spec("cmd=x,arg=a\\tb").args, (std::vector<std::string>{"a\\tb"}));
}

TEST(EngineConfig, TimeControls) {
    EXPECT_EQ(parse_time_control("10+0.1"), (TimeControl{0, 10000, 100}));
    EXPECT_EQ(parse_time_control("40/60+0.6"), (TimeControl{40, 60000, 600}));
    EXPECT_EQ(parse_time_control("40/60"), (TimeControl{40, 60000, 0}));
    EXPECT_EQ(parse_time_control("1:30+1"), (TimeControl{0, 90000, 1000}));
    EXPECT_EQ(parse_time_control("0.5"), (TimeControl{0, 500, 0}));
    EXPECT_EQ(to_string(parse_time_control("40/60+0.6")), "40/60+0.6");
    EXPECT_EQ(to_string(parse_time_control("10+0.1")), "10+0.1");
    // Found by the engine_spec fuzz target: the text (stored with each tournament) was rounded to
    // six significant digits, so "19545.07" came back as 19545.1 seconds.
    EXPECT_EQ(to_string(parse_time_control("19545.07")), "19545.07");
    EXPECT_EQ(to_string(parse_time_control("40/633020.6+0.005")), "40/633020.6+0.005");
    EXPECT_EQ(to_string(parse_time_control("9999999.999")), "9999999.999");
    EXPECT_EQ(to_string(TimeControl{0, 0, 10}), "0+0.01");
    // "M:SS" has the same bound as seconds, so every time control accepted can be written back.
    EXPECT_EQ(parse_time_control("166666:40"), (TimeControl{0, 10'000'000'000, 0}));
    EXPECT_THROW(parse_time_control("166666:41"), ConfigError);
    EXPECT_THROW(parse_time_control("35791394:00"), ConfigError);
    for (const char* bad : {"", "+", "x+1", "10+", "0/10", "/10", "10+-1", "-5", "0", "10+0.1+2"})
        EXPECT_THROW(parse_time_control(bad), ConfigError) << bad;
}

// Issue 31: cutechess's hourglass, "hg" before the time, with no increment and no periods.
TEST(EngineConfig, HourglassTimeControls) {
    EXPECT_EQ(parse_time_control("hg60"), (TimeControl{0, 60000, 0, true}));
    EXPECT_EQ(parse_time_control("hg1:30"), (TimeControl{0, 90000, 0, true}));
    EXPECT_EQ(to_string(parse_time_control("hg2.5")), "hg2.5");
    for (const char* bad : {"hg", "hg10+1", "hg40/60", "40/hg60", "hg0", "hgx"})
        EXPECT_THROW(parse_time_control(bad), ConfigError) << bad;
    SearchLimitConfig limits;
    EXPECT_TRUE(read_limit(limits, "tc", "hg30"));
    EXPECT_TRUE(limits.tc->hourglass);
}

TEST(EngineConfig, DistinctNamesNameTheEngineGivenTwice) {
    const std::vector<EngineConfig> distinct = {parse_engine_spec("cmd=a/x"),
                                                parse_engine_spec("name=y,cmd=b/x")};
    EXPECT_NO_THROW(validate_distinct_names(distinct));
    const std::vector<EngineConfig> twice = {parse_engine_spec("cmd=a/x"),
                                             parse_engine_spec("cmd=b/x")};
    try {
        validate_distinct_names(twice);
        FAIL() << "two engines named x were accepted";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(), "two engines are named x; give each a name=");
    }
}

TEST(EngineConfig, JsonRoundTrip) {
    EngineConfig e =
        parse_engine_spec("name=mm,cmd=build/bin/minimax,option.Eval=material,tc=40/60+0.6");
    EXPECT_EQ(engine_from_json(to_json(e), "test"), e);
    json::Value v = json::parse(
        R"({"cmd": "sf", "args": ["-a", "-b"], "options": {"Hash": 16}, "nodes": 1000})");
    EngineConfig f = engine_from_json(v, "engines.json");
    EXPECT_EQ(f.name, "sf");
    EXPECT_EQ(f.args.size(), 2u);
    EXPECT_EQ(f.options[0].second, "16");
    EXPECT_EQ(f.limits.nodes, 1000u);
    EXPECT_THROW(engine_from_json(json::parse(R"({"cmd": "x", "bogus": 1})"), "engines.json"),
                 ConfigError);
}

TEST(EngineConfig, ProtocolAndBookKeys) {
    EngineConfig e = parse_engine_spec("cmd=fairymax,proto=xboard,book=b.bin,bookdepth=6,depth=3");
    EXPECT_EQ(e.protocol, EngineProtocol::xboard);
    EXPECT_EQ(e.book_path, "b.bin");
    EXPECT_EQ(e.book_depth, 6);
    EXPECT_EQ(engine_from_json(to_json(e), "test"), e);
    EngineConfig u = parse_engine_spec("cmd=sf,depth=3");
    EXPECT_EQ(u.protocol, EngineProtocol::uci);
    EXPECT_TRUE(u.book_path.empty());
    // The defaults stay out of the JSON, so that older tournaments keep their identity.
    EXPECT_FALSE(to_json(u).find("proto"));
    EXPECT_FALSE(to_json(u).find("book"));
    EngineConfig j = engine_from_json(
        json::parse(R"({"cmd": "phalanx", "proto": "xboard", "tc": "10+0.1"})"), "engines.json");
    EXPECT_EQ(j.protocol, EngineProtocol::xboard);
    EXPECT_THROW(parse_engine_spec("cmd=x,proto=winboard"), ConfigError);
    EXPECT_THROW(parse_engine_spec("cmd=x,bookdepth=0"), ConfigError);
}

// stderr=FILE, as cutechess spells it, in --engine, JSON and the stored JSON alike.
TEST(EngineConfig, StderrNamesTheEnginesOwnLogFile) {
    EngineConfig e = parse_engine_spec("cmd=sf,depth=3,stderr=logs/sf.err");
    EXPECT_EQ(e.stderr_path, "logs/sf.err");
    EXPECT_EQ(engine_from_json(to_json(e), "test"), e);
    EXPECT_EQ(engine_from_json(json::parse(R"({"cmd": "sf", "stderr": "e.log"})"), "engines.json")
                  .stderr_path,
              "e.log");
    EXPECT_FALSE(to_json(parse_engine_spec("cmd=sf")).find("stderr"));
    try {
        parse_engine_spec("cmd=sf,stderr=");
        FAIL() << "accepted";
    } catch (const ConfigError& error) {
        EXPECT_STREQ(error.what(), "--engine cmd=sf,stderr=: stderr must name a file");
    }
}

TEST(EngineConfig, AnXboardEngineWithANodeLimitIsAConfigurationError) {
    EngineConfig e = parse_engine_spec("name=fm,cmd=fairymax,proto=xboard,nodes=1000");
    try {
        validate(e);
        FAIL() << "accepted";
    } catch (const ConfigError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "engine fm: speaks XBoard, whose protocol has no node limit: give depth, "
                  "movetime or tc");
    }
    e.protocol = EngineProtocol::uci;
    EXPECT_NO_THROW(validate(e));
}

}  // namespace
}  // namespace arbiter
