#include <doctest/doctest.h>

#include <string>

#include "output/output.hpp"
#include "search/index.hpp"
#include "site/episode_text.hpp"
#include "site/site_info.hpp"
#include "support.hpp"

namespace {

namespace fs = std::filesystem;

// 700 episodes; "tensor" is in every one, as often as its number modulo 7 plus one, so its list
// is cut to the 300 episodes that say it 5 to 7 times (ep-5: 6 times, among them; ep-7: once,
// below them). "kernels" too, once each. ep-3 says "compiling", and every tenth from ep-1
// "running". The episode at `noted` has a note whose body is `note_html`.
struct Archive {
    core::Catalog catalog;
    notes::Curation curation;
    site::SiteInfo site{site::SitePaths{"https://example.com/"}};

    Archive(std::size_t noted, const std::string& note_html) {
        site.language = "en";
        for (int i = 0; i < 700; ++i) {
            core::Episode& e = catalog.episodes.emplace_back();
            e.slug = "ep-" + std::to_string(i);
            e.title = "Episode " + std::to_string(i);
            for (int k = 0; k <= i % 7; ++k) e.description += "tensor ";
            e.description += "kernels w" + std::to_string(i);
            if (i == 3) e.description += " compiling";
            if (i % 10 == 1) e.description += " running";
        }
        notes::EpisodeExtras& x = curation.by_slug[catalog.episodes[noted].slug];
        x.note_file = "content/episodes/noted.md";
        x.note_html = note_html;
    }
};

// Writes the index of `a` into the folder `dir`, over the last build's there (`edited`: the note
// body that changed since); returns whether the last build's index was patched.
bool write_into(const fs::path& dir, const Archive& a, const search::EditedNote* edited = nullptr) {
    site::SiteContent content{a.catalog, a.curation, a.site};
    content.texts = std::make_shared<const site::TextCache>(content.catalog, 1);
    output::DiskOutput out(dir, "inputs");
    const auto carried = search::write_index(content, search::transcripts_of(content.catalog), out, edited);
    if (!carried.empty()) REQUIRE(out.carry_over({carried.begin(), carried.end()}));
    out.commit();
    return !carried.empty();
}

// The index after the note of the episode at `noted` went from `before` to `after` (the last
// build having read `recorded`): the same files as `after`'s whole index. Returns whether it was
// patched.
bool edit(std::size_t noted, const std::string& before, const std::string& after, const std::string& recorded = "") {
    test::TempDir dir;
    write_into(dir.path() / "site", Archive(noted, before));
    const search::EditedNote edited{noted, recorded.empty() ? before : recorded};
    const bool patched = write_into(dir.path() / "site", Archive(noted, after), &edited);
    write_into(dir.path() / "whole", Archive(noted, after));
    const auto got = test::tree(dir.path() / "site"), want = test::tree(dir.path() / "whole");
    CHECK_MESSAGE(got == want, test::differences(got, want));
    return patched;
}

}  // namespace

TEST_CASE("after an edit of one note's body, the last build's index patched is the whole index") {
    // New words, one whose stem is another string ("dispatching": "dispatch"), and more of a
    // word whose list is cut: the edited episode rises in it.
    CHECK(edit(5, "<p>Kernels.</p>", "<p>Kernels. Dispatching compilers, tensor.</p>"));
    // An episode below a cut list's best rises into it, in place of the worst.
    CHECK(edit(7, "<p>Kernels.</p>", "<p>Kernels. Tensor tensor tensor tensor tensor tensor tensor.</p>"));
    // A word only this note had is gone, and with it its term (and its top-level key's shard).
    CHECK(edit(5, "<p>Kernels zyxwv.</p>", "<p>Kernels.</p>"));
    // A word below its list's cut falls further: only its count would change, and it does not.
    CHECK(edit(7, "<p>Kernels, tensor.</p>", "<p>Kernels.</p>"));
    // The edited episode falls in a cut list, but not below every other it lists: the same
    // episodes are its best ("kernels": ep-7 said it twice, and once ranks above ep-8 to ep-299).
    CHECK(edit(7, "<p>Kernels.</p>", "<p>Compilers.</p>"));
    CHECK(edit(5, "<p>Tensor.</p>", "<p>Kernels.</p>"));
    // A word gone whose stem is another string: its entry goes when no other episode of its
    // stem's list says it, and stays when one does (ep-3 says "compiling").
    CHECK(edit(5, "<p>Dispatching kernels.</p>", "<p>Kernels.</p>"));
    CHECK(edit(5, "<p>Compiling kernels.</p>", "<p>Kernels.</p>"));
    CHECK(edit(3, "<p>Compiling kernels.</p>", "<p>Kernels.</p>"));  // (its description says it still)
}

TEST_CASE("an edit the last build's index cannot tell is indexed whole, to the same files") {
    // A word gone whose stem is another string, when its stem's list is cut (which other
    // episode says it is not in the files) or long (70 episodes to read again).
    CHECK_FALSE(edit(7, "<p>Kernels tensors.</p>", "<p>Kernels.</p>"));
    CHECK_FALSE(edit(5, "<p>Running kernels.</p>", "<p>Kernels.</p>"));
    // The edited episode falls in a cut list below every other it lists ("kernels": ep-650
    // said it twice, the others once, and the list's others are ep-0 to ep-298): which episode
    // follows the best is not in the files. (ep-697, the last of those that say "tensor" five
    // times: that it stays above those the list left out is not in them either.)
    CHECK_FALSE(edit(650, "<p>Kernels.</p>", "<p>Compilers.</p>"));
    CHECK_FALSE(edit(697, "<p>Tensor.</p>", "<p>Kernels.</p>"));
    // The body the last build is said to have read is not the one its index holds.
    CHECK_FALSE(edit(5, "<p>Kernels.</p>", "<p>Kernels and more.</p>", "<p>Kernels quux.</p>"));  // (no one's)
    CHECK_FALSE(edit(5, "<p>Kernels.</p>", "<p>Kernels and more.</p>", "<p>Kernels w9.</p>"));    // (ep-9's alone)
}
