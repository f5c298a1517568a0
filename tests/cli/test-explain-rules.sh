#!/bin/sh
# test-explain-rules.sh: the explanation rules of docs/causes.md
# (tests/fixtures/explain-rules.py) hold on every recorded fixture, and the
# checker catches each rule broken: on reports written by the build of
# 2026-12-01, before these rules (tests/fixtures/before-explain/*.json),
# it finds stale partners, stale host blocks, module loading blamed on
# launches, and gaps blamed on a sync that covered little of them; on
# legacy_mixed's report by the build of commit c3dc80b (legacy_mixed.json),
# a gap blamed on a sync that began after its next op was already queued;
# on copy_only's report by the build of commit adb95ec, a short sync kept
# decisive where the host's own lateness after it was longer (E8).
. tests/cli/lib.sh
CHK=tests/fixtures/explain-rules.py
out=$(python3 "$CHK" --cli "$OC" 2>&1); rc=$?
is "every fixture: exit 0" "$rc" 0
like "every fixture: none failed" "$out" 'explain-rules: [0-9]+ passed, 0 failed'
[ "$rc" -eq 0 ] || printf '%s\n' "$out" | head -n 30

before() { # NAME RULE...: the old report of NAME breaks each RULE
	name=$1; shift
	out=$(python3 "$CHK" --json "tests/fixtures/before-explain/$name.json" --sql "tests/fixtures/$name.sql" 2>&1)
	rc=$?
	is "before, $name: exit 1" "$rc" 1
	for rule in "$@"; do
		like "before, $name: '$rule' broken" "$out" "  $name.sql: $rule: "
	done
}
before pageable_pipeline adjacent fresh module late
# copy_only.json: by the build of commit adb95ec (2026-12-03), before the
# rules E3 and E8: a 0.7 ms sync decisive where the host then took 10 ms
before copy_only dominant
before host_sync adjacent coverage
before sm_saturation adjacent coverage fresh
before legacy_mixed coverage
done_testing
