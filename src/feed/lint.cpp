#include "feed/lint.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <span>
#include <stdexcept>
#include <unordered_set>

#include "concurrency/parallel.hpp"
#include "core/apple_categories.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"
#include "html/escape.hpp"
#include "net/url.hpp"
#include "text/language.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/xml_nesting.hpp"

namespace feed {

namespace {

constexpr const char* k_rss = "https://www.rssboard.org/rss-specification";
constexpr const char* k_xml_chars = "https://www.w3.org/TR/xml/#charsets";
constexpr const char* k_apple = "https://podcasters.apple.com/support/823-podcast-requirements";
constexpr const char* k_apple_categories = "https://podcasters.apple.com/support/1691-apple-podcasts-categories";
constexpr const char* k_p20 = "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md";
constexpr const char* k_atom_self = "https://www.rssboard.org/rss-profile#namespace-elements-atom-link";

constexpr std::size_t k_nesting_listed = 5;  // elements that do not nest, each an error (the rest counted)

const std::set<std::string> k_media_types = {"audio/mpeg",      "audio/x-m4a",     "audio/mp4",
                                             "audio/aac",       "video/mp4",       "video/x-m4v",
                                             "video/quicktime", "application/pdf", "application/epub+zip"};

// The lines of a feed's text, made when a finding first needs one, by whichever thread it is on
// (read a megabyte at a time: the text of a large feed need not be in memory).
class Lines {
public:
    explicit Lines(FeedText text) : m_text(std::move(text)) {}
    int line_at(std::ptrdiff_t offset) {
        std::call_once(m_made, [this] { index(); });
        const auto at = static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, offset));
        return static_cast<int>(std::upper_bound(m_starts.begin(), m_starts.end(), at) - m_starts.begin());
    }

private:
    void index() {
        constexpr std::size_t k_part = std::size_t{1} << 20;
        m_starts.push_back(0);
        std::string part;
        for (std::size_t at = 0; at < m_text.size; at += k_part) {
            part.clear();
            if (!m_text.read(part, at, std::min(k_part, m_text.size - at))) break;
            text::append_line_starts(part, at, m_starts);
        }
    }

    const FeedText m_text;
    std::once_flag m_made;
    std::vector<std::size_t> m_starts;  // where each line begins
};

// A check of an item against the items before it (a guid or an audio URL used before, a date
// after the one before), decided in items' order by in_order(): so the items can be linted in
// pieces, each apart from those before it.
struct AgainstEarlier {
    enum class Kind { guid, enclosure, date } kind;
    std::string key;            // the guid, or the audio URL normalized
    std::int64_t seconds = 0;   // the date
    std::size_t before = 0;     // its finding's place: before this finding of the piece
    std::string where;          // the item
    std::ptrdiff_t offset = 0;  // in the text, of the node the finding is about
    int item = 0;
    bool taken = false;      // of an item taken as checked before (CheckedItem): `key` is not known
    std::uint64_t hash = 0;  // of `key`
};

// The rule named `id`, or null.
const LintRule* rule_named(std::string_view id) {
    const auto& rules = lint_rules();
    const auto at = std::find_if(rules.begin(), rules.end(), [&](const LintRule& r) { return r.id == id; });
    return at == rules.end() ? nullptr : &*at;
}

struct Linter {
    explicit Linter(std::shared_ptr<Lines> shared, bool locate_all = true)
        : lines(std::move(shared)), locate_input_findings(locate_all) {}

    std::shared_ptr<Lines> lines;  // of the feed's text
    // Whether a finding about a value the input had (its rule says how to fix it there) gets its
    // line in this text: lint_feed_by_item's do not (a build locates them in the input, and
    // their lines would have the whole of a large feed read again).
    bool locate_input_findings = true;
    std::vector<LintFinding> out;
    std::vector<AgainstEarlier> against_earlier;
    std::size_t base = 0;              // where in the text the text parsed begins (an item parsed on its own)
    int current_item = 0;              // the item being checked (1-based), 0 while on the channel
    CheckedItem* recording = nullptr;  // what the item being checked is kept as, for the next build

    int line_at(std::ptrdiff_t offset) { return lines->line_at(offset); }

    std::ptrdiff_t offset_of(const pugi::xml_node& at) const {
        return static_cast<std::ptrdiff_t>(base) + (at ? at.offset_debug() : 0);
    }

    // (`offset`: of the node the finding is about; none, no line.)
    LintFinding finding(const std::string& rule, const std::string& where, const std::string& message,
                        std::optional<std::ptrdiff_t> offset, int item) {
        const LintRule* r = rule_named(rule);
        if (!r) throw std::logic_error("lint: no rule " + rule);
        const bool located = offset && (r->fix.empty() || locate_input_findings);
        return {rule, r->level, where, message, r->spec, located ? line_at(*offset) : 0, item};
    }

    void report(const std::string& rule, const std::string& where, const std::string& message,
                const pugi::xml_node& at = {}) {
        if (recording) recording->clean = false;
        out.push_back(finding(rule, where, message, at ? std::optional(offset_of(at)) : std::nullopt, current_item));
    }

    void check_against_earlier(AgainstEarlier::Kind kind, std::string key, std::int64_t seconds,
                               const std::string& where, const pugi::xml_node& at) {
        const std::uint64_t hash = std::hash<std::string>{}(key);
        if (recording) record(*recording, kind, hash, seconds);
        against_earlier.push_back(
            {kind, std::move(key), seconds, out.size(), where, offset_of(at), current_item, false, hash});
    }

    static void record(CheckedItem& c, AgainstEarlier::Kind kind, std::uint64_t hash, std::int64_t seconds) {
        using Kind = AgainstEarlier::Kind;
        if (kind == Kind::guid) c.has |= CheckedItem::k_guid, c.guid = hash;
        if (kind == Kind::enclosure) c.has |= CheckedItem::k_audio, c.audio = hash;
        if (kind == Kind::date) c.has |= CheckedItem::k_date, c.seconds = seconds;
    }

    // The next item, taken as `c` says (clean: no finding of its own), unread: its checks
    // against the items before it, by hash.
    void take(const CheckedItem& c) {
        const int n = ++current_item;
        using Kind = AgainstEarlier::Kind;
        auto add = [&](Kind kind, std::uint64_t hash, std::int64_t seconds) {
            against_earlier.push_back({kind, "", seconds, out.size(), "", offset_of({}), n, true, hash});
        };
        if (c.has & CheckedItem::k_guid) add(Kind::guid, c.guid, 0);
        if (c.has & CheckedItem::k_audio) add(Kind::enclosure, c.audio, 0);
        if (c.has & CheckedItem::k_date) add(Kind::date, 0, c.seconds);
    }

    static std::string text(const pugi::xml_node& n) { return std::string(text::trim(n.child_value())); }

    void channel(const pugi::xml_node& ch) {
        const std::string w = "channel";
        for (const char* required : {"title", "description", "link"})
            if (text(ch.child(required)).empty())
                report("rss-channel-required", w, std::string("<") + required + "> is missing or empty", ch);
        std::string language = text(ch.child("language"));
        if (!text::is_language_code(language))
            report("apple-language", w, "<language> must be an ISO 639 code, got '" + language + "'",
                   ch.child("language") ? ch.child("language") : ch);
        auto image = ch.child("itunes:image");
        std::string href = image.attribute("href").value();
        std::string path = text::ascii_lower(href.substr(0, href.find('?')));
        if (!net::is_http_url(href) || !(path.ends_with(".jpg") || path.ends_with(".jpeg") || path.ends_with(".png")))
            report("apple-artwork", w,
                   "<itunes:image href> must be an absolute http(s) URL of a .jpg or .png, got '" + href + "'",
                   image ? image : ch);
        auto categories = ch.children("itunes:category");
        if (categories.begin() == categories.end()) report("apple-category", w, "<itunes:category> is missing", ch);
        for (auto cat : categories) {
            std::string name = cat.attribute("text").value();
            auto it = core::apple_categories().find(name);
            if (it == core::apple_categories().end()) {
                report("apple-category", w, "'" + name + "' is not an Apple Podcasts category", cat);
                continue;
            }
            for (auto sub : cat.children("itunes:category")) {
                std::string s = sub.attribute("text").value();
                if (std::find(it->second.begin(), it->second.end(), s) == it->second.end())
                    report("apple-category", w, "'" + s + "' is not a subcategory of '" + name + "'", sub);
            }
        }
        explicit_flag(ch.child("itunes:explicit"), w, true);
        if (text(ch.child("itunes:author")).empty()) report("apple-author", w, "<itunes:author> is missing", ch);
        if (text(ch.child("itunes:owner").child("itunes:email")).empty())
            report("apple-owner-email", w, "<itunes:owner><itunes:email> is missing", ch);
        if (auto type = ch.child("itunes:type"); type && text(type) != "episodic" && text(type) != "serial")
            report("apple-type", w, "<itunes:type> must be episodic or serial", type);
        bool self = false;
        for (auto link : ch.children("atom:link")) self |= std::string_view(link.attribute("rel").value()) == "self";
        if (!self) report("rss-self-link", w, "<atom:link rel=\"self\"> is missing", ch);
        if (text(ch.child("description")).size() > 4000)
            report("apple-description-length", w, "<description> is over 4000 bytes", ch.child("description"));
        if (auto guid = ch.child("podcast:guid")) {
            if (!text::is_lowercase_uuid(text(guid)))
                report("p20-guid", w, "<podcast:guid> must be a lowercase UUID", guid);
        }
        if (auto locked = ch.child("podcast:locked"); locked && text(locked) != "yes" && text(locked) != "no")
            report("p20-locked", w, "<podcast:locked> must be yes or no", locked);
    }

    void explicit_flag(const pugi::xml_node& node, const std::string& w, bool required) {
        if (!node) {
            if (required) report("apple-explicit", w, "<itunes:explicit> is missing");
            return;
        }
        std::string v = text(node);
        if (v != "true" && v != "false")
            report("apple-explicit", w, "<itunes:explicit> must be true or false, got '" + v + "'", node);
    }

    // The next item, after those checked before it.
    void item(const pugi::xml_node& item) {
        const int n = ++current_item;
        std::string w = "item " + std::to_string(n) + " '" + text(item.child("title")) + "'";
        if (text(item.child("title")).empty()) report("rss-item-title", w, "<title> is missing or empty", item);
        std::string guid = text(item.child("guid"));
        if (guid.empty())
            report("rss-item-guid", w, "<guid> is missing or empty", item);
        else
            check_against_earlier(AgainstEarlier::Kind::guid, guid, 0, w, item.child("guid"));
        if (!guid.empty() && std::string_view(item.child("guid").attribute("isPermaLink").value()) != "false" &&
            !net::is_http_url(guid))
            report("rss-guid-permalink", w,
                   "<guid> '" + guid +
                       "' is a permalink (isPermaLink is \"true\", or absent) but no web address: readers take it "
                       "for a link relative to the feed",
                   item.child("guid"));
        enclosure(item, w);
        auto date_node = item.child("pubDate");
        auto date = dates::parse_rfc822(text(date_node));
        if (!date || !date->has_zone)
            report("rss-pubdate", w,
                   "<pubDate> must be an RFC 822 date with a time zone, got '" + text(date_node) + "'",
                   date_node ? date_node : item);
        else
            check_against_earlier(AgainstEarlier::Kind::date, "", date->utc_seconds, w, item);
        auto duration = item.child("itunes:duration");
        if (!duration)
            report("apple-duration", w, "<itunes:duration> is missing", item);
        else if (!dates::parse_duration(text(duration)) || text(duration).find(' ') != std::string::npos)
            report("apple-duration-format", w,
                   "<itunes:duration> must be seconds, MM:SS or HH:MM:SS, got '" + text(duration) + "'", duration);
        if (auto ep = item.child("itunes:episode")) {
            long long v = 0;
            if (!text::parse_uint(text(ep), v) || v == 0)
                report("apple-episode-number", w, "<itunes:episode> must be a positive whole number", ep);
        }
        if (auto type = item.child("itunes:episodeType");
            type && text(type) != "full" && text(type) != "trailer" && text(type) != "bonus")
            report("apple-episode-type", w, "<itunes:episodeType> must be full, trailer or bonus", type);
        explicit_flag(item.child("itunes:explicit"), w, false);
        for (const char* tag : {"podcast:transcript", "podcast:chapters"})
            for (auto t : item.children(tag))
                if (!net::is_http_url(t.attribute("url").value()) ||
                    std::string_view(t.attribute("type").value()).empty())
                    report("p20-url-type", w, std::string("<") + tag + "> needs an absolute url and a type", t);
        for (auto p : item.children("podcast:person"))
            if (text(p).empty()) report("p20-person", w, "<podcast:person> needs a name", p);
    }

    void enclosure(const pugi::xml_node& item, const std::string& w) {
        auto all = item.children("enclosure");
        std::size_t count = std::distance(all.begin(), all.end());
        if (count != 1) {
            report("rss-enclosure", w, "an item needs exactly one <enclosure>, found " + std::to_string(count), item);
            if (count == 0) return;
        }
        auto e = item.child("enclosure");
        std::string url = e.attribute("url").value(), type = e.attribute("type").value(),
                    length = e.attribute("length").value();
        long long bytes = 0;
        if (!net::is_http_url(url)) report("rss-enclosure", w, "<enclosure url> must be an absolute http(s) URL", e);
        if (!text::parse_uint(length, bytes))
            report("rss-enclosure", w, "<enclosure length> must be a whole number of bytes", e);
        else if (bytes == 0)
            report("apple-enclosure-length", w, "<enclosure length=\"0\">: the size is unknown", e);
        if (type.empty())
            report("rss-enclosure", w, "<enclosure type> is missing", e);
        else if (!k_media_types.count(type))
            report("apple-media-type", w, "'" + type + "' is not a type Apple Podcasts lists", e);
        if (!url.empty())
            check_against_earlier(AgainstEarlier::Kind::enclosure, net::normalize_media_url(url), 0, w, e);
    }
};

}  // namespace

const std::vector<LintRule>& lint_rules() {
    using L = LintLevel;
    const std::string host = "it is the input feed's (fix it at the host)";
    static const std::vector<LintRule> rules = {
        {"rss-wellformed", L::error, k_rss, "the feed is well-formed XML with <rss version=\"2.0\"><channel>", ""},
        {"xml-characters", L::error, k_xml_chars, "the feed holds no control character XML forbids", ""},
        {"rss-channel-required", L::error, std::string(k_rss) + "#requiredChannelElements",
         "the channel has title, link and description", ""},
        {"rss-self-link", L::warning, k_atom_self, "the channel names its own URL with atom:link rel=self", ""},
        {"rss-item-title", L::error, k_apple, "every item has a title",
         "the input item has no title: give the episode one with a note's `title:`"},
        {"rss-item-guid", L::error, std::string(k_rss) + "#ltguidgtSubelementOfLtitemgt", "every item has a guid",
         host},
        {"rss-guid-unique", L::error, k_apple, "guids are unique",
         "the input feed gives two items this guid, and subscribers' apps already see them so: ask the host to give "
         "each item its own"},
        {"rss-guid-permalink", L::error, std::string(k_rss) + "#ltguidgtSubelementOfLtitemgt",
         "a guid that is a permalink is a URL",
         "the input item marks it isPermaLink=\"true\", and readers that resolve it against the feed's address "
         "(gPodder) know the item by that: ask the host for a full URL or isPermaLink=\"false\""},
        {"rss-enclosure", L::error, std::string(k_rss) + "#ltenclosuregtSubelementOfLtitemgt",
         "one enclosure with url, length and type",
         "the input item's enclosure is so; a relative URL resolves once the source's `url:` in site.yaml is the "
         "feed's address"},
        {"rss-pubdate", L::error, std::string(k_rss) + "#ltpubdategtSubelementOfLtitemgt",
         "pubDate is RFC 822 with a zone", "the input item's date is kept as written: set it with a note's `date:`"},
        {"feed-order", L::warning, k_apple, "items are newest first", host},
        {"apple-language", L::error, k_apple, "language is an ISO 639 code",
         "set `language:` in site.yaml (e.g. `language: en`)"},
        {"apple-artwork", L::error, k_apple, "itunes:image is an absolute .jpg or .png URL",
         "set `image:` in site.yaml to the show's square artwork, a .jpg or .png of 1400-3000 px"},
        {"apple-category", L::error, k_apple_categories, "itunes:category is from Apple's list",
         "set `category:` in site.yaml to one of Apple's (e.g. `category: Technology` or `News > Tech News`)"},
        {"apple-explicit", L::error, k_apple, "itunes:explicit is true or false", ""},
        {"apple-author", L::warning, k_apple, "itunes:author is present", "set `author:` in site.yaml"},
        {"apple-owner-email", L::warning, k_apple, "itunes:owner has an email",
         "set `email:` in site.yaml (Apple writes to it to verify ownership)"},
        {"apple-type", L::error, k_apple, "itunes:type is episodic or serial", host},
        {"apple-description-length", L::warning, k_apple, "the description fits in 4000 bytes",
         "set a shorter `description:` in site.yaml"},
        {"apple-duration", L::warning, k_apple, "every item has itunes:duration",
         "give the episode a note's `duration:`"},
        {"apple-duration-format", L::error, k_apple, "itunes:duration is seconds, MM:SS or HH:MM:SS", ""},
        {"apple-episode-number", L::error, k_apple, "itunes:episode is a positive whole number", ""},
        {"apple-episode-type", L::error, k_apple, "itunes:episodeType is full, trailer or bonus", ""},
        {"apple-enclosure-length", L::warning, k_apple, "the enclosure's length is known", host},
        {"apple-media-type", L::warning, k_apple, "the enclosure's type is one Apple lists", host},
        {"apple-enclosure-unique", L::error, k_apple, "no two items share an audio URL", host},
        {"p20-guid", L::error, std::string(k_p20) + "#guid", "podcast:guid is a UUID",
         "set `podcast_guid:` in site.yaml (the namespace's rule: the UUIDv5 of the feed's URL)"},
        {"p20-locked", L::error, std::string(k_p20) + "#locked", "podcast:locked is yes or no", ""},
        {"p20-url-type", L::error, std::string(k_p20) + "#transcript",
         "podcast:transcript and podcast:chapters have url and type", host},
        {"p20-person", L::error, std::string(k_p20) + "#person", "podcast:person has a name", host},
    };
    return rules;
}

namespace {

// The findings of `pieces` (the channel's, then the items' in order), with the checks of each
// item against the items before it decided. Nothing when an item was taken as checked before
// (AgainstEarlier::taken) and a decision needs more than its hashes: its guid or audio URL is
// another item's (or hashes alike), or its date is out of order.
std::optional<std::vector<LintFinding>> in_order(std::span<Linter> pieces) {
    std::vector<LintFinding> out;
    std::set<std::string> guids, enclosures;
    std::unordered_set<std::uint64_t> guid_hashes, audio_hashes;  // (when items were taken)
    const bool taken = std::any_of(pieces.begin(), pieces.end(), [](const Linter& p) {
        return std::any_of(p.against_earlier.begin(), p.against_earlier.end(), [](const auto& c) { return c.taken; });
    });
    bool unsure = false;
    std::optional<std::int64_t> previous_date;
    auto repeated = [&](std::set<std::string>& keys, std::unordered_set<std::uint64_t>& hashes,
                        const AgainstEarlier& c) {
        if (!taken) return !keys.insert(c.key).second;
        unsure |= !hashes.insert(c.hash).second;  // (every item is read then: the messages name it)
        return false;
    };
    auto decide = [&](Linter& piece, const AgainstEarlier& c) {
        using Kind = AgainstEarlier::Kind;
        if (c.kind == Kind::date) {
            const bool later = previous_date && c.seconds > *previous_date;
            previous_date = c.seconds;
            unsure |= later && c.taken;
            if (later && !c.taken)
                out.push_back(piece.finding("feed-order", c.where, "items are not newest first", c.offset, c.item));
        } else if (c.kind == Kind::guid && repeated(guids, guid_hashes, c)) {
            out.push_back(piece.finding("rss-guid-unique", c.where, "guid '" + c.key + "' is used by an earlier item",
                                        c.offset, c.item));
        } else if (c.kind == Kind::enclosure && repeated(enclosures, audio_hashes, c)) {
            out.push_back(piece.finding("apple-enclosure-unique", c.where, "another item has the same audio URL",
                                        c.offset, c.item));
        }
    };
    for (Linter& piece : pieces) {
        auto check = piece.against_earlier.begin();
        for (std::size_t i = 0; i <= piece.out.size(); ++i) {
            for (; check != piece.against_earlier.end() && check->before == i; ++check) decide(piece, *check);
            if (i < piece.out.size()) out.push_back(std::move(piece.out[i]));
        }
    }
    if (unsure) return std::nullopt;
    return out;
}

// A character XML forbids makes the feed no XML, though pugixml reads past it: every strict
// parser (Apple's, Overcast's) refuses the whole feed. Its finding, at `at` in the text.
LintFinding forbidden_character(Linter& l, std::size_t at) {
    return {"xml-characters", LintLevel::error,
            "feed",           "a control character XML 1.0 forbids (a raw control byte or a reference such as &#27;)",
            k_xml_chars,      l.line_at(static_cast<std::ptrdiff_t>(at))};
}

// Where in the text the first such character of `part` is (`part` begins at `offset`), or npos.
std::size_t forbidden_in(std::string_view part, std::size_t offset) {
    const std::size_t found = html::find_xml_forbidden(part);
    return found == std::string_view::npos ? found : offset + found;
}

// The feed's channel, when the document is <rss version="2.0"> with one.
pugi::xml_node channel_of(const pugi::xml_document& doc) {
    auto rss = doc.child("rss");
    return std::string_view(rss.attribute("version").value()) == "2.0" ? rss.child("channel") : pugi::xml_node();
}

// The one <item> element `fragment` holds, with nothing but white space around it; null otherwise.
pugi::xml_node only_item(const pugi::xml_document& fragment) {
    pugi::xml_node item;
    for (auto node : fragment.children()) {
        if (node.type() == pugi::node_pcdata && text::trim(node.value()).empty()) continue;
        if (item || node.type() != pugi::node_element || std::string_view(node.name()) != "item") return {};
        item = node;
    }
    return item;
}

}  // namespace

FeedText feed_text(std::string_view xml) {
    return {xml.size(), [xml](std::string& to, std::size_t offset, std::size_t count) {
                if (offset > xml.size() || count > xml.size() - offset) return false;
                to.append(xml, offset, count);
                return true;
            }};
}

std::vector<LintFinding> lint_feed(std::string_view xml) {
    Linter l{std::make_shared<Lines>(feed_text(xml))};
    if (const std::size_t at = forbidden_in(xml, 0); at != std::string_view::npos)
        l.out.push_back(forbidden_character(l, at));
    pugi::xml_document doc;
    auto result = doc.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_auto);
    // Elements that do not nest are errors where they are, not where a parser stopped (an
    // unclosed <itunes:category> is found at </channel>); the rest is checked as lenient
    // readers read the feed (text/xml_nesting.hpp), on the repaired text's same lines.
    std::optional<text::RepairedXml> repaired;
    if (!result) {
        constexpr text::ChildOf k_items[] = {{"item", "channel"}};
        repaired = text::repair_nesting(xml, k_items);
        if (!repaired ||
            !doc.load_buffer(repaired->text.data(), repaired->text.size(), pugi::parse_default, pugi::encoding_auto)) {
            l.out.push_back({"rss-wellformed", LintLevel::error, "feed",
                             std::string("malformed XML: ") + result.description(), k_rss, l.line_at(result.offset)});
            return l.out;
        }
        for (std::size_t i = 0; i < repaired->repairs.size() && i < k_nesting_listed; ++i)
            l.out.push_back({"rss-wellformed", LintLevel::error, "feed",
                             "malformed XML: " + repaired->repairs[i].message +
                                 " (podcast apps that recover read it so; Apple's and other strict parsers "
                                 "reject the feed)",
                             k_rss, repaired->repairs[i].at.line});
        if (repaired->repairs.size() > k_nesting_listed)
            l.out.push_back({"rss-wellformed", LintLevel::error, "feed",
                             "malformed XML: " + std::to_string(repaired->repairs.size() - k_nesting_listed) +
                                 " more elements that do not nest (from this line on)",
                             k_rss, repaired->repairs[k_nesting_listed].at.line});
        l.lines = std::make_shared<Lines>(feed_text(repaired->text));
    }
    auto channel = channel_of(doc);
    if (!channel) {
        l.report("rss-wellformed", "feed", "expected <rss version=\"2.0\"> with a <channel>");
        return l.out;
    }
    l.channel(channel);
    for (auto item : channel.children("item")) l.item(item);
    return *in_order(std::span(&l, 1));  // (no item taken as checked before: always decided)
}

std::vector<LintFinding> lint_feed_by_item(std::string_view xml, std::span<const std::size_t> items) {
    return lint_feed_by_item(xml, items, {});
}

std::vector<LintFinding> lint_feed_by_item(std::string_view xml, std::span<const std::size_t> items,
                                           std::span<CheckedItem> checked) {
    return lint_feed_by_item(feed_text(xml), items, checked);
}

std::vector<LintFinding> lint_feed_by_item(const FeedText& text, std::span<const std::size_t> items,
                                           std::span<CheckedItem> checked) {
    // Whatever is not as write_feed writes it is read whole: offsets that are not the items, a
    // text that does not parse (the whole document's parse says where), a NUL byte (where
    // pugixml stops reading: a piece would be read past the point where the whole stops).
    auto whole = [&text, checked]() -> std::vector<LintFinding> {
        std::fill(checked.begin(), checked.end(), CheckedItem{});
        std::string all;
        if (!text.read(all, 0, text.size))
            return {{"rss-wellformed", LintLevel::error, "feed", "the feed's text cannot be read back", k_rss, 0}};
        return lint_feed(all);
    };
    auto has_nul = [](std::string_view part) { return part.find('\0') != std::string_view::npos; };
    if (items.size() < 2 || !std::is_sorted(items.begin(), items.end()) || items.back() > text.size) return whole();
    const std::size_t count = items.size() - 1, n = std::min<std::size_t>(count / 64 + 1, 16);
    if (checked.size() != count) checked = {};  // (none kept, none to keep)
    std::vector<Linter> pieces;                 // the channel, then the items in n pieces
    pieces.reserve(n + 1);
    Linter& l = pieces.emplace_back(std::make_shared<Lines>(text), false);
    // The channel: the text around the items, read as one document, with an empty <item/> where
    // they were. It must be the channel's only item and its last child: the items given are the
    // channel's own, and every other node of the channel is where it is in the text (its line).
    constexpr std::string_view k_mark = "<item/>";
    std::string around;
    if (!text.read(around, 0, items.front())) return whole();
    around += k_mark;
    if (!text.read(around, items.back(), text.size - items.back()) || has_nul(around)) return whole();
    // The first character XML forbids, by where it was looked for (the channel's text, then each
    // piece's items read: an item kept clean was checked before, and no item of a feed that had
    // one is kept so); the least is the feed's first.
    std::vector<std::size_t> forbidden(n + 1, std::string_view::npos);
    forbidden[0] = std::min(forbidden_in(std::string_view(around).substr(0, items.front()), 0),
                            forbidden_in(std::string_view(around).substr(items.front() + k_mark.size()), items.back()));
    pugi::xml_document doc;
    const auto read = doc.load_buffer(around.data(), around.size(), pugi::parse_default, pugi::encoding_auto);
    if (!read || read.encoding != pugi::encoding_utf8) return whole();  // (offsets in another encoding's text)
    pugi::xml_node channel = channel_of(doc);
    const pugi::xml_node mark = channel.child("item");
    if (!mark || mark.first_child() || mark.first_attribute() || mark.next_sibling()) return whole();
    channel.remove_child(mark);
    l.channel(channel);
    // Each item on its own, where it is in the feed: in pieces, on every core (a large archive's
    // feed is tens of megabytes, parsed item by item). Consecutive items are read together, up to
    // about a megabyte; an item checked clean before is not read.
    constexpr std::size_t k_run_bytes = std::size_t{1} << 20;
    for (std::size_t p = 0; p < n; ++p) pieces.emplace_back(l.lines, false);
    std::atomic<bool> unread = false;
    auto clean = [&](std::size_t i) { return !checked.empty() && checked[i].clean; };
    concurrency::parallel_for(n, 1, [&](std::size_t p) {
        Linter& piece = pieces[p + 1];
        pugi::xml_document item_doc;
        std::string run;  // the text of the items [from, run_end): from items[from] on
        const std::size_t end = count * (p + 1) / n;
        for (std::size_t i = count * p / n, from = i, run_end = i; i < end && !unread; ++i) {
            piece.base = items[i];
            piece.current_item = static_cast<int>(i);
            if (clean(i)) {
                piece.take(checked[i]);
                continue;
            }
            if (i >= run_end) {
                from = i;
                for (run_end = i + 1; run_end < end && !clean(run_end) && items[run_end + 1] - items[i] <= k_run_bytes;)
                    ++run_end;
                run.clear();
                if (!text.read(run, items[i], items[run_end] - items[i]) || has_nul(run)) {
                    unread = true;
                    break;
                }
                forbidden[p + 1] = std::min(forbidden[p + 1], forbidden_in(run, items[i]));
            }
            const std::string_view item_text =
                std::string_view(run).substr(items[i] - items[from], items[i + 1] - items[i]);
            const pugi::xml_node item =
                item_doc.load_buffer(item_text.data(), item_text.size(), pugi::parse_default, pugi::encoding_utf8)
                    ? only_item(item_doc)
                    : pugi::xml_node();
            if (!item) {
                unread = true;
                break;
            }
            if (!checked.empty()) checked[i] = {.clean = true}, piece.recording = &checked[i];
            piece.item(item);
            piece.recording = nullptr;
        }
    });
    if (unread) return whole();
    // (No item of a feed with a character XML forbids is kept clean: the next check would not
    // look in it. Such a feed fails its build, which keeps nothing.)
    const std::size_t first_forbidden = *std::min_element(forbidden.begin(), forbidden.end());
    if (first_forbidden != std::string_view::npos) std::fill(checked.begin(), checked.end(), CheckedItem{});
    auto found = in_order(pieces);
    if (found) {
        if (first_forbidden != std::string_view::npos)
            found->insert(found->begin(), forbidden_character(l, first_forbidden));
        return std::move(*found);
    }
    // A finding about an item taken unread: every item is read, and what each is kept as made anew.
    std::fill(checked.begin(), checked.end(), CheckedItem{});
    return lint_feed_by_item(text, items, checked);
}

bool about_input(const LintFinding& f) {
    const LintRule* rule = rule_named(f.rule);
    return rule && !rule->fix.empty();
}

core::Diagnostic to_build_diagnostic(const LintFinding& f, const core::SourceLocation& input) {
    const LintRule* rule = rule_named(f.rule);
    if (!rule || rule->fix.empty()) return to_diagnostic("feed.xml", f);  // (not about_input)
    return core::warning_at(input,
                            "[" + f.rule + "] " + f.where + ": " + f.message + "; " + rule->fix + " (" + f.spec + ")");
}

core::Diagnostic to_diagnostic(const std::string& file, const LintFinding& f) {
    auto d = core::error_at({file, f.line, 0}, "[" + f.rule + "] " + f.where + ": " + f.message + " (" + f.spec + ")");
    if (f.level == LintLevel::warning) d.severity = core::Severity::warning;
    return d;
}

}  // namespace feed
