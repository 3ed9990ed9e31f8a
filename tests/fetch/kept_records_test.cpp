// What fetch keeps of the episodes a directory's page drops (fetch/kept_records.hpp), on the
// real pages we were given and the iTunes lookup's answer.
#include "fetch/kept_records.hpp"

#include <doctest/doctest.h>

#include "sources/read_source.hpp"
#include "sources/records_reader.hpp"
#include "sources/records_writer.hpp"
#include "support.hpp"

namespace {

const sources::SourceInfo k_kept{"Directory", "content/sources/page.kept.json", ""};

sources::SourceBatch page(const std::string& fixture) {
    const std::string text = test::read(test::fixture(fixture));
    const sources::SourceInfo info{"Directory", fixture, ""};
    return sources::parse_source(text, info, sources::detect_kind(text, fixture));
}

// A page that is a records file (its text).
sources::SourceBatch listing(std::string_view text) {
    return sources::read_records(text, {"Directory", "listing.json", ""}, sources::RecordsSyntax::json);
}

// What fetch keeps when the page goes from `before` to `now`, and the kept file read back.
struct Kept {
    fetch::KeptItems items;
    std::vector<core::Record> read;
};
Kept kept_of(const sources::SourceBatch& before, const sources::SourceBatch& now) {
    const auto kept = fetch::keep_dropped_records(before, now, "", k_kept);
    REQUIRE(kept);
    return {*kept, sources::read_records(kept->text, k_kept, sources::RecordsSyntax::json).records};
}

// The page without its records [from, to): what it lists once those left it.
sources::SourceBatch without(sources::SourceBatch batch, std::size_t from, std::size_t to) {
    batch.records.erase(batch.records.begin() + static_cast<std::ptrdiff_t>(from),
                        batch.records.begin() + static_cast<std::ptrdiff_t>(to));
    return batch;
}

}  // namespace

TEST_CASE("kept records: each real page's dropped episodes are kept whole, and read back as they were") {
    for (const std::string fixture :
         {"seeds/000_6f302cb97260941e.txt", "seeds/001_6145ee8a21334445.txt", "seeds/002_6bfb443b6ffd6f6d.txt",
          "seeds/003_71401b1285e0bb24.txt", "itunes/lookup.json", "records/listings.json"}) {
        CAPTURE(fixture);
        const sources::SourceBatch before = page(fixture);
        REQUIRE(before.records.size() >= 2);
        // The oldest episodes leave the page, as a page of the newest ones lets them go.
        const std::size_t gone = std::min<std::size_t>(3, before.records.size() - 1);
        const std::size_t from = before.records.size() - gone;
        const auto kept = fetch::keep_dropped_records(before, without(before, from, before.records.size()), "", k_kept);
        REQUIRE(kept);
        CHECK(kept->kept == static_cast<int>(gone));
        CHECK(kept->newly_kept == static_cast<int>(gone));
        CHECK(kept->listed_again == 0);
        const sources::SourceBatch read = sources::read_records(kept->text, k_kept, sources::RecordsSyntax::json);
        CHECK(read.diagnostics.empty());
        REQUIRE(read.records.size() == gone);
        for (const core::Record& r : read.records) {
            CHECK(r.from.file == "content/sources/page.kept.json");
            const auto listed =
                std::find_if(before.records.begin() + static_cast<std::ptrdiff_t>(from), before.records.end(),
                             [&](const core::Record& b) {
                                 return b.title == r.title && b.date == r.date && b.description == r.description;
                             });
            REQUIRE(listed != before.records.end());
            INFO(kept->text);
            CHECK(sources::written_fields(r) == sources::written_fields(*listed));
        }
        // The next fetch, the page as it was: the same file, nothing new.
        const auto again =
            fetch::keep_dropped_records(without(before, from, before.records.size()),
                                        without(before, from, before.records.size()), kept->text, k_kept);
        REQUIRE(again);
        CHECK(again->text == kept->text);
        CHECK(again->kept == static_cast<int>(gone));
        CHECK(again->newly_kept == 0);
        // The page lists them again: the page's copies stand, and the file has nothing left.
        const auto back =
            fetch::keep_dropped_records(without(before, from, before.records.size()), before, kept->text, k_kept);
        REQUIRE(back);
        CHECK(back->listed_again == static_cast<int>(gone));
        CHECK(back->kept == 0);
        CHECK(back->text.empty());
    }
}

TEST_CASE("kept records: an episode the page lists under a new title is not kept, a new one's neighbour is") {
    const std::string before_text = R"([
 {"title": "Higher order operators", "date": "2024-02-01", "duration": 900,
  "description": "What a higher-order operator is and how torch.compile traces one."},
 {"title": "Compiler collectives", "date": "2024-01-01", "duration": 1200,
  "description": "How collectives are traced and compiled, and what the compiler does to overlap them."},
 {"title": "Tensor subclasses", "date": "2023-12-01", "duration": 1000, "description": "Subclassing Tensor."}
])";
    // Retitled (the merge's similar-title rule), one renamed outright (its description, its
    // day), and one gone.
    const std::string now_text = R"([
 {"title": "Higher-order operators", "date": "2024-02-01", "duration": 900,
  "description": "What a higher-order operator is and how torch.compile traces one."},
 {"title": "Collectives, compiled", "date": "2024-01-01", "duration": 1200,
  "description": "How collectives are traced and compiled, and what the compiler does to overlap them."}
])";
    const Kept kept = kept_of(listing(before_text), listing(now_text));
    CHECK(kept.items.kept == 1);
    REQUIRE(kept.read.size() == 1);
    CHECK(kept.read[0].title == "Tensor subclasses");
    CHECK(kept.read[0].from.line == 2);  // (an entry of a few lines each, for people and git)
}

TEST_CASE("kept records: a record the page still lists as it was is not kept, however little it says") {
    // (No title, no date, a text too short for the merge to join it to anything: a page's entry
    // like that is its own copy still, not a record the page dropped.)
    const auto before = listing(R"([{"description": "A short note."}, {"description": "Another."}])");
    const auto now = listing(R"([{"description": "A short note."}])");
    const Kept kept = kept_of(before, now);
    CHECK(kept.items.kept == 1);
    REQUIRE(kept.read.size() == 1);
    CHECK(kept.read[0].description == "Another.");
    // Kept, then listed again as it was: it leaves the file.
    const auto back = fetch::keep_dropped_records(now, before, kept.items.text, k_kept);
    REQUIRE(back);
    CHECK(back->listed_again == 1);
    CHECK(back->text.empty());
}

TEST_CASE("kept records: kept newest first; a kept file that is not a list of records is left alone") {
    const auto before = listing(
        R"([{"title": "Undated"}, {"title": "Old", "date": "2021-05-01", "description": "Cut where a sentence ends.",
              "description_truncated": true}, {"title": "New", "date": "2023-05-01T10:00:00"},
            {"title": "Staying", "date": "2024-05-01"}])");
    const auto now = listing(R"([{"title": "Staying", "date": "2024-05-01"}])");
    const Kept kept = kept_of(before, now);
    REQUIRE(kept.read.size() == 3);
    CHECK(kept.read[0].title == "New");
    CHECK(kept.read[1].title == "Old");
    CHECK(kept.read[2].title == "Undated");
    // (The page said the text is cut, which its text does not: the file says so.)
    CHECK(kept.read[1].description_truncated);
    // (A time without a zone stays one: written with a zone it would read back as UTC's.)
    CHECK(kept.items.text.find("\"2023-05-01T10:00:00\"") != std::string::npos);
    CHECK_FALSE(kept.read[0].date->has_zone);
    CHECK_FALSE(fetch::keep_dropped_records(before, now, "edited by hand, not JSON", k_kept));
    CHECK_FALSE(fetch::keep_dropped_records(before, now, R"([{"title": "T", "date": "someday"}])", k_kept));
}
