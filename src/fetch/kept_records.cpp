#include "fetch/kept_records.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "merge/link.hpp"
#include "sources/records_reader.hpp"
#include "sources/records_writer.hpp"

namespace fetch {

namespace {

// Each record of `batches` as records_json writes it alone, by batch and index: what tells a
// record the page has as it was, or had, from any other.
using RecordTexts = std::array<std::vector<std::string>, 2>;

// How the page changed for the episode of `group`, which the page lists now: batch 0 holds the
// kept records (the first `kept_count`), then the page's records before (`was_on_page`, their
// texts); batch 1 the page now.
void count_change(const merge::LinkedGroup& group, const RecordTexts& texts, std::size_t kept_count,
                  const std::set<std::string_view>& was_on_page, PageChanges& changes) {
    std::set<std::string_view> before, now;
    bool kept = false;
    for (const merge::RecordId& id : group.members) {
        if (id.batch == 0 && id.index < kept_count)
            kept = true;
        else
            (id.batch == 0 ? before : now).insert(texts[id.batch][id.index]);
    }
    // (One kept that the page lists again is no new episode; nor one the page had as it is, too
    // thin for the merge to join to its own copy.)
    if (before.empty())
        changes.added += !kept && !std::includes(was_on_page.begin(), was_on_page.end(), now.begin(), now.end());
    else
        changes.changed += before != now && !now.empty();
}

}  // namespace

std::optional<KeptItems> keep_dropped_records(const sources::SourceBatch& before, const sources::SourceBatch& now,
                                              std::string_view kept_before, const sources::SourceInfo& kept_info,
                                              PageChanges* changes) {
    // Batch 0: what the archive had of the page (kept first), batch 1: the page now.
    std::array<sources::SourceBatch, 2> batches{sources::SourceBatch{kept_info, before.kind, {}, {}, {}}, now};
    std::size_t kept_count = 0;
    if (!kept_before.empty()) {
        sources::SourceBatch kept = sources::read_records(kept_before, kept_info, sources::RecordsSyntax::json);
        if (std::any_of(kept.diagnostics.begin(), kept.diagnostics.end(),
                        [](const core::Diagnostic& d) { return d.severity == core::Severity::error; }))
            return std::nullopt;
        batches[0].records = std::move(kept.records);
        kept_count = batches[0].records.size();
    }
    batches[0].records.insert(batches[0].records.end(), before.records.begin(), before.records.end());

    RecordTexts texts;
    for (std::size_t b = 0; b < batches.size(); ++b)
        for (const core::Record& r : batches[b].records) texts[b].push_back(sources::records_json({&r, 1}));
    // (A record the page still has as it was is listed, whatever the merge makes of it: one too
    // thin for any of its rules, a short text alone, joins no copy, not even its own.)
    const std::set<std::string_view> as_it_was(texts[1].begin(), texts[1].end());
    const std::set<std::string_view> was_on_page(texts[0].begin() + static_cast<std::ptrdiff_t>(kept_count),
                                                 texts[0].end());
    const auto still_there = [&](const merge::RecordId& id) {
        return id.batch == 0 && as_it_was.contains(texts[0][id.index]);
    };

    KeptItems out;
    std::vector<core::Record*> keep;  // (in batches[0], which is ours: moved out at the end)
    for (const merge::LinkedGroup& group : merge::link_records(batches)) {
        const auto listed = [&](const merge::RecordId& id) { return id.batch == 1 || still_there(id); };
        const auto was_kept = [&](const merge::RecordId& id) { return id.batch == 0 && id.index < kept_count; };
        const std::size_t kept_in_group =
            static_cast<std::size_t>(std::count_if(group.members.begin(), group.members.end(), was_kept));
        if (std::any_of(group.members.begin(), group.members.end(), listed)) {
            out.listed_again += static_cast<int>(kept_in_group);
            if (changes) count_change(group, texts, kept_count, was_on_page, *changes);
            continue;
        }
        // (A record repeated, in the page and kept: the page's copy, the newer.)
        const auto from_page = std::find_if(group.members.begin(), group.members.end(),
                                            [&](const merge::RecordId& id) { return !was_kept(id); });
        const merge::RecordId chosen = from_page != group.members.end() ? *from_page : group.members.front();
        keep.push_back(&batches[0].records[chosen.index]);
        out.newly_kept += kept_in_group == 0;
    }
    out.kept = static_cast<int>(keep.size());
    if (keep.empty()) return out;
    std::stable_sort(keep.begin(), keep.end(), [](const core::Record* a, const core::Record* b) {
        if (!a->date || !b->date) return a->date.has_value() && !b->date;
        return a->date->utc_seconds > b->date->utc_seconds;
    });
    std::vector<core::Record> records;
    records.reserve(keep.size());
    for (core::Record* r : keep) records.push_back(std::move(*r));
    out.text = sources::records_json(records);
    return out;
}

}  // namespace fetch
