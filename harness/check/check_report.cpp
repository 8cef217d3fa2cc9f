#include "harness/check/check_report.h"

namespace arbiter {

const char* to_string(CheckOutcome outcome) {
    switch (outcome) {
        case CheckOutcome::passed:
            return "passed";
        case CheckOutcome::failed:
            return "failed";
        case CheckOutcome::not_applicable:
            return "n/a";
    }
    return "?";
}

int EngineCheckReport::count(CheckOutcome outcome) const {
    int n = 0;
    for (const CheckResult& check : checks) n += check.outcome == outcome;
    return n;
}

std::vector<std::string> EngineCheckReport::failed_names() const {
    std::vector<std::string> names;
    for (const CheckResult& check : checks)
        if (check.outcome == CheckOutcome::failed) names.push_back(check.name);
    return names;
}

const CheckResult* EngineCheckReport::find(const std::string& name) const {
    for (const CheckResult& check : checks)
        if (check.name == name) return &check;
    return nullptr;
}

CheckAttempt twice_if_late(const std::function<CheckAttempt()>& attempt) {
    CheckAttempt first = attempt();
    if (first.fault.empty() || !first.late) return first;
    CheckAttempt second = attempt();
    if (second.fault.empty())
        second.detail += " (a second try: the first was late, " + first.fault + ")";
    else
        second.fault += " (and on a first try: " + first.fault + ")";
    return second;
}

}  // namespace arbiter
