#include "harness/text/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

namespace arbiter {

namespace fs = std::filesystem;

namespace {

// Creates a new hidden file beside `target` (".NAME.arbiter-PID-N"), readable as fopen would
// make it (0666 less the umask). Returns its stream and fills `name`, or nullptr with errno set.
std::FILE* create_temporary_beside(const std::string& target, std::string& name) {
    static std::atomic<unsigned> counter{0};
    const fs::path path(target);
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = (path.parent_path() / ("." + path.filename().string() + ".arbiter-" +
                                      std::to_string(::getpid()) + "-" + std::to_string(counter++)))
                   .string();
        const int descriptor = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (descriptor >= 0) {
            std::FILE* file = ::fdopen(descriptor, "wb");
            if (!file) ::close(descriptor);
            return file;
        }
        if (errno != EEXIST) return nullptr;
    }
    return nullptr;
}

}  // namespace

OutputFile::OutputFile(std::string path, Mode mode, std::string flag)
    : path_(std::move(path)), flag_(std::move(flag)) {
    if (path_ == "-") {
        file_ = stdout;
        return;
    }
    std::error_code error;
    const fs::file_status status = fs::status(path_, error);
    sync_ = mode != Mode::replace_unsynced;
    if (mode == Mode::replace_unsynced) mode = Mode::replace;
    if (mode == Mode::replace && (!fs::exists(status) || fs::is_regular_file(status))) {
        // A symbolic link keeps pointing at its file: the file it names is replaced.
        target_ = fs::exists(status) ? fs::canonical(path_, error).string() : path_;
        if (error) target_ = path_;
        file_ = create_temporary_beside(target_, temporary_);
    } else {
        file_ = std::fopen(path_.c_str(), mode == Mode::append ? "ab" : "wb");
    }
    if (!file_) fail(errno);
    owned_ = true;
}

OutputFile::~OutputFile() {
    if (file_ && owned_) std::fclose(file_);
    if (file_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

namespace {

std::atomic<int> whole_writes{0};     // WholeWrites under way
std::atomic<int> deferred_signal{0};  // raised again when the last one ends

}  // namespace

WholeWrite::WholeWrite() {
    ++whole_writes;
}

WholeWrite::~WholeWrite() {
    if (--whole_writes == 0)
        if (int signal = deferred_signal.exchange(0)) ::raise(signal);
}

bool defer_exit_while_writing(int signal) noexcept {
    // First, so that a write ending now sees it. A signal that already waits for the write (a
    // third signal) ends the process now: no write holds the user's every Ctrl-C.
    int none = 0;
    if (!deferred_signal.compare_exchange_strong(none, signal)) return false;
    if (whole_writes > 0) return true;
    deferred_signal = 0;
    return false;
}

void OutputFile::write(std::string_view text) {
    if (!file_) throw OutputError(path_ + ": already closed");
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail(errno);
}

void OutputFile::flush() {
    if (!file_) return;
    errno = 0;
    if (std::fflush(file_) != 0 || std::ferror(file_)) fail(errno);
}

void OutputFile::close() {
    if (!file_) return;
    try {
        flush();
        if (!temporary_.empty() && sync_ && ::fsync(::fileno(file_)) != 0) fail(errno);
    } catch (...) {
        std::fclose(file_);
        file_ = nullptr;
        if (!temporary_.empty()) ::unlink(temporary_.c_str());
        throw;
    }
    std::FILE* file = file_;
    file_ = nullptr;
    if (owned_ && std::fclose(file) != 0) {
        const int error = errno;
        if (!temporary_.empty()) ::unlink(temporary_.c_str());
        fail(error);
    }
    if (!temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary_.c_str());
        fail(error);
    }
}

void OutputFile::fail(int error) const {
    std::string name = path_ == "-" ? "standard output" : path_;
    if (!flag_.empty()) name = named_path({name, flag_});
    throw OutputError(name + ": " + (error ? std::strerror(error) : "write failed"));
}

void write_output_file(const std::string& path, std::string_view text, OutputFile::Mode mode) {
    OutputFile file(path, mode);
    file.write(text);
    file.close();
}

namespace {

// True if `a` and `b` name one file: the same device and inode when both exist, the same
// resolved absolute path otherwise.
bool same_file(const std::string& a, const std::string& b) {
    struct stat first {
    }, second{};
    const bool a_exists = ::stat(a.c_str(), &first) == 0;
    const bool b_exists = ::stat(b.c_str(), &second) == 0;
    if (a_exists && b_exists) return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
    if (a_exists != b_exists) return false;
    std::error_code error;
    const fs::path x = fs::weakly_canonical(fs::absolute(a, error), error);
    const fs::path y = fs::weakly_canonical(fs::absolute(b, error), error);
    return !error && x == y;
}

bool is_file_path(const std::string& path) {
    return !path.empty() && path != "-";
}

// True if `path` is on a filesystem of the kernel's own (procfs, sysfs), whose files take no
// games: /proc/version opens for writing and then fails every write.
bool on_kernel_filesystem(const std::string& path) {
    constexpr long PROC_SUPER_MAGIC = 0x9fa0, SYSFS_MAGIC = 0x62656572;
    struct statfs system {};
    if (::statfs(path.c_str(), &system) != 0) return false;
    return long(system.f_type) == PROC_SUPER_MAGIC || long(system.f_type) == SYSFS_MAGIC;
}

// 0 if `folder` takes a new file, else the reason (an errno). An unnamed file (O_TMPFILE) is
// made and dropped, so nothing is left even if arbiter is killed; where the filesystem cannot
// make one, the permissions say.
int folder_takes_files(const std::string& folder) {
    const int descriptor = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (descriptor >= 0) {
        ::close(descriptor);
        return 0;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) return errno;
    return ::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) == 0 ? 0 : errno;
}

}  // namespace

std::string named_path(const NamedFile& file) {
    if (!file.label.empty() && file.label.back() == '=') return file.label + file.path;
    return file.label + " " + file.path;
}

void refuse_unwritable_output(const NamedFile& output) {
    if (!is_file_path(output.path) || output.path == ":memory:") return;
    auto refuse = [&](const std::string& why) {
        throw OutputError(named_path(output) + ": " + why + "; nothing was written");
    };
    auto check_folder = [&](const std::string& folder) {
        if (on_kernel_filesystem(folder))
            refuse(folder + " is a folder of the kernel (/proc, /sys), not one to write to");
        if (int error = folder_takes_files(folder))
            refuse("cannot create files in " + folder + ": " + std::strerror(error));
    };
    const fs::path path(output.path);
    const std::string parent = path.has_parent_path() ? path.parent_path().string() : ".";
    struct stat status {};
    if (::stat(output.path.c_str(), &status) == 0) {
        if (on_kernel_filesystem(output.path))
            refuse("is a file of the kernel (/proc, /sys), not one to write to");
        if (S_ISDIR(status.st_mode)) {
            if (output.kind != OutputKind::folder) refuse("is a folder, not a file");
            check_folder(output.path);
            return;
        }
        if (output.kind == OutputKind::folder) refuse("is a file, not a folder");
        if (!S_ISREG(status.st_mode)) return;  // a FIFO, /dev/null: written in place
        if (output.kind != OutputKind::in_place) check_folder(parent);
        if (output.kind == OutputKind::replaced) return;
        // Opened as it will be, without truncating or creating.
        const int descriptor =
            ::open(output.path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC);
        if (descriptor < 0) refuse(std::strerror(errno));
        ::close(descriptor);
        return;
    }
    if (errno != ENOENT && errno != ENOTDIR) refuse(std::strerror(errno));
    // Step 1. The nearest folder on the way that exists: the database's folders and a folder
    // output's are made; a file written in place needs its own folder.
    fs::path nearest = path.parent_path();
    while (true) {
        const std::string name = nearest.empty() ? "." : nearest.string();
        if (::stat(name.c_str(), &status) == 0) {
            // Step 2. It must be a folder that takes new files.
            if (!S_ISDIR(status.st_mode)) refuse(name + " is a file, not a folder");
            if (output.kind == OutputKind::in_place && name != parent)
                refuse("the folder " + parent + " does not exist");
            check_folder(name);
            return;
        }
        if ((errno != ENOENT && errno != ENOTDIR) || nearest.empty() ||
            nearest == nearest.root_path())
            refuse(name + ": " + std::strerror(errno));
        nearest = nearest.parent_path();
    }
}

void create_folder(const std::filesystem::path& folder, const std::string& label) {
    std::error_code error;
    fs::create_directories(folder, error);
    if (error)
        throw OutputError(named_path({folder.string(), label}) + ": " + error.message() +
                          "; nothing was written");
}

RunFolder::RunFolder(std::filesystem::path folder, const std::string& label)
    : folder_(std::move(folder)) {
    std::error_code error;
    for (fs::path at = fs::absolute(folder_, error);
         !error && !at.empty() && !fs::exists(at, error); at = at.parent_path()) {
        made_ = at;
        if (at == at.parent_path()) break;
    }
    create_folder(folder_, label);
}

RunFolder::~RunFolder() {
    if (made_.empty()) return;
    std::error_code error;
    // Empty folders only, from the deepest up to the highest one made; a folder with a file in it
    // (or one another process made meanwhile and filled) stays.
    for (fs::path at = fs::absolute(folder_, error);
         !error && at.string().size() >= made_.string().size(); at = at.parent_path()) {
        if (!fs::is_empty(at, error) || error || !fs::remove(at, error)) return;
        if (at == made_) return;
    }
}

void refuse_outputs_over_inputs(std::span<const NamedFile> outputs,
                                std::span<const NamedFile> inputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const NamedFile& output = outputs[i];
        if (!is_file_path(output.path)) continue;
        auto refuse = [&](const NamedFile& other, const char* what) {
            throw OutputError(named_path(output) + ": is the same file as " + named_path(other) +
                              " (" + what + "); nothing was written: give another file");
        };
        for (const NamedFile& input : inputs)
            if (is_file_path(input.path) && same_file(output.path, input.path))
                refuse(input, "which this command reads");
        for (std::size_t j = 0; j < i; ++j)
            if (is_file_path(outputs[j].path) && same_file(output.path, outputs[j].path))
                refuse(outputs[j], "another output");
    }
}

std::vector<NamedFile> database_files(const std::string& path, const std::string& label) {
    if (!is_file_path(path) || path == ":memory:") return {};
    return {{path, label},
            {path + "-wal", label + "'s write-ahead log"},
            {path + "-shm", label + "'s shared-memory file"},
            {path + "-journal", label + "'s journal"}};
}

void flush_standard_output() {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        int error = errno;
        if (!error) {
            // The failed write happened earlier (stdout is line-buffered on a pipe or file) and
            // its errno is gone: one more byte straight to the descriptor tells why.
            error = ::write(STDOUT_FILENO, "\n", 1) < 0 ? errno : 0;
        }
        std::clearerr(stdout);
        throw OutputError(std::string("standard output: ") +
                          (error ? std::strerror(error) : "write failed"));
    }
}

}  // namespace arbiter
