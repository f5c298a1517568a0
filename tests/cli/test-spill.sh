#!/bin/sh
# test-spill.sh: the temporary files of the claims, of the critical path's
# steps and of the arrays parked while a step that does not read them runs
# (src/analysis/spill.c) when the file system answers badly. A
# shim in LD_PRELOAD, built here with cc, answers the spill files' reads and
# writes as a file system may: EINVAL under O_DIRECT (one that wants larger
# blocks), short transfers, an I/O error; the report must be the one made
# with everything kept in memory (or, for a read that fails for good, a
# message and exit 2), never a crash.
. tests/cli/lib.sh
CC=${CC:-cc}

# 20 000 generated ops with their allocation map: every parked array spans
# whole pages, the part a park writes out (src/analysis/spill.c)
"$BUILD/bin/gen-trace" 20000 "$TMP/pipe.db" --memrefs >/dev/null || echo "cannot generate pipe.db"
mkdir -p "$TMP/d"
cat > "$TMP/shim.c" <<'SHIM'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* SHIM_MODE: read-einval (every read under O_DIRECT refused), write-einval,
 * short-read (the first read of the file gets 5000 bytes), short-write (the
 * first write a block short, or a byte), read-eio (every read fails),
 * read-eio-at (the reads of the SHIM_AT-th file read back fail: a read at
 * offset 0 starts a file). SHIM_LOG: a line per
 * fault, so the test sees that the file was reached. A write short of a
 * whole block makes the spill give up: the claims stay in memory. */
static int is_spill(int fd)
{
	char l[64], p[4096];
	ssize_t n;

	snprintf(l, sizeof l, "/proc/self/fd/%d", fd);
	n = readlink(l, p, sizeof p - 1);
	if (n < 0)
		return 0;
	p[n] = 0;
	return strstr(p, "overlapcheck-spill") != NULL;
}
static int direct(int fd) { int fl = fcntl(fd, F_GETFL); return fl >= 0 && (fl & O_DIRECT); }
static void note(const char *what)
{
	const char *f = getenv("SHIM_LOG");
	FILE *o = f ? fopen(f, "a") : NULL;
	if (o) { fprintf(o, "%s\n", what); fclose(o); }
}
static const char *mode(void) { const char *m = getenv("SHIM_MODE"); return m ? m : ""; }
static int first_read = 1, first_write = 1, starts, failing;

ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
	static ssize_t (*real)(int, void *, size_t, off_t);
	if (!real)
		real = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread64");
	if (is_spill(fd)) {
		if (!strcmp(mode(), "read-einval") && direct(fd)) { note("read einval"); errno = EINVAL; return -1; }
		if (!strcmp(mode(), "read-eio")) { note("read eio"); errno = EIO; return -1; }
		if (!strcmp(mode(), "read-eio-at")) {
			const char *at = getenv("SHIM_AT");
			if (off == 0)
				failing = ++starts == (at ? atoi(at) : 1);
			if (failing) { note("read eio"); errno = EIO; return -1; }
		}
		if (!strcmp(mode(), "short-read") && first_read && n > 5000) { first_read = 0; note("short read"); n = 5000; }
		note("read");
	}
	return real(fd, buf, n, off);
}
ssize_t pread(int fd, void *buf, size_t n, off_t off) { return pread64(fd, buf, n, off); }
ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	static ssize_t (*real)(int, const void *, size_t, off_t);
	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite64");
	if (is_spill(fd)) {
		if (!strcmp(mode(), "write-einval") && direct(fd)) { note("write einval"); errno = EINVAL; return -1; }
		if (!strcmp(mode(), "short-write") && first_write) {   /* a block short, else a byte */
			first_write = 0;
			note("short write");
			n = n > 4096 ? n - 4096 : n - 1;
		}
		note(direct(fd) ? "write direct" : "write");
	}
	return real(fd, buf, n, off);
}
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) { return pwrite64(fd, buf, n, off); }
SHIM
if ! $CC -shared -fPIC -O1 -o "$TMP/shim.so" "$TMP/shim.c" -ldl 2>"$TMP/cc.err"; then
	skip "the spill file's faults" "no C compiler to build the shim: $(head -n 1 "$TMP/cc.err")"
	done_testing
	exit 0
fi

OVERLAPCHECK_SPILL_BYTES=0 "$OC" report --whole --format json --claims=all "$TMP/pipe.db" > "$TMP/kept.json"
for m in none read-einval write-einval short-read short-write; do
	rm -f "$TMP/log"
	SHIM_MODE=$m SHIM_LOG="$TMP/log" LD_PRELOAD="$TMP/shim.so" TMPDIR="$TMP/d" OVERLAPCHECK_SPILL_BYTES=1 \
		"$OC" report --whole --format json --claims=all "$TMP/pipe.db" > "$TMP/$m.json" 2>"$TMP/$m.err"
	rc=$?
	if [ ! -s "$TMP/log" ]; then
		skip "$m: the spill file" "the claims were not spilled here (TMPDIR $TMP/d in memory?)"
		continue
	fi
	is "$m: exit" "$rc" 0
	ok "$m: the same report as with the claims in memory" cmp -s "$TMP/kept.json" "$TMP/$m.json"
	[ $m = none ] || ok "$m: the fault was met" grep -q "^${m%%-*} " "$TMP/log"
done
# where the file system takes O_DIRECT (dd's probe), the file is written past the page cache
rm -f "$TMP/log"
SHIM_MODE=none SHIM_LOG="$TMP/log" LD_PRELOAD="$TMP/shim.so" TMPDIR="$TMP/d" OVERLAPCHECK_SPILL_BYTES=1 \
	"$OC" report "$TMP/pipe.db" > /dev/null 2>&1
if dd if=/dev/zero of="$TMP/d/probe" bs=4096 count=1 oflag=direct 2>/dev/null && [ -s "$TMP/log" ]; then
	ok "O_DIRECT where the file system takes it" grep -qx "write direct" "$TMP/log"
else
	skip "O_DIRECT where the file system takes it" "not taken here, or no spill"
fi
rm -f "$TMP/d/probe"
# a read that fails for good: what was spilled is gone from memory, so the
# analysis fails, with a message that names it, and exits 2. The files are
# read back in this order (src/analysis/analysis.c, path.c): the trace's
# calls, parked while the sweeps and the claims' first pass run; its
# allocation map (the mem rows), parked from the index to the hazard pass;
# the claims and their evidence, parked while the hazard pass runs; then,
# the claims spilled, the calls parked while the graph's edges are made, the
# threads' call end times (their running maximum) parked while the graph is
# built, the ops parked from the edges to the bounds, the event order
# parked while the path is walked, the calls parked while the bounds run,
# the path's steps, and last the claims.
n=0
for what in "its calls" "its allocation map" "its claims" "its calls" "its threads' call end times" "its ops" \
	    "its critical path's event order" "its calls" "its critical path's steps" "its claims"; do
	n=$((n + 1))
	rm -f "$TMP/log"
	SHIM_MODE=read-eio-at SHIM_AT=$n SHIM_LOG="$TMP/log" LD_PRELOAD="$TMP/shim.so" TMPDIR="$TMP/d" \
		OVERLAPCHECK_SPILL_BYTES=1 "$OC" report "$TMP/pipe.db" > /dev/null 2>"$TMP/eio.err"
	rc=$?
	if [ -s "$TMP/log" ]; then
		is "read-eio, file $n: exit" "$rc" 2
		like "read-eio, file $n: the message names $what" "$(cat "$TMP/eio.err")" \
			"cannot analyse trace '.*pipe.db': reading $what back from a temporary file: Input/output error"
	else
		skip "read-eio, file $n" "nothing was spilled here"
	fi
done
is "no spill file left" "$(ls "$TMP/d" | wc -l | tr -d ' ')" 0
done_testing
