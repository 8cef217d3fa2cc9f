#include "harness/report/output_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arbiter {

OutputFile::OutputFile(std::string path, Mode mode) : path_(std::move(path)) {
    if (path_ == "-") {
        file_ = stdout;
        return;
    }
    file_ = std::fopen(path_.c_str(), mode == Mode::append ? "ab" : "wb");
    if (!file_) fail(errno);
    owned_ = true;
}

OutputFile::~OutputFile() {
    if (file_ && owned_) std::fclose(file_);
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
    flush();
    std::FILE* file = file_;
    file_ = nullptr;
    if (owned_ && std::fclose(file) != 0) fail(errno);
}

void OutputFile::fail(int error) const {
    std::string name = path_ == "-" ? "standard output" : path_;
    throw OutputError(name + ": " + (error ? std::strerror(error) : "write failed"));
}

void write_output_file(const std::string& path, std::string_view text) {
    OutputFile file(path);
    file.write(text);
    file.close();
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
