#pragma once
// A template's static text handed to kainjow in runs rather than word by word. Part of the
// template engine's door: only TemplateSet (template_set.cpp) and its tests include this.
//
// kainjow's parser makes every space, tab and line break of a template a component of its own,
// and each word between them another; rendering walks every component through a std::function
// and appends it to the page alone. The default theme's episode page was 1,547 components, 853
// of them single spaces, walked on each of thousands of pages. mark_static_text() puts, in
// place of each run of static text between two tags or line breaks that kainjow would split,
// one unescaped variable whose name only this module makes (k_static_mark and the run's
// number), and TemplateSet's lookups answer it with the run's text. The page comes out byte
// for byte the same: kainjow removes a line as a standalone section line when the text
// rendered into it is blank, and the text rendered is unchanged; line breaks stay as they are.
#include <kainjow/mustache.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace render {

// The first byte of a run's name: a control character no template has (mark_static_text leaves
// a template that does have one as it is).
inline constexpr char k_static_mark = '\x1E';

struct StaticText {
    std::string text;                           // the template, each run replaced by {{{<mark><number>}}}
    std::vector<kainjow::mustache::data> runs;  // run n's text, as kainjow data
};

// A tag as kainjow's parser reads it with the default delimiters.
struct TemplateTag {
    std::size_t begin = 0, end = 0;  // "{{" ... "}}" (or "{{{" ... "}}}") in the template
    bool triple = false;
    std::string contents;  // between the braces, trimmed as kainjow trims it
};

// Reads `tmpl` as kainjow's parser does (mustache.hpp, parser::parse): a tag opens at every "{{",
// and "{{{" (unless the template ends there) opens one that "}}}" closes; every other byte is
// static text. Calls text(begin, end) for each stretch of static text and tag(TemplateTag) for
// each tag, in order. False, stopping there, at a tag that is not closed (kainjow reports it) or
// that sets other delimiters (kainjow reads the rest with them), or when tag() returns false.
template <class Text, class Tag>
bool read_template(std::string_view tmpl, Text&& text, Tag&& tag) {
    std::size_t at = 0;
    for (std::size_t i = tmpl.find("{{"); i != std::string_view::npos; i = tmpl.find("{{", at)) {
        text(at, i);
        const bool triple = i + 2 < tmpl.size() && tmpl[i + 2] == '{';
        const std::size_t contents = i + (triple ? 3 : 2);
        const std::size_t close = tmpl.find(triple ? "}}}" : "}}", contents);
        if (close == std::string_view::npos) return false;
        TemplateTag read{i, close + (triple ? 3 : 2), triple,
                         kainjow::mustache::trim(std::string(tmpl.substr(contents, close - contents)))};
        if (!read.contents.empty() && read.contents[0] == '=') return false;
        at = read.end;
        if (!tag(read)) return false;
    }
    text(at, tmpl.size());
    return true;
}

// The marked template, or nothing when it is better left as it is: no run to join, a tag that
// changes the delimiters (kainjow would read the rest with other delimiters), an unclosed tag
// (kainjow reports it), or the mark byte anywhere in it.
std::optional<StaticText> mark_static_text(const std::string& tmpl);

// The run `name` stands for, or null when `name` is not a run's name. (Inline: asked first for
// every name a page looks up, and most names are not runs.)
inline const kainjow::mustache::data* static_run(const std::vector<kainjow::mustache::data>& runs,
                                                 const std::string& name) {
    if (name.size() < 2 || name[0] != k_static_mark) return nullptr;
    std::size_t n = 0;
    for (std::size_t i = 1; i < name.size(); ++i) {
        const char c = name[i];
        if (c < '0' || c > '9') return nullptr;
        n = n * 10 + static_cast<std::size_t>(c - '0');
        if (n >= runs.size()) return nullptr;
    }
    return &runs[n];
}

}  // namespace render
