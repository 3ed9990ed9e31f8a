// Merge benchmark: N synthetic records of E episodes from five sources with the noise real
// directory pages have, merged in memory. Prints time and how well the result matches the
// truth the generator knows (pairwise precision and recall over records).
//   podarchive_merge_bench [records...]      default: 10000 100000
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "dates/dates.hpp"
#include "merge/merge.hpp"

namespace {

// A small deterministic generator (no std::random: its distributions differ between libraries).
struct Lcg {
    std::uint64_t state;
    std::uint32_t next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>(state >> 33);
    }
    std::size_t below(std::size_t n) { return next() % n; }
};

const char* k_words[] = {"tensor",     "autograd",      "dispatcher",  "cuda",         "graph",      "kernel",
                         "compiler",   "inductor",      "dynamo",      "export",       "memory",     "layout",
                         "strides",    "views",         "mutation",    "functional",   "batching",   "vmap",
                         "symbolic",   "shapes",        "guards",      "tracing",      "backend",    "frontend",
                         "python",     "bindings",      "operators",   "registration", "codegen",    "quantization",
                         "sparse",     "nested",        "distributed", "collectives",  "checkpoint", "serialization",
                         "profiler",   "allocator",     "streams",     "events",       "fusion",     "scheduling",
                         "lowering",   "decomposition", "partitioner", "runtime",      "library",    "testing",
                         "benchmarks", "debugging"};
constexpr std::size_t k_word_count = sizeof(k_words) / sizeof(k_words[0]);

struct Truth {
    std::string title, description, guid, enclosure;
    std::int64_t date;
    int duration;
};

std::string sentence(Lcg& rng, std::size_t words) {
    std::string s;
    for (std::size_t i = 0; i < words; ++i) s += (i ? " " : "") + std::string(k_words[rng.below(k_word_count)]);
    return s;
}

std::vector<Truth> episodes(std::size_t count) {
    Lcg rng{42};
    std::vector<Truth> out;
    for (std::size_t i = 0; i < count; ++i) {
        Truth t;
        t.title = sentence(rng, 2 + rng.below(4)) + " " + std::to_string(i % 7 == 0 ? i : i % 97);
        t.description = "In this episode " + sentence(rng, 40) + ". " + sentence(rng, 30) + ".";
        t.guid = "guid-" + std::to_string(i);
        t.enclosure = "https://cdn.example.com/audio/" + std::to_string(i) + "/default.mp3";
        t.date = 1600000000 + static_cast<std::int64_t>(i) * 8 * 3600;  // three a day
        t.duration = 600 + static_cast<int>(rng.below(1800));
        out.push_back(t);
    }
    return out;
}

core::Record base(const Truth& t, const std::string& source, int line) {
    core::Record r;
    r.from = {source, source + ".txt", line, line};
    (void)t;
    return r;
}

// Five sources, each with its own kind of damage; `records` in all.
std::vector<sources::SourceBatch> make_batches(const std::vector<Truth>& truth, std::size_t records,
                                               std::vector<std::vector<std::size_t>>& owner) {
    const char* names[] = {"feed", "listings", "podbean", "player.fm", "apple"};
    using K = core::SourceKind;
    const K kinds[] = {K::rss, K::records, K::podbean, K::player_fm, K::apple_page};
    std::vector<sources::SourceBatch> batches(5);
    owner.assign(5, {});
    for (int s = 0; s < 5; ++s) batches[s] = {{names[s], std::string(names[s]) + ".txt", ""}, kinds[s], {}, {}, {}};
    Lcg rng{7};
    for (std::size_t n = 0; n < records; ++n) {
        std::size_t s = n % 5, e = (n / 5) % truth.size();
        const Truth& t = truth[e];
        core::Record r = base(t, names[s], static_cast<int>(n));
        dates::Timestamp day{t.date - t.date % 86400, 0, false, false};
        switch (s) {
            case 0:  // the feed: everything, exact
                r.guid = t.guid, r.title = t.title, r.description = t.description, r.description_is_html = true;
                r.date = dates::Timestamp{t.date, -420, true, true};
                r.duration = dates::Duration{t.duration, true};
                r.enclosure = core::Enclosure{t.enclosure, "audio/mpeg", 1000};
                break;
            case 1:  // listings: a day, rounded length, a prefix of the text, tracked audio URLs
                r.title = t.title, r.date = day, r.duration = dates::Duration{t.duration / 60 * 60, false};
                r.description = t.description.substr(0, 200), r.description_truncated = true;
                if (rng.below(3) == 0)
                    r.enclosure = core::Enclosure{
                        "https://dts.podtrac.com/redirect.mp3/" + t.enclosure.substr(8) + "?aid=x", "", {}};
                break;
            case 2:  // Podbean: local time without zone
                r.title = t.title, r.date = dates::Timestamp{t.date - 7 * 3600, 0, true, false};
                r.description = t.description.substr(0, 400);
                break;
            case 3:  // Player FM: mostly no title, no date
                if (rng.below(5) == 0) r.title = t.title;
                r.description = t.description.substr(0, 300) + "\xE2\x80\xA6", r.description_truncated = true;
                break;
            default:  // Apple: punctuation lost, a look-alike letter, a day
                r.title = t.title;
                if (auto pos = r.title.find('a'); pos != std::string::npos) r.title.replace(pos, 1, "\xD0\xB0");
                r.date = day, r.description = t.description.substr(0, 350);
                r.duration = dates::Duration{(t.duration + 30) / 60 * 60, false};
        }
        batches[s].records.push_back(std::move(r));
        owner[s].push_back(e);
    }
    return batches;
}

void run(std::size_t records) {
    std::size_t episode_count = std::max<std::size_t>(1, records / 5);
    auto truth = episodes(episode_count);
    std::vector<std::vector<std::size_t>> owner;
    auto batches = make_batches(truth, records, owner);
    auto start = std::chrono::steady_clock::now();
    core::Catalog catalog = merge::merge(batches);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // Pairwise precision and recall over records, from (source, line) back to the true episode.
    std::map<std::pair<std::string, int>, std::size_t> truth_of;
    for (std::size_t s = 0; s < batches.size(); ++s)
        for (std::size_t i = 0; i < batches[s].records.size(); ++i)
            truth_of[{batches[s].info.name, batches[s].records[i].from.line}] = owner[s][i];
    std::map<std::size_t, std::size_t> true_sizes;
    for (const auto& [key, e] : truth_of) ++true_sizes[e];
    double true_pairs = 0, found_pairs = 0, correct_pairs = 0;
    for (const auto& [e, size] : true_sizes) true_pairs += static_cast<double>(size * (size - 1) / 2);
    for (const auto& ep : catalog.episodes) {
        std::map<std::size_t, std::size_t> by_truth;
        for (const auto& r : ep.records) ++by_truth[truth_of[{catalog.origin_of(r.place).source, r.place.line}]];
        std::size_t n = ep.records.size();
        found_pairs += static_cast<double>(n * (n - 1) / 2);
        for (const auto& [e, k] : by_truth) correct_pairs += static_cast<double>(k * (k - 1) / 2);
    }
    std::printf(
        "merge: %zu records, 5 sources, %zu true episodes -> %zu episodes in %.3f s  "
        "(precision %.4f, recall %.4f)\n",
        records, episode_count, catalog.episodes.size(), seconds, found_pairs ? correct_pairs / found_pairs : 1.0,
        true_pairs ? correct_pairs / true_pairs : 1.0);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
    if (sizes.empty()) sizes = {10000, 100000};
    for (auto n : sizes) run(n);
}
