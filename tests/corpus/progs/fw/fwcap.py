"""fwcap.py: what the framework corpus programs share (tests/corpus/SOURCES.md,
"The framework corpus").

Each program runs at two sizes, `--size host` (small work per step: the
host's own time decides the step) and `--size gpu` (large work: the device
decides), warms up, then records a few steady-state steps between
cuProfilerStart and cuProfilerStop (`overlapcheck run
--capture-range=cudaProfilerApi`), and prints one line of facts about
itself (its size, the steps captured, a checksum of its result).
"""
import argparse
import ctypes
import sys

_cu = None


def start():
    """Open the capture window (the driver's cuProfilerStart, whatever the framework)."""
    global _cu
    if _cu is None:
        _cu = ctypes.CDLL("libcuda.so.1")
    _cu.cuProfilerStart()


def stop():
    _cu.cuProfilerStop()


def args(doc):
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--size", choices=("host", "gpu"), required=True)
    return ap.parse_args()


def report(name, size, **facts):
    line = " ".join(f"{k}={v}" for k, v in facts.items())
    print(f"{name} size={size} {line}", flush=True)
    sys.stdout.flush()
