#include "notes/curation.hpp"

#include <algorithm>

#include "text/strings.hpp"

namespace notes {

std::vector<core::Person> episode_persons(const core::Episode& e, const EpisodeExtras* extras) {
    std::vector<core::Person> persons = e.persons;
    if (extras)
        for (const auto& guest : extras->guests)
            if (std::none_of(persons.begin(), persons.end(),
                             [&](const auto& p) { return text::ascii_lower(p.name) == text::ascii_lower(guest); }))
                persons.push_back({guest, "guest", "", "", ""});
    return persons;
}

}  // namespace notes
