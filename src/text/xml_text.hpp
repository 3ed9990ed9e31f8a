#pragma once
// pugixml's printing straight into a std::string. Printing to a std::ostringstream copies every
// byte once more when the text is taken out, and the stream must be cleared between uses: feeds
// print one item at a time, thousands of them.
#include <cstddef>
#include <pugixml.hpp>
#include <string>

namespace text {

// A pugixml writer appending to `out`.
class XmlAppender : public pugi::xml_writer {
public:
    explicit XmlAppender(std::string& out) : m_out(out) {}
    void write(const void* data, std::size_t size) override { m_out.append(static_cast<const char*>(data), size); }

private:
    std::string& m_out;
};

// The node as it is, in UTF-8, without added white space (pugi::format_raw).
inline std::string raw_xml(const pugi::xml_node& node) {
    std::string text;
    XmlAppender out(text);
    node.print(out, "", pugi::format_raw, pugi::encoding_utf8);
    return text;
}

}  // namespace text
