// One node-count measurement over UCI: `ucinewgame`, `isready`, `position ...`, `go depth N`,
// then the engine's info lines until bestmove. InfoCollector is the pure part (lines in, the
// measurement out), so it is tested on lines captured from real engines.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/nodes/suite.h"
#include "harness/uci/client.h"

namespace arbiter::nodes {

// What an engine reported during one `go`.
struct DepthReport {
    UciStatus status = UciStatus::ok;
    std::optional<int> depth;             // of the last principal-variation line
    std::optional<std::uint64_t> nodes;   // the last info line that reports nodes
    std::optional<std::uint64_t> leaves;  // `info string leaves N` (arbiter's engines)
    std::optional<std::int64_t> time_ms;  // the last info line that reports time
    std::optional<UciScore> score;        // the last principal-variation line's score
    std::vector<std::string> pv;          // and its pv
    std::string bestmove;                 // the word after bestmove, as sent
};

// Reads the lines an engine sends after `go`. The principal-variation line is the last info
// line with a score or a pv that is not a multipv above 1; nodes and time come from the last
// line that reports them (an engine may close with a bare `info nodes N time T`).
class InfoCollector {
  public:
    // Takes one line. Returns true when it was the bestmove line (the search is over).
    bool consume(std::string_view line);
    const DepthReport& report() const { return report_; }
    DepthReport& report() { return report_; }

  private:
    DepthReport report_;
    UciInfo info_;
};

// Measures `position` at `depth` on an engine whose handshake and options are done. The search
// must end within `timeout`; the status says whether it did (timeout) or the engine went away
// (disconnected).
DepthReport measure_depth(UciEngine& engine, const NodePosition& position, int depth,
                          std::chrono::milliseconds timeout);

}  // namespace arbiter::nodes
