#include "text/pattern.hpp"

#include <re2/re2.h>

#include <stdexcept>
#include <string>

namespace text {

namespace {
RE2::Options options() {
    RE2::Options o;
    o.set_encoding(RE2::Options::EncodingLatin1);
    o.set_log_errors(false);
    return o;
}
}  // namespace

Pattern::Pattern(std::string_view re)
    : m_re(std::make_unique<re2::RE2>(re2::StringPiece(re.data(), re.size()), options())) {
    if (!m_re->ok()) throw std::logic_error("invalid pattern " + std::string(re) + ": " + m_re->error());
}

Pattern::~Pattern() = default;

bool Pattern::match(std::string_view text, bool whole, std::size_t& start,
                    std::vector<std::string_view>* groups) const {
    const int n = m_re->NumberOfCapturingGroups() + 1;
    std::vector<re2::StringPiece> found(static_cast<std::size_t>(n));
    const re2::StringPiece input(text.data(), text.size());
    if (!m_re->Match(input, 0, input.size(), whole ? RE2::ANCHOR_BOTH : RE2::UNANCHORED, found.data(), n)) return false;
    start = static_cast<std::size_t>(found[0].data() - text.data());
    if (groups) {
        groups->clear();
        for (int i = 1; i < n; ++i)
            groups->push_back(found[i].data() ? std::string_view(found[i].data(), found[i].size())
                                              : std::string_view());
    }
    return true;
}

bool Pattern::full_match(std::string_view text, std::vector<std::string_view>* groups) const {
    std::size_t start = 0;
    return match(text, true, start, groups);
}

std::optional<std::size_t> Pattern::search(std::string_view text, std::vector<std::string_view>* groups) const {
    std::size_t start = 0;
    if (!match(text, false, start, groups)) return std::nullopt;
    return start;
}

}  // namespace text
