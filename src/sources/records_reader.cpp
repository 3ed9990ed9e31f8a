#include "sources/records_reader.hpp"

#include <cmath>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "sources/json_lines.hpp"
#include "util/strings.hpp"
#include "util/text_position.hpp"
#include "util/unicode.hpp"
#include "util/url.hpp"

namespace sources {

namespace {

// A JSON number with a fraction or an exponent, as the whole number the fields want ("1800.0"
// -> "1800"). One no integer type can hold is kept as written, and read as "not a number" later:
// converting it would be undefined behaviour (found by fuzzing: 7.7e+25).
std::string whole_number_text(double value) {
    constexpr double limit = 9.2e18;  // inside long long's range
    if (std::isfinite(value) && value > -limit && value < limit) return std::to_string(static_cast<long long>(value));
    return nlohmann::json(value).dump();
}

// One entry's values as strings, whichever syntax it came in, with the line of each key.
struct Entry {
    int first_line = 0;
    int last_line = 0;
    struct Value {
        std::string text;                 // scalar value
        std::vector<std::string> items;   // list value
        bool is_list = false;
        bool is_number = false;
        int line = 0;
    };
    std::vector<std::pair<std::string, Value>> values;
};

// Line of `"key"` inside lines [first, last], for messages about one value.
int json_key_line(const std::vector<std::string_view>& lines, int first, int last, const std::string& key) {
    std::string needle = "\"" + key + "\"";
    for (int l = first; l <= last && l <= static_cast<int>(lines.size()); ++l)
        if (l >= 1 && lines[static_cast<std::size_t>(l - 1)].find(needle) != std::string_view::npos) return l;
    return first;
}

std::vector<Entry> json_entries(std::string_view text, const SourceInfo& info, SourceBatch& batch) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {  // syntax errors and values it cannot hold
        batch.diagnostics.push_back(json_syntax_error(text, info, e));
        return {};
    }
    if (!doc.is_array()) {
        batch.diagnostics.push_back(core::error_at({info.file, 1, 1}, "expected a JSON list of episode records ([{...}, ...])"));
        return {};
    }
    auto spans = json_object_lines(text, 1);
    const auto lines = util::split_lines(text);
    std::vector<Entry> entries;
    std::size_t object_index = 0;
    for (const auto& item : doc) {
        if (!item.is_object()) {
            batch.diagnostics.push_back(core::error_at({info.file, 0, 0}, "every entry of the list must be an object"));
            continue;
        }
        Entry entry;
        if (object_index < spans.size()) entry.first_line = spans[object_index].first, entry.last_line = spans[object_index].second;
        ++object_index;
        for (const auto& [key, value] : item.items()) {
            Entry::Value v;
            v.line = json_key_line(lines, entry.first_line, entry.last_line, key);
            if (value.is_string()) v.text = value.get<std::string>();
            else if (value.is_number_unsigned()) v.text = std::to_string(value.get<unsigned long long>()), v.is_number = true;
            else if (value.is_number_integer()) v.text = std::to_string(value.get<long long>()), v.is_number = true;
            else if (value.is_number_float()) v.text = whole_number_text(value.get<double>()), v.is_number = true;
            else if (value.is_boolean()) v.text = value.get<bool>() ? "true" : "false";
            else if (value.is_array()) {
                v.is_list = true;
                for (const auto& x : value)
                    if (x.is_string()) v.items.push_back(x.get<std::string>());
            } else if (!value.is_null()) v.text = value.dump(), v.is_list = true;  // an object: reported as a wrong type
            entry.values.emplace_back(key, std::move(v));
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::vector<Entry> yaml_entries(std::string_view text, const SourceInfo& info, SourceBatch& batch) {
    YAML::Node doc;
    try {
        doc = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        int line = e.mark.line + 1;
        batch.diagnostics.push_back(core::error_at({info.file, line, e.mark.column + 1}, "malformed YAML: " + e.msg,
                                                   std::string(util::line_text(text, line))));
        return {};
    }
    if (!doc.IsSequence()) {
        batch.diagnostics.push_back(core::error_at({info.file, 1, 1}, "expected a YAML list of episode records (- title: ...)"));
        return {};
    }
    std::vector<Entry> entries;
    for (const auto& item : doc) {
        Entry entry;
        entry.first_line = item.Mark().line + 1;
        if (!item.IsMap()) {
            batch.diagnostics.push_back(core::error_at({info.file, entry.first_line, item.Mark().column + 1},
                                                       "every entry of the list must be a mapping"));
            continue;
        }
        for (const auto& kv : item) {
            Entry::Value v;
            v.line = kv.first.Mark().line + 1;
            if (kv.second.IsScalar()) {
                v.text = kv.second.Scalar();
                long long n = 0;
                v.is_number = util::parse_uint(v.text, n);
            } else if (kv.second.IsSequence()) {
                v.is_list = true;
                for (const auto& x : kv.second)
                    if (x.IsScalar()) v.items.push_back(x.Scalar());
            } else if (kv.second.IsMap()) v.is_list = true;
            entry.values.emplace_back(kv.first.Scalar(), std::move(v));
        }
        entries.push_back(std::move(entry));
    }
    // YAML marks give only where an entry starts: it ends where the next one starts.
    const auto lines = util::split_lines(text);
    int total_lines = static_cast<int>(lines.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        int next = i + 1 < entries.size() ? entries[i + 1].first_line - 1 : total_lines;
        while (next > entries[i].first_line && next <= total_lines && util::trim(lines[static_cast<std::size_t>(next - 1)]).empty()) --next;
        entries[i].last_line = std::max(entries[i].first_line, next);
    }
    return entries;
}

struct EntryReader {
    std::string_view text;
    const SourceInfo& info;
    SourceBatch& batch;

    void problem(bool is_error, int line, const std::string& message) {
        auto d = core::error_at({info.file, line, 0}, message, std::string(util::line_text(text, line)));
        if (!is_error) d.severity = core::Severity::warning;
        batch.diagnostics.push_back(std::move(d));
    }

    bool scalar(const std::string& key, const Entry::Value& v, std::string& out) {
        if (v.is_list) {
            problem(true, v.line, "'" + key + "' must be a single value, not a list or mapping");
            return false;
        }
        out = util::sanitize_utf8(util::trim(v.text));
        return true;
    }

    void apply(core::Record& r, const std::string& key, const Entry::Value& v) {
        std::string s;
        if (key == "seen_at") {
            if (!v.is_list) problem(true, v.line, "'seen_at' must be a list of URLs");
            for (const auto& url : v.items)
                if (util::is_http_url(url)) r.seen_at.push_back(url);
            return;
        }
        if (!scalar(key, v, s) || s.empty()) return;
        if (key == "title") r.title = s;
        else if (key == "description") {
            r.description = s;
            r.description_truncated = looks_cut_off(s);
        } else if (key == "date") {
            r.date = util::parse_any_date(s);
            if (!r.date) problem(true, v.line, "cannot read date '" + s + "'; expected 2024-08-04, 2024-08-04T01:47:46+00:00 or an RFC 822 date");
        } else if (key == "duration") {
            r.duration = util::parse_duration(s);
            if (!r.duration) problem(true, v.line, "cannot read duration '" + s + "'; expected seconds, MM:SS, H:MM:SS, '17min' or '13 minutes'");
        } else if (key == "url") {
            if (util::is_http_url(s)) r.page_url = s;
            else problem(true, v.line, "'url' must be an absolute http(s) URL");
        } else if (key == "enclosure_url") {
            if (!util::is_http_url(s)) return problem(true, v.line, "'enclosure_url' must be an absolute http(s) URL");
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->url = s;
        } else if (key == "enclosure_type") {
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->type = s;
        } else if (key == "enclosure_length") {
            long long n = 0;
            if (!util::parse_uint(s, n)) return problem(true, v.line, "'enclosure_length' must be a number of bytes");
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->length = n;
        } else if (key == "guid") r.guid = s;
        else if (key == "apple_id") r.apple_id = s;
        else if (key == "apple_url") {
            r.apple_url = s;
            if (r.apple_id.empty()) r.apple_id = apple_episode_id(s);
        } else {
            std::string near = util::nearest_word(key, record_keys());
            problem(false, v.line, "unknown key '" + key + "' ignored" + (near.empty() ? "" : "; did you mean '" + near + "'?"));
        }
    }

    void read(const Entry& entry) {
        core::Record r;
        r.from = provenance(info, entry.first_line, entry.last_line);
        for (const auto& [key, value] : entry.values) apply(r, key, value);
        if (r.enclosure && r.enclosure->url.empty()) {
            problem(true, entry.first_line, "enclosure_type or enclosure_length given without enclosure_url");
            r.enclosure.reset();
        }
        if (r.title.empty() && r.description.empty() && r.page_url.empty() && !r.enclosure && r.guid.empty()) {
            batch.diagnostics.push_back(core::warning_at({info.file, entry.first_line, 0},
                                                         "entry has no title, description, url, enclosure or guid; skipped"));
            return;
        }
        batch.records.push_back(std::move(r));
    }
};

}  // namespace

const std::vector<std::string>& record_keys() {
    static const std::vector<std::string> keys = {"title", "date", "duration", "description", "url",
                                                  "enclosure_url", "enclosure_type", "enclosure_length",
                                                  "guid", "apple_id", "apple_url", "seen_at"};
    return keys;
}

SourceBatch read_records(std::string_view text, const SourceInfo& info, RecordsSyntax syntax) {
    SourceBatch batch{info, "records", {}, {}, {}};
    auto entries = syntax == RecordsSyntax::json ? json_entries(text, info, batch) : yaml_entries(text, info, batch);
    EntryReader reader{text, info, batch};
    for (const auto& entry : entries) reader.read(entry);
    return batch;
}

}  // namespace sources
