#pragma once
// A text that is its own, or a part of bytes held elsewhere (a file read back, mapped) that it
// keeps alive for as long as it is held: a large value read back from a kept file is then not
// copied. Copies share the text; nothing changes it.
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace text {

class SharedText {
public:
    SharedText() = default;
    // Its own text (moved in).
    explicit SharedText(std::string own) {
        if (own.empty()) return;
        auto held = std::make_shared<const std::string>(std::move(own));
        m_view = *held;
        m_holder = std::move(held);
    }
    // `view`, a part of the bytes `holder` keeps.
    SharedText(std::shared_ptr<const void> holder, std::string_view view)
        : m_holder(view.empty() ? nullptr : std::move(holder)), m_view(view) {}

    std::string_view view() const { return m_view; }
    bool empty() const { return m_view.empty(); }
    std::size_t size() const { return m_view.size(); }

    // (Copies of one text are equal without reading it: a build after an edit compares what it
    // is made from with the last build's, both views of one kept file, tens of megabytes.)
    friend bool operator==(const SharedText& a, const SharedText& b) {
        return (a.m_view.data() == b.m_view.data() && a.m_view.size() == b.m_view.size()) || a.m_view == b.m_view;
    }
    friend bool operator==(const SharedText& a, std::string_view b) { return a.m_view == b; }

private:
    std::shared_ptr<const void> m_holder;
    std::string_view m_view;
};

}  // namespace text
