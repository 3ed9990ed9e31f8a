#include "core/apple_categories.hpp"

#include <algorithm>

#include "text/strings.hpp"

namespace core {

const std::map<std::string, std::vector<std::string>>& apple_categories() {
    static const std::map<std::string, std::vector<std::string>> k = {
        {"Arts", {"Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"}},
        {"Business", {"Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"}},
        {"Comedy", {"Comedy Interviews", "Improv", "Stand-Up"}},
        {"Education", {"Courses", "How To", "Language Learning", "Self-Improvement"}},
        {"Fiction", {"Comedy Fiction", "Drama", "Science Fiction"}},
        {"Government", {}},
        {"History", {}},
        {"Health & Fitness", {"Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"}},
        {"Kids & Family", {"Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"}},
        {"Leisure",
         {"Animation & Manga", "Automotive", "Aviation", "Crafts", "Games", "Hobbies", "Home & Garden", "Video Games"}},
        {"Music", {"Music Commentary", "Music History", "Music Interviews"}},
        {"News",
         {"Business News", "Daily News", "Entertainment News", "News Commentary", "Politics", "Sports News",
          "Tech News"}},
        {"Religion & Spirituality",
         {"Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Religion", "Spirituality"}},
        {"Science",
         {"Astronomy", "Chemistry", "Earth Sciences", "Life Sciences", "Mathematics", "Natural Sciences", "Nature",
          "Physics", "Social Sciences"}},
        {"Society & Culture", {"Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"}},
        {"Sports",
         {"Baseball", "Basketball", "Cricket", "Fantasy Sports", "Football", "Golf", "Hockey", "Rugby", "Running",
          "Soccer", "Swimming", "Tennis", "Volleyball", "Wilderness", "Wrestling"}},
        {"Technology", {}},
        {"True Crime", {}},
        {"TV & Film", {"After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"}},
    };
    return k;
}

namespace {

// Apple's 2019 update retired these (category, or category > subcategory) and moved shows to
// the category on the right; a feed that still says the old one is read as the new one.
const std::map<std::pair<std::string, std::string>, Category>& retired_categories() {
    static const std::map<std::pair<std::string, std::string>, Category> k = {
        {{"Arts", "Literature"}, {"Arts", "Books"}},
        {{"Business", "Business News"}, {"News", "Business News"}},
        {{"Business", "Management & Marketing"}, {"Business", "Management"}},
        {{"Business", "Shopping"}, {"Leisure", ""}},
        {{"Education", "Educational Technology"}, {"Education", ""}},
        {{"Education", "Higher Education"}, {"Education", ""}},
        {{"Education", "K-12"}, {"Education", ""}},
        {{"Education", "Language Courses"}, {"Education", "Language Learning"}},
        {{"Education", "Training"}, {"Education", "How To"}},
        {{"Games & Hobbies", ""}, {"Leisure", ""}},
        {{"Games & Hobbies", "Automotive"}, {"Leisure", "Automotive"}},
        {{"Games & Hobbies", "Aviation"}, {"Leisure", "Aviation"}},
        {{"Games & Hobbies", "Hobbies"}, {"Leisure", "Hobbies"}},
        {{"Games & Hobbies", "Other Games"}, {"Leisure", "Games"}},
        {{"Games & Hobbies", "Video Games"}, {"Leisure", "Video Games"}},
        {{"Government & Organizations", ""}, {"Government", ""}},
        {{"Government & Organizations", "Local"}, {"Government", ""}},
        {{"Government & Organizations", "National"}, {"Government", ""}},
        {{"Government & Organizations", "Regional"}, {"Government", ""}},
        {{"Government & Organizations", "Non-Profit"}, {"Business", "Non-Profit"}},
        {{"Health", ""}, {"Health & Fitness", ""}},
        {{"Health", "Alternative Health"}, {"Health & Fitness", "Alternative Health"}},
        {{"Health", "Fitness & Nutrition"}, {"Health & Fitness", "Fitness"}},
        {{"Health", "Self-Help"}, {"Education", "Self-Improvement"}},
        {{"Health", "Sexuality"}, {"Health & Fitness", "Sexuality"}},
        {{"News & Politics", ""}, {"News", ""}},
        {{"Religion & Spirituality", "Other"}, {"Religion & Spirituality", "Religion"}},
        {{"Science & Medicine", ""}, {"Science", ""}},
        {{"Science & Medicine", "Medicine"}, {"Health & Fitness", "Medicine"}},
        {{"Science & Medicine", "Natural Sciences"}, {"Science", "Natural Sciences"}},
        {{"Science & Medicine", "Social Sciences"}, {"Science", "Social Sciences"}},
        {{"Society & Culture", "Gay & Lesbian"}, {"Society & Culture", ""}},
        {{"Society & Culture", "History"}, {"History", ""}},
        {{"Sports & Recreation", ""}, {"Sports", ""}},
        {{"Sports & Recreation", "Amateur"}, {"Sports", ""}},
        {{"Sports & Recreation", "College & High School"}, {"Sports", ""}},
        {{"Sports & Recreation", "Outdoor"}, {"Sports", "Wilderness"}},
        {{"Sports & Recreation", "Professional"}, {"Sports", ""}},
        {{"Technology", "Gadgets"}, {"Technology", ""}},
        {{"Technology", "Podcasting"}, {"Technology", ""}},
        {{"Technology", "Software How-To"}, {"Technology", ""}},
        {{"Technology", "Tech News"}, {"News", "Tech News"}},
        {{"TV & Film", ""}, {"TV & Film", ""}},
    };
    return k;
}

}  // namespace

bool is_current_category(const Category& c) {
    auto it = apple_categories().find(c.name);
    if (it == apple_categories().end()) return false;
    return c.subcategory.empty() || std::find(it->second.begin(), it->second.end(), c.subcategory) != it->second.end();
}

std::optional<Category> current_category(const Category& written, bool& retired) {
    retired = false;
    if (is_current_category(written)) return written;
    auto it = retired_categories().find({written.name, written.subcategory});
    if (it == retired_categories().end()) return std::nullopt;
    retired = true;
    return it->second;
}

Category category_as_written(std::string_view text) {
    const std::size_t split = text.find('>');
    if (split == std::string_view::npos) return {std::string(text::trim(text)), ""};
    return {std::string(text::trim(text.substr(0, split))), std::string(text::trim(text.substr(split + 1)))};
}

std::optional<Category> parse_category(std::string_view text) {
    Category c = category_as_written(text);
    if (c.name.empty()) return std::nullopt;
    if (is_current_category(c)) return c;
    if (c.subcategory.empty())  // a subcategory alone: "Tech News"
        for (const auto& [name, subs] : apple_categories())
            if (std::find(subs.begin(), subs.end(), c.name) != subs.end()) return Category{name, c.name};
    return std::nullopt;
}

std::string category_text(const Category& c) {
    return c.subcategory.empty() ? c.name : c.name + " > " + c.subcategory;
}

}  // namespace core
