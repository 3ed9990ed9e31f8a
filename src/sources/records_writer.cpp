#include "sources/records_writer.hpp"

#include <nlohmann/json.hpp>

#include "sources/source_batch.hpp"

namespace sources {

namespace {

// A date as parse_any_date reads it back the same: a day, or a time in its zone, or without a
// zone when the source gave none (format_iso8601 writes one anyway: +00:00, which read back
// would say the time is UTC).
std::string date_text(const dates::Timestamp& date) {
    std::string text = dates::format_iso8601(date);
    if (date.has_time && !date.has_zone) text.resize(text.size() - 6);
    return text;
}

// A length in seconds, or in minutes as a page rounded it ("17 min": parse_duration's inexact).
nlohmann::ordered_json duration_value(const dates::Duration& duration) {
    if (duration.exact) return duration.seconds;
    return std::to_string(duration.seconds / 60) + " min";
}

nlohmann::ordered_json entry_of(const core::Record& r) {
    nlohmann::ordered_json entry = nlohmann::ordered_json::object();
    auto put = [&](const char* key, const std::string& value) {
        if (!value.empty()) entry[key] = value;
    };
    put("title", r.title);
    if (r.date) entry["date"] = date_text(*r.date);
    if (r.duration) entry["duration"] = duration_value(*r.duration);
    put("description", r.description);
    // (The reader takes a description that stops mid-sentence as cut; said only when this
    // record's source judged otherwise.)
    if (!r.description.empty() && r.description_truncated != looks_cut_off(r.description))
        entry["description_truncated"] = r.description_truncated;
    put("url", r.page_url);
    if (r.enclosure) {
        put("enclosure_url", r.enclosure->url);
        put("enclosure_type", r.enclosure->type);
        if (r.enclosure->length) entry["enclosure_length"] = *r.enclosure->length;
    }
    put("guid", r.guid);
    put("apple_id", r.apple_id);
    put("apple_url", r.apple_url);
    put("apple_episode_guid", r.apple_episode_guid);
    if (!r.seen_at.empty()) entry["seen_at"] = r.seen_at;
    return entry;
}

}  // namespace

std::string records_json(std::span<const core::Record> records) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const core::Record& r : records) list.push_back(entry_of(r));
    // (Text a source let through as invalid UTF-8 is replaced, not a reason to keep nothing.)
    return list.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace sources
