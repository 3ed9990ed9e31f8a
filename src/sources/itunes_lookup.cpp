#include "sources/itunes_lookup.hpp"

#include <nlohmann/json.hpp>

#include "dates/durations.hpp"
#include "net/url.hpp"
#include "sources/json_lines.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"

namespace sources {

namespace {

std::string string_of(const nlohmann::json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? text::sanitize_utf8(text::trim(it->get<std::string>())) : std::string();
}

std::string id_of(const nlohmann::json& o, const char* key) {
    auto it = o.find(key);
    if (it == o.end()) return {};
    if (it->is_number_unsigned() || it->is_number_integer()) return std::to_string(it->get<long long>());
    return it->is_string() ? it->get<std::string>() : std::string();
}

std::string audio_type(const nlohmann::json& o) {
    std::string ext = text::ascii_lower(string_of(o, "episodeFileExtension"));
    if (ext == "m4a") return "audio/x-m4a";
    if (ext == "mp4") return "video/mp4";
    return "audio/mpeg";
}

}  // namespace

bool looks_like_itunes_lookup(std::string_view text) {
    return text.find("\"resultCount\"") != std::string_view::npos ||
           text.find("\"wrapperType\"") != std::string_view::npos;
}

SourceBatch read_itunes_lookup(std::string_view text, const SourceInfo& info) {
    SourceBatch batch{info, core::SourceKind::itunes_lookup, {}, {}, {}};
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {  // syntax errors and values it cannot hold
        batch.diagnostics.push_back(json_syntax_error(text, info, e));
        return batch;
    }
    if (!doc.is_object() || !doc.contains("results") || !doc["results"].is_array()) {
        batch.diagnostics.push_back(core::error_at(
            {info.file, 1, 1}, "expected an iTunes lookup answer ({\"resultCount\": N, \"results\": [...]})"));
        return batch;
    }
    auto spans = json_object_spans(text, 2);
    std::size_t index = 0;
    for (const auto& result : doc["results"]) {
        if (!result.is_object()) continue;
        JsonSpan span = index < spans.size() ? spans[index] : JsonSpan{};
        ++index;
        if (string_of(result, "wrapperType") != "podcastEpisode") continue;  // the show's own entry
        core::Record r;
        r.from = provenance(info, span.first_line, span.last_line);
        r.title = string_of(result, "trackName");
        r.date = dates::parse_iso8601(string_of(result, "releaseDate"));
        // (Checked against the limit before converting: a double beyond int is undefined behaviour.)
        if (auto ms = result.find("trackTimeMillis"); ms != result.end() && ms->is_number()) {
            double seconds = ms->get<double>() / 1000.0;
            if (seconds > 0 && seconds <= dates::k_max_duration_seconds)
                r.duration = dates::Duration{static_cast<int>(seconds + 0.5), true};
        }
        r.apple_episode_guid = string_of(result, "episodeGuid");
        std::string audio = string_of(result, "episodeUrl");
        if (net::is_http_url(audio)) r.enclosure = core::Enclosure{audio, audio_type(result), std::nullopt};
        r.apple_url = string_of(result, "trackViewUrl");
        r.apple_id = id_of(result, "trackId");
        r.description = string_of(result, "description");
        if (r.description.empty()) r.description = string_of(result, "shortDescription");
        r.description_truncated = looks_cut_off(r.description);
        if (says_nothing(r)) {
            batch.diagnostics.push_back(core::warning_at(
                {info.file, span.first_line, 0},
                "episode has no trackName, description, episodeUrl, trackViewUrl, trackId or episodeGuid; skipped"));
            continue;
        }
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
