#include "harness/session/live_chain.h"

namespace arbiter {

LiveChain::LiveChain(const TournamentConfig& config, const MatchOutputs& outputs)
    : config_(config),
      settings_{.pgn_path = config.pgn_path,
                .pgn_flag = outputs.flags.pgn,
                .pgn_append = config.output.pgn_append,
                .pgn_fields = config.output.pgn_fields,
                .pgn_crc32 = config.output.crc32,
                .epd_path = config.output.epd_path,
                .epd_flag = outputs.flags.epd,
                .epd_append = config.output.epd_append} {}

TournamentObserver& LiveChain::open(TournamentObserver& console,
                                    const std::function<void(const std::string&)>& print_line) {
    files_.emplace(console, config_, settings_, print_line);
    if (!config_.output.check_mate_pvs) return *files_;
    audit_.emplace(*files_, print_line, config_.output.test_env,
                   config_.game.variant == Variant::chess960);
    return *audit_;
}

}  // namespace arbiter
