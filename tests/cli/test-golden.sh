#!/bin/sh
# test-golden.sh: every fixture's outputs (report text, JSON and Markdown
# verbatim; export, timeline, check, info, the v1 recordings and compare as
# SHA-256 sums) are what tests/golden/ holds. A change that is meant to change
# an output refreshes them with `sh tools/golden.sh --update`, and the diff of
# tests/golden/ shows what changed.
. tests/cli/lib.sh
sh tools/golden.sh "$TMP/out" > "$TMP/log" 2>&1
is "golden.sh ran" "$?" 0
for want in tests/golden/*.txt tests/golden/*.json tests/golden/*.md; do
	f=$(basename "$want")
	if cmp -s "$want" "$TMP/out/$f"; then
		is "golden: $f" same same
	else
		diff -u "$want" "$TMP/out/$f" | head -n 40
		is "golden: $f" differs same
	fi
done
# one check per summed output
while read -r sum name; do
	got=$(grep "  $name\$" "$TMP/out/SHA256SUMS" | cut -d' ' -f1)
	is "golden sum: $name" "$got" "$sum"
done < tests/golden/SHA256SUMS
is "golden: as many sums" "$(wc -l < "$TMP/out/SHA256SUMS")" "$(wc -l < tests/golden/SHA256SUMS)"
is "golden: as many files" "$(ls "$TMP/out" | wc -l)" "$(ls tests/golden | wc -l)"
done_testing
