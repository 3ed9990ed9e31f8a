#include "render/episode_page.hpp"

#include "core/enclosures.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"
#include "html/escape.hpp"
#include "listening/captions.hpp"
#include "listening/chapters.hpp"
#include "net/url.hpp"
#include "render/listening_data.hpp"
#include "render/page_frame.hpp"
#include "render/pages.hpp"
#include "text/strings.hpp"

namespace render {

namespace {

std::string iso_duration(int seconds) {
    std::string out = "PT";
    if (seconds >= 3600) out += std::to_string(seconds / 3600) + "H";
    if (seconds >= 60) out += std::to_string(seconds / 60 % 60) + "M";
    return out + std::to_string(seconds % 60) + "S";
}

}  // namespace

std::string episode_jsonld(const site::SiteInfo& site, const core::Episode& e, const std::string& description) {
    // The object nlohmann's dump() would write (keys in order, no spaces), written directly:
    // dump() escaped every episode's description at a tenth of html::append_json_string's speed.
    std::string j = "{";
    auto key = [&](std::string_view name) {
        if (j.size() > 1 && j.back() != '{') j += ',';
        j += '"';
        j += name;
        j += "\":";
    };
    auto field = [&](std::string_view name, std::string_view value) {
        key(name);
        html::append_json_string(j, value);
    };
    field("@context", "https://schema.org");
    field("@type", "PodcastEpisode");
    if (e.enclosure && net::is_http_url(e.enclosure->url)) {
        key("associatedMedia");
        j += "{";
        field("@type", "MediaObject");
        field("contentUrl", e.enclosure->url);
        j += "}";
    }
    if (e.date) field("datePublished", dates::format_iso8601(*e.date));
    field("description", description);
    if (e.episode_number) key("episodeNumber"), j += std::to_string(*e.episode_number);
    field("inLanguage", site.language);
    field("name", e.title);
    key("partOfSeries");
    j += "{";
    field("@type", "PodcastSeries");
    field("name", site.title);
    field("url", site.paths.base_url);
    j += "}";
    if (e.duration) field("timeRequired", iso_duration(e.duration->seconds));
    field("url", site.paths.absolute(site::SitePaths::episode_dir(e.slug)));
    j += "}";
    return "<script type=\"application/ld+json\">" + text::replace_all(j, "<", "\\u003c") + "</script>";
}

std::string embed_code(const site::SiteInfo& site, const core::Episode& e) {
    return "<iframe src=\"" + html::html_escape(site.paths.absolute(embed_dir(e))) + "\" title=\"" +
           html::html_escape(e.title) + "\" width=\"" + std::to_string(k_embed_width) + "\" height=\"" +
           std::to_string(k_embed_height) +
           "\" style=\"border:0;max-width:100%\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>";
}

namespace {

// The episode's audio, and where its player is shared from: its embeddable page and the oEmbed
// answer that describes it. A video is played as a video on its page (`media`), and as sound in
// the embeddable player, whose frame (k_embed_height) has no room for a picture.
Data audio_data(const site::SiteInfo& site, const core::Episode& e, bool embedded) {
    Data audio;
    const std::string host_type = core::audio_type(e.enclosure->type, e.enclosure->url);
    // With the archive's copy, the player lists both files in the order a browser tries them,
    // falling back by itself (no script needed): the host's first while it serves its file,
    // the copy first once the host's is gone. The download link is the first.
    const bool copy_first = e.copy && e.copy->host_gone;
    const std::string& type = copy_first ? e.copy->type : host_type;
    put(audio, "url", copy_first ? e.copy->url : e.enclosure->url);
    put(audio, "type", type);
    const bool video = !embedded && type.starts_with("video/");
    put(audio, "media", text(video ? "video" : "audio"));
    put(audio, "video", video);
    if (e.copy) {
        Data host, copy;
        put(host, "url", e.enclosure->url), put(host, "type", host_type);
        put(copy, "url", e.copy->url), put(copy, "type", e.copy->type);
        List sources;
        sources.push_back(copy_first ? std::move(copy) : std::move(host));
        sources.push_back(copy_first ? std::move(host) : std::move(copy));
        put(audio, "sources", std::move(sources));
    } else {
        put(audio, "sources", false);
    }
    put(audio, "from_copy", copy_first);
    put(audio, "embed_url", site.paths.absolute(embed_dir(e)));
    put(audio, "oembed_url", site.paths.absolute(oembed_path(e)));
    // (the player shows the length before the file is fetched: it is fetched on play)
    put(audio, "seconds", e.duration ? text(std::to_string(e.duration->seconds)) : Data(false));
    put(audio, "size",
        copy_first ? audio_size(*site.words, e.copy->bytes, e.copy->duration)
                   : audio_size(*site.words, e.enclosure->length.value_or(0),
                                e.duration ? static_cast<double>(e.duration->seconds) : 0));
    return audio;
}

}  // namespace

Data audio_size(const i18n::Words& words, long long bytes, double seconds) {
    if (!core::plausible_audio_size(bytes, seconds)) return false;
    return text(words.fill("download.size", {{"size", words.number(std::max(1LL, (bytes + 500000) / 1000000))}}));
}

std::string embed_dir(const core::Episode& e) {
    return site::SitePaths::episode_dir(e.slug) + "embed/";
}
std::string oembed_path(const core::Episode& e) {
    return site::SitePaths::episode_dir(e.slug) + "oembed.json";
}

std::string oembed_json(const site::SiteInfo& site, const core::Episode& e) {
    const std::string iframe = embed_code(site, e);
    std::string j = "{\"version\":\"1.0\",\"type\":\"rich\",\"title\":";
    html::append_json_string(j, e.title);
    j += ",\"provider_name\":";
    html::append_json_string(j, site.title);
    j += ",\"provider_url\":";
    html::append_json_string(j, site.paths.base_url);
    if (!site.author.empty()) j += ",\"author_name\":", html::append_json_string(j, site.author);
    // (oEmbed 1.0: thumbnail_url comes with thumbnail_width and thumbnail_height, or not at all)
    if (!site.artwork_url.empty() && site.artwork_width > 0) {
        j += ",\"thumbnail_url\":", html::append_json_string(j, site.artwork_url);
        j += ",\"thumbnail_width\":" + std::to_string(site.artwork_width) +
             ",\"thumbnail_height\":" + std::to_string(site.artwork_height);
    }
    j += ",\"html\":";
    html::append_json_string(j, iframe);
    j += ",\"width\":" + std::to_string(k_embed_width) + ",\"height\":" + std::to_string(k_embed_height) + "}";
    // (no "<" a page that prints a field unescaped could take for a tag: JSON reads \u003c the same)
    return text::replace_all(j, "<", "\\u003c");
}

Data episode_data(const site::SiteContent& content, const core::Episode& e, const core::Episode* older,
                  const core::Episode* newer, const notes::EpisodeExtras* extras, const site::EpisodeLookup& lookup,
                  const CardCache* cache) {
    const site::SiteInfo& site = content.site;
    auto plain_card = [&](const core::Episode& other) {
        return cache ? cache->plain(other) : episode_card(content, other);
    };
    Data d = cache ? cache->with_note(e) : episode_card(content, e, extras);  // its card, and more
    put(d, "title_derived", e.title_derived);
    if (e.duration) {
        put(d, "duration_clock", dates::format_clock(e.duration->seconds));
        put(d, "duration_iso", iso_duration(e.duration->seconds));
    }
    if (e.enclosure && net::is_http_url(e.enclosure->url)) {
        put(d, "audio", audio_data(site, e, false));
        put(d, "embed_code", embed_code(site, e));  // ("Share and embed"; the embed page has no use for it)
    }
    put_listening(d, site, e, extras);
    put(d, "notes_html", std::string(content.text(e).notes_html.view()));
    put(d, "notes_truncated", e.description_truncated);
    std::vector<site::SiteInfo::Link> listen;
    for (const auto& l : e.listen_on)
        listen.push_back({l.label.empty() ? site.words->text("episode.page_link") : l.label, l.url});
    put(d, "listen_on", link_list(listen));
    put(d, "has_listen_on", !listen.empty());
    put(d, "seen_in", list_of(e.seen_in, [](const std::string& s) { return text(s); }));
    put(d, "seen_in_text", text::join(e.seen_in, ", "));
    put(d, "seen_in_sentence", site.words->fill("episode.seen_in", {{"sources", text::join(e.seen_in, ", ")}}));
    const i18n::Words& words = *site.words;
    put(d, "provenance", list_of(e.sources, [&](const auto& field_source) {
            const auto& [field, source] = field_source;
            Data row;
            put(row, "field", words.text_or("field." + std::string(field), field));
            put(row, "source", std::string(source.source));
            put(row, "file", std::string(source.file));
            put(row, "line", std::to_string(source.line));
            return row;
        }));
    put(d, "records", list_of(e.records, [&](const auto& r) {
            const core::RecordOrigin& from = content.catalog.origin_of(r.place);
            Data row;
            put(row, "source", from.source);
            put(row, "file", from.file);
            put(row, "line", std::to_string(r.place.line));
            put(row, "end_line", std::to_string(r.place.end_line));
            put(row, "matched_by", words.text_or("linked." + r.matched_by, r.matched_by));
            return row;
        }));
    if (older) put(d, "older", plain_card(*older));
    if (newer) put(d, "newer", plain_card(*newer));
    if (!extras) return d;
    put(d, "has_note", !text::trim(extras->note_html).empty());
    put(d, "note_html", extras->note_html);
    put(d, "guests", term_links(site, "guests", extras->guests));  // (topics are on the card)
    put(d, "has_topics", !notes::Curation::topics_of(extras, e).empty());
    put(d, "has_guests", !extras->guests.empty());
    put(d, "errata", list_of(extras->errata, [](const std::string& line) { return text(line); }));
    put(d, "has_errata", !extras->errata.empty());
    std::vector<site::SiteInfo::Link> links;
    for (const auto& l : extras->links) links.push_back({l.title, l.url});
    put(d, "links", link_list(links));
    put(d, "has_links", !links.empty());
    auto cards = [&](const std::vector<std::string>& slugs) {
        List items;
        items.reserve(slugs.size());  // (data.hpp, list_of)
        for (const auto& slug : slugs)
            if (const core::Episode* other = lookup(slug)) items.push_back(plain_card(*other));
        return list(std::move(items));
    };
    put(d, "related", cards(extras->related));
    put(d, "has_related", !extras->related.empty());
    put(d, "mentioned_in", cards(extras->mentioned_in));
    put(d, "has_mentioned_in", !extras->mentioned_in.empty());
    return d;
}

namespace {

// The page of the i-th episode of the catalog. It reads the episode, its note, its neighbours
// (their cards) and the episodes its note relates it to or that mention it.
PageModel episode_page(const RenderInputs& in, std::size_t i) {
    const auto& all = in.catalog.episodes;
    const core::Episode& e = all[i];
    const notes::EpisodeExtras* extras = in.cards.extras(e);
    PageModel model{{}, {dep::site, dep::order, dep::episode(e.slug), dep::listening(e.slug), dep::note(e.slug)}};
    if (i > 0) model.reads.push_back(dep::episode(all[i - 1].slug));
    if (i + 1 < all.size()) model.reads.push_back(dep::episode(all[i + 1].slug));
    if (extras) {
        for (const auto& slug : extras->related) model.reads.push_back(dep::episode(slug));
        for (const auto& slug : extras->mentioned_in) model.reads.push_back(dep::episode(slug));
    }
    // Neighbours in time: the dated chain, or the undated group's own (in the listings' order);
    // an undated episode is not "previous" or "next" to a dated one.
    auto same_group = [&e](const core::Episode& other) { return other.date.has_value() == e.date.has_value(); };
    const core::Episode* newer = i > 0 && same_group(all[i - 1]) ? &all[i - 1] : nullptr;
    const core::Episode* older = i + 1 < all.size() && same_group(all[i + 1]) ? &all[i + 1] : nullptr;
    std::string description = extras && !extras->summary.empty() ? extras->summary : in.content.text(e).short_summary;
    const std::string dir = site::SitePaths::episode_dir(e.slug);
    model.data = page_data(in.site, e.title, description, dir, episode_jsonld(in.site, e, description));
    site::EpisodeLookup lookup = [&in](const std::string& slug) { return in.episode(slug); };
    put(model.data, "episode", episode_data(in.content, e, older, newer, extras, lookup, &in.cards));
    return model;
}

// The embeddable player: the episode's title, the show, the audio; its canonical page is the
// episode's.
PageModel embed_page(const RenderInputs& in, const core::Episode& e) {
    // (Its chapters: a change of them alone is the episode's listening key, pipeline/plan.cpp.)
    PageModel model{{}, {dep::site, dep::episode(e.slug), dep::listening(e.slug)}};
    model.data = page_data(in.site, e.title, in.content.text(e).short_summary, site::SitePaths::episode_dir(e.slug));
    Data episode;
    put(episode, "title", e.title);
    put(episode, "url", in.site.paths.url(site::SitePaths::episode_dir(e.slug)));
    put(episode, "audio", audio_data(in.site, e, true));
    put(episode, "embed", true);        // (the player's titles link out: it is in another site's page)
    put_chapters(episode, in.site, e);  // (the player's marks, steps and current chapter)
    put(model.data, "episode", std::move(episode));
    return model;
}

}  // namespace

void declare_episode_pages(Pages& pages) {
    const RenderInputs& in = pages.in;
    for (std::size_t i = 0; i < in.catalog.episodes.size(); ++i) {
        const core::Episode& e = in.catalog.episodes[i];
        const std::string dir = site::SitePaths::episode_dir(e.slug);  // (every file below is the episode's)
        if (!pages.wants_under(dir)) continue;
        pages.declare(dir, "episode", [&in, i] { return episode_page(in, i); });
        // Its player alone, for other sites' pages (not in the sitemap), and what oEmbed asks.
        if (e.enclosure && net::is_http_url(e.enclosure->url)) {
            pages.declare_file(embed_dir(e) + "index.html", "embed", [&in, &e] { return embed_page(in, e); });
            pages.declare_data(oembed_path(e), {dep::site, dep::episode(e.slug)},
                               [&in, &e] { return oembed_json(in.site, e); });
        }
        // Apps read the chapters and transcript from the site's copies (the feed points there).
        if (!e.chapters.empty())
            pages.declare_data(site::SitePaths::chapters_file(e.slug), {dep::listening(e.slug)},
                               [&e] { return listening::chapters_json(e.chapters.list); });
        if (e.transcript && e.transcript->url.empty())
            pages.declare_data(site::SitePaths::transcript_file(e.slug), {dep::listening(e.slug)},
                               [&e] { return transcript_json(*e.transcript); });
        if (has_captions(e))
            pages.declare_data(site::SitePaths::captions_file(e.slug), {dep::listening(e.slug), dep::episode(e.slug)},
                               [&e] { return listening::captions_vtt(*e.transcript); });
    }
}

}  // namespace render
