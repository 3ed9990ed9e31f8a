#include "search/index.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/slug.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/search_postings.hpp"
#include "search/stemmer_script.hpp"
#include "search/terms.hpp"
#include "site/episode_text.hpp"
#include "site/site_info.hpp"
#include "support.hpp"
#include "text/stemmer.hpp"

namespace {

// The shard a browser fetches for `word`: the top-level key of its first two bytes, then the
// split shards' keys of its next bytes, then (ending at a split shard) "<key>_.json".
nlohmann::json shard_for(const output::MemoryOutput& out, const std::string& word) {
    auto meta = nlohmann::json::parse(*out.find("search/meta.json"));
    std::string key = search::key_name(word.substr(0, 2));
    if (std::find(meta["shards"].begin(), meta["shards"].end(), key) == meta["shards"].end()) return nullptr;
    for (std::size_t at = 2;; ++at) {
        const std::string* text = out.find(search::shard_path(key));
        REQUIRE(text);
        auto shard = nlohmann::json::parse(*text);
        if (!shard.contains("s")) return shard;
        const std::string next = at < word.size() ? search::key_name(word.substr(at, 1)) : "";
        if (next.empty() || std::find(shard["s"].begin(), shard["s"].end(), next) == shard["s"].end()) {
            if (shard["x"] == 0) return nullptr;
            const std::string* exact = out.find("search/t/" + key + "_.json");
            REQUIRE(exact);
            return nlohmann::json::parse(*exact);
        }
        key += next;
    }
}

// The postings of `term` (null when it has none).
nlohmann::json postings(const output::MemoryOutput& out, const std::string& term) {
    auto shard = shard_for(out, term);
    if (shard.is_null() || !shard["t"].contains(term)) return nullptr;
    return test::unpack_postings(shard["t"][term]);
}

site::SiteInfo english_site() {
    site::SiteInfo site(site::SitePaths{"https://example.com/"});
    site.language = "en";
    return site;
}

// The index of `catalog` as a build writes it: every episode's text made first (the index reads
// them on several threads).
void write_index_of(const core::Catalog& catalog, const notes::Curation& curation, const site::SiteInfo& site,
                    output::Output& out) {
    site::SiteContent content{catalog, curation, site};
    content.texts = std::make_shared<const site::TextCache>(content.catalog, 1);
    search::write_index(content, search::transcripts_of(content.catalog), out);
}

}  // namespace

TEST_CASE("the search index counts every distinct term of a long document once, with its weights") {
    core::Catalog catalog;
    core::Episode& long_one = catalog.episodes.emplace_back();
    long_one.slug = "long";
    long_one.title = "Alpha beta";
    for (int i = 0; i < 700; ++i)
        long_one.description += "w" + std::to_string(i) + " ";        // more words than a table holds at first
    long_one.description += "Alpha ALPHA x " + std::string(41, 'y');  // one letter, and too long: not words
    core::Episode& other = catalog.episodes.emplace_back();
    other.slug = "other";
    other.title = "Beta";
    other.description = "w5 w5 w5";
    const site::SiteInfo site = english_site();
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), site, out);

    for (int i = 0; i < 700; ++i) {
        const std::string word = "w" + std::to_string(i);
        CAPTURE(word);
        CHECK(postings(out, word) ==
              (i == 5 ? nlohmann::json::parse("[[0,1],[1,3]]") : nlohmann::json::parse("[[0,1]]")));
    }
    CHECK(postings(out, "alpha") == nlohmann::json::parse("[[0,10]]"));  // the title's 8 and the text's 1 twice
    CHECK(postings(out, "beta") == nlohmann::json::parse("[[0,8],[1,8]]"));
    CHECK(postings(out, "x").is_null());
    CHECK(postings(out, std::string(41, 'y')).is_null());
}

TEST_CASE("the search index stems words with Snowball and tells the browser each word's stem") {
    core::Catalog catalog;
    core::Episode& e = catalog.episodes.emplace_back();
    e.slug = "e";
    e.title = "Running compilers";
    e.description = "She runs. They ran. Compiling";
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), english_site(), out);
    CHECK(postings(out, "run") == nlohmann::json::parse("[[0,9]]"));  // running (title) and runs
    CHECK(postings(out, "compil") == nlohmann::json::parse("[[0,9]]"));
    CHECK(shard_for(out, "running")["f"]["running"] == "run");
    CHECK(shard_for(out, "compiling")["f"]["compiling"] == "compil");
    CHECK(nlohmann::json::parse(*out.find("search/meta.json"))["stemmer"] == "english");
    // The browser's stemmer for the words the index lacks: English's alone.
    REQUIRE(out.find("search/stem.js"));
    CHECK(*out.find("search/stem.js") == search::stemmer_script("english"));
    CHECK(out.find("search/stem.js")->find("the english stemmer of Snowball") != std::string::npos);
    // A language Snowball has no stemmer for: the words themselves.
    site::SiteInfo klingon = english_site();
    klingon.language = "tlh";
    output::MemoryOutput plain;
    write_index_of(catalog, notes::Curation(), klingon, plain);
    CHECK(postings(plain, "running") == nlohmann::json::parse("[[0,8]]"));
    CHECK(postings(plain, "run").is_null());
    CHECK(plain.find("search/stem.js") == nullptr);
}

TEST_CASE("every language the index stems has its stemmer for the browser") {
    for (const char* language :
         {"en", "de", "fr", "es", "it", "pt", "nl", "sv", "no", "nb", "da", "fi", "ru", "hu", "ro",
          "tr", "ga", "el", "id", "ar", "lt", "ne", "sr", "ta", "ca", "eu", "hy", "yi", "hi"}) {
        CAPTURE(language);
        text::Stemmer stemmer(language);
        REQUIRE(!stemmer.algorithm().empty());
        CHECK(!search::stemmer_script(stemmer.algorithm()).empty());
    }
    // Hebrew's light stem, which Snowball has none of, has one too.
    CHECK(search::stemmer_script(text::Stemmer("he").algorithm()).find("podarchiveStem") != std::string_view::npos);
    CHECK(search::stemmer_script("").empty());
}

TEST_CASE("chapter titles and transcript paragraphs are moments: postings name them, blocks hold the chapters") {
    core::Catalog catalog;
    core::Episode& e = catalog.episodes.emplace_back();
    e.slug = "e";
    e.title = "An episode";
    e.chapters.list = {
        {0, "Opening", "", "", true}, {95, "Marmalade jars", "", "", true}, {120, "Hidden", "", "", false}};
    core::Transcript t;
    for (int i = 0; i < 20; ++i)
        t.segments.push_back({i * 30.0, 0, "", i == 17 ? "An orange kangaroo juggles marmalade." : "Filler words."});
    e.transcript = core::SharedTranscript(std::move(t));
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), english_site(), out);
    // The second listed chapter is -2; the transcript's paragraph 17 is its start, 510 s.
    CHECK(postings(out, "marmalad") == nlohmann::json::parse("[[0,4,-2,510]]"));
    CHECK(postings(out, "kangaroo") == nlohmann::json::parse("[[0,1,510]]"));
    CHECK(postings(out, "hidden").is_null());
    auto entry = nlohmann::json::parse(*out.find("search/d/0.json"))[0];
    CHECK(entry[1] == "e");
    CHECK(entry[4] == nlohmann::json::parse(R"([[0,"Opening"],[95,"Marmalade jars"]])"));
    // The transcript weighs at most 6 a term, however often it says it.
    CHECK(postings(out, "filler")[0][1] == 6);
}

TEST_CASE("a posting keeps its episode, score and three moments in 12 bytes; a moment past 12 days is cut to it") {
    search::Posting p(16'777'215);  // the last episode a posting can name
    p.add_moment(-2000);            // chapter 1999
    p.add_moment(-2000);            // (the same moment again: not added)
    p.add_moment(1'048'000);
    p.add_moment(50'000'000);  // past any episode: written as the largest
    p.add_moment(7);           // a fourth: not kept
    p.set_score(search::k_max_score);
    CHECK(p.doc() == 16'777'215);
    CHECK(p.score() == search::k_max_score);
    REQUIRE(p.moment_count() == 3);
    CHECK(p.moment(0) == -2000);
    CHECK(p.moment(1) == 1'048'000);
    CHECK(p.moment(2) == search::Posting::k_max_moment);

    // Through the index (the readers stop at 100 hours; a transcript made otherwise may not).
    core::Catalog catalog;
    core::Episode& e = catalog.episodes.emplace_back();
    e.slug = "long";
    e.title = "Long";
    core::Transcript t;
    t.segments = {{0, 0, "", "Opening words."}, {900'000, 0, "", "Quokka one."}, {2e6, 0, "", "Quokka two."}};
    e.transcript = core::SharedTranscript(std::move(t));
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), english_site(), out);
    CHECK(postings(out, "quokka") == nlohmann::json::parse("[[0,2,900000,1048575]]"));
}

TEST_CASE("a term in many episodes keeps its best postings and says how many it had") {
    core::Catalog catalog;
    for (std::size_t i = 0; i < search::k_max_postings + 100; ++i) {
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = i == search::k_max_postings + 50 ? "Common" : "Episode";
        e.description = "common";
    }
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), english_site(), out);
    auto list = postings(out, "common");
    REQUIRE(list.size() == search::k_max_postings);
    CHECK(list[0][0] == 0);
    CHECK(list[search::k_max_postings - 1] ==
          nlohmann::json::array({search::k_max_postings + 50, 9}));  // the title's: kept, whatever its place
    CHECK(shard_for(out, "common")["c"]["common"] == search::k_max_postings + 100);
}

TEST_CASE("a term's best postings are the same however the episodes fall to the threads, in archive order") {
    // Enough episodes that each indexing thread cuts its own list more than once before the lists
    // are joined; scores differ from episode to episode, so which are the best is decided.
    const std::size_t n = 8 * search::k_max_postings + 7;
    core::Catalog catalog;
    std::vector<std::pair<int, std::size_t>> expected;  // (score, episode)
    for (std::size_t i = 0; i < n; ++i) {
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = "Episode";
        const int times = static_cast<int>(i * 7919 % 13) + 1;
        for (int k = 0; k < times; ++k) e.description += "common ";
        expected.emplace_back(times, i);
    }
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    expected.resize(search::k_max_postings);
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), english_site(), out);
    auto list = postings(out, "common");
    REQUIRE(list.size() == search::k_max_postings);
    for (std::size_t k = 0; k < list.size(); ++k) {
        CHECK(list[k][0] == expected[k].second);
        CHECK(list[k][1] == expected[k].first);
    }
    CHECK(shard_for(out, "common")["c"]["common"] == n);
}

TEST_CASE("shards are split until small, and every term is found by walking its bytes") {
    core::Catalog catalog;
    for (int i = 0; i < 300; ++i) {
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = "Caf\xC3\xA9 " + std::to_string(i);
        for (int k = 0; k < 40; ++k) e.description += "pre" + std::to_string(i * 40 + k) + " ";
    }
    site::SiteInfo site = english_site();
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), site, out);
    std::size_t shards = 0;
    for (const auto& [path, text] : out.files()) {
        if (!path.starts_with("search/t/")) continue;
        ++shards;
        CAPTURE(path);
        CHECK(text->size() <= search::k_shard_bytes + 200);
        CHECK_NOTHROW(nlohmann::json::parse(*text));
    }
    CHECK(shards > 20);
    for (int n : {0, 5, 11999}) CHECK(postings(out, "pre" + std::to_string(n)).size() == 1);
    CHECK(shard_for(out, "pre").is_null());  // a split shard with no term as long as its key
    CHECK(nlohmann::json::parse(*out.find("search/t/pr.json")) == nlohmann::json::parse(R"({"s":["e"],"x":0})"));
    CHECK(postings(out, "caf\xC3\xA9").size() == 300);
    CHECK(search::key_name("ca\xC3\xA9") == "ca_c3_a9");
}

TEST_CASE("no shard takes a name Windows reserves for a device") {
    core::Catalog catalog;
    for (int i = 0; i < 300; ++i) {
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = "Episode";
        for (int k = 0; k < 40; ++k)
            e.description += "con" + std::to_string(i * 40 + k) + " aux" + std::to_string(i * 40 + k) + " ";
    }
    site::SiteInfo site = english_site();
    output::MemoryOutput out;
    write_index_of(catalog, notes::Curation(), site, out);
    for (const auto& [path, text] : out.files()) {
        CAPTURE(path);
        const std::string name = path.substr(path.rfind('/') + 1);
        CHECK(core::is_safe_path_segment(name.substr(0, name.find('.'))));
    }
    CHECK(out.find("search/t/con-.json"));
    CHECK(out.find("search/t/aux-.json"));
    CHECK(postings(out, "con7").size() == 1);
    CHECK(postings(out, "aux11999").size() == 1);
}

TEST_CASE("filters: a list of episodes per year, topic and guest, named in meta.json") {
    core::Catalog catalog;
    notes::Curation curation;
    for (int i = 0; i < 3; ++i) {
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = "Episode";
        e.date = dates::parse_iso8601(i == 0 ? "2024-01-02" : "2023-05-06");
        curation.by_slug[e.slug].note_topics = {i == 2 ? "C++" : "CUDA"};
        curation.by_slug[e.slug].guests = {"Jane Guest"};
    }
    output::MemoryOutput out;
    write_index_of(catalog, curation, english_site(), out);
    CHECK(*out.find("search/f/y2023.json") == "[1,2]");
    CHECK(*out.find("search/f/t-cuda.json") == "[0,1]");
    CHECK(*out.find("search/f/g-jane-guest.json") == "[0,1,2]");
    auto meta = nlohmann::json::parse(*out.find("search/meta.json"));
    CHECK(meta["years"] == nlohmann::json::parse("[[2024,1],[2023,2]]"));
    CHECK(meta["topics"][0] == nlohmann::json::parse(R"(["C++","c-plus-plus",1])"));
}

TEST_CASE("a GBK Chinese and a Shift_JIS Japanese feed: the index finds words inside their sentences") {
    struct Show {
        const char* language;
        const char* encoding;
        std::string title, sentence;     // in the feed's encoding
        std::vector<std::string> words;  // in UTF-8, as ICU's word breaks cut them (and the browser's
                                         // Intl.Segmenter a query): each must find the episode
    };
    const Show shows[] = {
        {"zh-cn",
         "GBK",
         // 机器学习编译器的工作原理 / 我们讨论编译器如何优化深度学习模型。
         "\xBB\xFA\xC6\xF7\xD1\xA7\xCF\xB0\xB1\xE0\xD2\xEB\xC6\xF7\xB5\xC4\xB9\xA4\xD7\xF7\xD4\xAD\xC0\xED",
         "\xCE\xD2\xC3\xC7\xCC\xD6\xC2\xDB\xB1\xE0\xD2\xEB\xC6\xF7\xC8\xE7\xBA\xCE\xD3\xC5\xBB\xAF\xC9\xEE\xB6\xC8\xD1"
         "\xA7\xCF\xB0\xC4\xA3\xD0\xCD\xA1\xA3",
         {"编译", "模型", "学习"}},
        {"ja",
         "Shift_JIS",
         // 機械学習コンパイラの仕組み / 今日はコンパイラが自動で最適化する話をします。
         "\x8B\x40\x8A\x42\x8A\x77\x8F\x4B\x83\x52\x83\x93\x83\x70\x83\x43\x83\x89\x82\xCC\x8E\x64\x91\x67\x82\xDD",
         "\x8D\xA1\x93\xFA\x82\xCD\x83\x52\x83\x93\x83\x70\x83\x43\x83\x89\x82\xAA\x8E\xA9\x93\xAE\x82\xC5\x8D\xC5\x93"
         "\x4B\x89\xBB\x82\xB7\x82\xE9\x98\x62\x82\xF0\x82\xB5\x82\xDC\x82\xB7\x81\x42",
         {"コンパイラ", "最適化", "仕組み"}},
    };
    for (const Show& show : shows) {
        CAPTURE(show.encoding);
        test::TempDir dir;
        test::write(dir.path() / "site.yaml",
                    "title: S\nbase_url: https://example.com/\nsources:\n  - path: content/sources/feed.xml\n");
        test::write(dir.path() / "content/sources/feed.xml",
                    std::string("<?xml version=\"1.0\" encoding=\"") + show.encoding +
                        "\"?><rss version=\"2.0\"><channel><title>S</title><language>" + show.language +
                        "</language><item><title>" + show.title + "</title><guid>e1</guid><description>" +
                        show.sentence +
                        "</description><pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate><enclosure "
                        "url=\"https://example.com/e1.mp3\" length=\"1\" type=\"audio/mpeg\"/></item></channel></rss>");
        output::MemoryOutput out;
        pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
        for (const std::string& word : show.words) {
            CAPTURE(word);
            const auto found = postings(out, word);
            REQUIRE_FALSE(found.is_null());
            CHECK(found.size() == 1);
        }
    }
}
