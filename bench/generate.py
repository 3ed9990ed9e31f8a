#!/usr/bin/env python3
"""Deterministic synthetic podcast archives for benchmarks.

generate.py N DIR writes DIR/site.yaml, DIR/content/sources/feed.xml (N items, CDATA show notes
with links and inline code, 1-3 <category> topics each), four listing sources with overlapping,
noisy copies of the episodes (records JSON), and a note for every fifth episode under
DIR/content/episodes/. The same N gives the same bytes.
"""
import json
import os
import random
import sys
from datetime import datetime, timedelta, timezone

WORDS = ("tensor autograd dispatcher cuda graph kernel compiler inductor dynamo export memory layout strides "
         "views mutation functional batching vmap symbolic shapes guards tracing backend frontend python "
         "bindings operators registration codegen quantization sparse nested distributed collectives checkpoint "
         "serialization profiler allocator streams events fusion scheduling lowering decomposition partitioner "
         "runtime library testing benchmarks debugging").split()
TOPICS = ["PT2", "Inductor", "Dynamo", "Autograd", "CUDA", "Distributed", "Python", "C++", "Build", "Testing",
          "Memory", "Dispatcher", "Export", "Quantization", "Sparse", "Profiling", "Mobile", "Data loading"]


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def episodes(n):
    rng = random.Random(42)
    start = datetime(2010, 1, 4, 7, 0, tzinfo=timezone.utc)
    out = []
    for i in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(2, 5))]
        title = " ".join(words).capitalize() + f" (part {i + 1})"
        sentences = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 16))).capitalize() + "." for _ in range(6)]
        notes = (f"<p>{sentences[0]} {sentences[1]} Use <code>torch.{rng.choice(WORDS)}()</code> to try it.</p>"
                 f"<p>{sentences[2]} {sentences[3]}</p><p>Further reading: "
                 f"<a href=\"https://github.com/pytorch/pytorch/pull/{100000 + i}\">the PR</a> and "
                 f"<a href=\"https://example.com/docs/{i}\">the docs</a>. {sentences[4]}</p>")
        out.append({
            "i": i, "title": title, "notes": notes, "plain": " ".join(sentences[:4]),
            "date": start + timedelta(hours=8 * i), "duration": rng.randint(600, 2400),
            "guid": f"bench-{i:06d}-{rng.randint(0, 1 << 30):08x}",
            "audio": f"https://cdn.example.com/audio/{i:06d}/episode.mp3",
            "topics": rng.sample(TOPICS, rng.randint(1, 3)),
        })
    return out


def feed(eps):
    items = []
    for e in reversed(eps):  # newest first
        cats = "".join(f"<category>{esc(t)}</category>" for t in e["topics"])
        items.append(f"""    <item>
      <guid isPermaLink="false">{e['guid']}</guid>
      <title>{esc(e['title'])}</title>
      <pubDate>{e['date'].strftime('%a, %d %b %Y %H:%M:%S +0000')}</pubDate>
      <enclosure url="{e['audio']}" length="{e['duration'] * 16000}" type="audio/mpeg"/>
      <itunes:duration>{e['duration']}</itunes:duration>
      <itunes:episode>{e['i'] + 1}</itunes:episode>
      {cats}
      <description><![CDATA[{e['notes']}]]></description>
      <content:encoded><![CDATA[{e['notes']}]]></content:encoded>
    </item>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <atom:link href="https://feeds.example.com/bench" rel="self" type="application/rss+xml"/>
    <title>Benchmark Podcast</title>
    <link>https://bench.example.com</link>
    <description>A synthetic podcast for benchmarks.</description>
    <language>en</language>
    <itunes:author>Bench Host</itunes:author>
    <itunes:owner><itunes:name>Bench Host</itunes:name><itunes:email>host@example.com</itunes:email></itunes:owner>
    <itunes:image href="https://bench.example.com/art.jpg"/>
    <itunes:category text="Technology"/>
    <itunes:explicit>false</itunes:explicit>
{chr(10).join(items)}
  </channel>
</rss>
"""


def listings(eps, k):
    """Source k: a noisy copy of most episodes (every source drops some, damages others)."""
    rng = random.Random(100 + k)
    out = []
    for e in eps:
        if rng.random() < 0.2:
            continue
        rec = {}
        if k == 0:
            rec = {"title": e["title"], "date": e["date"].strftime("%Y-%m-%d"), "duration": f"{e['duration'] // 60}min",
                   "description": e["plain"][:200]}
        elif k == 1:
            rec = {"title": e["title"].replace(" (", " - ("), "date": e["date"].isoformat(), "description": e["plain"][:300]}
        elif k == 2:
            rec = {"description": e["plain"][:250] + "...", "duration": e["duration"]}
            if rng.random() < 0.3:
                rec["title"] = e["title"]
        else:
            rec = {"title": e["title"].lower(), "date": (e["date"] - timedelta(hours=9)).strftime("%Y-%m-%d"),
                   "enclosure_url": "https://dts.podtrac.com/redirect.mp3/" + e["audio"][8:] + "?aid=bench"}
        out.append(rec)
    return out


def main():
    n, root = int(sys.argv[1]), sys.argv[2]
    eps = episodes(n)
    os.makedirs(f"{root}/content/sources", exist_ok=True)
    os.makedirs(f"{root}/content/episodes", exist_ok=True)
    with open(f"{root}/content/sources/feed.xml", "w") as f:
        f.write(feed(eps))
    sources = ["  - name: feed\n    path: content/sources/feed.xml\n"]
    for k in range(4):
        with open(f"{root}/content/sources/listing-{k}.json", "w") as f:
            json.dump(listings(eps, k), f, indent=1)
        sources.append(f"  - name: listing-{k}\n    path: content/sources/listing-{k}.json\n")
    for e in eps[::5]:
        slug_hint = e["guid"]
        with open(f"{root}/content/episodes/note-{e['i']:06d}.md", "w") as f:
            related = eps[max(0, e["i"] - 1)]["guid"]
            f.write(f"---\nepisode: {slug_hint}\nsummary: A curated summary of episode {e['i'] + 1}.\n"
                    f"related: [{related}]\nguests: [Guest {e['i'] % 97}]\n---\n"
                    f"A note with **emphasis**, `code` and a [link](https://example.com/{e['i']}).\n\n"
                    f"| a | b |\n|---|---|\n| {e['i']} | {e['duration']} |\n")
    with open(f"{root}/site.yaml", "w") as f:
        f.write("title: Benchmark Podcast\ndescription: A synthetic podcast for benchmarks.\n"
                "base_url: https://bench.example.com/archive/\nauthor: Bench Host\nemail: host@example.com\n"
                "episodes_per_page: 20\nsources:\n" + "".join(sources))


if __name__ == "__main__":
    main()
