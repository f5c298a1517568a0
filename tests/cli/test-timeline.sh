#!/bin/sh
# test-timeline.sh: overlapcheck timeline without a browser: the page is
# self-contained, its data parses and matches the trace, hostile strings stay
# data, and the command's options and errors behave. tests/browser/run.sh
# opens the same pages in Chromium.
. tests/cli/lib.sh
. tests/cli/tl-lib.sh

python3 tests/browser/mktrace.py "$TMP/p.db" >/dev/null
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/h.db" >/dev/null

ok "timeline -o" "$OC" timeline -o "$TMP/p.html" "$TMP/p.db"
fold pipeline python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/p.html" --analysis
ok "timeline --no-analysis" "$OC" timeline --no-analysis -o "$TMP/pn.html" "$TMP/p.db"
fold "no analysis" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pn.html" --no-analysis
ok "timeline of a hostile trace" "$OC" timeline -o "$TMP/h.html" "$TMP/h.db"
fold hostile python3 tests/cli/timeline-check.py "$TMP/h.db" "$TMP/h.html" --analysis --hostile

# Default output: beside the trace, .html for the extension.
mkdir "$TMP/d"
cp "$TMP/p.db" "$TMP/d/run.v1.db"
"$OC" timeline "$TMP/d/run.v1.db" 2>"$TMP/err"
is "default output: exit 0" "$?" 0
ok "default output: TRACE with .html" test -s "$TMP/d/run.v1.html"
like "default output: says where" "$(cat "$TMP/err")" "wrote .*/d/run.v1.html"
ok "-o - writes the page to stdout" sh -c '"$1" timeline -o - "$2" | cmp - "$3"' sh "$OC" "$TMP/p.db" "$TMP/p.html"
ok "no temporary file left" sh -c '! ls "$1"/*.tmp.* 2>/dev/null | grep -q .' sh "$TMP"

# Errors.
"$OC" timeline "$TMP/missing.db" 2>"$TMP/err"
is "missing trace: exit 2" "$?" 2
like "missing trace: names it" "$(cat "$TMP/err")" "cannot open trace '.*missing.db'"
ok "missing trace: no page written" test ! -e "$TMP/missing.html"
"$OC" timeline -o "$TMP/no/such/x.html" "$TMP/p.db" 2>"$TMP/err"
is "unwritable output: exit 2" "$?" 2
"$OC" timeline --bogus "$TMP/p.db" 2>/dev/null
is "unknown option: exit 2" "$?" 2
"$OC" timeline 2>/dev/null
is "no trace: exit 2" "$?" 2
ok "help" sh -c '"$1" help timeline | grep -q "self-contained HTML"' sh "$OC"

done_testing
