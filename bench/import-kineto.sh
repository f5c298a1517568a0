#!/bin/sh
# import-kineto.sh: import a synthetic Kineto trace of about 1 GB (made here,
# bench/gen-kineto.c, never kept) and check that the importer's memory stays
# linear in what it keeps, not in the file's size.
#
#     sh bench/import-kineto.sh [MIB]          (default 1024)
#
# Measures `overlapcheck import` with /usr/bin/time -v: wall time and peak
# resident set size. The bound (docs/import.md): peak RSS <= 64 MiB + 200
# bytes per record kept (GPU events and CUDA API calls), whatever the size
# of the file; it prints both and exits 1 when the bound does not hold.
# Needs about 1.2 x MIB of free disk in TMPDIR (the trace and its import).
# Not part of `make test`: it is a benchmark (about a minute on one core).
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
CC=${CC:-cc}
mib=${1:-1024}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oc-import-bench-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -x "$BUILD/bin/overlapcheck" ] || { echo "import-kineto: build first (make)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "import-kineto: needs /usr/bin/time (GNU time, Debian package time)" >&2; exit 1; }
$CC -std=c11 -O2 -o "$tmp/gen-kineto" bench/gen-kineto.c
"$tmp/gen-kineto" "$mib" > "$tmp/big.json" 2> "$tmp/gen.log"
cat "$tmp/gen.log"
size=$(wc -c < "$tmp/big.json")
kept=$(sed -n 's/.* \([0-9]*\) kept by the importer.*/\1/p' "$tmp/gen.log")
/usr/bin/time -v "$BUILD/bin/overlapcheck" import -q -o "$tmp/big.db" "$tmp/big.json" 2> "$tmp/time.log"
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$tmp/time.log")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): *//p' "$tmp/time.log")
ops=$(sqlite3 "$tmp/big.db" "SELECT count(*) FROM ops" 2>/dev/null || echo "?")
bound_kb=$(( (64 * 1048576 + 200 * kept) / 1024 ))
echo "import-kineto: $size bytes of JSON, $kept records kept ($ops device ops): $wall wall, peak RSS $((rss_kb / 1024)) MiB (bound $((bound_kb / 1024)) MiB: 64 MiB + 200 B per record kept)"
[ "$rss_kb" -le "$bound_kb" ]
