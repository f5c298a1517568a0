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
inj = os.environ.get("CUDA_INJECTION64_PATH", "")
if inj.endswith("libbare-collector.so"):
    ns *= 1.5
    seen = dev_ops - int(os.environ.get("FAKE_BARE_SHORT", "0"))
    print("bare-collector: pid=%d buffer_bytes=8388608 buffers=1/1 bytes=1 records=%d "
          "kernels=%d copies=0 memsets=0 syncs=0 runtime=%d driver=%d other=0 "
          "api_callbacks=%d dropped=0 failed_kinds=none" % (os.getpid(), seen, seen, seen,
          seen, 2 * seen), file=sys.stderr)
elif os.environ.get("OVERLAPCHECK_OUTPUT"):
    ns *= 1.6
if "--profiler" in sys.argv:
    ns *= 3
print("some output first")
print("BENCH name=%s ops=%d ns_per_op=%.1f total_ns=%d device_ops=%d" % (
    name, dev_ops, ns, ns * dev_ops, dev_ops))
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
meta = {"dropped_records": os.environ.get("FAKE_DROPPED", "0"), "incomplete_records": "0"}
if os.environ.get("OVERLAPCHECK_STATS") == "1":
    meta.update({"stats.api_cb_calls": str(2 * dev), "stats.api_cb_ns": str(2 * dev * 150),
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

    def bench(self, extra=(), programs=None, runner=None):
        args = bench.parse_args(["--build", self.build, "--out", self.out, "--no-nsys"]
                                + list(extra))
        os.makedirs(args.out, exist_ok=True)
        b = bench.Bench(args, programs=programs if programs is not None else self.programs(),
                        runner=runner)
        b.machine_info = {}
        return b

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
        # 3 reps x (storm: 3 variants + loop: 4 variants)
        self.assertEqual(len(a), 21)
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
        self.assertIn("torch_profiler", table)
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
        self.assertEqual(row[0].split()[1:7], ["6000", "150", "4", "2000", "4", "10000"])
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
        self.assertEqual({r["variant"] for r in b.runs}, {"native", "bare", "overlapcheck", "nice"})
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
        # 2 programs x 3 variants = 6 runs of 1 virtual second per repetition;
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
        self.assertEqual(len(b.runs), 18)

    def test_third_repetition_yields_to_the_1M_run(self):
        # 6 runs of 10 s per repetition, budget 250 s: after two repetitions
        # 130 s are left, a third would leave 70, less than the 75 kept for B.
        runner = VirtualRunner(self.f.out, 250, 10.0)
        b = self.f.bench(["--reps", "5", "--min-reps", "3", "--phases", "AB",
                          "--budget", "250", "--share-a", "0.9"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 2)
        self.assertTrue(any("kept for the 1M" in n for n in b.notes), b.notes)
        self.assertTrue(any(r["program"] == "storm_1M" for r in b.runs))

    def test_exhausted_budget_stops_after_one_repetition(self):
        # Each run takes 10 virtual seconds of a 40 s budget: after the first
        # repetition (60 s) nothing is left, whatever the minimum.
        runner = VirtualRunner(self.f.out, 40, 10.0)
        b = self.f.bench(["--reps", "5", "--min-reps", "3", "--phases", "AB",
                          "--budget", "40"], runner=runner)
        b.main()
        self.assertEqual(b.reps_done, 1)
        self.assertTrue(any("budget exhausted" in n for n in b.notes), b.notes)
        self.assertTrue(any("1M-kernel run skipped" in n for n in b.notes), b.notes)

    def test_nsys_capture_counts_even_when_its_report_step_fails(self):
        fake_nsys = os.path.join(self.f.dir, "nsys")
        # Runs the program like a capture would, then fails (or hangs) after it.
        make_exe(fake_nsys, "#!/bin/sh\n"
                 "while [ $# -gt 0 ] && [ \"$1\" != -o ]; do shift; done; shift 2\n"
                 "\"$@\"\n"
                 "[ -n \"$FAKE_NSYS_HANG\" ] && exec sleep 30\n"
                 "echo 'cannot build the report' >&2; exit 1\n")
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
            self.assertEqual(r["ns_per_op"], 1000)
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


if __name__ == "__main__":
    unittest.main(verbosity=1)
