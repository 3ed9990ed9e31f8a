#include "listening/captions.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace listening {

namespace {

// Two lines of 42 characters: what captioning guides (BBC, Netflix) allow on screen at once.
constexpr std::size_t k_cue_letters = 84;
// A segment that gives no end lasts until the next starts, but not through a long silence: at
// most twice the time saying it takes (15 letters a second) or ten seconds, whichever is more.
// The last one lasts the time saying it takes, at least two seconds.
constexpr double k_letters_per_second = 15, k_shortest = 2, k_longest_pause = 10;

// "01:02:03.456"
std::string vtt_time(double seconds) {
    const long long ms = std::llround(std::max(0.0, seconds) * 1000);
    std::string out;
    text::append_zero_padded(out, ms / 3'600'000, 2);
    out += ':';
    text::append_zero_padded(out, ms / 60'000 % 60, 2);
    out += ':';
    text::append_zero_padded(out, ms / 1000 % 60, 2);
    out += '.';
    text::append_zero_padded(out, ms % 1000, 3);
    return out;
}

// A cue's text (white space already collapsed: no line break): no tag opens, no "-->" ends it.
void append_escaped(std::string& out, std::string_view text) {
    for (char c : text) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else
            out += c;
    }
}

// `text` in pieces of at most k_cue_letters code points and of about the same length (no
// "steady." alone after two full lines), cut at spaces; a run longer than that (a script
// written without spaces) is cut between code points.
std::vector<std::string_view> pieces(std::string_view text) {
    const std::size_t total = text::code_point_count(text), count = (total + k_cue_letters - 1) / k_cue_letters;
    // (A little over the even share, so that a cut can wait for a space.)
    const std::size_t limit = count <= 1 ? k_cue_letters : std::min(k_cue_letters, (total + count - 1) / count + 8);
    std::vector<std::string_view> out;
    std::size_t start = 0, letters = 0, last_space = std::string_view::npos, letters_at_space = 0;
    for (std::size_t i = 0; i < text.size();) {
        char32_t c = 0;
        const std::size_t n = std::max<std::size_t>(1, text::decode_utf8_at(text, i, c));
        if (c == ' ') last_space = i, letters_at_space = letters;
        if (++letters > limit) {
            const bool at_space = last_space != std::string_view::npos && last_space > start;
            const std::size_t cut = at_space ? last_space : i;
            out.push_back(text::trim(text.substr(start, cut - start)));
            start = at_space ? cut + 1 : cut;
            letters = at_space ? letters - letters_at_space - 1 : 1;
            last_space = std::string_view::npos;
        }
        i += n;
    }
    if (start < text.size()) out.push_back(text::trim(text.substr(start)));
    std::erase_if(out, [](std::string_view p) { return p.empty(); });
    return out;
}

}  // namespace

std::string captions_vtt(const core::Transcript& transcript) {
    std::string out = "WEBVTT\n";
    const auto& segments = transcript.segments;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const core::TranscriptSegment& s = segments[i];
        const std::string text = text::collapse_whitespace(s.text);
        const std::vector<std::string_view> parts = pieces(text);
        if (parts.empty()) continue;
        const double letters = static_cast<double>(text::code_point_count(text));
        const double saying = std::max(k_shortest, letters / k_letters_per_second);
        const double next = i + 1 < segments.size() ? segments[i + 1].start : 0;
        const double end = s.end > s.start  ? s.end
                           : next > s.start ? std::min(next, s.start + std::max(k_longest_pause, 2 * saying))
                                            : s.start + saying;
        // Each piece's share of the time is its share of the letters.
        const double per_letter = (end - s.start) / letters;
        double at = s.start;
        for (std::string_view part : parts) {
            const double until = std::min(end, at + per_letter * static_cast<double>(text::code_point_count(part) + 1));
            out += '\n' + vtt_time(at) + " --> " + vtt_time(std::max(until, at + 0.001)) + '\n';
            if (!s.speaker.empty()) {
                out += "<v ";
                append_escaped(out, text::collapse_whitespace(s.speaker));
                out += '>';
            }
            append_escaped(out, part);
            out += '\n';
            at = until;
        }
    }
    return out;
}

}  // namespace listening
