#include "engines/uci/options.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(OptionRegistry, ListsEachOptionFromItsDeclaration) {
    OptionRegistry options;
    options.add_spin("Hash", 16, 1, 4096, [](std::int64_t) { return std::string(); });
    options.add_combo("Eval", "simplified", {"simplified", "material"},
                      [](const std::string&) { return std::string(); });
    options.add_check("Ponder", false, [](bool) { return std::string(); });
    options.add_button("Clear Hash", [] {});
    std::vector<std::string> expected = {
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Eval type combo default simplified var simplified var material",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
    };
    EXPECT_EQ(options.uci_lines(), expected);
}

TEST(OptionRegistry, SetChecksTypeAndRangeBeforeApplying) {
    OptionRegistry options;
    std::int64_t hash = 16;
    int applied = 0;
    options.add_spin("Hash", 16, 1, 4096, [&](std::int64_t v) {
        hash = v;
        ++applied;
        return std::string();
    });
    EXPECT_EQ(options.set("Hash", "64"), "");
    EXPECT_EQ(hash, 64);
    EXPECT_EQ(options.set("hash", "128"), "");  // names compared without case
    EXPECT_EQ(hash, 128);
    EXPECT_EQ(options.set("Hash", "0"), "option Hash: 0 is out of range [1, 4096]");
    EXPECT_EQ(options.set("Hash", "5000"), "option Hash: 5000 is out of range [1, 4096]");
    EXPECT_EQ(options.set("Hash", "12x"), "option Hash: '12x' is not an integer");
    EXPECT_EQ(options.set("Hash", ""), "option Hash: '' is not an integer");
    EXPECT_EQ(options.set("Threads", "2"), "no such option: 'Threads'");
    EXPECT_EQ(hash, 128);
    EXPECT_EQ(applied, 2);
    EXPECT_EQ(options.value("Hash"), "128");
}

TEST(OptionRegistry, ComboCheckAndButton) {
    OptionRegistry options;
    std::string eval;
    bool flag = false;
    int presses = 0;
    options.add_combo("Eval", "simplified", {"simplified", "material"}, [&](const std::string& v) {
        eval = v;
        return std::string();
    });
    options.add_check("Flag", false, [&](bool v) {
        flag = v;
        return std::string();
    });
    options.add_button("Clear Hash", [&] { ++presses; });
    EXPECT_EQ(options.set("Eval", "MATERIAL"), "");
    EXPECT_EQ(eval, "material");  // stored as declared
    EXPECT_EQ(options.set("Eval", "nnue"),
              "option Eval: 'nnue' is not one of simplified, material");
    EXPECT_EQ(options.set("Flag", "true"), "");
    EXPECT_TRUE(flag);
    EXPECT_EQ(options.set("Flag", "yes"), "option Flag: 'yes' is not true or false");
    EXPECT_EQ(options.set("clear hash", ""), "");  // multi-word names
    EXPECT_EQ(presses, 1);
}

TEST(OptionRegistry, ARefusedValueLeavesTheOldOne) {
    OptionRegistry options;
    options.add_spin("Hash", 16, 1, 4096, [](std::int64_t v) {
        return v > 1000 ? std::string("cannot allocate") : std::string();
    });
    EXPECT_EQ(options.set("Hash", "2000"), "option Hash: cannot allocate");
    EXPECT_EQ(options.value("Hash"), "16");
}

}  // namespace
}  // namespace arbiter
