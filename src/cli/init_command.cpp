#include "cli/init_command.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "fetch/fetch_sources.hpp"
#include "scaffold/scaffold.hpp"
#include "sources/read_source.hpp"
#include "util/files.hpp"
#include "util/url.hpp"

namespace cli {

namespace fs = std::filesystem;

namespace {

struct InitArgs {
    std::string dir = ".";
    std::string feed;
};

constexpr const char* k_feed_snapshot = "content/sources/feed.xml";

// The feed's path as site.yaml names it: where it is when inside the site, else the copy made.
std::string feed_path_in_site(const fs::path& site, const fs::path& feed) {
    std::error_code ec;
    fs::path canonical_site = fs::weakly_canonical(site, ec), canonical_feed = fs::weakly_canonical(feed, ec);
    if (util::lexically_within(canonical_site, canonical_feed)) return canonical_feed.lexically_relative(canonical_site).generic_string();
    return k_feed_snapshot;
}

// Reads the feed as a build would; its channel says what the show is called.
std::optional<core::Channel> read_channel(const fs::path& file, const std::string& url) {
    config::SourceConfig source{"feed", file, file.string(), "", url, 0};
    auto batch = sources::read_source(source);
    for (const auto& d : batch.diagnostics)
        if (d.severity == core::Severity::error) throw core::InputError(d);
    return batch.channel;
}

bool write_new(const fs::path& path, const std::string& text) {
    std::error_code ec;
    if (fs::exists(path, ec)) {
        std::cout << "  kept     " << path.string() << " (it exists)\n";
        return false;
    }
    fs::create_directories(path.parent_path());
    std::string error;
    if (!util::write_file_atomically(path, text, error)) throw util::FileError(path.string(), error);
    std::cout << "  created  " << path.string() << "\n";
    return true;
}

int run_init(const InitArgs& args) {
    const fs::path site = args.dir;
    std::error_code ec;
    if (fs::exists(site / "site.yaml", ec)) {
        std::cerr << "podarchive: error: " << (site / "site.yaml").string() << " exists already: this folder has a site\n";
        return k_exit_input;
    }
    scaffold::Show show = scaffold::show_from(nullptr, "", "");
    std::optional<std::string> copy;  // the feed's text, when it is copied into the site
    bool fetch_after = false;
    if (util::is_http_url(args.feed)) {
        show = scaffold::show_from(nullptr, k_feed_snapshot, args.feed);
        fetch_after = true;
    } else if (!args.feed.empty()) {
        std::optional<core::Channel> channel = read_channel(args.feed, "");  // (a feed that cannot be read is refused here)
        std::string path = feed_path_in_site(site, args.feed);
        if (path == k_feed_snapshot) copy = util::read_file(args.feed);
        show = scaffold::show_from(channel ? &*channel : nullptr, path, "");
    }
    std::cout << "podarchive site in " << site.string() << ":\n";
    fs::create_directories(site);
    for (const auto& file : scaffold::site_files(show)) write_new(site / file.path, file.text);
    if (copy) write_new(site / k_feed_snapshot, *copy);
    if (fetch_after) {
        config::SiteConfig config = config::load_config(site / "site.yaml");
        auto outcome = fetch::fetch_source(config.sources.front(), {});
        std::cout << "  fetched  " << args.feed << ": " << outcome.message << "\n";
        if (outcome.kind == fetch::FetchOutcome::Kind::failed) {
            std::cerr << "podarchive: error: the feed could not be downloaded; run `podarchive fetch` in " << site.string()
                      << " when it can be\n";
            return k_exit_input;
        }
    }
    const std::string cd = site == "." ? "" : "cd " + site.string() + " && ";
    std::cout << "\nNext:\n  " << cd << "podarchive build     # the site, into public/\n  " << cd
              << "podarchive serve     # a preview that reloads as you edit\n"
              << "Then set base_url in site.yaml to where the site will be published.\n";
    return k_exit_ok;
}

}  // namespace

Command init_command() {
    return {"init", "Create a new site: site.yaml, content/ and templates/ (nothing existing is overwritten)", [](CLI::App& sub) {
                auto args = std::make_shared<InitArgs>();
                sub.add_option("dir", args->dir, "The site's folder (made if missing)")->capture_default_str();
                sub.add_option("--feed", args->feed, "The show's feed: a URL (downloaded now) or a file");
                return std::function<int()>([args] { return run_init(*args); });
            }};
}

}  // namespace cli
