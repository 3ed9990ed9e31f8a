#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <set>

#include "cli/serve_command.hpp"
#include "serve/edits.hpp"
#include "serve/path_resolver.hpp"
#include "serve/preview_server.hpp"
#include "serve/thread_pool.hpp"
#include "serve/watcher.hpp"
#include "support.hpp"

namespace {
std::function<bool(const std::string&)> built_files(std::set<std::string> names) {
    return [names](const std::string& f) { return names.count(f) > 0; };
}
}  // namespace

TEST_CASE("request paths resolve only to built files, whatever the encoding") {
    auto built = built_files({"index.html", "episodes/a/index.html", "css/style.css", "about.html"});
    struct Row {
        const char* path;
        int status;
        const char* file;
    };
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
        {"/base/%2e%2e/site.yaml", 404, ""},  // the server decodes once; a second layer stays literal
        {"/site.yaml", 404, ""},
        {"/other/index.html", 404, ""},
        {"/base/episodes/", 404, ""},  // no listing of folders
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

constexpr std::chrono::milliseconds k_settle(50);  // quiet that ends a burst of events in these tests

TEST_CASE("the watcher sees a note saved, including in a folder created after it started") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "content");
    serve::Watcher watcher({dir.path() / "content"}, {dir.path()});
    test::write(dir.path() / "content/episodes/a.md", "x");  // creates the folder, then the file
    auto changed = watcher.wait(std::chrono::milliseconds(1000), k_settle, k_settle);
    CHECK_FALSE(changed.empty());
    test::write(dir.path() / "content/episodes/b.md", "y");
    changed = watcher.wait(std::chrono::milliseconds(1000), k_settle, k_settle);
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "content/episodes/b.md") != changed.end());
    test::write(dir.path() / "site.yaml", "title: x\n");
    changed = watcher.wait(std::chrono::milliseconds(1000), k_settle, k_settle);
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "site.yaml") != changed.end());
    CHECK(watcher.wait(std::chrono::milliseconds(100), k_settle, k_settle).empty());
}

TEST_CASE("serve watches the audio manifest: a fetch that finds a host's file gone changes the players") {
    test::TempDir dir;
    test::write(
        dir.path() / "site.yaml",
        "title: x\nbase_url: https://x.example/\naudio:\n  keep: true\nsources:\n  - path: content/sources/feed.xml\n");
    test::write(dir.path() / "archive/audio.json", "{\"files\": []}\n");
    test::write(dir.path() / "content/sources/feed.xml", "<rss/>");
    const cli::WatchedFolders folders = cli::watched_folders(config::load_config(dir.path() / "site.yaml"));
    serve::Watcher watcher(folders.recursive, folders.flat);
    test::write(dir.path() / "archive/audio.json", "{\"files\": [] }\n");
    const auto changed = watcher.wait(std::chrono::milliseconds(1000), k_settle, k_settle);
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "archive/audio.json") != changed.end());
    test::write(dir.path() / "site.yaml",
                "title: x\nbase_url: https://x.example/\nsources:\n  - path: content/sources/feed.xml\n");
    const auto without = cli::watched_folders(config::load_config(dir.path() / "site.yaml")).flat;
    CHECK(std::find(without.begin(), without.end(), dir.path() / "archive") == without.end());
}

TEST_CASE("the watcher names folders as folders, and ends a burst soon after a file is saved") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "content/episodes");
    serve::Watcher watcher({dir.path() / "content"}, {});
    std::filesystem::create_directories(dir.path() / "content/episodes/drafts");
    auto changed = watcher.wait(std::chrono::milliseconds(1000), k_settle, k_settle);
    REQUIRE(changed.size() == 1);
    CHECK(changed[0] == dir.path() / "content/episodes/drafts/");
    CHECK(changed[0].filename().empty());
    // A file closed after writing completes a save: the burst ends after the short settle,
    // not after the long one (which would keep this wait 20 s).
    auto started = std::chrono::steady_clock::now();
    test::write(dir.path() / "content/episodes/a.md", "x");
    changed = watcher.wait(std::chrono::milliseconds(1000), std::chrono::seconds(20), std::chrono::milliseconds(5));
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
    CHECK(std::find(changed.begin(), changed.end(), dir.path() / "content/episodes/a.md") != changed.end());
}

namespace {
// A raw loopback connection to `port` (the test drives the bytes itself).
int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    REQUIRE(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    return fd;
}
}  // namespace

TEST_CASE("the preview server cuts a client that trickles its headers, not one waiting for its answer") {
    auto site = std::make_shared<output::MemoryOutput>();
    site->add("index.html", "<!DOCTYPE html><html><body><p>home</p></body></html>");
    serve::PreviewServer server("/", std::chrono::milliseconds(1000));
    server.publish(site);
    int port = server.start("127.0.0.1", 18600, true);
    REQUIRE(port > 0);

    // A reload-event request is answered after longer than the deadline: it is not cut.
    auto waiting = std::async(std::launch::async, [port] {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(10, 0);
        auto r = c.Get("/__podarchive/events?since=1");
        return r ? r->body : std::string("no answer");
    });

    // Slowloris: a header line every 200 ms, each read well inside httplib's 5 s read timeout.
    int fd = connect_to(port);
    std::string start = "GET / HTTP/1.1\r\nHost: localhost\r\n";
    REQUIRE(send(fd, start.data(), start.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(start.size()));
    auto began = std::chrono::steady_clock::now();
    bool closed = false;
    for (int i = 0; i < 40 && !closed; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        std::string line = "X-Slow-" + std::to_string(i) + ": 1\r\n";
        if (send(fd, line.data(), line.size(), MSG_NOSIGNAL) < 0) closed = true;
        pollfd p{fd, POLLIN, 0};
        char byte;
        if (poll(&p, 1, 0) == 1 && recv(fd, &byte, 1, MSG_DONTWAIT) <= 0) closed = true;
    }
    auto took = std::chrono::steady_clock::now() - began;
    close(fd);
    CHECK(closed);
    CHECK(took < std::chrono::seconds(3));  // the deadline (1 s) plus one scan, not 8 s of trickle
    CHECK(server.slow_clients_cut() >= 1);

    // Meanwhile and afterwards, normal requests are answered.
    httplib::Client client("127.0.0.1", port);
    auto home = client.Get("/");
    REQUIRE(home);
    CHECK(home->status == 200);
    server.publish(site);  // generation 2: the waiting request gets its reload
    CHECK(waiting.get().find("event: reload") != std::string::npos);
    server.stop();
}

TEST_CASE(
    "the preview server: a Range request gets 206 and its part; reload streams past the limit are answered at once") {
    auto site = std::make_shared<output::MemoryOutput>();
    site->add("index.html", "<!DOCTYPE html><html><body><p>home</p></body></html>");
    site->add("a.mp3", "0123456789");
    serve::PreviewServer server("/base/", std::chrono::seconds(5), 4);  // four reload streams at once
    server.publish(site);
    int port = server.start("127.0.0.1", 18600, true);
    REQUIRE(port > 0);
    httplib::Client client("127.0.0.1", port);
    auto part = client.Get("/base/a.mp3", {{"Range", "bytes=2-4"}});
    REQUIRE(part);
    CHECK(part->status == 206);
    CHECK(part->body == "234");
    CHECK(part->get_header_value("Content-Range") == "bytes 2-4/10");
    auto whole = client.Get("/base/a.mp3");
    CHECK(whole->status == 200);
    CHECK(whole->body == "0123456789");
    CHECK_FALSE(whole->has_header("Content-Range"));

    // Ten pages wait for reload events: four are held, the other six told to come back at once
    // (so they hold no thread), and a page is answered meanwhile.
    std::vector<std::future<std::string>> streams;
    for (int i = 0; i < 10; ++i)
        streams.push_back(std::async(std::launch::async, [port] {
            httplib::Client c("127.0.0.1", port);
            c.set_read_timeout(60, 0);
            auto r = c.Get("/__podarchive/events?since=1");
            return r ? r->body : std::string("no answer");
        }));
    auto answered = [&] {
        return std::count_if(streams.begin(), streams.end(),
                             [](auto& s) { return s.wait_for(std::chrono::seconds(0)) == std::future_status::ready; });
    };
    for (int wait = 0; wait < 150 && (server.event_streams() < 4 || answered() < 6); ++wait)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(server.event_streams() == 4);
    CHECK(answered() == 6);
    auto home = client.Get("/base/");
    REQUIRE(home);
    CHECK(home->status == 200);
    server.publish(site);  // every held stream hears of it
    int reloads = 0, later = 0;
    for (auto& s : streams) {
        std::string body = s.get();
        reloads += body.find("event: reload") != std::string::npos;
        later += body.find("retry: 5000") != std::string::npos;
    }
    CHECK(reloads == 4);
    CHECK(later == 6);
    server.stop();
}

TEST_CASE("serve: what a build or a fetch writes is not an edit to rebuild for") {
    test::TempDir dir;
    const auto root = std::filesystem::weakly_canonical(dir.path());
    const auto output = root / "public";
    for (const char* path :
         {"public/index.html", "public/", ".public.manifest", ".public.build-record", ".public.merged", ".public.texts",
          ".public.staging-4242/", "content/sources/.feed.xml.4242-0.tmp", ".site.yaml.17-3.tmp"}) {
        CAPTURE(path);
        CHECK_FALSE(serve::is_edit(root / path, output));
    }
    for (const char* path : {"site.yaml", "content/episodes/a.md", "content/sources/feed.xml",
                             "content/sources/.feed.xml.fetch.json", ".publication.md", "static/x.tmp"}) {
        CAPTURE(path);
        CHECK(serve::is_edit(root / path, output));
    }
}

TEST_CASE(
    "the preview server: many ranges in one request and a foreign Host are refused; a limited machine gets a smaller "
    "pool") {
    auto site = std::make_shared<output::MemoryOutput>();
    site->add("index.html", "<!DOCTYPE html><html><body><p>home</p></body></html>");
    site->add("a.mp3", std::string(100000, 'a'));
    serve::PreviewServer server("/", std::chrono::seconds(5), 4);
    server.publish(site);
    int port = server.start("127.0.0.1", 18700, true);
    REQUIRE(port > 0);
    httplib::Client client("127.0.0.1", port);
    // Thousands of overlapping ranges would be a multipart answer 1,000 times the file.
    std::string ranges = "bytes=0-";
    for (int i = 0; i < 2600; ++i) ranges += ",0-";  // (nearly the 8 KB httplib reads of a request's headers)
    auto many = client.Get("/a.mp3", {{"Range", ranges}});
    REQUIRE(many);
    CHECK(many->status == 416);
    CHECK(many->body.size() < 100);
    auto two = client.Get("/a.mp3", {{"Range", "bytes=0-1,5-6"}});  // a few are served
    REQUIRE(two);
    CHECK(two->status == 206);
    // A page of another site whose name now points here (DNS rebinding) is not answered.
    for (const std::string& host :
         {std::string("evil.example"), "evil.example:" + std::to_string(port), std::string("127.0.0.1.evil.example")}) {
        CAPTURE(host);
        auto foreign = client.Get("/", {{"Host", host}});
        REQUIRE(foreign);
        CHECK(foreign->status == 421);
        CHECK(foreign->body.find("home") == std::string::npos);
    }
    for (const std::string& host : {"localhost:" + std::to_string(port), "127.0.0.1:" + std::to_string(port),
                                    "[::1]:" + std::to_string(port), std::string("LOCALHOST")}) {
        CAPTURE(host);
        auto local = client.Get("/", {{"Host", host}});
        REQUIRE(local);
        CHECK(local->status == 200);
    }
    server.stop();
}

TEST_CASE("the preview's thread pool runs every job on the threads it could make, and stops when asked") {
    serve::BoundedThreadPool pool(8);
    REQUIRE(pool.size() == 8);
    std::atomic<int> done{0};
    std::promise<void> all;
    for (int i = 0; i < 100; ++i)
        pool.enqueue([&] {
            if (++done == 100) all.set_value();
        });
    CHECK(all.get_future().wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    pool.shutdown();
    CHECK(pool.size() == 0);
    CHECK(done == 100);
}
