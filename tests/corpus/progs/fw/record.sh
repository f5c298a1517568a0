#!/bin/sh
# record.sh: record the framework corpus on a GPU machine (tests/corpus/SOURCES.md,
# "The framework corpus"), from a build made elsewhere (`make` there; carry
# build/bin and build/lib).
#
#   OUT=DIR [DEADLINE=S] sh tests/corpus/progs/fw/record.sh [NAME_SIZE...]
#
# Each program at each size (or the NAME_SIZE given, e.g. jax_loop_gpu) is
# traced with `overlapcheck run --capture-range=cudaProfilerApi`, one after
# another (a second process on the GPU would take turns with it and leave
# gaps that are not the program's), and dumped as SQL (tools/dump-trace.py).
# No program starts after DEADLINE seconds (default 500). Leaves
# DIR/fw.tar.gz: NAME_SIZE.sql, NAME_SIZE.log (the program's output) and
# summary.txt (exit status and seconds of each).
BUILD=${BUILD:-build}
ROOT=$(pwd)
CLI=$ROOT/$BUILD/bin/overlapcheck
W=${OUT:?OUT=DIR}/fw
DEADLINE=${DEADLINE:-500}
mkdir -p "$W"
T0=$(date +%s)
PROGS="timm_prefetch triton_upload threaded_server graph_replay cupy_legacy jax_loop hf_trainer lightning_fit"
want() {
	[ $# -eq 0 ] && return 0
	for x in $WANT; do [ "$x" = "$1" ] && return 0; done
	return 1
}
WANT="$*"
cd "$ROOT/tests/corpus/progs/fw" || exit 1
for p in $PROGS; do
	for size in host gpu; do
		n=${p}_$size
		[ -n "$WANT" ] && ! want "$n" && continue
		now=$(date +%s)
		if [ $((now - T0)) -ge "$DEADLINE" ]; then
			echo "$n skipped: deadline" >> "$W/summary.txt"
			continue
		fi
		t1=$(date +%s.%N)
		timeout 120 "$CLI" run -q --force --capture-range=cudaProfilerApi -o "$W/$n.db" \
			-- python3 "$p.py" --size "$size" > "$W/$n.log" 2>&1
		rc=$?
		t2=$(date +%s.%N)
		echo "$n rc=$rc seconds=$(python3 -c "print(round($t2 - $t1, 1))")" >> "$W/summary.txt"
		[ -f "$W/$n.db" ] && python3 "$ROOT/tools/dump-trace.py" "$W/$n.db" "$W/$n.sql" >> "$W/$n.log" 2>&1
	done
done
cd "$W" && tar czf "$OUT/fw.tar.gz" ./*.sql ./*.log summary.txt 2>/dev/null
cat "$W/summary.txt"
