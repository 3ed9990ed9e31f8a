#pragma once
// The byte format of the files podarchive keeps beside the output folder (the output's
// manifest, on_disk/saved_build.hpp, on_disk/saved_sources.hpp, on_disk/saved_texts.hpp): a line naming the format and
// its version, then values in the byte order of the machine that wrote them (such a file is only
// read where it was written), then a hash of all that precedes it. A damaged, cut or older file
// reads as none.
//
// A struct's fields are named once, in order, for both ways: `fields(io, value)` (found by
// argument-dependent lookup in this namespace) calls `io(value.a, value.b, ...)`, and a Writer
// (write_file) writes them, a Reader reads them back. Strings, numbers, yes/no, enums, optionals,
// shared pointers to const values, vectors, maps and pairs of these need no `fields`. A
// string_view is written as a string and read as a view of the bytes read (which must then
// outlive it); a text::SharedText too, read as a view of the bytes a Reader was told to share
// (Reader::share), else as a text of its own. The SharedTexts of values just written can be made
// views of the file written (`Written`, `share_written`), so that a build does not hold them
// twice.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "files/files.hpp"
#include "files/hash.hpp"
#include "files/mapped_file.hpp"
#include "text/shared_text.hpp"

namespace files::binary {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_map : std::false_type {};
template <class K, class V>
struct is_map<std::map<K, V>> : std::true_type {};
// A vector of 64-bit numbers (the keys of what each page read, hundreds of thousands in a build
// record) is written and read at once: the same bytes as number by number, without a call each.
template <class T>
struct is_number_vector : std::false_type {};
template <>
struct is_number_vector<std::vector<std::uint64_t>> : std::true_type {};

template <class T>
struct is_shared : std::false_type {};
template <class T>
struct is_shared<std::shared_ptr<const T>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};

// The bytes of the file at `path` (at most `max_bytes`), mapped: a kept catalog is tens of
// megabytes, read where the system holds it instead of copied into new memory (which the
// system zeroes first). Empty when there is none or it cannot be read: the caller then has no
// such file to start from (Reader::open of "" is nothing).
class FileBytes {
public:
    FileBytes(const std::filesystem::path& path, std::size_t max_bytes) : m_file(MappedFile::open(path, max_bytes)) {}
    explicit FileBytes(std::unique_ptr<const MappedFile> file) : m_file(std::move(file)) {}
    std::string_view view() const { return m_file ? m_file->text() : std::string_view(); }
    std::size_t size() const { return view().size(); }
    void unload() const {  // (MappedFile::unload)
        if (m_file) m_file->unload();
    }

private:
    std::unique_ptr<const MappedFile> m_file;
};

// `bytes`, to be held by what views them for long (a build's feed items and texts, views of the
// files it keeps): the same bytes, whose pages are let go of every 25 ms for as long as any of
// them is held. Pages, feeds and the search index each read most of those views about once, on
// several threads, and what they read is not to stay in the process. (Every 5 ms: the same peak
// and the render 10 ms slower, each call interrupting the threads reading the file; not at all:
// a whole build of bench/real_notes.py's 10,000 items peaked at 179 MB instead of 141.)
std::shared_ptr<const FileBytes> let_go_while_held(std::shared_ptr<const FileBytes> bytes);

// A file write_file wrote, when asked: its bytes, mapped from the file written (whatever is later
// renamed over its name), and where the bytes of each SharedText and string_view it wrote start
// in them, in the order they were written.
struct Written {
    std::shared_ptr<const FileBytes> bytes;
    std::vector<std::uint64_t> shared_at;
};

inline std::string_view view_of(std::string_view x) {
    return x;
}
inline std::string_view view_of(const text::SharedText& x) {
    return x.view();
}

// Writes values into a file as they come (a megabyte at a time: a large file is not held in
// memory); made by write_file().
class Writer {
public:
    template <class... T>
    void operator()(const T&... values) {
        (put(values), ...);
    }

private:
    friend bool write_file(const std::filesystem::path& path, std::string_view magic,
                           const std::function<void(Writer&)>& write, Written* written);
    Writer(int fd, std::string_view magic);
    bool finish();  // the rest written, then the hash

    static constexpr std::size_t k_block = std::size_t{1} << 20;
    int m_fd;
    bool m_ok = true;
    files::Hasher m_hash;
    std::string m_bytes;                     // not written yet
    std::uint64_t m_written = 0;             // bytes written before them
    std::vector<std::uint64_t> m_shared_at;  // (Written::shared_at)

    void flush();
    void raw(const void* p, std::size_t n) {
        m_bytes.append(static_cast<const char*>(p), n);
        if (m_bytes.size() >= k_block) flush();
    }
    void number(std::uint64_t n) { raw(&n, sizeof n); }

    template <class T>
    void put(const T& x) {
        if constexpr (std::is_same_v<T, std::string>) {
            number(x.size());
            raw(x.data(), x.size());
        } else if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<T, text::SharedText>) {
            const std::string_view text = view_of(x);
            number(text.size());
            m_shared_at.push_back(m_written + m_bytes.size());
            raw(text.data(), text.size());
        } else if constexpr (std::is_same_v<T, bool>) {
            number(x ? 1 : 0);
        } else if constexpr (std::is_enum_v<T>) {
            number(static_cast<std::uint64_t>(x));
        } else if constexpr (std::is_integral_v<T>) {
            number(static_cast<std::uint64_t>(static_cast<std::int64_t>(x)));
        } else if constexpr (std::is_floating_point_v<T>) {
            const double d = x;
            raw(&d, sizeof d);
        } else if constexpr (is_optional<T>::value || is_shared<T>::value) {
            put(static_cast<bool>(x));
            if (x) put(*x);
        } else if constexpr (is_number_vector<T>::value) {
            number(x.size());
            raw(x.data(), x.size() * sizeof(std::uint64_t));  // (what put() of each number writes)
        } else if constexpr (is_vector<T>::value || is_map<T>::value) {
            number(x.size());
            for (const auto& item : x) put(item);
        } else if constexpr (is_pair<T>::value) {
            put(x.first);
            put(x.second);
        } else {
            // (fields() names the fields of a value to read as well: it takes them to change)
            fields(*this, const_cast<T&>(x));
        }
    }
};

// Writes the file of the format `magic` at `path` with what `write` gives its Writer, atomically
// (a new file renamed into place: a reader finds the old file or the new one). Not synced to
// the disk: these files only spare work, and one a crash tore fails its hash and reads as none.
// False when it cannot be written (the next build then has none). With `written`, what was
// written is mapped into it (its bytes null when it cannot be).
bool write_file(const std::filesystem::path& path, std::string_view magic, const std::function<void(Writer&)>& write,
                Written* written = nullptr);

// Reads what a Writer wrote; a read past the end makes it fail, and every later read too.
class Reader {
public:
    // The values of `bytes` when it is a whole file of the format `magic` names (which must
    // outlive the reader); nothing otherwise. With `file` (whose bytes they are), the pages read
    // are let go of behind the check and the reading, a few megabytes at a time: a kept file of
    // tens of megabytes is read through twice, and not held whole for it.
    static std::optional<Reader> open(std::string_view bytes, std::string_view magic, const FileBytes* file = nullptr) {
        constexpr std::size_t hash_size = sizeof(std::uint64_t);
        if (bytes.size() < magic.size() + hash_size || !bytes.starts_with(magic)) return std::nullopt;
        const std::string_view body = bytes.substr(0, bytes.size() - hash_size);
        std::uint64_t hash = 0;
        std::memcpy(&hash, bytes.data() + body.size(), hash_size);
        if (hash != body_hash(body, file)) return std::nullopt;
        Reader r(body.substr(magic.size()));
        r.m_file = file;
        return r;
    }

    // The values at the start of `bytes` when it starts as a file of the format `magic` does,
    // its hash not checked: for the value that tells whose the file is (the folder a manifest
    // names), which a file damaged further on still tells. Nothing otherwise.
    static std::optional<Reader> open_head(std::string_view bytes, std::string_view magic) {
        if (!bytes.starts_with(magic)) return std::nullopt;
        return Reader(bytes.substr(magic.size()));
    }

    // The SharedTexts read from now on are views of the bytes read, which `holder` keeps (not
    // copies): a large kept file's longest texts, not all of them read again.
    void share(std::shared_ptr<const void> holder) { m_holder = std::move(holder); }

    template <class... T>
    void operator()(T&... values) {
        (get(values), ...);
    }

    // True when every value was read and nothing is left.
    bool whole() const { return m_ok && m_rest.empty(); }
    bool ok() const { return m_ok; }

private:
    explicit Reader(std::string_view rest) : m_rest(rest) {}

    std::string_view m_rest;
    bool m_ok = true;
    std::shared_ptr<const void> m_holder;  // (of the bytes read: Reader::share)
    const FileBytes* m_file = nullptr;     // (whose pages are let go of behind the reading: open)
    std::size_t m_read = 0;                // bytes read since they last were

    static constexpr std::size_t k_let_go_every = std::size_t{8} << 20;
    // content_hash() of `body`, `file`'s pages let go of as it goes.
    static std::uint64_t body_hash(std::string_view body, const FileBytes* file);
    // `n` bytes read on: past k_let_go_every since the last time, the file's pages are let go of.
    void advance(std::size_t n) {
        m_rest.remove_prefix(n);
        if (m_file && (m_read += n) >= k_let_go_every) {
            m_file->unload();
            m_read = 0;
        }
    }

    bool take(void* p, std::size_t n) {
        if (!m_ok || n > m_rest.size()) return m_ok = false;
        std::memcpy(p, m_rest.data(), n);
        advance(n);
        return true;
    }
    std::uint64_t number() {
        std::uint64_t n = 0;
        take(&n, sizeof n);
        return n;
    }
    // A count of items or bytes: one the rest cannot hold fails (every value takes at least 8
    // bytes, but a string's byte).
    std::uint64_t count(std::size_t min_bytes = 8) {
        const std::uint64_t n = number();
        if (n > m_rest.size() / min_bytes) m_ok = false;
        return m_ok ? n : 0;
    }

    template <class T>
    void get(T& x) {
        if constexpr (std::is_same_v<T, std::string>) {
            const std::uint64_t n = count(1);
            // (Made anew and moved in: assign() takes the general path of replacing a part of a
            // string, a fifth of the cost of reading a kept merge's million strings.)
            x = std::string(m_rest.data(), n);
            advance(n);
        } else if constexpr (std::is_same_v<T, std::string_view>) {
            const std::uint64_t n = count(1);  // (a view of the bytes: they must outlive it)
            x = m_rest.substr(0, n);
            advance(n);
        } else if constexpr (std::is_same_v<T, text::SharedText>) {
            std::string_view view;
            get(view);
            x = m_holder ? text::SharedText(m_holder, view) : text::SharedText(std::string(view));
        } else if constexpr (std::is_same_v<T, bool>) {
            x = number() == 1;
        } else if constexpr (std::is_enum_v<T>) {
            x = static_cast<T>(number());
        } else if constexpr (std::is_integral_v<T>) {
            x = static_cast<T>(static_cast<std::int64_t>(number()));
        } else if constexpr (std::is_floating_point_v<T>) {
            double d = 0;
            take(&d, sizeof d);
            x = static_cast<T>(d);
        } else if constexpr (is_optional<T>::value) {
            bool has = false;
            get(has);
            if (has) get(x.emplace());
        } else if constexpr (is_shared<T>::value) {
            bool has = false;
            get(has);
            if (!has) return;
            auto value = std::make_shared<std::remove_const_t<typename T::element_type>>();
            get(*value);
            x = std::move(value);
        } else if constexpr (is_number_vector<T>::value) {
            x.resize(count());
            if (!x.empty()) take(x.data(), x.size() * sizeof(std::uint64_t));
        } else if constexpr (is_vector<T>::value) {
            x.resize(count());
            for (auto& item : x) get(item);
        } else if constexpr (is_map<T>::value) {
            for (std::uint64_t n = count(); n > 0 && m_ok; --n) {
                std::pair<typename T::key_type, typename T::mapped_type> item;
                get(item);
                x.insert(std::move(item));
            }
        } else if constexpr (is_pair<T>::value) {
            get(x.first);
            get(x.second);
        } else {
            fields(*this, x);
        }
    }
};

// Makes the SharedTexts and string_views of values a Writer wrote (`values`, unchanged since it
// was given them) views of the file it wrote: a SharedText's own text is let go of (the file's
// bytes, which it then keeps, are read where the system holds them); a string_view is of those
// bytes from then on, as one a Reader read is (they must outlive it). The values are visited in
// the order the Writer wrote them (by the same `fields`); those of const values (a map's keys,
// what a shared pointer shares) stay as they are.
class Sharer {
public:
    explicit Sharer(const Written& written) : m_written(written) {}

    template <class... T>
    void operator()(T&... values) {
        (visit(values), ...);
    }

private:
    const Written& m_written;
    std::size_t m_next = 0;  // the next of m_written.shared_at
    int m_const = 0;         // inside a const value: its texts are passed over

    void share(text::SharedText& x);
    void share(std::string_view& x);
    // Where the next text's bytes are in the file, when they can be of one of `size` bytes.
    std::optional<std::string_view> next(std::size_t size);

    template <class T>
    void visit(T& x) {
        if constexpr (std::is_const_v<T>) {
            ++m_const;  // (visited to count its texts, not changed)
            visit(const_cast<std::remove_const_t<T>&>(x));
            --m_const;
        } else if constexpr (std::is_same_v<T, text::SharedText> || std::is_same_v<T, std::string_view>) {
            share(x);
        } else if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T> || std::is_enum_v<T> ||
                             is_number_vector<T>::value) {
        } else if constexpr (is_optional<T>::value || is_shared<T>::value) {
            if (x) visit(*x);
        } else if constexpr (is_vector<T>::value || is_map<T>::value) {
            for (auto& item : x) visit(item);
        } else if constexpr (is_pair<T>::value) {
            visit(x.first);
            visit(x.second);
        } else {
            fields(*this, x);
        }
    }
};

// Sharer over `values`, which a Writer wrote as `written` (nothing when it was not mapped).
template <class... T>
void share_written(const Written& written, T&... values) {
    if (!written.bytes) return;
    Sharer sharer(written);
    sharer(values...);
}

}  // namespace files::binary
