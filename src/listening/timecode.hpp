#pragma once
// Times in an episode as chapter lists, transcripts and links write them.
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace listening {

// "1:02:03.5", "01:02:03,500" (SRT), "2:03", "123", "123.25" -> seconds; nullopt for anything
// else, a negative time, or one past 100 hours.
std::optional<double> parse_timecode(std::string_view text);

// A time as JSON formats write it: a number of seconds, or a string parse_timecode reads;
// nullopt for anything else, a negative time, or one past 100 hours.
std::optional<double> json_time(const nlohmann::json& value);

// "2:03" or "1:02:03", for people (fractions dropped).
std::string format_timecode(double seconds);

// Whole seconds, as the page's #t= links and the search index write them.
long long whole_seconds(double seconds);

}  // namespace listening
