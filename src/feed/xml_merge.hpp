#pragma once
// Writes an element's children in the order of the input feed's element: each child podarchive
// models is replaced by its value where it stood, every other child is copied unchanged, and
// modeled children the input lacked follow in a fixed order. This is how the regenerated feed
// loses nothing and changes nothing it does not mean to.
#include <functional>
#include <map>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace feed {

struct Modeled {
    // True for an input child this entry replaces (by its canonical "prefix:name").
    std::function<bool(const std::string& canonical_name, const pugi::xml_node& child)> matches;
    // Appends podarchive's value(s) to `parent` (possibly nothing).
    std::function<void(pugi::xml_node parent)> write;
    // When `write` appends nothing, the input's own elements are copied where they stood: what
    // podarchive has no value for (a transcript no note names, a date it cannot read) is kept.
    bool keep_input_when_unset = false;
};

// Maps the input's prefixes to ours by namespace URI ("itunes2:image" -> "itunes:image").
class PrefixMap {
public:
    PrefixMap() = default;
    explicit PrefixMap(const std::vector<std::pair<std::string, std::string>>& root_attributes);
    std::string canonical(const std::string& name) const;

private:
    std::map<std::string, std::string> m_to_ours;  // input prefix -> our prefix
};

// Writes `input`'s children under `parent`, each replaced by the modeled element of the same
// (canonical) name where there is one, in the input's order, then the modeled elements the
// input did not have.
void write_merged(pugi::xml_node parent, const pugi::xml_node& input, const PrefixMap& prefixes,
                  const std::vector<Modeled>& modeled);

// A Modeled entry for the element called `name` (canonical).
Modeled element(const std::string& name, std::function<void(pugi::xml_node parent)> write);

// The same, keeping the input's elements when `write` has no value.
Modeled element_or_input(const std::string& name, std::function<void(pugi::xml_node parent)> write);

// Appends <name>text</name> when the text is not empty.
void text_child(pugi::xml_node parent, const char* name, std::string_view value);

}  // namespace feed
