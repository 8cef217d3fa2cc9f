#include "harness/report/progress.h"

#include <cstdio>

namespace arbiter {

ProgressDisplay::ProgressDisplay(std::ostream& out, bool terminal, int report_every,
                                 Standings standings)
    : out_(out),
      terminal_(terminal),
      report_every_(report_every),
      standings_(std::move(standings)) {}

void ProgressDisplay::started(TournamentId tournament, const std::vector<EngineId>& engines,
                              std::int64_t scheduled, std::int64_t already_played) {
    tournament_ = tournament;
    engines_ = engines;
    scheduled_ = scheduled;
    done_ = already_played;
    start_ = std::chrono::steady_clock::now();
    if (already_played)
        out_ << "Resuming: " << already_played << " of " << scheduled << " games already played\n";
    if (terminal_) draw();
}

void ProgressDisplay::game_finished(const GameRecord& game, GameId, const std::string& white_name,
                                    const std::string& black_name) {
    ++done_;
    ++played_now_;
    const double white = arbiter::white_points(game.result.outcome);
    points_[white_name].first += white;
    points_[white_name].second += 1;
    points_[black_name].first += 1 - white;
    points_[black_name].second += 1;
    if (terminal_) {
        draw();
    } else {
        out_ << "Finished game " << game.slot.number + 1 << " (" << white_name << " vs "
             << black_name << "): " << to_pgn(game.result.outcome) << " {"
             << game.result.description << "}";
        if (!game.result.fault_detail.empty()) out_ << " (" << game.result.fault_detail << ")";
        out_ << '\n';
    }
    if (report_every_ > 0 && played_now_ % report_every_ == 0 && standings_) {
        if (terminal_) clear_line();
        out_ << '\n' << standings_(tournament_, engines_) << '\n';
        if (terminal_) draw();
    }
    out_.flush();
}

void ProgressDisplay::bracket(const std::string& text, bool show) {
    if (!show) return;
    if (terminal_) clear_line();
    out_ << "\nBracket:\n" << text << "\n\n";
    if (terminal_) draw();
    out_.flush();
}

void ProgressDisplay::engine_event(const std::string& message) {
    if (terminal_) clear_line();
    out_ << message << '\n';
    if (terminal_) draw();
}

void ProgressDisplay::clear_line() {
    out_ << "\r\033[K";
}

void ProgressDisplay::draw() {
    constexpr int width = 30;
    int filled = scheduled_ ? int(width * done_ / scheduled_) : width;
    std::string bar(std::size_t(filled), '#');
    bar += std::string(std::size_t(width - filled), '.');
    char eta[32] = "--:--";
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (played_now_ > 0) {
        long seconds = long(elapsed / double(played_now_) * double(scheduled_ - done_));
        std::snprintf(eta, sizeof eta, "%ld:%02ld", seconds / 60, seconds % 60);
    }
    std::string leader;
    double best = -1;
    for (const auto& [name, p] : points_) {
        double share = p.first / p.second;
        if (share > best) {
            best = share;
            char text[96];
            std::snprintf(text, sizeof text, "  leader: %s %.1f/%d", name.c_str(), p.first,
                          p.second);
            leader = text;
        }
    }
    clear_line();
    out_ << '[' << bar << "] " << done_ << '/' << scheduled_ << "  ETA " << eta << leader;
    out_.flush();
}

void ProgressDisplay::finish() {
    if (terminal_) out_ << '\n';
    out_.flush();
}

}  // namespace arbiter
