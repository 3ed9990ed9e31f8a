// Search index benchmark: the transcripts of a folder read as a build reads them, then indexed
// on one thread as the search index counts words (search::DocTerms), and the postings cut and
// written as the index's shards hold them. Prints each step's time per transcript word.
//   podarchive_index_bench FOLDER [files]     (FOLDER: .vtt files, such as a generated
//                                              archive's content/sources/attachments)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/listening.hpp"
#include "files/files.hpp"
#include "listening/transcript.hpp"
#include "search/shards.hpp"
#include "search/terms.hpp"
#include "text/strings.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FOLDER [files]\n", argv[0]);
        return 2;
    }
    const std::size_t limit = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2000;
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(argv[1]))
        if (entry.path().extension() == ".vtt") paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    if (paths.size() > limit) paths.resize(limit);

    auto start = std::chrono::steady_clock::now();
    std::vector<core::Transcript> transcripts;
    std::size_t words = 0;
    for (const auto& path : paths) {
        auto read = listening::read_transcript(files::read_file(path), listening::TranscriptFormat::vtt, path.string());
        for (const auto& s : read.transcript.segments) words += text::word_count(s.text);
        transcripts.push_back(std::move(read.transcript));
    }
    const double read_s = seconds_since(start);

    // Indexed five times (the machine's noise is large): the fastest and the median are shown;
    // the last run's postings are cut and written.
    std::vector<double> index_s;
    std::unique_ptr<search::Lexicon> lexicon;
    for (int run = 0; run < 5; ++run) {
        lexicon.reset();
        start = std::chrono::steady_clock::now();
        lexicon = std::make_unique<search::Lexicon>("english");
        search::DocTerms terms(*lexicon);
        for (std::size_t doc = 0; doc < transcripts.size(); ++doc) {
            for (const auto& s : transcripts[doc].segments)
                terms.add(s.text, 1, static_cast<std::int32_t>(s.start), true);
            terms.post(static_cast<std::uint32_t>(doc));
        }
        index_s.push_back(seconds_since(start));
    }
    std::sort(index_s.begin(), index_s.end());

    start = std::chrono::steady_clock::now();
    std::size_t bytes = 0;
    for (std::uint32_t id = 0; id < lexicon->size(); ++id) {
        search::TermPostings postings = lexicon->postings.take(id);
        bytes += search::term_entry(lexicon->term(id), postings).json.size();
    }
    const double shard_s = seconds_since(start);

    std::printf("%zu transcripts, %zu words, %zu terms\n", transcripts.size(), words, lexicon->size());
    std::printf("read:    %7.1f ms  %5.1f ns a word\n", read_s * 1e3, read_s * 1e9 / static_cast<double>(words));
    const double per_word = 1e9 / static_cast<double>(words);
    std::printf("index:   %7.1f ms  %5.1f ns a word (fastest of 5; median %.1f)\n", index_s[0] * 1e3,
                index_s[0] * per_word, index_s[2] * per_word);
    std::printf("entries: %7.1f ms  %zu bytes of JSON\n", shard_s * 1e3, bytes);
}
