#include "serve/thread_pool.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace serve {

namespace {
// Each thread's stack is 8 MB whatever `ulimit -s` says: httplib matches a request's Range
// header (up to 8 KB) with std::regex, which recurses once per range.
constexpr std::size_t k_stack_bytes = 8u << 20;

// As many of `wanted` threads as a limit on address space leaves room for, their stacks taking
// at most a quarter of it (the rest is the site in memory and its rebuilds).
std::size_t within_address_space(std::size_t wanted) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return wanted;
    return std::min<std::size_t>(wanted, static_cast<std::size_t>(limit.rlim_cur / 4 / k_stack_bytes));
}
}  // namespace

BoundedThreadPool::BoundedThreadPool(std::size_t wanted) {
    wanted = within_address_space(wanted);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, k_stack_bytes);
    m_threads.reserve(wanted);
    for (std::size_t i = 0; i < wanted; ++i) {
        pthread_t thread;
        if (pthread_create(&thread, &attributes, &BoundedThreadPool::work, this) != 0) break;  // (EAGAIN: a limit)
        m_threads.push_back(thread);
    }
    pthread_attr_destroy(&attributes);
}

BoundedThreadPool::~BoundedThreadPool() {
    shutdown();
}

void BoundedThreadPool::enqueue(std::function<void()> fn) {
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(fn));
    }
    m_ready.notify_one();
}

void BoundedThreadPool::shutdown() {
    {
        std::lock_guard lock(m_mutex);
        if (m_shutdown && m_threads.empty()) return;
        m_shutdown = true;
    }
    m_ready.notify_all();
    for (pthread_t thread : m_threads) pthread_join(thread, nullptr);
    m_threads.clear();
}

void* BoundedThreadPool::work(void* self) {
    auto& pool = *static_cast<BoundedThreadPool*>(self);
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(pool.m_mutex);
            pool.m_ready.wait(lock, [&] { return pool.m_shutdown || !pool.m_jobs.empty(); });
            if (pool.m_jobs.empty()) return nullptr;  // (shut down, and nothing left to do)
            job = std::move(pool.m_jobs.front());
            pool.m_jobs.pop_front();
        }
        job();
    }
}

}  // namespace serve
