#include "harness/identity/sha256.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace arbiter {
namespace {

// FIPS 180-2 appendix B and NIST example vectors.
TEST(Sha256, FipsVectors) {
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    EXPECT_EQ(
        sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmno"
                   "pqklmnopqrlmnopqrsmnopqrstnopqrstu"),
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    EXPECT_EQ(sha256_hex("The quick brown fox jumps over the lazy dog"),
              "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592");
}

// Padding edge cases: lengths around the 55/56/64-byte boundaries hashed in pieces of every size
// agree with the one-shot hash.
TEST(Sha256, IncrementalMatchesOneShot) {
    for (std::size_t length : {0u, 1u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 128u, 200u}) {
        std::string message;
        for (std::size_t i = 0; i < length; ++i) message.push_back(static_cast<char>(i * 7 + 3));
        const std::string expected = sha256_hex(message);
        for (std::size_t piece = 1; piece <= 70; ++piece) {
            Sha256 hasher;
            for (std::size_t at = 0; at < length; at += piece) {
                hasher.update(std::string_view(message).substr(at, piece));
            }
            ASSERT_EQ(to_hex(hasher.finish()), expected)
                << "length " << length << " piece " << piece;
        }
    }
}

class Sha256File : public ::testing::Test {
  protected:
    void SetUp() override {
        path_ = std::filesystem::temp_directory_path() /
                ("arbiter_sha256_test_" + std::to_string(::getpid()) + ".bin");
    }
    void TearDown() override { std::filesystem::remove(path_); }
    void write(const std::string& content) {
        std::ofstream out(path_, std::ios::binary);
        out << content;
    }
    std::filesystem::path path_;
};

TEST_F(Sha256File, SmallAndEmptyFiles) {
    write("abc");
    EXPECT_EQ(sha256_file_hex(path_),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    write("");
    EXPECT_EQ(sha256_file_hex(path_),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// Larger than the 64 KiB read chunk; expected value from Python's hashlib.
TEST_F(Sha256File, FileLargerThanReadChunk) {
    std::string content;
    for (int i = 0; i < 150000; ++i) content.push_back(static_cast<char>(i % 251));
    write(content);
    EXPECT_EQ(sha256_file_hex(path_),
              "02675bf9284bd74223e98ceea96ebee4c9a469272ead358f462d89753f8c909b");
}

TEST_F(Sha256File, MissingFileNamesThePath) {
    try {
        sha256_file_hex(path_);
        FAIL() << "expected an exception";
    } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find(path_.string()), std::string::npos)
            << error.what();
    }
}

}  // namespace
}  // namespace arbiter
