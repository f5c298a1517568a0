#!/bin/sh
# record-fixtures.sh: re-record the H200 fixtures of tests/fixtures/.
#
# On a GPU machine, from a build made elsewhere (`make gpu-progs` and `make`
# on the build machine; nothing is built here, neither sqlite3.h nor the
# sqlite3 CLI is needed):
#
#   BUILD=build sh tools/record-fixtures.sh [--out DIR] [--from SUITE_OUT] [SCENARIO...]
#
# --from SUITE_OUT reuses the traces a `make gpu-test` run left there
# (SUITE_OUT/NAME/trace.db) instead of tracing those programs again.
#
# For each scenario of tests/gpu/expect/ (or those named): trace it with
# `overlapcheck run`, dump the trace as SQL text (python3's sqlite3
# iterdump by tools/dump-trace.py, with application_id and user_version) to
# DIR/NAME.sql and copy its expectations to DIR/NAME.expect. The examples
# are recorded three times each, as examples_sequential_{1,2,3} and
# examples_pipeline_{1,2,3}, for `overlapcheck compare`. DIR defaults to
# tests/fixtures. Traces and logs stay in $OC_GPU_OUT/record (default
# $BUILD/gpu-out/record). Never stops early; exit status 1 if any failed.
BUILD=${BUILD:-build}
cd "$(dirname "$0")/.." || exit 1
OUT=tests/fixtures
FROM=
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	--from) FROM=$2; shift 2 ;;
	*) break ;;
	esac
done
LOGS=${OC_GPU_OUT:-$BUILD/gpu-out}/record
CLI=$(pwd)/$BUILD/bin/overlapcheck
# Fixtures over this many bytes of SQL are not kept: shrink the program.
MAX_SQL=${OC_FIXTURE_MAX_BYTES:-3000000}

# OC_GPU_SUITE_FORCE=1: run without a GPU (only to test this script with
# a stand-in CLI and programs).
if [ "${OC_GPU_SUITE_FORCE:-}" != 1 ] && { [ ! -e /dev/nvidia0 ] || ! nvidia-smi -L >/dev/null 2>&1; }; then
	echo "record-fixtures: no GPU here (nvidia-smi fails or /dev/nvidia0 is missing): nothing recorded"
	exit 1
fi
if [ ! -x "$CLI" ]; then
	echo "record-fixtures: no CLI at $CLI: build it first" >&2
	exit 1
fi
mkdir -p "$OUT" "$LOGS"

ok=0
bad=0

# expect_value FILE KEY: the first value of a directive line "KEY VALUE".
expect_value() {
	sed -n "s/^$2[ 	][ 	]*\([^ 	#]*\).*/\1/p" "$1" | head -n 1
}

# record NAME EXPECT: trace the scenario of EXPECT, write OUT/NAME.sql/.expect.
record() {
	r_name=$1
	r_exp=$2
	r_dir=$LOGS/$r_name
	rm -rf "$r_dir"
	mkdir -p "$r_dir"
	r_prog=$(expect_value "$r_exp" program)
	r_py=$(expect_value "$r_exp" python)
	r_tmo=$(expect_value "$r_exp" timeout)
	r_tmo=${r_tmo:-60}
	r_tmo=${r_tmo%.*}
	r_envs=$(sed -n 's/^env[ 	][ 	]*//p' "$r_exp" | tr '\n' ' ')
	r_base=$(basename "$r_exp" .expect)
	if [ -n "$r_py" ]; then
		set -- python3 "$(pwd)/tests/gpu/$r_py"
	else
		set -- "$(pwd)/$BUILD/gpu/tests/gpu/${r_prog:-$r_base}"
		if [ ! -x "$1" ]; then
			echo "FAIL $r_name: no program $1 (make gpu-progs)"
			bad=$((bad + 1))
			return
		fi
	fi
	# A trace that the GPU suite just made (--from its output) is reused
	# for the scenario's first recording, to save device time.
	if [ -n "$FROM" ] && [ -f "$FROM/$r_base/trace.db" ] &&
	   { [ "$r_name" = "$r_base" ] || [ "$r_name" = "${r_base}_1" ]; }; then
		cp "$FROM/$r_base/trace.db" "$r_dir/trace.db" &&
		sed -n 1p "$FROM/$r_base/traced.rc" >"$r_dir/run.rc" &&
		echo "reused $FROM/$r_base/trace.db" >"$r_dir/run.stderr"
	else
	# shellcheck disable=SC2086
	env $r_envs timeout -s KILL $((r_tmo + 30)) "$CLI" run -o "$r_dir/trace.db" -- "$@" \
		>"$r_dir/run.stdout" 2>"$r_dir/run.stderr"
	echo $? >"$r_dir/run.rc"
	fi
	if [ ! -f "$r_dir/trace.db" ]; then
		echo "FAIL $r_name: no trace (exit $(cat "$r_dir/run.rc"); see $r_dir/run.stderr)"
		bad=$((bad + 1))
		return
	fi
	if ! r_rows=$(python3 tools/dump-trace.py "$r_dir/trace.db" "$OUT/$r_name.sql.tmp" 2>"$r_dir/dump.stderr"); then
		echo "FAIL $r_name: cannot dump $r_dir/trace.db: $(tail -n 1 "$r_dir/dump.stderr")"
		rm -f "$OUT/$r_name.sql.tmp"
		bad=$((bad + 1))
		return
	fi
	r_size=$(wc -c <"$OUT/$r_name.sql.tmp")
	if [ "$r_size" -gt "$MAX_SQL" ]; then
		echo "FAIL $r_name: dump is $r_size bytes (over $MAX_SQL): not kept"
		mv "$OUT/$r_name.sql.tmp" "$r_dir/$r_name.sql"
		bad=$((bad + 1))
		return
	fi
	mv "$OUT/$r_name.sql.tmp" "$OUT/$r_name.sql"
	cp "$r_exp" "$OUT/$r_name.expect"
	echo "ok   $r_name: $OUT/$r_name.sql ($r_rows, $r_size bytes, exit $(cat "$r_dir/run.rc"))"
	ok=$((ok + 1))
}

NAMES=" $* "
for exp in tests/gpu/expect/*.expect; do
	name=$(basename "$exp" .expect)
	if [ "$NAMES" != "  " ]; then
		case $NAMES in *" $name "*) ;; *) continue ;; esac
	fi
	case $name in
	examples_*)
		for i in 1 2 3; do
			record "${name}_$i" "$exp"
		done
		;;
	*)
		record "$name" "$exp"
		;;
	esac
done
echo "record-fixtures: $ok recorded, $bad failed (logs in $LOGS)"
[ "$bad" -eq 0 ]
