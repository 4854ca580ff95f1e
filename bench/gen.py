#!/usr/bin/env python3
"""Write the jfmt benchmark inputs into a directory.

Usage: gen.py OUTDIR [--corpus DIR] [--ndjson-lines N]... [--files N]... [--no-big]
              [--big-mib N]

Everything is deterministic: the same command gives byte-identical files.
A file is left alone when it already exists and is newer than this script,
so repeated benchmark runs do not pay for generation again.

Inputs:
  small_mixed.json, small_nested.json, small_hash.json
                      tiny documents (34 to 121 bytes): start-up cost
  ints1001.json       array of 1001 integers
  mixed_prose.json    ~4 MiB of records whose text mixes accented Latin,
                      Greek, Cyrillic, CJK and emoji, written as raw UTF-8
  cjk_prose.json      ~4 MiB of Chinese and Japanese prose, raw UTF-8
  dense_escapes.json  ~4 MiB of strings dense in \n, \", \\ and control characters
  u_escapes.json      mixed prose again, every non-ASCII character as \\uXXXX
  deep.json           ~4 MiB company directory nested 18 levels deep
  ndjson_N.json       N log records of 85 to 265 bytes, one per line (NDJSON),
                      for each --ndjson-lines N (named 20k, 1m, ...); a
                      shorter file is the beginning of a longer one
  files_N/            for each --files N (named 10k, 100k, ...): a tree of N
                      small documents (60 bytes to 3 KiB, 40 files a
                      directory, nested two deep), each as jfmt writes it by
                      default: a repository's JSON for `jfmt -r --check`;
                      files_N.stamp is written once the tree is whole
  big.json            >= 200 MiB array repeating the corpus documents
                      (twitter, citm_catalog, canada), or, without a corpus,
                      generated documents of the same three kinds; its
                      largest object's size is written to big.json.maxobj
"""

import argparse
import json
import os
import random
import shutil
import sys
import time

from objsize import largest_object

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


# ------------------------------------------------------------------ shapes
# Each shape is about SHAPE_BYTES of one kind of text, the kinds where a
# formatter's string and per-value paths show: non-ASCII prose, escapes,
# many small values, deep nesting.

SHAPE_BYTES = 4 << 20

LATIN = ("the of and data river morning garden window paper north signal "
         "café naïve über déjà façade São Paulo Zürich crème brûlée señor "
         "año Ångström smörgåsbord Łódź Dvořák Köln élève garçon").split()
GREEK = "καλημέρα κόσμος λόγος θάλασσα ἀρχή φιλοσοφία Αθήνα ήλιος νερό".split()
CYRILLIC = "привет мир Москва книга язык хорошо спасибо Київ дом время".split()
CJK_WORDS = "東京 大阪 データ 日本語 中文 北京 한국어 서울 天気 図書館".split()
EMOJI = ["😀", "🎉", "🚀", "👍🏽", "❤️", "🇯🇵", "👩‍💻", "☕"]
# A pool of common Chinese characters, kana and CJK punctuation.
CJK_CHARS = ("的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年"
             "得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没"
             "日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面"
             "公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理"
             "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
             "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホ")


def shape_array(make_item, ascii=False):
    """A JSON array of make_item(i) values, about SHAPE_BYTES long (written
    with ensure_ascii when ascii is true)."""
    items, size, i = [], 0, 0
    while size < SHAPE_BYTES:
        item = make_item(i)
        items.append(item)
        size += len(json.dumps(item, separators=COMPACT, ensure_ascii=ascii).encode("utf-8")) + 1
        i += 1
    return items


def mixed_sentence(rng):
    words = []
    for _ in range(rng.randint(8, 24)):
        pool = rng.choices((LATIN, GREEK, CYRILLIC, CJK_WORDS, EMOJI),
                           weights=(55, 12, 12, 14, 7))[0]
        words.append(rng.choice(pool))
    return " ".join(words).capitalize() + "."


def mixed_prose_items(seed, ascii=False):
    rng = random.Random(seed)
    langs = ("fr", "de", "el", "ru", "uk", "ja", "zh", "ko", "pt")
    return shape_array(lambda i: {
        "id": i,
        "lang": rng.choice(langs),
        "title": mixed_sentence(rng)[:40],
        "body": " ".join(mixed_sentence(rng) for _ in range(rng.randint(2, 8))),
    }, ascii)


def mixed_prose():
    return dumps(mixed_prose_items(31))


def cjk_prose():
    rng = random.Random(32)

    def paragraph():
        out = []
        for _ in range(rng.randint(3, 9)):
            s = "".join(rng.choice(CJK_CHARS) for _ in range(rng.randint(8, 40)))
            out.append(s + rng.choice("。。。！？"))
        return "、".join(out[:1]) + "".join(out[1:])

    return dumps(shape_array(lambda i: {"id": i, "title": paragraph()[:12],
                                        "text": paragraph()}))


def dense_escapes():
    rng = random.Random(92)
    pieces = ['"', "\\", "\n", "\t", "\r", "\b", "\f", "/", "\x00", "\x01",
              "\x07", "\x1b", "\x1f", 'say "hi"', "C:\\dir\\file", "a\r\nb"]

    def text(_):
        parts, n = [], 0
        while n < rng.randint(40, 900):
            p = rng.choice(pieces) if rng.random() < 0.8 else "plain"
            parts.append(p)
            n += len(p)
        return "".join(parts)

    return dumps(shape_array(text))


def u_escapes():
    # The mixed prose again, but with ensure_ascii: every non-ASCII
    # character is written as \uXXXX, emoji as surrogate pairs.
    return json.dumps(mixed_prose_items(33, ascii=True), separators=COMPACT, ensure_ascii=True)


def deep():
    """A company directory nested 18 levels deep, keys as real data has them."""
    rng = random.Random(34)
    word = lambda: rng.choice(LATIN[:11]).capitalize()

    def task(k):
        return {"id": "T-%05d" % k, "title": "%s %s" % (word(), word().lower()),
                "done": rng.random() < 0.4, "estimate_hours": rng.randint(1, 40),
                "assignee": {"name": "%s %s" % (word(), word()),
                             "contact": {"email": "user%d@example.com" % k,
                                         "address": {"city": rng.choice(["Lyon", "Köln", "Porto"]),
                                                     "geo": {"lat": round(rng.uniform(-90, 90), 5),
                                                             "lon": round(rng.uniform(-180, 180), 5)}}}},
                "tags": [word().lower() for _ in range(rng.randint(0, 3))]}

    def nest(counts, make):
        return [make(i) for i in range(counts)]

    k = iter(range(10 ** 9))

    def division(d):
        return {"name": "Division %d" % d, "departments": nest(4, lambda p: {
            "name": "%s department" % word(), "teams": nest(4, lambda t: {
                "name": "Team %s" % word(), "projects": nest(3, lambda j: {
                    "name": "%s %s" % (word(), word()), "milestones": nest(3, lambda m: {
                        "title": "Milestone %d" % (m + 1),
                        "tasks": nest(4, lambda _: task(next(k)))})})})})}

    divisions, size = [], 0
    while size < SHAPE_BYTES:
        divisions.append(division(len(divisions)))
        size += len(dumps(divisions[-1], indent=2).encode("utf-8"))
    return dumps({"company": {"name": "Example Holdings", "divisions": divisions}},
                 indent=2)


def ndjson_line(rng, i):
    """One log record of 85 to 265 bytes: optional fields are added while
    they fit, then the message is sized to the drawn length."""
    want = rng.randint(85, 265)
    rec = {"ts": "2026-11-%02dT%02d:%02d:%02dZ" % (1 + i % 30, i % 24, i % 60, (i * 7) % 60),
           "level": rng.choice(("debug", "info", "info", "warn", "error")),
           "user": rng.randrange(1, 10 ** 6)}
    extra = {"ms": round(rng.uniform(0.1, 900.0), 1),
             "service": rng.choice(("api", "auth", "billing", "search")),
             "ok": rng.random() < 0.9}
    for key, value in extra.items():
        if len(dumps(dict(rec, **{key: value, "msg": ""}))) <= want:
            rec[key] = value
    rec["msg"] = ""
    room = want - len(dumps(rec))
    words = []
    while len(" ".join(words)) < room:
        words.append(rng.choice(LATIN[:11]))
    msg = " ".join(words)[:room]
    rec["msg"] = msg[:-1] + "." if msg.endswith(" ") else msg
    return dumps(rec)


def write_ndjson(path, lines):
    """NDJSON_SEED's first `lines` records, one per line: the files of
    different lengths share their beginning."""
    rng = random.Random(35)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        for i in range(lines):
            line = ndjson_line(rng, i)
            assert 85 <= len(line.encode("utf-8")) <= 265, line
            f.write(line + "\n")
    os.replace(path + ".tmp", path)


# ------------------------------------------------------------ a file tree
# A repository's JSON: many small documents of a few kinds (settings,
# package manifests, records, lists), each as jfmt writes it by default
# (two spaces, as json.dumps(indent=2) writes them), so that
# `jfmt -r --check` passes them all and exits 0.

FILES_PER_DIR = 40
FILES_SEED = 10


def small_document(rng, i):
    kind = i % 4
    if kind == 0:       # settings
        return {"name": "pkg-%d" % i, "enabled": rng.random() < 0.7,
                "level": rng.randrange(0, 10), "tags": [rng.choice(LATIN) for _ in range(rng.randrange(0, 5))]}
    if kind == 1:       # a manifest
        deps = {"%s-%d" % (rng.choice(LATIN[:11]), k): "^%d.%d.%d" % (rng.randrange(9), rng.randrange(20), rng.randrange(9))
                for k in range(rng.randrange(1, 12))}
        return {"name": "app-%d" % i, "version": "1.%d.0" % rng.randrange(30), "private": True,
                "scripts": {"test": "run tests", "build": "make all"}, "dependencies": deps}
    if kind == 2:       # records
        return [{"id": i * 100 + k, "ok": rng.random() < 0.9, "ms": round(rng.uniform(0.1, 900.0), 1),
                 "msg": " ".join(rng.choice(LATIN) for _ in range(rng.randrange(1, 8)))}
                for k in range(rng.randrange(1, 15))]
    return {"items": [rng.randrange(10 ** 6) for _ in range(rng.randrange(0, 40))], "empty": {}, "none": None}


def write_files(path, n):
    """n small documents under `path`, FILES_PER_DIR a directory, those
    grouped FILES_PER_DIR a directory above them."""
    rng = random.Random(FILES_SEED)
    for i in range(n):
        leaf = i // FILES_PER_DIR
        d = os.path.join(path, "g%03d" % (leaf // FILES_PER_DIR), "d%03d" % (leaf % FILES_PER_DIR))
        if i % FILES_PER_DIR == 0:
            os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "f%06d.json" % i), "w", encoding="utf-8") as f:
            f.write(dumps(small_document(rng, i), indent=2) + "\n")


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
    # big.json repeats the unit inside an array: its largest object is the unit's
    with open(path + ".maxobj", "w", encoding="utf-8") as f:
        f.write("%d\n" % largest_object(unit))
    return True, source


def count_name(n):
    """20000 -> "20k", 1000000 -> "1m", 1234 -> "1234"."""
    for div, suffix in ((10 ** 6, "m"), (10 ** 3, "k")):
        if n % div == 0:
            return "%d%s" % (n // div, suffix)
    return str(n)


# --------------------------------------------------------------------- main

def main(argv):
    ap = argparse.ArgumentParser(description="generate jfmt benchmark inputs")
    ap.add_argument("outdir")
    ap.add_argument("--corpus", help="directory with twitter/citm_catalog/canada.json")
    ap.add_argument("--ndjson-lines", type=int, action="append", default=[],
                    help="write ndjson_N.json with N records (may be repeated)")
    ap.add_argument("--files", type=int, action="append", default=[],
                    help="write files_N/, a tree of N small documents (may be repeated)")
    ap.add_argument("--no-big", action="store_true", help="do not write big.json")
    ap.add_argument("--big-mib", type=int, default=200, help="minimum size of big.json")
    args = ap.parse_args(argv)

    os.makedirs(args.outdir, exist_ok=True)
    t0 = time.monotonic()
    made = []

    jobs = {name: (lambda text=text: text) for name, text in SMALL.items()}
    jobs.update({"ints1001": ints1001, "mixed_prose": mixed_prose,
                 "cjk_prose": cjk_prose, "dense_escapes": dense_escapes,
                 "u_escapes": u_escapes, "deep": deep})
    for name, fn in jobs.items():
        path = os.path.join(args.outdir, name + ".json")
        if not fresh(path):
            text = fn()
            json.loads(text)  # every input must be valid JSON
            write(path, text + "\n")
            made.append(name)
    for lines in args.ndjson_lines:
        path = os.path.join(args.outdir, "ndjson_%s.json" % count_name(lines))
        if not fresh(path):
            write_ndjson(path, lines)
            made.append(os.path.basename(path))

    for n in args.files:
        path = os.path.join(args.outdir, "files_%s" % count_name(n))
        if not fresh(path + ".stamp"):
            if os.path.isdir(path):
                shutil.rmtree(path)
            write_files(path, n)
            write(path + ".stamp", "%d\n" % n)
            made.append(os.path.basename(path) + "/")

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
