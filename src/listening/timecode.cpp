#include "listening/timecode.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "dates/durations.hpp"
#include "text/strings.hpp"

namespace listening {

namespace {

// Digits (at least one) at `at`, advancing it.
std::optional<long long> digits(std::string_view text, std::size_t& at, std::size_t max_digits) {
    std::size_t start = at;
    long long value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < max_digits)
        value = value * 10 + (text[at++] - '0');
    if (at == start) return std::nullopt;
    return value;
}

// "hh:mm:ss.mmm" (or with a comma), the form nearly every cue of every caption file has: read
// where it is, by the same arithmetic as the general reading below (two a cue of every
// transcript: the general reading was a sixth of reading one).
std::optional<double> canonical_timecode(std::string_view t) {
    auto digit = [&](std::size_t i) { return t[i] >= '0' && t[i] <= '9'; };
    auto two = [&](std::size_t i) { return (t[i] - '0') * 10 + (t[i + 1] - '0'); };
    if (t.size() != 12 || t[2] != ':' || t[5] != ':' || (t[8] != '.' && t[8] != ',')) return std::nullopt;
    for (std::size_t i : {0, 1, 3, 4, 6, 7, 9, 10, 11})
        if (!digit(i)) return std::nullopt;
    if (two(3) >= 60 || two(6) >= 60) return std::nullopt;
    const double seconds =
        (static_cast<double>(two(0)) * 60 + static_cast<double>(two(3))) * 60 + static_cast<double>(two(6));
    return seconds + static_cast<double>(two(9) * 10 + (t[11] - '0')) / 1e3;
}

}  // namespace

std::optional<double> parse_timecode(std::string_view text) {
    text = text::trim(text);
    if (auto canonical = canonical_timecode(text)) return canonical;
    if (text.empty()) return std::nullopt;
    std::size_t at = 0;
    long long parts[3] = {0, 0, 0};
    int count = 0;
    while (true) {
        auto part = digits(text, at, count == 0 ? 9 : 2);
        if (!part) return std::nullopt;
        if (count > 0 && *part >= 60) return std::nullopt;
        parts[count++] = *part;
        if (at < text.size() && text[at] == ':' && count < 3) {
            ++at;
            continue;
        }
        break;
    }
    double seconds = 0;
    for (int i = 0; i < count; ++i) seconds = seconds * 60 + static_cast<double>(parts[i]);
    if (at < text.size() && (text[at] == '.' || text[at] == ',')) {
        ++at;
        std::size_t start = at;
        auto fraction = digits(text, at, 9);
        if (!fraction) return std::nullopt;
        static constexpr double k_scale[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
        seconds += static_cast<double>(*fraction) / k_scale[at - start];
    }
    if (at != text.size() || seconds > static_cast<double>(dates::k_max_duration_seconds)) return std::nullopt;
    return seconds;
}

std::optional<double> json_time(const nlohmann::json& value) {
    if (value.is_number()) {
        const double t = value.get<double>();
        if (std::isfinite(t) && t >= 0 && t <= static_cast<double>(dates::k_max_duration_seconds)) return t;
        return std::nullopt;
    }
    if (value.is_string()) return parse_timecode(value.get<std::string>());
    return std::nullopt;
}

long long whole_seconds(double seconds) {
    return seconds > 0 ? static_cast<long long>(std::floor(seconds)) : 0;
}

std::string format_timecode(double seconds) {
    return dates::format_clock(static_cast<int>(whole_seconds(seconds)));
}

}  // namespace listening
