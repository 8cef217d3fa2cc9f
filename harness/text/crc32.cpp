#include "harness/text/crc32.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace arbiter {

namespace {

// The table of the reflected polynomial 0xEDB88320, one entry per byte value.
std::array<std::uint32_t, 256> make_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t byte = 0; byte < 256; ++byte) {
        std::uint32_t value = byte;
        for (int bit = 0; bit < 8; ++bit)
            value = (value & 1) ? (value >> 1) ^ 0xEDB88320u : value >> 1;
        table[byte] = value;
    }
    return table;
}

const std::array<std::uint32_t, 256> TABLE = make_table();

}  // namespace

void Crc32::update(std::string_view bytes) {
    for (unsigned char c : bytes) state_ = (state_ >> 8) ^ TABLE[(state_ ^ c) & 0xFFu];
}

Crc32 file_crc32(const std::string& path) {
    Crc32 crc;
    if (!std::filesystem::exists(path)) return crc;
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error(path + ": cannot be read for its CRC-32");
    char buffer[1 << 16];
    while (file.read(buffer, sizeof buffer) || file.gcount() > 0)
        crc.update(std::string_view(buffer, std::size_t(file.gcount())));
    return crc;
}

std::string crc32_hex(std::uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%x", value);
    return text;
}

}  // namespace arbiter
