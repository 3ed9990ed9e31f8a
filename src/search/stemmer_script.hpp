#pragma once
// The script that stems a query word in the browser with the algorithm the build's index used
// (text::Stemmer's Snowball algorithm): written as search/stem.js, which js/search.js loads
// when a word is first looked up. Generated at build time (embed_stemmers.cmake).
#include <string_view>

namespace search {

// The script of Snowball's `algorithm` ("english"), or empty when there is none.
std::string_view stemmer_script(std::string_view algorithm);

}  // namespace search
