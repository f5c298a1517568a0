#!/bin/sh
# test-thp.sh: the analysis commands execute themselves once with
# GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (src/cli/main.c), never run; by
# default only where the system's transparent huge pages are "madvise",
# always with OVERLAPCHECK_THP=1; the user's tunables are kept,
# OVERLAPCHECK_THP=0 and a tunable already given stop it. Seen through
# strace's execve lines; skipped without strace.
. tests/cli/lib.sh
load_sql "$TMP/p.db" tests/fixtures/pinned_pipeline.sql
out=$(OVERLAPCHECK_THP=yes "$OC" report "$TMP/p.db" 2>&1); rc=$?
is "OVERLAPCHECK_THP=yes: usage error" "$rc" 2
like "OVERLAPCHECK_THP=yes: named" "$out" "OVERLAPCHECK_THP is 'yes', not 0 or 1"
if ! command -v strace >/dev/null 2>&1; then
	echo "# no strace here (tools/setup-deps installs it): skipped"
	done_testing
	exit 0
fi
if ! strace -f -e trace=execve -o /dev/null true 2>/dev/null; then
	echo "# strace cannot trace here (ptrace not allowed): skipped"
	done_testing
	exit 0
fi
execs() {       # execs ENV... -- ARGS: the execve lines of one overlapcheck
	strace -f -e trace=execve -e signal=none -v -s 300 env "$@" 2>&1 >/dev/null | grep 'execve(' | grep -v '"env"' 
}
if grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
	want=1
else
	want=0
fi
out=$(execs "$OC" report "$TMP/p.db")
is "report, unset: executes itself again where THP is madvise ($want)" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" $want
out=$(execs OVERLAPCHECK_THP=1 "$OC" report "$TMP/p.db")
is "report, OVERLAPCHECK_THP=1: executes itself once more" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 1
like "report: with the tunable" "$out" 'GLIBC_TUNABLES=glibc.malloc.hugetlb=1'
for cmd in check timeline export; do
	out=$(execs OVERLAPCHECK_THP=1 "$OC" $cmd "$TMP/p.db" -o "$TMP/o.$cmd")
	is "$cmd, OVERLAPCHECK_THP=1: executes itself once more" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 1
done
out=$(execs OVERLAPCHECK_THP=1 GLIBC_TUNABLES=glibc.malloc.check=0 "$OC" report "$TMP/p.db")
like "report: the user's tunables kept" "$out" 'GLIBC_TUNABLES=glibc.malloc.check=0:glibc.malloc.hugetlb=1'
out=$(execs OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db")
is "OVERLAPCHECK_THP=0: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs GLIBC_TUNABLES=glibc.malloc.hugetlb=0 "$OC" report "$TMP/p.db")
is "the tunable given: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs OVERLAPCHECK_THP=1 "$OC" info "$TMP/p.db")
is "info: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
out=$(execs OVERLAPCHECK_THP=1 "$OC" run -o "$TMP/r.db" -- /bin/true)
is "run: no second exec" "$(printf '%s\n' "$out" | grep -c '/proc/self/exe')" 0
unlike "run: the program gets no tunable of ours" "$out" 'hugetlb'
is "report's result the same either way" "$("$OC" report "$TMP/p.db" | md5sum)" "$(OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db" | md5sum)"
is "and with it forced" "$(OVERLAPCHECK_THP=1 "$OC" report "$TMP/p.db" | md5sum)" "$(OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db" | md5sum)"
done_testing
