#!/usr/bin/env python3
"""bench.py: overlapcheck's overhead benchmark on a GPU machine (issues 7, 18).

bench/run.sh (what `make bench` runs) calls this with the build directory and
an output directory. Everything it runs was built beforehand (`make` and
`make gpu-progs`), so the GPU machine needs neither sqlite3.h nor a compiler.

Design
------
Programs (each times its own steady-state loop and prints a BENCH line, see
bench/bench-util.h): launch_storm (200k empty kernels), copy_storm (50k 4 KB
async copies), framework_storm (200k empty kernels, each with the queries
PyTorch makes around a launch; only when named in --programs), pipeline (three-stream copy/compute), torch_loop (PyTorch small
ops, 16000 timed iterations: --torch-iters), train_step (a PyTorch training
step of a small transformer, API-heavy, 120 timed steps: --train-steps).

Variants, all in one rotation (phase A):
  native          the program alone
  lean            the lean floor: bench/bare-collector.c through
                  CUDA_INJECTION64_PATH with BARE_LEAN=1 (device activity kinds
                  only, no API records, no callback subscriber)
  bare            the floor: the same collector asking CUPTI for what
                  overlapcheck's default asks (every API callback, the same
                  activity kinds, no API record), throwing it all away
  overlapcheck    `overlapcheck run`
  --oc-variant    overlapcheck with more environment (A/B against overlapcheck)
  --bare-variant  the floor with more environment (A/B against the floor)
  nsys            Nsight Systems capture, where a `nsys` exists and --no-nsys is
                  not given; only the program's own BENCH line counts, a
                  failing or hanging report step after the capture is ignored
                  (its own timeout: --nsys-timeout)
  torch_profiler  `--profiler`: torch.profiler with CPU and CUDA activities
                  (the PyTorch programs only)

Phases, all under one time budget (OC_BENCH_BUDGET_S, default 300 s) so that
the whole run fits one device call; each process also has its own timeout:
  A. repetitions of every program x every variant above, interleaved across
     programs, the order of variants rotated each repetition, at least
     OC_BENCH_MIN_REPS (6) and at most OC_BENCH_REPS (6), while the phase's
     share of the budget lasts (a third or later repetition only when time for
     phase B remains after it, when B is to run);
  B. one launch storm of 1M kernels under overlapcheck with OVERLAPCHECK_STATS=1
     (dropped records, callback timings, bytes per op, per-table sizes), then
     one stats run of each other program and the floor at 1M kernels, while
     time is left;
  C. bench/writer-rate (the injection library's writer on synthetic CUPTI
     buffers) and bench/insert-rate (the schema alone): rows/s against fwrite
     of the same records, on this machine's CPU;
  D. (only when asked: --phases ABCD) nsys capture alone, one run per program
     per round, while time is left; nsys is in phase A's rotation already.
The default is --phases ABC.

A GPU machine that allows one command at most 10 minutes cannot run six
repetitions of every program and variant in one command: split the programs
across commands with --programs, each with its own --out, for example
    sh bench/run.sh --phases A --programs torch_loop,train_step
    sh bench/run.sh --phases A --programs launch_storm,copy_storm,pipeline
    sh bench/run.sh --phases BC
(OC_BENCH_OUT=DIR for each; OC_BENCH_BUDGET_S=540 leaves run.sh's hard stop,
25 s later, inside the 10 minutes). Where six repetitions of two programs do
not fit, run one program per command: the table's notes say when the budget
stopped phase A early.

Ratios are paired within a repetition (for example overlapcheck / floor of the
same rep), then summarised as median [min..max] over repetitions:
overlapcheck / floor, overlapcheck / lean floor, floor / native, lean floor /
native, overlapcheck / native, overlapcheck / the cheaper of nsys and
torch.profiler in that repetition (where only one of them ran, that one),
each --oc-variant / overlapcheck and each --bare-variant / floor, and the
process wall time of each variant / the floor's (nsys left out: its wall time
includes the report step). Targets: overlapcheck / floor <= 1.10 everywhere
(issue 7); overlapcheck / lean floor <= 1.05 on the CUDA programs and
overlapcheck / cheaper profiler <= 1.00 on the PyTorch programs (issue 18).

A variant's run counts only when it exited 0 and printed its BENCH line; a
floor (lean, bare and the --bare-variant ones) counts only when the bare
collector's summary line says it saw at least as many device records as the
program queued (and the lean floor's, that it recorded no API call), and an
overlapcheck run only when its trace holds them with no dropped record, so a
collector that silently recorded nothing cannot look fast. Each run also
records its peak RSS (ru_maxrss of wait4(), see Runner.run) and, for
overlapcheck, the writer's CPU time (meta writer_cpu_ns) per device op.
Where a program's BENCH line gives cpu_ns_per_op (the PyTorch programs: the
process's CPU time over its timed loop, all its threads), the same paired
ratios are also given of it, without targets: a measure that time spent
waiting for a CPU does not inflate, nor time the hypervisor steals where the
kernel accounts steal time.

Outputs under --out: results.json (every run, raw, and the paired ratios),
runs.tsv (one line per run), table.txt (the final table, also printed), logs/
(each run's stdout and stderr).
"""
import argparse
import glob
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TARGET_RATIO = 1.10     # overlapcheck / floor, every program (issue 7)
TARGET_LEAN = 1.05      # overlapcheck / lean floor, the CUDA programs (issue 18)
TARGET_PROFILER = 1.00  # overlapcheck / the cheaper profiler, the PyTorch programs (issue 18)
STATS_KEYS = ("api_cb", "caller", "memrefs", "buf_req", "buf_done")
PROFILERS = ("nsys", "torch_profiler")
# The built-in variants, in the order of the tables (the extra ones go after
# overlapcheck), and what the tables call them.
BUILTIN_VARIANTS = ("native", "lean", "bare", "overlapcheck", "nsys", "torch_profiler")
LABELS = {"native": "native", "lean": "lean floor", "bare": "floor",
          "overlapcheck": "overlapcheck", "nsys": "nsys", "torch_profiler": "torch.profiler"}
VARIANT_NAME = re.compile(r"^[A-Za-z0-9_.+-]+$")
# The single activity kinds the floor's BARE_KINDS and the tracer's
# OVERLAPCHECK_KINDS_OFF take (bench/bare-collector.c, injection/inject.c).
BARE_KIND_NAMES = ("CONCURRENT_KERNEL", "MEMCPY", "MEMCPY2", "MEMSET", "SYNCHRONIZATION",
                   "STREAM", "CONTEXT", "DEVICE", "OVERHEAD", "CUDA_EVENT", "MARKER",
                   "MARKER_DATA")
OC_KINDS_OFF_NAMES = ("STREAM", "CONTEXT", "DEVICE", "OVERHEAD", "CUDA_EVENT", "MARKER",
                      "MARKER_DATA")

# ---------------------------------------------------------------- parsing --


def parse_kv(text):
    """'a=1 b=x' -> {'a': 1, 'b': 'x'}; numbers become int or float."""
    out = {}
    for tok in text.split():
        if "=" not in tok:
            continue
        k, v = tok.split("=", 1)
        out[k] = to_num(v)
    return out


def to_num(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        pass
    try:
        return float(v)
    except (TypeError, ValueError):
        return v


def parse_bench(output):
    """The last 'BENCH ...' line of a program's output, parsed, or None."""
    found = None
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("BENCH "):
            found = parse_kv(line[6:])
    if found is None or not isinstance(found.get("ns_per_op"), (int, float)):
        return None
    return found


def parse_bare(output):
    """The 'bare-collector: ...' summary line, parsed, or None."""
    found = None
    for line in output.splitlines():
        if line.startswith("bare-collector: pid="):
            found = parse_kv(line[len("bare-collector:"):])
    return found


def parse_variant_specs(specs, taken=()):
    """['NAME=KEY=VALUE[,KEY=VALUE]', ...] -> {NAME: {KEY: VALUE}}.

    Raises ValueError for a name that is empty, has characters a log file's
    name cannot carry, is a built-in variant's or one already in taken, or
    is given twice.
    """
    out = {}
    for spec in specs or []:
        name, _, envs = spec.partition("=")
        if not VARIANT_NAME.match(name):
            raise ValueError("variant '%s': the name must be letters, digits, '_', '.', '+' "
                             "or '-'" % spec)
        if name in BUILTIN_VARIANTS or name in taken or name in out:
            raise ValueError("variant name '%s' is taken" % name)
        env = {}
        key = None
        # KEY=A,B: a value may hold commas (BARE_KINDS=+STREAM,+CONTEXT):
        # a part without '=' continues the value before it
        for e in envs.split(","):
            if "=" in e:
                key, val = e.split("=", 1)
                env[key] = val
            elif key is not None and e:
                env[key] += "," + e
        check_kinds(name, env)
        out[name] = env
    return out


def check_kinds(name, env):
    """ValueError for a kind name that BARE_KINDS or OVERLAPCHECK_KINDS_OFF
    would refuse: a typo must not pass for a measured variant."""
    for key, known, signs in (("BARE_KINDS", BARE_KIND_NAMES, "+-"),
                              ("OVERLAPCHECK_KINDS_OFF", OC_KINDS_OFF_NAMES, "")):
        for part in env.get(key, "").split(","):
            k = part.strip()
            if signs and k[:1] in signs:
                k = k[1:]
            if k and k.upper() not in known:
                raise ValueError("variant '%s': %s: unknown activity kind '%s' (known: %s)" % (
                    name, key, part.strip(), ", ".join(known)))


# ------------------------------------------------------------- statistics --


def summary(values):
    """(median, min, max, n) of the numbers in values, or None when empty."""
    vals = [v for v in values if isinstance(v, (int, float))]
    if not vals:
        return None
    return (statistics.median(vals), min(vals), max(vals), len(vals))


def rep_values(runs, program, key="ns_per_op"):
    """{rep: {variant: value}} of one program's valid phase-A runs."""
    by = {}
    for r in runs:
        if r["program"] == program and r["ok"] and r["phase"] == "A":
            by.setdefault(r["rep"], {})[r["variant"]] = r.get(key)
    return by


def pick(values, variant):
    """(value, variant) of one repetition's variant; for a tuple of variants,
    the smallest value of those that have one (the cheaper of them), else
    (None, None)."""
    names = variant if isinstance(variant, tuple) else (variant,)
    best = (None, None)
    for n in names:
        v = values.get(n)
        if isinstance(v, (int, float)) and (best[0] is None or v < best[0]):
            best = (v, n)
    return best


def paired_ratios(runs, program, num, den, key="ns_per_op"):
    """Per-repetition ratios num/den of one program, from valid runs only.

    den may be a tuple of variants: each repetition's ratio is then taken
    against the smallest of their values in that repetition (where only one
    of them has a valid run, that one's).
    """
    return [x for x, _ in paired_ratios_with(runs, program, num, den, key)]


def paired_ratios_with(runs, program, num, den, key="ns_per_op"):
    """paired_ratios, each with the variant its denominator came from."""
    by = rep_values(runs, program, key)
    out = []
    for rep in sorted(by):
        a, _ = pick(by[rep], num)
        b, which = pick(by[rep], den)
        if a is not None and b is not None and b > 0:
            out.append((a / b, which))
    return out


def wall_ratios(runs, program, variants):
    """{variant: per-repetition wall_s / the floor's wall_s} for the variants
    given, less the floor itself and nsys (whose wall time includes the report
    step after the capture, which fails or hangs on some installations)."""
    return {v: paired_ratios(runs, program, v, "bare", "wall_s") for v in variants
            if v not in ("bare", "nsys")}


def fmt_num(v, digits=1):
    if v is None:
        return "-"
    if isinstance(v, float):
        if abs(v) >= 100:
            return "%.0f" % v
        return "%.*f" % (digits, v)
    return str(v)


def rss_measured(r):
    """Whether a run's peak RSS is above what it inherited from the driver."""
    rss, driver = r.get("rss_kb"), r.get("driver_rss_kb")
    return isinstance(rss, int) and rss > 0 and (not isinstance(driver, int) or rss > driver)


def fmt_env(env):
    return ",".join("%s=%s" % kv for kv in sorted(env.items())) or "nothing more"


def fmt_summary(s, digits=1):
    if s is None:
        return "-"
    med, lo, hi, n = s
    return "%s [%s..%s]" % (fmt_num(med, digits), fmt_num(lo, digits), fmt_num(hi, digits))


def render_table(rows, header):
    """Aligned plain-text table; rows are lists of strings."""
    widths = [len(h) for h in header]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))
    line = lambda cells: "  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()
    out = [line(header), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    return "\n".join(out)


# ---------------------------------------------------------------- traces --


META_KEYS = ("dropped_records", "incomplete_records", "clean_exit", "status", "exit_status",
             "tool_version", "cupti_version", "driver_version", "runtime_version",
             "device.0.name", "writer_cpu_ns")


def keep_meta(meta):
    return {k: v for k, v in meta.items() if k.startswith("stats.") or k in META_KEYS}


def read_trace(path, want_dbstat=False, oc=None, use_sqlite=True):
    """Facts about an overlapcheck trace: meta, op count, size, table sizes.

    Reads the file with python3's sqlite3; where python3 has no sqlite3
    module (or use_sqlite is false), asks `oc info --format json` instead,
    which gives meta and row counts but no page or table sizes.
    Returns a dict; on any failure, {'error': message}. The file size counts
    a leftover -wal file too (it should not exist after the final checkpoint).
    """
    info = {}
    if not os.path.exists(path):
        return {"error": "trace '%s' was not written" % path}
    wal = path + "-wal"
    info["file_bytes"] = os.path.getsize(path)
    info["wal_bytes"] = os.path.getsize(wal) if os.path.exists(wal) else 0
    sqlite3 = None
    if use_sqlite:
        try:
            import sqlite3
        except ImportError:
            sqlite3 = None
    if sqlite3 is None:
        return read_trace_cli(path, oc, info)
    try:
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            info["meta"] = keep_meta(meta)
            info["ops"] = db.execute("SELECT count(*) FROM ops").fetchone()[0]
            info["api"] = db.execute("SELECT count(*) FROM api").fetchone()[0]
            info["page_size"] = db.execute("PRAGMA page_size").fetchone()[0]
            info["page_count"] = db.execute("PRAGMA page_count").fetchone()[0]
            info["freelist_count"] = db.execute("PRAGMA freelist_count").fetchone()[0]
            if want_dbstat:
                info["tables"] = table_sizes(db)
        finally:
            db.close()
    except Exception as e:  # sqlite3.Error and friends: report, never crash
        info["error"] = "cannot read trace '%s': %s" % (path, e)
        return info
    total = info["file_bytes"] + info["wal_bytes"]
    if info["ops"]:
        info["bytes_per_op"] = total / info["ops"]
    return info


def read_trace_cli(path, oc, info):
    """read_trace without python's sqlite3: `overlapcheck info --format json`."""
    if not oc:
        return dict(info, error="python3 has no sqlite3 module and no overlapcheck to ask")
    try:
        p = subprocess.run([oc, "info", "--format", "json", path], capture_output=True,
                           text=True, timeout=120)
        j = json.loads(p.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as e:
        return dict(info, error="cannot read trace '%s' with overlapcheck info: %s" % (path, e))
    counts = j.get("counts", {})
    info["meta"] = keep_meta(j.get("meta", {}))
    info["ops"] = counts.get("ops", 0)
    info["api"] = counts.get("api", 0)
    info["via"] = "overlapcheck info"
    if want_total(info) and info["ops"]:
        info["bytes_per_op"] = want_total(info) / info["ops"]
    return info


def want_total(info):
    return info.get("file_bytes", 0) + info.get("wal_bytes", 0)


def table_sizes(db):
    """Bytes per table and index, from dbstat when SQLite has it.

    Without dbstat, only the whole file's page count is known; the caller
    already has it, so this returns {'dbstat': 'unavailable'}.
    """
    try:
        rows = db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name "
                          "ORDER BY 2 DESC").fetchall()
    except Exception as e:
        return {"dbstat": "unavailable (%s)" % e}
    return {name: size for name, size in rows}


# --------------------------------------------------------------- running --


class Runner:
    """Runs commands under a global deadline, logging each one."""

    def __init__(self, out, budget_s, clock=time.monotonic):
        self.out = out
        self.clock = clock
        self.start = clock()
        self.deadline = self.start + budget_s
        self.logdir = os.path.join(out, "logs")
        os.makedirs(self.logdir, exist_ok=True)
        self.seq = 0
        self.last_rss_kb = None
        self.last_driver_rss_kb = None

    def elapsed(self):
        return self.clock() - self.start

    def left(self):
        return self.deadline - self.clock()

    def run(self, tag, argv, env, timeout):
        """Run argv; returns (rc, wall_s, output, timed_out).

        rc is None when the command could not start or was killed for
        running past min(timeout, time left). The whole process group is
        killed on timeout so that nothing outlives the benchmark.

        The peak RSS of the run, in KiB, is left in self.last_rss_kb (None
        when unknown): ru_maxrss of wait4() on the started process, which on
        Linux is the largest peak of that process and of every descendant it
        waited for (not their sum). For `overlapcheck run`, which waits for
        the program it starts, that is the larger of the two: the program's,
        which holds the injection library and its writer thread.
        On Linux a started process also inherits this process's peak RSS as
        its own (exec records the peak of the memory it replaces, and
        Popen's vfork shares ours), so this process's peak is lowered to its
        current RSS first (reset_peak_rss) and what remains is left in
        self.last_driver_rss_kb: a run's value not above it only says that
        the program's own peak was at most that.
        """
        self.seq += 1
        self.last_rss_kb = None
        reset_peak_rss()
        timeout = max(1.0, min(timeout, self.left() - 2))
        log = os.path.join(self.logdir, "%03d-%s.log" % (self.seq, tag))
        t0 = self.clock()
        try:
            p = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, start_new_session=True)
        except OSError as e:
            with open(log, "w") as f:
                f.write("$ %s\ncannot start: %s\n" % (" ".join(argv), e))
            return None, 0.0, "cannot start: %s" % e, False
        self.last_driver_rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        # Popen.communicate would reap the child and lose its rusage: read
        # the pipe on one thread and wait4() for the child on another.
        chunks = []
        reaped = {}

        def read():
            chunks.append(p.stdout.read())

        def reap():
            try:
                _, status, ru = os.wait4(p.pid, 0)
                reaped["status"], reaped["ru"] = status, ru
            except ChildProcessError:  # reaped elsewhere (SIGCHLD ignored)
                reaped["status"] = None
        threads = [threading.Thread(target=f, daemon=True) for f in (reap, read)]
        for t in threads:
            t.start()
        end = time.monotonic() + timeout
        for t in threads:  # the child's exit, then the end of its output
            t.join(max(0.0, end - time.monotonic()))
        timed_out = any(t.is_alive() for t in threads)
        if timed_out:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            for t in threads:
                t.join()
        wall = self.clock() - t0
        p.stdout.close()
        status = reaped.get("status")
        # What Popen would have set (0 where the status was lost, as Popen does).
        p.returncode = os.waitstatus_to_exitcode(status) if status is not None else 0
        if "ru" in reaped:
            self.last_rss_kb = reaped["ru"].ru_maxrss  # KiB on Linux
        text = b"".join(chunks).decode("utf-8", "replace")
        with open(log, "w") as f:
            f.write("$ %s\n# rc=%s wall_s=%.3f timed_out=%s rss_kb=%s\n" %
                    (" ".join(argv), p.returncode, wall, timed_out, self.last_rss_kb))
            f.write(text[-200000:])
        return (None if timed_out else p.returncode), wall, text, timed_out


def reset_peak_rss():
    """Lower this process's peak RSS ("high water mark") to its current RSS,
    where Linux allows it (/proc/self/clear_refs, since Linux 4.0)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def clean_env():
    env = dict(os.environ)
    for k in list(env):
        if k in ("CUDA_INJECTION64_PATH", "NVTX_INJECTION64_PATH") or k.startswith("OVERLAPCHECK_"):
            del env[k]
    return env


def find_cupti(cuda_home):
    for d in ("lib64", "lib", "targets/x86_64-linux/lib", "extras/CUPTI/lib64"):
        for name in ("libcupti.so.13", "libcupti.so"):
            p = os.path.join(cuda_home, d, name)
            if os.path.exists(p):
                return p
    return None


def find_nsys():
    env = os.environ.get("OC_BENCH_NSYS")
    if env:
        return env if os.access(env, os.X_OK) else None
    cands = sorted(glob.glob("/opt/nvidia/nsight-compute/*/host/target-linux-x64/nsys"))
    cands += sorted(glob.glob("/opt/nvidia/nsight-systems/*/bin/nsys"))
    w = shutil.which("nsys")
    if w:
        cands.append(w)
    for c in reversed(cands):  # newest version first
        if os.access(c, os.X_OK):
            return c
    return None


class Bench:
    def __init__(self, args, programs=None, runner=None):
        self.a = args
        self.build = args.build
        self.out = args.out
        self.runner = runner or Runner(args.out, args.budget)
        self.traces = os.path.join(self.out, "traces")
        os.makedirs(self.traces, exist_ok=True)
        self.oc = os.path.abspath(os.path.join(self.build, "bin", "overlapcheck"))
        self.bare = os.path.abspath(os.path.join(self.build, "bench", "libbare-collector.so"))
        self.cupti = find_cupti(args.cuda_home)
        self.nsys = None if args.no_nsys else find_nsys()
        self.programs = programs if programs is not None else self.default_programs()
        self.unknown_programs = []
        if getattr(args, "programs", None):
            keep = [k for k in args.programs.split(",") if k]
            self.unknown_programs = [k for k in keep
                                     if k not in [p["name"] for p in self.programs]]
            self.programs = [p for p in self.programs if p["name"] in keep]
        else:
            # the programs named only (framework_storm): not in "all"
            self.programs = [p for p in self.programs if not p.get("asked")]
        # --oc-variant NAME=KEY=VALUE[,KEY=VALUE]: overlapcheck with more environment;
        # --bare-variant: the floor with more environment (parse_args checked the names)
        self.oc_variants = parse_variant_specs(getattr(args, "oc_variant", None))
        self.bare_variants = parse_variant_specs(getattr(args, "bare_variant", None),
                                                 self.oc_variants)
        self.runs = []
        self.notes = []

    def default_programs(self):
        g = os.path.join(self.build, "gpu", "bench")
        py = sys.executable or "python3"
        here = os.path.dirname(os.path.abspath(__file__))
        return [
            {"name": "launch_storm", "argv": [os.path.join(g, "launch_storm"), str(self.a.kernels)],
             "big": [os.path.join(g, "launch_storm"), str(self.a.big_kernels)]},
            {"name": "copy_storm", "argv": [os.path.join(g, "copy_storm"), str(self.a.copies), "4096"]},
            # a PyTorch launch's queries around an empty kernel (bench/framework_storm.cu):
            # run when named in --programs only
            {"name": "framework_storm", "argv": [os.path.join(g, "framework_storm"),
                                                 str(self.a.kernels)], "asked": True},
            {"name": "pipeline", "argv": [os.path.join(g, "pipeline")]},
            {"name": "torch_loop", "argv": [py, os.path.join(here, "torch_loop.py")] +
             (["--iters", str(self.a.torch_iters)] if self.a.torch_iters else []),
             "profiler": True},
            {"name": "train_step", "argv": [py, os.path.join(here, "train_step.py")] +
             (["--steps", str(self.a.train_steps)] if self.a.train_steps else []),
             "profiler": True},
        ]

    def is_oc(self, variant):
        return variant == "overlapcheck" or variant in self.oc_variants

    def is_floor(self, variant):
        return variant in ("bare", "lean") or variant in self.bare_variants

    def program(self, name):
        return next((p for p in self.programs if p["name"] == name), {})

    def variant_order(self):
        """Every variant this run may have, in the order of the tables."""
        return (["native", "lean", "bare", "overlapcheck"] + sorted(self.oc_variants) +
                sorted(self.bare_variants) + ["nsys", "torch_profiler"])

    def label(self, variant):
        return LABELS.get(variant, variant)

    # -- one run ------------------------------------------------------------

    def variant_cmd(self, prog, variant, tag, argv=None):
        argv = list(argv or prog["argv"])
        env = clean_env()
        trace = None
        if self.is_floor(variant):
            env["CUDA_INJECTION64_PATH"] = self.bare
            if self.cupti:
                env["NVTX_INJECTION64_PATH"] = self.cupti
            if variant == "lean":
                env["BARE_LEAN"] = "1"
            env.update(self.bare_variants.get(variant, {}))
        elif self.is_oc(variant):
            env.update(self.oc_variants.get(variant, {}))
            trace = os.path.join(self.traces, tag + ".db")
            for f in (trace, trace + "-wal", trace + "-shm"):
                if os.path.exists(f):
                    os.unlink(f)
            argv = [self.oc, "run", "-q", "-o", trace, "--"] + argv
        elif variant == "torch_profiler":
            argv = argv + ["--profiler"]
        elif variant == "nsys":
            d = tempfile.mkdtemp(prefix="nsys-", dir=self.traces)
            argv = [self.nsys, "profile", "--trace=cuda", "--sample=none", "--cpuctxsw=none",
                    "--force-overwrite=true", "-o", os.path.join(d, "capture")] + argv
            trace = d
        return argv, env, trace

    def run_one(self, phase, rep, prog, variant, argv=None, extra_env=None, timeout=None,
                dbstat=False, keep_trace=False, label=None):
        name = label or prog["name"]
        tag = "%s-%s-%s-r%d" % (phase, name, variant, rep)
        cmd, env, trace = self.variant_cmd(prog, variant, tag, argv)
        if extra_env:
            env.update(extra_env)
        if not timeout:
            timeout = self.a.nsys_timeout if variant == "nsys" else self.a.run_timeout
        cpus = getattr(self.a, "cpu_set", None)
        steal0 = steal_ticks(cpus)
        rc, wall, text, timed_out = self.runner.run(tag, cmd, env, timeout)
        steal1 = steal_ticks(cpus)
        bench = parse_bench(text)
        r = {"phase": phase, "rep": rep, "program": name, "variant": variant, "rc": rc,
             "wall_s": round(wall, 4), "timed_out": timed_out, "ok": False, "note": "",
             "rss_kb": getattr(self.runner, "last_rss_kb", None),
             "driver_rss_kb": getattr(self.runner, "last_driver_rss_kb", None)}
        if steal0 is not None and steal1 is not None:
            # CPU time the hypervisor gave to others while the run's CPUs
            # wanted it (/proc/stat's steal, over the pinned CPUs or all)
            r["steal_s"] = round((steal1 - steal0) / float(os.sysconf("SC_CLK_TCK")), 3)
        if bench:
            r["bench"] = bench
            r["ns_per_op"] = bench["ns_per_op"]
            r["ops"] = bench.get("ops")
            cpu = bench.get("cpu_ns_per_op")
            if isinstance(cpu, (int, float)) and not isinstance(cpu, bool):
                # the process's CPU time over the timed loop (all its threads)
                r["cpu_ns_per_op"] = cpu
        expected = bench.get("device_ops") if bench else None
        problems = []
        if variant == "nsys" and bench:
            # The capture is what is timed; the report step after it may fail
            # or hang on a collector-only installation: that is not a failure.
            if timed_out or rc != 0:
                r["note"] = "nsys %s after the capture (report step; ignored)" % (
                    "timed out" if timed_out else "exited %s" % rc)
        elif timed_out:
            problems.append("timed out")
        elif rc is None:
            problems.append("could not start")
        elif rc != 0 and variant != "nsys":
            problems.append("exit status %s" % rc)
        if not bench:
            problems.append("no BENCH line")
        if self.is_floor(variant):
            b = parse_bare(text)
            r["bare"] = b
            if not b:
                problems.append("no bare-collector summary (not injected?)")
            else:
                if isinstance(expected, int):
                    seen = sum(b.get(k, 0) for k in ("kernels", "copies", "memsets")
                               if isinstance(b.get(k), int))
                    if seen < expected:
                        problems.append("floor saw %d of %d device records" % (seen, expected))
                # A collector built before BARE_LEAN ignores it and is the whole floor.
                api = [k for k in ("runtime", "driver", "api_callbacks")
                       if isinstance(b.get(k), int) and b[k] > 0]
                if b.get("bad_kinds") not in (None, "none"):
                    problems.append("the floor refused BARE_KINDS (bad_kinds=%s)" % b["bad_kinds"])
                if variant == "lean" and api:
                    problems.append("lean floor recorded API calls (%s; a collector without "
                                    "BARE_LEAN?)" % ", ".join("%s=%d" % (k, b[k]) for k in api))
        if self.is_oc(variant):
            t = read_trace(trace, want_dbstat=dbstat, oc=self.oc)
            r["trace"] = t
            if "error" in t:
                problems.append(t["error"])
            else:
                wcpu = to_num(t.get("meta", {}).get("writer_cpu_ns"))
                if isinstance(wcpu, (int, float)):
                    r["writer_cpu_ns"] = wcpu
                    if t.get("ops"):
                        r["writer_cpu_ns_per_op"] = wcpu / t["ops"]
                if isinstance(expected, int) and t.get("ops", 0) < expected:
                    problems.append("trace holds %d of %d device ops" % (t.get("ops", 0), expected))
                dropped = to_num(t.get("meta", {}).get("dropped_records"))
                if dropped not in (0, None):
                    problems.append("dropped_records=%s" % dropped)
            if not keep_trace:
                for f in (trace, trace + "-wal", trace + "-shm"):
                    if os.path.exists(f):
                        os.unlink(f)
        if variant == "nsys" and trace:
            shutil.rmtree(trace, ignore_errors=True)
        if problems:
            r["note"] = "; ".join(problems)
        else:
            r["ok"] = True
        # The tail of a failed run's output helps whoever reads results.json.
        if not r["ok"]:
            r["output_tail"] = text[-1500:]
        self.runs.append(r)
        status = "ok" if r["ok"] else "FAILED: " + r["note"]
        print("[%6.1fs] %-3s %-13s %-15s rep %d: %s ns/op, wall %.2fs, rss %s MiB, steal %s s  %s" % (
            self.runner.elapsed(), phase, name, variant, rep,
            fmt_num(r.get("ns_per_op")), wall,
            fmt_num(r["rss_kb"] / 1024.0) if r["rss_kb"] else "-",
            r.get("steal_s", "-"), status), flush=True)
        return r

    # -- phases -------------------------------------------------------------

    def variants_of(self, prog):
        """Phase A's variants of one program, in the order of its first repetition."""
        keep = getattr(self.a, "variants", None)
        keep = keep.split(",") if keep else None
        return [v for v in self.variant_order()
                if (v != "nsys" or self.nsys) and (v != "torch_profiler" or prog.get("profiler"))
                and (keep is None or v in keep)]

    def phase_a(self):
        end = self.runner.start + self.a.budget * self.a.share_a
        rep = 0
        last_dur = 0.0
        # Past two repetitions, keep enough for phases B and C (the 1M-kernel
        # run matters more than a third repetition).
        reserve = self.a.reserve_b if "B" in self.a.phases else 0
        if not self.nsys:
            self.notes.append("nsys left out (--no-nsys)" if self.a.no_nsys else
                              "nsys not found: no Nsight Systems column (OC_BENCH_NSYS names one)")
        while rep < self.a.reps:
            if rep >= self.a.min_reps and self.runner.clock() + last_dur > end:
                self.notes.append("phase A stopped after %d repetitions (time budget)" % rep)
                break
            if rep > 0 and self.runner.left() < min(30, 0.25 * self.a.budget):
                self.notes.append("phase A stopped after %d repetitions (budget exhausted)" % rep)
                break
            if rep >= 2 and self.runner.left() - last_dur < reserve:
                self.notes.append("phase A stopped after %d repetitions (time kept for the "
                                  "1M-kernel run)" % rep)
                break
            t0 = self.runner.clock()
            for prog in self.programs:
                vs = self.variants_of(prog)
                k = rep % len(vs)
                for v in vs[k:] + vs[:k]:
                    self.run_one("A", rep, prog, v, dbstat=(rep == 0 and v == "overlapcheck"))
            last_dur = self.runner.clock() - t0
            rep += 1
        self.reps_done = rep

    def phase_b(self):
        big = [p for p in self.programs if p.get("big")]
        if not big:
            return
        if self.runner.left() < self.a.big_timeout * 0.5 + 20:
            self.notes.append("1M-kernel run skipped: not enough time left")
            return
        p = big[0]
        stats_env = {"OVERLAPCHECK_STATS": "1"}
        self.run_one("B", 0, p, "overlapcheck", argv=p["big"], extra_env=stats_env,
                     timeout=self.a.big_timeout, dbstat=True, label=p["name"] + "_1M")
        # Callback timings of the other programs (the 1M run has the launch
        # storm's), then the floor at 1M kernels, while time is left.
        for q in self.programs:
            if q is p:
                continue
            if self.runner.left() < 45:
                self.notes.append("stats run of %s skipped: not enough time left" % q["name"])
                continue
            self.run_one("B", 0, q, "overlapcheck", extra_env=stats_env,
                         label=q["name"] + "_stats")
        if self.runner.left() > 50:
            self.run_one("B", 0, p, "bare", argv=p["big"], timeout=self.a.big_timeout,
                         label=p["name"] + "_1M")
        else:
            self.notes.append("floor run at 1M kernels skipped: not enough time left")

    def phase_c(self):
        """The writer's insert rate against fwrite of the same records (no GPU needed)."""
        self.insert_rate = {"results": []}
        for prog in ("writer-rate", "insert-rate"):
            exe = os.path.join(self.build, "bench", prog)
            if not os.access(exe, os.X_OK):
                self.notes.append("%s not built (%s)" % (prog, exe))
                continue
            if self.runner.left() < 30:
                self.notes.append("%s skipped: not enough time left" % prog)
                continue
            d = tempfile.mkdtemp(prefix="rate-", dir=self.traces)
            rc, wall, text, to = self.runner.run("C-" + prog, [exe, "-n", str(self.a.rate_launches),
                                                             "-d", d], clean_env(), 90)
            shutil.rmtree(d, ignore_errors=True)
            res = [dict(parse_kv(l[6:]), program=prog) for l in text.splitlines()
                   if l.startswith("BENCH ")]
            self.insert_rate["results"] += res
            if rc != 0 or not res:
                self.notes.append("%s failed (rc %s), see logs" % (prog, rc))
            print("[%6.1fs] C   %s: rc %s, %d result lines" % (
                self.runner.elapsed(), prog, rc, len(res)), flush=True)

    def phase_d(self):
        if not self.nsys:
            if not any(n.startswith("nsys not found") for n in self.notes):
                self.notes.append("nsys not found: no Nsight Systems column")
            return
        for rnd in range(self.a.nsys_reps):
            for prog in self.programs:
                if self.runner.left() < self.a.nsys_timeout * 0.5 + 10:
                    self.notes.append("nsys stopped after round %d (time budget)" % rnd)
                    return
                self.run_one("D", rnd, prog, "nsys", timeout=self.a.nsys_timeout)

    # -- results ------------------------------------------------------------

    def machine(self):
        m = {"python": sys.version.split()[0], "uname": " ".join(os.uname())}
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith("model name"):
                        m["cpu"] = line.split(":", 1)[1].strip()
                        break
            m["cpus"] = os.cpu_count()
            m["cpus_used"] = sorted(os.sched_getaffinity(0))
        except OSError:
            pass
        if shutil.which("nvidia-smi"):
            try:
                m["gpu"] = subprocess.run(
                    ["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                     "--format=csv,noheader"], capture_output=True, text=True,
                    timeout=20).stdout.strip()
            except (OSError, subprocess.SubprocessError):
                pass
        m["nsys"] = self.nsys
        return m

    def ratio_specs(self, program):
        """The paired ratios of one program: (key, label, num, den, target).

        den is a variant, or a tuple of variants whose cheapest in each
        repetition is taken; target is the limit the median must keep, or None.
        """
        pytorch = bool(self.program(program).get("profiler"))
        specs = [
            ("overlapcheck/bare", "overlapcheck / floor", "overlapcheck", "bare", TARGET_RATIO),
            ("overlapcheck/lean", "overlapcheck / lean floor", "overlapcheck", "lean",
             None if pytorch else TARGET_LEAN),
            ("bare/native", "floor / native", "bare", "native", None),
            ("lean/native", "lean floor / native", "lean", "native", None),
            ("overlapcheck/native", "overlapcheck / native", "overlapcheck", "native", None),
            ("overlapcheck/min(nsys,torch_profiler)",
             "overlapcheck / cheaper of nsys, torch.profiler", "overlapcheck", PROFILERS,
             TARGET_PROFILER if pytorch else None),
        ]
        specs += [("%s/overlapcheck" % v, "%s / overlapcheck (A/B)" % v, v, "overlapcheck", None)
                  for v in sorted(self.oc_variants)]
        specs += [("%s/bare" % v, "%s / floor (A/B)" % v, v, "bare", None)
                  for v in sorted(self.bare_variants)]
        # --base V: every other variant over V, paired (issue 33: each kind
        # and each choice over the lean floor)
        base = getattr(self.a, "base", None)
        if base:
            have = {k for k, _, _, _, _ in specs}
            specs += [("%s/%s" % (v, base), "%s / %s (base)" % (self.label(v), self.label(base)),
                       v, base, None) for v in self.variant_order()
                      if v != base and "%s/%s" % (v, base) not in have]
        return specs

    def paired(self, program):
        """[(key, label, den, [(ratio, denominator's variant)], target)]: the
        paired ratios of one program whose two sides both had a run in phase A."""
        ran = {r["variant"] for r in self.runs if r["program"] == program and r["phase"] == "A"}
        out = []
        for key, label, num, den, target in self.ratio_specs(program):
            dens = den if isinstance(den, tuple) else (den,)
            if num not in ran or not any(d in ran for d in dens):
                continue
            out.append((key, label, den, paired_ratios_with(self.runs, program, num, den),
                        target))
        return out

    def report(self):
        lines = []
        progs = []
        for r in self.runs:
            if r["phase"] in ("A", "D") and r["program"] not in progs:
                progs.append(r["program"])
        rows = []
        for p in progs:
            native = summary([r["ns_per_op"] for r in self.runs if r["program"] == p
                              and r["variant"] == "native" and r["ok"] and r["phase"] == "A"])
            for v, phase in [(v, "A") for v in self.variant_order()] + [("nsys", "D")]:
                rs = [r for r in self.runs if r["program"] == p and r["variant"] == v
                      and r["phase"] == phase]
                if not rs:
                    continue
                ok = [r for r in rs if r["ok"]]
                s = summary([r["ns_per_op"] for r in ok])
                w = summary([r["wall_s"] for r in ok])
                rss = summary([r["rss_kb"] / 1024.0 for r in ok if rss_measured(r)])
                if not rss and any(r.get("rss_kb") for r in ok):
                    rss = "<= %.1f" % (max(r["rss_kb"] for r in ok if r.get("rss_kb")) / 1024.0)
                wcpu = summary([r.get("writer_cpu_ns_per_op") for r in ok])
                vs_native = "%.2f" % (s[0] / native[0]) if s and native and native[0] > 0 else "-"
                rows.append([p, self.label(v) + (" (phase D)" if phase == "D" else ""),
                             "%d/%d" % (len(ok), len(rs)), fmt_summary(s), vs_native,
                             fmt_summary(w, 2), rss if isinstance(rss, str) else fmt_summary(rss),
                             fmt_summary(wcpu)])
        if rows:
            lines.append("Time per op (the program's own steady-state loop), median [min..max]; "
                         "n = valid/attempted runs; x native: median / native's median")
            lines.append(render_table(rows, ["program", "variant", "n", "ns/op", "x native",
                                             "wall s", "peak RSS MiB", "writer CPU ns/op"]))
            lines.append("peak RSS: ru_maxrss of wait4() on the process started, on Linux the "
                         "largest peak of it and of the descendants it waited for: the program's "
                         "own; under overlapcheck run the larger of the launcher's and the "
                         "program's (which holds the injection library and its writer); under "
                         "nsys, of the nsys processes it waited for, which may not include the "
                         "program. A child starts at the driver's own RSS (bench.py's, lowered to "
                         "its current RSS before each start): runs not above it are left out, "
                         "'<= X' where no run was above it")
            lines.append("writer CPU ns/op: meta writer_cpu_ns (CPU time of the tracer's writer "
                         "and checkpoint threads) / rows in the trace's ops table (device ops, "
                         "warm-up included); overlapcheck and its variants only")
            extra = ["%s = overlapcheck with %s" % (v, fmt_env(e))
                     for v, e in sorted(self.oc_variants.items())]
            extra += ["%s = the floor with %s" % (v, fmt_env(e))
                      for v, e in sorted(self.bare_variants.items())]
            lines.append("variants: lean floor = lean in runs.tsv (BARE_LEAN=1), floor = bare" +
                         "".join("; " + x for x in extra))
            lines.append("")

        rows = []
        verdicts = {}
        for p in progs:
            for key, label, den, pairs, target in self.paired(p):
                s = summary([x for x, _ in pairs])
                cell = "-"
                if target is not None:
                    verdict = "no data" if not s else "PASS" if s[0] <= target else "FAIL"
                    verdicts.setdefault(key, (target, []))[1].append((p, verdict))
                    cell = "%s (<= %.2f)" % (verdict, target)
                note = ""
                if isinstance(den, tuple) and pairs:
                    counts = [(self.label(v), sum(1 for _, w in pairs if w == v))
                              for v in PROFILERS]
                    note = "cheaper: " + ", ".join("%s %d" % c for c in counts if c[1])
                rows.append([p, label, fmt_summary(s, 3), str(s[3] if s else 0), cell, note])
        if rows:
            lines.append("Paired ratios of ns/op: per repetition, then median [min..max] over "
                         "the repetitions with both sides valid (n)")
            lines.append(render_table(rows, ["program", "ratio", "median [min..max]", "n",
                                             "target", "note"]))
            lines.append("cheaper of nsys, torch.profiler: each repetition's overlapcheck over "
                         "the smaller ns/op of the two in that repetition (where only one of "
                         "them ran or was valid, that one)")
            lines.append("")

        # The same ratios of the process's CPU time per op, where the programs
        # give it (cpu_ns_per_op): no target, the targets are of ns/op.
        rows = []
        for p in progs:
            for _, label, num, den, _ in self.ratio_specs(p):
                pairs = paired_ratios_with(self.runs, p, num, den, key="cpu_ns_per_op")
                if pairs:
                    s = summary([x for x, _ in pairs])
                    rows.append([p, label, fmt_summary(s, 3), str(s[3])])
        if rows:
            lines.append("Paired ratios of CPU ns/op: per repetition, then median [min..max] "
                         "over the repetitions with both sides valid and giving it (n)")
            lines.append(render_table(rows, ["program", "ratio", "median [min..max]", "n"]))
            lines.append("CPU ns/op: the program process's CPU time (all its threads, the "
                         "tracer's writer included) over its timed loop, per op; under nsys the "
                         "work nsys does in its own processes is not in it, so ratios against "
                         "nsys understate nsys's cost; the cheaper of nsys and torch.profiler "
                         "is here the one with the smaller CPU ns/op")
            lines.append("")

        order = [v for v in self.variant_order() if v not in ("bare", "nsys")]
        walls = {p: wall_ratios(self.runs, p, order) for p in progs}
        cols = [v for v in order if any(r["variant"] == v and r["phase"] == "A"
                                        for r in self.runs)]
        rows = []
        for p in progs:
            ran = {r["variant"] for r in self.runs if r["program"] == p and r["phase"] == "A"}
            if "bare" not in ran:
                continue
            rows.append([p] + [fmt_summary(summary(walls[p][v]), 3) if v in ran else "-"
                               for v in cols])
        if rows and cols:
            lines.append("Process wall time / the floor's, paired per repetition, median "
                         "[min..max] (start-up, CUDA initialisation and trace finalisation "
                         "included); nsys left out: its wall time includes the report step "
                         "after the capture, which fails or hangs on some installations "
                         "(the H200's)")
            lines.append(render_table(rows, ["program"] + [self.label(v) + " / floor"
                                                           for v in cols]))
            lines.append("")

        rows = []
        for r in self.runs:
            if r["phase"] != "B" or not r["program"].endswith("_1M"):
                continue
            t = r.get("trace") or {}
            b = r.get("bare") or {}
            dropped = t.get("meta", {}).get("dropped_records") if r["variant"] == "overlapcheck" \
                else b.get("dropped")
            seen = t.get("ops") if r["variant"] == "overlapcheck" else \
                (b.get("kernels", 0) if b else None)
            rows.append([r["program"], r["variant"], fmt_num(r.get("ns_per_op")),
                         "%.2f" % r["wall_s"], str(seen), str(dropped),
                         "ok" if r["ok"] else r["note"]])
        if rows:
            lines.append("Large launch storm (device records seen, dropped records)")
            lines.append(render_table(rows, ["run", "variant", "ns/op", "wall s", "device records",
                                             "dropped", "status"]))
            lines.append("")

        rows = []
        for r in self.runs:
            t = r.get("trace")
            if r["variant"] != "overlapcheck" or not t or "error" in t:
                continue
            if (r["phase"] == "A" and r["rep"] != 0) or not t.get("ops"):
                continue
            meta = t.get("meta", {})
            rows.append([r["program"], r["phase"], str(t.get("ops")), str(t.get("api")),
                         str(t.get("file_bytes")), str(t.get("wal_bytes")),
                         fmt_num(t.get("bytes_per_op")),
                         str(meta.get("dropped_records", "?")),
                         str(meta.get("incomplete_records", "?"))])
        if rows:
            lines.append("Trace size (file after the final checkpoint, per device op, API rows "
                         "and indexes included)")
            lines.append(render_table(rows, ["run", "phase", "ops", "api rows", "file bytes",
                                             "wal bytes", "bytes/op", "dropped", "incomplete"]))
            lines.append("")

        rows = []
        for r in self.runs:
            t = r.get("trace") or {}
            meta = t.get("meta", {})
            if not any(k.startswith("stats.") for k in meta):
                continue
            cells = [r["program"]]
            for k in STATS_KEYS:
                calls = to_num(meta.get("stats.%s_calls" % k))
                ns = to_num(meta.get("stats.%s_ns" % k))
                per = (ns / calls) if isinstance(calls, (int, float)) and calls and \
                    isinstance(ns, (int, float)) else None
                cells += [str(calls if calls is not None else "-"), fmt_num(per)]
                if k == "caller":   # and the frames each backtrace unwound
                    fr = to_num(meta.get("stats.caller_frames"))
                    cells.append(fmt_num(fr / calls) if isinstance(fr, (int, float)) and
                                 isinstance(calls, (int, float)) and calls else "-")
            rows_w = to_num(meta.get("stats.writer_rows"))
            busy = to_num(meta.get("stats.writer_busy_ns"))
            rate = (rows_w / (busy / 1e9)) if isinstance(rows_w, (int, float)) and \
                isinstance(busy, (int, float)) and busy else None
            cells += [str(rows_w if rows_w is not None else "-"), fmt_num(rate)]
            rows.append(cells)
        if rows:
            lines.append("Injection self-measurement (OVERLAPCHECK_STATS=1): calls and ns per call")
            lines.append(render_table(rows, ["run", "api cb", "ns/call", "of them: callers",
                                             "ns/call", "frames/call", "launch pointers", "ns/call",
                                             "buf req", "ns/call",
                                             "buf done", "ns/call", "writer rows",
                                             "rows/s busy"]))
            lines.append("")

        for r in self.runs:
            t = r.get("trace") or {}
            tables = t.get("tables")
            if not tables or not t.get("ops"):
                continue
            ops = t.get("ops") or 0
            if "dbstat" in tables:
                lines.append("%s: per-table sizes %s; whole file %d pages x %d bytes" % (
                    r["program"], tables["dbstat"], t.get("page_count", 0), t.get("page_size", 0)))
                continue
            page = t.get("page_size") or 4096
            big = [(n, sz) for n, sz in tables.items() if sz > page]
            small = sum(sz for n, sz in tables.items() if sz <= page)
            rows = [[n, str(sz), fmt_num(sz / ops if ops else None)] for n, sz in big]
            rows.append(["(%d others of one page)" % (len(tables) - len(big)), str(small),
                         fmt_num(small / ops if ops else None)])
            lines.append("%s (phase %s, %d ops): bytes per table and index (dbstat)" % (
                r["program"], r["phase"], ops))
            lines.append(render_table(rows, ["table/index", "bytes", "bytes/op"]))
            lines.append("")

        ir = getattr(self, "insert_rate", None)
        if ir and ir["results"]:
            lines.append("Writer insert rate, launch-storm records (bench/writer-rate: the real "
                         "writer; bench/insert-rate: schema model), this machine")
            rows = []
            for x in ir["results"]:
                raw = [y for y in ir["results"] if y["program"] == x["program"]
                       and str(y.get("name", "")).startswith("fwrite")]
                vs = "-"
                if raw and isinstance(x.get("rows_per_s"), (int, float)) and \
                        isinstance(raw[0].get("rows_per_s"), (int, float)) and raw[0]["rows_per_s"]:
                    vs = "%.3f" % (x["rows_per_s"] / raw[0]["rows_per_s"])
                rows.append([x["program"], str(x.get("name")), str(x.get("rows")),
                             fmt_num(x.get("rows_per_s")), vs, fmt_num(x.get("bytes_per_op")),
                             fmt_num(x.get("secs"), 3), fmt_num(x.get("busy_secs"), 3)])
            lines.append(render_table(rows, ["program", "method", "rows", "rows/s", "x fwrite",
                                             "bytes/launch", "secs", "writer busy s"]))
            lines.append("")

        for key, what in (("overlapcheck/bare", "Target overlapcheck <= %.2f x floor"),
                          ("overlapcheck/lean",
                           "Target overlapcheck <= %.2f x lean floor (CUDA programs)"),
                          ("overlapcheck/min(nsys,torch_profiler)",
                           "Target overlapcheck <= %.2f x the cheaper of nsys and torch.profiler "
                           "(PyTorch programs)")):
            if key in verdicts:
                limit, vs = verdicts[key]
                lines.append((what % limit) + ": " + ", ".join("%s %s" % v for v in vs))
        for n in self.notes:
            lines.append("note: " + n)
        failed = [r for r in self.runs if not r["ok"]]
        if failed:
            seen = set()
            lines.append("Failed runs (the first of each program and variant; all in "
                         "results.json and logs/)")
            for r in failed:
                key = (r["program"], r["variant"])
                if key in seen:
                    continue
                seen.add(key)
                tail = [l for l in r.get("output_tail", "").splitlines() if l.strip()]
                lines.append("  %s %s rep %s: %s%s" % (r["program"], r["variant"], r["rep"],
                                                       r["note"],
                                                       (" | " + tail[-1][:160]) if tail else ""))
            lines.append("note: %d run(s) failed" % len(failed))
        lines.append("total benchmark time %.1f s" % self.runner.elapsed())
        return "\n".join(lines)

    def save(self, table):
        progs = []
        for r in self.runs:
            if r["phase"] == "A" and r["program"] not in progs:
                progs.append(r["program"])
        order = [v for v in self.variant_order() if v not in ("bare", "nsys")]
        paired = {}
        for p in progs:
            d = {key: {"ratios": [x for x, _ in pairs], "denominators": [w for _, w in pairs],
                       "summary": summary([x for x, _ in pairs]), "target": target}
                 for key, _, _, pairs, target in self.paired(p)}
            for v, xs in wall_ratios(self.runs, p, order).items():
                if xs:
                    d["wall:%s/bare" % v] = {"ratios": xs, "summary": summary(xs)}
            paired[p] = d
        res = {"machine": self.machine_info, "runs": self.runs, "notes": self.notes,
               "insert_rate": getattr(self, "insert_rate", None), "paired": paired,
               "config": {k: v for k, v in vars(self.a).items()}}
        with open(os.path.join(self.out, "results.json"), "w") as f:
            json.dump(res, f, indent=1, default=str)
        with open(os.path.join(self.out, "runs.tsv"), "w") as f:
            # New columns go at the end, so that readers of the old ones keep working.
            f.write("phase\trep\tprogram\tvariant\tok\trc\tns_per_op\twall_s\tnote\trss_kb\t"
                    "writer_cpu_ns\tcpu_ns_per_op\n")
            for r in self.runs:
                f.write("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                    r["phase"], r["rep"], r["program"], r["variant"], int(r["ok"]), r["rc"],
                    r.get("ns_per_op", ""), r["wall_s"], r["note"].replace("\t", " "),
                    "" if r.get("rss_kb") is None else r["rss_kb"],
                    "" if r.get("writer_cpu_ns") is None else r["writer_cpu_ns"],
                    "" if r.get("cpu_ns_per_op") is None else r["cpu_ns_per_op"]))
        with open(os.path.join(self.out, "table.txt"), "w") as f:
            f.write("machine: %s\n\n%s\n" % (json.dumps(self.machine_info), table))

    def main(self):
        self.machine_info = self.machine()
        print("bench: machine %s" % json.dumps(self.machine_info), flush=True)
        phases = self.a.phases
        try:
            if "A" in phases:
                self.phase_a()
            if "B" in phases:
                self.phase_b()
            if "C" in phases:
                self.phase_c()
            if "D" in phases:
                self.phase_d()
        except KeyboardInterrupt:
            self.notes.append("interrupted")
        table = self.report()
        self.save(table)
        shutil.rmtree(self.traces, ignore_errors=True)  # traces are measured, then dropped
        print("\n" + table, flush=True)
        # 1 when phase A ran but no program gave a single ratio of
        # overlapcheck to what it is compared with (the floor, else the lean
        # floor, nsys or torch.profiler, whichever --variants kept): then the
        # benchmark measured nothing and says so by its status.
        keep = getattr(self.a, "variants", None)
        keep = keep.split(",") if keep else None
        dens = [v for v in ("bare", "lean", "nsys", "torch_profiler") if keep is None or v in keep]
        if "A" in phases and dens and (keep is None or "overlapcheck" in keep) and not any(
                paired_ratios(self.runs, p["name"], "overlapcheck", d)
                for p in self.programs for d in dens):
            print("bench: no program gave a ratio of overlapcheck to %s; see the failed runs above"
                  % " or ".join(LABELS.get(d, d) for d in dens), file=sys.stderr)
            return 1
        return 0


def merge(a):
    """--merge DIR...: one table of the runs of several commands' results.json.

    A GPU command of 10 minutes cannot hold six repetitions of every program;
    each command's repetitions stay paired within themselves (repetition k of
    the i-th DIR becomes i * 1000 + k), and the table is made as bench.py
    makes it, from every run. Nothing is run.
    """
    b = Bench(a)
    runs, machine = [], None
    for i, d in enumerate(a.merge):
        path = os.path.join(d, "results.json")
        try:
            with open(path, encoding="utf-8") as f:
                res = json.load(f)
        except (OSError, ValueError) as e:
            print("bench: --merge: cannot read %s: %s" % (path, e), file=sys.stderr)
            return 2
        if not isinstance(res, dict) or not isinstance(res.get("runs"), list):
            print("bench: --merge: %s is not a results.json of bench.py" % path, file=sys.stderr)
            return 2
        machine = machine or res.get("machine")
        cfg = res.get("config") or {}
        b.oc_variants.update(parse_variant_specs(cfg.get("oc_variant")))
        b.bare_variants.update(parse_variant_specs(cfg.get("bare_variant"), b.oc_variants))
        for r in res["runs"]:
            if isinstance(r, dict) and isinstance(r.get("rep"), int):
                r = dict(r, rep=i * 1000 + r["rep"], source=d)
                runs.append(r)
        b.notes += ["%s: %s" % (d, n) for n in res.get("notes") or []]
    b.runs = runs
    b.programs = [p for p in b.programs if p["name"] in {r.get("program") for r in runs}]
    b.machine_info = dict(machine or {}, merged_from=list(a.merge))
    table = b.report()
    b.save(table)
    shutil.rmtree(b.traces, ignore_errors=True)
    print(table)
    return 0


def preflight(a):
    """Refuse early, with the reason, when something the run needs is missing."""
    missing = []
    need = []
    if set(a.phases) & set("ABD"):
        need = [os.path.join(a.build, "bin", "overlapcheck"),
                os.path.join(a.build, "lib", "liboverlapcheck-inject.so"),
                os.path.join(a.build, "bench", "libbare-collector.so"),
                os.path.join(a.build, "gpu", "bench", "launch_storm"),
                os.path.join(a.build, "gpu", "bench", "copy_storm"),
                os.path.join(a.build, "gpu", "bench", "pipeline")]
        if "framework_storm" in (a.programs or "").split(","):
            need.append(os.path.join(a.build, "gpu", "bench", "framework_storm"))
    for p in need:
        if not os.path.exists(p):
            missing.append(p)
    return missing


def parse_args(argv=None):
    e = os.environ.get
    ap = argparse.ArgumentParser(
        description="overlapcheck overhead benchmark (GPU): every program under native, lean "
                    "floor, floor, overlapcheck, nsys and torch.profiler in one rotation, with "
                    "paired ratios (see the header of bench/bench.py)",
        epilog="A command limited to 10 minutes cannot hold six repetitions of every program: "
               "split them, e.g. `--phases A --programs torch_loop,train_step`, then "
               "`--phases A --programs launch_storm,copy_storm,pipeline`, then `--phases BC`, "
               "each with its own --out.")
    ap.add_argument("--build", default=e("BUILD", "build"))
    ap.add_argument("--out", default=e("OC_BENCH_OUT", ""))
    ap.add_argument("--cuda-home", default=e("CUDA_HOME", "/usr/local/cuda"))
    ap.add_argument("--budget", type=float, default=float(e("OC_BENCH_BUDGET_S", "300")),
                    help="seconds for the whole benchmark (default 300)")
    ap.add_argument("--share-a", type=float, default=0.55,
                    help="part of the budget for the repeated side-by-side runs")
    ap.add_argument("--reps", type=int, default=int(e("OC_BENCH_REPS", "6")),
                    help="phase A's repetitions at most (OC_BENCH_REPS, default 6)")
    ap.add_argument("--min-reps", type=int, default=int(e("OC_BENCH_MIN_REPS", "6")),
                    help="phase A's repetitions at least, unless the budget runs out or "
                         "phase B's time would be lost (OC_BENCH_MIN_REPS, default 6)")
    ap.add_argument("--kernels", type=int, default=200000)
    ap.add_argument("--copies", type=int, default=50000)
    ap.add_argument("--big-kernels", type=int, default=1000000)
    ap.add_argument("--torch-iters", type=int, default=16000,
                    help="torch_loop's timed iterations (default 16000; 0: the program's own "
                         "4000, whose 0.2 to 0.4 s timed region the H200's noise swamped, "
                         "docs/performance.md)")
    ap.add_argument("--train-steps", type=int, default=120,
                    help="train_step's timed steps (default 120; 0: the program's own 40, "
                         "whose 0.6 s timed region the H200's noise swamped: native 12.4 to "
                         "17.3 ms a step over 6 repetitions, docs/performance.md)")
    ap.add_argument("--rate-launches", type=int, default=200000,
                    help="launches for writer-rate and insert-rate (4 rows each)")
    ap.add_argument("--run-timeout", type=float, default=60)
    ap.add_argument("--big-timeout", type=float, default=100)
    ap.add_argument("--reserve-b", type=float, default=75,
                    help="seconds a third or later repetition must leave for phase B")
    ap.add_argument("--nsys-timeout", type=float, default=60,
                    help="seconds for each nsys run, its report step included")
    ap.add_argument("--nsys-reps", type=int, default=3, help="rounds of phase D")
    ap.add_argument("--no-nsys", action="store_true",
                    help="no nsys variant, even where an nsys exists")
    ap.add_argument("--phases", default="ABC",
                    help="which phases to run (default ABC; D, nsys alone, only when asked)")
    ap.add_argument("--programs", default="",
                    help="comma-separated programs to run (default: all: launch_storm, "
                         "copy_storm, pipeline, torch_loop, train_step; framework_storm only "
                         "when named); the way to split them across commands")
    ap.add_argument("--oc-variant", action="append", metavar="NAME=KEY=VALUE[,KEY=VALUE]",
                    help="one more variant: overlapcheck with this environment added "
                         "(for example flush1s=OVERLAPCHECK_FLUSH_MS=1000); in results.json "
                         "and runs.tsv")
    ap.add_argument("--merge", nargs="+", metavar="DIR",
                    help="run nothing: one table (in --out) of the runs in DIR/results.json of "
                         "several commands, each command's repetitions paired within it")
    ap.add_argument("--variants", metavar="V1,V2,...",
                    help="phase A runs only these variants (native, lean, bare, overlapcheck, "
                         "the --oc-variant and --bare-variant names, nsys, torch_profiler): "
                         "a focused A/B; the table's ratios need their variants")
    ap.add_argument("--bare-variant", action="append", metavar="NAME=KEY=VALUE[,KEY=VALUE]",
                    help="one more variant: the floor with this environment added (for example "
                         "floorrec=BARE_QUERIES=record), paired against the floor")
    ap.add_argument("--base", metavar="VARIANT",
                    help="the paired table also gives every other variant over this one (for "
                         "example lean: each --bare-variant's kind and each --oc-variant's "
                         "choice over the lean floor; docs/performance.md, \"How to attribute "
                         "the cost\")")
    ap.add_argument("--cpus", metavar="LIST",
                    help="run the benchmark and every program it starts on these CPUs only "
                         "(for example 2-9 or 2,4,6): the same CPUs for every variant, "
                         "against a scheduler that moves a single-threaded program around; "
                         "the tracer's writer then shares those CPUs with the program, which "
                         "the floors, with no busy thread, do not feel (docs/performance.md, "
                         "runs X and Y)")
    a = ap.parse_args(argv)
    try:
        parse_variant_specs(a.bare_variant, parse_variant_specs(a.oc_variant))
        a.cpu_set = parse_cpus(a.cpus) if a.cpus else None
    except ValueError as err:
        ap.error(str(err))
    if not a.out:
        a.out = os.path.join(a.build, "bench-out")
    return a


def steal_ticks(cpus=None):
    """The steal time of /proc/stat, in clock ticks: summed over the CPUs
    listed (pinned runs), else the all-CPU line; None where it cannot be read."""
    try:
        with open("/proc/stat") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    total = 0
    for line in lines:
        f = line.split()
        if not f or not f[0].startswith("cpu") or len(f) < 9:
            continue
        name = f[0]
        if cpus is None and name != "cpu":
            continue
        if cpus is not None and (name == "cpu" or int(name[3:]) not in cpus):
            continue
        total += int(f[8])
    return total


def parse_cpus(text):
    """'2-5,8' -> {2, 3, 4, 5, 8}; ValueError for anything else."""
    out = set()
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError("--cpus: '%s' is not a CPU list like 2-9 or 2,4,6" % text)
        lo_i, hi_i = int(lo), int(hi) if hi else int(lo)
        if hi_i < lo_i or hi_i - lo_i > 4096:
            raise ValueError("--cpus: '%s': a range must go up" % text)
        out.update(range(lo_i, hi_i + 1))
    return out


def main(argv=None):
    a = parse_args(argv)
    if a.cpu_set:
        try:
            os.sched_setaffinity(0, a.cpu_set)   # the programs inherit it
        except (OSError, ValueError) as err:
            print("bench: --cpus %s: %s" % (a.cpus, err), file=sys.stderr)
            return 2
    if a.merge:
        os.makedirs(a.out, exist_ok=True)
        return merge(a)
    missing = preflight(a)
    if missing:
        print("bench: missing %s; build them first with `make && make gpu-progs` on a machine "
              "with sqlite3.h and nvcc" % ", ".join(missing), file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    b = Bench(a)
    if b.unknown_programs:
        print("bench: unknown program(s) in --programs: %s (known: %s)" % (
            ", ".join(b.unknown_programs),
            ", ".join(p["name"] for p in b.default_programs())), file=sys.stderr)
        return 2
    return b.main()


if __name__ == "__main__":
    sys.exit(main())
