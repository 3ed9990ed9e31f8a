#pragma once
// Where a build writes its files. DiskOutput stages and swaps atomically; MemoryOutput is for
// `serve` and the tests. Every path is checked: nothing can be written outside the output.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace output {

class Output {
public:
    virtual ~Output() = default;
    // Adds a file at a relative path ("episodes/x/index.html"). Throws std::invalid_argument for
    // a path that could leave the output folder ("..", absolute, empty segment, backslash).
    void add(std::string_view path, std::string content);
    // Number of files and bytes added so far.
    std::size_t file_count() const { return m_files; }
    std::size_t byte_count() const { return m_bytes; }

protected:
    virtual void store(const std::string& path, std::string content) = 0;

private:
    std::size_t m_files = 0;
    std::size_t m_bytes = 0;
};

class MemoryOutput : public Output {
public:
    const std::map<std::string, std::string>& files() const { return m_files; }
    // The content at `path`, or nullptr.
    const std::string* find(const std::string& path) const;

protected:
    void store(const std::string& path, std::string content) override;

private:
    std::map<std::string, std::string> m_files;
};

// Writes into a staging folder beside the output folder; commit() swaps it in with one atomic
// rename (RENAME_EXCHANGE), so the output folder always holds one whole build. Without commit()
// (a failed build) the staging folder is removed and the previous output stays untouched.
class DiskOutput : public Output {
public:
    explicit DiskOutput(std::filesystem::path output_dir);
    ~DiskOutput() override;
    DiskOutput(const DiskOutput&) = delete;
    DiskOutput& operator=(const DiskOutput&) = delete;

    void commit();
    const std::filesystem::path& staging_dir() const { return m_staging; }

protected:
    void store(const std::string& path, std::string content) override;

private:
    std::filesystem::path m_output;
    std::filesystem::path m_staging;
    bool m_committed = false;
};

}  // namespace output
