#pragma once
// How an episode is known apart from its guid.
#include <string>
#include <string_view>

namespace core {

// Its title (case and spacing aside) on its day (YYYY-MM-DD); "" when either is unknown.
// (fetch's kept items and the identity guard must agree on what a re-issued episode is.)
std::string episode_key(std::string_view title, std::string_view day);

}  // namespace core
