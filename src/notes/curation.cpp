#include "notes/curation.hpp"

#include <string>
#include <unordered_set>

#include "text/strings.hpp"

namespace notes {

std::vector<core::Person> episode_persons(const core::Episode& e, const EpisodeExtras* extras) {
    std::vector<core::Person> persons = e.persons;
    if (!extras) return persons;
    // (A set of the names: a note may list thousands of guests, and each was compared with
    // every person before it.)
    std::unordered_set<std::string> named;
    for (const auto& p : persons) named.insert(text::ascii_lower(p.name));
    for (const auto& guest : extras->guests)
        if (named.insert(text::ascii_lower(guest)).second) persons.push_back({guest, "guest", "", "", ""});
    return persons;
}

}  // namespace notes
