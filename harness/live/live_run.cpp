#include "harness/live/live_run.h"

#include <pthread.h>
#include <cmath>
#include <iostream>

#include "harness/config/time_control.h"
#include "harness/report/html/page.h"
#include "harness/store/store.h"
#include "harness/text/output_file.h"

namespace arbiter {

namespace {

// The standings as the events give them: the page's ratings table, best first.
json::Value standings_rows(const html::ReportData& data) {
    json::Value rows{json::Array{}};
    auto number = [](double value) {
        return std::isfinite(value) ? json::Value(std::round(value * 10) / 10)
                                    : json::Value(nullptr);
    };
    if (!data.ratings) return rows;
    for (const PlayerRating& p : data.ratings->players) {
        json::Value row{json::Object{}};
        row.set("rank", p.rank);
        row.set("name", p.name);
        row.set("elo", number(p.elo));
        row.set("low", p.interval_95 ? number(p.interval_95->low) : json::Value(nullptr));
        row.set("high", p.interval_95 ? number(p.interval_95->high) : json::Value(nullptr));
        row.set("games", p.results.games());
        row.set("points", p.results.points());
        row.set("score", std::round(p.score_percent() * 10) / 10);
        rows.push(std::move(row));
    }
    return rows;
}

// The time control shown beside the clocks: the tournament's, else the first engine's own.
std::string time_control_text(const TournamentConfig& config) {
    if (config.limits.tc) return to_string(*config.limits.tc);
    for (const EngineConfig& engine : config.engines)
        if (engine.limits.tc) return to_string(*engine.limits.tc);
    return "";
}

}  // namespace

LivePage::LivePage(LiveHub& hub, Source source) : hub_(hub), source_(std::move(source)) {
    page_ = std::make_shared<const std::string>(
        html::render_live_shell(source_.title, source_.public_view));
    thread_ = std::thread([this] {
        pthread_setname_np(pthread_self(), "live-page");
        loop();
    });
}

LivePage::~LivePage() {
    {
        std::lock_guard lock(mutex_);
        ending_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void LivePage::set_tournament(TournamentId tournament) {
    {
        std::lock_guard lock(mutex_);
        source_.tournament = tournament;
        dirty_ = true;
    }
    wake_.notify_all();
}

void LivePage::touch() {
    {
        std::lock_guard lock(mutex_);
        dirty_ = true;
    }
    wake_.notify_all();
}

std::shared_ptr<const std::string> LivePage::page() const {
    std::lock_guard lock(mutex_);
    return page_;
}

std::string LivePage::last_error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

void LivePage::loop() {
    std::unique_lock lock(mutex_);
    while (!ending_) {
        wake_.wait_for(lock, std::chrono::seconds(1), [&] { return ending_ || dirty_; });
        if (ending_) break;
        if (!dirty_ && !source_.follow_database) continue;
        dirty_ = false;
        lock.unlock();
        render();
        // At most one rendering a second, however fast games end.
        std::this_thread::sleep_for(std::chrono::milliseconds(1000));
        lock.lock();
    }
}

void LivePage::render_now() {
    render();
}

void LivePage::render() {
    std::lock_guard one(render_mutex_);
    std::optional<TournamentId> tournament;
    {
        std::lock_guard lock(mutex_);
        tournament = source_.tournament;
    }
    try {
        if (!std::filesystem::exists(source_.db_path)) return;
        Store store = Store::open(source_.db_path, Store::Access::read_only);
        store.set_busy_timeout(std::chrono::milliseconds(2000));
        if (!tournament) {
            const auto all = store.list_tournaments();
            if (all.empty()) return;
        }
        if (source_.follow_database) {
            // Only when the database has games this page does not show.
            TournamentId id = tournament ? *tournament : store.list_tournaments().back().id;
            const std::int64_t games = store.count_games(id);
            std::lock_guard lock(mutex_);
            if (games == seen_games_ && page_version_rendered_for_ == id) return;
            seen_games_ = games;
            page_version_rendered_for_ = id;
        }
        html::ReportOptions options;
        options.tournament = tournament;
        options.bootstrap_samples = source_.bootstrap;
        html::ReportData data = html::collect_report(store, options);
        auto page = std::make_shared<const std::string>(
            html::render_page(data, html::PageMode{true, source_.public_view}));
        std::int64_t version;
        {
            std::lock_guard lock(mutex_);
            page_ = std::move(page);
            version = ++version_;
            error_.clear();
        }
        hub_.standings(standings_rows(data), std::int64_t(data.games.size()));
        hub_.page_changed(version);
    } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);
        error_ = e.what();  // an empty database, a locked one: the last page stays
    }
}

LiveObserver::LiveObserver(TournamentObserver& next, LiveHub& hub, LivePage* page,
                           std::vector<std::string> names)
    : ObserverRelay(next), hub_(hub), page_(page), names_(std::move(names)) {}

void LiveObserver::started(TournamentId tournament, const std::vector<EngineId>& engines,
                           std::int64_t scheduled, std::int64_t already_played) {
    hub_.started(names_, scheduled, already_played);
    if (page_) page_->set_tournament(tournament);
    next_.started(tournament, engines, scheduled, already_played);
}

void LiveObserver::game_finished(const GameRecord& game, GameId id, const std::string& white,
                                 const std::string& black) {
    hub_.recorded(game.slot, id);
    if (page_) page_->touch();
    next_.game_finished(game, id, white, black);
}

std::filesystem::path live_file_path(const std::string& db_path) {
    return db_path + "-live.json";
}

LiveFileWriter::LiveFileWriter(LiveHub& hub, std::filesystem::path path)
    : hub_(hub), path_(std::move(path)) {
    thread_ = std::thread([this] {
        pthread_setname_np(pthread_self(), "live-file");
        loop();
    });
}

LiveFileWriter::~LiveFileWriter() {
    {
        std::lock_guard lock(mutex_);
        ending_ = true;
    }
    wake_.notify_all();
    thread_.join();
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
}

void LiveFileWriter::loop() {
    std::int64_t written = -1;
    auto written_at = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!ending_) {
        wake_.wait_for(lock, INTERVAL);
        if (ending_) break;
        const std::int64_t version = hub_.version();
        // Unchanged, the file is still rewritten every few seconds: its written_ms tells a
        // reader that the run is alive (a file left by a killed run grows old).
        if (version == written && std::chrono::steady_clock::now() - written_at < HEARTBEAT)
            continue;
        written_at = std::chrono::steady_clock::now();
        lock.unlock();
        try {
            write_output_file(path_.string(), hub_.snapshot(), OutputFile::Mode::replace_unsynced);
            written = version;
        } catch (const std::exception&) {
            // A folder that cannot be written: `serve` shows finished games only.
        }
        lock.lock();
    }
}

LiveRun::LiveRun(const TournamentConfig& config, const std::optional<LiveAddress>& address)
    : hub_(config.event, time_control_text(config)) {
    for (const EngineConfig& engine : config.engines) names_.push_back(engine.name);
    if (address) {
        const bool public_view = !is_loopback_host(address->host);
        page_ = std::make_unique<LivePage>(
            hub_,
            LivePage::Source{.db_path = config.db_path,
                             .tournament = std::nullopt,
                             .bootstrap = config.bootstrap,
                             .public_view = public_view,
                             .title = config.event.empty() ? "arbiter tournament" : config.event});
        LiveServerSettings settings;
        settings.address = *address;
        settings.max_connections = std::size_t(config.output.live_connections);
        server_ = std::make_unique<LiveServer>(
            hub_, [page = page_.get()] { return page->page(); }, settings);
        hub_.set_publish([server = server_.get()](const LiveHub::Event& e) { server->publish(e); });
        std::cerr << "arbiter: watch the run live at " << server_->url() << " (at most "
                  << settings.max_connections << " connections)" << std::endl;
        if (server_->is_public())
            std::cerr << "arbiter: the live server listens beyond this machine (" << address->host
                      << "): its page shows no local path (engine commands, logs, the database)"
                      << std::endl;
    }
    file_ = std::make_unique<LiveFileWriter>(hub_, live_file_path(config.db_path));
}

LiveRun::~LiveRun() {
    finish();
}

TournamentObserver& LiveRun::observe(TournamentObserver& next) {
    observer_ = std::make_unique<LiveObserver>(next, hub_, page_.get(), names_);
    return *observer_;
}

void LiveRun::finish() {
    if (finished_) return;
    finished_ = true;
    if (server_) page_->render_now();  // the final report, before the last word
    hub_.finished();
    file_.reset();
    if (!server_) return;
    // Pages that hold the events fetch the final report: a moment before the server closes.
    if (server_->connections() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    server_->close();
    std::cerr << "arbiter: the live server closes: " << server_->served_connections()
              << " connections served, " << server_->refused_connections() << " refused (503), "
              << server_->dropped_clients() << " dropped for not reading" << std::endl;
}

}  // namespace arbiter
