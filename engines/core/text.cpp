#include "engines/core/text.h"

namespace arbiter {

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (2 to 4), or 0 when there is none.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;  // no UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return length;
}

}  // namespace

bool strip_byte_order_mark(std::string_view& text) {
    if (!text.starts_with(BYTE_ORDER_MARK)) return false;
    text.remove_prefix(BYTE_ORDER_MARK.size());
    return true;
}

std::string printable_excerpt(std::string_view text, std::size_t max_bytes) {
    static constexpr char HEX[] = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (i >= max_bytes) return out + "...";
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++i;
        } else if (c == '\t') {
            out += "\\t";
            ++i;
        } else if (const std::size_t length = utf8_sequence_length(text, i); length > 0) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += "\\x";
            out += HEX[c >> 4];
            out += HEX[c & 0xF];
            ++i;
        }
    }
    return out;
}

}  // namespace arbiter
