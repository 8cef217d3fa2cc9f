#include "harness/tournament/book_openings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <unistd.h>

#include "engines/book/polyglot.h"
#include "harness/tournament/openings.h"

namespace arbiter {
namespace {

const char* GNUCHESS_BOOK = "/usr/share/games/gnuchess/book.bin";

bool have_book() {
    if (std::filesystem::exists(GNUCHESS_BOOK)) return true;
    if (std::getenv("CI")) ADD_FAILURE() << "gnuchess-book is needed (scripts/setup installs it)";
    return false;
}

TEST(BookOpenings, DistinctDeterministicLinesOfTheAskedLength) {
    if (!have_book()) GTEST_SKIP() << "gnuchess-book is not installed";
    BookOpeningsRequest request{GNUCHESS_BOOK, 8, 60, 42};
    std::vector<Opening> a = draw_book_openings(request);
    ASSERT_EQ(a.size(), 60u);
    std::set<std::vector<std::string>> lines;
    for (const Opening& o : a) {
        EXPECT_LE(o.moves.size(), 8u);
        EXPECT_GE(o.moves.size(), 1u);
        lines.insert(o.moves);
    }
    EXPECT_EQ(lines.size(), a.size());
    EXPECT_EQ(draw_book_openings(request), a);  // the same seed, the same lines
    request.seed = 43;
    EXPECT_NE(draw_book_openings(request), a);
}

TEST(BookOpenings, ASmallBookRunsOutAndAnEmptyOneIsAnError) {
    StateInfo st;
    Position start;
    ASSERT_TRUE(start.set(START_FEN, st).empty());
    std::uint64_t key = polyglot_key(start);
    auto entry = [&](std::uint16_t move) {
        std::string out;
        for (int i = 7; i >= 0; --i) out += char((key >> (8 * i)) & 0xff);
        out += char(move >> 8), out += char(move & 0xff), out += '\0', out += '\1';
        return out + std::string(4, '\0');
    };
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-two-" + std::to_string(::getpid()) + ".bin");
    std::uint16_t e2e4 = 4 | 3 << 3 | 4 << 6 | 1 << 9, d2d4 = 3 | 3 << 3 | 3 << 6 | 1 << 9;
    std::ofstream(path, std::ios::binary) << entry(d2d4) + entry(e2e4);
    std::vector<Opening> two = draw_book_openings({path.string(), 8, 10, 1});
    ASSERT_EQ(two.size(), 2u);  // only two lines exist, each one move long
    EXPECT_EQ(two[0].moves.size(), 1u);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << std::string();
    EXPECT_THROW(draw_book_openings({path.string(), 8, 10, 1}), OpeningError);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace arbiter
