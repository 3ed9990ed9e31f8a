// A download's SHA-256, taken on a thread of its own as the bytes come.
#include "fetch/stream_hash.hpp"

#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

namespace {

const std::string k_abc_digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
// sha256 of one million "a"s (FIPS 180-2's third example)
const std::string k_million_a_digest = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";

}  // namespace

TEST_CASE("BackgroundSha256 gives the SHA-256 of bytes given in order, in blocks of any size") {
    fetch::BackgroundSha256 hash;
    hash.add("ab", 0);
    hash.add("c", 2);
    CHECK(hash.hex(3) == k_abc_digest);

    fetch::BackgroundSha256 many;  // more than the 8 MB that may wait: add() waits for the hashing
    const std::string block(1000, 'a');
    for (long long i = 0; i < 1000; ++i) many.add(block, i * 1000);
    CHECK(many.hex(1'000'000) == k_million_a_digest);
}

TEST_CASE("BackgroundSha256 gives no digest for bytes out of order or of another length, and starts over at 0") {
    fetch::BackgroundSha256 gap;
    gap.add("ab", 0);
    gap.add("c", 5);  // (a hole: the host sent a range that does not follow)
    CHECK(gap.hex(3).empty());

    fetch::BackgroundSha256 short_of;
    short_of.add("abc", 0);
    CHECK(short_of.hex(4).empty());

    fetch::BackgroundSha256 again;  // the host sent the whole file again instead of the rest
    again.add("xy", 0);
    again.add("abc", 0);
    CHECK(again.hex(3) == k_abc_digest);
}

TEST_CASE("BackgroundSha256 reads a file's bytes from the start when they came out of order") {
    test::TempDir dir;
    test::write(dir.path() / "part", "abc");
    fetch::BackgroundSha256 hash;
    hash.add("zz", 7);
    REQUIRE(hash.add_file(dir.path() / "part"));
    CHECK(hash.hex(3) == k_abc_digest);
    CHECK(hash.add_file(dir.path() / "absent"));  // (nothing downloaded yet: an empty start)
}
