#!/usr/bin/env python3
"""mktrace.py: write a synthetic overlapcheck trace for the timeline tests.

    mktrace.py [--ops N] [--hostile] [--seed S] OUT.db

The trace is built in schema v1 (schema/trace-v1.sql) and written at the end
as the v2 trace the tracer makes (tests/v2copy.py). It holds a three-stream
copy/kernel/copy pipeline on device 0 (pinned memory, non-blocking streams: the
copies intersect kernels), a pageable copy and a kernel on the legacy default
stream, a peer copy, a kernel on a per-thread default stream, a second device with one blocking stream, two CPU threads whose API
calls queued all of it (runtime calls with a nested driver twin on some), a
cudaStreamSynchronize, NVTX ranges (nested, crossing, one never closed) and
marks, a graph launch whose two kernel nodes ran side by side in one stream,
and a few ops whose API call was not recorded (no flow arrow).

--ops N sets the number of device ops (about; the pipeline is cut to fit).
--hostile names a kernel and NVTX ranges with strings that try to break out of
JSON and HTML: </script>, <img onerror>, quotes, backslashes, control bytes,
U+2028, invalid UTF-8. The page must show them as text.

Prints one line of counts as JSON, for the tests to compare with.
"""
import argparse
import json
import os
import random
import sqlite3
import sys

HOSTILE_KERNEL = ("</script><script>document.title='pwned';"
                  "document.documentElement.setAttribute('data-pwned','1')</script>")
HOSTILE_NVTX = '<img src=x onerror="document.documentElement.setAttribute(\'data-pwned\',\'2\')">'
HOSTILE_OTHER = 'quote" back\\slash \x01\x1f tab\tnl\n sep\u2028 &amp; </style>'
INVALID_UTF8_HEX = "6261642dff2dc0af2dedbfbf"   # "bad-\xff-\xc0\xaf-\xed\xbf\xbf"

RT, DRV = 1, 2
KERNEL, MEMCPY, MEMSET = 1, 2, 3
HTOD, DTOH = 1, 2
PAGEABLE, PINNED, DEVICE = 1, 2, 3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=60)
    ap.add_argument("--hostile", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("out")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    schema = open(os.path.join(here, "..", "..", "schema", "trace-v1.sql")).read()
    v1 = a.out + ".v1"
    for p in (a.out, v1):
        if os.path.exists(p):
            os.unlink(p)
    db = sqlite3.connect(v1)
    db.executescript(schema)

    strings = {}

    def sid(s):
        if s not in strings:
            strings[s] = len(strings) + 1
            db.execute("INSERT INTO strings(id, value) VALUES (?, ?)", (strings[s], s))
        return strings[s]

    meta = {
        "tool_version": "test", "trace_start_ns": "1764480000000000000", "pid": "4242",
        "host": "testhost", "cmdline": "./pipeline --chunks 8",
        "device.0.name": "Test GPU", "device.0.cc_major": "9", "device.0.cc_minor": "0",
        "device.0.sm_count": "132", "device.0.async_engine_count": "3",
        "device.0.concurrent_kernels": "1",
        "device.1.name": "Test GPU", "device.1.cc_major": "9", "device.1.cc_minor": "0",
        "device.1.sm_count": "132", "device.1.async_engine_count": "3",
        "device.1.concurrent_kernels": "1",
        "status": "complete", "clean_exit": "1", "exit_status": "0",
        "dropped_records": "0", "incomplete_records": "0",
    }
    if a.hostile:
        meta["device.0.name"] = "<b>GPU</b> \"0\"\n"
        meta["cmdline"] = "./app '</title><script>document.title=1</script>'"
    db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    db.execute("INSERT INTO contexts VALUES (1, 0, 7)")
    db.execute("INSERT INTO contexts VALUES (2, 1, 21)")
    # (context, stream, flag, handle, handle_kind)
    streams = [(1, 7, 3, 0, 1), (1, 13, 2, 0x5501, 3), (1, 14, 2, 0x5502, 3),
               (1, 15, 2, 0x5503, 3), (2, 22, 1, 0x6601, 3), (1, 16, 0, 2, 2)]
    db.executemany("INSERT INTO streams(context_id, stream_id, flag, handle, handle_kind) "
                   "VALUES (?, ?, ?, ?, ?)", streams)

    ops, api, args, markers = [], [], [], []
    counts = {"flows": 0}
    kname = sid(HOSTILE_KERNEL) if a.hostile else sid("_Z6scalePfif")
    kname2 = sid("_Z9reduce_v2PKfPfi")
    if a.hostile:
        kname2 = sid(HOSTILE_OTHER)
        db.execute("INSERT INTO strings(id, value) VALUES (?, CAST(x'%s' AS TEXT))"
                   % INVALID_UTF8_HEX, (len(strings) + 1,))
        strings["\0invalid"] = len(strings) + 1
        kname3 = strings["\0invalid"]
    else:
        kname3 = sid("_Z4axpyfPKfPf")
    n_memcpy = sid("cudaMemcpyAsync")
    n_launch = sid("cudaLaunchKernel")
    n_culaunch = sid("cuLaunchKernel_ptsz")
    n_sync = sid("cudaStreamSynchronize")
    n_memcpy_sync = sid("cudaMemcpy")

    tids = [31001, 31002]
    clock = {31001: 1_000_000, 31002: 1_000_500}
    corr = [100]
    api_id = [0]

    def call(tid, name, dur, corr_id, domain=RT, parent=None, at=None):
        api_id[0] += 1
        start = clock[tid] if at is None else at
        api.append((api_id[0], domain, 1, name, start, start + dur, tid, corr_id, 0, parent))
        if at is None:
            clock[tid] = start + dur + rnd.randint(200, 900)
        return api_id[0], start, start + dur

    def op(kind, start, dur, dev, ctx, stream, corr_id, name=None, nbytes=None, ck=None,
           sk=None, dk=None, graph=(None, None)):
        ops.append((len(ops) + 1, kind, start, start + dur, dev, ctx, stream, corr_id, name,
                    nbytes, ck, sk, dk, 1 if kind != KERNEL else 0,
                    128 if kind == KERNEL else None) + graph)

    # The pipeline: chunk k on stream 13 + k % 3, HtoD -> kernel -> DtoH.
    nchunks = max(1, (a.ops - 8) // 3)
    ready = {13: 0, 14: 0, 15: 0}
    copy_engine = {HTOD: 0, DTOH: 0}
    for k in range(nchunks):
        s = 13 + k % 3
        tid = tids[k % 2] if k < 4 else tids[0]
        steps = ((MEMCPY, HTOD), (KERNEL, None), (MEMCPY, DTOH))
        for kind, ck in steps:
            corr[0] += 1
            c = corr[0]
            if kind == KERNEL:
                rid, cs, ce = call(tid, n_launch, 4000, c)
                if k % 5 == 0:   # a driver twin nested in the runtime call
                    call(tid, n_culaunch, 2500, c + 500000, DRV, rid, at=cs + 800)
                start = max(ce + 3000, ready[s])
                dur = 60_000 + rnd.randint(0, 20_000)
                op(KERNEL, start, dur, 0, 1, s, c, name=[kname, kname2, kname3][k % 3])
            else:
                rid, cs, ce = call(tid, n_memcpy, 3000, c)
                args.append((c, RT, 41, tid, 0x5500 + (s - 12), 3, 1, s, 0x7f0000, 8 << 20))
                start = max(ce + 2000, ready[s], copy_engine[ck])
                dur = 40_000 + rnd.randint(0, 5000)
                op(MEMCPY, start, dur, 0, 1, s, c, nbytes=8 << 20, ck=ck,
                   sk=PINNED if ck == HTOD else DEVICE, dk=DEVICE if ck == HTOD else PINNED)
                copy_engine[ck] = start + dur
            ready[s] = start + dur
            counts["flows"] += 1
    end0 = max(ready.values())
    # A hidden synchronization: thread 2 calls cudaFree while the pipeline runs, and it
    # returns just after the last of that work ends.
    call(tids[1], sid("cudaFree"), 45_000 + 4_000, 0, at=end0 - 45_000)
    counts["hidden_syncs"] = 1
    # Legacy default stream: a pageable copy, then a kernel, queued after the pipeline.
    corr[0] += 1
    clock[tids[0]] = max(clock[tids[0]], end0 + 10_000)
    rid, cs, ce = call(tids[0], n_memcpy_sync, 90_000, corr[0])
    op(MEMCPY, cs + 5000, 80_000, 0, 1, 7, corr[0], nbytes=4 << 20, ck=HTOD, sk=PAGEABLE,
       dk=DEVICE)
    counts["flows"] += 1
    corr[0] += 1
    rid, cs, ce = call(tids[0], n_launch, 4000, corr[0])
    op(KERNEL, ce + 30_000, 50_000, 0, 1, 7, corr[0], name=kname)
    counts["flows"] += 1
    # Device 1, blocking stream 22: a memset and a kernel from thread 2.
    corr[0] += 1
    rid, cs, ce = call(tids[1], sid("cudaMemsetAsync"), 2000, corr[0])
    op(MEMSET, ce + 2000, 10_000, 1, 2, 22, corr[0], nbytes=1 << 20, dk=DEVICE)
    counts["flows"] += 1
    corr[0] += 1
    rid, cs, ce = call(tids[1], n_launch, 3000, corr[0])
    op(KERNEL, ce + 15_000, 30_000, 1, 2, 22, corr[0], name=kname2)
    counts["flows"] += 1
    # A graph launch: two kernel nodes reported under stream 22 that ran side by side.
    corr[0] += 1
    rid, cs, ce = call(tids[1], sid("cudaGraphLaunch"), 6000, corr[0])
    g0 = max(o[3] for o in ops if o[4] == 1) + 5000
    op(KERNEL, g0, 40_000, 1, 2, 22, corr[0], name=kname, graph=(1, 11))
    op(KERNEL, g0 + 10_000, 40_000, 1, 2, 22, corr[0], name=kname2, graph=(1, 12))
    counts["flows"] += 2
    # A peer copy from device 0 to 1, and a kernel on thread 1's per-thread default stream.
    corr[0] += 1
    rid, cs, ce = call(tids[0], sid("cudaMemcpyPeerAsync"), 3000, corr[0])
    op(4, ce + 4000, 20_000, 0, 1, 14, corr[0], nbytes=1 << 20, ck=10, sk=DEVICE, dk=DEVICE)
    counts["flows"] += 1
    corr[0] += 1
    rid, cs, ce = call(tids[0], sid("cudaLaunchKernel_ptsz"), 3000, corr[0])
    op(KERNEL, ce + 4000, 15_000, 0, 1, 16, corr[0], name=kname3)
    counts["flows"] += 1
    # Two ops whose call was not recorded: no flow for them.
    last = max(o[3] for o in ops)
    op(KERNEL, last + 20_000, 5000, 0, 1, 13, 999_999_001, name=kname3)
    op(KERNEL, last + 30_000, 5000, 1, 2, 22, 999_999_002, name=kname3)
    # A stream sync at the end.
    corr[0] += 1
    clock[tids[0]] = max(clock[tids[0]], last)
    rid, cs, ce = call(tids[0], n_sync, 50_000, corr[0])
    db.execute("INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, correlation_id,"
               " return_value) VALUES (3, ?, ?, 1, 13, ?, 0)", (cs, ce, corr[0]))

    # NVTX: an outer range per thread, nested chunk ranges, a crossing pair, an open one, marks.
    mid = [0]

    def rng(tid, name, s, e):
        mid[0] += 1
        markers.append((mid[0], 2, s, tid, sid(name)))
        if e is not None:
            markers.append((mid[0], 4, e, tid, None))

    first = min(o[2] for o in ops)
    lastc = max(x[5] for x in api)
    rng(tids[0], HOSTILE_NVTX if a.hostile else "pipeline", 900_000, lastc + 1000)
    for k in range(min(nchunks, 6)):
        s0 = 1_000_000 + k * 30_000
        rng(tids[0], "chunk %d" % k, s0, s0 + 20_000)
    rng(tids[1], "cross A", 1_000_400, 1_200_000)
    rng(tids[1], "cross B", 1_100_000, 1_300_000)
    rng(tids[1], HOSTILE_OTHER if a.hostile else "never closed", 1_350_000, None)
    nranges = mid[0]
    for i, ts in enumerate((first + 1000, first + 50_000)):
        mid[0] += 1
        markers.append((mid[0], 1, ts, tids[i % 2], sid("mark %d" % i)))

    db.executemany("INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
                   " correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind, flags,"
                   " grid_x, graph_id, graph_node_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                   ops)
    db.executemany("INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid,"
                   " correlation_id, return_value, parent_id) VALUES (?,?,?,?,?,?,?,?,?,?)", api)
    db.executemany("INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle,"
                   " handle_kind, context_id, stream_id, host_ptr, bytes)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?)", args)
    db.executemany("INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id)"
                   " VALUES (?,?,?,?,?)", markers)
    db.commit()
    db.close()
    # built in schema v1, written as the v2 trace the tracer makes
    sys.path.insert(0, os.path.join(here, ".."))
    from v2copy import copy_to_v2
    copy_to_v2(v1, a.out)
    os.unlink(v1)
    counts.update(ops=len(ops), api=len(api), ranges=nranges, marks=2, threads=2, devices=2,
                  streams=len({(o[5], o[6]) for o in ops}))
    json.dump(counts, sys.stdout)
    print()


if __name__ == "__main__":
    main()
