#include "harness/report/cutechess_output.h"

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

// A number as Qt's QString::arg(x, 0, 'f', 1) writes it, which cutechess-cli uses: "nan" and
// "inf" without a sign for NaN, "-inf" below.
std::string qt_fixed(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return printed("%.1f", value);
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

// Points of the encounter's first engine in one game.
double first_points(Outcome outcome, bool first_was_white) {
    double white = white_points(outcome);
    return first_was_white ? white : 1 - white;
}

}  // namespace

std::string cutechess_reason(Termination termination, const std::string& text) {
    // The referee already words its endings as cutechess does; only the move-limit draw differs.
    if (termination == Termination::max_plies) return "Draw by adjudication";
    return text;
}

std::string score_line(const std::string& first, const std::string& second,
                       const WdlCounts& counts) {
    return "Score of " + first + " vs " + second + ": " + std::to_string(counts.wins) + " - " +
           std::to_string(counts.losses) + " - " + std::to_string(counts.draws) + "  [" +
           printed("%.3f", counts.score()) + "] " + std::to_string(counts.games());
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
    return "Elo difference: " + qt_fixed(elo.diff) + " +/- " + qt_fixed(elo.margin) +
           ", LOS: " + qt_fixed(elo.los) + " %, DrawRatio: " + qt_fixed(elo.draw_ratio) + " %";
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
    EloEstimate elo = pairs.pair_count() ? pentanomial_elo(pairs) : EloEstimate{};
    NormalizedElo nelo = pairs.pair_count() ? normalized_elo(pairs) : NormalizedElo{};
    double games = double(paired_games.games());
    // fastchess's pentanomial draw ratio: pairs worth one point (a win and a loss, or two draws).
    double draw_ratio =
        pairs.pair_count() ? 100.0 * double(pairs.pairs[2]) / double(pairs.pair_count()) : 0;
    std::string pairs_ratio =
        fastchess_ratio(pairs.pairs[3] + pairs.pairs[4], pairs.pairs[0] + pairs.pairs[1]);
    std::string text = dashes + "\nResults of " + matchup + ":\n";
    text += "Elo: " + printed("%.2f", elo.elo) + " +/- " + printed("%.2f", elo.error_95) +
            ", nElo: " + printed("%.2f", nelo.elo) + " +/- " + printed("%.2f", nelo.error_95) +
            "\n";
    text += "LOS: " + printed("%.2f", 100 * elo.los) +
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

std::string fastchess_matchup(const EngineConfig& first, const EngineConfig& second,
                              const TournamentConfig& config) {
    auto limit_text = [&](const EngineConfig& e) -> std::string {
        SearchLimitConfig limits = e.limits.or_else(config.limits);
        if (limits.tc) return to_string(*limits.tc);
        if (limits.movetime_ms) return printed("%g", double(*limits.movetime_ms) / 1000) + "/move";
        if (limits.depth) return std::to_string(*limits.depth) + " plies";
        if (limits.nodes) return std::to_string(*limits.nodes) + " nodes";
        return "";
    };
    auto option_text = [](const EngineConfig& e, const std::string& name, const char* unit) {
        for (const auto& [key, value] : e.options)
            if (key == name) return value + unit;
        return std::string("NULL");
    };
    auto both = [](const std::string& a, const std::string& b) {
        return a == b ? a : a + " - " + b;
    };
    std::string book = config.openings_path.substr(config.openings_path.find_last_of('/') + 1);
    return first.name + " vs " + second.name + " (" + both(limit_text(first), limit_text(second)) +
           ", " + both(option_text(first, "Threads", "t"), option_text(second, "Threads", "t")) +
           ", " + both(option_text(first, "Hash", "MB"), option_text(second, "Hash", "MB")) +
           (book.empty() ? "" : ", " + book) + ")";
}

CutechessConsole::CutechessConsole(std::ostream& out, std::ostream& diagnostics,
                                   const CutechessOutputSettings& settings,
                                   const TournamentConfig& config)
    : out_(out),
      diagnostics_(diagnostics),
      settings_(settings),
      config_(config),
      sprt_(config.sprt) {
    for (const auto& engine : config.engines) names_.push_back(engine.name);
    totals_.resize(names_.size());
    faults_.resize(names_.size());
}

void CutechessConsole::started(TournamentId, const std::vector<EngineId>&, std::int64_t scheduled,
                               std::int64_t already_played) {
    std::lock_guard lock(mutex_);
    scheduled_ = scheduled;
    last_block_ = reported_games();
    if (already_played)
        diagnostics_ << "Resuming: " << already_played << " of " << scheduled
                     << " games are already in the database\n";
}

void CutechessConsole::game_started(const ScheduleSlot& slot, const std::string& white,
                                    const std::string& black) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    out_ << "Started game " << slot.number + 1 << " of " << scheduled_ << " (" << white << " vs "
         << black << ")\n";
    out_.flush();
}

void CutechessConsole::engine_event(const std::string& message) {
    std::lock_guard lock(mutex_);
    diagnostics_ << message << '\n';
}

void CutechessConsole::game_finished(const GameRecord& game, GameId, const std::string& white,
                                     const std::string& black) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    // Step 1. The game's own line, after fastchess's warning for an illegal move.
    std::string reason = cutechess_reason(game.result.termination, game.result.description);
    if (settings_.format == ConsoleFormat::fastchess &&
        game.result.termination == Termination::illegal_move) {
        bool white_lost = game.result.outcome == Outcome::black_win;
        out_ << "Warning; Illegal move "
             << (game.result.illegal_move.empty() ? "<none>" : game.result.illegal_move)
             << " played by " << (white_lost ? white : black) << '\n';
        reason = white_lost ? "White makes an illegal move" : "Black makes an illegal move";
    }
    out_ << "Finished game " << game.slot.number + 1 << " (" << white << " vs " << black
         << "): " << to_pgn(game.result.outcome) << " {" << reason << "}\n";
    record(game.slot, game.result.outcome, white, black);
    count_fault(game, white, black);
    ++finished_;

    // Step 2. The running score and ratings, as often as asked.
    if (settings_.format == ConsoleFormat::cutechess) {
        if (names_.size() == 2 && finished_ % settings_.score_interval == 0)
            out_ << score_line(names_[0], names_[1], encounters_[{0, 1}].games) << '\n';
        if (settings_.rating_interval > 0 && finished_ % settings_.rating_interval == 0)
            print_ratings();
    } else {
        int interval = settings_.rating_interval > 0 ? settings_.rating_interval : 10;
        if (reported_games() - last_block_ >= interval) {
            print_fastchess_blocks();
            last_block_ = reported_games();
        }
    }
    out_.flush();
}

void CutechessConsole::print_line(const std::string& line) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    out_ << line << '\n';
    out_.flush();
}

void CutechessConsole::count_earlier(const GameSummary& game) {
    std::lock_guard lock(mutex_);
    ++earlier_;
    record(game.slot, game.result.outcome, game.white_name, game.black_name);
}

void CutechessConsole::record(const ScheduleSlot& slot, Outcome outcome,
                              const std::string& white_name, const std::string& black_name) {
    int white = -1, black = -1;
    for (int i = 0; i < int(names_.size()); ++i) {
        if (names_[std::size_t(i)] == white_name) white = i;
        if (names_[std::size_t(i)] == black_name) black = i;
    }
    if (white < 0 || black < 0) return;
    totals_[std::size_t(white)].add(outcome, true);
    totals_[std::size_t(black)].add(outcome, false);
    int first = std::min(white, black);
    Encounter& encounter = encounters_[{first, std::max(white, black)}];
    encounter.games.add(outcome, first == white);
    double points = first_points(outcome, first == white);
    std::int64_t pair = slot.pair_number();
    auto waiting = encounter.waiting.find(pair);
    if (waiting == encounter.waiting.end()) {
        encounter.waiting[pair] = points;
        return;
    }
    double first_game = waiting->second;
    encounter.waiting.erase(waiting);
    encounter.pairs.add_pair(int(std::lround(2 * (first_game + points))));
    if (first_game + points == 1)
        ++(first_game == 0.5 ? encounter.one_point.draw_draw : encounter.one_point.win_loss);
    for (double p : {first_game, points}) {
        if (p == 1) ++encounter.paired_games.wins;
        if (p == 0.5) ++encounter.paired_games.draws;
        if (p == 0) ++encounter.paired_games.losses;
    }
    paired_games_ += 2;
}

void CutechessConsole::print_ratings() {
    if (names_.size() != 2) return print_rank_table();
    const Encounter& encounter = encounters_[{0, 1}];
    out_ << elo_difference_line(encounter.games) << '\n';
    if (settings_.pentanomial) {
        const auto& p = encounter.pairs.pairs;
        out_ << "Ptnml(0-2): " << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3] << ", "
             << p[4] << '\n';
    }
    if (sprt_) out_ << sprt_line(*sprt_, encounter.pairs) << '\n';
}

void CutechessConsole::print_rank_table() {
    char line[160];
    std::snprintf(line, sizeof line, "%4s %-25s %7s %7s %7s %7s %7s\n", "Rank", "Name", "Elo",
                  "+/-", "Games", "Score", "Draw");
    out_ << line;
    std::vector<int> order;
    for (int i = 0; i < int(names_.size()); ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return totals_[std::size_t(a)].score() > totals_[std::size_t(b)].score();
    });
    int rank = 0;
    for (int i : order) {
        const WdlCounts& t = totals_[std::size_t(i)];
        CutechessElo elo = cutechess_elo(t);
        std::snprintf(line, sizeof line, "%4d %-25s %7.0f %7.0f %7lld %6.1f%% %6.1f%%\n", ++rank,
                      names_[std::size_t(i)].c_str(), elo.diff, elo.margin,
                      static_cast<long long>(t.games()), 100 * t.score(), elo.draw_ratio);
        out_ << line;
    }
}

void CutechessConsole::print_fastchess_blocks() {
    for (const auto& [key, encounter] : encounters_) {
        std::string matchup = fastchess_matchup(config_.engines[std::size_t(key.first)],
                                                config_.engines[std::size_t(key.second)], config_);
        if (config_.single_games) {
            if (encounter.games.games() == 0) continue;
            out_ << fastchess_games_block(matchup, encounter.games,
                                          names_.size() == 2 ? sprt_ : std::nullopt,
                                          encounter.pairs);
            continue;
        }
        if (encounter.pairs.pair_count() == 0) continue;
        out_ << fastchess_block(matchup, encounter.pairs, encounter.one_point,
                                encounter.paired_games, names_.size() == 2 ? sprt_ : std::nullopt);
    }
}

std::string fastchess_total_time(std::chrono::steady_clock::duration elapsed) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed).count();
    char text[80];
    std::snprintf(text, sizeof text, "Total Time: %02lld:%02lld:%02lld (hours:minutes:seconds)",
                  static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60));
    return text;
}

void CutechessConsole::count_fault(const GameRecord& game, const std::string& white,
                                   const std::string& black) {
    const bool timeout = game.result.termination == Termination::time_forfeit;
    const bool crash = game.result.termination == Termination::disconnect ||
                       game.result.termination == Termination::stall;
    if (!timeout && !crash) return;
    const std::string& loser = game.result.outcome == Outcome::black_win ? white : black;
    for (std::size_t i = 0; i < names_.size(); ++i) {
        if (names_[i] != loser) continue;
        faults_[i].tracked = true;
        ++(timeout ? faults_[i].timeouts : faults_[i].crashes);
    }
}

void CutechessConsole::print_fastchess_faults() {
    bool any = false;
    for (const Faults& f : faults_) any = any || f.tracked;
    if (!any) return;
    out_ << '\n';
    for (std::size_t i = 0; i < names_.size(); ++i) {
        if (!faults_[i].tracked) continue;
        out_ << "Player: " << names_[i] << "\n  Timeouts: " << faults_[i].timeouts
             << "\n  Crashed: " << faults_[i].crashes << '\n';
    }
    out_ << '\n';
}

void CutechessConsole::finish() {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    if (settings_.format == ConsoleFormat::cutechess) {
        if (names_.size() == 2)
            out_ << score_line(names_[0], names_[1], encounters_[{0, 1}].games) << '\n';
        print_ratings();
    } else {
        if (reported_games() != last_block_ || reported_games() == 0)
            print_fastchess_blocks();  // unless the last game's block is already out
        print_fastchess_faults();
    }
    out_ << "Finished match\n";
    if (settings_.format == ConsoleFormat::fastchess)
        out_ << fastchess_total_time(std::chrono::steady_clock::now() - started_at_) << "\n\n";
    out_.flush();
}

}  // namespace arbiter
