#!/bin/sh
# test-claims.sh: `report --format json --claims all|serialized|none` and the
# default's cap of 10000 claims (docs/report-json.md, "Which claims are
# listed"), on traces from tools/gen-trace below and above the cap; each
# report held against the same trace's --claims=all by claims-check.py.
. tests/cli/lib.sh
GEN=$BUILD/bin/gen-trace
CHK=tests/cli/claims-check.py

# claims NAME ALL.json MODE.json MODE: the checker's verdict, its lines shown
claims() {
	if out=$(python3 "$CHK" "$2" "$3" "$4" 2>&1); then
		_ok=$((_ok + 1)); echo "ok - $1"
	else
		_nok=$((_nok + 1)); echo "not ok - $1"
	fi
	printf '%s\n' "$out" | sed 's/^/# /'
}
# json DB OUT ARGS...: report --format json ARGS DB > OUT, its stderr in OUT.err
json() {
	db=$1 o=$2; shift 2
	"$OC" report --format json "$@" "$db" >"$o" 2>"$o.err"
}
nclaims() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["claims_in_trace"])' "$1"; }

# Below the cap: 3000 ops over 4 streams.
"$GEN" 3000 "$TMP/small.db" >/dev/null
json "$TMP/small.db" "$TMP/s-all.json" --claims=all
is "small: --claims=all exit 0" "$?" 0
is "small: under the cap" "$(nclaims "$TMP/s-all.json")" 3000
json "$TMP/small.db" "$TMP/s-def.json"
ok "small: the default is --claims=all's report, byte for byte" cmp "$TMP/s-all.json" "$TMP/s-def.json"
is "small: no warning" "$(cat "$TMP/s-def.json.err")" ""
for m in all serialized none; do
	json "$TMP/small.db" "$TMP/s-$m.json" --claims $m
	claims "small: --claims $m" "$TMP/s-all.json" "$TMP/s-$m.json" $m
done
claims "small: default" "$TMP/s-all.json" "$TMP/s-def.json" default

# Exactly the cap: still every claim, byte for byte as --claims=all.
"$GEN" 10000 "$TMP/cap.db" --streams 1 >/dev/null
json "$TMP/cap.db" "$TMP/c-all.json" --claims=all
is "at the cap: 10000 claims" "$(nclaims "$TMP/c-all.json")" 10000
json "$TMP/cap.db" "$TMP/c-def.json"
ok "at the cap: the default is --claims=all's report, byte for byte" cmp "$TMP/c-all.json" "$TMP/c-def.json"
is "at the cap: no warning" "$(cat "$TMP/c-def.json.err")" ""

# Above the cap, every claim serialized: one stream (12000 same-stream claims),
# so the default cuts the serialized list at 10000.
"$GEN" 12000 "$TMP/one.db" --streams 1 >/dev/null
json "$TMP/one.db" "$TMP/o-all.json" --claims all
is "one stream: above the cap" "$(nclaims "$TMP/o-all.json")" 12000
json "$TMP/one.db" "$TMP/o-def.json"
is "one stream: default exit 0" "$?" 0
claims "one stream: default lists the first 10000 serialized" "$TMP/o-all.json" "$TMP/o-def.json" default
like "one stream: default warns on stderr" "$(cat "$TMP/o-def.json.err")" \
	"^overlapcheck report: warning: 12000 claims, more than 10000: .*--claims=all lists every claim"
for m in serialized none; do
	json "$TMP/one.db" "$TMP/o-$m.json" --claims=$m
	claims "one stream: --claims=$m" "$TMP/o-all.json" "$TMP/o-$m.json" $m
	is "one stream: --claims=$m says nothing on stderr" "$(cat "$TMP/o-$m.json.err")" ""
done
is "one stream: --claims=all says nothing on stderr" "$(cat "$TMP/o-all.json.err")" ""

# Above the cap with fewer serialized claims than the cap: 4 streams.
"$GEN" 10500 "$TMP/four.db" >/dev/null
json "$TMP/four.db" "$TMP/f-all.json" --claims=all
json "$TMP/four.db" "$TMP/f-def.json"
claims "four streams: default lists every serialized claim" "$TMP/f-all.json" "$TMP/f-def.json" default
ok "four streams: fewer serialized than the cap, some overlapped" python3 -c '
import json, sys; r = json.load(open(sys.argv[1])); o = r["claims_omitted"]
sys.exit(not (0 < o["listed"] == o["serialized"] < 10000 and o["omitted"] > 500))' "$TMP/f-def.json"

# The other long lists (docs/report-json.md, "The other long lists"): one
# stream syncs every 24 ops, so 250000 ops give more than 10000 explicit syncs.
LCHK=tests/cli/lists-check.py
"$GEN" 250000 "$TMP/syncs.db" --streams 1 >/dev/null
json "$TMP/syncs.db" "$TMP/l-all.json" --claims=none --lists=all
is "many syncs: --lists=all exit 0" "$?" 0
is "many syncs: --lists=all says nothing on stderr" "$(cat "$TMP/l-all.json.err")" ""
ok "many syncs: more than 10000 explicit syncs" python3 -c '
import json, sys; sys.exit(len(json.load(open(sys.argv[1]))["explicit_syncs"]) <= 10000)' "$TMP/l-all.json"
json "$TMP/syncs.db" "$TMP/l-def.json" --claims=none
if out=$(python3 "$LCHK" "$TMP/l-all.json" "$TMP/l-def.json" 2>&1); then
	_ok=$((_ok + 1)); echo "ok - many syncs: the default caps the long lists"
else
	_nok=$((_nok + 1)); echo "not ok - many syncs: the default caps the long lists"
fi
printf '%s\n' "$out" | sed 's/^/# /'
like "many syncs: the default warns on stderr" "$(cat "$TMP/l-def.json.err")" \
	"^overlapcheck report: warning: explicit_syncs \\([0-9]+\\), gaps \\([0-9]+\\): more than 10000 entries, .*--lists=all lists every one"
json "$TMP/syncs.db" "$TMP/l-cap.json" --claims=none --lists capped
ok "many syncs: --lists capped is the default" cmp "$TMP/l-def.json" "$TMP/l-cap.json"
json "$TMP/small.db" "$TMP/s-lall.json" --lists=all
ok "small: --lists=all is the default's report, byte for byte" cmp "$TMP/s-lall.json" "$TMP/s-def.json"
"$OC" report --format json --lists=most "$TMP/small.db" >"$TMP/out" 2>"$TMP/err"
is "--lists=most: exit 2" "$?" 2
like "--lists=most: says why" "$(cat "$TMP/err")" "invalid value 'most' for --lists: expected capped or all"
is "--lists=most: no output" "$(wc -c <"$TMP/out")" 0
"$OC" report --lists=all "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--lists with text: exit 2" "$?" 2
like "--lists with text: says why" "$(cat "$TMP/err")" "--lists .*needs --format json"
"$OC" report --ranks --format json --lists=all "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--lists with --ranks: exit 2" "$?" 2
like "help names --lists" "$("$OC" report --help)" "--lists CHOICE +with --format json only: capped"

# Bad input: exit 2 with a message naming the problem, nothing on stdout.
"$OC" report --format json --claims=foo "$TMP/small.db" >"$TMP/out" 2>"$TMP/err"
is "--claims=foo: exit 2" "$?" 2
like "--claims=foo: says why" "$(cat "$TMP/err")" "invalid value 'foo' for --claims: expected all, serialized or none"
is "--claims=foo: no output" "$(wc -c <"$TMP/out")" 0
"$OC" report --format json --claims= "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--claims=: exit 2" "$?" 2
"$OC" report --format json "$TMP/small.db" --claims >/dev/null 2>"$TMP/err"
is "--claims without a value: exit 2" "$?" 2
like "--claims without a value: says so" "$(cat "$TMP/err")" "option '--claims' needs a value"
"$OC" report --claims=none "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--claims with text: exit 2" "$?" 2
like "--claims with text: says why" "$(cat "$TMP/err")" "--claims .*needs --format json"
"$OC" report --format markdown --claims=all "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--claims with markdown: exit 2" "$?" 2
"$OC" report --ranks --format json --claims=all "$TMP/small.db" >/dev/null 2>"$TMP/err"
is "--claims with --ranks: exit 2" "$?" 2
like "--claims with --ranks: says why" "$(cat "$TMP/err")" "without --ranks"
like "help names --claims" "$("$OC" report --help)" "--claims LIST +with --format json only: all, serialized or none"
done_testing
