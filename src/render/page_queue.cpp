#include "render/page_queue.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>

#include "util/parallel.hpp"

namespace render {

namespace {
constexpr std::size_t k_pages_per_thread_minimum = 64;  // fewer: not worth a thread
constexpr std::size_t k_window = 512;                   // pages taken and not yet added
constexpr std::size_t k_pages_per_turn = 8;             // taken at once: one lock and one wake-up per 8 pages
}  // namespace

void PageQueue::run() {
    const std::size_t n = m_jobs.size();
    const unsigned threads = util::threads_for(n, k_pages_per_thread_minimum);
    if (threads == 1) {
        for (auto& job : m_jobs) m_sink.add(job.path, job.render(m_templates));
        m_jobs.clear();
        return;
    }
    // The costliest first; pages of equal cost in the order queued.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m_jobs[a].cost > m_jobs[b].cost; });
    // Each thread writes the pages it renders (Output::prepare: the file's hash and the system
    // calls that write it are a third of rendering's work, and left to one thread they were the
    // stage's critical path); this thread then adds them to the output, in the order they come.
    std::vector<output::Output::Prepared> done;  // rendered and written, not yet added
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t next = 0, added = 0;  // positions in `order`: taken, and added to the output
    std::exception_ptr failure;
    auto fail = [&] {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        changed.notify_all();
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            try {
                TemplateSet templates = m_templates;  // (copied while no thread renders with it)
                std::vector<output::Output::Prepared> pages;
                for (;;) {
                    std::size_t first, count;
                    {
                        std::unique_lock lock(mutex);
                        changed.wait(lock, [&] { return failure || next >= n || next < added + k_window; });
                        if (failure || next >= n) return;
                        first = next;
                        count = std::min(k_pages_per_turn, n - first);
                        next += count;
                    }
                    pages.clear();
                    for (std::size_t i = first; i < first + count; ++i) {
                        const Job& job = m_jobs[order[i]];
                        pages.push_back(m_sink.prepare(job.path, job.render(templates)));
                    }
                    std::lock_guard lock(mutex);
                    for (auto& page : pages) done.push_back(std::move(page));
                    changed.notify_all();
                }
            } catch (...) {
                fail();
            }
        });
    try {
        std::vector<output::Output::Prepared> batch;
        while (added < n) {
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return failure || !done.empty(); });
                if (failure) break;
                batch.swap(done);
            }
            for (auto& page : batch) m_sink.add(std::move(page));
            std::lock_guard lock(mutex);
            added += batch.size();  // room in the window for the threads' next turns
            batch.clear();
            changed.notify_all();
        }
    } catch (...) {
        fail();
    }
    for (auto& th : pool) th.join();
    m_jobs.clear();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace render
