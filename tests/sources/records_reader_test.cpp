#include "sources/records_reader.hpp"

#include <doctest/doctest.h>

#include "dates/dates.hpp"
#include "support.hpp"
#include "targets.hpp"

using sources::read_records;
using sources::RecordsSyntax;

TEST_CASE("JSON records with provenance lines") {
    auto batch = read_records(test::read(test::fixture("records/listings.json")), {"listings", "listings.json", ""},
                              RecordsSyntax::json);
    CHECK(batch.diagnostics.empty());
    REQUIRE(batch.records.size() == 3);
    CHECK(batch.records[0].from.line == 2);
    CHECK(batch.records[0].from.end_line == 6);
    CHECK(batch.records[0].duration->seconds == 993);
    CHECK(batch.records[1].title == "Strides");
    CHECK(batch.records[1].duration->seconds == 1260);
    CHECK_FALSE(batch.records[1].duration->exact);
    CHECK(dates::format_iso8601(*batch.records[1].date) == "2022-05-30");
    CHECK(batch.records[2].page_url == "https://fixture.simplecast.com/episodes/torch-vs-aten-apis");
    CHECK(batch.records[2].from.line == 13);
}

TEST_CASE("JSON entries' lines: strings with quotes, backslashes and braces are skipped whole") {
    // Each entry's lines and each bad value's line, however its strings are escaped.
    auto batch = read_records(
        "[\n"
        " {\"title\": \"A \\\"quoted\\\" {brace} [title\",\n"
        "  \"description\": \"ends with a backslash \\\\\",\n"
        "  \"date\": \"someday\"},\n"
        " {\"title\": \"\\\\\\\"}\\\\\", \"duration\": \"long\"},\n"
        " {\"title\": \"C\"}\n"
        "]",
        {"x", "q.json", ""}, RecordsSyntax::json);
    REQUIRE(batch.records.size() == 3);
    CHECK(batch.records[0].title == "A \"quoted\" {brace} [title");
    CHECK(batch.records[0].description == "ends with a backslash \\");
    CHECK(batch.records[0].from.line == 2);
    CHECK(batch.records[0].from.end_line == 4);
    CHECK(batch.records[1].title == "\\\"}\\");
    CHECK(batch.records[1].from.line == 5);
    CHECK(batch.records[1].from.end_line == 5);
    CHECK(batch.records[2].from.line == 6);
    REQUIRE(batch.diagnostics.size() == 2);
    CHECK(core::format(batch.diagnostics[0]).starts_with("q.json:4: error: cannot read date 'someday'"));
    CHECK(core::format(batch.diagnostics[1]).starts_with("q.json:5: error: cannot read duration 'long'"));
}

TEST_CASE("JSON listings read the same by simdjson as by nlohmann") {
    // A listing that starts with a byte order mark is refused by simdjson and read by nlohmann
    // (which skips the mark): the two readings must give the same records and messages.
    const std::string listings[] = {
        test::read(test::fixture("records/listings.json")),
        test::read(test::fixture("records/bad_value.json")),
        "[\n {\"title\": \"Caf\\u00e9 \\ud83c\\udf99 \\\"q\\\" \\\\ \\/\", \"zeta\": -5, \"alpha\": "
        "18446744073709551615,\n"
        "  \"duration\": 1800.0, \"enclosure_length\": 1.5e3, \"guid\": true, \"apple_id\": false, \"date\": null,\n"
        "  \"seen_at\": [\"https://a.example/1\", [\"https://b.example/\"], {\"u\": 1}, 5, null, "
        "\"https://d.example/2\"],\n"
        "  \"url\": {\"nested\": [\"x\"]}, \"title\": \"Second title wins\", \"description\": "
        "\"tab\\tand\\nnewline\"},\n"
        " {\"enclosure_url\": \"https://cdn.example/a.mp3\", \"enclosure_type\": \"audio/mpeg\", \"enclosure_length\": "
        "123,\n"
        "  \"date\": \"2024-08-04T01:47:46+00:00\", \"duration\": \"17min\", \"apple_url\": "
        "\"https://podcasts.apple.com/x?i=42\"},\n"
        " {},\n"
        " {\"title\": \"\", \"description\": \"   \", \"enclosure_length\": -0, \"unknown\": 1}\n"
        "]\n",
        "[]",
    };
    for (const auto& text : listings) {
        CAPTURE(text);
        auto simd = read_records(text, {"x", "l.json", ""}, RecordsSyntax::json);
        auto nlohmann = read_records("\xEF\xBB\xBF" + text, {"x", "l.json", ""}, RecordsSyntax::json);
        CHECK(fuzz::records_summary(simd) == fuzz::records_summary(nlohmann));
    }
    // What simdjson refuses is nlohmann's to report, with its position.
    auto broken =
        read_records("[{\"title\": \"a\"},\n {\"title\": \"b\" \"c\"}]", {"x", "b.json", ""}, RecordsSyntax::json);
    REQUIRE(broken.diagnostics.size() == 1);
    CHECK(core::format(broken.diagnostics[0]).starts_with("b.json:2:"));
    CHECK(core::format(broken.diagnostics[0]).find("malformed JSON") != std::string::npos);
}

TEST_CASE("YAML records") {
    auto batch = read_records(test::read(test::fixture("records/listings.yaml")), {"yaml", "listings.yaml", ""},
                              RecordsSyntax::yaml);
    CHECK(batch.diagnostics.empty());
    REQUIRE(batch.records.size() == 3);
    CHECK(batch.records[0].from.line == 2);
    CHECK(batch.records[0].from.end_line == 5);
    CHECK(batch.records[1].from.line == 7);
    CHECK(batch.records[1].duration->seconds == 1020);
    CHECK(batch.records[2].duration->seconds == 780);
    CHECK(batch.records[2].seen_at.size() == 1);
}

TEST_CASE("bad values and unknown keys are located") {
    auto batch =
        read_records(test::read(test::fixture("records/bad_value.json")), {"x", "bad.json", ""}, RecordsSyntax::json);
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]).starts_with("bad.json:7: error: cannot read date 'yesterday'"));
    auto unknown = read_records("- title: a\n  titel: b\n", {"x", "u.yaml", ""}, RecordsSyntax::yaml);
    REQUIRE(unknown.diagnostics.size() == 1);
    CHECK(core::format(unknown.diagnostics[0])
              .starts_with("u.yaml:2: warning: unknown key 'titel' ignored; did you mean 'title'?"));
    auto syntax = read_records("[{\"title\": \"a\",}]", {"x", "s.json", ""}, RecordsSyntax::json);
    REQUIRE(syntax.diagnostics.size() == 1);
    CHECK(core::format(syntax.diagnostics[0]).starts_with("s.json:1:16: error: malformed JSON"));
}

TEST_CASE("the shipped public listings: 66 episodes") {
    auto batch = read_records(test::read(test::source_dir() / "content/sources/public-listings.json"),
                              {"public-listings", "content/sources/public-listings.json", ""}, RecordsSyntax::json);
    CHECK(batch.diagnostics.empty());
    CHECK(batch.records.size() == 66);
    const auto& tensor_subclasses = batch.records[7];
    CHECK(tensor_subclasses.title == "Tensor subclasses and PT2");
    REQUIRE(tensor_subclasses.enclosure);
    CHECK(tensor_subclasses.apple_id == "1000646728968");
}

TEST_CASE("descriptions that stop mid-sentence are marked truncated") {
    CHECK(sources::looks_cut_off("This is used to ensure we consistently decide if inputs or"));
    CHECK(sources::looks_cut_off("Their name is based off ..."));
    CHECK(sources::looks_cut_off("Cut here\xE2\x80\xA6"));
    CHECK_FALSE(sources::looks_cut_off("It gives useful information."));
    CHECK_FALSE(sources::looks_cut_off("Why is everything terrible?"));
    CHECK_FALSE(sources::looks_cut_off("Repo is at: https://github.com/pytorch/pytorch-probot"));
    CHECK_FALSE(sources::looks_cut_off(""));
}

TEST_CASE("a JSON number too large for any type is a located error, not a crash (found by fuzzing)") {
    auto batch = read_records("[{\"duration\": 1e999999}]", {"x", "n.json", ""}, RecordsSyntax::json);
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]).starts_with("n.json: error: malformed JSON: number overflow"));
    CHECK(batch.records.empty());
}

TEST_CASE("JSON numbers no integer type can hold are read as text and reported, not converted (found by fuzzing)") {
    auto batch =
        read_records("[{\"title\": \"Fine\", \"enclosure_length\": 77777777777777777777777777, \"duration\": 1.5e30}]",
                     {"x", "n.json", ""}, RecordsSyntax::json);
    REQUIRE(batch.records.size() == 1);
    CHECK(batch.records[0].title == "Fine");
    CHECK_FALSE(batch.records[0].enclosure);
    CHECK_FALSE(batch.records[0].duration);
    std::string messages;
    for (const auto& d : batch.diagnostics) messages += core::format(d) + "\n";
    CAPTURE(messages);
    CHECK(batch.diagnostics.size() == 2);
    CHECK(messages.find("'enclosure_length' must be a number of bytes") != std::string::npos);
    CHECK(messages.find("1.5e+30") != std::string::npos);
}

TEST_CASE("JSON listings are read value by value with the meaning a whole JSON value gave them") {
    auto messages = [](const sources::SourceBatch& batch) {  // the first line of each
        std::string out;
        for (const auto& d : batch.diagnostics) {
            std::string text = core::format(d);
            out += text.substr(0, text.find('\n')) + "\n";
        }
        return out;
    };
    // Items that are not objects are reported in order; a repeated key keeps its last value;
    // null is no value; only a list's own strings count; an object where text belongs is a
    // wrong type; keys are applied in order of their names, as an object's keys were.
    auto batch = read_records(
        "[1, \"x\",\n"
        " {\"zeta\": 1, \"title\": \"First\", \"title\": \"T\\\"it\\u00e9\", \"description\": null, \"alpha\": [1],\n"
        "  \"seen_at\": [\"https://a.example/1\", [\"https://b.example/\"], {\"u\": \"https://c.example/\"}, 5, "
        "\"https://d.example/2\"],\n"
        "  \"duration\": 1800.0, \"guid\": {\"nested\": [\"g\"]}},\n"
        " [{\"title\": \"inside a list\"}],\n"
        " {\"title\": \"Second\", \"enclosure_length\": true}]",
        {"x", "m.json", ""}, RecordsSyntax::json);
    REQUIRE(batch.records.size() == 2);
    const auto& first = batch.records[0];
    CHECK(first.title == "T\"it\xC3\xA9");
    CHECK(first.description.empty());
    CHECK(first.seen_at == std::vector<std::string>{"https://a.example/1", "https://d.example/2"});
    REQUIRE(first.duration);
    CHECK(first.duration->seconds == 1800);
    CHECK(first.guid.empty());
    CHECK(first.from.line == 2);
    CHECK(first.from.end_line == 4);
    CHECK(batch.records[1].title == "Second");
    CHECK(batch.records[1].from.line == 6);
    CHECK(messages(batch) ==
          "m.json: error: every entry of the list must be an object\n"
          "m.json: error: every entry of the list must be an object\n"
          "m.json: error: every entry of the list must be an object\n"
          "m.json:2: error: 'alpha' must be a single value, not a list or mapping\n"
          "m.json:4: error: 'guid' must be a single value, not a list or mapping\n"
          "m.json:2: warning: unknown key 'zeta' ignored\n"
          "m.json:6: error: 'enclosure_length' must be a number of bytes\n");
    // A list is what the file must hold; a syntax error anywhere reports only itself.
    CHECK(messages(read_records("{\"title\": \"x\"}", {"x", "o.json", ""}, RecordsSyntax::json)) ==
          "o.json:1:1: error: expected a JSON list of episode records ([{...}, ...])\n");
    auto broken = read_records("[1, {\"title\": \"x\"}, {\"title\": ]", {"x", "b.json", ""}, RecordsSyntax::json);
    CHECK(broken.records.empty());
    REQUIRE(broken.diagnostics.size() == 1);
    CHECK(core::format(broken.diagnostics[0]).starts_with("b.json:1:31: error: malformed JSON"));
}
