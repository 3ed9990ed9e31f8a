#!/usr/bin/env python3
"""Serves a built site under a path prefix on 127.0.0.1, as GitHub Pages serves a project site,
with byte ranges (the player seeks in the audio). Usage: serve.py SITEDIR PREFIX PORTFILE.
Writes the port it listens on to PORTFILE."""
import http.server
import os
import sys
import urllib.parse

site, prefix, port_file = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        # (Percent-encoded, as a browser asks for a page whose slug is not ASCII: GitHub Pages decodes it.)
        path = urllib.parse.unquote(path.split("?", 1)[0].split("#", 1)[0])
        if not path.startswith(prefix):
            return os.path.join(site, "\0missing")
        local = os.path.normpath(os.path.join(site, path[len(prefix):]))
        if not local.startswith(os.path.abspath(site)):
            return os.path.join(site, "\0missing")
        return local

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.send_error(404)
            return None
        size = os.path.getsize(path)
        start, end = 0, size - 1
        ranged = self.headers.get("Range", "").startswith("bytes=")
        if ranged:
            first, _, last = self.headers["Range"][6:].partition("-")
            start = int(first) if first else max(0, size - int(last))
            end = int(last) if first and last else size - 1
        f = open(path, "rb")
        f.seek(start)
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Accept-Ranges", "bytes")
        if ranged:
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.end_headers()
        self.remaining = end - start + 1
        return f

    def copyfile(self, source, outputfile):
        while self.remaining > 0:
            chunk = source.read(min(65536, self.remaining))
            if not chunk:
                break
            outputfile.write(chunk)
            self.remaining -= len(chunk)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file, "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
