#!/bin/sh
# bench/run.sh: what `make bench` runs on a GPU machine (issue 7).
#
# Runs the overhead benchmark (bench/bench.py): launch storm, small-copy
# storm, three-stream pipeline and a PyTorch loop, each untraced, under the
# bare CUPTI collector (the floor) and under `overlapcheck run`, interleaved
# and repeated; then a 1M-kernel run for dropped records and the injection's
# self-measurement, the SQLite insert rate, and Nsight Systems' capture where
# an nsys exists. Results go to $OC_BENCH_OUT (default $BUILD/bench-out):
# table.txt, results.json, runs.tsv, logs/.
#
# Everything it runs is built beforehand, on a machine with sqlite3.h and
# nvcc:  make && make gpu-progs   (then carry $BUILD to the GPU machine).
#
# Time-boxed: the whole run stays within OC_BENCH_BUDGET_S seconds (default
# 300), and a hard limit of budget + 25 s stops it whatever happens.
# Exit status: 0 when at least one program gave an overlapcheck/floor ratio
# (the table says which targets passed), 1 when none did, 2 when something it
# needs is missing, 124 when the hard limit stopped it.
# Other settings: OC_BENCH_REPS (5), OC_BENCH_MIN_REPS (3), OC_BENCH_NSYS
# (path to nsys), CUDA_HOME; extra arguments go to bench.py (see --help).
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
