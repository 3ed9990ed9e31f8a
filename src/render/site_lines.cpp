#include "render/site_lines.hpp"

#include <optional>

#include "render/context.hpp"
#include "render/static_text.hpp"
#include "render/template_set.hpp"

namespace render {

namespace {

// A tag and what it is (mustache.hpp, parser::parse_tag_contents).
struct Tag {
    std::size_t begin = 0, end = 0;
    char kind = 'v';  // '#', '^', '/', '!', '>', or 'v' for a variable
    std::string name;
};

// Whole lines and the tags on them: a line ends after its line break ("\r\n", "\n", "\r").
struct Line {
    std::size_t begin = 0, end = 0;
    std::vector<Tag> tags;
};

// The template's lines, or nothing when a tag spans lines, sets delimiters or is not closed.
std::optional<std::vector<Line>> read_lines(const std::string& tmpl) {
    std::vector<Line> lines(1);
    auto text = [&](std::size_t from, std::size_t to) {  // static text: its line breaks end lines
        for (std::size_t i = from; i < to; ++i) {
            if (tmpl[i] != '\r' && tmpl[i] != '\n') continue;
            if (tmpl[i] == '\r' && i + 1 < to && tmpl[i + 1] == '\n') ++i;
            lines.back().end = i + 1;
            lines.push_back({i + 1, i + 1, {}});
        }
    };
    auto tag = [&](const TemplateTag& read) {
        if (tmpl.find_first_of("\r\n", read.begin) < read.end) return false;
        Tag& added = lines.back().tags.emplace_back(Tag{read.begin, read.end, 'v', read.contents});
        const char first = added.name.empty() || read.triple ? 'v' : added.name[0];
        if (first == '#' || first == '^' || first == '/' || first == '!' || first == '>' || first == '&') {
            added.kind = first == '&' ? 'v' : first;
            added.name = kainjow::mustache::trim(added.name.substr(1));
        }
        return true;
    };
    if (!read_template(tmpl, text, tag)) return std::nullopt;
    lines.back().end = tmpl.size();
    if (lines.back().begin == lines.back().end) lines.pop_back();
    return lines;
}

bool names_site(const std::string& name) { return name == "site" || name.starts_with("site."); }

// A group of whole lines at the template's top level, its sections closed within it.
struct Unit {
    std::size_t begin = 0, end = 0;
    enum Kind { plain, site, page } kind = plain;  // no tags; tags that name the site's; others
};

// Lines grouped so that each group opens and closes its own sections: a line, or the lines from
// one that opens a section to the one that closes it. Nothing when sections do not balance.
std::optional<std::vector<Unit>> read_units(const std::vector<Line>& lines) {
    std::vector<Unit> units;
    std::size_t depth = 0;
    for (const Line& line : lines) {
        if (depth == 0) units.push_back({line.begin, line.end, Unit::plain});
        Unit& unit = units.back();
        unit.end = line.end;
        for (const Tag& tag : line.tags) {
            if (tag.kind == '/' && depth == 0) return std::nullopt;
            const bool top = depth == 0 || (tag.kind == '/' && depth == 1);
            if (tag.kind == '#' || tag.kind == '^') ++depth;
            if (tag.kind == '/') --depth;
            if (tag.kind == '!') continue;
            // Inside the unit's own sections any name may be looked up: rendering the unit alone
            // tells whether the site's data has it. (A partial is left to the page: TemplateSet
            // has inlined them all, so none is expected.)
            const bool site = tag.kind != '>' && (!top || names_site(tag.name));
            if (!site) unit.kind = Unit::page;
            else if (unit.kind == Unit::plain) unit.kind = Unit::site;
        }
    }
    if (depth != 0) return std::nullopt;
    return units;
}

const std::vector<Data> k_no_runs;

// The context lines are rendered with alone: the site's data and what its sections push. Any
// name it does not find might be the page's, and any reference it meets is to data a page
// shares: either makes the lines the page's.
class Probe : public Context {
public:
    explicit Probe(const Data& site) : Context(k_no_runs) { Context::push(&site); }
    bool found_all() const { return m_found_all; }

    void push(const Data* data) override {
        if (data->get(k_shared_key)) m_found_all = false;
        Context::push(data);
    }
    const Data* get(const std::string& name) const override { return found(Context::get(name)); }
    const Data* get_partial(const std::string& name) const override { return found(Context::get_partial(name)); }

private:
    mutable bool m_found_all = true;
    const Data* found(const Data* value) const {
        if (!value) m_found_all = false;
        return value;
    }
};

// What lines [begin, end) of `tmpl` render to with the site's data alone, or nothing when a
// name in them is not the site's.
std::optional<std::string> render_alone(const std::string& tmpl, std::size_t begin, std::size_t end, const Data& site) {
    auto compiled = compile_template(tmpl.substr(begin, end - begin));
    if (!compiled->is_valid()) return std::nullopt;
    Probe probe(site);
    std::string out = compiled->render(probe);
    if (!compiled->is_valid() || !probe.found_all()) return std::nullopt;
    return out;
}

}  // namespace

std::vector<RenderedLines> render_site_lines(const std::string& tmpl, const Data& site) {
    auto lines = read_lines(tmpl);
    if (!lines) return {};
    auto units = read_units(*lines);
    if (!units) return {};
    // Each unit that is not the page's is rendered alone; one that names the site's data and
    // does not render with it alone is the page's. (Plain units have no names: they render.)
    std::vector<std::string> outputs(units->size());
    for (std::size_t k = 0; k < units->size(); ++k) {
        Unit& unit = (*units)[k];
        if (unit.kind == Unit::page) continue;
        if (auto output = render_alone(tmpl, unit.begin, unit.end, site)) outputs[k] = std::move(*output);
        else unit.kind = Unit::page;
    }
    // Runs of the site's units and plain ones, with one of the site's at least, rendered: their
    // outputs one after the other (whole lines come out alone as they do together).
    std::vector<RenderedLines> out;
    for (std::size_t i = 0; i < units->size();) {
        std::size_t j = i;
        bool any_site = false;
        for (; j < units->size() && (*units)[j].kind != Unit::page; ++j) any_site |= (*units)[j].kind == Unit::site;
        if (any_site) {
            RenderedLines& rendered = out.emplace_back(RenderedLines{(*units)[i].begin, (*units)[j - 1].end, {}});
            for (std::size_t k = i; k < j; ++k) rendered.output += outputs[k];
        }
        i = j == i ? i + 1 : j;
    }
    return out;
}

}  // namespace render
