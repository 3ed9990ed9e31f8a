#include "render/page_sink.hpp"

#include <algorithm>

namespace render {

bool PageSink::wanted(const std::string& path, DepKeys keys) {
    bool render = !m_changed || std::any_of(keys.begin(), keys.end(), [&](DepKey k) { return m_changed->count(k) > 0; });
    if (m_record) (*m_record)[path] = std::move(keys);
    m_rendered += render;
    return render;
}

}  // namespace render
