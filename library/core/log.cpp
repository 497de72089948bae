#include "library/core/log.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace rift {

namespace {

std::atomic<int> enabled_layers{0};
std::mutex log_mutex;
std::string log_file_path; // empty: stderr; guarded by log_mutex

int parse_layers(const char* spec)
{
    int layers = 0;
    std::istringstream items(spec != nullptr ? spec : "");
    std::string item;
    while (std::getline(items, item, ',')) {
        if (item == "plan") layers |= int(LogLayer::plan);
        if (item == "launch") layers |= int(LogLayer::launch);
        if (item == "all" || item == "1") layers |= int(LogLayer::plan) | int(LogLayer::launch);
    }
    return layers;
}

} // namespace

void configure_logging_from_environment()
{
    const char* file = std::getenv("RIFT_LOG_FILE");
    std::lock_guard<std::mutex> lock(log_mutex);
    log_file_path = file != nullptr ? file : "";
    enabled_layers = parse_layers(std::getenv("RIFT_LOG"));
}

bool logging(LogLayer layer) { return (enabled_layers.load(std::memory_order_relaxed) & int(layer)) != 0; }

void log_text(const std::string& text)
{
    std::lock_guard<std::mutex> lock(log_mutex);
    std::FILE* out = log_file_path.empty() ? stderr : std::fopen(log_file_path.c_str(), "a");
    if (out == nullptr) return; // logging must never fail a transform
    std::fputs(text.c_str(), out);
    if (!text.empty() && text.back() != '\n') std::fputc('\n', out);
    if (out != stderr) std::fclose(out);
}

} // namespace rift
