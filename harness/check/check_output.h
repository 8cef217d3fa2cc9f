// The three forms of `arbiter check`'s output behind one interface: the terminal checklist
// (progress on a terminal), JSON for CI, and a Markdown table.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/check/run_check.h"

namespace arbiter {

// Hears a run of checks: each engine as it starts and ends (and, as a CheckListener, each check),
// then the whole run. Writes to the stream it was made with.
class CheckOutput : public CheckListener {
  public:
    virtual void begin_engine(const EngineConfig& /*engine*/) {}
    virtual void end_engine(const EngineCheckReport& /*report*/) {}
    virtual void end_run(const std::vector<EngineCheckReport>& /*reports*/) {}
};

enum class CheckFormat { text, json, markdown };

// Reads "text", "json" or "markdown"; throws ConfigError naming the value otherwise.
CheckFormat parse_check_format(std::string_view text);

// The output of `format` on `out`. `progress`, when given, is a terminal that shows the check
// under way (text form only); `verbose` shows the lines of passed checks too.
std::unique_ptr<CheckOutput> make_check_output(CheckFormat format, std::ostream& out,
                                               std::ostream* progress, bool verbose);

// The JSON document of a run: {"engines": [{"engine", "protocol", "id_name", "passed", "failed",
// "not_applicable", "milliseconds", "checks": [{"group", "name", "result", "detail", "lines"}]}],
// "passed": bool}.
std::string checks_json(const std::vector<EngineCheckReport>& reports);

// The Markdown table of a run: one row per engine with its counts, time and failed checks.
std::string checks_markdown(const std::vector<EngineCheckReport>& reports);

}  // namespace arbiter
