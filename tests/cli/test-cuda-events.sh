#!/bin/sh
# test-cuda-events.sh: CUPTI's CUDA_EVENT records are off by default since
# 2026-12-05 (run --cuda-events=off|record; docs/schema.md "events",
# docs/performance.md): the analysis ties event records, stream waits and
# event syncs through the handles the callbacks read. Every recording made
# with the records gives the same report without them
# (tests/cli/events-reduce.py), and the report says what was not collected.
. tests/cli/lib.sh
python3 tests/cli/events-reduce.py "$OC" tests/fixtures/*.sql tests/fixtures/mem/*.sql \
	tests/fixtures/q/*.sql tests/fixtures/cb/*.sql tests/fixtures/mm/*.sql tests/fixtures/tc/*.sql \
	tests/fixtures/qo/*.sql tests/fixtures/pairs/*.sql \
	tests/corpus/*.sql tests/corpus/mem/*.sql tests/corpus/fw/*.sql > "$TMP/out" 2>&1
add_counts "$TMP/out" $?
is "recordings with CUDA_EVENT records compared" "$([ "$counted" -ge 200 ] && echo yes || echo "only $counted")" yes

# The text report: the passport names the kinds left off, the evidence the
# event's handle in hex.
load_sql "$TMP/e.db" tests/fixtures/qo/hazard_copy_kernel_event.sql
"$OC" report "$TMP/e.db" > "$TMP/full.txt" 2>&1
is "with the records: no 'not collected' line" "$(grep -c 'not collected:' "$TMP/full.txt")" 0
like "with the records: CUPTI's event id" "$(cat "$TMP/full.txt")" "waited for event [0-9]+ recorded in stream"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM events"); c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", ("kinds_off", "CUDA_EVENT")); c.commit()' "$TMP/e.db"
"$OC" report "$TMP/e.db" > "$TMP/cut.txt" 2>&1
like "without: the passport says so" "$(grep 'not collected:' "$TMP/cut.txt")" "^  not collected: CUPTI CUDA_EVENT records \\(CUDA_EVENT: events, waits and event syncs are tied through the handles the calls passed; run --cuda-events=record collects the records\\)$"
like "without: the event's handle" "$(cat "$TMP/cut.txt")" "waited for event 0x[0-9a-f]+ recorded in stream"
n_full=$(grep -c 'decisive event_dependency: stream [0-9]* waited for event' "$TMP/full.txt")
is "with the records: event dependencies said" "$([ "$n_full" -ge 1 ] && echo yes || echo "$n_full")" yes
is "without: as many event dependencies" "$(grep -c 'decisive event_dependency: stream [0-9]* waited for event 0x' "$TMP/cut.txt")" "$n_full"
"$OC" report --format json "$TMP/e.db" > "$TMP/cut.json" 2>&1
is "JSON: the passport's kinds_off" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["passport"]["kinds_off"])' "$TMP/cut.json")" CUDA_EVENT
is "JSON: the evidence says the id is a handle" "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sorted({e["event_id_is"] for c in d["claims"] for e in c.get("evidence", []) if e["cause"] == "event_dependency"}))' "$TMP/cut.json")" "['handle']"
# check says it too, where an event sync names no event (a recording made
# before the callbacks read the syncs' events, its records then removed)
load_sql "$TMP/t.db" tests/corpus/fw/triton_upload_host.sql
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM events"); c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", ("kinds_off", "CUDA_EVENT")); c.commit()' "$TMP/t.db"
"$OC" check --no-hazard "$TMP/t.db" > "$TMP/check.txt" 2>&1
like "check: the warning with its count" "$(tr -s ' \n' '  ' < "$TMP/check.txt")" "warning: recorded without CUPTI's CUDA_EVENT records \\(meta kinds_off\\), and 4 event synchronizations or stream waits carried no event handle in their call's arguments"
done_testing
