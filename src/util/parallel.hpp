#pragma once
// Runs independent pieces of work on every core.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace util {

// The threads worth using for `n` pieces: one per core (at least two, which the machines we
// build on have), but no more than one per `min_per_thread` pieces (a thread costs ~50 us),
// and always one.
inline unsigned threads_for(std::size_t n, std::size_t min_per_thread) {
    std::size_t cores = std::max(2u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min(cores, n / std::max<std::size_t>(1, min_per_thread))));
}

// Calls fn(i) for every i in [0, n), each exactly once, on up to threads_for(n, min_per_thread)
// threads and at most `max_threads` (the caller's among them); pieces are handed out in order as threads come free, so
// a few large pieces first balance well. fn must only write what piece i owns. The first
// exception thrown by any piece is rethrown here once all threads stopped.
template <typename Fn>
void parallel_for(std::size_t n, std::size_t min_per_thread, Fn&& fn, unsigned max_threads = 1024) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            try {
                fn(i);
            } catch (...) {
                std::lock_guard lock(failure_lock);
                if (!failure) failure = std::current_exception();
                next = n;  // stop handing out work
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min(max_threads, threads_for(n, min_per_thread)); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace util
