#include "library/platform/kernel_cache.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "library/core/log.h"

namespace rift::kernel_cache {

namespace {

constexpr const char* kCacheMagic = "rift kernel cache 1\n";

void log_plan_line(const std::string& line)
{
    if (logging(LogLayer::plan)) log_text("rift: " + line + "\n");
}

uint64_t fnv1a(const std::string& text)
{
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    return hash;
}

std::string hex(uint64_t value)
{
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

bool make_folders(const std::string& path)
{
    for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
        const std::string prefix = path.substr(0, slash);
        if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
        if (slash == std::string::npos) return true;
    }
}

std::string entry_path(const std::string& key) { return folder() + "/" + hex(fnv1a(key)) + ".bin"; }

enum class FileRead { whole, missing, failed };

template <class Bytes>
FileRead read_file(const std::string& path, Bytes& contents)
{
    FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) return errno == ENOENT ? FileRead::missing : FileRead::failed;
    struct stat status;
    bool read = fstat(fileno(file), &status) == 0 && status.st_size >= 0;
    if (read) {
        contents.resize(size_t(status.st_size));
        read = std::fread(contents.data(), 1, contents.size(), file) == contents.size();
    }
    std::fclose(file);
    return read ? FileRead::whole : FileRead::failed;
}

} // namespace

std::string folder()
{
    if (const char* chosen = std::getenv("RIFT_KERNEL_CACHE")) {
        const std::string value = chosen;
        return value == "off" ? std::string() : value;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/')
        return std::string(xdg) + "/rift/kernels";
    if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/')
        return std::string(home) + "/.cache/rift/kernels";
    return {};
}

template <class Bytes>
bool load(const std::string& key, Bytes& contents)
{
    if (folder().empty()) return false;
    const std::string path = entry_path(key);
    const FileRead read = read_file(path, contents);
    if (read != FileRead::whole) {
        if (read == FileRead::failed) log_plan_line("cache entry " + path + " unreadable; making it instead");
        return false;
    }
    const size_t magic = std::strlen(kCacheMagic), header = magic + key.size() + 1;
    const char* text = reinterpret_cast<const char*>(contents.data());
    if (contents.size() <= header || std::memcmp(text, kCacheMagic, magic) != 0 ||
        std::memcmp(text + magic, key.data(), key.size()) != 0 || text[header - 1] != '\n') {
        log_plan_line("cache entry " + path + " is not this one's or is damaged; making it instead");
        contents.clear();
        return false;
    }
    // The header dropped in place: no second copy of a long entry.
    contents.erase(contents.begin(), contents.begin() + std::ptrdiff_t(header));
    return true;
}

template bool load(const std::string& key, std::string& contents);
template bool load(const std::string& key, std::vector<unsigned char>& contents);

void store(const std::string& key, const void* contents, size_t size)
{
    const std::string where = folder();
    if (where.empty()) return;
    if (!make_folders(where)) {
        log_plan_line("cache folder " + where + " cannot be made; not caching");
        return;
    }
    static std::atomic<unsigned> sequence{0};
    const std::string path = entry_path(key);
    const std::string temporary =
        path + "." + std::to_string(getpid()) + "." + std::to_string(sequence.fetch_add(1)) + ".tmp";
    const std::string header = std::string(kCacheMagic) + key + '\n';
    FILE* file = std::fopen(temporary.c_str(), "wb");
    bool written = file != nullptr && std::fwrite(header.data(), 1, header.size(), file) == header.size() &&
                   std::fwrite(contents, 1, size, file) == size;
    if (file != nullptr) written = std::fclose(file) == 0 && written;
    if (!written) {
        std::remove(temporary.c_str());
        log_plan_line("cache entry " + path + " cannot be written; not caching");
        return;
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        log_plan_line("cache entry " + path + " cannot be renamed into place; not caching");
    }
}

uint64_t hash_bytes(const void* data, size_t size, uint64_t hash)
{
    // Four words a step in four independent chains, so that the multiplies overlap; then the chains and the tail.
    constexpr uint64_t kPrime = 1099511628211ull;
    const auto* bytes = static_cast<const unsigned char*>(data);
    uint64_t chains[4] = {hash, hash ^ 1, hash ^ 2, hash ^ 3};
    size_t i = 0;
    for (; i + 32 <= size; i += 32)
        for (int c = 0; c < 4; ++c) {
            uint64_t word;
            std::memcpy(&word, bytes + i + 8 * c, 8);
            chains[c] = (chains[c] ^ word) * kPrime;
            chains[c] ^= chains[c] >> 29; // folds the high bits back, which a multiply alone never carries down
        }
    for (int c = 0; c < 4; ++c) hash = ((hash ^ chains[c]) * kPrime) ^ (hash >> 29);
    for (; i < size; ++i) hash = (hash ^ bytes[i]) * kPrime;
    return hash;
}

} // namespace rift::kernel_cache
