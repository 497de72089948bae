// A shared library opened at run time (dlopen), so that rift runs without it and uses it where it is installed.
// Once open it stays open for the life of the process: closing a compiler library while the process exits could
// unload code its own exit handlers still run.
#pragma once

#include <dlfcn.h>
#include <string>
#include <vector>

namespace rift {

class SharedLibrary {
public:
    SharedLibrary() = default;
    SharedLibrary(const SharedLibrary&) = delete;
    SharedLibrary& operator=(const SharedLibrary&) = delete;

    // Opens the first of `names` that loads and for which `bind(*this)` (which resolves the symbols wanted)
    // succeeds; a library without every symbol is closed again and the next name tried.
    template <class Bind>
    bool open_first(const std::vector<std::string>& names, Bind bind)
    {
        for (const std::string& name : names) {
            if (name.empty() || (handle_ = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) == nullptr) continue;
            if (bind(*this)) return true;
            close();
        }
        return false;
    }
    template <class Function>
    bool resolve(const char* symbol, Function& function) const
    {
        function = reinterpret_cast<Function>(dlsym(handle_, symbol));
        return function != nullptr;
    }
    bool loaded() const { return handle_ != nullptr; }

private:
    void close()
    {
        if (handle_ != nullptr) dlclose(handle_);
        handle_ = nullptr;
    }
    void* handle_ = nullptr;
};

} // namespace rift
