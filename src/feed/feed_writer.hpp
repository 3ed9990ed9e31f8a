#pragma once
// Catalog -> the regenerated RSS feed, built as an XML tree (pugixml), never by pasting strings.
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "feed/foreign_elements.hpp"
#include "feed/lint.hpp"
#include "notes/curation.hpp"
#include "site/site_content.hpp"

namespace feed {

// What a feed item is known by: podcast apps identify episodes by guid and audio URL.
struct ItemIdentity {
    std::string guid;
    std::string enclosure_url;
    std::string slug;
    std::string file{};  // where the item comes from (an input feed), for messages; "" when unknown
    int line = 0;
    std::string title{};  // as the feed writes it: with `day`, how a re-issued episode is known
    std::string day{};    // YYYY-MM-DD of its date, "" when unknown
    // The host's audio URL, when the item's enclosure is the archive's copy of a file the host
    // no longer serves: an input feed still names it, and that is no change the writer made.
    std::string host_enclosure_url{};
    // The host's guid, when the item keeps the guid the site published it under since the host
    // re-issued it (core::Episode::published_guid): an input feed names that one.
    std::string host_guid{};
};

// An archive page of feed.xml (archive_pages.hpp).
struct FeedPage {
    std::string path;  // "feed/page-1.xml"
    std::string xml;
};

// What feed.xml leaves out of an item that the input had (counted for the build's warnings): a
// link that runs code where it is opened (javascript:, vbscript:, data:), a control character
// XML forbids (an ESC or a NUL in a title: no parser would read the feed at all), and what
// foreign_elements.hpp keeps out.
struct LeftOutOfItem {
    std::size_t script_links = 0;
    std::size_t control_characters = 0;
    LeftOut foreign;
};

// Bytes of the feed.xml written before (FeedBefore) that go into a feed written from it: its
// `count` bytes from `from` belong at `at` in the text written now (FeedResult::xml).
struct CopiedRun {
    std::size_t at = 0;
    std::size_t from = 0;
    std::size_t count = 0;

    friend bool operator==(const CopiedRun&, const CopiedRun&) = default;
};

struct FeedResult {
    // The feed's text; written from a feed before, the text but for the runs of it `copied`
    // (in order): the unchanged items are not read, and whoever writes the file copies them
    // from the one before (whole_text reads them into memory). Empty when written in pieces.
    std::string xml;
    std::vector<CopiedRun> copied;
    // Where each item of the feed's whole text begins and, last, where the last one ends (none
    // without items): what lint_feed_by_item reads it by.
    std::vector<std::size_t> item_offsets;
    std::vector<FeedPage> pages;      // the items past feed_limit, on pages feed.xml links to (oldest first)
    std::vector<ItemIdentity> items;  // in feed order
    std::vector<LeftOutOfItem> left_out_of_items;  // of each of `items`
    // Of each of `items`: as the feed written before's check kept it for an item copied from it,
    // else unchecked (lint_feed_by_item checks it and fills it in).
    std::vector<CheckedItem> checked;
    std::vector<ItemIdentity>
        beyond_limit;  // items site.yaml's feed_limit leaves out of feed.xml (on its archive pages)
    std::size_t left_out_without_audio = 0;  // episodes no podcast app could play
    std::size_t left_out_without_date = 0;   // episodes apps could not place (no input feed item either)
    std::vector<core::Diagnostic> warnings;  // what was written otherwise than the input had it, and why
    core::SourceLocation channel_at;         // where the input describes the show (for messages)
};

// Writes RSS 2.0 with the itunes, content, atom and podcast namespaces: channel metadata
// (site.yaml first, the input feed's channel where site.yaml is silent; a category Apple
// retired is written as the one it became), atom:link rel=self at the site's own feed URL,
// and one item per episode that has an enclosure and either a date or an item in the input
// feed (whose <pubDate> is kept as written when it cannot be read), newest first, with its
// original guid; an episode that joined several input items (a re-post) keeps each of them. Dates are RFC 822;
// durations are seconds. lastBuildDate is the newest item's date, so the same inputs give the same bytes. Nothing is
// lost: the input feed's channel and items are written in their own order, with the elements podarchive models replaced
// in place and every other element (other namespaces included) copied unchanged. Regenerating from our own feed.xml
// gives the same bytes. From the notes (`curation`): podcast:person per guest, podcast:transcript and podcast:chapters,
// and the curated note appended to content:encoded.
//
// `before` (optional): the feed.xml a build wrote before, from the same sources and site, whose
// items are copied as they are for the episodes it says are unchanged (when neither it nor this
// feed has archive pages): named in `copied`, not read. The same inputs give the same bytes.
struct FeedBefore;
FeedResult write_feed(const config::SiteConfig& config, const site::SiteContent& content,
                      const FeedBefore* before = nullptr);

// write_feed without a feed before, its text written through `write` as it is made, whole items
// about a megabyte at a time: FeedResult::xml is empty, and a large archive's feed.xml (tens of
// megabytes) is never whole in memory.
FeedResult write_feed_in_pieces(const config::SiteConfig& config, const site::SiteContent& content,
                                const std::function<void(std::string_view)>& write);

// What the next build needs of a feed.xml to copy its items (FeedResult's parts of it).
struct WrittenFeed {
    std::vector<std::size_t> item_offsets;
    std::vector<ItemIdentity> items;
    std::vector<LeftOutOfItem> left_out_of_items;
    std::vector<CheckedItem> checked{};  // what its check kept of each item (none: none kept)
};

// A feed.xml written before (what write_feed copies items from), and which of its episodes have
// not changed since.
struct FeedBefore {
    FeedText text;  // (one that cannot be read: whole_text throws FeedBeforeUnreadable)
    const WrittenFeed& written;
    std::function<bool(const std::string& slug)> unchanged;
};

// Thrown by whole_text when the feed written before cannot be read: write it again without.
struct FeedBeforeUnreadable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The feed's whole text: `feed.xml` with its copied runs read from `before`, the feed it was
// written from (for an output that cannot copy them from file to file).
std::string whole_text(const FeedResult& feed, const FeedBefore& before);

}  // namespace feed
