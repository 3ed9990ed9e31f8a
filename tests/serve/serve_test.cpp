#include <doctest/doctest.h>

#include <future>
#include <set>
#include <httplib.h>

#include "serve/path_resolver.hpp"
#include "serve/preview_server.hpp"
#include "serve/watcher.hpp"
#include "support.hpp"

namespace {
std::function<bool(const std::string&)> files(std::set<std::string> names) {
    return [names](const std::string& f) { return names.count(f) > 0; };
}
}  // namespace

TEST_CASE("request paths resolve only to built files, whatever the encoding") {
    auto built = files({"index.html", "episodes/a/index.html", "css/style.css", "about.html"});
    struct Row { const char* path; int status; const char* file; };
    const Row rows[] = {
        {"/base/", 200, "index.html"},
        {"/base", 301, ""},
        {"/base/episodes/a/", 200, "episodes/a/index.html"},
        {"/base/episodes/a", 301, ""},
        {"/base/css/style.css", 200, "css/style.css"},
        {"/base/about", 200, "about.html"},
        {"/base/../site.yaml", 404, ""},
        {"/base/episodes/../index.html", 404, ""},
        {"/base/./index.html", 404, ""},
        {"/base//index.html", 404, ""},
        {"/base/..\\site.yaml", 404, ""},
        {"/base/%2e%2e/site.yaml", 404, ""},     // the server decodes once; a second layer stays literal
        {"/site.yaml", 404, ""},
        {"/other/index.html", 404, ""},
        {"/base/episodes/", 404, ""},            // no listing of folders
        {"/base/missing", 404, ""},
    };
    for (const auto& row : rows) {
        CAPTURE(std::string(row.path));
        auto r = serve::resolve(row.path, "/base/", built);
        CHECK(r.status == row.status);
        CHECK(r.file == row.file);
    }
    CHECK(serve::resolve(std::string(5000, 'a'), "/base/", built).status == 404);
    CHECK(serve::resolve(std::string("/base/index.html\0x", 18), "/base/", built).status == 404);
    CHECK(serve::content_type("a/b.css") == "text/css; charset=utf-8");
}

TEST_CASE("the preview server: pages get the reload script, errors show as a page, reloads are announced") {
    auto site = std::make_shared<output::MemoryOutput>();
    site->add("index.html", "<!DOCTYPE html><html><body><p>home</p></body></html>");
    site->add("css/s.css", "body{}");
    site->add("404.html", "<!DOCTYPE html><html><body><p>missing</p></body></html>");
    serve::PreviewServer server("/base/");
    server.publish(site);
    int port = server.start("127.0.0.1", 18500, true);
    REQUIRE(port > 0);
    httplib::Client client("127.0.0.1", port);
    auto home = client.Get("/base/");
    REQUIRE(home);
    CHECK(home->status == 200);
    CHECK(home->body.find("<p>home</p><script>") != std::string::npos);
    CHECK(home->body.find("__podarchive/events?since=1") != std::string::npos);
    CHECK(site->find("index.html")->find("__podarchive") == std::string::npos);  // never in the built site
    auto css = client.Get("/base/css/s.css");
    CHECK(css->body == "body{}");
    CHECK(client.Get("/base/../etc/passwd")->status == 404);
    CHECK(client.Get("/base/nothing")->body.find("missing") != std::string::npos);
    CHECK(client.Get("/")->status == 302);

    // A reload event reaches a page that waits for one.
    auto waiting = std::async(std::launch::async, [port] {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(10, 0);
        auto r = c.Get("/__podarchive/events?since=1");
        return r ? r->body : std::string();
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.publish_errors({core::error_at({"content/episodes/x.md", 3, 1}, "malformed YAML: <oops>")});
    CHECK(waiting.get().find("event: reload") != std::string::npos);
    auto broken = client.Get("/base/");
    CHECK(broken->status == 500);
    CHECK(broken->body.find("content/episodes/x.md:3:1: error: malformed YAML: &lt;oops&gt;") != std::string::npos);
    CHECK(client.Get("/base/css/s.css")->status == 200);  // assets of the last good build still load
    server.publish(site);
    CHECK(client.Get("/base/")->status == 200);
    server.stop();
}

TEST_CASE("the watcher sees a note saved, including in a folder created after it started") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "content");
    serve::Watcher watcher({dir.path() / "content"}, {dir.path()});
    test::write(dir.path() / "content/episodes/a.md", "x");  // creates the folder, then the file
    auto changed = watcher.wait(std::chrono::milliseconds(1000), std::chrono::milliseconds(50));
    CHECK_FALSE(changed.empty());
    test::write(dir.path() / "content/episodes/b.md", "y");
    changed = watcher.wait(std::chrono::milliseconds(1000), std::chrono::milliseconds(50));
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "content/episodes/b.md") != changed.end());
    test::write(dir.path() / "site.yaml", "title: x\n");
    changed = watcher.wait(std::chrono::milliseconds(1000), std::chrono::milliseconds(50));
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "site.yaml") != changed.end());
    CHECK(watcher.wait(std::chrono::milliseconds(100), std::chrono::milliseconds(10)).empty());
}
