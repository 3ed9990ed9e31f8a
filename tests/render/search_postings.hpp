#pragma once
// A term's postings as the search index writes them (flat: [doc, score * 4 + n, n moments, ...],
// each doc after the first as how far it is from the one before), unpacked for tests into
// [[doc, score, moment...], ...].
#include <nlohmann/json.hpp>

namespace test {

inline nlohmann::json unpack_postings(const nlohmann::json& flat) {
    nlohmann::json out = nlohmann::json::array();
    long long doc = 0;
    for (std::size_t i = 0; i + 1 < flat.size();) {
        doc += flat[i].get<long long>();
        const int packed = flat[i + 1].get<int>();
        nlohmann::json posting = {doc, packed >> 2};
        for (int k = 0; k < (packed & 3); ++k) posting.push_back(flat[i + 2 + static_cast<std::size_t>(k)]);
        out.push_back(posting);
        i += 2 + static_cast<std::size_t>(packed & 3);
    }
    return out;
}

}  // namespace test
