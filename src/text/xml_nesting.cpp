#include "text/xml_nesting.hpp"

#include <algorithm>

namespace text {

namespace {

bool is_name_start(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80;
}

bool is_name_char(unsigned char c) {
    return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

// An element whose start tag was read and whose end tag was not yet.
struct Open {
    std::string_view name;
    std::size_t at = 0;      // its '<' in the original text
    std::size_t out_at = 0;  // and in the repaired one
};

// One pass over the text, copying it into `out` with the repairs made; the parser that failed
// on the original reads the copy. (What is markup is read as a parser reads it: comments,
// CDATA sections, processing instructions and declarations are copied as they are.)
class Scan {
public:
    Scan(std::string_view xml, std::span<const ChildOf> children) : m_xml(xml), m_children(children), m_lines(xml) {
        m_out.text.reserve(xml.size() + 64);
    }

    std::optional<RepairedXml> run() {
        std::size_t copied = 0;  // m_xml before this is in the output
        for (std::size_t at = m_xml.find('<'); at != std::string_view::npos; at = m_xml.find('<', at)) {
            m_out.text.append(m_xml, copied, at - copied);
            const std::optional<std::size_t> end = markup_end(at);  // (one past its '>')
            if (!end) return std::nullopt;
            if (*end == std::string_view::npos) {  // the text ends inside it: read to there
                m_out.cut_short = true;
                copied = m_xml.size();
                break;
            }
            if (*end == at) {  // a '<' in text
                repair(at, "'<' starts no tag: read as text");
                m_out.text += "&lt;";
                copied = at = at + 1;
                continue;
            }
            const std::string_view markup = m_xml.substr(at, *end - at);
            if (markup[1] == '/')
                end_tag(at, markup);
            else if (markup[1] == '!' || markup[1] == '?')  // (copied as it is)
                m_out.text += markup;
            else
                start_tag(at, markup);
            copied = at = *end;
        }
        if (copied < m_xml.size()) m_out.text.append(m_xml, copied);
        close_at_end();
        if (m_out.repairs.empty()) return std::nullopt;
        return std::move(m_out);
    }

private:
    std::string_view m_xml;
    std::span<const ChildOf> m_children;
    LineIndex m_lines;
    std::vector<Open> m_open;
    RepairedXml m_out;

    int line_of(std::size_t offset) const { return m_lines.at(offset).line; }

    void repair(std::size_t at, std::string message) { m_out.repairs.push_back({m_lines.at(at), std::move(message)}); }

    // Where the markup starting at `at` ends (one past its '>'); `at` itself for a '<' that
    // starts none; npos when the text ends inside it (cut short, or a comment or quote never
    // closed, which a lenient parser also reads to the end); none for a tag with a '<' in it.
    std::optional<std::size_t> markup_end(std::size_t at) const {
        const std::string_view rest = m_xml.substr(at);
        auto past = [&](std::string_view closing, std::size_t from) -> std::optional<std::size_t> {
            const std::size_t found = rest.find(closing, from);
            return found == std::string_view::npos ? found : at + found + closing.size();
        };
        if (rest.starts_with("<!--")) return past("-->", 4);
        if (rest.starts_with("<![CDATA[")) return past("]]>", 9);
        if (rest.starts_with("<?")) return past("?>", 2);
        const bool end_tag = rest.starts_with("</"), declaration = rest.starts_with("<!");
        const std::size_t name = end_tag ? 2 : 1;
        if (rest.size() <= name) return std::string_view::npos;
        if (!declaration && !is_name_start(static_cast<unsigned char>(rest[name])))
            return end_tag ? std::nullopt : std::optional<std::size_t>(at);
        // A tag or a declaration (<!DOCTYPE ... [...]>): to its '>', past quoted values and,
        // in a declaration, its internal subset.
        char quote = 0;
        int depth = 0;
        for (std::size_t i = name; i < rest.size(); ++i) {
            const char c = rest[i];
            if (quote) {
                if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '[') {
                ++depth;
            } else if (c == ']') {
                --depth;
            } else if (c == '>' && depth <= 0) {
                return at + i + 1;
            } else if (c == '<' && !declaration) {
                return std::nullopt;  // (a tag without its '>': not a nesting fault)
            }
        }
        return std::string_view::npos;
    }

    static std::string_view name_of(std::string_view tag, std::size_t from) {
        std::size_t end = from;
        while (end < tag.size() && is_name_char(static_cast<unsigned char>(tag[end]))) ++end;
        return tag.substr(from, end - from);
    }

    // Closes the open elements above position `keep` of the stack, innermost first, where the
    // output now is; `why` ends each one's message.
    void close_above(std::size_t keep, const std::string& why) {
        while (m_open.size() > keep) {
            const Open& inner = m_open.back();
            repair(inner.at, "<" + std::string(inner.name) + "> is not closed: read as closed " + why);
            m_out.text += "</" + std::string(inner.name) + ">";
            m_open.pop_back();
        }
    }

    // The stack position of the innermost open element named `name`, or none.
    std::optional<std::size_t> open_position(std::string_view name) const {
        for (std::size_t i = m_open.size(); i-- > 0;)
            if (m_open[i].name == name) return i;
        return std::nullopt;
    }

    void start_tag(std::size_t at, std::string_view tag) {
        const std::string_view name = name_of(tag, 1);
        for (const ChildOf& rule : m_children) {
            if (rule.child != name) continue;
            const auto parent = open_position(rule.parent);
            if (parent && *parent + 1 < m_open.size())
                close_above(*parent + 1,
                            "before the <" + std::string(name) + "> at line " + std::to_string(line_of(at)));
        }
        const bool empty = tag.size() >= 2 && tag[tag.size() - 2] == '/';
        if (!empty) m_open.push_back({name, at, m_out.text.size()});
        m_out.text += tag;
    }

    void end_tag(std::size_t at, std::string_view tag) {
        const std::string_view name = name_of(tag, 2);
        const auto match = open_position(name);
        if (!match) {
            repair(at, "</" + std::string(name) + "> closes no open element: left out");
            return;
        }
        if (*match + 1 < m_open.size())
            close_above(*match + 1, "by the </" + std::string(name) + "> at line " + std::to_string(line_of(at)));
        m_open.pop_back();
        m_out.text += tag;
    }

    // What is still open when the text ends: an unfinished child (the text was cut short inside
    // an <item>) is left out, the rest closed there.
    void close_at_end() {
        auto is_child = [&](const Open& o) {
            return std::any_of(m_children.begin(), m_children.end(),
                               [&](const ChildOf& rule) { return rule.child == o.name; });
        };
        m_out.cut_short |= !m_open.empty();
        auto child = std::find_if(m_open.begin(), m_open.end(), is_child);
        if (child != m_open.end()) {
            repair(child->at, "<" + std::string(child->name) +
                                  "> is not finished when the text ends (it looks cut short): left out");
            m_out.text.resize(child->out_at);
            m_open.erase(child, m_open.end());
        }
        close_above(0, "where the text ends");
    }
};

}  // namespace

std::optional<RepairedXml> repair_nesting(std::string_view xml, std::span<const ChildOf> children) {
    if (xml.find('\0') != std::string_view::npos) return std::nullopt;
    return Scan(xml, children).run();
}

}  // namespace text
