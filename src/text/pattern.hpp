#pragma once
// Regular expressions over input text in linear time: RE2 (no backtracking, no recursion), so
// a line of any length costs time in proportion to it and never the stack. std::regex recursed
// once per character and a 40 KB line overflowed the stack. Bytes are matched as Latin-1 (one
// byte, one character): the patterns look for ASCII words around text of any encoding.
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace text {

class Pattern {
public:
    // `re` is RE2's syntax (close to ECMAScript's for these patterns); an invalid one throws
    // std::logic_error (patterns are the program's, not input).
    explicit Pattern(std::string_view re);
    ~Pattern();
    Pattern(const Pattern&) = delete;
    Pattern& operator=(const Pattern&) = delete;

    // True when the whole of `text` matches; `groups` (when given) receives each capture group,
    // empty for a group that took no part.
    bool full_match(std::string_view text, std::vector<std::string_view>* groups = nullptr) const;

    // Where the first match in `text` starts, with its groups; nothing when there is none.
    std::optional<std::size_t> search(std::string_view text, std::vector<std::string_view>* groups = nullptr) const;

private:
    std::unique_ptr<re2::RE2> m_re;
    bool match(std::string_view text, bool whole, std::size_t& start, std::vector<std::string_view>* groups) const;
};

}  // namespace text
