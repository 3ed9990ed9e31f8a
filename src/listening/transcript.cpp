#include "listening/transcript.hpp"

#include <algorithm>
#include <map>
#include <span>
#include <nlohmann/json.hpp>

#include "listening/timecode.hpp"
#include "util/escape.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"
#include "util/xml_encoding.hpp"

namespace listening {

namespace {

constexpr std::size_t k_max_bytes = 64u << 20;   // a transcript of 100 hours is about 6 MB
constexpr std::size_t k_max_cues = 500000;
// A paragraph ends at the first sentence end past k_paragraph_words, and at k_max_paragraph_words
// in any case: a link every minute or so of speech, short enough to find a moment by.
constexpr std::size_t k_paragraph_words = 40;
constexpr std::size_t k_max_paragraph_words = 120;
constexpr double k_pause_seconds = 8;  // a longer silence starts a new paragraph

struct Cue {
    double start = 0;
    double end = 0;
    std::string speaker;
    std::size_t at = 0, size = 0;  // its text in Reader::texts
};

struct Reader {
    explicit Reader(const std::string& f) : file(f) {}

    const std::string& file;
    std::vector<Cue> cues;
    // Every cue's text, one after the other: a string of its own a cue, made and freed, was a
    // tenth of reading a transcript.
    std::string texts;
    std::string scratch;  // (a caption's text before it is collapsed: kept for its room)
    std::vector<core::Diagnostic> warnings;
    std::size_t skipped = 0;
    int first_skipped_line = 0;
    std::size_t past_limit = 0;  // cues after the k_max_cues-th, left out

    void warn(int line, std::string message) { warnings.push_back(core::warning_at({file, line, 0}, std::move(message))); }
    void skip(int line) {
        if (skipped++ == 0) first_skipped_line = line;
    }
    std::string_view text(const Cue& c) const { return std::string_view(texts).substr(c.at, c.size); }
    // Adds the cue with `text`, its white space collapsed (not added without text).
    void add(Cue cue, std::string_view text) {
        if (cues.size() >= k_max_cues) {
            ++past_limit;
            return;
        }
        cue.at = texts.size();
        util::append_collapsed(texts, text);
        cue.size = texts.size() - cue.at;
        if (cue.size > 0) cues.push_back(std::move(cue));
    }
};

std::string_view strip_bom(std::string_view text) { return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text; }

// A caption's text without its markup (in `text`): its lines joined, tags dropped, entities
// decoded (the reader collapses its white space); a WebVTT voice tag (<v Name>, <v.class Name>)
// gives the speaker.
std::string_view caption_text(std::span<const std::string_view> lines, std::string& speaker, std::string& text) {
    text.clear();
    for (std::string_view raw : lines) {
        if (!text.empty()) text += ' ';
        for (std::size_t i = 0; i < raw.size();) {
            const std::size_t open = raw.find('<', i);
            text.append(raw.substr(i, open == std::string_view::npos ? std::string_view::npos : open - i));
            if (open == std::string_view::npos) break;
            const std::size_t close = raw.find('>', open);
            if (close == std::string_view::npos) {
                text.append(raw.substr(open));
                break;
            }
            std::string_view tag = raw.substr(open + 1, close - open - 1);
            if (tag.starts_with("v ") || tag.starts_with("v.")) {
                std::size_t name = tag.find(' ');
                if (name != std::string_view::npos) speaker = util::collapse_whitespace(tag.substr(name + 1));
            }
            i = close + 1;  // (inline markup: <b>, <i>, <c.class>, timestamps)
        }
    }
    if (text.find('&') != std::string::npos) text = util::decode_entities(text);
    return text;
}

// "Name: words" with a short, capitalized name: a speaker, if the file names them so more than
// once (checked by name_speakers: "Note: ..." once is text).
std::string speaker_prefix(std::string_view text) {
    std::size_t colon = text.find(": ");
    if (colon == std::string_view::npos || colon == 0 || colon > 40) return {};
    std::string_view name = text.substr(0, colon);
    if (!(name.front() >= 'A' && name.front() <= 'Z') && static_cast<unsigned char>(name.front()) < 0x80) return {};
    if (std::count(name.begin(), name.end(), ' ') > 3) return {};
    for (char c : name)
        if (c == '.' || c == ',' || c == '?' || c == '!' || (c >= '0' && c <= '9')) return {};
    return std::string(name);
}

void name_speakers(Reader& r) {
    std::map<std::string, int> seen;
    for (const auto& c : r.cues)
        if (c.speaker.empty())
            if (auto name = speaker_prefix(r.text(c)); !name.empty()) ++seen[name];
    for (auto& c : r.cues) {
        if (!c.speaker.empty()) continue;
        auto name = speaker_prefix(r.text(c));
        if (name.empty() || seen[name] < 2) continue;
        const std::string_view said = util::trim(r.text(c).substr(name.size() + 1));
        c.at = static_cast<std::size_t>(said.data() - r.texts.data());
        c.size = said.size();
        c.speaker = std::move(name);
    }
}

// "00:00:01.000 --> 00:00:04.000 align:start" (WebVTT) or with commas (SRT).
bool timing_line(std::string_view line, double& start, double& end) {
    std::size_t arrow = line.find("-->");
    if (arrow == std::string_view::npos) return false;
    auto from = parse_timecode(line.substr(0, arrow));
    std::string_view rest = util::trim(line.substr(arrow + 3));
    auto to = parse_timecode(rest.substr(0, rest.find_first_of(" \t")));
    if (!from) return false;
    start = *from;
    end = to && *to >= *from ? *to : 0;
    return true;
}

// WebVTT and SRT: blocks separated by blank lines, each a cue's timing line (after an optional
// identifier: SRT's number) and its text.
void read_cues(std::string_view text, bool vtt, Reader& r) {
    auto lines = util::split_lines(strip_bom(text));
    std::size_t i = 0;
    if (vtt) {
        if (lines.empty() || !util::trim(lines[0]).starts_with("WEBVTT"))
            r.warn(1, "a WebVTT file starts with the line \"WEBVTT\"; read as captions anyway");
        else
            ++i;
    }
    while (i < lines.size()) {
        while (i < lines.size() && util::trim(lines[i]).empty()) ++i;
        if (i >= lines.size()) break;
        std::size_t block = i;
        std::size_t end = i;
        while (end < lines.size() && !util::trim(lines[end]).empty()) ++end;
        std::string_view first = util::trim(lines[block]);
        if (vtt && (first.starts_with("NOTE") || first == "STYLE" || first == "REGION" || first.starts_with("STYLE ") || first.starts_with("REGION "))) {
            i = end;
            continue;
        }
        Cue cue;
        std::size_t at = block;  // the timing line, after an identifier if the cue has one
        bool timed = timing_line(lines[at], cue.start, cue.end);
        if (!timed && at + 1 < end) timed = timing_line(lines[++at], cue.start, cue.end);
        if (!timed) {
            r.skip(static_cast<int>(block + 1));
            i = end;
            continue;
        }
        const std::string_view said = caption_text(std::span(lines).subspan(at + 1, end - at - 1), cue.speaker, r.scratch);
        r.add(std::move(cue), said);
        i = end;
    }
}

void read_json(std::string_view text, Reader& r) {
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("segments") || !doc["segments"].is_array()) {
        r.warn(1, "not a JSON transcript: expected the Podcast Index format, {\"version\": \"1.0.0\", \"segments\": [{\"speaker\", \"startTime\", \"endTime\", \"body\"}, ...]}");
        return;
    }
    for (const auto& s : doc["segments"]) {
        auto start = s.is_object() && s.contains("startTime") ? json_time(s["startTime"]) : std::nullopt;
        if (!start || !s.contains("body") || !s["body"].is_string()) {
            r.skip(0);  // (JSON has no line for a segment)
            continue;
        }
        Cue cue;
        cue.start = *start;
        if (s.contains("endTime"))
            if (auto end = json_time(s["endTime"]); end && *end >= *start) cue.end = *end;
        if (s.contains("speaker") && s["speaker"].is_string()) cue.speaker = util::collapse_whitespace(s["speaker"].get<std::string>());
        r.add(std::move(cue), s["body"].get_ref<const std::string&>());
    }
}

// Where the closing tag of `name` (lower case) starts, from `from` on, in any case ("</SCRIPT>").
std::size_t find_closing_tag(std::string_view html, std::string_view name, std::size_t from) {
    for (std::size_t at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2))
        if (util::starts_with_icase(html.substr(at + 2), name)) return at;
    return std::string_view::npos;
}

// HTML: <cite> names the speaker, <time> the start, <p> what is said. Read by a scan of its
// tags, not a parser's tree: the format needs no more, and a tree as deep as a hostile file
// nests would be freed by recursion (gumbo's), past any stack.
void read_html(std::string_view html, Reader& r, bool& timed) {
    enum class In { nothing, cite, time, paragraph } in = In::nothing;
    std::string text, speaker;
    std::optional<double> time;
    auto end_paragraph = [&] {
        if (in != In::paragraph) return;
        Cue cue;
        cue.start = time.value_or(r.cues.empty() ? 0 : r.cues.back().start);
        cue.speaker = speaker;
        r.add(std::move(cue), util::decode_entities(text));
        time.reset();
        in = In::nothing;
    };
    timed = false;
    for (std::size_t i = 0; i < html.size();) {
        const std::size_t open = html.find('<', i);
        if (in != In::nothing) text.append(html.substr(i, open == std::string_view::npos ? std::string_view::npos : open - i));
        if (open == std::string_view::npos) break;
        std::size_t close = html.find('>', open);
        if (close == std::string_view::npos) break;
        std::string_view tag = html.substr(open + 1, close - open - 1);
        const bool closing = tag.starts_with('/');
        if (closing) tag.remove_prefix(1);
        std::string name = util::ascii_lower(tag.substr(0, tag.find_first_of(" \t\r\n/")));
        i = close + 1;
        if (!closing && (name == "script" || name == "style")) {  // their text is not said
            std::size_t end = find_closing_tag(html, name, i);
            i = end == std::string_view::npos ? html.size() : end;
            continue;
        }
        if (name == "br") text += ' ';
        if (name != "cite" && name != "time" && name != "p") continue;
        if (!closing) {
            end_paragraph();  // (a <p> left open ends at the next)
            in = name == "cite" ? In::cite : name == "time" ? In::time : In::paragraph;
            text.clear();
            continue;
        }
        if (name == "cite" && in == In::cite) {
            speaker = util::collapse_whitespace(util::decode_entities(text));
            while (!speaker.empty() && (speaker.back() == ':' || speaker.back() == ' ')) speaker.pop_back();
            in = In::nothing;
        } else if (name == "time" && in == In::time) {
            time = parse_timecode(util::decode_entities(text));
            timed = timed || time.has_value();
            in = In::nothing;
        } else if (name == "p") {
            end_paragraph();
        }
    }
    end_paragraph();
}

bool ends_sentence(std::string_view text) {
    while (!text.empty() && (text.back() == '"' || text.back() == '\'' || text.back() == ')')) text.remove_suffix(1);
    return !text.empty() && (text.back() == '.' || text.back() == '?' || text.back() == '!');
}

// Cues joined into paragraphs: same speaker (a cue naming none continues the last), no long
// pause, ended at a sentence's end once long enough. (Where each paragraph starts is found
// first, and its text made at its size: appended cue by cue, paragraphs grew by copies into
// new memory, a tenth of reading a transcript.)
std::vector<core::TranscriptSegment> paragraphs(Reader& r) {
    std::vector<Cue>& cues = r.cues;
    auto earlier = [](const Cue& a, const Cue& b) { return a.start < b.start; };
    if (!std::is_sorted(cues.begin(), cues.end(), earlier)) std::stable_sort(cues.begin(), cues.end(), earlier);
    struct Span {
        std::size_t first = 0, last = 0;  // cues [first, last)
        std::string_view speaker;
        double end = 0;
    };
    std::vector<Span> spans;
    std::size_t words = 0;
    for (std::size_t i = 0; i < cues.size(); ++i) {
        const Cue& cue = cues[i];
        if (!spans.empty()) {
            Span& p = spans.back();
            const bool same_voice = cue.speaker.empty() || cue.speaker == p.speaker;
            const double last = p.end > 0 ? p.end : cues[p.first].start;
            const bool long_enough = words >= k_max_paragraph_words || (words >= k_paragraph_words && ends_sentence(r.text(cues[i - 1])));
            if (same_voice && !long_enough && cue.start - last < k_pause_seconds) {
                p.last = i + 1;
                p.end = std::max(p.end, cue.end);
                words += util::word_count(r.text(cue));
                continue;
            }
        }
        const std::string_view speaker = cue.speaker.empty() && !spans.empty() ? spans.back().speaker : std::string_view(cue.speaker);
        spans.push_back({i, i + 1, speaker, cue.end});
        words = util::word_count(r.text(cue));
    }
    std::vector<core::TranscriptSegment> out;
    out.reserve(spans.size());
    for (const Span& p : spans) {
        std::size_t bytes = p.last - p.first - 1;  // (the spaces between)
        for (std::size_t i = p.first; i < p.last; ++i) bytes += cues[i].size;
        std::string text;
        text.reserve(bytes);
        for (std::size_t i = p.first; i < p.last; ++i) {
            if (i > p.first) text += ' ';
            text += r.text(cues[i]);
        }
        out.push_back({cues[p.first].start, p.end, std::string(p.speaker), std::move(text)});
    }
    return out;
}

TranscriptFormat sniff(std::string_view text) {
    text = util::trim(strip_bom(text));
    if (text.starts_with("WEBVTT")) return TranscriptFormat::vtt;
    if (text.starts_with("{")) return TranscriptFormat::json;
    if (text.starts_with("<")) return TranscriptFormat::html;
    auto first = text.substr(0, text.find('\n'));
    if (!first.empty() && first.find_first_not_of("0123456789\r") == std::string_view::npos) return TranscriptFormat::srt;
    if (first.find("-->") != std::string_view::npos) return TranscriptFormat::srt;
    return TranscriptFormat::unknown;
}

}  // namespace

TranscriptFormat transcript_format(std::string_view type, std::string_view name) {
    std::string t = util::ascii_lower(util::trim(type.substr(0, type.find(';'))));
    if (t == "text/vtt") return TranscriptFormat::vtt;
    if (t == "application/x-subrip" || t == "application/srt" || t == "text/srt" || t == "application/x-srt") return TranscriptFormat::srt;
    if (t == "application/json") return TranscriptFormat::json;
    if (t == "text/html") return TranscriptFormat::html;
    std::string_view path = name.substr(0, name.find_first_of("?#"));
    std::string ext = util::ascii_lower(path.substr(path.find_last_of('.') == std::string_view::npos ? path.size() : path.find_last_of('.') + 1));
    if (ext == "vtt") return TranscriptFormat::vtt;
    if (ext == "srt") return TranscriptFormat::srt;
    if (ext == "json") return TranscriptFormat::json;
    if (ext == "html" || ext == "htm") return TranscriptFormat::html;
    return TranscriptFormat::unknown;
}

const char* format_name(TranscriptFormat format) {
    switch (format) {
        case TranscriptFormat::vtt: return "vtt";
        case TranscriptFormat::srt: return "srt";
        case TranscriptFormat::json: return "json";
        case TranscriptFormat::html: return "html";
        case TranscriptFormat::unknown: break;
    }
    return "";
}

TranscriptRead read_transcript(std::string_view text, TranscriptFormat format, const std::string& file) {
    TranscriptRead read;
    Reader r(file);
    if (text.size() > k_max_bytes) {
        r.warn(0, "transcript is " + std::to_string(text.size() >> 20) + " MB, more than any episode's; it is left out");
        read.warnings = std::move(r.warnings);
        return read;
    }
    std::string repaired;  // (a copy only of a file that is not UTF-8, or not valid UTF-8)
    // Windows' tools save transcripts in UTF-16 with a byte-order mark: read as what they are.
    if (auto unicode = util::unicode_text_as_utf8(text)) text = repaired = std::move(*unicode);
    const std::string_view utf8 = util::is_valid_utf8(text) ? text : std::string_view(repaired = util::sanitize_utf8(text));
    if (format == TranscriptFormat::unknown) format = sniff(utf8);
    bool timed = true;
    switch (format) {
        case TranscriptFormat::vtt: read_cues(utf8, true, r); break;
        case TranscriptFormat::srt: read_cues(utf8, false, r); break;
        case TranscriptFormat::json: read_json(utf8, r); break;
        case TranscriptFormat::html: read_html(utf8, r, timed); break;
        case TranscriptFormat::unknown:
            r.warn(1, "cannot tell the transcript's format; expected WebVTT (.vtt, text/vtt), SRT (.srt, application/x-subrip), the JSON format (.json, application/json) or HTML (.html, text/html)");
            break;
    }
    if (r.skipped > 0) {
        const bool json = format == TranscriptFormat::json;
        r.warn(r.first_skipped_line, std::to_string(r.skipped) + (json ? (r.skipped == 1 ? " segment has" : " segments have") : (r.skipped == 1 ? " cue has" : " cues have")) +
                                         (json ? " no usable \"startTime\" (seconds, such as 62.5) or \"body\"" : " no readable start time (such as 00:01:02.500 --> 00:01:05.000)") +
                                         " and " + (r.skipped == 1 ? "is" : "are") + " left out" + (r.first_skipped_line > 0 ? "; the first is here" : ""));
    }
    if (r.past_limit > 0)
        r.warn(0, "the transcript has " + std::to_string(k_max_cues + r.past_limit) + " cues; the " + std::to_string(r.past_limit) +
                      " after the " + std::to_string(k_max_cues) + "th are left out (no episode's words need more: merge its cues into sentences)");
    if (format != TranscriptFormat::unknown && r.cues.empty() && r.warnings.empty())
        r.warn(1, "the transcript has no text");
    name_speakers(r);
    read.transcript.segments = paragraphs(r);
    read.transcript.timed = timed;
    read.warnings = std::move(r.warnings);
    return read;
}

}  // namespace listening
