#include "merge/report.hpp"

#include "dates/dates.hpp"
#include "text/strings.hpp"

namespace merge {

nlohmann::json field_value(const core::Episode& e, const std::string& field) {
    if (field == "title") return e.title;
    if (field == "description") return e.description;
    if (field == "date") return e.date ? nlohmann::json(dates::format_iso8601(*e.date)) : nlohmann::json();
    if (field == "duration") return e.duration ? nlohmann::json(e.duration->seconds) : nlohmann::json();
    if (field == "enclosure") return e.enclosure ? nlohmann::json(e.enclosure->url) : nlohmann::json();
    if (field == "guid") return e.guid;
    if (field == "page_url") return e.page_url;
    if (field == "apple_url") return e.apple_url;
    if (field == "image") return e.image;
    if (field == "episode_type") return e.episode_type;
    if (field == "explicit") return e.explicit_flag;
    if (field == "keywords") return e.keywords;
    if (field == "episode_number") return e.episode_number ? nlohmann::json(*e.episode_number) : nlohmann::json();
    if (field == "season") return e.season ? nlohmann::json(*e.season) : nlohmann::json();
    return nullptr;
}

nlohmann::json report_json(const core::Catalog& catalog) {
    nlohmann::json out;
    out["episodes"] = nlohmann::json::array();
    for (const auto& e : catalog.episodes) {
        nlohmann::json ep;
        ep["slug"] = e.slug;
        // (The guid the site's feeds carry, when its host re-issued the episode under another:
        // `guid` among the fields is the host's.)
        if (!e.published_guid.empty()) ep["published_guid"] = e.published_guid;
        ep["title"] = e.title;
        ep["title_derived"] = e.title_derived;
        ep["date"] = e.date ? nlohmann::json(dates::format_iso8601(*e.date)) : nlohmann::json();
        ep["duration_seconds"] = e.duration ? nlohmann::json(e.duration->seconds) : nlohmann::json();
        ep["fields"] = nlohmann::json::object();
        for (const auto& [field, source] : e.sources)
            ep["fields"][std::string(field)] = {{"value", field_value(e, std::string(field))},
                                                {"source", source.source},
                                                {"file", source.file},
                                                {"line", source.line}};
        ep["records"] = nlohmann::json::array();
        for (const auto& r : e.records) {
            const core::RecordOrigin& from = catalog.origin_of(r.place);
            ep["records"].push_back({{"source", from.source},
                                     {"file", from.file},
                                     {"line", r.place.line},
                                     {"end_line", r.place.end_line},
                                     {"matched_by", r.matched_by}});
            if (!from.via.empty()) ep["records"].back()["via"] = from.via;
        }
        out["episodes"].push_back(std::move(ep));
    }
    out["conflicts"] = nlohmann::json::array();
    for (const auto& c : catalog.conflicts)
        out["conflicts"].push_back({{"slug", c.slug},
                                    {"field", c.field},
                                    {"kept", c.kept},
                                    {"kept_source", c.kept_source},
                                    {"other", c.other},
                                    {"other_source", c.other_source}});
    out["dropped"] = nlohmann::json::array();
    for (const auto& d : catalog.dropped)
        out["dropped"].push_back({{"source", d.from.source},
                                  {"file", d.from.file},
                                  {"line", d.from.line},
                                  {"end_line", d.from.end_line},
                                  {"reason", d.reason}});
    return out;
}

std::string report_text(const core::Catalog& catalog) {
    std::string out;
    std::size_t records = 0, derived = 0;
    for (const auto& e : catalog.episodes) {
        records += e.records.size();
        out += e.slug + "  \"" + e.title + "\"";
        if (e.date) out += "  " + dates::format_day(*e.date);
        if (e.title_derived) ++derived, out += "  [title derived from the description]";
        if (!e.published_guid.empty())
            out += "  [published as guid '" + e.published_guid + "'; its host's is now '" + e.guid + "']";
        out += "\n";
        for (const auto& r : e.records) {
            const core::RecordOrigin& from = catalog.origin_of(r.place);
            out += "    " + from.file + ":" + std::to_string(r.place.line) + "-" + std::to_string(r.place.end_line) +
                   "  (" + from.source + (from.via.empty() ? "" : ", from " + from.via) + ", " + r.matched_by + ")\n";
        }
    }
    out += "\n" + text::count_text(catalog.episodes.size(), "episode", "episodes") + " from " +
           text::count_text(records, "record", "records");
    out += "; " + text::count_text(derived, "title", "titles") + " derived from descriptions\n";
    if (!catalog.conflicts.empty()) out += "\nconflicts:\n";
    for (const auto& c : catalog.conflicts)
        out += "  " + c.slug + ": " + c.field + " " + c.kept + " (" + c.kept_source + ") kept; " + c.other + " (" +
               c.other_source + ") differs\n";
    if (!catalog.dropped.empty()) out += "\ndropped records:\n";
    for (const auto& d : catalog.dropped)
        out += "  " + d.from.file + ":" + std::to_string(d.from.line) + " (" + d.from.source + "): " + d.reason + "\n";
    return out;
}

}  // namespace merge
