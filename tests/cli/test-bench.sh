#!/bin/sh
# test-bench.sh: the benchmark tooling, checked on the CPU (issue 7).
#   - bench/test_bench.py: the GPU driver's logic against stand-in programs
#   - the floor collector exports InitializeInjection and links libcupti
#   - insert-rate writes real traces and reports sane numbers
#   - analyze-scale.sh's argument checking
#   - output-scale.sh's argument checking, and one small run of it
. "$(dirname "$0")/lib.sh"

out=$(python3 bench/test_bench.py 2>&1)
rc=$?
like "bench driver unit tests pass" "$(printf '%s\n' "$out" | tail -n 1)" '^OK'
[ $rc -eq 0 ] || printf '%s\n' "$out" | tail -n 40

so=$BUILD/bench/libbare-collector.so
if [ "${HAVE_CUPTI-1}" = 1 ]; then
	ok "floor collector is built with CUPTI" test -f "$so"
	ok "floor collector exports InitializeInjection" sh -c "nm -D --defined-only '$so' | grep -qw InitializeInjection"
	ok "floor collector exports nothing else" sh -c "[ \$(nm -D --defined-only '$so' | grep -c ' T ') -eq 1 ]"
	ok "floor collector links libcupti" sh -c "ldd '$so' | grep -q libcupti"
	# BARE_KINDS, without a GPU: libcupti refuses the kinds, the summary
	# line still says which were asked for (kinds=) and which names were bad
	bare_line() {
		env "$@" python3 -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1]).InitializeInjection()' \
			"$so" 2>&1 | sed -n 's/^bare-collector: pid=.* kinds=\([^ ]*\) bad_kinds=\([^ ]*\) .*/kinds=\1 bad=\2/p'
	}
	is "floor collector: the floor's kinds (no CUDA_EVENT, as the tracer's default)" "$(bare_line)" \
		"kinds=CONCURRENT_KERNEL,MEMCPY,MEMCPY2,MEMSET,SYNCHRONIZATION,STREAM,CONTEXT,DEVICE,OVERHEAD,MARKER,MARKER_DATA bad=none"
	is "floor collector: BARE_KINDS=+CUDA_EVENT adds it" "$(bare_line BARE_KINDS=+CUDA_EVENT)" \
		"kinds=CONCURRENT_KERNEL,MEMCPY,MEMCPY2,MEMSET,SYNCHRONIZATION,STREAM,CONTEXT,DEVICE,OVERHEAD,CUDA_EVENT,MARKER,MARKER_DATA bad=none"
	is "floor collector: the lean floor's kinds" "$(bare_line BARE_LEAN=1)" \
		"kinds=CONCURRENT_KERNEL,MEMCPY,MEMCPY2,MEMSET,SYNCHRONIZATION bad=none"
	is "floor collector: BARE_KINDS adds and takes single kinds" \
		"$(bare_line BARE_LEAN=1 BARE_KINDS=+STREAM,cuda_event,-SYNCHRONIZATION)" \
		"kinds=CONCURRENT_KERNEL,MEMCPY,MEMCPY2,MEMSET,STREAM,CUDA_EVENT bad=none"
	is "floor collector: BARE_KINDS with an unknown name is ignored, and says so" \
		"$(bare_line BARE_LEAN=1 BARE_KINDS=+STREAM,+STREEM,+RUNTIME)" \
		"kinds=CONCURRENT_KERNEL,MEMCPY,MEMCPY2,MEMSET,SYNCHRONIZATION bad=STREEM,RUNTIME"
	like "floor collector: the unknown name's message" \
		"$(BARE_KINDS=+STREEM python3 -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1]).InitializeInjection()' "$so" 2>&1)" \
		"BARE_KINDS: unknown activity kind\\(s\\) STREEM \\(known: CONCURRENT_KERNEL"
	# the CUPTI spy (issue 33's anchor): what a client asks, by its PLT and by dlsym
	spy=$BUILD/bench/libcupti-spy.so
	res=$(LD_PRELOAD=$PWD/$spy BARE_LEAN=1 BARE_KINDS=+STREAM python3 -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1]).InitializeInjection()' "$so" 2>&1)
	like "cupti-spy: the floor's buffer registration, through the PLT" "$res" 'cupti-spy: pid=[0-9]+ cuptiActivityRegisterCallbacks rc=0 via=plt'
	like "cupti-spy: the kinds it enables" "$res" 'cuptiActivityEnable kind=STREAM\(37\) rc=[0-9]+ via=plt'
	like "cupti-spy: its summary" "$res" 'cupti-spy: pid=[0-9]+ summary callbacks_runtime=0 .* records=none'
	cupti=$(ldd "$so" | awk '/libcupti/ { print $3; exit }')
	res=$(LD_PRELOAD=$PWD/$BUILD/bench/libcupti-spy-dl.so python3 -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1]).cuptiActivityFlushPeriod(5)' "$cupti" 2>&1)
	like "cupti-spy-dl: a call looked up with dlsym" "$res" 'cuptiActivityFlushPeriod ms=5 rc=[0-9]+ via=dlsym'
fi

if [ "${HAVE_CUPTI-1}" = 1 ]; then
	wr=$BUILD/bench/writer-rate
	res=$("$wr" -n 3000 -d "$TMP" 2>&1)
	is "writer-rate exits 0 (the writer stored every row)" "$?" 0
	like "writer-rate: writer line" "$res" '^BENCH name=writer rows=9000 launches=3000 rows_per_s=[0-9]+ .* ops=3000 api=6000 args=3000'
	like "writer-rate: fwrite line" "$res" 'BENCH name=fwrite_records rows=12000 launches=3000 '
	is "writer-rate removes its scratch files" "$(ls "$TMP" | wc -l | tr -d ' ')" 0
	"$wr" -n 500 -d "$TMP" | head -n 1 >/dev/null
	is "writer-rate cleans up when its reader stops early" "$(ls "$TMP" | wc -l | tr -d ' ')" 0
	"$wr" -n 700 -d "$TMP" -k >/dev/null 2>&1
	kept=$(ls "$TMP"/writer-rate-*.db 2>/dev/null | head -n 1)
	ok "writer-rate -k keeps the trace" test -n "$kept"
	if [ -n "$kept" ]; then
		is "writer trace: every launch's arguments in its api row" "$(sqlite3 "$kept" 'select count(*) from api where handle_kind is not null and cbid = 505')" 700
		is "writer trace: no argument row left over" "$(sqlite3 "$kept" 'select count(*) from api_args')" 0
		# bytes in use: at 700 launches the last pages are not full yet
		is "writer trace: under 100 bytes per launch in its tables" "$(sqlite3 "$kept" "select (select sum(pgsize - unused) from dbstat where name in ('ops', 'api', 'api_args', 'op_shapes')) < 100 * (select count(*) from ops)")" 1
		is "writer trace: times relative to the start" "$(sqlite3 "$kept" 'select min(start_ns) < 10000000 from ops')" 1
		is "writer trace: stats recorded" "$(sqlite3 "$kept" "select value from meta where key = 'stats.writer_rows'")" 2800
		rm -f "$kept"
	fi
fi

if [ "${HAVE_CUPTI-1}" = 1 ]; then
	cr=$BUILD/bench/callback-rate
	res=$(TMPDIR=$TMP "$cr" 3000 700 2>&1)
	is "callback-rate exits 0" "$?" 0
	like "callback-rate: its line" "$res" '^callback-rate: launches=3000 ns_per_launch=[0-9.]+ queries=700 ns_per_query=[0-9.]+ api_timing=default cupti_clock_ns=[0-9.]+$'
	is "callback-rate removes its scratch folder" "$(ls "$TMP" | wc -l | tr -d ' ')" 0
	# copies: both ends in the allocation map, so two mem rows a copy
	res=$(TMPDIR=$TMP "$cr" -k 0 0 900 2>&1)
	like "callback-rate: its line with copies" "$res" 'cupti_clock_ns=[0-9.]+ copies=900 ns_per_copy=[0-9.]+$'
	d=$(echo "$res" | sed -n 's/^callback-rate: trace in //p')
	t=$(ls "$d"/*.db 2>/dev/null | head -n 1)
	if [ -n "$t" ]; then
		is "callback-rate copies: an api row each and the two allocations'" "$(sqlite3 "$t" 'select count(*) from api')" 902
		is "callback-rate copies: both ends of each tracked" "$(sqlite3 "$t" 'select group_concat(n, " ") from (select count(*) as n from mem group by role order by role)')" "2 900 900"
	else
		ok "callback-rate copies: a trace" false
	fi
	rm -rf "$d"
	# every query counted (summary: the default leaves them out), none long
	# enough for a row of its own on a busy machine
	res=$(TMPDIR=$TMP OVERLAPCHECK_QUERIES=summary OVERLAPCHECK_QUERY_US=60000000 "$cr" -k 3000 700 2>&1)
	d=$(echo "$res" | sed -n 's/^callback-rate: trace in //p')
	t=$(ls "$d"/*.db 2>/dev/null | head -n 1)
	ok "callback-rate -k keeps its trace" test -n "$t"
	if [ -n "$t" ]; then
		is "callback-rate trace: a row per launch, the nested driver call's none" "$(sqlite3 "$t" 'select count(*) || " " || sum(domain = 1) from api')" "3000 3000"
		is "callback-rate trace: the queries counted" "$(sqlite3 "$t" 'select sum(calls) from api_summary')" 700
		is "callback-rate trace: timed by the callbacks, on CLOCK_REALTIME" "$(sqlite3 "$t" "select group_concat(value, ' ') from (select value from meta where key in ('api_timing', 'api_clock') order by key)")" "realtime all"
		is "callback-rate trace: finished, nothing dropped" "$(sqlite3 "$t" "select group_concat(value, ' ') from (select value from meta where key in ('tracer_status', 'dropped_records') order by key)")" "0 finished"
	fi
	rm -rf "$d"
	# the default: the queries neither counted nor timed
	res=$(TMPDIR=$TMP "$cr" -k 300 70 2>&1)
	d=$(echo "$res" | sed -n 's/^callback-rate: trace in //p')
	t=$(ls "$d"/*.db 2>/dev/null | head -n 1)
	if [ -n "$t" ]; then
		is "callback-rate trace, the default: no query counted" "$(sqlite3 "$t" "select count(*) || ' ' || (select value from meta where key = 'api_queries') from api_summary")" "0 off"
	else
		ok "callback-rate trace, the default: a trace" false
	fi
	rm -rf "$d"
	"$cr" many >/dev/null 2>&1
	is "callback-rate: a bad count, exit 2" "$?" 2
fi

ir=$BUILD/bench/insert-rate
res=$("$ir" -n 3000 -b 500 -d "$TMP" 2>&1)
is "insert-rate exits 0" "$?" 0
like "insert-rate: sqlite line" "$res" '^BENCH name=sqlite rows=9000 launches=3000 rows_per_s=[0-9]+ bytes=[0-9]+ '
like "insert-rate: sqlite_v1 line" "$res" 'BENCH name=sqlite_v1 rows=12000 '
like "insert-rate: fwrite line" "$res" 'BENCH name=fwrite rows=12000 launches=3000 rows_per_s=[0-9]+ bytes=1152000 '
is "insert-rate removes its scratch files" "$(ls "$TMP" | wc -l | tr -d ' ')" 0
"$ir" -n 500 -d "$TMP" | head -n 1 >/dev/null
is "insert-rate cleans up when its reader stops early" "$(ls "$TMP" | wc -l | tr -d ' ')" 0
"$ir" -n 200 -d "$TMP" -k >/dev/null 2>&1
kept=$(ls "$TMP"/insert-rate-*.db.kept 2>/dev/null | head -n 1)
ok "insert-rate -k keeps a trace" test -n "$kept"
if [ -n "$kept" ]; then
	is "kept trace holds every op" "$(sqlite3 "$kept" 'select count(*) from ops')" 200
	is "kept trace holds both API rows per launch" "$(sqlite3 "$kept" 'select count(*) from api')" 400
	is "kept trace is an overlapcheck trace" "$(sqlite3 "$kept" 'pragma application_id')" 1329812562
	is "kept trace is schema v2" "$(sqlite3 "$kept" 'pragma user_version')" 2
	ok "kept trace opens in overlapcheck" "$BUILD/bin/overlapcheck" info "$kept"
	is "kept trace passes integrity_check" "$(sqlite3 "$kept" 'pragma integrity_check')" ok
fi
"$ir" -n 0 >/dev/null 2>"$TMP/err"
is "insert-rate rejects -n 0" "$?" 2
like "insert-rate says why" "$(cat "$TMP/err")" "invalid -n '0'"

bash bench/attribution.sh "$TMP/attr" loop-kind >/dev/null 2>"$TMP/err"
is "attribution.sh rejects an unknown part" "$?" 2
like "attribution.sh says which parts exist" "$(cat "$TMP/err")" "unknown part 'loop-kind' \\(loop-kinds, loop-choices, train, anchor, suite, storm1m, storms, targets, flush\\)"
BUILD=$TMP/nobuild bash bench/attribution.sh "$TMP/attr" >/dev/null 2>"$TMP/err"
is "attribution.sh refuses to run without a build" "$?" 2
like "attribution.sh says what is missing" "$(cat "$TMP/err")" "nobuild/bin/overlapcheck is missing"
# a dry run: the plan of issue 33's checks in one command, each part's time
# taken from what is left (a fake build: nothing runs)
fb=$TMP/fakebuild
mkdir -p "$fb/bin" "$fb/lib" "$fb/bench" "$fb/gpu/bench"
for f in bin/overlapcheck lib/liboverlapcheck-inject.so bench/libbare-collector.so \
	 bench/libcupti-spy.so bench/libcupti-spy-dl.so gpu/bench/launch_storm; do : > "$fb/$f"; done
ATTR_DRY=1 BUILD=$fb ATTR_DEADLINE_S=560 ATTR_LANDED_LIB=$fb/lib/liboverlapcheck-inject.so \
	bash bench/attribution.sh "$TMP/attr" suite storm1m storms targets > "$TMP/plan" 2>&1
is "attribution.sh plans issue 33's checks" "$?" 0
is "the plan runs nothing: four parts, five commands" "$(grep -c 'plan: ' "$TMP/plan")" 5
like "the suite gets its fixed time" "$(cat "$TMP/plan")" "plan: tests/gpu/suite.py --build $fb --out $TMP/attr/suite \\(100s\\)"
like "the 1M storm runs under the landed library too" "$(cat "$TMP/plan")" "plan: OVERLAPCHECK_LIB=$fb/lib/liboverlapcheck-inject.so overlapcheck run -o $TMP/attr/storm1m/landed.db -- launch_storm 1000000 \\(65s\\)"
like "the storms take the landed library as a variant" "$(cat "$TMP/plan")" "--variants lean,overlapcheck,landed --oc-variant landed=OVERLAPCHECK_LIB=$fb/lib/liboverlapcheck-inject.so"
like "the targets: the lean floor, overlapcheck and nsys on both PyTorch programs" "$(cat "$TMP/plan")" "--budget 163 --programs train_step,torch_loop --variants lean,overlapcheck,nsys"
is "the parts' times add up to the deadline, less 5 s" \
	"$(sed -n 's/.*(\([0-9]*\)s)$/\1/p; s/.*--budget \([0-9]*\) .*/\1/p' "$TMP/plan" | awk '{ n += $1 } END { print n }')" 555
ATTR_DRY=1 BUILD=$fb bash bench/attribution.sh "$TMP/attr" flush > "$TMP/plan" 2>&1
like "flush: the lean floor beside itself flushing every 50 ms, and overlapcheck" "$(cat "$TMP/plan")" "--programs train_step,torch_loop --variants lean,lean\\+flush,overlapcheck --no-nsys --bare-variant lean\\+flush=BARE_LEAN=1,BARE_FLUSH_MS=50\$"
ATTR_DRY=1 BUILD=$fb bash bench/attribution.sh "$TMP/attr" storms > "$TMP/plan" 2>&1
like "without a landed library the storms are the lean floor and overlapcheck" "$(cat "$TMP/plan")" "--no-nsys --variants lean,overlapcheck\$"
ATTR_DRY=1 BUILD=$fb ATTR_LANDED_LIB=$TMP/nolib.so bash bench/attribution.sh "$TMP/attr" storms >/dev/null 2>"$TMP/err"
is "attribution.sh refuses a landed library that is not there" "$?" 2
like "attribution.sh names it" "$(cat "$TMP/err")" "ATTR_LANDED_LIB '$TMP/nolib.so' is not a file"
rm "$fb/gpu/bench/launch_storm"
ATTR_DRY=1 BUILD=$fb bash bench/attribution.sh "$TMP/attr" storm1m >/dev/null 2>"$TMP/err"
is "attribution.sh refuses the 1M storm without the GPU programs" "$?" 2
like "attribution.sh says to build them" "$(cat "$TMP/err")" "gpu/bench/launch_storm is missing: make gpu-progs"
rm -rf "$TMP/attr" "$fb"

sh bench/analyze-scale.sh --sizes 12x >/dev/null 2>"$TMP/err"
is "analyze-scale rejects a bad size" "$?" 2
like "analyze-scale says why" "$(cat "$TMP/err")" "invalid size '12x'"

sh bench/output-scale.sh --what text,pdf >/dev/null 2>"$TMP/err"
is "output-scale rejects an unknown output" "$?" 2
like "output-scale says which" "$(cat "$TMP/err")" "unknown --what 'pdf'"
OC_BENCH_OUT=$TMP/os sh bench/output-scale.sh --sizes 2k --reps 1 --dir "$TMP/os" \
	--what text,json-none,export-proto >/dev/null 2>"$TMP/err"
is "output-scale on 2k ops: exit 0" "$?" 0
is "output-scale: a row per output, none failed" \
	"$(awk -F '\t' 'NR > 1 && $7 == 0 && $6 > 0 && $5 > 0 { print $2 }' "$TMP/os/output-scale.tsv" | sort | tr '\n' ' ')" \
	"export-proto json-none text "
like "output-scale: the table" "$(cat "$TMP/os/output-scale.txt")" "^2000 +export-proto +1 "

# paired.py: two commands in turn, A/B per pair (docs/performance.md quotes it)
out=$(python3 bench/paired.py -n 2 --warmup 0 --vs 'sh -c "exit 0"' -- true 2>&1); rc=$?
is "paired.py: exit 0" "$rc" 0
like "paired.py: A's wall row" "$out" "A wall s +[0-9.]+ +[0-9.]+ +[0-9.]+"
like "paired.py: the ratio row" "$out" "A/B wall +[0-9.]+ +[0-9.]+ +[0-9.]+"
python3 bench/paired.py -n 1 --warmup 0 --vs false -- true >/dev/null 2>&1
is "paired.py: a failed run exits 1" "$?" 1
python3 bench/paired.py -n 0 --vs true -- true >/dev/null 2>&1
is "paired.py: a bad count exits 2" "$?" 2
done_testing
