#include "site/site_content.hpp"

namespace site {

const EpisodeText& SiteContent::text(const core::Episode& e) const {
    static const TextCache none;  // (TextCache::of locks for an episode it was not made with)
    return (texts ? *texts : none).of(e);
}

}  // namespace site
