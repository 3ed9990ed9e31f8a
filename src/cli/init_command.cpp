#include "cli/init_command.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/fetch_sources.hpp"
#include "files/files.hpp"
#include "net/url.hpp"
#include "scaffold/scaffold.hpp"
#include "sources/read_source.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

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
    if (files::lexically_within(canonical_site, canonical_feed))
        return canonical_feed.lexically_relative(canonical_site).generic_string();
    return k_feed_snapshot;
}

// Reads the feed as a build would; its channel says what the show is called. A file that is not
// an RSS or Atom feed (a JSON list of episodes, a saved page) is refused: it has no show to start from.
core::Channel read_channel(const fs::path& file, const std::string& url) {
    config::SourceConfig source{"feed", file, file.string(), core::SourceKind::unknown, url, 0};
    auto batch = sources::read_source(source);
    for (const auto& d : batch.diagnostics)
        if (d.severity == core::Severity::error) throw core::InputError(d);
    if (!core::is_feed(batch.kind) || !batch.channel)
        throw core::InputError(core::error_at(
            {file.string(), 1, 1}, std::string("is not an RSS or Atom feed (it reads as ") +
                                       std::string(core::kind_name(batch.kind)) +
                                       "); init starts a site from the show's feed: give its address or its file"));
    return *batch.channel;
}

// Everything a refused init made, removed again: it leaves nothing behind.
struct Undo {
    std::vector<fs::path> made;  // files and folders, in the order made
    bool done = false;
    ~Undo() {
        if (done) return;
        std::error_code ec;
        for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ec);  // (a folder only while empty)
    }
};

// The folders missing on the way to `dir`, made, recorded in `undo`.
void make_folders(const fs::path& dir, Undo& undo) {
    std::vector<fs::path> missing;
    std::error_code ec;
    for (fs::path p = dir; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) missing.push_back(p);
    fs::create_directories(dir, ec);
    undo.made.insert(undo.made.end(), missing.rbegin(), missing.rend());
}

// Refuses a file of the new site that a link on its way would write outside the site's folder
// (a content/ or .github/ that is a link elsewhere).
void refuse_link_out(const fs::path& site, const fs::path& path) {
    if (auto target = files::link_out_of(site, path))
        throw core::InputError(
            core::error_at({path.string(), 0, 0},
                           "is reached through a symbolic link out of the site's folder (to " + *target +
                               "); init writes only inside the site: remove the link, or make the site elsewhere"));
}

bool write_new(const fs::path& site, const fs::path& path, const std::string& text, Undo& undo) {
    std::error_code ec;
    refuse_link_out(site, path.parent_path());
    if (fs::exists(fs::symlink_status(path, ec))) {
        std::cout << "  kept     " << path.string() << " (it exists)\n";
        return false;
    }
    make_folders(path.parent_path(), undo);
    std::string error;
    if (!files::write_file_atomically(path, text, error)) throw files::FileError(path.string(), error);
    undo.made.push_back(path);
    std::cout << "  created  " << path.string() << "\n";
    return true;
}

// Downloads the feed at `url` into the site's snapshot, as `fetch` would (only a feed is
// taken). False (having said why) when it cannot be had.
bool download_feed(const fs::path& site, const std::string& url, Undo& undo) {
    const fs::path snapshot = site / k_feed_snapshot;
    refuse_link_out(site, snapshot.parent_path());
    make_folders(snapshot.parent_path(), undo);
    // (the snapshot and fetch's state beside it are undone too, should the feed be refused later)
    std::error_code ec;
    for (const fs::path& file : {snapshot, fetch::state_path(snapshot), sources::kept_items_path(snapshot)})
        if (!fs::exists(fs::symlink_status(file, ec))) undo.made.push_back(file);
    auto outcome = fetch::fetch_source({"feed", snapshot, k_feed_snapshot, core::SourceKind::rss, url, 0}, {});
    if (outcome.kind == fetch::FetchOutcome::Kind::failed) {
        std::cerr << "podarchive: error: the feed could not be downloaded: " << url << ": " << outcome.message << "\n";
        return false;
    }
    std::cout << "  fetched  " << url << " into " << snapshot.string() << ": " << outcome.added + outcome.page_items
              << " items on " << text::count_text(static_cast<std::size_t>(outcome.pages), "page", "pages")
              << (outcome.pages > 1 ? " (the other pages' items are kept in " +
                                          sources::kept_items_path(snapshot).filename().string() + ")"
                                    : std::string())
              << "\n";
    for (const auto& problem : outcome.page_problems)
        std::cout << "  warning: " << text::terminal_safe(problem) << "\n";
    return true;
}

// Why init cannot take the feed file `feed` for the site in `site` as it is: it lies in the
// output folder (replaced by every build), or a different file already holds the snapshot's
// place. "" when it can.
std::string refused_feed_file(const fs::path& site, const fs::path& feed, const std::string& feed_path) {
    std::error_code ec;
    const fs::path output = fs::weakly_canonical(fs::absolute(site / "public"), ec);
    if (files::lexically_within(output, fs::weakly_canonical(fs::absolute(feed), ec)))
        return "is inside the output folder public/, which every build replaces: copy it elsewhere first (init copies "
               "it to " +
               std::string(k_feed_snapshot) + " when it is outside the site)";
    const fs::path snapshot = site / k_feed_snapshot;
    if (feed_path == k_feed_snapshot && fs::exists(fs::symlink_status(snapshot, ec)))
        return std::string("would be copied to ") + k_feed_snapshot +
               ", which exists already; init never replaces a file: move that one away, or give it as --feed " +
               k_feed_snapshot;
    return "";
}

int run_init(const InitArgs& args) {
    const fs::path site = args.dir;
    std::error_code ec;
    if (fs::exists(site / "site.yaml", ec)) {
        std::cerr << "podarchive: error: " << (site / "site.yaml").string()
                  << " exists already: this folder has a site\n";
        return k_exit_input;
    }
    std::optional<core::Channel> channel;  // what the feed says of the show (site.yaml is made from it)
    std::string feed_path, feed_url;       // the feed's snapshot in the site, and where `fetch` refreshes it
    std::optional<std::string> copy;       // the feed's text, when it is copied into the site
    Undo undo;                             // what this run made, removed unless it succeeds
    if (net::is_http_url(args.feed)) {
        if (fs::exists(fs::symlink_status(site / k_feed_snapshot, ec))) {
            std::cerr << "podarchive: error: " << (site / k_feed_snapshot).string()
                      << " exists already; init never replaces a file: move it away first, or give it as --feed "
                      << k_feed_snapshot << "\n";
            return k_exit_input;
        }
        // Downloaded first, so that a feed that cannot be had writes nothing else.
        if (!download_feed(site, args.feed, undo)) return k_exit_input;
        feed_path = k_feed_snapshot, feed_url = args.feed;
        channel = read_channel(site / feed_path, feed_url);
    } else if (!args.feed.empty()) {
        channel = read_channel(args.feed, "");  // (a feed that cannot be read is refused here)
        feed_path = feed_path_in_site(site, args.feed);
        if (std::string why = refused_feed_file(site, args.feed, feed_path); !why.empty()) {
            std::cerr << "podarchive: error: " << args.feed << ": " << why << "\n";
            return k_exit_input;
        }
        if (feed_path == k_feed_snapshot) copy = files::read_file(args.feed);
    }
    const scaffold::Show show = scaffold::show_from(channel ? &*channel : nullptr, feed_path, feed_url);
    const std::vector<scaffold::SiteFile> files =
        scaffold::site_files(show);  // (made, and read back, before anything is written)
    std::cout << "podarchive site in " << site.string() << ":\n";
    make_folders(site, undo);
    for (const auto& file : files)
        refuse_link_out(site, (site / file.path).parent_path());  // (before anything is written)
    for (const auto& file : files) write_new(site, site / file.path, file.text, undo);
    if (copy) write_new(site, site / k_feed_snapshot, *copy, undo);
    undo.done = true;
    if (!feed_path.empty() && show.feed_url.empty())
        std::cout << "\nwarning: the feed does not say where it is published (no atom:link rel=\"self\" and no "
                     "itunes:new-feed-url),\n"
                     "so `podarchive fetch` cannot refresh it: add `url: <the address podcast apps subscribe to>` "
                     "under the feed's\n"
                     "source in site.yaml, or the published archive never gets new episodes.\n";
    if (std::string_view(PODARCHIVE_RELEASES).empty())
        std::cout << "\nwarning: this podarchive was built without a release location, so "
                     ".github/workflows/publish.yml does not\n"
                     "know where to download podarchive " PODARCHIVE_VERSION
                     " from: set PODARCHIVE_RELEASES in it to the releases/download\n"
                     "address of the repository that publishes podarchive's packages "
                     "(https://github.com/<owner>/<repository>/releases/download),\n"
                     "or install a released podarchive, whose init writes it.\n";
    const std::string cd = site == "." ? "" : "cd " + site.string() + " && ";
    std::cout
        << "\nNext:\n  " << cd << "podarchive build     # the site, into public/\n  " << cd
        << "podarchive serve     # a preview that reloads as you edit\n"
        << "To publish on GitHub Pages:\n"
           "  1. push the folder to a new GitHub repository;\n"
           "  2. set its Settings > Pages > Source to \"GitHub Actions\";\n"
           "  3. run the Publish workflow once by hand (Actions > Publish > Run workflow): the run the first push\n"
           "     started came before Pages was on, and fails at Configure Pages.\n"
           ".github/workflows/publish.yml then builds and deploys the site on every push and every day, with the\n"
           "feed fetched again.\n";
    return k_exit_ok;
}

}  // namespace

Command init_command() {
    return {
        "init",
        "Create a new site: site.yaml, content/, templates/ and a publish workflow (nothing existing is overwritten)",
        [](CLI::App& sub) {
            auto args = std::make_shared<InitArgs>();
            sub.add_option("dir", args->dir, "The site's folder (made if missing)")->capture_default_str();
            sub.add_option("--feed", args->feed, "The show's feed: a URL (downloaded now) or a file");
            return std::function<int()>([args] { return run_init(*args); });
        }};
}

}  // namespace cli
