#!/bin/sh
# test-export-perfetto.sh: overlapcheck export --format perfetto-proto, decoded
# by perfetto-check.py (an independent protobuf decoder, Perfetto's field
# numbers) and held slice by slice against the Chrome export of the same trace
# with the same options, which test-export.sh checks against the trace.
. tests/cli/lib.sh

. tests/cli/tl-lib.sh
CHK=tests/cli/perfetto-check.py

# both NAME DB [OPTIONS...]: both exports of DB with OPTIONS, then the check
both() {
	label=$1 db=$2; shift 2
	ok "$label: export --format perfetto-proto" "$OC" export --format perfetto-proto "$@" -o "$TMP/x.pf" "$db"
	ok "$label: export (JSON)" "$OC" export "$@" -o "$TMP/x.json" "$db"
	mode=--analysis narrowed=
	case " $* " in *" --no-analysis "*) mode=--no-analysis ;; esac
	case " $* " in *" --device "*|*" --range "*) narrowed=--narrowed ;; esac
	fold "$label" python3 "$CHK" "$db" "$TMP/x.pf" "$TMP/x.json" $mode $narrowed
}

python3 tests/browser/mktrace.py "$TMP/p.db" >/dev/null
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/h.db" >/dev/null
both pipeline "$TMP/p.db"
both "no analysis" "$TMP/p.db" --no-analysis
both hostile "$TMP/h.db"
both "--device 1" "$TMP/p.db" --device 1
both "--range chunk 1" "$TMP/p.db" --range "chunk 1"
both "--gap-threshold 1s" "$TMP/p.db" --gap-threshold 1s

# A driver call that starts with its runtime twin and outlasts it: the two
# start together, the shorter one first in the trace; the writer must put
# the longer first, or trace_processor nests them the wrong way round.
cp "$TMP/p.db" "$TMP/eq.db"
sqlite3 "$TMP/eq.db" "
CREATE TEMP TABLE pair AS SELECT d.id AS did, r.id AS rid, r.start_ns AS s, r.dur_ns AS dur
  FROM api d JOIN api r ON r.tid = d.tid AND r.id < d.id AND r.start_ns < d.start_ns
  AND r.start_ns + r.dur_ns >= d.start_ns + d.dur_ns AND d.id & 4 AND NOT r.id & 4;
UPDATE api SET start_ns = (SELECT s FROM pair WHERE did = api.id),
  dur_ns = (SELECT dur FROM pair WHERE did = api.id) WHERE id IN (SELECT did FROM pair);
UPDATE api SET dur_ns = dur_ns - 1000 WHERE id IN (SELECT rid FROM pair);"
ok "equal starts: the trace has calls that start together" test \
	"$(sqlite3 "$TMP/eq.db" 'SELECT count(*) FROM api a JOIN api b ON a.start_ns = b.start_ns AND a.id < b.id AND a.tid = b.tid AND a.dur_ns < b.dur_ns')" -gt 0
both "equal starts" "$TMP/eq.db"

# Every recorded fixture, hazards (tests/fixtures/mem) included, in one process.
fold fixtures python3 "$CHK" --fixtures "$OC" tests/fixtures/*.sql tests/fixtures/mem/*.sql

"$OC" export --format perfetto-proto -o "$TMP/p1.pf" "$TMP/p.db"
"$OC" export --format perfetto-proto "$TMP/p.db" > "$TMP/p2.pf"
ok "stdout and -o write the same bytes" cmp "$TMP/p1.pf" "$TMP/p2.pf"

# Smaller than the JSON: a 3000-op synthetic trace, at least 3 times.
"$BUILD/bin/gen-trace" 3000 "$TMP/g.db" >/dev/null
"$OC" export --format perfetto-proto -o "$TMP/g.pf" "$TMP/g.db"
"$OC" export -o "$TMP/g.json" "$TMP/g.db"
fold "gen-trace 3000" python3 "$CHK" "$TMP/g.db" "$TMP/g.pf" "$TMP/g.json" --analysis
pf=$(wc -c < "$TMP/g.pf") js=$(wc -c < "$TMP/g.json")
ok "3 times smaller than the JSON or more ($pf bytes against $js)" test $((pf * 3)) -le "$js"

# An empty trace: the tracks of the host alone, no event.
sqlite3 "$TMP/e.db" < schema/trace.sql
sqlite3 "$TMP/e.db" "INSERT INTO meta VALUES ('trace_start_ns', '1000')"
both "empty trace" "$TMP/e.db"

# Binary output is not written to a terminal.
python3 - "$OC" "$TMP/p.db" > "$TMP/tty.out" <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "export", "--format", "perfetto-proto", sys.argv[2]])
out = b""
while True:
    try:
        b = os.read(fd, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
_, st = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(st))
print(out.decode("utf-8", "replace"))
EOF
is "to a terminal: exit 2" "$(head -n 1 "$TMP/tty.out")" 2
like "to a terminal: says why" "$(cat "$TMP/tty.out")" "perfetto-proto is binary: not written to a terminal"

"$OC" export --format protobuf "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "unknown format: exit 2" "$?" 2
like "unknown format: names the formats" "$(cat "$TMP/err")" "unknown format 'protobuf' \(perfetto, chrome, perfetto-proto\)"
"$OC" export --format perfetto-proto -o "$TMP/no/such/dir/x.pf" "$TMP/p.db" 2>"$TMP/err"
is "unwritable output: exit 2" "$?" 2
ok "help names perfetto-proto" sh -c '"$1" help export | grep -q "perfetto-proto: the same in Perfetto"' sh "$OC"
done_testing
