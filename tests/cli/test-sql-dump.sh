#!/bin/sh
# test-sql-dump.sh: a SQL text dump (tests/fixtures/*.sql, sqlite3's .dump),
# plain or gzipped, read directly by every command through a temporary trace
# (src/trace/import-sql.c): the same outputs as the loaded trace, every
# fixture; hostile dumps refused with a message naming the problem, exit 2,
# and no file written but the temporary one, which is gone afterwards.
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
ROOT=$(pwd)
FIX=$ROOT/tests/fixtures
GOLD=$ROOT/tests/golden
mkdir -p "$TMP/t" "$TMP/g"
TMPDIR=$TMP/t
export TMPDIR
cd "$TMP/g" || exit 1
NOTE="' is a SQL text dump: read through a temporary overlapcheck trace, deleted afterwards"
# strip FILE: the input note out of FILE
strip() { grep -v "$NOTE" "$1" > "$1.s"; mv "$1.s" "$1"; }
sum() { sha256sum < "$1" | cut -d' ' -f1; }
gsum() { grep "  $1\$" "$GOLD/SHA256SUMS" | cut -d' ' -f1; }

# ---- every fixture read from its dump: the goldens, but for the note -----------
# (text at the goldens' width: tools/golden.sh writes them at 80 columns)
COLUMNS=80
export COLUMNS
# (the dump is copied as NAME.db so that the outputs name the file as
# tools/golden.sh's loaded trace does; the commands are golden.sh's)
for sql in "$FIX"/*.sql; do
	n=$(basename "$sql" .sql)
	cp "$sql" "$n.db"
	for f in txt json md; do
		case $f in txt) fmt=text ;; json) fmt=json ;; md) fmt=markdown ;; esac
		"$OC" report --format $fmt "$n.db" > "$n.$f" 2>&1 || echo "exit $?" >> "$n.$f"
	done
	for f in txt json md; do strip "$n.$f"; done
	if cmp -s "$n.txt" "$GOLD/$n.txt" && cmp -s "$n.json" "$GOLD/$n.json" && cmp -s "$n.md" "$GOLD/$n.md"; then
		is "$n: report from the dump as from the trace (text, json, markdown)" same same
	else
		diff -u "$GOLD/$n.txt" "$n.txt" | head -n 20
		is "$n: report from the dump as from the trace (text, json, markdown)" differs same
	fi
	"$OC" export -o "$n.chrome.json" "$n.db" > /dev/null 2>&1
	"$OC" timeline -o "$n.html" "$n.db" > /dev/null 2>&1
	"$OC" check --format json --min-copy-overlap 0.5 --min-overlapped-claims 0.5 --no-hidden-sync \
		--max-idle 0.2 --forbid-cause pageable_host_memory --max-dropped 0 "$n.db" > "$n.check" 2>&1 ||
		echo "exit $?" >> "$n.check"
	"$OC" info --format json "$n.db" > "$n.info" 2>&1 || echo "exit $?" >> "$n.info"
	strip "$n.check"; strip "$n.info"
	is "$n: export, timeline, check and info from the dump as from the trace" \
		"$(sum "$n.chrome.json") $(sum "$n.html") $(sum "$n.check") $(sum "$n.info")" \
		"$(gsum "$n.export.json") $(gsum "$n.timeline.html") $(gsum "$n.check.json") $(gsum "$n.info.json")"
done
set -- examples_sequential_1.db examples_sequential_2.db examples_sequential_3.db -- \
	examples_pipeline_1.db examples_pipeline_2.db examples_pipeline_3.db
"$OC" compare "$@" > compare.txt 2>&1 || echo "exit $?" >> compare.txt
strip compare.txt
ok "compare from the dumps as from the traces" cmp compare.txt "$GOLD/compare.txt"
err=$("$OC" report copy_only.db 2>&1 >/dev/null)
like "the note names the input and the temporary trace" "$err" \
	"^overlapcheck report: 'copy_only\\.db' is a SQL text dump: read through a temporary overlapcheck trace, deleted afterwards \\(overlapcheck import keeps one\\)$"
is "no temporary trace left behind" "$(ls "$TMP/t")" ""

# ---- other dumps: sqlite3's .dump, gzipped, imported ---------------------------
cd "$TMP" || exit 1
load_sql loaded.db "$FIX/copy_only.sql"
if command -v sqlite3 >/dev/null; then
	# .dump leaves the ids out: as its load into a file reads
	sqlite3 loaded.db .dump > shell.sql
	load_sql shell.db shell.sql
	"$OC" report shell.db > want.txt 2>/dev/null
	"$OC" report shell.sql > got.txt 2>/dev/null
	is "sqlite3's .dump: exit 0" "$?" 0
	sed 1d want.txt > w1; sed 1d got.txt > g1
	ok "sqlite3's .dump: the report of its load, but for its name" cmp w1 g1
else
	skip "sqlite3's .dump: exit 0" "no sqlite3 shell"
	skip "sqlite3's .dump: the report of its load, but for its name" "no sqlite3 shell"
fi
cp "$FIX/copy_only.sql" plain.sql
gzip -c plain.sql > zipped.sql.gz
"$OC" report plain.sql > p.txt 2>/dev/null
"$OC" report zipped.sql.gz > z.txt 2>/dev/null
is "gzipped dump: exit 0" "$?" 0
sed 1d p.txt > p1; sed 1d z.txt > z1
ok "gzipped dump: the plain dump's report" cmp p1 z1
out=$("$OC" import plain.sql 2>&1)
is "import of a dump: exit 0" "$?" 0
like "import of a dump: says what it wrote" "$out" "imported plain\\.sql \\(a SQL text dump, format version 2, written by overlapcheck .*\\) into plain\\.db: pid [0-9]+, [0-9]+ device ops"
ok "import of a dump: a trace info reads" "$OC" info plain.db
is "import of a dump: no second import over it" "$("$OC" import plain.sql >/dev/null 2>&1; echo $?)" 2
head -n 400 "$FIX/copy_only.sql" > cut.sql
err=$("$OC" report cut.sql 2>&1); rc=$?
is "truncated dump: 2" "$rc" 2
like "truncated dump: message" "$err" "cannot open trace 'cut\\.sql' \\(a SQL text dump\\): the dump ends inside (a statement|its transaction).*truncated\\?"

# ---- hostile dumps ------------------------------------------------------------
HEAD='PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE t(x);'
# hostile NAME PATTERN SQL...: every reading command exits 2 naming the problem,
# and no file appears beside the test's (nor in TMPDIR)
hostile() {
	name=$1 pat=$2; shift 2
	printf '%s\n' "$HEAD" "$@" "COMMIT;" > "$name.sql"
	before=$(ls "$TMP" | sort | tr '\n' ' ')
	for cmd in report info check export timeline; do
		case $cmd in export | timeline) o="-o $TMP/$name.out" ;; check) o="--max-idle 1" ;; *) o= ;; esac
		err=$("$OC" $cmd $o "$name.sql" 2>&1); rc=$?
		is "$name: $cmd exits 2" "$rc" 2
		like "$name: $cmd names the problem" "$err" "cannot (open trace|import) '?.*$name\\.sql'?.*$pat"
	done
	err=$("$OC" import "$name.sql" 2>&1); rc=$?
	is "$name: import exits 2" "$rc" 2
	like "$name: import names the problem" "$err" "cannot import '$name\\.sql': .*$pat"
	is "$name: no file created" "$(ls "$TMP" | sort | tr '\n' ' ')" "$before"
	is "$name: no temporary trace left" "$(ls "$TMP/t")" ""
}
hostile attach "line 4: ATTACH refused" "ATTACH DATABASE '$TMP/x' AS y;" "CREATE TABLE y.t(x);"
hostile vacuum "line 5: VACUUM refused" "INSERT INTO t VALUES(1);" "VACUUM INTO '$TMP/v.db';"
hostile loadext "line 4: refused: a call of the function load_extension\\(\\)" \
	"INSERT INTO t VALUES(load_extension('$TMP/evil.so'));"
hostile selectext "line 4: SELECT refused" "SELECT load_extension('$TMP/evil.so');"
hostile writable "line 4: refused: PRAGMA writable_schema" "PRAGMA writable_schema=ON;"
hostile attachfn "line 4: refused: a call of the function" \
	"INSERT INTO t VALUES(randomblob(1000000000));"
hostile view "refused: a call of the function randomblob\\(\\)" \
	"CREATE VIEW v AS SELECT randomblob(1000000000) AS x FROM t;"
hostile slow "the dump takes too long to load" \
	"INSERT INTO t VALUES(1),(2),(3),(4),(5),(6),(7),(8),(9),(10);" \
	"INSERT INTO t SELECT 1 FROM t a, t b, t c, t d, t e, t f, t g, t h, t i, t j;"
hostile nottrace "the dump loads, but not into an overlapcheck trace \\(no application id, and no table '[a-z_]+' of a trace\\)" \
	"INSERT INTO t VALUES(1);"
ok "ATTACH: the file it named was never made" test ! -e "$TMP/x"
ok "VACUUM INTO: the file it named was never made" test ! -e "$TMP/v.db"
# one too big to read: a sparse file over the limit
printf '%s\n' "$HEAD" > huge.sql
if truncate -s 1100M huge.sql 2>/dev/null; then
	err=$("$OC" report huge.sql 2>&1); rc=$?
	is "huge: report exits 2" "$rc" 2
	like "huge: names the size" "$err" "cannot open trace 'huge\\.sql' \\(a SQL text dump\\): the dump is 1100 MiB, over the 1024 MiB of SQL text read"
	err=$("$OC" info huge.sql 2>&1); rc=$?
	is "huge: info exits 2" "$rc" 2
	is "huge: no temporary trace left" "$(ls "$TMP/t")" ""
	rm -f huge.sql
else
	skip "huge: report exits 2" "no truncate"
	skip "huge: names the size" "no truncate"
	skip "huge: info exits 2" "no truncate"
	skip "huge: no temporary trace left" "no truncate"
fi
# a dump of an Nsight Systems export reads as the export does (imported)
load_sql "$TMP/nsys.sqlite" "$ROOT/tests/import/nvtx_range.nsys.sql"
"$OC" report --format json "$TMP/nsys.sqlite" > "$TMP/nsys.fromdb" 2>/dev/null
"$OC" report --format json "$ROOT/tests/import/nvtx_range.nsys.sql" > "$TMP/nsys.fromsql" 2>"$TMP/nsys.err"
is "an Nsight Systems export's dump: exit 0" "$?" 0
is "an Nsight Systems export's dump: the export's report" \
	"$(grep -Ev '"(trace|import.source)"' "$TMP/nsys.fromsql" | md5sum)" "$(grep -Ev '"(trace|import.source)"' "$TMP/nsys.fromdb" | md5sum)"
is "an Nsight Systems export's dump: no temporary file left" "$(ls "${TMPDIR:-/tmp}" | grep -c '^overlapcheck-import-.*nsys-export')" 0
done_testing
