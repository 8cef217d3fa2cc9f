#include "harness/live/live_hub.h"

#include <pthread.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "harness/report/html/page.h"
#include "harness/uci/protocol.h"

namespace arbiter {

// The watcher of one game: forwards to the hub under its number.
class LiveHub::Watcher : public GameWatcher {
  public:
    Watcher(LiveHub& hub, std::int64_t number) : hub_(hub), number_(number) {}
    void began(const std::string& start_fen, const WatchedClocks& clocks) override {
        hub_.began(number_, start_fen, clocks);
    }
    void moved(const MoveRecord& move, const std::string& fen_after,
               const WatchedClocks& clocks) override {
        hub_.moved(number_, move, fen_after, clocks);
    }
    void thinking(Color side, std::string_view line) noexcept override {
        try {
            hub_.thinking(number_, side, line);
        } catch (...) {  // a line not kept (out of memory) is a line not shown
        }
    }

  private:
    LiveHub& hub_;
    std::int64_t number_;
};

LiveHub::LiveHub(std::string event, std::string time_control)
    : event_(std::move(event)), time_control_(std::move(time_control)) {
    ticker_ = std::thread([this] {
        pthread_setname_np(pthread_self(), "live-ticker");
        tick();
    });
}

LiveHub::~LiveHub() {
    {
        std::lock_guard lock(mutex_);
        ending_ = true;
    }
    wake_.notify_all();
    ticker_.join();
}

void LiveHub::set_publish(Publish publish) {
    std::lock_guard lock(mutex_);
    publish_ = std::move(publish);
}

void LiveHub::tick() {
    std::unique_lock lock(mutex_);
    while (!ending_) {
        wake_.wait_for(lock, INFO_INTERVAL);
        if (ending_) break;
        publish_pending_info();
    }
}

void LiveHub::publish(const std::string& type, const json::Value& data) {
    ++version_;
    ++sequence_;
    // Markup characters as \u escapes: a reader that puts a text in a page unescaped still
    // shows it as text.
    if (publish_) publish_(Event{type, sequence_, html::script_data(data.dump())});
}

void LiveHub::started(std::vector<std::string> names, std::int64_t scheduled, std::int64_t done) {
    std::lock_guard lock(mutex_);
    names_ = std::move(names);
    progress_.scheduled = scheduled;
    progress_.done = done;
    started_at_ = std::chrono::steady_clock::now();
    publish("progress", progress_json());
}

GameWatcher& LiveHub::begin(const ScheduleSlot& slot, const std::string& white,
                            const std::string& black) {
    std::lock_guard lock(mutex_);
    const std::int64_t number = slot.number + 1;
    LiveGame& game = games_[number] = LiveGame{};
    recorded_texts_.erase(number);
    game.number = number;
    game.round = slot.round + 1;
    game.white = white;
    game.black = black;
    game.started_at_ms = wall_clock_ms();
    current_round_ = std::max(current_round_, game.round);
    drop_old_games();
    auto& watcher = watchers_[number] = std::make_unique<Watcher>(*this, number);
    return *watcher;
}

void LiveHub::began(std::int64_t number, const std::string& start_fen,
                    const WatchedClocks& clocks) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(number);
    if (it == games_.end()) return;
    it->second.start_fen = start_fen;
    it->second.clocks = clocks;
    it->second.clocks_at_ms = wall_clock_ms();
    publish("game", game_json(it->second));
}

void LiveHub::moved(std::int64_t number, const MoveRecord& move, const std::string& fen,
                    const WatchedClocks& clocks) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(number);
    if (it == games_.end()) return;
    LiveGame& game = it->second;
    LiveMove live;
    live.record.ply = move.ply;
    live.record.uci = move.uci;
    live.record.san = move.san;
    live.record.time_ms = move.time_ms;
    live.record.depth = move.depth;
    live.record.seldepth = move.seldepth;
    live.record.nodes = move.nodes;
    live.record.score = move.score;
    live.record.pv = move.pv;
    live.record.book = move.book;
    live.fen = fen;
    live.clocks = clocks;
    game.moves.push_back(std::move(live));
    game.clocks = clocks;
    game.clocks_at_ms = wall_clock_ms();
    const Color mover = mover_of(game.start_fen, move.ply);
    game.pending_info[mover].clear();  // the move carries the search's last word
    game.search[mover] = LiveSearch{};
    if (!publish_) {  // no reader but the live file: no event to make
        ++version_;
        return;
    }
    json::Value data{json::Object{}};
    data.set("g", number);
    data.set("move", move_json(game.moves.back(), game.start_fen));
    data.set("clocks", clocks_json(game.clocks, game.clocks_at_ms));
    publish("move", data);
}

void LiveHub::thinking(std::int64_t number, Color side, std::string_view line) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(number);
    if (it == games_.end()) return;
    it->second.pending_info[side].assign(line);
}

void LiveHub::publish_pending_info() {
    for (auto& [number, game] : games_) {
        for (Color side : {WHITE, BLACK}) {
            std::string& line = game.pending_info[side];
            if (line.empty()) continue;
            UciInfo info;
            const bool read = parse_info_line(line, info);
            line.clear();
            if (!read || (!info.depth && !info.score && !info.nodes && info.pv.empty())) continue;
            LiveSearch& search = game.search[side];
            if (info.depth) search.depth = info.depth;
            if (info.seldepth) search.seldepth = info.seldepth;
            if (info.nodes) search.nodes = std::int64_t(*info.nodes);
            if (info.nps) search.nps = std::int64_t(*info.nps);
            if (info.time_ms) search.time_ms = *info.time_ms;
            if (info.score) search.score = info.score;
            if (!info.pv.empty()) {
                search.pv.clear();
                for (const std::string& move : info.pv)
                    search.pv += (search.pv.empty() ? "" : " ") + move;
            }
            json::Value data = search_json(search, side);
            data.set("g", number);
            data.set("side", side == WHITE ? "w" : "b");
            publish("info", data);
        }
    }
}

void LiveHub::game_over(const ScheduleSlot& slot, const PlayedGame& played) {
    std::lock_guard lock(mutex_);
    const std::int64_t number = slot.number + 1;
    watchers_.erase(number);
    auto it = games_.find(number);
    if (it == games_.end()) return;
    if (played.cut_short) {
        games_.erase(it);
        json::Value data{json::Object{}};
        data.set("g", number);
        publish("dropped", data);
        return;
    }
    it->second.result = std::string(to_pgn(played.result.outcome));
    it->second.termination = played.result.description;
    it->second.search[WHITE] = it->second.search[BLACK] = LiveSearch{};
    it->second.pending_info[WHITE].clear();
    it->second.pending_info[BLACK].clear();
    json::Value data{json::Object{}};
    data.set("g", number);
    data.set("result", it->second.result);
    data.set("termination", it->second.termination);
    publish("end", data);
}

void LiveHub::recorded(const ScheduleSlot& slot, std::int64_t id) {
    std::lock_guard lock(mutex_);
    ++progress_.done;
    ++progress_.done_now;
    const std::int64_t number = slot.number + 1;
    if (auto it = games_.find(number); it != games_.end()) it->second.id = id;
    json::Value data{json::Object{}};
    data.set("g", number);
    data.set("id", id);
    data.set("progress", progress_json());
    publish("recorded", data);
}

void LiveHub::standings(json::Value rows, std::int64_t games) {
    std::lock_guard lock(mutex_);
    standings_ = std::move(rows);
    json::Value data{json::Object{}};
    data.set("games", games);
    data.set("rows", standings_);
    publish("standings", data);
}

void LiveHub::page_changed(std::int64_t version) {
    std::lock_guard lock(mutex_);
    page_version_ = version;
    json::Value data{json::Object{}};
    data.set("version", version);
    publish("page", data);
}

void LiveHub::finished() {
    std::lock_guard lock(mutex_);
    progress_.finished = true;
    json::Value data{json::Object{}};
    data.set("progress", progress_json());
    publish("finished", data);
}

void LiveHub::drop_old_games() {
    // Games of earlier rounds go once they are over; then the oldest finished games, while more
    // than MAX_GAMES are held. Games in progress always stay.
    std::erase_if(games_, [&](const auto& entry) {
        return entry.second.result != "*" && entry.second.round < current_round_;
    });
    for (auto it = games_.begin(); games_.size() > MAX_GAMES && it != games_.end();)
        it = it->second.result != "*" ? games_.erase(it) : std::next(it);
    std::erase_if(recorded_texts_,
                  [&](const auto& entry) { return !games_.contains(entry.first); });
}

LiveProgress LiveHub::progress_locked() const {
    LiveProgress p = progress_;
    const double minutes =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at_).count() /
        60.0;
    if (minutes > 0 && p.done_now > 0) {
        p.games_per_minute = double(p.done_now) / minutes;
        p.seconds_left =
            double(std::max<std::int64_t>(p.scheduled - p.done, 0)) / p.games_per_minute * 60.0;
    }
    return p;
}

LiveProgress LiveHub::progress() const {
    std::lock_guard lock(mutex_);
    return progress_locked();
}

json::Value LiveHub::progress_json() const {
    const LiveProgress p = progress_locked();
    json::Value value{json::Object{}};
    value.set("done", p.done);
    value.set("scheduled", p.scheduled);
    std::int64_t playing = 0;
    for (const auto& [number, game] : games_) playing += game.result == "*" ? 1 : 0;
    value.set("playing", playing);
    value.set("per_minute", p.games_per_minute);
    value.set("seconds_left", p.seconds_left ? json::Value(*p.seconds_left) : json::Value(nullptr));
    value.set("finished", p.finished);
    return value;
}

json::Value LiveHub::snapshot_value() const {
    std::lock_guard lock(mutex_);
    json::Value value = snapshot_head();
    json::Value games{json::Array{}};
    for (const auto& [number, game] : games_) games.push(game_json(game));
    value.set("games", std::move(games));
    return value;
}

json::Value LiveHub::snapshot_head() const {
    json::Value value{json::Object{}};
    value.set("seq", sequence_);
    value.set("event", event_);
    value.set("tc", time_control_);
    json::Value names{json::Array{}};
    for (const std::string& name : names_) names.push(name);
    value.set("names", std::move(names));
    value.set("progress", progress_json());
    value.set("games", json::Value{json::Array{}});
    value.set("standings", standings_);
    value.set("page", page_version_);
    value.set("written_ms", wall_clock_ms());
    return value;
}

std::string LiveHub::snapshot() const {
    // snapshot_value()'s text, with the games' texts spliced into its empty array: markup
    // escaped part by part is escaped as a whole, since no part ends inside a character.
    std::lock_guard lock(mutex_);
    const std::string head = html::script_data(snapshot_head().dump());
    static constexpr std::string_view EMPTY_GAMES = "\"games\":[]";
    const std::size_t at = head.find(EMPTY_GAMES);
    std::string text = head.substr(0, at + EMPTY_GAMES.size() - 1);
    std::string scratch;
    bool first = true;
    for (const auto& [number, game] : games_) {
        if (!first) text += ',';
        first = false;
        text += game_text(game, scratch);
    }
    text += head.substr(at + EMPTY_GAMES.size() - 1);
    return text;
}

const std::string& LiveHub::game_text(const LiveGame& game, std::string& scratch) const {
    auto kept = recorded_texts_.find(game.number);
    if (kept != recorded_texts_.end() && game.id) return kept->second;
    scratch = html::script_data(game_json(game).dump());
    if (!game.id) return scratch;
    return recorded_texts_[game.number] = std::move(scratch);
}

std::int64_t LiveHub::version() const {
    std::lock_guard lock(mutex_);
    return version_;
}

void LiveHub::follow_game(LiveGame& ours, const LiveGame& theirs) {
    for (std::size_t i = ours.moves.size(); i < theirs.moves.size(); ++i) {
        ours.moves.push_back(theirs.moves[i]);
        json::Value data{json::Object{}};
        data.set("g", ours.number);
        data.set("move", move_json(ours.moves.back(), ours.start_fen));
        data.set("clocks", clocks_json(theirs.clocks, theirs.clocks_at_ms));
        publish("move", data);
    }
    ours.clocks = theirs.clocks;
    ours.clocks_at_ms = theirs.clocks_at_ms;
    for (Color side : {WHITE, BLACK}) {
        const LiveSearch& s = theirs.search[side];
        LiveSearch& o = ours.search[side];
        if (s.depth == o.depth && s.nodes == o.nodes && s.pv == o.pv) continue;
        o = s;
        json::Value data = search_json(o, side);
        data.set("g", ours.number);
        data.set("side", side == WHITE ? "w" : "b");
        publish("info", data);
    }
    if (ours.result == "*" && theirs.result != "*") {
        ours.result = theirs.result;
        ours.termination = theirs.termination;
        json::Value data{json::Object{}};
        data.set("g", ours.number);
        data.set("result", ours.result);
        data.set("termination", ours.termination);
        publish("end", data);
    }
    if (theirs.id && !ours.id) {
        ours.id = theirs.id;
        json::Value data{json::Object{}};
        data.set("g", ours.number);
        data.set("id", *ours.id);
        data.set("progress", progress_json());
        publish("recorded", data);
    }
}

void LiveHub::follow(const json::Value& snapshot) {
    std::lock_guard lock(mutex_);
    recorded_texts_.clear();  // the writer's games may differ from what this hub kept
    if (const std::string event = text_member(snapshot, "event"); !event.empty()) event_ = event;
    if (snapshot.find("tc")) time_control_ = text_member(snapshot, "tc");
    if (const json::Value* names = snapshot.find("names"); names && names->is_array()) {
        names_.clear();
        for (const json::Value& name : names->as_array())
            if (name.is_string()) names_.push_back(name.as_string());
    }
    if (const json::Value* progress = snapshot.find("progress");
        progress && progress->is_object()) {
        progress_.scheduled = integer_member(*progress, "scheduled").value_or(0);
        progress_.done = integer_member(*progress, "done").value_or(0);
    }
    std::set<std::int64_t> seen;
    const json::Value* games = snapshot.find("games");
    for (const json::Value& value :
         games && games->is_array() ? games->as_array() : json::Array{}) {
        LiveGame theirs = game_from_json(value);
        seen.insert(theirs.number);
        auto it = games_.find(theirs.number);
        if (it == games_.end() || it->second.start_fen != theirs.start_fen ||
            it->second.moves.size() > theirs.moves.size()) {
            // New to this hub (or not the game it held): the whole game at once.
            current_round_ = std::max(current_round_, theirs.round);
            LiveGame& game = games_[theirs.number] = std::move(theirs);
            publish("game", game_json(game));
            continue;
        }
        follow_game(it->second, theirs);
    }
    // A game the writer no longer holds: over and dropped from its round (or its run ended).
    for (auto it = games_.begin(); it != games_.end();) {
        if (seen.count(it->first)) {
            ++it;
            continue;
        }
        json::Value data{json::Object{}};
        data.set("g", it->first);
        publish("dropped", data);
        it = games_.erase(it);
    }
    const json::Value* progress = snapshot.find("progress");
    const json::Value* done =
        progress && progress->is_object() ? progress->find("finished") : nullptr;
    if (done && done->is_bool() && done->as_bool() && !progress_.finished) {
        progress_.finished = true;
        json::Value data{json::Object{}};
        data.set("progress", progress_json());
        publish("finished", data);
    }
}

std::string LiveHub::live_pgn() const {
    std::lock_guard lock(mutex_);
    std::string out;
    for (const auto& [number, game] : games_)
        if (!game.start_fen.empty()) out += game_pgn(game, event_, time_control_);  // begun
    return out;
}

}  // namespace arbiter
