// The stored configuration and the identity, byte for byte: both are kept in every database, and
// resume compares the identity's hash, so a change to either would make arbiter treat an old
// database as another tournament. The expected texts were written by the code before the settings
// table carried each setting's JSON writer, identity and rule (issue 21, item 4), and must not
// change.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "harness/config/tournament_config.h"

namespace arbiter {
namespace {

// The default tournament of scripts/tournament, in short: two engines at 20,000 nodes per move.
TournamentConfig ladder() {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=random,cmd=build/bin/random"),
                 parse_engine_spec("name=greedy,cmd=build/bin/greedy")};
    c.openings_path = "openings/arbiter-8ply.epd";
    c.limits.nodes = 20000;
    c.max_games = 48;
    return c;
}

// Every setting away from its default.
TournamentConfig everything() {
    TournamentConfig c = ladder();
    c.engines.push_back(parse_engine_spec(
        "name=third,cmd=/bin/third,arg=-x,option.Hash=16,tc=40/60+0.5,dir=/tmp,proto=xboard"));
    c.site = "Lab";
    c.event = "Everything";
    c.plies = 6;
    c.book_lines = 30;
    c.random_order = true;
    c.rounds = 3;
    c.gauntlet = true;
    c.seeds = 2;
    c.colours = Colours::second_white;
    c.openings_start = 5;
    c.limits = {};
    c.limits.depth = 4;
    c.limits.movetime_ms = 250;
    c.limits.tc = parse_time_control("10+0.1");
    c.concurrency = 3;
    c.db_path = "x.sqlite";
    c.pgn_path = "x.pgn";
    c.engine_log = "x.log";
    c.seed = 99;
    c.game.variant = Variant::chess960;
    read_draw_rule(c.game.adjudication, split_key_values("movenumber=40,movecount=8,score=10"));
    read_resign_rule(c.game.adjudication, split_key_values("movecount=3,score=600,twosided=true"));
    c.game.adjudication.max_plies = 300;
    c.game.tablebase.paths = "/nonexistent/syzygy";
    c.game.tablebase.max_pieces = 5;
    c.game.tablebase.ignore_50 = true;
    c.game.tablebase.results = TablebaseResults::win_loss;
    c.game.time_margin = std::chrono::milliseconds(50);
    c.game.stall_timeout = std::chrono::milliseconds(7000);
    c.handshake_timeout = std::chrono::milliseconds(2000);
    c.wait = std::chrono::milliseconds(30);
    c.sprt = parse_sprt_parameters("elo0=0,elo1=5,alpha=0.05,beta=0.1,model=logistic");
    c.pool = "/shared/pool/";
    c.batch_pairs = 8;
    c.report_every = 10;
    c.bootstrap = 50;
    c.shard_index = 2;
    c.shard_count = 4;
    return c;
}

// Settings that are never stored, or stored only beside another: none of them appears.
TournamentConfig unstored() {
    TournamentConfig c = ladder();
    c.seeds = 3;                      // without a gauntlet
    c.batch_pairs = 9;                // without a pool
    c.game.tablebase.max_pieces = 5;  // without tables
    c.game.tablebase.ignore_50 = true;
    c.concurrency = 2;
    c.force = true;
    c.db_path = "y.sqlite";
    c.pgn_path = "y.pgn";
    c.engine_log = "-";
    c.engine_log_append = false;
    c.report_every = 5;
    c.bootstrap = 0;
    c.shard_index = 1;
    c.shard_count = 2;
    return c;
}

// A few settings away from their defaults, the others at them.
TournamentConfig some() {
    TournamentConfig c = ladder();
    c.plies = 0;
    c.colours = Colours::reversed;
    c.limits = {};
    c.limits.tc = parse_time_control("40/60+0");
    c.game.stall_timeout = std::chrono::milliseconds(100);
    c.game.tablebase.paths = "/a:/b";
    c.sprt = parse_sprt_parameters("elo0=-1.5,elo1=2.5");
    return c;
}

struct Expected {
    const char* name;
    std::function<TournamentConfig()> config;
    const char* stored;    // to_json().dump()
    const char* identity;  // identity("HASH").dump()
};

const Expected CASES[] = {
    {"defaults", [] { return TournamentConfig{}; },
     R"({"event":"arbiter tournament","engines":[],"openings":"","order":"sequential","rounds":1,"seed":1,"adjudication":{},"time_margin":100,"stall_timeout":60000})",
     R"({"engines":[],"openings":"HASH","plies":-1,"order":"sequential","limits":{},"seed":1,"adjudication":{}})"},
    {"ladder", ladder,
     R"({"event":"arbiter tournament","engines":[{"name":"random","cmd":"build/bin/random","args":[],"options":{}},{"name":"greedy","cmd":"build/bin/greedy","args":[],"options":{}}],"openings":"openings/arbiter-8ply.epd","order":"sequential","rounds":1,"max_games":48,"nodes":20000,"seed":1,"adjudication":{},"time_margin":100,"stall_timeout":60000})",
     R"({"engines":["random","greedy"],"openings":"HASH","plies":-1,"order":"sequential","limits":{"nodes":20000},"seed":1,"adjudication":{}})"},
    {"everything", everything,
     R"({"event":"Everything","site":"Lab","engines":[{"name":"random","cmd":"build/bin/random","args":[],"options":{}},{"name":"greedy","cmd":"build/bin/greedy","args":[],"options":{}},{"name":"third","cmd":"/bin/third","args":["-x"],"dir":"/tmp","options":{"Hash":"16"},"tc":"40/60+0.5","proto":"xboard"}],"openings":"openings/arbiter-8ply.epd","plies":6,"book_lines":30,"order":"random","rounds":3,"format":"gauntlet","seeds":2,"colours":"second-white","openings_start":5,"max_games":48,"depth":4,"movetime":250,"tc":"10+0.1","seed":99,"variant":"chess960","adjudication":{"draw_movenumber":40,"draw_movecount":8,"draw_score":10,"resign_movecount":3,"resign_score":600,"resign_twosided":"true","max_plies":300},"time_margin":50,"stall_timeout":7000,"tb":"/nonexistent/syzygy","tb_pieces":5,"tb_ignore_50":true,"tb_adjudicate":"win_loss","handshake_timeout":2000,"wait":30,"sprt":{"elo0":0,"elo1":5,"alpha":0.050000000000000003,"beta":0.10000000000000001,"model":"logistic"},"pool":"/shared/pool/","batch_pairs":8})",
     R"({"engines":["random","greedy","third"],"openings":"HASH","plies":6,"order":"random","limits":{"depth":4,"movetime":250,"tc":"10+0.1"},"seed":99,"adjudication":{"draw_movenumber":40,"draw_movecount":8,"draw_score":10,"resign_movecount":3,"resign_score":600,"resign_twosided":"true","max_plies":300},"time_margin":50,"stall_timeout":7000,"handshake_timeout":2000,"format":"gauntlet","seeds":2,"colours":"second-white","openings_start":5,"book_lines":30,"batch_pairs":8,"tablebase":{"pieces":5,"ignore_50":true,"results":"win_loss"},"variant":"chess960"})"},
    {"unstored", unstored, R"({"event":"arbiter tournament","engines":[{"name":"random","cmd":"build/bin/random","args":[],"options":{}},{"name":"greedy","cmd":"build/bin/greedy","args":[],"options":{}}],"openings":"openings/arbiter-8ply.epd","order":"sequential","rounds":1,"max_games":48,"nodes":20000,"seed":1,"adjudication":{},"time_margin":100,"stall_timeout":60000})",
     R"({"engines":["random","greedy"],"openings":"HASH","plies":-1,"order":"sequential","limits":{"nodes":20000},"seed":1,"adjudication":{}})"},
    {"some", some,
     R"({"event":"arbiter tournament","engines":[{"name":"random","cmd":"build/bin/random","args":[],"options":{}},{"name":"greedy","cmd":"build/bin/greedy","args":[],"options":{}}],"openings":"openings/arbiter-8ply.epd","plies":0,"order":"sequential","rounds":1,"colours":"reversed","max_games":48,"tc":"40/60","seed":1,"adjudication":{},"time_margin":100,"stall_timeout":100,"tb":"/a:/b","sprt":{"elo0":-1.5,"elo1":2.5,"alpha":0.050000000000000003,"beta":0.050000000000000003,"model":"normalized"}})",
     R"({"engines":["random","greedy"],"openings":"HASH","plies":0,"order":"sequential","limits":{"tc":"40/60"},"seed":1,"adjudication":{},"stall_timeout":100,"colours":"reversed","tablebase":{"pieces":0,"ignore_50":false,"results":"both"}})"},
};

TEST(StoredConfiguration, IsByteIdenticalToWhatOlderArbiterWrote) {
    for (const Expected& e : CASES) {
        TournamentConfig c = e.config();
        EXPECT_EQ(c.to_json().dump(), e.stored) << e.name;
        EXPECT_EQ(c.identity("HASH").dump(), e.identity) << e.name;
    }
}

// Whatever to_json() stores, tournament_config_from_json() reads back to the same text, the way
// resume and the report read it; a group's key and a JSON-only member are not flags.
TEST(StoredConfiguration, ReadsBackWhatItStoresAndGroupsAreNotSettings) {
    for (const Expected& e : CASES) {
        TournamentConfig c = e.config();
        c.game.tablebase = {};  // its directory must exist to be read
        json::Value stored = c.to_json();
        EXPECT_EQ(tournament_config_from_json(stored, "stored").to_json().dump(), stored.dump())
            << e.name;
        EXPECT_EQ(stored_tournament_config(stored.dump()).to_json().dump(), stored.dump())
            << e.name;
    }
    for (const char* group : {"limits", "tablebase"}) {
        TournamentConfig c;
        std::string message;
        try {
            apply_settings(c, {{group, "1"}});
        } catch (const ConfigError& error) {
            message = error.what();
        }
        EXPECT_EQ(message, std::string("unknown setting \"") + group + "\"");
        EXPECT_THROW(tournament_config_from_json(
                         json::parse(std::string("{\"") + group + "\": {}}"), "c.json"),
                     ConfigError);
    }
    for (const TournamentSetting& s : tournament_settings()) {
        EXPECT_FALSE(s.flag.empty()) << s.key;
        EXPECT_TRUE(s.read) << s.key;
    }
    for (const TournamentSetting& s : tournament_table()) {
        if (s.identify) {
            EXPECT_TRUE(s.in_identity) << s.key;
        }
    }
}

// --draw-claims trusted is stored, read back and part of the identity; checked, the default, is
// neither, so the identity of every tournament played before the setting existed holds.
TEST(StoredConfiguration, TrustedDrawClaimsAreStoredAndIdentifyTheTournament) {
    TournamentConfig trusted = ladder();
    apply_settings(trusted, {{"draw_claims", "trusted"}});
    EXPECT_EQ(trusted.game.draw_claims, DrawClaims::trusted);
    const std::string stored = trusted.to_json().dump();
    EXPECT_NE(stored.find(R"("adjudication":{},"draw_claims":"trusted","time_margin":100)"),
              std::string::npos)
        << stored;
    const std::string identity = trusted.identity("HASH").dump();
    EXPECT_NE(identity.find(R"("adjudication":{},"draw_claims":"trusted"})"), std::string::npos)
        << identity;
    EXPECT_EQ(stored_tournament_config(stored).game.draw_claims, DrawClaims::trusted);
    EXPECT_EQ(stored_tournament_config(stored).identity("HASH").dump(), identity);
    TournamentConfig checked = ladder();
    apply_settings(checked, {{"draw_claims", "checked"}});
    EXPECT_EQ(checked.to_json().dump(), ladder().to_json().dump());
    EXPECT_EQ(checked.identity("HASH").dump(), ladder().identity("HASH").dump());
    std::string message;
    try {
        apply_settings(checked, {{"draw_claims", "unchecked"}});
    } catch (const ConfigError& error) {
        message = error.what();
    }
    EXPECT_EQ(message, "draw_claims must be checked or trusted (got unchecked)");
}

// A seed of all 64 bits (from -srand or the clock) is stored, read back and identified exactly:
// 2^53 + 1 has no double, and 2^64 - 59 is above the signed range.
TEST(StoredConfiguration, KeepsEverySeedExactly) {
    for (std::uint64_t seed : {9007199254740993ull, 18446744073709551557ull}) {
        TournamentConfig c = ladder();
        c.seed = seed;
        const std::string digits = std::to_string(seed);
        const std::string stored = c.to_json().dump();
        EXPECT_NE(stored.find("\"seed\":" + digits + ","), std::string::npos) << stored;
        EXPECT_NE(c.identity("HASH").dump().find("\"seed\":" + digits + ","), std::string::npos);
        EXPECT_EQ(stored_tournament_config(stored).seed, seed);
        EXPECT_EQ(tournament_config_from_json(json::parse(stored), "stored").seed, seed);
        TournamentConfig flag;
        apply_settings(flag, {{"seed", digits}});
        EXPECT_EQ(flag.seed, seed);
        EXPECT_EQ(stored_tournament_config(stored).identity("HASH").dump(),
                  c.identity("HASH").dump());
    }
    TournamentConfig c;
    for (const char* bad : {"-1", "18446744073709551616", "1.5", ""}) {
        std::string message;
        try {
            apply_settings(c, {{"seed", bad}});
        } catch (const ConfigError& error) {
            message = error.what();
        }
        EXPECT_EQ(message.rfind("seed must be a whole number, 0 or more", 0), 0u) << bad;
    }
}

}  // namespace
}  // namespace arbiter
