#!/bin/sh
# run-tests.sh: every CPU test, then one closing line "N passed, N failed".
#   unit      build/tests/test-* (cmocka; counted per test case)
#   fuzz      build/fuzz-replay/* over tests/fuzz/corpus (one per target)
#   cli       tests/cli/test-*.sh (counted per check, see tests/cli/lib.sh)
#   fixtures  tests/fixtures/check.py on the recorded traces (H200; ev/: H100)
#   corpus    the same on tests/corpus (third-party programs)
# Needs no GPU. Exit status 0 only when nothing failed.
BUILD=${BUILD:-build}
export BUILD
# Text for people wraps at the terminal's width, 80 off a terminal: tests
# read whole lines (COLUMNS wide), the goldens and the wrapping's own test
# set 80 (tools/golden.sh, tests/cli/test-wrap.sh).
COLUMNS=4000
export COLUMNS
passed=0
failed=0
skipped=0
failures=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT

count() { # $1 = name, $2 = passed, $3 = failed
	passed=$((passed + $2))
	failed=$((failed + $3))
	[ "$3" -gt 0 ] && failures="$failures $1"
}

# The analyzer's unit tests build schema v1 traces row by row
# (tests/unit/trace-builder.h); they run again on the v2 copy of every such
# trace (OC_TB_SCHEMA=2), so both reading paths meet the same expectations.
# Without CUPTI the injection library's tests are not built: each is
# counted as skipped, never as passed or failed.
if [ -z "${HAVE_CUPTI:-}" ]; then
	for src in tests/unit/test-inj-*.c; do
		[ -f "$src" ] || continue
		echo "unit  $(basename "$src" .c): skipped (no CUPTI: the injection library is not built)"
		skipped=$((skipped + 1))
	done
fi
for t in "$BUILD"/tests/test-*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	for schema in 1 2; do
		case $name:$schema in
		test-inj-*:2) continue ;;
		*:2) label="$name (v2 copies)" ;;
		*) label=$name ;;
		esac
		OC_TB_SCHEMA=$schema CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$log" 2>&1
		rc=$?
		p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
		f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
		p=${p:-0}; f=${f:-0}
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi   # crashed before reporting
		[ "$f" -gt 0 ] && cat "$log"
		echo "unit  $label: $p passed, $f failed"
		count "$label" "$p" "$f"
	done
done

# The fuzz targets' committed corpus, replayed once under ASan and UBSan
# (tests/fuzz/README.md): every input that ever crashed a target stays there.
for t in "$BUILD"/fuzz-replay/*; do
	[ -f "$t" ] && [ -x "$t" ] || continue
	name=$(basename "$t")
	[ -d "tests/fuzz/corpus/$name" ] || continue
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		"$t" "tests/fuzz/corpus/$name" >"$log" 2>&1
	rc=$?
	n=$(ls "tests/fuzz/corpus/$name" | wc -l | tr -d ' ')
	if [ "$rc" -eq 0 ]; then p=1 f=0; else p=0 f=1; cat "$log"; fi
	echo "fuzz  replay $name: $n inputs, $p passed, $f failed"
	count "fuzz-$name" "$p" "$f"
done

# The CLI test files and the two check.py runs are independent (each test
# works in its own temporary folder): they run side by side, OC_TEST_JOBS at
# a time (default: the CPUs), the longest first; their results are read
# back in the usual order, so the output is the same as one by one.
jobs=${OC_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
logs=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$logs"' EXIT
{
	for t in tests/cli/test-browser.sh tests/cli/test-golden.sh tests/cli/test-timeline.sh \
		 tests/cli/test-export.sh tests/cli/test-*.sh; do
		[ -f "$t" ] && echo "$t"
	done | awk '!seen[$0]++'
	[ -f tests/fixtures/check.py ] && echo fixtures
	[ -f tests/corpus/SOURCES.md ] && echo corpus
} | xargs -P "$jobs" -I{} sh -c '
	case $1 in
	fixtures) python3 tests/fixtures/check.py --cli "$BUILD/bin/overlapcheck" ;;
	corpus) python3 tests/fixtures/check.py --cli "$BUILD/bin/overlapcheck" --dir tests/corpus ;;
	*) sh "$1" ;;
	esac >"$2/$(basename "$1" .sh).log" 2>&1
	echo $? >"$2/$(basename "$1" .sh).rc"' sh {} "$logs"

for t in tests/cli/test-*.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	cp "$logs/$name.log" "$log" 2>/dev/null || : >"$log"
	rc=$(cat "$logs/$name.rc" 2>/dev/null || echo 1)
	p=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\2/p' "$log" | tail -n 1)
	s=$(sed -n 's/^# \([0-9]*\) skipped$/\1/p' "$log" | tail -n 1)
	p=${p:-0}; f=${f:-0}; s=${s:-0}
	skipped=$((skipped + s))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ "$f" -gt 0 ] && cat "$log"
	if [ "$s" -gt 0 ]; then
		echo "cli   $name: $p passed, $f failed, $s skipped"
	else
		echo "cli   $name: $p passed, $f failed"
	fi
	count "$name" "$p" "$f"
done

if [ -f tests/fixtures/check.py ]; then
	cp "$logs/fixtures.log" "$log"
	rc=$(cat "$logs/fixtures.rc" 2>/dev/null || echo 1)
	p=$(sed -n 's/^fixtures: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^fixtures: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | tail -n 1)
	p=${p:-0}; f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ "$f" -gt 0 ] && cat "$log"
	echo "fixt  check.py: $p passed, $f failed"
	count "fixtures" "$p" "$f"
fi

# Third-party programs recorded on the H200 (tests/corpus/SOURCES.md), each
# against expectations written from its source before it was first run.
if [ -f tests/corpus/SOURCES.md ]; then
	cp "$logs/corpus.log" "$log"
	rc=$(cat "$logs/corpus.rc" 2>/dev/null || echo 1)
	p=$(sed -n 's/^fixtures: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^fixtures: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | tail -n 1)
	p=${p:-0}; f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ "$f" -gt 0 ] && cat "$log"
	echo "corp  check.py: $p passed, $f failed"
	count "corpus" "$p" "$f"
fi

[ -n "$failures" ] && echo "failing:$failures"
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
