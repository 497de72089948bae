// The on-disk cache of what takes long to make and comes out the same in every process: the kernels compiled at
// run time (library/exec/runtime_kernels.h) and the plans' largest tables (library/tables/twiddle_table.h).
// RIFT_KERNEL_CACHE names its folder ("off" or empty: none); by default $XDG_CACHE_HOME/rift/kernels or
// ~/.cache/rift/kernels. Each entry is a file named by a hash of its key, holding the key and the contents; it is
// written under a temporary name and renamed into place, so processes filling the cache at once never see half an
// entry. Unreadable, unwritable or corrupt entries are skipped (with a line in the plan log), never an error.
#pragma once

#include <cstdint>
#include <string>

namespace rift::kernel_cache {

std::string folder(); // "" when disabled
// The entry's contents into `contents` (std::string or std::vector<unsigned char>), read once into place.
template <class Bytes>
bool load(const std::string& key, Bytes& contents);
void store(const std::string& key, const void* contents, size_t size);
inline void store(const std::string& key, const std::string& contents)
{
    store(key, contents.data(), contents.size());
}

// A 64-bit hash of bytes (FNV-1a's mixing, eight bytes a step), for entries' checksums.
uint64_t hash_bytes(const void* data, size_t size, uint64_t hash = 1469598103934665603ull);

} // namespace rift::kernel_cache
