// The layering of src/: every #include against the tables of src/ARCHITECTURE.md, read from the
// document itself, so the document and the check cannot disagree.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"
#include "text/strings.hpp"

namespace fs = std::filesystem;

namespace {

// One table row: a folder ("util") or a file at src/'s top ("main.cpp"), and what it may include.
struct Layering {
    std::map<std::string, std::set<std::string>> may_include;  // by folder or top-level file
    std::map<std::string, std::set<std::string>> doors;        // header -> the files that may include it
    std::vector<std::string> problems;                         // in the tables themselves
};

std::vector<std::string> cells(const std::string& row) {
    std::vector<std::string> out;
    for (auto cell : text::split(row, '|')) out.emplace_back(text::trim(cell));
    if (!out.empty() && out.front().empty()) out.erase(out.begin());
    if (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

std::string unquoted(std::string text) {
    std::erase(text, '`');
    if (text.ends_with('/')) text.pop_back();
    return text;
}

// "util, core, render (URL scheme)" -> {util, core, render}; parenthesized remarks dropped.
std::vector<std::string> names_in(const std::string& cell) {
    std::string plain;
    int depth = 0;
    for (char c : cell) {
        if (c == '(')
            ++depth;
        else if (c == ')')
            depth -= depth > 0;
        else if (depth == 0)
            plain += c;
    }
    std::vector<std::string> out;
    for (auto name : text::split(plain, ',')) {
        std::string n = unquoted(std::string(text::trim(name)));
        if (!n.empty()) out.push_back(n);
    }
    return out;
}

// The rows of the table whose header row is `header`.
std::vector<std::vector<std::string>> table(const std::string& doc, const std::string& header) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(doc);
    bool in_table = false;
    for (std::string line; std::getline(lines, line);) {
        if (!in_table) {
            in_table = line == header;
            continue;
        }
        if (!line.starts_with("|")) break;
        if (line.starts_with("| ---")) continue;
        rows.push_back(cells(line));
    }
    return rows;
}

Layering read_layering(const std::string& doc) {
    Layering l;
    const auto rows = table(doc, "| folder | what it holds | may include |");
    if (rows.empty()) l.problems.push_back("no layering table");
    std::set<std::string> rows_named, everything;  // (everything: every folder)
    for (const auto& row : rows) {
        if (row.empty()) continue;
        rows_named.insert(unquoted(row[0]));
        if (row[0].ends_with("/`")) everything.insert(unquoted(row[0]));
    }
    for (const auto& row : rows) {
        if (row.size() != 3) {
            l.problems.push_back("a row without 3 cells: " + text::join(row, " | "));
            continue;
        }
        std::set<std::string>& allowed = l.may_include[unquoted(row[0])];
        if (row[2] == "everything")
            allowed = everything;
        else if (row[2] != "nothing of ours")
            for (const auto& name : names_in(row[2])) {
                if (!rows_named.count(name))
                    l.problems.push_back(unquoted(row[0]) + " may include '" + name + "', which is no row");
                allowed.insert(name);
            }
        allowed.erase(unquoted(row[0]));
    }
    for (const auto& row : table(doc, "| header | may be included by |")) {
        if (row.size() != 2) continue;
        for (const auto& file : names_in(row[1])) l.doors[unquoted(row[0])].insert(file);
    }
    return l;
}

// A chain of rows that leads back to where it started, if any ("a -> b -> a").
std::string cycle_in(const std::map<std::string, std::set<std::string>>& arrows) {
    std::map<std::string, int> state;  // 1: on the path, 2: done
    std::vector<std::string> path;
    std::string found;
    std::function<void(const std::string&)> visit = [&](const std::string& from) {
        state[from] = 1;
        path.push_back(from);
        auto it = arrows.find(from);
        if (it != arrows.end())
            for (const auto& to : it->second) {
                if (!found.empty()) break;
                if (state[to] == 1) {
                    std::vector<std::string> loop(std::find(path.begin(), path.end(), to), path.end());
                    found = text::join(loop, " -> ") + " -> " + to;
                } else if (state[to] == 0)
                    visit(to);
            }
        path.pop_back();
        state[from] = 2;
    };
    for (const auto& [from, to] : arrows)
        if (found.empty() && state[from] == 0) visit(from);
    return found;
}

// Every include of `files` (path under src/ -> text) that the layering does not allow.
std::vector<std::string> check_includes(const Layering& l, const std::map<std::string, std::string>& files) {
    std::vector<std::string> out;
    for (const auto& [path, text] : files) {
        const std::size_t slash = path.find('/');
        const std::string owner = slash == std::string::npos ? path : path.substr(0, slash);
        auto row = l.may_include.find(owner);
        if (row == l.may_include.end()) {
            out.push_back("src/" + path + ": " + owner + " has no row in the table");
            continue;
        }
        std::istringstream lines(text);
        int number = 0;
        for (std::string line; std::getline(lines, line);) {
            ++number;
            if (!line.starts_with("#include ")) continue;
            const std::string header = std::string(text::trim(std::string_view(line).substr(9)));
            const std::string where = "src/" + path + ":" + std::to_string(number) + ": ";
            const std::string name = header.substr(1, header.size() - 2);
            if (auto door = l.doors.find(header.front() == '<' ? "<" + name + ">" : name);
                door != l.doors.end() && !door->second.count(path))
                out.push_back(where + "includes " + header + ", which only " +
                              text::join({door->second.begin(), door->second.end()}, ", ") + " may");
            if (header.front() != '"') continue;
            const std::size_t folder_end = name.find('/');
            const std::string folder = folder_end == std::string::npos ? name : name.substr(0, folder_end);
            if (folder == owner || row->second.count(folder)) continue;
            out.push_back(
                where + "includes " + header + ", but " + owner + " may include only: " +
                (row->second.empty() ? "nothing of ours" : text::join({row->second.begin(), row->second.end()}, ", ")));
        }
    }
    return out;
}

std::map<std::string, std::string> source_files() {
    std::map<std::string, std::string> files;
    const fs::path src = fs::path(PODARCHIVE_SOURCE_DIR) / "src";
    for (const auto& entry : fs::recursive_directory_iterator(src)) {
        const std::string ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp"))
            files[fs::relative(entry.path(), src).generic_string()] = test::read(entry.path());
    }
    return files;
}

const char* k_sample = R"(
| folder | what it holds | may include |
| --- | --- | --- |
| `util/` | strings | nothing of ours |
| `core/` | vocabulary | util |
| `render/` | pages (and more) | util, core (the vocabulary) |
| `cli/` | commands | everything |

| header | may be included by |
| --- | --- |
| `<kainjow/mustache.hpp>` | render/data.hpp |
)";

}  // namespace

TEST_CASE("the layering check reads the tables and names each include they do not allow") {
    Layering l = read_layering(k_sample);
    CHECK(l.problems.empty());
    CHECK(l.may_include["render"] == std::set<std::string>{"util", "core"});
    CHECK(l.may_include["cli"] == std::set<std::string>{"util", "core", "render"});
    CHECK(l.may_include["util"].empty());
    CHECK(
        check_includes(l, {{"render/a.cpp", "#include \"render/b.hpp\"\n#include \"core/c.hpp\"\n#include <string>\n"},
                           {"render/data.hpp", "#include <kainjow/mustache.hpp>\n"},
                           {"cli/x.cpp", "#include \"render/a.hpp\"\n"}})
            .empty());
    auto found = check_includes(l, {{"core/e.hpp", "// x\n#include \"render/a.hpp\"\n"},
                                    {"render/page.cpp", "#include <kainjow/mustache.hpp>\n"},
                                    {"fetch/f.cpp", "#include \"util/a.hpp\"\n"}});
    REQUIRE(found.size() == 3);
    CHECK(found[0] == "src/core/e.hpp:2: includes \"render/a.hpp\", but core may include only: util");
    CHECK(found[1] == "src/fetch/f.cpp: fetch has no row in the table");
    CHECK(found[2] == "src/render/page.cpp:1: includes <kainjow/mustache.hpp>, which only render/data.hpp may");
    CHECK(cycle_in(l.may_include).empty());
    l.may_include["core"].insert("render");
    CHECK(cycle_in(l.may_include) == "core -> render -> core");
}

TEST_CASE("every include under src/ is one src/ARCHITECTURE.md allows, and no folder leads back to itself") {
    const Layering l = read_layering(test::read(fs::path(PODARCHIVE_SOURCE_DIR) / "src/ARCHITECTURE.md"));
    CHECK_MESSAGE(l.problems.empty(), text::join(l.problems, "\n"));
    CHECK(l.may_include.size() > 15);
    CHECK_FALSE(l.doors.empty());
    const auto found = check_includes(l, source_files());
    CHECK_MESSAGE(found.empty(), text::join(found, "\n"));
    const std::string cycle = cycle_in(l.may_include);
    CHECK_MESSAGE(cycle.empty(), cycle);
}

TEST_CASE("the rooms below core know nothing about podcasts: no file of theirs names one") {
    // What knows what an episode is belongs to core/ or the stage that needs it.
    const std::set<std::string> rooms = {"text", "html", "dates", "net", "image", "files", "concurrency"};
    std::vector<std::string> found;
    for (const auto& [path, content] : source_files()) {
        if (!rooms.count(path.substr(0, path.find('/')))) continue;
        const std::string lower = text::ascii_lower(content);
        for (const char* word : {"episode", "podcast", "show note", "shownote"})
            if (lower.find(word) != std::string::npos) found.push_back("src/" + path + ": \"" + word + "\"");
    }
    CHECK_MESSAGE(found.empty(), text::join(found, "\n"));
}
