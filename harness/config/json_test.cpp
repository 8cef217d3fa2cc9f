#include "harness/config/json.h"

#include <gtest/gtest.h>

#include "harness/config/tournament_config.h"
#include "harness/config/values.h"

#include <cstdint>
#include <limits>

namespace arbiter::json {
namespace {

TEST(Json, ParsesAndDumpsEveryKind) {
    Value v = parse(R"( {"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "x\"y\\z\n\u00e9"}} )");
    EXPECT_EQ(v.find("a")->as_array().size(), 6u);
    EXPECT_EQ(v.find("a")->as_array()[1].as_number(), 2.5);
    EXPECT_EQ(v.find("a")->as_array()[2].as_integer(), -300);
    EXPECT_EQ(v.find("b")->find("c")->as_string(), "x\"y\\z\n\xc3\xa9");
    EXPECT_EQ(parse(v.dump()), v);
    EXPECT_EQ(parse(v.dump(2)), v);
    EXPECT_EQ(Value(Object{{"k", 1}}).dump(), R"({"k":1})");
}

TEST(Json, KeepsMemberOrder) {
    Value v;
    v.set("z", 1);
    v.set("a", 2);
    v.set("z", 3);
    EXPECT_EQ(v.dump(), R"({"z":3,"a":2})");
}

TEST(Json, ErrorsGiveLineAndColumn) {
    try {
        parse("{\n  \"a\": 1,\n  \"b\" 2\n}");
        FAIL() << "accepted a missing colon";
    } catch (const ParseError& e) {
        EXPECT_STREQ(e.what(), "JSON line 3, column 7: expected ':' after a member name");
    }
    for (const char* bad : {"", "{", "[1,]", "{\"a\":1,}", "tru", "\"abc", "01x", "[1] 2",
                            "{\"a\":1,\"a\":2}", "\"\\q\"", "nan"})
        EXPECT_THROW(parse(bad), ParseError) << bad;
}

TEST(Json, TypeMismatchesThrow) {
    Value v = parse("[1.5]");
    EXPECT_THROW(v.as_object(), std::runtime_error);
    EXPECT_THROW(v.as_array()[0].as_integer(), std::runtime_error);
    EXPECT_EQ(v.find("x"), nullptr);
}

TEST(Json, IntegersKeepAllSixtyFourBits) {
    // 2^53 + 1 and 2^64 - 59 have no double; they are read, compared and written exactly.
    Value v = parse("[9007199254740993, 18446744073709551557, -9223372036854775808, 7, 7.0]");
    const Array& a = v.as_array();
    EXPECT_EQ(a[0].as_integer(), 9007199254740993);
    EXPECT_EQ(a[1].as_unsigned(), 18446744073709551557ull);
    EXPECT_THROW(a[1].as_integer(), std::runtime_error);
    EXPECT_EQ(a[2].as_integer(), std::numeric_limits<std::int64_t>::min());
    EXPECT_THROW(a[2].as_unsigned(), std::runtime_error);
    EXPECT_TRUE(a[3].is_integer());
    EXPECT_FALSE(a[4].is_integer());
    EXPECT_EQ(a[3], a[4]);  // numbers compare by value
    EXPECT_NE(a[0], Value(9007199254740992.0));
    EXPECT_EQ(a[0].as_number(), 9007199254740992.0);
    EXPECT_EQ(v.dump(), "[9007199254740993,18446744073709551557,-9223372036854775808,7,7]");
    EXPECT_EQ(Value(std::uint64_t(18446744073709551557ull)).dump(), "18446744073709551557");
    EXPECT_EQ(Value(std::uint64_t(5)), Value(5));
    EXPECT_EQ(parse("18446744073709551616").as_number(), 18446744073709551616.0);  // a double
    EXPECT_EQ(parse(v.dump()), v);
}

// A setting read from JSON takes the number as held: an integer with all its bits, a whole double,
// a decimal; the messages are the text path's, with the value as JSON writes it.
TEST(Json, SettingsReadNumbersAsHeld) {
    const IntegerRule rule{"rounds", 1, std::numeric_limits<std::int64_t>::max(),
                           "a positive integer"};
    const Value big = parse("9007199254740993"), whole = parse("1e3"), half = parse("2.5");
    EXPECT_EQ(read_integer(rule, SettingValue(big, "rounds")), 9007199254740993);
    EXPECT_EQ(read_integer(rule, SettingValue(whole, "rounds")), 1000);
    EXPECT_EQ(read_integer(rule, "1000"), 1000);
    auto message = [&](const SettingValue& value) {
        try {
            read_integer(rule, value);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message(SettingValue(half, "rounds")), "rounds must be a positive integer (got 2.5)");
    EXPECT_EQ(message(SettingValue(parse("18446744073709551615"), "rounds")),
              "rounds must be a positive integer, at most 9223372036854775807 (got "
              "18446744073709551615)");
    EXPECT_EQ(message(SettingValue(parse("true"), "rounds")),
              "rounds must be a positive integer (got true)");
    EXPECT_EQ(message(SettingValue(parse("\"12x\""), "rounds")),
              "rounds must be a positive integer (got 12x)");
    EXPECT_EQ(read_number({"elo1", "a number"}, SettingValue(parse("0.1"), "elo1")), 0.1);
    EXPECT_THROW(SettingValue(parse("[1]"), "rounds"), ConfigError);
    // A whole configuration: the seed above 2^63 and the rounds as JSON holds them.
    const TournamentConfig c = tournament_config_from_json(
        parse(R"({"seed": 18446744073709551557, "rounds": 3.0, "wait": 25})"), "c.json");
    EXPECT_EQ(c.seed, 18446744073709551557u);
    EXPECT_EQ(c.rounds, 3);
    EXPECT_EQ(c.wait.count(), 25);
}

}  // namespace
}  // namespace arbiter::json
