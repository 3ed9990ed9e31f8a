#pragma once
// Pages queued for rendering, rendered and written on every core as they are done, and added to
// the output by the calling thread (each to its own path: the output does not depend on the
// order; concurrency::bounded_pipeline). Each thread renders with its own copy of the templates
// (kainjow's keep state while rendering); a small queue is rendered on the calling thread with
// the templates given.
#include <functional>
#include <string>
#include <vector>

#include "render/page_sink.hpp"
#include "render/template_set.hpp"

namespace render {

// A page's text and the keys of the inputs its data read (page_sink.hpp).
struct RenderedPage {
    std::string text;
    DepKeys reads;
};

class PageQueue {
public:
    using Render = std::function<RenderedPage(const TemplateSet&)>;
    using RenderFile = std::function<std::string()>;

    PageQueue(const TemplateSet& templates, PageSink& sink) : m_templates(templates), m_sink(sink) {}

    // A page the sink wanted (PageSink::wanted), recorded with what it read. `cost`: how many
    // episodes the page lists, roughly (1 for an episode's page). The costliest pages are
    // rendered first: a page listing every episode taken last would leave one core rendering it
    // alone while the others wait.
    void add_page(std::string path, Render render, std::size_t cost = 1) {
        m_jobs.push_back({std::move(path), std::move(render), {}, cost});
    }

    // A file that is not a page (the sitemap), made beside the pages.
    void add_file(std::string path, RenderFile make, std::size_t cost = 0) {
        m_jobs.push_back({std::move(path), {}, std::move(make), cost});
    }

    // Renders and writes everything queued; rethrows the first failure.
    void run();

private:
    struct Job {
        std::string path;
        Render page;      // (a page), or
        RenderFile file;  // (another file)
        std::size_t cost;
    };
    const TemplateSet& m_templates;
    PageSink& m_sink;
    std::vector<Job> m_jobs;

    // The job's file, written (Output::prepare), and what the page read.
    struct Done {
        output::Output::Prepared file;
        DepKeys reads;
        bool page;
    };
    Done make(const Job& job, const TemplateSet& templates) const;
    void add(Done done);
};

}  // namespace render
