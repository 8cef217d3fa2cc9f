#include "harness/tournament/pool.h"

#include <fcntl.h>
#include <sys/file.h>
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

// K if `name` is exactly "shard-K.json" with K written without leading zeros.
std::optional<int> shard_of_name(const std::string& name) {
    constexpr std::string_view PREFIX = "shard-", SUFFIX = ".json";
    if (name.size() <= PREFIX.size() + SUFFIX.size() || !name.starts_with(PREFIX) ||
        !name.ends_with(SUFFIX))
        return std::nullopt;
    const std::string digits =
        name.substr(PREFIX.size(), name.size() - PREFIX.size() - SUFFIX.size());
    if (digits.size() > 9 || (digits.size() > 1 && digits[0] == '0') ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(digits);
}

// "--pool DIR: cannot write in the folder DIR (Permission denied)" unless `folder` is writable.
void require_writable(const fs::path& pool, const fs::path& folder) {
    if (::access(folder.c_str(), W_OK | X_OK) == 0) return;
    throw ConfigError("--pool " + pool.string() + ": cannot write in the folder " +
                      folder.string() + " (" + std::strerror(errno) +
                      "); every shard writes its counts and the verdict there");
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

PoolShardClaim::~PoolShardClaim() {
    if (descriptor_ >= 0) ::close(descriptor_);
}

void SprtPool::join(const json::Value& test) {
    // Step 1. The folder and counts/, created or writable as they are.
    std::error_code error;
    if (!fs::is_directory(folder_, error)) {
        fs::create_directories(folder_, error);
        if (error)
            throw ConfigError("--pool " + folder_.string() + ": cannot create the folder (" +
                              error.message() + ")");
    }
    require_writable(folder_, folder_);
    fs::create_directories(folder_ / "counts", error);
    if (error)
        throw ConfigError("--pool " + folder_.string() + ": cannot create the folder " +
                          (folder_ / "counts").string() + " (" + error.message() + ")");
    require_writable(folder_, folder_ / "counts");

    // Step 2. pool.json: written by the first shard, the same test for every other.
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

fs::path SprtPool::lock_path(int shard) const {
    return folder_ / ("shard-" + std::to_string(shard) + ".lock");
}

std::unique_ptr<PoolShardClaim> SprtPool::claim(int shard) const {
    const fs::path path = lock_path(shard);
    // Close-on-exec: an engine this process starts must not keep the shard claimed after it.
    const int descriptor = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (descriptor < 0)
        throw ConfigError("--pool " + folder_.string() + ": cannot create " + path.string() + " (" +
                          std::strerror(errno) + ")");
    if (::flock(descriptor, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        std::string holder = read_text(path).value_or("");
        while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' '))
            holder.pop_back();
        ::close(descriptor);
        if (why != EWOULDBLOCK)
            throw ConfigError("--pool " + folder_.string() + ": cannot lock " + path.string() +
                              " (" + std::strerror(why) + ")");
        throw ConfigError("--pool " + folder_.string() + ": shard " + std::to_string(shard) +
                          " is already being played by " +
                          (holder.empty() ? std::string("another process") : holder) +
                          ", which holds " + path.string() +
                          "; one process per shard (wait for it to end, or stop it)");
    }
    // Who holds the claim, for the message a second process gives.
    char host[64] = {};
    ::gethostname(host, sizeof host - 1);
    const std::string holder =
        "pid " + std::to_string(::getpid()) + " on " + std::string(host) + "\n";
    if (::ftruncate(descriptor, 0) != 0 ||
        ::pwrite(descriptor, holder.data(), holder.size(), 0) != ssize_t(holder.size())) {
        // The claim holds without the note; a second process then says "another process".
    }
    return std::unique_ptr<PoolShardClaim>(new PoolShardClaim(descriptor));
}

std::optional<bool> SprtPool::is_running(int shard) const {
    const int descriptor = ::open(lock_path(shard).c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return std::nullopt;
    std::optional<bool> running;
    if (::flock(descriptor, LOCK_SH | LOCK_NB) == 0)
        running = false;
    else if (errno == EWOULDBLOCK)
        running = true;
    ::close(descriptor);  // drops only this descriptor's lock: flock locks are per open file
    return running;
}

std::vector<PoolShardCounts> SprtPool::read_counts() const {
    return read_count_files().counted;
}

PoolCountFiles SprtPool::read_count_files() const {
    PoolCountFiles files;
    std::optional<std::int64_t> shard_count;
    if (std::optional<json::Value> pool = test(); pool && pool->is_object())
        if (const json::Value* shards = pool->find("shards"); shards && shards->is_number())
            shard_count = shards->as_integer();
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(folder_ / "counts", error)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(".shard-")) continue;  // a publication being written (or left half)
        const auto refuse = [&](std::string why) {
            files.refused.push_back({entry.path(), std::move(why)});
        };
        const std::optional<int> k = shard_of_name(name);
        std::error_code kind;
        if (!k || !entry.is_regular_file(kind)) {
            refuse("not a shard's counts (shard K publishes counts/shard-K.json)");
            continue;
        }
        if (*k < 1 || (shard_count && *k > *shard_count)) {
            refuse("shard " + std::to_string(*k) + " is not one of the pool's " +
                   (shard_count ? std::to_string(*shard_count) : std::string("1..N")) + " shards");
            continue;
        }
        std::optional<std::string> text = read_text(entry.path());
        if (!text) continue;  // replaced between listing and reading: the new one has a name too
        PoolShardCounts counts;
        try {
            counts = PoolShardCounts::from_json(parse_file(entry.path(), *text));
        } catch (const ConfigError& e) {
            throw std::runtime_error(entry.path().string() + ": " + e.what());
        }
        if (counts.shard != *k) {
            refuse("it holds \"shard\": " + std::to_string(counts.shard) + ", not " +
                   std::to_string(*k));
            continue;
        }
        files.counted.push_back(std::move(counts));
    }
    std::sort(files.counted.begin(), files.counted.end(),
              [](const auto& a, const auto& b) { return a.shard < b.shard; });
    std::sort(files.refused.begin(), files.refused.end(),
              [](const auto& a, const auto& b) { return a.path < b.path; });
    return files;
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
