#!/usr/bin/env python3
"""suite.py: the ground-truth GPU suite (what tests/gpu/run.sh runs).

    python3 tests/gpu/suite.py [--build build] [--out DIR] [NAME...]

For each tests/gpu/expect/NAME.expect (or only the NAMEs given):
  1. run the program once untraced, then under `overlapcheck run -o TRACE`,
     each time-boxed (the expect file's `timeout`, default 60 s);
  2. check the exit status (the expect file's `exit`, default 0) and that
     the program printed the same stdout both times;
  3. check the trace: it opens and passes PRAGMA integrity_check; every
     device op the program counted (its OC_EXPECT / OC_EXPECT_MIN line) is
     there; every op and API call has start < end within the run; the
     passport names the device, its copy engines and concurrent-kernel
     support and the versions; zero dropped records;
  4. check `overlapcheck report --format json` and the trace's tables against
     the expect file (tests/fixtures/check.py).
Never stops early: every scenario runs and leaves its logs, trace and report
in OUT/NAME/. One line per scenario, then `N passed, N failed`; the exit
status is 1 when anything failed. OUT/summary.txt has the tool's verdict
summary of each scenario. Python 3 standard library only; nothing is built.
"""
import argparse
import glob
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures"))
import check  # noqa: E402


def run_boxed(cmd, env, timeout, out_prefix, cwd=ROOT):
    """Runs cmd in its own process group, killed (SIGKILL to the group) after
    `timeout` s. Saves OUT.stdout/.stderr/.rc. Returns (rc, stdout, wall_s);
    rc is None on a timeout."""
    t0 = time.time()
    rc = None
    try:
        with open(out_prefix + ".stdout", "wb") as fo, open(out_prefix + ".stderr", "wb") as fe:
            p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=fo, stderr=fe, start_new_session=True)
            try:
                rc = p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except OSError:
                    pass
                p.wait()
                rc = None
    except OSError as err:
        with open(out_prefix + ".stderr", "a") as fe:
            fe.write("cannot run %s: %s\n" % (cmd, err))
        rc = -1
    wall = time.time() - t0
    # A process killed by a signal: report it as the shell does (128+N).
    if rc is not None and rc < 0 and rc != -1:
        rc = 128 - rc
    with open(out_prefix + ".rc", "w") as f:
        f.write("%s\nwall_s %.3f\ncmd %s\n" % ("timeout" if rc is None else rc, wall, " ".join(cmd)))
    with open(out_prefix + ".stdout", "rb") as f:
        out = f.read().decode("utf-8", "replace")
    return rc, out, wall


def parse_counts(stdout):
    """The program's OC_EXPECT / OC_EXPECT_MIN line -> (exact?, {kind: n})."""
    for line in reversed(stdout.splitlines()):
        m = re.match(r"^(OC_EXPECT|OC_EXPECT_MIN) (.*)$", line.strip())
        if m:
            counts = dict((k, int(v)) for k, v in re.findall(r"(\w+)=(\d+)", m.group(2)))
            return m.group(1) == "OC_EXPECT", counts
    return None, None


def contains_block(haystack, needle):
    """True when the lines of needle appear, contiguous and in order, in haystack."""
    h, n = haystack.splitlines(), needle.splitlines()
    if not n:
        return True
    return any(h[i:i + len(n)] == n for i in range(len(h) - len(n) + 1))


def trace_sanity(db, exact, counts, wall_ns, killed=False, untraced=False):
    """Checks a trace. Returns a list of failure texts and a dict of facts
    for the log. killed: the program died by design before its exit handlers,
    so the end-of-run counters may be missing (but not non-zero). untraced:
    the process may run untraced by design (another CUPTI client held CUPTI),
    so the passport and the end-of-run counters may be missing."""
    fails, facts = [], {}
    try:
        con = sqlite3.connect(db)
        ic = con.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.Error as err:
        return ["cannot open trace '%s': %s" % (db, err)], facts
    try:
        if ic != [("ok",)]:
            fails.append("integrity_check: %s" % ic[:3])
        n = dict(con.execute("SELECT kind, count(*) FROM device_ops GROUP BY kind").fetchall())
        facts["ops"] = n
        for kind, key in (("kernel", "kernels"), ("memcpy", "memcpy"), ("memset", "memset")):
            if counts is None or key not in counts:
                continue
            have = n.get(kind, 0) + (n.get("memcpy_peer", 0) if kind == "memcpy" else 0)
            want = counts[key]
            if (exact and have != want) or have < want:
                fails.append("%s: %d in the trace, the program queued %s%d" % (
                    kind, have, "" if exact else "at least ", want))
        bad = con.execute("SELECT count(*) FROM ops WHERE NOT (start_ns < end_ns)").fetchone()[0]
        if bad:
            fails.append("%d ops with start >= end" % bad)
        bad = con.execute("SELECT count(*) FROM api WHERE end_ns < start_ns").fetchone()[0]
        if bad:
            fails.append("%d API calls with end < start" % bad)
        lo, hi = con.execute("SELECT min(start_ns), max(end_ns) FROM ops").fetchone()
        facts["ops_span_ns"] = (lo, hi)
        if lo is not None and lo < 0:
            fails.append("an op starts %d ns before the trace start" % lo)
        if hi is not None and wall_ns is not None and hi > wall_ns + 2e9:
            fails.append("an op ends at %d ns, after the run (%d ns)" % (hi, wall_ns))
        m = check.meta(con)
        facts["meta_keys"] = len(m)
        need = [("device name", r"^device\.\d+\.name$"),
                ("async_engine_count", r"async_engine"),
                ("concurrent_kernels", r"concurrent_kernels"),
                ("driver version", r"driver_version"),
                ("runtime version", r"runtime_version"),
                ("CUPTI version", r"cupti_version")]
        for what, rx in ([] if untraced else need):
            if not any(re.search(rx, k) and v not in (None, "") for k, v in m.items()):
                fails.append("passport lacks the %s" % what)
        dropped = m.get("dropped_records")
        if dropped is None and not killed and not untraced:
            fails.append("meta has no dropped_records")
        elif dropped is not None and str(dropped) != "0":
            fails.append("dropped_records = %s" % dropped)
    except sqlite3.Error as err:
        fails.append("trace query failed: %s" % err)
    finally:
        con.close()
    return fails, facts


def scenario(args, exp_path):
    """Runs and checks one scenario. Returns (ok, line, summary)."""
    name = os.path.splitext(os.path.basename(exp_path))[0]
    out = os.path.join(args.out, name)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    fails = []
    try:
        e = check.parse_expect(exp_path)
    except (check.ExpectError, OSError) as err:
        return False, "FAIL %s: %s" % (name, err), ""

    if e.python:
        cmd = [sys.executable, os.path.join(HERE, e.python)] + e.args
    else:
        prog = os.path.join(args.build, "gpu", "tests", "gpu", e.program or name)
        if not os.access(prog, os.X_OK):
            return False, "FAIL %s: no program '%s' (build it with `make gpu-progs`)" % (name, prog), ""
        cmd = [os.path.abspath(prog)] + e.args
    env = dict(os.environ)
    env.update(e.env)

    rc0, out0, _ = run_boxed(cmd, env, e.timeout, os.path.join(out, "untraced"))
    trace = os.path.join(out, "trace.db")
    tcmd = [os.path.abspath(args.cli), "run", "-o", trace, "--"] + cmd
    rc1, out1, wall1 = run_boxed(tcmd, env, e.timeout + 30, os.path.join(out, "traced"))

    if rc0 is None:
        fails.append("untraced run timed out after %gs" % e.timeout)
    elif rc0 != e.exit:
        fails.append("untraced run exited %s, want %d (see untraced.stderr)" % (rc0, e.exit))
    if rc1 is None:
        fails.append("traced run timed out")
    elif rc1 != e.exit:
        fails.append("traced run exited %s, want %d (see traced.stderr)" % (rc1, e.exit))
    if not contains_block(out1, out0):
        fails.append("the program's stdout differs when traced")
    exact, counts = parse_counts(out0)
    if counts is None and not e.python:
        fails.append("the program printed no OC_EXPECT line")

    # Keep the raw files (a killed run leaves a -wal) before anything opens them.
    raw = os.path.join(out, "raw")
    os.makedirs(raw)
    for f in (glob.glob(os.path.join(out, "trace.*")) + glob.glob(os.path.join(out, "trace[-_]*"))):
        shutil.copy2(f, raw)
    # Child traces are named after the parent's (with a pid): trace*, not
    # the SQLite side files.
    dbs = sorted(f for f in (glob.glob(os.path.join(out, "trace.*")) + glob.glob(os.path.join(out, "trace[-_]*")))
                 if os.path.isfile(f) and not re.search(r"-(wal|shm|journal)$", f))
    if not os.path.exists(trace):
        fails.append("no trace at %s" % trace)
        with open(os.path.join(out, "check.log"), "w") as f:
            f.write("\n".join(fails) + "\n")
        return False, "FAIL %s: %s" % (name, fails[0]), ""
    if e.files_min is not None and len(dbs) < e.files_min:
        fails.append("%d trace files, want at least %d (child traces)" % (len(dbs), e.files_min))
    for other in dbs:
        if other == trace:
            continue
        try:
            con = sqlite3.connect(other)
            ic = con.execute("PRAGMA integrity_check").fetchall()
            con.close()
            if ic != [("ok",)]:
                fails.append("%s: integrity_check %s" % (os.path.basename(other), ic[:2]))
        except sqlite3.Error as err:
            fails.append("cannot open trace '%s': %s" % (os.path.basename(other), err))

    sfails, facts = trace_sanity(trace, exact, counts, int(wall1 * 1e9), killed=e.exit > 128,
                                 untraced=e.untraced)
    fails += sfails
    results = check.check_trace(args.cli, trace, e, out_json=os.path.join(out, "report.json"))
    report = None
    try:
        import json
        with open(os.path.join(out, "report.json")) as f:
            report = json.load(f)
    except (OSError, ValueError):
        pass
    # The text report too, for people reading the logs.
    try:
        with open(os.path.join(out, "report.txt"), "wb") as f:
            subprocess.run([args.cli, "report", trace], stdout=f, stderr=subprocess.STDOUT, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        pass
    with open(os.path.join(out, "check.log"), "w") as f:
        f.write("facts: %s\n" % facts)
        for x in fails:
            f.write("FAIL sanity: %s\n" % x)
        for ok, where, text, detail in results:
            f.write("%s %s: %s: %s\n" % ("ok  " if ok else "FAIL", where, text, detail))
    bad = [r for r in results if not r[0]]
    summ = check.summary_line(report) if report else "no report"
    if fails or bad:
        first = fails[0] if fails else "%s: %s: %s" % (bad[0][1], bad[0][2], bad[0][3])
        return False, "FAIL %s: %d problems; first: %s" % (name, len(fails) + len(bad), first), summ
    return True, "ok   %s: %d checks; %s" % (name, len(results), summ), summ


def have_gpu():
    if not os.path.exists("/dev/nvidia0"):
        return False
    try:
        return subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def main():
    ap = argparse.ArgumentParser(description="ground-truth GPU suite")
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--cli", default=None)
    ap.add_argument("--out", default=os.environ.get("OC_GPU_OUT", ""))
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli or os.path.join(args.build, "bin", "overlapcheck"))
    args.out = args.out or os.path.join(args.build, "gpu-out")
    # OC_GPU_SUITE_FORCE=1 runs the suite without a GPU: only for testing
    # the suite itself with a stand-in CLI and programs.
    if not have_gpu() and os.environ.get("OC_GPU_SUITE_FORCE") != "1":
        print("gpu-test: skipped: no GPU here (nvidia-smi fails or /dev/nvidia0 is missing)")
        return 0
    if not os.access(args.cli, os.X_OK):
        print("gpu-test: no CLI at %s: build it first (make), on a machine with sqlite3.h" % args.cli)
        return 1
    os.makedirs(args.out, exist_ok=True)
    exps = sorted(glob.glob(os.path.join(HERE, "expect", "*.expect")))
    if args.names:
        exps = [p for p in exps if os.path.splitext(os.path.basename(p))[0] in args.names]
    passed = failed = 0
    with open(os.path.join(args.out, "summary.txt"), "w") as summary:
        try:
            smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
            summary.write("gpu: %s\n" % smi.stdout.decode().strip())
        except (OSError, subprocess.TimeoutExpired):
            pass
        for p in exps:
            t0 = time.time()
            try:
                ok, line, summ = scenario(args, p)
            except Exception as err:  # one broken scenario must not stop the others
                ok, line, summ = False, "FAIL %s: suite error: %r" % (os.path.basename(p), err), ""
            print("%s (%.1fs)" % (line, time.time() - t0), flush=True)
            summary.write(line + "\n")
            if ok:
                passed += 1
            else:
                failed += 1
        summary.write("%d passed, %d failed\n" % (passed, failed))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
