#include "fetch/fetch_sources.hpp"

#include <algorithm>
#include <map>

#include "fetch/conditional_get.hpp"
#include "fetch/feed_pages.hpp"
#include "fetch/kept_items.hpp"
#include "fetch/kept_records.hpp"
#include "files/files.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"
#include "text/strings.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

std::string identity(const core::Record& r) {
    if (!r.guid.empty()) return r.guid;
    if (r.enclosure) return r.enclosure->url;
    return r.title;
}

std::string fingerprint(const core::Record& r) {
    return r.title + "\n" + (r.date ? dates::format_iso8601(*r.date) : "") + "\n" +
           (r.enclosure ? r.enclosure->url : "") + "\n" + r.description;
}

void count_changes(const sources::SourceBatch& before, const sources::SourceBatch& after, FetchOutcome& out) {
    std::map<std::string, std::string> old_items, new_items;
    for (const auto& r : before.records) old_items[identity(r)] = fingerprint(r);
    for (const auto& r : after.records) new_items[identity(r)] = fingerprint(r);
    for (const auto& [id, print] : new_items) {
        auto it = old_items.find(id);
        if (it == old_items.end())
            ++out.added;
        else if (it->second != print)
            ++out.changed;
    }
    for (const auto& [id, print] : old_items) out.removed += !new_items.count(id);
}

// Where the feed says it lives now, when that is elsewhere: its itunes:new-feed-url.
std::string announced_move(const sources::SourceBatch& fresh, const std::string& address) {
    if (!fresh.channel) return "";
    const std::string& to = fresh.channel->new_feed_url;
    return net::is_http_url(to) && to != address ? to : "";
}

// Why a feed's announced move to `to` is not followed: it leads to the local network or does
// not resolve (then it is never remembered, so the feed stays readable where it was), or back
// to site.yaml's address from a location an announcement led to (two feeds naming each other
// would make the address alternate run by run). "" when it is followed.
std::string refused_move(const std::string& to, const std::string& given, const FetchState& state,
                         const AddressPolicy& policy) {
    const std::string host = connection_host(to);
    if (!policy.trusts(host)) {
        if (std::string local = resolved_local_address(host); !local.empty())
            return "is " + local + ", an address of the local network";
        // (A name that does not resolve now cannot be judged: the feed is read where it was,
        // and the next run asks again.)
        if (!resolves(host)) return "does not resolve to any address now";
    }
    if (to == given && !state.location.empty() && state.moved_by.find("new-feed-url") != std::string::npos)
        return "names site.yaml's own address (" + given +
               "), whose feed announced the move here: the two feeds name each other";
    return "";
}

// True when a remembered location is to be given up: it is refused as the local network, or
// the feed is gone from it (404, 410).
bool given_up(const HttpResponse& response, const FetchState& state) {
    if (response.refused_local) return true;
    return state.moved_by.find("new-feed-url") != std::string::npos &&
           (response.status == 404 || response.status == 410);
}

// Writes the kept items' new text (or removes the file when none are left). False, with
// `error`, when it cannot.
bool store_kept(const fs::path& file, const KeptItems& kept, std::string& error) {
    std::error_code ec;
    if (kept.text.empty()) {
        fs::remove(file, ec);
        if (ec) error = file.string() + ": " + ec.message();
        return !ec;
    }
    return files::write_file_atomically(file, kept.text, error);
}

// Who stops listing what fetch keeps: a feed's host, or a directory's page.
std::string lister(bool feed) {
    return feed ? "the host" : "the page";
}

// "3 items the host" (a feed's), "1 episode the page" (a directory's page's): what no longer lists them.
std::string dropped(int count, bool feed) {
    return text::count_text(static_cast<std::size_t>(count), feed ? "item" : "episode", feed ? "items" : "episodes") +
           " " + lister(feed);
}

// "updated (N bytes): 2 new, 0 changed episodes, 50 no longer listed by the host; feed.kept.xml keeps ..."
// (a directory's page: "... apple.kept.json keeps 3 episodes the page no longer lists ...").
std::string updated_message(std::size_t bytes, const FetchOutcome& out, const KeptItems* kept,
                            const std::string& kept_name, bool feed) {
    const std::string host = lister(feed);
    std::string message = "updated (" + std::to_string(bytes) + " bytes): " + std::to_string(out.added) + " new, " +
                          std::to_string(out.changed) + " changed episodes";
    if (out.removed > 0) message += ", " + std::to_string(out.removed) + " no longer listed by " + host;
    if (kept && (kept->kept > 0 || kept->listed_again > 0))
        message += "; " + kept_name + " keeps " + dropped(kept->kept, feed) + " no longer lists (" +
                   std::to_string(kept->newly_kept) + " added now" +
                   (kept->listed_again > 0 ? ", " + std::to_string(kept->listed_again) + " listed again by " + host
                                           : std::string()) +
                   ")";
    return message;
}

// "; 3 pages of a paged feed read, 100 items of the other pages added now"
std::string pages_read(const FetchOutcome& out) {
    return "; " + text::count_text(out.pages, "page", "pages") + " of a paged feed read, " +
           text::count_text(out.page_items, "item", "items") + " of the other pages added now";
}

// Reads the other pages of a paged feed whose first page is `body` (read from `url`), and adds
// their items to the kept items' text `kept_xml`; the pages and problems go into `out`. Returns
// how many items were added.
int add_other_pages(const std::string& body, const std::string& url, const FetchOptions& options,
                    const AddressPolicy& policy, std::string& kept_xml, FetchOutcome& out) {
    const PagesRead paged = read_pages(body, url, options, policy);
    out.pages = 1 + static_cast<int>(paged.pages.size());
    out.page_problems = paged.problems;
    if (paged.pages.empty()) return 0;
    std::vector<MoreItems> more;
    for (const auto& page : paged.pages) more.push_back({page.text, "page " + page.url});
    const auto added = add_items(body, kept_xml, more, true);
    if (!added) return 0;
    kept_xml = added->xml, out.page_items = added->added;
    return added->added;
}

}  // namespace

FetchOutcome fetch_source(const config::SourceConfig& source, const FetchOptions& options) {
    FetchOutcome out{source.name, FetchOutcome::Kind::failed, "", "", 0, 0, 0, 0};
    std::string old_text;
    std::error_code ec;
    const bool have_old = fs::is_regular_file(source.path, ec);
    auto fail = [&](const std::string& why) {
        out.message = why + kept_or_nothing(have_old, "snapshot");
        return out;
    };
    if (have_old) old_text = files::read_file(source.path);
    const fs::path state_file = state_path(source.path);
    FetchState state = read_state(state_file, source.url);
    // Where the feed was read before a move is remembered: its captures hold its past (history.hpp).
    std::string started_at = state.address();
    auto remember_earlier = [&] {
        if (state.address() != started_at &&
            std::find(state.earlier.begin(), state.earlier.end(), started_at) == state.earlier.end())
            state.earlier.push_back(started_at);
    };
    // site.yaml's address is fetched as given (a redirect of its server's to another host is
    // guarded, in http_get). A remembered location is a feed's or a server's word, or that of a
    // state file that came with a cloned archive: it may not lead to the local network.
    AddressPolicy remembered = options.feed_named;
    remembered.trusted_hosts.push_back(connection_host(source.url));
    HttpResponse response =
        conditional_get(state, have_old, options, state.location.empty() ? AddressPolicy{} : remembered);
    if (!state.location.empty() && given_up(response, state)) {
        // Where the feed went is refused, or gone: site.yaml's address is read again, and a
        // host that took its announcement back is followed no more.
        out.notice = "the remembered location " + state.location + " (" + state.moved_by + ") " +
                     (response.refused_local ? "is an address of the local network"
                                             : "answers HTTP " + std::to_string(response.status)) +
                     ": it is forgotten, and the feed is read at site.yaml's address again";
        state = FetchState{source.url, "", "", "", "", state.earlier};
        started_at = source.url;  // (a location given up is not one the feed lived at)
        response = conditional_get(state, have_old, options, AddressPolicy{});
    }
    // A permanent redirect: the feed is read where it moved, from now on.
    if (!response.moved_to.empty() && response.status == 200 && response.moved_to != source.url)
        state.location = response.moved_to, state.moved_by = "a permanent redirect (HTTP 301/308)";
    auto moved_notice = [&] {
        if (!state.location.empty() && out.notice.empty())
            out.notice = "the feed moved to " + state.location + " (" + state.moved_by +
                         "): fetch reads it there; set `url: " + state.location +
                         "` for this source in site.yaml to make it permanent";
    };
    moved_notice();
    if (auto settled = outcome_without_body(response, out, fail)) return *settled;
    // The new file must be what the old one was: parse it with the same adapter.
    sources::SourceInfo info{source.name, source.display_path, state.address()};
    using core::SourceKind;
    SourceKind expected = source.kind;
    if (expected == SourceKind::unknown && have_old)
        expected = sources::detect_kind(old_text, source.path.filename().string());
    const SourceKind found = sources::detect_kind(response.body, source.path.filename().string());
    if (expected != SourceKind::unknown && found != expected && source.kind == SourceKind::unknown)
        return fail(
            "the answer is not a " + std::string(core::kind_name(expected)) + " source (it looks like " +
            (found == SourceKind::unknown ? std::string("something else") : std::string(core::kind_name(found))) + ")");
    sources::SourceBatch fresh =
        sources::parse_source(response.body, info, expected == SourceKind::unknown ? found : expected);
    for (const auto& d : fresh.diagnostics)
        if (d.severity == core::Severity::error) return fail("the answer does not parse: " + core::format(d));
    if (core::is_feed(fresh.kind) && !fresh.channel) return fail("the answer has no feed channel");
    // A feed sent whole that stops before its end (a file cut short at the host) is read by a
    // build as far as it goes; as the new snapshot it would lose the items past the cut.
    if (fresh.cut_short)
        return fail("the answer is cut short: it ends inside an element (the host's file is incomplete)");
    const std::string read_from = state.address();
    if (std::string to = announced_move(fresh, read_from); !to.empty()) {
        if (std::string refused = refused_move(to, source.url, state, remembered); !refused.empty()) {
            out.notice = "the feed announces a move to " + to + " (its itunes:new-feed-url), which " + refused +
                         ": not followed; the feed is read where it was";
        } else {
            state.location = to == source.url ? "" : to, state.moved_by = "its itunes:new-feed-url";
            moved_notice();
        }
    }
    if (have_old && response.body == old_text) {  // (a server that sends the same feed with new dates)
        // Validators are taken when there were none, or the address changed; a new Last-Modified
        // on the same bytes is not (it would be a change to commit every day).
        if (state.address() != read_from)
            state.etag.clear(), state.last_modified.clear();
        else if (state.etag.empty() && state.last_modified.empty())
            state.etag = response.etag, state.last_modified = response.last_modified;
        remember_earlier();
        write_state(state_file, state);  // (only when that changed it)
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "unchanged (the same " + std::to_string(response.body.size()) + " bytes)";
        // (A host without validators, or a first run with an existing snapshot: its other
        // pages may hold what the archive lacks.)
        if (core::is_feed(fresh.kind)) {
            const fs::path kept_file = sources::kept_items_path(source.path);
            std::string kept_xml, error;
            try {
                kept_xml = read_kept_file(kept_file);
            } catch (const files::FileError& e) {
                out.page_problems.push_back(std::string(e.what()) + ": the other pages are not read");
                return out;
            }
            const std::string before = kept_xml;
            if (add_other_pages(response.body, read_from, options, remembered, kept_xml, out) > 0 &&
                !store_kept(kept_file, {kept_xml, 0, 0, 0}, error))
                return fail(error);
            if (kept_xml != before) out.message += pages_read(out);
        }
        return out;
    }
    std::optional<sources::SourceBatch> old_batch;
    if (have_old) {
        old_batch = sources::parse_source(old_text, info, fresh.kind);
        count_changes(*old_batch, fresh, out);
    } else {
        out.added = static_cast<int>(fresh.records.size());
    }
    // What the host no longer lists is kept first: were the snapshot replaced and the kept items
    // not, they would be lost.
    const bool feed = core::is_feed(fresh.kind);
    const fs::path kept_file = feed ? sources::kept_items_path(source.path) : sources::kept_records_path(source.path);
    std::optional<KeptItems> kept;
    std::string kept_before, error;
    try {
        kept_before = read_kept_file(kept_file);
    } catch (const files::FileError& e) {
        // Another fetch of this source may have removed it since (it keeps none then).
        if (fs::exists(kept_file, ec)) return fail(e.what());
    }
    if (feed) {
        kept = keep_dropped_items(old_text, response.body, kept_before);
        if (kept) {
            const int added = add_other_pages(response.body, read_from, options, remembered, kept->text, out);
            kept->kept += added;
        }
    } else if (old_batch) {
        const sources::SourceInfo kept_info{info.name, sources::kept_records_path(info.file).generic_string(),
                                            info.url};
        // (Counted again as the kept records are told: by the merge's judgment.)
        PageChanges changes;
        kept = keep_dropped_records(*old_batch, fresh, kept_before, kept_info, &changes);
        if (kept) out.added = changes.added, out.changed = changes.changed, out.removed = kept->newly_kept;
    }
    if (kept && kept->text != kept_before && !store_kept(kept_file, *kept, error)) return fail(error);
    if (!files::write_file_atomically(source.path, response.body, error)) {
        if (kept && kept->text != kept_before) store_kept(kept_file, {kept_before, 0, 0, 0}, error);  // (as it was)
        return fail(error);
    }
    // (Validators are the answering address's: a feed that moves is read unconditionally once.)
    const bool same_address = state.address() == read_from;
    state.etag = same_address ? response.etag : "", state.last_modified = same_address ? response.last_modified : "";
    remember_earlier();
    write_state(state_file, state);
    out.kind = FetchOutcome::Kind::updated;
    out.message =
        updated_message(response.body.size(), out, kept ? &*kept : nullptr, kept_file.filename().string(), feed);
    if (out.pages > 1) out.message += pages_read(out);
    if (kept) out.kept = kept->kept;
    if (!kept && out.removed > 0)  // (never in silence: these items are the archive's)
        out.notice += (out.notice.empty() ? "" : "; ") + dropped(out.removed, feed) +
                      " no longer lists could not be kept in " + kept_file.filename().string() +
                      (feed ? " (it is not a feed of the same kind" : " (it is not a JSON list of episode records") +
                      "; it is left as it is): mend it, then copy them there from the previous snapshot in git";
    return out;
}

}  // namespace fetch
