#!/bin/sh
# demo.sh: the main job in one command (`make demo`).
#
# With a GPU: build examples/pipeline.cu where it is not built yet (nvcc),
# trace it with `overlapcheck run` and print `overlapcheck report`.
# Without one: say so, and print the reports of two traces recorded on an
# H200, the pinned three-stream pipeline and the same program on pageable
# memory (tests/fixtures/pinned_pipeline.sql, pageable_pipeline.sql).
# Either way, then the report of a recorded hazard, a copy racing a kernel
# on one buffer (tests/fixtures/mem/hazard_copy_kernel.sql).
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
NVCC=${NVCC:-$CUDA_HOME/bin/nvcc}
cd "$(dirname "$0")/.." || exit 1
CLI=$BUILD/bin/overlapcheck
FIX=${OC_FIXTURES:-tests/fixtures}

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# recorded NAME: load tests/fixtures/NAME.sql and print its report; 1 if it cannot.
recorded() {
	name=$1
	if [ ! -f "$FIX/$name.sql" ]; then
		echo "demo: no recorded trace $FIX/$name.sql yet (tools/record-fixtures.sh on a GPU machine makes it)" >&2
		return 1
	fi
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(open(sys.argv[2], encoding="utf-8").read()); c.close()' \
			"$tmp/${name##*/}.db" "$FIX/$name.sql"
	else
		sqlite3 "$tmp/${name##*/}.db" <"$FIX/$name.sql"
	fi || {
		echo "demo: cannot load $FIX/$name.sql" >&2
		return 1
	}
	echo "==== $name (recorded on an H200: $FIX/$name.sql) ===="
	"$CLI" report "$tmp/${name##*/}.db" || return 1
	echo
}

INJ=$BUILD/lib/liboverlapcheck-inject.so
gpu=
if [ -e /dev/nvidia0 ] && nvidia-smi -L >/dev/null 2>&1; then gpu=1; fi

# The build, where it is not there (`make demo` checked what it needs first:
# tools/setup-deps). Its notes (an injection library skipped) are shown.
if [ ! -x "$CLI" ] || { [ -n "$gpu" ] && [ ! -f "$INJ" ]; }; then
	echo "demo: building overlapcheck first"
	$MAKE BUILD="$BUILD" >"$tmp/make.log" 2>&1 || {
		cat "$tmp/make.log"
		echo "demo: cannot build $CLI" >&2
		exit 1
	}
	grep -E '^(NOTE|setup-deps):' "$tmp/make.log" | sed 's/^/demo: /' || :
fi

if [ -n "$gpu" ]; then
	if [ ! -f "$INJ" ]; then
		echo "demo: no injection library $INJ: the build skipped it (see its note)" >&2
		exit 1
	fi
	prog=$BUILD/gpu/examples/pipeline
	if [ ! -x "$prog" ]; then
		if [ ! -x "$NVCC" ]; then
			echo "demo: $prog is not built and there is no nvcc at $NVCC:" \
			     "build it with \`make gpu-progs\` where CUDA is installed" >&2
			exit 1
		fi
		echo "demo: building $prog"
		mkdir -p "$(dirname "$prog")"
		"$NVCC" -O2 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90 \
			-o "$prog" examples/pipeline.cu || exit 1
	fi
	gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
	echo "demo: tracing examples/pipeline.cu on this machine's GPU ($gpu)"
	echo "      (8 chunks of 4 MB: copy in, compute, copy out, over three pinned streams)"
	echo
	"$CLI" run -o "$tmp/pipeline.db" -- "$prog" || {
		echo "demo: the traced run failed" >&2
		exit 1
	}
	echo
	"$CLI" report "$tmp/pipeline.db" || exit 1
	echo
	echo "demo: and a hazard RECORDED ON AN NVIDIA H200 (not run now): a copy racing a kernel on one buffer"
	echo
	recorded mem/hazard_copy_kernel
	exit $?
fi

echo "demo: no GPU found here (nvidia-smi fails or /dev/nvidia0 is missing)."
echo "      These are traces RECORDED ON AN NVIDIA H200 (tests/fixtures/), not run now:"
echo "      the same three-stream chunked pipeline, on pinned memory and on pageable memory,"
echo "      and a copy racing a kernel on one buffer (a hazard: nothing orders them)."
echo
status=0
for name in pinned_pipeline pageable_pipeline mem/hazard_copy_kernel; do
	recorded "$name" || status=1
done
exit $status
