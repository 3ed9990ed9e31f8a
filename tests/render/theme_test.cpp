// The default theme: every template rendered with the full data model, the search index, and
// themes/default/README.md kept in step with the variables the templates use.
#include <doctest/doctest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "config/site_config.hpp"
#include "i18n/words.hpp"
#include "merge/merge.hpp"
#include "pipeline/build_site.hpp"
#include "render/episode_page.hpp"
#include "render/page_frame.hpp"
#include "render/search_postings.hpp"
#include "render/site_renderer.hpp"
#include "search/index.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"
#include "support.hpp"
#include "text/strings.hpp"

namespace {

// A fixture site with a note that uses every feature, and a page.
struct RichSite {
    test::TempDir dir;
    output::MemoryOutput out;
    RichSite() {
        test::copy_site("site", dir.path());
        test::write(dir.path() / "content/episodes/t.md",
                    "---\nepisode: torch-trace-and-tlparse\nsummary: Logs for PT2.\ntopics: [Debugging, PT2]\nguests: "
                    "[Jane Guest]\n"
                    "related: [higher-order-operators]\nerrata: [Minor slip]\nlinks:\n  - title: tlparse\n    url: "
                    "https://github.com/ezyang/tlparse\n"
                    "---\nSee [the operators](episode:higher-order-operators).\n");
        test::write(dir.path() / "content/pages/about.md", "---\ntitle: About\norder: 1\n---\nAbout *this*.\n");
        auto config = config::load_config(dir.path() / "site.yaml");
        pipeline::build_site(config, out);
    }
    const std::string& file(const std::string& path) const { return test::file_in(out, path); }
};

bool has(const std::string& s, const std::string& needle) {
    return s.find(needle) != std::string::npos;
}

// What a page of `config`'s site is rendered with, every part of the data model filled in (an
// episode with its note, its neighbours and a reference), and the site it was made from
// (changed by `adjust` first, when given).
struct FullModel {
    site::SiteInfo info;
    render::Data data;
};
FullModel full_model(const config::SiteConfig& config, const std::function<void(site::SiteInfo&)>& adjust = {}) {
    auto batches = stages::load_sources(config);
    core::Catalog catalog = merge::merge(batches);
    site::SiteInfo info = site::make_site_info(config, catalog, config.base_url);
    if (adjust) adjust(info);
    auto curation = stages::apply_notes(config, catalog, info.paths);
    const site::SiteContent content{catalog, curation, info, render::navigation(info, catalog, curation)};
    render::Data d = render::base_data(info, content.nav, "T", "D", "episodes/x/");
    render::put(d, "episode",
                render::episode_data(content, catalog.episodes[1], &catalog.episodes[2], &catalog.episodes[0],
                                     &curation.by_slug.begin()->second,
                                     [&](const std::string&) { return &catalog.episodes[0]; }));
    return {std::move(info), std::move(d)};
}

}  // namespace

// A theme's table of words may hold thousands (each level's members were looked for one by
// one: 100,000 took 50 s), and a word may share its name with a group, which wins.
TEST_CASE("the words a template sees: thousands of them, and a group over a word of its name") {
    RichSite site;
    const config::SiteConfig config = config::load_config(site.dir.path() / "site.yaml");
    const auto [info, d] = full_model(config, [](site::SiteInfo& made) {
        i18n::Table table = made.words->table();
        for (int i = 0; i < 20000; ++i) table["k" + std::to_string(i)].forms["other"] = "w" + std::to_string(i);
        table["nav"].forms["other"] = "a word named as a group";
        made.words = std::make_shared<const i18n::Words>(made.words->language(), std::move(table));
    });
    const render::Data* t = d.get("t");
    REQUIRE(t);
    CHECK(t->get("k19999")->string_value() == "w19999");
    REQUIRE(t->get("nav"));
    CHECK(t->get("nav")->is_object());
    CHECK(t->get("nav")->get("archive"));
    std::size_t named_nav = 0;
    for (const auto& m : t->members()) named_nav += m.key == "nav";
    CHECK(named_nav == 1);
}

TEST_CASE("every page type renders with the full data model") {
    RichSite site;
    const auto& episode = site.file("episodes/torch-trace-and-tlparse/index.html");
    for (const char* part :
         {"Topics:", "href=\"/fixture-archive/topics/debugging/\"", "People:",
          "<a href=\"/fixture-archive/guests/jane-guest/\"><bdi>Jane Guest</bdi></a> <span "
          "class=\"role\">(Guest)</span>",
          "Errata", "Minor slip", "Archive notes", "Further reading", "Listen to these first",
          "href=\"/fixture-archive/episodes/higher-order-operators/\"", "\"@type\":\"PodcastEpisode\"",
          "<input type=\"search\"", "data-base=\"/fixture-archive/\"", "js/site.js"})
        CHECK_MESSAGE(has(episode, part), std::string(part));
    CHECK(has(site.file("episodes/higher-order-operators/index.html"), "Mentioned in"));
    CHECK(has(site.file("topics/index.html"), "Debugging"));
    CHECK(has(site.file("topics/pt2/index.html"), "TORCH_TRACE and tlparse"));
    CHECK(has(site.file("guests/jane-guest/index.html"), "TORCH_TRACE and tlparse"));
    CHECK(has(site.file("about/index.html"), "<em>this</em>"));
    CHECK(has(site.file("index.html"), ">About</a>"));
    const auto& archive = site.file("archive/index.html");
    CHECK(has(archive, "<h2 id=\"y2024\">2024</h2>"));
    CHECK(archive.find("<h3>August</h3>") < archive.find("<h3>April</h3>"));
    CHECK(has(archive, "Date unknown"));
    CHECK(site.out.find("search/index.html"));
}

// The interface's words and the site's texts are written into the templates once per build
// (render::page_constants): every template renders as it did when it looked them up.
TEST_CASE("every template renders the same with the site's texts and words written in") {
    RichSite site;
    auto config = config::load_config(site.dir.path() / "site.yaml");
    const auto templates = render::load_templates(config);
    // (An empty text is false, as a section is: looked up, as before.)
    const auto [info, d] = full_model(config, [](site::SiteInfo& made) { made.author.clear(); });
    const auto constants = render::page_constants(info);
    CHECK(constants.at("site.title") == info.title);
    CHECK_FALSE(constants.contains("site.author"));
    CHECK(constants.contains("site.player_words"));
    CHECK_FALSE(constants.contains("site.nav"));  // (a list: a section, which stays)
    const auto baked = templates.with_constants(constants);
    std::set<std::string> looked_up;
    for (const auto& name : render::required_templates()) {
        CHECK_MESSAGE(baked.render(name, d, &looked_up) == templates.render(name, d), name);
    }
    for (const char* name : {"site.title", "site.base_path", "site.player_words", "t.separator"})
        CHECK_MESSAGE(!looked_up.contains(name), name);
}

TEST_CASE("JSON-LD cannot break out of its script element") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::write(dir.path() / "content/episodes/t.md",
                "---\nepisode: strides\ntitle: \"</script><script>alert(1)</script>\"\n---\n");
    auto config = config::load_config(dir.path() / "site.yaml");
    output::MemoryOutput out;
    pipeline::build_site(config, out);
    const std::string& page = *out.find("episodes/strides/index.html");
    std::size_t start = page.find("<script type=\"application/ld+json\">");
    REQUIRE(start != std::string::npos);
    std::size_t end = page.find("</script>", start);
    std::string json = page.substr(start + 35, end - start - 35);
    CHECK(json.find('<') == std::string::npos);
    CHECK(nlohmann::json::parse(json)["name"] == "</script><script>alert(1)</script>");
}

TEST_CASE("feed.json, the search index and JSON-LD are written as nlohmann's dump() writes them") {
    // They are written without building JSON values (for speed); parsing each and dumping it
    // again must give the same bytes: keys in order, the same indentation and escapes.
    RichSite site;
    test::write(site.dir.path() / "content/episodes/odd.md",
                "---\nepisode: inductor-post-grad-fx-passes\ntitle: \"Tabs\\tand \\\"quotes\\\" \\\\ "
                "<b>caf\u00e9</b>\"\nsummary: \"x\\u0001y\"\n"
                "topics: [\"A \\\"b\\\"\", C]\n---\n");
    output::MemoryOutput out;
    pipeline::build_site(config::load_config(site.dir.path() / "site.yaml"), out);
    int json_files = 0, scripts = 0;
    for (const auto& [path, content] : out.files()) {
        if (path == "feed.json") {
            CHECK(nlohmann::json::parse(*content).dump(1) + "\n" == *content);
            ++json_files;
        } else if (path.starts_with("search/") && path.ends_with(".json")) {
            CHECK_MESSAGE(nlohmann::json::parse(*content).dump() == *content, path);
            ++json_files;
        } else if (path.ends_with(".html")) {
            const std::string open = "<script type=\"application/ld+json\">";
            std::size_t start = content->find(open);
            if (start == std::string::npos) continue;
            start += open.size();
            std::string json = content->substr(start, content->find("</script>", start) - start);
            std::string again = nlohmann::json::parse(json).dump();
            CHECK_MESSAGE(text::replace_all(again, "<", "\\u003c") == json, path);
            ++scripts;
        }
    }
    CHECK(json_files >= 5);
    CHECK(scripts == 6);  // one per episode
    const std::string& odd = *out.find("episodes/inductor-post-grad-fx-passes/index.html");
    CHECK(has(odd, "\"name\":\"Tabs\\tand \\\"quotes\\\" \\\\ \\u003cb>caf\u00e9\\u003c/b>\""));
    CHECK(has(*out.find("feed.json"), "\"A \\\"b\\\"\""));
}

TEST_CASE("the search index: shards by word prefix, blocks of results, moments") {
    RichSite site;
    auto meta = nlohmann::json::parse(site.file("search/meta.json"));
    CHECK(meta["docs"] == 6);
    CHECK(meta["block_size"] == search::k_block_size);
    CHECK(meta["stemmer"] == "english");
    auto tl = nlohmann::json::parse(site.file("search/t/tl.json"));
    REQUIRE(tl["t"].contains("tlpars"));  // the stem of "tlparse"
    CHECK(tl["f"]["tlparse"] == "tlpars");
    auto postings = test::unpack_postings(tl["t"]["tlpars"]);
    REQUIRE(postings.size() == 1);
    std::size_t doc = postings[0][0];
    CHECK(postings[0][1].get<int>() >= 8);  // a title word
    auto block = nlohmann::json::parse(site.file("search/d/" + std::to_string(doc / search::k_block_size) + ".json"));
    const auto& entry = block[doc % search::k_block_size];
    CHECK(entry[0] == "TORCH_TRACE and tlparse");
    CHECK(entry[1] == "torch-trace-and-tlparse");
    CHECK(entry[2] == "April 29, 2024");
    CHECK(has(entry[3].get<std::string>(), "Logs for PT2."));  // the note's summary leads
    auto ja = nlohmann::json::parse(site.file("search/t/ja.json"));
    CHECK(ja["t"].contains("jane"));  // guests are searchable
    for (const auto& key : meta["shards"]) CHECK(site.out.find("search/t/" + key.get<std::string>() + ".json"));
    CHECK(site.out.find("search/f/g-jane-guest.json"));
}

TEST_CASE("themes/default/README.md documents every template and every variable the templates use") {
    std::string readme = test::read(test::source_dir() / "themes/default/README.md");
    RichSite site;
    auto config = config::load_config(site.dir.path() / "site.yaml");
    auto templates = render::load_templates(config);
    std::set<std::string> used;
    // Render each template with the data the build gives it, recording each name looked up.
    for (const auto& name : render::required_templates()) {
        CHECK_MESSAGE(has(readme, "`" + name + ".mustache`"), name);
    }
    const render::Data d = full_model(config).data;
    for (const auto& name : render::required_templates()) templates.render(name, d, &used);
    // The interface's words are documented by the English table, which has every key.
    const auto english = i18n::Words::builtin("en");
    for (const auto& name : used) {
        if (name == ".") continue;
        if (name.starts_with("t.")) {
            CHECK_MESSAGE(english->table().contains(name.substr(2)),
                          "i18n/en.yaml has no key '" << name.substr(2) << "'");
            continue;
        }
        std::size_t dot = name.rfind('.');
        std::string last = dot == std::string::npos ? name : name.substr(dot + 1);
        bool documented = has(readme, "`" + last + "`") || has(readme, "`" + name + "`") || has(readme, last + "`");
        CHECK_MESSAGE(documented, "themes/default/README.md does not document '" << name << "'");
    }
    CHECK(used.size() > 40);
}
