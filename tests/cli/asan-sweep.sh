#!/bin/sh
# asan-sweep.sh: every command over every committed trace, with the CLI built
# with AddressSanitizer and UndefinedBehaviorSanitizer (`make test-asan`,
# which .ci/run calls after `make test`): report in its three formats,
# check, export, timeline, info (text and JSON) on each fixture and corpus
# recording (the JSON report also with every claim spilled to a temporary
# file, OVERLAPCHECK_SPILL_BYTES=1), compare on the recorded examples, import of the Kineto and
# Nsight Systems samples. Any sanitizer report fails it (exit 1), naming
# the command; an exit status above 2, or a signal, too. The verdicts are
# not checked here (the other suites do): only that no command touches
# memory it must not or relies on undefined behaviour.
#
#   BUILD=build/asan-cli GEN=build/bin/gen-trace sh tests/cli/asan-sweep.sh [TRACE.sql...]
. tests/cli/lib.sh
CLI=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
JOBS=${OC_ASAN_JOBS:-2}
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
if [ $# -gt 0 ]; then
	SQLS="$*"
else
	SQLS=$(find tests/fixtures tests/corpus tests/import -name '*.sql' | sort)
fi
# one trace: load it, then each command; a line per failure on stdout
cat > "$TMP/one.sh" <<'ONE'
sql=$1; cli=$2; dir=$3
n=$(echo "$sql" | tr '/.' '__')
db=$dir/$n.db
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
	"$db" "$sql" 2>/dev/null || { echo "LOADFAIL $sql"; exit 0; }
run() {
	"$cli" "$@" >/dev/null 2>"$dir/$n.err"
	rc=$?
	if [ $rc -gt 2 ] || grep -q 'runtime error:\|AddressSanitizer\|LeakSanitizer' "$dir/$n.err"; then
		echo "FAIL rc=$rc: overlapcheck $* ($sql)"
		grep -m 3 'runtime error:\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|#[0-2] ' "$dir/$n.err" | sed 's/^/    /'
	fi
}
run report "$db"
run report --whole --format json "$db"
# the claims through their temporary file, as on a large trace (TMPDIR on disk)
(export OVERLAPCHECK_SPILL_BYTES=1 TMPDIR="$dir"; run report --whole --format json "$db")
run report --format markdown "$db"
run check --min-copy-overlap 0.5 --no-hidden-sync --no-hazard --max-idle 0.5 --format json "$db"
run export -o "$dir/$n.json" "$db"
run timeline -o "$dir/$n.html" "$db"
run info "$db"
run info --format json "$db"
rm -f "$db" "$dir/$n.json" "$dir/$n.html" "$dir/$n.err"
ONE
printf '%s\n' $SQLS | xargs -P "$JOBS" -I{} sh "$TMP/one.sh" {} "$CLI" "$TMP" > "$TMP/out.txt" 2>&1
n=$(printf '%s\n' $SQLS | wc -l)
fails=$(grep -c '^FAIL\|^LOADFAIL' "$TMP/out.txt")
is "every command over $n traces: no sanitizer report" "$fails" 0
[ "$fails" -eq 0 ] || head -n 60 "$TMP/out.txt"
# compare, and the importers' samples
if [ $# -eq 0 ]; then
	for s in examples_sequential_1 examples_sequential_2 examples_pipeline_1 examples_pipeline_2; do
		load_sql "$TMP/$s.db" "tests/fixtures/$s.sql"
	done
	"$CLI" compare "$TMP/examples_sequential_1.db" "$TMP/examples_sequential_2.db" -- \
		"$TMP/examples_pipeline_1.db" "$TMP/examples_pipeline_2.db" >/dev/null 2>"$TMP/cmp.err"
	rc=$?
	ok "compare: no sanitizer report (rc $rc)" sh -c "[ $rc -le 2 ] && ! grep -q 'runtime error:\|Sanitizer' '$TMP/cmp.err'"
	for k in tests/corpus/kineto/*.json.gz; do
		"$CLI" import -q --force -o "$TMP/k.db" "$k" >/dev/null 2>"$TMP/imp.err"
		rc=$?
		ok "import $(basename "$k"): no sanitizer report (rc $rc)" \
			sh -c "[ $rc -le 2 ] && ! grep -q 'runtime error:\|Sanitizer' '$TMP/imp.err'"
	done
	# a generated trace large enough that every parked array spans whole
	# pages, the part a park writes out (src/analysis/spill.c), every park on
	gen_run() {
		name=$1
		shift
		OVERLAPCHECK_SPILL_BYTES=1 TMPDIR="$TMP" "$CLI" "$@" "$TMP/gen.db" >/dev/null 2>"$TMP/gen.err"
		rc=$?
		ok "$name on 20 000 generated ops, every park on: no sanitizer report (rc $rc)" \
			sh -c "[ $rc -le 2 ] && ! grep -q 'runtime error:\|Sanitizer' '$TMP/gen.err'"
	}
	if [ -x "${GEN:-}" ] && "$GEN" 20000 "$TMP/gen.db" >/dev/null 2>&1; then
		gen_run report report
		gen_run "report --format json" report --whole --format json --claims=all
		gen_run timeline timeline -o "$TMP/gen.html"
		gen_run check check --min-copy-overlap 0.5 --no-hidden-sync --max-idle 0.5 --format json
	else
		skip "20 000 generated ops, every park on" "no gen-trace (GEN=${GEN:-unset})"
	fi
	load_sql "$TMP/nsys.sqlite" tests/import/nvtx_range.nsys.sql
	"$CLI" import -q --force -o "$TMP/n.db" "$TMP/nsys.sqlite" >/dev/null 2>"$TMP/imp.err"
	rc=$?
	ok "import of an Nsight Systems export: no sanitizer report (rc $rc)" \
		sh -c "[ $rc -le 2 ] && ! grep -q 'runtime error:\|Sanitizer' '$TMP/imp.err'"
fi
done_testing
