#!/bin/sh
# test-queries.sh: the queries' collection (docs/schema.md, "Queries") keeps
# every verdict and every hidden synchronization. The traces recorded when
# each query had its API record (tests/fixtures/mem, tests/corpus/mem), with
# the api rows of the short queries removed as the tracer now leaves them
# out, give the reports they gave (tests/cli/queries-reduce.py).
. tests/cli/lib.sh
APIARGS=$BUILD/tests/test-inj-apiargs
if [ ! -x "$APIARGS" ]; then
	# without CUPTI there is no tracer, and nothing to compare against
	echo "# $APIARGS not built (no CUPTI): skipped"
	is "the query list can be had (test-inj-apiargs built)" no yes
	done_testing
	exit
fi
"$APIARGS" --print-queries > "$TMP/queries"
like "the query list names cudaGetDevice" "$(cat "$TMP/queries")" "^1 17 cudaGetDevice"
python3 tests/cli/queries-reduce.py "$OC" "$TMP/queries" tests/fixtures/mem/*.sql tests/corpus/mem/*.sql \
	> "$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
p=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\1/p' "$TMP/out")
f=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\2/p' "$TMP/out")
_ok=$((_ok + ${p:-0}))
_nok=$((_nok + ${f:-0}))
[ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ] && _nok=$((_nok + 1))
done_testing
