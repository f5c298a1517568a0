#!/bin/sh
# bench/run.sh: what `make bench` runs on a GPU machine (issues 7, 18).
#
# Runs the overhead benchmark (bench/bench.py): launch storm, small-copy
# storm, three-stream pipeline, a PyTorch loop and a PyTorch training step,
# each untraced (native), under the lean floor (the bare CUPTI collector with
# BARE_LEAN=1: device activity only), under the floor (the same collector
# asking CUPTI for what overlapcheck asks), under `overlapcheck run`, under
# Nsight Systems where an nsys exists, and the PyTorch ones under
# torch.profiler: all in one rotation, repeated, with paired ratios (phase A);
# then a 1M-kernel run for dropped records and the injection's
# self-measurement (B) and the SQLite insert rate (C). Phase D (nsys alone)
# runs only when asked: --phases ABCD. Results go to $OC_BENCH_OUT (default
# $BUILD/bench-out): table.txt, results.json, runs.tsv, logs/.
#
# Everything it runs is built beforehand, on a machine with sqlite3.h and
# nvcc:  make && make gpu-progs   (then carry $BUILD to the GPU machine).
#
# Time-boxed: the whole run stays within OC_BENCH_BUDGET_S seconds (default
# 300), and a hard limit of budget + 25 s stops it whatever happens.
# Six repetitions of every program and variant do not fit one command of a
# GPU machine that allows 10 minutes: split the programs with --programs,
# one output directory each, for example
#   OC_BENCH_OUT=out-torch OC_BENCH_BUDGET_S=540 sh bench/run.sh --phases A --programs torch_loop,train_step
#   OC_BENCH_OUT=out-cuda OC_BENCH_BUDGET_S=540 sh bench/run.sh --phases A --programs launch_storm,copy_storm,pipeline
#   OC_BENCH_OUT=out-bc sh bench/run.sh --phases BC
# (one program per command where six repetitions of two do not fit: the
# table's notes say when the budget stopped phase A early).
# Exit status: 0 when at least one program gave an overlapcheck/floor ratio
# (the table says which targets passed), 1 when none did, 2 when something it
# needs is missing, 124 when the hard limit stopped it.
# Other settings: OC_BENCH_REPS (6), OC_BENCH_MIN_REPS (6), OC_BENCH_NSYS
# (path to nsys), CUDA_HOME; extra arguments go to bench.py (see --help:
# --oc-variant and --bare-variant add A/B variants, --no-nsys leaves nsys out).
BUILD=${BUILD:-build}
OC_BENCH_OUT=${OC_BENCH_OUT:-$BUILD/bench-out}
OC_BENCH_BUDGET_S=${OC_BENCH_BUDGET_S:-300}
export BUILD OC_BENCH_OUT OC_BENCH_BUDGET_S
cd "$(dirname "$0")/.." || exit 2

if ! command -v python3 >/dev/null 2>&1; then
	echo "bench: python3 not found; the benchmark driver needs it" >&2
	exit 2
fi
mkdir -p "$OC_BENCH_OUT" || exit 2
hard=$(python3 -c "import sys; print(int(float(sys.argv[1])) + 25)" "$OC_BENCH_BUDGET_S") || exit 2
if command -v timeout >/dev/null 2>&1; then
	timeout -k 5 "$hard" python3 bench/bench.py --build "$BUILD" --out "$OC_BENCH_OUT" "$@"
else
	python3 bench/bench.py --build "$BUILD" --out "$OC_BENCH_OUT" "$@"
fi
rc=$?
[ "$rc" -eq 124 ] && echo "bench: stopped by the hard time limit (${hard}s); partial logs in $OC_BENCH_OUT/logs" >&2
exit $rc
