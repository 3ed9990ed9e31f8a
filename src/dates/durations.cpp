#include "dates/durations.hpp"

#include <cctype>

#include "text/strings.hpp"

namespace dates {

namespace {

std::optional<Duration> parse_clock(std::string_view text) {
    auto parts = text::split(text, ':');
    if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
    long long total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        long long v = 0;
        if (!text::parse_uint(parts[i], v) || parts[i].size() > 3) return std::nullopt;
        if (i > 0 && (v > 59 || parts[i].size() != 2)) return std::nullopt;
        total = total * 60 + v;
    }
    if (total > k_max_duration_seconds) return std::nullopt;
    return Duration{static_cast<int>(total), true};
}

// "1 hr 5 min", "17min", "13 minutes", "1h 5m 3s".
std::optional<Duration> parse_units(std::string_view text) {
    long long total = 0;
    bool any = false, has_seconds = false;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        if (i >= text.size()) break;
        long long value = 0;
        std::size_t start = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            if (i - start >= 6) return std::nullopt;  // before the value could overflow
            value = value * 10 + (text[i++] - '0');
        }
        if (i == start) return std::nullopt;
        while (i < text.size() && text[i] == ' ') ++i;
        std::size_t unit_start = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
        std::string unit = text::ascii_lower(text.substr(unit_start, i - unit_start));
        if (unit == "h" || unit == "hr" || unit == "hrs" || unit == "hour" || unit == "hours")
            total += value * 3600;
        else if (unit == "m" || unit == "min" || unit == "mins" || unit == "minute" || unit == "minutes")
            total += value * 60;
        else if (unit == "s" || unit == "sec" || unit == "secs" || unit == "second" || unit == "seconds")
            total += value, has_seconds = true;
        else
            return std::nullopt;
        any = true;
        while (i < text.size() && (text[i] == ',' || text[i] == ' ')) ++i;
    }
    if (!any || total > k_max_duration_seconds) return std::nullopt;
    return Duration{static_cast<int>(total), has_seconds};
}

// ISO 8601's "PT1H2M3S", "PT45M", "PT3723.5S", "P1DT2H": schema.org's and JSON-LD's form,
// which some hosts write in itunes:duration too. A fraction of a second is rounded.
std::optional<Duration> parse_iso8601_duration(std::string_view text) {
    long long total = 0;
    bool any = false, has_seconds = false, in_time = false;
    for (std::size_t i = 1; i < text.size();) {
        if (text[i] == 'T' || text[i] == 't') {
            if (in_time) return std::nullopt;
            in_time = true, ++i;
            continue;
        }
        const std::size_t start = i;
        long long value = 0;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            if (i - start >= 7) return std::nullopt;  // before the value could overflow
            value = value * 10 + (text[i++] - '0');
        }
        if (i == start) return std::nullopt;
        bool round_up = false, fraction = false;
        if (i < text.size() && (text[i] == '.' || text[i] == ',')) {
            const std::size_t first = ++i;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
            if (i == first) return std::nullopt;
            fraction = true, round_up = text[first] >= '5';
        }
        if (i >= text.size()) return std::nullopt;
        const char unit = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i++])));
        if (!in_time && unit == 'D' && !fraction)
            total += value * 86400;
        else if (in_time && unit == 'H' && !fraction)
            total += value * 3600;
        else if (in_time && unit == 'M' && !fraction)
            total += value * 60;
        else if (in_time && unit == 'S')
            total += value + (round_up ? 1 : 0), has_seconds = true;
        else
            return std::nullopt;
        any = true;
    }
    if (!any || total > k_max_duration_seconds) return std::nullopt;
    return Duration{static_cast<int>(total), has_seconds};
}

}  // namespace

std::string unreadable_duration(std::string_view name, std::string_view raw, std::string_view expected) {
    std::string said = "cannot read " + std::string(name) + " '" + std::string(raw) + "'";
    long long seconds = 0;
    if (text::parse_uint(text::trim(raw), seconds) && seconds > k_max_duration_seconds)
        said += ": " + std::to_string(seconds / 3600) + " hours is longer than any recording (milliseconds?)";
    return said + "; expected " + std::string(expected);
}

std::optional<Duration> parse_duration(std::string_view raw) {
    std::string_view text = text::trim(raw);
    if (text.empty()) return std::nullopt;
    // A fraction of a second ("00:04:49.0", "289.75", as some hosts write them) is rounded away.
    if (const std::size_t dot = text.rfind('.');
        dot != std::string_view::npos && dot > 0 && dot + 1 < text.size() && text.size() - dot <= 10 &&
        text.substr(dot + 1).find_first_not_of("0123456789") == std::string_view::npos &&
        std::isdigit(static_cast<unsigned char>(text[dot - 1]))) {
        auto whole = parse_duration(text.substr(0, dot));
        if (!whole || !whole->exact) return std::nullopt;
        if (text[dot + 1] >= '5' && whole->seconds < k_max_duration_seconds) ++whole->seconds;
        return whole;
    }
    if (text[0] == 'P' || text[0] == 'p') return parse_iso8601_duration(text);
    long long seconds = 0;
    if (text::parse_uint(text, seconds)) {
        if (seconds > k_max_duration_seconds) return std::nullopt;
        return Duration{static_cast<int>(seconds), true};
    }
    if (text.find(':') != std::string_view::npos) return parse_clock(text);
    return parse_units(text);
}

std::string format_clock(int seconds) {
    std::string out;  // H:MM:SS or M:SS (printf's "%d:%02d:%02d", without its format parsing)
    if (seconds >= 3600) {
        text::append_zero_padded(out, seconds / 3600, 1);
        out += ':';
        text::append_zero_padded(out, seconds / 60 % 60, 2);
    } else {
        text::append_zero_padded(out, seconds / 60, 1);
    }
    out += ':';
    text::append_zero_padded(out, seconds % 60, 2);
    return out;
}

}  // namespace dates
