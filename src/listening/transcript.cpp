#include "listening/transcript.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <span>

#include "html/escape.hpp"
#include "html/tags.hpp"
#include "listening/timecode.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"
#include "text/xml_encoding.hpp"

namespace listening {

namespace {

constexpr std::size_t k_max_bytes = 64u << 20;  // a transcript of 100 hours is about 6 MB
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

    void warn(int line, std::string message) {
        warnings.push_back(core::warning_at({file, line, 0}, std::move(message)));
    }
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
        text::append_collapsed(texts, text);
        cue.size = texts.size() - cue.at;
        if (cue.size > 0) cues.push_back(std::move(cue));
    }
};

std::string_view strip_bom(std::string_view text) {
    return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

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
                if (name != std::string_view::npos) speaker = text::collapse_whitespace(tag.substr(name + 1));
            }
            i = close + 1;  // (inline markup: <b>, <i>, <c.class>, timestamps)
        }
    }
    if (text.find('&') != std::string::npos) text = html::decode_entities(text);
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
        const std::string_view said = text::trim(r.text(c).substr(name.size() + 1));
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
    std::string_view rest = text::trim(line.substr(arrow + 3));
    auto to = parse_timecode(rest.substr(0, rest.find_first_of(" \t")));
    if (!from) return false;
    start = *from;
    end = to && *to >= *from ? *to : 0;
    return true;
}

// WebVTT and SRT: blocks separated by blank lines, each a cue's timing line (after an optional
// identifier: SRT's number) and its text.
void read_cues(std::string_view text, bool vtt, Reader& r) {
    auto lines = text::split_lines(strip_bom(text));
    std::size_t i = 0;
    if (vtt) {
        if (lines.empty() || !text::trim(lines[0]).starts_with("WEBVTT"))
            r.warn(1, "a WebVTT file starts with the line \"WEBVTT\"; read as captions anyway");
        else
            ++i;
    }
    while (i < lines.size()) {
        while (i < lines.size() && text::trim(lines[i]).empty()) ++i;
        if (i >= lines.size()) break;
        std::size_t block = i;
        std::size_t end = i;
        while (end < lines.size() && !text::trim(lines[end]).empty()) ++end;
        std::string_view first = text::trim(lines[block]);
        if (vtt && (first.starts_with("NOTE") || first == "STYLE" || first == "REGION" || first.starts_with("STYLE ") ||
                    first.starts_with("REGION "))) {
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
        const std::string_view said =
            caption_text(std::span(lines).subspan(at + 1, end - at - 1), cue.speaker, r.scratch);
        r.add(std::move(cue), said);
        i = end;
    }
}

void read_json(std::string_view text, Reader& r) {
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("segments") || !doc["segments"].is_array()) {
        r.warn(1,
               "not a JSON transcript: expected the Podcast Index format, {\"version\": \"1.0.0\", \"segments\": "
               "[{\"speaker\", \"startTime\", \"endTime\", \"body\"}, ...]}");
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
        if (s.contains("speaker") && s["speaker"].is_string())
            cue.speaker = text::collapse_whitespace(s["speaker"].get<std::string>());
        r.add(std::move(cue), s["body"].get_ref<const std::string&>());
    }
}

// A time said at the start of a block's text ("[00:01:02] ", "(1:02) ", "00:01:02 - "): the
// time, the text after it taken from `text`.
std::optional<double> leading_time(std::string& text) {
    std::size_t at = 0;
    while (at < text.size() && (text[at] == ' ' || text[at] == '[' || text[at] == '(')) ++at;
    std::size_t end = at;
    while (end < text.size() && ((text[end] >= '0' && text[end] <= '9') || text[end] == ':' || text[end] == '.')) ++end;
    if (end == at || text.find(':', at) >= end) return std::nullopt;
    auto time = parse_timecode(std::string_view(text).substr(at, end - at));
    if (!time) return std::nullopt;
    while (end < text.size() && (text[end] == ']' || text[end] == ')' || text[end] == ' ' || text[end] == '-')) ++end;
    text.erase(0, end);
    return time;
}

// A label over what follows (a <dt>, a heading): "Erin (00:01:02)", "00:00 Erin", "Bob – 0:07".
// Its time, if it has one, and the rest as the speaker's name.
std::optional<double> read_label(std::string label, std::string& name) {
    std::optional<double> time;
    std::string rest;
    for (std::string_view word : text::split_words(label)) {
        std::string_view bare = word;
        while (!bare.empty() && std::string_view("([").find(bare.front()) != std::string_view::npos)
            bare.remove_prefix(1);
        while (!bare.empty() && std::string_view(")],").find(bare.back()) != std::string_view::npos)
            bare.remove_suffix(1);
        if (!time && bare.find(':') != std::string_view::npos)
            if ((time = parse_timecode(bare))) continue;
        rest += (rest.empty() ? "" : " ") + std::string(word);
    }
    // Without what stood between the name and the time ("·", "-", "–", "—", "|", ":", brackets).
    auto trim_separators = [](std::string& t) {
        for (bool again = true; again && !t.empty();) {
            again = false;
            for (std::string_view sep :
                 {" ", ":", "-", "|", "(", ")", "[", "]", "\xC2\xB7", "\xE2\x80\x93", "\xE2\x80\x94"}) {
                if (t.ends_with(sep)) t.erase(t.size() - sep.size()), again = true;
                if (t.starts_with(sep)) t.erase(0, sep.size()), again = true;
            }
        }
    };
    trim_separators(rest);
    name = rest.size() <= 60 ? rest : std::string();
    return time;
}

// HTML, in the forms transcripts are written in (the Podcasting 2.0 guidance's and common
// exports'):
//   <cite>Erin:</cite> <time>0:00</time> <p>words</p>         (beside the paragraph)
//   <p><cite>Erin:</cite> <time>0:00</time> words</p>          (inside it; <b>Erin:</b> too)
//   <dl><dt>Erin <time>0:00</time></dt><dd>words</dd></dl>     (a definition list)
//   <h3>Erin (00:00)</h3><p>words</p>                          (speaker headings)
//   <p>[00:00] Erin: words</p>                                 (a time at the start of the text)
// A heading names a speaker when it holds a time, or when a name comes back among the headings
// of its level (speakers take turns; section titles do not repeat). Read by a scan of its tags, not a parser's tree: a
// tree as deep as a hostile file nests would be freed by recursion (gumbo's), past any stack.
void read_html(std::string_view html, Reader& r, bool& timed) {
    enum class In { nothing, block, label };
    In in = In::nothing;
    std::string text, label, speaker, inline_text;
    std::optional<double> time;
    bool in_cite = false, in_time = false, in_bold = false, block_has_text = false;
    char label_level = 0;  // the label's heading level ('1'-'6'), 0 for a <dt>
    // Headings without a time, by level: each one's name, and how many headings have it.
    std::map<char, std::map<std::string, int>> headings;
    std::vector<std::pair<std::size_t, char>> headed;  // cues such a heading named, and its level
    std::string heading_name;                          // the name of the heading in force, if unconfirmed
    char heading_level = 0;
    timed = false;
    auto set_time = [&](std::optional<double> t) {
        if (!t) return;
        time = t;
        timed = true;
    };
    auto end_block = [&] {
        if (in != In::block) return;
        in = In::nothing;
        std::string said = html::decode_entities(text);
        set_time(time ? std::nullopt : leading_time(said));
        std::string_view rest = text::trim(said);
        while (!rest.empty() && (rest.front() == ':' || rest.front() == '-'))
            rest = text::trim(rest.substr(1));  // ("</cite>: words")
        Cue cue;
        cue.start = time.value_or(r.cues.empty() ? 0 : r.cues.back().start);
        cue.speaker = speaker;
        const std::size_t before = r.cues.size();
        r.add(std::move(cue), rest);
        if (r.cues.size() > before && !heading_name.empty() && speaker == heading_name)
            headed.emplace_back(before, heading_level);
        time.reset();
    };
    auto end_label = [&](char level) {
        in = In::nothing;
        std::string name;
        const std::optional<double> t = read_label(html::decode_entities(label), name);
        set_time(t);
        if (name.empty()) return;
        speaker = name;
        heading_name.clear();
        if (level && !t) {  // (confirmed once the scan has counted the headings)
            ++headings[level][name];
            heading_name = name;
            heading_level = level;
        }
    };
    for (std::size_t i = 0; i < html.size();) {
        const std::size_t open = html.find('<', i);
        const std::string_view between =
            html.substr(i, open == std::string_view::npos ? std::string_view::npos : open - i);
        if (in_cite || in_time || in_bold)
            inline_text.append(between);
        else if (in == In::block)
            text.append(between), block_has_text = block_has_text || !text::trim(between).empty();
        else if (in == In::label)
            label.append(between);
        if (open == std::string_view::npos) break;
        std::size_t close = html.find('>', open);
        if (close == std::string_view::npos) break;
        std::string_view tag = html.substr(open + 1, close - open - 1);
        const bool closing = tag.starts_with('/');
        if (closing) tag.remove_prefix(1);
        const std::string name = text::ascii_lower(tag.substr(0, tag.find_first_of(" \t\r\n/")));
        i = close + 1;
        if (!closing && (name == "script" || name == "style")) {  // their text is not said
            std::size_t end = html::find_closing_tag(html, name, i);
            i = end == std::string_view::npos ? html.size() : end;
            continue;
        }
        const bool block = name == "p" || name == "dd" || name == "li" || name == "blockquote";
        const bool heading = name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6';
        if (block || heading || name == "dt") {
            if (in == In::block)
                end_block();  // (a block left open ends at the next)
            else if (in == In::label)
                end_label(label_level);
            if (!closing) {
                in = block ? In::block : In::label;
                label_level = heading ? name[1] : 0;
                text.clear(), label.clear();
                block_has_text = false;
                in_cite = in_time = in_bold = false;
            }
            continue;
        }
        if (name == "br") {
            (in == In::label ? label : text) += ' ';
            continue;
        }
        const bool bold = name == "b" || name == "strong";
        if (name != "cite" && name != "time" && !bold) continue;
        // A <b>/<strong> names the speaker only at the start of a block, ended by a colon.
        if (bold && (in != In::block || block_has_text) && !in_bold) continue;
        if (!closing) {
            (name == "cite" ? in_cite : name == "time" ? in_time : in_bold) = true;
            inline_text.clear();
            continue;
        }
        const std::string inner = text::collapse_whitespace(html::decode_entities(inline_text));
        inline_text.clear();
        if (name == "time" && in_time) {
            in_time = false;
            if (in == In::label)
                label += ' ' + inner + ' ';  // (read_label finds it)
            else
                set_time(parse_timecode(inner));
        } else if ((name == "cite" && in_cite) || (bold && in_bold)) {
            in_cite = in_bold = false;
            std::string who = inner;
            while (!who.empty() && (who.back() == ':' || who.back() == ' ')) who.pop_back();
            if (bold && !inner.ends_with(':')) {  // an emphasis, not a name: it is said
                text += inner;
                block_has_text = true;
            } else if (in == In::label) {
                label += ' ' + who + ' ';
            } else if (!who.empty()) {
                speaker = who;
                heading_name.clear();
            }
        }
    }
    if (in == In::block)
        end_block();
    else if (in == In::label)
        end_label(label_level);
    // Headings without times name speakers when, at their level, a name comes back (a dialogue);
    // headings whose names never repeat are titles.
    for (const auto& [at, level] : headed) {
        const auto& names = headings[level];
        if (std::none_of(names.begin(), names.end(), [](const auto& n) { return n.second >= 2; }))
            r.cues[at].speaker.clear();
    }
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
            const bool long_enough =
                words >= k_max_paragraph_words || (words >= k_paragraph_words && ends_sentence(r.text(cues[i - 1])));
            if (same_voice && !long_enough && cue.start - last < k_pause_seconds) {
                p.last = i + 1;
                p.end = std::max(p.end, cue.end);
                words += text::word_count(r.text(cue));
                continue;
            }
        }
        const std::string_view speaker =
            cue.speaker.empty() && !spans.empty() ? spans.back().speaker : std::string_view(cue.speaker);
        spans.push_back({i, i + 1, speaker, cue.end});
        words = text::word_count(r.text(cue));
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
    text = text::trim(strip_bom(text));
    if (text.starts_with("WEBVTT")) return TranscriptFormat::vtt;
    if (text.starts_with("{")) return TranscriptFormat::json;
    if (text.starts_with("<")) return TranscriptFormat::html;
    auto first = text.substr(0, text.find('\n'));
    if (!first.empty() && first.find_first_not_of("0123456789\r") == std::string_view::npos)
        return TranscriptFormat::srt;
    if (first.find("-->") != std::string_view::npos) return TranscriptFormat::srt;
    return TranscriptFormat::unknown;
}

}  // namespace

TranscriptFormat transcript_format(std::string_view type, std::string_view name) {
    std::string t = text::ascii_lower(text::trim(type.substr(0, type.find(';'))));
    if (t == "text/vtt") return TranscriptFormat::vtt;
    if (t == "application/x-subrip" || t == "application/srt" || t == "text/srt" || t == "application/x-srt")
        return TranscriptFormat::srt;
    if (t == "application/json") return TranscriptFormat::json;
    if (t == "text/html") return TranscriptFormat::html;
    std::string_view path = name.substr(0, name.find_first_of("?#"));
    std::string ext = text::ascii_lower(
        path.substr(path.find_last_of('.') == std::string_view::npos ? path.size() : path.find_last_of('.') + 1));
    if (ext == "vtt") return TranscriptFormat::vtt;
    if (ext == "srt") return TranscriptFormat::srt;
    if (ext == "json") return TranscriptFormat::json;
    if (ext == "html" || ext == "htm") return TranscriptFormat::html;
    return TranscriptFormat::unknown;
}

const char* format_name(TranscriptFormat format) {
    switch (format) {
        case TranscriptFormat::vtt:
            return "vtt";
        case TranscriptFormat::srt:
            return "srt";
        case TranscriptFormat::json:
            return "json";
        case TranscriptFormat::html:
            return "html";
        case TranscriptFormat::unknown:
            break;
    }
    return "";
}

TranscriptRead read_transcript(std::string_view text, TranscriptFormat format, const std::string& file) {
    TranscriptRead read;
    Reader r(file);
    if (text.size() > k_max_bytes) {
        r.warn(0,
               "transcript is " + std::to_string(text.size() >> 20) + " MB, more than any episode's; it is left out");
        read.warnings = std::move(r.warnings);
        return read;
    }
    std::string repaired;  // (a copy only of a file that is not UTF-8, or not valid UTF-8)
    // Windows' tools save transcripts in UTF-16 with a byte-order mark: read as what they are.
    if (auto unicode = text::unicode_text_as_utf8(text)) text = repaired = std::move(*unicode);
    text::StrayBytes stray;
    if (auto read_1252 = text::stray_bytes_as_1252(text, stray)) {
        r.warn(stray.line, text::stray_bytes_message(stray, "save the transcript as UTF-8"));
        repaired = std::move(*read_1252);
        text = repaired;
    }
    const std::string_view utf8 = text;
    if (format == TranscriptFormat::unknown) format = sniff(utf8);
    bool timed = true;
    switch (format) {
        case TranscriptFormat::vtt:
            read_cues(utf8, true, r);
            break;
        case TranscriptFormat::srt:
            read_cues(utf8, false, r);
            break;
        case TranscriptFormat::json:
            read_json(utf8, r);
            break;
        case TranscriptFormat::html:
            read_html(utf8, r, timed);
            break;
        case TranscriptFormat::unknown:
            r.warn(1,
                   "cannot tell the transcript's format; expected WebVTT (.vtt, text/vtt), SRT (.srt, "
                   "application/x-subrip), the JSON format (.json, application/json) or HTML (.html, text/html)");
            break;
    }
    if (r.skipped > 0) {
        const bool json = format == TranscriptFormat::json;
        r.warn(r.first_skipped_line, std::to_string(r.skipped) +
                                         (json ? (r.skipped == 1 ? " segment has" : " segments have")
                                               : (r.skipped == 1 ? " cue has" : " cues have")) +
                                         (json ? " no usable \"startTime\" (seconds, such as 62.5) or \"body\""
                                               : " no readable start time (such as 00:01:02.500 --> 00:01:05.000)") +
                                         " and " + (r.skipped == 1 ? "is" : "are") + " left out" +
                                         (r.first_skipped_line > 0 ? "; the first is here" : ""));
    }
    if (r.past_limit > 0)
        r.warn(0, "the transcript has " + std::to_string(k_max_cues + r.past_limit) + " cues; the " +
                      std::to_string(r.past_limit) + " after the " + std::to_string(k_max_cues) +
                      "th are left out (no episode's words need more: merge its cues into sentences)");
    if (format != TranscriptFormat::unknown && r.cues.empty() && r.warnings.empty())
        r.warn(1, "the transcript has no text");
    name_speakers(r);
    read.transcript.segments = paragraphs(r);
    read.transcript.timed = timed;
    read.warnings = std::move(r.warnings);
    return read;
}

}  // namespace listening
