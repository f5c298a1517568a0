#!/bin/sh
# test-wrap.sh: text for people wraps at the terminal's width, 80 columns
# off a terminal ($COLUMNS when set): no line is longer unless it is one
# word, nothing is lost or reordered (the words are those of the unwrapped
# text), continuation lines are indented past their line, and JSON and
# Markdown never wrap (src/report/wrap.c, src/cli/cmd-util.c).
. tests/cli/lib.sh
for f in pageable_pipeline multithread_kernels late_cpu mem/hazard_copy_kernel; do
	n=$(basename "$f")
	load_sql "$TMP/$n.db" "tests/fixtures/$f.sql"
done
cp tests/corpus/kineto/torch_small.kineto.json.gz "$TMP/torch_small.kineto.json.gz"
# longest NAME FILE WIDTH: no line over WIDTH columns but single words and
# a table's rows (two runs of aligning spaces), which keep their columns
longest() {
	ok "$1: no line over $3 columns but one word or a table row" python3 -c '
import sys
w = int(sys.argv[2])
import re
bad = [l for l in open(sys.argv[1], encoding="utf-8").read().split("\n")
       if len(l) > w and " " in l.strip() and len(re.findall(r"\S  +(?=\S)", l.strip())) < 2]
print("\n".join(bad[:3]))
sys.exit(1 if bad else 0)' "$2" "$3"
}
# same_words NAME A B: A and B hold the same words in the same order
same_words() {
	is "$1: the same words as unwrapped" "$(tr -s ' \n' '  ' < "$2" | md5sum)" "$(tr -s ' \n' '  ' < "$3" | md5sum)"
}
for t in pageable_pipeline multithread_kernels late_cpu hazard_copy_kernel torch_small.kineto.json.gz; do
	db=$TMP/$t; [ -f "$db" ] || db=$TMP/$t.db
	COLUMNS=80 "$OC" report "$db" > "$TMP/$t.80" 2>/dev/null
	COLUMNS=4000 "$OC" report "$db" > "$TMP/$t.wide" 2>/dev/null
	env -u COLUMNS "$OC" report "$db" > "$TMP/$t.none" 2>/dev/null
	COLUMNS=50 "$OC" report "$db" > "$TMP/$t.50" 2>/dev/null
	longest "report $t at 80" "$TMP/$t.80" 80
	longest "report $t at 50" "$TMP/$t.50" 50
	is "report $t: off a terminal without COLUMNS, 80" "$(md5sum < "$TMP/$t.none")" "$(md5sum < "$TMP/$t.80")"
	same_words "report $t at 80" "$TMP/$t.80" "$TMP/$t.wide"
	same_words "report $t at 50" "$TMP/$t.50" "$TMP/$t.wide"
done
# the check itself fails on unwrapped text
cp "$TMP/pageable_pipeline.wide" "$TMP/wide.txt"
out=$(BUILD=$BUILD sh -c '. tests/cli/lib.sh; '"$(sed -n '/^longest() {/,/^}/p' "$0")"'; longest x "$1" 80; done_testing' sh "$TMP/wide.txt" 2>&1)
like "the width check catches an unwrapped report" "$out" '^not ok - x: no line over 80'
# a continuation is indented four past its line: the advice of a serialized claim
like "continuation: indented past 'advice:'" "$(cat "$TMP/pageable_pipeline.80")" \
	'^        advice: .*
            [a-z]'
# check and compare wrap their text too; JSON and Markdown never
COLUMNS=80 "$OC" check --min-copy-overlap 0.9 --forbid-cause pageable_host_memory "$TMP/pageable_pipeline.db" > "$TMP/check.80"
COLUMNS=4000 "$OC" check --min-copy-overlap 0.9 --forbid-cause pageable_host_memory "$TMP/pageable_pipeline.db" > "$TMP/check.wide"
longest "check at 80" "$TMP/check.80" 80
same_words "check at 80" "$TMP/check.80" "$TMP/check.wide"
for fmt in json markdown; do
	is "report --format $fmt: COLUMNS changes nothing" \
		"$(COLUMNS=40 "$OC" report --format $fmt "$TMP/pageable_pipeline.db" | md5sum)" \
		"$(COLUMNS=4000 "$OC" report --format $fmt "$TMP/pageable_pipeline.db" | md5sum)"
done
is "a bad COLUMNS: 80" "$(COLUMNS=abc "$OC" report "$TMP/late_cpu.db" | md5sum)" "$(md5sum < "$TMP/late_cpu.80")"
done_testing
