#include "harness/uci/client.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "engines/core/text.h"

namespace arbiter {

namespace {

std::string_view first_word(std::string_view line) {
    return next_word(line);
}

// The text after the first two words ("id name Stockfish 15.1" -> "Stockfish 15.1").
std::string rest_after_two_words(std::string_view line) {
    next_word(line);
    next_word(line);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    return std::string(line);
}

}  // namespace

void UciClient::start(const std::string& program, const std::vector<std::string>& args,
                      const std::string& working_directory, const std::string& stderr_log_path,
                      std::chrono::milliseconds handshake_timeout) {
    id_name_.clear();
    id_author_.clear();
    id_description_.clear();
    options_.clear();
    process_.start(program, args, working_directory, stderr_log_path);

    Clock::time_point deadline = deadline_after(Clock::now(), handshake_timeout);
    if (!process_.write_line("uci")) fail_handshake("exited during the uci handshake", true);
    while (true) {
        switch (process_.read_line(line_, deadline)) {
            case EngineProcess::ReadStatus::timeout:
                fail_handshake("did not answer 'uci' with 'uciok' within " +
                                   std::to_string(handshake_timeout.count()) + " ms",
                               false);
            case EngineProcess::ReadStatus::eof:
                fail_handshake("exited during the uci handshake", true);
            case EngineProcess::ReadStatus::line:
                break;
        }
        std::string_view word = first_word(line_);
        if (word == "uciok") return;
        if (word == "id") {
            std::string_view rest = line_;
            next_word(rest);
            std::string_view field = next_word(rest);
            if (field == "name") id_name_ = printable_engine_text(rest_after_two_words(line_));
            if (field == "author") id_author_ = printable_engine_text(rest_after_two_words(line_));
            if (field == "description")
                id_description_ = printable_engine_text(rest_after_two_words(line_));
        } else if (word == "option") {
            if (auto option = parse_option_line(line_)) {
                auto same = std::find_if(options_.begin(), options_.end(), [&](const UciOption& o) {
                    return equal_ignoring_case(o.name, option->name);
                });
                if (same != options_.end()) {
                    *same = std::move(*option);
                } else {
                    options_.push_back(std::move(*option));
                }
            }
        }
    }
}

void UciClient::fail_handshake(const std::string& why, bool exited) {
    std::string message = "engine " + process_.program() + " " + why;
    // An engine that exited says how; one that stalls is killed without waiting.
    if (exited && process_.wait_for_exit(std::chrono::milliseconds(1000))) {
        message += " (" + process_.exit_status().text() + ")";
    }
    process_.kill();
    throw UciError(message);
}

UciOption* UciClient::find_option(std::string_view name) {
    for (UciOption& option : options_)
        if (equal_ignoring_case(option.name, name)) return &option;
    return nullptr;
}

const UciOption* UciClient::find_option(std::string_view name) const {
    return const_cast<UciClient*>(this)->find_option(name);
}

std::string UciClient::display_name() const {
    if (!id_name_.empty()) return id_name_;
    return process_.program();
}

bool UciClient::enable_chess960() {
    if (!find_option("UCI_Chess960"))
        throw UciError("engine '" + display_name() +
                       "' does not declare the option UCI_Chess960, so it cannot play Chess960");
    return set_option("UCI_Chess960", "true");
}

std::vector<DeclaredOption> UciClient::declared_options() const {
    std::vector<DeclaredOption> declared;
    for (const UciOption& option : options_)
        declared.push_back({option.name, option.type, option.default_value, option.value});
    return declared;
}

bool UciClient::set_option(std::string_view name, std::string_view value) {
    UciOption* option = find_option(name);
    std::string engine = "engine '" + display_name() + "'";
    if (!option) {
        std::string known;
        for (const UciOption& o : options_) known += (known.empty() ? "" : ", ") + o.name;
        throw UciError(engine + " has no option '" + std::string(name) +
                           "' (its options: " + (known.empty() ? "none" : known) + ")",
                       std::string(name));
    }
    std::string sent_value(value);
    auto problem = [&](const std::string& why) {
        return UciError(engine + ": option '" + option->name + "' " + why + ", got '" +
                        std::string(value) + "'");
    };
    switch (option->type) {
        case UciOption::Type::spin: {
            std::int64_t number = 0;
            auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (value.empty() || error != std::errc() || end != value.data() + value.size()) {
                throw problem("expects an integer");
            }
            if ((option->min && number < *option->min) || (option->max && number > *option->max)) {
                throw problem(
                    "expects a value in [" +
                    (option->min ? std::to_string(*option->min) : std::string("...")) + ", " +
                    (option->max ? std::to_string(*option->max) : std::string("...")) + "]");
            }
            option->value = number;
            break;
        }
        case UciOption::Type::check:
            if (equal_ignoring_case(value, "true")) {
                sent_value = "true";
            } else if (equal_ignoring_case(value, "false")) {
                sent_value = "false";
            } else {
                throw problem("expects true or false");
            }
            option->value = sent_value == "true";
            break;
        case UciOption::Type::combo:
            if (!option->vars.empty()) {
                auto choice = std::find_if(
                    option->vars.begin(), option->vars.end(),
                    [&](const std::string& v) { return equal_ignoring_case(v, value); });
                if (choice == option->vars.end()) {
                    std::string choices;
                    for (const std::string& v : option->vars)
                        choices += (choices.empty() ? "" : ", ") + v;
                    throw problem("expects one of " + choices);
                }
                sent_value = *choice;
            }
            option->value = sent_value;
            break;
        case UciOption::Type::button:
            return process_.write_line("setoption name " + option->name);
        case UciOption::Type::string:
            option->value = sent_value;
            break;
    }
    command_ = "setoption name " + option->name + " value";
    if (!sent_value.empty()) command_ += " " + sent_value;
    return process_.write_line(command_);
}

EngineStatus UciClient::is_ready(std::chrono::milliseconds timeout) {
    Clock::time_point deadline = deadline_after(Clock::now(), timeout);
    if (!process_.write_line("isready")) return EngineStatus::disconnected;
    while (true) {
        switch (process_.read_line(line_, deadline)) {
            case EngineProcess::ReadStatus::timeout:
                return EngineStatus::timeout;
            case EngineProcess::ReadStatus::eof:
                return EngineStatus::disconnected;
            case EngineProcess::ReadStatus::line:
                if (first_word(line_) == "readyok") return EngineStatus::ok;
                break;
        }
    }
}

bool UciClient::new_game() {
    return process_.write_line("ucinewgame");
}

bool UciClient::position(std::string_view fen, std::span<const std::string> moves) {
    command_ = "position ";
    if (fen.empty() || fen == "startpos") {
        command_ += "startpos";
    } else {
        command_ += "fen ";
        command_ += fen;
    }
    if (!moves.empty()) {
        command_ += " moves";
        for (const std::string& move : moves) {
            command_ += ' ';
            command_ += move;
        }
    }
    // Always followed by go: both lines in one write.
    return process_.hold_line(command_);
}

bool UciClient::send_go(const GoLimits& limits) {
    command_ = go_command(limits);
    search_ = PartialSearch();
    go_sent_ = Clock::now();
    return process_.write_line(command_);
}

bool UciClient::go_ponder(const GoLimits& limits) {
    // "go wtime ..." becomes "go ponder wtime ...".
    command_ = "go ponder" + go_command(limits).substr(2);
    search_ = PartialSearch();
    go_sent_ = Clock::now();
    return process_.write_line(command_);
}

UciClient::PonderHit UciClient::ponderhit() {
    // What has arrived already, without waiting: the ponder search's info lines are kept.
    switch (read_search(search_, Clock::now())) {
        case EngineProcess::ReadStatus::line:
            search_ = PartialSearch();
            return PonderHit::premature;
        case EngineProcess::ReadStatus::eof:
            return PonderHit::disconnected;
        case EngineProcess::ReadStatus::timeout:
            break;
    }
    go_sent_ = Clock::now();
    return process_.write_line("ponderhit") ? PonderHit::sent : PonderHit::disconnected;
}

SearchReply UciClient::go(const GoLimits& limits, std::chrono::milliseconds timeout) {
    if (!send_go(limits)) {
        SearchReply result;
        result.status = EngineStatus::disconnected;
        result.wall_time = Clock::now() - go_sent_;
        return result;
    }
    return wait_bestmove(timeout);
}

SearchReply UciClient::wait_bestmove(std::chrono::milliseconds timeout) {
    EngineProcess::ReadStatus read = read_search(search_, deadline_after(go_sent_, timeout));
    SearchReply result = std::move(search_.reply);
    search_ = PartialSearch();
    result.wall_time = Clock::now() - go_sent_;
    if (read != EngineProcess::ReadStatus::line)
        result.status = read == EngineProcess::ReadStatus::timeout ? EngineStatus::timeout
                                                                   : EngineStatus::disconnected;
    return result;
}

EngineProcess::ReadStatus UciClient::read_search(PartialSearch& search,
                                                 Clock::time_point deadline) {
    SearchReply& result = search.reply;
    while (true) {
        EngineProcess::ReadStatus read = process_.read_line(line_, deadline);
        if (read != EngineProcess::ReadStatus::line) return read;
        if (auto best = parse_bestmove_line(line_)) {
            result.bestmove = std::move(best->move);
            result.ponder = std::move(best->ponder);
            return read;
        }
        if (!parse_info_line(line_, info_)) continue;
        ++result.info_lines;
        if (!info_.score_problem.empty() && result.protocol_error.empty())
            result.protocol_error = info_.score_problem;
        bool first_variation = !info_.multipv || *info_.multipv <= 1;
        if (first_variation && (info_.score || info_.has_pv)) {
            search.principal_line_seen = true;
            result.depth = info_.depth;
            result.seldepth = info_.seldepth;
            result.score = info_.score;
            result.pv.swap(info_.pv);
        } else if (first_variation && !search.principal_line_seen && info_.depth &&
                   !info_.currmove) {
            result.depth = info_.depth;
            result.seldepth = info_.seldepth;
        }
        if (info_.nodes) result.nodes = info_.nodes;
        if (info_.time_ms) result.time_ms = info_.time_ms;
        if (info_.hashfull) result.hashfull = info_.hashfull;
        if (info_.tbhits) result.tbhits = info_.tbhits;
        if (info_.text && keep_recent_line(result.info_strings, std::move(*info_.text)))
            ++result.info_strings_dropped;
    }
}

bool UciClient::stop() {
    return process_.write_line("stop");
}

bool UciClient::quit(std::chrono::milliseconds grace) {
    if (!process_.started()) return true;
    process_.write_line("quit");
    if (process_.wait_for_exit(grace)) return true;
    process_.kill();
    return false;
}

}  // namespace arbiter
