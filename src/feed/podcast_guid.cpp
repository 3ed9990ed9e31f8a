#include "feed/podcast_guid.hpp"

#include <openssl/sha.h>

#include <array>
#include <cstdio>

namespace feed {

std::string podcast_guid_for(std::string_view url) {
    if (auto scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
    while (url.ends_with("/")) url.remove_suffix(1);
    static constexpr std::array<unsigned char, 16> k_namespace = {0xea, 0xd4, 0xc2, 0x36, 0xbf, 0x58, 0x58, 0xc6,
                                                                  0xa2, 0xc6, 0xa6, 0xb2, 0x8d, 0x12, 0x8c, 0xb6};
    std::string input(k_namespace.begin(), k_namespace.end());
    input.append(url);
    unsigned char hash[SHA_DIGEST_LENGTH];
    SHA1(reinterpret_cast<const unsigned char*>(input.data()), input.size(), hash);
    hash[6] = static_cast<unsigned char>((hash[6] & 0x0f) | 0x50);  // version 5
    hash[8] = static_cast<unsigned char>((hash[8] & 0x3f) | 0x80);  // RFC 4122 variant
    char out[37];
    std::snprintf(out, sizeof out, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", hash[0],
                  hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7], hash[8], hash[9], hash[10], hash[11],
                  hash[12], hash[13], hash[14], hash[15]);
    return out;
}

}  // namespace feed
