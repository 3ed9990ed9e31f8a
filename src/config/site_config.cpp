#include "config/site_config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/apple_categories.hpp"
#include "core/diagnostic.hpp"
#include "files/files.hpp"
#include "net/url.hpp"
#include "text/language.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"
#include "text/yaml_message.hpp"
#include "theme/builtin_theme.hpp"

namespace config {

namespace {

using core::Diagnostic;

// Collects every problem in the file so one run reports them all.
struct Checker {
    std::string file;
    std::string text;
    std::vector<Diagnostic> problems;
    std::optional<text::LineIndex> lines{};  // of `text`, made at the first message

    core::SourceLocation at(const YAML::Mark& mark) const {
        // yaml-cpp marks are 0-based; an unknown mark is -1.
        return {file, mark.line < 0 ? 0 : mark.line + 1, mark.column < 0 ? 0 : mark.column + 1};
    }
    void error(const YAML::Mark& mark, std::string message) {
        auto where = at(mark);
        problems.push_back(core::error_at(where, std::move(message), text::line_text(lines, text, where.line)));
    }
    void warn(const YAML::Mark& mark, std::string message, SiteConfig& site) {
        auto where = at(mark);
        site.warnings.push_back(core::warning_at(where, std::move(message), text::line_text(lines, text, where.line)));
    }
};

// The folders a build reads and fetch writes into, each refused when a link takes it out of the
// project: what the README promises (links are not followed out of the project).
void check_input_folders(Checker& c, const SiteConfig& site) {
    namespace fs = std::filesystem;
    const fs::path content = site.content_dir();
    const fs::path theme = site.themes_dir() / site.theme;
    for (const fs::path& folder :
         {content, content / "episodes", content / "pages", content / "sources", site.attachments_dir(),
          site.static_dir(), site.templates_dir(), site.templates_dir() / "partials", site.i18n_dir(),
          site.themes_dir(), theme, theme / "templates", theme / "templates" / "partials", theme / "static",
          theme / "i18n", site.audio_store(), site.audio_manifest().parent_path()}) {
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(folder, ec)) && !fs::exists(folder, ec)) continue;
        if (auto target = files::link_out_of(site.root, folder)) {
            const std::string shown = folder.lexically_relative(site.root).generic_string();
            c.problems.push_back(core::error_at(
                {shown, 0, 0},
                "is a symbolic link out of the project (to " + *target +
                    "); podarchive reads and writes only the project's own files: move the folder into the project"));
        }
    }
}

// A DNS host name: labels of ASCII letters, digits and '-' (not first or last), at least two,
// 253 characters at most. What GitHub Pages takes as a custom domain, and nothing a terminal or
// the CNAME file could take for anything else.
bool is_host_name(std::string_view name) {
    if (name.empty() || name.size() > 253 || name.find('.') == std::string_view::npos) return false;
    for (std::string_view label : text::split(name, '.')) {
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        for (char ch : label)
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') return false;
    }
    return true;
}

// An http(s) URL of a host (a name, an IPv4 address or [IPv6], with a port) and a plain path:
// every link of the site is this and a path, so a path like "//evil.example/" would make each
// page load its scripts from another host.
}  // namespace

bool is_plain_site_url(std::string_view url) {
    if (!net::is_http_url(url) || url.find_first_of("?#") != std::string_view::npos) return false;
    const std::size_t host_start = url.find("://") + 3;
    const std::size_t path_start = std::min(url.size(), url.find('/', host_start));
    std::string_view host = url.substr(host_start, path_start - host_start);
    const std::size_t colon = host.rfind(':'), bracket = host.rfind(']');
    if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {  // a port
        long long port = 0;
        if (!text::parse_uint(host.substr(colon + 1), port) || port > 65535) return false;
        host = host.substr(0, colon);
    }
    const bool ipv6 = host.size() > 2 && host.front() == '[' && host.back() == ']' &&
                      host.find_first_not_of("0123456789abcdefABCDEF:.", 1) == host.size() - 1;
    if (!ipv6 && host != "localhost" && !is_host_name(host)) return false;
    const std::string_view path = url.substr(path_start);
    if (path.find("//") != std::string_view::npos) return false;
    for (std::string_view segment : text::split(path, '/'))
        if (segment == "." || segment == "..") return false;
    for (char ch : path)
        if (!std::isalnum(static_cast<unsigned char>(ch)) &&
            std::string_view("/-._~%!$&'()*+,;=:@").find(ch) == std::string_view::npos)
            return false;
    return true;
}

namespace {

std::string type_name(const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Map:
            return "a mapping";
        case YAML::NodeType::Sequence:
            return "a list";
        case YAML::NodeType::Null:
            return "nothing";
        default:
            return "a scalar";
    }
}

bool read_string(Checker& c, const YAML::Node& value, const std::string& key, std::string& out) {
    if (!value.IsScalar()) {
        c.error(value.Mark(), "'" + key + "' must be a string, got " + type_name(value));
        return false;
    }
    out = value.Scalar();
    return true;
}

bool read_bool(Checker& c, const YAML::Node& value, const std::string& key, bool& out) {
    std::string s = value.IsScalar() ? text::ascii_lower(value.Scalar()) : "";
    if (s == "true" || s == "yes")
        out = true;
    else if (s == "false" || s == "no")
        out = false;
    else
        return c.error(value.Mark(), "'" + key + "' must be true or false"), false;
    return true;
}

void read_int(Checker& c, const YAML::Node& value, const std::string& key, int& out, int min, int max) {
    long long v = 0;
    if (!value.IsScalar() || !text::parse_uint(value.Scalar(), v) || v < min || v > max) {
        c.error(value.Mark(),
                "'" + key + "' must be a whole number from " + std::to_string(min) + " to " + std::to_string(max));
        return;
    }
    out = static_cast<int>(v);
}

void unknown_key(Checker& c, const YAML::Node& key_node, const std::string& key, const std::vector<std::string>& valid,
                 const std::string& where) {
    std::string near = text::nearest_word(key, valid);
    std::string message = "unknown key '" + key + "'" + where;
    if (!near.empty())
        message += "; did you mean '" + near + "'?";
    else
        message += "; valid keys are: " + text::join(valid, ", ");
    c.error(key_node.Mark(), message);
}

void read_source(Checker& c, const YAML::Node& entry, SiteConfig& site) {
    if (!entry.IsMap()) {
        c.error(entry.Mark(),
                "each entry of 'sources' must be a mapping with at least 'path', got " + type_name(entry));
        return;
    }
    SourceConfig source;
    source.line = entry.Mark().line + 1;
    bool has_path = false;
    for (const auto& kv : entry) {
        std::string key = kv.first.Scalar();
        const YAML::Node& value = kv.second;
        if (key == "path") {
            std::string p;
            if (read_string(c, value, key, p)) {
                has_path = true;
                source.display_path = p;
                source.path = site.root / p;
                std::error_code ec;
                const auto status = std::filesystem::status(source.path, ec);
                if (!std::filesystem::exists(status))
                    c.error(value.Mark(), "source file '" + p + "' not found (paths are relative to " + c.file + ")");
                else if (std::filesystem::is_directory(status))
                    c.error(value.Mark(),
                            "source '" + p + "' is a folder; expected a file (a feed, a listing or a saved page)");
                else if (!std::filesystem::is_regular_file(status))
                    c.error(value.Mark(), "source '" + p +
                                              "' is not a regular file (a device, a pipe or a socket); expected a file "
                                              "that holds the source");
                else if (auto target = files::link_out_of(site.root, source.path))
                    c.error(value.Mark(), "source '" + p + "' is a symbolic link out of the project (to " + *target +
                                              "); podarchive reads only the project's own files: copy the file into "
                                              "the project, or write its own path here");
            }
        } else if (key == "name") {
            read_string(c, value, key, source.name);
        } else if (key == "kind") {
            std::string name;
            if (!read_string(c, value, key, name)) continue;
            if (auto kind = core::kind_named(name)) {
                source.kind = *kind;
            } else {
                const auto& kinds = core::kind_names();
                std::string near = text::nearest_word(name, kinds);
                c.error(value.Mark(), "unknown source kind '" + name + "'" +
                                          (near.empty() ? "" : "; did you mean '" + near + "'?") +
                                          " (kinds: " + text::join(kinds, ", ") + ")");
            }
        } else if (key == "url") {
            if (read_string(c, value, key, source.url) && !net::is_http_url(source.url))
                c.error(value.Mark(), "'url' must be an absolute http(s) URL");
        } else {
            unknown_key(c, kv.first, key, source_keys(), " in a source entry");
        }
    }
    if (!has_path) {
        c.error(entry.Mark(), "source entry has no 'path'");
        return;
    }
    if (source.name.empty()) source.name = std::filesystem::path(source.display_path).stem().string();
    for (const auto& other : site.sources)
        if (other.name == source.name)
            c.error(entry.Mark(), "two sources are named '" + source.name + "'; give one a different 'name'");
    site.sources.push_back(std::move(source));
}

// "Technology", "News > Tech News", "Tech News", or a list of them: each must be one of Apple's.
void read_categories(Checker& c, const YAML::Node& value, SiteConfig& site) {
    std::vector<YAML::Node> entries;
    if (value.IsSequence())
        for (const auto& entry : value) entries.push_back(entry);
    else
        entries.push_back(value);
    for (const auto& entry : entries) {
        std::string text;
        if (!read_string(c, entry, "category", text)) continue;
        if (auto category = core::parse_category(text)) {
            site.categories.push_back(*category);
            continue;
        }
        bool retired = false;
        const core::Category written = core::category_as_written(text);
        auto now = core::current_category(written, retired);
        if (now && retired) {  // Apple's pre-2019 list, as many feeds and older guides still write it
            c.warn(entry.Mark(),
                   "'" + text + "' is a category Apple retired in 2019; written as '" + core::category_text(*now) +
                       "' (write that to silence this)",
                   site);
            site.categories.push_back(*now);
            continue;
        }
        std::string near = text::nearest_word(written.subcategory.empty() ? written.name : written.subcategory, [] {
            std::vector<std::string> names;
            for (const auto& [name, subs] : core::apple_categories()) {
                names.push_back(name);
                names.insert(names.end(), subs.begin(), subs.end());
            }
            return names;
        }());
        std::string hint =
            !near.empty()
                ? "; did you mean '" +
                      (core::parse_category(near) ? core::category_text(*core::parse_category(near)) : near) + "'?"
                : "";
        c.error(entry.Mark(), "'" + text +
                                  "' is not an Apple Podcasts category "
                                  "(https://podcasters.apple.com/support/1691-apple-podcasts-categories)" +
                                  hint);
    }
}

// The theme is a folder under themes/, or the one built into podarchive ("default").
void read_theme(Checker& c, const YAML::Node& value, SiteConfig& site) {
    if (!read_string(c, value, "theme", site.theme)) return;
    if (!files::is_safe_relative_path(site.theme) || site.theme.find('/') != std::string::npos) {
        c.error(value.Mark(), "'theme' must be a folder name under themes/");
        return;
    }
    std::error_code ec;
    if (site.theme == theme::k_builtin_name || std::filesystem::is_directory(site.themes_dir() / site.theme, ec))
        return;
    std::vector<std::string> names{std::string(theme::k_builtin_name)};
    for (const auto& entry : std::filesystem::directory_iterator(site.themes_dir(), ec))
        if (entry.is_directory(ec)) names.push_back(entry.path().filename().string());
    std::string near = text::nearest_word(site.theme, names);
    c.error(value.Mark(), "no theme '" + site.theme + "': it is neither a folder under themes/ nor the built-in '" +
                              std::string(theme::k_builtin_name) + "'" +
                              (near.empty() ? "" : "; did you mean '" + near + "'?"));
}

// `subscribe:` - a list of {name, url}: where else listeners find the show.
void read_subscribe(Checker& c, const YAML::Node& value, SiteConfig& site) {
    if (!value.IsSequence())
        return c.error(value.Mark(), "'subscribe' must be a list of {name, url}, got " + type_name(value));
    for (const auto& entry : value) {
        if (!entry.IsMap()) {
            c.error(entry.Mark(),
                    "each entry of 'subscribe' must be a mapping {name: Spotify, url: https://...}, got " +
                        type_name(entry));
            continue;
        }
        SubscribeLink link;
        for (const auto& kv : entry) {
            const std::string key = kv.first.Scalar();
            if (key == "name")
                read_string(c, kv.second, key, link.name);
            else if (key == "url") {
                if (read_string(c, kv.second, key, link.url) && !net::is_http_url(link.url))
                    c.error(kv.second.Mark(), "'url' must be an absolute http(s) URL of the show's page");
            } else
                unknown_key(c, kv.first, key, {"name", "url"}, " in a subscribe entry");
        }
        if (link.name.empty() || link.url.empty())
            c.error(entry.Mark(), "a subscribe entry needs 'name' and 'url'");
        else
            site.subscribe.push_back(std::move(link));
    }
}

// A path site.yaml names for podarchive to write into: relative, inside the project.
bool read_project_path(Checker& c, const YAML::Node& value, const std::string& key, std::filesystem::path& out) {
    std::string text;
    if (!read_string(c, value, key, text)) return false;
    if (!files::is_safe_relative_path(text::trim(text)) || text.find('\\') != std::string::npos) {
        c.error(value.Mark(), "'" + key + "' must be a relative path inside the project, such as archive/audio");
        return false;
    }
    out = std::string(text::trim(text));
    return true;
}

// `audio:` - a mapping; every key has a default.
void read_audio(Checker& c, const YAML::Node& value, SiteConfig& site) {
    if (!value.IsMap())
        return c.error(value.Mark(), "'audio' must be a mapping such as {keep: true}, got " + type_name(value));
    static const std::vector<std::string> keys = {"keep",        "store",      "manifest",   "mirror_url",
                                                  "max_file_mb", "max_run_mb", "check_days", "upload"};
    AudioConfig& audio = site.audio;
    for (const auto& kv : value) {
        const std::string key = kv.first.Scalar();
        int number = 0;
        if (key == "keep")
            read_bool(c, kv.second, key, audio.keep);
        else if (key == "store")
            read_project_path(c, kv.second, key, audio.store);
        else if (key == "manifest")
            read_project_path(c, kv.second, key, audio.manifest);
        else if (key == "mirror_url") {
            if (read_string(c, kv.second, key, audio.mirror_url) &&
                (!net::is_http_url(audio.mirror_url) || audio.mirror_url.find_first_of("?#") != std::string::npos))
                c.error(kv.second.Mark(),
                        "'mirror_url' must be the absolute http(s) URL the store's files are served from, such as "
                        "https://github.com/user/repo/releases/download/audio/");
            audio.mirror_url = net::with_trailing_slash(audio.mirror_url);
        } else if (key == "max_file_mb") {
            read_int(c, kv.second, key, number, 1, 100000);
            audio.max_file_bytes = static_cast<long long>(number) << 20;
        } else if (key == "max_run_mb") {
            read_int(c, kv.second, key, number, 1, 10000000);
            audio.max_run_bytes = static_cast<long long>(number) << 20;
        } else if (key == "check_days")
            read_int(c, kv.second, key, audio.check_days, 0, 3650);
        else if (key == "upload") {
            // (passed to gh or rclone as one argument, never through a shell)
            if (read_string(c, kv.second, key, audio.upload) &&
                ((!audio.upload.starts_with("github-release:") && !audio.upload.starts_with("rclone:")) ||
                 audio.upload.find_first_of(" \t\r\n") != std::string::npos || audio.upload.ends_with(":") ||
                 audio.upload.find(":-") != std::string::npos))
                c.error(kv.second.Mark(),
                        "'upload' must be github-release:<tag> (the repository's release assets) or "
                        "rclone:<remote>:<path>, such as rclone:r2:podcast-audio");
        } else
            unknown_key(c, kv.first, key, keys, " in 'audio'");
    }
}

void read_key(Checker& c, const std::string& key, const YAML::Node& key_node, const YAML::Node& value,
              SiteConfig& site) {
    if (key == "title")
        read_string(c, value, key, site.title);
    else if (key == "description")
        read_string(c, value, key, site.description);
    else if (key == "base_url") {
        if (read_string(c, value, key, site.base_url)) {
            if (!net::is_http_url(site.base_url)) c.error(value.Mark(), "'base_url' must be an absolute http(s) URL");
            // Every link is the base URL and a path: a query or a fragment would land in the middle.
            else if (site.base_url.find_first_of("?#") != std::string::npos)
                c.error(value.Mark(),
                        "'base_url' must be the site's address without a query or fragment ('?' or '#'), such as "
                        "https://user.github.io/repo/");
            else if (!is_plain_site_url(site.base_url))
                c.error(value.Mark(),
                        "'base_url' must be a host name and a plain path, such as https://user.github.io/repo/: no "
                        "user name, no empty, "
                        "'.' or '..' segment (a path starting with '//' names another host) and no backslash");
            site.base_url = net::with_trailing_slash(site.base_url);
        }
    } else if (key == "language") {
        if (read_string(c, value, key, site.language) && !text::is_language_code(site.language))
            c.error(value.Mark(),
                    "'language' must be a language code such as en, de-DE, he or zh-Hans (BCP 47), got '" +
                        site.language + "'");
    } else if (key == "author")
        read_string(c, value, key, site.author);
    else if (key == "email") {
        if (read_string(c, value, key, site.email) && site.email.find('@') == std::string::npos)
            c.error(value.Mark(), "'email' must be an e-mail address (Apple writes to it to verify ownership)");
    } else if (key == "image") {
        if (read_string(c, value, key, site.image) && !net::is_http_url(site.image))
            c.error(value.Mark(),
                    "'image' must be an absolute http(s) URL of the show's square artwork (.jpg or .png)");
    } else if (key == "category")
        read_categories(c, value, site);
    else if (key == "podcast_guid") {
        if (read_string(c, value, key, site.podcast_guid) && !text::is_lowercase_uuid(site.podcast_guid))
            c.error(value.Mark(),
                    "'podcast_guid' must be a lowercase UUID such as 917393e3-1b1e-5cef-ace4-edaa54e1f810");
    } else if (key == "explicit")
        read_bool(c, value, key, site.explicit_content);
    else if (key == "complete")
        read_bool(c, value, key, site.complete);
    else if (key == "locked") {
        bool locked = false;
        if (read_bool(c, value, key, locked)) site.locked = locked;
    } else if (key == "cname") {
        if (read_string(c, value, key, site.cname) && !is_host_name(site.cname))
            c.error(value.Mark(),
                    "'cname' must be a domain name such as podcast.example.com (letters, digits and '-' between dots; "
                    "a name in another script as its xn-- form)");
    } else if (key == "published_feed") {
        if (read_string(c, value, key, site.published_feed) && !net::is_http_url(site.published_feed))
            c.error(value.Mark(),
                    "'published_feed' must be the absolute http(s) URL of the site's published feed.xml, such as "
                    "https://user.github.io/repo/feed.xml");
    } else if (key == "history_url") {
        if (read_string(c, value, key, site.history_url) && !net::is_http_url(site.history_url))
            c.error(value.Mark(),
                    "'history_url' must be the address of a web archive with the Wayback Machine's CDX API, such as "
                    "https://web.archive.org");
        while (site.history_url.ends_with('/')) site.history_url.pop_back();
    } else if (key == "new_feed_url") {
        // Apps move every subscriber of feed.xml to this address for good: only an address that
        // cannot be read or changed on the way (https) is written.
        if (read_string(c, value, key, site.new_feed_url) &&
            (!net::is_http_url(site.new_feed_url) || !text::ascii_lower(site.new_feed_url).starts_with("https://")))
            c.error(value.Mark(),
                    "'new_feed_url' must be the absolute https URL where the archive's own feed now lives, such as "
                    "https://podcast.example.com/feed.xml");
    } else if (key == "identity_changes") {
        if (!value.IsSequence()) return c.error(value.Mark(), "'identity_changes' must be a list of {guid, reason}");
        for (const auto& entry : value) {
            if (!entry.IsMap() || !entry["guid"] || !entry["guid"].IsScalar()) {
                c.error(entry.Mark(), "each entry of 'identity_changes' needs 'guid' (and 'reason')");
                continue;
            }
            IdentityChange change{entry["guid"].Scalar(),
                                  entry["reason"] && entry["reason"].IsScalar() ? entry["reason"].Scalar() : ""};
            if (change.reason.empty())
                c.error(entry.Mark(), "say why the identity of '" + change.guid + "' changes ('reason')");
            for (const auto& kv : entry)
                if (kv.first.Scalar() != "guid" && kv.first.Scalar() != "reason")
                    unknown_key(c, kv.first, kv.first.Scalar(), {"guid", "reason"}, " in an identity change");
            site.identity_changes.push_back(change);
        }
    } else if (key == "theme")
        read_theme(c, value, site);
    else if (key == "output") {
        std::string out;
        if (read_string(c, value, key, out)) site.output = out, site.output_at = c.at(value.Mark());
    } else if (key == "episodes_per_page")
        read_int(c, value, key, site.episodes_per_page, 1, 1000);
    else if (key == "feed_limit")
        read_int(c, value, key, site.feed_limit, 1, 1000000);
    else if (key == "allowed_hosts") {
        if (!value.IsSequence())
            return c.error(value.Mark(), "'allowed_hosts' must be a list of host names, such as [media.example.lan]");
        for (const auto& entry : value) {
            std::string host = entry.IsScalar() ? text::ascii_lower(text::trim(entry.Scalar())) : "";
            // (an IPv6 address has two colons or more; one colon is a port)
            const bool port = std::count(host.begin(), host.end(), ':') == 1;
            if (host.empty() || port || host.find_first_of("/@ \t?#[]") != std::string::npos)
                c.error(entry.Mark(),
                        "each entry of 'allowed_hosts' must be a host name or address alone (media.example.lan, "
                        "10.0.0.5), without scheme, port or path");
            else
                site.allowed_hosts.push_back(host);
        }
    } else if (key == "subscribe")
        read_subscribe(c, value, site);
    else if (key == "audio")
        read_audio(c, value, site);
    else if (key == "sources") {
        if (!value.IsSequence()) {
            c.error(value.Mark(), "'sources' must be a list, got " + type_name(value));
            return;
        }
        for (const auto& entry : value) read_source(c, entry, site);
    } else {
        unknown_key(c, key_node, key, top_level_keys(), "");
    }
}

// Refuses output folders whose replacement would destroy inputs: "/", the project, content/,
// a source's file... Paths are compared with their links resolved, so a link cannot hide one.
void check_output(Checker& c, const YAML::Node& root_node, SiteConfig& site) {
    namespace fs = std::filesystem;
    std::error_code ec;
    YAML::Mark mark = root_node["output"] ? root_node["output"].Mark() : root_node.Mark();
    std::string shown = site.output.string();
    // The build swaps a new folder in for the old one: a link in the output's place would be
    // replaced by a folder, and what it points to left behind without a word.
    if (fs::is_symlink(site.output_dir(), ec)) {
        c.error(mark,
                "output folder '" + shown +
                    "' is a symbolic link; each build replaces the output folder, so name the folder it points to (" +
                    fs::read_symlink(site.output_dir(), ec).string() + ")");
        return;
    }
    fs::path out = fs::weakly_canonical(fs::absolute(site.output_dir()), ec);
    fs::path root = fs::weakly_canonical(fs::absolute(site.root), ec);
    if (out == out.root_path() || files::lexically_within(out, root)) {
        c.error(mark,
                "output folder '" + shown + "' is the project folder or contains it; it is replaced on every build");
        return;
    }
    std::vector<std::pair<fs::path, std::string>> inputs = {
        {site.content_dir(), "the input folder"},     {site.themes_dir(), "the input folder"},
        {site.templates_dir(), "the input folder"},   {site.static_dir(), "the input folder"},
        {site.i18n_dir(), "the input folder"},        {root / ".git", "the input folder"},
        {site.config_path, "the configuration"},      {site.audio_store(), "the audio store"},
        {site.audio_manifest(), "the audio manifest"}};
    for (const auto& source : site.sources) inputs.emplace_back(source.path, "the source '" + source.name + "'");
    for (const auto& [input, what] : inputs) {
        fs::path in = fs::weakly_canonical(fs::absolute(input), ec);
        if (files::lexically_within(out, in) || files::lexically_within(in, out))
            c.error(mark, "output folder '" + shown + "' overlaps " + what + " '" +
                              in.lexically_relative(root).string() + "'; the build replaces that folder whole");
    }
}

}  // namespace

const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys = {"title",
                                                  "description",
                                                  "base_url",
                                                  "language",
                                                  "author",
                                                  "email",
                                                  "image",
                                                  "category",
                                                  "podcast_guid",
                                                  "explicit",
                                                  "complete",
                                                  "locked",
                                                  "identity_changes",
                                                  "cname",
                                                  "published_feed",
                                                  "new_feed_url",
                                                  "history_url",
                                                  "theme",
                                                  "output",
                                                  "episodes_per_page",
                                                  "feed_limit",
                                                  "allowed_hosts",
                                                  "subscribe",
                                                  "audio",
                                                  "sources"};
    return keys;
}

const std::vector<std::string>& source_keys() {
    static const std::vector<std::string> keys = {"path", "name", "kind", "url"};
    return keys;
}

SiteConfig parse_config(const std::string& yaml_text, const std::filesystem::path& path) {
    Checker c{path.string(), yaml_text, {}};
    SiteConfig site;
    site.config_path = path;
    site.root = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    YAML::Node root_node;
    try {
        root_node = YAML::Load(yaml_text);
    } catch (const YAML::Exception& e) {
        c.error(e.mark, text::yaml_message(e));
        throw core::InputError(c.problems);
    }
    if (!root_node.IsMap()) {
        c.error(root_node.Mark(), "site.yaml must be a mapping of keys (title:, base_url:, sources: ...)");
        throw core::InputError(c.problems);
    }
    for (const auto& kv : root_node) read_key(c, kv.first.Scalar(), kv.first, kv.second, site);
    for (const char* required : {"title", "base_url"})
        if (!root_node[required]) c.error(root_node.Mark(), std::string("missing required key '") + required + "'");
    check_output(c, root_node, site);
    check_input_folders(c, site);
    if (!c.problems.empty()) throw core::InputError(c.problems);
    return site;
}

SiteConfig load_config(const std::filesystem::path& path) {
    std::string text;
    try {
        text = files::read_file(path, 1u << 20);
    } catch (const files::FileError& e) {
        std::string message = e.what();
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))  // the usual cause: run outside a site's folder
            message +=
                "; run `podarchive init` to make a site here (`init --feed URL` reads the show's title from "
                "its feed), or name the site's file with --config PATH";
        throw core::InputError(core::error_at({path.string(), 0, 0}, message));
    }
    // (bytes that are not UTF-8 read as Windows-1252, as every input is: the title reaches
    // every page, the feed and the card's image)
    text::StrayBytes stray;
    std::optional<std::string> read = text::stray_bytes_as_1252(text, stray);
    SiteConfig site = parse_config(read ? *read : text, path);
    if (read)
        site.warnings.insert(site.warnings.begin(),
                             core::warning_at({path.string(), stray.line, 0},
                                              text::stray_bytes_message(stray, "save site.yaml as UTF-8")));
    return site;
}

theme::ThemeLayers theme_layers(const SiteConfig& config) {
    const std::filesystem::path theme = config.themes_dir() / config.theme;
    return {{config.templates_dir(), theme / "templates"},
            {theme / "static", config.static_dir()},
            true,
            {config.i18n_dir(), theme / "i18n"},
            config.root};
}

}  // namespace config
