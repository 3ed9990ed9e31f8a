#include "listening/attachments.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <array>

#include "files/files.hpp"
#include "html/escape.hpp"
#include "listening/chapters.hpp"
#include "listening/transcript.hpp"
#include "text/strings.hpp"

namespace listening {

namespace {

std::string extension_of(const core::MediaLink& link) {
    std::string type = text::ascii_lower(text::trim(std::string_view(link.type).substr(0, link.type.find(';'))));
    if (type == "application/json+chapters") return "json";
    const TranscriptFormat format = transcript_format(link.type, link.url);
    return format == TranscriptFormat::unknown ? "txt" : format_name(format);
}

std::optional<std::string> read_copy(const core::MediaLink& link, const AttachmentDir& dir, std::string& shown) {
    const std::string name = attachment_name(link);
    shown = dir.shown + "/" + name;
    try {
        return files::read_file(dir.path / name, files::k_max_input_bytes, files::Links::refuse);
    } catch (const std::exception&) {
        return std::nullopt;  // (not downloaded yet, or not a file: a link planted there is not read)
    }
}

// The show notes as text, a line per line of the page: block elements and <br> end a line (a
// chapter list is one line per chapter); other tags are dropped.
std::string show_notes_lines(const core::Episode& e) {
    if (!e.description_is_html) return e.description;
    std::string out;
    const std::string& html = e.description;
    for (std::size_t i = 0; i < html.size();) {
        if (html[i] != '<') {
            out += html[i++];
            continue;
        }
        std::size_t close = html.find('>', i);
        if (close == std::string::npos) break;
        std::string name =
            text::ascii_lower(std::string_view(html).substr(i + 1, std::min<std::size_t>(close - i - 1, 4)));
        if (!name.empty() && name[0] == '/') name.erase(0, 1);
        static constexpr std::string_view k_breaks[] = {"br", "p",  "li", "div", "h1", "h2",
                                                        "h3", "h4", "h5", "h6",  "tr"};
        const std::string tag = name.substr(0, name.find_first_of(" />\t\n"));
        const bool breaks = std::find(std::begin(k_breaks), std::end(k_breaks), tag) != std::end(k_breaks);
        out += breaks ? '\n' : ' ';
        i = close + 1;
    }
    return html::decode_entities(out);
}

// Whether `description` may hold a time (digits, a colon and digits, which every chapter line
// has) once its tags are gone and its character references read: it has one as written, or a
// reference that might write a digit or the colon ("&#58;", "&colon;"). A tag never joins the
// text on either side of it (show_notes_lines puts a space or a line break in its place). Most
// descriptions have none and are not flattened to find out: ten thousand of them were a tenth of
// a build after an edit of one note.
bool may_write_times(std::string_view description) {
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t at = description.find(':'); at != std::string_view::npos; at = description.find(':', at + 1))
        if (at > 0 && at + 1 < description.size() && digit(description[at - 1]) && digit(description[at + 1]))
            return true;
    for (std::size_t at = description.find('&'); at != std::string_view::npos; at = description.find('&', at + 1))
        if (description.substr(at + 1, 1) == "#" || text::starts_with_icase(description.substr(at + 1), "colon"))
            return true;
    return false;
}

int format_rank(TranscriptFormat f) {
    static constexpr std::array<TranscriptFormat, 5> order = {TranscriptFormat::vtt, TranscriptFormat::json,
                                                              TranscriptFormat::srt, TranscriptFormat::html,
                                                              TranscriptFormat::unknown};
    for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i] == f) return static_cast<int>(i);
    return static_cast<int>(order.size());
}

}  // namespace

std::string attachment_name(const core::MediaLink& link) {
    // SHA-1, not the build's content hash: a script can name a copy too (hashlib.sha1).
    unsigned char digest[SHA_DIGEST_LENGTH];
    SHA1(reinterpret_cast<const unsigned char*>(link.url.data()), link.url.size(), digest);
    std::string name;
    for (int i = 0; i < 8; ++i) {
        name += text::k_hex_digits[digest[i] >> 4];
        name += text::k_hex_digits[digest[i] & 15];
    }
    return name + "." + extension_of(link);
}

std::optional<double> duration_of(const core::Episode& e) {
    if (e.duration && e.duration->seconds > 0) return static_cast<double>(e.duration->seconds);
    return std::nullopt;
}

core::Chapters show_notes_chapters(const core::Episode& e) {
    core::Chapters c;
    if (e.chapters_link) return c;  // the host's chapters stand, even before fetch has them
    if (!may_write_times(e.description)) return c;
    c.list = chapters_in_show_notes(show_notes_lines(e));
    if (!c.list.empty()) {
        c.origin = core::ChapterOrigin::show_notes;
        if (auto from = e.sources.find("description"))
            c.from = {core::origin_name(c.origin), std::string(from->file), from->line, from->line};
    }
    return c;
}

void set_source_chapters(core::Episode& e) {
    set_chapters(e, e.chapters.empty() ? show_notes_chapters(e) : std::move(e.chapters));
}

AttachmentsRead read_attachments(core::Episode& e, const AttachmentDir& dir) {
    AttachmentsRead read;
    std::string shown;
    if (e.chapters_link) {
        if (auto text = read_copy(*e.chapters_link, dir, shown)) {
            ChaptersRead chapters = read_chapters_json(*text, shown);
            read.warnings = std::move(chapters.warnings);
            if (!chapters.chapters.empty())
                set_chapters(e, {std::move(chapters.chapters),
                                 core::ChapterOrigin::chapters_file,
                                 {"podcast:chapters", shown, 1, 1}});
        } else {
            read.missing = e.chapters_link->url;
        }
    }

    std::vector<const core::MediaLink*> links;
    for (const auto& l : e.transcript_links) links.push_back(&l);
    std::stable_sort(links.begin(), links.end(), [](const auto* a, const auto* b) {
        return format_rank(transcript_format(a->type, a->url)) < format_rank(transcript_format(b->type, b->url));
    });
    std::string missing;  // (a transcript not downloaded matters only when none is read)
    for (const auto* link : links) {
        auto text = read_copy(*link, dir, shown);
        if (!text) {
            if (missing.empty()) missing = link->url;
            continue;
        }
        TranscriptRead t = read_transcript(*text, transcript_format(link->type, link->url), shown);
        read.warnings.insert(read.warnings.end(), t.warnings.begin(), t.warnings.end());
        if (t.transcript.segments.empty()) continue;
        t.transcript.url = link->url;
        e.transcript = core::SharedTranscript(std::move(t.transcript));
        break;
    }
    if (read.missing.empty() && !e.transcript) read.missing = missing;
    return read;
}

}  // namespace listening
