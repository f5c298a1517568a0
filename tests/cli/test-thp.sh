#!/bin/sh
# test-thp.sh: the analysis commands execute themselves once with
# GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (src/cli/main.c), never run; the
# user's tunables are kept, OVERLAPCHECK_THP=0 and a tunable already given
# stop it. Seen through strace's execve lines; skipped without strace.
. tests/cli/lib.sh
load_sql "$TMP/p.db" tests/fixtures/pinned_pipeline.sql
if ! command -v strace >/dev/null 2>&1; then
	echo "# no strace here: skipped"
	done_testing
	exit 0
fi
execs() {       # execs ENV... -- ARGS: the execve lines of one overlapcheck
	strace -f -e trace=execve -e signal=none -v -s 300 env "$@" 2>&1 >/dev/null | grep 'execve(' | grep -v '"env"' 
}
out=$(execs "$OC" report "$TMP/p.db")
is "report: executes itself once more" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 1
like "report: with the tunable" "$out" 'GLIBC_TUNABLES=glibc.malloc.hugetlb=1'
out=$(execs GLIBC_TUNABLES=glibc.malloc.check=0 "$OC" report "$TMP/p.db")
like "report: the user's tunables kept" "$out" 'GLIBC_TUNABLES=glibc.malloc.check=0:glibc.malloc.hugetlb=1'
out=$(execs OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db")
is "OVERLAPCHECK_THP=0: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs GLIBC_TUNABLES=glibc.malloc.hugetlb=0 "$OC" report "$TMP/p.db")
is "the tunable given: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs "$OC" info "$TMP/p.db")
is "info: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs "$OC" run -o "$TMP/r.db" -- /bin/true)
is "run: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
unlike "run: the program gets no tunable of ours" "$out" 'hugetlb'
is "report's result the same either way" "$("$OC" report "$TMP/p.db" | md5sum)" "$(OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db" | md5sum)"
done_testing
