#include "render/page_queue.hpp"

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
                for (;;) {
                    std::size_t k;
                    {
                        std::unique_lock lock(mutex);
                        changed.wait(lock, [&] { return failure || next >= n || next < written + k_window; });
                        if (failure || next >= n) return;
                        k = next++;
                    }
                    std::string page = m_jobs[k].render(templates);
                    std::lock_guard lock(mutex);
                    html[k] = std::move(page);
                    ready[k] = 1;
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
                ++written;
                changed.notify_all();
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
