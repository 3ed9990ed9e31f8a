#include "listening/captions.hpp"

#include <doctest/doctest.h>

#include <string>

#include "listening/transcript.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

using namespace listening;

namespace {

core::Transcript transcript(std::vector<core::TranscriptSegment> segments) {
    core::Transcript t;
    t.segments = std::move(segments);
    return t;
}

// The cue lines of a WebVTT file (neither the header nor the timings nor blank lines).
std::vector<std::string> cue_lines(const std::string& vtt) {
    std::vector<std::string> out;
    for (auto line : text::split_lines(vtt))
        if (!line.empty() && line != "WEBVTT" && line.find(" --> ") == std::string_view::npos) out.emplace_back(line);
    return out;
}

}  // namespace

TEST_CASE("captions: cues short enough to read, in time order, that read back as the transcript") {
    const std::string paragraph =
        "So the thing about graph breaks is that they happen whenever Dynamo sees something it cannot trace, "
        "and then it falls back to the Python interpreter for that bit, which costs you a lot.";
    const core::Transcript t =
        transcript({{0, 0, "Edward", paragraph}, {20, 24.5, "", "Short one."}, {40, 0, "", "The last words."}});
    const std::string vtt = captions_vtt(t);
    CHECK(vtt.starts_with("WEBVTT\n\n00:00:00.000 --> "));
    // The paragraph (182 letters) is three cues, cut at spaces, each with its speaker.
    const auto lines = cue_lines(vtt);
    REQUIRE(lines.size() == 5);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(lines[i].starts_with("<v Edward>"));
        CHECK(text::code_point_count(lines[i]) <= 84 + 10);
    }
    CHECK(lines[3] == "Short one.");
    // Its cues share the time until the next segment; a given end is kept; the last lasts as
    // long as saying it takes (two seconds at least).
    CHECK(vtt.find("--> 00:00:20.000\n<v Edward>") != std::string::npos);
    CHECK(vtt.find("00:00:20.000 --> 00:00:24.500\nShort one.") != std::string::npos);
    CHECK(vtt.find("00:00:40.000 --> 00:00:42.000\nThe last words.") != std::string::npos);
    // Read back by our own WebVTT reader: every word, in order, the speaker kept.
    const auto read = read_transcript(vtt, TranscriptFormat::vtt, "captions.vtt");
    CHECK(read.warnings.empty());
    std::string words;
    for (const auto& s : read.transcript.segments) words += (words.empty() ? "" : " ") + s.text;
    CHECK(words == paragraph + " Short one. The last words.");
    REQUIRE(!read.transcript.segments.empty());
    CHECK(read.transcript.segments.front().speaker == "Edward");
}

TEST_CASE("captions: a transcript's markup or arrows cannot end a cue or open a tag") {
    const std::string vtt = captions_vtt(transcript({{1, 2, "<b>Eve</b>", "a --> b\n\nNOTE <c.x>&amp; <script>"}}));
    CHECK(vtt ==
          "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v &lt;b&gt;Eve&lt;/b&gt;>a --&gt; b NOTE &lt;c.x&gt;&amp;amp; "
          "&lt;script&gt;\n");
}

TEST_CASE("captions: text written without spaces is cut between letters") {
    std::string japanese;
    for (int i = 0; i < 20; ++i) japanese += "機械学習のコンパイラ";  // (200 letters)
    const auto lines = cue_lines(captions_vtt(transcript({{0, 60, "", japanese}})));
    REQUIRE(lines.size() == 3);
    for (const auto& line : lines) {  // (about a third each, none over two lines)
        CHECK(text::code_point_count(line) <= 84);
        CHECK(text::code_point_count(line) >= 50);
    }
    CHECK(lines[0] + lines[1] + lines[2] == japanese);
    CHECK(text::is_valid_utf8(lines[1]));
}

TEST_CASE("captions: an empty segment gives no cue") {
    CHECK(captions_vtt(transcript({{0, 1, "", "  "}})) == "WEBVTT\n");
}
