#include "sources/records_reader.hpp"

#include <simdjson.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/directories.hpp"
#include "dates/durations.hpp"
#include "net/url.hpp"
#include "sources/json_lines.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"
#include "text/yaml_message.hpp"

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
        std::string text;                // scalar value
        std::vector<std::string> items;  // list value
        bool is_list = false;
        bool is_number = false;
        int line = 0;
    };
    std::vector<std::pair<std::string, Value>> values;
};

Entry::Value text_value(std::string text, bool is_number) {
    Entry::Value v;
    v.text = std::move(text);
    v.is_number = is_number;
    return v;
}

// An entry from an object's keys and values in the text's order: its keys in order, the last of
// a repeated key kept (as nlohmann's object would hold them).
Entry entry_of(std::vector<std::pair<std::string, Entry::Value>> values) {
    std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    Entry entry;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (i + 1 == values.size() || values[i + 1].first != values[i].first)
            entry.values.push_back(std::move(values[i]));
    return entry;
}

// An entry's value as simdjson gives it, as EntryCollector takes it from nlohmann: scalars as
// text, a list's own strings, anything else a wrong type.
Entry::Value json_value(simdjson::dom::element value) {
    using Type = simdjson::dom::element_type;
    switch (value.type()) {
        case Type::STRING:
            return text_value(std::string(value.get_string().value_unsafe()), false);
        case Type::INT64:
            return text_value(std::to_string(value.get_int64().value_unsafe()), true);
        case Type::UINT64:
            return text_value(std::to_string(value.get_uint64().value_unsafe()), true);
        case Type::DOUBLE:
            return text_value(whole_number_text(value.get_double().value_unsafe()), true);
        case Type::BOOL:
            return text_value(value.get_bool().value_unsafe() ? "true" : "false", false);
        case Type::NULL_VALUE:
            return {};
        case Type::ARRAY: {
            Entry::Value list;
            list.is_list = true;
            const simdjson::dom::array items = value.get_array().value_unsafe();
            for (simdjson::dom::element item : items)
                if (item.is_string()) list.items.emplace_back(item.get_string().value_unsafe());
            return list;
        }
        case Type::OBJECT:
            break;
    }
    Entry::Value wrong;
    wrong.is_list = true;
    return wrong;
}

// The entries of a JSON listing as nlohmann's parser reads them (its SAX interface), without
// the whole listing as a JSON value first: building that value and taking it apart again was
// most of the time a large listing took to load. The entries are what reading that value gave:
// each object's keys in order (std::map's, as nlohmann keeps objects), the last of a repeated
// key, scalars as text, lists of strings, other values marked as lists (wrong types).
class EntryCollector {
public:
    using json = nlohmann::json;

    EntryCollector(std::string_view text, const SourceInfo& info) : m_text(text), m_info(info) {}

    std::vector<Entry> entries;
    std::vector<core::Diagnostic> problems;  // about the list's items, in order
    std::optional<core::Diagnostic> syntax_error;
    bool top_is_list = false;

    bool null() { return scalar(Entry::Value{}); }
    bool boolean(bool value) { return scalar(text_value(value ? "true" : "false", false)); }
    bool number_integer(json::number_integer_t value) { return scalar(text_value(std::to_string(value), true)); }
    bool number_unsigned(json::number_unsigned_t value) { return scalar(text_value(std::to_string(value), true)); }
    bool number_float(json::number_float_t value, const json::string_t&) {
        return scalar(text_value(whole_number_text(value), true));
    }
    bool binary(json::binary_t&) { return scalar(Entry::Value{}); }  // (not in JSON text)
    bool string(json::string_t& value) {
        if (m_depth == 3 && m_in_entry && m_in_list) m_value.items.push_back(std::move(value));
        return m_depth == 3 || scalar(text_value(std::move(value), false));
    }
    bool key(json::string_t& name) {
        if (m_depth == 2) m_key = std::move(name);
        return true;
    }
    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t, const std::string&, const json::exception& e) {
        syntax_error = json_syntax_error(m_text, m_info, e);
        return false;
    }

private:
    std::string_view m_text;
    const SourceInfo& m_info;
    int m_depth = 0;          // containers open: the list 1, an entry 2, a value in an entry 3 and more
    bool m_in_entry = false;  // the list's item being read is an object
    bool m_in_list = false;   // the entry's value being read is a list
    std::string m_key;        // the entry's key being read
    Entry::Value m_value;     // its value, when that is a container
    std::vector<std::pair<std::string, Entry::Value>> m_values;  // the entry's, in the text's order

    // A scalar: an entry's value, or an item of the list that is not an object.
    bool scalar(Entry::Value v) {
        if (m_depth == 2 && m_in_entry)
            m_values.emplace_back(m_key, std::move(v));
        else if (m_depth == 1 && top_is_list)
            not_an_object();
        return true;
    }

    void not_an_object() {
        problems.push_back(core::error_at({m_info.file, 0, 0}, "every entry of the list must be an object"));
    }

    bool open(bool is_list) {
        if (m_depth == 0) {
            top_is_list = is_list;
        } else if (m_depth == 1 && top_is_list) {
            m_in_entry = !is_list;
            if (is_list) not_an_object();
        } else if (m_depth == 2 && m_in_entry) {
            m_value = Entry::Value{};
            m_value.is_list = true;  // a list of strings, or an object: a wrong type
            m_in_list = is_list;
        }
        ++m_depth;
        return true;
    }

    bool close() {
        --m_depth;
        if (m_depth == 2 && m_in_entry) {
            m_values.emplace_back(m_key, std::move(m_value));
            m_in_list = false;
        } else if (m_depth == 1 && m_in_entry) {
            finish_entry();
            m_in_entry = false;
        }
        return true;
    }

    void finish_entry() {
        entries.push_back(entry_of(std::move(m_values)));
        m_values.clear();
    }
};

// The entries of a JSON listing as simdjson reads them: what EntryCollector makes of nlohmann's
// reading (tests/sources/records_reader_test.cpp reads listings both ways), in a fifth of the
// time; nlohmann's lexer was most of a large listing's load. Nothing when simdjson refuses the
// text or it is not a list of objects: nlohmann's reading then says what is wrong, and where.
std::optional<std::vector<Entry>> simdjson_entries(std::string_view text) {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(text);  // (the parser reads past the end)
    simdjson::dom::element list;
    if (parser.parse(padded).get(list) != simdjson::SUCCESS || list.type() != simdjson::dom::element_type::ARRAY)
        return std::nullopt;
    const simdjson::dom::array items = list.get_array().value_unsafe();  // (named: ranges over a result's value dangle)
    std::vector<Entry> entries;
    entries.reserve(items.size());
    for (simdjson::dom::element item : items) {
        if (item.type() != simdjson::dom::element_type::OBJECT) return std::nullopt;
        const simdjson::dom::object object = item.get_object().value_unsafe();
        std::vector<std::pair<std::string, Entry::Value>> values;
        for (simdjson::dom::key_value_pair field : object)
            values.emplace_back(std::string(field.key), json_value(field.value));
        entries.push_back(entry_of(std::move(values)));
    }
    return entries;
}

// The entries of a JSON listing: simdjson's reading, or nlohmann's when simdjson finds anything wrong.
std::vector<Entry> read_json_entries(std::string_view text, const SourceInfo& info, SourceBatch& batch) {
    if (auto entries = simdjson_entries(text)) return std::move(*entries);
    EntryCollector collector(text, info);
    // Syntax errors and numbers it cannot hold come to the collector's parse_error, which stops it.
    nlohmann::json::sax_parse(text.begin(), text.end(), &collector);
    if (collector.syntax_error) {
        batch.diagnostics.push_back(*collector.syntax_error);
        return {};
    }
    if (!collector.top_is_list) {
        batch.diagnostics.push_back(
            core::error_at({info.file, 1, 1}, "expected a JSON list of episode records ([{...}, ...])"));
        return {};
    }
    batch.diagnostics.insert(batch.diagnostics.end(), collector.problems.begin(), collector.problems.end());
    return std::move(collector.entries);
}

std::vector<Entry> json_entries(std::string_view text, const SourceInfo& info, SourceBatch& batch) {
    std::vector<Entry> entries = read_json_entries(text, info, batch);
    // Each entry's lines, and each key's line within them, for messages.
    auto spans = json_object_spans(text, 1);
    for (std::size_t i = 0; i < entries.size() && i < spans.size(); ++i) {
        Entry& entry = entries[i];
        entry.first_line = spans[i].first_line, entry.last_line = spans[i].last_line;
        for (auto& [key, value] : entry.values) value.line = json_key_line(text, spans[i], key);
    }
    return entries;
}

std::vector<Entry> yaml_entries(std::string_view text, const SourceInfo& info, SourceBatch& batch) {
    YAML::Node doc;
    try {
        doc = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        int line = e.mark.line + 1;
        batch.diagnostics.push_back(
            core::error_at({info.file, line, e.mark.column + 1}, text::yaml_message(e), text::line_text(text, line)));
        return {};
    }
    if (!doc.IsSequence()) {
        batch.diagnostics.push_back(
            core::error_at({info.file, 1, 1}, "expected a YAML list of episode records (- title: ...)"));
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
                v.is_number = text::parse_uint(v.text, n);
            } else if (kv.second.IsSequence()) {
                v.is_list = true;
                for (const auto& x : kv.second)
                    if (x.IsScalar()) v.items.push_back(x.Scalar());
            } else if (kv.second.IsMap())
                v.is_list = true;
            entry.values.emplace_back(kv.first.Scalar(), std::move(v));
        }
        entries.push_back(std::move(entry));
    }
    // YAML marks give only where an entry starts: it ends where the next one starts.
    const auto lines = text::split_lines(text);
    int total_lines = static_cast<int>(lines.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        int next = i + 1 < entries.size() ? entries[i + 1].first_line - 1 : total_lines;
        while (next > entries[i].first_line && next <= total_lines &&
               text::trim(lines[static_cast<std::size_t>(next - 1)]).empty())
            --next;
        entries[i].last_line = std::max(entries[i].first_line, next);
    }
    return entries;
}

struct EntryReader {
    const text::LineIndex& lines;  // (of the source's text: each entry's problem shows its line)
    const SourceInfo& info;
    SourceBatch& batch;
    bool said_cut = false;  // the entry says whether its description is cut (else its text tells)

    void problem(bool is_error, int line, const std::string& message) {
        auto d = core::error_at({info.file, line, 0}, message, lines.line_text(line));
        if (!is_error) d.severity = core::Severity::warning;
        batch.diagnostics.push_back(std::move(d));
    }

    bool scalar(const std::string& key, const Entry::Value& v, std::string& out) {
        if (v.is_list) {
            problem(true, v.line, "'" + key + "' must be a single value, not a list or mapping");
            return false;
        }
        out = text::sanitize_utf8(text::trim(v.text));
        return true;
    }

    void apply(core::Record& r, const std::string& key, const Entry::Value& v) {
        std::string s;
        if (key == "seen_at") {
            if (!v.is_list) problem(true, v.line, "'seen_at' must be a list of URLs");
            for (const auto& item : v.items)
                if (std::string url = text::sanitize_utf8(text::trim(item)); net::is_http_url(url))
                    r.seen_at.push_back(std::move(url));
            return;
        }
        if (!scalar(key, v, s) || s.empty()) return;
        if (key == "title")
            r.title = std::move(s);
        else if (key == "description") {
            if (!said_cut) r.description_truncated = looks_cut_off(s);
            r.description = std::move(s);
        } else if (key == "description_truncated") {
            if (s != "true" && s != "false")
                return problem(true, v.line, "'description_truncated' must be true or false");
            r.description_truncated = s == "true", said_cut = true;
        } else if (key == "date") {
            r.date = dates::parse_any_date(s);
            if (!r.date)
                problem(
                    true, v.line,
                    "cannot read date '" + s + "'; expected 2024-08-04, 2024-08-04T01:47:46+00:00 or an RFC 822 date");
        } else if (key == "duration") {
            r.duration = dates::parse_duration(s);
            if (!r.duration)
                problem(true, v.line,
                        dates::unreadable_duration("duration", s, "seconds, MM:SS, H:MM:SS, '17min' or '13 minutes'"));
        } else if (key == "url") {
            if (net::is_http_url(s))
                r.page_url = s;
            else
                problem(true, v.line, "'url' must be an absolute http(s) URL");
        } else if (key == "enclosure_url") {
            if (!net::is_http_url(s)) return problem(true, v.line, "'enclosure_url' must be an absolute http(s) URL");
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->url = std::move(s);
        } else if (key == "enclosure_type") {
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->type = std::move(s);
        } else if (key == "enclosure_length") {
            long long n = 0;
            if (!text::parse_uint(s, n)) return problem(true, v.line, "'enclosure_length' must be a number of bytes");
            if (!r.enclosure) r.enclosure = core::Enclosure{};
            r.enclosure->length = n;
        } else if (key == "guid")
            r.guid = std::move(s);
        else if (key == "apple_id")
            r.apple_id = s;
        else if (key == "apple_url") {
            r.apple_url = s;
            if (r.apple_id.empty()) r.apple_id = core::apple_episode_id(s);
        } else if (key == "apple_episode_guid")
            r.apple_episode_guid = std::move(s);
        else {
            std::string near = text::nearest_word(key, record_keys());
            problem(false, v.line,
                    "unknown key '" + key + "' ignored" + (near.empty() ? "" : "; did you mean '" + near + "'?"));
        }
    }

    void read(const Entry& entry) {
        core::Record r;
        said_cut = false;
        r.from = provenance(info, entry.first_line, entry.last_line);
        for (const auto& [key, value] : entry.values) apply(r, key, value);
        if (r.enclosure && r.enclosure->url.empty()) {
            problem(true, entry.first_line, "enclosure_type or enclosure_length given without enclosure_url");
            r.enclosure.reset();
        }
        if (says_nothing(r)) {
            batch.diagnostics.push_back(
                core::warning_at({info.file, entry.first_line, 0},
                                 "entry has no title, description, url, enclosure, guid or Apple id; skipped"));
            return;
        }
        batch.records.push_back(std::move(r));
    }
};

}  // namespace

const std::vector<std::string>& record_keys() {
    static const std::vector<std::string> keys = {
        "title",    "date",          "duration",           "description",      "description_truncated",
        "url",      "enclosure_url", "enclosure_type",     "enclosure_length", "guid",
        "apple_id", "apple_url",     "apple_episode_guid", "seen_at"};
    return keys;
}

SourceBatch read_records(std::string_view text, const SourceInfo& info, RecordsSyntax syntax) {
    SourceBatch batch{info, core::SourceKind::records, {}, {}, {}};
    auto entries = syntax == RecordsSyntax::json ? json_entries(text, info, batch) : yaml_entries(text, info, batch);
    const text::LineIndex lines(text);
    EntryReader reader{lines, info, batch};
    batch.records.reserve(entries.size());
    for (const auto& entry : entries) reader.read(entry);
    return batch;
}

}  // namespace sources
