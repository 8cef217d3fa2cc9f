#include "engines/uci/uci.h"

#include <charconv>
#include <limits>
#include <span>
#include <sstream>

#include "engines/core/notation.h"
#include "engines/core/perft.h"
#include "engines/core/text.h"

namespace arbiter {

namespace {

// Reads a whole decimal integer within [min, max]; false otherwise.
bool parse_integer(const std::string& text, std::int64_t min, std::int64_t max,
                   std::int64_t& value) {
    std::int64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return false;
    if (v < min || v > max) return false;
    value = v;
    return true;
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to && i < words.size(); ++i)
        s += (s.empty() ? "" : " ") + words[i];
    return s;
}

}  // namespace

std::string info_line(const IterationInfo& info) {
    std::uint64_t ms = std::uint64_t(std::max<std::int64_t>(1, info.elapsed_ms));
    std::ostringstream line;
    line << "info depth " << info.depth << " seldepth " << info.seldepth << " score "
         << uci_score(info.score) << " nodes " << info.nodes << " nps " << info.nodes * 1000 / ms
         << " time " << info.elapsed_ms;
    if (info.hashfull >= 0) line << " hashfull " << info.hashfull;
    line << " pv";
    for (Move m : info.pv) line << ' ' << move_to_uci(m);
    return line.str();
}

UciEngine::UciEngine(const EngineSpec& spec, std::ostream& out)
    : spec_(spec), out_(out), search_(spec.features) {
    // The options this engine has, each declared once.
    const SearchFeatures& f = spec.features;
    if (has_eval_option(f)) {
        options_.add_combo("Eval", std::string(eval::kind_name(eval::Kind::simplified)),
                           {std::string(eval::kind_name(eval::Kind::simplified)),
                            std::string(eval::kind_name(eval::Kind::material))},
                           [this](const std::string& value) {
                               search_.set_eval(*eval::parse_kind(value));
                               return std::string();
                           });
    }
    if (f.transposition_table) {
        options_.add_spin("Hash", TranspositionTable::DEFAULT_MB, 1, 4096,
                          [this](std::int64_t megabytes) {
                              try {
                                  search_.set_hash_size(std::size_t(megabytes));
                              } catch (const std::bad_alloc&) {
                                  search_.set_hash_size(TranspositionTable::DEFAULT_MB);
                                  return std::string("cannot allocate that much; table reset to ") +
                                         std::to_string(TranspositionTable::DEFAULT_MB) + " MB";
                              }
                              return std::string();
                          });
        options_.add_button("Clear Hash", [this] { search_.new_game(); });
    }
    if (has_overhead_option(f)) {
        options_.add_spin("Move Overhead", 30, 0, 5000, [this](std::int64_t ms) {
            search_.set_move_overhead(ms);
            return std::string();
        });
    }
    if (has_eval_option(f)) {  // every engine that searches may open from a book
        options_.add_check("OwnBook", false, [this](bool on) {
            own_book_ = on;
            return std::string();
        });
        options_.add_string("BookFile", "", [this](const std::string& path) {
            if (path.empty()) {
                book_.reset();
                return std::string();
            }
            try {
                book_ = std::make_unique<PolyglotBook>(PolyglotBook::load(path));
            } catch (const BookError& e) {
                return std::string(e.what());
            }
            return std::string();
        });
    }
    if (spec.strategy_options) {
        for (const StrategySwitch& strategy : STRATEGY_SWITCHES) {
            options_.add_check(strategy.name, f.*strategy.flag,
                               [this, flag = strategy.flag](bool on) {
                                   search_.set_strategy(flag, on);
                                   return std::string();
                               });
        }
    }
    // Every engine plays Chess960: castling then reads and writes as the king taking its rook.
    options_.add_check("UCI_Chess960", false, [this](bool on) {
        chess960_ = on;
        return std::string();
    });
    if (has_seed_option(f)) {
        options_.add_spin("Seed", 0, 0, std::numeric_limits<std::int32_t>::max(),
                          [this](std::int64_t seed) {
                              search_.set_seed(std::uint64_t(seed));
                              return std::string();
                          });
    }
    worker_ = std::thread([this] { work(); });
}

UciEngine::~UciEngine() {
    stop_search();
    {
        std::lock_guard<std::mutex> lock(worker_mutex_);
        exiting_ = true;
    }
    worker_signal_.notify_all();
    worker_.join();
}

void UciEngine::say(const std::string& line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << '\n' << std::flush;
}

void UciEngine::loop(std::istream& in) {
    for (std::string line; std::getline(in, line);)
        if (!execute(line)) return;
    stop_search();  // the end of the input counts as quit
}

bool UciEngine::execute(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    const std::string& command = words[0];
    if (command == "uci") {
        uci();
    } else if (command == "isready") {
        say("readyok");
    } else if (command == "ucinewgame") {
        stop_search();
        search_.new_game();
        book_random_.seed(0);
    } else if (command == "setoption") {
        stop_search();
        set_option(words);
    } else if (command == "position") {
        stop_search();
        set_position(words);
    } else if (command == "go") {
        stop_search();
        go(words);
    } else if (command == "stop") {
        stop_search();
    } else if (command == "quit") {
        stop_search();
        return false;
    } else if (command == "d") {
        stop_search();
        say("info string fen " + game_.board().fen());
    }
    // Anything else (ponderhit without pondering, garbage) is ignored.
    return true;
}

void UciEngine::uci() {
    std::string text = "id name " + spec_.name + "\nid author the arbiter authors";
    for (const std::string& line : options_.uci_lines()) text += "\n" + line;
    say(text + "\nuciok");
}

void UciEngine::set_option(const std::vector<std::string>& words) {
    // setoption name <name, possibly several words> [value <value, possibly several words>]
    std::size_t name_at = 0, value_at = words.size();
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (words[i] == "name" && !name_at) name_at = i;
        if (words[i] == "value" && name_at && value_at == words.size()) value_at = i;
    }
    if (!name_at || name_at + 1 >= value_at) {
        say_error("setoption needs 'name <option>' (and 'value <value>')");
        return;
    }
    std::string name = join(words, name_at + 1, value_at);
    std::string value = join(words, value_at + 1, words.size());
    if (std::string error = options_.set(name, value); !error.empty()) say_error(error);
}

void UciEngine::set_position(const std::vector<std::string>& words) {
    // position startpos|fen <fen> [moves <move>...]
    std::size_t moves_at = words.size();
    for (std::size_t i = 1; i < words.size(); ++i)
        if (words[i] == "moves") {
            moves_at = i;
            break;
        }
    std::string fen;
    if (words.size() >= 2 && words[1] == "startpos" && moves_at == 2) {
        fen = START_FEN;
    } else if (words.size() >= 3 && words[1] == "fen") {
        fen = join(words, 2, moves_at);
    } else {
        say_error("position needs 'startpos' or 'fen <fen>', then optionally 'moves ...'");
        return;
    }

    std::span<const std::string> moves;
    if (moves_at < words.size()) moves = std::span(words).subspan(moves_at + 1);
    if (std::string error = game_.set(fen, chess960_, moves); !error.empty())
        say_error(error + "; position unchanged");
}

void UciEngine::go(const std::vector<std::string>& words) {
    SearchLimits limits;
    constexpr std::int64_t BIG = std::numeric_limits<std::int64_t>::max() / 4;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            limits.infinite = true;
            continue;
        }
        bool numeric = w == "depth" || w == "nodes" || w == "movetime" || w == "wtime" ||
                       w == "btime" || w == "winc" || w == "binc" || w == "movestogo" ||
                       w == "perft" || w == "mate";
        if (!numeric) continue;  // ponder, searchmoves and its moves: not supported, ignored
        std::int64_t v = 0;
        bool is_time = w == "wtime" || w == "btime" || w == "winc" || w == "binc";
        std::int64_t min = is_time ? -BIG : (w == "movetime" ? 0 : 1);
        if (i + 1 >= words.size() || !parse_integer(words[i + 1], min, BIG, v)) {
            say_error("go " + w + " needs a number" +
                      (i + 1 < words.size() ? ", not '" + words[i + 1] + "'" : std::string()) +
                      "; ignored");
            continue;
        }
        ++i;
        if (w == "depth") limits.depth = int(std::min<std::int64_t>(v, MAX_PLY - 1));
        if (w == "nodes") limits.nodes = std::uint64_t(v);
        if (w == "movetime") limits.movetime = v;
        if (w == "wtime") limits.time[WHITE] = std::max<std::int64_t>(0, v);
        if (w == "btime") limits.time[BLACK] = std::max<std::int64_t>(0, v);
        if (w == "winc") limits.increment[WHITE] = std::max<std::int64_t>(0, v);
        if (w == "binc") limits.increment[BLACK] = std::max<std::int64_t>(0, v);
        if (w == "movestogo") limits.movestogo = int(std::min<std::int64_t>(v, 1000));
        if (w == "mate") limits.depth = int(std::min<std::int64_t>(2 * v, MAX_PLY - 1));
        if (w == "perft") {
            std::ostringstream divide;
            perft_divide(game_.board().position(), int(std::min<std::int64_t>(v, 20)), divide);
            std::string text = divide.str();
            if (!text.empty() && text.back() == '\n') text.pop_back();
            say(text);
            return;
        }
    }
    if (!limits.infinite && play_book_move()) return;
    start_search(limits);
}

bool UciEngine::play_book_move() {
    if (!own_book_ || !book_) return false;
    Move m = book_->choose(game_.board().position(), book_random_());
    if (!m) return false;
    say("info string book move");
    say("bestmove " + move_to_uci(m));
    return true;
}

void UciEngine::start_search(const SearchLimits& limits) {
    search_.clear_stop();
    {
        std::lock_guard<std::mutex> lock(worker_mutex_);
        limits_ = limits;
        stop_received_ = false;
        searching_ = true;
    }
    worker_signal_.notify_all();
}

void UciEngine::work() {
    std::unique_lock<std::mutex> lock(worker_mutex_);
    for (;;) {
        worker_signal_.wait(lock, [this] { return searching_ || exiting_; });
        if (exiting_) return;
        SearchLimits limits = limits_;
        lock.unlock();
        search(limits);
        lock.lock();
        searching_ = false;
        lock.unlock();  // a waiting reader wakes to a free mutex
        worker_signal_.notify_all();
        lock.lock();
    }
}

void UciEngine::search(const SearchLimits& limits) {
    std::uint64_t reported = 0;
    SearchResult result =
        search_.run(game_.board().position(), limits, [&](const IterationInfo& info) {
            say(info_line(info));
            reported = info.nodes;
        });
    if (!spec_.features.random_mover && result.best_move) {
        if (result.nodes != reported) {  // an abandoned iteration's nodes are paid for too
            std::int64_t ms = std::max<std::int64_t>(1, result.elapsed_ms);
            say("info nodes " + std::to_string(result.nodes) + " nps " +
                std::to_string(result.nodes * 1000 / std::uint64_t(ms)) + " time " +
                std::to_string(result.elapsed_ms));
        }
        say("info string leaves " + std::to_string(result.leaves));
    }
    if (limits.infinite) {  // UCI: no bestmove before `stop`, even when the search is done
        std::unique_lock<std::mutex> lock(worker_mutex_);
        worker_signal_.wait(lock, [this] { return stop_received_; });
    }
    say("bestmove " + move_to_uci(result.best_move));
}

void UciEngine::wait_for_search() {
    std::unique_lock<std::mutex> lock(worker_mutex_);
    worker_signal_.wait(lock, [this] { return !searching_; });
}

void UciEngine::stop_search() {
    search_.request_stop();
    std::unique_lock<std::mutex> lock(worker_mutex_);
    if (!searching_) return;
    stop_received_ = true;
    worker_signal_.notify_all();
    worker_signal_.wait(lock, [this] { return !searching_; });
}

}  // namespace arbiter
