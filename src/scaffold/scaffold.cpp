#include "scaffold/scaffold.hpp"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

#include "scaffold/publish_workflow.hpp"
#include "text/language.hpp"
#include "text/strings.hpp"

namespace scaffold {

namespace {

// A YAML scalar in double quotes, whatever the text holds (yaml-cpp escapes it, as `new note` does).
std::string yaml_quoted(std::string_view text) {
    YAML::Emitter out;
    out << YAML::DoubleQuoted << std::string(text);
    return out.c_str();
}

// The text read back as a build reads it: every value a feed gave (a title with ": " or "#", a
// path with "[" or "&") comes back as it went in, or nothing is written.
void check_read_back(const std::string& yaml, const Show& show, const std::string& description) {
    const YAML::Node read = YAML::Load(yaml);
    auto same = [](const YAML::Node& node, const std::string& value) {
        return node && node.IsScalar() && node.Scalar() == value;
    };
    bool ok = same(read["title"], show.title) && (description.empty() || same(read["description"], description)) &&
              (show.language.empty() || same(read["language"], show.language));
    if (!show.feed_path.empty())
        ok = ok && read["sources"].IsSequence() && same(read["sources"][0]["path"], show.feed_path) &&
             (show.feed_url.empty() || same(read["sources"][0]["url"], show.feed_url));
    if (!ok) throw std::logic_error("site.yaml as written does not read back as the show's values");
}

std::string site_yaml(const Show& show) {
    std::string description = text::collapse_whitespace(show.description);
    std::string y;
    y += "# podarchive site configuration; podarchive's manual (docs/site-yaml.md) describes every key.\n";
    y += "title: " + yaml_quoted(show.title) + "\n";
    y += description.empty() ? "# description: One paragraph about the show.\n"
                             : "description: " + yaml_quoted(description) + "\n";
    y += "# Where the site is published (the build prints links under its path); on GitHub Pages,\n";
    y += "# https://<user>.github.io/<repository>/\n";
    y += "base_url: https://example.github.io/my-podcast-archive/\n";
    // (written out, so that a maintainer sees the site speaks the show's language, and can change it)
    y += show.language.empty() ? "# language: en                      # the feed's <language> when unset\n"
                               : "language: " + yaml_quoted(show.language) + "\n";
    y += "# author: The show's author (the feed's when unset)\n";
    y += "# email: owner@example.com          # Apple writes here to verify ownership\n";
    y += "# image: https://example.com/artwork.jpg   # square .jpg or .png, 1400-3000 px\n";
    y += "# category: Technology              # or a list: [Technology, News > Tech News]\n";
    y += "# podcast_guid: 917393e3-1b1e-5cef-ace4-edaa54e1f810\n";
    y += "# explicit: false\n";
    y += "# complete: false                   # true once the show has ended\n";
    y += "# locked: false\n";
    y += "# cname: podcast.example.com        # a custom domain for GitHub Pages\n";
    y += "# theme: default                    # the built-in theme; `podarchive theme export` copies it\n";
    y += "# output: public\n";
    y += "# episodes_per_page: 10\n";
    y += "# feed_limit: 300                   # the most items feed.xml carries, newest first (every episode keeps its "
         "page)\n";
    y += "# subscribe:                        # more places to follow the show, beside the directories the sources "
         "name\n";
    y += "#   - name: Spotify\n";
    y += "#     url: https://open.spotify.com/show/...\n";
    y += "# published_feed: https://example.github.io/my-podcast-archive/feed.xml   # every build keeps its items and "
         "pages\n";
    y +=
        "#                                   # (read from the network; the publish workflow passes --published-feed)\n";
    y += "# identity_changes:                 # episodes whose guid changes (or that leave the feed) on purpose\n";
    y += "#   - guid: \"...\"\n";
    y += "#     reason: the host re-issued it, and subscribers may get it again\n";
    y += "sources:\n";
    if (show.feed_path.empty()) {
        y += "  # The show's feed: a copy in the site (kept in git), refreshed by `podarchive fetch`.\n";
        y += "  # - name: feed\n";
        y += "  #   path: content/sources/feed.xml\n";
        y += "  #   url: https://feeds.example.com/my-show.xml\n";
        y += "  []\n";
    } else {
        y += "  - name: feed\n";
        y += "    path: " + yaml_quoted(show.feed_path) + "\n";
        y += show.feed_url.empty()
                 ? "    # url: https://feeds.example.com/my-show.xml   # where `podarchive fetch` refreshes it\n"
                 : "    url: " + yaml_quoted(show.feed_url) + "\n";
        y += "  # More listings of the show (directory pages, a JSON or YAML list of episodes):\n";
        y += "  # - name: apple-podcasts\n";
        y += "  #   path: content/sources/apple-podcasts.txt\n";
    }
    check_read_back(y, show, description);
    return y;
}

std::string about_page(const Show& show) {
    return "---\ntitle: About\ndescription: " + yaml_quoted("About the archive of " + show.title) +
           "\norder: 1\n---\nThis is the archive of *" + show.title +
           "*: every episode with its show notes, by date, topic and guest.\n\n"
           "Edit this page in `content/pages/about.md`. Notes about episodes go in `content/episodes/`\n"
           "(`podarchive new note <episode>` starts one).\n";
}

}  // namespace

Show show_from(const core::Channel* channel, std::string feed_path, std::string feed_url) {
    Show show{"My Podcast", "", std::move(feed_path), std::move(feed_url)};
    if (channel) {
        if (!channel->title.empty()) show.title = text::collapse_whitespace(channel->title);
        show.description = channel->description;
        if (const std::string language(text::trim(channel->language)); text::is_language_code(language))
            show.language = language;
        // Where apps subscribe: the address the host moved the feed to, else the feed's own.
        if (show.feed_url.empty())
            show.feed_url = !channel->new_feed_url.empty() ? channel->new_feed_url : channel->self_url;
    }
    return show;
}

std::string templates_readme() {
    return "# Templates\n\n"
           "A file here replaces the theme's file of the same name: `templates/episode.mustache`\n"
           "replaces the episode page, `templates/partials/footer.mustache` the footer every page\n"
           "includes. Anything not here comes from `themes/<theme>/templates/`, else from the theme\n"
           "built into podarchive.\n\n"
           "`podarchive theme export` writes the built-in theme to `themes/default/` to start from;\n"
           "`themes/default/README.md` lists the variables each template receives. Templates are\n"
           "Mustache; a broken one is reported with its file, line and column.\n";
}

std::vector<SiteFile> site_files(const Show& show) {
    return {
        {"site.yaml", site_yaml(show)},
        {"content/episodes/.gitkeep", ""},
        {"content/pages/about.md", about_page(show)},
        {"templates/README.md", templates_readme()},
        {".gitignore",
         "# The built site and the build's state beside it (podarchive build)\n/public/\n/.public.*\n"
         "# The episodes' audio that `fetch` keeps (audio: keep: true): gigabytes, published through the\n"
         "# storage the workflow uploads to, not through git. archive/audio.json, what each file is, is committed.\n"
         "/archive/audio/\n"},
        {".github/workflows/publish.yml", publish_workflow()},
    };
}

}  // namespace scaffold
