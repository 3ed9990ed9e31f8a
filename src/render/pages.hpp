#pragma once
// The site's pages, declared kind by kind. Each page's model returns its data and the keys of
// the inputs that data read (page_sink.hpp) from one call, so the record of what a page read
// cannot drift from what its template is given.
#include <string>
#include <utility>
#include <vector>

#include "render/data.hpp"
#include "render/page_queue.hpp"
#include "render/page_sink.hpp"
#include "render/render_inputs.hpp"

namespace render {

// What a template is given, and what it was made from.
struct PageModel {
    Data data;
    DepKeys reads;
};

// Where declared pages go: the sitemap's list of folders, the sink (which may skip a page none
// of whose inputs changed) and the queue that renders the others.
class Pages {
public:
    Pages(const RenderInputs& inputs, PageSink& sink, PageQueue& queue) : in(inputs), m_sink(sink), m_queue(queue) {}

    const RenderInputs& in;

    // Declares the page in folder `dir` (listed in the sitemap), rendered with `template_name`
    // from model() (a PageModel) when the sink wants it: nothing is built for a page not wanted.
    // `cost`: how many episodes the page lists (PageQueue renders the costliest first).
    template <class Model>
    void declare(const std::string& dir, std::string template_name, Model model, std::size_t cost = 1) {
        m_dirs.push_back(dir);
        declare_file(dir + "index.html", std::move(template_name), std::move(model), cost);
    }

    // The same for a page the sitemap does not list (search, 404), at `file`.
    template <class Model>
    void declare_file(std::string file, std::string template_name, Model model, std::size_t cost = 1) {
        if (!m_sink.wanted(file)) return;
        m_queue.add_page(
            std::move(file),
            [&in = in, template_name = std::move(template_name),
             model = std::move(model)](const TemplateSet& templates) {
                PageModel page = model();
                return RenderedPage{templates.render(template_name, in.site_root, page.data, &in.cards),
                                    std::move(page.reads)};
            },
            cost);
    }

    // A file that is not a page (an episode's chapters.json), at `file`, made by make() (a
    // std::string) from inputs `reads`: kept or made again like a page.
    template <class Make>
    void declare_data(std::string file, DepKeys reads, Make make) {
        if (!m_sink.wanted(file)) return;
        m_queue.add_page(std::move(file), [reads = std::move(reads), make = std::move(make)](const TemplateSet&) {
            return RenderedPage{make(), reads};
        });
    }

    // False when no page in folder `dir` is to be rendered now (PageSink::wants_under): the
    // caller declares none there.
    bool wants_under(std::string_view dir) const { return m_sink.wants_under(dir); }

    // Every listed page's folder, in the order declared.
    const std::vector<std::string>& dirs() const { return m_dirs; }

private:
    PageSink& m_sink;
    PageQueue& m_queue;
    std::vector<std::string> m_dirs;
};

// index.html and page/N/index.html: every episode, newest first, episodes_per_page each.
void declare_home_pages(Pages& pages);
// episodes/<slug>/index.html (episode_page.cpp).
void declare_episode_pages(Pages& pages);
// <section>/ lists every topic (or guest) name, <section>/<name>/ (and its page/N/) its episodes:
// the names as `terms` groups them (asked only when a page under <section>/ is wanted: a rebuild
// of one episode's page groups none), labelled by the interface's word `label_key`.
void declare_term_pages(Pages& pages, const RenderInputs::Terms& (RenderInputs::*terms)() const,
                        const std::string& section, const std::string& label_key);
// archive/: every episode on one page, by year and month; undated ones at the end.
void declare_archive(Pages& pages);
// The pages of content/pages, at /<slug>/.
void declare_content_pages(Pages& pages);
// seasons/: every season's episodes, in episode order, when the show numbers seasons.
void declare_seasons(Pages& pages);
// Whether any episode has a season number (the site then has seasons/).
bool has_seasons(const core::Catalog& catalog);
// subscribe/: the feed's address to copy, the apps and directories, and what the feed holds.
void declare_subscribe(Pages& pages);
// audio/: what the archive keeps of each episode's audio, when it keeps any (audio.mirror_url):
// kept since, size, length, and whether it plays from the host or the copy.
void declare_audio_page(Pages& pages);
// search/index.html and 404.html: nothing but the shared parts.
void declare_search_and_404(Pages& pages);

}  // namespace render
