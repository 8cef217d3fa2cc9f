#include "harness/check/uci_checker.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/rules.h"

namespace arbiter {

using std::chrono::milliseconds;
using Clock = EngineProbe::Clock;

namespace {

std::int64_t ms_since(Clock::time_point start) {
    return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
}

bool is_integer(std::string_view word, bool may_be_negative) {
    if (may_be_negative && !word.empty() && word[0] == '-') word.remove_prefix(1);
    if (word.empty()) return false;
    for (char c : word)
        if (c < '0' || c > '9') return false;
    return true;
}

// The words of a line.
std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> words;
    while (true) {
        std::string_view word = next_word(line);
        if (word.empty()) return words;
        words.emplace_back(word);
    }
}

}  // namespace

std::string info_number_fault(std::string_view line) {
    static constexpr std::string_view NUMBERED[] = {
        "depth", "seldepth", "multipv", "nodes",   "nps",
        "time",  "hashfull", "tbhits",  "cpuload", "currmovenumber"};
    std::vector<std::string> words = words_of(line);
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word == "string") return {};  // free text to the end of the line
        if (word == "pv" || word == "refutation" || word == "currline") {
            while (i + 1 < words.size() && words[i + 1].size() >= 4 && words[i + 1][0] >= 'a' &&
                   words[i + 1][0] <= 'h')
                ++i;
            continue;
        }
        bool numbered = false;
        for (std::string_view field : NUMBERED) numbered = numbered || word == field;
        if (word == "cp" || word == "mate") {
            if (i + 1 >= words.size() || !is_integer(words[i + 1], true))
                return "score " + word + " " + (i + 1 < words.size() ? words[i + 1] : "") +
                       " is not an integer";
            ++i;
        } else if (numbered) {
            if (i + 1 >= words.size() || !is_integer(words[i + 1], false))
                return word + " " + (i + 1 < words.size() ? words[i + 1] : "(nothing)") +
                       " is not a non-negative integer";
            ++i;
        }
    }
    return {};
}

std::optional<std::int64_t> resident_kb(int pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) {
            std::istringstream fields(line.substr(6));
            std::int64_t kb = 0;
            if (fields >> kb) return kb;
        }
    return std::nullopt;
}

std::vector<std::string> long_game(int plies) {
    Board board;
    std::vector<std::string> moves;
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int ply = 0; ply < plies; ++ply) {
        MoveList legal;
        generate_legal(board.position(), legal);
        // Step 1. A move by a fixed rule after which the game goes on (no mate, stalemate or
        // draw by rule, which an XBoard engine may enforce); past 40 quiet plies a pawn move or a
        // capture if one will do, so that the 50-move rule never ends it.
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::size_t first = std::size_t(state >> 33) % legal.size();
        const bool reset_wanted = board.position().rule50() >= 40;
        bool played = false;
        for (int pass = reset_wanted ? 0 : 1; pass < 2 && !played; ++pass)
            for (std::size_t k = 0; k < legal.size() && !played; ++k) {
                Move move = legal[(first + k) % legal.size()];
                const bool resets = board.position().is_capture(move) ||
                                    type_of(board.position().moved_piece(move)) == PAWN;
                if (pass == 0 && !resets) continue;
                board.play(move);
                played = !board.over();
                if (!played) board.undo();
            }
        // Step 2. Every move ends the game (not met from the start position): stop there.
        if (board.moves().size() == moves.size()) break;
        moves.push_back(move_to_uci(board.moves().back()));
    }
    return moves;
}

std::optional<Score> UciChecker::Search::last_score() const {
    std::optional<Score> score;
    UciInfo parsed;
    for (const std::string& line : info)
        if (parse_info_line(line, parsed) && parsed.score && parsed.multipv.value_or(1) == 1)
            score = parsed.score;
    return score;
}

std::optional<std::int64_t> UciChecker::Search::max_field(std::string_view field) const {
    std::optional<std::int64_t> most;
    for (const std::string& line : info) {
        std::vector<std::string> words = words_of(line);
        for (std::size_t i = 1; i + 1 < words.size(); ++i) {
            if (words[i] == "string") break;
            if (words[i] == field && is_integer(words[i + 1], false))
                most = std::max(most.value_or(0), std::int64_t(std::stoll(words[i + 1])));
        }
    }
    return most;
}

std::string UciChecker::Setup::command() const {
    std::string text = fen == "startpos" ? "position startpos" : "position fen " + fen;
    if (!moves.empty()) text += " moves";
    for (const std::string& move : moves) text += " " + move;
    return text;
}

UciChecker::UciChecker(const EngineConfig& engine, CheckListener& listener,
                       const CheckBounds& bounds)
    : engine_(engine), listener_(listener), bounds_(bounds) {
    report_.engine = engine.name;
    report_.protocol = "uci";
}

void UciChecker::begin(std::string_view name) {
    listener_.starting(name);
    check_started_ = Clock::now();
    probe_.take_transcript();
}

void UciChecker::record(std::string_view group, std::string_view name, CheckOutcome outcome,
                        std::string detail, const std::vector<std::string>& found) {
    CheckResult check{std::string(group), std::string(name),        outcome,
                      std::move(detail),  probe_.take_transcript(), ms_since(check_started_)};
    for (const std::string& line : found) {
        if (check.lines.size() >= CheckResult::MAX_LINES) break;
        check.lines.push_back(line);
    }
    listener_.finished(check);
    report_.checks.push_back(std::move(check));
}

bool UciChecker::start_engine(std::string& fault) {
    try {
        probe_.start(engine_);
    } catch (const std::exception& e) {
        fault = e.what();
        return false;
    }
    stalled_ = false;
    options_.clear();
    report_.id_name.clear();
    id_author_.clear();
    probe_.send("uci");
    std::vector<std::string> lines;
    EngineProbe::Read read = probe_.expect("uciok", bounds_.handshake, &lines);
    for (const std::string& line : lines) {
        if (line.rfind("id name ", 0) == 0) report_.id_name = line.substr(8);
        if (line.rfind("id author ", 0) == 0) id_author_ = line.substr(10);
        if (auto declared = parse_option_line(line)) options_.push_back(*declared);
    }
    if (read == EngineProbe::Read::found) {
        for (const auto& [name, value] : engine_.options)  // the user's own settings first
            probe_.send("setoption name " + name + " value " + value);
        return true;
    }
    if (read == EngineProbe::Read::eof) probe_.wait_for_exit(milliseconds(500));
    fault = read == EngineProbe::Read::eof
                ? "the engine exited before `uciok` (" + probe_.exit_status().text() + ")"
                : "no `uciok` within " + std::to_string(bounds_.handshake.count()) + " ms";
    probe_.kill();
    return false;
}

void UciChecker::record_timed(std::string_view group, std::string_view name,
                              const std::function<CheckAttempt()>& attempt) {
    const CheckAttempt timed = twice_if_late(attempt);
    record(group, name, timed.fault.empty() ? PASS : FAIL,
           timed.fault.empty() ? timed.detail : timed.fault);
}

bool UciChecker::make_responsive() {
    if (!stalled_ && probe_.alive()) return true;
    std::string fault;
    if (probe_.alive()) {  // a search that would not end: it must end on stop, then be ready
        probe_.send("stop");
        if (probe_.expect("bestmove", bounds_.stop) == EngineProbe::Read::found &&
            ready(fault, bounds_.ready)) {
            stalled_ = false;
            return true;
        }
    }
    probe_.kill();
    return start_engine(fault) && ready(fault, bounds_.ready);
}

bool UciChecker::ready(std::string& fault, milliseconds wait) {
    probe_.send("isready");
    EngineProbe::Read read = probe_.expect("readyok", wait);
    if (read == EngineProbe::Read::found) return true;
    stalled_ = true;
    if (read == EngineProbe::Read::eof) probe_.wait_for_exit(milliseconds(500));
    fault = read == EngineProbe::Read::eof
                ? "the engine exited (" + probe_.exit_status().text() + ") instead of `readyok`"
                : "no `readyok` within " + std::to_string(wait.count()) + " ms";
    return false;
}

UciChecker::Search UciChecker::search(const Setup& setup, const std::string& go,
                                      milliseconds wait) {
    probe_.send(setup.command());
    Clock::time_point sent = Clock::now();
    probe_.send(go);
    Search found = read_search(sent, wait);
    audit(found, setup);
    return found;
}

UciChecker::Search UciChecker::read_search(Clock::time_point sent, milliseconds wait) {
    Search found;
    std::vector<std::string> lines;
    found.read =
        probe_.read_until([](std::string_view line) { return first_word(line) == "bestmove"; },
                          deadline_after(sent, wait), &lines);
    found.elapsed_ms = ms_since(sent);
    for (const std::string& line : lines)
        if (first_word(line) == "info") found.info.push_back(line);
    if (found.answered()) {
        std::vector<std::string> words = words_of(lines.back());
        if (words.size() > 1) found.bestmove = words[1];
        if (words.size() > 3 && words[2] == "ponder") found.ponder = words[3];
    } else {
        stalled_ = true;
    }
    return found;
}

std::string UciChecker::answer_fault(const Search& found, std::string_view what) {
    if (found.answered()) return {};
    if (found.read == EngineProbe::Read::eof && probe_.wait_for_exit(milliseconds(500)))
        return "the engine exited (" + probe_.exit_status().text() + ") before its bestmove to " +
               std::string(what);
    return "no bestmove to " + std::string(what) + " within " + std::to_string(found.elapsed_ms) +
           " ms";
}

std::string UciChecker::bestmove_fault(const Search& found, const Setup& setup, bool no_move) {
    Board board;
    if (std::string error =
            board.set(setup.fen == "startpos" ? START_FEN : setup.fen, setup.chess960);
        !error.empty())
        return "the check's own position does not read: " + error;
    for (const std::string& move : setup.moves) board.play_uci(move);
    if (no_move) {
        if (found.bestmove == "(none)" || found.bestmove == "0000") return {};
        return "no move is legal here, the engine answered `bestmove " + found.bestmove +
               "` (expected `(none)` or `0000`)";
    }
    if (found.bestmove.empty()) return "`bestmove` without a move";
    if (!board.play_uci(found.bestmove))
        return "illegal bestmove " + found.bestmove + " in " + board.fen();
    return {};
}

void UciChecker::audit(const Search& found, const Setup& setup) {
    Board board;
    if (!board.set(setup.fen == "startpos" ? START_FEN : setup.fen, setup.chess960).empty()) return;
    for (const std::string& move : setup.moves) board.play_uci(move);
    const std::string root = board.fen();
    // Step 1. Each info line's numbers, seldepth against depth, and its principal variation.
    UciInfo parsed, last_pv;
    const std::string* last_pv_line = nullptr;
    for (const std::string& line : found.info) {
        ++numbered_lines_;
        if (std::string fault = info_number_fault(line); !fault.empty())
            number_faults_.push_back(fault + ": " + line);
        if (!parse_info_line(line, parsed)) continue;
        // UCI's rule: seldepth only beside depth. Below depth is counted, not failed: Stockfish
        // reports it after transposition-table cutoffs and at mates (README, "arbiter check").
        if (parsed.seldepth) {
            ++seldepth_lines_;
            if (!parsed.depth)
                seldepth_faults_.push_back("seldepth without depth: " + line);
            else if (*parsed.seldepth < *parsed.depth)
                ++seldepth_below_depth_;
        }
        if (!parsed.has_pv || parsed.pv.empty()) continue;
        ++pv_lines_;
        last_pv = parsed;
        last_pv_line = &line;
        int played = 0;
        for (const std::string& move : parsed.pv) {
            if (!board.play_uci(move)) {
                pv_faults_.push_back("move " + std::to_string(played + 1) + " (" + move +
                                     ") of the PV is illegal in " + board.fen() + ": " + line);
                break;
            }
            ++played;
        }
        while (played-- > 0) board.undo();
    }
    // Step 2. The search's last PV, when it announces a mate (fastchess's -check-mate-pvs).
    if (last_pv_line) audit_mating_pv(board, last_pv, *last_pv_line);
    // Step 3. The ponder move, legal after the bestmove.
    if (found.ponder.empty() || !board.play_uci(found.bestmove)) return;
    ++ponder_moves_;
    if (!board.play_uci(found.ponder))
        ponder_faults_.push_back("ponder " + found.ponder + " is illegal after bestmove " +
                                 found.bestmove + " from " + root);
}

// A PV that comes with an exact `score mate N` is that mate, as fastchess's -check-mate-pvs (which
// fishtest gives) reads it: 2N - 1 plies when the engine mates, 2|N| when it is mated
// (Score::mate_plies()), ending in checkmate. A longer PV, or one of the mate's length that does
// not end in checkmate, contradicts its score: a fault. A shorter one is counted, not failed:
// Stockfish 15.1 cuts mating PVs at transposition-table hits (README, "arbiter check"). An
// illegal PV is pv-legal's fault, and a PV whose mate has the other side's parity mate-sign's.
void UciChecker::audit_mating_pv(Board& board, const UciInfo& last, const std::string& line) {
    if (!last.score || !last.score->is_mate() || last.score->bound() != Score::Bound::exact ||
        last.score->mate_plies() == 0)
        return;
    ++mate_pv_lines_;
    const int plies = std::abs(last.score->mate_plies());
    const int length = int(last.pv.size());
    int played = 0;
    while (played < length && board.play_uci(last.pv[std::size_t(played)])) ++played;
    const bool legal = played == length;
    const bool mated = legal && game_status(board.position()) == GameStatus::checkmate;
    for (; played > 0; --played) board.undo();
    if (!legal || (mated && (length % 2 == 1) != (last.score->mate_plies() > 0))) return;
    auto in_plies = [](int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); };
    const std::string claim = "score mate " + std::to_string(last.score->mate_moves()) + " (" +
                              in_plies(plies) + ") with a PV of " + in_plies(length);
    if (length < plies)
        ++mate_pv_incomplete_;
    else if (length > plies)
        mate_pv_faults_.push_back("a PV longer than its mate: " + claim + ": " + line);
    else if (!mated)
        mate_pv_faults_.push_back("a mating PV that does not end in checkmate: " + claim + ": " +
                                  line);
}

const UciOption* UciChecker::option(std::string_view name) const {
    for (const UciOption& declared : options_)
        if (declared.name.size() == name.size() &&
            std::equal(name.begin(), name.end(), declared.name.begin(),
                       [](char a, char b) { return std::tolower(a) == std::tolower(b); }))
            return &declared;
    return nullptr;
}

EngineCheckReport UciChecker::run() {
    Clock::time_point started = Clock::now();
    protocol_checks();
    if (report_.checks.empty() || report_.checks.front().outcome == CheckOutcome::passed) {
        legality_checks();
        limit_checks();
        option_checks();
        information_checks();
        robustness_checks();
    }
    probe_.kill();
    report_.milliseconds = ms_since(started);
    return std::move(report_);
}

}  // namespace arbiter
