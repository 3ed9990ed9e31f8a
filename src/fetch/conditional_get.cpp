#include "fetch/conditional_get.hpp"

#include <nlohmann/json.hpp>

#include "files/files.hpp"

namespace fetch {

namespace fs = std::filesystem;

fs::path state_path(const fs::path& file) {
    return file.parent_path() / ("." + file.filename().string() + ".fetch.json");
}

FetchState read_state(const fs::path& state_file, const std::string& url) {
    FetchState state{url, "", "", "", ""};
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(files::read_file(state_file, 1 << 16));
    } catch (...) {
        return state;  // (none yet, or not readable: the next fetch is unconditional)
    }
    if (!json.is_object() || !json["url"].is_string() || json["url"] != url) return state;
    auto text = [&](const char* key) {
        return json.contains(key) && json[key].is_string() ? json[key].get<std::string>() : std::string();
    };
    state.location = text("location");
    state.moved_by = text("moved_by");
    state.etag = text("etag");
    state.last_modified = text("last_modified");
    if (json.contains("earlier") && json["earlier"].is_array())
        for (const auto& address : json["earlier"])
            if (address.is_string()) state.earlier.push_back(address.get<std::string>());
    return state;
}

void write_state(const fs::path& state_file, const FetchState& state) {
    nlohmann::json json = {{"url", state.url}, {"etag", state.etag}, {"last_modified", state.last_modified}};
    if (!state.location.empty()) json["location"] = state.location, json["moved_by"] = state.moved_by;
    if (!state.earlier.empty()) json["earlier"] = state.earlier;
    const std::string text = json.dump(1) + "\n";
    try {
        if (files::read_file(state_file, 1 << 16) == text) return;
    } catch (const files::FileError&) {
    }
    std::string error;
    files::write_file_atomically(state_file, text, error);  // (without it, the next fetch is unconditional)
}

HttpRequest limited_request(const std::string& url, const FetchOptions& options) {
    return {url, "", "", options.timeout_seconds, std::min(10L, options.timeout_seconds), 5, options.max_bytes, {}};
}

HttpResponse conditional_get(const FetchState& state, bool have_copy, const FetchOptions& options,
                             const AddressPolicy& addresses) {
    HttpRequest request = limited_request(state.address(), options);
    request.addresses = addresses;
    if (have_copy) request.etag = state.etag, request.last_modified = state.last_modified;
    return http_get(request);
}

AddressPolicy feed_named_policy(const config::SiteConfig& config) {
    AddressPolicy policy{true, config.allowed_hosts};
    for (const auto& source : config.sources)
        if (!source.url.empty()) policy.trusted_hosts.push_back(connection_host(source.url));
    return policy;
}

std::optional<FetchOutcome> outcome_without_body(const HttpResponse& response, FetchOutcome out,
                                                 const std::function<FetchOutcome(const std::string& why)>& fail) {
    if (!response.error.empty()) return fail(response.error);
    if (response.status == 304) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "not modified (304)";
        return out;
    }
    if (response.status != 200) return fail("the server answered HTTP " + std::to_string(response.status));
    return std::nullopt;
}

std::string kept_or_nothing(bool have_copy, const std::string& what) {
    return have_copy ? "; the previous " + what + " is kept"
                     : "; nothing was saved (there is no previous " + what + ")";
}

}  // namespace fetch
