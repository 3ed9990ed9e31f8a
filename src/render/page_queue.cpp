#include "render/page_queue.hpp"

#include <algorithm>
#include <numeric>

#include "concurrency/parallel.hpp"

namespace render {

namespace {
constexpr std::size_t k_pages_per_thread_minimum = 64;  // fewer: not worth a thread
}  // namespace

PageQueue::Done PageQueue::make(const Job& job, const TemplateSet& templates) const {
    if (!job.page) return {m_sink.prepare(job.path, job.file()), {}, false};
    RenderedPage page = job.page(templates);
    return {m_sink.prepare(job.path, std::move(page.text)), std::move(page.reads), true};
}

void PageQueue::add(Done done) {
    if (done.page) m_sink.note_reads(done.file.path, std::move(done.reads));
    m_sink.add(std::move(done.file));
}

void PageQueue::run() {
    const std::size_t n = m_jobs.size();
    const unsigned threads = concurrency::threads_for(n, k_pages_per_thread_minimum);
    if (threads == 1) {
        for (const auto& job : m_jobs) add(make(job, m_templates));
        m_jobs.clear();
        return;
    }
    // The costliest first; pages of equal cost in the order queued.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return m_jobs[a].cost > m_jobs[b].cost; });
    // Each thread writes the pages it renders (Output::prepare: the file's hash and the system
    // calls that write it are a third of rendering's work, and left to one thread they were the
    // stage's critical path); this thread then adds them to the output, in the order they come.
    concurrency::bounded_pipeline(
        n, {.threads = threads},
        [&] { return TemplateSet(m_templates); },  // (copied on the thread, while none renders with it)
        [&](const TemplateSet& templates, std::size_t i) { return make(m_jobs[order[i]], templates); },
        [&](Done done) { add(std::move(done)); });
    m_jobs.clear();
}

}  // namespace render
