#include "core/diagnostic.hpp"

#include <algorithm>

#include "text/unicode.hpp"

namespace core {

namespace {
std::string shown_line(std::string_view line) {
    return line.size() < k_shown_line_bytes ? std::string(line) : std::string();
}
}  // namespace

Diagnostic error_at(SourceLocation where, std::string message, std::string_view source_line) {
    return {Severity::error, std::move(where), std::move(message), shown_line(source_line)};
}

Diagnostic warning_at(SourceLocation where, std::string message, std::string_view source_line) {
    return {Severity::warning, std::move(where), std::move(message), shown_line(source_line)};
}

Diagnostic link_not_followed(std::string file, std::string_view consequence) {
    return warning_at({std::move(file), 0, 0},
                      "a symbolic link, which podarchive does not follow (it could lead out of the project), " +
                          std::string(consequence));
}

// (Every part can hold an input's words: a feed's title, a file's name, a line of site.yaml.
// Control characters are shown escaped, never sent to the terminal.)
std::string format(const Diagnostic& d) {
    std::string out = text::terminal_safe(d.where.file);
    if (d.where.line > 0) {
        out += ":" + std::to_string(d.where.line);
        if (d.where.column > 0) out += ":" + std::to_string(d.where.column);
    }
    out += d.severity == Severity::error ? ": error: " : d.severity == Severity::warning ? ": warning: " : ": note: ";
    out += text::terminal_safe(d.message, true);
    if (!d.source_line.empty() && d.source_line.size() < k_shown_line_bytes) {
        out += "\n    " + text::terminal_safe(d.source_line);
        if (d.where.column > 0) {
            std::string pad;
            for (int i = 1; i < d.where.column && i <= static_cast<int>(d.source_line.size()); ++i)
                pad += d.source_line[static_cast<std::size_t>(i - 1)] == '\t' ? '\t' : ' ';
            out += "\n    " + pad + "^";
        }
    }
    return out;
}

namespace {
std::string first_message(const std::vector<Diagnostic>& diagnostics) {
    return diagnostics.empty() ? "input error" : format(diagnostics.front());
}
}  // namespace

InputError::InputError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(first_message(diagnostics)), m_diagnostics(std::move(diagnostics)) {}

InputError::InputError(Diagnostic diagnostic) : InputError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

}  // namespace core
