#pragma once
// site.yaml -> SiteConfig. Every key is documented in docs/site-yaml.md.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/channel.hpp"
#include "core/diagnostic.hpp"
#include "core/source_kind.hpp"
#include "theme/theme_files.hpp"

namespace config {

struct SourceConfig {
    std::string name;                                   // defaults to the file name without extension
    std::filesystem::path path;                         // resolved against the folder of site.yaml
    std::string display_path;                           // as written in site.yaml, for messages and provenance
    core::SourceKind kind = core::SourceKind::unknown;  // unknown: told from the content
    std::string url;                                    // where `podarchive fetch` refreshes it from
    int line = 0;                                       // where the entry is in site.yaml
};

// A change of a feed item's identity that the maintainer means (an episode re-issued under a new guid).
struct IdentityChange {
    std::string guid;  // the item's guid before the change
    std::string reason;
};

// A link the home and subscribe pages offer beside the feed ("Spotify", "Overcast", ...).
struct SubscribeLink {
    std::string name;
    std::string url;
};

// `audio:` - the archive's own copies of the episodes' audio (docs/audio.md).
struct AudioConfig {
    bool keep = false;                                      // `fetch` downloads every episode's audio
    std::filesystem::path store = "archive/audio";          // the copies (not committed: .gitignore)
    std::filesystem::path manifest = "archive/audio.json";  // what each copy is (committed)
    std::string mirror_url;                // where the store's files are served from ("" none; ends with '/')
    long long max_file_bytes = 1LL << 30;  // one file's limit
    long long max_run_bytes = 20LL << 30;  // what one `fetch` downloads at most
    int check_days = 7;                    // how often a host's file is asked for again
    // Where `podarchive audio upload` puts the copies: "github-release:<tag>" (the repository's
    // release assets, with gh) or "rclone:<remote>:<path>" (any storage rclone speaks).
    std::string upload = "github-release:audio";
};

struct SiteConfig {
    std::filesystem::path config_path;  // site.yaml as given
    std::filesystem::path root;         // the folder of site.yaml; every relative path is under it
    std::string title;
    std::string description;
    std::string base_url;  // "https://user.github.io/repo/" (always ends with '/')
    std::string language;  // "" : the input feed's <language>, else "en" (site::make_site_info)
    std::string author;
    std::string email;
    std::string image;                       // artwork URL (absolute) for the feed and pages
    std::vector<core::Category> categories;  // Apple Podcasts categories ("Technology", "News > Tech News"), checked
    std::string podcast_guid;                // podcast:guid (a UUID) when the input feed's is missing or wrong
    bool explicit_content = false;
    bool complete = false;  // the show has ended (itunes:complete)
    std::optional<bool>
        locked;  // podcast:locked: other platforms may not import the feed (unset: the input feed's, else no)
    std::vector<IdentityChange> identity_changes;  // guids whose guid/enclosure change or removal is intended
    std::string cname;                             // custom domain for GitHub Pages (writes CNAME)
    std::string published_feed;  // the published feed.xml whose identities `build` keeps (read from the network)
    std::string new_feed_url;    // where the archive's own feed has moved (itunes:new-feed-url), an https URL
    std::string history_url =
        "https://web.archive.org";  // a web archive speaking the Wayback Machine's CDX API (`fetch --history`)
    std::string theme = "default";
    std::filesystem::path output = "public";
    core::SourceLocation output_at;  // where site.yaml names `output:` (line 0: the default, or --output)
    int episodes_per_page = 10;
    int feed_limit = 0;  // the most items feed.xml carries, newest first (0: every item); pages stay
    std::vector<std::string>
        allowed_hosts;  // hosts on the local network a feed's links may reach (fetch/address_guard.hpp)
    std::vector<SourceConfig> sources;
    std::vector<SubscribeLink> subscribe;  // listed first, before the directories the sources name
    AudioConfig audio;
    std::vector<core::Diagnostic> warnings;  // what was read otherwise than written (a retired category), located

    std::filesystem::path themes_dir() const { return root / "themes"; }
    std::filesystem::path templates_dir() const { return root / "templates"; }
    std::filesystem::path content_dir() const { return root / "content"; }
    std::filesystem::path static_dir() const { return root / "static"; }
    // The site's own interface words, over the theme's: i18n/<language>.yaml (i18n/words.hpp).
    std::filesystem::path i18n_dir() const { return root / "i18n"; }
    // Where `fetch` keeps the show's artwork and the build finds it: content/sources/artwork.<ext>.
    std::filesystem::path artwork_dir() const { return content_dir() / "sources"; }
    std::filesystem::path artwork_path(std::string_view extension) const {
        return artwork_dir() / ("artwork." + std::string(extension));
    }
    // Where `fetch` keeps copies of the files a feed links to (transcripts, chapters) and the
    // build reads them (listening/attachments.hpp).
    std::filesystem::path attachments_dir() const { return content_dir() / "sources" / "attachments"; }
    // Where `fetch` keeps the titles and websites of the shows the feed recommends (podcast:podroll,
    // listening/podroll.hpp).
    std::filesystem::path podroll_file() const { return content_dir() / "sources" / "podroll.json"; }
    std::filesystem::path output_dir() const { return output.is_absolute() ? output : root / output; }
    std::filesystem::path audio_store() const { return root / audio.store; }
    std::filesystem::path audio_manifest() const { return root / audio.manifest; }
};

// Reads and validates site.yaml. Throws core::InputError with "site.yaml:LINE:COL: error: ..."
// for YAML syntax errors, unknown keys (naming the nearest valid key), wrong types, missing
// required keys, source files that do not exist, and output folders that would destroy inputs.
SiteConfig load_config(const std::filesystem::path& path);

// The same checks on YAML text already in memory; `display_name` names it in messages.
SiteConfig parse_config(const std::string& yaml_text, const std::filesystem::path& path);

// True for an absolute http(s) URL `base_url` may be: a host and a plain path (no user name,
// no query or fragment, no empty, '.' or '..' segment, no backslash), which every link of the
// site is made from.
bool is_plain_site_url(std::string_view url);

// Where `config`'s templates, static files and interface words are looked up: the project's
// templates/, static/ and i18n/, then themes/<theme>/, then the built-in theme.
theme::ThemeLayers theme_layers(const SiteConfig& config);

// The keys site.yaml accepts at the top level and in a source entry.
const std::vector<std::string>& top_level_keys();
const std::vector<std::string>& source_keys();

}  // namespace config
