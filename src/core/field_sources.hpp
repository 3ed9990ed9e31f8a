#pragma once
// Where each fused field of an episode came from (core::Episode::sources).
#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

// Where a fused field's value came from: a source name, or "note:<file>" for curated notes.
struct FieldSource {
    std::string source;
    std::string file;
    int line = 0;

    friend bool operator==(const FieldSource&, const FieldSource&) = default;
};

// Each field's source, by field name, in name order: a map kept as one sorted vector. An
// episode has a dozen fields at most, and every episode of the archive has them: a node each
// (a std::map's) was most of the allocations of decoding a kept merge after a note edit.
// Unlike a std::map's, a reference into it is invalidated by adding a field: copy a source
// before giving it to another field.
class FieldSources {
public:
    using Entry = std::pair<std::string, FieldSource>;
    using iterator = std::vector<Entry>::iterator;
    using const_iterator = std::vector<Entry>::const_iterator;

    FieldSources() = default;
    // The first of entries with the same name is kept, as a std::map's would be.
    FieldSources(std::initializer_list<Entry> entries) {
        for (const auto& [field, source] : entries)
            if (find(field) == end()) (*this)[field] = source;
    }

    // The source of `field`, made empty when it has none.
    FieldSource& operator[](std::string_view field) {
        auto it = lower(field);
        if (it == m_entries.end() || it->first != field) it = m_entries.insert(it, {std::string(field), {}});
        return it->second;
    }
    const FieldSource& at(std::string_view field) const {
        auto it = find(field);
        if (it == end()) throw std::out_of_range("no source for field " + std::string(field));
        return it->second;
    }
    iterator find(std::string_view field) {
        auto it = lower(field);
        return it != m_entries.end() && it->first == field ? it : m_entries.end();
    }
    const_iterator find(std::string_view field) const { return const_cast<FieldSources&>(*this).find(field); }
    void erase(std::string_view field) {
        if (auto it = find(field); it != end()) m_entries.erase(it);
    }

    iterator begin() { return m_entries.begin(); }
    iterator end() { return m_entries.end(); }
    const_iterator begin() const { return m_entries.begin(); }
    const_iterator end() const { return m_entries.end(); }
    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }

    // The entries themselves, for on_disk/saved_fields.hpp to read and write (in name order,
    // each name once: as it wrote them).
    std::vector<Entry>& entries() { return m_entries; }

    friend bool operator==(const FieldSources&, const FieldSources&) = default;

private:
    std::vector<Entry> m_entries;  // by name

    iterator lower(std::string_view field) {
        return std::lower_bound(m_entries.begin(), m_entries.end(), field,
                                [](const Entry& e, std::string_view name) { return e.first < name; });
    }
};

}  // namespace core
