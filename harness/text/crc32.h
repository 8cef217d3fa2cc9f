// CRC-32 (the IEEE 802.3 polynomial, as zlib's crc32 and fastchess's -crc32 compute it) of text
// given piece by piece, and of a file, for fastchess's "File NAME has CRC32: 0x..." line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter {

// A running CRC-32: feed it the bytes in order, read value() at any point.
class Crc32 {
  public:
    // Adds `bytes` to what was fed so far.
    void update(std::string_view bytes);
    // The CRC-32 of everything fed so far (0 for nothing).
    std::uint32_t value() const { return ~state_; }

  private:
    std::uint32_t state_ = 0xFFFFFFFFu;
};

// The CRC-32 of a file's bytes; of nothing (0) when the file does not exist. Throws
// std::runtime_error naming the file when it exists and cannot be read.
Crc32 file_crc32(const std::string& path);

// "0x1a2b3c" as Python's hex() and fastchess's {:#x} write it (no leading zeros, lower case).
std::string crc32_hex(std::uint32_t value);

}  // namespace arbiter
