#!/usr/bin/env python3
"""Makes tests/fixtures/listening_site ready to play in a browser: a quiet ten-minute WAV the
site serves itself, and the feed's audio pointing at it. Usage: prepare.py SITEDIR BASEURL"""
import math
import os
import re
import sys
import wave

site, base = sys.argv[1], sys.argv[2]
os.makedirs(f"{site}/static/audio", exist_ok=True)
with wave.open(f"{site}/static/audio/tone.wav", "wb") as w:
    w.setnchannels(1)
    w.setsampwidth(1)
    w.setframerate(4000)
    second = bytes(int(128 + 20 * math.sin(2 * math.pi * 220 * i / 4000)) for i in range(4000))
    w.writeframes(second * 600)
feed_path = f"{site}/content/sources/feed.xml"
feed = open(feed_path).read()
feed = re.sub(r"https://cdn\.example\.com/audio/[a-z]+\.mp3", base + "audio/tone.wav", feed)
open(feed_path, "w").write(feed)

# The show's artwork, as `fetch` keeps it: a 900 px square PNG (a gradient), larger than any
# size a page shows it at.
import struct
import zlib


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


side = 900
rows = b"".join(b"\0" + bytes(v for x in range(side) for v in (x * 255 // side, y * 255 // side, 120)) for y in range(side))
with open(f"{site}/content/sources/artwork.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)) +
            png_chunk(b"IDAT", zlib.compress(rows)) + png_chunk(b"IEND", b""))
