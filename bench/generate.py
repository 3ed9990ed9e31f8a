#!/usr/bin/env python3
"""Deterministic synthetic podcast archives for benchmarks.

generate.py N DIR [--transcripts] writes DIR/site.yaml, DIR/content/sources/feed.xml (N items,
CDATA show notes with links and inline code, 1-3 <category> topics each), four listing sources
with overlapping, noisy copies of the episodes (records JSON), and a note for every fifth episode
under DIR/content/episodes/. The same N gives the same bytes.

With --transcripts, every item links a WebVTT transcript (about 2,500 words, two or three
speakers, a cue every few seconds, words drawn from a vocabulary of 20,000 with Zipf's
frequencies, as speech has them) and every third a JSON chapters file (podcast:chapters), every
fifth writes its chapters as timestamps in its show notes, and each file is where `fetch` puts
its copy (content/sources/attachments/, named by the URL's SHA-1). Without it the archive is the
same as before, byte for byte.
"""
import hashlib
import itertools
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


SYLLABLES = "ka lo mi ne su ra ti po de va lu ge bo zi fa no ri te mo sa ku le di pa vo".split()


def vocabulary(size=20000):
    """Pseudo-words, short ones first (the most frequent), and their Zipf weights (cumulative)."""
    words = list(WORDS)
    for length in itertools.count(2):
        for combo in itertools.product(SYLLABLES, repeat=length):
            words.append("".join(combo))
            if len(words) >= size:
                return words, list(itertools.accumulate(1.0 / (rank + 1) for rank in range(size)))


def attachment_name(url, extension):
    return hashlib.sha1(url.encode()).hexdigest()[:16] + "." + extension


def clock(seconds, sep="."):
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}{sep}000"


def transcript(e, vocab, cumulative):
    """A WebVTT transcript of about 2,500 words: cues of 8-14 words, 4 s each, speakers taking turns."""
    rng = random.Random(1000 + e["i"])
    speakers = ["Bench Host", f"Guest {e['i'] % 97}", "Co Host"][:rng.randint(2, 3)]
    drawn = rng.choices(vocab, cum_weights=cumulative, k=2520)
    lines, t, words, speaker = ["WEBVTT", ""], 0, 0, speakers[0]
    while words < 2500:
        if rng.random() < 0.08:
            speaker = rng.choice(speakers)
        n = rng.randint(8, 14)
        text = " ".join(drawn[words:words + n]).capitalize() + rng.choice([".", ".", ",", "?"])
        lines += [clock(t) + " --> " + clock(t + 4), f"<v {speaker}>{text}", ""]
        t, words = t + 4, words + n
    return "\n".join(lines)


def chapters_json(e, rng):
    marks = sorted(rng.sample(range(60, e["duration"] - 30), 5))
    chapters = [{"startTime": 0, "title": "Introduction"}] + [
        {"startTime": m, "title": " ".join(rng.choice(WORDS) for _ in range(3)).capitalize()} for m in marks]
    return json.dumps({"version": "1.2.0", "chapters": chapters}, indent=1)


def add_listening(eps, root):
    """Transcripts and chapters (--transcripts): the files, and what each item says of them."""
    vocab, cumulative = vocabulary()
    folder = f"{root}/content/sources/attachments"
    os.makedirs(folder, exist_ok=True)
    for e in eps:
        rng = random.Random(2000 + e["i"])
        url = f"https://cdn.example.com/transcripts/{e['i']:06d}.vtt"
        with open(f"{folder}/{attachment_name(url, 'vtt')}", "w") as f:
            f.write(transcript(e, vocab, cumulative))
        e["extra"] = f'<podcast:transcript url="{url}" type="text/vtt" language="en"/>'
        if e["i"] % 3 == 0:
            url = f"https://cdn.example.com/chapters/{e['i']:06d}.json"
            with open(f"{folder}/{attachment_name(url, 'json')}", "w") as f:
                f.write(chapters_json(e, rng))
            e["extra"] += f'<podcast:chapters url="{url}" type="application/json+chapters"/>'
        elif e["i"] % 5 == 1:
            stamps = sorted(rng.sample(range(60, e["duration"] - 30), 4))
            e["notes"] += "<p>" + "<br>".join(f"{m // 60:02d}:{m % 60:02d} " + rng.choice(WORDS).capitalize()
                                             for m in [0] + stamps) + "</p>"


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
      <content:encoded><![CDATA[{e['notes']}]]></content:encoded>{e.get('extra', '')}
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
    if "--transcripts" in sys.argv[3:]:
        add_listening(eps, root)
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
