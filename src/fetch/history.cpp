#include "fetch/history.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "fetch/conditional_get.hpp"
#include "fetch/http_get.hpp"
#include "fetch/kept_items.hpp"
#include "files/files.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"
#include "text/strings.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

// The CDX fields, in the order the service gives them when it is not asked for others.
const std::vector<std::string> k_default_fields = {"urlkey",     "timestamp", "original", "mimetype",
                                                   "statuscode", "digest",    "length"};

bool is_timestamp(const std::string& text) {
    return text.size() >= 8 && text.size() <= 14 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// One capture from a row of fields named by `fields`; nothing when it is not a capture of 200.
std::optional<Capture> capture_of(const std::vector<std::string>& fields, const std::vector<std::string>& row) {
    std::map<std::string, std::string> value;
    for (std::size_t i = 0; i < fields.size() && i < row.size(); ++i) value[fields[i]] = row[i];
    Capture c{value["timestamp"], value["original"], value["digest"], value["mimetype"]};
    if (!is_timestamp(c.timestamp) || !net::is_http_url(c.original)) return std::nullopt;
    if (value.count("statuscode") && value["statuscode"] != "200" && value["statuscode"] != "-") return std::nullopt;
    return c;
}

// The rows of the CDX answer: JSON (an array of arrays, the first naming the fields) or the plain
// text form (one capture a line, fields separated by spaces).
std::vector<Capture> parse_cdx(const std::string& body, bool& understood) {
    std::vector<Capture> out;
    understood = false;
    try {
        const auto json = nlohmann::json::parse(body);
        if (!json.is_array()) return out;
        understood = true;
        std::vector<std::string> fields = k_default_fields;
        bool first = true;
        for (const auto& row : json) {
            if (!row.is_array()) continue;
            std::vector<std::string> cells;
            for (const auto& cell : row) cells.push_back(cell.is_string() ? cell.get<std::string>() : cell.dump());
            if (first && std::find(cells.begin(), cells.end(), "timestamp") != cells.end())
                fields = cells;
            else if (auto c = capture_of(fields, cells))
                out.push_back(std::move(*c));
            first = false;
        }
        return out;
    } catch (const nlohmann::json::exception&) {
    }
    std::istringstream lines(body);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::vector<std::string> cells;
        for (std::string w; words >> w;) cells.push_back(w);
        if (cells.empty()) continue;
        if (auto c = capture_of(k_default_fields, cells))
            out.push_back(std::move(*c)), understood = true;
        else if (cells.size() >= 3)
            understood = understood || is_timestamp(cells[1]);
    }
    return out;
}

// What the last runs did: the captures read (digest, else timestamp and address -> timestamp)
// and the addresses the captures named (a move announced in one).
struct HistoryState {
    std::map<std::string, std::string> read;
    std::vector<std::string> addresses;
};

fs::path history_state_path(const fs::path& snapshot) {
    return snapshot.parent_path() / ("." + snapshot.filename().string() + ".history.json");
}

HistoryState read_history_state(const fs::path& file) {
    HistoryState state;
    try {
        const auto json = nlohmann::json::parse(files::read_file(file, 16 << 20));
        if (json.is_object() && json.contains("read") && json["read"].is_object())
            for (const auto& [key, value] : json["read"].items())
                if (value.is_string()) state.read[key] = value.get<std::string>();
        if (json.is_object() && json.contains("addresses") && json["addresses"].is_array())
            for (const auto& address : json["addresses"])
                if (address.is_string() && net::is_http_url(address.get<std::string>()))
                    state.addresses.push_back(address.get<std::string>());
    } catch (...) {
    }
    return state;
}

void write_history_state(const fs::path& file, const HistoryState& state) {
    nlohmann::ordered_json json;
    json["comment"] =
        "The captures `podarchive fetch --history` has read (digest: timestamp): they are not downloaded again; and "
        "the "
        "addresses the feed's captures named, asked for too.";
    json["addresses"] = state.addresses;
    json["read"] = nlohmann::ordered_json::object();
    for (const auto& [key, value] : state.read) json["read"][key] = value;
    std::string error;
    files::write_file_atomically(file, json.dump(1) + "\n", error);
}

std::string key_of(const Capture& c) {
    return c.digest.empty() ? c.timestamp + " " + c.original : c.digest;
}

// The addresses the feed has lived at: site.yaml's, where fetch reads it now, where it read it
// before, and the snapshot's own self link.
std::vector<std::string> addresses_of(const config::SourceConfig& source, const std::string& snapshot) {
    const FetchState state = read_state(state_path(source.path), source.url);
    std::vector<std::string> out = {source.url};
    auto add = [&](const std::string& url) {
        if (net::is_http_url(url) && std::find(out.begin(), out.end(), url) == out.end()) out.push_back(url);
    };
    add(state.address());
    for (const auto& earlier : state.earlier) add(earlier);
    const auto batch = sources::parse_source(snapshot, {source.name, source.display_path, source.url},
                                             sources::detect_kind(snapshot, "feed.xml"));
    if (batch.channel) add(batch.channel->self_url);
    return out;
}

}  // namespace

std::string capture_url(const std::string& service, const Capture& capture) {
    return service + "/web/" + capture.timestamp + "id_/" + capture.original;
}

CaptureList list_captures(const std::string& service, const std::string& url, const FetchOptions& options) {
    CaptureList out;
    HttpRequest request = limited_request(
        service + "/cdx/search/cdx?url=" + net::encode_path_segment(url) +
            "&output=json&fl=timestamp,original,mimetype,statuscode,digest&filter=statuscode:200&collapse=digest",
        options);
    request.timeout_seconds =
        std::max(request.timeout_seconds, 120L);  // (a list of years of captures takes the service a while)
    const HttpResponse response = http_get(request);
    if (!response.error.empty() || response.status != 200) {
        out.error = service + " could not list the captures of " + url + ": " +
                    (!response.error.empty() ? response.error : "HTTP " + std::to_string(response.status));
        return out;
    }
    bool understood = false;
    auto captures = parse_cdx(response.body, understood);
    if (!understood && !text::trim(response.body).empty()) {
        out.error =
            service + " did not answer a CDX list for " + url + " (expected JSON rows of timestamp, original, ...)";
        return out;
    }
    std::stable_sort(captures.begin(), captures.end(),
                     [](const Capture& a, const Capture& b) { return a.timestamp < b.timestamp; });
    std::set<std::string> seen;
    for (auto& c : captures)
        if (seen.insert(key_of(c)).second) out.captures.push_back(std::move(c));
    return out;
}

HistoryOutcome recover_history(const config::SourceConfig& source, const std::string& service,
                               const FetchOptions& options, const HistoryOptions& history) {
    HistoryOutcome out;
    out.source = source.name;
    std::string snapshot;
    try {
        snapshot = files::read_file(source.path);
    } catch (const files::FileError& e) {
        out.failed = true;
        out.message =
            std::string(e.what()) + ": run `podarchive fetch` first; the captures are compared with the snapshot";
        return out;
    }
    const core::SourceKind kind = sources::detect_kind(snapshot, source.path.filename().string());
    if (!core::is_feed(kind)) {
        out.message = "not a feed: it has no history to recover";
        return out;
    }
    const fs::path state_file = history_state_path(source.path);
    HistoryState state = read_history_state(state_file);
    std::map<std::string, std::string>& read = state.read;
    auto pause = [&] {
        if (history.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(history.delay_ms));
    };

    const fs::path kept_file = sources::kept_items_path(source.path);
    std::string kept;
    try {
        kept = read_kept_file(kept_file);
    } catch (const files::FileError& e) {
        out.failed = true;
        out.message = e.what();
        return out;
    }
    const std::string kept_before = kept;
    // The captures to read, oldest first; an address a capture names (its self link, the
    // new-feed-url of a feed that moved) is asked for too, and its captures join the rest.
    std::vector<Capture> todo;
    std::set<std::string> listed;
    std::size_t asked = 0, next = 0, failed = 0;
    out.addresses = addresses_of(source, snapshot);
    auto learn = [&](const std::string& url) {
        if (!net::is_http_url(url) || std::find(out.addresses.begin(), out.addresses.end(), url) != out.addresses.end())
            return;
        out.addresses.push_back(url);
        if (std::find(state.addresses.begin(), state.addresses.end(), url) == state.addresses.end())
            state.addresses.push_back(url);
    };
    for (const auto& url : std::vector<std::string>(state.addresses)) learn(url);
    for (;;) {
        for (; asked < out.addresses.size(); ++asked) {
            if (asked > 0) pause();
            CaptureList list = list_captures(service, out.addresses[asked], options);
            if (!list.error.empty()) out.problems.push_back(list.error);
            for (auto& c : list.captures)
                if (listed.insert(key_of(c)).second && !read.count(key_of(c))) todo.push_back(std::move(c));
        }
        std::stable_sort(todo.begin() + static_cast<std::ptrdiff_t>(next), todo.end(),
                         [](const Capture& a, const Capture& b) { return a.timestamp < b.timestamp; });
        if (next == todo.size() || static_cast<int>(out.read) >= history.max_captures || out.failed) break;
        const Capture capture = todo[next++];
        pause();
        HttpRequest request = limited_request(capture_url(service, capture),
                                              options);  // (the service is the user's word, as site.yaml's url is)
        const HttpResponse response = http_get(request);
        if (!response.error.empty() || response.status != 200) {
            ++failed;
            out.problems.push_back(
                capture_url(service, capture) + ": " +
                (!response.error.empty() ? response.error : "HTTP " + std::to_string(response.status)) +
                "; the next run asks again");
            continue;
        }
        ++out.read;
        read[key_of(capture)] = capture.timestamp;
        const sources::SourceBatch captured =
            sources::parse_source(response.body, {source.name, source.display_path, capture.original},
                                  sources::detect_kind(response.body, "feed.xml"));
        if (captured.kind != kind || !captured.channel) {
            ++out.not_feed;  // (the host's error page, captured: nothing to recover)
            continue;
        }
        learn(captured.channel->self_url), learn(captured.channel->new_feed_url);
        const auto added = add_items(snapshot, kept, {{response.body, "wayback:" + capture.timestamp}}, false);
        if (!added) {
            out.problems.push_back(kept_file.string() +
                                   " is not a feed of the snapshot's kind: the recovered items cannot be kept there");
            out.failed = true;
            break;
        }
        out.added += added->added;
        kept = added->xml;
    }
    out.listed = listed.size();
    out.left = todo.size() - next + failed;
    std::string error;
    if (kept != kept_before && !files::write_file_atomically(kept_file, kept, error)) {
        out.failed = true;
        out.message = error;
        return out;  // (the captures are not remembered as read: the next run reads them again)
    }
    write_history_state(state_file, state);
    out.message = text::count_text(out.listed, "capture", "captures") + " of " +
                  text::count_text(out.addresses.size(), "address", "addresses") + " at " + service + ", " +
                  std::to_string(out.read) + " read now" +
                  (out.not_feed ? " (" + std::to_string(out.not_feed) + " not a feed)" : std::string()) + ": " +
                  text::count_text(static_cast<std::size_t>(out.added), "item", "items") + " recovered into " +
                  kept_file.filename().string() +
                  (out.left ? "; " + text::count_text(out.left, "capture", "captures") + " left for the next run"
                            : std::string());
    return out;
}

}  // namespace fetch
