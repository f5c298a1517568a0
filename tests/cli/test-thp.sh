#!/bin/sh
# test-thp.sh: the analysis commands (report, check, compare, export,
# timeline) execute themselves once with glibc.malloc.hugetlb=1 added to
# GLIBC_TUNABLES (src/cli/main.c); by default only where the system's
# transparent huge pages are "[madvise]" and a file argument is 1 MiB or
# more, always with OVERLAPCHECK_THP=1, never with 0; the user's tunables
# are kept, a hugetlb tunable already given stops it, never run or info,
# never when run through the dynamic loader by hand. Seen through strace's
# execve lines (a test dependency, tools/setup-deps); skipped without it.
# And they keep their large blocks in the heap, mapping none apart
# (heap_only() in src/cli/main.c), unless the user's tunables set
# glibc.malloc.mmap_max or MALLOC_MMAP_MAX_ is set: seen through strace's
# mmap lines.
. tests/cli/lib.sh
unset OVERLAPCHECK_THP GLIBC_TUNABLES OVERLAPCHECK_THP_EXEC
load_sql "$TMP/p.db" tests/fixtures/pinned_pipeline.sql
load_sql "$TMP/s.db" tests/fixtures/examples_sequential_1.sql
load_sql "$TMP/q.db" tests/fixtures/examples_pipeline_1.sql
out=$(OVERLAPCHECK_THP=yes "$OC" report "$TMP/p.db" 2>&1); rc=$?
is "OVERLAPCHECK_THP=yes: usage error" "$rc" 2
like "OVERLAPCHECK_THP=yes: named" "$out" "OVERLAPCHECK_THP is 'yes', not 0 or 1"
is "report's result the same either way" "$(OVERLAPCHECK_THP=1 "$OC" report "$TMP/p.db" | md5sum)" \
	"$(OVERLAPCHECK_THP=0 "$OC" report "$TMP/p.db" | md5sum)"

# the checks below that need strace, one name each (skipped without it)
checks="unset-small unset-big report report-tunable check compare export timeline missing-trace \
	tunables-kept thp-0 tunable-given info run loader heap heap-tunable heap-env"
why=
if ! command -v strace >/dev/null 2>&1; then
	why="no strace here (tools/setup-deps installs it)"
elif ! strace -f -e trace=execve -o /dev/null true 2>/dev/null; then
	why="strace cannot trace here (ptrace not allowed)"
fi
if [ -n "$why" ]; then
	for c in $checks; do skip "$c" "$why"; done
	done_testing
	exit 0
fi

# trace ENV... -- ARGS: run one command under strace; $TMP/st holds its
# execve lines, $rc its exit status
trace() {
	strace -f -o "$TMP/st" -e trace=execve -e signal=none -v -s 400 env "$@" >/dev/null 2>"$TMP/err"
	rc=$?
}
# the successful executions of /proc/self/exe in the last trace
reexecs() {
	grep -c 'execve("/proc/self/exe".*= 0$' "$TMP/st"
}

# a copy of the trace past 1 MiB (a table the analysis does not read)
cp "$TMP/p.db" "$TMP/big.db"
sqlite3 "$TMP/big.db" "CREATE TABLE pad(x); INSERT INTO pad VALUES (zeroblob(1100000));"
if grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
	want=1
else
	want=0
fi
trace "$OC" report "$TMP/p.db"
is "unset, a small trace: no second execution" "$(reexecs)" 0
trace "$OC" report "$TMP/big.db"
is "unset, a trace of 1 MiB: executes itself again where THP is madvise ($want)" "$(reexecs)" $want

trace OVERLAPCHECK_THP=1 "$OC" report "$TMP/p.db"
is "report, OVERLAPCHECK_THP=1: executes itself once more, status 0" "$(reexecs) $rc" "1 0"
like "report: with the tunable, without the marker left for it" "$(grep 'execve("/proc/self/exe"' "$TMP/st")" \
	'GLIBC_TUNABLES=glibc.malloc.hugetlb=1'
trace OVERLAPCHECK_THP=1 "$OC" check --no-hidden-sync "$TMP/p.db"
is "check: once more, its status as without (0)" "$(reexecs) $rc" "1 0"
trace OVERLAPCHECK_THP=1 "$OC" compare "$TMP/s.db" -- "$TMP/q.db"
is "compare: once more, status 0" "$(reexecs) $rc" "1 0"
trace OVERLAPCHECK_THP=1 "$OC" export "$TMP/p.db" -o "$TMP/o.json"
is "export: once more, status 0" "$(reexecs) $rc" "1 0"
trace OVERLAPCHECK_THP=1 "$OC" timeline "$TMP/p.db" -o "$TMP/o.html"
is "timeline: once more, status 0" "$(reexecs) $rc" "1 0"
trace OVERLAPCHECK_THP=1 "$OC" report "$TMP/none.db"
is "a missing trace: still exit 2 after the second execution" "$(reexecs) $rc" "1 2"
trace OVERLAPCHECK_THP=1 GLIBC_TUNABLES=glibc.malloc.check=0 "$OC" report "$TMP/p.db"
like "the user's tunables kept" "$(cat "$TMP/st")" 'GLIBC_TUNABLES=glibc.malloc.check=0:glibc.malloc.hugetlb=1'
trace OVERLAPCHECK_THP=0 "$OC" report "$TMP/big.db"
is "OVERLAPCHECK_THP=0: no second execution" "$(reexecs)" 0
trace OVERLAPCHECK_THP=1 GLIBC_TUNABLES=glibc.malloc.hugetlb=0 "$OC" report "$TMP/p.db"
is "a hugetlb tunable given: no second execution" "$(reexecs)" 0
trace OVERLAPCHECK_THP=1 "$OC" info "$TMP/p.db"
is "info: no second execution" "$(reexecs)" 0
trace OVERLAPCHECK_THP=1 "$OC" run -o "$TMP/r.db" -- /bin/true
if grep -q 'execve("/bin/true"' "$TMP/st"; then
	is "run: no second execution, its program without our tunable" \
		"$(reexecs) $(grep 'execve("/bin/true"' "$TMP/st" | grep -c hugetlb)" "0 0"
else
	skip "run" "run did not start its program here (no injection library)"
fi
ld=$(ldd "$OC" 2>/dev/null | sed -n 's/^[[:space:]]*\(\/[^ ]*ld-linux[^ ]*\) .*/\1/p' | head -n 1)
if [ -n "$ld" ] && [ -x "$ld" ]; then
	trace OVERLAPCHECK_THP=1 "$ld" "$OC" report "$TMP/p.db"
	is "run through the dynamic loader ($ld): no second execution, status 0" "$(reexecs) $rc" "0 0"
else
	skip "loader" "no dynamic loader found by ldd"
fi

# mmaps MIN: the anonymous mappings of MIN bytes or more in the last trace,
# thread stacks left out
mmaps() {
	grep 'mmap(NULL, [0-9]*, .*MAP_ANONYMOUS' "$TMP/st" | grep -v MAP_STACK |
		awk -v min="$1" '{ n = $3; sub(",", "", n); if (n + 0 >= min) c++ } END { print c + 0 }'
}
# heap ENV...: report of a 20 000-op trace under strace, its mmap lines in $TMP/st
heap() {
	strace -f -o "$TMP/st" -e trace=mmap -e signal=none env "$@" "$OC" report "$TMP/g.db" >/dev/null 2>"$TMP/err"
	rc=$?
}
"$BUILD/bin/gen-trace" 20000 "$TMP/g.db" >/dev/null
heap OVERLAPCHECK_THP=0
is "report keeps its arrays in the heap: no block of 1 MiB mapped apart, status 0" "$(mmaps 1048576) $rc" "0 0"
heap OVERLAPCHECK_THP=0 GLIBC_TUNABLES=glibc.malloc.mmap_max=65536
ok "the user's glibc.malloc.mmap_max kept: glibc maps large blocks apart again" test \
	"$(mmaps 1048576)" -gt 0
heap OVERLAPCHECK_THP=0 MALLOC_MMAP_MAX_=65536
ok "the user's MALLOC_MMAP_MAX_ kept: glibc maps large blocks apart again" test \
	"$(mmaps 1048576)" -gt 0
done_testing
