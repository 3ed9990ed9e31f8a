#pragma once
// The show itself, as the feed describes it.
#include <string>
#include <utility>
#include <vector>

#include "core/listening_links.hpp"

namespace core {

struct Category {
    std::string name;
    std::string subcategory;
    int line = 0;  // where the input feed has it (0: not from a feed)
};

struct Channel {
    std::string title;
    std::string description;
    std::string link;
    std::string language;
    std::string author;
    std::string copyright;
    std::string image_url;
    std::string explicit_flag;  // "true" / "false" after normalization
    std::string type;           // episodic / serial
    std::string owner_name;
    std::string owner_email;
    std::string podcast_guid;
    std::string locked;        // podcast:locked, lower-cased ("yes", "no"; "" when absent)
    std::string locked_owner;  // its owner attribute: the e-mail a platform asks before an import
    std::string self_url;      // atom:link rel=self of the input feed (whatever its prefix)
    std::string new_feed_url;  // itunes:new-feed-url: where the host says the feed has moved
    std::string generator;
    std::vector<Category> categories;
    std::vector<Funding> funding;  // podcast:funding: where listeners support the show
    Value value;                   // podcast:value: whom value for value pays
    std::vector<Person> persons;   // podcast:person of the channel: who makes the show
    std::vector<FeedLink> links;   // its licence, place, trailers and podroll (core/listening_links.hpp)
    std::string file;              // the feed it comes from (as site.yaml names it) and the line of its
    int line = 0;                  // <channel> or Atom <feed>: where messages about the show's own values point
    // The feed as it was: <rss> attributes (namespace declarations) and <channel> without its
    // items, so the regenerated feed keeps what podarchive does not model.
    std::vector<std::pair<std::string, std::string>> root_attributes;
    std::string raw_xml;
};

}  // namespace core
