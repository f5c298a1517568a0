#!/bin/sh
# run.sh: `make fuzz`: explore each target with libFuzzer for FUZZ_SECONDS,
# niced, one after the other.
#   BUILD=build FUZZ_SECONDS=60 sh tests/fuzz/run.sh NAME...
# Each target starts from the committed seeds (tests/fuzz/corpus/NAME) and
# from what earlier runs here found ($BUILD/fuzz/work/NAME, kept between
# runs, never committed); a crash is written to $BUILD/fuzz/crashes/NAME-*.
# At the end, one line per target: executions, speed, new inputs, crashes;
# the exit status is 1 when anything crashed. What to do with a crash:
# tests/fuzz/README.md.
BUILD=${BUILD:-build}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
cd "$(dirname "$0")/../.." || exit 1
out=$BUILD/fuzz
mkdir -p "$out/crashes" "$out/logs"
summary=""
bad=0
for name in "$@"; do
	bin=$out/$name
	work=$out/work/$name
	mkdir -p "$work"
	dict=""
	[ -f "tests/fuzz/dict/$name.dict" ] && dict="-dict=tests/fuzz/dict/$name.dict"
	before=$(ls "$out/crashes" | grep -c "^$name-" || true)
	log=$out/logs/$name.log
	echo "fuzz $name: ${FUZZ_SECONDS}s (log $log)"
	# -rss_limit_mb: the CLI target loads whole traces; -timeout: one input
	# (a slow one is a finding too: timeout-*)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	# -close_fd_mask=3: the target's own output is closed, libFuzzer's and the sanitizers' kept
	nice -n 10 "$bin" -max_total_time="$FUZZ_SECONDS" -timeout=20 -rss_limit_mb=4096 -close_fd_mask=3 \
		-print_final_stats=1 -artifact_prefix="$out/crashes/$name-" $dict \
		"$work" "tests/fuzz/corpus/$name" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	new=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -n 1)
	after=$(ls "$out/crashes" | grep -c "^$name-" || true)
	crashes=$((after - before))
	line="fuzz $name: ${execs:-?} executions in ${FUZZ_SECONDS}s (${speed:-?}/s), ${new:-?} new inputs, $crashes crashes"
	[ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && line="$line, libFuzzer exited $rc (see the log)"
	if [ "$crashes" -gt 0 ] || [ "$rc" -ne 0 ]; then
		bad=1
		line="$line: $(ls "$out/crashes" | grep "^$name-" | tail -n "$((crashes > 0 ? crashes : 1))" | tr '\n' ' ')"
	fi
	summary="$summary
$line"
done
echo "$summary" | sed '/^$/d'
exit $bad
