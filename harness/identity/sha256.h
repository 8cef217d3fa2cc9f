#pragma once

// SHA-256 (FIPS 180-4), written for arbiter so an engine binary can be identified by its hash
// without a crypto dependency. Not constant-time; for identification, not for secrets.

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace arbiter {

// Incremental SHA-256: feed bytes with update(), then call finish() once.
class Sha256 {
  public:
    using Digest = std::array<std::uint8_t, 32>;

    Sha256();

    // Appends bytes to the message. Must not be called after finish().
    void update(std::string_view bytes);
    void update(const void* data, std::size_t size);

    // Pads the message and returns its digest. The object must not be used afterwards.
    Digest finish();

  private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t total_bytes_ = 0;
};

// Returns the 64 lowercase hex digits of a digest.
std::string to_hex(const Sha256::Digest& digest);

// Returns the SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

// Returns the SHA-256 of a file's contents as 64 lowercase hex digits.
// Throws std::runtime_error naming the file if it cannot be opened or read.
std::string sha256_file_hex(const std::filesystem::path& path);

}  // namespace arbiter
