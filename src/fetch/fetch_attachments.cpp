#include "fetch/fetch_attachments.hpp"

#include <filesystem>
#include <set>

#include "concurrency/parallel.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/http_get.hpp"
#include "files/files.hpp"
#include "listening/attachments.hpp"
#include "listening/chapters.hpp"
#include "listening/transcript.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

constexpr long long k_max_attachment_bytes = 16LL << 20;  // a 100-hour transcript is about 6 MB
constexpr std::size_t k_refusals_listed = 10;             // addresses refused, named one by one

struct Wanted {
    core::MediaLink link;
    bool chapters = false;
    std::string source;  // the file that links to it, as site.yaml names it, for messages
};

// Whether a download is what the link says: chapters, or a transcript with text.
std::string check(const Wanted& w, const std::string& body) {
    if (w.chapters)
        return listening::read_chapters_json(body, w.link.url).chapters.empty()
                   ? "not a JSON chapters file with chapters"
                   : "";
    auto format = listening::transcript_format(w.link.type, w.link.url);
    return listening::read_transcript(body, format, w.link.url).transcript.segments.empty()
               ? "no transcript text could be read from it"
               : "";
}

}  // namespace

FetchOutcome fetch_attachments(const config::SiteConfig& config, const FetchOptions& options) {
    FetchOutcome out{"chapters and transcripts", FetchOutcome::Kind::not_modified, "", "", 0, 0, 0, 0};
    const fs::path dir = config.attachments_dir();
    std::vector<Wanted> wanted;
    std::set<std::string> names;
    for (const auto& source : config.sources) {
        std::error_code ec;
        if (!fs::is_regular_file(source.path, ec)) continue;
        sources::SourceBatch batch = sources::read_source(source);
        for (const auto& r : batch.records) {
            auto want = [&](const core::MediaLink& link, bool chapters) {
                const std::string name = listening::attachment_name(link);
                if (!net::is_http_url(link.url) || fs::exists(dir / name, ec) || !names.insert(name).second) return;
                wanted.push_back({link, chapters, source.display_path});
            };
            if (!r.listening) continue;
            if (r.listening->chapters_link) want(*r.listening->chapters_link, true);
            for (const auto& t : r.listening->transcript_links) want(t, false);
        }
    }
    if (wanted.empty()) {
        out.message = "every file the feeds link to is here";
        return out;
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::vector<std::string> errors(wanted.size());  // "" : downloaded, `bytes` long
    std::vector<char> refused(wanted.size(), 0);     // its address was on the local network
    std::vector<long long> bytes(wanted.size(), 0);
    const AddressPolicy addresses = feed_named_policy(config);
    concurrency::parallel_for(wanted.size(), 1, [&](std::size_t i) {
        const Wanted& w = wanted[i];
        HttpRequest request;
        request.url = w.link.url;
        request.addresses = addresses;
        request.timeout_seconds = options.timeout_seconds;
        request.max_bytes = std::min(options.max_bytes, k_max_attachment_bytes);
        HttpResponse response = http_get(request);
        refused[i] = response.refused_local;
        if (!response.error.empty())
            errors[i] = response.error;
        else if (response.status != 200)
            errors[i] = "HTTP " + std::to_string(response.status);
        else if (std::string why = check(w, response.body); !why.empty())
            errors[i] = why;
        else if (std::string error;
                 !files::write_file_atomically(dir / listening::attachment_name(w.link), response.body, error))
            errors[i] = error.empty() ? "the copy could not be written" : error;
        else
            bytes[i] = static_cast<long long>(response.body.size());  // (every other branch says why)
    });
    long long total = 0;
    int done = 0, failed = 0;
    std::string first_error;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (errors[i].empty())
            ++done, total += bytes[i];
        else if (failed++ == 0)
            first_error = wanted[i].source + ": " + wanted[i].link.url + ": " + errors[i];
    }
    out.kind = failed ? FetchOutcome::Kind::failed : FetchOutcome::Kind::updated;
    out.message = "downloaded " + std::to_string(done) + " of " + std::to_string(wanted.size()) + " files (" +
                  std::to_string(total) + " bytes) into " + dir.lexically_relative(config.root).generic_string();
    if (failed)
        out.message += "; " + std::to_string(failed) + " failed and stay as they were, the first " + first_error;
    // Each address refused is named: a feed that points at the local network is worth a look.
    std::size_t listed = 0, refusals = 0;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (!refused[i]) continue;
        if (++refusals > k_refusals_listed) continue;
        out.notice += (listed++ ? "; " : "") + wanted[i].source + " links to " + wanted[i].link.url;
    }
    if (refusals > 0)
        out.notice =
            "not fetched, an address of the local network (list the host under site.yaml's `allowed_hosts` if it is "
            "yours): " +
            out.notice + (refusals > listed ? "; and " + std::to_string(refusals - listed) + " more" : "");
    out.added = done;
    return out;
}

}  // namespace fetch
