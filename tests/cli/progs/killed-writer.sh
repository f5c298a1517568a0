#!/bin/sh
# killed-writer.sh: leave the trace as a tracer killed mid-run would: WAL
# mode, tracer_status 'running', one kernel that exists only in the -wal file
# (the writer dies by SIGKILL before it can checkpoint); then die by SIGKILL.
sqlite3 "$OVERLAPCHECK_OUTPUT" <<'SQL' >/dev/null
PRAGMA journal_mode=WAL;
UPDATE meta SET value = 'running' WHERE key = 'tracer_status';
INSERT INTO strings(id, value) VALUES (1, '_Z6kernelPf');
INSERT INTO op_shapes(id, name_id) VALUES (1, 1);
INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id, correlation_id, shape_id)
  VALUES (1, 1000, 1000, 0, 1, 7, 1, 1);
.shell kill -KILL $PPID
SQL
[ -s "$OVERLAPCHECK_OUTPUT-wal" ] && : > "$OVERLAPCHECK_OUTPUT.had-wal"
kill -KILL $$
