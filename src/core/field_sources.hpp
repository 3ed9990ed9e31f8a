#pragma once
// Where each fused field of an episode came from (core::Episode::sources).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

// Where a fused field's value came from: a source name, or "note:<file>" for curated notes; the
// file and line. As FieldSources gives it, it views the sources' own strings: valid until they
// change.
struct FieldSource {
    std::string_view source;
    std::string_view file;
    int line = 0;

    friend bool operator==(const FieldSource&, const FieldSource&) = default;
};

// Each field's source, by field name, in name order. Every episode of an archive has a dozen
// fields at most, from one or two sources: each source's name and file are held once (an
// episode's fields named each again were 8 MB of a 10,000-episode catalog, every stage long).
class FieldSources {
public:
    // What it holds, for on_disk/saved_fields.hpp to read and write as they are.
    struct Origin {
        std::string source;
        std::string file;
    };
    struct Field {
        std::string name;
        std::uint32_t origin = 0;  // in origins()
        int line = 0;
    };

    class const_iterator {
    public:
        using value_type = std::pair<std::string_view, FieldSource>;
        using difference_type = std::ptrdiff_t;
        const_iterator() = default;
        const_iterator(const FieldSources* of, std::vector<Field>::const_iterator at) : m_of(of), m_at(at) {}
        value_type operator*() const { return {m_at->name, m_of->source_of(*m_at)}; }
        const_iterator& operator++() { return ++m_at, *this; }
        const_iterator operator++(int) { return {m_of, m_at++}; }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.m_at == b.m_at; }

    private:
        const FieldSources* m_of = nullptr;
        std::vector<Field>::const_iterator m_at;
    };

    FieldSources() = default;
    // The first of entries with the same name is kept, as a std::map's would be.
    FieldSources(std::initializer_list<std::pair<std::string_view, FieldSource>> entries) {
        for (const auto& [field, from] : entries)
            if (!find(field)) set(field, from);
    }

    // Gives `field` the source `from`, in place of any it had. (`from` may view this one's own
    // strings.)
    void set(std::string_view field, FieldSource from) {
        const std::uint32_t origin = origin_of(from);
        const std::size_t i = position(field);
        if (!has(i, field)) m_fields.insert(m_fields.begin() + static_cast<std::ptrdiff_t>(i), {std::string(field)});
        m_fields[i].origin = origin, m_fields[i].line = from.line;
    }
    // The source of `field`, when it has one.
    std::optional<FieldSource> find(std::string_view field) const {
        const std::size_t i = position(field);
        return has(i, field) ? std::optional(source_of(m_fields[i])) : std::nullopt;
    }
    FieldSource at(std::string_view field) const {
        if (auto from = find(field)) return *from;
        throw std::out_of_range("no source for field " + std::string(field));
    }
    // (The field's origin stays, for another field that may come from it.)
    void erase(std::string_view field) {
        if (const std::size_t i = position(field); has(i, field))
            m_fields.erase(m_fields.begin() + static_cast<std::ptrdiff_t>(i));
    }

    const_iterator begin() const { return {this, m_fields.begin()}; }
    const_iterator end() const { return {this, m_fields.end()}; }
    std::size_t size() const { return m_fields.size(); }
    bool empty() const { return m_fields.empty(); }
    // Lets go of the room set() grew for fields to come (a catalog's episodes are kept all
    // build long).
    void shrink_to_fit() { m_origins.shrink_to_fit(), m_fields.shrink_to_fit(); }

    // (Its parts as they are: saved_fields.hpp's.)
    std::vector<Origin>& origins() { return m_origins; }
    std::vector<Field>& fields() { return m_fields; }

    // The same fields from the same sources, however each holds them.
    friend bool operator==(const FieldSources& a, const FieldSources& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::vector<Origin> m_origins;  // each source and file once
    std::vector<Field> m_fields;    // by name

    FieldSource source_of(const Field& f) const {
        // (An origin a damaged kept file names out of range is no source, not a crash.)
        if (f.origin >= m_origins.size()) return {{}, {}, f.line};
        const Origin& o = m_origins[f.origin];
        return {o.source, o.file, f.line};
    }
    std::uint32_t origin_of(FieldSource from) {
        for (std::size_t i = 0; i < m_origins.size(); ++i)
            if (m_origins[i].source == from.source && m_origins[i].file == from.file)
                return static_cast<std::uint32_t>(i);
        m_origins.push_back({std::string(from.source), std::string(from.file)});  // (copied before it grows)
        return static_cast<std::uint32_t>(m_origins.size() - 1);
    }
    // Where `field` is, or would go, in m_fields; has() when it is there.
    bool has(std::size_t i, std::string_view field) const { return i < m_fields.size() && m_fields[i].name == field; }
    std::size_t position(std::string_view field) const {
        return static_cast<std::size_t>(
            std::lower_bound(m_fields.begin(), m_fields.end(), field,
                             [](const Field& f, std::string_view name) { return f.name < name; }) -
            m_fields.begin());
    }
};

}  // namespace core
