#!/usr/bin/env python3
"""scenarios.py: the multi-GPU scenarios (tests/multigpu/README.md), traced and
checked. Needs a machine with two or more GPUs; run through run.sh, which
sets the environment every run must have.

    python3 tests/multigpu/scenarios.py [--build build] [--out DIR] [NAME...]

For each tests/multigpu/expect/NAME.expect (or the NAMEs given):
  1. the program runs untraced once (its self-check must pass: a traced run of
     a broken program proves nothing), then under `overlapcheck run`: Python
     scenarios as `torchrun --standalone --nproc_per_node 2 FILE.py ARGS`
     (each worker writes its own trace, OUT/NAME/train.rank<R>.db), C ones
     directly (one process drives both GPUs: one trace, OUT/NAME/NAME.db);
  2. every rank's trace is checked against NAME.expect (tests/fixtures/check.py:
     the format of tests/fixtures/README.md);
  3. each rank's JSON report is written beside its trace, and the merge is
     checked against NAME.ranks (check_ranks.py) twice: from the traces and
     from the JSON reports, which must give the same merge.
Everything goes under --out (default $BUILD/multigpu-out): traces, reports,
logs, summary.txt. Exit 0 when every scenario passed, 1 when one failed, 2
when this machine cannot run them (fewer than 2 GPUs, no torch, no NCCL).
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures"))
import check as fx          # noqa: E402  (tests/fixtures/check.py)
import check_ranks          # noqa: E402

# Set again here so that no run can go without them (run.sh exports them
# too): NVLink SHARP multicast stays off, nothing calls cuMulticastCreate.
NO_MULTICAST = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
                "NVSHMEM_DISABLE_NVLS": "1"}
NPROC = 2


def gpus():
    try:
        p = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE, universal_newlines=True,
                           timeout=60)
        return len([l for l in p.stdout.splitlines() if l.startswith("GPU ")])
    except (OSError, subprocess.SubprocessError):
        return 0


def nccl_dirs():
    """(include, lib) of the NCCL PyTorch ships (the nvidia-nccl wheel), else
    $NCCL_HOME, else the CUDA toolkit's; None when there is no nccl.h."""
    cands = []
    try:
        p = subprocess.run([sys.executable, "-c", "import nvidia.nccl, os; "
                            "print(os.path.dirname(nvidia.nccl.__file__))"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, universal_newlines=True)
        if p.returncode == 0 and p.stdout.strip():
            cands.append(p.stdout.strip())
    except OSError:
        pass
    if os.environ.get("NCCL_HOME"):
        cands.append(os.environ["NCCL_HOME"])
    cands.append(os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    for c in cands:
        inc, lib = os.path.join(c, "include"), os.path.join(c, "lib")
        if not os.path.isdir(lib):
            lib = os.path.join(c, "lib64")
        if os.path.exists(os.path.join(inc, "nccl.h")):
            return inc, lib
    return None


def run(cmd, env, log, timeout, cwd=None):
    with open(log, "w") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        try:
            p = subprocess.run(cmd, env=env, stdout=f, stderr=subprocess.STDOUT, timeout=timeout,
                               cwd=cwd)
            return p.returncode
        except subprocess.TimeoutExpired:
            f.write("\ntimed out after %d s\n" % timeout)
            return 124


def main():
    ap = argparse.ArgumentParser(description="the multi-GPU scenarios")
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--out", default="")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    cli = os.path.join(build, "bin", "overlapcheck")
    out = os.path.abspath(a.out or os.path.join(build, "multigpu-out"))
    n = gpus()
    if n < 2:
        print("multigpu: needs 2 GPUs, nvidia-smi -L shows %d: nothing run (README.md says what "
              "one GPU can show)" % n)
        return 2
    if not os.access(cli, os.X_OK):
        print("multigpu: no %s: run make first" % cli)
        return 2
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, **NO_MULTICAST)
    expects = sorted(glob.glob(os.path.join(HERE, "expect", "*.expect")))
    if a.names:
        expects = [e for e in expects if os.path.basename(e)[:-len(".expect")] in a.names]
    summary, failed = [], 0
    nccl = nccl_dirs()
    prog = os.path.join(out, "bin", "legacy_stream_nccl")
    for path in expects:
        ex = fx.parse_expect(path)
        name = ex.name
        d = os.path.join(out, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        if ex.python:
            base = [sys.executable, "-m", "torch.distributed.run", "--standalone",
                    "--nproc_per_node", str(NPROC), os.path.join(HERE, ex.python)] + ex.args
            trace = os.path.join(d, "train.db")
        else:
            if not nccl:
                summary.append("SKIP %s: no nccl.h (pip nvidia-nccl, $NCCL_HOME or the toolkit)" % name)
                continue
            if not os.path.exists(prog):
                os.makedirs(os.path.dirname(prog), exist_ok=True)
                nvcc = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "nvcc")
                rc = run([nvcc, "-O2", "-gencode", "arch=compute_90,code=sm_90", "-o", prog,
                          os.path.join(HERE, "legacy_stream_nccl.cu"), "-I" + nccl[0], "-L" + nccl[1],
                          "-l:libnccl.so.2", "-Xlinker", "-rpath=" + nccl[1]],
                         env, os.path.join(out, "build-legacy_stream_nccl.log"), 600)
                if rc:
                    summary.append("FAIL %s: nvcc failed (build-legacy_stream_nccl.log)" % name)
                    failed += 1
                    continue
            base = [prog] + ex.args
            trace = os.path.join(d, name + ".db")
        runenv = dict(env, **ex.env)
        rc = run(base, runenv, os.path.join(d, "untraced.log"), ex.timeout)
        if rc:
            summary.append("FAIL %s: the untraced run exited %d (untraced.log)" % (name, rc))
            failed += 1
            continue
        rc = run([cli, "run", "-o", trace, "--"] + base, runenv, os.path.join(d, "traced.log"),
                 ex.timeout)
        if rc:
            summary.append("FAIL %s: the traced run exited %d (traced.log)" % (name, rc))
            failed += 1
            continue
        traces = sorted(glob.glob(os.path.join(d, "train.rank*.db"))) if ex.python else [trace]
        lines, bad = [], 0
        if ex.python and len(traces) != NPROC:
            lines.append("FAIL %d rank traces (want %d): %s" % (len(traces), NPROC, traces))
            bad += 1
        for t in traces:
            for ok, where, text, detail in fx.check_trace(cli, t, ex):
                lines.append("%s %s %s %s%s" % ("ok  " if ok else "FAIL", os.path.basename(t), where,
                                                text, "" if ok else "  (%s)" % detail))
                bad += not ok
            with open(t[:-3] + ".json", "w") as f:
                subprocess.run([cli, "report", "--format", "json", t], stdout=f)
        ranks_file = path[:-len(".expect")] + ".ranks"
        merged = {}
        for kind, inputs in (("traces", traces), ("json", [t[:-3] + ".json" for t in traces])):
            mj = os.path.join(d, "ranks-%s.json" % kind)
            with open(mj, "w") as f:
                p = subprocess.run([cli, "report", "--ranks", "--format", "json"] + inputs, stdout=f,
                                   stderr=subprocess.PIPE, universal_newlines=True)
            if p.returncode:
                lines.append("FAIL report --ranks (%s): %s" % (kind, p.stderr.strip()))
                bad += 1
                continue
            merged[kind] = json.load(open(mj))
            if kind == "traces":
                subprocess.run([cli, "report", "--ranks"] + inputs,
                               stdout=open(os.path.join(d, "ranks.txt"), "w"))
                subprocess.run([cli, "timeline", "--ranks", "-o", os.path.join(d, "ranks.html")] +
                               inputs, stderr=subprocess.DEVNULL)
                if os.path.exists(ranks_file):
                    for ok, ln, text, detail in check_ranks.check(merged[kind],
                                                                  check_ranks.parse(ranks_file)):
                        lines.append("%s ranks %s:%d %s%s" % ("ok  " if ok else "FAIL", name, ln, text,
                                                               "" if ok else "  (%s)" % detail))
                        bad += not ok
        if len(merged) == 2:
            for m in merged.values():
                for r in m["ranks"]:
                    r.pop("source")
                    r.pop("source_kind")
            same = json.dumps(merged["traces"], sort_keys=True) == json.dumps(merged["json"], sort_keys=True)
            lines.append("%s the merge from JSON reports equals the merge from traces" %
                         ("ok  " if same else "FAIL"))
            bad += not same
        with open(os.path.join(d, "checks.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        summary.append("%s %s: %d checks, %d failed (%s/checks.txt)" %
                       ("ok  " if not bad else "FAIL", name, len(lines), bad, name))
        failed += bad > 0
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
    print("\n".join(summary))
    print("multigpu: %d scenarios, %d failed; everything under %s" % (len(summary), failed, out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
