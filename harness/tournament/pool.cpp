#include "harness/tournament/pool.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "harness/config/values.h"

namespace arbiter {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what, const fs::path& path) {
    throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

// A temporary name beside `path` that no other process or thread uses.
fs::path temporary_beside(const fs::path& path) {
    static std::atomic<int> counter{0};
    char host[64] = {};
    ::gethostname(host, sizeof host - 1);
    return path.parent_path() / ("." + path.filename().string() + "." + host + "." +
                                 std::to_string(::getpid()) + "." + std::to_string(++counter));
}

// Writes and fsyncs `text` to a new file at `path`.
void write_synced(const fs::path& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) fail("cannot create", path);
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            fail("cannot write", path);
        }
        written += std::size_t(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) fail("cannot sync", path);
}

// fsync of a folder, so that a rename or link in it survives a crash.
void sync_folder(const fs::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // some shared file systems do not open folders; the rename stands
    ::fsync(fd);
    ::close(fd);
}

std::optional<std::string> read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

json::Value parse_file(const fs::path& path, const std::string& text) {
    try {
        return json::parse(text);
    } catch (const json::ParseError& e) {
        throw std::runtime_error(path.string() + ": not a pool file (" + e.what() + ")");
    }
}

PentanomialCounts counts_from(const json::Value& value) {
    PentanomialCounts counts;
    if (!value.is_array() || value.as_array().size() != 5)
        throw ConfigError("pentanomial counts must be an array of five numbers");
    for (std::size_t k = 0; k < 5; ++k) counts.pairs[k] = value.as_array()[k].as_integer();
    return counts;
}

const json::Value& member(const json::Value& value, std::string_view key) {
    const json::Value* found = value.find(key);
    if (!found) throw ConfigError("pool file: \"" + std::string(key) + "\" is missing");
    return *found;
}

std::string_view state_word(SprtState state) {
    return state == SprtState::h1_accepted ? "H1" : state == SprtState::h0_accepted ? "H0" : "-";
}

}  // namespace

json::Value counts_json(const PentanomialCounts& counts) {
    json::Value list{json::Array{}};
    for (std::int64_t n : counts.pairs) list.push(n);
    return list;
}

std::int64_t unix_time_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

void write_file_atomically(const fs::path& path, const std::string& text) {
    const fs::path temporary = temporary_beside(path);
    write_synced(temporary, text);
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        ::unlink(temporary.c_str());
        fail("cannot rename a temporary file to", path);
    }
    sync_folder(path.parent_path());
}

bool create_file_once(const fs::path& path, const std::string& text) {
    const fs::path temporary = temporary_beside(path);
    write_synced(temporary, text);
    const int linked = ::link(temporary.c_str(), path.c_str());
    const int error = errno;
    ::unlink(temporary.c_str());
    if (linked != 0 && error == EEXIST) return false;
    errno = error;
    if (linked != 0) fail("cannot link a temporary file to", path);
    sync_folder(path.parent_path());
    return true;
}

json::Value PoolShardCounts::to_json() const {
    json::Value v{json::Object{}};
    v.set("shard", shard);
    v.set("pentanomial", counts_json(counts));
    v.set("pairs", counts.pair_count());
    v.set("batches", batches);
    v.set("published_ms", published_ms);
    v.set("batch_seconds", batch_seconds);
    v.set("finished", finished);
    if (pid) v.set("pid", *pid);
    v.set("host", host);
    return v;
}

PoolShardCounts PoolShardCounts::from_json(const json::Value& value) {
    PoolShardCounts c;
    c.shard = int(member(value, "shard").as_integer());
    c.counts = counts_from(member(value, "pentanomial"));
    c.batches = member(value, "batches").as_integer();
    c.published_ms = member(value, "published_ms").as_integer();
    c.batch_seconds = member(value, "batch_seconds").as_number();
    c.finished = member(value, "finished").as_bool();
    if (const json::Value* pid = value.find("pid")) c.pid = pid->as_integer();
    if (const json::Value* host = value.find("host")) c.host = host->as_string();
    return c;
}

json::Value PoolVerdict::to_json() const {
    json::Value v{json::Object{}};
    v.set("verdict", std::string(state_word(state)) + " accepted");
    v.set("llr", llr);
    v.set("lower_bound", lower_bound);
    v.set("upper_bound", upper_bound);
    v.set("pentanomial", counts_json(pooled));
    v.set("pairs", pooled.pair_count());
    json::Value list{json::Array{}};
    for (const PoolShardCounts& s : shards) list.push(s.to_json());
    v.set("shards", list);
    v.set("decided_by", decided_by);
    v.set("decided_ms", decided_ms);
    return v;
}

PoolVerdict PoolVerdict::from_json(const json::Value& value) {
    PoolVerdict v;
    const std::string& word = member(value, "verdict").as_string();
    v.state = word == "H1 accepted"   ? SprtState::h1_accepted
              : word == "H0 accepted" ? SprtState::h0_accepted
                                      : throw ConfigError("pool verdict: unknown \"" + word + "\"");
    v.llr = member(value, "llr").as_number();
    v.lower_bound = member(value, "lower_bound").as_number();
    v.upper_bound = member(value, "upper_bound").as_number();
    v.pooled = counts_from(member(value, "pentanomial"));
    for (const json::Value& s : member(value, "shards").as_array())
        v.shards.push_back(PoolShardCounts::from_json(s));
    v.decided_by = int(member(value, "decided_by").as_integer());
    v.decided_ms = member(value, "decided_ms").as_integer();
    return v;
}

PentanomialCounts pooled_counts(const std::vector<PoolShardCounts>& shards) {
    PentanomialCounts sum;
    for (const PoolShardCounts& s : shards) sum += s.counts;
    return sum;
}

SprtPool::SprtPool(fs::path folder) : folder_(std::move(folder)) {}

void SprtPool::join(const json::Value& test) {
    std::error_code error;
    fs::create_directories(folder_ / "counts", error);
    if (error)
        throw ConfigError("--pool " + folder_.string() + ": cannot create the folder (" +
                          error.message() + ")");
    if (create_file_once(folder_ / "pool.json", test.dump(2) + "\n")) return;
    std::optional<json::Value> there = this->test();
    if (there && *there == test) return;
    std::string difference;
    if (there && there->is_object())
        for (const auto& [key, value] : test.as_object()) {
            const json::Value* old_value = there->find(key);
            if (old_value && *old_value == value) continue;
            difference = key + " is " + (old_value ? old_value->dump() : "absent") +
                         " in the pool, " + value.dump() + " here";
            break;
        }
    throw ConfigError("--pool " + folder_.string() + " belongs to another test (" + difference +
                      "); give each SPRT its own pool folder");
}

std::optional<json::Value> SprtPool::test() const {
    const fs::path path = folder_ / "pool.json";
    std::optional<std::string> text = read_text(path);
    if (!text) return std::nullopt;
    try {
        return json::parse(*text);
    } catch (const json::ParseError& e) {
        throw ConfigError(path.string() + ": not a pool file (" + e.what() + ")");
    }
}

void SprtPool::publish(const PoolShardCounts& counts) const {
    write_file_atomically(folder_ / "counts" / ("shard-" + std::to_string(counts.shard) + ".json"),
                          counts.to_json().dump(2) + "\n");
}

std::vector<PoolShardCounts> SprtPool::read_counts() const {
    std::vector<PoolShardCounts> shards;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(folder_ / "counts", error)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("shard-", 0) != 0 || entry.path().extension() != ".json") continue;
        std::optional<std::string> text = read_text(entry.path());
        if (!text) continue;  // replaced between listing and reading: the new one has a name too
        try {
            shards.push_back(PoolShardCounts::from_json(parse_file(entry.path(), *text)));
        } catch (const ConfigError& e) {
            throw std::runtime_error(entry.path().string() + ": " + e.what());
        }
    }
    std::sort(shards.begin(), shards.end(),
              [](const auto& a, const auto& b) { return a.shard < b.shard; });
    return shards;
}

std::optional<PoolVerdict> SprtPool::read_verdict() const {
    const fs::path path = folder_ / "verdict.json";
    std::optional<std::string> text = read_text(path);
    if (!text) return std::nullopt;
    try {
        return PoolVerdict::from_json(parse_file(path, *text));
    } catch (const ConfigError& e) {
        throw std::runtime_error(path.string() + ": " + e.what());
    }
}

std::optional<PoolVerdict> SprtPool::decide(const SprtParameters& parameters, int shard) const {
    if (std::optional<PoolVerdict> earlier = read_verdict()) return earlier;
    PoolVerdict verdict;
    verdict.shards = read_counts();
    verdict.pooled = pooled_counts(verdict.shards);
    Sprt test(parameters);
    test.update(verdict.pooled);
    if (test.state() == SprtState::continue_testing) return std::nullopt;
    verdict.state = test.state();
    verdict.llr = test.llr();
    verdict.lower_bound = test.lower_bound();
    verdict.upper_bound = test.upper_bound();
    verdict.decided_by = shard;
    verdict.decided_ms = unix_time_ms();
    if (create_file_once(folder_ / "verdict.json", verdict.to_json().dump(2) + "\n"))
        return verdict;
    return read_verdict();
}

}  // namespace arbiter
