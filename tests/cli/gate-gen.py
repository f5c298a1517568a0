#!/usr/bin/env python3
"""gate-gen.py: synthetic traces with known answers for test-check.sh and
test-compare.sh, built through schema v1 (schema/trace-v1.sql) and written as
the schema v2 trace the tracer makes (tests/v2copy.py).

    python3 tests/cli/gate-gen.py SCENARIO OUT.db [--scale F] [--kernel NAME]
                                  [--h2d-bytes N] [--grid N] [--dropped N]

Times below are in microseconds; the trace stores nanoseconds. Every device
op gets the API call that queued it (same correlation id, thread 1, starting
`lead` us before the op unless the scenario says when). The expected values
that the tests assert are derived in the comment of each scenario, from its
design, never from the tool's output.
"""
import argparse
import os
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "..", "..", "schema", "trace-v1.sql")
sys.path.insert(0, os.path.join(HERE, ".."))
from v2copy import copy_to_v2  # noqa: E402  (tests/v2copy.py)

KERNEL, MEMCPY, MEMSET = 1, 2, 3
HTOD, DTOH = 1, 2
PAGEABLE, PINNED, DEVICE = 1, 2, 3
US = 1000


class Trace:
    def __init__(self, path, kernel="_Z5scalePfi", grid=256):
        # built row by row in schema v1, written out as the v2 trace the
        # tracer makes today (close())
        self.path = path
        for p in (path, path + ".v1"):
            if os.path.exists(p):
                os.remove(p)
        self.db = sqlite3.connect(path + ".v1")
        with open(SCHEMA) as f:
            self.db.executescript(f.read())
        self.kernel = kernel
        self.grid = grid
        self.corr = 0
        self.strings = {}
        self.meta = {"trace_start_ns": "1800000000000000000", "tool_version": "test",
                     "clean_exit": "1", "exit_status": "0", "dropped_records": "0",
                     "incomplete_records": "0", "tracer_status": "ok",
                     "device.0.name": "Synthetic GPU", "device.0.sm_count": "132",
                     "device.0.async_engine_count": "3", "device.0.concurrent_kernels": "1"}
        self.db.execute("INSERT INTO contexts(id, device_id, null_stream_id) VALUES (1, 0, 7)")
        self.db.execute("INSERT INTO streams(context_id, stream_id, flag) VALUES (1, 7, 3)")
        self.streams = {(1, 7)}
        self.contexts = {0: 1}   # device -> its context (an op's device is its context's)

    def s(self, value):
        if value not in self.strings:
            cur = self.db.execute("INSERT INTO strings(value) VALUES (?)", (value,))
            self.strings[value] = cur.lastrowid
        return self.strings[value]

    def context(self, device):
        if device not in self.contexts:
            ctx = 1 + len(self.contexts)
            self.db.execute("INSERT INTO contexts(id, device_id, null_stream_id) VALUES (?, ?, NULL)",
                            (ctx, device))
            self.contexts[device] = ctx
        return self.contexts[device]

    def stream(self, sid, flag=2, device=0):
        ctx = self.context(device)
        if (ctx, sid) not in self.streams:
            self.db.execute("INSERT INTO streams(context_id, stream_id, flag) VALUES (?, ?, ?)",
                            (ctx, sid, flag))
            self.streams.add((ctx, sid))
        return ctx

    def api(self, name, start, end, corr=None, tid=1):
        if corr is None:
            self.corr += 1
            corr = self.corr
        self.db.execute("INSERT INTO api(domain, cbid, name_id, start_ns, end_ns, tid, "
                        "correlation_id, return_value) VALUES (1, 0, ?, ?, ?, ?, ?, 0)",
                        (self.s(name), int(start * US), int(end * US), tid, corr))
        return corr

    def op(self, kind, start, end, stream, submit=None, nbytes=None, copy_kind=None,
           src=None, dst=None, async_=True, name=None, grid=None, api_name=None, tid=1,
           device=0):
        ctx = self.stream(stream, device=device)
        if submit is None:
            submit = max(0.0, start - 5)
        if api_name is None:
            api_name = {KERNEL: "cudaLaunchKernel", MEMSET: "cudaMemsetAsync"}.get(
                kind, "cudaMemcpyAsync" if async_ else "cudaMemcpy")
        corr = self.api(api_name, submit, submit + 2 if async_ else end + 1, tid=tid)
        g = grid if grid is not None else self.grid
        self.db.execute(
            "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, "
            "correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind, flags, "
            "grid_x, grid_y, grid_z, block_x, block_y, block_z) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (kind, int(start * US), int(end * US), device, ctx, stream, corr,
             self.s(name or self.kernel) if kind == KERNEL else None,
             nbytes, copy_kind, src, dst, 1 if async_ and kind != KERNEL else 0,
             g if kind == KERNEL else None, 1 if kind == KERNEL else None,
             1 if kind == KERNEL else None, 256 if kind == KERNEL else None,
             1 if kind == KERNEL else None, 1 if kind == KERNEL else None))
        return corr

    def h2d(self, start, end, stream, nbytes=1 << 20, src=PINNED, **kw):
        return self.op(MEMCPY, start, end, stream, nbytes=nbytes, copy_kind=HTOD, src=src,
                       dst=DEVICE, **kw)

    def d2h(self, start, end, stream, nbytes=1 << 20, dst=PINNED, **kw):
        return self.op(MEMCPY, start, end, stream, nbytes=nbytes, copy_kind=DTOH, src=DEVICE,
                       dst=dst, **kw)

    def k(self, start, end, stream, **kw):
        return self.op(KERNEL, start, end, stream, **kw)

    def range(self, name, start, end, marker_id, tid=1):
        self.db.execute("INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id) "
                        "VALUES (?, 2, ?, ?, ?)", (marker_id, int(start * US), tid, self.s(name)))
        self.db.execute("INSERT INTO markers(marker_id, flags, ts_ns, tid) VALUES (?, 4, ?, ?)",
                        (marker_id, int(end * US), tid))

    def close(self):
        for k, v in self.meta.items():
            if v is None:
                continue
            self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (k, v))
        self.db.commit()
        self.db.close()
        copy_to_v2(self.path + ".v1", self.path)
        os.remove(self.path + ".v1")


def sequential(t, a):
    """4 chunks in ONE stream: H2D 100, kernel 200, D2H 100, back to back,
    all queued up front (op i's call at 2i us, 2 us long).
    total 1600, op sum 1600, union 1600, intersection 0, idle 0.
    Async copy union 800, copy/compute overlap 0 -> share 0.
    No op intersects another stream: 12 claims, 0 overlapped."""
    x = a.scale
    for c in range(4):
        b = c * 400 * x
        t.h2d(b, b + 100 * x, 13, nbytes=a.h2d_bytes, submit=6 * c)
        t.k(b + 100 * x, b + 300 * x, 13, submit=6 * c + 2)
        t.d2h(b + 300 * x, b + 400 * x, 13, submit=6 * c + 4)


def pipeline(t, a):
    """The same 4 chunks, chunk c in its own stream 13+c:
    H2D_c [100c, 100c+100], K_c [100+200c, 300+200c], D2H_c [300+200c, 400+200c].
    total 1000 (0..1000), op sum 1600, union 1000 (no idle), intersection 600.
    Async copies: union of [0,400],[500,600],[700,800],[900,1000] = 700;
    kernels [100,900]; copy/compute intersection 300+100+100 = 500: share 5/7.
    Claims: H2D_0 [0,100] and D2H_3 [900,1000] meet no other stream; every
    other op intersects another stream for >= 50% of itself: 10 of 12.
    All calls up front, as sequential()."""
    x = a.scale
    for c in range(4):
        s = 13 + c
        t.h2d(100 * c * x, (100 * c + 100) * x, s, nbytes=a.h2d_bytes, submit=6 * c)
        t.k((100 + 200 * c) * x, (300 + 200 * c) * x, s, submit=6 * c + 2)
        t.d2h((300 + 200 * c) * x, (400 + 200 * c) * x, s, submit=6 * c + 4)


def two_kernels_seq(t, a):
    """Kernels A and B, 800 each, one after the other in one stream: total 1600."""
    t.k(0, 800, 13, name="_Z1Av")
    t.k(800, 1600, 13, name="_Z1Bv")


def two_kernels_contended(t, a):
    """A and B in two streams, both over [0,1600]: each twice as slow.
    total 1600 (no change), op sum 3200, intersection 1600 (gained 1600),
    A and B each +100% time, overlapped 0% -> 100%: contention."""
    t.k(0, 1600, 13, name="_Z1Av")
    t.k(0, 1600, 14, name="_Z1Bv")


def gaps(t, a):
    """4 kernels of 200 in one stream with 100 of idle between them:
    total 1100, op sum 800, idle 300."""
    for c in range(4):
        t.k(c * 300, c * 300 + 200, 13)


def packed(t, a):
    """The same 4 kernels back to back: total 800, idle 0, intersection 0."""
    for c in range(4):
        t.k(c * 200, c * 200 + 200, 13)


def slow(t, a):
    """The same 4 kernels back to back, each 20% slower: total 960."""
    for c in range(4):
        t.k(c * 240, c * 240 + 240, 13)


def idle(t, a):
    """Kernel 0..100 and kernel 300..400 in one stream: makespan 400, idle 200
    (50%). The second kernel's launch starts at 250, after the gap began."""
    t.k(0, 100, 13)
    t.k(300, 400, 13, submit=250)


def hidden_sync(t, a):
    """A kernel [10, 1000] in stream 13 (launched at 0), then cudaFree on the
    same thread from 100 to 1005: it started while the kernel ran and returned
    5 us after the kernel ended: a hidden synchronization, whatever its name.
    Also a second kernel [1010, 1100] so the run goes on."""
    t.k(10, 1000, 13, submit=0)
    t.api("cudaFree", 100, 1005)
    t.k(1010, 1100, 13, submit=1006)


def pageable(t, a):
    """An async H2D copy from PAGEABLE memory [0, 100] in stream 14 and a
    kernel [100, 300] in stream 13 launched at 101 (after the copy): nothing
    intersects. The copy is a serialized claim whose causes include
    pageable_host_memory. Async copy union 100, overlap 0."""
    t.h2d(0, 100, 14, src=PAGEABLE, submit=0)
    t.k(110, 300, 13, submit=101)


def legacy(t, a):
    """A kernel on the legacy default stream 7 [0, 100] and a kernel on a
    blocking stream 15 [100, 200], both launched at 0 and 1: serialized by the
    legacy stream. The legacy op carries legacy_default_stream."""
    t.stream(15, flag=1)
    t.k(0, 100, 7, submit=0)
    t.k(100, 200, 15, submit=1)


def hostile(t, a):
    """sequential() with a kernel name full of markup and control bytes."""
    t.kernel = '_Z3bad</failure><x a="1">&amp;\x01|`*%0A::error::'
    sequential(t, a)


def multidev(t, a):
    """sequential() on device 0 and one kernel on device 1."""
    sequential(t, a)
    t.op(KERNEL, 0, 100, 21, device=1)


def range_seq(t, a):
    """A warm-up kernel [0, 50] outside any range; then range 'work' from
    CPU 100 to 150 (closed long before its work ends), inside it the
    sequential chunks shifted to start at 200: device work [200, 1800].
    Boundaries: range start 100 to the end of its last op 1800 = 1700."""
    t.k(0, 50, 13, name="_Z6warmupv", submit=0)
    t.range("work", 100, 150, 1)
    for c in range(4):
        b = 200 + c * 400
        t.h2d(b, b + 100, 13, submit=100 + c * 10)
        t.k(b + 100, b + 300, 13, submit=101 + c * 10)
        t.d2h(b + 300, b + 400, 13, submit=102 + c * 10)


def range_pipe(t, a):
    """Two warm-up kernels (different work from range_seq, outside the range),
    range 'work' from CPU 100 to 2000 (closed after its work), the pipeline
    shifted to start at 200: device work [200, 1200]. Boundaries: 100 to 2000
    = 1900: the range is longer than its work."""
    t.k(0, 50, 13, name="_Z6warmupv", submit=0)
    t.k(50, 90, 13, name="_Z6warmupv", submit=1)
    t.range("work", 100, 2000, 1)
    for c in range(4):
        s = 13 + c
        t.h2d(200 + 100 * c, 300 + 100 * c, s, submit=100 + c * 10)
        t.k(300 + 200 * c, 500 + 200 * c, s, submit=101 + c * 10)
        t.d2h(500 + 200 * c, 600 + 200 * c, s, submit=102 + c * 10)


def no_ops(t, a):
    """Two kernel launches recorded as API calls, but no device record arrived
    (another profiler held the activity buffers): nothing can be measured."""
    t.api("cudaLaunchKernel", 0, 2)
    t.api("cudaLaunchKernel", 3, 5)


SCENARIOS = {f.__name__: f for f in (sequential, pipeline, two_kernels_seq, two_kernels_contended,
                                     gaps, packed, slow, idle, hidden_sync, pageable, legacy,
                                     hostile, multidev, range_seq, range_pipe, no_ops)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ap.add_argument("out")
    ap.add_argument("--scale", type=float, default=1.0, help="stretch every time by F")
    ap.add_argument("--kernel", default="_Z5scalePfi")
    ap.add_argument("--grid", type=int, default=256)
    ap.add_argument("--h2d-bytes", type=int, default=1 << 20)
    ap.add_argument("--dropped", default="0", help="meta dropped_records ('none' to omit)")
    ap.add_argument("--incomplete", default="0")
    a = ap.parse_args()
    t = Trace(a.out, kernel=a.kernel, grid=a.grid)
    SCENARIOS[a.scenario](t, a)
    t.meta["dropped_records"] = None if a.dropped == "none" else a.dropped
    t.meta["incomplete_records"] = a.incomplete
    t.close()


if __name__ == "__main__":
    sys.exit(main())
