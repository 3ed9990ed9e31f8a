// The actions the workflows use, held to what each pinned version takes and gives
// (tests/fixtures/actions/inputs.yaml, read from their action.yml): the check actionlint makes
// for the action versions it knows, which do not reach the ones pinned here. The repository's
// publish.yml is the one init writes (publish_workflow_test.cpp), so this covers every site's.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

struct Action {
    std::string runs;
    std::set<std::string> inputs, required, outputs;
};

std::set<std::string> names(const YAML::Node& list) {
    std::set<std::string> out;
    for (const auto& n : list) out.insert(n.as<std::string>());
    return out;
}

std::map<std::string, Action> recorded_actions() {
    std::map<std::string, Action> out;
    const YAML::Node root = YAML::LoadFile((test::source_dir() / "tests/fixtures/actions/inputs.yaml").string());
    for (const auto& a : root)
        out[a.first.as<std::string>()] = {a.second["runs"].as<std::string>(), names(a.second["inputs"]),
                                          names(a.second["required"]), names(a.second["outputs"])};
    return out;
}

// Every string a job holds, however deep (where `steps.<id>.outputs.<name>` may be read).
void strings_in(const YAML::Node& node, std::vector<std::string>& out) {
    if (node.IsScalar()) out.push_back(node.as<std::string>());
    if (node.IsSequence())
        for (const auto& n : node) strings_in(n, out);
    if (node.IsMap())
        for (const auto& n : node) strings_in(n.second, out);
}

// What is wrong with `workflow`'s use of actions, one line each.
std::vector<std::string> problems(const std::string& workflow, const std::map<std::string, Action>& actions) {
    std::vector<std::string> out;
    const YAML::Node root = YAML::LoadFile((test::source_dir() / workflow).string());
    for (const auto& job : root["jobs"]) {
        const std::string where = workflow + " job " + job.first.as<std::string>();
        std::map<std::string, const Action*> by_id;
        for (const auto& step : job.second["steps"]) {
            if (!step["uses"]) continue;
            const std::string uses = step["uses"].as<std::string>();
            auto it = actions.find(uses);
            if (it == actions.end()) {
                out.push_back(where + ": " + uses + " is not recorded in tests/fixtures/actions/inputs.yaml");
                continue;
            }
            const Action& action = it->second;
            if (action.runs == "node20" || action.runs == "node16" || action.runs == "node12")
                out.push_back(where + ": " + uses + " runs on " + action.runs + ", which GitHub has retired");
            std::set<std::string> given;
            for (const auto& with : step["with"]) given.insert(with.first.as<std::string>());
            for (const auto& name : given)
                if (!action.inputs.contains(name)) out.push_back(where + ": " + uses + " has no input '" + name + "'");
            for (const auto& name : action.required)
                if (!given.contains(name)) out.push_back(where + ": " + uses + " needs the input '" + name + "'");
            if (step["id"]) by_id[step["id"].as<std::string>()] = &action;
        }
        std::vector<std::string> texts;
        strings_in(job.second, texts);
        static const std::regex read(R"(steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+))");
        for (const auto& text : texts)
            for (auto m = std::sregex_iterator(text.begin(), text.end(), read); m != std::sregex_iterator(); ++m) {
                auto step = by_id.find((*m)[1]);
                if (step != by_id.end() && !step->second->outputs.contains((*m)[2]))
                    out.push_back(where + ": step '" + std::string((*m)[1]) + "' gives no output '" +
                                  std::string((*m)[2]) + "'");
            }
    }
    return out;
}

std::string lines(const std::vector<std::string>& found) {
    std::string s;
    for (const auto& p : found) s += p + "\n";
    return s;
}

}  // namespace

TEST_CASE("the workflows give each pinned action only the inputs it takes, and read only its outputs") {
    const auto actions = recorded_actions();
    REQUIRE(actions.size() >= 7);
    for (const std::string workflow : {".github/workflows/publish.yml", ".github/workflows/ci.yml"}) {
        const std::vector<std::string> found = problems(workflow, actions);
        CHECK_MESSAGE(found.empty(), lines(found));
    }
}

TEST_CASE("the workflow check names a wrong input, a missing one, a wrong output, a pin unknown or retired") {
    test::TempDir dir;
    test::write(dir.path() / ".github/workflows/w.yml", R"(jobs:
  j:
    steps:
      - uses: actions/cache@v5
        with:
          path: x
          keys: typo
      - id: pages
        uses: actions/configure-pages@v6
      - run: echo ${{ steps.pages.outputs.base_uri }} ${{ steps.pages.outputs.base_url }}
      - uses: actions/checkout@v9
      - uses: actions/old@v1
)");
    auto actions = recorded_actions();
    actions["actions/old@v1"] = {"node20", {}, {}, {}};
    // (problems() reads from the source folder: the file is given as a path from there.)
    const std::string relative =
        std::filesystem::relative(dir.path() / ".github/workflows/w.yml", test::source_dir()).string();
    const std::vector<std::string> found = problems(relative, actions);
    const std::string all = lines(found);
    INFO(all);
    CHECK(found.size() == 5);
    CHECK(all.find("actions/cache@v5 has no input 'keys'") != std::string::npos);
    CHECK(all.find("actions/cache@v5 needs the input 'key'") != std::string::npos);
    CHECK(all.find("step 'pages' gives no output 'base_uri'") != std::string::npos);
    CHECK(all.find("actions/checkout@v9 is not recorded") != std::string::npos);
    CHECK(all.find("actions/old@v1 runs on node20, which GitHub has retired") != std::string::npos);
}
