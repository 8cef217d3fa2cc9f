#include "harness/dialect/output/cutechess_output.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "harness/ratings/game_result.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/ratings/sprt.h"

namespace arbiter {

namespace {

std::string printed(const char* format, double value) {
    char text[64];
    if (value == 0) value = 0;  // no "-0.0"
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// cutechess-cli's Elo from a score share p (projects/lib/src/elo.cpp).
double cutechess_elo(double p) {
    return -400.0 * std::log10(1.0 / p - 1.0);
}

// cutechess-cli's 97.5% normal quantile: sqrt(2) erfInv(0.95) by Winitzki's approximation with
// its constant a = 8(pi - 3)/(3 pi (4 - pi)) and pi written 3.1415926535897. That is 1.95716,
// not the exact 1.95996; the margins it prints are a little narrower, and so are ours here.
double cutechess_quantile_975() {
    const double pi = 3.1415926535897;
    const double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    const double y = std::log(1.0 - 0.95 * 0.95);
    const double z = 2.0 / (pi * a) + y / 2.0;
    return std::sqrt(2.0) * std::sqrt(std::sqrt(z * z - y / a) - z);
}

// The figures of fastchess's pentanomial block by its own formulas (elo_pentanomial.cpp), from
// at least one pair: where the pairs leave no spread they come out as fastchess prints them
// ("-0.00", "inf", "-nan"), not as arbiter's ratings room guards them.
struct FastchessPairFigures {
    double elo = 0, error = 0, nelo = 0, nelo_error = 0, los = 0;  // los in percent
};
FastchessPairFigures fastchess_pair_figures(const PentanomialCounts& counts) {
    const double n = double(counts.pair_count());
    double score = 0;
    for (std::size_t k = 0; k < 5; ++k) score += double(counts.pairs[k]) / n * double(k) / 4.0;
    double variance = 0;
    for (std::size_t k = 0; k < 5; ++k)
        variance += double(counts.pairs[k]) / n * std::pow(double(k) / 4.0 - score, 2);
    const double spread = 1.959963984540054 * std::sqrt(variance / n);
    auto elo_of = [](double p) { return -400.0 * std::log10(1.0 / p - 1.0); };
    auto nelo_of = [&](double p) {
        return (p - 0.5) / std::sqrt(2 * variance) * (800 / std::log(10.0));
    };
    FastchessPairFigures figures;
    figures.elo = elo_of(score);
    figures.error = (elo_of(score + spread) - elo_of(score - spread)) / 2.0;
    figures.nelo = nelo_of(score);
    figures.nelo_error = (nelo_of(score + spread) - nelo_of(score - spread)) / 2.0;
    figures.los = 100 * (1 - std::erf(-(score - 0.5) / std::sqrt(2.0 * variance / n))) / 2.0;
    return figures;
}

// A figure as fastchess's {:.2f} prints it, "-0.00" and "-nan" included.
std::string fastchess_figure(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

}  // namespace

std::string qt_fixed(double value, int precision) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    // The value's exact decimal expansion (glibc prints every digit), rounded by hand.
    char text[400];
    std::snprintf(text, sizeof text, "%.80f", std::fabs(value));
    std::string digits(text);
    std::size_t point = digits.find('.');
    std::string kept = digits.substr(0, point) + digits.substr(point + 1, std::size_t(precision));
    if (digits[point + 1 + std::size_t(precision)] >= '5') {
        std::size_t i = kept.size();
        while (i > 0 && kept[i - 1] == '9') kept[--i] = '0';
        if (i == 0)
            kept.insert(kept.begin(), '1');
        else
            ++kept[i - 1];
    }
    std::size_t whole = kept.size() - std::size_t(precision);
    std::string result = kept.substr(0, whole);
    if (precision > 0) result += "." + kept.substr(whole);
    return (value < 0 ? "-" : "") + result;  // -0.0 unsigned, as Qt writes it
}

std::string cutechess_reason(Termination termination, const std::string& text) {
    // The referee already words its endings as cutechess does; only the move-limit draw differs.
    if (termination == Termination::max_plies) return "Draw by adjudication";
    return text;
}

std::string score_line(const std::string& first, const std::string& second,
                       const WdlCounts& counts) {
    return "Score of " + first + " vs " + second + ": " + std::to_string(counts.wins) + " - " +
           std::to_string(counts.losses) + " - " + std::to_string(counts.draws) + "  [" +
           qt_fixed(counts.score(), 3) + "] " + std::to_string(counts.games());
}

CutechessElo cutechess_elo(const WdlCounts& counts) {
    const double n = double(counts.games());
    const double w = double(counts.wins) / n, l = double(counts.losses) / n,
                 d = double(counts.draws) / n;
    const double mu = w + d / 2.0;
    const double stdev =
        std::sqrt(w * (1 - mu) * (1 - mu) + l * mu * mu + d * (0.5 - mu) * (0.5 - mu)) /
        std::sqrt(n);
    const double z = cutechess_quantile_975();
    CutechessElo elo;
    elo.diff = cutechess_elo(mu);
    elo.margin = (cutechess_elo(mu + z * stdev) - cutechess_elo(mu - z * stdev)) / 2.0;
    elo.los = 100 * (0.5 + 0.5 * std::erf(double(counts.wins - counts.losses) /
                                          std::sqrt(2.0 * double(counts.wins + counts.losses))));
    elo.draw_ratio = 100 * d;
    return elo;
}

std::string elo_difference_line(const WdlCounts& counts) {
    CutechessElo elo = cutechess_elo(counts);
    return "Elo difference: " + qt_fixed(elo.diff, 1) + " +/- " + qt_fixed(elo.margin, 1) +
           ", LOS: " + qt_fixed(elo.los, 1) + " %, DrawRatio: " + qt_fixed(elo.draw_ratio, 1) +
           " %";
}

std::string sprt_line(const SprtParameters& parameters, const PentanomialCounts& pairs) {
    Sprt sprt(parameters);
    sprt.update(pairs);
    // As fastchess words it: a negative LLR as a share of the lower bound.
    double bound = sprt.llr() >= 0 ? sprt.upper_bound() : sprt.lower_bound();
    std::string line = "SPRT: llr " + printed("%.2f", sprt.llr()) + " (" +
                       printed("%.1f", 100 * sprt.llr() / bound) + "%), lbound " +
                       printed("%.2f", sprt.lower_bound()) + ", ubound " +
                       printed("%.2f", sprt.upper_bound());
    if (sprt.state() == SprtState::h0_accepted) line += " - H0 was accepted";
    if (sprt.state() == SprtState::h1_accepted) line += " - H1 was accepted";
    return line;
}

std::string latency_line(const EngineLatency& latency) {
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.1f", latency.mean_ms);
    return "Engine " + latency.name + " latency: " + mean + "ms mean, " +
           std::to_string(latency.max_ms) + "ms max over " + std::to_string(latency.moves) +
           " moves (elapsed minus reported)";
}

std::string fastchess_ratio(std::int64_t numerator, std::int64_t denominator) {
    if (denominator == 0) return numerator == 0 ? "-nan" : "inf";
    return printed("%.2f", double(numerator) / double(denominator));
}

std::string fastchess_block(const std::string& matchup, const PentanomialCounts& pairs,
                            const OnePointPairs& one_point, const WdlCounts& paired_games,
                            const std::optional<SprtParameters>& sprt) {
    const std::string dashes(50, '-');
    const FastchessPairFigures figures =
        pairs.pair_count() ? fastchess_pair_figures(pairs) : FastchessPairFigures{};
    double games = double(paired_games.games());
    // fastchess's pentanomial draw ratio: pairs worth one point (a win and a loss, or two draws).
    double draw_ratio =
        pairs.pair_count() ? 100.0 * double(pairs.pairs[2]) / double(pairs.pair_count()) : 0;
    std::string pairs_ratio =
        fastchess_ratio(pairs.pairs[3] + pairs.pairs[4], pairs.pairs[0] + pairs.pairs[1]);
    std::string text = dashes + "\nResults of " + matchup + ":\n";
    text += "Elo: " + fastchess_figure(figures.elo) + " +/- " + fastchess_figure(figures.error) +
            ", nElo: " + fastchess_figure(figures.nelo) + " +/- " +
            fastchess_figure(figures.nelo_error) + "\n";
    text += "LOS: " + fastchess_figure(figures.los) +
            " %, DrawRatio: " + printed("%.2f", draw_ratio) + " %, PairsRatio: " + pairs_ratio +
            "\n";
    text += "Games: " + std::to_string(paired_games.games()) +
            ", Wins: " + std::to_string(paired_games.wins) +
            ", Losses: " + std::to_string(paired_games.losses) +
            ", Draws: " + std::to_string(paired_games.draws) +
            ", Points: " + printed("%.1f", paired_games.points()) + " (" +
            printed("%.2f", games ? 100 * paired_games.points() / games : 0) + " %)\n";
    text += "Ptnml(0-2): [";
    for (std::size_t k = 0; k < 5; ++k) text += (k ? ", " : "") + std::to_string(pairs.pairs[k]);
    text += "], WL/DD Ratio: " + fastchess_ratio(one_point.win_loss, one_point.draw_draw) + "\n";
    if (sprt) {
        Sprt test(*sprt);
        test.update(pairs);
        text += test.format_llr() + "\n";
    }
    return text + dashes + "\n";
}

std::string fastchess_games_block(const std::string& matchup, const WdlCounts& games,
                                  const std::optional<SprtParameters>& sprt,
                                  const PentanomialCounts& sprt_pairs) {
    // fastchess's model of single games (its elo_wdl.cpp), figures printed as its {:.2f}
    // prints them: "-0.00" at an even score, "-nan" where a draw-only match leaves no spread.
    auto raw = [](double value) {
        char text[64];
        std::snprintf(text, sizeof text, "%.2f", value);
        return std::string(text);
    };
    auto elo_of = [](double score) { return -400.0 * std::log10(1.0 / score - 1.0); };
    const double z = 1.959963984540054;
    const double n = double(games.games());
    const double mean = games.points() / n;
    const double variance =
        (double(games.wins) * (1 - mean) * (1 - mean) +
         double(games.draws) * (0.5 - mean) * (0.5 - mean) + double(games.losses) * mean * mean) /
        n;
    const double spread = z * std::sqrt(variance / n);
    const double nelo_scale = 800 / std::log(10.0) / std::sqrt(variance);
    const double los = (1 - std::erf(-(mean - 0.5) / std::sqrt(2.0 * variance / n))) / 2.0;
    const std::string dashes(50, '-');
    std::string text = dashes + "\nResults of " + matchup + ":\n";
    text += "Elo: " + raw(elo_of(mean)) + " +/- " +
            raw((elo_of(mean + spread) - elo_of(mean - spread)) / 2.0) +
            ", nElo: " + raw((mean - 0.5) * nelo_scale) + " +/- " + raw(spread * nelo_scale) + "\n";
    text +=
        "LOS: " + raw(100 * los) + " %, DrawRatio: " + raw(100 * double(games.draws) / n) + " %\n";
    text += "Games: " + std::to_string(games.games()) + ", Wins: " + std::to_string(games.wins) +
            ", Losses: " + std::to_string(games.losses) +
            ", Draws: " + std::to_string(games.draws) +
            ", Points: " + printed("%.1f", games.points()) + " (" + raw(100 * games.points() / n) +
            " %)\n";
    if (sprt) {
        Sprt test(*sprt);
        test.update(sprt_pairs);
        text += test.format_llr() + "\n";
    }
    return text + dashes + "\n";
}

std::string fastchess_total_time(std::chrono::steady_clock::duration elapsed) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed).count();
    char text[80];
    std::snprintf(text, sizeof text, "Total Time: %02lld:%02lld:%02lld (hours:minutes:seconds)",
                  static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60));
    return text;
}

}  // namespace arbiter
