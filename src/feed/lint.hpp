#pragma once
// The feed linter: RSS 2.0, Apple Podcasts' requirements and the Podcasting 2.0 rules for the
// tags podarchive writes. Run on every build (errors fail it) and by `podarchive check FEED`.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"

namespace feed {

enum class LintLevel { error, warning };

struct LintRule {
    std::string id;  // "apple-explicit"
    LintLevel level;
    std::string spec;  // URL of the rule's specification
    std::string summary;
    // For a rule whose value podarchive copies from the input feed as the host wrote it: what
    // the maintainer can do about it. A build reports such a finding as a warning saying this
    // (podarchive judges what it writes, not what the host wrote); "" for rules podarchive
    // alone answers for, whose findings fail a build.
    std::string fix;
};

struct LintFinding {
    std::string rule;
    LintLevel level = LintLevel::error;
    std::string where;  // "channel" or "item 3 'Title'"
    std::string message;
    std::string spec;
    int line = 0;  // in the feed, when known
    int item = 0;  // 1-based position of the item it is about; 0 for the channel
};

// Every rule the linter knows, for documentation and tests.
const std::vector<LintRule>& lint_rules();

// A feed's text, read in parts where it is: a large feed.xml is checked where it was written,
// not read into memory whole.
struct FeedText {
    std::size_t size = 0;
    // Appends its bytes [offset, offset + count) to `to`; false when they cannot be read.
    std::function<bool(std::string& to, std::size_t offset, std::size_t count)> read;
};

// A text in memory as a FeedText (it must outlive it).
FeedText feed_text(std::string_view xml);

// Every finding of every rule on the feed `xml`, in document order; a document that does not
// parse is one error finding.
std::vector<LintFinding> lint_feed(std::string_view xml);

// Whether a finding is about a value the input feed had: its rule says how to fix it there
// (LintRule::fix), and a build's message locates it where the input has it (to_build_diagnostic).
bool about_input(const LintFinding& f);

// The same findings for a feed as write_feed writes it: `items` holds where each of its items
// begins in `xml` and, last, where the last one ends, nothing but the items between. The text
// around them (the channel) is parsed as one document and each item on its own, so no document
// of the whole feed is ever in memory (a large archive's would be one and a half times its
// text). A finding about_input has no line (0): its line would have the whole feed read, for a
// message that names the input's. Any other text is read whole, as lint_feed reads it.
std::vector<LintFinding> lint_feed_by_item(std::string_view xml, std::span<const std::size_t> items);

// What checking one item of a feed found that a later check of the same item needs: whether it
// had findings of its own, and what it is compared with the other items by (hashed). A build
// keeps it with each item of feed.xml: an item the next build copies unchanged (an edit of one
// note changes one item) is not parsed again (lint_feed_by_item).
struct CheckedItem {
    bool clean = false;        // checked, without a finding of its own
    std::uint8_t has = 0;      // k_guid, k_audio, k_date: what the item has to compare
    std::uint64_t guid = 0;    // std::hash of the guid
    std::uint64_t audio = 0;   // of the audio URL, normalized
    std::int64_t seconds = 0;  // the date

    static constexpr std::uint8_t k_guid = 1, k_audio = 2, k_date = 4;
    friend bool operator==(const CheckedItem&, const CheckedItem&) = default;
};

// lint_feed_by_item, with one CheckedItem per item in `checked`: an item whose entry is clean
// is taken as it says (its text must be the one that entry was made of) and the others are read
// and their entries filled in (none clean in a feed with a character XML forbids). The findings are the same as
// lint_feed_by_item's: when one of them would be about an item taken so (its guid or audio URL used twice, its date out
// of order), every item is read. Read whole (a text not as write_feed writes it), every entry is left unclean.
std::vector<LintFinding> lint_feed_by_item(std::string_view xml, std::span<const std::size_t> items,
                                           std::span<CheckedItem> checked);
// The same for a text read in parts (at most about a megabyte at a time on each core, but for a
// text not as write_feed writes it, which is read whole).
std::vector<LintFinding> lint_feed_by_item(const FeedText& text, std::span<const std::size_t> items,
                                           std::span<CheckedItem> checked);

// The finding as a build reports it: for a rule with a `fix` (a value copied from the input
// feed), a warning located at `input`, where the value came from, that says the fix; any other
// as to_diagnostic("feed.xml", f).
core::Diagnostic to_build_diagnostic(const LintFinding& f, const core::SourceLocation& input);

// The finding as a Diagnostic of `file` ("feed.xml:12: error: [apple-explicit] ... (https://...)").
core::Diagnostic to_diagnostic(const std::string& file, const LintFinding& f);

}  // namespace feed
