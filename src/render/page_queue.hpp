#pragma once
// Pages queued for rendering, rendered on every core and written in the order they were queued,
// so the output does not depend on the threads. Each thread compiles its own templates
// (kainjow's keep state while rendering); a small queue is rendered on the calling thread with
// the templates given. Rendered pages wait for their turn to be written in a bounded window:
// a large site is never held in memory whole.
#include <functional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "render/page_sink.hpp"
#include "render/template_set.hpp"

namespace render {

class PageQueue {
public:
    using Render = std::function<std::string(const TemplateSet&)>;

    PageQueue(const config::SiteConfig& config, const TemplateSet& templates, PageSink& sink)
        : m_config(config), m_templates(templates), m_sink(sink) {}

    void add(std::string path, Render render) { m_jobs.push_back({std::move(path), std::move(render)}); }

    // Renders and writes everything queued; rethrows the first failure.
    void run();

private:
    struct Job {
        std::string path;
        Render render;
    };
    const config::SiteConfig& m_config;
    const TemplateSet& m_templates;
    PageSink& m_sink;
    std::vector<Job> m_jobs;
};

}  // namespace render
