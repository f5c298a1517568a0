#!/usr/bin/env python3
"""mkranks.py: write the traces of a data-parallel training job, one per rank.

    mkranks.py [--ranks N] [--steps S] [--mode overlap|nosync] [--slow R]
               [--delay US] [--one-process] [--hosts H] DIR

Each rank's trace (DIR/train.rank<R>.db, schema v1 as tests/unit/trace-builder.h
builds them) holds what PyTorch DDP leaves on one GPU: per step a forward
kernel, B backward kernels on the legacy default stream (stream 7 of context
1) and the gradient all-reduces on NCCL's non-blocking stream 20, then an
optimizer kernel that waits for them (events). The passport has rank,
local_rank, world_size, host, nccl_version and its own trace_start_ns: rank r
starts its trace r ms after rank 0, so only absolute times line up.

--mode overlap   bucket b is all-reduced as soon as its gradients are ready,
                 during the backward kernels of later buckets (DDP's design)
--mode nosync    backward runs to the end, then one all-reduce of every
                 bucket with nothing beside it (no_sync() and a final reduce)
--slow R         rank R loses --delay µs before each forward (a slow input
                 pipeline): every other rank's all-reduces start that much
                 early and wait for it (peer_wait)
--one-process    one process drives every GPU (ncclCommInitAll): one trace,
                 DIR/train.db, one device per rank, no rank in the passport
--hosts H        spread the ranks over H hosts (host names differ)

The device model of a collective: each rank's kernel starts when that rank
is ready (its gradients done, its previous all-reduce done) and every
rank's kernel ends at the last rank's start plus the collective's duration.
Prints one JSON line: per rank, the all-reduce starts and ends (absolute ns).
"""
import argparse
import json
import os
import sqlite3

US = 1000
BASE = 1800000000000000000           # absolute ns of rank 0's trace start
FWD, BWD, AR, OPT = 400, 300, 150, 100
BUCKETS = 4
AR_NAME = "_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL24ncclDevKernelArgsStorageILm4096EE"


class Trace:
    def __init__(self, path, schema):
        if os.path.exists(path):
            os.unlink(path)
        self.db = sqlite3.connect(path)
        self.db.executescript(schema)
        self.strings = {}
        self.corr = 0
        self.marker = 0

    def sid(self, s):
        if s not in self.strings:
            self.strings[s] = len(self.strings) + 1
            self.db.execute("INSERT INTO strings(id, value) VALUES (?, ?)", (self.strings[s], s))
        return self.strings[s]

    def meta(self, kv):
        for k, v in kv.items():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (k, str(v)))

    def call(self, name, start, end, tid=1):
        self.corr += 1
        self.db.execute("INSERT INTO api(domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
                        " return_value) VALUES (1, 0, ?, ?, ?, ?, ?, 0)",
                        (self.sid(name), start, end, tid, self.corr))
        return self.corr

    def kernel(self, dev, ctx, stream, start, end, q, name, grid=64):
        c = self.call("cudaLaunchKernel", q, q + 2 * US)
        self.db.execute("INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id,"
                        " correlation_id, name_id, grid_x, grid_y, grid_z, block_x, block_y, block_z)"
                        " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 256, 1, 1)",
                        (start, end, dev, ctx, stream, c, self.sid(name), grid))
        return c

    def record(self, dev, ctx, stream, event, q):
        c = self.call("cudaEventRecord", q, q + 1 * US)
        self.db.execute("INSERT INTO events(event_id, context_id, stream_id, device_id, correlation_id,"
                        " device_ts_ns) VALUES (?, ?, ?, ?, ?, 0)", (event, ctx, stream, dev, c))

    def wait(self, ctx, stream, event, q):
        c = self.call("cudaStreamWaitEvent", q, q + 1 * US)
        self.db.execute("INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
                        " correlation_id, return_value) VALUES (2, ?, ?, ?, ?, ?, ?, 0)",
                        (q, q + 1 * US, ctx, stream, event, c))

    def range(self, name, start, end, domain=None, tid=1):
        self.marker += 1
        self.db.execute("INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id, domain_id)"
                        " VALUES (?, 2, ?, ?, ?, ?)", (self.marker, start, tid, self.sid(name),
                                                      self.sid(domain) if domain else None))
        self.db.execute("INSERT INTO markers(marker_id, flags, ts_ns, tid) VALUES (?, 4, ?, ?)",
                        (self.marker, end, tid))

    def close(self):
        self.db.commit()
        self.db.close()


def simulate(a):
    """Absolute µs of every kernel per rank: {rank: [(kind, stream, start, end, step, bucket)]}"""
    n = a.ranks
    cur = [10000 + 3 * r for r in range(n)]    # small skew: no rank waits long for another
    ops = {r: [] for r in range(n)}
    for step in range(a.steps):
        grad = [[0] * BUCKETS for _ in range(n)]
        for r in range(n):
            t = cur[r] + (a.delay if a.slow == r else 0)
            ops[r].append(("fwd", 7, t, t + FWD, step, -1))
            t += FWD
            for b in range(BUCKETS):
                ops[r].append(("bwd", 7, t, t + BWD, step, b))
                t += BWD
                grad[r][b] = t
            cur[r] = t
        ar_end = [0] * n
        if a.mode == "overlap":
            for b in range(BUCKETS):
                starts = [max(grad[r][b], ar_end[r]) for r in range(n)]
                done = max(starts) + AR
                for r in range(n):
                    ops[r].append(("ar", 20, starts[r], done, step, b))
                    ar_end[r] = done
        else:
            starts = [grad[r][-1] for r in range(n)]
            done = max(starts) + AR * BUCKETS
            for r in range(n):
                ops[r].append(("ar", 20, starts[r], done, step, -1))
                ar_end[r] = done
        for r in range(n):
            t = max(cur[r], ar_end[r])
            ops[r].append(("opt", 7, t, t + OPT, step, -1))
            cur[r] = t + OPT + 20
    return ops


def write_rank(tr, r, dev, ctx, ops, start_ns, a):
    """Rank r's ops into trace tr on device dev, context ctx; times relative to start_ns."""
    def rel(us):
        return us * US - (start_ns - BASE)
    names = {"fwd": "_Z7forwardPf", "bwd": "_Z8backwardPfi", "opt": "_Z9optimizerPf"}
    by_step = {}
    for o in ops:
        by_step.setdefault(o[4], []).append(o)
    ev = 1000 * ctx
    for step, lst in sorted(by_step.items()):
        first = min(o[2] for o in lst)
        q = rel(first) - 200 * US       # the CPU queues the step ahead of the GPU
        if a.slow == r:
            q = rel(first) - 50 * US
        tr.range("step", q - 5 * US, rel(max(o[3] for o in lst)))
        for o in sorted(lst, key=lambda o: (o[2], o[1])):
            kind, stream, s, e = o[0], o[1], rel(o[2]), rel(o[3])
            if kind == "ar":
                ev += 1
                tr.record(dev, ctx, 7, ev, q)
                tr.wait(ctx, 20, ev, q + 1 * US)
                tr.range("backward" if a.mode == "overlap" else "allreduce", q + 2 * US, q + 8 * US)
                tr.range("ncclAllReduce", q + 2 * US, q + 6 * US, domain="NCCL")
                tr.kernel(dev, ctx, 20, s, e, q + 3 * US, AR_NAME, grid=8)
                ev += 1
                tr.record(dev, ctx, 20, ev, q + 6 * US)
                tr.wait(ctx, 7, ev, q + 7 * US)
                q += 10 * US
            else:
                tr.kernel(dev, ctx, stream, s, e, q, names[kind])
                q += 4 * US


def device_meta(dev):
    p = "device.%d." % dev
    return {p + "name": "Test GPU", p + "cc_major": 9, p + "cc_minor": 0, p + "sm_count": 132,
            p + "async_engine_count": 3, p + "concurrent_kernels": 1,
            p + "max_threads_per_sm": 2048, p + "max_blocks_per_sm": 32}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--mode", choices=("overlap", "nosync"), default="overlap")
    ap.add_argument("--slow", type=int, default=-1)
    ap.add_argument("--delay", type=int, default=2000)
    ap.add_argument("--one-process", action="store_true")
    ap.add_argument("--hosts", type=int, default=1)
    ap.add_argument("dir")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    schema = open(os.path.join(here, "..", "..", "schema", "trace-v1.sql")).read()
    os.makedirs(a.dir, exist_ok=True)
    ops = simulate(a)
    common = {"clean_exit": 1, "exit_status": 0, "dropped_records": 0, "incomplete_records": 0,
              "tool_version": "test", "nccl_version": "2.21.5", "cmdline": "python3 train.py"}
    if a.one_process:
        tr = Trace(os.path.join(a.dir, "train.db"), schema)
        m = dict(common, trace_start_ns=BASE, host="node0", pid=4000)
        for r in range(a.ranks):
            m.update(device_meta(r))
            tr.db.execute("INSERT INTO contexts VALUES (?, ?, 7)", (r + 1, r))
            tr.db.execute("INSERT INTO streams(context_id, stream_id, flag) VALUES (?, 7, 3), (?, 20, 2)",
                          (r + 1, r + 1))
        tr.meta(m)
        for r in range(a.ranks):
            write_rank(tr, r, r, r + 1, ops[r], BASE, a)
        tr.close()
    else:
        per_host = (a.ranks + a.hosts - 1) // a.hosts
        for r in range(a.ranks):
            tr = Trace(os.path.join(a.dir, "train.rank%d.db" % r), schema)
            start = BASE + r * 1000 * US
            m = dict(common, trace_start_ns=start, host="node%d" % (r // per_host), pid=4000 + r,
                     rank=r, local_rank=r % per_host, world_size=a.ranks)
            m.update(device_meta(r % per_host))
            tr.meta(m)
            tr.db.execute("INSERT INTO contexts VALUES (1, ?, 7)", (r % per_host,))
            tr.db.execute("INSERT INTO streams(context_id, stream_id, flag) VALUES (1, 7, 3), (1, 20, 2)")
            write_rank(tr, r, r % per_host, 1, ops[r], start, a)
            tr.close()
    out = {str(r): [[o[2] * US + BASE, o[3] * US + BASE] for o in ops[r] if o[0] == "ar"]
           for r in range(a.ranks)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
