#include "concurrency/memory.hpp"

#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>

namespace concurrency {

void release_free_memory() {
    // Looked up, not linked: the library also runs on glibc's allocator (tests, sanitizers).
    using Mallctl = int (*)(const char*, void*, std::size_t*, void*, std::size_t);
    auto mallctl = reinterpret_cast<Mallctl>(::dlsym(RTLD_DEFAULT, "mallctl"));
    if (!mallctl) return;
    mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);  // 4096: MALLCTL_ARENAS_ALL
}

void give_back_pages(std::span<char> bytes) {
#ifdef MADV_DONTNEED
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto begin = reinterpret_cast<std::uintptr_t>(bytes.data());
    const std::uintptr_t first = (begin + page - 1) / page * page, end = (begin + bytes.size()) / page * page;
    if (first < end) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_DONTNEED);
#else
    (void)bytes;
#endif
}

void use_small_pages() {
#ifdef PR_SET_THP_DISABLE
    ::prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);  // (a kernel without huge pages refuses it: nothing to do)
#endif
}

}  // namespace concurrency
