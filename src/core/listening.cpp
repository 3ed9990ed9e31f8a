#include "core/listening.hpp"

namespace core {

const char* origin_name(ChapterOrigin origin) {
    switch (origin) {
        case ChapterOrigin::note:
            return "note";
        case ChapterOrigin::chapters_file:
            return "podcast:chapters";
        case ChapterOrigin::feed_inline:
            return "psc:chapters";
        case ChapterOrigin::show_notes:
            return "show notes (derived)";
        case ChapterOrigin::none:
            break;
    }
    return "";
}

}  // namespace core
