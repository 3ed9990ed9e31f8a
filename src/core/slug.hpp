#pragma once
// URL slugs that are safe as one path segment on every file system.
#include <string>
#include <string_view>

namespace core {

// Slugs text the way Simplecast does: accents stripped, lower case, letters and digits kept,
// white space, '_' and '-' become one '-', other punctuation is dropped
// ("TORCH_TRACE and tlparse" -> "torch-trace-and-tlparse", "PyTorch 2.0" -> "pytorch-20").
// Cut at a word boundary near `max_bytes`. May return "" (see make_safe_segment).
std::string slugify(std::string_view text, std::size_t max_bytes = 80);

// True when `segment` can be a directory name in the output on Linux, macOS and Windows:
// non-empty, not "." or "..", no '/', '\\' or control characters, not a reserved device name.
bool is_safe_path_segment(std::string_view segment);

// Makes a slug safe: reserved device names ("con", "nul", "com1"...) get "-episode" appended.
std::string make_safe_segment(std::string slug);

}  // namespace core
