#include "harness/text/number_text.h"

#include <cmath>
#include <cstdio>

namespace arbiter {

std::string format_fixed(double value, int decimals, PlusSign plus) {
    if (std::isnan(value)) return "nan";
    const double scale = std::pow(10.0, decimals);
    // Round half away from zero first, then add 0.0 so that a negative zero prints without sign.
    const double rounded = std::isinf(value) ? value : std::round(value * scale) / scale + 0.0;
    const bool sign = rounded > 0 || (rounded == 0 && plus == PlusSign::always);
    const std::string prefix = sign && plus != PlusSign::never ? "+" : "";
    if (std::isinf(value)) return prefix + (value > 0 ? "inf" : "-inf");
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, rounded);
    return prefix + buffer;
}

}  // namespace arbiter
