#include "fetch/conditional_get.hpp"

#include <nlohmann/json.hpp>

#include "util/files.hpp"

namespace fetch {

namespace fs = std::filesystem;

fs::path state_path(const fs::path& file) { return file.parent_path() / ("." + file.filename().string() + ".fetch.json"); }

HttpRequest limited_request(const std::string& url, const FetchOptions& options) {
    return {url, "", "", options.timeout_seconds, std::min(10L, options.timeout_seconds), 5, options.max_bytes};
}

HttpResponse conditional_get(const std::string& url, const fs::path& state_file, bool have_copy, const FetchOptions& options) {
    HttpRequest request = limited_request(url, options);
    if (have_copy) {
        nlohmann::json state;
        try {
            state = nlohmann::json::parse(util::read_file(state_file, 1 << 16));
        } catch (...) {
            state = nlohmann::json::object();
        }
        if (state.is_object() && state.value("url", "") == url) {  // validators only for the same address
            request.etag = state.value("etag", "");
            request.last_modified = state.value("last_modified", "");
        }
    }
    return http_get(request);
}

std::optional<FetchOutcome> outcome_without_body(const HttpResponse& response, FetchOutcome out,
                                                 const std::function<FetchOutcome(const std::string& why)>& keep) {
    if (!response.error.empty()) return keep(response.error);
    if (response.status == 304) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "not modified (304)";
        return out;
    }
    if (response.status != 200) return keep("the server answered HTTP " + std::to_string(response.status));
    return std::nullopt;
}

void remember_validators(const fs::path& state_file, const std::string& url, const HttpResponse& response) {
    nlohmann::json state = {{"url", url}, {"etag", response.etag}, {"last_modified", response.last_modified}};
    std::string error;
    util::write_file_atomically(state_file, state.dump(1) + "\n", error);  // (without it, the next fetch is unconditional)
}

}  // namespace fetch
