#include "pipeline/last_build.hpp"

namespace pipeline {

PageReaders::PageReaders(const config::SiteConfig& config, const site::SiteContent& content,
                         const render::Dependencies& pages)
    : inputs(std::make_shared<const render::RenderInputs>(config, content)) {
    for (const auto& [path, keys] : pages)
        for (render::DepKey key : keys) readers[key].push_back(&path);
}

std::unordered_set<std::string> PageReaders::readers_of(const render::ChangedKeys& keys) const {
    std::unordered_set<std::string> paths;
    for (render::DepKey key : keys)
        if (auto it = readers.find(key); it != readers.end())
            for (const std::string* path : it->second) paths.insert(*path);
    return paths;
}

std::optional<stages::InputFeed> output_feed(const LastBuild& last, const config::SiteConfig& config) {
    if (!last.feed_items) return stages::previous_feed(config);
    return stages::InputFeed{(config.output_dir() / "feed.xml").string(), feed::as_published(last.feed_items->items)};
}

void prepare_next(LastBuild& last, const config::SiteConfig& config) {
    if (!last.spare && last.sources) last.spare = std::make_shared<core::Catalog>(last.sources->catalog);
    if (!last.readers && last.content && !last.pages.empty())
        last.readers = std::make_shared<const PageReaders>(config, *last.content, last.pages);
}

}  // namespace pipeline
