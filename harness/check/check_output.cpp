#include "harness/check/check_output.h"

#include <cstdio>

#include "harness/config/json.h"
#include "harness/config/values.h"

namespace arbiter {

namespace {

std::string seconds_text(std::int64_t ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", double(ms) / 1000.0);
    return text;
}

std::string summary_line(const EngineCheckReport& report) {
    return std::to_string(report.count(CheckOutcome::passed)) + " passed, " +
           std::to_string(report.count(CheckOutcome::failed)) + " failed, " +
           std::to_string(report.count(CheckOutcome::not_applicable)) + " n/a in " +
           seconds_text(report.milliseconds);
}

// The checklist: a line per check as it ends, the engine's lines under a failed check.
class ChecklistOutput : public CheckOutput {
  public:
    ChecklistOutput(std::ostream& out, std::ostream* progress, bool verbose)
        : out_(out), progress_(progress), verbose_(verbose) {}

    void begin_engine(const EngineConfig& engine) override {
        out_ << "Checking " << engine.name << " (" << engine.command << ")\n" << std::flush;
    }
    void starting(std::string_view name) override {
        if (progress_) *progress_ << "\r\033[K  ... " << name << std::flush;
    }
    void finished(const CheckResult& check) override {
        if (progress_) *progress_ << "\r\033[K" << std::flush;
        const char* mark = check.outcome == CheckOutcome::passed   ? "[pass]"
                           : check.outcome == CheckOutcome::failed ? "[FAIL]"
                                                                   : "[n/a] ";
        out_ << "  " << mark << ' ' << check.name << ": " << check.detail << '\n';
        if (check.outcome == CheckOutcome::failed || verbose_)
            for (const std::string& line : check.lines) out_ << "         " << line << '\n';
        out_ << std::flush;
    }
    void end_engine(const EngineCheckReport& report) override {
        out_ << report.engine << ": " << summary_line(report) << '\n' << std::flush;
    }
    void end_run(const std::vector<EngineCheckReport>& reports) override {
        if (reports.size() < 2) return;
        out_ << '\n';
        for (const EngineCheckReport& report : reports)
            out_ << (report.passed() ? "PASS " : "FAIL ") << report.engine << ": "
                 << summary_line(report) << '\n';
    }

  private:
    std::ostream& out_;
    std::ostream* progress_;
    bool verbose_;
};

// JSON or Markdown: written once the run is over.
class DocumentOutput : public CheckOutput {
  public:
    DocumentOutput(std::ostream& out, CheckFormat format) : out_(out), format_(format) {}
    void end_run(const std::vector<EngineCheckReport>& reports) override {
        out_ << (format_ == CheckFormat::json ? checks_json(reports) : checks_markdown(reports))
             << std::flush;
    }

  private:
    std::ostream& out_;
    CheckFormat format_;
};

}  // namespace

CheckFormat parse_check_format(std::string_view text) {
    if (text == "text") return CheckFormat::text;
    if (text == "json") return CheckFormat::json;
    if (text == "markdown") return CheckFormat::markdown;
    throw ConfigError("--format " + std::string(text) + ": give text, json or markdown");
}

std::unique_ptr<CheckOutput> make_check_output(CheckFormat format, std::ostream& out,
                                               std::ostream* progress, bool verbose) {
    if (format == CheckFormat::text)
        return std::make_unique<ChecklistOutput>(out, progress, verbose);
    return std::make_unique<DocumentOutput>(out, format);
}

std::string checks_json(const std::vector<EngineCheckReport>& reports) {
    json::Array engines;
    bool all_passed = true;
    for (const EngineCheckReport& report : reports) {
        json::Array checks;
        for (const CheckResult& check : report.checks) {
            json::Array lines(check.lines.begin(), check.lines.end());
            checks.push_back(json::Object{{"group", check.group},
                                          {"name", check.name},
                                          {"result", to_string(check.outcome)},
                                          {"detail", check.detail},
                                          {"milliseconds", check.milliseconds},
                                          {"lines", std::move(lines)}});
        }
        all_passed = all_passed && report.passed();
        engines.push_back(
            json::Object{{"engine", report.engine},
                         {"protocol", report.protocol},
                         {"id_name", report.id_name},
                         {"passed", report.count(CheckOutcome::passed)},
                         {"failed", report.count(CheckOutcome::failed)},
                         {"not_applicable", report.count(CheckOutcome::not_applicable)},
                         {"milliseconds", report.milliseconds},
                         {"checks", std::move(checks)}});
    }
    json::Value document(json::Object{{"engines", std::move(engines)}, {"passed", all_passed}});
    return document.dump(2) + "\n";
}

std::string checks_markdown(const std::vector<EngineCheckReport>& reports) {
    std::string table =
        "| engine | protocol | passed | failed | n/a | time | failed checks |\n"
        "|---|---|---:|---:|---:|---:|---|\n";
    for (const EngineCheckReport& report : reports) {
        std::string failed;
        for (const std::string& name : report.failed_names())
            failed += (failed.empty() ? "`" : ", `") + name + "`";
        table += "| " + report.engine + " | " + report.protocol + " | " +
                 std::to_string(report.count(CheckOutcome::passed)) + " | " +
                 std::to_string(report.count(CheckOutcome::failed)) + " | " +
                 std::to_string(report.count(CheckOutcome::not_applicable)) + " | " +
                 seconds_text(report.milliseconds) + " | " + (failed.empty() ? "none" : failed) +
                 " |\n";
    }
    return table;
}

}  // namespace arbiter
