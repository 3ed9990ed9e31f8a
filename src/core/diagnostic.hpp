#pragma once
// One error format everywhere: "path:line:col: error: message", plus the offending line and a caret.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct SourceLocation {
    std::string file;
    int line = 0;    // 1-based; 0 when the problem concerns the whole file
    int column = 0;  // 1-based; 0 when unknown

    friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

enum class Severity { error, warning, note };

// A problem with the input, where it is, and how bad.
struct Diagnostic {
    Severity severity = Severity::error;
    SourceLocation where;
    std::string message;
    std::string source_line;  // the offending line, shown with a caret when non-empty
};

// A line longer than this is not shown under a message (a minified feed is one line of
// megabytes), nor kept: 20,000 warnings on such a feed held 12 GB of copies of it.
constexpr std::size_t k_shown_line_bytes = 300;

// An error or a warning at `where` (`source_line`: the offending line, for the caret; kept when
// shorter than k_shown_line_bytes).
Diagnostic error_at(SourceLocation where, std::string message, std::string_view source_line = {});
Diagnostic warning_at(SourceLocation where, std::string message, std::string_view source_line = {});

// The warning for a symbolic link at `file` (as messages show it) that a build passed by
// without following it (it could lead out of the project), and what is missing for it
// (`consequence`: "so it is not published: put the file itself here").
Diagnostic link_not_followed(std::string file, std::string_view consequence);

// "file:3:7: error: message" and, when known, the line and a caret under the column.
std::string format(const Diagnostic& d);

// Thrown when a run cannot go on; main prints every diagnostic and exits with status 1.
class InputError : public std::runtime_error {
public:
    explicit InputError(std::vector<Diagnostic> diagnostics);
    explicit InputError(Diagnostic diagnostic);
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }

private:
    std::vector<Diagnostic> m_diagnostics;
};

}  // namespace core
