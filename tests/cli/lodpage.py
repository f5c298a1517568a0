"""lodpage.py: decode a level-of-detail timeline page's data (docs/timeline.md,
"Level of detail"; src/report/out-html-lod.c) the way the page's script does,
independently of it: the blob's pieces are base64 of raw deflate, a chunk's
columns are LEB128 varints.

    d = page_data(html_text)         # the page's JSON, with the blob as d["lod"]["blob"]
    items, notes = lod_items(d)
    sums = lod_summaries(d)          # per lane: {"n": [...], "busy": [...], ...}

items is the small page's flat list (11 numbers per slice: lane, start, dur,
name, cat, row, verdict, note, bytes, corr, link), in id order, so that a
link (an id) indexes it as the small page's links index its items; notes is
the list of note texts.
"""
import base64
import json
import re
import zlib

VARCOLS = ["name", "cat", "row", "verdict", "note", "bytes", "corr", "link", "flags"]
SUM_COLS = ["n", "busy", "overlap", "idle", "flagged", "cause", "colour"]


def element(page, ident):
    """The text of the page's <script ... id="ident"> element."""
    m = re.search(r'<script type="[^"]*" id="%s">' % ident, page)
    if not m:
        raise ValueError("no #%s element" % ident)
    return page[m.end():page.index("</script>", m.end())]


def page_data(page):
    """The page's JSON (#oc-data); a level-of-detail page's with its blob
    (#oc-blob) as d["lod"]["blob"]."""
    d = json.loads(element(page, "oc-data"))
    if "lod" in d:
        d["lod"]["blob"] = element(page, "oc-blob")
    return d


def piece(d, off, length, raw):
    blob = d["lod"]["blob"]
    data = zlib.decompress(base64.b64decode(blob[off:off + length]), -15)
    if len(data) != raw:
        raise ValueError("piece at %d: %d bytes, the index says %d" % (off, len(data), raw))
    return data


def varints(data, pos, n):
    out = []
    for _ in range(n):
        v = shift = 0
        while True:
            b = data[pos]
            pos += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                break
        out.append(v)
    return out, pos


def unzig(v):
    return -(v >> 1) - 1 if v & 1 else v >> 1


def planes(data, pos, n):
    width = data[pos]
    pos += 1
    out = [0] * n
    for k in range(width):
        plane = data[pos:pos + n]
        for i in range(n):
            out[i] |= plane[i] << (8 * k)
        pos += n
    return out, pos


def chunk_columns(d, c):
    """The columns of chunk c (an index row) as lists of plain numbers: each
    start is the latest end of the chunk's earlier slices (at first: the
    chunk's start) plus its value times 2^exp, each duration its value times
    2^exp."""
    lane, first, n, t_first, t_min, t_end, max_dur, off, length, raw = c
    data = piece(d, off, length, raw)
    exps = list(data[:n])
    starts, pos = planes(data, n, n)
    durs, pos = planes(data, pos, n)
    cols = {"exp": exps}
    for name in VARCOLS:
        cols[name], pos = varints(data, pos, n)
    if pos != len(data):
        raise ValueError("chunk %d: %d bytes left over" % (first, len(data) - pos))
    ref, corr, link = t_first, 0, 0
    start, dur, corr_v, link_v = [], [], [], []
    for k in range(n):
        q = 1 << exps[k]
        t = ref + unzig(starts[k]) * q
        start.append(t)
        dur.append(unzig(durs[k]) * q)
        ref = max(ref, t + dur[-1])
        corr += unzig(cols["corr"][k])
        corr_v.append(corr)
        if cols["link"][k]:
            link += unzig(cols["link"][k] - 1)
            link_v.append(link)
        else:
            link_v.append(-1)
    cols["start"], cols["dur"], cols["corr"], cols["link"] = start, dur, corr_v, link_v
    cols["note"] = [v - 1 for v in cols["note"]]
    return cols


def lod_notes(d):
    notes = []
    for off, length, raw in d["lod"]["notes"]["pieces"]:
        data = piece(d, off, length, raw)
        notes += [s.decode("utf-8", "replace") for s in data.split(b"\0")[:-1]]
    return notes


def lod_items(d):
    items = []
    for c in d["lod"]["chunks"]:
        cols = chunk_columns(d, c)
        if len(items) != c[1] * 11:
            raise ValueError("chunk of id %d follows %d slices" % (c[1], len(items) // 11))
        for k in range(c[2]):
            items += [c[0], cols["start"][k], cols["dur"][k], cols["name"][k], cols["cat"][k],
                      cols["row"][k], cols["verdict"][k], cols["note"][k], cols["bytes"][k],
                      cols["corr"][k], cols["link"][k]]
    return items, lod_notes(d)


def lod_flags(d):
    """The flags column of every slice, in id order."""
    out = []
    for c in d["lod"]["chunks"]:
        out += chunk_columns(d, c)["flags"]
    return out


def lod_summaries(d):
    sums = []
    for nb, t0, bw, off, length, raw, first in d["lod"]["sum"]:
        data = piece(d, off, length, raw)
        pos, s = 0, {"nb": nb, "t0": t0, "bw": bw, "first": first}
        for name in SUM_COLS:
            s[name], pos = varints(data, pos, nb)
        if pos != len(data):
            raise ValueError("summary: %d bytes left over" % (len(data) - pos))
        sums.append(s)
    return sums


def lod_decode_sums(d):
    """What the page's #decode hook publishes (data-decode-sums), computed
    here: over all slices, the sums of start and end mod 1000003, of name,
    link and note text length (-1 without a note)."""
    notes = lod_notes(d)
    sums = [0, 0, 0, 0, 0]
    n = 0
    for c in d["lod"]["chunks"]:
        cols = chunk_columns(d, c)
        for k in range(c[2]):
            sums[0] += cols["start"][k] % 1000003
            sums[1] += (cols["start"][k] + cols["dur"][k]) % 1000003
            sums[2] += cols["name"][k]
            sums[3] += cols["link"][k]
            sums[4] += len(notes[cols["note"][k]]) if cols["note"][k] >= 0 else -1
        n += c[2]
    return n, sums
