#include "feed/xml_merge.hpp"

#include <string_view>
#include <unordered_set>

namespace feed {

namespace {
const std::map<std::string, std::string> k_our_prefixes = {
    {"http://www.itunes.com/dtds/podcast-1.0.dtd", "itunes"},
    {"http://purl.org/rss/1.0/modules/content/", "content"},
    {"http://www.w3.org/2005/Atom", "atom"},
    {"https://podcastindex.org/namespace/1.0", "podcast"},
};
}  // namespace

PrefixMap::PrefixMap(const std::vector<std::pair<std::string, std::string>>& root_attributes) {
    for (const auto& [name, value] : root_attributes) {
        if (!name.starts_with("xmlns:")) continue;
        auto it = k_our_prefixes.find(value);
        if (it != k_our_prefixes.end()) m_to_ours[name.substr(6)] = it->second;
    }
}

std::string PrefixMap::canonical(const std::string& name) const {
    auto colon = name.find(':');
    if (colon == std::string::npos) return name;
    auto it = m_to_ours.find(name.substr(0, colon));
    return it == m_to_ours.end() ? name : it->second + name.substr(colon);
}

void write_merged(pugi::xml_node parent, const pugi::xml_node& input, const PrefixMap& prefixes,
                  const std::vector<Modeled>& modeled) {
    std::vector<bool> written(modeled.size(), false), kept_input(modeled.size(), false);
    // The input element's attributes stay (an item may declare a namespace its children use),
    // but not a default namespace: RSS's own elements, ours among them, have none; and a name
    // only once (the parser lets a repeated one through: the first stays). (Names kept in a set:
    // pugixml looks an attribute up one by one, and an item of 100,000 took 15 s.)
    std::unordered_set<std::string_view> names{"xmlns"};
    for (auto attr : parent.attributes()) names.insert(attr.name());
    for (auto attr : input.attributes())
        if (names.insert(attr.name()).second) parent.append_copy(attr);
    for (auto child : input.children()) {
        if (child.type() != pugi::node_element) {
            if (child.type() == pugi::node_comment) parent.append_copy(child);
            continue;
        }
        std::string name = prefixes.canonical(child.name());
        std::size_t which = modeled.size();
        for (std::size_t i = 0; i < modeled.size() && which == modeled.size(); ++i)
            if (modeled[i].matches(name, child)) which = i;
        if (which == modeled.size() || kept_input[which]) {
            parent.append_copy(child);
        } else if (!written[which]) {
            pugi::xml_node before = parent.last_child();
            modeled[which].write(parent);
            written[which] = true;
            if (modeled[which].keep_input_when_unset && parent.last_child() == before) {
                parent.append_copy(child);
                kept_input[which] = true;
            }
        }  // a second copy of a modeled element: the first one stands for both
    }
    for (std::size_t i = 0; i < modeled.size(); ++i)
        if (!written[i]) modeled[i].write(parent);
}

Modeled element(const std::string& name, std::function<void(pugi::xml_node parent)> write) {
    return {[name](const std::string& n, const pugi::xml_node&) { return n == name; }, std::move(write)};
}

Modeled element_or_input(const std::string& name, std::function<void(pugi::xml_node parent)> write) {
    Modeled m = element(name, std::move(write));
    m.keep_input_when_unset = true;
    return m;
}

void text_child(pugi::xml_node parent, const char* name, std::string_view value) {
    if (value.empty()) return;
    value = value.substr(0, value.find('\0'));  // (as far as a C string of it reads)
    parent.append_child(name).text().set(value.data(), value.size());
}

}  // namespace feed
