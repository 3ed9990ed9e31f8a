#pragma once
// Where render_site sends pages, and what each page was made from.
//
// Every page is declared with the keys of the inputs its data reads (below) before it is
// rendered. A full build renders every page and records the keys; an incremental rebuild (see
// src/incremental/) passes the keys that changed and gets only the pages that read one of them.
// The record is made by the same code that builds each page's data, so it cannot drift from
// what the templates are given.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "output/output.hpp"

namespace render {

namespace dep {
inline const std::string site = "site";            // site.yaml, SiteInfo, navigation, templates
inline const std::string order = "order";          // which episodes exist, in which order
inline const std::string any_episode = "episodes";  // some episode's own fields (the archive lists all)
inline std::string episode(const std::string& slug) { return "e:" + slug; }  // its fields and text
inline std::string note(const std::string& slug) { return "n:" + slug; }     // what its note adds
inline std::string card_note(const std::string& slug) { return "s:" + slug; }  // what cards show of it: summary, topics
inline std::string term(const std::string& section, const std::string& term_slug) { return "t:" + section + "/" + term_slug; }
inline std::string term_index(const std::string& section) { return "T:" + section; }
inline std::string page(const std::string& slug) { return "p:" + slug; }
}  // namespace dep

// Output path -> the keys of the inputs the page read.
using Dependencies = std::map<std::string, std::vector<std::string>>;

class PageSink {
public:
    // `record` (optional) receives every declared page's keys. `changed` (optional): only pages
    // that read one of these keys are rendered; without it, all are.
    explicit PageSink(output::Output& out, Dependencies* record = nullptr, const std::set<std::string>* changed = nullptr)
        : m_out(out), m_record(record), m_changed(changed) {}

    // Declares the page at `path`; true when it must be rendered now.
    bool wanted(const std::string& path, std::vector<std::string> keys);

    // A rendered page, or a file that is not a page (sitemap, static files): always written.
    void add(const std::string& path, std::string content) { m_out.add(path, std::move(content)); }

    std::size_t rendered() const { return m_rendered; }

private:
    output::Output& m_out;
    Dependencies* m_record;
    const std::set<std::string>* m_changed;
    std::size_t m_rendered = 0;
};

}  // namespace render
