#!/usr/bin/env python3
"""kill_trials.py: the tracer killed at random moments, and a disk that fills.

    python3 tests/gpu/kill_trials.py [--build build] [--out DIR] [--trials 32]
        [--seed N] [--bound-ms MS] [--only kill,disk,ab] [--budget-s 230]

Part of `make gpu-test` (tests/gpu/run.sh, after suite.py). Needs a GPU, the
build's CLI and library, and $BUILD/gpu/tests/gpu/kill_pipeline (make
gpu-progs). Python 3 standard library only. Three parts, each with one log
in --out:

kill (kill-trials.log). Each trial runs kill_pipeline (a three-stream
pipeline that logs every completed iteration with its CLOCK_REALTIME time)
under `overlapcheck run`, waits a random 0.8-2 s into its steady state, takes
the time K and sends one of: SIGKILL to the program, SIGKILL to the whole
process group (overlapcheck run too), SIGTERM or SIGINT to the program, to
`overlapcheck run` (which forwards it) or to the group. The seed is printed;
--seed repeats a run. Each trial checks:
  - the trace opens and passes PRAGMA integrity_check;
  - the exit status is what the same signal does to the untraced program
    (measured first, one untraced run per signal);
  - SIGTERM, SIGINT: tracer_status `terminated`, terminated_by_signal, and
    no completion the program logged before K is missing from the trace;
  - SIGKILL: the lost window, K minus the logged end of the earliest
    completion (logged before K) that is missing from the trace, is at most
    --bound-ms (default: one flush period; the library flushes CUPTI twice a
        period, and records reach the trace at the second flush after their
        op ended, docs/schema.md "The SIGKILL window").
An iteration is in the trace when its H2D, kernel and D2H all are (they
carry the iteration's tag: kill_pipeline.cu). At the end: the windows'
distribution (min, percentiles, max) and one line per failure. The trials
stop starting after --budget-s seconds (default 230: the whole run stays
under 4 minutes).

disk (full-disk.log). A real full disk: a tmpfs mounted (needs root) at a
third of the size a complete trace takes, the trace written there by a
fixed-length kill_pipeline. The program's stdout and exit status must be
those of an untraced run; the trace must pass integrity_check, say
write_failed (tracer_status or a warnings row) and hold only valid ops.
Skipped, said so, where no tmpfs can be mounted.

ab (ab-stats.log). The cost of the flush period, the same A/B as
docs/performance.md's: iterations per second of the steady state (from the
program's own log), untraced, traced with the default period and with 50 ms,
interleaved, 3 runs each; then one run with OVERLAPCHECK_STATS=1 and the
tracer's own figures (flushes, follow-ups, commit lag, checkpoints).

Exit status 1 when any check failed.
"""
import argparse
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KP_ELEMS = 1 << 20
TAGS = 1024

MODES = [  # name, signal, target, weight
    ("kill", signal.SIGKILL, "program", 10),
    ("group-kill", signal.SIGKILL, "group", 6),
    ("term", signal.SIGTERM, "program", 4),
    ("term-run", signal.SIGTERM, "run", 2),
    ("term-group", signal.SIGTERM, "group", 2),
    ("int", signal.SIGINT, "program", 4),
    ("int-run", signal.SIGINT, "run", 2),
    ("int-group", signal.SIGINT, "group", 2),
]


class Log:
    def __init__(self, path):
        self.f = open(path, "w")

    def __call__(self, *parts):
        line = " ".join(str(p) for p in parts)
        print(line, flush=True)
        self.f.write(line + "\n")
        self.f.flush()


def shell_status(rc):
    return 128 - rc if rc is not None and rc < 0 else rc


def read_log(path):
    """kill_pipeline's log -> (pid, [(iteration, T ns)]); a line cut by the kill is dropped."""
    pid, done = None, []
    try:
        with open(path) as f:
            for line in f:
                if not line.endswith("\n"):
                    break
                a = line.split()
                if len(a) == 2 and a[0] == "pid":
                    pid = int(a[1])
                elif len(a) == 2:
                    done.append((int(a[0]), int(a[1])))
    except OSError:
        pass
    return pid, done


def wait_for(pred, timeout, step=0.02):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if pred():
            return True
        time.sleep(step)
    return pred()


def untag(ops):
    """ops [(start, tag)] sorted by start -> the iteration numbers they stand for."""
    out, prev = [], -1
    for _, tag in ops:
        m = round((prev + 1 - tag) / TAGS)
        k = tag + TAGS * m
        if k < 0:
            k += TAGS
        out.append(k)
        prev = k
    return out


def trace_iterations(db):
    """The iterations whose three ops are in the trace, and facts about the trace."""
    con = sqlite3.connect(db)
    facts = {"integrity": con.execute("PRAGMA integrity_check").fetchone()[0]}
    meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    facts["meta"] = meta
    base = int(meta.get("trace_start_ns") or 0)
    rows = con.execute(
        "SELECT o.kind, s.copy_kind, s.bytes, s.grid_x, o.start_ns, o.dur_ns FROM ops o "
        "LEFT JOIN op_shapes s ON s.id = o.shape_id ORDER BY o.start_ns").fetchall()
    con.close()
    h2d, ker, d2h = [], [], []
    ends = {}
    for kind, ck, nbytes, grid, start, dur in rows:
        if kind == 1 and grid is not None and 3000 <= grid < 3000 + TAGS:
            ker.append((start, grid - 3000))
        elif kind == 2 and nbytes is not None and nbytes % 4 == 0 and \
                KP_ELEMS - TAGS < nbytes // 4 <= KP_ELEMS:
            (h2d if ck == 1 else d2h if ck == 2 else []).append((start, KP_ELEMS - nbytes // 4))
            if ck == 2:
                ends[(start, KP_ELEMS - nbytes // 4)] = base + start + dur
    sets = [set(untag(x)) for x in (h2d, ker, d2h)]
    d2h_end = dict(zip(untag(d2h), (ends[x] for x in d2h)))
    facts["ops"] = len(rows)
    return sets[0] & sets[1] & sets[2], d2h_end, facts


def start_traced(a, trace, log, extra, env=None):
    cmd = [a.cli, "run", "-q", "-o", trace, "--", a.prog, log] + extra
    out = open(trace + ".stdout", "w")
    err = open(trace + ".stderr", "w")
    return subprocess.Popen(cmd, stdout=out, stderr=err, start_new_session=True, env=env)


def expected_statuses(a, log, tmp):
    """What each signal does to the untraced program (its exit status as a shell reports it)."""
    want = {}
    for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGINT):
        lp = os.path.join(tmp, "untraced-%d.log" % sig)
        p = subprocess.Popen([a.prog, lp, "--seconds", "30"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        wait_for(lambda: len(read_log(lp)[1]) > 0, 30)
        time.sleep(0.3)
        p.send_signal(sig)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        want[sig] = shell_status(p.returncode)
        log("untraced: %s -> exit status %s" % (signal.Signals(sig).name, want[sig]))
    return want


def percentile(xs, q):
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[i]


def kill_part(a, out):
    log = Log(os.path.join(out, "kill-trials.log"))
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    period = int(os.environ.get("OVERLAPCHECK_FLUSH_MS", "100"))
    bound = a.bound_ms if a.bound_ms is not None else period
    log("kill trials: seed %d (repeat with --seed %d), %d trials, flush period %d ms, "
        "SIGKILL bound %d ms" % (seed, seed, a.trials, period, bound))
    tmp = tempfile.mkdtemp(prefix="oc-kill-")
    t_start = time.time()
    fails, windows = [], {"kill": [], "group-kill": []}
    want = expected_statuses(a, log, tmp)
    deck = [m for m in MODES for _ in range(m[3])]
    while len(deck) < a.trials:
        deck += deck
    rng.shuffle(deck)
    deck = deck[:a.trials]
    ran = 0
    for n, (mode, sig, target, _) in enumerate(deck):
        if time.time() - t_start > a.budget_s:
            log("budget of %ds spent: %d of %d trials ran" % (a.budget_s, ran, a.trials))
            break
        ran += 1
        d = os.path.join(tmp, "t%02d" % n)
        os.makedirs(d)
        trace, lp = os.path.join(d, "trace.db"), os.path.join(d, "iters.log")
        delay = rng.uniform(0.8, 2.0)
        p = start_traced(a, trace, lp, ["--seconds", "30"])
        ok = wait_for(lambda: len(read_log(lp)[1]) > 0, 40)
        problems = []
        if not ok:
            problems.append("no iteration completed within 40 s")
        time.sleep(delay)
        pid, _ = read_log(lp)
        k_ns = time.time_ns()
        try:
            if target == "program" and pid:
                os.kill(pid, sig)
            elif target == "run":
                os.kill(p.pid, sig)
            else:
                os.killpg(p.pid, sig)
        except OSError as err:
            problems.append("cannot signal: %s" % err)
        try:
            p.wait(timeout=40)
        except subprocess.TimeoutExpired:
            problems.append("still running 40 s after the signal")
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        rc = shell_status(p.returncode)
        _, done = read_log(lp)
        before = [(k, t) for k, t in done if t <= k_ns]
        line = "trial %2d %-10s delay %.2fs exit %s, %d completions logged before the signal" % (
            n, mode, delay, rc, len(before))
        if rc != want[sig]:
            problems.append("exit status %s, untraced %s" % (rc, want[sig]))
        try:
            present, d2h_end, facts = trace_iterations(trace)
        except sqlite3.Error as err:
            problems.append("cannot read the trace: %s" % err)
            present, d2h_end, facts = set(), {}, {"integrity": "?", "meta": {}, "ops": 0}
        if facts["integrity"] != "ok":
            problems.append("integrity_check: %s" % facts["integrity"])
        missing = sorted(t for k, t in before if k not in present)
        status = facts["meta"].get("tracer_status")
        window_ms = (k_ns - missing[0]) / 1e6 if missing else 0.0
        line += ", %d ops, status %s, %d missing" % (facts["ops"], status, len(missing))
        if sig == signal.SIGKILL:
            windows[mode].append(window_ms)
            line += ", lost window %.1f ms" % window_ms
            if window_ms > bound:
                problems.append("lost window %.1f ms > %d ms" % (window_ms, bound))
        else:
            after = [k for k, t in done if t > k_ns and k not in present]
            line += " (%d logged after the signal not in the trace)" % len(after)
            if status != "terminated":
                problems.append("tracer_status %s, want terminated" % status)
            if facts["meta"].get("terminated_by_signal") != str(int(sig)):
                problems.append("terminated_by_signal %s" % facts["meta"].get("terminated_by_signal"))
            if missing:
                problems.append("%d completions logged before the signal are missing (earliest %.1f ms "
                                "before it)" % (len(missing), window_ms))
        # the clocks agree: a logged completion comes after its D2H ended
        late = [k for k, t in before if k in d2h_end and d2h_end[k] > t + 2000000]
        if late:
            problems.append("%d D2H ends after the program saw them complete (clock?)" % len(late))
        log(("ok   " if not problems else "FAIL ") + line)
        for x in problems:
            log("       " + x)
            fails.append("trial %d (%s): %s" % (n, mode, x))
        if not problems and not a.keep:
            shutil.rmtree(d, ignore_errors=True)
    allw = windows["kill"] + windows["group-kill"]
    log("SIGKILL lost window over %d trials (ms): min %.1f p50 %.1f p90 %.1f max %.1f; "
        "program %s; group %s" % (
            len(allw), min(allw or [float("nan")]), percentile(allw, 0.5), percentile(allw, 0.9),
            max(allw or [float("nan")]), " ".join("%.0f" % w for w in sorted(windows["kill"])),
            " ".join("%.0f" % w for w in sorted(windows["group-kill"]))))
    log("kill trials: %d ran in %.0f s, %d failures" % (ran, time.time() - t_start, len(fails)))
    for f in fails:
        log("FAIL " + f)
    if a.keep or fails:
        log("trial files kept in %s" % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return not fails


def disk_part(a, out):
    log = Log(os.path.join(out, "full-disk.log"))
    tmp = tempfile.mkdtemp(prefix="oc-disk-")
    mnt = os.path.join(tmp, "small")
    os.makedirs(mnt)
    iters = ["--iters", "4000"]
    fails = []
    # untraced, then traced on a roomy disk: the output to match and the size of a whole trace
    r0 = subprocess.run([a.prog, os.path.join(tmp, "u.log")] + iters, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, timeout=120)
    full = os.path.join(tmp, "full.db")
    r1 = subprocess.run([a.cli, "run", "-q", "-o", full, "--", a.prog, os.path.join(tmp, "f.log")] + iters,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    size = os.path.getsize(full)
    kb = max(256, size // 3 // 1024)
    log("untraced: exit %d; traced on a roomy disk: exit %d, a %d KiB trace" % (r0.returncode, r1.returncode,
                                                                              size // 1024))
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%dk" % kb, "tmpfs", mnt],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if m.returncode != 0:
        log("full disk: skipped: cannot mount a tmpfs (%s); the CPU test test-inj-fake "
            "test_full_disk covers it with the fake CUPTI" % m.stdout.decode().strip())
        shutil.rmtree(tmp, ignore_errors=True)
        return True
    try:
        trace = os.path.join(mnt, "t.db")
        r2 = subprocess.run([a.cli, "run", "-q", "-o", trace, "--", a.prog, os.path.join(tmp, "d.log")] + iters,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        df = subprocess.run(["df", "-k", mnt], stdout=subprocess.PIPE).stdout.decode().splitlines()[-1]
        log("traced into a %d KiB tmpfs: exit %d; df: %s" % (kb, r2.returncode, df))
        log("stderr: " + r2.stderr.decode(errors="replace").strip().replace("\n", " | ")[:600])
        if r2.returncode != r0.returncode:
            fails.append("exit status %d, untraced %d" % (r2.returncode, r0.returncode))
        if r2.stdout != r0.stdout:
            fails.append("stdout differs from the untraced run's")
        con = sqlite3.connect(trace)
        ic = con.execute("PRAGMA integrity_check").fetchone()[0]
        st = (con.execute("SELECT value FROM meta WHERE key = 'tracer_status'").fetchone() or [None])[0]
        wf = con.execute("SELECT count(*) FROM warnings WHERE code = 'write_failed'").fetchone()[0]
        n = con.execute("SELECT count(*) FROM ops").fetchone()[0]
        bad = con.execute("SELECT count(*) FROM ops WHERE dur_ns < 0 OR start_ns < 0").fetchone()[0]
        con.close()
        log("trace: integrity %s, tracer_status %s, %d write_failed warnings, %d ops (%d invalid)" % (
            ic, st, wf, n, bad))
        if ic != "ok":
            fails.append("integrity_check: %s" % ic)
        if st != "write_failed" and not wf:
            fails.append("the trace does not say write_failed (tracer_status %s)" % st)
        if n == 0:
            fails.append("no op before the disk filled")
        if bad:
            fails.append("%d invalid ops" % bad)
        rep = subprocess.run([a.cli, "report", trace], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        log("report: exit %d, %s" % (rep.returncode, rep.stdout.decode(errors="replace").splitlines()[:1]))
        if rep.returncode != 0:
            fails.append("report exits %d" % rep.returncode)
    finally:
        subprocess.run(["umount", "-l", mnt])
        shutil.rmtree(tmp, ignore_errors=True)
    for f in fails:
        log("FAIL full disk: " + f)
    log("full disk: %s" % ("ok" if not fails else "%d failures" % len(fails)))
    return not fails


def rate(logpath):
    """Iterations per second over the steady state (the middle of the logged completions)."""
    _, done = read_log(logpath)
    if len(done) < 20:
        return float("nan")
    a, b = done[len(done) // 10], done[-1 - len(done) // 10]
    return (b[0] - a[0]) / ((b[1] - a[1]) / 1e9)


def ab_part(a, out):
    log = Log(os.path.join(out, "ab-stats.log"))
    tmp = tempfile.mkdtemp(prefix="oc-ab-")
    iters = ["--iters", "5000"]
    variants = [("untraced", None), ("flush100", "100"), ("flush50", "50")]
    rates = {v: [] for v, _ in variants}
    for rep in range(3):
        for name, ms in variants:
            lp = os.path.join(tmp, "%s-%d.log" % (name, rep))
            env = dict(os.environ)
            if ms is None:
                cmd = [a.prog, lp] + iters
            else:
                env["OVERLAPCHECK_FLUSH_MS"] = ms
                cmd = [a.cli, "run", "-q", "-o", os.path.join(tmp, "%s-%d.db" % (name, rep)), "--",
                       a.prog, lp] + iters
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
            rates[name].append(rate(lp))
    for name, _ in variants:
        r = rates[name]
        log("A/B %-9s iterations/s: %s (median %.1f)" % (name, " ".join("%.1f" % x for x in r),
                                                        statistics.median(r)))
    base = statistics.median(rates["untraced"])
    for name in ("flush100", "flush50"):
        log("A/B %s: %.2f%% slower than untraced" % (name, 100 * (1 - statistics.median(rates[name]) / base)))
    env = dict(os.environ, OVERLAPCHECK_STATS="1")
    db = os.path.join(tmp, "stats.db")
    subprocess.run([a.cli, "run", "-q", "-o", db, "--", a.prog, os.path.join(tmp, "s.log")] + iters,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    con = sqlite3.connect(db)
    for k, v in con.execute("SELECT key, value FROM meta WHERE key LIKE 'stats.%' ORDER BY key"):
        log("stats %s = %s" % (k, v))
    con.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return True


def main():
    ap = argparse.ArgumentParser(description="kill trials and a full disk (tests/gpu)")
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--out", default=os.environ.get("OC_GPU_OUT", ""))
    ap.add_argument("--trials", type=int, default=32)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--bound-ms", type=int, default=None)
    ap.add_argument("--budget-s", type=int, default=230)
    ap.add_argument("--only", default="kill,disk,ab")
    ap.add_argument("--keep", action="store_true", help="keep every trial's files")
    ap.add_argument("--prog", default=None, help="another kill_pipeline (testing this script)")
    a = ap.parse_args()
    os.chdir(ROOT)
    a.cli = os.path.abspath(os.path.join(a.build, "bin", "overlapcheck"))
    a.prog = os.path.abspath(a.prog or os.path.join(a.build, "gpu", "tests", "gpu", "kill_pipeline"))
    out = a.out or os.path.join(a.build, "gpu-out")
    os.makedirs(out, exist_ok=True)
    for x in (a.cli, a.prog):
        if not os.access(x, os.X_OK):
            print("kill trials: no %s (make, make gpu-progs)" % x)
            return 1
    ok = True
    parts = a.only.split(",")
    if "kill" in parts:
        ok &= kill_part(a, out)
    if "disk" in parts:
        ok &= disk_part(a, out)
    if "ab" in parts:
        ok &= ab_part(a, out)
    print("kill trials: %s" % ("all passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
