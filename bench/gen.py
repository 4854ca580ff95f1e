#!/usr/bin/env python3
"""Write the jfmt benchmark inputs into a directory.

Usage: gen.py OUTDIR [--corpus DIR] [--no-big] [--big-mib N]

Everything is deterministic: the same command gives byte-identical files.
A file is left alone when it already exists and is newer than this script,
so repeated benchmark runs do not pay for generation again.

Inputs:
  small_mixed.json, small_nested.json, small_hash.json
                      tiny documents (34 to 121 bytes): start-up cost
  *_x10000.json       each tiny document 10000 times, one per line (NDJSON)
  ints1001.json       array of 1001 integers
  mixed_utf8.json     500 strings of ~10 KB ASCII with one euro sign each
  mostly_utf8.json    500 strings of 3333 euro signs each
  escapes.json        strings dense in quotes, backslashes, control characters
  uescapes.json       strings written entirely as \\uXXXX escapes
  big.json            >= 200 MiB array repeating the corpus documents
                      (twitter, citm_catalog, canada), or, without a corpus,
                      generated documents of the same three kinds
"""

import argparse
import json
import os
import random
import sys
import time

HERE = os.path.abspath(__file__)
COMPACT = (",", ":")

SMALL = {
    "small_mixed": '[1,"string",{"a":1,"b":2},[3,4,5]]',
    "small_nested": (
        '[[1,[2,[3,[4,[5]]]]],[[["x",[6,7]],[8]],[]],[[[[[9,10,11]]]]],'
        '[[true,false,null],[[12],[13,[14,[15]]]]],[[16,[17,[18]]]]]'
    ),
    "small_hash": '{"user":"mkowalski","id":40961,"event":"pushed 2 commits to dev"}',
}
REPEAT = 10000
CORPUS_NAMES = ("twitter", "citm_catalog", "canada")


def fresh(path, extra_stamp=None):
    """True when path exists, is newer than this script and, if a stamp
    text is given, was produced from the same source."""
    try:
        if os.path.getmtime(path) < os.path.getmtime(HERE):
            return False
    except OSError:
        return False
    if extra_stamp is not None:
        try:
            with open(path + ".source", encoding="utf-8") as f:
                return f.read() == extra_stamp
        except OSError:
            return False
    return True


def write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    os.replace(tmp, path)


def dumps(value, indent=None):
    if indent is None:
        return json.dumps(value, separators=COMPACT, ensure_ascii=False)
    return json.dumps(value, indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------- small ones

def ints1001():
    rng = random.Random(1001)
    out = []
    for i in range(1001):
        digits = rng.choice((1, 2, 3, 5, 8, 12, 18))
        v = rng.randrange(10 ** (digits - 1), 10 ** digits)
        out.append(-v if i % 7 == 3 else v)
    return dumps(out)


def mixed_utf8():
    base = "abcdefghijklmnopqrstuvwxyz0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    strings = []
    for i in range(500):
        k = i % len(base)
        text = (base[k:] + base[:k]) * 157  # 64 * 157 = 10048 characters
        half = len(text) // 2
        strings.append(text[:half] + "\u20ac" + text[half:])
    return dumps(strings)


def mostly_utf8():
    return dumps(["\u20ac" * 3333] * 500)


def escapes():
    rng = random.Random(92)
    pieces = ['"', "\\", "\n", "\t", "\r", "\b", "\f", "/", "\x00", "\x01",
              "\x07", "\x1b", "\x1f", 'say "hi"', "C:\\dir\\file", "a\r\nb"]
    strings = []
    for _ in range(500):
        parts = []
        n = 0
        while n < 900:
            p = rng.choice(pieces) if rng.random() < 0.8 else "plain"
            parts.append(p)
            n += len(p)
        strings.append("".join(parts))
    return dumps(strings)


def uescapes():
    rng = random.Random(117)
    ranges = [(0x00A1, 0x00FF), (0x0391, 0x03C9), (0x0410, 0x044F),
              (0x3041, 0x3096), (0x4E00, 0x4FFF), (0x20A0, 0x20BF),
              (0x1F600, 0x1F64F)]  # the last range needs surrogate pairs
    strings = []
    for _ in range(500):
        lo, hi = ranges[rng.randrange(len(ranges))]
        strings.append("".join(chr(rng.randint(lo, hi)) for _ in range(300)))
    # ensure_ascii writes every non-ASCII character as \uXXXX
    return json.dumps(strings, separators=COMPACT, ensure_ascii=True)


# ------------------------------------------------------------------ big one

WORDS = ("lorem data stream parser token buffer river mountain coffee "
         "signal window morning garden rocket silver paper quiet north "
         "Zürich café naïve über 東京 大阪 データ 😀 ünïcödé").split()


def synthetic_feed(rng):
    statuses = []
    for i in range(2500):
        uid = rng.randrange(10 ** 6, 10 ** 10)
        words = [rng.choice(WORDS) for _ in range(rng.randint(5, 22))]
        statuses.append({
            "created_at": "Sun Aug 31 00:%02d:%02d +0000 2014" % (i % 60, (i * 7) % 60),
            "id": 505874924095815681 + i * 7919,
            "id_str": str(505874924095815681 + i * 7919),
            "text": " ".join(words) + (" \"quoted\"\n" if i % 9 == 0 else ""),
            "truncated": False,
            "in_reply_to_status_id": None if i % 3 else 505874000000000000 + i,
            "user": {
                "id": uid,
                "name": rng.choice(WORDS).capitalize() + " " + rng.choice(WORDS),
                "screen_name": "user_%d" % uid,
                "location": rng.choice(["", "Berlin", "東京", "São Paulo"]),
                "description": " ".join(rng.choice(WORDS) for _ in range(12)),
                "url": None,
                "followers_count": rng.randrange(0, 100000),
                "friends_count": rng.randrange(0, 5000),
                "verified": rng.random() < 0.05,
                "profile_background_color": "%06X" % rng.randrange(0, 1 << 24),
            },
            "entities": {
                "hashtags": [{"text": rng.choice(WORDS),
                              "indices": [rng.randrange(0, 60), rng.randrange(60, 140)]}
                             for _ in range(rng.randint(0, 3))],
                "urls": [],
                "user_mentions": [],
            },
            "retweet_count": rng.randrange(0, 1000),
            "favorite_count": rng.randrange(0, 1000),
            "favorited": False,
            "lang": rng.choice(["en", "ja", "de", "pt"]),
        })
    return dumps({"statuses": statuses,
                  "search_metadata": {"count": len(statuses), "query": "benchmark"}},
                 indent=2)


def synthetic_catalog(rng):
    events = {}
    for i in range(1500):
        eid = 138586341 + i * 13
        events[str(eid)] = {
            "description": None,
            "id": eid,
            "logo": None if i % 4 else "/images/UE0AAAAACEKo%dQAAAAVDSVRN" % i,
            "name": " ".join(rng.choice(WORDS) for _ in range(4)),
            "subTopicIds": [337184269 + rng.randrange(0, 40) for _ in range(3)],
            "subjectCode": None,
            "subtitle": None,
            "topicIds": [324846099 + rng.randrange(0, 20) for _ in range(2)],
        }
    performances = []
    for i in range(2000):
        performances.append({
            "eventId": 138586341 + (i % 1500) * 13,
            "id": 339887544 + i,
            "logo": None,
            "name": None,
            "prices": [{"amount": rng.randrange(5, 200) * 500,
                        "audienceSubCategoryId": 337100890,
                        "seatCategoryId": 338937295 + k}
                       for k in range(rng.randint(1, 4))],
            "seatCategories": [{"areas": [{"areaId": 205705993 + a, "blockIds": []}
                                          for a in range(rng.randint(1, 5))],
                                "seatCategoryId": 338937295 + k}
                               for k in range(rng.randint(1, 3))],
            "seatMapImage": None,
            "start": 1372701600000 + i * 86400000,
            "venueCode": "PLEYEL_PLEYEL",
        })
    return dumps({"events": events, "performances": performances,
                  "venueNames": {"PLEYEL_PLEYEL": "Salle Pleyel"}}, indent=4)


def synthetic_geometry(rng):
    polygons = []
    for _ in range(60):
        x, y = rng.uniform(-140.0, -52.0), rng.uniform(42.0, 83.0)
        ring = []
        for _ in range(rng.randint(200, 1400)):
            x += rng.uniform(-0.01, 0.01)
            y += rng.uniform(-0.01, 0.01)
            ring.append([x, y])
        ring.append(ring[0])
        polygons.append([ring])
    doc = {"type": "FeatureCollection",
           "features": [{"type": "Feature",
                         "properties": {"name": "Canada"},
                         "geometry": {"type": "Polygon" if len(polygons) == 1 else "MultiPolygon",
                                      "coordinates": polygons}}]}
    return dumps(doc)


def big_unit(corpus):
    """Return (bytes of one repetition unit, description of its source)."""
    if corpus:
        paths = [os.path.join(corpus, n + ".json") for n in CORPUS_NAMES]
        if all(os.path.isfile(p) for p in paths):
            docs = []
            for p in paths:
                with open(p, "rb") as f:
                    docs.append(f.read().strip())
            return b",\n".join(docs), "corpus:" + os.path.abspath(corpus)
    rng = random.Random(2014)
    docs = [synthetic_feed(rng), synthetic_catalog(rng), synthetic_geometry(rng)]
    return ",\n".join(docs).encode("utf-8"), "synthetic"


def make_big(path, corpus, mib):
    unit, source = big_unit(corpus)
    stamp = "%s size>=%dMiB" % (source, mib)
    if fresh(path, stamp):
        return False, source
    target = mib * 1024 * 1024
    count = max(1, -(-(target - 4) // (len(unit) + 2)))  # ceiling division
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b"[\n")
        for i in range(count):
            if i:
                f.write(b",\n")
            f.write(unit)
        f.write(b"\n]\n")
    os.replace(tmp, path)
    with open(path + ".source", "w", encoding="utf-8") as f:
        f.write(stamp)
    return True, source


# --------------------------------------------------------------------- main

def main(argv):
    ap = argparse.ArgumentParser(description="generate jfmt benchmark inputs")
    ap.add_argument("outdir")
    ap.add_argument("--corpus", help="directory with twitter/citm_catalog/canada.json")
    ap.add_argument("--no-big", action="store_true", help="do not write big.json")
    ap.add_argument("--big-mib", type=int, default=200, help="minimum size of big.json")
    args = ap.parse_args(argv)

    os.makedirs(args.outdir, exist_ok=True)
    t0 = time.monotonic()
    made = []

    jobs = {name: (lambda text=text: text) for name, text in SMALL.items()}
    jobs.update({"ints1001": ints1001, "mixed_utf8": mixed_utf8,
                 "mostly_utf8": mostly_utf8, "escapes": escapes,
                 "uescapes": uescapes})
    for name, fn in jobs.items():
        path = os.path.join(args.outdir, name + ".json")
        if not fresh(path):
            text = fn()
            json.loads(text)  # every input must be valid JSON
            write(path, text + "\n")
            made.append(name)
    for name, text in SMALL.items():
        path = os.path.join(args.outdir, "%s_x%d.json" % (name, REPEAT))
        if not fresh(path):
            write(path, (text + "\n") * REPEAT)
            made.append(os.path.basename(path))

    if not args.no_big:
        path = os.path.join(args.outdir, "big.json")
        wrote, source = make_big(path, args.corpus, args.big_mib)
        if wrote:
            made.append("big.json (%s)" % source)

    if made:
        print("gen.py: wrote %d file(s) in %.1f s" % (len(made), time.monotonic() - t0))
    else:
        print("gen.py: inputs up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
