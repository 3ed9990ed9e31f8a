// An output in memory on top of another (serve's rebuild after an edit): what it adds, replaces
// and removes is its own, every other file the one below's, which stays as it was.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "output/output.hpp"

namespace {

std::vector<std::string> paths_of(const output::MemoryOutput& out) {
    std::vector<std::string> paths;
    for (const auto& [path, content] : out.files()) paths.push_back(path + "=" + *content);
    return paths;
}

std::shared_ptr<const output::MemoryOutput> base() {
    auto out = std::make_shared<output::MemoryOutput>();
    out->add("a.html", "A");
    out->add("search/d/0.json", "D0");
    out->add("search/d/1.json", "D1");
    out->add("z.html", "Z");
    return out;
}

}  // namespace

TEST_CASE("an output on top of another shows its files, with its own changes over them") {
    const auto below = base();
    auto top = std::make_shared<output::MemoryOutput>(below);
    top->add("a.html", "A2");  // replaced
    top->add("b.html", "B");   // added
    top->remove("z.html");     // removed
    top->remove_under("search/");
    top->add("search/d/0.json", "new D0");
    CHECK(*top->find("a.html") == "A2");
    CHECK(top->find("z.html") == nullptr);
    CHECK(top->find("search/d/1.json") == nullptr);
    CHECK(paths_of(*top) == std::vector<std::string>{"a.html=A2", "b.html=B", "search/d/0.json=new D0"});
    CHECK(top->files_under("search/").size() == 1);
    // The one below is as it was.
    CHECK(paths_of(*below) ==
          std::vector<std::string>{"a.html=A", "search/d/0.json=D0", "search/d/1.json=D1", "z.html=Z"});

    SUBCASE("on top of that one: one level below, its changes taken along") {
        auto next = std::make_shared<output::MemoryOutput>(std::shared_ptr<const output::MemoryOutput>(top));
        next->add("c.html", "C");
        next->remove("b.html");
        CHECK(paths_of(*next) == std::vector<std::string>{"a.html=A2", "c.html=C", "search/d/0.json=new D0"});
        CHECK(paths_of(*top) == std::vector<std::string>{"a.html=A2", "b.html=B", "search/d/0.json=new D0"});
    }
    SUBCASE("a copy holds every file itself, the same") {
        const output::MemoryOutput copy(*top);
        CHECK(paths_of(copy) == paths_of(*top));
        CHECK(output::same_files(copy, *top));
        CHECK_FALSE(output::same_files(copy, *below));
    }
    SUBCASE("a file removed, then added again") {
        top->remove("a.html");
        CHECK(top->find("a.html") == nullptr);
        top->add("a.html", "A3");
        CHECK(*top->find("a.html") == "A3");
    }
}
