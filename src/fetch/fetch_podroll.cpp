#include "fetch/fetch_podroll.hpp"

#include <chrono>
#include <ctime>
#include <set>

#include "concurrency/parallel.hpp"
#include "dates/dates.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/http_get.hpp"
#include "files/files.hpp"
#include "listening/podroll.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

constexpr long long k_max_feed_bytes = 16LL << 20;  // (the title is at the top; a feed of every episode can be large)
constexpr int k_days_kept = 30;                     // a show's title and website are read again after this

// "2026-12-02", the UTC day of `t`.
std::string day_text(std::time_t t) {
    return dates::format_day(dates::Timestamp{static_cast<std::int64_t>(t)});
}

// The feed URLs of every podroll in the site's feeds, in order, once each.
std::vector<std::string> recommended_feeds(const config::SiteConfig& config) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& source : config.sources) {
        std::error_code ec;
        if (!fs::is_regular_file(source.path, ec)) continue;
        const sources::SourceBatch batch = sources::read_source(source);
        if (!batch.channel) continue;
        for (const auto& link : batch.channel->links)
            if (link.kind == core::FeedLink::Kind::podroll && seen.insert(link.url).second) out.push_back(link.url);
    }
    return out;
}

// The show a feed describes, or why not.
std::string read_show(const std::string& url, const std::string& body, listening::RecommendedShow& show) {
    const sources::SourceInfo info{url, url, url};
    const sources::SourceBatch batch = sources::parse_source(body, info, sources::detect_kind(body, ""));
    if (!batch.channel) return "not an RSS or Atom feed";
    show.title = batch.channel->title;
    show.website = net::is_http_url(batch.channel->link) ? batch.channel->link : "";
    return show.title.empty() ? "the feed has no title" : "";
}

}  // namespace

FetchOutcome fetch_podroll(const config::SiteConfig& config, const FetchOptions& options) {
    FetchOutcome out{"recommended shows", FetchOutcome::Kind::not_modified, "", "", 0, 0, 0, 0};
    const std::vector<std::string> feeds = recommended_feeds(config);
    const fs::path file = config.podroll_file();
    const std::string shown = file.lexically_relative(config.root).generic_string();
    std::vector<core::Diagnostic> warnings;
    const listening::Podroll before = listening::read_podroll(config.root, file, shown, warnings);
    if (feeds.empty() && before.empty()) {
        out.message = "the feeds recommend no show";
        return out;
    }
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    const std::string today = day_text(now), due = day_text(now - k_days_kept * 86400LL);
    // What the feeds still recommend is kept; what is new or a month old is read.
    listening::Podroll after;
    std::vector<std::string> wanted;
    for (const auto& url : feeds) {
        const auto it = before.find(url);
        if (it != before.end()) after.insert(*it);
        if (it == before.end() || it->second.checked < due) wanted.push_back(url);
    }
    std::vector<listening::RecommendedShow> read(wanted.size());
    std::vector<std::string> errors(wanted.size());
    const AddressPolicy addresses = feed_named_policy(config);
    concurrency::parallel_for(wanted.size(), 1, [&](std::size_t i) {
        HttpRequest request;
        request.url = wanted[i];
        request.addresses = addresses;
        request.timeout_seconds = options.timeout_seconds;
        request.max_bytes = std::min(options.max_bytes, k_max_feed_bytes);
        const HttpResponse response = http_get(request);
        if (!response.error.empty())
            errors[i] = response.error;
        else if (response.status != 200)
            errors[i] = "HTTP " + std::to_string(response.status);
        else
            errors[i] = read_show(wanted[i], response.body, read[i]);
        read[i].checked = today;
    });
    int done = 0, failed = 0;
    std::string first_error;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (!errors[i].empty()) {
            if (failed++ == 0) first_error = wanted[i] + ": " + errors[i];
            continue;
        }
        ++done;
        after[wanted[i]] = std::move(read[i]);
    }
    if (after != before) {
        std::string error;
        std::error_code ec;
        fs::create_directories(file.parent_path(), ec);
        if (!files::write_file_atomically(file, listening::podroll_json(after), error)) {
            out.kind = FetchOutcome::Kind::failed;
            out.message = shown + ": " + error;
            return out;
        }
        out.kind = FetchOutcome::Kind::updated;
    }
    out.message = "read " + std::to_string(done) + " of " + std::to_string(wanted.size()) +
                  " feeds the podroll names (" + std::to_string(after.size()) + " of " + std::to_string(feeds.size()) +
                  " shows known) into " + shown;
    if (failed) {
        out.kind = FetchOutcome::Kind::failed;
        out.message +=
            "; " + std::to_string(failed) + " could not be read and show their feed's host, the first " + first_error;
    }
    for (const auto& w : warnings) out.notice += (out.notice.empty() ? "" : "; ") + core::format(w);
    out.added = done;
    return out;
}

}  // namespace fetch
