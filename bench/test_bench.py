#!/usr/bin/env python3
"""test_bench.py: CPU tests of the benchmark driver (bench/bench.py).

No GPU is needed: stand-in programs print BENCH lines and, when the bare
collector's path is in CUDA_INJECTION64_PATH, its summary line; a stand-in
`overlapcheck run` writes a trace with the real schema (schema/trace.sql).
What is tested is the driver's own logic: parsing, the checks that reject a
floor or a trace that missed records, paired ratios, timeouts that kill the
whole process group, the time budget, and the final table.

    python3 bench/test_bench.py          (unittest; exit 0 when all pass)
"""
import json
import os
import shutil
import stat
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402

FAKE_PROG = r'''
import os, sys, time
name, ns, dev_ops = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
if os.environ.get("FAKE_SLEEP"):
    time.sleep(float(os.environ["FAKE_SLEEP"]))
if os.environ.get("FAKE_FAIL") == name:
    print("fake: failing on purpose", file=sys.stderr)
    sys.exit(3)
# Peak RSS: this many MiB, written so that they are resident.
ballast = b"\x01" * (int(os.environ.get("FAKE_RSS_MB", "0")) << 20)
inj = os.environ.get("CUDA_INJECTION64_PATH", "")
if inj.endswith("libbare-collector.so"):
    # BARE_LEAN=1: device records only, no API record or callback, unless
    # FAKE_LEAN_IGNORED stands for a collector built before BARE_LEAN.
    lean = os.environ.get("BARE_LEAN") == "1" and not os.environ.get("FAKE_LEAN_IGNORED")
    ns *= 1.2 if lean else 1.5
    # each kind BARE_KINDS adds costs 5 %
    ns *= 1 + 0.05 * os.environ.get("BARE_KINDS", "").count("+")
    seen = dev_ops - int(os.environ.get("FAKE_BARE_SHORT", "0"))
    api = 0 if lean else seen
    print("bare-collector: pid=%d buffer_bytes=8388608 buffers=1/1 bytes=1 records=%d "
          "kernels=%d copies=0 memsets=0 syncs=0 runtime=%d driver=%d other=0 "
          "api_callbacks=%d dropped=0 failed_kinds=none kinds=X bad_kinds=%s kind_counts=none" % (
          os.getpid(), seen + 2 * api, seen, api, api, 2 * api,
          os.environ.get("FAKE_BAD_KINDS", "none")), file=sys.stderr)
elif os.environ.get("OVERLAPCHECK_OUTPUT"):
    ns *= 1.6
elif os.environ.get("FAKE_NSYS"):
    ns *= 1.4
if "--profiler" in sys.argv:
    ns *= 3
ns *= float(os.environ.get("FAKE_NS_FACTOR", "1"))
# FAKE_CPU: the process's CPU time per op too, this part of ns/op (the PyTorch programs')
cpu = ""
if os.environ.get("FAKE_CPU"):
    c = ns * float(os.environ["FAKE_CPU"])
    cpu = " cpu_ns_per_op=%.1f cpu_total_ns=%d" % (c, c * dev_ops)
print("some output first")
print("BENCH name=%s ops=%d ns_per_op=%.1f total_ns=%d device_ops=%d%s" % (
    name, dev_ops, ns, ns * dev_ops, dev_ops, cpu))
'''

FAKE_OC = r'''#!%(py)s
import os, sqlite3, subprocess, sys
args = sys.argv[1:]
if args[0] == "info":
    import json
    db = sqlite3.connect(args[-1])
    print(json.dumps({"meta": dict(db.execute("SELECT key, value FROM meta").fetchall()),
                      "counts": {"ops": db.execute("SELECT count(*) FROM ops").fetchone()[0],
                                 "api": db.execute("SELECT count(*) FROM api").fetchone()[0]}}))
    sys.exit(0)
assert args[0] == "run", args
out = args[args.index("-o") + 1]
prog = args[args.index("--") + 1:]
db = sqlite3.connect(out)
db.executescript(open(%(schema)r).read())
env = dict(os.environ, OVERLAPCHECK_OUTPUT=out)
p = subprocess.run(prog, env=env, capture_output=True, text=True)
sys.stdout.write(p.stdout)
sys.stderr.write(p.stderr)
dev = 0
for line in p.stdout.splitlines():
    if line.startswith("BENCH "):
        dev = int(dict(t.split("=", 1) for t in line.split()[1:])["device_ops"])
dev -= int(os.environ.get("FAKE_OC_MISSING", "0"))
db.execute("INSERT INTO op_shapes (id) VALUES (1)")
db.executemany("INSERT INTO ops (kind, start_ns, dur_ns, device_id, context_id, stream_id,"
               " correlation_id, shape_id) VALUES (1, ?, 5, 0, 1, 7, ?, 1)",
               [(i * 10, i) for i in range(dev)])
db.executemany("INSERT INTO api (id, cbid, start_ns, dur_ns, tid) VALUES (?, 211, ?, 3, 9)",
               [(i * 8, i * 10) for i in range(dev)])
meta = {"dropped_records": os.environ.get("FAKE_DROPPED", "0"), "incomplete_records": "0",
        "writer_cpu_ns": str(2500 * dev)}
if os.environ.get("OVERLAPCHECK_STATS") == "1":
    meta.update({"stats.api_cb_calls": str(2 * dev), "stats.api_cb_ns": str(2 * dev * 150),
                 "stats.caller_calls": "2", "stats.caller_ns": "9000", "stats.caller_frames": "24",
                 "stats.memrefs_calls": str(dev), "stats.memrefs_ns": str(dev * 40),
                 "stats.buf_req_calls": "4", "stats.buf_req_ns": "8000",
                 "stats.buf_done_calls": "4", "stats.buf_done_ns": "40000",
                 "stats.writer_rows": str(2 * dev), "stats.writer_busy_ns": "1000000"})
db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
db.commit()
db.close()
sys.exit(p.returncode)
'''


def make_exe(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


class Fake:
    """A fake build directory with stand-in programs."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="oc-bench-test-")
        self.build = os.path.join(self.dir, "build")
        os.makedirs(os.path.join(self.build, "bin"))
        os.makedirs(os.path.join(self.build, "bench"))
        self.prog = os.path.join(self.dir, "fake_prog.py")
        with open(self.prog, "w") as f:
            f.write(FAKE_PROG)
        make_exe(os.path.join(self.build, "bin", "overlapcheck"),
                 FAKE_OC % {"py": sys.executable,
                            "schema": os.path.join(ROOT, "schema", "trace.sql")})
        # Only its path matters to the stand-in programs.
        open(os.path.join(self.build, "bench", "libbare-collector.so"), "w").close()
        self.out = os.path.join(self.dir, "out")

    def programs(self, profiler=False):
        p = [sys.executable, self.prog]
        progs = [{"name": "storm", "argv": p + ["storm", "1000", "300"],
                  "big": p + ["storm", "1000", "3000"]},
                 {"name": "loop", "argv": p + ["loop", "2000", "200"], "profiler": profiler}]
        return progs

    def bench(self, extra=(), programs=None, runner=None, nsys=False):
        """A Bench on the stand-ins; nsys: with the stand-in nsys (fake_nsys)."""
        args = bench.parse_args(["--build", self.build, "--out", self.out]
                                + ([] if nsys else ["--no-nsys"]) + list(extra))
        os.makedirs(args.out, exist_ok=True)
        b = bench.Bench(args, programs=programs if programs is not None else self.programs(),
                        runner=runner)
        if nsys:
            b.nsys = self.fake_nsys()
        b.machine_info = {}
        return b

    def fake_nsys(self):
        """A stand-in nsys: runs the program like a capture would (FAKE_NSYS=1 makes
        it 1.4 x slower), then its report step fails, or hangs with FAKE_NSYS_HANG;
        with FAKE_NSYS_BROKEN it fails without running the program."""
        path = os.path.join(self.dir, "nsys")
        make_exe(path, "#!/bin/sh\n"
                 "[ -n \"$FAKE_NSYS_BROKEN\" ] && { echo 'nsys: cannot start' >&2; exit 1; }\n"
                 "while [ $# -gt 0 ] && [ \"$1\" != -o ]; do shift; done; shift 2\n"
                 "FAKE_NSYS=1 \"$@\"\n"
                 "[ -n \"$FAKE_NSYS_HANG\" ] && exec sleep 30\n"
                 "echo 'cannot build the report' >&2; exit 1\n")
        return path

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


class VirtualRunner(bench.Runner):
    """A Runner on a virtual clock: every command takes `step` seconds.

    Budget decisions then do not depend on how loaded the test machine is.
    """

    def __init__(self, out, budget_s, step):
        self.t = 0.0
        self.step = step
        super().__init__(out, budget_s, clock=lambda: self.t)

    def run(self, tag, argv, env, timeout):
        saved, self.deadline = self.deadline, float("inf")
        try:
            res = super().run(tag, argv, env, 60)
        finally:
            self.deadline = saved
        self.t += self.step
        return res


class EnvPatch:
    def __init__(self, **kv):
        self.kv = kv

    def __enter__(self):
        self.old = {k: os.environ.get(k) for k in self.kv}
        os.environ.update(self.kv)

    def __exit__(self, *exc):
        for k, v in self.old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class TestParsing(unittest.TestCase):
    def test_parse_bench_takes_last_line_and_numbers(self):
        out = "x\nBENCH name=a ops=1 ns_per_op=2.5\nnoise\nBENCH name=b ops=10 ns_per_op=3 k=v\n"
        b = bench.parse_bench(out)
        self.assertEqual(b["name"], "b")
        self.assertEqual(b["ops"], 10)
        self.assertEqual(b["ns_per_op"], 3)
        self.assertEqual(b["k"], "v")

    def test_parse_bench_rejects_missing_or_bad(self):
        self.assertIsNone(bench.parse_bench("nothing here\n"))
        self.assertIsNone(bench.parse_bench("BENCH name=a ops=1 ns_per_op=fast\n"))

    def test_parse_bare(self):
        line = ("bare-collector: pid=5 buffer_bytes=8 buffers=2/2 records=9 kernels=7 copies=1 "
                "memsets=1 dropped=0 failed_kinds=none")
        b = bench.parse_bare("a\n" + line + "\n")
        self.assertEqual(b["kernels"], 7)
        self.assertEqual(b["buffers"], "2/2")
        self.assertIsNone(bench.parse_bare("bare-collector: cuptiSubscribe failed: x\n"))

    def test_parse_cpus(self):
        self.assertEqual(bench.parse_cpus("2-4,8"), {2, 3, 4, 8})
        self.assertEqual(bench.parse_cpus("5"), {5})
        for bad in ("", "a", "4-2", "1,,2", "-3", "2-x"):
            with self.assertRaises(ValueError):
                bench.parse_cpus(bad)

    def test_summary(self):
        self.assertEqual(bench.summary([3, 1, 2, "x", None]), (2, 1, 3, 3))
        self.assertIsNone(bench.summary([]))

    def test_paired_ratios_pair_by_repetition_and_skip_invalid(self):
        runs = [
            {"phase": "A", "rep": 0, "program": "p", "variant": "bare", "ok": True, "ns_per_op": 100},
            {"phase": "A", "rep": 0, "program": "p", "variant": "overlapcheck", "ok": True, "ns_per_op": 105},
            {"phase": "A", "rep": 1, "program": "p", "variant": "bare", "ok": True, "ns_per_op": 200},
            {"phase": "A", "rep": 1, "program": "p", "variant": "overlapcheck", "ok": True, "ns_per_op": 230},
            {"phase": "A", "rep": 2, "program": "p", "variant": "bare", "ok": False, "ns_per_op": 1},
            {"phase": "A", "rep": 2, "program": "p", "variant": "overlapcheck", "ok": True, "ns_per_op": 999},
            {"phase": "B", "rep": 0, "program": "p", "variant": "bare", "ok": True, "ns_per_op": 1},
        ]
        r = bench.paired_ratios(runs, "p", "overlapcheck", "bare")
        self.assertEqual(len(r), 2)
        self.assertAlmostEqual(r[0], 1.05)
        self.assertAlmostEqual(r[1], 1.15)

    def test_render_table_aligns(self):
        t = bench.render_table([["a", "12345"], ["bbbb", "1"]], ["x", "y"]).splitlines()
        self.assertEqual(t[0].index("y"), t[2].index("12345"))
        self.assertEqual(t[2].index("12345"), t[3].index("1"))


class TestRuns(unittest.TestCase):
    def setUp(self):
        self.f = Fake()

    def tearDown(self):
        self.f.close()

    def test_full_run_ratios_traces_and_table(self):
        b = self.f.bench(["--reps", "3", "--min-reps", "3", "--phases", "AB"],
                         programs=self.f.programs(profiler=True))
        self.assertEqual(b.main(), 0)
        a = [r for r in b.runs if r["phase"] == "A"]
        # 3 reps x (storm: 4 variants + loop: 5 variants, torch_profiler too)
        self.assertEqual(len(a), 27)
        self.assertTrue(all(r["ok"] for r in a), [r["note"] for r in a if not r["ok"]])
        # The variant order rotates between repetitions.
        firsts = [next(r["variant"] for r in a if r["rep"] == k and r["program"] == "storm")
                  for k in range(3)]
        self.assertEqual(len(set(firsts)), 3)
        r = bench.paired_ratios(b.runs, "storm", "overlapcheck", "bare")
        self.assertEqual(len(r), 3)
        for x in r:
            self.assertAlmostEqual(x, 1.6 / 1.5, places=3)
        table = open(os.path.join(self.f.out, "table.txt")).read()
        self.assertIn("PASS", table.split("Target")[1])
        self.assertIn("torch.profiler", table)
        # Trace facts: bytes per op and the per-table sizes of the B run.
        big = [r for r in b.runs if r["program"] == "storm_1M" and r["variant"] == "overlapcheck"]
        self.assertEqual(len(big), 1)
        t = big[0]["trace"]
        self.assertEqual(t["ops"], 3000)
        self.assertGreater(t["bytes_per_op"], 0)
        self.assertEqual(t["meta"]["dropped_records"], "0")
        self.assertIn("stats.api_cb_calls", t["meta"])
        self.assertIn("api cb", table)
        # 150 ns per API callback and 10 us per buffer completion, from the stats keys
        row = [l for l in table.splitlines() if l.startswith("storm_1M ") and "6000" in l]
        self.assertEqual(len(row), 1, table)
        # then the callers' 2 backtraces at 4.5 us, 12 frames each, and the 3000
        # launches' pointers at 40 ns
        self.assertEqual(row[0].split()[1:12],
                         ["6000", "150", "2", "4500", "12.0", "3000", "40.0", "4", "2000", "4",
                          "10000"])
        self.assertTrue("ops" in t["tables"] or "dbstat" in t["tables"])
        # Traces are removed after measurement; results are saved.
        self.assertFalse(os.path.exists(b.traces))
        res = json.load(open(os.path.join(self.f.out, "results.json")))
        self.assertEqual(len(res["runs"]), len(b.runs))
        tsv = open(os.path.join(self.f.out, "runs.tsv")).read().splitlines()
        self.assertEqual(len(tsv), len(b.runs) + 1)

    def test_ratio_over_target_fails(self):
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
        b.main()
        # 1.6 / 1.5 passes; force a failing verdict by doctoring one run.
        for r in b.runs:
            if r["variant"] == "overlapcheck" and r["program"] == "storm":
                r["ns_per_op"] = 2000
        self.assertIn("storm FAIL", b.report())

    def test_floor_that_missed_records_is_rejected(self):
        with EnvPatch(FAKE_BARE_SHORT="5"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            self.assertEqual(b.main(), 1)  # no ratio at all: the status says so
        bare = [r for r in b.runs if r["variant"] == "bare"]
        self.assertTrue(bare)
        for r in bare:
            self.assertFalse(r["ok"])
            self.assertIn("floor saw", r["note"])
        self.assertIn("no data", b.report())

    def test_trace_missing_ops_or_dropping_is_rejected(self):
        with EnvPatch(FAKE_OC_MISSING="1"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            b.main()
        oc = [r for r in b.runs if r["variant"] == "overlapcheck"]
        self.assertTrue(oc and all(not r["ok"] and "trace holds" in r["note"] for r in oc))
        with EnvPatch(FAKE_DROPPED="7"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            b.main()
        oc = [r for r in b.runs if r["variant"] == "overlapcheck"]
        self.assertTrue(oc and all(not r["ok"] and "dropped_records=7" in r["note"] for r in oc))

    def test_program_filter_and_extra_variant(self):
        b = self.f.bench(["--reps", "2", "--min-reps", "2", "--phases", "A",
                          "--programs", "storm", "--oc-variant", "nice=OVERLAPCHECK_FLUSH_MS=1000"])
        b.main()
        self.assertEqual({r["program"] for r in b.runs}, {"storm"})
        self.assertEqual({r["variant"] for r in b.runs},
                         {"native", "lean", "bare", "overlapcheck", "nice"})
        nice = [r for r in b.runs if r["variant"] == "nice"]
        self.assertTrue(len(nice) == 2 and all(r["ok"] and r["trace"]["ops"] > 0 for r in nice))
        self.assertEqual(len(bench.paired_ratios(b.runs, "storm", "nice", "bare")), 2)

    def test_failing_program_is_recorded_not_fatal(self):
        with EnvPatch(FAKE_FAIL="loop"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            b.main()
        loop = [r for r in b.runs if r["program"] == "loop"]
        self.assertTrue(loop and all(not r["ok"] and "exit status 3" in r["note"] for r in loop))
        self.assertTrue(all(r["ok"] for r in b.runs if r["program"] == "storm"))

    def test_timeout_kills_the_process_group(self):
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                          "--run-timeout", "1"],
                         programs=[{"name": "slow",
                                    "argv": ["sh", "-c", "sleep 30 & sleep 30; echo done"]}])
        t0 = time.monotonic()
        b.main()
        self.assertLess(time.monotonic() - t0, 15)
        self.assertTrue(all(r["timed_out"] and not r["ok"] for r in b.runs))

    def test_budget_limits_repetitions(self):
        # 2 programs x 4 variants = 8 runs of 1 virtual second per repetition;
        # phase A may use 10 of the 20 s: the 2 minimum repetitions run, the
        # third would end past the phase's share and is not started.
        runner = VirtualRunner(self.f.out, 20, 1.0)
        b = self.f.bench(["--reps", "50", "--min-reps", "2", "--phases", "A",
                          "--budget", "20", "--share-a", "0.5"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 2)
        self.assertTrue(any("phase A stopped after 2" in n for n in b.notes), b.notes)
        # With a share that fits everything, all repetitions run.
        runner = VirtualRunner(self.f.out, 1000, 1.0)
        b = self.f.bench(["--reps", "3", "--min-reps", "1", "--phases", "A",
                          "--budget", "1000"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 3)
        self.assertEqual(len(b.runs), 24)

    def test_third_repetition_yields_to_the_1M_run(self):
        # 8 runs of 10 s per repetition, budget 250 s: after two repetitions
        # 90 s are left, a third would leave 10, less than the 75 kept for B.
        runner = VirtualRunner(self.f.out, 250, 10.0)
        b = self.f.bench(["--reps", "5", "--min-reps", "3", "--phases", "AB",
                          "--budget", "250", "--share-a", "0.9"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 2)
        self.assertTrue(any("kept for the 1M" in n for n in b.notes), b.notes)
        self.assertTrue(any(r["program"] == "storm_1M" for r in b.runs))

    def test_exhausted_budget_stops_after_one_repetition(self):
        # Each run takes 10 virtual seconds of a 40 s budget: after the first
        # repetition (80 s) nothing is left, whatever the minimum.
        runner = VirtualRunner(self.f.out, 40, 10.0)
        b = self.f.bench(["--reps", "5", "--min-reps", "3", "--phases", "AB",
                          "--budget", "40"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 1)
        self.assertTrue(any("budget exhausted" in n for n in b.notes), b.notes)
        self.assertTrue(any("1M-kernel run skipped" in n for n in b.notes), b.notes)

    def test_nsys_capture_counts_even_when_its_report_step_fails(self):
        fake_nsys = self.f.fake_nsys()
        for hang in ("", "1"):
            with EnvPatch(OC_BENCH_NSYS=fake_nsys, FAKE_NSYS_HANG=hang):
                args = bench.parse_args(["--build", self.f.build, "--out", self.f.out,
                                         "--phases", "D", "--nsys-reps", "1",
                                         "--nsys-timeout", "3", "--budget", "100"])
                b = bench.Bench(args, programs=self.f.programs()[:1])
                b.machine_info = {}
                b.main()
            self.assertEqual(len(b.runs), 1)
            r = b.runs[0]
            self.assertTrue(r["ok"], r)
            self.assertEqual(r["ns_per_op"], 1400)
            self.assertIn("report step; ignored", r["note"])
        # A capture that never printed the program's line is a failure.
        with EnvPatch(OC_BENCH_NSYS=fake_nsys, FAKE_FAIL="storm", FAKE_NSYS_HANG=""):
            b = bench.Bench(args, programs=self.f.programs()[:1])
            b.machine_info = {}
            b.main()
        self.assertFalse(b.runs[0]["ok"])

    def test_read_trace_without_python_sqlite_asks_overlapcheck_info(self):
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"],
                         programs=self.f.programs()[:1])
        cmd, env, trace = b.variant_cmd(b.programs[0], "overlapcheck", "probe")
        env["OVERLAPCHECK_STATS"] = "1"
        rc, _, _, _ = b.runner.run("probe", cmd, env, 30)
        self.assertEqual(rc, 0)
        direct = bench.read_trace(trace)
        via = bench.read_trace(trace, oc=b.oc, use_sqlite=False)
        self.assertEqual(via["via"], "overlapcheck info")
        for k in ("ops", "api", "file_bytes", "bytes_per_op"):
            self.assertEqual(direct[k], via[k], k)
        self.assertEqual(direct["meta"], via["meta"])
        self.assertIn("stats.api_cb_ns", via["meta"])
        self.assertIn("error", bench.read_trace(trace, use_sqlite=False))
        self.assertIn("error", bench.read_trace(trace + ".missing"))

    def test_preflight_names_what_is_missing(self):
        a = bench.parse_args(["--build", self.f.build])
        missing = bench.preflight(a)
        self.assertTrue(any(m.endswith("launch_storm") for m in missing))
        self.assertFalse(any(m.endswith("overlapcheck") for m in missing))


def run_(rep, variant, ns, ok=True, wall=None, program="p"):
    r = {"phase": "A", "rep": rep, "program": program, "variant": variant, "ok": ok,
         "ns_per_op": ns}
    if wall is not None:
        r["wall_s"] = wall
    return r


class TestPairing(unittest.TestCase):
    def test_cheaper_profiler_of_each_repetition(self):
        runs = [
            # rep 0: both profilers, nsys the cheaper
            run_(0, "overlapcheck", 110), run_(0, "nsys", 100), run_(0, "torch_profiler", 120),
            # rep 1: nsys invalid, so torch.profiler
            run_(1, "overlapcheck", 120), run_(1, "nsys", 50, ok=False),
            run_(1, "torch_profiler", 150),
            # rep 2: no profiler at all: no ratio
            run_(2, "overlapcheck", 130),
            # rep 3: torch.profiler the cheaper
            run_(3, "overlapcheck", 176), run_(3, "nsys", 200), run_(3, "torch_profiler", 160),
            # rep 4: only nsys ran
            run_(4, "overlapcheck", 90), run_(4, "nsys", 100),
        ]
        got = bench.paired_ratios_with(runs, "p", "overlapcheck", bench.PROFILERS)
        self.assertEqual([w for _, w in got], ["nsys", "torch_profiler", "torch_profiler",
                                                "nsys"])
        for (x, _), want in zip(got, [1.1, 0.8, 1.1, 0.9]):
            self.assertAlmostEqual(x, want)
        self.assertEqual(len(bench.paired_ratios(runs, "p", "overlapcheck", bench.PROFILERS)), 4)
        # One variant as the denominator still pairs as before.
        self.assertEqual(bench.paired_ratios(runs, "p", "overlapcheck", "nsys"), [1.1, 0.88, 0.9])

    def test_wall_ratios_leave_nsys_out(self):
        runs = [run_(0, "bare", 1, wall=2.0), run_(0, "overlapcheck", 1, wall=2.5),
                run_(0, "native", 1, wall=1.0), run_(0, "nsys", 1, wall=9.0),
                run_(1, "bare", 1, wall=4.0), run_(1, "overlapcheck", 1, wall=4.4),
                run_(1, "native", 1, wall=2.0), run_(1, "nsys", 1, wall=30.0),
                run_(1, "lean", 1, wall=3.0, ok=False)]
        w = bench.wall_ratios(runs, "p", ["native", "lean", "bare", "overlapcheck", "nsys"])
        self.assertEqual(sorted(w), ["lean", "native", "overlapcheck"])
        self.assertEqual(w["native"], [0.5, 0.5])
        self.assertEqual(w["lean"], [])
        self.assertAlmostEqual(w["overlapcheck"][0], 1.25)
        self.assertAlmostEqual(w["overlapcheck"][1], 1.1)

    def test_variant_specs(self):
        self.assertEqual(bench.parse_variant_specs(["rec=BARE_QUERIES=record,BARE_FLUSH_MS=100",
                                                    "same"]),
                         {"rec": {"BARE_QUERIES": "record", "BARE_FLUSH_MS": "100"}, "same": {}})
        for bad in (["bare=X=1"], ["lean=X=1"], ["nsys=X=1"], ["a=X=1", "a=Y=2"], ["=X=1"],
                    ["a/b=X=1"]):
            with self.assertRaises(ValueError, msg=bad):
                bench.parse_variant_specs(bad)
        with self.assertRaises(ValueError):
            bench.parse_variant_specs(["x=A=1"], taken={"x": {}})
        # parse_args refuses a --bare-variant named like an --oc-variant
        with self.assertRaises(SystemExit) as cm:
            with open(os.devnull, "w") as null:
                saved, sys.stderr = sys.stderr, null
                try:
                    bench.parse_args(["--oc-variant", "x=A=1", "--bare-variant", "x=B=2"])
                finally:
                    sys.stderr = saved
        self.assertEqual(cm.exception.code, 2)

    def test_defaults_of_issue_18(self):
        saved = {k: os.environ.pop(k, None) for k in ("OC_BENCH_REPS", "OC_BENCH_MIN_REPS")}
        try:
            a = bench.parse_args([])
        finally:
            os.environ.update({k: v for k, v in saved.items() if v is not None})
        self.assertEqual((a.reps, a.min_reps, a.phases), (6, 6, "ABC"))


class TestIssue18(unittest.TestCase):
    """The six variants in one rotation, paired ratios, RSS and writer CPU."""

    def setUp(self):
        self.f = Fake()

    def tearDown(self):
        self.f.close()

    def row(self, table, *cells):
        """The one line of table that holds every cell (split on 2+ spaces)."""
        import re
        got = [l for l in table.splitlines()
               if all(c in re.split(r"\s{2,}", l.strip()) for c in cells)]
        self.assertEqual(len(got), 1, "%r in\n%s" % (cells, table))
        return got[0]

    def test_six_variants_in_one_rotation(self):
        b = self.f.bench(["--reps", "2", "--min-reps", "2", "--phases", "A",
                          "--oc-variant", "fast=FAKE_NS_FACTOR=0.9",
                          "--bare-variant", "slow=FAKE_NS_FACTOR=1.1"],
                         programs=self.f.programs(profiler=True), nsys=True)
        self.assertEqual(b.variants_of(b.programs[1]),
                         ["native", "lean", "bare", "overlapcheck", "fast", "slow", "nsys",
                          "torch_profiler"])
        self.assertEqual(b.variants_of(b.programs[0])[-1], "nsys")
        self.assertEqual(b.main(), 0)
        a = [r for r in b.runs if r["phase"] == "A"]
        self.assertEqual(len(a), 2 * (7 + 8))
        self.assertTrue(all(r["ok"] for r in a), [(r["variant"], r["note"]) for r in a
                                                  if not r["ok"]])
        # Rotation: the second repetition starts one variant later.
        firsts = [[r["variant"] for r in a if r["rep"] == k and r["program"] == "loop"][0]
                  for k in range(2)]
        self.assertEqual(firsts, ["native", "lean"])
        # nsys: the stand-in's report step failed, and that is ignored.
        ns = [r for r in a if r["variant"] == "nsys"]
        self.assertEqual(len(ns), 4)
        self.assertTrue(all("report step; ignored" in r["note"] and r["ns_per_op"] in (1400, 2800)
                            for r in ns))
        # The lean floor: its summary line has device records and no API record.
        lean = [r for r in a if r["variant"] == "lean"]
        self.assertTrue(all(r["bare"]["kernels"] > 0 and r["bare"]["runtime"] == 0 and
                            r["bare"]["api_callbacks"] == 0 for r in lean))
        slow = [r for r in a if r["variant"] == "slow"]
        self.assertTrue(all(r["bare"]["kernels"] == 300 or r["bare"]["kernels"] == 200
                            for r in slow))
        want = {("storm", "overlapcheck", "bare"): 1.6 / 1.5,
                ("storm", "overlapcheck", "lean"): 1.6 / 1.2,
                ("storm", "bare", "native"): 1.5,
                ("storm", "lean", "native"): 1.2,
                ("storm", "overlapcheck", "native"): 1.6,
                ("storm", "overlapcheck", bench.PROFILERS): 1.6 / 1.4,
                ("loop", "overlapcheck", bench.PROFILERS): 1.6 / 1.4,
                ("storm", "fast", "overlapcheck"): 0.9,
                ("loop", "slow", "bare"): 1.1}
        for (p, num, den), x in want.items():
            got = bench.paired_ratios(b.runs, p, num, den)
            self.assertEqual(len(got), 2, (p, num, den))
            for g in got:
                self.assertAlmostEqual(g, x, places=6, msg=(p, num, den))
        table = b.report()
        r = self.row(table, "storm", "overlapcheck / lean floor")
        self.assertIn("1.333 [1.333..1.333]  2  FAIL (<= 1.05)", r)
        r = self.row(table, "loop", "overlapcheck / lean floor")
        self.assertTrue(r.rstrip().endswith("2  -"), r)  # no lean target on PyTorch programs
        r = self.row(table, "loop", "overlapcheck / cheaper of nsys, torch.profiler")
        self.assertIn("1.143 [1.143..1.143]  2  FAIL (<= 1.00)  cheaper: nsys 2", r)
        r = self.row(table, "storm", "overlapcheck / cheaper of nsys, torch.profiler")
        self.assertIn("1.143 [1.143..1.143]  2  -               cheaper: nsys 2", r)
        self.assertIn("0.900 [0.900..0.900]", self.row(table, "storm", "fast / overlapcheck (A/B)"))
        self.assertIn("1.100 [1.100..1.100]", self.row(table, "loop", "slow / floor (A/B)"))
        self.assertIn("1.067 [1.067..1.067]  2  PASS (<= 1.10)",
                      self.row(table, "loop", "overlapcheck / floor"))
        self.assertIn("Target overlapcheck <= 1.05 x lean floor (CUDA programs): storm FAIL",
                      table)
        self.assertIn("Target overlapcheck <= 1.00 x the cheaper of nsys and torch.profiler "
                      "(PyTorch programs): loop FAIL", table)
        self.assertIn("Target overlapcheck <= 1.10 x floor: storm PASS, loop PASS", table)
        # Every variant has its line in the time-per-op table; the writer's CPU
        # (2500 ns per device op in the stand-in's meta) only for overlapcheck's.
        for v, ns in (("native", "1000"), ("lean floor", "1200"), ("floor", "1500"),
                      ("overlapcheck", "1600"), ("fast", "1440"), ("slow", "1650"),
                      ("nsys", "1400")):
            r = self.row(table, "storm", v, "2/2")
            self.assertIn("%s [%s..%s]" % (ns, ns, ns), r)
            self.assertEqual(r.rstrip().endswith("2500 [2500..2500]"),
                             v in ("overlapcheck", "fast"), r)
        self.assertIn("6000 [6000..6000]", self.row(table, "loop", "torch.profiler", "2/2"))
        self.assertIn("fast = overlapcheck with FAKE_NS_FACTOR=0.9", table)
        self.assertIn("slow = the floor with FAKE_NS_FACTOR=1.1", table)
        # Wall time over the floor's: every variant but nsys (and the floor).
        head = self.row(table, "program", "native / floor")
        self.assertEqual(head.split("  ")[0], "program")
        for col in ("lean floor / floor", "overlapcheck / floor", "fast / floor", "slow / floor",
                    "torch.profiler / floor"):
            self.assertIn(col, head)
        self.assertNotIn("nsys / floor", head)
        self.assertIn("nsys left out", table)
        # Saved: the paired ratios, and runs.tsv's new columns at the end.
        b.save(table)
        res = json.load(open(os.path.join(self.f.out, "results.json")))
        self.assertAlmostEqual(res["paired"]["loop"]["overlapcheck/min(nsys,torch_profiler)"]
                               ["summary"][0], 1.6 / 1.4)
        self.assertEqual(res["paired"]["loop"]["overlapcheck/min(nsys,torch_profiler)"]
                         ["denominators"], ["nsys", "nsys"])
        self.assertIn("wall:overlapcheck/bare", res["paired"]["storm"])
        self.assertNotIn("wall:nsys/bare", res["paired"]["storm"])
        tsv = [l.split("\t") for l in
               open(os.path.join(self.f.out, "runs.tsv")).read().splitlines()]
        self.assertEqual(tsv[0][:9], ["phase", "rep", "program", "variant", "ok", "rc",
                                      "ns_per_op", "wall_s", "note"])
        self.assertEqual(tsv[0][9:], ["rss_kb", "writer_cpu_ns", "cpu_ns_per_op"])
        for row in tsv[1:]:
            self.assertGreater(int(row[9]), 0)
            want = {"storm": "750000", "loop": "500000"}[row[2]] \
                if row[3] in ("overlapcheck", "fast") else ""
            self.assertEqual(row[10], want, row)
            self.assertEqual(row[11], "", row)  # no cpu_ns_per_op in these BENCH lines
        self.assertNotIn("Paired ratios of CPU ns/op", table)

    def test_status_without_a_floor_in_the_rotation(self):
        # --variants without the floors (the training step against the
        # profilers): the ratio to nsys is the measurement, status 0; with
        # that one broken too, nothing was measured, status 1.
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                          "--variants", "overlapcheck,nsys"],
                         programs=self.f.programs(profiler=True), nsys=True)
        self.assertEqual(b.main(), 0)
        self.assertFalse([r for r in b.runs if r["variant"] in ("bare", "lean")])
        with EnvPatch(FAKE_NSYS_BROKEN="1"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                              "--variants", "overlapcheck,nsys"],
                             programs=self.f.programs(profiler=True), nsys=True)
            self.assertEqual(b.main(), 1)

    def test_cheaper_profiler_falls_back_to_the_one_that_ran(self):
        # nsys fails before the program's line: loop's ratio is then against
        # torch.profiler alone (1.6 / 3.0), and storm has none.
        with EnvPatch(FAKE_NSYS_BROKEN="1"):
            b = self.f.bench(["--reps", "2", "--min-reps", "2", "--phases", "A"],
                             programs=self.f.programs(profiler=True), nsys=True)
            b.main()
        self.assertTrue(all(not r["ok"] and "no BENCH line" in r["note"]
                            for r in b.runs if r["variant"] == "nsys"))
        table = b.report()
        r = self.row(table, "loop", "overlapcheck / cheaper of nsys, torch.profiler")
        self.assertIn("0.533 [0.533..0.533]  2  PASS (<= 1.00)  cheaper: torch.profiler 2", r)
        r = self.row(table, "storm", "overlapcheck / cheaper of nsys, torch.profiler")
        self.assertTrue(r.rstrip().endswith("-                     0  -"), r)
        self.assertIn("(PyTorch programs): loop PASS", table)

    def test_nsys_in_phase_a_uses_its_own_timeout(self):
        with EnvPatch(FAKE_NSYS_HANG="1"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                              "--nsys-timeout", "2", "--run-timeout", "60"],
                             programs=self.f.programs()[:1], nsys=True)
            t0 = time.monotonic()
            b.main()
        self.assertLess(time.monotonic() - t0, 20)
        r = [r for r in b.runs if r["variant"] == "nsys"][0]
        self.assertTrue(r["ok"] and r["timed_out"], r)
        self.assertIn("nsys timed out after the capture", r["note"])
        self.assertLess(r["wall_s"], 10)

    def test_lean_floor_rejected_by_its_summary_line(self):
        with EnvPatch(FAKE_BARE_SHORT="5"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                              "--bare-variant", "rec=BARE_QUERIES=record"])
            b.main()
        for v in ("lean", "bare", "rec"):
            rs = [r for r in b.runs if r["variant"] == v]
            self.assertEqual(len(rs), 2)
            self.assertEqual(sorted(r["note"] for r in rs),
                             ["floor saw 195 of 200 device records",
                              "floor saw 295 of 300 device records"], v)
        # A collector that ignores BARE_LEAN records API calls: not a lean floor.
        with EnvPatch(FAKE_LEAN_IGNORED="1"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            b.main()
        lean = [r for r in b.runs if r["variant"] == "lean"]
        self.assertTrue(lean and all(not r["ok"] for r in lean))
        self.assertIn("lean floor recorded API calls (runtime=300, driver=300, "
                      "api_callbacks=600", [r for r in lean if r["program"] == "storm"][0]["note"])
        self.assertTrue(all(r["ok"] for r in b.runs if r["variant"] != "lean"))
        self.assertIn("no data", self.row(b.report(), "storm", "overlapcheck / lean floor"))

    def test_merge_pools_commands_paired_within_each(self):
        outs = []
        for k in range(2):
            out = os.path.join(self.f.dir, "out%d" % k)
            args = bench.parse_args(["--build", self.f.build, "--out", out, "--no-nsys",
                                     "--reps", "2", "--min-reps", "2", "--phases", "A",
                                     "--oc-variant", "fast=FAKE_NS_FACTOR=0.9"])
            os.makedirs(out, exist_ok=True)
            b = bench.Bench(args, programs=self.f.programs()[:1])
            b.main()
            outs.append(out)
        merged = os.path.join(self.f.dir, "merged")
        self.assertEqual(bench.main(["--merge"] + outs + ["--out", merged, "--build", self.f.build]), 0)
        with open(os.path.join(merged, "results.json")) as f:
            res = json.load(f)
        a = [r for r in res["runs"] if r["phase"] == "A"]
        self.assertEqual(len(a), 2 * 2 * 5)
        self.assertEqual(sorted({r["rep"] for r in a}), [0, 1, 1000, 1001])
        with open(os.path.join(merged, "table.txt")) as f:
            table = f.read()
        # four repetitions paired, two from each command, and the extra variant's A/B
        self.row(table, "storm", "overlapcheck / floor", "1.067 [1.067..1.067]", "4")
        self.row(table, "storm", "fast / overlapcheck (A/B)", "0.900 [0.900..0.900]", "4")
        self.assertEqual(bench.main(["--merge", os.path.join(self.f.dir, "none"), "--out", merged]), 2)

    def test_variants_keeps_only_those(self):
        b = self.f.bench(["--reps", "2", "--min-reps", "2", "--phases", "A",
                          "--oc-variant", "fast=FAKE_NS_FACTOR=0.9",
                          "--variants", "native,overlapcheck,fast,nsys"],
                         programs=self.f.programs(profiler=True), nsys=True)
        self.assertEqual(b.variants_of(b.programs[1]), ["native", "overlapcheck", "fast", "nsys"])
        b.main()
        a = [r for r in b.runs if r["phase"] == "A"]
        self.assertEqual(sorted({r["variant"] for r in a}), ["fast", "native", "nsys", "overlapcheck"])
        self.assertEqual(len(a), 2 * 2 * 4)

    def test_attribution_over_the_lean_floor(self):
        """Issue 33: single kinds over the lean floor, choices of the tracer,
        every variant over the lean floor with --base lean."""
        b = self.f.bench(["--reps", "2", "--min-reps", "2", "--phases", "A", "--base", "lean",
                          "--programs", "storm",
                          "--bare-variant", "lean+STREAM=BARE_LEAN=1,BARE_KINDS=+STREAM",
                          "--bare-variant", "lean+2=BARE_LEAN=1,BARE_KINDS=+STREAM,+CONTEXT",
                          "--oc-variant", "nostream=OVERLAPCHECK_KINDS_OFF=STREAM,"
                                          "FAKE_NS_FACTOR=0.9"])
        _, env, _ = b.variant_cmd(b.programs[0], "lean+2", "probe")
        self.assertEqual((env["BARE_LEAN"], env["BARE_KINDS"]), ("1", "+STREAM,+CONTEXT"))
        _, env, _ = b.variant_cmd(b.programs[0], "nostream", "probe")
        self.assertEqual(env["OVERLAPCHECK_KINDS_OFF"], "STREAM")
        b.main()
        self.assertTrue(all(r["ok"] for r in b.runs), [r["note"] for r in b.runs])
        t = b.report()
        self.row(t, "storm", "lean+STREAM / lean floor (base)", "1.050 [1.050..1.050]", "2")
        self.row(t, "storm", "lean+2 / lean floor (base)", "1.100 [1.100..1.100]", "2")
        self.row(t, "storm", "floor / lean floor (base)", "1.250 [1.250..1.250]", "2")
        self.row(t, "storm", "native / lean floor (base)", "0.833 [0.833..0.833]", "2")
        self.row(t, "storm", "nostream / lean floor (base)", "1.200 [1.200..1.200]", "2")
        # overlapcheck over the lean floor is there once, as before
        self.row(t, "storm", "overlapcheck / lean floor", "1.333 [1.333..1.333]", "2")
        self.assertNotIn("overlapcheck / lean floor (base)", t)
        self.assertNotIn("lean floor / lean floor", t)
        # the paired ratios reach results.json too
        with open(os.path.join(self.f.out, "results.json")) as f:
            paired = json.load(f)["paired"]["storm"]
        self.assertEqual(paired["lean+2/lean"]["ratios"], [1.1, 1.1])

    def test_kind_names_are_checked(self):
        for spec in (["--bare-variant", "k=BARE_KINDS=+STREEM"],
                     ["--bare-variant", "k=BARE_LEAN=1,BARE_KINDS=+STREAM,RUNTIME"],
                     ["--oc-variant", "o=OVERLAPCHECK_KINDS_OFF=stream,KERNEL"]):
            with self.assertRaises(SystemExit, msg=spec):
                with open(os.devnull, "w") as null:
                    saved, sys.stderr = sys.stderr, null
                    try:
                        bench.parse_args(spec)
                    finally:
                        sys.stderr = saved
        with self.assertRaisesRegex(ValueError, "unknown activity kind 'STREEM'"):
            bench.parse_variant_specs(["k=BARE_KINDS=-SYNCHRONIZATION,STREEM"])
        self.assertEqual(bench.parse_variant_specs(["k=BARE_KINDS=-synchronization,marker_data"]),
                         {"k": {"BARE_KINDS": "-synchronization,marker_data"}})
        # a floor that refused BARE_KINDS anyway (an older list) does not count
        with EnvPatch(FAKE_BAD_KINDS="STREEM"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                              "--programs", "storm", "--variants", "lean,overlapcheck"])
            b.main()
        lean = [r for r in b.runs if r["variant"] == "lean"]
        self.assertEqual([r["ok"] for r in lean], [False])
        self.assertIn("the floor refused BARE_KINDS (bad_kinds=STREEM)", lean[0]["note"])

    def test_bare_variant_environment_reaches_the_floor(self):
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                          "--programs", "storm", "--bare-variant", "rec=BARE_QUERIES=record"])
        cmd, env, trace = b.variant_cmd(b.programs[0], "rec", "probe")
        self.assertEqual(env["BARE_QUERIES"], "record")
        self.assertTrue(env["CUDA_INJECTION64_PATH"].endswith("libbare-collector.so"))
        self.assertNotIn("BARE_LEAN", env)
        self.assertIsNone(trace)
        _, env, _ = b.variant_cmd(b.programs[0], "lean", "probe")
        self.assertEqual(env["BARE_LEAN"], "1")
        self.assertTrue(env["CUDA_INJECTION64_PATH"].endswith("libbare-collector.so"))

    def test_peak_rss_of_the_program_under_every_variant(self):
        runner = bench.Runner(self.f.out, 100)
        code = "b = b'\\x01' * (96 << 20); print('done')"
        rc, _, out, _ = runner.run("rss", [sys.executable, "-c", code], bench.clean_env(), 30)
        self.assertEqual((rc, out.strip()), (0, "done"))
        self.assertGreaterEqual(runner.last_rss_kb, 96 * 1024)
        self.assertLess(runner.last_rss_kb, 96 * 1024 + 80 * 1024)
        # The driver's own peak is not passed on: allocate 160 MiB here, free
        # it, and a small child still reports a small peak.
        big = b"\x02" * (160 << 20)
        del big
        runner.run("small", [sys.executable, "-c", "pass"], bench.clean_env(), 30)
        self.assertLess(runner.last_rss_kb, 80 * 1024)
        self.assertLess(runner.last_driver_rss_kb, 160 * 1024)
        # Under `overlapcheck run` (the stand-in starts the program and waits
        # for it) the peak is the program's, 128 MiB, above the launcher's.
        with EnvPatch(FAKE_RSS_MB="128"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                              "--programs", "storm"])
            b.main()
        for r in b.runs:
            self.assertGreaterEqual(r["rss_kb"], 128 * 1024, r["variant"])
            self.assertTrue(bench.rss_measured(r))
        self.assertRegex(self.row(b.report(), "storm", "overlapcheck", "1/1"),
                         r"  1[2-9]\d \[1[2-9]\d\.\.1[2-9]\d\]  ")
        # A run that did not get above the driver's RSS says only "at most".
        r = {"rss_kb": 20000, "driver_rss_kb": 20000}
        self.assertFalse(bench.rss_measured(r))
        self.assertTrue(bench.rss_measured({"rss_kb": 20001, "driver_rss_kb": 20000}))

    def test_writer_cpu_from_the_trace_meta(self):
        b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A",
                          "--programs", "loop"])
        b.main()
        oc = [r for r in b.runs if r["variant"] == "overlapcheck"][0]
        self.assertEqual(oc["trace"]["meta"]["writer_cpu_ns"], "500000")
        self.assertEqual(oc["writer_cpu_ns"], 500000)
        self.assertEqual(oc["writer_cpu_ns_per_op"], 2500.0)
        self.assertNotIn("writer_cpu_ns", [r for r in b.runs if r["variant"] == "bare"][0])

    def test_cpu_ns_per_op_paired_without_targets(self):
        def run(rep, variant, ns, cpu=None):
            r = run_(rep, variant, ns, wall=1.0, program="loop")
            r.update(rc=0, note="")
            if cpu is not None:
                r["cpu_ns_per_op"] = cpu
            return r
        b = self.f.bench(["--phases", "A"], programs=self.f.programs(profiler=True))
        b.runs = [run(0, "native", 1000, 900), run(0, "bare", 1500, 1000),
                  run(0, "overlapcheck", 1600, 1200),
                  run(1, "native", 1000, 900), run(1, "bare", 1500, 1000),
                  run(1, "overlapcheck", 1600, 1400),
                  # a repetition whose floor gave no CPU time: no CPU ratio of it
                  run(2, "bare", 1500), run(2, "overlapcheck", 1600, 5000)]
        table = b.report()
        self.assertIn("Paired ratios of CPU ns/op", table)
        cpu = table.split("Paired ratios of CPU ns/op")[1].split("\n\n")[0]
        # 1200 / 1000 and 1400 / 1000: median 1.3, no target column
        self.assertIn("1.300 [1.200..1.400]  2", self.row(cpu, "loop", "overlapcheck / floor"))
        self.assertTrue(self.row(cpu, "loop", "overlapcheck / floor").rstrip().endswith("  2"))
        self.assertIn("1.111 [1.111..1.111]  2", self.row(cpu, "loop", "floor / native"))
        self.assertIn("1.444 [1.333..1.556]  2", self.row(cpu, "loop", "overlapcheck / native"))
        self.assertNotIn("PASS", cpu)
        self.assertNotIn("FAIL", cpu)
        self.assertNotIn("lean floor", cpu)  # no pair, no row
        self.assertIn("ratios against nsys understate nsys's cost", cpu)
        # the ns/op table is as before: 1600 / 1500 in all three repetitions
        self.assertIn("1.067 [1.067..1.067]  3  PASS (<= 1.10)",
                      self.row(table, "loop", "overlapcheck / floor", "3"))
        # without cpu_ns_per_op in any run, no such table
        for r in b.runs:
            r.pop("cpu_ns_per_op", None)
        table = b.report()
        self.assertNotIn("Paired ratios of CPU ns/op", table)
        self.assertNotIn("CPU ns/op: the program", table)
        self.assertIn("Paired ratios of ns/op", table)

    def test_cpu_ns_per_op_from_the_bench_line(self):
        with EnvPatch(FAKE_CPU="0.5"):
            b = self.f.bench(["--reps", "1", "--min-reps", "1", "--phases", "A"])
            self.assertEqual(b.main(), 0)
        for r in b.runs:
            self.assertTrue(r["ok"], r["note"])
            self.assertAlmostEqual(r["cpu_ns_per_op"], r["ns_per_op"] * 0.5, delta=0.1)
            self.assertIsInstance(r["bench"]["cpu_total_ns"], int)
        table = open(os.path.join(self.f.out, "table.txt")).read()
        cpu = table.split("Paired ratios of CPU ns/op")[1].split("\n\n")[0]
        self.assertIn("1.067 [1.067..1.067]  1", self.row(cpu, "storm", "overlapcheck / floor"))
        tsv = [l.split("\t") for l in
               open(os.path.join(self.f.out, "runs.tsv")).read().splitlines()]
        self.assertEqual(tsv[0][-1], "cpu_ns_per_op")
        by = {(row[2], row[3]): row[-1] for row in tsv[1:]}
        self.assertEqual(by[("storm", "native")], "500.0")
        self.assertEqual(by[("storm", "overlapcheck")], "800.0")
        res = json.load(open(os.path.join(self.f.out, "results.json")))
        self.assertTrue(all("cpu_ns_per_op" in r for r in res["runs"]))

    def test_train_step_is_registered(self):
        args = bench.parse_args(["--build", self.f.build, "--out", self.f.out,
                                 "--programs", "train_step,torch_loop,nosuch"])
        b = bench.Bench(args)
        self.assertEqual([p["name"] for p in b.programs], ["torch_loop", "train_step"])
        self.assertEqual(b.unknown_programs, ["nosuch"])
        ts = b.program("train_step")
        self.assertTrue(ts["profiler"])
        self.assertEqual(ts["argv"][1], os.path.join(HERE, "train_step.py"))
        self.assertEqual(ts["argv"][2:], ["--steps", "120"])
        args0 = bench.parse_args(["--build", self.f.build, "--out", self.f.out,
                                  "--programs", "train_step", "--train-steps", "0"])
        self.assertEqual(bench.Bench(args0).program("train_step")["argv"][2:], [])
        self.assertIn("torch_profiler", b.variants_of(ts))
        # Its targets: the cheaper profiler, not the lean floor.
        targets = {k: t for k, _, _, _, t in b.ratio_specs("train_step")}
        self.assertEqual(targets["overlapcheck/min(nsys,torch_profiler)"], 1.00)
        self.assertIsNone(targets["overlapcheck/lean"])
        self.assertEqual({k: t for k, _, _, _, t in b.ratio_specs("launch_storm")}
                         ["overlapcheck/lean"], 1.05)
        # Its own argument check runs before torch is imported.
        import subprocess
        p = subprocess.run([sys.executable, ts["argv"][1], "--steps", "0"],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--steps must be positive", p.stderr)
        line = ("BENCH name=train_step ops=40 ns_per_op=12345.6 total_ns=493824 steps=40 "
                "warmup=10 device_ops=2550 device_ops_per_step=51 loss_first=3.6126 "
                "loss_last=2.5107")
        got = bench.parse_bench(line)
        self.assertEqual((got["ops"], got["device_ops"], got["ns_per_op"]), (40, 2550, 12345.6))


class TestSteal(unittest.TestCase):
    def test_steal_ticks(self):
        # /proc/stat's steal column: all CPUs, or only the listed ones
        every = bench.steal_ticks()
        if every is None:
            self.skipTest("no /proc/stat")
        self.assertGreaterEqual(every, 0)
        one = bench.steal_ticks({0})
        self.assertIsNotNone(one)
        self.assertLessEqual(one, every + 100)   # ticks may pass between the reads
        self.assertEqual(bench.steal_ticks({10 ** 6}), 0)   # no such CPU: nothing summed


class TestRowBytes(unittest.TestCase):
    """bench/row-bytes.py: stored bytes per column by SQLite's integer widths."""
    def test_widths_and_times(self):
        import importlib.util
        import io
        import sqlite3
        spec = importlib.util.spec_from_file_location("row_bytes", os.path.join(HERE, "row-bytes.py"))
        rb = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(rb)
        widths = [(None, 0), (0, 0), (1, 0), (2, 1), (-128, 1), (128, 2), (1 << 15, 3),
                  ((1 << 23) + 1, 4), ((1 << 31) - 1, 4), (1 << 31, 6), (-(1 << 31) - 1, 6),
                  ((1 << 47) - 1, 6), (1 << 47, 8)]
        for v, n in widths:
            self.assertEqual(rb.int_bytes(v), n, v)
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        db = os.path.join(d, "t.db")
        con = sqlite3.connect(db)
        with open(os.path.join(ROOT, "schema", "trace.sql")) as f:
            con.executescript(f.read())
        # two launches: one before 2^31 ns, one after; the op's start 4 then 6 bytes
        for i, t in enumerate((100000000, 3000000000)):
            con.execute("INSERT INTO ops (id, kind, start_ns, dur_ns, device_id, context_id,"
                        " stream_id, correlation_id, shape_id) VALUES (?,1,?,1500,0,1,13,?,1)",
                        (i + 1, t, 200 + i))
            con.execute("INSERT INTO api (id, cbid, start_ns, dur_ns, tid, return_value)"
                        " VALUES (?,211,?,40000,566,0)", ((200 + i) * 8, t - 5000))
        con.commit()
        con.close()
        n, per = rb.column_bytes(sqlite3.connect(db), "ops")
        self.assertEqual(n, 2)
        self.assertEqual(per["start_ns"], 5.0)      # (4 + 6) / 2
        self.assertEqual(per["dur_ns"], 2.0)
        self.assertEqual(per["device_id"], 0.0)
        self.assertEqual(per["correlation_id"], 2.0)
        out = io.StringIO()
        rb.report(db, out)
        text = out.getvalue()
        self.assertIn("2 ops", text)
        self.assertIn("ops: 2 rows", text)
        self.assertIn("1 rows start at or past 2^31 ns", text)
        self.assertEqual(rb.main(["row-bytes", os.path.join(d, "missing.db")]), 2)


if __name__ == "__main__":
    unittest.main(verbosity=1)
