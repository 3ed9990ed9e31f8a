#include "notes/curation.hpp"

namespace notes {

std::vector<core::Person> episode_persons(const core::Episode& e, const EpisodeExtras* extras) {
    std::vector<core::Person> persons = e.persons;
    if (!extras) return persons;
    GuestNames named;
    for (const auto& p : persons) named.add(p.name);
    for (const auto& guest : extras->guests)
        if (named.add(guest)) persons.push_back({guest, "guest", "", "", ""});
    return persons;
}

}  // namespace notes
