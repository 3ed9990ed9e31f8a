#include "dates/dates.hpp"

#include <date/date.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "text/strings.hpp"

namespace dates {

namespace {

constexpr std::array<std::string_view, 12> k_month_names = {"January",   "February", "March",    "April",
                                                            "May",       "June",     "July",     "August",
                                                            "September", "October",  "November", "December"};

// Returns 1-12 for an English month name or its first three letters, else 0.
int month_from_name(std::string_view word) {
    std::string lower = text::ascii_lower(word);
    if (lower.size() < 3) return 0;
    for (int m = 0; m < 12; ++m) {
        std::string name = text::ascii_lower(k_month_names[m]);
        if (lower == name || lower == name.substr(0, 3) || (lower == "sept" && m == 8)) return m + 1;
    }
    return 0;
}

std::optional<std::int64_t> days_from_civil(int y, int m, int d) {
    if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1 || y > 9999) return std::nullopt;
    date::year_month_day ymd{date::year{y}, date::month{static_cast<unsigned>(m)}, date::day{static_cast<unsigned>(d)}};
    if (!ymd.ok()) return std::nullopt;
    return date::sys_days{ymd}.time_since_epoch().count();
}

std::optional<Timestamp> make(int y, int mo, int d, int h, int mi, int s, int offset, bool has_time, bool has_zone) {
    auto days = days_from_civil(y, mo, d);
    if (!days || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60) return std::nullopt;
    Timestamp ts;
    ts.utc_seconds = *days * 86400 + h * 3600 + mi * 60 + s - offset * 60;
    ts.offset_minutes = offset;
    ts.has_time = has_time;
    ts.has_zone = has_zone;
    return ts;
}

// A tiny cursor over the text, enough for the fixed date grammars below.
struct Scanner {
    std::string_view text;
    std::size_t pos = 0;

    void skip_spaces() {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == ',')) ++pos;
    }
    bool at_end() const { return pos >= text.size(); }
    bool digit() const { return pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])); }
    bool alpha() const { return pos < text.size() && std::isalpha(static_cast<unsigned char>(text[pos])); }
    bool eat(char c) {
        if (pos < text.size() && text[pos] == c) return ++pos, true;
        return false;
    }
    std::optional<int> number(std::size_t max_digits = 4) {
        std::size_t start = pos;
        int value = 0;
        while (digit() && pos - start < max_digits) value = value * 10 + (text[pos++] - '0');
        if (pos == start) return std::nullopt;
        return value;
    }
    std::string_view word() {
        std::size_t start = pos;
        while (alpha()) ++pos;
        return text.substr(start, pos - start);
    }
};

// Real zones lie within -12:00 and +14:00; a feed's "-3000" is a typo, not a zone.
constexpr int k_max_zone_minutes = 14 * 60;

std::optional<int> zone_offset(std::string_view raw) {
    // "+0000 (UTC)": a comment after the zone, as some hosts write it.
    std::string_view zone = text::trim(raw.substr(0, raw.find('(')));
    if (zone.empty()) return std::nullopt;
    if (zone[0] == '+' || zone[0] == '-') {
        std::string digits;
        for (char c : zone.substr(1))
            if (c != ':') digits.push_back(c);
        long long hhmm = 0;
        if (digits.size() == 2) digits += "00";  // "+05"
        if (digits.size() != 4 || !text::parse_uint(digits, hhmm) || hhmm % 100 >= 60) return std::nullopt;
        int minutes = static_cast<int>(hhmm / 100) * 60 + static_cast<int>(hhmm % 100);
        if (minutes > k_max_zone_minutes) return std::nullopt;
        return zone[0] == '-' ? -minutes : minutes;
    }
    std::string upper(zone);
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    struct Named {
        std::string_view name;
        int minutes;
    };
    // RFC 822's names, then those feeds commonly write (an abbreviation two regions share is
    // read as the one feeds mean by it: IST is India's).
    static constexpr std::array<Named, 41> k_zones = {
        {{"GMT", 0},    {"UT", 0},     {"UTC", 0},     {"Z", 0},       {"EST", -300}, {"EDT", -240}, {"CST", -360},
         {"CDT", -300}, {"MST", -420}, {"MDT", -360},  {"PST", -480},  {"PDT", -420}, {"AST", -240}, {"ADT", -180},
         {"NST", -210}, {"NDT", -150}, {"AKST", -540}, {"AKDT", -480}, {"HST", -600}, {"WET", 0},    {"WEST", 60},
         {"BST", 60},   {"CET", 60},   {"CEST", 120},  {"MET", 60},    {"MEST", 120}, {"EET", 120},  {"EEST", 180},
         {"MSK", 180},  {"IST", 330},  {"SGT", 480},   {"HKT", 480},   {"JST", 540},  {"KST", 540},  {"AWST", 480},
         {"ACST", 570}, {"ACDT", 630}, {"AEST", 600},  {"AEDT", 660},  {"NZST", 720}, {"NZDT", 780}}};
    for (const auto& z : k_zones)
        if (upper == z.name) return z.minutes;
    // RFC 822's military letters were defined with the wrong sign; RFC 5322 reads them as -0000.
    if (upper.size() == 1 && upper[0] >= 'A' && upper[0] <= 'Z' && upper[0] != 'J') return 0;
    return std::nullopt;
}

// Reads "HH:MM[:SS] [AM|PM]" at the cursor.
bool read_clock(Scanner& in, int& h, int& mi, int& s) {
    auto hour = in.number(2);
    if (!hour || !in.eat(':')) return false;
    auto minute = in.number(2);
    if (!minute) return false;
    h = *hour;
    mi = *minute;
    s = 0;
    if (in.eat(':')) {
        auto second = in.number(2);
        if (!second) return false;
        s = *second;
        if (in.eat('.'))
            while (in.digit()) ++in.pos;
    }
    std::size_t before = in.pos;
    in.skip_spaces();
    std::string meridian = text::ascii_lower(in.word());
    if (meridian == "am" || meridian == "pm") {
        if (h < 1 || h > 12) return false;
        h = (h % 12) + (meridian == "pm" ? 12 : 0);
    } else {
        in.pos = before;
    }
    return true;
}

int expand_year(int year, std::size_t digits) {
    if (digits > 2) return year;
    return year < 50 ? 2000 + year : 1900 + year;
}

}  // namespace

std::optional<Timestamp> parse_rfc822(std::string_view raw) {
    Scanner in{text::trim(raw)};
    in.skip_spaces();
    std::size_t save = in.pos;
    // A weekday, with or without its comma ("Tue, 11 Jan" or "Tue 11 Jan"), or none; a full
    // weekday name or a period ("Tue.") as some hosts write it.
    if (in.word().empty()) in.pos = save;
    in.eat('.');
    in.skip_spaces();
    auto day = in.number(2);
    in.skip_spaces();
    int month = month_from_name(in.word());
    in.skip_spaces();
    std::size_t year_start = in.pos;
    auto year = in.number(4);
    if (!day || !month || !year) return std::nullopt;
    int y = expand_year(*year, in.pos - year_start);
    in.skip_spaces();
    if (in.at_end()) return make(y, month, *day, 0, 0, 0, 0, false, false);  // a day without a time
    int h = 0, mi = 0, s = 0;
    if (!read_clock(in, h, mi, s)) return std::nullopt;
    in.skip_spaces();
    std::string_view zone = text::trim(in.text.substr(in.pos));
    auto offset = zone_offset(zone);
    if (!zone.empty() && !offset) return std::nullopt;
    return make(y, month, *day, h, mi, s, offset.value_or(0), true, offset.has_value());
}

std::optional<Timestamp> parse_iso8601(std::string_view raw) {
    Scanner in{text::trim(raw)};
    std::size_t start = in.pos;
    auto year = in.number(4);
    if (!year || in.pos - start != 4 || !in.eat('-')) return std::nullopt;
    auto month = in.number(2);
    if (!month || !in.eat('-')) return std::nullopt;
    auto day = in.number(2);
    if (!day) return std::nullopt;
    if (in.at_end()) return make(*year, *month, *day, 0, 0, 0, 0, false, false);
    if (!in.eat('T') && !in.eat(' ')) return std::nullopt;
    int h = 0, mi = 0, s = 0;
    if (!read_clock(in, h, mi, s)) return std::nullopt;
    std::string_view zone = text::trim(in.text.substr(in.pos));
    if (zone.empty()) return make(*year, *month, *day, h, mi, s, 0, true, false);
    auto offset = zone_offset(zone);
    if (!offset) return std::nullopt;
    return make(*year, *month, *day, h, mi, s, *offset, true, true);
}

namespace {

// `text` past an English weekday's name that begins it ("Monday, ", "Tue. "), or as it is.
std::string_view without_weekday(std::string_view text) {
    static constexpr std::string_view k_days[] = {"monday", "tuesday",  "wednesday", "thursday",
                                                  "friday", "saturday", "sunday"};
    std::size_t end = 0;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    const std::string word = text::ascii_lower(text.substr(0, end));
    if (std::none_of(std::begin(k_days), std::end(k_days),
                     [&](std::string_view day) { return word == day || (word.size() == 3 && day.starts_with(word)); }))
        return text;
    std::size_t at = end;
    if (at < text.size() && text[at] == '.') ++at;
    if (at < text.size() && text[at] == ',') ++at;
    while (at < text.size() && text[at] == ' ') ++at;
    return at < text.size() ? text.substr(at) : text;
}

}  // namespace

std::optional<Timestamp> parse_any_date(std::string_view raw) {
    std::string_view text = text::trim(raw);
    if (auto ts = parse_iso8601(text)) return ts;
    if (auto ts = parse_rfc822(text)) return ts;
    // ("Monday, January 2, 2023": the date says which day it is; an RFC 822 date that
    // parse_rfc822 refused, "Sat, 13 Apr 2024 10:00:00 -3000", is not read past its zone)
    const std::string_view dated = without_weekday(text);
    const bool had_weekday = dated.size() < text.size();
    text = dated;
    Scanner in{text};
    int y = 0, mo = 0, d = 0;
    if (in.digit()) {
        auto first = in.number(4);
        if (in.eat('/')) {  // MM/DD/YYYY, as Apple's US pages write it
            auto second = in.number(2);
            if (!second || !in.eat('/')) return std::nullopt;
            std::size_t ys = in.pos;
            auto year = in.number(4);
            if (!year) return std::nullopt;
            mo = *first, d = *second, y = expand_year(*year, in.pos - ys);
        } else {  // "4 Aug 2024"
            in.skip_spaces();
            mo = month_from_name(in.word());
            in.skip_spaces();
            auto year = in.number(4);
            if (!first || !mo || !year) return std::nullopt;
            d = *first, y = *year;
        }
    } else {  // "Aug 4th, 2024" or "August 18, 2021"
        mo = month_from_name(in.word());
        in.skip_spaces();
        auto day = in.number(2);
        if (!mo || !day) return std::nullopt;
        d = *day;
        in.word();  // ordinal suffix: st, nd, rd, th
        in.skip_spaces();
        auto year = in.number(4);
        if (!year) return std::nullopt;
        y = *year;
    }
    in.skip_spaces();
    if (in.at_end()) return make(y, mo, d, 0, 0, 0, 0, false, false);
    int h = 0, mi = 0, s = 0;
    std::size_t clock_start = in.pos;
    if (!read_clock(in, h, mi, s)) {
        in.pos = clock_start;
        return make(y, mo, d, 0, 0, 0, 0, false, false);
    }
    in.skip_spaces();
    const std::string_view zone = text::trim(in.text.substr(in.pos));
    auto offset = zone_offset(zone);
    if (had_weekday && !zone.empty() && !offset) return std::nullopt;
    return make(y, mo, d, h, mi, s, offset.value_or(0), true, offset.has_value());
}

namespace {
struct Civil {
    date::year_month_day ymd;
    int hour, minute, second;
    unsigned weekday;
};

Civil civil(const Timestamp& ts) {
    std::int64_t local = ts.utc_seconds + static_cast<std::int64_t>(ts.offset_minutes) * 60;
    std::int64_t days = local >= 0 ? local / 86400 : (local - 86399) / 86400;
    std::int64_t secs = local - days * 86400;
    date::sys_days sd{date::days{days}};
    return {date::year_month_day{sd}, static_cast<int>(secs / 3600), static_cast<int>(secs / 60 % 60),
            static_cast<int>(secs % 60), date::weekday{sd}.c_encoding()};
}

// +HH:MM (colon) or +HHMM.
void append_zone(std::string& out, int offset, bool colon) {
    const long long a = offset < 0 ? -static_cast<long long>(offset) : offset;
    out += offset < 0 ? '-' : '+';
    text::append_zero_padded(out, a / 60, 2);
    if (colon) out += ':';
    text::append_zero_padded(out, a % 60, 2);
}

// HH:MM:SS
void append_clock(std::string& out, const Civil& c) {
    text::append_zero_padded(out, c.hour, 2);
    out += ':';
    text::append_zero_padded(out, c.minute, 2);
    out += ':';
    text::append_zero_padded(out, c.second, 2);
}

// YYYY-MM-DD
void append_day(std::string& out, const Civil& c) {
    text::append_zero_padded(out, static_cast<int>(c.ymd.year()), 4);
    out += '-';
    text::append_zero_padded(out, static_cast<unsigned>(c.ymd.month()), 2);
    out += '-';
    text::append_zero_padded(out, static_cast<unsigned>(c.ymd.day()), 2);
}
}  // namespace

// (Written piece by piece, not by snprintf: parsing its format was most of the time of the
// dates every page and feed item writes. dates_test.cpp checks them against snprintf's.)
std::string format_rfc822(const Timestamp& ts) {
    static constexpr std::array<std::string_view, 7> k_days = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    const Civil c = civil(ts);
    std::string out;
    out.reserve(32);
    out += k_days[c.weekday];
    out += ", ";
    text::append_zero_padded(out, static_cast<unsigned>(c.ymd.day()), 2);
    out += ' ';
    out += k_month_names[static_cast<unsigned>(c.ymd.month()) - 1].substr(0, 3);
    out += ' ';
    text::append_zero_padded(out, static_cast<int>(c.ymd.year()), 4);
    out += ' ';
    append_clock(out, c);
    out += ' ';
    append_zone(out, ts.offset_minutes, false);
    return out;
}

std::string format_day(const Timestamp& ts) {
    std::string out;
    append_day(out, civil(ts));
    return out;
}

std::string format_iso8601(const Timestamp& ts) {
    if (!ts.has_time) return format_day(ts);
    const Civil c = civil(ts);
    std::string out;
    out.reserve(25);
    append_day(out, c);
    out += 'T';
    append_clock(out, c);
    append_zone(out, ts.offset_minutes, true);
    return out;
}

int year_of(const Timestamp& ts) {
    return static_cast<int>(civil(ts).ymd.year());
}
int month_of(const Timestamp& ts) {
    return static_cast<int>(static_cast<unsigned>(civil(ts).ymd.month()));
}

}  // namespace dates
