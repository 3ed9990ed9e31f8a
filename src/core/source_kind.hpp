#pragma once
// The kinds of source podarchive reads: each has its own adapter in src/sources/.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// `unknown` is a source whose kind site.yaml does not name (it is then told from the content)
// or that the content did not tell.
enum class SourceKind { unknown, rss, atom, records, itunes_lookup, podbean, pod_casts_io, player_fm, apple_page };

// The kind's name as site.yaml writes it ("rss", "apple_page", ...); "" for unknown.
std::string_view kind_name(SourceKind kind);

// The kind site.yaml's `kind: <name>` names, or nothing for a name that is no kind's.
std::optional<SourceKind> kind_named(std::string_view name);

// Every kind's name, in the order site.yaml's messages list them.
const std::vector<std::string>& kind_names();

// True for the show's own feed (RSS or Atom): the host's word, which describes the show and
// whose items subscribers have.
inline bool is_feed(SourceKind kind) {
    return kind == SourceKind::rss || kind == SourceKind::atom;
}

}  // namespace core
