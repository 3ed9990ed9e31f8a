#include "concurrency/memory.hpp"

#include <dlfcn.h>
#include <sys/prctl.h>

#include <cstddef>

namespace concurrency {

void release_free_memory() {
    // Looked up, not linked: the library also runs on glibc's allocator (tests, sanitizers).
    using Mallctl = int (*)(const char*, void*, std::size_t*, void*, std::size_t);
    auto mallctl = reinterpret_cast<Mallctl>(::dlsym(RTLD_DEFAULT, "mallctl"));
    if (!mallctl) return;
    mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);  // 4096: MALLCTL_ARENAS_ALL
}

void use_small_pages() {
#ifdef PR_SET_THP_DISABLE
    ::prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);  // (a kernel without huge pages refuses it: nothing to do)
#endif
}

}  // namespace concurrency
