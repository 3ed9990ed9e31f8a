#pragma once
// One download of a file the site keeps (a source's snapshot, the show's artwork): a conditional
// GET with the validators (ETag, Last-Modified) remembered beside the file, and the same
// reading of every answer that brings no new body.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "fetch/fetch_sources.hpp"
#include "fetch/http_get.hpp"

namespace fetch {

// Where the validators of `file` are remembered: "<dir>/.<name>.fetch.json".
std::filesystem::path state_path(const std::filesystem::path& file);

// A GET of `url` with the limits of `options` (and at most 5 redirects).
HttpRequest limited_request(const std::string& url, const FetchOptions& options);

// GETs `url` with the limits of `options`, sending the validators remembered in `state_file`
// when there is a copy (`have_copy`) and they were remembered for the same address.
HttpResponse conditional_get(const std::string& url, const std::filesystem::path& state_file, bool have_copy,
                             const FetchOptions& options);

// The outcome of an answer without a new body: a failed transfer or a status other than 200
// (`keep(why)`: the copy stays), or 304 (not modified). Nothing for a 200.
std::optional<FetchOutcome> outcome_without_body(const HttpResponse& response, FetchOutcome out,
                                                 const std::function<FetchOutcome(const std::string& why)>& keep);

// Remembers the answer's validators for `url`, after its body replaced the copy.
void remember_validators(const std::filesystem::path& state_file, const std::string& url, const HttpResponse& response);

}  // namespace fetch
