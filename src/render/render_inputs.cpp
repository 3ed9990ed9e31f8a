#include "render/render_inputs.hpp"

#include "render/page_frame.hpp"

namespace render {

namespace {

// The episodes of each topic (or guest) name, by slug.
RenderInputs::Terms group_terms(const core::Catalog& catalog, const CardCache& cards, bool topics) {
    RenderInputs::Terms terms;
    std::unordered_map<std::string, std::string> slugs;  // a few names, each on many episodes
    for (const auto& e : catalog.episodes) {
        const notes::EpisodeExtras* x = cards.extras(e);
        if (!x) continue;
        for (const auto& name : topics ? notes::Curation::topics_of(x, e) : x->guests) {
            auto [slug, fresh] = slugs.try_emplace(name);
            if (fresh) slug->second = site::term_slug(name);
            RenderInputs::Term& t = terms[slug->second];
            if (t.name.empty()) t.name = name;
            if (t.episodes.empty() || t.episodes.back() != &e)
                t.episodes.push_back(&e);  // ("GPU" and "gpu" on one episode)
        }
    }
    return terms;
}

}  // namespace

RenderInputs::RenderInputs(const config::SiteConfig& cfg, const site::SiteContent& site_content)
    : config(cfg),
      content(site_content),
      catalog(site_content.catalog),
      curation(site_content.curation),
      site(site_content.site),
      site_root(site_data(site, site_content.nav)),
      cards(site_content) {
    by_slug.reserve(catalog.episodes.size());
    for (const auto& e : catalog.episodes) by_slug.emplace(e.slug, &e);
}

const RenderInputs::Terms& RenderInputs::topics() const {
    return m_terms.get(0, [this] { return group_terms(catalog, cards, true); });
}

const RenderInputs::Terms& RenderInputs::guests() const {
    return m_terms.get(1, [this] { return group_terms(catalog, cards, false); });
}

const core::Episode* RenderInputs::episode(const std::string& slug) const {
    auto it = by_slug.find(slug);
    return it == by_slug.end() ? nullptr : it->second;
}

}  // namespace render
