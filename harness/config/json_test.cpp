#include "harness/config/json.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace arbiter::json
