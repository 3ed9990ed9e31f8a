#include "render/page_queue.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "render/site_renderer.hpp"
#include "util/parallel.hpp"

namespace render {

namespace {
constexpr std::size_t k_pages_per_thread_minimum = 64;  // fewer: not worth a thread and its templates
constexpr std::size_t k_window = 512;                   // pages rendered ahead of the one being written
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
    std::vector<std::string> html(n);
    std::vector<char> ready(n, 0);
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t next = 0, written = 0;
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
                TemplateSet templates = load_templates(m_config);
                std::vector<std::string> pages;
                for (;;) {
                    std::size_t first, count;
                    {
                        std::unique_lock lock(mutex);
                        changed.wait(lock, [&] { return failure || next >= n || next < written + k_window; });
                        if (failure || next >= n) return;
                        first = next;
                        count = std::min(k_pages_per_turn, n - first);
                        next += count;
                    }
                    pages.resize(count);
                    for (std::size_t i = 0; i < count; ++i) pages[i] = m_jobs[first + i].render(templates);
                    std::lock_guard lock(mutex);
                    for (std::size_t i = 0; i < count; ++i) {
                        html[first + i] = std::move(pages[i]);
                        ready[first + i] = 1;
                    }
                    changed.notify_all();
                }
            } catch (...) {
                fail();
            }
        });
    try {
        for (std::size_t k = 0; k < n; ++k) {
            std::string page;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return failure || ready[k]; });
                if (failure) break;
                page = std::move(html[k]);
                // Room in the window for a waiting thread's next turn (a thread takes a page only
                // once the pages before it are written or being rendered: no one waits forever).
                if (++written % k_pages_per_turn == 0) changed.notify_all();
            }
            m_sink.add(m_jobs[k].path, std::move(page));
        }
    } catch (...) {
        fail();
    }
    for (auto& th : pool) th.join();
    m_jobs.clear();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace render
