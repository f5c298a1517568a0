#!/bin/bash
# bench/attribution.sh: issue 33's first step, "attribute the cost", as one
# GPU command of at most 10 minutes per part (docs/performance.md, "How to
# attribute the cost").
#
#   bash bench/attribution.sh OUT [PART...]
#
# PART (default: loop-kinds):
#   loop-kinds    torch_loop: native, the lean floor, the lean floor plus each
#                 single extra activity kind (BARE_KINDS=+STREAM, ...), plus
#                 all of them (the floor without callbacks), and nsys
#   loop-choices  torch_loop: the lean floor, the lean floor with every
#                 callback (BARE_CALLBACKS=all), the floor, overlapcheck, and
#                 overlapcheck with one choice changed each: the extra kinds
#                 off (OVERLAPCHECK_KINDS_OFF), OVERLAPCHECK_API_TIMING=
#                 callbacks and =records, OVERLAPCHECK_QUERIES=summary,
#                 OVERLAPCHECK_MEMREFS=0, OVERLAPCHECK_CALLER_US=0
#   train         train_step (ATTR_TRAIN_STEPS, default 60): the lean floor,
#                 its extra kinds, its callbacks, the floor, overlapcheck,
#                 overlapcheck without the extra kinds, with
#                 API_TIMING=callbacks, and nsys
#   anchor        what nsys asks of CUPTI and records (bounded, ATTR_ANCHOR_S,
#                 default 80 s): nsys on a short torch_loop with the CUPTI spy
#                 (build/bench/libcupti-spy*.so) in LD_PRELOAD, the lean floor
#                 and overlapcheck under the same spy, nsys's own files and
#                 export where they can be made
# and the checks of issue 33's targets, with the library as built:
#   suite         the GPU suite (tests/gpu/suite.py; ATTR_SUITE_S, default 100 s)
#   storm1m       the launch storm with 1 000 000 kernels under overlapcheck
#                 (OVERLAPCHECK_STATS=1): dropped and incomplete records,
#                 bytes per op and per column (bench/row-bytes.py); again
#                 with ATTR_LANDED_LIB when set, so that the two traces'
#                 bytes are compared at the same length of run
#                 (ATTR_STORM1M_S, default 130 s)
#   storms        launch storm, copy storm, pipeline: the lean floor,
#                 overlapcheck, and the library at ATTR_LANDED_LIB (an
#                 earlier build's liboverlapcheck-inject.so) when set
#   targets       train_step and torch_loop: the lean floor, overlapcheck,
#                 nsys (the targets: overlapcheck <= 1.10 x the lean floor,
#                 <= 1.00 x nsys)
#   flush         train_step and torch_loop: the lean floor, the lean floor
#                 flushing CUPTI's buffers every 50 ms as overlapcheck's
#                 flush thread does (BARE_FLUSH_MS=50), overlapcheck
# Every rotation runs bench.py --phases A with --base lean (each variant over
# the lean floor, paired per repetition: median [min..max]), the CPUs pinned
# (ATTR_CPUS, default 2-9), as many repetitions as fit (at most ATTR_REPS,
# default 8): no new repetition starts when the last one's time would pass
# the part's budget, and the table is printed from what ran.
#
# Time: the whole command stops starting work ATTR_DEADLINE_S (default 500)
# seconds after it began and is killed 20 s later; the fixed parts (anchor,
# suite, storm1m) keep their time, and the rotations share what is left, in
# order. Out: OUT/PART/ (bench.py's table.txt, results.json, runs.tsv,
# logs/), OUT/anchor/ (spy logs, summary.txt), OUT/suite/ and suite.out,
# OUT/storm1m/ (each run's output and summary.txt), OUT/summary.txt
# (every part's paired table, for the report). Nothing is built here: carry
# build/ (make && make gpu-progs on the CPU machine). ATTR_DRY=1 runs
# nothing and prints each part's budget and command ("plan: ...").
set -u
OUT=${1:?usage: bash bench/attribution.sh OUT [loop-kinds|loop-choices|train|anchor|suite|storm1m|storms|targets|flush ...]}
shift
PARTS=${*:-loop-kinds}
cd "$(dirname "$0")/.." || exit 2
BUILD=${BUILD:-build}
DEADLINE=${ATTR_DEADLINE_S:-500}
CPUS=${ATTR_CPUS:-2-9}
REPS=${ATTR_REPS:-8}
ITERS=${ATTR_TORCH_ITERS:-16000}
STEPS=${ATTR_TRAIN_STEPS:-60}
ANCHOR_S=${ATTR_ANCHOR_S:-80}
SUITE_S=${ATTR_SUITE_S:-100}
STORM1M_S=${ATTR_STORM1M_S:-130}
LANDED=${ATTR_LANDED_LIB:-}
DRY=${ATTR_DRY:-0}
T0=$(date +%s)
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
# a dry run's clock stands still and each part spends its time on paper
# (SPENT), so its plan shows the budgets a real run gets, however long the
# dry run itself takes
SPENT=0
now() { if [ "$DRY" = 1 ]; then echo "$T0"; else date +%s; fi; }
# planned SECONDS TEXT: in a dry run, the plan's line, and the time spent on
# paper (status 0: the caller runs nothing); else status 1
planned() {
	[ "$DRY" = 1 ] || return 1
	log "plan: $2"
	SPENT=$((SPENT + $1))
}
left() { echo $((DEADLINE - ($(now) - T0) - SPENT)); }
log() { echo "[attribution $(( $(date +%s) - T0 ))s] $*" | tee -a "$OUT/attribution.log"; }

for p in $PARTS; do
	case $p in loop-kinds|loop-choices|train|anchor|suite|storm1m|storms|targets|flush) ;;
	*) echo "attribution: unknown part '$p' (loop-kinds, loop-choices, train, anchor, suite, storm1m, storms, targets, flush)" >&2; exit 2 ;;
	esac
done
case " $PARTS " in *" storm1m "*)
	[ -e "$BUILD/gpu/bench/launch_storm" ] || {
		echo "attribution: $BUILD/gpu/bench/launch_storm is missing: make gpu-progs (and carry $BUILD)" >&2; exit 2; } ;;
esac
if [ -n "$LANDED" ] && [ ! -f "$LANDED" ]; then
	echo "attribution: ATTR_LANDED_LIB '$LANDED' is not a file" >&2
	exit 2
fi
for f in bin/overlapcheck lib/liboverlapcheck-inject.so bench/libbare-collector.so \
	 bench/libcupti-spy.so bench/libcupti-spy-dl.so; do
	[ -e "$BUILD/$f" ] || { echo "attribution: $BUILD/$f is missing: make (and carry $BUILD)" >&2; exit 2; }
done
PY=${PYTHON:-python3}
[ -x /opt/torch/.venv/bin/python3 ] && [ -z "${PYTHON:-}" ] && PY=/opt/torch/.venv/bin/python3
log "parts: $PARTS; deadline ${DEADLINE}s; cpus $CPUS; python $PY; $(nproc) CPUs"

# The kinds the floor adds one at a time (MARKER with its MARKER_DATA).
KINDS_ALL=+STREAM,+CONTEXT,+DEVICE,+OVERHEAD,+CUDA_EVENT,+MARKER,+MARKER_DATA
OFF_ALL=STREAM,CONTEXT,DEVICE,OVERHEAD,CUDA_EVENT,MARKER,MARKER_DATA

# rotation NAME BUDGET_S ARGS...: one bench.py phase A, bounded
rotation() {
	local name=$1 budget=$2
	shift 2
	if [ "$budget" -lt 60 ]; then
		log "$name: skipped, ${budget}s for it"
		return
	fi
	log "$name: budget ${budget}s"
	planned "$budget" "bench.py --out $OUT/$name --budget $budget $*" && return
	timeout -k 5 $((budget + 20)) "$PY" bench/bench.py --build "$BUILD" --out "$OUT/$name" \
		--phases A --base lean --cpus "$CPUS" --reps "$REPS" --min-reps 1 \
		--budget "$budget" --share-a 0.99 --nsys-timeout 40 --run-timeout 60 \
		--torch-iters "$ITERS" --train-steps "$STEPS" "$@" > "$OUT/$name.out" 2>&1
	log "$name: bench.py exit $? ($(grep -c ' rep ' "$OUT/$name.out") runs)"
	{
		echo "==== $name"
		sed -n '/^Paired ratios/,/^$/p' "$OUT/$name/table.txt" 2>/dev/null
		sed -n '/^Time per op/,/^peak RSS/p' "$OUT/$name/table.txt" 2>/dev/null
		grep '^note:' "$OUT/$name/table.txt" 2>/dev/null
	} >> "$OUT/summary.txt"
}

# the rotations share what is left, less the time of the fixed parts (the
# anchor, the suite, the 1M storm) still to come
rotations=0
fixed_todo=0
fixed_s() {
	case $1 in anchor) echo "$ANCHOR_S" ;; suite) echo "$SUITE_S" ;; storm1m) echo "$STORM1M_S" ;; *) echo 0 ;; esac
}
for p in $PARTS; do
	case $p in anchor|suite|storm1m) fixed_todo=$((fixed_todo + $(fixed_s "$p"))) ;;
	*) rotations=$((rotations + 1)) ;;
	esac
done

part_loop_kinds() {
	rotation loop-kinds "$1" --programs torch_loop \
		--variants native,lean,lean+STREAM,lean+CONTEXT,lean+DEVICE,lean+OVERHEAD,lean+CUDA_EVENT,lean+MARKER,lean+kinds,nsys \
		--bare-variant lean+STREAM=BARE_LEAN=1,BARE_KINDS=+STREAM \
		--bare-variant lean+CONTEXT=BARE_LEAN=1,BARE_KINDS=+CONTEXT \
		--bare-variant lean+DEVICE=BARE_LEAN=1,BARE_KINDS=+DEVICE \
		--bare-variant lean+OVERHEAD=BARE_LEAN=1,BARE_KINDS=+OVERHEAD \
		--bare-variant lean+CUDA_EVENT=BARE_LEAN=1,BARE_KINDS=+CUDA_EVENT \
		--bare-variant lean+MARKER=BARE_LEAN=1,BARE_KINDS=+MARKER,+MARKER_DATA \
		--bare-variant lean+kinds=BARE_LEAN=1,BARE_KINDS=$KINDS_ALL
}

part_loop_choices() {
	rotation loop-choices "$1" --programs torch_loop --no-nsys \
		--variants lean,lean+cb,bare,overlapcheck,oc-kinds,oc-cbtime,oc-records,oc-qsum,oc-nomem,oc-nocallers \
		--bare-variant lean+cb=BARE_LEAN=1,BARE_CALLBACKS=all \
		--oc-variant oc-kinds=OVERLAPCHECK_KINDS_OFF=$OFF_ALL \
		--oc-variant oc-cbtime=OVERLAPCHECK_API_TIMING=callbacks \
		--oc-variant oc-records=OVERLAPCHECK_API_TIMING=records \
		--oc-variant oc-qsum=OVERLAPCHECK_QUERIES=summary \
		--oc-variant oc-nomem=OVERLAPCHECK_MEMREFS=0 \
		--oc-variant oc-nocallers=OVERLAPCHECK_CALLER_US=0
}

part_train() {
	rotation train "$1" --programs train_step \
		--variants lean,lean+kinds,lean+cb,bare,overlapcheck,oc-kinds,oc-cbtime,nsys \
		--bare-variant lean+kinds=BARE_LEAN=1,BARE_KINDS=$KINDS_ALL \
		--bare-variant lean+cb=BARE_LEAN=1,BARE_CALLBACKS=all \
		--oc-variant oc-kinds=OVERLAPCHECK_KINDS_OFF=$OFF_ALL \
		--oc-variant oc-cbtime=OVERLAPCHECK_API_TIMING=callbacks
}

part_storms() {
	if [ -n "$LANDED" ]; then
		rotation storms "$1" --programs launch_storm,copy_storm,pipeline --no-nsys \
			--variants lean,overlapcheck,landed --oc-variant "landed=OVERLAPCHECK_LIB=$LANDED"
	else
		rotation storms "$1" --programs launch_storm,copy_storm,pipeline --no-nsys \
			--variants lean,overlapcheck
	fi
}

part_targets() {
	rotation targets "$1" --programs train_step,torch_loop --variants lean,overlapcheck,nsys
}

part_flush() {
	rotation flush "$1" --programs train_step,torch_loop --variants lean,lean+flush,overlapcheck --no-nsys \
		--bare-variant lean+flush=BARE_LEAN=1,BARE_FLUSH_MS=50
}

# suite: the GPU suite with this build's library, bounded to SUITE_S
part_suite() {
	local t=$SUITE_S
	[ "$(left)" -lt "$t" ] && t=$(left)
	if [ "$t" -lt 30 ]; then
		log "suite: skipped, ${t}s for it"
		return
	fi
	planned "$t" "tests/gpu/suite.py --build $BUILD --out $OUT/suite (${t}s)" && return
	timeout -k 5 "$t" "$PY" tests/gpu/suite.py --build "$BUILD" --out "$OUT/suite" > "$OUT/suite.out" 2>&1
	log "suite: exit $?: $(tail -n 1 "$OUT/suite.out")"
	{ echo "==== suite"; tail -n 5 "$OUT/suite.out"; } >> "$OUT/summary.txt"
}

# storm1m: 1 000 000 launches under overlapcheck, then under the landed
# library when one is given: what was dropped, and each trace's bytes by
# column (the bytes follow the run's length: docs/performance-log.md, AU)
part_storm1m() {
	local s="$OUT/storm1m" end lib name t runs=1
	mkdir -p "$s"
	[ -n "$LANDED" ] && runs=2
	end=$(( $(now) + STORM1M_S ))
	[ "$(left)" -lt "$STORM1M_S" ] && end=$(( $(now) + $(left) ))
	end=$((end + SPENT))      # a dry run's clock: the time it spent on paper
	for name in overlapcheck landed; do
		lib=
		if [ "$name" = landed ]; then
			[ -n "$LANDED" ] || break
			lib=$LANDED
		fi
		t=$(( (end - $(now) - SPENT) / runs ))
		runs=1
		if [ "$t" -lt 20 ]; then
			log "storm1m: $name skipped, ${t}s for it"
			continue
		fi
		planned "$t" "${lib:+OVERLAPCHECK_LIB=$lib }overlapcheck run -o $s/$name.db -- launch_storm 1000000 (${t}s)" &&
			continue
		env ${lib:+OVERLAPCHECK_LIB="$lib"} OVERLAPCHECK_STATS=1 timeout -k 5 $((t - 10)) \
			"$BUILD/bin/overlapcheck" run -q -o "$s/$name.db" -- "$BUILD/gpu/bench/launch_storm" 1000000 \
			> "$s/$name.out" 2>&1
		log "storm1m: $name exit $?"
		{
			echo "==== storm1m: $name"
			grep -h '^BENCH' "$s/$name.out"
			"$PY" -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", ("dropped_records", "incomplete_records")))
print("ops %d, dropped_records %s, incomplete_records %s" % (db.execute("SELECT count(*) FROM ops").fetchone()[0],
      meta.get("dropped_records"), meta.get("incomplete_records")))' "$s/$name.db"
			"$PY" bench/row-bytes.py "$s/$name.db"
		} >> "$s/summary.txt" 2>&1
		rm -f "$s/$name.db"*
	done
	[ -f "$s/summary.txt" ] && cat "$s/summary.txt" >> "$OUT/summary.txt"
}

find_nsys() {
	if [ -n "${OC_BENCH_NSYS:-}" ]; then echo "$OC_BENCH_NSYS"; return; fi
	ls -d /opt/nvidia/nsight-systems/*/bin/nsys /opt/nvidia/nsight-compute/*/host/target-linux-x64/nsys \
		2>/dev/null | tail -n 1
	command -v nsys 2>/dev/null
}

# anchor: bounded to ANCHOR_S (and to what is left); each step has its own timeout
part_anchor() {
	local a="$OUT/anchor" end nsys spy spydl prog t
	t=$ANCHOR_S
	[ "$(left)" -lt "$t" ] && t=$(left)
	planned "$t" "nsys, the lean floor and overlapcheck on torch_loop --iters 2000 under the CUPTI spy (${t}s)" &&
		return
	mkdir -p "$a"
	end=$(( $(date +%s) + t ))
	step_left() { echo $(( end - $(date +%s) )); }
	spy=$PWD/$BUILD/bench/libcupti-spy.so
	spydl=$PWD/$BUILD/bench/libcupti-spy-dl.so
	prog="$PY bench/torch_loop.py --iters 2000"
	nsys=$(find_nsys | head -n 1)
	log "anchor: nsys=${nsys:-none}, ${ANCHOR_S}s"
	# the lean floor and overlapcheck under the spy (the PLT path: they link libcupti)
	t=$(step_left); [ "$t" -gt 15 ] && {
		env CUDA_INJECTION64_PATH="$PWD/$BUILD/bench/libbare-collector.so" BARE_LEAN=1 \
			CUPTI_SPY_OUT="$a/spy-lean" LD_PRELOAD="$spy" \
			timeout 25 $prog > "$a/lean.out" 2>&1
		log "anchor: lean floor under the spy: exit $?"
	}
	t=$(step_left); [ "$t" -gt 15 ] && {
		CUPTI_SPY_OUT="$a/spy-oc" LD_PRELOAD="$spy" timeout 25 \
			"$BUILD/bin/overlapcheck" run -q -o "$a/oc.db" -- $prog > "$a/oc.out" 2>&1
		log "anchor: overlapcheck under the spy: exit $?"
		rm -f "$a/oc.db"*
	}
	if [ -n "$nsys" ]; then
		"$nsys" --version > "$a/nsys-version.txt" 2>&1
		timeout 10 "$nsys" profile --help > "$a/nsys-profile-help.txt" 2>&1
		# nsys's own libcupti is dlopen()ed: the -dl spy, last in LD_PRELOAD,
		# through a shell so that nsys's own LD_PRELOAD stays in front
		for s in "$spydl" "$spy"; do
			t=$(step_left); [ "$t" -gt 20 ] || break
			rm -rf "$a/nsys"; mkdir -p "$a/nsys"
			CUPTI_SPY_OUT="$a/spy-nsys-$(basename "$s" .so)" SPY="$s" timeout -k 3 $((t - 5)) \
				"$nsys" profile --trace=cuda --sample=none --cpuctxsw=none --force-overwrite=true \
				--export=sqlite -o "$a/nsys/capture" \
				sh -c 'LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$SPY" exec "$@"' sh $prog \
				> "$a/nsys-$(basename "$s" .so).out" 2>&1
			log "anchor: nsys with $(basename "$s") exit $?: $(grep -c 'cupti-spy' "$a"/spy-nsys-"$(basename "$s" .so)".* 2>/dev/null | awk -F: '{n += $NF} END {print n + 0}') spy lines"
			ls -la "$a/nsys" > "$a/nsys-files-$(basename "$s" .so).txt" 2>&1
			grep -q '^BENCH ' "$a/nsys-$(basename "$s" .so).out" && break
		done
		# nsys's own view, where its files allow (its report step fails on the H200)
		t=$(step_left)
		if [ "$t" -gt 10 ] && ls "$a"/nsys/capture.sqlite >/dev/null 2>&1; then :
		elif [ "$t" -gt 10 ] && ls "$a"/nsys/capture.nsys-rep >/dev/null 2>&1; then
			timeout $((t - 5)) "$nsys" export --type sqlite -o "$a/nsys/capture.sqlite" \
				"$a/nsys/capture.nsys-rep" > "$a/nsys-export.out" 2>&1
		elif [ "$t" -gt 10 ] && ls "$a"/nsys/*.qdstrm >/dev/null 2>&1; then
			imp=$(find "$(dirname "$(readlink -f "$nsys")")/.." -maxdepth 3 -name 'QdstrmImporter*' 2>/dev/null | head -n 1)
			echo "QdstrmImporter: ${imp:-none found near $nsys}" > "$a/nsys-import.out"
			[ -n "$imp" ] && timeout $((t - 5)) "$imp" -i "$a"/nsys/*.qdstrm >> "$a/nsys-import.out" 2>&1
		fi
		if ls "$a"/nsys/capture.sqlite >/dev/null 2>&1; then
			"$PY" - "$a/nsys/capture.sqlite" > "$a/nsys-tables.txt" 2>&1 <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
    print("%-40s %d" % (t, db.execute('SELECT count(*) FROM "%s"' % t).fetchone()[0]))
EOF
		fi
		rm -f "$a"/nsys/*.qdstrm "$a"/nsys/*.nsys-rep
	fi
	{
		echo "==== anchor (what each asks of CUPTI; spy lines, counted)"
		for f in "$a"/spy-*; do
			[ -e "$f" ] || continue
			echo "-- $(basename "$f")"
			sed 's/^cupti-spy: pid=[0-9]* //' "$f" | grep -v '^summary' | sed 's/ rc=.*via=/ via=/' | sort | uniq -c
			grep -h 'summary' "$f" | sed 's/^cupti-spy: //'
		done
		[ -s "$a/nsys-tables.txt" ] && { echo "-- nsys export: rows per table"; cat "$a/nsys-tables.txt"; }
		grep -h '^BENCH' "$a"/*.out 2>/dev/null
	} > "$a/summary.txt"
	cat "$a/summary.txt" >> "$OUT/summary.txt"
	log "anchor: done"
}

for p in $PARTS; do
	case $p in
	anchor|suite|storm1m)
		fixed_todo=$((fixed_todo - $(fixed_s "$p")))
		"part_$p"
		continue ;;
	esac
	budget=$(( ($(left) - fixed_todo - 5) / rotations ))
	rotations=$((rotations - 1))
	case $p in
	loop-kinds) part_loop_kinds "$budget" ;;
	loop-choices) part_loop_choices "$budget" ;;
	train) part_train "$budget" ;;
	storms) part_storms "$budget" ;;
	targets) part_targets "$budget" ;;
	flush) part_flush "$budget" ;;
	esac
done
log "done; tables in $OUT/summary.txt"
if [ -f "$OUT/summary.txt" ]; then cat "$OUT/summary.txt"; fi
exit 0
