#!/bin/sh
# run.sh: the ground-truth GPU suite (`make gpu-test`).
#
# Runs on a GPU machine from a build made elsewhere: it builds nothing and
# needs neither sqlite3.h nor the sqlite3 CLI (python3's sqlite3 module reads
# the traces). Skips, exit 0, where there is no GPU. Everything it produces
# (traces, reports, logs, summary.txt) goes under $OC_GPU_OUT
# (default $BUILD/gpu-out). See tests/gpu/suite.py; then, with no SCENARIO
# named, the kill trials and the full-disk check (tests/gpu/kill_trials.py).
#   BUILD=build sh tests/gpu/run.sh [SCENARIO...]
BUILD=${BUILD:-build}
export BUILD
cd "$(dirname "$0")/../.." || exit 1
if [ ! -e /dev/nvidia0 ] || ! nvidia-smi -L >/dev/null 2>&1; then
	echo "gpu-test: skipped: no GPU here (nvidia-smi fails or /dev/nvidia0 is missing)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "gpu-test: python3 is needed to check the traces" >&2
	exit 1
fi
if [ ! -d "$BUILD/gpu/tests/gpu" ]; then
	echo "gpu-test: no GPU programs under $BUILD/gpu: run \`make BUILD=$BUILD gpu-progs\` on the build machine" >&2
	exit 1
fi
python3 tests/gpu/suite.py --build "$BUILD" "$@"
rc=$?
# The kill trials and the full disk (tests/gpu/kill_trials.py), with the whole suite only.
if [ $# -eq 0 ]; then
	python3 tests/gpu/kill_trials.py --build "$BUILD" || rc=1
fi
exit $rc
