#include "files/binary_io.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support.hpp"

namespace fs = std::filesystem;

namespace {

enum class Colour { red, green };

struct Piece {
    std::string name;
    std::optional<int> count;
    std::vector<double> times;
    Colour colour = Colour::red;
    bool on = false;
};

}  // namespace

namespace files::binary {
template <class IO>
void fields(IO& io, Piece& p) {
    io(p.name, p.count, p.times, p.colour, p.on);
}
}  // namespace files::binary

TEST_CASE("a kept file reads back what was written, across the writer's blocks, and nothing when damaged") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    constexpr std::string_view magic = "test format 1\n";
    // Larger than the writer's block of a megabyte, several times: written as it is made.
    const std::string large(3'500'000, 'x');
    std::vector<Piece> pieces = {{"a", 3, {0.5, -1.25}, Colour::green, true},
                                 {"", std::nullopt, {}, Colour::red, false}};
    std::map<std::string, std::uint64_t> counts = {{"k", 0xFFFF'FFFF'FFFF'FFF0ull}, {"l", 1}};
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(large, pieces, counts, -7LL); }));

    const files::binary::FileBytes mapped(file, std::size_t{1} << 30);
    const std::string bytes(mapped.view());
    auto r = files::binary::Reader::open(mapped.view(), magic);
    REQUIRE(r);
    std::string large_back;
    std::vector<Piece> pieces_back;
    std::map<std::string, std::uint64_t> counts_back;
    long long last = 0;
    (*r)(large_back, pieces_back, counts_back, last);
    CHECK(r->whole());
    CHECK(large_back == large);
    REQUIRE(pieces_back.size() == 2);
    CHECK(pieces_back[0].count == 3);
    CHECK(pieces_back[0].times == std::vector<double>{0.5, -1.25});
    CHECK(pieces_back[0].colour == Colour::green);
    CHECK(pieces_back[0].on);
    CHECK_FALSE(pieces_back[1].count);
    CHECK(counts_back == counts);
    CHECK(last == -7);

    CHECK_FALSE(files::binary::Reader::open(bytes, "other format 1\n"));
    std::string damaged = bytes;
    damaged[2'000'000] ^= 1;
    CHECK_FALSE(files::binary::Reader::open(damaged, magic));
    CHECK_FALSE(files::binary::Reader::open(bytes.substr(0, bytes.size() - 1), magic));
    CHECK_FALSE(files::binary::Reader::open(files::binary::FileBytes(dir.path() / "none", 100).view(), magic));
    CHECK(files::binary::FileBytes(file, bytes.size() - 1).size() == 0);  // (larger than asked: none)
    // A count the rest cannot hold fails, and so does every read after it.
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(std::uint64_t{1} << 40); }));
    const files::binary::FileBytes counted(file, 1000);
    auto c = files::binary::Reader::open(counted.view(), magic);
    REQUIRE(c);
    std::vector<std::string> many;
    (*c)(many);
    CHECK_FALSE(c->ok());
    CHECK(many.empty());
}

TEST_CASE("shared values read back as values of their own, and a null one as null") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    constexpr std::string_view magic = "test format 1\n";
    const auto shared = std::make_shared<const Piece>(Piece{"shared", 2, {1.5}, Colour::green, true});
    const std::vector<std::shared_ptr<const Piece>> pieces = {shared, nullptr, shared};
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(pieces); }));
    const files::binary::FileBytes bytes(file, 1000);
    auto r = files::binary::Reader::open(bytes.view(), magic);
    REQUIRE(r);
    std::vector<std::shared_ptr<const Piece>> back;
    (*r)(back);
    CHECK(r->whole());
    REQUIRE(back.size() == 3);
    REQUIRE(back[0]);
    CHECK(back[0]->name == "shared");
    CHECK(back[0]->count == 2);
    CHECK(back[0]->colour == Colour::green);
    CHECK_FALSE(back[1]);
    REQUIRE(back[2]);
    CHECK(back[2]->times == std::vector<double>{1.5});
}

TEST_CASE("a shared text reads back as a view of the bytes the reader shares, else as a text of its own") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    constexpr std::string_view magic = "test format 1\n";
    const std::vector<text::SharedText> texts = {text::SharedText("<item><title>one</title></item>"),
                                                 text::SharedText(), text::SharedText(std::string(5000, 'y'))};
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(texts); }));
    auto inside = [](std::string_view part, std::string_view whole) {
        return part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size();
    };
    auto bytes = std::make_shared<const files::binary::FileBytes>(file, 100'000);
    std::vector<text::SharedText> shared, own;
    {
        auto r = files::binary::Reader::open(bytes->view(), magic);
        REQUIRE(r);
        r->share(bytes);
        (*r)(shared);
        CHECK(r->whole());
    }
    {
        auto r = files::binary::Reader::open(bytes->view(), magic);
        REQUIRE(r);
        (*r)(own);
        CHECK(r->whole());
    }
    CHECK(shared == texts);
    CHECK(own == texts);
    CHECK(inside(shared[0].view(), bytes->view()));
    CHECK(inside(shared[2].view(), bytes->view()));
    CHECK_FALSE(inside(own[0].view(), bytes->view()));
    CHECK_FALSE(inside(own[2].view(), bytes->view()));
    // The views keep the bytes: read after the file is replaced and the reader's holder let go of,
    // unloaded from memory in between (MappedFile::unload), they are what was written.
    bytes->unload();
    const std::weak_ptr<const files::binary::FileBytes> held = bytes;
    bytes.reset();
    CHECK_FALSE(held.expired());
    REQUIRE(files::binary::write_file(
        file, magic, [&](files::binary::Writer& w) { w(std::vector<text::SharedText>{text::SharedText("other")}); }));
    CHECK(shared[0].view() == "<item><title>one</title></item>");
    CHECK(shared[2].view() == std::string(5000, 'y'));
    shared.clear();
    CHECK(held.expired());
}

namespace {
// Values holding shared texts in every kind of place a Writer goes into.
struct Holder {
    std::string name;
    text::SharedText first;
    std::optional<text::SharedText> maybe;
    std::vector<std::pair<text::SharedText, int>> pairs;
    std::map<std::string, text::SharedText> by_name;
    std::shared_ptr<const text::SharedText> shared_const;  // (stays its own: shared as const)
    std::string_view view;                                 // (of bytes the caller holds, then of the file's)
};
}  // namespace

namespace files::binary {
template <class IO>
void fields(IO& io, Holder& h) {
    io(h.name, h.first, h.maybe, h.pairs, h.by_name, h.shared_const, h.view);
}
}  // namespace files::binary

TEST_CASE("the shared texts of values just written become views of the file written, in the order written") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    constexpr std::string_view magic = "test format 1\n";
    auto text = [](std::string s) { return text::SharedText(std::move(s)); };
    // A block and more: views across the Writer's blocks.
    std::vector<Holder> values(3);
    const std::vector<std::string> viewed = {"view 0", "view 1", "view 2"};
    for (std::size_t i = 0; i < values.size(); ++i) {
        Holder& h = values[i];
        h.name = "holder " + std::to_string(i);
        h.first = text("<item>" + std::to_string(i) + "</item>");
        if (i != 1) h.maybe = text(std::string(700'000 + i, static_cast<char>('a' + i)));
        h.pairs = {{text("pair " + std::to_string(i)), 1}, {text::SharedText(), 2}};
        h.by_name = {{"x", text("mapped " + std::to_string(i))}};
        h.shared_const = std::make_shared<const text::SharedText>(text("const " + std::to_string(i)));
        h.view = viewed[i];
    }
    const std::vector<Holder> before = values;
    const std::string key = "key";
    files::binary::Written written;
    REQUIRE(files::binary::write_file(
        file, magic, [&](files::binary::Writer& w) { w(key, values); }, &written));
    REQUIRE(written.bytes);
    CHECK(written.shared_at.size() == 3 * 7 - 1);  // (each text and view written once, the empty ones too)
    std::string key_again = key;
    files::binary::share_written(written, key_again, values);
    const std::string_view bytes = written.bytes->view();
    auto inside = [&](const text::SharedText& t) {
        return t.view().data() >= bytes.data() && t.view().data() + t.size() <= bytes.data() + bytes.size();
    };
    for (std::size_t i = 0; i < values.size(); ++i) {
        CAPTURE(i);
        const Holder &h = values[i], &was = before[i];
        CHECK(h.first == was.first);
        CHECK(inside(h.first));
        CHECK(h.maybe == was.maybe);
        if (h.maybe) CHECK(inside(*h.maybe));
        CHECK(h.pairs == was.pairs);
        CHECK(inside(h.pairs[0].first));
        CHECK(h.pairs[1].first.empty());
        CHECK(h.by_name.at("x") == was.by_name.at("x"));
        CHECK(inside(h.by_name.at("x")));
        CHECK(*h.shared_const == *was.shared_const);
        CHECK_FALSE(inside(*h.shared_const));
        CHECK(h.view == viewed[i]);
        CHECK(inside(text::SharedText(nullptr, h.view)));
    }
    // The views are of the file written, not of whatever later has its name.
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(std::string("other")); }));
    const std::weak_ptr<const files::binary::FileBytes> held = written.bytes;
    written = {};
    CHECK_FALSE(held.expired());
    CHECK(values[2].maybe->view() == std::string(700'002, 'c'));
    CHECK(values[0].first.view() == "<item>0</item>");
    values.clear();
    CHECK(held.expired());
}

TEST_CASE("a kept file read with its pages let go of behind reads the same, and nothing when damaged") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    constexpr std::string_view magic = "test format 1\n";
    // Past two of the reader's spans (8 MB), in values of every size.
    std::vector<std::string> values;
    for (std::size_t i = 0; values.size() < 400; ++i)
        values.push_back(std::string(i * 7919 % 110'000, static_cast<char>('a' + i % 26)));
    REQUIRE(files::binary::write_file(file, magic, [&](files::binary::Writer& w) { w(values); }));
    REQUIRE(fs::file_size(file) > std::size_t{20} << 20);
    auto read = [&](const files::binary::FileBytes& bytes) {
        std::vector<std::string> back;
        auto r = files::binary::Reader::open(bytes.view(), magic, &bytes);
        if (!r) return std::optional<std::vector<std::string>>();
        (*r)(back);
        return r->whole() ? std::optional(back) : std::nullopt;
    };
    {
        const files::binary::FileBytes bytes(file, std::size_t{1} << 30);
        CHECK(read(bytes) == values);
    }
    std::string damaged = test::read(file);
    damaged[damaged.size() - 100] ^= 1;
    test::write(file, damaged);
    const files::binary::FileBytes bytes(file, std::size_t{1} << 30);
    CHECK_FALSE(read(bytes));
}

TEST_CASE("bytes held with their pages let go of read the same while held, and go with the last holder") {
    test::TempDir dir;
    const auto file = dir.path() / ".kept";
    const std::string text(3 << 20, 'k');
    test::write(file, text);
    auto bytes = std::make_shared<const files::binary::FileBytes>(file, std::size_t{1} << 30);
    const std::weak_ptr<const files::binary::FileBytes> plain = bytes;
    auto held = files::binary::let_go_while_held(std::move(bytes));
    REQUIRE(held);
    CHECK(held.get() == plain.lock().get());   // (the same bytes)
    for (int round = 0; round < 3; ++round) {  // (read across the 25 ms it lets go of them every)
        CHECK(held->view() == text);
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    held.reset();
    CHECK(plain.expired());
    CHECK_FALSE(files::binary::let_go_while_held(nullptr));
}

TEST_CASE("a vector of 64-bit numbers is written at once as the same bytes as number by number, and read so") {
    test::TempDir dir;
    constexpr std::string_view magic = "test format 1\n";
    const std::vector<std::uint64_t> keys = {0, 1, 0xFFFFFFFFFFFFFFFFu, 0x8000000000000000u, 1234567890123u};
    const std::vector<std::int64_t> signed_keys(keys.begin(), keys.end());  // (written number by number)
    REQUIRE(files::binary::write_file(dir.path() / "a", magic,
                                      [&](files::binary::Writer& w) { w(keys, std::vector<std::uint64_t>{}); }));
    REQUIRE(files::binary::write_file(dir.path() / "b", magic,
                                      [&](files::binary::Writer& w) { w(signed_keys, std::vector<std::int64_t>{}); }));
    CHECK(test::read(dir.path() / "a") == test::read(dir.path() / "b"));
    for (const char* name : {"a", "b"}) {
        const files::binary::FileBytes bytes(dir.path() / name, 1000);
        auto r = files::binary::Reader::open(bytes.view(), magic);
        REQUIRE(r);
        std::vector<std::uint64_t> back, none = {7};
        (*r)(back, none);
        CHECK(r->whole());
        CHECK(back == keys);
        CHECK(none.empty());
    }
    // A count past what the rest holds fails the reader, and takes nothing.
    const files::binary::FileBytes whole(dir.path() / "a", 1000);
    auto r = files::binary::Reader::open_head(whole.view().substr(0, magic.size() + 8 + 16), magic);
    REQUIRE(r);
    std::vector<std::uint64_t> back;
    (*r)(back);
    CHECK_FALSE(r->ok());
    CHECK(back.empty());
}
