// Runs a fuzz target over files instead of under libFuzzer: every regular file of each directory
// (or each file) named on the command line goes through LLVMFuzzerTestOneInput once. This is how
// the committed corpora replay in the ordinary build and in CI, without clang. Exits non-zero if
// nothing was run, so a missing or empty corpus cannot pass.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& path) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(path)) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
            if (entry.is_regular_file()) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
    } else if (std::filesystem::is_regular_file(path)) {
        files.push_back(path);
    }
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t runs = 0;
    for (int i = 1; i < argc; ++i) {
        for (const auto& file : inputs_of(argv[i])) {
            std::ifstream in(file, std::ios::binary);
            std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
            if (!in.eof() && in.fail()) {
                std::cerr << file.string() << ": cannot be read\n";
                return 1;
            }
            // A copy of exactly `size` bytes, so a read past the end is caught by sanitizers.
            std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
            LLVMFuzzerTestOneInput(data.data(), data.size());
            ++runs;
        }
    }
    std::cout << "replayed " << runs << " inputs\n";
    if (runs == 0) {
        std::cerr << "no input found in the paths given\n";
        return 1;
    }
    return 0;
}
