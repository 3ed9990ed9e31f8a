#pragma once
// The merge report: how the catalog was formed, for people and (JSON) for tools.
#include <nlohmann/json.hpp>
#include <string>

#include "core/episode.hpp"

namespace merge {

// {"episodes": [{"slug", "title", "date", "duration_seconds", "fields": {name: {"value",
// "source"}}, "records": [{"source", "file", "line", "end_line", "matched_by"}]}],
//  "conflicts": [{"slug", "field", "kept", "kept_source", "other", "other_source"}],
//  "dropped": [{"source", "file", "line", "end_line", "reason"}]}
nlohmann::json report_json(const core::Catalog& catalog);

// The same as text: each episode with its records and why they were linked, then conflicts,
// derived titles and dropped records.
std::string report_text(const core::Catalog& catalog);

// The value of a fused field as JSON (string, number or null), by the name used in
// Episode::sources.
nlohmann::json field_value(const core::Episode& e, const std::string& field);

}  // namespace merge
