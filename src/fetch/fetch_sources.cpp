#include "fetch/fetch_sources.hpp"

#include <map>

#include "fetch/conditional_get.hpp"
#include "sources/read_source.hpp"
#include "util/files.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

std::string identity(const core::Record& r) {
    if (!r.guid.empty()) return r.guid;
    if (r.enclosure) return r.enclosure->url;
    return r.title;
}

std::string fingerprint(const core::Record& r) {
    return r.title + "\n" + (r.date ? util::format_iso8601(*r.date) : "") + "\n" + (r.enclosure ? r.enclosure->url : "") + "\n" +
           r.description;
}

void count_changes(const sources::SourceBatch& before, const sources::SourceBatch& after, FetchOutcome& out) {
    std::map<std::string, std::string> old_items, new_items;
    for (const auto& r : before.records) old_items[identity(r)] = fingerprint(r);
    for (const auto& r : after.records) new_items[identity(r)] = fingerprint(r);
    for (const auto& [id, print] : new_items) {
        auto it = old_items.find(id);
        if (it == old_items.end()) ++out.added;
        else if (it->second != print) ++out.changed;
    }
    for (const auto& [id, print] : old_items) out.removed += !new_items.count(id);
}

}  // namespace

FetchOutcome fetch_source(const config::SourceConfig& source, const FetchOptions& options) {
    FetchOutcome out{source.name, FetchOutcome::Kind::failed, "", 0, 0, 0};
    auto keep = [&](const std::string& why) {
        out.message = why + "; the previous snapshot is kept";
        return out;
    };
    std::string old_text;
    std::error_code ec;
    bool have_old = fs::is_regular_file(source.path, ec);
    if (have_old) old_text = util::read_file(source.path);
    HttpResponse response = conditional_get(source.url, state_path(source.path), have_old, options);
    if (auto settled = outcome_without_body(response, out, keep)) return *settled;
    // The new file must be what the old one was: parse it with the same adapter.
    sources::SourceInfo info{source.name, source.display_path, source.url};
    using core::SourceKind;
    SourceKind expected = source.kind;
    if (expected == SourceKind::unknown && have_old) expected = sources::detect_kind(old_text, source.path.filename().string());
    const SourceKind found = sources::detect_kind(response.body, source.path.filename().string());
    if (expected != SourceKind::unknown && found != expected && source.kind == SourceKind::unknown)
        return keep("the answer is not a " + std::string(core::kind_name(expected)) + " source (it looks like " +
                    (found == SourceKind::unknown ? std::string("something else") : std::string(core::kind_name(found))) + ")");
    sources::SourceBatch fresh = sources::parse_source(response.body, info, expected == SourceKind::unknown ? found : expected);
    for (const auto& d : fresh.diagnostics)
        if (d.severity == core::Severity::error) return keep("the answer does not parse: " + core::format(d));
    if (core::is_feed(fresh.kind) && !fresh.channel) return keep("the answer has no feed channel");
    if (have_old) count_changes(sources::parse_source(old_text, info, fresh.kind), fresh, out);
    else out.added = static_cast<int>(fresh.records.size());
    std::string error;
    if (!util::write_file_atomically(source.path, response.body, error)) return keep(error);
    remember_validators(state_path(source.path), source.url, response);
    out.kind = FetchOutcome::Kind::updated;
    out.message = "updated (" + std::to_string(response.body.size()) + " bytes)";
    return out;
}

std::vector<FetchOutcome> fetch_sources(const config::SiteConfig& config, const FetchOptions& options) {
    std::vector<FetchOutcome> outcomes;
    for (const auto& source : config.sources)
        if (!source.url.empty()) outcomes.push_back(fetch_source(source, options));
    return outcomes;
}

}  // namespace fetch
