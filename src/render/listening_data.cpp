#include "render/listening_data.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_set>

#include "html/escape.hpp"
#include "listening/timecode.hpp"
#include "net/url.hpp"
#include "render/page_frame.hpp"
#include "site/site_paths.hpp"
#include "text/strings.hpp"
#include "text/word_breaks.hpp"

namespace render {

namespace {

// Time links are "#t=<seconds>" (the player seeks there). The first element of the page at each
// time has that id too, so the link also leads to it without JavaScript (and link checkers
// find what it names).
class Moments {
public:
    Data at(double seconds, const std::string& end = "") {
        const std::string t = std::to_string(listening::whole_seconds(seconds));
        Data m;
        put(m, "t", t);
        put(m, "time", listening::format_timecode(seconds));
        const std::string id = first_at(t, end);
        put(m, "id", id);
        return m;
    }

    // The id "t=<seconds>[,<end>]" the first time it is asked for, then "".
    std::string first_at(const std::string& t, const std::string& end = "") {
        std::string id = "t=" + t + (end.empty() ? "" : "," + end);
        return m_ids.insert(id).second ? id : "";
    }

private:
    std::set<std::string> m_ids;
};

Data chapters_data(const core::Episode& e, Moments& moments) {
    List items;
    for (const auto& c : e.chapters.list) {
        if (!c.listed) continue;
        Data item = moments.at(c.start);
        put(item, "title", c.title);
        put(item, "link", net::is_http_url(c.url) ? text(c.url) : Data(false));
        items.push_back(std::move(item));
    }
    return list(std::move(items));
}

// The transcript's paragraphs as HTML, made here rather than by the template: a paragraph each
// as template data was half of making an episode page with a transcript (about sixty of
// them a page). The theme styles them by class:
//   <p id="t=<s>"><a class="ts" href="#t=<s>" data-t="<s>">m:ss</a> <b class="speaker">Name:</b> text</p>
// (the id on the page's first element at that time, the time link when the transcript is
// timed, the speaker where it changes), one a line.
std::string transcript_html(const core::Transcript& t, std::size_t& words, Moments& moments) {
    std::string html;
    std::size_t bytes = 0;  // (made at about its size: a page's largest part)
    for (const auto& s : t.segments) bytes += s.text.size() + 100;
    html.reserve(bytes + bytes / 16);
    const std::string* last_speaker = nullptr;
    text::WordBreaker breaker;  // (Japanese, Chinese or Thai words are counted as words, not sentences)
    for (const auto& s : t.segments) {
        if (!html.empty()) html += '\n';
        html += "<p";
        if (t.timed) {
            const std::string seconds = std::to_string(listening::whole_seconds(s.start));
            if (const std::string id = moments.first_at(seconds); !id.empty()) html.append(" id=\"").append(id) += '"';
            html.append("><a class=\"ts\" href=\"#t=")
                .append(seconds)
                .append("\" data-t=\"")
                .append(seconds)
                .append("\">");
            html::append_html_escaped(html, listening::format_timecode(s.start));
            html += "</a> ";
        } else {
            html += '>';
        }
        if (!s.speaker.empty() && (!last_speaker || *last_speaker != s.speaker)) {
            html += "<b class=\"speaker\">";
            html::append_html_escaped(html, s.speaker);
            html += ":</b> ";
        }
        if (!s.speaker.empty()) last_speaker = &s.speaker;
        html::append_html_escaped(html, s.text);
        html += "</p>";
        words += breaker.count(s.text);
    }
    return html;
}

// The Podcasting 2.0 role in the site's words ("guest" -> "Gast"); a role the tables do not
// name, as the feed writes it, capitalized.
std::string role_label(const i18n::Words& words, const core::Person& p) {
    if (p.role.empty()) return "";
    std::string key = "role." + text::ascii_lower(p.role);
    std::replace(key.begin(), key.end(), ' ', '_');
    std::string r = p.role;
    r[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(r[0])));
    return words.text_or(key, r);
}

}  // namespace

std::string transcript_json(const core::Transcript& t) {
    std::string j = "{\"version\":\"1.0.0\",\"segments\":[";
    bool first = true;
    for (const auto& s : t.segments) {
        if (!first) j += ',';
        first = false;
        j += '{';
        if (!s.speaker.empty()) {
            j += "\"speaker\":";
            html::append_json_string(j, s.speaker);
            j += ',';
        }
        j += "\"startTime\":" + std::to_string(listening::whole_seconds(s.start));
        if (s.end > s.start) j += ",\"endTime\":" + std::to_string(listening::whole_seconds(s.end) + 1);
        j += ",\"body\":";
        html::append_json_string(j, s.text);
        j += '}';
    }
    return j + "]}\n";
}

namespace {

void put_chapters(Data& d, const site::SiteInfo& site, const core::Episode& e, Moments& moments) {
    const bool has_chapters =
        std::any_of(e.chapters.list.begin(), e.chapters.list.end(), [](const auto& c) { return c.listed; });
    put(d, "has_chapters", has_chapters);
    if (has_chapters) {
        put(d, "chapters", chapters_data(e, moments));
        put(d, "chapters_origin", core::origin_name(e.chapters.origin));
        put(d, "chapters_derived", e.chapters.origin == core::ChapterOrigin::show_notes);
        put(d, "chapters_json", site.paths.url(site::SitePaths::chapters_file(e.slug)));
    }
}

}  // namespace

void put_chapters(Data& d, const site::SiteInfo& site, const core::Episode& e) {
    Moments moments;
    put_chapters(d, site, e, moments);
}

void put_listening(Data& d, const site::SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras) {
    Moments moments;
    put_chapters(d, site, e, moments);
    put(d, "has_transcript", static_cast<bool>(e.transcript));
    if (e.transcript) {
        std::size_t words = 0;
        put(d, "transcript_html", transcript_html(*e.transcript, words, moments));
        std::string counted = site.words->count("count.words", static_cast<long long>(words));
        put(d, "transcript_summary", site.words->fill("episode.read_transcript", {{"words", counted}}));
        put(d, "transcript_words", std::move(counted));
        put(d, "transcript_timed", e.transcript->timed);
        // The host's file when the feed links one, else the site's copy of the note's.
        put(d, "transcript_file",
            e.transcript->url.empty() ? site.paths.url(site::SitePaths::transcript_file(e.slug)) : e.transcript->url);
    }
    // The feed's people and the note's guests, one list; a guest links to their page here.
    std::vector<core::Person> persons = notes::episode_persons(e, extras);
    put(d, "has_persons", !persons.empty());
    put(d, "persons", people_data(site, persons, extras));
    put(d, "has_soundbites", !e.soundbites.empty());
    put(d, "soundbites", list_of(e.soundbites, [&](const core::Soundbite& b) {
            const std::string end = std::to_string(listening::whole_seconds(b.start + b.duration));
            Data item = moments.at(b.start, end);
            put(item, "end", end);
            put(item, "length",
                site.words->fill("duration.seconds",
                                 {{"seconds", site.words->number(listening::whole_seconds(b.duration))}}));
            put(item, "title", b.title.empty() ? site.words->text("episode.moment") : b.title);
            return item;
        }));
    const std::vector<site::SiteInfo::Link> funding =
        e.funding.empty() ? site.funding : site::funding_links(site, e.funding);
    put(d, "has_funding", !funding.empty());
    put(d, "funding", link_list(funding));
    put(d, "value", value_data(site, e.value.empty() ? site.value : e.value));
    put(d, "more",
        feed_links_data(e.links, has_captions(e) ? site.paths.url(site::SitePaths::captions_file(e.slug)) : ""));
}

Data value_data(const site::SiteInfo& site, const core::Value& value) {
    long long shares = 0;
    for (const auto& r : value.recipients) shares += r.fee ? 0 : r.split;
    List recipients;
    for (const auto& r : value.recipients) {
        if (r.fee || r.name.empty()) continue;
        Data item;
        put(item, "first", recipients.empty());
        put(item, "name", r.name);
        put(item, "share", shares > 0 ? text(site.words->percent((r.split * 100 + shares / 2) / shares)) : Data(false));
        recipients.push_back(std::move(item));
    }
    if (recipients.empty()) return Data(false);
    // The ledgers the namespace names, as they write themselves; another as the feed has it.
    static const std::pair<std::string_view, std::string_view> k_ledgers[] = {
        {"lightning", "Lightning"}, {"hive", "Hive"}, {"webmonetization", "Web Monetization"}};
    std::string ledger = value.type;
    for (const auto& [type, name] : k_ledgers)
        if (value.type == type) ledger = name;
    Data d;
    put(d, "recipients", list(std::move(recipients)));
    put(d, "ledger", ledger);
    put(d, "apps_url", std::string(k_value_apps_url));
    return d;
}

bool plays_on_page(const core::FeedLink& link) {
    return link.kind == core::FeedLink::Kind::video && !link.url.empty() &&
           (link.type == "video/mp4" || link.type == "video/webm" || link.type == "video/ogg");
}

bool has_captions(const core::Episode& e) {
    return e.transcript && (*e.transcript).timed && std::any_of(e.links.begin(), e.links.end(), plays_on_page);
}

Data feed_links_data(const std::vector<core::FeedLink>& links, const std::string& captions) {
    if (links.empty()) return Data(false);  // (most episodes: every page asks)
    using Kind = core::FeedLink::Kind;
    auto of = [&](Kind kind) {
        List items;
        for (const auto& l : links) {
            if (l.kind != kind) continue;
            Data item;
            put(item, "label", l.label);  // (a video without a title or height)
            put(item, "url", l.url);
            put(item, "type", l.type);
            // A video in a format browsers play is played on the page (nothing is fetched before
            // the listener opens it and presses play); another is a link.
            put(item, "playable", plays_on_page(l));
            put(item, "captions", plays_on_page(l) && !captions.empty() ? text(captions) : Data(false));
            put(item, "feed", l.feed);  // (beside a website)
            items.push_back(std::move(item));
        }
        return items;
    };
    Data d;
    bool any = false;
    for (const auto& [key, kind] : {std::pair{"comments", Kind::comments}, std::pair{"videos", Kind::video},
                                    std::pair{"trailers", Kind::trailer}, std::pair{"podroll", Kind::podroll}}) {
        List items = of(kind);
        any |= !items.empty();
        put(d, key, items.empty() ? Data(false) : list(std::move(items)));
    }
    for (const auto& [key, kind] : {std::pair{"license", Kind::license}, std::pair{"location", Kind::location}}) {
        List items = of(kind);  // (the first: one licence, one place)
        any |= !items.empty();
        put(d, key, items.empty() ? Data(false) : std::move(items.front()));
    }
    return any ? d : Data(false);
}

Data people_data(const site::SiteInfo& site, const std::vector<core::Person>& persons,
                 const notes::EpisodeExtras* extras) {
    // (A set: a note may list thousands of guests, each looked for among all.)
    std::unordered_set<std::string_view> guests;
    if (extras) guests.insert(extras->guests.begin(), extras->guests.end());
    return list(list_of(persons, [&](const core::Person& p) {
        Data item;
        put(item, "name", p.name);
        put(item, "role", role_label(*site.words, p));
        const bool guest_page = guests.contains(p.name);
        put(item, "link",
            guest_page                 ? text(site::term_url(site, "guests", p.name))
            : net::is_http_url(p.href) ? text(p.href)
                                       : Data(false));
        return item;
    }));
}

}  // namespace render
