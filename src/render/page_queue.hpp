#pragma once
// Pages queued for rendering, rendered and written on every core as they are done, and added to
// the output by the calling thread (each to its own path: the output does not depend on the
// order). Each thread renders with its own copy of the templates (kainjow's keep state while
// rendering); a small queue is rendered on the calling thread with the templates given. At most
// a window of pages is taken and not yet added, and a page's text is freed once it is written:
// a large site is never held in memory whole.
#include <functional>
#include <string>
#include <vector>

#include "render/page_sink.hpp"
#include "render/template_set.hpp"

namespace render {

class PageQueue {
public:
    using Render = std::function<std::string(const TemplateSet&)>;

    PageQueue(const TemplateSet& templates, PageSink& sink) : m_templates(templates), m_sink(sink) {}

    // `cost`: how many episodes the page lists, roughly (1 for an episode's page). The costliest
    // pages are rendered first: a page listing every episode taken last would leave one core
    // rendering it alone while the others wait.
    void add(std::string path, Render render, std::size_t cost = 1) {
        m_jobs.push_back({std::move(path), std::move(render), cost});
    }

    // Renders and writes everything queued; rethrows the first failure.
    void run();

private:
    struct Job {
        std::string path;
        Render render;
        std::size_t cost;
    };
    const TemplateSet& m_templates;
    PageSink& m_sink;
    std::vector<Job> m_jobs;
};

}  // namespace render
