#pragma once
// Drawn templates and data for tests that compare two ways of rendering (static_text_test): deterministic (test::Lcg),
// so a failure is the same on every run.
#include <array>
#include <string>
#include <vector>

#include "render/data.hpp"
#include "support.hpp"

namespace test {

// Drawn templates: words, spaces, tabs, the three line breaks, every kind of tag, and sections
// of every kind nested, often alone on their lines (kainjow's standalone lines); values that are
// blank, empty or hold text, lists, objects and booleans.
struct DrawTemplate : Lcg {
    std::vector<std::string> names = {"a", "b", "s", "t"};  // what tags name
    std::vector<std::string> keys = {"a", "b", "s", "t"};   // what objects have

    const std::string& name() { return names[below(names.size())]; }

    std::string text(int depth) {
        std::string out;
        for (std::size_t i = 0, n = below(12); i < n; ++i) {
            switch (below(depth > 0 ? 16 : 13)) {
                case 0:
                case 1:
                    out += std::array{"<p>", "word", "x=\"1\"", "&amp;", "}}", "{", "}", "é"}[below(8)];
                    break;
                case 2:
                case 3:
                    out += ' ';
                    break;
                case 4:
                    out += '\t';
                    break;
                case 5:
                case 6:
                    out += '\n';
                    break;
                case 7:
                    out += "\r\n";
                    break;
                case 8:
                    out += '\r';
                    break;
                case 9:
                    out += "{{" + name() + "}}";
                    break;
                case 10:
                    out += std::array{"{{{", "{{& "}[below(2)] + name() + std::array{"}}}", "}}"}[below(2)];
                    break;
                case 11:
                    out += "{{! a comment }}";
                    break;
                case 12:
                    out += "{{.}}";
                    break;
                default: {
                    const std::string section = name();
                    const char* open = below(3) == 0 ? "{{^" : "{{#";
                    const char* around[] = {"", "\n", "  ", "\n  "};
                    out += around[below(4)] + (open + section + "}}") + around[below(4)] + text(depth - 1) +
                           around[below(4)] + "{{/" + section + "}}" + around[below(4)];
                }
            }
        }
        return out;
    }

    render::Data value(int depth) {
        switch (below(depth > 0 ? 8 : 5)) {
            case 0:
                return render::text(std::array{"", " ", "\t ", "v a l", "<b>&"}[below(5)]);
            case 1:
                return render::Data(true);
            case 2:
                return render::Data(false);
            case 3:
                return render::list({});
            case 4:
                return render::text("x");
            default: {
                if (below(2) == 0) return object(depth - 1);
                render::List items;
                for (std::size_t i = 0, n = 1 + below(3); i < n; ++i)
                    items.push_back(below(3) == 0 ? value(0) : object(depth - 1));
                return render::list(std::move(items));
            }
        }
    }

    render::Data object(int depth) {
        render::Data out;
        for (const auto& key : keys)
            if (below(4) != 0) render::put(out, key, value(depth));
        return out;
    }
};

}  // namespace test
