#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "listening/attachments.hpp"
#include "listening/chapters.hpp"
#include "listening/timecode.hpp"
#include "listening/transcript.hpp"

using namespace listening;

TEST_CASE("timecodes in the shapes chapter lists and caption files write them") {
    struct Case {
        const char* text;
        std::optional<double> seconds;
    };
    const Case cases[] = {
        {"90", 90},
        {"90.25", 90.25},
        {"1:30", 90},
        {"01:02:03", 3723},
        {"01:02:03.500", 3723.5},
        {"00:00:01,250", 1.25},
        {" 2:03 ", 123},
        {"", std::nullopt},
        {"1:60", std::nullopt},
        {"abc", std::nullopt},
        {"1:2:3:4", std::nullopt},
        {"-5", std::nullopt},
        {"1:30.", std::nullopt},
        {"400:00:00", std::nullopt},
        {"99999999999", std::nullopt},
    };
    for (const auto& c : cases) CHECK_MESSAGE(parse_timecode(c.text) == c.seconds, std::string(c.text));
    // "hh:mm:ss.mmm" is read by a path of its own: the same seconds as the general reading
    // (which a fourth digit of the fraction takes), and the same refusals.
    for (const char* bad :
         {"00:60:00.000", "00:00:60.000", "0a:00:00.000", "00:00:00:000", "00-00:00.000", "00:00:00.0a0"})
        CHECK_MESSAGE(!parse_timecode(bad), bad);
    CHECK(parse_timecode("12:34:56.789") == 45296.789);
    for (int h : {0, 1, 9, 10, 99})
        for (int m : {0, 1, 30, 59})
            for (int s : {0, 7, 59})
                for (int ms : {0, 1, 5, 123, 500, 999}) {
                    char text[32];
                    std::snprintf(text, sizeof text, "%02d:%02d:%02d.%03d", h, m, s, ms);
                    const auto canonical = parse_timecode(text);
                    REQUIRE_MESSAGE(canonical, text);
                    CHECK_MESSAGE(canonical == parse_timecode(std::string(text) + "0"), text);
                    CHECK_MESSAGE(canonical == parse_timecode(" " + std::string(text).replace(8, 1, ",")), text);
                }
    CHECK(format_timecode(3723.9) == "1:02:03");
    CHECK(format_timecode(59) == "0:59");
}

TEST_CASE("chapter lines: time first or last, with brackets, bullets and separators") {
    struct Case {
        const char* line;
        double start;
        const char* title;  // nullptr: not a chapter
    };
    const Case cases[] = {
        {"12:34 Topic", 754, "Topic"},
        {"- 0:00 Intro", 0, "Intro"},
        {"(1:02:03) Deep dive", 3723, "Deep dive"},
        {"[05:00] - Questions", 300, "Questions"},
        {"12:34: Topic", 754, "Topic"},
        {"Topic (12:34)", 754, "Topic"},
        {"Topic - 12:34", 754, "Topic"},
        {"* 3:00 | Wrap-up", 180, "Wrap-up"},
        {"In 2021 we shipped", 0, nullptr},
        {"12:34", 0, nullptr},
        {"at 12:34 we said", 0, nullptr},
        {"Call us at 555-1234", 0, nullptr},
    };
    for (const auto& c : cases) {
        INFO(std::string(c.line));
        auto chapter = parse_chapter_line(c.line);
        if (!c.title) {
            CHECK_FALSE(chapter);
            continue;
        }
        REQUIRE(chapter);
        CHECK(chapter->start == c.start);
        CHECK(chapter->title == c.title);
    }
}

TEST_CASE("show notes give chapters only as a run of timestamped lines in time order") {
    CHECK(chapters_in_show_notes("Intro text\n00:00 Hello\n02:30 The middle part\n07:45 The end\nThanks").size() == 3);
    CHECK(chapters_in_show_notes("We met at 12:30 for lunch.").empty());
    CHECK(chapters_in_show_notes("10:00 One line only").empty());
    // A second list going back in time (another episode's) is not joined to the first.
    auto two = chapters_in_show_notes("0:00 A\n5:00 B\nPrevious episode:\n0:00 C\n3:00 D");
    REQUIRE(two.size() == 2);
    CHECK(two[1].title == "B");
}

TEST_CASE("an episode's show notes give chapters however their times are written") {
    auto chapters = [](std::string description, bool html) {
        core::Episode e;
        e.description = std::move(description);
        e.description_is_html = html;
        return show_notes_chapters(e).list.size();
    };
    CHECK(chapters("<p>00:00 Hello<br>02:30 The middle<br/>07:45 The end</p>", true) == 3);
    CHECK(chapters("00:00 Hello\n02:30 The middle\n07:45 The end", false) == 3);
    // A time written with character references is a time once they are read.
    CHECK(chapters("<p>00&#58;00 Hello<br>02&#x3A;30 The middle<br>&#48;7&colon;45 The end</p>", true) == 3);
    CHECK(chapters("<li>&#49;0:00 Hello</li><li>1&#49;:30 The middle</li>", true) == 2);
    // None: no time at all, a colon that is not in one, a tag between the digits and the colon.
    CHECK(chapters("<p>Hello<br>The middle<br>The end</p>", true) == 0);
    CHECK(chapters("<p>Links: <a href=\"https://a.example:8080/x\">one</a> and two: three</p>", true) == 0);
    CHECK(chapters("<p>00<b>:</b>00 Hello<br>02<i>:</i>30 The middle</p>", true) == 0);
}

TEST_CASE("JSON chapters: fields, toc, located warnings for what cannot be read") {
    auto read = read_chapters_json(R"({"version":"1.2.0","chapters":[
  {"startTime": 0, "title": "A"},
  {"startTime": "1:30", "title": "B", "url": "https://x.example/", "img": "https://x.example/i.png"},
  {"title": "no start"},
  {"startTime": -4, "title": "negative"},
  {"startTime": 200, "toc": false}
]})",
                                   "c.json");
    REQUIRE(read.chapters.size() == 3);
    CHECK(read.chapters[1].start == 90);
    CHECK(read.chapters[1].url == "https://x.example/");
    CHECK(read.chapters[2].title == "Chapter 3");
    CHECK_FALSE(read.chapters[2].listed);
    REQUIRE(read.warnings.size() == 2);
    CHECK(read.warnings[0].where.line == 4);
    CHECK(read.warnings[1].where.line == 5);
    for (const char* bad : {"", "[]", "{\"chapters\": 3}", "{\"chapters\": [", "nonsense"}) {
        auto r = read_chapters_json(bad, "bad.json");
        CHECK(r.chapters.empty());
        CHECK(r.warnings.size() == 1);
    }
}

TEST_CASE("transcripts in each format read into paragraphs with speakers and times") {
    struct Case {
        const char* name;
        TranscriptFormat format;
        std::string text;
        std::size_t paragraphs;
        double second_start;
        const char* second_speaker;
        const char* second_text;
    };
    const Case cases[] = {
        {"vtt voices", TranscriptFormat::vtt,
         "WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ann>Hi there.\n\n00:02.000 --> 00:04.000\n<v Ann>Still "
         "me.\n\n00:10.000 --> 00:12.000\n<v.loud Bo>Now <b>me</b>.\n",
         2, 10, "Bo", "Now me."},
        {"vtt ids and settings", TranscriptFormat::vtt,
         "\xEF\xBB\xBFWEBVTT - title\n\nSTYLE\n::cue { color: red }\n\nintro\n00:00:01.000 --> 00:00:02.000 "
         "align:start\nOne.\n\nnext\n00:00:30.000 --> 00:00:31.000\nTwo.\n",
         2, 30, "", "Two."},
        {"srt prefixes", TranscriptFormat::srt,
         "1\n00:00:01,000 --> 00:00:02,000\nANN: One.\n\n2\n00:00:03,000 --> 00:00:04,000\nBO: Two.\n\n3\n00:00:05,000 "
         "--> 00:00:06,000\nBO: Three.\n\n4\n00:00:07,000 --> 00:00:08,000\nANN: Four.\n",
         3, 3, "BO", "Two. Three."},
        {"json words", TranscriptFormat::json,
         R"({"version":"1.0.0","segments":[{"speaker":"A","startTime":0,"body":"one"},{"speaker":"A","startTime":0.5,"body":"two"},{"speaker":"B","startTime":9,"endTime":9.5,"body":"three"}]})",
         2, 9, "B", "three"},
        {"html", TranscriptFormat::html,
         "<cite>Ann:</cite><time>0:00</time><p>One.</p><cite>Bo:</cite><time>1:05</time><p>Two <i>too</i>.</p>", 2, 65,
         "Bo", "Two too."},
    };
    for (const auto& c : cases) {
        INFO(std::string(c.name));
        auto read = read_transcript(c.text, c.format, "t");
        CHECK(read.warnings.empty());
        REQUIRE(read.transcript.segments.size() == c.paragraphs);
        const auto& s = read.transcript.segments[1];
        CHECK(s.start == c.second_start);
        CHECK(s.speaker == c.second_speaker);
        CHECK(s.text == c.second_text);
        // The same text with its format told from the content.
        CHECK(read_transcript(c.text, TranscriptFormat::unknown, "t").transcript.segments.size() == c.paragraphs);
    }
}

TEST_CASE("an HTML transcript's scripts and styles are not said, whatever the case of their tags") {
    const std::string html =
        "<html><head><STYLE>p { color: red }</Style><script>var s = '<p>not said</p>';</SCRIPT >"
        "</head><body><time>0:05</time><p>First words.</p>"
        "<Script type=\"x\">document.write('<p>nor this</p>')</sCrIpT>"
        "<time>1:09</time><p>Second words.</p></body></html>";
    auto read = read_transcript(html, TranscriptFormat::html, "t.html");
    REQUIRE(read.transcript.segments.size() == 2);
    CHECK(read.transcript.segments[0].text == "First words.");
    CHECK(read.transcript.segments[1].text == "Second words.");
    CHECK(read.transcript.segments[1].start == 69);
    // A script never closed hides the rest, and that is all it does.
    auto open = read_transcript("<p>Kept.</p><SCRIPT>x", TranscriptFormat::html, "t.html");
    REQUIRE(open.transcript.segments.size() == 1);
    CHECK(open.transcript.segments[0].text == "Kept.");
}

TEST_CASE("transcript formats from MIME types and file names") {
    CHECK(transcript_format("text/vtt", "") == TranscriptFormat::vtt);
    CHECK(transcript_format("application/x-subrip", "") == TranscriptFormat::srt);
    CHECK(transcript_format("application/srt", "") == TranscriptFormat::srt);
    CHECK(transcript_format("application/json; charset=utf-8", "") == TranscriptFormat::json);
    CHECK(transcript_format("TEXT/HTML", "") == TranscriptFormat::html);
    CHECK(transcript_format("", "https://x.example/t.VTT?x=1") == TranscriptFormat::vtt);
    CHECK(transcript_format("", "t.srt") == TranscriptFormat::srt);
    CHECK(transcript_format("text/plain", "t.txt") == TranscriptFormat::unknown);
}

TEST_CASE("malformed transcripts: located warnings, never an exception, nothing invented") {
    struct Case {
        const char* name;
        TranscriptFormat format;
        std::string text;
        int warning_line;
    };
    const Case cases[] = {
        {"vtt no header", TranscriptFormat::vtt, "00:00.000 --> 00:01.000\nText\n", 1},
        {"vtt bad time", TranscriptFormat::vtt, "WEBVTT\n\n00:00.000 --> 00:01.000\nok\n\n0x:00 --> 00:02\nbad\n", 6},
        {"srt no times", TranscriptFormat::srt, "1\nno time here\n", 1},
        {"json wrong shape", TranscriptFormat::json, "{\"segments\": 4}", 1},
        {"json truncated", TranscriptFormat::json, "{\"segments\": [", 1},
        {"unknown", TranscriptFormat::unknown, "just words", 1},
        {"empty vtt", TranscriptFormat::vtt, "WEBVTT\n", 1},
    };
    for (const auto& c : cases) {
        INFO(std::string(c.name));
        auto read = read_transcript(c.text, c.format, "bad");
        REQUIRE_FALSE(read.warnings.empty());
        CHECK(read.warnings[0].where.file == "bad");
        CHECK(read.warnings[0].where.line == c.warning_line);
    }
    CHECK(read_transcript("1\nno time here\n", TranscriptFormat::srt, "bad").transcript.segments.empty());
    // Deep nesting and a huge cue do not crash.
    std::string deep = "<p>" + std::string(20000, '<') + "</p>";
    read_transcript(deep, TranscriptFormat::html, "deep");
    read_transcript("WEBVTT\n\n00:00.000 --> 00:01.000\n" + std::string(1 << 20, 'a'), TranscriptFormat::vtt, "big");
}

TEST_CASE("long monologues break into paragraphs at sentence ends") {
    std::string vtt = "WEBVTT\n\n";
    for (int i = 0; i < 60; ++i)  // a cue every 4 seconds
        vtt += std::to_string(4 * i) + ".000 --> " + std::to_string(4 * i + 4) +
               ".000\n<v A>Five words in a sentence.\n\n";
    auto read = read_transcript(vtt, TranscriptFormat::vtt, "long");
    CHECK(read.transcript.segments.size() >= 5);
    CHECK(read.transcript.segments.size() <= 10);
    for (const auto& s : read.transcript.segments) CHECK(s.text.ends_with("."));
}

TEST_CASE("transcripts: UTF-16 is read as what it is; what a limit cuts is said with the counts") {
    const std::string vtt = "WEBVTT\n\n00:00.000 --> 00:04.000\nGr\xC3\xBC\xC3\x9F Gott from a transcript.\n";
    // UTF-16 little- and big-endian with a byte-order mark, as Windows' tools save them.
    for (const bool little : {true, false}) {
        std::string utf16 = little ? "\xFF\xFE" : "\xFE\xFF";
        std::u16string units;
        for (std::size_t i = 0; i < vtt.size();) {
            char32_t cp = static_cast<unsigned char>(vtt[i]);
            std::size_t n = cp < 0x80 ? 1 : 2;  // (the text has two-byte characters only)
            if (n == 2) cp = ((cp & 0x1F) << 6) | (static_cast<unsigned char>(vtt[i + 1]) & 0x3F);
            i += n;
            units.push_back(static_cast<char16_t>(cp));
        }
        for (char16_t u : units) {
            const char lo = static_cast<char>(u & 0xFF), hi = static_cast<char>(u >> 8);
            utf16 += little ? std::string{lo, hi} : std::string{hi, lo};
        }
        auto read = read_transcript(utf16, TranscriptFormat::vtt, "t.vtt");
        CAPTURE(little);
        REQUIRE(read.transcript.segments.size() == 1);
        CHECK(read.transcript.segments[0].text == "Gr\xC3\xBC\xC3\x9F Gott from a transcript.");
        CHECK(read.warnings.empty());
    }
    // 500,000 cues are kept; the ones after are counted in a warning, never dropped in silence.
    std::string many = "WEBVTT\n\n";
    for (int i = 0; i < 500003; ++i) many += "00:00.000 --> 00:00.500\nw\n\n";
    auto cut = read_transcript(many, TranscriptFormat::vtt, "many.vtt");
    REQUIRE(cut.warnings.size() == 1);
    CHECK(cut.warnings[0].message ==
          "the transcript has 500003 cues; the 3 after the 500000th are left out (no episode's words need more: merge "
          "its cues into sentences)");
}

TEST_CASE("chapters: links that are not http(s) are left out and said; what the limit cuts is counted") {
    auto read = read_chapters_json(R"j({"version":"1.2.0","chapters":[
  {"startTime":0,"title":"Intro","url":"javascript:alert(document.cookie)","img":"data:image/svg+xml,<svg onload=alert(1)>"},
  {"startTime":60,"title":"Two","url":"https://example.com/two","img":"https://example.com/two.jpg"}]})j",
                                   "c.json");
    REQUIRE(read.chapters.size() == 2);
    CHECK(read.chapters[0].url.empty());
    CHECK(read.chapters[0].image.empty());
    CHECK(read.chapters[1].url == "https://example.com/two");
    REQUIRE(read.warnings.size() == 2);
    CHECK(core::format(read.warnings[0]) ==
          "c.json:2: warning: chapter 1's \"url\" (javascript:alert(document.cookie)) is not an http(s) address; it is "
          "left out");
    // Whoever wrote a chapter (a note too), only http(s) links are republished.
    core::Chapter planted;
    planted.title = "x";
    planted.url = "javascript:alert(1)";
    CHECK(chapters_json({planted}).find("javascript") == std::string::npos);
    std::string list = R"({"version":"1.2.0","chapters":[)";
    for (int i = 0; i < 2005; ++i)
        list += std::string(i ? "," : "") + "{\"startTime\":" + std::to_string(i) + ",\"title\":\"c\"}";
    auto cut = read_chapters_json(list + "]}", "many.json");
    CHECK(cut.chapters.size() == 2000);
    REQUIRE(cut.warnings.size() == 1);
    CHECK(cut.warnings[0].message ==
          "the file has 2005 chapters; the 5 after the 2000th are left out (no listener pages through more)");
}

TEST_CASE("HTML transcripts in every form the guidance and common exports use") {
    struct Said {
        const char* speaker;
        double start;
        const char* text;
    };
    struct Case {
        const char* form;
        std::string html;
        std::vector<Said> said;
        bool timed = true;
    };
    const std::vector<Said> dialogue = {{"Erin", 0, "Hello there."}, {"Bob", 7, "Hi, Erin."}, {"Erin", 65, "Bye now."}};
    const Case cases[] = {
        {"cite and time beside the paragraph (Podcasting 2.0)",
         "<cite>Erin:</cite>\n<time>0:00</time>\n<p>Hello there.</p>\n<cite>Bob:</cite>\n<time>0:07</time>\n<p>Hi, "
         "Erin.</p>\n"
         "<cite>Erin:</cite>\n<time>1:05</time>\n<p>Bye now.</p>",
         dialogue},
        {"cite and time inside the paragraph",
         "<p><cite>Erin:</cite> <time>0:00</time> Hello there.</p><p><cite>Bob:</cite> <time>0:07</time> Hi, Erin.</p>"
         "<p><time>1:05</time> <cite>Erin</cite>: Bye now.</p>",
         dialogue},
        {"a definition list",
         "<dl><dt>Erin <time>00:00:00</time></dt><dd>Hello there.</dd><dt>Bob (00:00:07)</dt><dd>Hi, Erin.</dd>"
         "<dt>01:05 &#183; Erin</dt><dd>Bye now.</dd></dl>",
         dialogue},
        {"speaker headings with times",
         "<h1>Episode 12: transcript</h1><h3>Erin \xE2\x80\x93 0:00</h3><p>Hello there.</p><h3>Bob | 0:07</h3><p>Hi, "
         "Erin.</p>"
         "<h3>[1:05] Erin</h3><p>Bye now.</p>",
         dialogue},
        {"speaker headings without times",
         "<h2>Transcript</h2><h4>Erin</h4><p>Hello there.</p><h4>Bob</h4><p>Hi, Erin.</p><h4>Erin</h4><p>Bye now.</p>",
         {{"Erin", 0, "Hello there."}, {"Bob", 0, "Hi, Erin."}, {"Erin", 0, "Bye now."}},
         false},
        {"a bold name and a bracketed time",
         "<p><strong>Erin:</strong> [00:00:00] Hello there.</p><p><b>Bob:</b> [00:00:07] Hi, <b>Erin</b>.</p>"
         "<p><strong>Erin:</strong> [00:01:05] Bye now.</p>",
         dialogue},
        {"a time and a name at the start of the text",
         "<p>[00:00] Erin: Hello there.</p><p>(00:07) Bob: Hi, Erin.</p><p>01:05 Erin: Bye now.</p><p>01:09 Bob: "
         "Bye.</p>",
         {{"Erin", 0, "Hello there."}, {"Bob", 7, "Hi, Erin."}, {"Erin", 65, "Bye now."}, {"Bob", 69, "Bye."}}},
        {"entities beyond the common ones (exports write &ndash; and &eacute;)",
         "<p><cite>Ren&eacute;e:</cite> <time>0:00</time> 1&ndash;2 &rarr; go.</p><p><cite>Bob:</cite> "
         "<time>0:07</time> Caf&eacute;&hellip;</p>",
         {{"Ren\xC3\xA9"
           "e",
           0,
           "1\xE2\x80\x93"
           "2 \xE2\x86\x92 go."},
          {"Bob", 7, "Caf\xC3\xA9\xE2\x80\xA6"}}},
        {"list items",
         "<ul><li><cite>Erin</cite> <time>0:00</time> Hello there.</li><li><cite>Bob</cite> <time>0:07</time> Hi, "
         "Erin.</li>"
         "<li><cite>Erin</cite> <time>1:05</time> Bye now.</li></ul>",
         dialogue},
    };
    for (const Case& c : cases) {
        CAPTURE(std::string(c.form));
        const auto read = read_transcript(c.html, TranscriptFormat::html, "t.html");
        CHECK(read.warnings.empty());
        CHECK(read.transcript.timed == c.timed);
        const auto& segments = read.transcript.segments;
        REQUIRE(segments.size() == c.said.size());
        for (std::size_t i = 0; i < segments.size(); ++i) {
            CAPTURE(i);
            CHECK(segments[i].speaker == c.said[i].speaker);
            CHECK(segments[i].start == doctest::Approx(c.said[i].start));
            CHECK(segments[i].text == c.said[i].text);
        }
    }
    // A section title over the paragraphs is no speaker: one heading heads them all.
    const auto titled =
        read_transcript("<h2>What was said</h2><p>First.</p><p>Second.</p>", TranscriptFormat::html, "t.html");
    REQUIRE_FALSE(titled.transcript.segments.empty());
    CHECK(titled.transcript.segments[0].speaker.empty());
}

TEST_CASE("a transcript or chapters file with bytes that are not UTF-8 is read with them as Windows-1252, and said") {
    const auto vtt = read_transcript("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nCaf\xE9 \x93talk\x94.\n",
                                     TranscriptFormat::vtt, "t.vtt");
    REQUIRE(vtt.transcript.segments.size() == 1);
    CHECK(vtt.transcript.segments[0].text == "Caf\xC3\xA9 \xE2\x80\x9Ctalk\xE2\x80\x9D.");
    REQUIRE(vtt.warnings.size() == 1);
    CHECK(vtt.warnings[0].where.line == 4);
    CHECK(vtt.warnings[0].message.starts_with("3 bytes are not UTF-8 (the first on this line, 0xE9)"));
    CHECK(vtt.warnings[0].message.ends_with("save the transcript as UTF-8"));
    // (nlohmann's parser refused the file, which said "not a chapters file")
    const auto json =
        read_chapters_json("{\"version\":\"1.2.0\",\"chapters\":[{\"startTime\":0,\"title\":\"Caf\xE9\"}]}", "c.json");
    REQUIRE(json.chapters.size() == 1);
    CHECK(json.chapters[0].title == "Caf\xC3\xA9");
    REQUIRE(json.warnings.size() == 1);
    CHECK(json.warnings[0].message.ends_with("save the chapters file as UTF-8"));
}
