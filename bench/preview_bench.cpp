// Preview benchmark: the rebuild `serve` runs after a note is saved, measured in-process (no
// HTTP, no file watcher, no polling client taking CPU), stage by stage. Run it in a project
// folder (one made by generate.py, for instance):
//   cd /tmp/podarchive-bench/10000 && podarchive_preview_bench [--summary] [edits] [note]
// It builds the site once, then saves `note` (default: the second note of content/episodes,
// by name) `edits` times (default 20) with a new word at the start of its body, each time
// rebuilding the pages and then, as serve does, the search index and the feeds. Prints the
// fastest, median and slowest time of each stage of the pages' rebuild. The note is restored.
// With --summary the word goes into the note's summary instead: an edit of its front matter,
// after which every note is applied again (an edit of the body alone is quicker).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "files/files.hpp"
#include "in_memory/session.hpp"

namespace fs = std::filesystem;

namespace {

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + file.string());
}

// Puts the note back as it was however the benchmark ends.
class Restore {
public:
    Restore(fs::path file, std::string text) : m_file(std::move(file)), m_text(std::move(text)) {}
    ~Restore() { write_text(m_file, m_text); }
    Restore(const Restore&) = delete;
    Restore& operator=(const Restore&) = delete;

private:
    fs::path m_file;
    std::string m_text;
};

fs::path default_note() {
    std::vector<fs::path> notes;
    for (const auto& entry : fs::directory_iterator("content/episodes"))
        if (entry.path().extension() == ".md") notes.push_back(entry.path());
    std::sort(notes.begin(), notes.end());
    if (notes.size() < 2) throw std::runtime_error("content/episodes has fewer than two notes");
    return notes[1];
}

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int run(int edits, const fs::path& note, bool summary) {
    const std::string original = files::read_file(note);
    const std::size_t body = original.find("\n---\n");
    if (body == std::string::npos) throw std::runtime_error(note.string() + ": no front matter");
    const std::size_t summary_at = original.find("\nsummary: ");
    if (summary && (summary_at == std::string::npos || summary_at > body))
        throw std::runtime_error(note.string() + ": no summary");
    const std::size_t edit_at = summary ? summary_at + 10 : body + 5;
    Restore restore(note, original);

    in_memory::Session session("site.yaml");
    auto started = std::chrono::steady_clock::now();
    in_memory::Rebuild first = session.pages({});
    session.feeds();
    std::printf("whole build: %zu pages in %.0f ms\n", first.pages, ms_since(started));

    std::vector<std::string> order = {"total"};
    std::map<std::string, std::vector<double>> times;
    double feeds_ms = 0;
    for (int i = 0; i < edits; ++i) {
        std::string text = original;
        text.insert(edit_at, "edited-" + std::to_string(i) + " ");
        write_text(note, text);
        started = std::chrono::steady_clock::now();
        in_memory::Rebuild r = session.pages({note});
        times["total"].push_back(ms_since(started));
        if (r.whole) throw std::runtime_error("the edit gave a whole build, not an incremental one");
        for (const auto& [stage, seconds] : r.stages) {
            if (!times.count(stage)) order.push_back(stage);
            times[stage].push_back(seconds * 1000);
        }
        if (i == 0)
            std::printf("each edit: %zu of %zu pages rendered%s\n", r.pages_rendered, r.pages,
                        r.bodies_only ? " (a note's body alone)" : " (every note applied again)");
        started = std::chrono::steady_clock::now();
        session.feeds();
        feeds_ms = std::max(feeds_ms, ms_since(started));
    }
    std::printf("%d edits of %s (ms: fastest / median / slowest)\n", edits, note.string().c_str());
    for (const auto& stage : order) {
        auto v = times[stage];
        std::sort(v.begin(), v.end());
        std::printf("  %-16s %7.1f %7.1f %7.1f\n", stage.c_str(), v.front(), v[v.size() / 2], v.back());
    }
    std::printf("search index and feeds after an edit: at most %.0f ms\n", feeds_ms);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        std::vector<std::string> args(argv + 1, argv + argc);
        bool summary = !args.empty() && args[0] == "--summary";
        if (summary) args.erase(args.begin());
        int edits = !args.empty() ? std::atoi(args[0].c_str()) : 20;
        if (edits < 1) edits = 1;
        return run(edits, args.size() > 1 ? fs::path(args[1]) : default_note(), summary);
    } catch (const core::InputError& e) {
        for (const auto& d : e.diagnostics()) std::fprintf(stderr, "%s\n", core::format(d).c_str());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "podarchive_preview_bench: %s\n", e.what());
        return 1;
    }
}
