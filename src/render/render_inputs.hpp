#pragma once
// What every page is made from, prepared once before the pages are declared.
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "concurrency/parallel.hpp"
#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/cards.hpp"
#include "render/data.hpp"
#include "site/site_content.hpp"
#include "site/site_info.hpp"

namespace render {

// It refers to its arguments, which must outlive it, and is read only afterwards (pages are
// rendered on every core). `serve` prepares it while it works out which inputs an edit changed.
struct RenderInputs {
    RenderInputs(const config::SiteConfig& config, const site::SiteContent& content);
    const config::SiteConfig& config;
    const site::SiteContent& content;
    const core::Catalog& catalog;
    const notes::Curation& curation;
    const site::SiteInfo& site;
    const Data site_root;  // {site: ...}: under every page's data
    const CardCache cards;
    std::unordered_map<std::string_view, const core::Episode*> by_slug;
    // Topics or guests: by slug (names that slug alike are one term), each with its episodes.
    struct Term {
        std::string name;
        std::vector<const core::Episode*> episodes;
    };
    using Terms = std::map<std::string, Term>;
    // Made when first asked, from any thread: only the topics' and guests' pages read them, and
    // a build after an edit of one note's body renders none (grouping every episode's topics
    // and guests was a few milliseconds of its main thread).
    const Terms& topics() const;
    const Terms& guests() const;

    // The episode of `slug`, or null.
    const core::Episode* episode(const std::string& slug) const;

private:
    concurrency::LazySlots<Terms> m_terms{2};  // (the topics, the guests)
};

}  // namespace render
